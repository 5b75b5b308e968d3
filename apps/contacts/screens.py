"""Contacts' screens: the list (favorites, letter groups, search, selection) and the picker.

The contact page lives in ``detail``, the create/edit form in ``form``, labels in ``labels``.
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
    icon,
    row,
    scaffold,
    section_header,
    selection_bar,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import (
    URI,
    bottom_room,
    contact_row,
    display_name,
    open_contact,
    search,
    search_box,
)
from .detail import contact
from .form import edit, new, open_new
from .labels import label, labels

SELECT = "contacts"  # the selection-mode key of the list


# --------------------------------------------------------------------------- list
def home(ctx: ScreenContext) -> View:
    query = ctx.value("search")
    contacts = search(ctx, query)
    chosen = ctx.selection(SELECT)
    selecting = ctx.selecting(SELECT)

    def item(c: dict[str, Any], prefix: str) -> View:
        toggle = Call("toggle_selected", SELECT, c["id"])  # rows are retained by content
        open_ = Call(open_contact, c["id"])
        return contact_row(c, f"{prefix}:{c['id']}", toggle if selecting else open_,
                           on_long_press=toggle, selected=c["id"] in chosen,
                           star=prefix == "contact")

    rows: list[View] = []
    if not query.strip():
        favorites = [c for c in contacts if c.get("starred")]
        if favorites:
            rows.append(_favorites_header())
            rows.extend(item(c, "fav") for c in favorites)
    letter = None
    for c in contacts:
        first = (display_name(c)[:1] or "#").upper()
        first = first if first.isalpha() else "#"
        if first != letter and not query.strip():
            rows.append(section_header(first))
            letter = first
        rows.append(item(c, "contact"))
    if rows:
        body: View = ctx.scroll(*rows, bottom_room(), id="contacts")
    else:
        body = empty_state("address-book", "No matching contacts" if query.strip()
                           else "No contacts yet")
    page = col(col(search_box(ctx), pad=(16, 4, 16, 8)), body, w=FILL, h=FILL, bg=T.SURFACE)
    if selecting:
        bar = selection_bar(len(chosen), Call("end_selection", SELECT), [
            bar_action("trash", Call("open_dialog", "delete_selected"), "Delete",
                       id="delete_selected")])
    else:
        bar = top_app_bar("Contacts", actions=[
            bar_action("tag", Call("push", "/labels"), "Labels", id="labels")])
    overlay = None
    if ctx.query.get("dialog") == "delete_selected" and chosen:
        n = len(chosen)
        what = "this contact" if n == 1 else f"these {n} contacts"
        overlay = dialog(f"Delete {n} contact{'s' if n > 1 else ''}?",
                         f"{what.capitalize()} will be removed from your contacts.",
                         [("Cancel", ctx.close_dialog, "delete_cancel"),
                          ("Delete", functools.partial(_delete_selected, ctx),
                           "delete_confirm")],
                         on_dismiss=ctx.close_dialog, id="delete_dialog")
    return scaffold(page, top_bar=bar, bg=T.SURFACE, overlay=overlay,
                    fab=None if selecting else fab("user-plus", functools.partial(open_new, ctx),
                                                   "New contact"))


def _favorites_header() -> View:
    return row(icon("star", 12, T.ACCENT),
               text("Favorites", 13, "medium", T.ACCENT, role="heading", id="favorites"),
               pad=(16, 16, 16, 6), gap=6)


def _delete_selected(ctx: ScreenContext) -> None:
    chosen = ctx.selection(SELECT)
    for contact_id in chosen:
        ctx.os.providers.delete(f"{URI}/{contact_id}")
    ctx.close_dialog()
    ctx.end_selection(SELECT)
    ctx.toast("Contact deleted" if len(chosen) == 1 else f"{len(chosen)} contacts deleted")


# --------------------------------------------------------------------------- picker
def pick(ctx: ScreenContext) -> View:
    query = ctx.value("search")
    rows = [contact_row(c, f"pick:{c['id']}", Call(_picked, c["id"]),
                        subtitle=c.get("phone") or "No phone number")
            for c in search(ctx, query)]
    body = ctx.scroll(*rows, id="pick") if rows else empty_state(
        "address-book", "No matching contacts" if query.strip() else "No contacts")
    page = col(col(search_box(ctx), pad=(16, 4, 16, 8)), body, w=FILL, h=FILL, bg=T.SURFACE)
    return scaffold(page, top_bar=top_app_bar("Choose a contact", Call("back")), bg=T.SURFACE)


def _picked(ctx: ScreenContext, contact_id: int) -> None:
    rows = ctx.os.providers.query(f"{URI}/{contact_id}")
    if not rows:
        ctx.toast("Contact not found")
        return
    c = rows[0]
    ctx.set_result("OK", {"contact_id": c["id"], "name": c["name"], "phone": c["phone"]})


ROUTES = {"/": home, "/contact/{id}": contact, "/new": new, "/edit/{id}": edit,
          "/labels": labels, "/label/{name}": label, "/pick": pick}
