"""What every Files screen shares: routes, display formats, safe reads, sorting, and the file
operations that keep the media provider in step with the file system.

Paths are absolute under ``/sdcard`` (as in ``ctx.os.files``) and travel in the query, because a
route pattern segment matches one path segment only: ``/dir?path=/sdcard/DCIM/Camera`` browses a
folder (``/dir`` alone is the storage root) and ``/file?path=...`` opens a file.
"""

from __future__ import annotations

import datetime
import posixpath
from typing import Any
from urllib.parse import quote

from mobilegym_env.kernel.filesystem import (
    ROOT,
    FileEntry,
    copy_scanned,
    delete_scanned,
    move_scanned,
    normalize,
)
from mobilegym_env.ui import ScreenContext, View, icon, image, retained, stack
from mobilegym_env.ui import theme as T
from mobilegym_env.ui.pictures import Photo, file_photo

ROOT_LABEL = "Internal storage"
MAX_NAME = 100
TEXT_MIMES = ("application/json",)
VIEWED_ELSEWHERE = ("text/calendar",)  # text, but opened in its app (Calendar imports .ics)
SELECT = "items"  # the selection-mode key of a folder's rows
# sort key -> (label, key function over entries, reverse); folders always come first
SORTS: dict[str, tuple[str, Any, bool]] = {
    "name_asc": ("Name (A to Z)", lambda e: posixpath.basename(e.path).casefold(), False),
    "name_desc": ("Name (Z to A)", lambda e: posixpath.basename(e.path).casefold(), True),
    "date_desc": ("Date modified (newest first)", lambda e: e.mtime_ms, True),
    "date_asc": ("Date modified (oldest first)", lambda e: e.mtime_ms, False),
    "size_desc": ("Size (largest first)", lambda e: e.size, True),
    "size_asc": ("Size (smallest first)", lambda e: e.size, False),
}
DEFAULT_SORT = "name_asc"


# ----- routes and paths
def dir_route(path: str) -> str:
    """The route that browses ``path`` (``/dir`` for the storage root)."""
    return "/dir" if path == ROOT else f"/dir?path={quote(path, safe='/')}"


def file_route(path: str) -> str:
    """The route that opens the file at ``path``."""
    return f"/file?path={quote(path, safe='/')}"


def path_arg(ctx: ScreenContext, key: str = "path") -> str | None:
    """The normalized path in query parameter ``key`` (default: the root); None if invalid."""
    try:
        return normalize(ctx.query.get(key) or ROOT)
    except ValueError:
        return None


def display_path(path: str) -> str:
    """``Internal storage › DCIM › Camera`` for ``/sdcard/DCIM/Camera``."""
    rel = path[len(ROOT):].strip("/")
    return " › ".join([ROOT_LABEL, *rel.split("/")]) if rel else ROOT_LABEL


def title(path: str) -> str:
    return ROOT_LABEL if path == ROOT else posixpath.basename(path)


# ----- formatting
def size_text(n: int) -> str:
    """Bytes in SI units, as Android shows them (``43 B``, ``1.2 kB``, ``3 MB``)."""
    if n < 1000:
        return f"{n} B"
    value = float(n)
    for unit in ("kB", "MB"):
        value /= 1000
        if value < 999.95:
            return f"{value:.1f}".removesuffix(".0") + f" {unit}"
    return f"{value / 1000:.1f}".removesuffix(".0") + " GB"


def local_time(ctx: ScreenContext, ms: int) -> datetime.datetime:
    """A timestamp in the device's time zone (the virtual clock's)."""
    offset = datetime.timedelta(minutes=ctx.os.clock.tz_offset_minutes)
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc) + offset


def date_text(ctx: ScreenContext, ms: int) -> str:
    """A list row's date: ``Feb 8`` this year, ``Nov 3, 2025`` before."""
    when = local_time(ctx, ms)
    if when.year == ctx.now().year:
        return f"{when:%b} {when.day}"
    return f"{when:%b} {when.day}, {when.year}"


def full_date_text(ctx: ScreenContext, ms: int) -> str:
    """The exact modification time the info dialog shows: ``Nov 3, 2025, 10:15``."""
    when = local_time(ctx, ms)
    return f"{when:%b} {when.day}, {when.year}, {when:%H:%M}"


