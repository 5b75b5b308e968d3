"""Favourites (starred contacts as tiles), the Contacts tab (the contacts provider, searched),
a contact's calling page, choosing a new favourite, and adding a caller as a contact."""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    avatar,
    bar_action,
    button,
    col,
    empty_state,
    icon,
    list_item,
    popup_menu,
    retained,
    row,
    scaffold,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import (
    CONTACTS,
    avatar_color,
    contacts,
    digits,
    get_contact,
    open_menu,
    send_text,
    start_call,
    valid_number,
)
from .nav import tab_page

STAR_ON = "#F9AB00"
MAX_NAME = 80


# --------------------------------------------------------------------------- favourites
def favourites(ctx: ScreenContext) -> View:
    """The Favourites tab: starred contacts as tiles (tap calls, long press for a menu)."""
    starred = [c for c in contacts(ctx) if c.get("starred")]
    tiles = [_tile(c.get("name") or c["phone"], c["id"], c.get("phone") or "")
             for c in starred]
    tiles += [View("box", w=FILL)] * (-len(tiles) % 3)  # a short last row keeps the width
    lines = [row(*tiles[i:i + 3], gap=8, w=FILL) for i in range(0, len(tiles), 3)]
    add = button("Add favourite", Call("push", "/favourites/add"), "tonal", icon="add",
                 id="add_favourite")
    body = ctx.scroll(*lines, row(add, justify="center", w=FILL, pad=(0, 16)),
                      View("box", h=88), id="favourites", gap=8, pad=(12, 8, 12, 0)) \
        if tiles else col(empty_state("star", "No favourites yet"),
                          row(add, justify="center", w=FILL, pad=(0, 0, 0, 96)), w=FILL, h=FILL)
    overlay = None
    if ctx.query.get("dialog") == "fav_menu":
        c = get_contact(ctx, ctx.query.get("id", ""))
        if c is not None:
            overlay = popup_menu([
                ("Call", functools.partial(_call_from_menu, ctx, c.get("phone") or ""),
                 "fav_menu:call"),
                ("Contact info", functools.partial(_info_from_menu, ctx, c["id"]),
                 "fav_menu:info"),
                ("Remove from favourites", functools.partial(_unstar, ctx, c["id"]),
                 "fav_menu:remove")], ctx.close_dialog, id="fav_menu", anchor="center")
    return tab_page(ctx, "/", body, overlay=overlay)


@retained(maxsize=64)
def _tile(name: str, contact_id: int, phone: str) -> View:
    """A favourite: a big initial on the contact's colour, the name under it; a tap calls."""
    face = stack(text((name[:1] or "?").upper(), 44, "medium", "#FFFFFF", text_align="center",
                      w=FILL, h=FILL, gravity="center", role=None),
                 w=FILL, h=104, radius=16, bg=avatar_color(contact_id))
    return col(face, text(name, 14, color=T.ON_SURFACE, max_lines=1, w=FILL, role=None),
               w=FILL, gap=6, on_tap=Call(start_call, phone),
               on_long_press=Call(open_menu, "fav_menu", contact_id), role="button",
               label=name, id=f"fav:{contact_id}")


def _call_from_menu(ctx: ScreenContext, number: str) -> None:
    ctx.close_dialog()
    start_call(ctx, number)


def _info_from_menu(ctx: ScreenContext, contact_id: int) -> None:
    ctx.close_dialog()
    ctx.push(f"/contact/{contact_id}")


def _unstar(ctx: ScreenContext, contact_id: int) -> None:
    ctx.os.providers.update(f"{CONTACTS}/{contact_id}", {"starred": False})
    ctx.close_dialog()
    ctx.toast("Removed from favourites")


def add_favourite(ctx: ScreenContext) -> View:
    """Choose a contact to star."""
    query = ctx.value("fav_search")
    rows = [_contact_row(c.get("name") or c["phone"], c["id"], c.get("phone") or "",
                         Call(_star, c["id"]), "pick")
            for c in contacts(ctx) if not c.get("starred") and _matches(c, query)]
    body = col(_search_box(ctx, "fav_search"),
               ctx.scroll(*rows, id="pick") if rows else empty_state("person", "No contacts"),
               w=FILL, h=FILL)
    return scaffold(body, top_bar=top_app_bar("Add favourite", Call("back")), bg=T.SURFACE)


def _star(ctx: ScreenContext, contact_id: int) -> None:
    ctx.os.providers.update(f"{CONTACTS}/{contact_id}", {"starred": True})
    ctx.toast("Added to favourites")
    ctx.pop()


# --------------------------------------------------------------------------- contacts tab
def _matches(c: dict[str, Any], query: str) -> bool:
    q = query.strip().casefold()
    if not q:
        return True
    if q in (c.get("name") or "").casefold():
        return True
    d = digits(q)
    return bool(d) and len(d) >= 3 and any(d in digits(c.get(k) or "") for k in ("phone",
                                                                                  "phone2"))


def _search_box(ctx: ScreenContext, key: str) -> View:
    field = ctx.field(key, "Search contacts", id=key, w=FILL, radius=24, pad=(44, 0),
                      bg=T.SURFACE_VARIANT)
    return col(stack(field, row(icon("search", 18, T.ON_SURFACE_VARIANT), h=48, pad=(16, 0),
                                gravity="center-left"), w=FILL, h=48), pad=(16, 4, 16, 8),
               w=FILL)


