"""The home screen: At a Glance, paged grid of apps and folders, page dots, dock, the search
bar, the searchable drawer, folder panels and the icons' long-press menus.

Pixel behaviour: a long press picks an icon up (its menu shows and it is armed for a drag); a
swipe that starts on the armed icon drops it where it ends: on an app (a new folder), on a
folder (into it), on an empty part of the grid or the dock (moved there), or at the left/right
screen edge (to the previous/next page, a new one past the last).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..kernel.system_ui import (
    DOCK_SIZE,
    FOLDER_NAME_FIELD,
    FOLDER_PREFIX,
    GRID_COLUMNS,
    PAGE_SIZE,
)
from ..ui import theme as T
from ..ui.components import MENU_W, popup_menu, scrim
from ..ui.icons import adaptive_icon
from ..ui.pictures import wallpaper_photo
from ..ui.retain import Call, retained
from ..ui.view import (
    FILL,
    View,
    col,
    editable_field,
    icon,
    image,
    row,
    scroll,
    spacer,
    stack,
    text,
)

if TYPE_CHECKING:
    from ..kernel import Kernel
    from ..kernel.package_manager import AppManifest
    from ..ui.layout import Placed

# the wallpaper's deepest blue: what stands for it where one colour is needed (the bars' icon
# colour is chosen from it)
WALLPAPER = "#3A4A80"
LABEL = T.ON_SURFACE  # on light panels (the drawer, an open folder)
ON_WALLPAPER = "#FFFFFF"
DRAWER_FIELD = "drawer_query"
UNNAMED = "Unnamed folder"
MENU_ID = "launcher_menu"
# Geometry, fixed so that a long-press menu can sit next to its icon (a screen function runs
# before layout, so it places the menu from these numbers; tests check they match the layout).
TILE_W = 84
LABEL_H = 16
TILE_H = 64  # icon 56 + padding 8; a label adds LABEL_H + 6
GRID_TOP = T.STATUS_BAR_H + 72  # status bar + At a Glance
GRID_PAD = (6, 8, 6, 0)
ROW_H = 88
DOCK_H = 84
SEARCH_H = 68  # the bottom search bar, with its margins
DOCK_TOP = T.SCREEN_H - T.GESTURE_BAR_H - 8 - SEARCH_H - DOCK_H
SEARCH_BG = T.SURFACE_CONTAINER_HIGH
DRAWER_TOP = T.STATUS_BAR_H + 68  # status bar + search field
DRAWER_ROW_H = 100
FOLDER_COLUMNS = 3
FOLDER_PAD = 18
FOLDER_W = FOLDER_COLUMNS * TILE_W + 2 * FOLDER_PAD
FOLDER_TITLE_H = 56
FOLDER_ROW_H = 96
MENU_ITEM_H = 48
EDGE_ZONE = 20  # px at the left/right edge where a dropped icon goes to the next page


def app_icon(m: AppManifest, size: int = 56) -> View:
    """The app's adaptive launcher icon (its filled glyph on a circle tinted with its colour)."""
    return adaptive_icon(m.icon, m.color, size)


# A tile is described by plain data (its key) and built once per distinct key: the home
# page, the drawer and folders show the same tiles frame after frame (``ui/retain.py``).
# (where, entry: app id or "folder:<id>", name, picture: ((icon, colour), ...) of an app or
# of up to four apps of a folder, label shown, armed: picked up for a drag)
TileKey = tuple[str, str, str, tuple[tuple[str, str], ...], bool, bool]


def _armed(k: Kernel, node_id: str) -> bool:
    menu = k.system_ui.launcher_menu
    return menu is not None and menu["node"] == node_id


def app_tile_key(k: Kernel, m: AppManifest, show_label: bool = True,
                 where: str = "grid") -> TileKey:
    return (where, m.id, m.name, ((m.icon, m.color),), show_label,
            _armed(k, f"{where}:{m.id}"))


def folder_name(folder: dict) -> str:
    return folder["name"] or UNNAMED


