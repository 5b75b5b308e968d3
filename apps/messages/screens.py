"""Messages' screens: the thread list (with selection mode), Archived, Spam & blocked and
search.

Messages live in the shared sms provider (``content://sms``); names come from the contacts
provider. A conversation with a blocked number (``content://blocked``) is listed under Spam &
blocked instead of the inbox or Archived, and returns there when unblocked. The app's own store remembers archived thread addresses and the messages from
blocked numbers (``inbox.py``). A conversation is in ``thread.py``, the compose screen (the
SENDTO/SEND target) in ``compose.py``.
"""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    col,
    dialog,
    empty_state,
    fab,
    icon_button,
    list_item,
    popup_menu,
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

from . import blocking, inbox
from .common import (
    SELECTED_BG,
    SMS,
    archived,
    check_avatar,
    contact_avatar,
    contact_for,
    digits,
    display_name,
    person_avatar,
    short_time,
    snippet,
    threads,
)
from .compose import compose, open_compose
from .thread import open_thread, thread

HOME_KEY, ARCHIVE_KEY = "threads", "archived"  # selection keys of the two thread lists


# --------------------------------------------------------------------------- thread rows
def _thread_row(ctx: ScreenContext, key: str, address: str, last: dict[str, Any],
                unread: int) -> View:
    contact = contact_for(ctx.os, address)
    name = (contact.get("name") or address) if contact else address
    face = (name, contact["id"]) if contact else None
    # the conversation left last may still hold its unsent text in the reply field (it is
    # stored when the app pauses): that is its draft, as the row shows it
    held = ctx.ui.get("reply") if ctx.ui.get(inbox.DRAFT_OWNER) == address else None
    draft = inbox.draft(ctx.os, address) if held is None else str(held)
    return _thread_row_view(key, address, name, face, short_time(ctx.os, last["timestamp_ms"]),
                            snippet(last), unread, address in ctx.selection(key),
                            ctx.selecting(key), draft.strip() and draft)


@retained
def _thread_row_view(key: str, address: str, name: str, face: tuple[str, int] | None,
                     when: str, line: str, unread: int, chosen: bool, selecting: bool,
                     draft: str = "") -> View:
    """A thread row, from what it shows (built once per distinct look: a retained view reads
    only its arguments and binds its handlers with ``Call``). An unsent draft replaces the
    last message, after a red "Draft", as Google Messages shows it."""
    weight = "medium" if unread else "regular"
    strong = T.TEXT if unread else T.TEXT_SECONDARY
    badge = stack(text(str(unread), 11, "medium", T.ON_PRIMARY, gravity="center", role=None),
                  w=20, h=20, radius=10, bg=T.PRIMARY) if unread else None
    texts = col(
        row(text(name, 16, weight, T.TEXT, w=FILL), text(when, 12, weight, strong), gap=8),
        row(text("Draft", 14, "medium", T.ERROR, role=None) if draft else None,
            text(draft or line, 14, weight, strong, w=FILL), badge, gap=6),
        w=FILL, gap=4, justify="center",
    )
    unread_note = f", {unread} unread" if unread else ""
    toggle = Call("toggle_selected", key, address)
    return row(check_avatar() if chosen else contact_avatar(face), texts, h=76,
               pad=(16, 0), gap=16, bg=SELECTED_BG if chosen else None, selected=chosen,
               on_tap=toggle if selecting else Call(open_thread, address),
               on_long_press=toggle, role="list_item", id=f"thread:{address}",
               label=f"{name}: " + (f"Draft: {draft}" if draft else line) + unread_note)


def _thread_list(ctx: ScreenContext, key: str, in_archive: bool) -> tuple[View | None, View]:
    """The selection bar (None outside selection mode) and the list body of a thread list."""
    keep = set(archived(ctx.state))
    found = [t for t in threads(ctx.os)  # blocked conversations live in Spam & blocked
             if (t[0] in keep) == in_archive and not blocking.is_blocked(ctx.os, t[0])]
    rows = [_thread_row(ctx, key, *t) for t in found]
    if not rows:
        body = empty_state("box-archive", "No archived conversations") if in_archive else \
            empty_state("comment-sms", "No conversations yet")
    else:
        body = ctx.scroll(*rows, View("box", h=88), id="archived_threads" if in_archive
                          else "threads")
    if not ctx.selecting(key):
        return None, body
    chosen = ctx.selection(key)
    any_unread = any(n for a, _, n in found if a in chosen)
    actions = [
        bar_action("box-open" if in_archive else "box-archive",
                   Call(_archive_selected, key, in_archive),
                   "Unarchive" if in_archive else "Archive", id="sel_archive"),
        bar_action("envelope-open", Call(_mark_selected, key, True), "Mark as read",
                   id="sel_mark_read") if any_unread else
        bar_action("envelope", Call(_mark_selected, key, False), "Mark as unread",
                   id="sel_mark_unread"),
        bar_action("trash-can", Call("open_dialog", "delete_threads"), "Delete",
                   id="sel_delete"),
    ]
    bar = selection_bar(len(chosen), Call("end_selection", key), actions)
    return bar, body


