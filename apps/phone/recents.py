"""Recents (the call log), a call's details (call back, message, add to contacts, block,
delete), clearing the history, and the blocked numbers page."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import quote

from mobilegym_env.kernel.providers import same_number
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    card,
    col,
    dialog,
    empty_state,
    icon,
    icon_button,
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

from .common import (
    BLOCKED,
    CALL_KINDS,
    CALLS,
    MISSED_RED,
    block,
    blocked_entry,
    caller_name,
    contact_for,
    day_group,
    duration_text,
    face,
    full_time,
    open_menu,
    send_text,
    start_call,
    unblock,
    valid_number,
    when_text,
)
from .nav import tab_page


def _calls(ctx: ScreenContext) -> list[dict[str, Any]]:
    """The call log, newest first."""
    return ctx.os.providers.query(CALLS, order_by="date_ms", desc=True)


def _get_call(ctx: ScreenContext, raw_id: str) -> dict[str, Any] | None:
    rows = ctx.os.providers.query(f"{CALLS}/{raw_id}") if raw_id.isdigit() else []
    return rows[0] if rows else None


# --------------------------------------------------------------------------- list
def recents(ctx: ScreenContext) -> View:
    """The Recents tab: every call, newest first, under Today / Yesterday / Older."""
    rows: list[View] = []
    group = None
    for c in _calls(ctx):
        here = day_group(ctx.os, c["date_ms"])
        if here != group:
            rows.append(section_header(here))
            group = here
        person = contact_for(ctx.os, c["number"])
        name = (person.get("name") if person else None) or c["number"]
        rows.append(_call_row(c["id"], name, person["id"] if person else -1, c["type"],
                              when_text(ctx.os, c["date_ms"]), c["number"]))
    body = ctx.scroll(*rows, View("box", h=88), id="recents") if rows else \
        empty_state("call", "No recent calls")
    actions = [bar_action("ellipsis-vertical", Call("open_dialog", "more"), "More options",
                          id="more")]
    return tab_page(ctx, "/recents", body, actions, _recents_overlay(ctx))


@retained(maxsize=256)
def _call_row(call_id: int, name: str, contact_id: int, kind: str, when: str,
              number: str) -> View:
    glyph, caption = CALL_KINDS[kind]
    red = kind in ("missed", "rejected")
    sub = row(icon(glyph, 14, MISSED_RED if red else T.ON_SURFACE_VARIANT),
              text(f"{caption} · {when}", 14, color=T.ON_SURFACE_VARIANT, role=None), gap=6)
    lead = face(name, contact_id)
    texts = col(text(name, 16, color=MISSED_RED if red else T.ON_SURFACE, role=None), sub,
                w=FILL, gap=2)
    back = icon_button("call", Call(start_call, number), f"Call {name}", T.ON_SURFACE_VARIANT,
                       id=f"call_back:{call_id}")
    return row(lead, texts, back, w=FILL, h=72, pad=(16, 0, 8, 0), gap=16,
               on_tap=Call("push", f"/log/{call_id}"),
               on_long_press=Call(open_menu, "row", call_id), role="button",
               label=f"{name}, {caption}, {when}", id=f"call:{call_id}")


def _recents_overlay(ctx: ScreenContext) -> View | None:
    kind = ctx.query.get("dialog")
    to = functools.partial(_turn_into, ctx)
    if kind == "more":
        return popup_menu([("Clear call history", functools.partial(to, "clear"), "clear_history"),
                           ("Blocked numbers", functools.partial(_open_blocked, ctx),
                            "blocked_numbers")], ctx.close_dialog)
    if kind == "clear":
        return dialog("Clear call history?", "All your calls will be deleted from the history.",
                      [("Cancel", ctx.close_dialog), ("Clear", functools.partial(_clear, ctx))],
                      ctx.close_dialog, id="clear_dialog")
    call = _get_call(ctx, ctx.query.get("id", ""))
    if call is None:
        return None
    if kind == "row":
        items = [("Call details", functools.partial(_details_from_menu, ctx, call["id"]),
                  "row_menu:details"),
                 ("Delete", functools.partial(_delete, ctx, call["id"]), "row_menu:delete")]
        if blocked_entry(ctx.os, call["number"]) is None:
            items.insert(1, ("Block number", functools.partial(to, "block", call["id"]),
                             "row_menu:block"))
        return popup_menu(items, ctx.close_dialog, id="row_menu", anchor="center")
    if kind == "block":
        return block_dialog(ctx, call["number"])
    return None


def _turn_into(ctx: ScreenContext, kind: str, call_id: int | None = None) -> None:
    ctx.replace(with_query(ctx.activity.route, dialog=kind, id=call_id))


def _details_from_menu(ctx: ScreenContext, call_id: int) -> None:
    ctx.close_dialog()
    ctx.push(f"/log/{call_id}")


def _open_blocked(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    ctx.push("/blocked")


def _clear(ctx: ScreenContext) -> None:
    ctx.os.providers.delete(CALLS, {})
    ctx.close_dialog()
    ctx.toast("Call history cleared")


def _delete(ctx: ScreenContext, call_id: int) -> None:
    ctx.os.providers.delete(f"{CALLS}/{call_id}")
    ctx.close_dialog()
    ctx.toast("Call deleted")


def block_dialog(ctx: ScreenContext, number: str) -> View:
    """Confirm blocking ``number``."""
    return dialog(f"Block {number}?",
                  "You will no longer receive calls or texts from this number.",
                  [("Cancel", ctx.close_dialog),
                   ("Block", functools.partial(_block, ctx, number))],
                  ctx.close_dialog, id="block_dialog", icon_name="block")


def _block(ctx: ScreenContext, number: str) -> None:
    block(ctx.os, number)
    ctx.close_dialog()
    ctx.toast(f"{number} blocked")


# --------------------------------------------------------------------------- details
def details(ctx: ScreenContext) -> View:
    """A call's details: the caller, Call / Message / Contact or Add contact / Block, and every
    call with that number."""
    call = _get_call(ctx, ctx.params.get("id", ""))
    if call is None:
        return scaffold(empty_state("call", "Call not found"),
                        top_bar=top_app_bar("Call details", Call("back")))
    number = call["number"]
    person = contact_for(ctx.os, number)
    name = caller_name(ctx.os, number)
    blocked = blocked_entry(ctx.os, number) is not None
    head = col(face(name, person["id"] if person else -1, 80),
               text(name, 24, color=T.ON_SURFACE, text_align="center", w=FILL, id="caller"),
               text(number if person else "Unknown number", 14, color=T.ON_SURFACE_VARIANT,
                    id="number"),
               align="center", gap=8, pad=(24, 8, 24, 16), w=FILL)
    buttons = [_action("call", "Call", functools.partial(start_call, ctx, number),
                       "detail_call"),
               _action("sms", "Message", functools.partial(send_text, ctx, number),
                       "detail_message")]
    if person:
        buttons.append(_action("person", "Contact",
                               functools.partial(ctx.push, f"/contact/{person['id']}"),
                               "detail_contact"))
    else:
        buttons.append(_action("person_add", "Add contact",
                               functools.partial(ctx.push, f"/add?number={quote(number, safe='')}"),
                               "detail_add"))
    buttons.append(_action("block", "Unblock" if blocked else "Block",
                           functools.partial(ctx.open_dialog, "unblock" if blocked else "block"),
                           "detail_unblock" if blocked else "detail_block"))
    history = [_history_row(c, ctx) for c in _calls(ctx) if same_number(c["number"], number)]
    body = ctx.scroll(head, row(*buttons, justify="center", gap=20, w=FILL),
                      col(card(text("Call history", 14, "medium", T.ON_SURFACE,
                                    pad=(4, 0, 0, 4)), *history, pad=(16, 14, 16, 6),
                               bg=T.SURFACE_VARIANT), pad=(16, 24)), id="details")
    overlay = None
    kind = ctx.query.get("dialog")
    if kind == "block":
        overlay = block_dialog(ctx, number)
    elif kind == "unblock":
        overlay = unblock_dialog(ctx, number)
    actions = [bar_action("delete", Call(_delete_and_leave, call["id"]), "Delete", id="delete")]
    return scaffold(body, top_bar=top_app_bar("Call details", Call("back"), actions),
                    overlay=overlay, bg=T.SURFACE)


def _history_row(c: dict[str, Any], ctx: ScreenContext) -> View:
    glyph, caption = CALL_KINDS[c["type"]]
    talk = duration_text(c["duration_s"]) if c["duration_s"] else None
    sub = " · ".join(v for v in (caption, talk) if v)
    red = c["type"] in ("missed", "rejected")
    return list_item(full_time(ctx.os, c["date_ms"]), sub,
                     icon(glyph, 20, MISSED_RED if red else T.ON_SURFACE_VARIANT, w=24),
                     id=f"history:{c['id']}", height=60)


def _action(icon_name: str, label: str, on_tap: Any, id: str) -> View:
    return col(icon(icon_name, 20, T.ON_SECONDARY_CONTAINER, w=56, h=40, radius=20,
                    bg=T.SECONDARY_CONTAINER),
               text(label, 12, "medium", T.ON_SURFACE, role=None), align="center", gap=6,
               on_tap=on_tap, role="button", label=label, id=id)


def _delete_and_leave(ctx: ScreenContext, call_id: int) -> None:
    ctx.os.providers.delete(f"{CALLS}/{call_id}")
    ctx.toast("Call deleted")
    ctx.pop()


# --------------------------------------------------------------------------- blocked
def blocked(ctx: ScreenContext) -> View:
    """Blocked numbers: the list (unblock with X) and "Add a number"."""
    rows = [list_item(b["number"], caller_name(ctx.os, b["number"])
                      if caller_name(ctx.os, b["number"]) != b["number"] else None,
                      "block",
                      trailing=icon_button("close", functools.partial(
                          ctx.open_dialog, "unblock", number=b["number"]),
                          f"Unblock {b['number']}", id=f"unblock:{b['id']}"),
                      id=f"blocked:{b['id']}")
            for b in ctx.os.providers.query(BLOCKED)]
    add = list_item("Add a number", None, "add", on_tap=functools.partial(
        ctx.open_dialog, "add"), id="add_blocked")
    body = ctx.scroll(text("Calls and texts from blocked numbers are rejected.", 14,
                           color=T.ON_SURFACE_VARIANT, max_lines=None, pad=(16, 8, 16, 16)),
                      add, *rows, id="blocked")
    overlay = None
    kind = ctx.query.get("dialog")
    if kind == "unblock":
        overlay = unblock_dialog(ctx, ctx.query.get("number", ""))
    elif kind == "add":
        field = ctx.field("block_number", "Phone number", id="block_number", w=FILL,
                          style="outlined")
        overlay = dialog("Add a number to block", field,
                         [("Cancel", ctx.close_dialog),
                          ("Block", functools.partial(_add_blocked, ctx))],
                         ctx.close_dialog, id="add_dialog")
    return scaffold(body, top_bar=top_app_bar("Blocked numbers", Call("back")),
                    overlay=overlay, bg=T.SURFACE)


def unblock_dialog(ctx: ScreenContext, number: str) -> View:
    """Confirm unblocking ``number``."""
    return dialog(f"Unblock {number}?", "This number will be able to call and text you.",
                  [("Cancel", ctx.close_dialog),
                   ("Unblock", functools.partial(_unblock, ctx, number))],
                  ctx.close_dialog, id="unblock_dialog")


def _unblock(ctx: ScreenContext, number: str) -> None:
    unblock(ctx.os, number)
    ctx.close_dialog()
    ctx.toast(f"{number} unblocked")


def _add_blocked(ctx: ScreenContext) -> None:
    number = ctx.value("block_number").strip()
    if not valid_number(number):
        ctx.toast("Enter a valid phone number")
        return
    if not block(ctx.os, number):
        ctx.toast("This number is already blocked")
        return
    ctx.set_value("block_number", "")
    ctx.os.keyboard.hide()
    ctx.close_dialog()
    ctx.toast(f"{number} blocked")