def folder_tile_key(k: Kernel, folder: dict, show_label: bool = True,
                    where: str = "grid") -> TileKey:
    minis = tuple((m.icon, m.color) for m in (k.packages.manifest(a) for a in folder["apps"]
                                              if a in k.packages))[:4]
    entry = f"{FOLDER_PREFIX}{folder['id']}"
    return (where, entry, folder_name(folder), minis, show_label, _armed(k, entry))


@retained(maxsize=256)
def tile(key: TileKey) -> View:
    """An app's or a folder's icon with its label under it: tapping launches the app (opens
    the folder), long-pressing picks it up. ``where`` (grid, dock, folder_app, drawer)
    prefixes an app's id; a folder's is ``folder:<id>``."""
    where, entry, name, minis, show_label, armed = key
    folder = entry.startswith(FOLDER_PREFIX)
    if folder:  # up to four of its apps in miniature on a light disc
        small = [adaptive_icon(glyph, color, 20) for glyph, color in minis]
        grid = col(*[row(*small[i : i + 2], gap=4) for i in range(0, len(small), 2)], gap=4)
        picture = col(grid, w=56, h=56, radius=18, bg=T.SURFACE_CONTAINER_LOW,
                      pad=(6, 6, 6, 6))
        on_tap = Call(open_folder, int(entry[len(FOLDER_PREFIX):]), target="kernel")
    else:
        picture = adaptive_icon(*minis[0], 56)
        on_tap = Call(_launch, entry, target="kernel")
    node_id = entry if folder else f"{where}:{entry}"  # a folder is one node wherever it is
    on_panel = where in ("drawer", "folder_app")
    return col(
        picture,
        text(name, 12, color=LABEL if on_panel else ON_WALLPAPER, text_align="center",
             w=TILE_W, h=LABEL_H, role=None) if show_label else None,
        w=TILE_W, align="center", gap=6, on_tap=on_tap, role="folder" if folder else "app_icon",
        label=name, id=node_id,
        on_long_press=Call(pick_up, node_id, entry, where, target="kernel"),
        selected=armed, bg=(T.ON_SURFACE + "1F" if on_panel else "#FFFFFF33") if armed else None,
        radius=16, pad=(0, 4, 0, 4),
    )


def app_tile(k: Kernel, m: AppManifest, show_label: bool = True, where: str = "grid") -> View:
    """An app icon; ``where`` (grid, dock, folder_app, drawer) prefixes its id."""
    return tile(app_tile_key(k, m, show_label, where))


def folder_tile(k: Kernel, folder: dict, show_label: bool = True, where: str = "grid") -> View:
    """A folder: up to four of its apps in miniature on a light disc; tapping opens it."""
    return tile(folder_tile_key(k, folder, show_label, where))


def _entry_key(k: Kernel, entry: str, where: str, show_label: bool = True) -> TileKey | None:
    if entry.startswith(FOLDER_PREFIX):
        fid = int(entry[len(FOLDER_PREFIX):])
        return folder_tile_key(k, k.launcher.folder(fid), show_label, where) \
            if k.launcher.has_folder(fid) else None
    return app_tile_key(k, k.packages.manifest(entry), show_label, where) \
        if entry in k.packages else None


def _shown(k: Kernel, entries: list[str]) -> list[str]:
    """The entries that have something to show (apps that are installed, folders that exist)."""
    return [e for e in entries if (k.launcher.has_folder(int(e[len(FOLDER_PREFIX):]))
                                   if e.startswith(FOLDER_PREFIX) else e in k.packages)]


def _current_page(k: Kernel) -> int:
    return min(k.system_ui.launcher_page, len(k.launcher.pages) - 1)


# ----- handlers
def _launch(k: Kernel, app_id: str) -> None:
    """An icon tap: the drawer (and its search) or folder closes behind the app."""
    k.system_ui.close_launcher(k.launcher)
    k.system_ui.ui.pop(DRAWER_FIELD, None)
    k.launch_app(app_id)


def pick_up(k: Kernel, node_id: str, item: str, where: str) -> None:
    """A long press on an icon: its menu opens and it is armed for a drag."""
    k.system_ui.launcher_menu = {"node": node_id, "item": item, "where": where}


