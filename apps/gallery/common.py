"""What every Gallery screen shares: photo and album reads, formats, and photo operations.

Photos are the image rows of the shared media provider (``content://media``); their files live
in the virtual file system. An album is a folder holding photos (Android's bucket, the row's
``album`` column), plus the empty folders in ``/sdcard/Pictures`` where new albums are made.
Moving a photo to an album moves its file, so Files and Gallery always agree. The app's own
store only holds the ids of favorite photos.
"""

from __future__ import annotations

import datetime
import posixpath
from typing import Any
from urllib.parse import quote

from mobilegym_env.kernel.filesystem import ROOT, copy_scanned, delete_scanned, move_scanned
from mobilegym_env.ui import ScreenContext
from mobilegym_env.ui.pictures import Photo, media_photo

MEDIA = "content://media"
ALBUMS_ROOT = f"{ROOT}/Pictures"  # where "New album" makes its folder
MAX_ALBUM_NAME = 60
ZOOM_KEY = "photo_zoom"  # the viewer's zoom, [photo id, column, row], in its UI state


# ----- reads (odd state gives empty results, never exceptions)
def photos(ctx: ScreenContext) -> list[dict[str, Any]]:
    """Every photo, newest first."""
    rows = ctx.os.providers.query(MEDIA, order_by="taken_ms", desc=True)
    return [r for r in rows if str(r.get("mime") or "").startswith("image/")]


def get(ctx: ScreenContext, raw_id: Any) -> dict[str, Any] | None:
    """The photo with id ``raw_id`` (an int or a route's digit string), or None."""
    if isinstance(raw_id, str):
        if not raw_id.isdigit():
            return None
        raw_id = int(raw_id)
    if not isinstance(raw_id, int) or isinstance(raw_id, bool):
        return None
    rows = ctx.os.providers.query(f"{MEDIA}/{raw_id}")
    return rows[0] if rows and str(rows[0].get("mime") or "").startswith("image/") else None


def photo_of(ctx: ScreenContext, p: dict[str, Any], fit: str = "cover") -> Photo:
    """The picture of photo row ``p``, at its size; it follows the file through renames."""
    return media_photo(p, ctx.os.files, fit)


def favorites(ctx: ScreenContext) -> list[int]:
    favs = ctx.state.get("favorites")
    return favs if isinstance(favs, list) else []


def folder_of(photo: dict[str, Any]) -> str:
    return posixpath.dirname(str(photo.get("path") or ""))


def album_name(folder: str) -> str:
    return "Internal storage" if folder == ROOT else posixpath.basename(folder)


def albums(ctx: ScreenContext) -> list[tuple[str, list[dict[str, Any]]]]:
    """``(folder, photos newest first)`` per album: the most recently added-to first, then the
    empty albums by name."""
    by_folder: dict[str, list[dict[str, Any]]] = {}
    for p in photos(ctx):
        by_folder.setdefault(folder_of(p), []).append(p)
    try:
        made = [posixpath.join(ALBUMS_ROOT, n) for n in ctx.os.files.list_dir(ALBUMS_ROOT)]
    except ValueError:
        made = []
    empty = sorted((f for f in made if ctx.os.files.is_dir(f) and f not in by_folder),
                   key=lambda f: album_name(f).casefold())
    full = sorted(by_folder.items(), key=lambda kv: (-int(kv[1][0].get("taken_ms") or 0),
                                                     album_name(kv[0]).casefold()))
    return full + [(f, []) for f in empty]


def album_route(folder: str, page: str = "/album") -> str:
    """The route of an album's page (or of its "Add photos" ``page="/add"``)."""
    return f"{page}?path={quote(folder, safe='/')}"


def file_name(photo: dict[str, Any]) -> str:
    return str(photo.get("path") or "").rsplit("/", 1)[-1] or str(photo.get("title") or "")


# ----- formats
def local_time(ctx: ScreenContext, ms: int) -> datetime.datetime:
    offset = ctx.os.clock.tz_offset_minutes * 60_000
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms + offset)


def taken_text(ctx: ScreenContext, photo: dict[str, Any]) -> str:
    """``Thu, Dec 18, 2025 · 09:30``."""
    when = local_time(ctx, int(photo.get("taken_ms") or 0))
    return f"{when:%a}, {when:%b} {when.day}, {when.year} · {when:%H:%M}"


def megapixels(photo: dict[str, Any]) -> str:
    mp = int(photo.get("width") or 0) * int(photo.get("height") or 0) / 1e6
    return f"{mp:.1f} MP"


def count_text(n: int) -> str:
    return f"{n} item{'s' if n != 1 else ''}"


# ----- operations (through the media scanner, so the provider follows the files)
def _media(ctx: ScreenContext) -> Any:
    return ctx.os.providers.provider("media")


def delete_photos(ctx: ScreenContext, ids: list[int]) -> int:
    """Deletes photos (file and row) and forgets them as favorites; returns how many."""
    done = 0
    favs = favorites(ctx)
    for pid in ids:
        p = get(ctx, pid)
        if p is None:
            continue
        try:
            delete_scanned(ctx.os.files, _media(ctx), p["path"])
        except ValueError:
            ctx.os.providers.delete(f"{MEDIA}/{pid}")  # a row whose file is already gone
        if pid in favs:
            favs.remove(pid)
        done += 1
    return done


def transfer_photos(ctx: ScreenContext, ids: list[int], folder: str, copy: bool) -> int:
    """Moves (or copies) photos into the album ``folder``; a taken name gets a number, as in
    ``cake (1).jpg``. A photo already there is not moved. Returns how many moved or copied."""
    if not ctx.os.files.is_dir(folder):
        return 0
    done = 0
    for pid in ids:
        p = get(ctx, pid)
        if p is None or (not copy and folder_of(p) == folder):
            continue
        dst = posixpath.join(folder, ctx.os.files.free_name(folder, file_name(p)))
        try:
            (copy_scanned if copy else move_scanned)(ctx.os.files, _media(ctx), p["path"], dst)
        except ValueError:
            continue
        done += 1
    return done


def move_folder(ctx: ScreenContext, src: str, dst: str) -> None:
    """Renames an album's folder (its photos keep their ids); raises ValueError if it cannot."""
    move_scanned(ctx.os.files, _media(ctx), src, dst)


def check_album_name(ctx: ScreenContext, name: str, parent: str = ALBUMS_ROOT,
                     current: str | None = None) -> bool:
    """Whether ``name`` can name a new album in ``parent`` (or rename album ``current``); if
    not, a toast says why."""
    taken = {album_name(f).casefold() for f, _ in albums(ctx)} - {(current or "").casefold()}
    if not name:
        ctx.toast("Enter an album name")
    elif "/" in name or name in (".", "..") or "\0" in name:
        ctx.toast("Name contains invalid characters")
    elif len(name) > MAX_ALBUM_NAME:
        ctx.toast("Name is too long")
    elif name.casefold() in taken or ctx.os.files.exists(posixpath.join(parent, name)):
        ctx.toast(f"An album named “{name}” already exists")
    else:
        return True
    return False
