"""Browser's persisted store: tabs, bookmarks, history and downloads.

- ``tabs``: ``{"id", "history": [url, ...], "index"}``; the tab shows ``history[index]``
  (Back and Forward move ``index``; opening a link drops the forward entries).
  ``current_tab`` is the id of the tab on screen.
- ``bookmarks``: ``{"id", "title", "url", "created_ms"}``.
- ``history``: ``{"id", "title", "url", "visited_ms"}``, one record per visit, oldest first.
- ``downloads``: ``{"id", "name", "path", "url", "created_ms"}`` (the file is in the kernel's
  filesystem under ``/sdcard/Download``).

Each list has its ``next_*`` id counter beside it.
"""

from __future__ import annotations

import datetime
from typing import Any

NEWTAB = "about:newtab"

BOOKMARKS: tuple[tuple[str, str, str], ...] = (
    ("The Daily Ledger", "https://news.local/", "2026-01-12 08:10"),
    ("Gadget Corner - Electronics and gadgets", "https://shop.local/", "2026-01-20 19:44"),
    ("Banana Pancakes - Home Kitchen", "https://recipes.local/banana-pancakes",
     "2026-02-08 09:02"),
    ("Contact us - Riverside Help Center", "https://help.local/contact", "2026-02-16 12:30"),
)
HISTORY: tuple[tuple[str, str, str], ...] = (
    ("Home Kitchen - Easy recipes", "https://recipes.local/", "2026-02-27 18:20"),
    ("Greek Salad - Home Kitchen", "https://recipes.local/greek-salad", "2026-02-27 18:22"),
    ("Gadget Corner - Electronics and gadgets", "https://shop.local/", "2026-02-28 21:05"),
    ("Boom Mini Speaker - Gadget Corner", "https://shop.local/product/boom-mini-speaker",
     "2026-02-28 21:07"),
    ("The Daily Ledger", "https://news.local/", "2026-03-01 07:45"),
    ("Corner bakery wins regional bread award - The Daily Ledger",
     "https://news.local/bakery-bread-award", "2026-03-01 07:48"),
    ("Opening hours - Riverside Help Center", "https://help.local/hours", "2026-03-01 16:12"),
    ("The Daily Ledger", "https://news.local/", "2026-03-02 08:30"),
)


def ms(stamp: str) -> int:
    """``"YYYY-MM-DD HH:MM"`` (UTC) to epoch milliseconds."""
    when = datetime.datetime.strptime(stamp, "%Y-%m-%d %H:%M").replace(
        tzinfo=datetime.timezone.utc)
    return int(when.timestamp()) * 1000


def initial_state() -> dict[str, Any]:
    """Factory data: one tab on the start page, four bookmarks, eight visits, no downloads."""
    return {
        "tabs": [{"id": 1, "history": [NEWTAB], "index": 0}],
        "current_tab": 1,
        "next_tab_id": 2,
        "bookmarks": [{"id": i, "title": t, "url": u, "created_ms": ms(s)}
                      for i, (t, u, s) in enumerate(BOOKMARKS, 1)],
        "next_bookmark_id": len(BOOKMARKS) + 1,
        "history": [{"id": i, "title": t, "url": u, "visited_ms": ms(s)}
                    for i, (t, u, s) in enumerate(HISTORY, 1)],
        "next_history_id": len(HISTORY) + 1,
        "downloads": [],
        "next_download_id": 1,
    }
