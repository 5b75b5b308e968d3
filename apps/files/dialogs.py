"""Files' dialogs and menus: an item's ⋮ menu, rename, delete, new folder, file info, the sort
sheet, and the selection's menu. Each lives in the route's query (``dialog=...``, the item in
``item=<path>``), so Back closes it.
"""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Callable
from typing import Any

from mobilegym_env.kernel.filesystem import ROOT, FileEntry
from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    bottom_sheet,
    col,
    dialog,
    popup_menu,
    radio,
    row,
    text,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import picker
from .common import (
    DEFAULT_SORT,
    SELECT,
    SORTS,
    check_name,
    count,
    delete_path,
    display_path,
    full_date_text,
    items_text,
    move_path,
    path_arg,
    size_text,
    stat,
)


def overlay(ctx: ScreenContext, folder: str | None) -> View | None:
    """The dialog or menu the route asks for over a folder (``folder``) or a file (None)."""
    kind = ctx.query.get("dialog")
    if kind == "sort":
        return _sort_sheet(ctx)
    if folder is not None and kind == "new_folder":
        return _name_dialog(ctx, "New folder", "new_folder_name", "new_folder", "Create",
                            functools.partial(_create_folder, ctx, folder))
    if folder is not None and kind in ("sel_menu", "sel_delete"):
        chosen = selected_paths(ctx, folder)
        if not chosen:
            return None
        if kind == "sel_menu":
            return _selection_menu(ctx, folder, chosen)
        if len(chosen) == 1:
            return _delete_one(ctx, stat(ctx, chosen[0]))
        return _confirm_delete(ctx, f"Delete {len(chosen)} items?",
                               "They will be permanently deleted from this device.", chosen)
    entry = stat(ctx, path_arg(ctx, "item")) if "item" in ctx.query else None
    if entry is None or entry.path == ROOT:
        return None
    if kind == "item":
        return popup_menu([
            ("Rename", functools.partial(open_rename, ctx, entry.path), "item_rename"),
            ("Move to", functools.partial(picker.start, ctx, "move", [entry.path]),
             "item_move"),
            ("Copy to", functools.partial(picker.start, ctx, "copy", [entry.path]),
             "item_copy"),
            ("Delete", functools.partial(_switch, ctx, "delete", entry.path), "item_delete"),
            ("File info", functools.partial(_switch, ctx, "info", entry.path), "item_info"),
        ], ctx.close_dialog, id="item_menu", anchor="center")
    if kind == "delete":
        return _delete_one(ctx, entry)
    if kind == "rename":
        return _name_dialog(ctx, "Rename", "rename_name", "rename", "Rename",
                            functools.partial(_rename, ctx, entry.path))
    if kind == "info":
        return _info(ctx, entry)
    return None


def selected_paths(ctx: ScreenContext, folder: str) -> list[str]:
    """The selected items of ``folder`` that still exist, in the order they were chosen."""
    paths = [posixpath.join(folder, n) for n in ctx.selection(SELECT) if isinstance(n, str)]
    return [p for p in paths if "/" not in p[len(folder) + 1:] and stat(ctx, p) is not None]


def _switch(ctx: ScreenContext, kind: str, path: str) -> None:
    """Replaces the open menu with dialog ``kind`` for ``path`` (one Back closes it)."""
    ctx.replace(with_query(ctx.activity.route, dialog=kind, item=path))


# ----- naming: new folder and rename
def _name_dialog(ctx: ScreenContext, title: str, key: str, prefix: str, verb: str,
                 on_ok: Callable[[], None]) -> View:
    field = ctx.field(key, "Folder name" if prefix == "new_folder" else "Name",
                      id=f"{prefix}_field", on_submit=on_ok)
    cancel = functools.partial(dismiss, ctx)
    ok_id = f"{prefix}_create" if prefix == "new_folder" else f"{prefix}_confirm"
    return dialog(title, field, [("Cancel", cancel, f"{prefix}_cancel"), (verb, on_ok, ok_id)],
                  on_dismiss=cancel, id=f"{prefix}_dialog")


def dismiss(ctx: ScreenContext) -> None:
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def open_new_folder(ctx: ScreenContext) -> None:
    ctx.set_value("new_folder_name", "")
    ctx.open_dialog("new_folder")
    ctx.os.keyboard.show(ctx.activity.activity_id, "new_folder_name")


def open_rename(ctx: ScreenContext, path: str) -> None:
    ctx.set_value("rename_name", posixpath.basename(path))
    _switch(ctx, "rename", path)
    ctx.os.keyboard.show(ctx.activity.activity_id, "rename_name")


def _create_folder(ctx: ScreenContext, parent: str) -> None:
    _make_named(ctx, "new_folder_name", parent, ctx.os.files.mkdir,
                "Couldn't create the folder", "Folder “{}” created")


def _rename(ctx: ScreenContext, target: str) -> None:
    _make_named(ctx, "rename_name", posixpath.dirname(target),
                functools.partial(move_path, ctx, target), "Couldn't rename",
                "Renamed to “{}”", unchanged=posixpath.basename(target))


