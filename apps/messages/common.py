"""What every Messages screen shares: names, times, avatars and the thread index.

Helpers that read device data take the kernel (``ctx.os`` in a screen), so tasks can use them
too.
"""

from __future__ import annotations

import datetime
import re
from typing import Any
from urllib.parse import quote

# One number comparison and contact lookup for every app (re-exported: tasks import them here)
from mobilegym_env.kernel.providers import (  # noqa: F401
    blocked_numbers,
    contact_for,
    digits,
    number_key,
    same_number,
)
from mobilegym_env.ui import View, avatar, icon, stack
from mobilegym_env.ui import theme as T
from mobilegym_env.ui.pictures import Photo, media_photo, natural_aspect, photo_key

APP = "messages"
SMS = "content://sms"
CONTACTS = "content://contacts"
MEDIA = "content://media"
AVATAR_COLORS = ("#1A73E8", "#0B8043", "#C5221F", "#E37400", "#9334E6", "#007B83", "#B80672",
                 "#5F6368")
SENT_BG, SENT_FG = T.PRIMARY_CONTAINER, T.ON_PRIMARY_CONTAINER
RECV_BG, RECV_FG = T.SURFACE_CONTAINER_HIGH, T.ON_SURFACE
SELECTED_BG = T.SECONDARY_CONTAINER
SCROLL_KEY = "scroll:thread"  # the conversation's scroll offset in the activity's UI state
BOTTOM = 1 << 30  # a scroll offset past the end: layout clamps it to the last message
IMAGE_LINE = re.compile(r"\[Image: (.+)\]")
# a typed recipient that is a number: phone punctuation and at least three digits
NUMBER = re.compile(r"\+?[\d\s().-]*\d[\d\s().-]*")


def thread_route(address: str) -> str:
    """The conversation route for an address (spaces and the like are %-escaped)."""
    return f"/thread/{quote(address, safe='+')}"


def is_number(typed: str) -> bool:
    """Whether typed text can be a phone number (a short code counts)."""
    return bool(NUMBER.fullmatch(typed.strip())) and len(digits(typed)) >= 3


def display_name(kernel: Any, address: str) -> str:
    """The contact's name for an address, else the address itself."""
    c = contact_for(kernel, address)
    return (c.get("name") or address) if c else address


def local_time(kernel: Any, ms: int) -> datetime.datetime:
    """Epoch milliseconds as the phone's local wall time."""
    offset = kernel.clock.tz_offset_minutes * 60_000
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms + offset)


def short_time(kernel: Any, ms: int) -> str:
    """``09:41`` today, ``May 21`` this year, ``5/21/24`` before."""
    when, now = local_time(kernel, ms), kernel.clock.local_datetime()
    if when.date() == now.date():
        return when.strftime("%H:%M")
    if when.year == now.year:
        return f"{when:%b} {when.day}"
    return f"{when.month}/{when.day}/{when:%y}"


def day_label(kernel: Any, ms: int) -> str:
    """The day header above a conversation's messages: ``Today`` or ``Mon, Mar 2``."""
    when, now = local_time(kernel, ms), kernel.clock.local_datetime()
    if when.date() == now.date():
        return "Today"
    label = f"{when:%a}, {when:%b} {when.day}"
    return label if when.year == now.year else f"{label}, {when.year}"


def person_avatar(kernel: Any, address: str, size: int = 48) -> View:
    """A contact's coloured initial, or a grey silhouette for an unknown number."""
    c = contact_for(kernel, address)
    return contact_avatar(((c.get("name") or address), c["id"]) if c else None, size)


def contact_avatar(face: tuple[str, int] | None, size: int = 48) -> View:
    """The avatar of a contact given as (name, id), or None for an unknown number."""
    if face is None:
        return stack(icon("user", size * 2 // 5, "#FFFFFF", gravity="center"), w=size, h=size,
                     radius=size // 2, bg="#9AA0A6")
    return avatar(face[0], size, AVATAR_COLORS[face[1] % len(AVATAR_COLORS)])


def check_avatar(size: int = 48) -> View:
    """The avatar of a selected row: a blue disc with a check mark."""
    return stack(icon("check", size * 2 // 5, T.ON_PRIMARY, gravity="center"), w=size,
                 h=size, radius=size // 2, bg=T.PRIMARY)


def threads(kernel: Any) -> list[tuple[str, dict[str, Any], int]]:
    """(address, newest message, unread count) per conversation, newest conversation first."""
    latest: dict[str, dict[str, Any]] = {}
    unread: dict[str, int] = {}
    for m in kernel.providers.query(SMS, order_by="timestamp_ms"):
        addr = m["thread_address"]
        latest[addr] = m
        if m["type"] == "inbox" and not m["read"]:
            unread[addr] = unread.get(addr, 0) + 1
    order = sorted(latest, key=lambda a: (latest[a]["timestamp_ms"], latest[a]["id"]),
                   reverse=True)
    return [(a, latest[a], unread.get(a, 0)) for a in order]


def archived(store: dict[str, Any]) -> list[str]:
    """The archived thread addresses of the app store (read-only use; [] if malformed)."""
    found = store.get("archived")
    return found if isinstance(found, list) else []


def snippet(m: dict[str, Any]) -> str:
    """A message on one line as the thread list shows it (pictures say "Photo")."""
    lines = [("Photo" if IMAGE_LINE.fullmatch(ln.strip()) else ln)
             for ln in str(m.get("body") or "").split("\n")]
    body = " ".join(ln for ln in lines if ln.strip())
    return f"You: {body}" if m.get("type") == "sent" else body


def split_images(body: str) -> tuple[str, list[str]]:
    """A message body's text and the names of its ``[Image: name]`` pictures."""
    text_lines, names = [], []
    for line in body.split("\n"):
        m = IMAGE_LINE.fullmatch(line.strip())
        if m:
            names.append(m.group(1))
        else:
            text_lines.append(line)
    return "\n".join(text_lines).strip(), names


def picture_of(os: Any, name: str, media_id: Any = None, fit: str = "cover") -> Photo:
    """The picture of an attachment: its media row (by id, else by file name) gives its size
    and follows its file through renames; a name no file has any more keeps its own picture
    (the same one: pictures are keyed by the original file name)."""
    rows = os.providers.query(MEDIA)
    row = next((r for r in rows if media_id is not None and r.get("id") == media_id), None) \
        or next((r for r in rows if str(r.get("path") or "").rsplit("/", 1)[-1] == name), None)
    return media_photo(row, os.files, fit) if row else Photo(photo_key(name), None, fit)


def picture_height(photo: Photo, width: int, low: int, high: int) -> int:
    """The height that shows ``photo`` at ``width`` in its own shape, within [low, high]."""
    aspect = photo.aspect or natural_aspect(photo.key)
    return min(max(round(width / aspect), low), high)


def send_button(on_tap: Any) -> View:
    """The round blue paper-plane button of a composer."""
    return stack(icon("paper-plane", 18, SENT_FG, gravity="center"), w=44, h=44, radius=22,
                 bg=SENT_BG, on_tap=on_tap, role="button", label="Send", id="send")
