"""Browser's list pages: the tab switcher, bookmarks, history (with Clear browsing data) and
downloads. Each opens over the tab page (``/``); choosing a page pops back to it."""

from __future__ import annotations

import datetime
import functools

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    col,
    dialog,
    empty_state,
    icon,
    icon_button,
    image,
    list_item,
    popup_menu,
    retained,
    row,
    scaffold,
    section_header,
    text,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import model, sites
from .page_view import follow


def _open_here(ctx: ScreenContext, url: str) -> None:
    """Back to the tab page, showing ``url`` in the current tab."""
    ctx.pop()
    follow(ctx, url)


def _local(ctx: ScreenContext, ms: int) -> datetime.datetime:
    offset = datetime.timedelta(minutes=ctx.os.clock.tz_offset_minutes)
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc) + offset


# ----- tabs
@retained(maxsize=128)
def _tab_card(tab_id: int, title: str, where: str, picture: str, current: bool) -> View:
    head = row(icon("public", 16, T.TEXT_SECONDARY),
               text(title, 13, "medium", T.TEXT, w=FILL, role=None),
               icon_button("close", Call(_close_tab, tab_id), f"Close {title}", T.TEXT,
                           size=18, id=f"close_tab:{tab_id}"),
               w=FILL, h=40, pad=(8, 0, 0, 0), gap=6)
    preview = col(text(title, 12, "medium", T.TEXT, max_lines=2, role=None),
                  text(where, 11, color=T.TEXT_SECONDARY, max_lines=2, role=None),
                  image(picture, w=FILL, h=70, radius=6) if picture else None,
                  w=FILL, h=150, pad=8, gap=4, bg=T.SURFACE, radius=8)
    return col(head, preview, w=FILL, h=200, pad=(0, 0, 0, 6), radius=14,
               bg=T.PRIMARY_CONTAINER if current else T.SURFACE_CONTAINER_HIGH,
               border=(T.PRIMARY, 2) if current else None, on_tap=Call(_switch_tab, tab_id),
               role="list_item", text=title, selected=current, id=f"tab:{tab_id}")


def tabs(ctx: ScreenContext) -> View:
    """The tab switcher: a grid of cards (tap to switch, ✕ to close), New tab, Close all."""
    store = ctx.state
    cards = []
    for t in store["tabs"]:
        url = model.url_of(t)
        page = sites.page(url)
        picture = next((b[1] for b in page.blocks if b[0] == "img"), "")
        cards.append(_tab_card(t["id"], page.title, sites.short(url) if url != sites.NEWTAB
                               else "New tab", picture, t["id"] == store["current_tab"]))
    pairs = [row(cards[i], cards[i + 1] if i + 1 < len(cards) else col(w=FILL), w=FILL, gap=10,
                 align="start") for i in range(0, len(cards), 2)]
    n = len(store["tabs"])
    bar = top_app_bar(f"{n} open tab{'s' if n != 1 else ''}", Call("back"), [
        bar_action("add", Call(_new_tab_here), "New tab", id="new_tab"),
        bar_action("more_vert", Call("open_dialog", "menu"), "More options", id="tabs_more"),
    ])
    overlay = None
    if ctx.query.get("dialog") == "menu":
        overlay = popup_menu([("New tab", functools.partial(_menu_new_tab, ctx), "tabs_menu:new"),
                              ("Close all tabs", functools.partial(_close_all, ctx),
                               "tabs_menu:close_all")], ctx.close_dialog)
    return scaffold(ctx.scroll(*pairs, id="tab_grid", pad=12, gap=10), top_bar=bar,
                    overlay=overlay)


def _switch_tab(ctx: ScreenContext, tab_id: int) -> None:
    if model.tab(ctx.state, tab_id) is not None:
        ctx.state["current_tab"] = tab_id
        ctx.ui["scroll:page"] = 0
        ctx.pop()


def _close_tab(ctx: ScreenContext, tab_id: int) -> None:
    model.close_tab(ctx.state, tab_id)


