"""The compose screen: the SENDTO/SEND target, "Start chat" and Forward.

Send to a blocked number is refused before anything changes, as Android does: a snackbar says
"Unblock <number> to send a message" and its Unblock asks to confirm (``blocking.py``).

Compose reads its launching intent by polling ``ctx.intent`` (the spec has no onNewIntent): an
intent is applied once, remembered by identity in the activity's UI state, so a singleTask
redelivery (a new payload object) prefills again while re-renders and in-app navigation do not.
"""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bottom_sheet,
    col,
    icon,
    icon_button,
    image,
    list_item,
    row,
    scaffold,
    section_header,
    snackbar,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T
from mobilegym_env.ui.pictures import media_photo

from . import blocking, inbox
from .common import (
    BOTTOM,
    CONTACTS,
    MEDIA,
    SCROLL_KEY,
    SENT_BG,
    digits,
    is_number,
    person_avatar,
    picture_of,
    send_button,
    split_images,
    thread_route,
)

PICK_CONTACT = {"action": "ACTION_PICK", "type": "vnd.android.cursor.dir/contact"}
COMPOSE_KEYS = ("to", "body", "attachment", "refused")
OFFLINE_TEXT = "No connection. Photos are sent as MMS, which needs mobile data or Wi-Fi."


def open_compose(ctx: ScreenContext, body: str = "") -> None:
    """Opens an empty compose screen, or one with ``body`` to forward (its pictures become
    the attachment)."""
    for key in COMPOSE_KEYS:
        ctx.ui.pop(key, None)
    words, pictures = split_images(body)
    if words:
        ctx.ui["body"] = words
    if pictures:
        ctx.ui["attachment"] = _attachment(None, None, pictures[0])
    ctx.push("/compose")


def _apply_intent(ctx: ScreenContext) -> None:
    """Prefills from the launching intent once per delivered payload (see module doc)."""
    intent = ctx.intent
    if not isinstance(intent, dict) or ctx.ui.get("_intent") is intent:
        return
    ctx.ui["_intent"] = intent
    data = intent.get("data") if isinstance(intent.get("data"), dict) else {}
    for key in COMPOSE_KEYS:
        ctx.ui.pop(key, None)
    if intent.get("action") == "ACTION_SENDTO":
        ctx.ui["to"] = str(data.get("address") or "")
        if data.get("body"):
            ctx.ui["body"] = str(data["body"])
    elif intent.get("action") == "ACTION_SEND":
        if data.get("address"):  # a direct-share target of the share sheet
            ctx.ui["to"] = str(data["address"])
        if data.get("text"):
            ctx.ui["body"] = str(data["text"])
        if str(intent.get("type") or "").startswith("image/") and data.get("path"):
            path = str(data["path"])
            ctx.ui["attachment"] = _attachment(data.get("media_id"), path,
                                               path.rsplit("/", 1)[-1])


def _attachment(media_id: Any, path: str | None, name: str) -> dict[str, Any]:
    return {"media_id": media_id, "path": path, "name": name}


def _suggestions(ctx: ScreenContext, to: str) -> list[View]:
    """Contacts matching what is typed in "To" (all of them while it is empty), and a row to
    send to a typed number."""
    q = to.strip().casefold()
    rows: list[View] = []
    for c in sorted(ctx.os.providers.query(CONTACTS), key=lambda c: c.get("name") or ""):
        name, phone = c.get("name") or "", c.get("phone") or ""
        if not phone or (q and phone.casefold() == q):  # chosen: nothing left to suggest
            continue
        if not q or q in name.casefold() or (digits(q) and digits(q) in digits(phone)):
            item = list_item(name or phone, phone, person_avatar(ctx.os, phone, 40),
                             on_tap=functools.partial(_use_suggestion, ctx, phone),
                             id=f"suggest:{c['id']}", label=f"{name} {phone}")
            rows.append(item)
    head = [section_header("All contacts" if not q else "Contacts")] if rows else []
    if q and is_number(to) and inbox.resolve_recipient(ctx.os, to) == to.strip():
        head.insert(0, list_item(f"Send to {to.strip()}", None, "hashtag",
                                 on_tap=functools.partial(_use_suggestion, ctx, to.strip()),
                                 id="send_to_number"))
    return head + rows


