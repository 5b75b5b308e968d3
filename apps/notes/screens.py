"""Notes' list screens: home (folder chips, pinned and other notes, selection mode) and search.

Routes: ``/`` lists every note, ``/?folder=<id>`` one folder's; ``/search`` searches. The note
editor and the new-note page live in ``editor.py``. Dialogs, menus and selection mode live in
the query (``dialog=...``, ``select=notes``), so Back closes them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    chip,
    col,
    dialog,
    empty_state,
    fab,
    hscroll,
    icon_button,
    popup_menu,
    row,
    scaffold,
    section_header,
    selection_bar,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import editor, model
from .parts import dismiss, folder_dialog, folder_names, move_sheet, note_card

SELECT = "notes"


def _folder_filter(ctx: ScreenContext) -> dict[str, Any] | None:
    """The folder the home screen shows (None: all notes, or an unknown folder id)."""
    return model.folder(ctx.state, ctx.query.get("folder"))


# ----- home
def home(ctx: ScreenContext) -> View:
    shown = _folder_filter(ctx)
    notes = model.in_folder(ctx.state, shown["id"] if shown else None)
    chosen = [i for i in ctx.selection(SELECT) if model.note(ctx.state, i) is not None]
    names = folder_names(ctx)

    def card(n: dict[str, Any]) -> View:
        return note_card(n, None if shown else names.get(n["folder_id"]),
                         Call(_tap_note, n["id"]), Call("toggle_selected", SELECT, n["id"]),
                         selected=n["id"] in chosen, pad=(12, 4))  # retained by content

    pinned = [card(n) for n in notes if n["pinned"]]
    others = [card(n) for n in notes if not n["pinned"]]
    chips = hscroll(
        chip("All notes", shown is None, functools.partial(_show_folder, ctx, None),
             id="folder:all"),
        *[chip(f["name"], shown is not None and shown["id"] == f["id"],
               functools.partial(_show_folder, ctx, f["id"]), id=f"folder:{f['id']}")
          for f in ctx.state["folders"]],
        store=ctx.ui, id="folder_chips", h=48, gap=8, pad=(12, 0))
    if notes:
        body = ctx.scroll(
            section_header("Pinned") if pinned else None, *pinned,
            section_header("Others") if pinned and others else None, *others,
            id="notes", pad=(0, 0, 0, 88))
    else:
        body = empty_state("note-sticky", "No notes in this folder" if shown else "No notes yet")
    if ctx.selecting(SELECT):
        bar = _selection_bar(ctx, chosen)
        new = None
    else:
        bar = top_app_bar(shown["name"] if shown else "Notes", actions=[
            bar_action("magnifying-glass", Call(_open_search), "Search", id="search"),
            bar_action("ellipsis-vertical", Call("open_dialog", "menu"), "More options",
                       id="more"),
        ])
        new = fab("plus", functools.partial(editor.start_new, ctx, "text",
                                            shown["id"] if shown else None), "New note")
    return scaffold(col(chips, body, w=FILL, h=FILL), top_bar=bar, fab=new,
                    overlay=_home_overlay(ctx, shown, chosen))


def _tap_note(ctx: ScreenContext, note_id: int) -> None:
    if ctx.selecting(SELECT):
        ctx.toggle_selected(SELECT, note_id)
    else:
        editor.open_note(ctx, note_id)


def _show_folder(ctx: ScreenContext, folder_id: int | None) -> None:
    ctx.end_selection(SELECT)
    ctx.activity.replace("/" if folder_id is None else f"/?folder={folder_id}")


def _open_search(ctx: ScreenContext) -> None:
    ctx.set_value("search_q", "")
    ctx.push("/search")
    ctx.os.keyboard.show(ctx.activity.activity_id, "search_q")


def _selection_bar(ctx: ScreenContext, chosen: list[int]) -> View:
    pin = not all(model.note(ctx.state, i)["pinned"] for i in chosen)
    return selection_bar(len(chosen), Call("end_selection", SELECT), [
        bar_action("thumbtack" if pin else "thumbtack-slash",
                   Call(_pin_selected, tuple(chosen), pin),
                   "Pin" if pin else "Unpin", "sel_pin", T.TEXT),
        bar_action("folder-open", Call("open_dialog", "move"), "Move to folder", "sel_move",
                   T.TEXT),
        bar_action("trash", Call("open_dialog", "delete"), "Delete", "sel_delete", T.TEXT),
    ])


def _home_overlay(ctx: ScreenContext, shown: dict[str, Any] | None,
                  chosen: list[int]) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "menu":
        items = [("New list", functools.partial(editor.start_new, ctx, "checklist",
                                                shown["id"] if shown else None), "menu:new_list"),
                 ("New folder", functools.partial(_open_folder_dialog, ctx, "new_folder", ""),
                  "menu:new_folder")]
        if shown is not None:
            items += [("Rename folder", functools.partial(
                          _open_folder_dialog, ctx, "rename_folder", shown["name"]),
                       "menu:rename_folder"),
                      ("Delete folder", functools.partial(
                          ctx.replace, with_query(ctx.activity.route, dialog="delete_folder")),
                       "menu:delete_folder")]
        return popup_menu(items, ctx.close_dialog)
    if kind == "new_folder":
        return folder_dialog(ctx, "New folder", "Create",
                             functools.partial(_create_folder, ctx), "new_folder_dialog")
    if kind == "rename_folder" and shown is not None:
        return folder_dialog(ctx, "Rename folder", "Rename",
                             functools.partial(_rename_folder, ctx, shown), "rename_dialog")
    if kind == "delete_folder" and shown is not None:
        return dialog(f"Delete “{shown['name']}”?",
                      "The folder is removed. Its notes are kept, in no folder.",
                      [("Cancel", ctx.close_dialog, "delete_folder_dialog:cancel"),
                       ("Delete", functools.partial(_delete_folder, ctx, shown),
                        "delete_folder_dialog:confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_folder_dialog")
    if kind == "move" and chosen:
        folders = {model.note(ctx.state, i)["folder_id"] for i in chosen}
        return move_sheet(ctx, folders.pop() if len(folders) == 1 else "mixed",
                          functools.partial(_move_selected, ctx, chosen))
    if kind == "delete" and chosen:
        what = "this note" if len(chosen) == 1 else f"{len(chosen)} notes"
        return dialog(f"Delete {what}?", "Deleted notes can't be recovered.",
                      [("Cancel", ctx.close_dialog, "delete_dialog:cancel"),
                       ("Delete", functools.partial(_delete_selected, ctx, chosen),
                        "delete_dialog:confirm")],
                      on_dismiss=ctx.close_dialog, id="delete_dialog")
    return None


# ----- home actions
def _open_folder_dialog(ctx: ScreenContext, kind: str, name: str) -> None:
    ctx.set_value("folder_name", name)
    ctx.replace(with_query(ctx.activity.route, dialog=kind))
    ctx.os.keyboard.show(ctx.activity.activity_id, "folder_name")


def _create_folder(ctx: ScreenContext) -> None:
    name = ctx.value("folder_name").strip()
    try:
        rec = model.create_folder(ctx.state, name)
    except ValueError as err:  # a bad name keeps the dialog open
        ctx.toast(str(err))
        return
    dismiss(ctx)
    ctx.activity.replace(f"/?folder={rec['id']}")
    ctx.toast(f"Folder “{name}” created")


def _rename_folder(ctx: ScreenContext, rec: dict[str, Any]) -> None:
    try:
        model.rename_folder(ctx.state, rec, ctx.value("folder_name").strip())
    except ValueError as err:
        ctx.toast(str(err))
        return
    dismiss(ctx)


def _delete_folder(ctx: ScreenContext, rec: dict[str, Any]) -> None:
    model.delete_folder(ctx.state, rec["id"])
    ctx.close_dialog()
    ctx.activity.replace("/")
    ctx.toast(f"Folder “{rec['name']}” deleted")


def _pin_selected(ctx: ScreenContext, chosen: Sequence[int], pinned: bool) -> None:
    model.set_pinned(ctx.state, chosen, pinned)
    ctx.end_selection(SELECT)


def _move_selected(ctx: ScreenContext, chosen: list[int], folder_id: int | None) -> None:
    model.move_notes(ctx.state, chosen, folder_id)
    ctx.close_dialog()
    ctx.end_selection(SELECT)
    name = folder_names(ctx).get(folder_id) if folder_id is not None else None
    ctx.toast(f"Moved to “{name}”" if name else "Removed from folder")


def _delete_selected(ctx: ScreenContext, chosen: list[int]) -> None:
    count = model.delete_notes(ctx.state, chosen)
    ctx.close_dialog()
    ctx.end_selection(SELECT)
    ctx.toast("Note deleted" if count == 1 else f"{count} notes deleted")


# ----- search
def search(ctx: ScreenContext) -> View:
    query = ctx.value("search_q")
    found = model.search(ctx.state, query)
    names = folder_names(ctx)
    field = ctx.field("search_q", "Search your notes", id="search_field", w=FILL, radius=24)
    bar = row(icon_button("arrow-left", ctx.back, "Back", T.TEXT, id="back"), field,
              h=T.APP_BAR_H + 8, pad=(4, 4, 12, 4), gap=4, bg=T.SURFACE, id="app_bar")
    if found:
        body = ctx.scroll(*[note_card(n, names.get(n["folder_id"]),
                                      Call(editor.open_note, n["id"]), None, pad=(12, 4))
                            for n in found],
                          id="results", pad=(0, 4, 0, 16))
    else:
        body = empty_state("magnifying-glass", "No matching notes" if query.strip()
                           else "Search by title, text or list item")
    return scaffold(body, top_bar=bar)


ROUTES = {"/": home, "/search": search, **editor.ROUTES}
