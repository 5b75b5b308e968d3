"""Text selection and the floating text-action toolbar (Cut, Copy, Paste, Select all).

Long-pressing a text field (``ScreenContext.field``) focuses it and selects its text;
long-pressing a selectable text (``ScreenContext.selectable_text``) selects that text. The
toolbar floats above the selection; its buttons are ``text_action:cut``, ``:copy``,
``:paste`` and ``:select_all``, wired to the clipboard service (``kernel.clipboard``). Typing
while a field's text is selected replaces it; Backspace deletes it.

A selection is volatile UI state of its activity (``activity.ui["textsel"]``) and it lives in
the route as well (``?textsel=<anchor id>``), as selection mode and dialogs do: Back ends it,
and it counts only while that route is the one shown, so any other navigation leaves it
behind. While it shows, a clear layer over the page takes taps and long presses elsewhere
and dismisses it (swipes still scroll the page; the keyboard stays usable).

Long-press handlers get no touch point, so a long press selects the whole text rather than
the word under the finger; the record keeps a ``start``/``end`` range all the same.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import context
from . import theme as T
from .layout import layout, measure
from .view import FILL, View, row, stack, text

if TYPE_CHECKING:
    from ..kernel import Kernel
    from ..kernel.task_manager import Activity

SEL = "textsel"  # the record's key in the activity's UI state, and the route's query key
HIGHLIGHT = "#C2D5FC"  # the selected run's background (the accent, light)
BAR_H = 44
GAP = 8  # between the toolbar and the selection


# ----- the record
def current(activity: Activity | None) -> dict[str, Any] | None:
    """The activity's selection while its route is the one shown, else None."""
    if activity is None:
        return None
    sel = activity.ui.get(SEL)
    return sel if sel is not None and sel.get("route") == activity.route else None


def _begin(activity: Activity, record: dict[str, Any]) -> None:
    # context imports this module: its route helpers are looked up when called
    route = context.with_query(activity.route, **{SEL: record["anchor"]})
    if SEL in context.split_route(activity.route)[1]:
        activity.replace(route)  # a new selection replaces the old one, not stacks on it
    else:
        activity.push(route)
    record["route"] = activity.route
    activity.ui[SEL] = record


def end(activity: Activity) -> None:
    """Ends the selection (its toolbar goes); a no-op when there is none."""
    sel = activity.ui.pop(SEL, None)
    if sel is not None and activity.route == sel.get("route"):
        activity.pop()


def _activity(kernel: Kernel, activity_id: str) -> Activity | None:
    found = kernel.tasks.find_activity(activity_id)
    return found[1] if found else None


# ----- starting a selection (long-press handlers)
def select_field(kernel: Kernel, activity: Activity, key: str, anchor: str,
                 secret: bool = False) -> None:
    """Long-press on a field: focus it and select its text. An empty field with something
    on the clipboard offers Paste; with nothing to offer, the press only focuses it."""
    kernel.keyboard.show(activity.activity_id, key)
    value = str(activity.ui.get(key, ""))
    if not value and kernel.clipboard.read() is None:
        end(activity)
        return
    _begin(activity, {"kind": "field", "key": key, "anchor": anchor, "text": value,
                      "start": 0, "end": len(value), "secret": bool(secret)})


def select_text(kernel: Kernel, activity: Activity, anchor: str, value: str) -> None:
    """Long-press on a selectable text: select all of it (the keyboard goes down)."""
    if not value:
        return
    if kernel.keyboard.target and kernel.keyboard.target[0] == activity.activity_id:
        kernel.keyboard.hide()
    _begin(activity, {"kind": "text", "key": None, "anchor": anchor, "text": value,
                      "start": 0, "end": len(value), "secret": False})


# ----- editing a selected field
def field_selection(activity: Activity, key: str) -> dict[str, Any] | None:
    """The selection in field ``key``, if it is current and the field still holds the text
    it selected (typing over a selection replaces it through :func:`type_over`; a field
    changed otherwise shows no stale selection). Reads only: screens never write state."""
    sel = current(activity)
    if sel is None or sel["kind"] != "field" or sel["key"] != key:
        return None
    return sel if str(activity.ui.get(key, "")) == sel["text"] else None


def type_over(kernel: Kernel, typed: str) -> bool:
    """Replaces the focused field's selection with ``typed`` ("" deletes it) and ends the
    selection; False (nothing changed) when the focused field has no selection."""
    target = kernel.keyboard.target if kernel.keyboard.visible else None
    activity = _activity(kernel, target[0]) if target else None
    if activity is None or target is None:
        return False
    sel = current(activity)
    if sel is None or sel["kind"] != "field" or sel["key"] != target[1] \
            or str(activity.ui.get(target[1], "")) != sel["text"]:
        return False
    _replace(activity, sel, typed)
    return True


def _replace(activity: Activity, sel: dict[str, Any], typed: str) -> None:
    from ..kernel.keyboard import MAX_TEXT_LEN, insert_text

    value = sel["text"]
    head, tail = value[:sel["start"]], value[sel["end"]:]
    activity.ui[sel["key"]] = insert_text(head, typed, MAX_TEXT_LEN - len(tail)) + tail
    end(activity)


