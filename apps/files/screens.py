"""Files' screens: home (search, storage, categories), a folder, search, and a file.

A folder's rows open on tap; long-pressing one starts selection mode (tap more to add them,
then delete, move or copy them from the bar); each row's ⋮ opens its menu (rename, move, copy,
delete, info). Dialogs, menus and the sort sheet live in ``dialogs.py``, the "Move to" / "Copy
to" picker in ``picker.py``; everything opened over a page lives in its route, so Back closes it.
"""

from __future__ import annotations

import functools
import posixpath

from mobilegym_env.kernel.filesystem import ROOT, FileEntry
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    button,
    col,
    divider,
    empty_state,
    icon,
    icon_button,
    image,
    list_item,
    progress_bar,
    retained,
    row,
    scaffold,
    section_header,
    selection_bar,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T
from mobilegym_env.ui.pictures import file_photo, natural_aspect

from . import dialogs, picker, player
from .common import (
    DEFAULT_SORT,
    ROOT_LABEL,
    SELECT,
    SORTS,
    count,
    date_text,
    dir_route,
    display_path,
    entries,
    entry_tile,
    file_icon,
    file_route,
    is_text,
    items_text,
    path_arg,
    size_text,
    stat,
    tile,
    title,
    walk,
)

PREVIEW_W = T.SCREEN_W - 40  # a file page's content width (20 padding each side)
# (id, label, folder under /sdcard, icon, tint)
CATEGORIES: tuple[tuple[str, str, str, str, str], ...] = (
    ("downloads", "Downloads", "Download", "download", "#1A73E8"),
    ("images", "Images", "Pictures", "image", "#E8710A"),
    ("videos", "Videos", "Movies", "film", "#D93025"),
    ("audio", "Audio", "Music", "music", "#9334E6"),
    ("documents", "Documents", "Documents", "file-lines", "#188038"),
    ("camera", "Camera", "DCIM/Camera", "camera", "#007B83"),
)


# ----- home
def home(ctx: ScreenContext) -> View:
    used, total = _storage(ctx)
    pct = int(round(100 * used / total)) if total > 0 else 0
    card = col(
        row(tile("mobile-screen-button", T.ON_PRIMARY, T.PRIMARY),
            col(text(ROOT_LABEL, 16, "medium", T.TEXT),
                text(f"{_gb(used)} GB used of {_gb(total)} GB", 13, color=T.TEXT_SECONDARY),
                w=FILL, gap=2),
            icon("chevron-right", 14, T.TEXT_SECONDARY), gap=16),
        progress_bar(pct),
        bg=T.SURFACE_CONTAINER, radius=20, pad=(16, 16), gap=14, on_tap=functools.partial(
            ctx.push, dir_route(ROOT)), role="list_item", id="internal_storage",
        text=f"{ROOT_LABEL} {_gb(used)} GB used of {_gb(total)} GB",
    )
    rows: list[View | None] = [col(_search_pill(ctx), card, pad=(16, 4, 16, 4), gap=16),
                               section_header("Categories")]
    for key, label, rel, icon_name, tint in CATEGORIES:
        path = f"{ROOT}/{rel}"
        rows.append(list_item(label, items_text(count(ctx, path)),
                              tile(icon_name, tint, tint + "22"),
                              on_tap=functools.partial(ctx.push, dir_route(path)),
                              id=f"category:{key}"))
    body = ctx.scroll(*rows, id="files_home", bg=T.SURFACE, pad=(0, 0, 0, 16))
    return scaffold(body, top_bar=top_app_bar("Files"), bottom=player.now_playing_bar(ctx),
                    bg=T.SURFACE)


def _search_pill(ctx: ScreenContext) -> View:
    return row(icon("magnifying-glass", 16, T.TEXT_SECONDARY),
               text("Search in Files", 15, color=T.TEXT_SECONDARY, role=None),
               h=48, radius=24, bg=T.SURFACE_CONTAINER_HIGH, pad=(18, 0), gap=14,
               w=FILL,
               on_tap=functools.partial(_open_search, ctx), role="button",
               text="Search in Files", id="search")


def _storage(ctx: ScreenContext) -> tuple[float, float]:
    try:
        s = ctx.os.os_state.get("hardware.storage")
    except KeyError:
        return 0.0, 0.0
    total = float(s.get("total_gb") or 0)
    return min(max(float(s.get("used_gb") or 0), 0.0), total), total


