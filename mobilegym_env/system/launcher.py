"""The home screen: clock widget, paged app grid, page dots, dock, and the searchable drawer."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..kernel.system_ui import GRID_COLUMNS
from ..ui import theme as T
from ..ui.view import FILL, View, col, icon, row, scroll, spacer, text, text_field

if TYPE_CHECKING:
    from ..kernel import Kernel
    from ..kernel.package_manager import AppManifest

WALLPAPER = "#DCE5F2"
LABEL = "#1F2A3C"
DRAWER_FIELD = "drawer_query"


def app_icon(m: AppManifest, size: int = 56) -> View:
    return icon(m.icon, size * 2 // 5, "#FFFFFF", w=size, h=size, radius=size * 2 // 7,
                bg=m.color)


def app_tile(k: Kernel, m: AppManifest, show_label: bool = True, where: str = "grid") -> View:
    return col(
        app_icon(m),
        text(m.name, 12, color=LABEL, text_align="center", w=84, role=None) if show_label else None,
        w=84, align="center", gap=6, on_tap=functools.partial(_launch, k, m.id),
        role="app_icon", label=m.name, id=f"{where}:{m.id}",
    )


def _launch(k: Kernel, app_id: str) -> None:
    """An icon tap: the drawer (and its search) closes behind the app, as on a phone."""
    k.system_ui.drawer_open = False
    k.system_ui.ui.pop(DRAWER_FIELD, None)
    k.launch_app(app_id)


def home(k: Kernel) -> View:
    ui = k.system_ui
    pages = k.launcher.pages
    page = min(ui.launcher_page, len(pages) - 1)
    now = k.clock.local_datetime()
    cells = [app_tile(k, k.packages.manifest(a)) for a in pages[page] if a in k.packages]
    grid_rows = [row(*cells[i : i + GRID_COLUMNS], gap=0, justify="start", h=88)
                 for i in range(0, len(cells), GRID_COLUMNS)]
    dots = row(*[
        View("box", w=8 if i != page else 18, h=8, radius=4,
             bg="#1F2A3C" if i == page else "#9AA6B8")
        for i in range(len(pages))
    ], gap=6, justify="center", h=16, id="page_dots", role="page_indicator",
        label=f"Page {page + 1} of {len(pages)}")
    dock_apps = [app_tile(k, k.packages.manifest(a), False, "dock") for a in k.launcher.dock
                 if a in k.packages]
    search = row(icon("magnifying-glass", 14, T.TEXT_SECONDARY), text("Search apps", 14,
                 color=T.TEXT_SECONDARY, role=None), h=44, radius=22, bg="#F8FAFD",
                 pad=(18, 0), gap=10, on_tap=functools.partial(open_drawer, k, True),
                 role="button", text="Search apps", id="launcher_search")
    return col(
        spacer(h=T.STATUS_BAR_H, w=1, flex=0),
        col(text(now.strftime("%H:%M"), 56, "regular", LABEL, id="home_clock"),
            text(now.strftime("%A, %B %-d"), 15, "medium", LABEL, id="home_date"),
            pad=(24, 16, 24, 16), gap=0),
        col(*grid_rows, w=FILL, h=FILL, pad=(6, 8, 6, 0), id="home_grid"),
        dots,
        col(search, pad=(16, 10, 16, 10)),
        row(*dock_apps, h=84, justify="center" if dock_apps else "start", bg="#E7EDF6",
            radius=28, id="dock") if dock_apps else None,
        spacer(h=T.GESTURE_BAR_H + 8, w=1, flex=0),
        w=FILL, h=FILL, bg=WALLPAPER, id="launcher", pad=(0, 0, 0, 0),
    )


def open_drawer(k: Kernel, focus_search: bool = False) -> None:
    k.system_ui.drawer_open = True
    k.system_ui.ui[DRAWER_FIELD] = ""
    k.system_ui.ui["scroll:drawer"] = 0
    if focus_search:
        k.keyboard.show("system", DRAWER_FIELD)


def drawer_matches(k: Kernel, query: str) -> list[AppManifest]:
    q = query.strip().lower()
    apps = sorted(k.packages.manifests(), key=lambda m: m.name.lower())
    if not q:
        return apps
    return [m for m in apps if q in m.name.lower() or any(q in a.lower() for a in m.aliases)]


def drawer(k: Kernel) -> View:
    ui = k.system_ui.ui
    query = str(ui.get(DRAWER_FIELD, ""))
    kb = k.keyboard
    field = text_field(ui, DRAWER_FIELD, "Search apps", focused=kb.visible and kb.target == (
        "system", DRAWER_FIELD), on_tap=functools.partial(kb.show, "system", DRAWER_FIELD),
        radius=24, id="drawer_search")
    matches = drawer_matches(k, query)
    tiles = [app_tile(k, m, where="drawer") for m in matches]
    rows = [row(*tiles[i : i + GRID_COLUMNS], h=100) for i in range(0, len(tiles), GRID_COLUMNS)]
    body = rows or [text("No apps found", 15, color=T.TEXT_SECONDARY, text_align="center",
                         pad=(0, 40, 0, 0))]
    return col(
        spacer(h=T.STATUS_BAR_H, w=1, flex=0),
        col(field, pad=(16, 8, 16, 12)),
        scroll(*body, store=ui, id="drawer", pad=(6, 0)),
        w=FILL, h=FILL, bg=T.SURFACE, id="app_drawer",
    )


def swipe(k: Kernel, x0: float, y0: float, x1: float, y1: float) -> str | None:
    """Home-screen gestures: page left/right, swipe up for the drawer."""
    ui = k.system_ui
    if ui.drawer_open:
        return None
    dx, dy = x1 - x0, y1 - y0
    if abs(dx) > abs(dy) and abs(dx) > 40:
        pages = len(k.launcher.pages)
        page = min(max(ui.launcher_page + (1 if dx < 0 else -1), 0), pages - 1)
        changed = page != ui.launcher_page
        ui.launcher_page = page
        return "page" if changed else "none"
    if dy < -80:
        open_drawer(k)
        return "drawer"
    return None


