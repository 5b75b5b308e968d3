"""Browser's tab page: the toolbar (home, omnibox, tab count, menu), the page, the ⋮ menu,
find in page, and the omnibox editor.

Routes: ``/`` shows the current tab (``?find=1`` with the find bar, ``?dialog=menu`` with the
menu); ``/omnibox`` edits the address; the lists live in ``lists.py``. The tab's own back and
forward history is in the store (``lifecycle.py`` routes the system Back through it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    col,
    icon,
    icon_button,
    list_item,
    popup_menu,
    retained,
    row,
    scaffold,
    text,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import lists, model, sites
from .page_view import ACTIVE, MATCH, PAGE_PAD, block_views, follow, matches, offset_of

BAR_H = 56


# ----- the toolbar
@retained
def _toolbar(shown: str, secure: bool, tabs: int) -> View:
    lead = icon("lock" if secure else "info", 16, T.TEXT_SECONDARY) if shown else \
        icon("search", 18, T.TEXT_SECONDARY)
    omnibox = row(lead, text(shown or "Search or type web address", 15,
                             color=T.TEXT if shown else T.TEXT_SECONDARY, w=FILL, role=None),
                  w=FILL, h=40, pad=(12, 0), gap=8, radius=20, bg=T.SURFACE_CONTAINER_HIGH,
                  on_tap=Call(open_omnibox), role="text_field", text=shown or "Address bar",
                  id="omnibox")
    count = row(text(str(tabs) if tabs < 100 else ":D", 12, "bold", T.TEXT, role=None),
                w=22, h=22, justify="center", radius=5, border=(T.TEXT, 2))
    return row(icon_button("home", Call(go_home_page), "Home", T.TEXT, id="home_button"),
               omnibox,
               row(count, w=40, h=40, justify="center", on_tap=Call("push", "/tabs"),
                   role="button", text=f"{tabs} open tab{'s' if tabs != 1 else ''}",
                   id="tabs"),
               icon_button("more_vert", Call("open_dialog", "menu"), "More options", T.TEXT,
                           id="more"),
               w=FILL, h=BAR_H, pad=(4, 0), gap=4, bg=T.SURFACE, id="toolbar")


def open_omnibox(ctx: ScreenContext) -> None:
    ctx.set_value("omnibox_q", "")  # Chrome selects the address: typing replaces it
    ctx.push("/omnibox")
    ctx.os.keyboard.show(ctx.activity.activity_id, "omnibox_q")


def go_home_page(ctx: ScreenContext) -> None:
    model.navigate(ctx.state, sites.NEWTAB, ctx.os.clock.now_ms())


# ----- the page
def browser(ctx: ScreenContext) -> View:
    """The tab page: the toolbar (or the find bar) over the current tab's page."""
    url = model.current_url(ctx.state)
    finding = ctx.query.get("find") == "1"
    host = sites.host(url)
    known = host in sites.SITES or host == sites.SEARCH_HOST
    bar = _find_bar(ctx, url) if finding else _toolbar(
        host, known and url.startswith("https://"), len(ctx.state["tabs"]))
    if url == sites.NEWTAB:
        body = _newtab(ctx)
    else:
        blocks = sites.page(url).blocks
        marks: dict[int, str] = {}
        if finding:
            _follow_typing(ctx)
            found = matches(blocks, ctx.value("find_q"))
            marks = {i: MATCH for i in found}
            if found:
                marks[found[_find_index(ctx, len(found))]] = ACTIVE
        head = [_search_box(ctx)] if sites.host(url) == sites.SEARCH_HOST else []
        body = ctx.scroll(*head, *block_views(blocks, marks), id="page",
                          pad=(PAGE_PAD, 8, PAGE_PAD, 24), gap=6)
    return scaffold(body, top_bar=bar, overlay=_overlay(ctx, url))