def items_text(n: int | None) -> str:
    if n is None:
        return "Not found"
    return "Empty" if n == 0 else f"{n} item{'s' if n != 1 else ''}"


def is_text(mime: str | None) -> bool:
    return bool(mime) and mime not in VIEWED_ELSEWHERE and (
        str(mime).startswith("text/") or mime in TEXT_MIMES)


def file_icon(mime: str | None) -> str:
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
    if m == "application/vnd.android.package-archive":
        return "android"
    return "file-lines" if is_text(m) else "file"


@retained
def tile(name: str, fg: str, bg: str, size: int = 40) -> View:
    """The rounded square icon tile that leads a row."""
    return stack(icon(name, size * 9 // 20, fg, gravity="center"), w=size, h=size,
                 radius=size * 3 // 10, bg=bg)


def entry_tile(e: FileEntry) -> View:
    """A folder or a file type's icon; a picture's own thumbnail (kept out of the UI tree:
    the row already names the file)."""
    if e.is_dir:
        return tile("folder", T.ON_PRIMARY_CONTAINER, T.PRIMARY_CONTAINER)
    if (e.mime or "").startswith("image/"):
        return _thumbnail(posixpath.basename(e.path), file_photo(e.path, e.content))
    return tile(file_icon(e.mime), T.ON_SURFACE_VARIANT, T.SURFACE_CONTAINER_HIGH)


@retained
def _thumbnail(name: str, photo: Photo) -> View:
    return image(name, 40, 40, source=photo, radius=12, role=None)


# ----- safe file-system reads (odd state gives empty results, never exceptions)
def stat(ctx: ScreenContext, path: str | None) -> FileEntry | None:
    if path is None:
        return None
    try:
        return ctx.os.files.stat(path)
    except ValueError:
        return None


def entries(ctx: ScreenContext, path: str, sort: str = DEFAULT_SORT) -> list[FileEntry] | None:
    """Folders first (by name), then files in ``sort`` order; None if ``path`` is no folder."""
    fs = ctx.os.files
    try:
        names = fs.list_dir(path)
    except ValueError:
        return None
    found = [e for e in (stat(ctx, posixpath.join(path, n)) for n in names) if e is not None]
    _, key, reverse = SORTS.get(sort, SORTS[DEFAULT_SORT])
    by_name = SORTS["name_asc"][1]
    folders = sorted((e for e in found if e.is_dir), key=by_name)
    files = sorted(sorted((e for e in found if not e.is_dir), key=by_name), key=key,
                   reverse=reverse)
    return folders + files


def count(ctx: ScreenContext, path: str) -> int | None:
    try:
        return len(ctx.os.files.list_dir(path))
    except ValueError:
        return None


def walk(ctx: ScreenContext) -> list[FileEntry]:
    """Every file and folder in storage (the root excluded), by path."""
    return [e for e in (stat(ctx, p) for p in sorted(ctx.os.files.state()) if p != ROOT)
            if e is not None]


# ----- file operations (each reports to the media scanner, so Gallery stays in step)
def delete_path(ctx: ScreenContext, path: str) -> None:
    """Deletes a file or a folder tree; raises ValueError if it cannot."""
    delete_scanned(ctx.os.files, ctx.os.providers.provider("media"), path)


def move_path(ctx: ScreenContext, src: str, dst: str) -> None:
    """Moves (or renames) a file or folder tree; raises ValueError if it cannot."""
    move_scanned(ctx.os.files, ctx.os.providers.provider("media"), src, dst)


def copy_path(ctx: ScreenContext, src: str, dst: str) -> None:
    """Copies a file or folder tree; raises ValueError if it cannot."""
    copy_scanned(ctx.os.files, ctx.os.providers.provider("media"), src, dst)


def check_name(ctx: ScreenContext, name: str) -> bool:
    """Whether ``name`` is a valid file name; if not, a toast says why."""
    if not name:
        ctx.toast("Enter a name")
    elif "/" in name or name in (".", "..") or "\0" in name:
        ctx.toast("Name contains invalid characters")
    elif len(name) > MAX_NAME:
        ctx.toast("Name is too long")
    else:
        return True
    return False