@retained(maxsize=128)
def _contact_row(name: str, contact_id: int, phone: str, on_tap: Call, prefix: str) -> View:
    return list_item(name, phone or None, avatar(name, 40, avatar_color(contact_id)),
                     on_tap=on_tap, id=f"{prefix}:{contact_id}")


def contacts_tab(ctx: ScreenContext) -> View:
    """The Contacts tab: every contact with a number, searched by name or digits."""
    query = ctx.value("search")
    rows = [_contact_row(c.get("name") or c["phone"], c["id"], c.get("phone") or "",
                         Call(open_person, c["id"]), "contact")
            for c in contacts(ctx) if _matches(c, query)]
    body = col(_search_box(ctx, "search"),
               ctx.scroll(*rows, View("box", h=88), id="contacts") if rows
               else empty_state("person", "No matching contacts"), w=FILL, h=FILL)
    return tab_page(ctx, "/contacts", body)


def open_person(ctx: ScreenContext, contact_id: int) -> None:
    """Opens a contact's calling page (the search keyboard goes away)."""
    ctx.os.keyboard.hide()
    ctx.push(f"/contact/{contact_id}")


def person(ctx: ScreenContext) -> View:
    """A contact from Phone: numbers to call, message, favourite, and open in Contacts."""
    c = get_contact(ctx, ctx.params.get("id", ""))
    if c is None:
        return scaffold(empty_state("person", "Contact not found"),
                        top_bar=top_app_bar("", Call("back")))
    name = c.get("name") or c.get("phone") or "(No name)"
    starred = bool(c.get("starred"))
    numbers = [list_item(c[k], (c.get(f"{k}_type") or "mobile").capitalize(), "call",
                         trailing=icon("sms", 20, T.ON_SURFACE_VARIANT, w=40, h=40,
                                       on_tap=Call(send_text, c[k]), role="button",
                                       label=f"Message {c[k]}", id=f"text:{k}"),
                         on_tap=Call(start_call, c[k]), id=f"number:{k}")
               for k in ("phone", "phone2") if c.get(k)]
    head = col(avatar(name, 96, avatar_color(c["id"])),
               text(name, 26, color=T.ON_SURFACE, text_align="center", w=FILL, max_lines=2,
                    id="person_name"), align="center", gap=10, pad=(24, 8, 24, 16), w=FILL)
    body = ctx.scroll(head, *numbers,
                      list_item("Open in Contacts", None, "contacts",
                                on_tap=Call(_open_in_contacts, c["id"]), id="open_contacts"),
                      id="person")
    actions = [bar_action("star:fill" if starred else "star", Call(_toggle_star, c["id"]),
                          "Remove from favourites" if starred else "Add to favourites",
                          id="star", color=STAR_ON if starred else T.ON_SURFACE_VARIANT,
                          selected=starred)]
    return scaffold(body, top_bar=top_app_bar("", Call("back"), actions), bg=T.SURFACE)


def _toggle_star(ctx: ScreenContext, contact_id: int) -> None:
    c = get_contact(ctx, contact_id)
    if c is not None:
        ctx.os.providers.update(f"{CONTACTS}/{contact_id}", {"starred": not c["starred"]})
        ctx.toast("Removed from favourites" if c["starred"] else "Added to favourites")


def _open_in_contacts(ctx: ScreenContext, contact_id: int) -> None:
    ctx.os.open_app("contacts", f"/contact/{contact_id}")


# --------------------------------------------------------------------------- add contact
def add_contact(ctx: ScreenContext) -> View:
    """A caller's number saved as a new contact (Phone's own "Create new contact")."""
    number = ctx.query.get("number", "")
    if not valid_number(number):
        return scaffold(empty_state("person_add", "No number to add"),
                        top_bar=top_app_bar("Create contact", Call("back")))
    body = col(
        icon("person_add", 40, T.ON_PRIMARY_CONTAINER, w=96, h=96, radius=48,
             bg=T.PRIMARY_CONTAINER),
        ctx.field("new_name", "Name", id="new_name", w=FILL, style="outlined"),
        row(icon("call", 20, T.ON_SURFACE_VARIANT), text(number, 16, color=T.ON_SURFACE,
                                                        id="new_number"), gap=16, w=FILL,
            pad=(12, 8)),
        align="center", gap=20, pad=(24, 16), w=FILL, h=FILL)
    save = button("Save", Call(_save_contact, number), id="save", h=40)
    bar = top_app_bar("Create contact", Call("back"), [row(save, pad=(0, 0, 8, 0))])
    return scaffold(body, top_bar=bar, bg=T.SURFACE)


def _save_contact(ctx: ScreenContext, number: str) -> None:
    name = ctx.value("new_name").strip()
    if not name:
        ctx.toast("Enter a name")
        return
    if len(name) > MAX_NAME:
        ctx.toast("Name is too long")
        return
    contact_id = ctx.os.providers.insert(CONTACTS, {"name": name, "phone": number})
    ctx.set_value("new_name", "")
    ctx.os.keyboard.hide()
    ctx.toast("Contact saved")
    ctx.replace(f"/contact/{contact_id}")
