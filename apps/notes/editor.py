"""Notes' editors: an existing note (``/note/<id>``) and a new one (``/new``).

Title and text are edited in fields and written by Save (the ✓); Back leaves without saving.
Checklist changes (tick, add, delete an item), pinning and moving apply at once, as in Keep.
``/new?kind=checklist`` starts a checklist, ``/new?folder=<id>`` files the note in a folder; a
new checklist's items are a draft until Save.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
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
    icon_button,
    popup_menu,
    row,
    scaffold,
    section_header,
    spacer,
    text,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import model
from .parts import edited_label, folder_names, folder_tag, move_sheet

NEW_KEYS = ("title", "body", "new_item", "draft_items")

# an item as the checklist view takes it: (row id suffix, text, checked)
Item = tuple[Any, str, bool]


# ----- opening
def open_note(ctx: ScreenContext, note_id: int) -> None:
    """Opens a note's editor with its fields filled in from the store."""
    n = model.note(ctx.state, note_id)
    if n is not None:
        ctx.os.keyboard.hide()  # from search: the query field is left behind
        _seed(ctx, n)
        ctx.push(f"/note/{note_id}")


def start_new(ctx: ScreenContext, kind: str, folder_id: int | None) -> None:
    """Opens an empty editor for a text note or a checklist (closing any menu first)."""
    ctx.close_dialog()
    for key in NEW_KEYS:
        ctx.ui.pop(key, None)
    query = {"kind": "checklist" if kind == "checklist" else None, "folder": folder_id}
    ctx.push(with_query("/new", **query))


def _seed(ctx: ScreenContext, n: dict[str, Any]) -> None:
    ctx.ui.update(editing=n["id"], edit_title=n["title"], edit_body=n["body"], new_item="")


# ----- shared pieces
def _multiline(ctx: ScreenContext, key: str, hint: str) -> View:
    """A note's text. Focused (or empty) it is a multi-line field (the hint at the top, the
    last lines in view as it fills, Enter types a new line); unfocused, the text shows in
    full in a scrolling box, and tapping it focuses the field."""
    value = ctx.value(key)
    kb = ctx.os.keyboard
    if not value or (kb.visible and kb.target == (ctx.activity.activity_id, key)):
        return ctx.field(key, hint, id="body", h=FILL, max_lines=None, pad=(4, 8),
                         style="plain", on_submit=functools.partial(_new_line, ctx, key))
    shown = text(value, 15, color=T.TEXT, max_lines=None, role=None)
    return col(ctx.scroll(shown, id="body_text", pad=(4, 8)), w=FILL, h=FILL,
               role="text_field", id="body", label=value, hint=hint,
               on_tap=functools.partial(kb.show, ctx.activity.activity_id, key),
               on_long_press=functools.partial(ctx.select_field, key, "body"),
               on_double_tap=functools.partial(ctx.select_field, key, "body"))


def _new_line(ctx: ScreenContext, key: str) -> None:
    """Enter in a note's text starts a new line (the keyboard stays up)."""
    ctx.set_value(key, ctx.value(key) + "\n")
    ctx.os.keyboard.show(ctx.activity.activity_id, key)


def _item_row(suffix: Any, label: str, checked: bool, on_toggle: Callable[[], Any],
              on_delete: Callable[[], Any]) -> View:
    return row(View("checkbox", w=22, h=22, checked=checked),
               text(label, 15, color=T.TEXT_HINT if checked else T.TEXT, w=FILL, max_lines=None),
               icon_button("xmark", on_delete, f"Delete {label}", T.TEXT_SECONDARY, size=16,
                           id=f"item:{suffix}:delete"),
               pad=(8, 4, 0, 4), gap=14, on_tap=on_toggle, role="checkbox", checked=checked,
               text=label, id=f"item:{suffix}")


def _checklist(ctx: ScreenContext, items: list[Item], toggle: Callable[[Any], Any],
               delete: Callable[[Any], Any], add: Callable[[], Any]) -> View:
    """Unticked items, the add-item row, then the ticked items under their own header."""
    def rows(ticked: bool) -> list[View]:
        return [_item_row(s, label, checked, functools.partial(toggle, s),
                          functools.partial(delete, s))
                for s, label, checked in items if checked == ticked]

    done = rows(True)
    adder = row(icon_button("plus", add, "Add item", T.TEXT_SECONDARY, id="add_item"),
                ctx.field("new_item", "List item", id="new_item", on_submit=add, w=FILL),
                gap=4, pad=(0, 4))
    header = section_header(f"{len(done)} ticked item{'s' if len(done) != 1 else ''}") \
        if done else None
    return ctx.scroll(*rows(False), adder, header, *done, id="items")


