"""What Phone's screens share: contact lookup by number, time and duration formats, the call
log and blocked-number writes, and starting a call.

Calls live in the call-log provider (``content://calls``), people in the contacts provider,
blocked numbers in the system-wide blocked-numbers provider (``content://blocked``, shared with
Messages and Contacts); the app's own store keeps voicemails (``state.py``). Numbers compare
and resolve to contacts through the kernel's ``same_number`` / ``contact_for``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from mobilegym_env.kernel.providers import (
    blocked_numbers,
    contact_for,
    digits,
)
from mobilegym_env.ui import ScreenContext, View, avatar, icon
from mobilegym_env.ui import theme as T

CALLS = "content://calls"
CONTACTS = "content://contacts"
BLOCKED = "content://blocked"
AVATAR_COLORS = ("#1A73E8", "#0B8043", "#C5221F", "#E37400", "#9334E6", "#007B83", "#B80672",
                 "#5F6368")
MISSED_RED = "#C5221F"
# call type -> (icon, caption): Google Phone's arrows
CALL_KINDS = {
    "incoming": ("call_received", "Incoming"),
    "outgoing": ("call_made", "Outgoing"),
    "missed": ("call_missed", "Missed"),
    "rejected": ("call_end", "Declined"),
    "blocked": ("block", "Blocked"),
}
CALL = "call"  # ui key of the call in progress: {"number", "start_ms", "dir", "muted", ...}
MAX_NUMBER = 24  # longest number the keypad or a field takes


def caller_name(kernel: Any, number: str) -> str:
    """The contact's name for a number, else the number itself."""
    c = contact_for(kernel, number)
    return (c.get("name") or number) if c else number


def avatar_color(key: Any) -> str:
    """A stable avatar colour per contact id (or any int)."""
    return AVATAR_COLORS[int(key) % len(AVATAR_COLORS)] if isinstance(key, int) \
        else AVATAR_COLORS[-1]


def contacts(ctx: ScreenContext) -> list[dict[str, Any]]:
    """Every contact, by name."""
    return sorted(ctx.os.providers.query(CONTACTS),
                  key=lambda c: ((c.get("name") or c.get("phone") or "").casefold(), c["id"]))


def get_contact(ctx: ScreenContext, raw_id: Any) -> dict[str, Any] | None:
    """The contact with id ``raw_id`` (int or a route's digit string), or None."""
    if isinstance(raw_id, str):
        if not raw_id.isdigit():
            return None
        raw_id = int(raw_id)
    rows = ctx.os.providers.query(f"{CONTACTS}/{raw_id}")
    return rows[0] if rows else None


# --------------------------------------------------------------------------- formats
def local_time(kernel: Any, ms: int) -> datetime.datetime:
    """Epoch milliseconds as the phone's local wall time."""
    offset = kernel.clock.tz_offset_minutes * 60_000
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms + offset)


def clock_time(when: datetime.datetime) -> str:
    """``2:15 PM``."""
    return f"{when.hour % 12 or 12}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def day_group(kernel: Any, ms: int) -> str:
    """The Recents section of a call: ``Today``, ``Yesterday`` or ``Older``."""
    days = (kernel.clock.local_datetime().date() - local_time(kernel, ms).date()).days
    return "Today" if days <= 0 else "Yesterday" if days == 1 else "Older"


def when_text(kernel: Any, ms: int) -> str:
    """A call's time in a list: ``2:15 PM`` today, ``Yesterday``, ``Fri`` this week, else
    ``Feb 23``."""
    when = local_time(kernel, ms)
    days = (kernel.clock.local_datetime().date() - when.date()).days
    if days <= 0:
        return clock_time(when)
    if days == 1:
        return "Yesterday"
    if days < 7:
        return f"{when:%a}"
    return f"{when:%b} {when.day}"


def full_time(kernel: Any, ms: int) -> str:
    """``Mon, Feb 23, 9:12 AM`` (the call details page)."""
    when = local_time(kernel, ms)
    return f"{when:%a}, {when:%b} {when.day}, {clock_time(when)}"


def duration_text(seconds: int) -> str:
    """``35 sec``, ``4 min 5 sec``, ``1 hr 2 min``."""
    if seconds < 60:
        return f"{seconds} sec"
    minutes, sec = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {sec} sec" if sec else f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} hr {minutes} min"


