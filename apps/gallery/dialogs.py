"""Gallery's shared dialogs: the selection's ⋮ menu, delete, the "Move to album" / "Copy to
album" sheet and the new-album dialog. They act on a list of photo ids: the selection over a
grid, or the one photo of the viewer. Each lives in the route (``dialog=...``), so Back closes it.
"""

from __future__ import annotations

import functools
import posixpath

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    bottom_sheet,
    dialog,
    list_item,
    popup_menu,
    with_query,
)

from .common import (
    ALBUMS_ROOT,
    album_name,
    album_route,
    albums,
    check_album_name,
    count_text,
    delete_photos,
    folder_of,
    get,
    transfer_photos,
)
from .grid import SELECT

SHEET_ROW_H = 64


def overlay(ctx: ScreenContext, ids: list[int]) -> View | None:
    """The shared dialog the route asks for, acting on ``ids``."""
    kind = ctx.query.get("dialog")
    op = ctx.query.get("op") if ctx.query.get("op") in ("move", "copy") else None
    if kind == "new_album":
        return _new_album(ctx, ids if op else [], op)
    if not ids:
        return None
    if kind == "sel_menu":
        return popup_menu([
            ("Move to album", functools.partial(switch, ctx, "albums", "move"), "sel_move"),
            ("Copy to album", functools.partial(switch, ctx, "albums", "copy"), "sel_copy"),
        ], ctx.close_dialog, id="sel_menu")
    if kind in ("delete", "sel_delete"):
        what = "this photo" if len(ids) == 1 else f"{len(ids)} photos"
        body = (f"“{posixpath.basename(get(ctx, ids[0])['path'])}” will" if len(ids) == 1
                else "They will") + " be permanently deleted from this device."
        return dialog(f"Delete {what}?", body,
                      [("Cancel", ctx.close_dialog, "delete_cancel"),
                       ("Delete", functools.partial(_delete, ctx, ids), "delete_confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_dialog")
    if kind == "albums" and op:
        return _album_sheet(ctx, ids, op)
    return None


def switch(ctx: ScreenContext, kind: str, op: str | None = None) -> None:
    """Replaces the open menu or sheet with ``kind`` (one Back closes it)."""
    ctx.replace(with_query(ctx.activity.route, dialog=kind, op=op))


def _done(ctx: ScreenContext, message: str) -> None:
    ctx.os.keyboard.hide()
    ctx.close_dialog()
    ctx.end_selection(SELECT)
    ctx.toast(message)


def _delete(ctx: ScreenContext, ids: list[int]) -> None:
    n = delete_photos(ctx, ids)
    _done(ctx, "Photo deleted" if n == 1 else f"{n} photos deleted")
    if ctx.path.startswith("/photo/") and not ctx.activity.pop():
        ctx.replace("/")


# ----- move / copy to an album
def _album_sheet(ctx: ScreenContext, ids: list[int], op: str) -> View:
    here = {folder_of(p) for p in (get(ctx, i) for i in ids) if p is not None}
    rows = [list_item("New album", None, "plus", id="album_new", height=SHEET_ROW_H,
                      on_tap=functools.partial(_open_new_album, ctx, op))]
    for folder, shown in albums(ctx):
        name = album_name(folder)
        stay = op == "move" and here == {folder}
        rows.append(list_item(name, "Already here" if stay else count_text(len(shown)),
                              "images", id=f"to_album:{name}", height=SHEET_ROW_H,
                              on_tap=None if stay else functools.partial(
                                  _transfer, ctx, ids, folder, op)))
    body = ctx.scroll(*rows, id="album_sheet_list", h=min(len(rows), 7) * SHEET_ROW_H,
                      w=FILL)
    title = f"{'Move' if op == 'move' else 'Copy'} to album"
    return bottom_sheet(title, [body], ctx.close_dialog, id="album_sheet")


def _transfer(ctx: ScreenContext, ids: list[int], folder: str, op: str) -> None:
    n = transfer_photos(ctx, ids, folder, copy=op == "copy")
    what = "1 photo" if n == 1 else f"{n} photos"
    _done(ctx, f"{'Copied' if op == 'copy' else 'Moved'} {what} to {album_name(folder)}")


# ----- new album
def open_new_album(ctx: ScreenContext) -> None:
    """From the albums page: name a new, empty album."""
    ctx.set_value("album_name", "")
    ctx.open_dialog("new_album")
    ctx.os.keyboard.show(ctx.activity.activity_id, "album_name")


def _open_new_album(ctx: ScreenContext, op: str) -> None:
    ctx.set_value("album_name", "")
    switch(ctx, "new_album", op)
    ctx.os.keyboard.show(ctx.activity.activity_id, "album_name")


def _new_album(ctx: ScreenContext, ids: list[int], op: str | None) -> View:
    create = functools.partial(_create_album, ctx, ids, op)
    cancel = functools.partial(dismiss, ctx)
    field = ctx.field("album_name", "Album name", id="album_name_field", on_submit=create)
    return dialog("New album", field, [("Cancel", cancel, "new_album_cancel"),
                                       ("Create", create, "new_album_create")],
                  on_dismiss=cancel, id="new_album_dialog")


def dismiss(ctx: ScreenContext) -> None:
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def _create_album(ctx: ScreenContext, ids: list[int], op: str | None) -> None:
    name = ctx.value("album_name").strip()
    if not check_album_name(ctx, name):
        return
    folder = posixpath.join(ALBUMS_ROOT, name)
    try:
        ctx.os.files.mkdir(folder, parents=True)
    except ValueError:
        ctx.toast("Couldn't create the album")
        return
    ctx.ui.pop("album_name", None)
    if op and ids:
        _transfer(ctx, ids, folder, op)
        return
    dismiss(ctx)
    ctx.push(album_route(folder))
    ctx.toast(f"Album “{name}” created")
