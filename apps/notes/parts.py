"""Views that several Notes screens share: note cards, the folder picker, the folder dialog."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bottom_sheet,
    col,
    dialog,
    icon,
    list_item,
    radio,
    retained,
    row,
    text,
)
from mobilegym_env.ui import theme as T

PREVIEW_ITEMS = 4
CARD_BORDER = T.OUTLINE_VARIANT


def edited_label(ctx: ScreenContext, ms: int) -> str:
    """``Edited 14:05`` today, ``Edited Feb 27`` this year, else with the year (local time)."""
    offset = datetime.timedelta(minutes=ctx.os.clock.tz_offset_minutes)
    when = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc) + offset
    now = ctx.now()
    if when.date() == now.date():
        return f"Edited {when:%H:%M}"
    if when.year == now.year:
        return f"Edited {when:%b} {when.day}"
    return f"Edited {when:%b} {when.day}, {when.year}"


def _check_mark(checked: bool) -> View:
    """A small, inert checkbox for previews (no role: the card carries the text)."""
    return View("checkbox", w=14, h=14, checked=checked)


def _preview(body: str, checklist: bool, items: tuple[tuple[str, bool], ...],
             count: int) -> list[View | None]:
    if not checklist:
        return [text(body, 14, color=T.TEXT_SECONDARY, max_lines=3)] if body else []
    rows: list[View | None] = [
        row(_check_mark(checked),
            text(item, 14, color=T.TEXT_HINT if checked else T.TEXT_SECONDARY,
                 w=FILL), gap=8, h=22)
        for item, checked in items
    ]
    more = count - PREVIEW_ITEMS
    if more > 0:
        rows.append(text(f"+ {more} more", 13, color=T.TEXT_HINT))
    return rows


def folder_tag(name: str, on_tap: Callable[[], Any] | None = None, **props: Any) -> View:
    """A note's folder as a small rounded label (tappable in the editor: it moves the note)."""
    return row(icon("folder", 10, T.TEXT_SECONDARY), text(name, 12, color=T.TEXT_SECONDARY),
               gap=6, h=28, pad=(10, 0), radius=14, bg=T.SURFACE_VARIANT, on_tap=on_tap,
               role="button" if on_tap else None, text=name, **props)


def note_card(n: dict[str, Any], folder_name: str | None, on_tap: Callable[[], Any],
              on_long_press: Callable[[], Any] | None, selected: bool = False,
              pad: tuple[int, int] | None = None) -> View:
    """A note as Keep lists it: title, the start of its text or its first items, its folder
    (inside a box of padding ``pad``, if given). With ``Call`` handlers (or None) the card
    is the retained one for what it shows."""
    args = (n["id"], n["title"], n["body"], n["kind"] == "checklist",
            tuple((str(i["text"]), bool(i["checked"])) for i in n["items"][:PREVIEW_ITEMS]),
            len(n["items"]), folder_name, on_tap, on_long_press, selected, pad)
    if all(h is None or isinstance(h, Call) for h in (on_tap, on_long_press)):
        return _retained_card(*args)
    return _card(*args)


def _card(note_id: int, title: str, body: str, checklist: bool,
          items: tuple[tuple[str, bool], ...], count: int, folder_name: str | None,
          on_tap: Any, on_long_press: Any, selected: bool,
          pad: tuple[int, int] | None) -> View:
    tag = folder_tag(folder_name) if folder_name else None
    heading = text(title, 16, "medium", T.TEXT, max_lines=2) if title else None
    if heading is None and not body and not count:
        heading = text("Empty note", 16, color=T.TEXT_HINT)
    card = col(
        heading, *_preview(body, checklist, items, count), row(tag) if tag else None,
        w=FILL, pad=(16, 12), gap=6, radius=12,
        bg=T.SECONDARY_CONTAINER if selected else T.SURFACE,
        border=(T.ACCENT, 2) if selected else (CARD_BORDER, 1), on_tap=on_tap,
        on_long_press=on_long_press, role="list_item", selected=selected,
        id=f"note:{note_id}",
    )
    return card if pad is None else col(card, pad=pad)


_retained_card = retained(_card)


def move_sheet(ctx: ScreenContext, current: int | None | str,
               on_pick: Callable[[int | None], Any]) -> View:
    """The folder picker: "No folder" and every folder; ``current`` is ticked (``"mixed"``
    when the notes being moved are in different folders)."""
    choices: list[tuple[int | None, str, str]] = [(None, "No folder", "folder-minus")]
    choices += [(f["id"], f["name"], "folder") for f in ctx.state["folders"]]
    rows = [
        list_item(name, None, icon_name, trailing=radio(current == fid, None),
                  on_tap=functools.partial(on_pick, fid), height=52,
                  id=f"move:{'none' if fid is None else fid}")
        for fid, name, icon_name in choices
    ]
    return bottom_sheet("Move to folder", [ctx.scroll(*rows, id="move_folders", h=None)],
                        ctx.close_dialog, id="move_sheet")


def folder_dialog(ctx: ScreenContext, title: str, confirm: str,
                  on_confirm: Callable[[], Any], id: str) -> View:
    """A dialog with the folder-name field (``folder_name``) and Cancel / ``confirm``."""
    field = ctx.field("folder_name", "Folder name", id="folder_name", on_submit=on_confirm)
    cancel = functools.partial(dismiss, ctx)
    return dialog(title, field, [("Cancel", cancel, f"{id}:cancel"),
                                 (confirm, on_confirm, f"{id}:confirm")],
                  on_dismiss=cancel, id=id)


def dismiss(ctx: ScreenContext) -> None:
    """Closes a dialog with a text field, and the keyboard with it."""
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def folder_names(ctx: ScreenContext) -> dict[int, str]:
    return {f["id"]: f["name"] for f in ctx.state["folders"]}

