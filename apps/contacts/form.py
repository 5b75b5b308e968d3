"""The create / edit form: text fields, phone type menus, the labels dialog and Save.

The form's values live in the activity's UI state under the field keys below; opening the form
fills them (empty for a new contact, the contact's values for an edit), so Back discards them.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

from mobilegym_env.kernel.providers import PHONE_TYPES, valid_birthday
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    button,
    checkbox,
    col,
    date_picker,
    dialog,
    empty_state,
    icon,
    icon_button,
    outlined,
    popup_menu,
    retained,
    row,
    scaffold,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import LABELS, PHONE_TYPE_NAMES, URI, birthday_text, get_contact

# (field key, icon, hint); the key is also the provider column and the field's UI-tree id
FIELDS = (
    ("name", "user", "Name"),
    ("phone", "phone", "Phone"),
    ("phone2", "phone", "Phone 2"),
    ("email", "envelope", "Email"),
    ("company", "building", "Company"),
    ("job_title", "briefcase", "Job title"),
    ("address", "location-dot", "Address"),
    ("note", "note-sticky", "Note"),
)
TYPE_KEYS = ("phone_type", "phone2_type")
FORM_LABELS = "form_labels"
# Each opening of the form gets a number, carried in its route (``?form=3``): a form route that
# was not opened through the app (so never filled) cannot save stale or empty values.
FORM_SEQ = "form_seq"


def _fill(ctx: ScreenContext, c: dict[str, Any] | None) -> None:
    for key in (*(f[0] for f in FIELDS), "birthday"):
        ctx.set_value(key, str((c or {}).get(key) or ""))
    ctx.set_value("phone_type", (c or {}).get("phone_type") or "mobile")
    ctx.set_value("phone2_type", (c or {}).get("phone2_type") or "work")
    ctx.ui[FORM_LABELS] = list((c or {}).get("labels") or [])
    ctx.ui[FORM_SEQ] = seq = int(ctx.ui.get(FORM_SEQ, 0)) + 1
    ctx.push(f"/edit/{c['id']}?form={seq}" if c else f"/new?form={seq}")


def open_new(ctx: ScreenContext) -> None:
    """Opens an empty form for a new contact."""
    _fill(ctx, None)


def open_edit(ctx: ScreenContext, contact_id: int) -> None:
    """Opens the form filled with a contact's current values."""
    c = get_contact(ctx, contact_id)
    if c is None:
        ctx.toast("Contact not found")
        return
    _fill(ctx, c)


def new(ctx: ScreenContext) -> View:
    return _form(ctx, "Create contact", None)


def edit(ctx: ScreenContext) -> View:
    c = get_contact(ctx, ctx.params.get("id", ""))
    if c is None:
        return scaffold(empty_state("circle-exclamation", "Contact not found"),
                        top_bar=top_app_bar("Edit contact", Call("back")))
    return _form(ctx, "Edit contact", c["id"])


_bar_button = retained(button, maxsize=8)  # Save, retained so the form's bar is too


def _form(ctx: ScreenContext, title: str, contact_id: int | None) -> View:
    save = _bar_button("Save", Call(_save, contact_id), id="save", h=36)
    rows: list[View] = [
        row(stack(icon("camera", 28, T.ON_PRIMARY_CONTAINER, gravity="center"), w=96, h=96,
                  radius=48, bg=T.PRIMARY_CONTAINER), justify="center", w=FILL, pad=(0, 8, 0, 8))]
    for key, icon_name, hint in FIELDS:
        type_key = f"{key}_type"
        kind = _type_button(ctx, type_key) if type_key in TYPE_KEYS else None
        rows.append(_labelled(ctx, key, hint, icon_name, ctx.field(key, hint, id=key, w=FILL),
                              kind))
        if key == "address":  # Google Contacts' order: the birthday follows the address
            rows.append(_birthday_row(ctx))
    chosen = ctx.ui.get(FORM_LABELS) or []
    rows.append(row(icon("tag", 18, T.TEXT_SECONDARY),
                    button(", ".join(chosen) if chosen else "Add labels",
                           functools.partial(ctx.open_dialog, "labels"), "outlined",
                           id="edit_labels", icon="plus" if not chosen else None),
                    gap=12))
    body = ctx.scroll(col(*rows, pad=(16, 8, 16, 24), gap=10), id="form", bg=T.SURFACE)
    return scaffold(body, top_bar=top_app_bar(title, Call("back"), [save]), bg=T.SURFACE,
                    overlay=_overlay(ctx))


def _labelled(ctx: ScreenContext, key: str, hint: str, icon_name: str, field: View,
              extra: View | None = None) -> View:
    """A form row: the field's icon, the field (its hint floats onto its outline once it is
    filled, as in Google Contacts) and an optional trailing control."""
    return row(icon(icon_name, 18, T.TEXT_SECONDARY, h=48), field, extra, gap=12, align="end")


def _birthday_row(ctx: ScreenContext) -> View:
    """The birthday is picked with the date picker, not typed; ✕ removes it."""
    value = ctx.value("birthday")
    shown = birthday_text(value) if value else None
    box = row(text(shown or "Birthday", 15, color=T.TEXT if shown else T.TEXT_HINT, role=None),
              w=FILL, h=48, radius=4, border=(T.OUTLINE, 1), pad=(16, 0), role="button",
              text=shown or "Birthday", id="birthday",
              on_tap=functools.partial(_open_birthday, ctx))
    clear = icon_button("circle-xmark", functools.partial(ctx.set_value, "birthday", ""),
                        "Remove birthday", T.TEXT_SECONDARY, size=16, id="birthday:clear",
                        h=48) if value else None
    return _labelled(ctx, "birthday", "Birthday", "cake-candles",
                     outlined(box, "Birthday" if shown else None), clear)