def timer_text(seconds: int) -> str:
    """The in-call timer: ``0:07``, ``12:40``, ``1:02:03``."""
    minutes, sec = divmod(max(0, seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{sec:02d}" if hours else f"{minutes}:{sec:02d}"


# --------------------------------------------------------------------------- writes
def log_call(kernel: Any, number: str, kind: str, start_ms: int, duration_s: int = 0) -> int:
    """Records a call in the call log (the contact's name cached, as Android does); returns
    the row id."""
    c = contact_for(kernel, number)
    return kernel.providers.insert(CALLS, {
        "number": number, "name": c.get("name") if c else None, "type": kind,
        "date_ms": start_ms, "duration_s": max(0, int(duration_s))})


def blocked_entry(kernel: Any, number: str) -> dict[str, Any] | None:
    """The blocked-numbers row matching ``number`` (in any punctuation), or None."""
    return blocked_numbers(kernel).find(number)


def block(kernel: Any, number: str) -> bool:
    """Blocks a number system-wide (once); returns whether it was new."""
    return blocked_numbers(kernel).block(number, kernel.clock.now_ms()) is not None


def unblock(kernel: Any, number: str) -> bool:
    """Unblocks a number; returns whether it was blocked."""
    return blocked_numbers(kernel).unblock(number) > 0


def end_call(kernel: Any, call: Mapping[str, Any] | None) -> None:
    """Logs a call that was going on (outgoing or answered), its duration the time since it
    started."""
    if call:
        seconds = (kernel.clock.now_ms() - call["start_ms"]) // 1000
        log_call(kernel, call["number"], "incoming" if call["dir"] == "in" else "outgoing",
                 call["start_ms"], seconds)


def pretty(number: str) -> str:
    """A dialled string as the dialer shows it: ``4155550199`` -> ``(415) 555-0199``,
    ``+14155550199`` -> ``+1 415-555-0199``; anything else (short codes, * and #, numbers
    already punctuated) as typed."""
    if not re.fullmatch(r"\+?\d+", number):
        return number
    d = digits(number)
    if len(d) == 10 and not number.startswith("+"):
        return f"({d[:3]}) {d[3:6]}-{d[6:]}"
    if len(d) == 11 and d[0] == "1":
        return f"+1 {d[1:4]}-{d[4:7]}-{d[7:]}"
    return number


def valid_number(number: str) -> bool:
    """Whether a typed number can be dialled: phone punctuation and at least three digits."""
    return bool(re.fullmatch(r"\+?[\d\s().*#-]+", number.strip())) \
        and len(digits(number)) >= 3 and len(number) <= MAX_NUMBER


def start_call(ctx: ScreenContext, number: str, incoming: bool = False) -> None:
    """Places (or, ``incoming``, takes) a call: the in-call screen, its timer from now."""
    number = pretty(number.strip())
    if not valid_number(number):
        ctx.toast("Enter a valid number")
        return
    ctx.os.keyboard.hide()
    end_call(ctx.os, ctx.ui.pop(CALL, None))  # one line: a new call ends the one going on
    ctx.ui[CALL] = {"number": number, "start_ms": ctx.os.clock.now_ms(),
                    "dir": "in" if incoming else "out", "muted": False, "speaker": False,
                    "keypad": False, "tones": ""}
    if ctx.path in ("/incoming", "/call"):
        ctx.replace("/call")
    else:
        ctx.push("/call")


def open_menu(ctx: ScreenContext, kind: str, item_id: int) -> None:
    """Opens dialog ``kind`` about one item (``?dialog=kind&id=item_id``): a row's menu."""
    ctx.open_dialog(kind, id=item_id)


def face(name: str, contact_id: int, size: int = 40) -> View:
    """A contact's initial on their colour; an unknown caller's person glyph (``id`` < 0)."""
    if contact_id < 0:
        return icon("person:fill", size // 2, T.ON_PRIMARY_CONTAINER, w=size, h=size,
                    radius=size // 2, bg=T.PRIMARY_CONTAINER)
    return avatar(name, size, avatar_color(contact_id))


def send_text(ctx: ScreenContext, number: str) -> None:
    """Hands a number to the SMS app (``ACTION_SENDTO``, scheme ``sms``) in its own Task."""
    if not ctx.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                               "data": {"address": number}}, new_task=True):
        ctx.toast("No app can send messages")


def new_intent(ctx: ScreenContext, action: str) -> dict[str, Any] | None:
    """The data of the intent that started this activity if it is ``action`` and not yet
    applied (a screen prefills from it once per delivered intent), else None."""
    intent = ctx.intent
    if not isinstance(intent, dict) or ctx.ui.get(f"_intent:{action}") is intent:
        return None
    ctx.ui[f"_intent:{action}"] = intent
    if intent.get("action") != action:
        return None
    data = intent.get("data")
    return data if isinstance(data, dict) else {}