def _delete_dialog(ctx: ScreenContext, key: str) -> View | None:
    n = len(ctx.selection(key))
    if ctx.query.get("dialog") != "delete_threads" or not n:
        return None
    title = "Delete this conversation?" if n == 1 else f"Delete {n} conversations?"
    return dialog(title, "Their messages will be deleted from this phone.",
                  [("Cancel", ctx.close_dialog, "delete_cancel"),
                   ("Delete", functools.partial(_delete_selected, ctx, key), "delete_confirm")],
                  on_dismiss=ctx.close_dialog, id="delete_dialog")


def _archive_selected(ctx: ScreenContext, key: str, in_archive: bool) -> None:
    chosen = ctx.selection(key)
    for address in chosen:
        (inbox.unarchive if in_archive else inbox.archive)(ctx.os, address)
    ctx.end_selection(key)
    n = len(chosen)
    what = "Conversation" if n == 1 else f"{n} conversations"
    ctx.toast(f"{what} {'unarchived' if in_archive else 'archived'}")


def _mark_selected(ctx: ScreenContext, key: str, read: bool) -> None:
    for address in ctx.selection(key):
        if read:
            inbox.mark_read(ctx.os, address)
        else:
            inbox.mark_unread(ctx.os, address)
    ctx.end_selection(key)


def _delete_selected(ctx: ScreenContext, key: str) -> None:
    chosen = ctx.selection(key)
    for address in chosen:
        inbox.delete_thread(ctx.os, address)
    ctx.close_dialog()
    ctx.end_selection(key)
    ctx.toast("Conversation deleted" if len(chosen) == 1 else
              f"{len(chosen)} conversations deleted")


# --------------------------------------------------------------------------- the two lists
def home(ctx: ScreenContext) -> View:
    bar, body = _thread_list(ctx, HOME_KEY, False)
    if bar is None:
        bar = top_app_bar("Messages", actions=[
            bar_action("magnifying-glass", Call(_open_search), "Search", id="search"),
            bar_action("ellipsis-vertical", Call("open_dialog", "menu"), "More options",
                       id="more"),
        ])
    overlay = _delete_dialog(ctx, HOME_KEY)
    if ctx.query.get("dialog") == "menu":
        has_unread = bool(_unread_addresses(ctx))
        overlay = popup_menu([
            ("Archived", functools.partial(_menu_then, ctx, ctx.push, "/archived"),
             "menu_archived"),
            ("Spam & blocked", functools.partial(_menu_then, ctx, ctx.push, "/blocked"),
             "menu_blocked"),
            ("Mark all as read", functools.partial(_mark_all_read, ctx) if has_unread else None,
             "menu_mark_all_read"),
        ], ctx.close_dialog, id="home_menu")
    fab_view = None if ctx.selecting(HOME_KEY) else fab(
        "comment", functools.partial(open_compose, ctx), "Start chat", extended=True)
    return scaffold(body, top_bar=bar, bg=T.SURFACE, fab=fab_view, overlay=overlay)


def archived_list(ctx: ScreenContext) -> View:
    bar, body = _thread_list(ctx, ARCHIVE_KEY, True)
    return scaffold(body, top_bar=bar or top_app_bar("Archived", Call("back")), bg=T.SURFACE,
                    overlay=_delete_dialog(ctx, ARCHIVE_KEY))


