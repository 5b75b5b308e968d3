"""Contacts' screens: the list, a contact, the create form and the ACTION_PICK picker.

All data lives in the shared contacts provider (``content://contacts``); the app keeps no copy.
"""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    avatar,
    button,
    card,
    col,
    dialog,
    divider,
    empty_state,
    fab,
    icon,
    icon_button,
    list_item,
    row,
    scaffold,
    section_header,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

URI = "content://contacts"
AVATAR_COLORS = ("#1A73E8", "#0B8043", "#C5221F", "#E37400", "#9334E6", "#007B83", "#B80672",
                 "#5F6368")
STAR_ON = "#F9AB00"
FORM_KEYS = ("name", "phone", "email")


def avatar_color(contact_id: Any) -> str:
    """A stable avatar colour per contact id."""
    try:
        return AVATAR_COLORS[int(contact_id) % len(AVATAR_COLORS)]
    except (TypeError, ValueError):
        return AVATAR_COLORS[-1]


def _all(ctx: ScreenContext) -> list[dict[str, Any]]:
    rows = ctx.os.providers.query(URI)
    return sorted(rows, key=lambda c: ((c.get("name") or "").casefold(), c["id"]))


def _get(ctx: ScreenContext, raw_id: str) -> dict[str, Any] | None:
    if not raw_id.isdigit():
        return None
    rows = ctx.os.providers.query(f"{URI}/{int(raw_id)}")
    return rows[0] if rows else None


def _matching(ctx: ScreenContext, query: str) -> list[dict[str, Any]]:
    q = query.strip().casefold()
    return [c for c in _all(ctx) if q in (c.get("name") or "").casefold()] if q else _all(ctx)


def _search_box(ctx: ScreenContext) -> View:
    field = ctx.field("search", "Search contacts", id="search", w=FILL, radius=24, pad=(44, 0),
                      bg=T.SURFACE_VARIANT)
    return stack(field, row(icon("magnifying-glass", 16, T.TEXT_SECONDARY), h=48, pad=(16, 0),
                            gravity="center-left"),
                 w=FILL, h=48)


def labelled(view: View, label: str) -> View:
    """Sets a row's UI-tree text (instead of the avatar initial plus the title)."""
    view.label = label
    return view


def _name(c: dict[str, Any]) -> str:
    return c.get("name") or c.get("phone") or "(No name)"


# --------------------------------------------------------------------------- list
def home(ctx: ScreenContext) -> View:
    query = ctx.value("search")
    contacts = _matching(ctx, query)
    rows: list[View] = []
    letter = None
    for c in contacts:
        first = (_name(c)[:1] or "#").upper()
        first = first if first.isalpha() else "#"
        if first != letter and not query.strip():
            rows.append(section_header(first))
            letter = first
        star = icon("star", 14, STAR_ON) if c.get("starred") else None
        rows.append(labelled(list_item(
            _name(c), None, avatar(_name(c), 40, avatar_color(c["id"])), trailing=star,
            on_tap=functools.partial(ctx.push, f"/contact/{c['id']}"), id=f"contact:{c['id']}"),
            _name(c)))
    if rows:
        body: View = ctx.scroll(*rows, spacer_bottom(), id="contacts")
    else:
        body = empty_state("address-book", "No matching contacts" if query.strip()
                           else "No contacts yet")
    page = col(col(_search_box(ctx), pad=(16, 4, 16, 8)), body, w=FILL, h=FILL, bg=T.SURFACE)
    return scaffold(page, top_bar=top_app_bar("Contacts"), bg=T.SURFACE,
                    fab=fab("user-plus", functools.partial(_open_new, ctx), "New contact"))


def spacer_bottom() -> View:
    """Room under the last row so the FAB never covers it."""
    return View("box", h=88)


def _open_new(ctx: ScreenContext) -> None:
    for key in FORM_KEYS:
        ctx.ui.pop(key, None)
    ctx.push("/new")


# --------------------------------------------------------------------------- detail
def _info_row(icon_name: str, value: str, caption: str, id: str) -> View:
    return row(icon(icon_name, 18, T.TEXT_SECONDARY),
               col(text(value, 16, color=T.TEXT), text(caption, 13, color=T.TEXT_SECONDARY),
                   w=FILL, gap=2),
               h=64, gap=20, pad=(4, 0), id=id, role="text", label=f"{caption}: {value}")