def close_menu(k: Kernel) -> None:
    k.system_ui.launcher_menu = None


def open_folder(k: Kernel, folder_id: int) -> None:
    k.system_ui.open_folder = folder_id
    k.system_ui.folder_editing = False


def close_folder(k: Kernel) -> None:
    """Tapping outside the panel: the folder closes (saving a name being edited)."""
    if k.keyboard.target == ("system", FOLDER_NAME_FIELD):
        k.keyboard.hide()
    k.system_ui.close_folder(k.launcher)


def edit_folder_name(k: Kernel) -> None:
    ui = k.system_ui
    if ui.open_folder is None:
        return
    if not ui.folder_editing:
        ui.folder_editing = True
        ui.ui[FOLDER_NAME_FIELD] = k.launcher.folder(ui.open_folder)["name"]
    k.keyboard.show("system", FOLDER_NAME_FIELD)


def save_folder_name(k: Kernel) -> None:
    """Enter in the name field: the name is saved and editing ends (the folder stays open)."""
    ui = k.system_ui
    if ui.open_folder is not None and ui.folder_editing:
        k.launcher.rename_folder(ui.open_folder, str(ui.ui.get(FOLDER_NAME_FIELD, "")))
    ui.folder_editing = False
    ui.ui.pop(FOLDER_NAME_FIELD, None)


def _fix_surfaces(k: Kernel) -> None:
    """After a layout change: the page number stays in range, a dissolved folder closes."""
    ui = k.system_ui
    ui.launcher_page = _current_page(k)
    if ui.open_folder is not None and not k.launcher.has_folder(ui.open_folder):
        ui.open_folder = None
        ui.folder_editing = False


def remove_from_home(k: Kernel, item: str) -> None:
    close_menu(k)
    if k.launcher.on_home(item):
        k.launcher.remove(item)
        _fix_surfaces(k)


def add_to_home(k: Kernel, app_id: str) -> None:
    close_menu(k)
    if not k.launcher.on_home(app_id):
        k.launcher.add(app_id)
        k.toast("Added to home screen")


def app_info(k: Kernel, app_id: str) -> None:
    """The app's page in Settings."""
    k.system_ui.close_launcher(k.launcher)
    k.open_app("settings", f"/apps/{app_id}")


# ----- screens
def _glance_key(k: Kernel) -> tuple[str, str, bool]:
    """What At a Glance shows: the date (short, and in full for the UI tree), the alarm."""
    now = k.clock.local_datetime()
    return (f"{now:%a}, {now:%b} {now.day}", f"{now:%A}, {now:%B} {now.day}",
            bool(k.os_state.get("hardware.alarm_active")))


def at_a_glance(k: Kernel) -> View:
    """Pixel's At a Glance: the date (and the alarm while one rings), top left."""
    return _at_a_glance(*_glance_key(k))


def _at_a_glance(date: str, full_date: str, alarm: bool) -> View:
    return col(
        text(date, 22, "regular", ON_WALLPAPER, id="home_date"),
        row(icon("alarm", 14, ON_WALLPAPER), text("Alarm", 14, color=ON_WALLPAPER, role=None),
            gap=6,
            id="glance_alarm", role="text", label="Alarm ringing") if alarm else None,
        h=GRID_TOP - T.STATUS_BAR_H, pad=(24, 18, 24, 0), gap=4, id="at_a_glance",
        role="text", label=full_date,
    )


def search_bar() -> View:
    """The bottom search bar: Google's G, then voice and lens; a tap searches apps."""
    return col(row(
        text("G", 20, "bold", "#4285F4", role=None),
        spacer(),
        icon("mic", 20, T.TEXT, w=32),
        icon("center_focus_weak", 20, T.TEXT, w=32),
        h=SEARCH_H - 16, radius=(SEARCH_H - 16) // 2, bg=SEARCH_BG, pad=(20, 0, 14, 0), gap=8,
        on_tap=Call(open_drawer, True, target="kernel"), role="button", text="Search apps",
        id="launcher_search"), pad=(16, 8, 16, 8), h=SEARCH_H)