def _new_tab_here(ctx: ScreenContext) -> None:
    try:
        model.new_tab(ctx.state, sites.NEWTAB, ctx.os.clock.now_ms())
    except ValueError as err:
        ctx.toast(str(err))
        return
    ctx.pop()


def _menu_new_tab(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    _new_tab_here(ctx)


def _close_all(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    model.close_all_tabs(ctx.state)
    ctx.pop()


@retained(maxsize=128)
def _page_row(kind: str, item_id: int, title: str, where: str, leading: str, on_tap: Call,
              action: str, action_label: str, on_action: Call) -> View:
    """A bookmark or a visit: the page's title and where it is, and one icon button
    (``<kind>:<id>`` and ``<kind>_<action>:<id>``)."""
    name = "more" if action == "more_vert" else "delete"
    return list_item(title, where, leading,
                     trailing=icon_button(action, on_action, f"{action_label} {title}", T.TEXT,
                                          id=f"{kind}_{name}:{item_id}"),
                     on_tap=on_tap, id=f"{kind}:{item_id}")


# ----- bookmarks
def _bookmark_row(bookmark_id: int, title: str, where: str) -> View:
    return _page_row("bookmark", bookmark_id, title, where, "bookmark",
                     Call(_open_bookmark, bookmark_id), "more_vert", "More options for",
                     Call(_bookmark_menu, bookmark_id))


def bookmarks(ctx: ScreenContext) -> View:
    """Bookmarks in the order they were added; each row's ⋮ opens, edits or deletes it."""
    marks = ctx.state["bookmarks"]
    rows = [_bookmark_row(b["id"], b["title"], sites.short(b["url"])) for b in marks]
    body = ctx.scroll(*rows, id="bookmarks") if rows else empty_state(
        "bookmark", "No bookmarks yet")
    overlay = None
    chosen = _record(marks, ctx.query.get("id"))
    if ctx.query.get("dialog") == "bookmark" and chosen is not None:
        overlay = popup_menu([
            ("Open in new tab", functools.partial(_bookmark_new_tab, ctx, chosen["url"]),
             "bookmark_menu:new_tab"),
            ("Edit", functools.partial(_edit_bookmark, ctx, chosen), "bookmark_menu:edit"),
            ("Delete", functools.partial(_delete_bookmark, ctx, chosen["id"]),
             "bookmark_menu:delete"),
        ], ctx.close_dialog, anchor="center")
    elif ctx.query.get("dialog") == "edit_bookmark" and chosen is not None:
        save = functools.partial(_save_bookmark, ctx, chosen["id"])
        cancel = functools.partial(_dismiss, ctx)
        overlay = dialog("Edit bookmark",
                         ctx.field("bookmark_name", "Name", id="bookmark_name", on_submit=save),
                         [("Cancel", cancel, "edit_bookmark:cancel"),
                          ("Save", save, "edit_bookmark:save")],
                         on_dismiss=cancel, id="edit_bookmark")
    return scaffold(body, top_bar=top_app_bar("Bookmarks", Call("back")), overlay=overlay)


def _edit_bookmark(ctx: ScreenContext, rec: dict) -> None:
    ctx.set_value("bookmark_name", rec["title"])
    ctx.replace(with_query(ctx.activity.route, dialog="edit_bookmark", id=rec["id"]))
    ctx.os.keyboard.show(ctx.activity.activity_id, "bookmark_name")


def _save_bookmark(ctx: ScreenContext, bookmark_id: int, *_: object) -> None:
    try:
        model.rename_bookmark(ctx.state, bookmark_id, ctx.value("bookmark_name"))
    except ValueError as err:  # the dialog stays open
        ctx.toast(str(err))
        return
    _dismiss(ctx)


def _dismiss(ctx: ScreenContext) -> None:
    """Closes a dialog with a text field, and the keyboard with it."""
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def _bookmark_menu(ctx: ScreenContext, bookmark_id: int) -> None:
    ctx.open_dialog("bookmark", id=bookmark_id)


def _record(records: list[dict], key: str | None) -> dict | None:
    return next((r for r in records if str(r["id"]) == key), None) if key else None


def _open_bookmark(ctx: ScreenContext, bookmark_id: int) -> None:
    found = _record(ctx.state["bookmarks"], str(bookmark_id))
    if found is not None:
        _open_here(ctx, found["url"])


def _bookmark_new_tab(ctx: ScreenContext, url: str) -> None:
    ctx.close_dialog()
    try:
        model.new_tab(ctx.state, url, ctx.os.clock.now_ms())
    except ValueError as err:
        ctx.toast(str(err))
        return
    ctx.pop()


def _delete_bookmark(ctx: ScreenContext, bookmark_id: int) -> None:
    ctx.close_dialog()
    model.delete_bookmark(ctx.state, bookmark_id)
    ctx.toast("Bookmark deleted")


# ----- history
def _visit_row(visit_id: int, title: str, where: str) -> View:
    return _page_row("history", visit_id, title, where, "public", Call(_open_visit, visit_id),
                     "close", "Remove", Call(_delete_visit, visit_id))


def history(ctx: ScreenContext) -> View:
    """Visits newest first under a heading per day, each removable; Clear browsing data."""
    visits = sorted(ctx.state["history"], key=lambda h: (-h["visited_ms"], -h["id"]))
    today = ctx.now().date()
    rows: list[View] = [list_item("Clear browsing data…", None, "delete",
                                  on_tap=functools.partial(ctx.open_dialog, "clear"),
                                  id="clear_data")]
    day = None
    for h in visits:
        when = _local(ctx, h["visited_ms"])
        if when.date() != day:
            day = when.date()
            label = f"{day:%A, %B} {day.day}, {day.year}"
            rows.append(section_header(f"Today - {label}" if day == today else label))
        rows.append(_visit_row(h["id"], h["title"], f"{sites.host(h['url'])} · {when:%H:%M}"))
    if not visits:
        rows.append(empty_state("history", "Pages you visit appear here"))
    overlay = None
    if ctx.query.get("dialog") == "clear":
        overlay = dialog("Clear browsing data",
                         "Browsing history from all time will be deleted from this device. "
                         "Bookmarks and downloads are kept.",
                         [("Cancel", ctx.close_dialog, "clear_dialog:cancel"),
                          ("Clear data", functools.partial(_clear, ctx), "clear_dialog:clear")],
                         on_dismiss=ctx.close_dialog, id="clear_dialog")
    return scaffold(ctx.scroll(*rows, id="history"), top_bar=top_app_bar("History", Call("back")),
                    overlay=overlay)


def _open_visit(ctx: ScreenContext, visit_id: int) -> None:
    found = _record(ctx.state["history"], str(visit_id))
    if found is not None:
        _open_here(ctx, found["url"])


def _delete_visit(ctx: ScreenContext, visit_id: int) -> None:
    model.delete_visit(ctx.state, visit_id)


def _clear(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    model.clear_history(ctx.state)
    ctx.toast("Browsing data cleared")


# ----- downloads
def downloads(ctx: ScreenContext) -> View:
    """Downloaded files, newest first; a tap shows the Download folder in Files."""
    rows = []
    for d in reversed(ctx.state["downloads"]):
        when = _local(ctx, d["created_ms"])
        gone = not ctx.os.files.exists(d["path"])
        rows.append(list_item(d["name"], "Deleted" if gone else
                              f"{sites.host(d['url'])} · {when:%b} {when.day}, {when:%H:%M}",
                              "draft", on_tap=functools.partial(_show_in_files, ctx),
                              id=f"download_item:{d['id']}"))
    body = ctx.scroll(*rows, id="downloads") if rows else empty_state(
        "download", "No downloads here")
    return scaffold(body, top_bar=top_app_bar("Downloads", Call("back")))


def _show_in_files(ctx: ScreenContext) -> None:
    intent = {"action": "ACTION_VIEW", "type": "inode/directory",
              "route": f"/dir?path={model.DOWNLOADS}", "data": {"path": model.DOWNLOADS}}
    if not ctx.start_activity(intent):
        ctx.toast("No app can open Download")


ROUTES = {"/tabs": tabs, "/bookmarks": bookmarks, "/history": history, "/downloads": downloads}

