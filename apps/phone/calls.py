"""The call screens: in call (timer, mute, speaker, keypad, end) and the full-screen incoming
call (answer, decline, reply with a message); ``ring`` injects an incoming call.

A call in progress lives in the activity's UI state (``common.CALL``): ending it records the
call-log row, its duration the virtual time elapsed since it started.
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import quote

from mobilegym_env.kernel.providers import OWN_NUMBER
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bottom_sheet,
    col,
    empty_state,
    icon,
    list_item,
    row,
    scaffold,
    spacer,
    text,
)
from mobilegym_env.ui import theme as T

from .common import (
    CALL,
    blocked_entry,
    caller_name,
    contact_for,
    end_call,
    face,
    log_call,
    new_intent,
    send_text,
    start_call,
    timer_text,
    valid_number,
)
from .dialer import dial_pad

RING = "phone.RING"  # broadcast a task's alarm may send: extras {"number"}
UNANSWERED = "phone.UNANSWERED"  # the ring alarm: a call not taken in time is missed
RING_MS = 30_000  # how long a call rings before it counts as missed
QUICK_REPLIES = ("Can't talk now. What's up?", "I'll call you right back.",
                 "I'll call you later.", "Can't talk now. Call me later?")
END_RED = "#DC362E"


def ring(kernel: Any, number: str) -> bool:
    """An incoming call from ``number``: the full-screen incoming-call page, or (a blocked
    number) a silent ``blocked`` call-log row. Returns whether it rang."""
    if not isinstance(number, str) or not valid_number(number):
        raise ValueError(f"ring: not a phone number: {number!r}")
    if blocked_entry(kernel, number) is not None:
        log_call(kernel, number, "blocked", kernel.clock.now_ms())
        return False
    at = kernel.clock.now_ms()
    kernel.open_app("phone", f"/incoming?number={quote(number)}&at={at}")
    kernel.alarms.set("phone", "ring", at + RING_MS, UNANSWERED, {"number": number, "at": at})
    return True


def on_unanswered(kernel: Any, broadcast: Any) -> None:
    """A call rang out: a ``missed`` row, and its incoming screen goes away."""
    number, at = str(broadcast.extras.get("number", "")), broadcast.extras.get("at")
    task = kernel.tasks.task_for_app("phone")
    for activity in task.stack if task else ():
        route = activity.route
        if route.startswith("/incoming?") and f"at={at}" in route \
                and activity.ui.get("_answered") != route:
            activity.ui["_answered"] = route
            activity.pop()
    log_call(kernel, number, "missed", at if isinstance(at, int) else kernel.clock.now_ms())


def on_ring(kernel: Any, broadcast: Any) -> None:
    """The ``RING`` receiver: rings with the broadcast's number."""
    ring(kernel, str(broadcast.extras.get("number", "")))


def ticking(kernel: Any, activity: Any) -> bool:
    """The in-call timer shows seconds."""
    return activity.route.startswith("/call") and activity.route[5:6] in ("", "?")


def apply_intent(ctx: ScreenContext) -> None:
    """ACTION_CALL with ``tel:``: the call starts once per delivered intent."""
    data = new_intent(ctx, "ACTION_CALL")
    if data is not None:
        number = str(data.get("number") or "").strip()
        if valid_number(number):
            ctx.ui[CALL] = {"number": number, "start_ms": ctx.os.clock.now_ms(), "dir": "out",
                            "muted": False, "speaker": False, "keypad": False, "tones": ""}


# --------------------------------------------------------------------------- in call
def in_call(ctx: ScreenContext) -> View:
    """The call going on: who, the ticking timer, keypad / mute / speaker, End."""
    apply_intent(ctx)
    call = ctx.ui.get(CALL)
    if not call:
        return scaffold(empty_state("call_end", "Call ended"), bg=T.SURFACE_CONTAINER)
    name = caller_name(ctx.os, call["number"])
    seconds = (ctx.os.clock.now_ms() - call["start_ms"]) // 1000
    c = contact_for(ctx.os, call["number"])
    head = col(text(call["number"] if name != call["number"] else "Phone", 14,
                    color=T.ON_SURFACE_VARIANT, id="call_number"),
               text(name, 30, "regular", T.ON_SURFACE, text_align="center", w=FILL,
                    max_lines=2, id="call_name"),
               text(timer_text(seconds), 16, color=T.ON_SURFACE_VARIANT, id="call_timer"),
               align="center", gap=8, pad=(24, 40, 24, 0), w=FILL)
    picture = face(name, c["id"] if c else -1, 96)
    if call.get("keypad"):
        middle = col(text(call.get("tones") or " ", 26, color=T.ON_SURFACE, id="tones"),
                     dial_pad("dtmf", _tone), align="center", gap=8, w=FILL)
    else:
        middle = col(picture, align="center", w=FILL, pad=(0, 32))
    buttons = row(
        _toggle("keypad", "dialpad", "Keypad", call.get("keypad", False)),
        _toggle("mute", "mic_off", "Mute", call.get("muted", False)),
        _toggle("speaker", "volume_up", "Speaker", call.get("speaker", False)),
        justify="center", gap=28, w=FILL)
    end = icon("call_end:fill", 28, "#FFFFFF", w=72, h=56, radius=28, bg=END_RED,
               on_tap=functools.partial(_end, ctx), role="button", label="End call",
               id="end_call")
    page = col(head, middle, spacer(), buttons, row(end, justify="center", w=FILL, pad=(0, 24)),
               w=FILL, h=FILL, pad=(0, 0, 0, 24))
    return scaffold(page, bg=T.SURFACE_CONTAINER)