def contact(ctx: ScreenContext) -> View:
    c = _get(ctx, ctx.params.get("id", ""))
    if c is None:
        return scaffold(empty_state("circle-exclamation", "Contact not found"),
                        top_bar=top_app_bar("Contacts", ctx.back))
    starred = bool(c.get("starred"))
    actions = [
        icon_button("star", functools.partial(_toggle_star, ctx, c["id"]),
                    "Remove from favorites" if starred else "Add to favorites",
                    STAR_ON if starred else T.TEXT_SECONDARY, id="star", selected=starred),
        icon_button("trash", functools.partial(ctx.open_dialog, "delete"), "Delete",
                    id="delete"),
    ]
    header = col(avatar(_name(c), 96, avatar_color(c["id"])),
                 text(_name(c), 24, "medium", T.TEXT, text_align="center", max_lines=2,
                      w=FILL, id="contact_name"),
                 text(c["company"], 14, color=T.TEXT_SECONDARY, text_align="center", w=FILL)
                 if c.get("company") else None,
                 align="center", gap=10, pad=(24, 8, 24, 16))
    can_message = bool((c.get("phone") or "").strip())
    message = button("Message", functools.partial(_message, ctx, c["id"]) if can_message
                     else None, "tonal", icon="comment-sms", id="message", w=160)
    info: list[View] = []
    if c.get("phone"):
        info.append(_info_row("phone", c["phone"], "Mobile", "phone"))
    if c.get("email"):
        info.append(_info_row("envelope", c["email"], "Email", "email"))
    if c.get("company"):
        info.append(_info_row("building", c["company"], "Company", "company"))
    if c.get("note"):
        info.append(_info_row("note-sticky", c["note"], "Note", "note"))
    details = card(text("Contact info", 14, "medium", T.TEXT, pad=(4, 0, 0, 4)),
                   *_join(info), pad=(16, 14, 16, 6), gap=0, bg=T.SURFACE_VARIANT) \
        if info else None
    body = ctx.scroll(header, row(message, justify="center", w=FILL), col(details, pad=(16, 24)),
                      id="contact")
    overlay = None
    if ctx.query.get("dialog") == "delete":
        overlay = dialog("Delete this contact?", f"{_name(c)} will be removed from your contacts.",
                         [("Cancel", ctx.close_dialog),
                          ("Delete", functools.partial(_delete, ctx, c["id"]))],
                         on_dismiss=ctx.close_dialog)
    return scaffold(body, top_bar=top_app_bar("", ctx.back, actions), overlay=overlay,
                    bg=T.SURFACE)


def _join(items: list[View]) -> list[View]:
    out: list[View] = []
    for i, item in enumerate(items):
        if i:
            out.append(divider(T.DIVIDER, 42))
        out.append(item)
    return out


def _toggle_star(ctx: ScreenContext, contact_id: int) -> None:
    rows = ctx.os.providers.query(f"{URI}/{contact_id}")
    if rows:
        ctx.os.providers.update(f"{URI}/{contact_id}", {"starred": not rows[0]["starred"]})


def _message(ctx: ScreenContext, contact_id: int) -> None:
    rows = ctx.os.providers.query(f"{URI}/{contact_id}")
    phone = (rows[0].get("phone") or "").strip() if rows else ""
    if not phone:
        ctx.toast("This contact has no phone number")
        return
    intent = {"action": "ACTION_SENDTO", "scheme": "sms", "data": {"address": phone}}
    if not ctx.start_activity(intent, new_task=True):
        ctx.toast("No app can send messages")


def _delete(ctx: ScreenContext, contact_id: int) -> None:
    ctx.os.providers.delete(f"{URI}/{contact_id}")
    ctx.close_dialog()
    if not ctx.activity.pop():
        ctx.replace("/")
    ctx.toast("Contact deleted")


# --------------------------------------------------------------------------- create
def _form_row(ctx: ScreenContext, icon_name: str, key: str, hint: str) -> View:
    return row(icon(icon_name, 18, T.TEXT_SECONDARY),
               ctx.field(key, hint, id=key, w=FILL), gap=16)


def new(ctx: ScreenContext) -> View:
    save = button("Save", functools.partial(_save, ctx), id="save", h=36)
    body = col(
        row(stack(icon("camera", 28, "#FFFFFF", gravity="center"), w=96, h=96, radius=48,
                  bg="#A8C7FA"), justify="center", w=FILL, pad=(0, 8, 0, 16)),
        _form_row(ctx, "user", "name", "Name"),
        _form_row(ctx, "phone", "phone", "Phone"),
        _form_row(ctx, "envelope", "email", "Email"),
        pad=(16, 8), gap=14, bg=T.SURFACE,
    )
    return scaffold(body, top_bar=top_app_bar("Create contact", ctx.back, [save]), bg=T.SURFACE)


def _save(ctx: ScreenContext) -> None:
    name = ctx.value("name").strip()
    phone = ctx.value("phone").strip()
    email = ctx.value("email").strip()
    if not name:
        ctx.toast("Add a name to save this contact")
        return
    new_id = ctx.os.providers.insert(URI, {"name": name, "phone": phone, "email": email or None,
                                           "starred": False})
    for key in FORM_KEYS:
        ctx.ui.pop(key, None)
    ctx.os.keyboard.hide()
    ctx.replace(f"/contact/{new_id}")
    ctx.toast("Contact saved")


# --------------------------------------------------------------------------- picker
def pick(ctx: ScreenContext) -> View:
    query = ctx.value("search")
    rows = [
        labelled(list_item(_name(c), c.get("phone") or "No phone number",
                           avatar(_name(c), 40, avatar_color(c["id"])),
                           on_tap=functools.partial(_picked, ctx, c["id"]), id=f"pick:{c['id']}"),
                 f"{_name(c)} {c.get('phone') or ''}".strip())
        for c in _matching(ctx, query)
    ]
    body = ctx.scroll(*rows, id="pick") if rows else empty_state(
        "address-book", "No matching contacts" if query.strip() else "No contacts")
    page = col(col(_search_box(ctx), pad=(16, 4, 16, 8)), body, w=FILL, h=FILL, bg=T.SURFACE)
    return scaffold(page, top_bar=top_app_bar("Choose a contact", ctx.back), bg=T.SURFACE)


def _picked(ctx: ScreenContext, contact_id: int) -> None:
    rows = ctx.os.providers.query(f"{URI}/{contact_id}")
    if not rows:
        ctx.toast("Contact not found")
        return
    c = rows[0]
    ctx.set_result("OK", {"contact_id": c["id"], "name": c["name"], "phone": c["phone"]})


ROUTES = {"/": home, "/contact/{id}": contact, "/new": new, "/pick": pick}
