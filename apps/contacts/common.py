"""What every Contacts screen shares: provider access, display formats, the search box, rows.

All data lives in the shared contacts provider (``content://contacts``); the app keeps no copy.
"""

from __future__ import annotations

import re
from typing import Any

from mobilegym_env.kernel.providers import CONTACT_LABELS, PHONE_TYPES
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    avatar,
    icon,
    list_item,
    retained,
    row,
    stack,
)
from mobilegym_env.ui import theme as T

URI = "content://contacts"
AVATAR_COLORS = ("#1A73E8", "#0B8043", "#C5221F", "#E37400", "#9334E6", "#007B83", "#B80672",
                 "#5F6368")
STAR_ON = "#F9AB00"
# Labels already in use are offered too, so data from elsewhere stays editable.
LABELS = CONTACT_LABELS
PHONE_TYPE_NAMES = {t: t.capitalize() for t in PHONE_TYPES}
SEARCHED = ("name", "company", "job_title", "email", "address", "note")


def avatar_color(contact_id: Any) -> str:
    """A stable avatar colour per contact id."""
    try:
        return AVATAR_COLORS[int(contact_id) % len(AVATAR_COLORS)]
    except (TypeError, ValueError):
        return AVATAR_COLORS[-1]


def all_contacts(ctx: ScreenContext) -> list[dict[str, Any]]:
    """Every contact, sorted by name as the list shows them."""
    rows = ctx.os.providers.query(URI)
    return sorted(rows, key=lambda c: (display_name(c).casefold(), c["id"]))


def get_contact(ctx: ScreenContext, raw_id: Any) -> dict[str, Any] | None:
    """The contact with id ``raw_id`` (an int or a route's digit string), or None."""
    if isinstance(raw_id, str):
        if not raw_id.isdigit():
            return None
        raw_id = int(raw_id)
    rows = ctx.os.providers.query(f"{URI}/{raw_id}")
    return rows[0] if rows else None


def open_contact(ctx: ScreenContext, contact_id: int) -> None:
    """Opens a contact's page; the search keyboard goes away, as leaving a page hides it."""
    ctx.os.keyboard.hide()
    ctx.push(f"/contact/{contact_id}")


def display_name(c: dict[str, Any]) -> str:
    """The name shown for a contact: its name, else its number."""
    return c.get("name") or c.get("phone") or "(No name)"


def digits(value: str) -> str:
    """Only the digits of a phone number, for number search."""
    return re.sub(r"\D", "", value or "")


def matches(c: dict[str, Any], query: str) -> bool:
    """Whether a search matches a contact's text fields (name, company, job title, email,
    address, note) or, by digits, one of its numbers."""
    q = query.strip().casefold()
    if not q:
        return True
    texts = (c.get(k) for k in SEARCHED)
    if any(q in (t or "").casefold() for t in texts):
        return True
    q_digits = digits(q)
    return bool(q_digits) and len(q_digits) == len(re.sub(r"[\s()+\-.]", "", q)) and any(
        q_digits in digits(c.get(k) or "") for k in ("phone", "phone2"))


def search(ctx: ScreenContext, query: str) -> list[dict[str, Any]]:
    """The contacts a search shows, in list order."""
    return [c for c in all_contacts(ctx) if matches(c, query)]


def search_box(ctx: ScreenContext) -> View:
    """The rounded "Search contacts" field under the app bar."""
    field = ctx.field("search", "Search contacts", id="search", w=FILL, radius=24, pad=(44, 0),
                      bg=T.SURFACE_VARIANT)
    return stack(field, row(icon("magnifying-glass", 16, T.TEXT_SECONDARY), h=48, pad=(16, 0),
                            gravity="center-left"),
                 w=FILL, h=48)


def contact_row(c: dict[str, Any], id: str, on_tap: Any, on_long_press: Any = None,
                subtitle: str | None = None, selected: bool = False,
                star: bool = False) -> View:
    """One contact in a list: avatar (a check mark when selected), name, optional star.

    With ``Call`` handlers (or None) the row is the retained one for what it shows."""
    args = (display_name(c), c["id"], id, on_tap, on_long_press, subtitle, selected,
            bool(star and c.get("starred")))
    if all(h is None or isinstance(h, Call) for h in (on_tap, on_long_press)):
        return _retained_row(*args)
    return _row(*args)


def _row(name: str, contact_id: int, id: str, on_tap: Any, on_long_press: Any,
         subtitle: str | None, selected: bool, starred: bool) -> View:
    lead = icon("check", 18, T.ON_ACCENT, w=40, h=40, radius=20, bg=T.ACCENT) if selected \
        else avatar(name, 40, avatar_color(contact_id))
    trailing = icon("star", 14, STAR_ON) if starred else None
    label = f"{name} {subtitle}" if subtitle else name
    return list_item(name, subtitle, lead, trailing=trailing, on_tap=on_tap,
                     on_long_press=on_long_press, id=id, selected=selected, label=label)


_retained_row = retained(_row, maxsize=256)  # every row of a long list, built each frame


def bottom_room() -> View:
    """Room under the last row so the FAB never covers it."""
    return View("box", h=88)


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


def birthday_text(value: str | None) -> str | None:
    """``"1990-04-12"`` -> ``"April 12, 1990"``; ``"07-23"`` -> ``"July 23"``."""
    if not value:
        return None
    parts = value.split("-")
    year = parts[0] if len(parts) == 3 else None
    month, day = int(parts[-2]), int(parts[-1])
    shown = f"{MONTHS[month - 1]} {day}"
    return f"{shown}, {year}" if year else shown
