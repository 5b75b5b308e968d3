"""Gallery's screens: Photos (every photo by month) and Albums tabs, an album, Favorites, the
"Add photos" picker of an album, and the viewer (``viewer.py``).

Every grid has selection mode (``grid.py``); shared dialogs live in ``dialogs.py``. What is
opened over a page lives in its route, so Back closes it.
"""

from __future__ import annotations

import functools
import posixpath
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    button,
    col,
    dialog,
    divider,
    empty_state,
    icon,
    image,
    popup_menu,
    row,
    scaffold,
    split_route,
    stack,
    tab_bar,
    text,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import dialogs, grid, viewer
from .common import (
    album_name,
    album_route,
    albums,
    check_album_name,
    count_text,
    delete_photos,
    favorites,
    folder_of,
    get,
    move_folder,
    photo_of,
    photos,
    transfer_photos,
)
from .grid import SELECT

ADD_PICK = "add_pick"  # ui key: the photos picked on the "Add photos" page


def _tabs(ctx: ScreenContext, current: str) -> View:
    return tab_bar([("Photos", "image", current == "/", Call(_go_tab, "/")),
                    ("Albums", "images", current == "/albums", Call(_go_tab, "/albums"))])


def _go_tab(ctx: ScreenContext, route: str) -> None:
    ctx.end_selection(SELECT)
    ctx.activity.replace(route)


def _grid_page(ctx: ScreenContext, title: str, shown: list[dict[str, Any]], scroll_id: str,
               empty: View, on_back: Any = None, actions: tuple[View, ...] = (),
               bottom: View | None = None, overlay: View | None = None) -> View:
    """A page of photos by month, with selection mode and the shared dialogs."""
    items = grid.grid(ctx, shown)
    body = ctx.scroll(*items, View("box", h=16), id=scroll_id, gap=3) if items else empty
    bar = grid.bar(ctx) if ctx.selecting(SELECT) else top_app_bar(
        title, on_back, actions, subtitle=count_text(len(shown)) if on_back else None)
    return scaffold(col(body, w=FILL, h=FILL, bg=T.SURFACE), top_bar=bar, bottom=bottom,
                    overlay=overlay or dialogs.overlay(ctx, grid.chosen_ids(ctx)),
                    bg=T.SURFACE)


# ----- tabs
def home(ctx: ScreenContext) -> View:
    return _grid_page(ctx, "Gallery", photos(ctx), "photos", empty_state("images", "No photos"),
                      bottom=None if ctx.selecting(SELECT) else _tabs(ctx, "/"))


def albums_tab(ctx: ScreenContext) -> View:
    favs = [p for p in (get(ctx, i) for i in favorites(ctx)) if p is not None]
    # as Google Photos: a favorite is the cover; a heart stands in while there is none
    cards = [_card(ctx, "Favorites", favs, functools.partial(ctx.push, "/favorites"), "favorites",
                   None if favs else "heart")]
    for folder, shown in albums(ctx):
        name = album_name(folder)
        cards.append(_card(ctx, name, shown, functools.partial(ctx.push, album_route(folder)),
                           f"album:{name}"))
    lines = [row(*cards[i:i + 2], *([col(w=FILL)] if len(cards[i:i + 2]) == 1 else []),
                 gap=12, pad=(16, 0)) for i in range(0, len(cards), 2)]
    body = ctx.scroll(*lines, View("box", h=16), id="albums", gap=16, pad=(0, 8, 0, 0),
                      bg=T.SURFACE)
    bar = top_app_bar("Albums", actions=[bar_action(
        "plus", Call(dialogs.open_new_album), "New album", id="new_album")])
    return scaffold(body, top_bar=bar, bottom=_tabs(ctx, "/albums"),
                    overlay=dialogs.overlay(ctx, []), bg=T.SURFACE)


def _card(ctx: ScreenContext, name: str, shown: list[dict[str, Any]], on_tap: Any, id: str,
          symbol: str | None = None) -> View:
    if shown and symbol is None:
        cover: View = image(str(shown[0].get("title") or name), w=FILL, h=150, radius=16,
                            source=photo_of(ctx, shown[0]))
    else:
        cover = stack(icon(symbol or "images", 36, T.TEXT_SECONDARY, gravity="center"),
                      w=FILL, h=150, radius=16, bg=T.SURFACE_VARIANT)
    return col(cover, text(name, 15, "medium", T.TEXT, role=None),
               text(count_text(len(shown)), 13, color=T.TEXT_SECONDARY, role=None),
               w=FILL, gap=4, on_tap=on_tap, role="list_item",
               text=f"{name} {count_text(len(shown))}", id=id)


# ----- an album
def _album_folder(ctx: ScreenContext) -> str | None:
    folder = ctx.query.get("path") or ""
    return folder if any(f == folder for f, _ in albums(ctx)) else None


def album(ctx: ScreenContext) -> View:
    folder = _album_folder(ctx)
    if folder is None:
        return scaffold(empty_state("images", "Album not found"),
                        top_bar=top_app_bar("Gallery", Call("back")), bg=T.SURFACE)
    shown = next(s for f, s in albums(ctx) if f == folder)
    add = functools.partial(_open_add, ctx, folder)
    empty = col(empty_state("images", "This album is empty"),
                row(button("Add photos", add, "tonal", icon="plus", id="empty_add"),
                    justify="center", pad=(0, 0, 0, 120)), w=FILL, h=FILL)
    actions = (bar_action("plus", Call(_open_add, folder), "Add photos", id="add_photos"),
               bar_action("ellipsis-vertical", Call("open_dialog", "album_menu"),
                          "More options", id="album_more"))
    return _grid_page(ctx, album_name(folder), shown, f"album:{folder}", empty, Call("back"),
                      actions, overlay=_album_overlay(ctx, folder, shown))


