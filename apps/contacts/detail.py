"""A contact's page: header, Call/Message/Share, the info card, star, edit and the ⋮ menu
(share, block or unblock the contact's numbers in the system-wide blocked-numbers provider,
delete)."""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.kernel.providers import blocked_numbers, number_key
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    avatar,
    bar_action,
    card,
    col,
    dialog,
    divider,
    empty_state,
    icon,
    popup_menu,
    retained,
    row,
    scaffold,
    text,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

from .common import (
    PHONE_TYPE_NAMES,
    STAR_ON,
    URI,
    avatar_color,
    birthday_text,
    display_name,
    get_contact,
)
from .form import open_edit


def contact(ctx: ScreenContext) -> View:
    c = get_contact(ctx, ctx.params.get("id", ""))
    if c is None:
        return scaffold(empty_state("circle-exclamation", "Contact not found"),
                        top_bar=top_app_bar("Contacts", Call("back")))
    starred = bool(c.get("starred"))
    actions = [
        bar_action("star:fill" if starred else "star_outline", Call(_toggle_star, c["id"]),
                   "Remove from favorites" if starred else "Add to favorites", "star",
                   STAR_ON if starred else T.TEXT_SECONDARY, selected=starred),
        bar_action("pen", Call(open_edit, c["id"]), "Edit contact", id="edit"),
        bar_action("ellipsis-vertical", Call("open_dialog", "menu"), "More options",
                   id="more"),
    ]
    role_line = ", ".join(v for v in (c.get("job_title"), c.get("company")) if v)
    can_message = bool((c.get("phone") or "").strip())
    body = ctx.scroll(_header(display_name(c), c["id"], role_line, can_message),
                      _details(_info(c)), id="contact")
    return scaffold(body, top_bar=top_app_bar("", Call("back"), actions),
                    overlay=_overlay(ctx, c), bg=T.SURFACE)


def _action(icon_name: str, label: str, on_tap: Any, id: str) -> View:
    """A round tonal button with its label under it (Google Contacts' Call / Text row)."""
    color = T.ON_SECONDARY_CONTAINER if on_tap else T.TEXT_HINT
    return col(icon(icon_name, 18, color, w=56, h=40, radius=20,
                    bg=T.SECONDARY_CONTAINER if on_tap else T.SURFACE_VARIANT),
               text(label, 12, "medium", color, role=None), align="center", gap=6,
               on_tap=on_tap, enabled=on_tap is not None, role="button", label=label, id=id)


@retained(maxsize=8)  # its pixels are ~270 KB
def _header(name: str, contact_id: int, role_line: str, can_message: bool) -> View:
    """The avatar, name, role line and the Message/Share row, from what they show (retained:
    built, laid out and painted once per contact shown)."""
    return col(
        col(avatar(name, 96, avatar_color(contact_id)),
            text(name, 24, "medium", T.TEXT, text_align="center", max_lines=2, w=FILL,
                 id="contact_name"),
            text(role_line, 14, color=T.TEXT_SECONDARY, text_align="center", w=FILL,
                 id="role_line") if role_line else None,
            align="center", gap=10, pad=(24, 8, 24, 16)),
        row(_action("call", "Call", Call(_call, contact_id) if can_message else None, "call"),
            _action("comment-sms", "Message",
                    Call(_message, contact_id) if can_message else None, "message"),
            _action("share-nodes", "Share", Call(_share, contact_id), "share"),
            justify="center", gap=32, w=FILL),
        w=FILL)


@retained(maxsize=32)  # pixels kept when wholly in view: up to ~0.7 MB
def _details(info: tuple[tuple[str, str, str, str], ...]) -> View:
    """The "Contact info" card: (icon, value, caption, id) per row."""
    rows = [_info_row(*i) for i in info]
    return col(card(text("Contact info", 14, "medium", T.TEXT, pad=(4, 0, 0, 4)),
                    *_join(rows), pad=(16, 14, 16, 6), gap=0, bg=T.SURFACE_VARIANT)
               if rows else None, pad=(16, 24))


def _info(c: dict[str, Any]) -> tuple[tuple[str, str, str, str], ...]:
    """The info card's rows: (icon, value, caption, id)."""
    rows = []
    if c.get("phone"):
        rows.append(("phone", c["phone"], PHONE_TYPE_NAMES[c["phone_type"]], "phone"))
    if c.get("phone2"):
        rows.append(("phone", c["phone2"], PHONE_TYPE_NAMES[c["phone2_type"]], "phone2"))
    fields = (("envelope", c.get("email"), "Email", "email"),
              ("location-dot", c.get("address"), "Address", "address"),
              ("cake-candles", birthday_text(c.get("birthday")), "Birthday", "birthday"),
              ("building", c.get("company"), "Company", "company"),
              ("briefcase", c.get("job_title"), "Job title", "job_title"),
              ("tag", ", ".join(c.get("labels") or ()), "Labels", "labels"),
              ("note-sticky", c.get("note"), "Note", "note"))
    rows.extend((i, v, cap, id) for i, v, cap, id in fields if v)
    return tuple(rows)


