"""Files' screens: home (categories), a directory browser, a file viewer, and their dialogs.

Paths are absolute under ``/sdcard`` (as in ``ctx.os.files``) and travel in the query, because a
route pattern segment matches one path segment only: ``/dir?path=/sdcard/DCIM/Camera`` browses a
folder (``/dir`` alone is the storage root) and ``/file?path=...`` opens a file. Dialogs live in
the query too (``&dialog=item&name=x.txt``), so Back closes them.
"""

from __future__ import annotations

import datetime
import functools
import posixpath
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from mobilegym_env.kernel.filesystem import ROOT, FileEntry, normalize
from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    button,
    col,
    dialog,
    divider,
    empty_state,
    icon,
    icon_button,
    image,
    list_item,
    progress_bar,
    row,
    scaffold,
    section_header,
    stack,
    text,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

ROOT_LABEL = "Internal storage"
MAX_NAME = 100
TEXT_MIMES = ("application/json",)
# (id, label, folder under /sdcard, icon, tint)
CATEGORIES: tuple[tuple[str, str, str, str, str], ...] = (
    ("images", "Images", "Pictures", "image", "#E8710A"),
    ("downloads", "Downloads", "Download", "download", "#1A73E8"),
    ("documents", "Documents", "Documents", "file-lines", "#188038"),
    ("camera", "Camera", "DCIM/Camera", "camera", "#A142F4"),
)


# ----- routes and paths
def dir_route(path: str) -> str:
    """The route that browses ``path`` (``/dir`` for the storage root)."""
    return "/dir" if path == ROOT else f"/dir?path={quote(path, safe='/')}"


def file_route(path: str) -> str:
    """The route that opens the file at ``path``."""
    return f"/file?path={quote(path, safe='/')}"


def _path_arg(ctx: ScreenContext) -> str | None:
    """The normalized ``path`` query parameter (default: the root); None if it is invalid."""
    try:
        return normalize(ctx.query.get("path") or ROOT)
    except ValueError:
        return None


def _display_path(path: str) -> str:
    rel = path[len(ROOT):].strip("/")
    return " › ".join([ROOT_LABEL, *rel.split("/")]) if rel else ROOT_LABEL


def _title(path: str) -> str:
    return ROOT_LABEL if path == ROOT else posixpath.basename(path)


# ----- formatting
def _size(n: int) -> str:
    """Bytes in SI units, as Android shows them (``43 B``, ``1.2 kB``, ``3 MB``)."""
    if n < 1000:
        return f"{n} B"
    value = float(n)
    for unit in ("kB", "MB"):
        value /= 1000
        if value < 999.95:
            return f"{value:.1f}".removesuffix(".0") + f" {unit}"
    return f"{value / 1000:.1f}".removesuffix(".0") + " GB"


def _date(ctx: ScreenContext, ms: int) -> str:
    """A file's modification date in the device's time zone (from the virtual clock's zone)."""
    offset = datetime.timedelta(minutes=ctx.os.clock.tz_offset_minutes)
    when = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc) + offset
    now = ctx.now()
    if when.year == now.year:
        return f"{when:%b} {when.day}"
    return f"{when:%b} {when.day}, {when.year}"


def _is_text(mime: str | None) -> bool:
    return bool(mime) and (str(mime).startswith("text/") or mime in TEXT_MIMES)


def _file_icon(mime: str | None) -> str:
    m = mime or ""
    if m.startswith("image/"):
        return "file-image"
    if m.startswith("audio/"):
        return "file-audio"
    if m.startswith("video/"):
        return "file-video"
    if m == "application/pdf":
        return "file-pdf"
    if m == "application/zip":
        return "file-zipper"
    return "file-lines" if _is_text(m) else "file"


