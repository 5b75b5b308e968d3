"""Volatile state of the system surfaces (launcher, shade, recents, toasts) and launcher layout."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GRID_COLUMNS = 4
GRID_ROWS = 5
PAGE_SIZE = GRID_COLUMNS * GRID_ROWS
DOCK_SIZE = 4
TOAST_MS = 3000


@dataclass
class Toast:
    text: str
    expires_ms: int


@dataclass
class SystemUi:
    """What system chrome is showing. Volatile: a reboot starts from the home page."""

    shade_open: bool = False
    recents_open: bool = False
    drawer_open: bool = False
    launcher_page: int = 0
    toast: Toast | None = None
    ui: dict[str, Any] = field(default_factory=dict)  # text fields / scroll of system surfaces

    def state(self) -> dict[str, Any]:
        return {
            "shade_open": self.shade_open,
            "recents_open": self.recents_open,
            "drawer_open": self.drawer_open,
            "launcher_page": self.launcher_page,
            "toast": self.toast.text if self.toast else None,
        }


@dataclass
class LauncherLayout:
    """Pinned apps on the home pages and the dock. Persisted (the original's ``launcher`` key)."""

    pages: list[list[str]]
    dock: list[str]

    @classmethod
    def default(cls, app_ids: list[str], dock_preference: tuple[str, ...] = ()) -> LauncherLayout:
        dock = [a for a in dock_preference if a in app_ids][:DOCK_SIZE]
        rest = [a for a in app_ids if a not in dock]
        pages = [rest[i : i + PAGE_SIZE] for i in range(0, len(rest), PAGE_SIZE)] or [[]]
        return cls(pages, dock)

    def page_of(self, app_id: str) -> int | None:
        for i, page in enumerate(self.pages):
            if app_id in page:
                return i
        return None

    def move_to_page(self, app_id: str, page: int) -> None:
        """Moves a pinned app to the end of ``page`` (creating pages as needed)."""
        if page < 0:
            raise ValueError(f"page must be >= 0, got {page}")
        if any(len(p) >= PAGE_SIZE for p in self.pages[page : page + 1]):
            raise ValueError(f"launcher page {page} is full")
        for p in self.pages:
            if app_id in p:
                p.remove(app_id)
        if app_id in self.dock:
            self.dock.remove(app_id)
        while len(self.pages) <= page:
            self.pages.append([])
        self.pages[page].append(app_id)
        while len(self.pages) > 1 and not self.pages[-1]:
            self.pages.pop()

    def state(self) -> dict[str, Any]:
        return {"pages": [list(p) for p in self.pages], "dock": list(self.dock)}
