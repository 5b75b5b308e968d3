"""Shared Material 3 components apps and system chrome are written with: app bars, list rows,
cards, dialogs, menus, sheets, navigation bars, chips, FABs and snackbars.

Each is a plain function returning a ``View``, so a screen reads as a short declaration; the
colours are the scheme's roles, so the dark theme maps them exactly.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any

from . import theme as T
from .layout import measure
from .retain import Call, retained
from .view import (
    FILL,
    Handler,
    View,
    col,
    icon,
    icon_button,
    row,
    spacer,
    stack,
    text,
)

SHADOW = "#00000024"  # the drop shadow under raised surfaces (menus, FABs, snackbars)
HALO = "#00000012"  # and the faint edge around them
LARGE_BAR_H = 120  # an expanded large top app bar: the actions row and the title under it


def _bar_title(title: str, subtitle: str | None) -> View:
    return col(
        text(title, 22, color=T.ON_SURFACE, role="heading"),
        text(subtitle, 13, color=T.ON_SURFACE_VARIANT) if subtitle else None,
        w=FILL, justify="center",
    )


def _lead(on_back: Handler | None) -> View:
    return icon_button("arrow-left", on_back, "Back", T.ON_SURFACE, size=22, id="back") \
        if on_back else spacer(w=12, h=1)


def _shareable(handler: Handler | None, views: Sequence[View | None] = ()) -> bool:
    """Whether a bar can be retained: its handler is None or a ``Call`` and every view in it
    is itself retained (so the bar's arguments are its whole input)."""
    return (handler is None or isinstance(handler, Call)) and \
        all(v is None or v.reuse for v in views)


@retained(maxsize=128)  # 40x40 px each
def bar_action(name: str, on_tap: Call | None, label: str, id: str | None = None,
               color: str = T.ON_SURFACE_VARIANT, selected: bool = False) -> View:
    """An app bar's icon button (``icon_button``), retained: with ``Call`` handlers for the
    bar and its actions, ``top_app_bar``, ``large_top_app_bar`` and ``selection_bar`` return
    a retained bar (built, laid out and painted once while its inputs stay the same)."""
    return icon_button(name, on_tap, label, color, id=id, selected=selected)


def top_app_bar(title: str, on_back: Handler | None = None, actions: Sequence[View] = (),
                subtitle: str | None = None, bg: str | None = None) -> View:
    """The M3 small top app bar: optional back arrow, title (+ subtitle), trailing icon
    buttons, on the page's surface.

    Retained (see ``retain.py``) when ``on_back`` is None or a ``Call`` and every action is
    a retained view (``bar_action``); otherwise built afresh each frame."""
    actions = tuple(actions)
    build = _retained_top_app_bar if _shareable(on_back, actions) else _top_app_bar
    return build(title, on_back, actions, subtitle, bg)


def _top_app_bar(title: str, on_back: Handler | None, actions: tuple[View, ...],
                 subtitle: str | None, bg: str | None) -> View:
    return row(_lead(on_back), _bar_title(title, subtitle), *actions, h=T.APP_BAR_H,
               pad=(4, 0, 4, 0), gap=4, bg=bg or T.SURFACE, id="app_bar")


# a bar keeps its pixels (360x64 at 24 bits, ~70 KB; a large bar ~130 KB), within the
# process's pixel budget (retain.PIXEL_BUDGET)
_retained_top_app_bar = retained(_top_app_bar, maxsize=128)


def large_top_app_bar(title: str, store: MutableMapping[str, Any], scroll_id: str,
                      on_back: Handler | None = None, actions: Sequence[View] = ()) -> View:
    """The M3 large top app bar of Pixel apps (Settings): a big title under the actions row
    that collapses into the small bar, on a tinted container, once the page's scroll area
    ``scroll_id`` (in ``store``) has scrolled."""
    if int(store.get(f"scroll:{scroll_id}", 0)) > 0:
        return top_app_bar(title, on_back, actions, bg=T.SURFACE_CONTAINER)
    actions = tuple(actions)
    build = _retained_large_bar if _shareable(on_back, actions) else _large_bar
    return build(title, on_back, actions)


def _large_bar(title: str, on_back: Handler | None, actions: tuple[View, ...]) -> View:
    return col(
        row(_lead(on_back), spacer(), *actions, h=T.APP_BAR_H, pad=(4, 0, 4, 0), gap=4),
        text(title, 32, color=T.ON_SURFACE, role="heading", max_lines=2, pad=(16, 0, 16, 0)),
        h=LARGE_BAR_H, bg=T.SURFACE, id="app_bar", label=title,
    )


_retained_large_bar = retained(_large_bar, maxsize=16)


def scaffold(body: View, top_bar: View | None = None, bottom: View | None = None,
             fab: View | None = None, overlay: View | None = None, bg: str = T.SURFACE) -> View:
    """The page frame: app bar, body filling the rest, bottom bar, a FAB and an overlay."""
    body.h = FILL if body.h is None else body.h
    page = col(top_bar, body, bottom, w=FILL, h=FILL, bg=bg)
    if fab is None and overlay is None:
        return page
    fab_layer = stack(fab, w=FILL, h=FILL, pad=(0, 0, 16, 16)) if fab else None
    return stack(page, fab_layer, overlay, w=FILL, h=FILL)


def raised(content: View, radius: int, gravity: str = "top-left") -> View:
    """``content`` lifted off the page (M3 elevation without blur): a faint 1-px halo and a
    2-px drop shadow under it. The result takes its place, at ``gravity``; ``content`` keeps
    its ids, and a size it does not fix is measured within the screen's width."""
    w, h = content.w, content.h
    if w is None or h is None or w < 0 or h < 0:
        mw, mh = measure(content, T.SCREEN_W)
        w = mw if w is None or w < 0 else w
        h = mh if h is None or h < 0 else h
    content.gravity = "top-left"
    halo = View("box", w=FILL, h=FILL, radius=radius + 1, bg=HALO)
    drop = col(View("box", w=FILL, h=FILL, radius=radius, bg=SHADOW), w=FILL, h=FILL,
               pad=(1, 3, 1, 0))
    return stack(halo, drop, col(content, pad=(1, 1, 1, 0)), w=w + 2, h=h + 3,
                 gravity=gravity)


def fab(icon_name: str, on_tap: Handler, label: str, extended: bool = False) -> View:
    """The M3 floating action button, bottom right: a 56-px rounded square in the primary
    container, or with ``extended`` the icon and ``label`` side by side."""
    if extended:
        button = row(icon(icon_name, 22, T.ON_PRIMARY_CONTAINER),
                     text(label, 15, "medium", T.ON_PRIMARY_CONTAINER, role=None),
                     h=56, radius=16, pad=(16, 0, 20, 0), gap=12, bg=T.PRIMARY_CONTAINER,
                     on_tap=on_tap, role="button", label=label, id="fab")
    else:
        button = icon(icon_name, 22, T.ON_PRIMARY_CONTAINER, w=56, h=56, radius=16,
                      bg=T.PRIMARY_CONTAINER, on_tap=on_tap, role="button", label=label,
                      id="fab")
    return raised(button, 16, gravity="bottom-right")


def avatar(name: str, size: int = 40, color: str | None = None) -> View:
    """A round initial: in the primary container by default, white on a given colour."""
    initial = (name.strip()[:1] or "?").upper()
    fg = T.ON_PRIMARY_CONTAINER if color is None else "#FFFFFF"
    return text(initial, size * 2 // 5, "medium", fg, text_align="center", role=None,
                w=size, h=size, radius=size // 2, bg=color or T.PRIMARY_CONTAINER)


def list_item(title: str, subtitle: str | None = None, leading: View | str | None = None,
              trailing: View | None = None, on_tap: Handler | None = None,
              on_long_press: Handler | None = None, id: str | None = None,
              selected: bool = False, height: int | None = None,
              label: str | None = None) -> View:
    """An M3 list item: leading icon/avatar, headline and supporting text, trailing widget.

    ``label`` is its text in the UI tree (default: title and subtitle)."""
    if isinstance(leading, str):
        leading = icon(leading, 22, T.ON_SURFACE_VARIANT, w=40, h=40)
    texts = col(
        text(title, 16, color=T.ON_SURFACE),
        text(subtitle, 14, color=T.ON_SURFACE_VARIANT) if subtitle else None,
        w=FILL, gap=2, justify="center",
    )
    return row(leading, texts, trailing, h=height or (72 if subtitle else 56), pad=(16, 0),
               gap=16, on_tap=on_tap, on_long_press=on_long_press, id=id, role="list_item",
               selected=selected, bg=T.SECONDARY_CONTAINER if selected else None,
               label=label or " ".join(t for t in (title, subtitle) if t))


def section_header(title: str) -> View:
    return text(title, 14, "medium", T.PRIMARY, pad=(16, 16, 16, 8), role="heading")


CARD_STYLES = {"elevated": (T.SURFACE_CONTAINER_LOW, None),
               "filled": (T.SURFACE_CONTAINER_HIGHEST, None),
               "outlined": (T.SURFACE, (T.OUTLINE_VARIANT, 1))}


def card(*children: View | None, style: str = "elevated", **props: Any) -> View:
    """An M3 card (12-px corners): ``elevated`` (a low container), ``filled`` or
    ``outlined``; view props override."""
    if style not in CARD_STYLES:
        raise ValueError(f"unknown card style {style!r}; use one of {sorted(CARD_STYLES)}")
    bg, border = CARD_STYLES[style]
    props.setdefault("bg", bg)
    props.setdefault("border", border)
    props.setdefault("radius", 12)
    props.setdefault("pad", 16)
    return col(*children, **props)


def scrim(on_tap: Handler | None) -> View:
    """Dims what is under an overlay and swallows taps (tapping it dismisses, if allowed)."""
    return View("box", w=FILL, h=FILL, bg=T.SCRIM, on_tap=on_tap, block=True, id="scrim")


DialogAction = tuple[str, Handler | None] | tuple[str, Handler | None, str]


def text_button(label: str, on_tap: Handler | None, id: str | None = None,
                color: str = T.PRIMARY) -> View:
    """An M3 text button (dialog actions): the label alone, greyed out when inert."""
    return View("text", text=label, size=T.scaled(14), weight="medium",
                color=color if on_tap is not None else T.TEXT_HINT, on_tap=on_tap,
                role="button", pad=(12, 10), enabled=on_tap is not None, id=id)


def dialog(title: str, body: str | View | None, actions: Sequence[DialogAction],
           on_dismiss: Handler | None = None, id: str = "dialog",
           icon_name: str | None = None) -> View:
    """An M3 basic dialog: headline, supporting text (or any view), text buttons at the end.

    ``actions`` are ``(label, handler)`` or ``(label, handler, button_id)``; without an id a
    button is ``"<dialog id>:<label in lower case>"`` (``"dialog:delete"``). A None handler
    shows a disabled button. ``icon_name`` puts a hero icon above a centred headline.
    """
    content = text(body, 14, color=T.ON_SURFACE_VARIANT, max_lines=None) \
        if isinstance(body, str) else body
    buttons = row(spacer(), *[
        text_button(label, handler, action[2] if len(action) > 2 else f"{id}:{label.lower()}")
        for action in actions for label, handler in [action[:2]]
    ], gap=8)
    hero = icon(icon_name, 24, T.SECONDARY, w=FILL, h=24) if icon_name else None
    box = col(hero, text(title, 24, color=T.ON_SURFACE, max_lines=2, role="heading",
                         text_align="center" if icon_name else "left"),
              content, buttons, w=312, bg=T.SURFACE_CONTAINER_HIGH, radius=28,
              pad=(24, 24, 16, 16), gap=16, gravity="center", block=True, id=id,
              role="dialog", label=title)
    return stack(scrim(on_dismiss), box, w=FILL, h=FILL)


MenuItem = tuple[str, Handler | None] | tuple[str, Handler | None, str]
MENU_W = 200


def popup_menu(items: Sequence[MenuItem], on_dismiss: Handler | None, id: str = "menu",
               anchor: str = "top-right", at: tuple[int, int] | None = None) -> View:
    """An M3 menu (the overflow ⋮ menu, or an item's long-press menu) over a clear scrim.

    ``items`` are ``(label, handler)`` or ``(label, handler, item_id)``; without an id an item
    is ``"<menu id>:<label in lower case>"`` (``"menu:rename"``). A None handler greys the item
    out. An item's handler closes the menu itself: ``ctx.close_dialog()`` then act, or
    ``ctx.replace(with_query(ctx.activity.route, dialog="delete"))`` to turn the menu into the
    next dialog (so Back from that dialog returns to the page, not to the menu). ``anchor`` is
    where the menu sits: ``"top-right"`` (under the app bar's ⋮, the default), ``"top-left"``,
    ``"bottom-right"`` or ``"center"``; ``at=(x, y)`` puts its top-left corner there instead
    (next to a long-pressed item). Tapping outside dismisses. Open it like a dialog
    (``ctx.open_dialog("menu")``) so that Back closes it.
    """
    rows = [
        row(text(label, 14, color=T.ON_SURFACE if handler is not None else T.TEXT_HINT,
                 role=None),
            h=48, pad=(12, 0), on_tap=handler, enabled=handler is not None, role="menu_item",
            text=label, id=item[2] if len(item) > 2 else f"{id}:{label.lower()}")
        for item in items for label, handler in [item[:2]]
    ]
    if at is not None:
        anchor, place = "top-left", (at[0], at[1], 0, 0)
    else:
        top = T.STATUS_BAR_H + 8 if anchor.startswith("top") else 0
        bottom = T.GESTURE_BAR_H + 8 if anchor.startswith("bottom") else 0
        place = (8, top, 8, bottom)
    box = col(*rows, w=MENU_W, bg=T.SURFACE_CONTAINER, radius=4, pad=(0, 8), block=True,
              id=id, role="menu")
    return stack(View("box", w=FILL, h=FILL, on_tap=on_dismiss, block=True, id=f"{id}_scrim"),
                 stack(raised(box, 4, gravity=anchor), w=FILL, h=FILL, pad=place),
                 w=FILL, h=FILL)


def selection_bar(count: int, on_close: Handler, actions: Sequence[View] = ()) -> View:
    r"""The app bar of selection mode: ✕, "N selected", and actions on the selected items
    (retained, like ``top_app_bar``, for a ``Call`` and ``bar_action``\ s)."""
    actions = tuple(actions)
    build = _retained_selection_bar if _shareable(on_close, actions) else _selection_bar
    return build(count, on_close, actions)


def _selection_bar(count: int, on_close: Handler, actions: tuple[View, ...]) -> View:
    return row(icon_button("xmark", on_close, "Clear selection", T.ON_SURFACE,
                           id="clear_selection"),
               text(f"{count} selected", 22, color=T.ON_SURFACE, w=FILL, role="heading"),
               *actions, h=T.APP_BAR_H, pad=(4, 0, 4, 0), gap=4, bg=T.SURFACE_CONTAINER,
               id="selection_bar", label=f"{count} selected")


_retained_selection_bar = retained(_selection_bar, maxsize=64)


def bottom_sheet(title: str | None, children: Sequence[View], on_dismiss: Handler | None,
                 id: str = "sheet") -> View:
    """An M3 modal bottom sheet with a drag handle, rising from the bottom edge over a
    scrim."""
    handle = stack(View("box", w=32, h=4, radius=2, bg=T.ON_SURFACE_VARIANT,
                        gravity="center"), h=36)
    sheet = col(handle, text(title, 16, "medium", T.ON_SURFACE, pad=(24, 0, 24, 8),
                             role="heading") if title else None,
                *children, w=FILL, bg=T.SURFACE_CONTAINER_LOW, radius=28,
                pad=(0, 0, 0, 16 + T.GESTURE_BAR_H), gravity="bottom-left", block=True, id=id,
                role="sheet", label=title)
    return stack(scrim(on_dismiss), sheet, w=FILL, h=FILL)


def tab_bar(tabs: Sequence[tuple[str, str, bool, Handler]]) -> View:
    """The M3 navigation bar: (label, icon, selected, on_tap) per destination; the selected
    one's icon sits in a pill. Retained when every ``on_tap`` is a ``Call``."""
    tabs = tuple(tuple(t) for t in tabs)
    build = _retained_tab_bar if all(_shareable(t[3]) for t in tabs) else _tab_bar
    return build(tabs)


def _tab_bar(tabs: tuple[tuple[str, str, bool, Handler], ...]) -> View:
    items = []
    for label, icon_name, selected, on_tap in tabs:
        glyph = T.ON_SECONDARY_CONTAINER if selected else T.ON_SURFACE_VARIANT
        pill = icon(icon_name, 20, glyph, w=56, h=30, radius=15,
                    bg=T.SECONDARY_CONTAINER if selected else None)
        items.append(col(pill, text(label, 12, "medium",
                                    T.ON_SURFACE if selected else T.ON_SURFACE_VARIANT,
                                    role=None),
                         w=FILL, align="center", justify="center", gap=4, on_tap=on_tap,
                         role="tab", selected=selected, text=label))
    return row(*items, h=T.TAB_BAR_H, bg=T.SURFACE_CONTAINER, id="tab_bar")


_retained_tab_bar = retained(_tab_bar, maxsize=8)


def chip(label: str, selected: bool, on_tap: Handler | None, id: str | None = None,
         icon_name: str | None = None) -> View:
    """An M3 filter chip: outlined, or tonal with a leading check when selected
    (``icon_name`` gives an unselected chip a leading icon)."""
    fg = T.ON_SECONDARY_CONTAINER if selected else T.ON_SURFACE_VARIANT
    lead = icon("check", 16, fg) if selected else (icon(icon_name, 16, T.PRIMARY)
                                                   if icon_name else None)
    return row(lead, text(label, 14, "medium", fg, role=None),
               h=32, pad=(8 if lead else 12, 0, 12, 0), gap=6, radius=8,
               bg=T.SECONDARY_CONTAINER if selected else None,
               border=None if selected else (T.OUTLINE_VARIANT, 1), on_tap=on_tap,
               role="button", selected=selected, text=label, id=id)


def progress_bar(level: int, maximum: int = 100, h: int = 4,
                 track: str = T.SECONDARY_CONTAINER) -> View:
    """A read-only, full-width M3 linear indicator with ``level`` of ``maximum`` filled in the
    primary colour.

    ``level`` is clamped to ``0..maximum``; the filled part and the ``track`` are rounded and
    a 4-px gap parts them (an empty part is left out, and the gap with it).
    """
    level = min(max(level, 0), maximum)
    filled = col(w=FILL, h=h, radius=h // 2, bg=T.PRIMARY, flex=level) if level > 0 \
        else None
    rest = col(w=FILL, h=h, radius=h // 2, bg=track, flex=maximum - level) \
        if level < maximum else None
    return row(filled, rest, w=FILL, h=h, gap=4 if filled and rest else 0)


def snackbar(message: str, action: tuple[str, Handler] | None = None,
             id: str = "snackbar") -> View:
    """An M3 snackbar at the bottom of the page (an overlay): a short message on the inverse
    surface and an optional action (``<id>:action``)."""
    act = text_button(action[0], action[1], f"{id}:action", T.INVERSE_PRIMARY) \
        if action else None
    # a fixed width: ``raised`` would measure FILL as the whole screen, past the side margins
    bar = row(text(message, 14, color=T.INVERSE_ON_SURFACE, w=FILL, max_lines=2, role=None),
              act, w=T.SCREEN_W - 26, h=48, radius=4, bg=T.INVERSE_SURFACE, pad=(16, 0, 8, 0), gap=8,
              id=id, role="alert", label=message)
    return stack(raised(bar, 4, gravity="bottom-left"), w=FILL, h=FILL, pad=(12, 0, 12, 12))


def empty_state(icon_name: str, message: str) -> View:
    return col(icon(icon_name, 40, T.OUTLINE),
               text(message, 15, color=T.ON_SURFACE_VARIANT, text_align="center",
                    max_lines=None),
               w=FILL, h=FILL, align="center", justify="center", gap=12)


__all__ = ["CARD_STYLES", "DialogAction", "HALO", "LARGE_BAR_H", "MENU_W", "MenuItem", "SHADOW",
           "avatar", "bar_action", "bottom_sheet", "card", "chip", "dialog", "empty_state", "fab",
           "large_top_app_bar", "list_item", "popup_menu", "progress_bar", "raised", "scaffold",
           "scrim", "section_header", "selection_bar", "snackbar", "tab_bar", "text_button",
           "top_app_bar"]
