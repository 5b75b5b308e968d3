"""The full-screen photo viewer: share, favorite, details, delete, and (⋮) move or copy the
photo to an album. Share posts ``ACTION_SEND image/*`` (Messages takes it as a share target).

Double-tap zooms in 2x around the tapped third of the photo (handlers get no touch point, so
a 3x3 grid of double-tap targets stands for it); swipes then pan, and a double tap zooms back
out. The zoom is volatile UI state, shown in the UI tree as the ``photo_zoom`` node's text."""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bottom_sheet,
    col,
    empty_state,
    hscroll,
    icon,
    icon_button,
    image,
    list_item,
    popup_menu,
    row,
    scaffold,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from . import dialogs
from .common import (
    MEDIA,
    ZOOM_KEY,
    album_name,
    favorites,
    file_name,
    folder_of,
    get,
    megapixels,
    photo_of,
    taken_text,
)
from .grid import set_favorite

VIEWER_BG = "#000000"
VIEWER_FG = "#FFFFFF"
VIEWER_DIM = "#BDC1C6"
FAVORITE = "#F28B82"
ZOOM = 2
THIRDS = (("left", "top"), ("center", "middle"), ("right", "bottom"))


def _action(icon_name: str, label: str, on_tap: Any, id: str, color: str = VIEWER_FG,
            selected: bool = False) -> View:
    return col(icon(icon_name, 20, color), text(label, 12, color=VIEWER_DIM, role=None),
               w=FILL, h=64, align="center", justify="center", gap=6, on_tap=on_tap,
               role="button", label=label, id=id, selected=selected)


def photo(ctx: ScreenContext) -> View:
    p = get(ctx, ctx.params.get("id", ""))
    if p is None:
        return scaffold(empty_state("circle-exclamation", "Photo not found"),
                        top_bar=top_app_bar("Gallery", Call("back")))
    favorite = p["id"] in favorites(ctx)
    when = taken_text(ctx, p)
    bar = row(
        icon_button("arrow-left", ctx.back, "Back", VIEWER_FG, id="back"),
        col(text(file_name(p), 16, "medium", VIEWER_FG, role="heading"),
            text(when, 12, color=VIEWER_DIM), w=FILL, gap=2, justify="center"),
        icon_button("ellipsis-vertical", functools.partial(ctx.open_dialog, "more"),
                    "More options", VIEWER_FG, id="photo_more"),
        h=56, pad=(4, 0, 8, 0), gap=4, bg=VIEWER_BG, id="app_bar",
    )
    width, height = int(p.get("width") or 4), int(p.get("height") or 3)
    shown_h = max(120, min(520, 360 * height // max(width, 1)))
    picture = _picture(ctx, p, shown_h)
    details = text(f"{width} × {height}  ·  {album_name(folder_of(p))}", 12,
                   color=VIEWER_DIM, text_align="center", w=FILL, id="photo_details")
    stage = col(picture, details, w=FILL, h=FILL, justify="center", gap=12, bg=VIEWER_BG)
    actions = row(
        _action("share-nodes", "Share", functools.partial(_share, ctx, p["id"]), "share"),
        _action("favorite:fill" if favorite else "favorite",
                "Unfavorite" if favorite else "Favorite",
                functools.partial(set_favorite, ctx, [p["id"]], not favorite), "favorite",
                FAVORITE if favorite else VIEWER_FG, favorite),
        _action("circle-info", "Details", functools.partial(ctx.open_dialog, "info"), "info"),
        _action("trash", "Delete", functools.partial(ctx.open_dialog, "delete"), "delete"),
        bg=VIEWER_BG, pad=(8, 0),
    )
    return scaffold(stage, top_bar=bar, bottom=actions, overlay=_overlay(ctx, p),
                    bg=VIEWER_BG)


def _picture(ctx: ScreenContext, p: dict[str, Any], h: int) -> View:
    """The photo, fitted whole into a box ``h`` high: at 1x under a 3x3 grid of double-tap
    targets; zoomed, 2x in scroll areas that pan both ways (their offsets were set on the
    tap)."""
    photo_id, title = p["id"], str(p.get("title") or file_name(p))
    shown = photo_of(ctx, p, "fit")
    zoom = ctx.ui.get(ZOOM_KEY)
    if not (isinstance(zoom, list) and zoom[:1] == [photo_id]):
        cells = [row(*[View("box", w=FILL, h=FILL, on_double_tap=functools.partial(
                           _zoom_in, ctx, photo_id, c, r, h),
                           id=f"photo_zoom:{THIRDS[r][1]}-{THIRDS[c][0]}",
                           label=f"Zoom in: {THIRDS[r][1]} {THIRDS[c][0]}")
                       for c in range(3)], w=FILL, h=FILL, align="stretch")
                 for r in range(3)]
        return stack(image(title, w=FILL, h=h, source=shown, radius=0, id="photo_view"),
                     col(*cells, w=FILL, h=FILL), w=FILL, h=h, id="photo_zoom", label="Zoom 1x")
    out = functools.partial(_zoom_out, ctx)
    zoomed = image(title, w=T.SCREEN_W * ZOOM, h=h * ZOOM, source=shown, radius=0,
                   id="photo_view", on_double_tap=out)
    return stack(ctx.scroll(hscroll(zoomed, store=ctx.ui, id="photo_pan_x"), id="photo_pan_y",
                            h=h),
                 w=FILL, h=h, id="photo_zoom", label=f"Zoom {ZOOM}x")


def _zoom_in(ctx: ScreenContext, photo_id: int, column: int, row_: int, h: int) -> None:
    """Zooms so that the centre of the tapped third is centred, as far as the edges allow."""
    ctx.ui[ZOOM_KEY] = [photo_id, column, row_]
    for key, size, index in (("photo_pan_x", T.SCREEN_W, column), ("photo_pan_y", h, row_)):
        centre = ZOOM * size * (2 * index + 1) // 6
        ctx.ui[f"scroll:{key}"] = min(max(centre - size // 2, 0), (ZOOM - 1) * size)


def _zoom_out(ctx: ScreenContext) -> None:
    ctx.ui.pop(ZOOM_KEY, None)


def _overlay(ctx: ScreenContext, p: dict[str, Any]) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "more":
        return popup_menu([
            ("Move to album", functools.partial(_to_albums, ctx, "move"), "photo_move"),
            ("Copy to album", functools.partial(_to_albums, ctx, "copy"), "photo_copy"),
        ], ctx.close_dialog, id="photo_menu")
    if kind == "info":
        size = int(p.get("size") or 0)
        return bottom_sheet("Details", [
            list_item(taken_text(ctx, p), None, "calendar", id="info_date"),
            list_item(file_name(p), f"{megapixels(p)}  ·  {p.get('width')} × {p.get('height')}"
                      f"  ·  {size / 1e6:.1f} MB", "image", id="info_file"),
            list_item(album_name(folder_of(p)), folder_of(p).removeprefix("/sdcard/"),
                      "images", id="info_album"),
        ], ctx.close_dialog, id="info_sheet")
    return dialogs.overlay(ctx, [p["id"]])


def _to_albums(ctx: ScreenContext, op: str) -> None:
    dialogs.switch(ctx, "albums", op)


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