def _gb(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


# ----- a folder
def directory(ctx: ScreenContext) -> View:
    path = path_arg(ctx)
    sort = ctx.ui.get("sort") if ctx.ui.get("sort") in SORTS else DEFAULT_SORT
    found = entries(ctx, path, sort) if path is not None else None
    if path is None or found is None:
        return scaffold(empty_state("folder-open", "Folder not found"),
                        top_bar=top_app_bar("Files", Call("back")), bg=T.SURFACE)
    selecting = ctx.selecting(SELECT)
    chosen = dialogs.selected_paths(ctx, path)
    rows = [_row(ctx, e, selecting, e.path in chosen) for e in found]
    crumb = None if path == ROOT else text(display_path(path), 13, color=T.TEXT_SECONDARY,
                                           pad=(16, 4, 16, 0), id="breadcrumb")
    sort_row = row(icon("arrow-down-wide-short", 14, T.ACCENT),
                   text(SORTS[sort][0], 14, "medium", T.ACCENT, role=None),
                   h=40, pad=(16, 0), gap=8, on_tap=functools.partial(ctx.open_dialog, "sort"),
                   role="button", text=f"Sort by {SORTS[sort][0]}", id="sort")
    if rows:
        body = ctx.scroll(crumb, sort_row, *rows, id="dir", bg=T.SURFACE, pad=(0, 0, 0, 16))
    else:
        body = col(crumb, empty_state("folder-open", "This folder is empty"), bg=T.SURFACE)
    if selecting:
        bar = selection_bar(len(chosen), Call("end_selection", SELECT), [
            bar_action("trash", Call("open_dialog", "sel_delete"), "Delete", "sel_delete",
                       T.TEXT),
            bar_action("ellipsis-vertical", Call("open_dialog", "sel_menu"), "More options",
                       "sel_more", T.TEXT),
        ])
    else:
        bar = top_app_bar(title(path), Call("back"), [
            bar_action("magnifying-glass", Call(_open_search), "Search", id="search"),
            bar_action("folder-plus", Call(dialogs.open_new_folder), "New folder",
                       id="new_folder"),
        ], subtitle=items_text(len(found)))
    return scaffold(body, top_bar=bar, bottom=None if selecting else player.now_playing_bar(ctx),
                    overlay=dialogs.overlay(ctx, path), bg=T.SURFACE)


def _row(ctx: ScreenContext, e: FileEntry, selecting: bool, selected: bool) -> View:
    sub = items_text(count(ctx, e.path)) if e.is_dir else \
        f"{size_text(e.size)} · {date_text(ctx, e.mtime_ms)}"
    lead = tile("check", T.ON_PRIMARY, T.PRIMARY) if selected else entry_tile(e)
    return _row_view(e.path, e.is_dir, sub, lead, selecting, selected)


@retained(maxsize=256)
def _row_view(path: str, is_dir: bool, sub: str, lead: View, selecting: bool,
              selected: bool) -> View:
    """A folder's or file's row, retained by what it shows."""
    name = posixpath.basename(path)
    toggle = Call("toggle_selected", SELECT, name)
    more = None if selecting else icon_button(
        "ellipsis-vertical", Call(_item_menu, path), f"More options for {name}",
        T.TEXT_SECONDARY, id=f"more:{name}")
    return list_item(name, sub, lead,
                     more, on_tap=toggle if selecting else Call(_open_path, path),
                     on_long_press=toggle, id=f"{'dir' if is_dir else 'file'}:{name}",
                     selected=selected)


def _item_menu(ctx: ScreenContext, path: str) -> None:
    ctx.open_dialog("item", item=path)


def _open_path(ctx: ScreenContext, path: str) -> None:
    _open(ctx, ctx.os.files.stat(path))


def _open(ctx: ScreenContext, e: FileEntry) -> None:
    """A folder opens, a song plays (in the player), any other file shows its page."""
    if player.is_audio(e):
        player.play_file(ctx, e)
        return
    ctx.os.keyboard.hide()  # a search result leaves the search field behind
    ctx.push(dir_route(e.path) if e.is_dir else file_route(e.path))


# ----- search
def _open_info(ctx: ScreenContext, path: str) -> None:
    ctx.open_dialog("info", item=path)


def _open_search(ctx: ScreenContext) -> None:
    ctx.set_value("search_query", "")
    ctx.push("/search")
    ctx.os.keyboard.show(ctx.activity.activity_id, "search_query")


def search(ctx: ScreenContext) -> View:
    query = ctx.value("search_query").strip().casefold()
    bar = row(icon_button("arrow-left", ctx.back, "Back", T.TEXT, id="back"),
              ctx.field("search_query", "Search in Files", id="search_field", w=FILL,
                        radius=24),
              h=T.APP_BAR_H + 8, pad=(4, 4, 12, 4), gap=4, bg=T.SURFACE, id="app_bar")
    if not query:
        return scaffold(empty_state("magnifying-glass", "Search files and folders by name"),
                        top_bar=bar, bg=T.SURFACE)
    hits = [e for e in walk(ctx) if query in posixpath.basename(e.path).casefold()]
    rows = [list_item(posixpath.basename(e.path), _where(e), entry_tile(e),
                      on_tap=functools.partial(_open, ctx, e), id=f"result:{e.path}")
            for e in hits]
    count_text = text(f"{len(hits)} result{'s' if len(hits) != 1 else ''}", 13,
                      color=T.TEXT_SECONDARY, pad=(16, 8, 16, 4), id="result_count")
    body = ctx.scroll(count_text, *rows, id="results", bg=T.SURFACE, pad=(0, 0, 0, 16)) \
        if hits else empty_state("magnifying-glass", f"No results for “{query}”")
    return scaffold(body, top_bar=bar, bg=T.SURFACE)


def _where(e: FileEntry) -> str:
    folder = display_path(posixpath.dirname(e.path)).removeprefix(ROOT_LABEL + " › ")
    return folder if e.is_dir else f"{folder} · {size_text(e.size)}"


# ----- a file
def file_view(ctx: ScreenContext) -> View:
    entry = stat(ctx, path_arg(ctx))
    if entry is None or entry.is_dir:
        return scaffold(empty_state("file-circle-exclamation", "File not found"),
                        top_bar=top_app_bar("Files", Call("back")), bg=T.SURFACE)
    name = posixpath.basename(entry.path)
    details = f"{size_text(entry.size)} · {date_text(ctx, entry.mtime_ms)}"
    if is_text(entry.mime):
        content = ctx.selectable_text(entry.content, 15, color=T.TEXT, max_lines=None,
                                      id="file_content") if entry.content else \
            text("(empty file)", 15, color=T.TEXT_SECONDARY, id="file_content")
        body = ctx.scroll(content, id="file", pad=(20, 12), bg=T.SURFACE)
    else:
        preview = _preview(name, entry) if (entry.mime or "").startswith("image/") else \
            stack(icon(file_icon(entry.mime), 56, T.TEXT_SECONDARY, gravity="center"),
                  w=FILL, h=160, radius=16, bg=T.SURFACE_VARIANT)
        body = ctx.scroll(
            preview,
            col(_detail("Name", name), _detail("Type", entry.mime or "unknown"),
                _detail("Size", size_text(entry.size)),
                _detail("Modified", date_text(ctx, entry.mtime_ms)),
                _detail("Location", display_path(posixpath.dirname(entry.path))), gap=12),
            divider(),
            row(button("Play", functools.partial(player.play_file, ctx, entry), "filled",
                       icon="play", id="play_file") if player.is_audio(entry) else None,
                button("Open with…", functools.partial(_open_with, ctx, entry), "tonal",
                       icon="arrow-up-right-from-square", id="open_with"),
                justify="center", gap=12),
            id="file", pad=(20, 12), gap=20, bg=T.SURFACE)
    info = bar_action("circle-info", Call(_open_info, entry.path), "File info", id="file_info")
    bar = top_app_bar(name, Call("back"), [info], subtitle=details)
    return scaffold(body, top_bar=bar, overlay=dialogs.overlay(ctx, None), bg=T.SURFACE)


def _preview(name: str, entry: FileEntry) -> View:
    """The picture whole, as high as its shape needs (within bounds), never stretched."""
    photo = file_photo(entry.path, entry.content, "fit")
    aspect = photo.aspect or natural_aspect(photo.key)
    height = min(max(round(PREVIEW_W / aspect), 120), 360)
    return image(name, w=FILL, h=height, source=photo, radius=16, id="file_preview")


def _detail(label: str, value: str) -> View:
    return col(text(label, 12, color=T.TEXT_SECONDARY),
               text(value, 15, color=T.TEXT, max_lines=2), gap=2)


def _open_with(ctx: ScreenContext, entry: FileEntry) -> None:
    intent = {"action": "ACTION_VIEW", "type": entry.mime or "application/octet-stream",
              "data": {"path": entry.path, "mime": entry.mime}}
    if not ctx.start_activity(intent):
        ctx.toast("No app can open this file")


ROUTES = {"/": home, "/dir": directory, "/search": search, "/file": file_view,
          "/pick": picker.screen, player.ROUTE: player.screen}