def home(k: Kernel) -> View:
    ui = k.system_ui
    layout = k.launcher
    page = _current_page(k)
    cells = tuple(_entry_key(k, e, "grid") for e in _shown(k, layout.pages[page]))
    dock = tuple(_entry_key(k, e, "dock", False) for e in _shown(k, layout.dock))
    folder = layout.folder(ui.open_folder) if ui.open_folder is not None \
        and layout.has_folder(ui.open_folder) else None
    base = _home_page(_dark(k), _glance_key(k), cells, page, len(layout.pages), dock)
    return stack(base, folder_panel(k, folder) if folder else None, _menu(k),
                 w=FILL, h=FILL, bg=WALLPAPER, id="launcher")


def bare(home_view: View) -> bool:
    """Whether nothing lies over a home screen built by :func:`home` (no folder, no menu):
    the bars over it then show the wallpaper itself (see :func:`over_wallpaper`)."""
    return len(home_view.children) == 1


# full-screen pixels (0.9 MB at scale 1) kept per page shown, within the process's pixel
# budget (retain.PIXEL_BUDGET): tasks give the grid its own badges, so pages are many
@retained(maxsize=64)
def _home_page(dark: bool, glance: tuple[str, str, bool], cells: tuple[TileKey, ...],
               page: int, pages: int, dock: tuple[TileKey, ...]) -> View:
    """The wallpaper, At a Glance, the page's grid, the page dots, the dock and the search
    bar: one retained layer, painted again only when one of them changes."""
    grid_rows = [row(*[tile(c) for c in cells[i : i + GRID_COLUMNS]], gap=0, justify="start",
                     h=ROW_H)
                 for i in range(0, len(cells), GRID_COLUMNS)]
    dots = row(*[
        View("box", w=8 if i != page else 18, h=8, radius=4,
             bg=ON_WALLPAPER if i == page else "#FFFFFF80")
        for i in range(pages)
    ], gap=6, justify="center", h=16, id="page_dots", role="page_indicator",
        label=f"Page {page + 1} of {pages}")
    base = col(
        spacer(h=T.STATUS_BAR_H, w=1, flex=0),
        _at_a_glance(*glance),
        col(*grid_rows, w=FILL, h=FILL, pad=GRID_PAD, id="home_grid"),
        dots,
        row(*[tile(c) for c in dock], h=DOCK_H, justify="center", id="dock", role="dock",
            label=f"Dock, {len(dock)} of {DOCK_SIZE}"),
        search_bar(),
        spacer(h=T.GESTURE_BAR_H + 8, w=1, flex=0),
        w=FILL, h=FILL,
    )
    return stack(_wallpaper(dark), base, w=FILL, h=FILL)


def _dark(k: Kernel) -> bool:
    return bool(k.os_state.get("settings.system.dark_mode"))


@retained(maxsize=16)
def over_wallpaper(bar: View, dark: bool) -> View:
    """A see-through bar (status, gesture) with its strip of the wallpaper beneath it: one
    opaque layer of its own, so the bar's blended pixels are kept while the home page
    changes, and the page while the clock turns."""
    photo = image("Wallpaper", source=wallpaper_photo(dark), radius=0, role=None,
                  h=T.SCREEN_H, gravity=bar.gravity)
    return stack(photo, bar, w=FILL, h=bar.h, bg=WALLPAPER, clip=True, gravity=bar.gravity)


def wallpaper(k: Kernel, dim: bool = False) -> View:
    """The wallpaper picture: its darker version in the dark theme, and behind Recents (which
    dims it; one cached picture rather than a scrim blended over it every frame)."""
    return _wallpaper(dim or _dark(k))


@functools.lru_cache(maxsize=2)
def _wallpaper(dark: bool) -> View:
    """One node per version, reused across frames with its pixels (in the frame's own pixel
    format, so it is a plain copy rather than a converting blit)."""
    return stack(image("Wallpaper", source=wallpaper_photo(dark), radius=0, role=None),
                 w=FILL, h=FILL, bg=WALLPAPER, reuse=True)


