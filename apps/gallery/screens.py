"""Gallery's screens: the photo grid (all or favorites) and the full-screen viewer.

Photos are rows of the shared media provider (``content://media``) whose files live in the
virtual file system; the app's own store only holds the ids of favorite photos. Share posts an
``ACTION_SEND image/*`` intent (Messages receives it as a singleTask share target).
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    chip,
    col,
    dialog,
    empty_state,
    icon,
    icon_button,
    image,
    row,
    scaffold,
    section_header,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

MEDIA = "content://media"
COLUMNS = 3
TILE_H = 116
VIEWER_BG = "#000000"
VIEWER_FG = "#FFFFFF"
VIEWER_DIM = "#BDC1C6"
FAVORITE = "#F28B82"


# --------------------------------------------------------------------------- helpers
def _photos(ctx: ScreenContext) -> list[dict[str, Any]]:
    rows = ctx.os.providers.query(MEDIA, order_by="taken_ms", desc=True)
    return [r for r in rows if str(r.get("mime") or "").startswith("image/")]


def _get(ctx: ScreenContext, raw_id: str) -> dict[str, Any] | None:
    if not raw_id.isdigit():
        return None
    rows = ctx.os.providers.query(f"{MEDIA}/{int(raw_id)}")
    return rows[0] if rows else None


def _favorites(ctx: ScreenContext) -> list[int]:
    favs = ctx.state.setdefault("favorites", [])
    return favs if isinstance(favs, list) else []


def _local(ctx: ScreenContext, ms: int) -> datetime.datetime:
    offset = ctx.os.clock.tz_offset_minutes * 60_000
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms + offset)


def _file_name(photo: dict[str, Any]) -> str:
    return str(photo.get("path") or "").rsplit("/", 1)[-1] or str(photo.get("title") or "")


# --------------------------------------------------------------------------- grid
def _tile(ctx: ScreenContext, photo: dict[str, Any], favorite: bool) -> View:
    title = str(photo.get("title") or _file_name(photo))
    tile = image(title, w=FILL, h=TILE_H, radius=4, id=f"photo:{photo['id']}",
                 on_tap=functools.partial(_open, ctx, photo["id"]))
    if not favorite:
        return tile
    heart = icon("heart", 14, "#FFFFFF", gravity="bottom-left")
    return stack(tile, col(heart, pad=(6, 0, 0, 6), w=FILL, h=FILL), w=FILL, h=TILE_H)


def _open(ctx: ScreenContext, photo_id: int) -> None:
    ctx.push(f"/photo/{photo_id}")


def _set_filter(ctx: ScreenContext, value: str) -> None:
    ctx.ui["filter"] = value
    ctx.ui.pop("scroll:photos", None)


def _chip(label: str, selected: bool, on_tap: Any, id: str) -> View:
    return chip(label, selected, on_tap, id=id)


def home(ctx: ScreenContext) -> View:
    show = "favorites" if ctx.ui.get("filter") == "favorites" else "all"
    favs = set(_favorites(ctx))
    photos = [p for p in _photos(ctx) if show == "all" or p["id"] in favs]
    chips = row(_chip("All photos", show == "all", functools.partial(_set_filter, ctx, "all"),
                      "filter_all"),
                _chip("Favorites", show == "favorites",
                      functools.partial(_set_filter, ctx, "favorites"), "filter_favorites"),
                gap=8, pad=(16, 4, 16, 8))
    groups: dict[str, list[dict[str, Any]]] = {}
    for p in photos:
        when = _local(ctx, int(p.get("taken_ms") or 0))
        groups.setdefault(f"{when:%B} {when.year}", []).append(p)
    items: list[View] = []
    for label, group in groups.items():
        items.append(section_header(label))
        tiles = [_tile(ctx, p, p["id"] in favs) for p in group]
        for i in range(0, len(tiles), COLUMNS):
            line = tiles[i : i + COLUMNS]
            line += [View("box", w=FILL, h=TILE_H)] * (COLUMNS - len(line))
            items.append(row(*line, gap=3, pad=(2, 0)))
    if items:
        grid: View = ctx.scroll(*items, View("box", h=16), id="photos", gap=3)
    else:
        grid = empty_state("heart" if show == "favorites" else "images",
                           "No favorites yet" if show == "favorites" else "No photos")
    body = col(chips, grid, w=FILL, h=FILL, bg=T.SURFACE)
    return scaffold(body, top_bar=top_app_bar("Gallery"), bg=T.SURFACE)


# --------------------------------------------------------------------------- viewer
def _action(icon_name: str, label: str, on_tap: Any, id: str, color: str = VIEWER_FG,
            selected: bool = False) -> View:
    return col(icon(icon_name, 20, color), text(label, 12, color=VIEWER_DIM, role=None),
               w=FILL, h=64, align="center", justify="center", gap=6, on_tap=on_tap,
               role="button", label=label, id=id, selected=selected)


def photo(ctx: ScreenContext) -> View:
    p = _get(ctx, ctx.params.get("id", ""))
    if p is None:
        return scaffold(empty_state("circle-exclamation", "Photo not found"),
                        top_bar=top_app_bar("Gallery", ctx.back))
    favorite = p["id"] in _favorites(ctx)
    when = _local(ctx, int(p.get("taken_ms") or 0))
    bar = row(
        icon_button("arrow-left", ctx.back, "Back", VIEWER_FG),
        col(text(_file_name(p), 16, "medium", VIEWER_FG, role="heading"),
            text(f"{when:%b} {when.day}, {when.year} · {when:%H:%M}", 12, color=VIEWER_DIM),
            w=FILL, gap=2, justify="center"),
        h=T.APP_BAR_H, pad=(4, 0, 12, 0), gap=4, bg=VIEWER_BG, id="app_bar",
    )
    width, height = int(p.get("width") or 4), int(p.get("height") or 3)
    shown_h = max(120, min(520, 360 * height // max(width, 1)))
    picture = image(str(p.get("title") or _file_name(p)), w=FILL, h=shown_h, radius=0,
                    id="photo_view")
    details = text(f"{width} × {height}  ·  {p.get('album') or 'Photos'}", 12,
                   color=VIEWER_DIM, text_align="center", w=FILL, id="photo_details")
    stage = col(picture, details, w=FILL, h=FILL, justify="center", gap=12, bg=VIEWER_BG)
    actions = row(
        _action("share-nodes", "Share", functools.partial(_share, ctx, p["id"]), "share"),
        _action("heart", "Unfavorite" if favorite else "Favorite",
                functools.partial(_toggle_favorite, ctx, p["id"]), "favorite",
                FAVORITE if favorite else VIEWER_FG, favorite),
        _action("trash", "Delete", functools.partial(ctx.open_dialog, "delete"), "delete"),
        bg=VIEWER_BG, pad=(8, 0),
    )
    overlay = None
    if ctx.query.get("dialog") == "delete":
        overlay = dialog("Delete this photo?",
                         f"{_file_name(p)} will be permanently deleted from this device.",
                         [("Cancel", ctx.close_dialog),
                          ("Delete", functools.partial(_delete, ctx, p["id"]))],
                         on_dismiss=ctx.close_dialog)
    return scaffold(stage, top_bar=bar, bottom=actions, overlay=overlay, bg=VIEWER_BG)


def _share(ctx: ScreenContext, photo_id: int) -> None:
    rows = ctx.os.providers.query(f"{MEDIA}/{photo_id}")
    if not rows:
        ctx.toast("Photo not found")
        return
    p = rows[0]
    mime = str(p.get("mime") or "image/jpeg")
    intent = {"action": "ACTION_SEND", "type": mime,
              "data": {"media_id": p["id"], "path": p["path"]}}
    if not ctx.start_activity(intent):
        ctx.toast("No app can share this photo")


def _toggle_favorite(ctx: ScreenContext, photo_id: int) -> None:
    favs = _favorites(ctx)
    if photo_id in favs:
        favs.remove(photo_id)
    else:
        favs.append(photo_id)
        favs.sort()


def _delete(ctx: ScreenContext, photo_id: int) -> None:
    rows = ctx.os.providers.query(f"{MEDIA}/{photo_id}")
    if rows:
        path = rows[0].get("path") or ""
        ctx.os.providers.delete(f"{MEDIA}/{photo_id}")
        if path and ctx.os.files.exists(path) and not ctx.os.files.is_dir(path):
            ctx.os.files.delete(path)
    favs = _favorites(ctx)
    if photo_id in favs:
        favs.remove(photo_id)
    ctx.close_dialog()
    if not ctx.activity.pop():
        ctx.replace("/")
    ctx.toast("Photo deleted")


ROUTES = {"/": home, "/photo/{id}": photo}
