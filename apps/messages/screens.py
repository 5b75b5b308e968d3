"""Messages' screens: the thread list, a conversation, compose (the intent target), archive.

Messages live in the shared sms provider (``content://sms``); names come from the contacts
provider. The app's own store only remembers archived thread addresses.

Compose reads its launching intent by polling ``ctx.intent`` (the spec has no onNewIntent): an
intent is applied once, remembered by identity in the activity's UI state, so a singleTask
redelivery (a new payload object) prefills again while re-renders and in-app navigation do not.
"""

from __future__ import annotations

import datetime
import functools
import re
from typing import Any
from urllib.parse import quote, unquote

from mobilegym_env.kernel.providers import OWN_NUMBER
from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    avatar,
    bottom_sheet,
    col,
    empty_state,
    fab,
    icon,
    icon_button,
    image,
    list_item,
    row,
    scaffold,
    spacer,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

SMS = "content://sms"
CONTACTS = "content://contacts"
MEDIA = "content://media"
PICK_CONTACT = {"action": "ACTION_PICK", "type": "vnd.android.cursor.dir/contact"}
AVATAR_COLORS = ("#1A73E8", "#0B8043", "#C5221F", "#E37400", "#9334E6", "#007B83", "#B80672",
                 "#5F6368")
COMPOSE_KEYS = ("to", "body", "attachment")
SCROLL_KEY = "scroll:thread"
IMAGE_LINE = re.compile(r"\[Image: (.+)\]")
BOTTOM = 1 << 30  # a scroll offset past the end: layout clamps it to the last message
SENT_BG, SENT_FG = "#1A73E8", "#FFFFFF"
RECV_BG, RECV_FG = "#EEF0F5", T.TEXT


# --------------------------------------------------------------------------- helpers
def thread_route(address: str) -> str:
    """The conversation route for an address (spaces and the like are %-escaped)."""
    return f"/thread/{quote(address, safe='+')}"


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number or "")


def _contact_for(ctx: ScreenContext, address: str) -> dict[str, Any] | None:
    want = _digits(address)
    if not want:
        return None
    for c in ctx.os.providers.query(CONTACTS):
        if _digits(c.get("phone") or "") == want:
            return c
    return None


def _display(ctx: ScreenContext, address: str) -> str:
    c = _contact_for(ctx, address)
    return (c.get("name") or address) if c else address


def _local(ctx: ScreenContext, ms: int) -> datetime.datetime:
    offset = ctx.os.clock.tz_offset_minutes * 60_000
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms + offset)


def _short_time(ctx: ScreenContext, ms: int) -> str:
    """``09:41`` today, ``May 21`` this year, ``5/21/24`` before."""
    when, now = _local(ctx, ms), ctx.os.clock.local_datetime()
    if when.date() == now.date():
        return when.strftime("%H:%M")
    if when.year == now.year:
        return f"{when:%b} {when.day}"
    return f"{when.month}/{when.day}/{when:%y}"


def _day_label(ctx: ScreenContext, ms: int) -> str:
    when, now = _local(ctx, ms), ctx.os.clock.local_datetime()
    if when.date() == now.date():
        return "Today"
    label = f"{when:%a}, {when:%b} {when.day}"
    return label if when.year == now.year else f"{label}, {when.year}"