def _search_box(ctx: ScreenContext) -> View:
    return row(ctx.field("search_q", "Search the local web", id="search_q", w=FILL, radius=24,
                         on_submit=functools.partial(_run_search, ctx)),
               icon_button("search", functools.partial(_run_search, ctx), "Search", T.TEXT,
                           id="search_go"), w=FILL, gap=4)


def _run_search(ctx: ScreenContext) -> None:
    query = ctx.value("search_q").strip()
    if not query:
        ctx.toast("Type something to search for")
        return
    ctx.os.keyboard.hide()
    follow(ctx, sites.search_url(query))


@retained
def _shortcut(label: str, url: str, glyph: str) -> View:
    return col(row(icon(glyph, 24, T.ON_PRIMARY_CONTAINER), w=52, h=52, justify="center",
                   radius=26, bg=T.PRIMARY_CONTAINER),
               text(label, 12, color=T.TEXT, max_lines=2, role=None, align="center"),
               w=60, gap=6, align="center", on_tap=Call(follow, url), role="button",
               text=label, id=f"shortcut:{sites.host(url)}")


def _newtab(ctx: ScreenContext) -> View:
    logo = text("Local Search", 30, "medium", T.PRIMARY, role="heading")
    box = row(icon("search", 20, T.TEXT_SECONDARY),
              text("Search or type web address", 15, color=T.TEXT_SECONDARY, role=None),
              w=FILL, h=48, pad=(16, 0), gap=10, radius=24, bg=T.SURFACE_CONTAINER_HIGH,
              on_tap=functools.partial(open_omnibox, ctx), role="text_field",
              text="Search or type web address", id="newtab_search")
    tiles = [_shortcut(*s) for s in sites.SHORTCUTS]
    return ctx.scroll(col(logo, w=FILL, align="center", pad=(0, 48, 0, 24)), box,
                      row(*tiles, w=FILL, justify="space-between", pad=(0, 24, 0, 0)),
                      id="newtab", pad=(16, 0))


# ----- find in page
def _find_index(ctx: ScreenContext, count: int) -> int:
    return int(ctx.ui.get("find_i", 0)) % count


def _find_bar(ctx: ScreenContext, url: str) -> View:
    found = matches(sites.page(url).blocks, ctx.value("find_q"))
    shown = f"{_find_index(ctx, len(found)) + 1}/{len(found)}" if found else "0/0"
    field = ctx.field("find_q", "Find in page", id="find_q", w=FILL,
                      on_submit=functools.partial(_find_step, ctx, 1))
    return row(field, text(shown, 14, color=T.TEXT_SECONDARY, id="find_count"),
               icon_button("keyboard_arrow_up", functools.partial(_find_step, ctx, -1),
                           "Previous match", T.TEXT, id="find_prev"),
               icon_button("keyboard_arrow_down", functools.partial(_find_step, ctx, 1),
                           "Next match", T.TEXT, id="find_next"),
               icon_button("close", functools.partial(_find_close, ctx), "Close find bar",
                           T.TEXT, id="find_close"),
               w=FILL, h=BAR_H, pad=(8, 0, 4, 0), gap=2, bg=T.SURFACE, id="find_bar")


def _follow_typing(ctx: ScreenContext) -> None:
    """A new find text starts again at its first match, scrolled into view (volatile UI
    state, like a field's value)."""
    typed = ctx.value("find_q")
    if ctx.ui.get("find_seen") != typed:
        ctx.ui["find_seen"] = typed
        ctx.ui["find_i"] = 0
        _scroll_to_match(ctx)


def _find_step(ctx: ScreenContext, step: int) -> None:
    found = matches(sites.page(model.current_url(ctx.state)).blocks, ctx.value("find_q"))
    if not found:
        return
    ctx.ui["find_i"] = (_find_index(ctx, len(found)) + step) % len(found)
    _scroll_to_match(ctx)


def _scroll_to_match(ctx: ScreenContext) -> None:
    blocks = sites.page(model.current_url(ctx.state)).blocks
    found = matches(blocks, ctx.value("find_q"))
    if found:
        ctx.ui["scroll:page"] = offset_of(blocks, found[_find_index(ctx, len(found))])