def _use_suggestion(ctx: ScreenContext, phone: str) -> None:
    ctx.ui["to"] = phone
    ctx.os.keyboard.show(ctx.activity.activity_id, "body")


def compose(ctx: ScreenContext) -> View:
    _apply_intent(ctx)
    to = ctx.value("to")
    recipient = row(
        text("To", 15, "medium", T.TEXT_SECONDARY, w=28),
        ctx.field("to", "Name or phone number", id="to", w=FILL, radius=24, pad=(16, 0)),
        icon_button("address-book", functools.partial(_pick_contact, ctx), "Pick contact",
                    SENT_BG, id="pick_contact"),
        gap=8, pad=(16, 8, 8, 8),
    )
    parts: list[View | None] = [recipient, View("box", h=1, bg=T.DIVIDER), _preview(ctx),
                                _offline_banner(ctx)]
    suggestions = _suggestions(ctx, to)
    if suggestions:
        parts.append(ctx.scroll(*suggestions, id="suggestions", pad=(0, 0, 0, 8)))
    composer = row(
        icon_button("image", functools.partial(_open_attach, ctx), "Attach photo",
                    T.TEXT_SECONDARY, id="attach"),
        ctx.field("body", "Text message", id="body", w=FILL, radius=24, pad=(18, 0),
                  max_lines=4),
        send_button(functools.partial(_send, ctx)),
        gap=6, pad=(8, 8, 12, 8), bg=T.SURFACE,
    )
    body = col(*parts, w=FILL, h=FILL, bg=T.SURFACE)
    refused = _refused(ctx)
    if refused is not None:  # the notice sits above the composer, as Android's snackbars do
        body = stack(body, snackbar(blocking.refusal(refused), (
            "Unblock", functools.partial(ctx.open_dialog, "unblock")), id="blocked_snackbar"),
            w=FILL, h=FILL)
    overlay = _attach_sheet(ctx) if ctx.query.get("dialog") == "attach" else \
        blocking.block_dialog(ctx, refused, block=False) \
        if refused is not None and ctx.query.get("dialog") == "unblock" else None
    return scaffold(body, top_bar=top_app_bar("New conversation", Call("back")), bottom=composer,
                    overlay=overlay, bg=T.SURFACE)


def _preview(ctx: ScreenContext) -> View | None:
    att = ctx.ui.get("attachment")
    if not (isinstance(att, dict) and att.get("name")):
        return None
    preview = stack(
        image(str(att["name"]), 140, 140, source=picture_of(ctx.os, str(att["name"]),
                                                           att.get("media_id")),
              radius=16, id="attachment"),
        stack(icon("xmark", 14, "#FFFFFF", gravity="center"), w=28, h=28, radius=14,
              bg="#00000099", gravity="top-right", role="button", label="Remove attachment",
              on_tap=functools.partial(_remove_attachment, ctx), id="remove_attachment"),
        w=140, h=140,
    )
    return col(preview, text(str(att["name"]), 12, color=T.TEXT_SECONDARY, w=200),
               pad=(16, 12), gap=6, align="end", w=FILL)


def _refused(ctx: ScreenContext) -> str | None:
    """The blocked number a Send was refused for, while "To" still names it and it is still
    blocked (its snackbar offers Unblock, which asks first); else None, and the notice goes."""
    refused = ctx.ui.get("refused")
    if not isinstance(refused, str) or not blocking.is_blocked(ctx.os, refused) \
            or inbox.resolve_recipient(ctx.os, ctx.value("to")) != refused:
        return None
    return refused


def _has_attachment(ctx: ScreenContext) -> bool:
    att = ctx.ui.get("attachment")
    return isinstance(att, dict) and bool(att.get("name"))


