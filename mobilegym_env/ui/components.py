"""Shared components apps and system chrome are written with: bars, list rows, dialogs, sheets.

Each is a plain function returning a ``View``, so a screen reads as a short declaration.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import theme as T
from .view import FILL, Handler, View, col, divider, icon, icon_button, row, spacer, stack, text


def top_app_bar(title: str, on_back: Handler | None = None, actions: Sequence[View] = (),
                subtitle: str | None = None, bg: str = T.SURFACE) -> View:
    """A 56-px bar: optional back arrow, title (+ subtitle), trailing icon buttons."""
    lead = icon_button("arrow-left", on_back, "Back", T.TEXT, id="back") if on_back \
        else spacer(w=8, h=1)
    titles = col(
        text(title, 20, "medium", T.TEXT, role="heading"),
        text(subtitle, 12, color=T.TEXT_SECONDARY) if subtitle else None,
        w=FILL, justify="center",
    )
    return row(lead, titles, *actions, h=T.APP_BAR_H, pad=(4, 0, 8, 0), gap=4, bg=bg,
               id="app_bar")


def scaffold(body: View, top_bar: View | None = None, bottom: View | None = None,
             fab: View | None = None, overlay: View | None = None, bg: str = T.BACKGROUND) -> View:
    """The page frame: app bar, body filling the rest, bottom bar, a FAB and an overlay."""
    body.h = FILL if body.h is None else body.h
    page = col(top_bar, body, bottom, w=FILL, h=FILL, bg=bg)
    if fab is None and overlay is None:
        return page
    fab_layer = stack(fab, w=FILL, h=FILL, pad=(0, 0, 16, 16)) if fab else None
    return stack(page, fab_layer, overlay, w=FILL, h=FILL)


def fab(icon_name: str, on_tap: Handler, label: str) -> View:
    """A floating action button, bottom right."""
    return icon(icon_name, 22, T.ON_ACCENT, w=56, h=56, radius=18, bg=T.ACCENT, on_tap=on_tap,
                role="button", label=label, gravity="bottom-right", id="fab")


def avatar(name: str, size: int = 40, color: str = "#8AB4F8") -> View:
    initial = (name.strip()[:1] or "?").upper()
    return text(initial, size * 2 // 5, "medium", T.ON_ACCENT, text_align="center", role=None,
                w=size, h=size, radius=size // 2, bg=color)


def list_item(title: str, subtitle: str | None = None, leading: View | str | None = None,
              trailing: View | None = None, on_tap: Handler | None = None,
              on_long_press: Handler | None = None, id: str | None = None,
              selected: bool = False, height: int | None = None,
              label: str | None = None) -> View:
    """A row: leading icon/avatar, title and subtitle, trailing widget.

    ``label`` is its text in the UI tree (default: title and subtitle)."""
    if isinstance(leading, str):
        leading = icon(leading, 18, T.ACCENT, w=40, h=40, radius=20, bg="#E8F0FE")
    texts = col(
        text(title, 16, color=T.TEXT),
        text(subtitle, 13, color=T.TEXT_SECONDARY) if subtitle else None,
        w=FILL, gap=2, justify="center",
    )
    return row(leading, texts, trailing, h=height or (72 if subtitle else 56), pad=(16, 0),
               gap=16, on_tap=on_tap, on_long_press=on_long_press, id=id, role="list_item",
               selected=selected, bg="#E8F0FE" if selected else None,
               label=label or " ".join(t for t in (title, subtitle) if t))


def section_header(title: str) -> View:
    return text(title, 13, "medium", T.ACCENT, pad=(16, 16, 16, 6), role="heading")


def card(*children: View | None, **props: object) -> View:
    props.setdefault("bg", T.SURFACE)
    props.setdefault("radius", 16)
    props.setdefault("pad", 16)
    return col(*children, **props)  # type: ignore[arg-type]


def scrim(on_tap: Handler | None) -> View:
    """Dims what is under an overlay and swallows taps (tapping it dismisses, if allowed)."""
    return View("box", w=FILL, h=FILL, bg=T.SCRIM, on_tap=on_tap, block=True, id="scrim")


DialogAction = tuple[str, Handler | None] | tuple[str, Handler | None, str]


def dialog(title: str, body: str | View | None, actions: Sequence[DialogAction],
           on_dismiss: Handler | None = None, id: str = "dialog") -> View:
    """A centred alert dialog with text buttons on the right.

    ``actions`` are ``(label, handler)`` or ``(label, handler, button_id)``; without an id a
    button is ``"<dialog id>:<label in lower case>"`` (``"dialog:delete"``). A None handler
    shows a disabled button.
    """
    content = text(body, 14, color=T.TEXT_SECONDARY, max_lines=None) if isinstance(body, str) \
        else body
    buttons = row(spacer(), *[
        View("text", text=label, size=14, weight="medium",
             color=T.ACCENT if handler is not None else T.TEXT_HINT, on_tap=handler,
             role="button", pad=(12, 10), enabled=handler is not None,
             id=action[2] if len(action) > 2 else f"{id}:{label.lower()}")
        for action in actions for label, handler in [action[:2]]
    ], gap=4)
    box = col(text(title, 20, "medium", T.TEXT, max_lines=2, role="heading"), content, buttons,
              w=296, bg=T.SURFACE, radius=24, pad=(24, 24, 16, 12), gap=16, gravity="center",
              block=True, id=id, role="dialog", label=title)
    return stack(scrim(on_dismiss), box, w=FILL, h=FILL)


MenuItem = tuple[str, Handler | None] | tuple[str, Handler | None, str]
MENU_W = 200


def popup_menu(items: Sequence[MenuItem], on_dismiss: Handler | None, id: str = "menu",
               anchor: str = "top-right", at: tuple[int, int] | None = None) -> View:
    """A popup menu (the overflow ⋮ menu, or an item's long-press menu) over a clear scrim.

    ``items`` are ``(label, handler)`` or ``(label, handler, item_id)``; without an id an item
    is ``"<menu id>:<label in lower case>"`` (``"menu:rename"``). A None handler greys the item
    out. An item's handler closes the menu itself: ``ctx.close_dialog()`` then act, or
    ``ctx.replace(with_query(ctx.activity.route, dialog="delete"))`` to turn the menu into the
    next dialog (so Back from that dialog returns to the page, not to the menu). ``anchor`` is where the menu sits: ``"top-right"`` (under the app bar's ⋮, the
    default), ``"top-left"``, ``"bottom-right"`` or ``"center"``; ``at=(x, y)`` puts its
    top-left corner there instead (next to a long-pressed item). Tapping outside dismisses.
    Open it like a dialog (``ctx.open_dialog("menu")``) so that Back closes it.
    """
    rows = [
        row(text(label, 15, color=T.TEXT if handler is not None else T.TEXT_HINT, role=None),
            h=48, pad=(16, 0), on_tap=handler, enabled=handler is not None, role="menu_item",
            text=label, id=item[2] if len(item) > 2 else f"{id}:{label.lower()}")
        for item in items for label, handler in [item[:2]]
    ]
    if at is not None:
        anchor, place = "top-left", (at[0], at[1], 0, 0)
    else:
        top = T.STATUS_BAR_H + 8 if anchor.startswith("top") else 0
        bottom = T.GESTURE_BAR_H + 8 if anchor.startswith("bottom") else 0
        place = (8, top, 8, bottom)
    box = col(*rows, w=MENU_W, bg=T.SURFACE, radius=8, border=(T.OUTLINE, 1), pad=(0, 8),
              gravity=anchor, block=True, id=id, role="menu")
    return stack(View("box", w=FILL, h=FILL, on_tap=on_dismiss, block=True, id=f"{id}_scrim"),
                 stack(box, w=FILL, h=FILL, pad=place), w=FILL, h=FILL)


def selection_bar(count: int, on_close: Handler, actions: Sequence[View] = ()) -> View:
    """The app bar of selection mode: ✕, "N selected", and actions on the selected items."""
    return row(icon_button("xmark", on_close, "Clear selection", T.TEXT, id="clear_selection"),
               text(f"{count} selected", 20, "medium", T.TEXT, w=FILL, role="heading"),
               *actions, h=T.APP_BAR_H, pad=(4, 0, 8, 0), gap=4, bg="#E8F0FE",
               id="selection_bar", label=f"{count} selected")


def bottom_sheet(title: str | None, children: Sequence[View], on_dismiss: Handler | None,
                 id: str = "sheet") -> View:
    """A sheet rising from the bottom edge, over a scrim."""
    handle = stack(View("box", w=32, h=4, radius=2, bg=T.OUTLINE, gravity="center"), h=20)
    sheet = col(handle, text(title, 16, "medium", T.TEXT, pad=(24, 0, 24, 8), role="heading")
                if title else None, *children, w=FILL, bg=T.SURFACE, radius=24,
                pad=(0, 0, 0, 16), gravity="bottom-left", block=True, id=id, role="sheet",
                label=title)
    return stack(scrim(on_dismiss), sheet, w=FILL, h=FILL)


def tab_bar(tabs: Sequence[tuple[str, str, bool, Handler]]) -> View:
    """Bottom navigation: (label, icon, selected, on_tap) per tab."""
    items = []
    for label, icon_name, selected, on_tap in tabs:
        color = T.ACCENT if selected else T.TEXT_SECONDARY
        pill = icon(icon_name, 18, color, w=56, h=28, radius=14,
                    bg="#DCE6FD" if selected else None)
        items.append(col(pill, text(label, 12, "medium" if selected else "regular", color,
                                    role=None), w=FILL, align="center", justify="center", gap=4,
                         on_tap=on_tap, role="tab", selected=selected, text=label))
    return col(divider(), row(*items, h=T.TAB_BAR_H - 1, bg=T.SURFACE), id="tab_bar")


def chip(label: str, selected: bool, on_tap: Handler | None, id: str | None = None) -> View:
    return row(text(label, 13, "medium", T.TEXT if not selected else "#1F3B73", role=None),
               h=32, pad=(14, 0), radius=8, bg="#DCE6FD" if selected else None,
               border=None if selected else (T.OUTLINE, 1), on_tap=on_tap, role="button",
               selected=selected, text=label, id=id)


def progress_bar(level: int, maximum: int = 100, h: int = 6, track: str = "#E1E3E8") -> View:
    """A read-only, full-width bar with ``level`` of ``maximum`` filled in the accent colour.

    ``level`` is clamped to ``0..maximum``; the filled part and the ``track`` are rounded and
    a 2-px gap parts them (an empty part is left out, and the gap with it).
    """
    level = min(max(level, 0), maximum)
    filled = col(w=FILL, h=h, radius=h // 2, bg=T.ACCENT, flex=level) if level > 0 \
        else None
    rest = col(w=FILL, h=h, radius=h // 2, bg=track, flex=maximum - level) \
        if level < maximum else None
    return row(filled, rest, w=FILL, h=h, gap=2 if filled and rest else 0)


def empty_state(icon_name: str, message: str) -> View:
    return col(icon(icon_name, 40, T.OUTLINE), text(message, 15, color=T.TEXT_SECONDARY,
                                                     text_align="center"),
               w=FILL, h=FILL, align="center", justify="center", gap=12)