def _find_close(ctx: ScreenContext) -> None:
    ctx.os.keyboard.hide()
    ctx.activity.pop()


def _start_find(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    if model.current_url(ctx.state) == sites.NEWTAB:
        ctx.toast("Nothing to find on this page")
        return
    ctx.set_value("find_q", "")
    ctx.ui["find_i"] = 0
    ctx.push(with_query("/", find="1"))
    ctx.os.keyboard.show(ctx.activity.activity_id, "find_q")


# ----- the menu and its actions
def _overlay(ctx: ScreenContext, url: str) -> View | None:
    if ctx.query.get("dialog") == "link" and ctx.query.get("url"):
        return _link_menu(ctx, ctx.query["url"])
    if ctx.query.get("dialog") != "menu":
        return None
    t = model.current(ctx.state)
    web = url != sites.NEWTAB
    starred = model.bookmark_of(ctx.state, url) is not None

    def act(fn: Callable[[ScreenContext], None]) -> Callable[..., None]:
        return functools.partial(_menu_action, ctx, fn)  # close the menu, then act

    return popup_menu([
        ("New tab", act(_new_tab), "menu:new_tab"),
        ("Forward", act(_forward) if t["index"] < len(t["history"]) - 1 else None,
         "menu:forward"),
        ("Remove bookmark" if starred else "Bookmark this page",
         act(_toggle_bookmark) if web else None, "menu:bookmark"),
        ("Reload", act(_reload), "menu:reload"),
        ("History", act(functools.partial(_open_list, "/history")), "menu:history"),
        ("Bookmarks", act(functools.partial(_open_list, "/bookmarks")), "menu:bookmarks"),
        ("Downloads", act(functools.partial(_open_list, "/downloads")), "menu:downloads"),
        ("Share…", act(_share) if web else None, "menu:share"),
        ("Find in page", functools.partial(_start_find, ctx) if web else None, "menu:find"),
        ("Download page", act(_download_page) if web else None, "menu:download_page"),
    ], ctx.close_dialog)


def _link_menu(ctx: ScreenContext, target: str) -> View:
    """A link's long-press menu, as Chrome's: open it here or in a new tab, copy it."""
    def act(fn: Callable[[ScreenContext], None]) -> Callable[..., None]:
        return functools.partial(_menu_action, ctx, fn)

    return popup_menu([
        ("Open", act(functools.partial(_open_link, target)), "link_menu:open"),
        ("Open in new tab", act(functools.partial(_link_in_new_tab, target)),
         "link_menu:new_tab"),
        ("Copy link address", act(functools.partial(_copy_link, target)), "link_menu:copy"),
    ], ctx.close_dialog, id="link_menu", anchor="center")


def _open_link(url: str, ctx: ScreenContext) -> None:  # partials bind the URL first
    follow(ctx, url)


def _link_in_new_tab(url: str, ctx: ScreenContext) -> None:
    """Opens the link in a new tab behind this one (Chrome's "Open in new tab")."""
    shown = ctx.state["current_tab"]
    model.new_tab(ctx.state, url, ctx.os.clock.now_ms())
    ctx.state["current_tab"] = shown
    ctx.toast("Tab opened in background")


def _copy_link(url: str, ctx: ScreenContext) -> None:
    ctx.os.clipboard.write(url)
    ctx.toast("Link copied")


def _menu_action(ctx: ScreenContext, fn: Callable[[ScreenContext], None], *_: object) -> None:
    ctx.close_dialog()
    try:
        fn(ctx)
    except ValueError as err:  # too many tabs
        ctx.toast(str(err))


def _forward(ctx: ScreenContext) -> None:
    model.go_forward(ctx.state)


def _new_tab(ctx: ScreenContext) -> None:
    model.new_tab(ctx.state, sites.NEWTAB, ctx.os.clock.now_ms())


def _toggle_bookmark(ctx: ScreenContext) -> None:
    url = model.current_url(ctx.state)
    found = model.bookmark_of(ctx.state, url)
    if found is not None:
        model.delete_bookmark(ctx.state, found["id"])
        ctx.toast("Bookmark removed")
    else:
        model.add_bookmark(ctx.state, url, ctx.os.clock.now_ms())
        ctx.toast("Bookmarked")


def _reload(ctx: ScreenContext) -> None:
    ctx.ui["scroll:page"] = 0


def _open_list(route: str, ctx: ScreenContext) -> None:  # partial binds the route first
    ctx.push(route)


def _share(ctx: ScreenContext) -> None:
    url = model.current_url(ctx.state)
    intent = {"action": "ACTION_SEND", "type": "text/plain",
              "data": {"subject": sites.page(url).title, "text": url}}
    if not ctx.start_activity(intent):
        ctx.toast("No app can share this page")


def _download_page(ctx: ScreenContext) -> None:
    url = model.current_url(ctx.state)
    name, content = model.page_file(url)
    rec = model.download(ctx.state, ctx.os.files, name, content, url, ctx.os.clock.now_ms())
    ctx.toast(f"Downloaded {rec['name']}")


# ----- the omnibox
def omnibox(ctx: ScreenContext) -> View:
    """Editing the address: the typed text's search or URL first, then matching bookmarks
    and visits (the current page while nothing is typed)."""
    typed = ctx.value("omnibox_q")
    field = ctx.field("omnibox_q", "Search or type web address", id="omnibox_q", w=FILL,
                      radius=24, on_submit=functools.partial(_go, ctx, None))
    bar = row(icon_button("arrow_back", ctx.back, "Back", T.TEXT, id="back"), field,
              h=BAR_H + 8, pad=(4, 4, 12, 4), gap=4, bg=T.SURFACE, id="app_bar")
    rows = []
    url = model.current_url(ctx.state)
    if not typed and url != sites.NEWTAB:
        rows.append(list_item(sites.page(url).title, sites.short(url), "public",
                              trailing=icon_button("edit", functools.partial(
                                  ctx.set_value, "omnibox_q", url), "Edit address", T.TEXT,
                                  id="edit_address"),
                              on_tap=functools.partial(_go, ctx, url), id="suggest:current"))
    target = sites.from_input(typed)
    if target is not None:
        searching = sites.host(target) == sites.SEARCH_HOST and not typed.strip().startswith(
            ("http", "search.local"))
        rows.append(list_item(typed.strip(), "Search the local web" if searching
                              else sites.short(target), "search" if searching else "public",
                              on_tap=functools.partial(_go, ctx, target), id="suggest:0"))
    for n, (title, url) in enumerate(_suggestions(ctx, typed), 1):
        rows.append(list_item(title, sites.short(url), "history",
                              on_tap=functools.partial(_go, ctx, url), id=f"suggest:{n}"))
    return scaffold(ctx.scroll(*rows, id="suggestions"), top_bar=bar)


def _suggestions(ctx: ScreenContext, typed: str) -> list[tuple[str, str]]:
    """Bookmarks, then visited pages, whose title or URL contains what is typed (up to 5)."""
    q = typed.strip().lower()
    if not q:
        return []
    seen: dict[str, str] = {}
    for rec in [*ctx.state["bookmarks"], *reversed(ctx.state["history"])]:
        if (q in rec["title"].lower() or q in rec["url"].lower()) and rec["url"] not in seen:
            seen[rec["url"]] = rec["title"]
    return list(seen.items())[:5] if q else []


def _go(ctx: ScreenContext, url: str | None, *_: object) -> None:
    url = url or sites.from_input(ctx.value("omnibox_q"))
    if url is None:
        return
    ctx.pop()
    follow(ctx, url)


ROUTES = {"/": browser, "/omnibox": omnibox, **lists.ROUTES}