def _open_birthday(ctx: ScreenContext) -> None:
    for stale in [k for k in ctx.ui if str(k).startswith("birthday_picker.")]:
        del ctx.ui[stale]  # a picker left with Back reopens fresh, as a new dialog does
    ctx.open_dialog("birthday")


def _birthday_start(ctx: ScreenContext) -> datetime.date:
    """Where the picker opens: the birthday (this year for one without a year), else today."""
    value, today = ctx.value("birthday"), ctx.now().date()
    if not value:
        return today
    parts = [int(p) for p in value.split("-")]
    year = parts[0] if len(parts) == 3 else today.year
    try:
        return datetime.date(year, parts[-2], parts[-1])
    except ValueError:  # Feb 29 of a year without one
        return datetime.date(year, 3, 1)


def _set_birthday(ctx: ScreenContext, date: datetime.date) -> None:
    ctx.set_value("birthday", date.isoformat())


def _type_button(ctx: ScreenContext, type_key: str) -> View:
    label = PHONE_TYPE_NAMES.get(ctx.value(type_key), "Mobile")
    return row(text(label, 14, "medium", T.TEXT, role=None),
               icon("caret-down", 12, T.TEXT_SECONDARY), w=88, h=48, pad=(12, 0), gap=4,
               radius=4, border=(T.OUTLINE, 1), role="button", text=label, id=type_key,
               on_tap=functools.partial(ctx.open_dialog, type_key))


def _overlay(ctx: ScreenContext) -> View | None:
    kind = ctx.query.get("dialog")
    if kind in TYPE_KEYS:
        return popup_menu([(PHONE_TYPE_NAMES[t], functools.partial(_set_type, ctx, kind, t),
                            f"{kind}:{t}") for t in PHONE_TYPES],
                          on_dismiss=ctx.close_dialog, id=f"{kind}_menu", anchor="center")
    if kind == "birthday":
        return date_picker(ctx, "birthday_picker", _birthday_start(ctx),
                           functools.partial(_set_birthday, ctx), title="Birthday")
    if kind == "labels":
        chosen = ctx.ui.get(FORM_LABELS) or []
        names = list(LABELS) + [x for x in chosen if x not in LABELS]
        options = col(*[
            row(checkbox(name in chosen, None), text(name, 15, color=T.TEXT, role=None),
                h=44, gap=16, on_tap=functools.partial(_toggle_label, ctx, name),
                role="checkbox", checked=name in chosen, text=name, id=f"label_check:{name}")
            for name in names], gap=0)
        return dialog("Labels", options, [("Done", ctx.close_dialog, "labels_done")],
                      on_dismiss=ctx.close_dialog, id="labels_dialog")
    return None


def _set_type(ctx: ScreenContext, type_key: str, kind: str) -> None:
    ctx.set_value(type_key, kind)
    ctx.close_dialog()


def _toggle_label(ctx: ScreenContext, name: str) -> None:
    chosen = ctx.ui.setdefault(FORM_LABELS, [])
    if name in chosen:
        chosen.remove(name)
    else:
        chosen.append(name)


def _values(ctx: ScreenContext) -> dict[str, Any]:
    """The form as provider values: empty optional fields are None, labels in list order."""
    values: dict[str, Any] = {key: ctx.value(key).strip() or None
                              for key in (*(f[0] for f in FIELDS), "birthday")}
    values["name"] = values["name"] or ""
    values["phone"] = values["phone"] or ""
    for key in TYPE_KEYS:
        kind = ctx.value(key)
        values[key] = kind if kind in PHONE_TYPES else "mobile"
    chosen = ctx.ui.get(FORM_LABELS) or []
    order = list(LABELS) + sorted(x for x in chosen if x not in LABELS)
    values["labels"] = [x for x in order if x in chosen]
    return values


def _save(ctx: ScreenContext, contact_id: int | None) -> None:
    values = _values(ctx)
    if not values["name"]:
        ctx.toast("Add a name to save this contact")
        return
    if values["birthday"] and not valid_birthday(values["birthday"]):
        ctx.toast("That birthday is not a date")
        return
    if ctx.query.get("form") != str(ctx.ui.get(FORM_SEQ)):
        ctx.pop()  # a form that was never filled for this contact saves nothing
        return
    ctx.os.keyboard.hide()
    if contact_id is None:
        new_id = ctx.os.providers.insert(URI, values)
        ctx.replace(f"/contact/{new_id}")
        ctx.toast("Contact saved")
        return
    c = get_contact(ctx, contact_id)
    if c is None:
        ctx.toast("Contact not found")
        ctx.pop()
        return
    changes = {k: v for k, v in values.items() if c.get(k) != v}
    if not values["phone2"] and not c.get("phone2"):
        changes.pop("phone2_type", None)  # the type of a number that isn't there is moot
    if set(values["labels"]) == set(c.get("labels") or ()):
        changes.pop("labels", None)  # same labels in another order are no change
    if changes:
        ctx.os.providers.update(f"{URI}/{contact_id}", changes)
        ctx.toast("Contact saved")
    ctx.pop()