def _person_avatar(ctx: ScreenContext, address: str, size: int = 48) -> View:
    c = _contact_for(ctx, address)
    if c is None:
        return stack(icon("user", size * 2 // 5, "#FFFFFF", gravity="center"), w=size, h=size,
                     radius=size // 2, bg="#9AA0A6")
    return avatar(c.get("name") or address, size, AVATAR_COLORS[c["id"] % len(AVATAR_COLORS)])


def _threads(ctx: ScreenContext) -> list[tuple[str, dict[str, Any], int]]:
    """(address, newest message, unread count) per thread, newest thread first."""
    latest: dict[str, dict[str, Any]] = {}
    unread: dict[str, int] = {}
    for m in ctx.os.providers.query(SMS, order_by="timestamp_ms"):
        addr = m["thread_address"]
        latest[addr] = m
        if m["type"] == "inbox" and not m["read"]:
            unread[addr] = unread.get(addr, 0) + 1
    order = sorted(latest, key=lambda a: (latest[a]["timestamp_ms"], latest[a]["id"]),
                   reverse=True)
    return [(a, latest[a], unread.get(a, 0)) for a in order]


def _archived(ctx: ScreenContext) -> list[str]:
    archived = ctx.state.setdefault("archived", [])
    return archived if isinstance(archived, list) else []


def _snippet(m: dict[str, Any]) -> str:
    lines = [("Photo" if IMAGE_LINE.fullmatch(ln.strip()) else ln)
             for ln in str(m.get("body") or "").split("\n")]
    body = " ".join(ln for ln in lines if ln.strip())
    return f"You: {body}" if m.get("type") == "sent" else body


def _thread_row(ctx: ScreenContext, address: str, last: dict[str, Any], unread: int) -> View:
    name = _display(ctx, address)
    weight = "medium" if unread else "regular"
    strong = T.TEXT if unread else T.TEXT_SECONDARY
    badge = stack(text(str(unread), 11, "medium", "#FFFFFF", gravity="center", role=None),
                  w=20, h=20, radius=10, bg=SENT_BG) if unread else None
    texts = col(
        row(text(name, 16, weight, T.TEXT, w=FILL),
            text(_short_time(ctx, last["timestamp_ms"]), 12, weight, strong), gap=8),
        row(text(_snippet(last), 14, weight, strong, w=FILL), badge, gap=8),
        w=FILL, gap=4, justify="center",
    )
    unread_note = f", {unread} unread" if unread else ""
    return row(_person_avatar(ctx, address), texts, h=76, pad=(16, 0), gap=16,
               on_tap=functools.partial(open_thread, ctx, address), role="list_item",
               id=f"thread:{address}", label=f"{name}: {_snippet(last)}{unread_note}")


def open_thread(ctx: ScreenContext, address: str) -> None:
    """Opens a conversation and marks its received messages read."""
    ctx.os.providers.update(SMS, {"read": True},
                            {"thread_address": address, "type": "inbox", "read": False})
    ctx.ui[SCROLL_KEY] = BOTTOM
    ctx.ui.pop("reply", None)
    ctx.push(thread_route(address))


# --------------------------------------------------------------------------- thread list
def home(ctx: ScreenContext) -> View:
    archived = set(_archived(ctx))
    rows = [_thread_row(ctx, a, m, n) for a, m, n in _threads(ctx) if a not in archived]
    body = ctx.scroll(*rows, View("box", h=88), id="threads") if rows else empty_state(
        "comment-sms", "No conversations yet")
    actions = [icon_button("box-archive", functools.partial(ctx.push, "/archived"), "Archived",
                           id="archived")]
    return scaffold(body, top_bar=top_app_bar("Messages", actions=actions), bg=T.SURFACE,
                    fab=fab("pen", functools.partial(_open_compose, ctx), "Start chat"))


def archived(ctx: ScreenContext) -> View:
    keep = _archived(ctx)
    rows = [_thread_row(ctx, a, m, n) for a, m, n in _threads(ctx) if a in keep]
    body = ctx.scroll(*rows, id="archived_threads") if rows else empty_state(
        "box-archive", "No archived conversations")
    return scaffold(body, top_bar=top_app_bar("Archived", ctx.back), bg=T.SURFACE)


def _open_compose(ctx: ScreenContext) -> None:
    for key in COMPOSE_KEYS:
        ctx.ui.pop(key, None)
    ctx.push("/compose")


# --------------------------------------------------------------------------- conversation
def _bubble_parts(body: str, fg: str) -> list[View]:
    """Text lines, with ``[Image: name]`` lines drawn as a picture."""
    parts: list[View] = []
    lines: list[str] = []
    for line in body.split("\n"):
        m = IMAGE_LINE.fullmatch(line.strip())
        if m:
            if lines:
                parts.append(text("\n".join(lines), 15, color=fg, max_lines=None))
                lines = []
            parts.append(image(m.group(1), 180, 135, radius=12))
        else:
            lines.append(line)
    if lines or not parts:
        parts.append(text("\n".join(lines), 15, color=fg, max_lines=None))
    return parts


def _bubble(ctx: ScreenContext, m: dict[str, Any]) -> View:
    sent = m.get("type") == "sent"
    body = str(m.get("body") or "")
    bubble = col(*_bubble_parts(body, SENT_FG if sent else RECV_FG),
                 bg=SENT_BG if sent else RECV_BG, radius=18, pad=(14, 9), gap=6,
                 id=f"sms:{m['id']}", role="text", label=body)
    stamp = text(_local(ctx, m["timestamp_ms"]).strftime("%H:%M"), 11, color=T.TEXT_HINT,
                 pad=(6, 0))
    return col(bubble, stamp, align="end" if sent else "start", gap=3,
               pad=(64, 0, 0, 0) if sent else (0, 0, 64, 0))


def thread(ctx: ScreenContext) -> View:
    address = unquote(ctx.params.get("address", ""))
    name = _display(ctx, address)
    msgs = ctx.os.providers.query(SMS, {"thread_address": address}, order_by="timestamp_ms")
    items: list[View] = []
    day = None
    for m in msgs:
        label = _day_label(ctx, m["timestamp_ms"])
        if label != day:
            items.append(text(label, 12, "medium", T.TEXT_SECONDARY, text_align="center",
                              w=FILL, pad=(0, 12, 0, 4)))
            day = label
        items.append(_bubble(ctx, m))
    ctx.ui.setdefault(SCROLL_KEY, BOTTOM)
    body = ctx.scroll(*items, id="thread", gap=10, pad=(16, 8)) if items else empty_state(
        "comment-sms", "No messages yet")
    is_archived = address in _archived(ctx)
    actions = [icon_button("box-archive", functools.partial(_toggle_archive, ctx, address),
                           "Unarchive" if is_archived else "Archive",
                           SENT_BG if is_archived else T.TEXT_SECONDARY, id="archive",
                           selected=is_archived)]
    subtitle = address if name != address else None
    composer = row(
        ctx.field("reply", "Text message", id="reply", w=FILL, radius=24, pad=(18, 0),
                  on_submit=functools.partial(_reply, ctx, address)),
        _send_button(functools.partial(_reply, ctx, address)),
        gap=8, pad=(12, 8), bg=T.SURFACE,
    )
    return scaffold(body, top_bar=top_app_bar(name, ctx.back, actions, subtitle=subtitle),
                    bottom=composer, bg=T.SURFACE)


def send_sms(ctx: ScreenContext, address: str, body: str) -> int:
    """Inserts one sent message; returns its id."""
    row_id = ctx.os.providers.insert(SMS, {
        "thread_address": address, "address": OWN_NUMBER, "body": body,
        "timestamp_ms": ctx.os.clock.now_ms(), "type": "sent", "read": True,
    })
    archived_list = _archived(ctx)
    if address in archived_list:
        archived_list.remove(address)
    return row_id


def _send_button(on_tap: Any) -> View:
    return stack(icon("paper-plane", 18, SENT_FG, gravity="center"), w=44, h=44, radius=22,
                 bg=SENT_BG, on_tap=on_tap, role="button", label="Send", id="send")


def _reply(ctx: ScreenContext, address: str) -> None:
    body = ctx.value("reply").strip()
    if not body or not address:
        return
    send_sms(ctx, address, body)
    ctx.ui["reply"] = ""
    ctx.ui[SCROLL_KEY] = BOTTOM


def _toggle_archive(ctx: ScreenContext, address: str) -> None:
    archived_list = _archived(ctx)
    if address in archived_list:
        archived_list.remove(address)
        ctx.toast("Conversation unarchived")
    else:
        archived_list.append(address)
        ctx.toast("Conversation archived")


# --------------------------------------------------------------------------- compose
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
        if data.get("text"):
            ctx.ui["body"] = str(data["text"])
        if str(intent.get("type") or "").startswith("image/") and data.get("path"):
            ctx.ui["attachment"] = _attachment(data.get("media_id"), str(data["path"]))


def _attachment(media_id: Any, path: str) -> dict[str, Any]:
    return {"media_id": media_id, "path": path, "name": path.rsplit("/", 1)[-1]}


def _resolve_recipient(ctx: ScreenContext, to: str) -> str:
    """A typed contact name becomes that contact's number; anything else is a number."""
    to = to.strip()
    for c in ctx.os.providers.query(CONTACTS):
        if (c.get("name") or "").casefold() == to.casefold() and c.get("phone"):
            return str(c["phone"])
    return to


def _suggestions(ctx: ScreenContext, to: str) -> list[View]:
    q = to.strip().casefold()
    if not q:
        return []
    rows = []
    for c in sorted(ctx.os.providers.query(CONTACTS), key=lambda c: c.get("name") or ""):
        name, phone = c.get("name") or "", c.get("phone") or ""
        if not phone or phone.casefold() == q or name.casefold() == q:
            continue
        if q in name.casefold() or (_digits(q) and _digits(q) in _digits(phone)):
            item = list_item(name or phone, phone, _person_avatar(ctx, phone, 40),
                             on_tap=functools.partial(_use_suggestion, ctx, phone),
                             id=f"suggest:{c['id']}")
            item.label = f"{name} {phone}"
            rows.append(item)
    return rows[:5]


def _use_suggestion(ctx: ScreenContext, phone: str) -> None:
    ctx.ui["to"] = phone
    ctx.os.keyboard.hide()


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
    parts: list[View] = [recipient, View("box", h=1, bg=T.DIVIDER)]
    parts += _suggestions(ctx, to)
    att = ctx.ui.get("attachment")
    if isinstance(att, dict) and att.get("name"):
        preview = stack(
            image(str(att["name"]), 140, 140, radius=16, id="attachment"),
            stack(icon("xmark", 14, "#FFFFFF", gravity="center"), w=28, h=28, radius=14,
                  bg="#00000099", gravity="top-right", role="button", label="Remove attachment",
                  on_tap=functools.partial(_remove_attachment, ctx), id="remove_attachment"),
            w=140, h=140,
        )
        parts.append(col(preview, text(str(att["name"]), 12, color=T.TEXT_SECONDARY, w=200),
                         pad=(16, 12), gap=6, align="end", w=FILL))
    composer = row(
        icon_button("image", functools.partial(_open_attach, ctx), "Attach photo",
                    T.TEXT_SECONDARY, id="attach"),
        ctx.field("body", "Text message", id="body", w=FILL, radius=24, pad=(18, 0)),
        _send_button(functools.partial(_send, ctx)),
        gap=6, pad=(8, 8, 12, 8), bg=T.SURFACE,
    )
    body = col(*parts, spacer(), w=FILL, h=FILL, bg=T.SURFACE)
    overlay = _attach_sheet(ctx) if ctx.query.get("dialog") == "attach" else None
    return scaffold(body, top_bar=top_app_bar("New conversation", ctx.back), bottom=composer,
                    overlay=overlay, bg=T.SURFACE)


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
                   id=f"attach:{m['id']}", on_tap=functools.partial(_attach, ctx, m["id"]))
             for m in photos]
    lines = []
    for i in range(0, len(tiles), 3):
        line = tiles[i : i + 3]
        line += [View("box", w=FILL, h=100)] * (3 - len(line))
        lines.append(row(*line, gap=6))
    content = col(*lines, pad=(16, 0), gap=6) if lines else text(
        "No photos", 14, color=T.TEXT_SECONDARY, pad=(24, 16))
    return bottom_sheet("Choose a photo", [content], ctx.close_dialog, id="attach_sheet")