def _make_named(ctx: ScreenContext, field: str, folder: str, make: Callable[[str], Any],
                failure: str, success: str, unchanged: str | None = None) -> None:
    """Runs ``make(path)`` for the name typed in ``field`` inside ``folder``, then closes the
    dialog (and any selection); a bad or taken name, or a failing ``make``, keeps it open with
    a toast saying why. ``success`` is formatted with the name; ``unchanged`` just closes.
    """
    name = ctx.value(field).strip()
    if not check_name(ctx, name):
        return
    if name != unchanged:
        path = posixpath.join(folder, name)
        if ctx.os.files.exists(path):
            ctx.toast(f"“{name}” already exists")
            return
        try:
            make(path)
        except ValueError:
            ctx.toast(failure)
            return
        ctx.toast(success.format(name))
    ctx.ui.pop(field, None)
    dismiss(ctx)
    ctx.end_selection(SELECT)


# ----- delete
def _delete_one(ctx: ScreenContext, e: FileEntry) -> View:
    n = count(ctx, e.path) if e.is_dir else None
    what = f"This folder and its {items_text(n).lower()} will be deleted." if n else \
        f"“{posixpath.basename(e.path)}” will be permanently deleted."
    return _confirm_delete(ctx, f"Delete {'folder' if e.is_dir else 'file'}?", what, [e.path])


def _confirm_delete(ctx: ScreenContext, title: str, body: str, paths: list[str]) -> View:
    return dialog(title, body, [("Cancel", ctx.close_dialog, "delete_cancel"),
                                ("Delete", functools.partial(_delete, ctx, paths),
                                 "delete_confirm")],
                  on_dismiss=ctx.close_dialog, id="delete_dialog")


def _delete(ctx: ScreenContext, paths: list[str]) -> None:
    done = 0
    for path in paths:
        try:
            delete_path(ctx, path)
        except ValueError:
            continue
        done += 1
    if done == len(paths) == 1:
        ctx.toast(f"Deleted “{posixpath.basename(paths[0])}”")
    elif done == len(paths):
        ctx.toast(f"Deleted {done} items")
    else:
        ctx.toast(f"Couldn't delete {len(paths) - done} of {len(paths)} items")
    ctx.close_dialog()
    ctx.end_selection(SELECT)


# ----- info
def _info(ctx: ScreenContext, e: FileEntry) -> View:
    if e.is_dir:
        size = f"Contains {items_text(count(ctx, e.path)).lower()}"
    else:
        size = f"{size_text(e.size)} ({e.size:,} bytes)"
    details = col(
        _detail("Type", "Folder" if e.is_dir else e.mime or "unknown", "info_type"),
        _detail("Size", size, "info_size"),
        _detail("Location", display_path(posixpath.dirname(e.path)), "info_location"),
        _detail("Modified", full_date_text(ctx, e.mtime_ms) if e.mtime_ms else "Unknown",
                "info_modified"),
        gap=12)
    return dialog(posixpath.basename(e.path), details,
                  [("Close", ctx.close_dialog, "info_close")], on_dismiss=ctx.close_dialog,
                  id="info_dialog")


def _detail(label: str, value: str, id: str) -> View:
    return col(text(label, 12, color=T.TEXT_SECONDARY),
               text(value, 15, color=T.TEXT, max_lines=3, id=id), gap=2)


# ----- sort
def _sort_sheet(ctx: ScreenContext) -> View:
    current = ctx.ui.get("sort") if ctx.ui.get("sort") in SORTS else DEFAULT_SORT
    rows = [row(radio(key == current, None),
                text(label, 15, color=T.TEXT, role=None), h=48, pad=(24, 0), gap=16, w=FILL,
                on_tap=functools.partial(_set_sort, ctx, key), role="radio", text=label,
                checked=key == current, id=f"sort:{key}")
            for key, (label, _, _) in SORTS.items()]
    return bottom_sheet("Sort by", rows, ctx.close_dialog, id="sort_sheet")


def _set_sort(ctx: ScreenContext, key: str) -> None:
    ctx.ui["sort"] = key
    ctx.close_dialog()


# ----- selection
def _selection_menu(ctx: ScreenContext, folder: str, chosen: list[str]) -> View:
    one = chosen[0] if len(chosen) == 1 else None
    return popup_menu([
        ("Select all", functools.partial(_select_all, ctx, folder), "sel_all"),
        ("Move to", functools.partial(picker.start, ctx, "move", chosen), "sel_move"),
        ("Copy to", functools.partial(picker.start, ctx, "copy", chosen), "sel_copy"),
        ("Rename", functools.partial(open_rename, ctx, one) if one else None, "sel_rename"),
        ("File info", functools.partial(_switch, ctx, "info", one) if one else None,
         "sel_info"),
    ], ctx.close_dialog, id="sel_menu")


def _select_all(ctx: ScreenContext, folder: str) -> None:
    try:
        names = ctx.os.files.list_dir(folder)
    except ValueError:
        names = []
    chosen = ctx.ui.setdefault(f"select:{SELECT}", [])
    chosen.extend(n for n in names if n not in chosen)
    ctx.close_dialog()