def _info_row(icon_name: str, value: str, caption: str, id: str) -> View:
    return row(icon(icon_name, 18, T.TEXT_SECONDARY),
               col(text(value, 16, color=T.TEXT, max_lines=2),
                   text(caption, 13, color=T.TEXT_SECONDARY), w=FILL, gap=2),
               pad=(4, 12), gap=20, id=id, role="text", label=f"{caption}: {value}")


def _join(items: list[View]) -> list[View]:
    out: list[View] = []
    for i, item in enumerate(items):
        if i:
            out.append(divider(T.DIVIDER, 42))
        out.append(item)
    return out


def _overlay(ctx: ScreenContext, c: dict[str, Any]) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "menu":
        items: list[Any] = [
            ("Share", functools.partial(_share, ctx, c["id"])),
            ("Delete", functools.partial(
                ctx.replace, with_query(ctx.activity.route, dialog="delete"))),
        ]
        numbers = _numbers(c)
        if numbers:  # Google Contacts: "Block numbers", or "Unblock numbers" once any is
            if any(blocked_numbers(ctx.os).is_blocked(n) for n in numbers):
                items.insert(1, ("Unblock numbers", functools.partial(
                    _set_blocked, ctx, c["id"], False), "menu:unblock"))
            else:
                items.insert(1, ("Block numbers", functools.partial(
                    ctx.replace, with_query(ctx.activity.route, dialog="block")),
                    "menu:block"))
        return popup_menu(items, on_dismiss=ctx.close_dialog)
    if kind == "block":
        return dialog("Block numbers?", "You will no longer receive calls or texts from "
                      f"{display_name(c)}'s numbers.",
                      [("Cancel", ctx.close_dialog),
                       ("Block", functools.partial(_set_blocked, ctx, c["id"], True))],
                      on_dismiss=ctx.close_dialog, id="block_dialog", icon_name="block")
    if kind == "delete":
        return dialog("Delete this contact?",
                      f"{display_name(c)} will be removed from your contacts.",
                      [("Cancel", ctx.close_dialog),
                       ("Delete", functools.partial(_delete, ctx, c["id"]))],
                      on_dismiss=ctx.close_dialog)
    return None


def _numbers(c: dict[str, Any]) -> list[str]:
    """The contact's phone numbers that can be blocked (they have digits)."""
    return [n for n in (c.get("phone"), c.get("phone2")) if n and number_key(n) is not None]


def _set_blocked(ctx: ScreenContext, contact_id: int, block: bool) -> None:
    """Blocks (or unblocks) every number of the contact in the system-wide provider."""
    c = get_contact(ctx, contact_id)
    ctx.close_dialog()
    if c is None:
        return
    blocked = blocked_numbers(ctx.os)
    for number in _numbers(c):
        if block:
            blocked.block(number, ctx.os.clock.now_ms())
        else:
            blocked.unblock(number)
    ctx.toast("Numbers blocked" if block else "Numbers unblocked")


def _toggle_star(ctx: ScreenContext, contact_id: int) -> None:
    c = get_contact(ctx, contact_id)
    if c is not None:
        ctx.os.providers.update(f"{URI}/{contact_id}", {"starred": not c["starred"]})
        ctx.toast("Removed from favorites" if c["starred"] else "Added to favorites")


def _message(ctx: ScreenContext, contact_id: int) -> None:
    c = get_contact(ctx, contact_id)
    phone = (c.get("phone") or "").strip() if c else ""
    if not phone:
        ctx.toast("This contact has no phone number")
        return
    intent = {"action": "ACTION_SENDTO", "scheme": "sms", "data": {"address": phone}}
    if not ctx.start_activity(intent, new_task=True):
        ctx.toast("No app can send messages")


def _call(ctx: ScreenContext, contact_id: int) -> None:
    """Opens the dialer with the contact's number (``ACTION_DIAL``, scheme ``tel``)."""
    c = get_contact(ctx, contact_id)
    phone = (c.get("phone") or "").strip() if c else ""
    if not phone:
        ctx.toast("This contact has no phone number")
        return
    if not ctx.start_activity({"action": "ACTION_DIAL", "scheme": "tel",
                               "data": {"number": phone}}, new_task=True):
        ctx.toast("No app can make calls")


def share_text(c: dict[str, Any]) -> str:
    """A contact as the plain text it is shared as: name, numbers, email, one per line."""
    lines = [display_name(c)]
    for key, kind in (("phone", "phone_type"), ("phone2", "phone2_type")):
        if c.get(key):
            lines.append(f"{PHONE_TYPE_NAMES[c[kind]]}: {c[key]}")
    if c.get("email"):
        lines.append(f"Email: {c['email']}")
    return "\n".join(lines)


def _share(ctx: ScreenContext, contact_id: int) -> None:
    ctx.close_dialog()
    c = get_contact(ctx, contact_id)
    if c is None:
        return
    intent = {"action": "ACTION_SEND", "type": "text/plain",
              "data": {"subject": display_name(c), "text": share_text(c)}}
    if not ctx.start_activity(intent):
        ctx.toast("No app can share this contact")


def _delete(ctx: ScreenContext, contact_id: int) -> None:
    ctx.os.providers.delete(f"{URI}/{contact_id}")
    ctx.close_dialog()
    if not ctx.activity.pop():
        ctx.replace("/")
    ctx.toast("Contact deleted")
