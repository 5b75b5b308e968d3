"""Notes' screens: the list, a note, and the editor (also the ACTION_SEND target)."""

from __future__ import annotations

import functools

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    col,
    dialog,
    empty_state,
    fab,
    icon_button,
    list_item,
    scaffold,
    text,
    top_app_bar,
)


def _find(ctx: ScreenContext, note_id: str) -> dict | None:
    return next((n for n in ctx.state["notes"] if str(n["id"]) == note_id), None)


def home(ctx: ScreenContext) -> View:
    notes = sorted(ctx.state["notes"], key=lambda n: (not n["pinned"], -n["id"]))
    rows = [
        list_item(n["title"] or "Untitled", n["body"].split("\n")[0] or None,
                  "thumbtack" if n["pinned"] else "note-sticky",
                  on_tap=functools.partial(ctx.push, f"/note/{n['id']}"), id=f"note:{n['id']}")
        for n in notes
    ]
    body = ctx.scroll(*rows, id="notes") if rows else empty_state("note-sticky", "No notes yet")
    return scaffold(body, top_bar=top_app_bar("Notes"),
                    fab=fab("plus", functools.partial(ctx.push, "/new"), "New note"))


def note(ctx: ScreenContext) -> View:
    n = _find(ctx, ctx.params["id"])
    if n is None:
        return scaffold(empty_state("circle-exclamation", "Note not found"),
                        top_bar=top_app_bar("Notes", ctx.back))
    overlay = None
    if ctx.query.get("dialog") == "delete":
        overlay = dialog("Delete this note?", f"“{n['title']}” will be removed.",
                         [("Cancel", ctx.close_dialog),
                          ("Delete", functools.partial(_delete, ctx, n["id"]))],
                         on_dismiss=ctx.close_dialog)
    actions = [
        icon_button("thumbtack", functools.partial(_toggle_pin, ctx, n), "Unpin" if n["pinned"]
                    else "Pin", "#3D7BF7" if n["pinned"] else "#444746", id="pin"),
        icon_button("trash", functools.partial(ctx.open_dialog, "delete"), "Delete", id="delete"),
    ]
    body = col(text(n["title"], 22, "medium", max_lines=3),
               text(n["body"], 15, color="#3C4043", max_lines=None),
               pad=(20, 12), gap=12, bg="#FFFFFF")
    return scaffold(body, top_bar=top_app_bar("", ctx.back, actions), overlay=overlay,
                    bg="#FFFFFF")


def new(ctx: ScreenContext) -> View:
    intent = ctx.intent or {}
    shared = (intent.get("data") or {}).get("text")
    if shared and "body" not in ctx.ui:
        ctx.set_value("body", str(shared))
    save = icon_button("check", functools.partial(_save, ctx), "Save", "#3D7BF7", id="save")
    body = col(
        ctx.field("title", "Title", id="title"),
        ctx.field("body", "Note", id="body", h=FILL, radius=12),
        pad=(16, 8), gap=12, bg="#FFFFFF",
    )
    return scaffold(body, top_bar=top_app_bar("New note", ctx.back, [save]), bg="#FFFFFF")


def _save(ctx: ScreenContext) -> None:
    title, body = ctx.value("title").strip(), ctx.value("body").strip()
    if not title and not body:
        ctx.toast("Empty note discarded")
    else:
        ctx.state["notes"].append({"id": ctx.state["next_id"], "title": title, "body": body,
                                   "pinned": False, "updated_ms": ctx.os.clock.now_ms()})
        ctx.state["next_id"] += 1
        ctx.toast("Note saved")
    ctx.ui.pop("title", None)
    ctx.ui.pop("body", None)
    ctx.pop()


def _delete(ctx: ScreenContext, note_id: int) -> None:
    ctx.state["notes"] = [n for n in ctx.state["notes"] if n["id"] != note_id]
    ctx.close_dialog()
    ctx.pop()


def _toggle_pin(ctx: ScreenContext, n: dict) -> None:
    n["pinned"] = not n["pinned"]


ROUTES = {"/": home, "/note/{id}": note, "/new": new}