def _toggle(key: str, icon_name: str, label: str, on: bool) -> View:
    fg = T.ON_PRIMARY if on else T.ON_SURFACE
    return col(icon(icon_name, 24, fg, w=64, h=64, radius=32,
                    bg=T.PRIMARY if on else T.SURFACE_CONTAINER_HIGHEST),
               text(label, 13, color=T.ON_SURFACE, role=None),
               align="center", gap=6, on_tap=Call(_flip, key), role="switch", checked=on,
               label=label, id=key)


def _flip(ctx: ScreenContext, key: str) -> None:
    call = ctx.ui.get(CALL)
    if call:
        field = {"mute": "muted"}.get(key, key)
        ctx.ui[CALL] = {**call, field: not call.get(field, False)}


def _tone(ctx: ScreenContext, key: str) -> None:
    call = ctx.ui.get(CALL)
    if call:
        ctx.ui[CALL] = {**call, "tones": (call.get("tones", "") + key)[-20:]}


def _end(ctx: ScreenContext) -> None:
    call = ctx.ui.pop(CALL, None)
    if call:
        end_call(ctx.os, call)
        ctx.toast("Call ended")
    ctx.pop()


# --------------------------------------------------------------------------- incoming
def incoming(ctx: ScreenContext) -> View:
    """The full-screen incoming call: Decline, Message (quick replies), Answer."""
    number = ctx.query.get("number", "")
    if not valid_number(number) or ctx.ui.get("_answered") == ctx.activity.route:
        return scaffold(empty_state("call_end", "Call ended"), bg=T.SURFACE_CONTAINER)
    name = caller_name(ctx.os, number)
    c = contact_for(ctx.os, number)
    head = col(text("Incoming call", 14, color=T.ON_SURFACE_VARIANT, id="incoming_label"),
               text(name, 30, color=T.ON_SURFACE, text_align="center", w=FILL, max_lines=2,
                    id="call_name"),
               text(number if name != number else "Unknown caller", 16,
                    color=T.ON_SURFACE_VARIANT, id="call_number"),
               face(name, c["id"] if c else -1, 96),
               align="center", gap=10, pad=(24, 48, 24, 0), w=FILL)

    def round_button(icon_name: str, color: str, label: str, id: str, on_tap: Any) -> View:
        """A big round action with its label under it."""
        return col(icon(icon_name, 28, "#FFFFFF", w=72, h=72, radius=36, bg=color,
                        on_tap=on_tap, role="button", label=label, id=id),
                   text(label, 13, color=T.ON_SURFACE, role=None), align="center", gap=8)

    actions = row(round_button("call_end:fill", END_RED, "Decline", "decline",
                               functools.partial(_decline, ctx, number)),
                  round_button("sms", T.SECONDARY, "Message", "reply",
                               functools.partial(ctx.open_dialog, "reply")),
                  round_button("call:fill", "#1E8E3E", "Answer", "answer",
                               functools.partial(_answer, ctx, number)),
                  justify="center", gap=28, w=FILL)
    overlay = None
    if ctx.query.get("dialog") == "reply":
        items = [list_item(t, None, "sms", on_tap=functools.partial(_reply, ctx, number, t),
                           id=f"reply:{i}") for i, t in enumerate(QUICK_REPLIES)]
        items.append(list_item("Write your own…", None, "edit",
                               on_tap=functools.partial(_reply_custom, ctx, number),
                               id="reply:custom"))
        overlay = bottom_sheet("Reply with a message", items, ctx.close_dialog,
                               id="reply_sheet")
    page = col(head, spacer(), actions, w=FILL, h=FILL, pad=(0, 0, 0, 56))
    return scaffold(page, bg=T.SURFACE_CONTAINER, overlay=overlay)


def _rang_at(ctx: ScreenContext) -> int:
    raw = ctx.query.get("at", "")
    return int(raw) if raw.isdigit() else ctx.os.clock.now_ms()


def _answer(ctx: ScreenContext, number: str) -> None:
    ctx.os.alarms.cancel("phone", "ring")
    ctx.ui["_answered"] = ctx.activity.route
    start_call(ctx, number, incoming=True)


def _decline(ctx: ScreenContext, number: str) -> None:
    """Declining records a ``rejected`` call and leaves the screen."""
    ctx.os.alarms.cancel("phone", "ring")
    log_call(ctx.os, number, "rejected", _rang_at(ctx))
    ctx.ui["_answered"] = ctx.activity.route
    ctx.close_dialog()
    ctx.pop()


def _reply(ctx: ScreenContext, number: str, body: str) -> None:
    """Declines and texts one of the quick replies (sent by the system SMS service)."""
    ctx.os.providers.insert("content://sms", {
        "thread_address": number, "address": OWN_NUMBER, "body": body,
        "timestamp_ms": ctx.os.clock.now_ms(), "type": "sent", "read": True})
    ctx.toast(f"Message sent to {caller_name(ctx.os, number)}")
    _decline(ctx, number)


def _reply_custom(ctx: ScreenContext, number: str) -> None:
    """Declines and opens Messages to write a reply."""
    _decline(ctx, number)
    send_text(ctx, number)