def _editor(ctx: ScreenContext, bar: View, title_key: str, content: View,
            footer: View | None, overlay: View | None = None) -> View:
    title = ctx.field(title_key, "Title", id="title", size=22, style="plain", pad=(4, 0))
    body = col(title, content, footer, pad=(16, 8, 16, 8), gap=10, bg=T.SURFACE)
    return scaffold(body, top_bar=bar, overlay=overlay, bg=T.SURFACE)


def _refocus(ctx: ScreenContext, key: str) -> None:
    ctx.set_value(key, "")
    ctx.os.keyboard.show(ctx.activity.activity_id, key)


# ----- an existing note
def note_page(ctx: ScreenContext) -> View:
    n = model.note(ctx.state, ctx.params["id"])
    if n is None:
        return scaffold(empty_state("circle-exclamation", "Note not found"),
                        top_bar=top_app_bar("Notes", Call("back")))
    if ctx.ui.get("editing") != n["id"]:  # opened by a route (a notification), not a tap
        _seed(ctx, n)
    bar = top_app_bar("", Call("back"), [
        bar_action("thumbtack:fill" if n["pinned"] else "thumbtack",
                   Call(_by_id, _toggle_pin, n["id"]), "Unpin" if n["pinned"] else "Pin",
                   "pin", T.ACCENT if n["pinned"] else T.TEXT_SECONDARY),
        bar_action("check", Call(_by_id, _save_note, n["id"]), "Save", "save", T.ACCENT),
        bar_action("ellipsis-vertical", Call("open_dialog", "menu"), "More options",
                   id="more"),
    ])
    if n["kind"] == "checklist":
        content = _checklist(ctx, [(i["id"], i["text"], i["checked"]) for i in n["items"]],
                             functools.partial(_toggle_item, ctx, n),
                             functools.partial(_delete_item, ctx, n),
                             functools.partial(_add_item, ctx, n))
    else:
        content = _multiline(ctx, "edit_body", "Note")
    folder = folder_names(ctx).get(n["folder_id"]) if n["folder_id"] is not None else None
    footer = row(folder_tag(folder or "No folder", functools.partial(ctx.open_dialog, "move"),
                            id="note_folder"),
                 spacer(), text(edited_label(ctx, n["updated_ms"]), 12,
                                color=T.TEXT_SECONDARY, id="edited"), h=40)
    return _editor(ctx, bar, "edit_title", content, footer, _note_overlay(ctx, n))