def _attach(ctx: ScreenContext, media_id: int) -> None:
    rows = ctx.os.providers.query(f"{MEDIA}/{media_id}")
    if rows:
        ctx.ui["attachment"] = _attachment(media_id, str(rows[0]["path"]))
    ctx.close_dialog()


def _remove_attachment(ctx: ScreenContext) -> None:
    ctx.ui.pop("attachment", None)


def _send(ctx: ScreenContext) -> None:
    address = _resolve_recipient(ctx, ctx.value("to"))
    body = ctx.value("body").strip()
    att = ctx.ui.get("attachment")
    if isinstance(att, dict) and att.get("name"):
        body = f"{body}\n[Image: {att['name']}]" if body else f"[Image: {att['name']}]"
    if not address:
        ctx.toast("Add a recipient")
        return
    if not body:
        ctx.toast("Type a message")
        return
    send_sms(ctx, address, body)
    for key in COMPOSE_KEYS:
        ctx.ui.pop(key, None)
    ctx.os.keyboard.hide()
    ctx.ui[SCROLL_KEY] = BOTTOM
    ctx.ui.pop("reply", None)
    # the compose (or share) route becomes the conversation, so Back leads into Messages
    ctx.replace(thread_route(address))


ROUTES = {
    "/": home,
    "/archived": archived,
    "/thread/{address}": thread,
    "/compose": compose,
}
