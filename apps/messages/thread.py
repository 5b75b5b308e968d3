"""A conversation: message bubbles, the reply bar, and what a long press on a bubble or the ⋮
menu does (copy, forward, delete a message; mark unread, block or unblock the number, delete
the conversation). With a blocked number the reply bar gives way to a "Blocked" banner with
Unblock (as Google Messages does: a blocked number can neither text you nor be texted; a reply
that still reaches a blocked number is refused, as compose refuses it)."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import unquote

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    col,
    dialog,
    empty_state,
    icon,
    image,
    popup_menu,
    retained,
    row,
    scaffold,
    text,
    text_button,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import blocking, inbox
from .common import (
    BOTTOM,
    IMAGE_LINE,
    RECV_BG,
    RECV_FG,
    SCROLL_KEY,
    SENT_BG,
    SENT_FG,
    SMS,
    archived,
    blocked_numbers,
    day_label,
    display_name,
    local_time,
    number_key,
    picture_height,
    picture_of,
    send_button,
    thread_route,
)
from .compose import open_compose

PICTURE_W = 200  # a picture message's width; its height follows the picture's shape

SCROLL_OWNER = "thread_scrolled"  # the thread whose offset SCROLL_KEY holds


def open_thread(ctx: ScreenContext, address: str) -> None:
    """Opens a conversation at its newest message and marks its received messages read."""
    inbox.mark_read(ctx.os, address)
    ctx.os.keyboard.hide()
    inbox.keep_draft(ctx.os, ctx.activity)  # the conversation left keeps its draft
    ctx.ui.pop("reply", None)
    ctx.ui.pop(inbox.DRAFT_OWNER, None)
    ctx.ui[SCROLL_OWNER], ctx.ui[SCROLL_KEY] = address, BOTTOM
    ctx.push(thread_route(address))


def _bubble_parts(os: Any, body: str, fg: str) -> list[View]:
    """Text lines, with ``[Image: name]`` lines drawn as the picture, in its own shape."""
    parts: list[View] = []
    lines: list[str] = []
    for line in body.split("\n"):
        m = IMAGE_LINE.fullmatch(line.strip())
        if m:
            if lines:
                parts.append(text("\n".join(lines), 15, color=fg, max_lines=None))
                lines = []
            photo = picture_of(os, m.group(1))
            parts.append(image(m.group(1), PICTURE_W, picture_height(photo, PICTURE_W, 120, 260),
                               source=photo, radius=12))
        else:
            lines.append(line)
    if lines or not parts:
        parts.append(text("\n".join(lines), 15, color=fg, max_lines=None))
    return parts


def _bubble(ctx: ScreenContext, m: dict[str, Any]) -> View:
    sent = m.get("type") == "sent"
    body = str(m.get("body") or "")
    stamp = local_time(ctx.os, m["timestamp_ms"]).strftime("%H:%M")
    if "[Image:" not in body:  # text only: retained (a picture's pixels come from the files)
        return _text_bubble(m["id"], body, sent, stamp)
    return _bubble_view(m["id"], sent, body, stamp,
                        _bubble_parts(ctx.os, body, SENT_FG if sent else RECV_FG))


def _bubble_view(msg_id: int, sent: bool, body: str, stamp: str, parts: list[View]) -> View:
    bubble = col(*parts, bg=SENT_BG if sent else RECV_BG, radius=18, pad=(14, 9), gap=6,
                 id=f"sms:{msg_id}", role="text", label=body,
                 on_long_press=Call(_open_message, msg_id))
    return col(bubble, text(stamp, 11, color=T.TEXT_HINT, pad=(6, 0)),
               align="end" if sent else "start", gap=3,
               pad=(64, 0, 0, 0) if sent else (0, 0, 64, 0))


@retained(maxsize=64)  # a bubble keeps its pixels (up to ~50 KB)
def _text_bubble(msg_id: int, body: str, sent: bool, stamp: str) -> View:
    """A text message's bubble and time, from what it shows."""
    return _bubble_view(msg_id, sent, body, stamp,
                        _bubble_parts(None, body, SENT_FG if sent else RECV_FG))


def _open_message(ctx: ScreenContext, msg_id: int) -> None:
    ctx.open_dialog("message", id=msg_id)


def thread(ctx: ScreenContext) -> View:
    address = unquote(ctx.params.get("address", ""))
    name = display_name(ctx.os, address)
    msgs = ctx.os.providers.query(SMS, {"thread_address": address}, order_by="timestamp_ms")
    items: list[View] = []
    day = None
    for m in msgs:
        label = day_label(ctx.os, m["timestamp_ms"])
        if label != day:
            items.append(text(label, 12, "medium", T.TEXT_SECONDARY, text_align="center",
                              w=FILL, pad=(0, 12, 0, 4)))
            day = label
        items.append(_bubble(ctx, m))
    if ctx.ui.get(inbox.DRAFT_OWNER) != address:  # the reply field shows this one's draft
        ctx.ui[inbox.DRAFT_OWNER] = address
        ctx.ui["reply"] = inbox.draft(ctx.os, address)
    if ctx.ui.get(SCROLL_OWNER) != address:  # another thread's offset: start at the bottom
        ctx.ui[SCROLL_OWNER] = address
        ctx.ui[SCROLL_KEY] = BOTTOM
    body = ctx.scroll(*items, id="thread", gap=10, pad=(16, 8)) if items else empty_state(
        "comment-sms", "No messages yet")
    is_archived = address in archived(ctx.state)
    actions = [
        bar_action("box-archive", Call(_toggle_archive, address),
                   "Unarchive" if is_archived else "Archive", "archive",
                   T.PRIMARY if is_archived else T.TEXT_SECONDARY, selected=is_archived),
        bar_action("ellipsis-vertical", Call("open_dialog", "menu"), "More options",
                   id="more"),
    ]
    subtitle = address if name != address else None
    composer = _blocked_banner(ctx, name) if blocked_numbers(ctx.os).is_blocked(address) \
        else row(
            ctx.field("reply", "Text message", id="reply", w=FILL, radius=24, pad=(18, 0),
                      max_lines=4, on_submit=functools.partial(_reply, ctx, address)),
            send_button(functools.partial(_reply, ctx, address)),
            gap=8, pad=(12, 8), bg=T.SURFACE,
        )
    return scaffold(body, top_bar=top_app_bar(name, Call("back"), actions, subtitle=subtitle),
                    bottom=composer, bg=T.SURFACE, overlay=_overlay(ctx, address, msgs))