def _album_overlay(ctx: ScreenContext, folder: str, shown: list[dict[str, Any]]) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "album_menu":
        return popup_menu([
            ("Rename album", functools.partial(_open_rename, ctx, folder), "album_rename"),
            ("Delete album", functools.partial(ctx.replace, with_query(
                ctx.activity.route, dialog="delete_album")), "album_delete"),
        ], ctx.close_dialog, id="album_menu")
    if kind == "rename_album":
        ok = functools.partial(_rename_album, ctx, folder)
        cancel = functools.partial(dialogs.dismiss, ctx)
        return dialog("Rename album", ctx.field("album_name", "Album name",
                                                id="album_name_field", on_submit=ok),
                      [("Cancel", cancel, "rename_album_cancel"),
                       ("Rename", ok, "rename_album_confirm")],
                      on_dismiss=cancel, id="rename_album_dialog")
    if kind == "delete_album":
        body = f"The album and its {count_text(len(shown))} will be permanently deleted " \
               "from this device." if shown else "The empty album will be removed."
        return dialog(f"Delete “{album_name(folder)}”?", body,
                      [("Cancel", ctx.close_dialog, "delete_album_cancel"),
                       ("Delete", functools.partial(_delete_album, ctx, folder, shown),
                        "delete_album_confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_album_dialog")
    return dialogs.overlay(ctx, grid.chosen_ids(ctx))


def _open_rename(ctx: ScreenContext, folder: str) -> None:
    ctx.set_value("album_name", album_name(folder))
    ctx.replace(with_query(ctx.activity.route, dialog="rename_album"))
    ctx.os.keyboard.show(ctx.activity.activity_id, "album_name")


def _rename_album(ctx: ScreenContext, folder: str) -> None:
    name = ctx.value("album_name").strip()
    old = album_name(folder)
    if name == old:
        dialogs.dismiss(ctx)
        return
    parent = posixpath.dirname(folder)
    if not check_album_name(ctx, name, parent, current=old):
        return
    try:
        move_folder(ctx, folder, posixpath.join(parent, name))
    except ValueError:
        ctx.toast("Couldn't rename the album")
        return
    dialogs.dismiss(ctx)
    ctx.replace(album_route(posixpath.join(parent, name)))
    ctx.toast(f"Renamed to “{name}”")


def _delete_album(ctx: ScreenContext, folder: str, shown: list[dict[str, Any]]) -> None:
    delete_photos(ctx, [p["id"] for p in shown])
    fs = ctx.os.files
    # only the photos go: a folder that also holds other files (Download) stays
    if folder != posixpath.dirname(folder) and fs.is_dir(folder) and not fs.list_dir(folder):
        fs.delete(folder)
    ctx.close_dialog()
    if not ctx.activity.pop():
        ctx.replace("/albums")
    ctx.toast(f"Album “{album_name(folder)}” deleted")


# ----- favorites
def favorites_page(ctx: ScreenContext) -> View:
    favs = set(favorites(ctx))
    shown = [p for p in photos(ctx) if p["id"] in favs]
    return _grid_page(ctx, "Favorites", shown, "favorites",
                      empty_state("heart", "No favorites yet"), Call("back"))


# ----- add photos to an album
def add_page(ctx: ScreenContext) -> View:
    folder = _album_folder(ctx)
    if folder is None:
        return scaffold(empty_state("images", "Album not found"),
                        top_bar=top_app_bar("Gallery", Call("back")), bg=T.SURFACE)
    shown = [p for p in photos(ctx) if folder_of(p) != folder]
    picked = [i for i in ctx.ui.get(ADD_PICK, []) if any(p["id"] == i for p in shown)]
    items = grid.grid(ctx, shown, lambda p: functools.partial(_pick, ctx, p["id"]),
                      chosen=picked)
    body = ctx.scroll(*items, View("box", h=16), id="add", gap=3) if items else \
        empty_state("images", "No other photos")
    go = bool(picked)
    bottom = col(divider(), row(
        text(f"{len(picked)} selected", 14, color=T.TEXT_SECONDARY, w=FILL, id="add_count"),
        button("Copy", functools.partial(_add, ctx, folder, picked, True) if go else None,
               "outlined", id="add_copy"),
        button("Move", functools.partial(_add, ctx, folder, picked, False) if go else None,
               id="add_move"),
        gap=8, pad=(16, 10), w=FILL), bg=T.SURFACE)
    bar = top_app_bar(f"Add to {album_name(folder)}", Call("back"),
                      subtitle="Tap photos to select them")
    return scaffold(col(body, w=FILL, h=FILL, bg=T.SURFACE), top_bar=bar, bottom=bottom,
                    bg=T.SURFACE)


def _open_add(ctx: ScreenContext, folder: str) -> None:
    ctx.ui.pop(ADD_PICK, None)
    ctx.push(album_route(folder, "/add"))


def _pick(ctx: ScreenContext, photo_id: int) -> None:
    picked = ctx.ui.setdefault(ADD_PICK, [])
    if photo_id in picked:
        picked.remove(photo_id)
    else:
        picked.append(photo_id)


def _add(ctx: ScreenContext, folder: str, ids: list[int], copy: bool) -> None:
    n = transfer_photos(ctx, ids, folder, copy)
    ctx.ui.pop(ADD_PICK, None)
    if split_route(ctx.activity.route)[0] == "/add":
        ctx.activity.pop()
    what = "1 photo" if n == 1 else f"{n} photos"
    ctx.toast(f"{'Copied' if copy else 'Moved'} {what} to {album_name(folder)}")


ROUTES = {"/": home, "/albums": albums_tab, "/album": album, "/favorites": favorites_page,
          "/add": add_page, "/photo/{id}": viewer.photo}
