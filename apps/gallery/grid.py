"""The photo grid every Gallery page shows (month sections of square tiles), and its selection
mode: long-press a tile, tap more, then favorite, delete or file them into an album."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    icon,
    image,
    retained,
    row,
    section_header,
    selection_bar,
    stack,
)
from mobilegym_env.ui import theme as T
from mobilegym_env.ui.pictures import Photo

from .common import ZOOM_KEY, favorites, get, local_time, photo_of

SELECT = "photos"  # the selection-mode key of photo tiles
COLUMNS = 3
TILE_H = 116


def tile(ctx: ScreenContext, photo: dict[str, Any], favorite: bool, selecting: bool,
         selected: bool, on_tap: Callable[[], None]) -> View:
    """A square photo; a heart marks a favorite, a check circle the selection. With a
    ``Call`` for ``on_tap`` the tile is the retained one for what it shows."""
    title = str(photo.get("title") or photo.get("path") or "")
    build = _retained_tile if isinstance(on_tap, Call) else _tile
    return build(title, photo_of(ctx, photo), photo["id"], favorite, selecting, selected,
                 on_tap)


def _tile(title: str, source: Photo, photo_id: int, favorite: bool, selecting: bool,
          selected: bool, on_tap: Callable[[], None]) -> View:
    pic = image(title, w=FILL, h=TILE_H, source=source,
                radius=12 if selected else 4, id=f"photo:{photo_id}", on_tap=on_tap,
                selected=selected, on_long_press=Call("toggle_selected", SELECT, photo_id))
    marks = []
    if favorite:
        marks.append(icon("heart", 14, "#FFFFFF", gravity="bottom-left"))
    if selecting:
        marks.append(icon("circle-check" if selected else "circle", 18,
                          T.ACCENT if selected else "#FFFFFF", gravity="top-left",
                          bg="#FFFFFF" if selected else None, radius=9))
    if not marks:
        return pic
    return stack(pic, stack(*marks, pad=6, w=FILL, h=FILL), w=FILL, h=TILE_H,
                 bg=T.SECONDARY_CONTAINER if selected else None, radius=4)


_retained_tile = retained(_tile, maxsize=128)


def _line(tiles: tuple[View, ...]) -> View:
    """A row of tiles, blank boxes filling it up to ``COLUMNS``."""
    blanks = [View("box", w=FILL, h=TILE_H) for _ in range(COLUMNS - len(tiles))]
    return row(*tiles, *blanks, gap=3, pad=(2, 0))


_retained_line = retained(_line)


def grid(ctx: ScreenContext, shown: list[dict[str, Any]],
         on_tap: Callable[[dict[str, Any]], Callable[[], None]] | None = None,
         chosen: list[int] | None = None, by_month: bool = True) -> list[View]:
    """Month headers and rows of tiles for ``shown`` (newest first). ``on_tap(photo)`` makes a
    tile's tap handler (default: toggle in selection mode, else open the photo); ``chosen``
    overrides which ids show as selected."""
    favs = set(favorites(ctx))
    selecting = ctx.selecting(SELECT) or chosen is not None
    picked = set(chosen if chosen is not None else ctx.selection(SELECT))
    groups: dict[str, list[dict[str, Any]]] = {}
    for p in shown:
        when = local_time(ctx, int(p.get("taken_ms") or 0))
        groups.setdefault(f"{when:%B} {when.year}" if by_month else "", []).append(p)
    items: list[View] = []
    for label, group in groups.items():
        if label:
            items.append(section_header(label))
        tiles = [tile(ctx, p, p["id"] in favs, selecting, p["id"] in picked,
                      on_tap(p) if on_tap else Call(tap_photo, p["id"]))
                 for p in group]
        for i in range(0, len(tiles), COLUMNS):
            line = tuple(tiles[i : i + COLUMNS])
            shared = all(t.reuse for t in line)  # rows of retained tiles are retained too
            items.append((_retained_line if shared else _line)(line))
    return items


def tap_photo(ctx: ScreenContext, photo_id: int) -> None:
    if ctx.selecting(SELECT):
        ctx.toggle_selected(SELECT, photo_id)
    else:
        ctx.ui.pop(ZOOM_KEY, None)  # a photo opens unzoomed
        ctx.push(f"/photo/{photo_id}")


def chosen_ids(ctx: ScreenContext) -> list[int]:
    """The selected photos that still exist, in the order they were chosen."""
    return [i for i in ctx.selection(SELECT) if get(ctx, i) is not None]


def bar(ctx: ScreenContext) -> View:
    """The selection-mode app bar: ✕, the count, favorite, delete and ⋮."""
    chosen = chosen_ids(ctx)
    favs = set(favorites(ctx))
    unfav = bool(chosen) and all(i in favs for i in chosen)
    return selection_bar(len(chosen), Call("end_selection", SELECT), [
        bar_action("heart-crack" if unfav else "heart",
                   Call(set_favorite, tuple(chosen), not unfav),
                   "Remove from favorites" if unfav else "Add to favorites", "sel_favorite",
                   T.TEXT),
        bar_action("trash", Call("open_dialog", "sel_delete"), "Delete", "sel_delete", T.TEXT),
        bar_action("ellipsis-vertical", Call("open_dialog", "sel_menu"), "More options",
                   "sel_more", T.TEXT),
    ])


def set_favorite(ctx: ScreenContext, ids: Sequence[int], on: bool) -> None:
    """Adds ``ids`` to the favorites (kept sorted, a stable set) or removes them; ends any
    selection."""
    favs = ctx.state.setdefault("favorites", [])
    if not isinstance(favs, list):
        favs = ctx.state["favorites"] = []
    for pid in ids:
        if on and pid not in favs and get(ctx, pid) is not None:
            favs.append(pid)
        elif not on and pid in favs:
            favs.remove(pid)
    favs.sort()
    ctx.end_selection(SELECT)