def _offline_banner(ctx: ScreenContext) -> View | None:
    """A picture goes as MMS, which needs the network (texts only need the cell radio)."""
    if not _has_attachment(ctx) or ctx.os.network.online:
        return None
    return row(icon("circle-exclamation", 16, "#B3261E"),
               text(OFFLINE_TEXT, 13, color=T.TEXT, max_lines=2, w=FILL),
               gap=12, pad=(16, 10), bg="#FCEEEE", w=FILL, id="offline_banner",
               role="banner", label=OFFLINE_TEXT)


def _open_attach(ctx: ScreenContext) -> None:
    ctx.os.keyboard.hide()
    if ctx.query.get("dialog") != "attach":
        ctx.open_dialog("attach")


def _pick_contact(ctx: ScreenContext) -> None:
    if not ctx.start_activity_for_result(dict(PICK_CONTACT), on_contact_picked):
        ctx.toast("No app can pick a contact")


def on_contact_picked(kernel: Any, result: dict[str, Any]) -> None:
    """Result of the contact picker: the compose screen's recipient becomes the phone."""
    if not isinstance(result, dict) or result.get("result_code") != "OK":
        return
    data = result.get("data")
    phone = data.get("phone") if isinstance(data, dict) else None
    if not phone:
        return
    top = kernel.tasks.top_activity
    if top is None or top.app_id != "messages":
        return
    top.ui["to"] = str(phone)


def _attach_sheet(ctx: ScreenContext) -> View:
    """The photo chooser: a URL-driven sheet over the media provider (Back closes it)."""
    photos = [m for m in ctx.os.providers.query(MEDIA, order_by="taken_ms", desc=True)
              if str(m.get("mime") or "").startswith("image/")]
    tiles = [image(str(m.get("title") or m["path"]), w=FILL, h=100, radius=8,
                   source=media_photo(m, ctx.os.files),
                   id=f"attach:{m['id']}", on_tap=functools.partial(_attach, ctx, m["id"]))
             for m in photos]
    lines = []
    for i in range(0, len(tiles), 3):
        line = tiles[i : i + 3]
        line += [View("box", w=FILL, h=100)] * (3 - len(line))
        lines.append(row(*line, gap=6))
    # the grid scrolls inside the sheet: a phone holds more photos than fit on one screen
    content = ctx.scroll(*lines, id="attach_grid", h=min(len(lines), 4) * 106, pad=(16, 0),
                         gap=6) if lines else text("No photos", 14, color=T.TEXT_SECONDARY,
                                                   pad=(24, 16))
    return bottom_sheet("Choose a photo", [content], ctx.close_dialog, id="attach_sheet")


def _attach(ctx: ScreenContext, media_id: int) -> None:
    rows = ctx.os.providers.query(f"{MEDIA}/{media_id}")
    if rows:
        path = str(rows[0]["path"])
        ctx.ui["attachment"] = _attachment(media_id, path, path.rsplit("/", 1)[-1])
    ctx.close_dialog()


def _remove_attachment(ctx: ScreenContext) -> None:
    ctx.ui.pop("attachment", None)


def _send(ctx: ScreenContext) -> None:
    typed = ctx.value("to")
    address = inbox.resolve_recipient(ctx.os, typed)
    body = ctx.value("body").strip()
    att = ctx.ui.get("attachment")
    if _has_attachment(ctx):
        body = f"{body}\n[Image: {att['name']}]" if body else f"[Image: {att['name']}]"
    if address is None:
        ctx.toast("Add a recipient" if not typed.strip() else
                  f"“{typed.strip()}” is not a contact or a phone number")
        return
    if blocking.is_blocked(ctx.os, address):  # refused before anything changes
        ctx.ui["refused"] = address
        ctx.os.keyboard.hide()
        return
    if not body:
        ctx.toast("Type a message")
        return
    if _has_attachment(ctx) and not ctx.os.network.online:
        ctx.toast("Not sent: no connection for the photo")
        return
    inbox.send_sms(ctx.os, address, body)
    for key in COMPOSE_KEYS:
        ctx.ui.pop(key, None)
    ctx.os.keyboard.hide()
    ctx.ui[SCROLL_KEY] = BOTTOM
    ctx.ui.pop("reply", None)
    # the compose (or share) route becomes the conversation, so Back leads into Messages
    ctx.replace(thread_route(address))