def _note_overlay(ctx: ScreenContext, n: dict[str, Any]) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "menu":
        return popup_menu([
            ("Move to folder", functools.partial(
                ctx.replace, with_query(ctx.activity.route, dialog="move")), "menu:move"),
            ("Delete", functools.partial(
                ctx.replace, with_query(ctx.activity.route, dialog="delete")), "menu:delete"),
        ], ctx.close_dialog)
    if kind == "move":
        return move_sheet(ctx, n["folder_id"], functools.partial(_move_note, ctx, n))
    if kind == "delete":
        name = f"“{n['title']}”" if n["title"] else "This note"
        return dialog("Delete this note?", f"{name} will be deleted.",
                      [("Cancel", ctx.close_dialog, "delete_dialog:cancel"),
                       ("Delete", functools.partial(_delete_note, ctx, n),
                        "delete_dialog:confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_dialog")
    return None


def _title_too_long(ctx: ScreenContext, key: str) -> bool:
    """Refuses an over-long title with a message (as an app shows a field error), instead of
    letting the store's check crash the app."""
    if len(ctx.value(key).strip()) <= model.MAX_TITLE:
        return False
    ctx.toast(f"Title is too long (at most {model.MAX_TITLE} characters)")
    return True


def _save_note(ctx: ScreenContext, n: dict[str, Any]) -> None:
    if _title_too_long(ctx, "edit_title"):
        return
    now = ctx.os.clock.now_ms()
    pending = ctx.value("new_item").strip()
    if pending and n["kind"] == "checklist":
        model.add_item(ctx.state, n, now, pending)
    body = ctx.value("edit_body").strip() if n["kind"] == "text" else None
    if model.edit_note(ctx.state, n, now, ctx.value("edit_title").strip(), body) or pending:
        ctx.toast("Note saved")
    ctx.ui.pop("editing", None)
    ctx.pop()


def _by_id(ctx: ScreenContext, action: Callable[[ScreenContext, dict[str, Any]], None],
           note_id: int) -> None:
    """Runs ``action`` on the note ``note_id`` (a retained bar's handler names the note by
    its id, looked up when tapped)."""
    n = model.note(ctx.state, note_id)
    if n is not None:
        action(ctx, n)


def _toggle_pin(ctx: ScreenContext, n: dict[str, Any]) -> None:
    model.set_pinned(ctx.state, [n["id"]], not n["pinned"])


def _move_note(ctx: ScreenContext, n: dict[str, Any], folder_id: int | None) -> None:
    model.move_notes(ctx.state, [n["id"]], folder_id)
    ctx.close_dialog()
    name = folder_names(ctx).get(folder_id) if folder_id is not None else None
    ctx.toast(f"Moved to “{name}”" if name else "Removed from folder")


def _delete_note(ctx: ScreenContext, n: dict[str, Any]) -> None:
    model.delete_notes(ctx.state, [n["id"]])
    ctx.close_dialog()
    ctx.ui.pop("editing", None)
    ctx.pop()
    ctx.toast("Note deleted")


def _toggle_item(ctx: ScreenContext, n: dict[str, Any], item_id: int) -> None:
    model.toggle_item(n, item_id, ctx.os.clock.now_ms())


def _delete_item(ctx: ScreenContext, n: dict[str, Any], item_id: int) -> None:
    model.delete_item(n, item_id, ctx.os.clock.now_ms())


def _add_item(ctx: ScreenContext, n: dict[str, Any]) -> None:
    label = ctx.value("new_item").strip()
    if label:
        model.add_item(ctx.state, n, ctx.os.clock.now_ms(), label)
    _refocus(ctx, "new_item")


# ----- a new note (also the target of ACTION_SEND and ACTION_CREATE_NOTE)
def new_page(ctx: ScreenContext) -> View:
    data = (ctx.intent or {}).get("data") or {}
    if "body" not in ctx.ui and "title" not in ctx.ui:  # first frame: take what was shared
        ctx.ui.update(title=str(data.get("title") or data.get("subject") or ""),
                      body=str(data.get("text") or data.get("body") or ""))
    checklist = ctx.query.get("kind") == "checklist"
    folder = model.folder(ctx.state, ctx.query.get("folder"))
    save = bar_action("check", Call(_save_new, checklist, folder["id"] if folder else None),
                      "Save", "save", T.ACCENT)
    bar = top_app_bar("New list" if checklist else "New note", Call("back"), [save])
    if checklist:
        drafts = _drafts(ctx)
        content = _checklist(ctx, [(f"draft{i}", d[0], d[1]) for i, d in enumerate(drafts)],
                             functools.partial(_toggle_draft, ctx),
                             functools.partial(_delete_draft, ctx),
                             functools.partial(_add_draft, ctx))
    else:
        content = _multiline(ctx, "body", "Note")
    footer = row(folder_tag(folder["name"], id="note_folder"), h=40) if folder else None
    return _editor(ctx, bar, "title", content, footer)


def _drafts(ctx: ScreenContext) -> list[list[Any]]:
    """A new checklist's items so far, as ``[text, checked]`` (volatile until Save)."""
    return ctx.ui.setdefault("draft_items", [])


def _draft_index(suffix: str) -> int:
    return int(suffix.removeprefix("draft"))


def _toggle_draft(ctx: ScreenContext, suffix: str) -> None:
    item = _drafts(ctx)[_draft_index(suffix)]
    item[1] = not item[1]


def _delete_draft(ctx: ScreenContext, suffix: str) -> None:
    del _drafts(ctx)[_draft_index(suffix)]


def _add_draft(ctx: ScreenContext) -> None:
    label = ctx.value("new_item").strip()
    if label:
        _drafts(ctx).append([label, False])
    _refocus(ctx, "new_item")


def _save_new(ctx: ScreenContext, checklist: bool, folder_id: int | None) -> None:
    if _title_too_long(ctx, "title"):
        return
    title = ctx.value("title").strip()
    now = ctx.os.clock.now_ms()
    if checklist:
        items = [(t, c) for t, c in _drafts(ctx)]
        pending = ctx.value("new_item").strip()
        if pending:
            items.append((pending, False))
        keep = bool(title or items)
        if keep:
            model.create_note(ctx.state, now, title, items=items, folder_id=folder_id)
    else:
        body = ctx.value("body").strip()
        keep = bool(title or body)
        if keep:
            model.create_note(ctx.state, now, title, body, folder_id=folder_id)
    ctx.toast("Note saved" if keep else "Empty note discarded")
    for key in NEW_KEYS:
        ctx.ui.pop(key, None)
    ctx.pop()


ROUTES = {"/note/{id}": note_page, "/new": new_page}