def _system_field(k: Kernel, key: str, hint: str, field_id: str, **props: object) -> View:
    """A text field of a system surface (its value lives in the system UI state)."""
    kb = k.keyboard
    return editable_field(k.system_ui.ui, key, hint, kb.visible and kb.target == ("system", key),
                          functools.partial(kb.show, "system", key), id=field_id,
                          **{"w": FILL, **props})


def _folder_geometry(k: Kernel, folder: dict) -> tuple[int, int, int]:
    """The open folder panel's left, top and height."""
    rows = max(1, -(-len(folder["apps"]) // FOLDER_COLUMNS))
    h = FOLDER_PAD + FOLDER_TITLE_H + rows * FOLDER_ROW_H + FOLDER_PAD
    kb = T.KEYBOARD_H + T.GESTURE_BAR_H if k.keyboard.visible else 0
    top = max(T.STATUS_BAR_H + 8, (T.SCREEN_H - kb - h) // 2)
    return (T.SCREEN_W - FOLDER_W) // 2, top, h


def folder_panel(k: Kernel, folder: dict) -> View:
    """The open folder over a scrim: its name (tap to rename) and its apps."""
    ui = k.system_ui
    name = folder_name(folder)
    if ui.folder_editing:
        title: View = _system_field(k, FOLDER_NAME_FIELD, "Folder name", "folder_name",
                                    on_submit=functools.partial(save_folder_name, k),
                                    radius=12, size=18)
    else:
        title = text(name, 20, "medium", LABEL if folder["name"] else T.TEXT_SECONDARY,
                     text_align="center", w=FILL, h=48, pad=(0, 13, 0, 0), role="button",
                     on_tap=functools.partial(edit_folder_name, k), id="folder_title")
    tiles = [app_tile(k, k.packages.manifest(a), where="folder_app") for a in folder["apps"]
             if a in k.packages]
    rows = [row(*tiles[i : i + FOLDER_COLUMNS], h=FOLDER_ROW_H, justify="start")
            for i in range(0, len(tiles), FOLDER_COLUMNS)]
    x, y, h = _folder_geometry(k, folder)
    panel = col(col(title, h=FOLDER_TITLE_H), *rows, w=FOLDER_W, h=h, pad=FOLDER_PAD,
                bg=T.SURFACE_CONTAINER, radius=28, block=True, id="folder_panel",
                role="folder_panel", label=name)
    return stack(scrim(functools.partial(close_folder, k)),
                 stack(panel, w=FILL, h=FILL, pad=(x, y, 0, 0)), w=FILL, h=FILL)


def _icon_rect(k: Kernel, item: str, where: str) -> tuple[int, int, int, int] | None:
    """Where an icon is drawn, from the fixed geometry (the menu is placed next to it)."""
    cell = _icon_cell(k, item, where)
    if cell is None:
        return None
    x0, y0, row_h = cell
    h = TILE_H if where == "dock" else TILE_H + LABEL_H + 6
    y0 += (row_h - h) // 2
    return x0, y0, x0 + TILE_W, y0 + h


def _icon_cell(k: Kernel, item: str, where: str) -> tuple[int, int, int] | None:
    """The left and top of the row cell holding an icon, and that row's height."""
    ui = k.system_ui
    if where == "dock":
        shown = _shown(k, k.launcher.dock)
        if item not in shown:
            return None
        return (T.SCREEN_W - TILE_W * len(shown)) // 2 + TILE_W * shown.index(item), DOCK_TOP, \
            DOCK_H
    if where == "grid":
        shown = _shown(k, k.launcher.pages[_current_page(k)])
        if item not in shown:
            return None
        i = shown.index(item)
        return GRID_PAD[0] + TILE_W * (i % GRID_COLUMNS), \
            GRID_TOP + GRID_PAD[1] + ROW_H * (i // GRID_COLUMNS), ROW_H
    if where == "drawer":
        shown = [m.id for m in drawer_matches(k, str(ui.ui.get(DRAWER_FIELD, "")))]
        if item not in shown:
            return None
        i = shown.index(item)
        return 6 + TILE_W * (i % GRID_COLUMNS), DRAWER_TOP + DRAWER_ROW_H * (
            i // GRID_COLUMNS) - int(ui.ui.get("scroll:drawer", 0)), DRAWER_ROW_H
    if ui.open_folder is None or not k.launcher.has_folder(ui.open_folder):
        return None
    folder = k.launcher.folder(ui.open_folder)
    shown = [a for a in folder["apps"] if a in k.packages]
    if item not in shown:
        return None
    i = shown.index(item)
    left, top, _ = _folder_geometry(k, folder)
    return left + FOLDER_PAD + TILE_W * (i % FOLDER_COLUMNS), \
        top + FOLDER_PAD + FOLDER_TITLE_H + FOLDER_ROW_H * (i // FOLDER_COLUMNS), FOLDER_ROW_H


def _menu(k: Kernel) -> View | None:
    """The picked-up icon's popup, above the icon (below it when there is no room)."""
    menu = k.system_ui.launcher_menu
    if menu is None:
        return None
    item, where = menu["item"], menu["where"]
    info = ("App info", functools.partial(app_info, k, item) if "settings" in k.packages
            and not item.startswith(FOLDER_PREFIX) else None, f"{MENU_ID}:app_info")
    if where == "drawer":
        add = functools.partial(add_to_home, k, item) if not k.launcher.on_home(item) else None
        items = [info, ("Add to home screen", add, f"{MENU_ID}:add_to_home")]
    elif item.startswith(FOLDER_PREFIX):
        items = [("Remove", functools.partial(remove_from_home, k, item), f"{MENU_ID}:remove")]
    else:
        items = [info, ("Remove", functools.partial(remove_from_home, k, item),
                        f"{MENU_ID}:remove")]
    rect = _icon_rect(k, item, where)
    if rect is None:
        return None  # its icon is no longer shown (the menu is stale; the next swipe clears it)
    h = len(items) * MENU_ITEM_H + 16
    y = rect[1] - h - 4 if rect[1] - h - 4 >= T.STATUS_BAR_H + 4 else rect[3] + 4
    x = min(max(rect[0], 8), T.SCREEN_W - 8 - MENU_W)
    return popup_menu(items, functools.partial(close_menu, k), id=MENU_ID, at=(x, y))


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
    """Every installed app, alphabetically (in folders or not, on the home screen or not)."""
    ui = k.system_ui.ui
    query = str(ui.get(DRAWER_FIELD, ""))
    field = _system_field(k, DRAWER_FIELD, "Search apps", "drawer_search", radius=24)
    tiles = [app_tile(k, m, where="drawer") for m in drawer_matches(k, query)]
    rows = [row(*tiles[i : i + GRID_COLUMNS], h=DRAWER_ROW_H)
            for i in range(0, len(tiles), GRID_COLUMNS)]
    body = rows or [text("No apps found", 15, color=T.TEXT_SECONDARY, text_align="center",
                         pad=(0, 40, 0, 0))]
    return stack(
        col(spacer(h=T.STATUS_BAR_H, w=1, flex=0),
            col(field, h=DRAWER_TOP - T.STATUS_BAR_H, pad=(16, 8, 16, 12)),
            scroll(*body, store=ui, id="drawer", pad=(6, 0)), w=FILL, h=FILL),
        _menu(k), w=FILL, h=FILL, bg=T.SURFACE, id="app_drawer",
    )


# ----- gestures
def swipe(k: Kernel, placed: list[Placed], x0: float, y0: float, x1: float,
          y1: float) -> str | None:
    """Home-screen gestures: drag a picked-up icon, page left/right, swipe up for the drawer."""
    ui = k.system_ui
    menu = ui.launcher_menu
    if menu is not None:
        ui.launcher_menu = None  # any touch outside the menu dismisses it
        start = _rect_of(placed, menu["node"])
        if menu["where"] != "drawer" and start is not None and _inside(start, x0, y0):
            return drop(k, placed, menu["item"], menu["where"] == "folder_app", x1, y1)
        if _rect_of(placed, MENU_ID) is not None:
            return "none"
    if ui.drawer_open:
        return None
    if ui.open_folder is not None:
        return "none"
    dx, dy = x1 - x0, y1 - y0
    if abs(dx) > abs(dy) and abs(dx) > 40:
        pages = len(k.launcher.pages)
        page = min(max(_current_page(k) + (1 if dx < 0 else -1), 0), pages - 1)
        changed = page != ui.launcher_page
        ui.launcher_page = page
        return "page" if changed else "none"
    if dy < -80:
        open_drawer(k)
        return "drawer"
    return None


def drop(k: Kernel, placed: list[Placed], item: str, from_folder: bool, x: float,
         y: float) -> str:
    """Drops a dragged app or folder at (x, y); returns ``"drop"`` if the layout changed."""
    layout = k.launcher
    if from_folder:
        panel = _rect_of(placed, "folder_panel")
        if panel is not None and _inside(panel, x, y):
            return "none"  # still inside its folder
        close_folder(k)
    page = _current_page(k)
    shown_as = f"{FOLDER_PREFIX}{layout.folder_of(item)}" if from_folder else item
    if x < EDGE_ZONE or x >= T.SCREEN_W - EDGE_ZONE:
        target = page + (1 if x >= EDGE_ZONE else -1)
        if target < 0:
            return "none"
        if not _room_on_page(k, target, item):
            return "none"
        layout.move_to_page(item, target)
        k.system_ui.launcher_page = layout.page_of(item) or 0
        _fix_surfaces(k)
        return "drop"
    hit = _tile_at(placed, x, y)
    dock = _rect_of(placed, "dock")
    in_dock = dock is not None and _inside(dock, x, y)
    if hit is not None and hit != shown_as:
        if hit.startswith(FOLDER_PREFIX) and not item.startswith(FOLDER_PREFIX):
            layout.add_to_folder(item, int(hit[len(FOLDER_PREFIX):]))
        elif not hit.startswith(FOLDER_PREFIX) and not item.startswith(FOLDER_PREFIX):
            layout.create_folder([hit, item])
        else:  # a folder dropped on an icon takes its place; folders do not nest
            index = (layout.dock if in_dock else layout.pages[page]).index(hit)
            if in_dock:
                layout.move_to_dock(item, index)
            else:
                layout.move_to_page(item, page, index)
        _fix_surfaces(k)
        return "drop"
    if hit is not None:
        return "none"  # dropped back where it was
    if in_dock:
        if item not in layout.dock and len(layout.dock) >= DOCK_SIZE:
            k.toast("No more room in the dock")
            return "none"
        layout.move_to_dock(item)
    elif (grid := _rect_of(placed, "home_grid")) is not None and _inside(grid, x, y):
        if not _room_on_page(k, page, item):
            return "none"
        layout.move_to_page(item, page)
    else:
        return "none"
    _fix_surfaces(k)
    return "drop"


def _room_on_page(k: Kernel, page: int, item: str) -> bool:
    pages = k.launcher.pages
    if page < len(pages) and item not in pages[page] and len(pages[page]) >= PAGE_SIZE:
        k.toast("No more room on this page")
        return False
    return True


def _rect_of(placed: list[Placed], node_id: str) -> tuple[int, int, int, int] | None:
    for p in placed:
        if p.view.id == node_id:
            return p.visible_rect()
    return None


def _inside(rect: tuple[int, int, int, int], x: float, y: float) -> bool:
    return rect[0] <= x < rect[2] and rect[1] <= y < rect[3]


def _tile_at(placed: list[Placed], x: float, y: float) -> str | None:
    """The home-screen entry (app id or ``folder:<id>``) whose icon is at (x, y)."""
    for p in placed:
        vid = p.view.id or ""
        where, _, rest = vid.partition(":")
        if where in ("grid", "dock", "folder") and rest and p.view.role in ("app_icon", "folder"):
            rect = p.visible_rect()
            if rect is not None and _inside(rect, x, y):
                return vid if where == "folder" else rest
    return None