def blocked_list(ctx: ScreenContext) -> View:
    """Spam & blocked, newest first: the conversations with blocked numbers (moved out of the
    inbox and Archived while blocked; unblocking brings them back) and the texts blocked
    numbers sent since (never in the inbox). A row opens its conversation, whose banner offers
    Unblock."""
    found: list[tuple[int, View]] = [
        (last["timestamp_ms"], list_item(
            display_name(ctx.os, a), snippet(last), person_avatar(ctx.os, a, 40),
            text(short_time(ctx.os, last["timestamp_ms"]), 12, color=T.TEXT_SECONDARY),
            functools.partial(open_thread, ctx, a), id=f"blocked_thread:{a}"))
        for a, last, _ in threads(ctx.os) if blocking.is_blocked(ctx.os, a)]
    got = ctx.state.get("blocked")
    found += [(m["timestamp_ms"], list_item(  # ids: the place in the store
        display_name(ctx.os, m["address"]), m["body"], person_avatar(ctx.os, m["address"], 40),
        text(short_time(ctx.os, m["timestamp_ms"]), 12, color=T.TEXT_SECONDARY),
        functools.partial(open_thread, ctx, m["address"]), id=f"blocked_sms:{i}"))
        for i, m in enumerate(got if isinstance(got, list) else [])]
    found.sort(key=lambda tv: -tv[0])  # stable: a tie keeps conversations first
    body = ctx.scroll(*(v for _, v in found), id="blocked_list") if found else empty_state(
        "block", "No spam or blocked messages")
    return scaffold(body, top_bar=top_app_bar("Spam & blocked", Call("back")), bg=T.SURFACE)


def _menu_then(ctx: ScreenContext, action: Any, *args: Any) -> None:
    ctx.close_dialog()
    action(*args)


def _unread_addresses(ctx: ScreenContext) -> list[str]:
    """The conversations with unread messages that the lists show (not those with blocked
    numbers: they wait in Spam & blocked)."""
    return [a for a, _, n in threads(ctx.os) if n and not blocking.is_blocked(ctx.os, a)]


def _mark_all_read(ctx: ScreenContext) -> None:
    ctx.os.providers.update(SMS, {"read": True}, {"type": "inbox", "read": False,
                                                  "thread_address": _unread_addresses(ctx)})
    ctx.close_dialog()
    ctx.toast("All conversations marked as read")


# --------------------------------------------------------------------------- search
def _open_search(ctx: ScreenContext) -> None:
    ctx.set_value("q", "")
    ctx.push("/search")
    ctx.os.keyboard.show(ctx.activity.activity_id, "q")


def search(ctx: ScreenContext) -> View:
    q = ctx.value("q").strip()
    field = ctx.field("q", "Search conversations", id="search_field", w=FILL, radius=24,
                      pad=(18, 0))
    bar = row(icon_button("arrow-left", ctx.back, "Back", T.TEXT, id="back"), field,
              h=T.APP_BAR_H, pad=(4, 0, 12, 0), gap=4, bg=T.SURFACE, id="app_bar")
    rows = _results(ctx, q) if q else []
    if rows:
        body = ctx.scroll(*rows, id="results", pad=(0, 0, 0, 16))
    else:
        body = empty_state("magnifying-glass", f"No results for “{q}”" if q else
                           "Search by name, number or message")
    return scaffold(body, top_bar=bar, bg=T.SURFACE)


def _results(ctx: ScreenContext, q: str) -> list[View]:
    """Conversations whose name or number matches, then messages whose text does; not those
    with blocked numbers (Spam & blocked lists them)."""
    fold, want = q.casefold(), digits(q)
    rows: list[View] = []
    shown = {a for a, _, _ in threads(ctx.os) if not blocking.is_blocked(ctx.os, a)}
    convs = [(a, m) for a, m, _ in threads(ctx.os) if a in shown and (
        fold in display_name(ctx.os, a).casefold() or (want and want in digits(a)))]
    if convs:
        rows.append(section_header("Conversations"))
        rows += [list_item(display_name(ctx.os, a), snippet(m), person_avatar(ctx.os, a, 40),
                           on_tap=functools.partial(open_thread, ctx, a), id=f"result_thread:{a}")
                 for a, m in convs]
    hits = [m for m in ctx.os.providers.query(SMS, order_by="timestamp_ms", desc=True)
            if m["thread_address"] in shown and fold in str(m["body"]).casefold()]
    if hits:
        rows.append(section_header("Messages"))
        for m in hits:
            name = display_name(ctx.os, m["thread_address"])
            when = text(short_time(ctx.os, m["timestamp_ms"]), 12, color=T.TEXT_SECONDARY)
            rows.append(list_item(name, snippet(m), person_avatar(ctx.os, m["thread_address"], 40),
                                  when, functools.partial(open_thread, ctx, m["thread_address"]),
                                  id=f"result_sms:{m['id']}"))
    return rows


ROUTES = {
    "/": home,
    "/archived": archived_list,
    "/blocked": blocked_list,
    "/search": search,
    "/thread/{address}": thread,
    "/compose": compose,
}