def on_submit(activity: Activity, submit: Any) -> None:
    """Enter in a field with a selection: the selection ends first, so that a submit that
    pops a dialog's route pops the dialog, not the selection."""
    end(activity)
    if submit is not None:
        submit()


# ----- the toolbar's actions
def _selected(sel: dict[str, Any]) -> str:
    return sel["text"][sel["start"]:sel["end"]]


def _copy_to_clipboard(kernel: Kernel, value: str) -> bool:
    try:
        kernel.clipboard.write(value)
    except ValueError:
        kernel.toast("Text is too long to copy")
        return False
    kernel.toast("Copied")
    return True


def cut(kernel: Kernel, activity: Activity) -> None:
    sel = current(activity)
    if sel is not None and _copy_to_clipboard(kernel, _selected(sel)):
        _replace(activity, sel, "")


def copy(kernel: Kernel, activity: Activity) -> None:
    sel = current(activity)
    if sel is not None:
        _copy_to_clipboard(kernel, _selected(sel))
        end(activity)


def paste(kernel: Kernel, activity: Activity) -> None:
    sel = current(activity)
    clip = kernel.clipboard.read()
    if sel is not None and clip is not None:
        _replace(activity, sel, clip)


def select_all(activity: Activity) -> None:
    sel = current(activity)
    if sel is not None:
        sel["start"], sel["end"] = 0, len(sel["text"])


def _actions(kernel: Kernel, activity: Activity, sel: dict[str, Any]) -> list[tuple[str, Any]]:
    some = sel["end"] > sel["start"]
    field = sel["kind"] == "field"
    items: list[tuple[str, Any]] = []
    if field and some and not sel["secret"]:
        items.append(("Cut", functools.partial(cut, kernel, activity)))
    if some and not sel["secret"]:
        items.append(("Copy", functools.partial(copy, kernel, activity)))
    if field and kernel.clipboard.read() is not None:
        items.append(("Paste", functools.partial(paste, kernel, activity)))
    if sel["text"]:
        items.append(("Select all", functools.partial(select_all, activity)))
    return items


# ----- drawing
def highlight(value: str, start: int, end_: int, size: int = 14,
             secret: bool = False) -> View:
    """A field's selected run as a background drawn under the field's text (``underlay`` of
    ``editable_field``). The run is measured by invisible text nodes in the field's font, so
    it is as wide as the text it covers and never wider than the field."""
    # one line, as the painter draws a field (a newline must not wrap the measuring text)
    shown = "•" * len(value) if secret else value.replace("\n", " ")
    size = size if size != 14 else 15  # the painter draws a field's default size at 15
    head = text(shown[:start], size, color=HIGHLIGHT, role=None) if start > 0 else None
    run = text(shown[start:end_], size, color=HIGHLIGHT, bg=HIGHLIGHT, role=None)
    return row(head, run, w=FILL, h=FILL)


def layer(kernel: Kernel, page: View) -> View | None:
    """The toolbar over the foreground page (``compose`` adds it above the page), or None.

    The page is laid out once more to find where the selection is; the toolbar sits above
    it, or below when there is no room, centred on it; nothing shows while it is scrolled
    out of sight.
    """
    activity = None if kernel.system_ui.recents_open else kernel.tasks.top_activity
    sel = current(activity)
    if sel is None or activity is None:
        return None
    placed, _ = layout(page, 0, 0, T.SCREEN_W, T.SCREEN_H)
    rect = next((p.visible_rect() for p in placed if p.view.id == sel["anchor"]), None)
    items = _actions(kernel, activity, sel)
    if rect is None or not items:
        return None
    bar = row(*[text(label, 14, "medium", T.TEXT, on_tap=handler, role="button", h=BAR_H,
                     pad=(14, 0), id=f"text_action:{label.lower().replace(' ', '_')}")
                for label, handler in items],
              h=BAR_H, bg=T.SURFACE_CONTAINER_LOWEST, radius=BAR_H // 2,
              border=(T.OUTLINE_VARIANT, 1), pad=(6, 0),
              id="text_actions", role="menu", label="Text actions", block=True)
    bar_w = measure(bar, T.SCREEN_W)[0]
    kb_h = T.KEYBOARD_H if kernel.keyboard.visible else 0
    top, bottom = T.STATUS_BAR_H, T.SCREEN_H - T.GESTURE_BAR_H - kb_h
    x = min(max((rect[0] + rect[2] - bar_w) // 2, GAP), T.SCREEN_W - GAP - bar_w)
    if rect[1] - GAP - BAR_H >= top + GAP:
        y = rect[1] - GAP - BAR_H
    elif rect[3] + GAP + BAR_H <= bottom - GAP:
        y = rect[3] + GAP
    else:  # a selection taller than the page: the toolbar floats over its top
        y = max(rect[1], top) + GAP
    dismiss_tap = functools.partial(end, activity)
    catcher = View("box", w=FILL, h=FILL, on_tap=dismiss_tap, on_long_press=dismiss_tap,
                   id="text_actions_dismiss")
    return stack(stack(catcher, w=FILL, h=FILL, pad=(0, top, 0, T.SCREEN_H - bottom)),
                 stack(bar, w=FILL, h=FILL, pad=(x, y, 0, 0)), w=FILL, h=FILL)