def _tile(name: str, fg: str, bg: str, size: int = 40) -> View:
    return stack(icon(name, size * 9 // 20, fg, gravity="center"), w=size, h=size,
                 radius=size * 3 // 10, bg=bg)


# ----- safe file-system reads (odd state gives empty results, never exceptions)
def _entries(ctx: ScreenContext, path: str) -> list[FileEntry] | None:
    """Folders first, then files, each by name; None if ``path`` is not a directory."""
    fs = ctx.os.files
    try:
        names = fs.list_dir(path)
    except ValueError:
        return None
    out = []
    for name in names:
        try:
            out.append(fs.stat(posixpath.join(path, name)))
        except ValueError:
            continue
    return sorted(out, key=lambda e: (not e.is_dir, posixpath.basename(e.path).lower()))


def _count(ctx: ScreenContext, path: str) -> int | None:
    try:
        return len(ctx.os.files.list_dir(path))
    except ValueError:
        return None


def _items(n: int | None) -> str:
    if n is None:
        return "Not found"
    return "Empty" if n == 0 else f"{n} item{'s' if n != 1 else ''}"


# ----- home
def home(ctx: ScreenContext) -> View:
    storage = _storage(ctx)
    used, total = storage
    pct = int(round(100 * used / total)) if total > 0 else 0
    bar = progress_bar(pct, track="#D3E3FD")
    card = col(
        row(_tile("mobile-screen-button", "#FFFFFF", T.ACCENT),
            col(text(ROOT_LABEL, 16, "medium", T.TEXT),
                text(f"{_gb(used)} GB used of {_gb(total)} GB", 13, color=T.TEXT_SECONDARY),
                w=FILL, gap=2),
            icon("chevron-right", 14, T.TEXT_SECONDARY), gap=16),
        bar,
        bg="#EEF3FD", radius=20, pad=(16, 16), gap=14, on_tap=functools.partial(
            ctx.push, dir_route(ROOT)), role="list_item", id="internal_storage",
        text=f"{ROOT_LABEL} {_gb(used)} GB used of {_gb(total)} GB",
    )
    rows: list[View | None] = [col(card, pad=(16, 8, 16, 4)), section_header("Categories")]
    for key, label, rel, icon_name, tint in CATEGORIES:
        path = f"{ROOT}/{rel}"
        rows.append(list_item(label, _items(_count(ctx, path)),
                              _tile(icon_name, tint, tint + "22"),
                              on_tap=functools.partial(ctx.push, dir_route(path)),
                              id=f"category:{key}"))
    body = ctx.scroll(*rows, id="files_home", bg=T.SURFACE, pad=(0, 0, 0, 16))
    return scaffold(body, top_bar=top_app_bar("Files"), bg=T.SURFACE)


def _storage(ctx: ScreenContext) -> tuple[float, float]:
    try:
        s = ctx.os.os_state.get("hardware.storage")
    except KeyError:
        return 0.0, 0.0
    total = float(s.get("total_gb") or 0)
    return min(max(float(s.get("used_gb") or 0), 0.0), total), total


def _gb(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


# ----- a directory
def directory(ctx: ScreenContext) -> View:
    path = _path_arg(ctx)
    entries = _entries(ctx, path) if path is not None else None
    new_folder = icon_button("folder-plus", functools.partial(_open_new_folder, ctx),
                             "New folder", id="new_folder")
    if path is None or entries is None:
        return scaffold(empty_state("folder-open", "Folder not found"),
                        top_bar=top_app_bar("Files", ctx.back), bg=T.SURFACE)
    rows: list[View | None] = []
    for e in entries:
        name = posixpath.basename(e.path)
        if e.is_dir:
            rows.append(list_item(
                name, _items(_count(ctx, e.path)), _tile("folder", "#1A73E8", "#E8F0FE"),
                on_tap=functools.partial(ctx.push, dir_route(e.path)),
                on_long_press=functools.partial(ctx.open_dialog, "item", name=name),
                id=f"dir:{name}"))
        else:
            rows.append(list_item(
                name, f"{_size(e.size)} · {_date(ctx, e.mtime_ms)}",
                _tile(_file_icon(e.mime), "#5F6368", T.SURFACE_VARIANT),
                on_tap=functools.partial(ctx.push, file_route(e.path)),
                on_long_press=functools.partial(ctx.open_dialog, "item", name=name),
                id=f"file:{name}"))
    crumb = None if path == ROOT else text(_display_path(path), 13, color=T.TEXT_SECONDARY,
                                           pad=(16, 4, 16, 8), id="breadcrumb")
    if rows:
        body = ctx.scroll(crumb, *rows, id="dir", bg=T.SURFACE, pad=(0, 0, 0, 16))
    else:
        body = col(crumb, empty_state("folder-open", "This folder is empty"), bg=T.SURFACE)
    bar = top_app_bar(_title(path), ctx.back, [new_folder],
                      subtitle=_items(len(entries)))
    return scaffold(body, top_bar=bar, overlay=_dir_dialog(ctx, path), bg=T.SURFACE)


def _dir_dialog(ctx: ScreenContext, path: str) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "new_folder":
        field = ctx.field("new_folder_name", "Folder name", id="new_folder_field",
                          on_submit=functools.partial(_create_folder, ctx, path))
        return dialog("New folder", field,
                      [("Cancel", functools.partial(_dismiss, ctx), "new_folder_cancel"),
                       ("Create", functools.partial(_create_folder, ctx, path),
                        "new_folder_create")],
                      on_dismiss=functools.partial(_dismiss, ctx), id="new_folder_dialog")
    name = ctx.query.get("name", "")
    target = posixpath.join(path, name)
    if not name or "/" in name or not ctx.os.files.exists(target):
        return None
    is_dir = ctx.os.files.is_dir(target)
    if kind == "item":
        options = col(
            list_item("Rename", None, "pen", on_tap=functools.partial(_open_rename, ctx, name),
                      id="item_rename", height=52),
            list_item("Delete", None, "trash", on_tap=functools.partial(
                ctx.replace, with_query(ctx.activity.route, dialog="delete")),
                id="item_delete", height=52),
            pad=(0, 0), gap=0,
        )
        return dialog(name, options, [("Cancel", ctx.close_dialog, "item_cancel")],
                      on_dismiss=ctx.close_dialog, id="item_dialog")
    if kind == "delete":
        n = _count(ctx, target) if is_dir else None
        what = f"This folder and its {_items(n).lower()} will be deleted." if n else \
            f"“{name}” will be permanently deleted."
        return dialog(f"Delete {'folder' if is_dir else 'file'}?", what,
                      [("Cancel", ctx.close_dialog, "delete_cancel"),
                       ("Delete", functools.partial(_delete, ctx, target), "delete_confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_dialog")
    if kind == "rename":
        field = ctx.field("rename_name", "Name", id="rename_field",
                          on_submit=functools.partial(_rename, ctx, target))
        return dialog("Rename", field,
                      [("Cancel", functools.partial(_dismiss, ctx), "rename_cancel"),
                       ("Rename", functools.partial(_rename, ctx, target), "rename_confirm")],
                      on_dismiss=functools.partial(_dismiss, ctx), id="rename_dialog")
    return None


# ----- dialog actions
def _dismiss(ctx: ScreenContext) -> None:
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def _open_new_folder(ctx: ScreenContext) -> None:
    ctx.set_value("new_folder_name", "")
    ctx.open_dialog("new_folder")


def _open_rename(ctx: ScreenContext, name: str) -> None:
    ctx.set_value("rename_name", name)
    ctx.replace(with_query(ctx.activity.route, dialog="rename", name=name))


def _check_name(ctx: ScreenContext, name: str) -> bool:
    if not name:
        ctx.toast("Enter a name")
    elif "/" in name or name in (".", "..") or "\0" in name:
        ctx.toast("Name contains invalid characters")
    elif len(name) > MAX_NAME:
        ctx.toast("Name is too long")
    else:
        return True
    return False


def _create_folder(ctx: ScreenContext, parent: str) -> None:
    _make_named(ctx, "new_folder_name", parent, ctx.os.files.mkdir,
                "Couldn't create the folder", "Folder “{}” created")


def _rename(ctx: ScreenContext, target: str) -> None:
    _make_named(ctx, "rename_name", posixpath.dirname(target),
                functools.partial(ctx.os.files.move, target), "Couldn't rename",
                "Renamed to “{}”", unchanged=posixpath.basename(target))


def _make_named(ctx: ScreenContext, field: str, folder: str, make: Callable[[str], Any],
                failure: str, success: str, unchanged: str | None = None) -> None:
    """Runs ``make(path)`` for the name typed in ``field`` inside ``folder``, then closes the
    dialog; a bad or taken name, or a failing ``make``, keeps it open with a toast saying why.

    ``success`` is formatted with the name; typing ``unchanged`` just closes the dialog.
    """
    name = ctx.value(field).strip()
    if not _check_name(ctx, name):
        return
    if name == unchanged:
        _dismiss(ctx)
        return
    path = posixpath.join(folder, name)
    if ctx.os.files.exists(path):
        ctx.toast(f"“{name}” already exists")
        return
    try:
        make(path)
    except ValueError:
        ctx.toast(failure)
        return
    ctx.ui.pop(field, None)
    _dismiss(ctx)
    ctx.toast(success.format(name))


def _delete(ctx: ScreenContext, target: str) -> None:
    try:
        ctx.os.files.delete(target, recursive=True)
    except ValueError:
        ctx.toast("Couldn't delete")
    else:
        ctx.toast(f"Deleted “{posixpath.basename(target)}”")
    ctx.close_dialog()


# ----- a file
def file_view(ctx: ScreenContext) -> View:
    path = _path_arg(ctx)
    try:
        entry = ctx.os.files.stat(path) if path is not None else None
    except ValueError:
        entry = None
    if entry is None or entry.is_dir:
        return scaffold(empty_state("file-circle-exclamation", "File not found"),
                        top_bar=top_app_bar("Files", ctx.back), bg=T.SURFACE)
    name = posixpath.basename(entry.path)
    details = f"{_size(entry.size)} · {_date(ctx, entry.mtime_ms)}"
    if _is_text(entry.mime):
        body = ctx.scroll(
            text(entry.content or "(empty file)", 15,
                 color=T.TEXT if entry.content else T.TEXT_SECONDARY, max_lines=None,
                 id="file_content"),
            id="file", pad=(20, 12), bg=T.SURFACE)
    else:
        preview = image(name, w=FILL, h=200, radius=16, id="file_preview") \
            if (entry.mime or "").startswith("image/") else \
            stack(icon(_file_icon(entry.mime), 56, T.TEXT_SECONDARY, gravity="center"),
                  w=FILL, h=160, radius=16, bg=T.SURFACE_VARIANT)
        body = ctx.scroll(
            preview,
            col(_detail("Name", name), _detail("Type", entry.mime or "unknown"),
                _detail("Size", _size(entry.size)),
                _detail("Modified", _date(ctx, entry.mtime_ms)),
                _detail("Location", _display_path(posixpath.dirname(entry.path))), gap=12),
            divider(),
            row(button("Open with…", functools.partial(_open_with, ctx, entry), "tonal",
                       icon="arrow-up-right-from-square", id="open_with"), justify="center"),
            id="file", pad=(20, 12), gap=20, bg=T.SURFACE)
    return scaffold(body, top_bar=top_app_bar(name, ctx.back, subtitle=details), bg=T.SURFACE)


def _detail(label: str, value: str) -> View:
    return col(text(label, 12, color=T.TEXT_SECONDARY), text(value, 15, color=T.TEXT,
                                                              max_lines=2), gap=2)


def _open_with(ctx: ScreenContext, entry: FileEntry) -> None:
    intent = {"action": "ACTION_VIEW", "type": entry.mime or "application/octet-stream",
              "data": {"path": entry.path, "mime": entry.mime}}
    if not ctx.start_activity(intent):
        ctx.toast("No app can open this file")


ROUTES = {"/": home, "/dir": directory, "/file": file_view}
