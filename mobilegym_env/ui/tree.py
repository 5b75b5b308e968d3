"""Hit-testing and the UI-tree observation, both read from the same placed nodes as painting."""

from __future__ import annotations

from typing import Any

from .layout import Placed, ScrollInfo
from .view import View

INTERACTIVE_ROLES = {"button", "switch", "checkbox", "radio", "text_field", "tab", "list_item",
                     "menu_item"}


def hit_test(placed: list[Placed], x: float, y: float, long_press: bool = False,
             double: bool = False) -> Placed | None:
    """The topmost node under (x, y) that takes the gesture, or a blocking node (a scrim).

    Returns None when nothing takes it. A disabled control swallows the tap without acting.
    With ``double``, the node is the topmost that takes a tap or a double tap (the device
    decides what a double tap on a tap-only node means).
    """
    for p in reversed(placed):
        v = p.view
        handler = (v.on_double_tap or v.on_tap) if double else \
            v.on_long_press if long_press else v.on_tap
        # a scrim blocks; so does a disabled control, even one built without a handler
        blocks = v.block or not v.enabled
        if handler is None and not blocks and not (long_press and v.on_tap is not None):
            continue
        if p.shows(x, y):
            if handler is None and not blocks:
                continue  # a long press on a tap-only node falls through to what is under it
            return p
    return None


def touchable(placed: list[Placed]) -> list[Placed]:
    """The nodes :func:`hit_test` can return (a handler of any gesture, a scrim, a disabled
    control), in paint order: hit-testing them alone gives the same answer as all nodes, and a
    device keeps this list for its frame (most nodes are text, icons and containers)."""
    return [p for p in placed if (v := p.view).on_tap is not None or v.block or not v.enabled
            or v.on_long_press is not None or v.on_double_tap is not None]


def scroll_target(placed: list[Placed], scrolls: list[ScrollInfo], x: float, y: float,
                  horizontal: bool) -> ScrollInfo | None:
    """The innermost scroll area under (x, y) that can move along the given axis (or still
    holds an offset to give back). A blocking layer (scrim, sheet, dialog, keyboard) painted
    over the point hides the scroll areas beneath it: a drag on a sheet never scrolls the
    page."""
    infos = {id(s.view): s for s in scrolls}
    for p in reversed(placed):
        if not p.shows(x, y):
            continue
        s = infos.get(id(p.view))
        # an area whose content fits still takes the drag while it holds an offset: a page
        # whose large app bar collapsed so that it fits scrolls back to open the bar
        if s is not None and s.view.horizontal == horizontal and (
                s.content > s.viewport or s.view.store.get(s.view.key, 0)):
            return s
        if p.view.block:
            return None
    return None


def _collect_text(v: View) -> str:
    """Texts of a node's subtree in reading order, from the view tree itself, so a row
    scrolled half out of view (its children culled from layout) keeps its full text."""
    parts: list[str] = []
    stack = list(reversed(v.children))
    while stack:
        c = stack.pop()
        if c.kind == "text" and c.text:
            parts.append(c.text)
        stack.extend(reversed(c.children))
    return " ".join(parts)


def ui_tree(placed: list[Placed], scale: int = 1) -> list[dict[str, Any]]:
    """The visible, meaningful nodes in paint order (later nodes are on top).

    Each: role, text, id, bounds (x0, y0, x1, y1 in frame pixels), clickable, long_clickable,
    focused, checked, selected, enabled, scrollable.
    """
    nodes: list[dict[str, Any]] = []
    for p in placed:
        v = p.view
        clickable = v.on_tap is not None
        if v.role is None and v.id is None and not clickable and v.on_long_press is None \
                and v.on_double_tap is None:
            continue
        rect = p.visible_rect()
        if rect is None:
            continue
        label = v.label or v.text
        if not label and (clickable or v.role in INTERACTIVE_ROLES):
            label = _collect_text(v)
        if v.role == "text" and not label:
            continue
        nodes.append({
            "role": v.role or "view",
            "text": label or "",
            "id": v.id,
            "bounds": tuple(c * scale for c in rect),
            "clickable": clickable,
            "long_clickable": v.on_long_press is not None,
            "double_clickable": v.on_double_tap is not None,
            "focused": bool(v.focused),
            "checked": v.checked,
            "selected": bool(v.selected),
            "enabled": bool(v.enabled),
            "scrollable": v.kind == "scroll",
            "hint": v.hint or None,
        })
    return nodes
