"""Labels (Google Contacts' groups): the list of labels with counts, and one label's members."""

from __future__ import annotations

import functools

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    col,
    empty_state,
    list_item,
    scaffold,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import LABELS, all_contacts, contact_row, open_contact


def _count(n: int) -> str:
    return f"{n} contact{'' if n == 1 else 's'}"


def labels(ctx: ScreenContext) -> View:
    contacts = all_contacts(ctx)
    used = sorted({x for c in contacts for x in c.get("labels") or () if x not in LABELS})
    rows = [
        list_item(name, _count(sum(name in (c.get("labels") or ()) for c in contacts)), "tag",
                  on_tap=functools.partial(ctx.push, f"/label/{name}"), id=f"label:{name}")
        for name in (*LABELS, *used)
    ]
    body = ctx.scroll(*rows, id="labels", bg=T.SURFACE)
    return scaffold(body, top_bar=top_app_bar("Labels", Call("back")), bg=T.SURFACE)


def label(ctx: ScreenContext) -> View:
    name = ctx.params.get("name", "")
    members = [c for c in all_contacts(ctx) if name in (c.get("labels") or ())]
    rows = [contact_row(c, f"contact:{c['id']}", Call(open_contact, c["id"]))
            for c in members]
    body = ctx.scroll(*rows, id="label", bg=T.SURFACE) if rows else \
        col(empty_state("tag", "No contacts with this label"), w=FILL, h=FILL, bg=T.SURFACE)
    return scaffold(body, top_bar=top_app_bar(name, Call("back"), subtitle=_count(len(members))),
                    bg=T.SURFACE)