def _blocked_banner(ctx: ScreenContext, name: str) -> View:
    """What replaces the reply bar in a blocked conversation: the notice and Unblock."""
    return row(icon("block", 18, T.TEXT_SECONDARY),
               text(f"You blocked {name}", 14, color=T.TEXT, max_lines=2, w=FILL),
               text_button("Unblock", functools.partial(ctx.open_dialog, "unblock"),
                           id="banner_unblock"),
               gap=12, pad=(16, 6, 8, 6), bg=T.SURFACE_VARIANT, w=FILL, id="blocked_banner",
               role="banner", label=f"Blocked. You blocked {name}")


def _overlay(ctx: ScreenContext, address: str, msgs: list[dict[str, Any]]) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "menu":
        has_inbox = any(m["type"] == "inbox" for m in msgs)
        items = [
            ("Mark as unread", functools.partial(_mark_unread, ctx, address) if has_inbox
             else None, "menu_mark_unread"),
            ("Delete conversation", functools.partial(_ask, ctx, "delete_thread"),
             "menu_delete_thread"),
        ]
        if number_key(address) is not None:  # a named sender ("BayBank") has no number
            blocked = blocked_numbers(ctx.os).is_blocked(address)
            items.insert(1, ("Unblock" if blocked else "Block", functools.partial(
                _ask, ctx, "unblock" if blocked else "block"),
                "menu_unblock" if blocked else "menu_block"))
        return popup_menu(items, ctx.close_dialog, id="thread_menu")
    if kind in ("block", "unblock"):
        return blocking.block_dialog(ctx, address, kind == "block")
    if kind == "delete_thread":
        return dialog("Delete this conversation?", "Its messages will be deleted from this "
                      "phone.", [("Cancel", ctx.close_dialog, "delete_thread_cancel"),
                                 ("Delete", functools.partial(_delete_thread, ctx, address),
                                  "delete_thread_confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_thread_dialog")
    m = next((m for m in msgs if str(m["id"]) == ctx.query.get("id")), None)
    if m is None:
        return None
    if kind == "message":
        return popup_menu([
            ("Copy text", functools.partial(_copy, ctx, m), "msg_copy"),
            ("Forward", functools.partial(_forward, ctx, m), "msg_forward"),
            ("Delete", functools.partial(_ask, ctx, "delete_message", id=m["id"]), "msg_delete"),
        ], ctx.close_dialog, id="message_menu", anchor="center")
    if kind == "delete_message":
        return dialog("Delete this message?", "It will be deleted from this phone.",
                      [("Cancel", ctx.close_dialog, "delete_message_cancel"),
                       ("Delete", functools.partial(_delete_message, ctx, m["id"]),
                        "delete_message_confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_message_dialog")
    return None


def _ask(ctx: ScreenContext, name: str, **params: Any) -> None:
    """Swaps a menu for the confirmation it leads to (Back then closes the confirmation)."""
    path = ctx.activity.route.partition("?")[0]
    ctx.replace(with_query(path, dialog=name, **params))


def _reply(ctx: ScreenContext, address: str) -> None:
    body = ctx.value("reply").strip()
    if not body or not address:
        return
    if blocking.is_blocked(ctx.os, address):  # the banner hides the bar; refuse all the same
        ctx.toast(blocking.refusal(address))
        return
    inbox.send_sms(ctx.os, address, body)
    ctx.ui["reply"] = ""
    ctx.ui[SCROLL_KEY] = BOTTOM


def _toggle_archive(ctx: ScreenContext, address: str) -> None:
    if inbox.unarchive(ctx.os, address):
        ctx.toast("Conversation unarchived")
    else:
        inbox.archive(ctx.os, address)
        ctx.toast("Conversation archived")


def _mark_unread(ctx: ScreenContext, address: str) -> None:
    inbox.mark_unread(ctx.os, address)
    ctx.close_dialog()
    ctx.pop()  # as in Google Messages: back to the list, where the thread shows unread


def _delete_thread(ctx: ScreenContext, address: str) -> None:
    inbox.delete_thread(ctx.os, address)
    ctx.close_dialog()
    ctx.toast("Conversation deleted")
    ctx.pop()


def _copy(ctx: ScreenContext, m: dict[str, Any]) -> None:
    ctx.os.clipboard.write(str(m["body"]))
    ctx.close_dialog()
    ctx.toast("Message copied")


def _forward(ctx: ScreenContext, m: dict[str, Any]) -> None:
    ctx.close_dialog()
    open_compose(ctx, body=str(m["body"]))


def _delete_message(ctx: ScreenContext, sms_id: int) -> None:
    inbox.delete_message(ctx.os, sms_id)
    ctx.close_dialog()
    ctx.toast("Message deleted")
