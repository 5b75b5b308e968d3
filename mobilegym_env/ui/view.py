"""The view tree: what a screen function returns.

A screen is a function of state that returns a tree of ``View`` nodes built with the small
builders below (``col``, ``row``, ``text``, ``icon``, ``button``...). Layout, hit-testing,
scrolling, drawing and the UI-tree observation all read this one tree, so what is drawn, what is
tapped and what is exported can never disagree.

Sizes are logical pixels on the 360x800 screen: an int is fixed, ``None`` wraps the content and
``FILL`` takes the parent's size (in a row/column's main axis: a share of the space left, by
``flex``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, MutableMapping
from typing import Any

from .pictures import Photo, photo_key

FILL = -1
Handler = Callable[[], Any]
Padding = int | tuple[int, int] | tuple[int, int, int, int]


class View:
    """One node. Every builder returns one; props not given keep the class defaults.

    Defaults live on the class so building a node only stores the props it was given (views
    are rebuilt for every changed frame, so construction must be cheap).
    """

    kind = "box"
    children: tuple[View, ...] = ()
    w: int | None = None
    h: int | None = None
    flex = 1
    pad: tuple[int, int, int, int] = (0, 0, 0, 0)
    gap = 0
    bg: str | None = None
    radius = 0
    border: tuple[str, int] | None = None
    align = "stretch"
    justify = "start"
    gravity = "top-left"
    text = ""
    size = 14
    weight = "regular"
    color = "#1F1F1F"
    max_lines: int | None = 1
    text_align = "left"
    icon: str | None = None
    on_tap: Handler | None = None
    on_long_press: Handler | None = None
    on_double_tap: Handler | None = None
    on_submit: Handler | None = None
    id: str | None = None
    role: str | None = None
    label: str | None = None
    checked: bool | None = None
    selected = False
    enabled = True
    store: MutableMapping[str, Any] | None = None
    key: str | None = None
    hint = ""
    focused = False
    secret = False
    horizontal = False
    block = False
    clip = False  # children are clipped to this node's box, rounded by its radius
    picture: Any = None  # kind "picture": a pygame Surface, or a function returning one
    # a subtree shared across frames (an opaque box, no handlers): its layout and pixels are
    # cached on the node and reused while its box is unchanged
    reuse = False

    def __init__(self, kind: str, children: tuple[View | None, ...] = (), **props: Any) -> None:
        self.kind = kind
        if children:
            self.children = tuple(c for c in children if c is not None)
        if "pad" in props:
            props["pad"] = _pad(props["pad"])
        if not _PROPS.issuperset(props):
            raise TypeError(f"unknown view properties {sorted(set(props) - _PROPS)}")
        self.__dict__.update(props)

    def __repr__(self) -> str:
        extra = f" {self.text!r}" if self.text else ""
        return f"<{self.kind}{extra} id={self.id} children={len(self.children)}>"


_PROPS = frozenset(k for k in vars(View) if not k.startswith("_"))


def _pad(p: Padding) -> tuple[int, int, int, int]:
    if isinstance(p, int):
        return (p, p, p, p)
    if len(p) == 2:
        return (p[0], p[1], p[0], p[1])
    return p  # type: ignore[return-value]


# ----- containers
def col(*children: View | None, **props: Any) -> View:
    """Stacks children top to bottom. Cross-axis ``align`` defaults to ``stretch``."""
    return View("col", children, **props)


def row(*children: View | None, **props: Any) -> View:
    """Lays children left to right. Cross-axis ``align`` defaults to ``center``."""
    props.setdefault("align", "center")
    return View("row", children, **props)


def stack(*children: View | None, **props: Any) -> View:
    """Overlays children in the same box; each is placed by its own ``gravity``."""
    return View("stack", children, **props)


def scroll(
    *children: View | None, store: MutableMapping[str, Any], id: str, **props: Any
) -> View:
    """A vertically scrolling column; its offset lives in ``store`` under ``scroll:<id>``."""
    props.setdefault("h", FILL)
    return View("scroll", children, store=store, key=f"scroll:{id}", id=id, role="list", **props)


def hscroll(
    *children: View | None, store: MutableMapping[str, Any], id: str, **props: Any
) -> View:
    """A horizontally scrolling row (chips, carousels)."""
    props.setdefault("align", "center")
    return View("scroll", children, store=store, key=f"scroll:{id}", id=id, role="list",
                horizontal=True, **props)


# ----- leaves
def text(value: str, size: int = 14, weight: str = "regular", color: str = "#1F1F1F",
         **props: Any) -> View:
    """A run of text; ``max_lines=None`` wraps freely, the default is one ellipsized line."""
    props.setdefault("role", "text")
    return View("text", text=str(value), size=size, weight=weight, color=color, **props)


def icon(name: str, size: int = 20, color: str = "#444746", **props: Any) -> View:
    """A Material Symbols icon (``"wifi"``, ``"home"``, ``"star:fill"``...; see ``ui.icons``)."""
    return View("icon", icon=name, size=size, color=color, w=props.pop("w", size + 4),
                h=props.pop("h", size + 4), **props)


def spacer(w: int | None = None, h: int | None = None, flex: int = 1) -> View:
    """Empty space; with no size it absorbs the free space of its row or column."""
    return View("box", w=FILL if w is None else w, h=FILL if h is None else h, flex=flex)


def box(*children: View | None, **props: Any) -> View:
    """A plain container (a column), for backgrounds and padding."""
    return View("col", children, **props)


def divider(color: str = "#E8E8EC", inset: int = 0) -> View:
    return View("box", h=1, bg=color, pad=(inset, 0, 0, 0))


def image(name: str, w: int | None = None, h: int | None = None,
          source: str | Photo | None = None, aspect: float | None = None, fit: str = "cover",
          **props: Any) -> View:
    """A photo: the generated picture of a file (see ``ui.pictures``), ``name`` in the UI tree.

    Args:
        name: What the UI tree calls it (a title, a file name).
        w: Box width (default FILL).
        h: Box height (default FILL).
        source: The file (a path or file name; default ``name``): the same file always shows
            the same picture. Or a ``pictures.Photo`` made by ``pictures.media_photo`` /
            ``file_photo`` (which follow renames and know the size).
        aspect: The photo's width / height (None: the picture's own), so it is never
            stretched.
        fit: ``"cover"`` crops it to fill the box (grids, thumbnails); ``"fit"`` shows it
            whole inside the box (viewers, previews).
        **props: View props; ``role`` defaults to ``"image"`` (None keeps a decorative
            thumbnail out of the UI tree), ``radius`` to 8.
    """
    props.setdefault("radius", 8)
    props.setdefault("role", "image")
    photo = source if isinstance(source, Photo) else \
        Photo(photo_key(name if source is None else source), aspect, fit)
    return View("image", w=w if w is not None else FILL, h=h if h is not None else FILL,
                label=name, picture=photo, **props)


# ----- controls
BUTTON_STYLES = {  # style: (foreground, background, border)
    "filled": ("#FFFFFF", "#3D7BF7", None),
    "tonal": ("#1F3B73", "#DCE6FD", None),
    "outlined": ("#3D7BF7", None, ("#C4C7C5", 1)),
    "text": ("#3D7BF7", None, None),
}
DISABLED = ("#9AA0A6", "#E8EAED")
FIELD_BG = "#F1F3F4"
FIELD_RADIUS = 12


def button(label: str, on_tap: Handler | None, style: str = "filled", **props: Any) -> View:
    """A pill button: ``filled``, ``tonal``, ``outlined`` or ``text``; greyed out when
    ``on_tap`` is None. Any view prop (``h``, ``pad``, ``bg``, ``id``...) may be overridden."""
    if style not in BUTTON_STYLES:
        raise ValueError(f"unknown button style {style!r}; use one of {sorted(BUTTON_STYLES)}")
    fg, bg, border = BUTTON_STYLES[style]
    if on_tap is None:
        fg, bg = DISABLED[0], DISABLED[1] if bg else None
    icon_name = props.pop("icon", None)
    content = [icon(icon_name, 14, fg)] if icon_name else []
    content.append(text(label, 14, "medium", fg, role=None))
    spec: dict[str, Any] = dict(h=40, bg=bg, border=border, radius=20, pad=(20, 0), gap=6,
                                justify="center", role="button", text=label,
                                enabled=on_tap is not None)
    spec.update(props)
    return row(*content, on_tap=on_tap, **spec)


def icon_button(name: str, on_tap: Handler | None, label: str, color: str = "#444746",
                size: int = 20, **props: Any) -> View:
    """A round, icon-only button; ``label`` is its accessibility text in the UI tree."""
    spec: dict[str, Any] = dict(w=40, h=40, radius=20, role="button", label=label,
                                enabled=on_tap is not None)
    spec.update(props)
    glyph_color = color if spec["enabled"] else DISABLED[0]
    return icon(name, size, glyph_color, on_tap=on_tap, **spec)


def switch(checked: bool, on_tap: Handler | None, **props: Any) -> View:
    return View("switch", w=44, h=26, checked=bool(checked), on_tap=on_tap, role="switch",
                **props)


def checkbox(checked: bool, on_tap: Handler | None, **props: Any) -> View:
    return View("checkbox", w=22, h=22, checked=bool(checked), on_tap=on_tap,
                role="checkbox", **props)


def radio(checked: bool, on_tap: Handler | None, **props: Any) -> View:
    return View("radio", w=22, h=22, checked=bool(checked), on_tap=on_tap, role="radio",
                **props)


def text_field(store: MutableMapping[str, Any], key: str, hint: str = "", **props: Any) -> View:
    """An editable field whose value lives in ``store[key]``; tapping it focuses it and
    raises the keyboard. The screen's context wires ``focused``; see ``ScreenContext.field``.
    """
    props.setdefault("h", 48)
    props.setdefault("radius", FIELD_RADIUS)
    props.setdefault("bg", FIELD_BG)
    props.setdefault("pad", (14, 0))
    return View("field", store=store, key=key, hint=hint, role="text_field", id=props.pop("id", key),
                text=str(store.get(key, "")), **props)


def editable_field(store: MutableMapping[str, Any], key: str, hint: str, focused: bool,
                   on_focus: Handler, underlay: View | None = None, **props: Any) -> View:
    """A text field that raises the keyboard when tapped (``on_focus``); focused and holding
    text, it shows a clear button ``<id>:clear`` at its trailing edge, as Material search and
    text fields do (the precise way to empty a field). ``underlay`` is drawn under the text,
    inside the field's padding (a selection's highlight). ``ScreenContext.field`` and the
    system surfaces' fields are built with it."""
    clearable = focused and bool(store.get(key))
    if not clearable and underlay is None:
        return text_field(store, key, hint, focused=focused, on_tap=on_focus, **props)
    outer = {k: props.pop(k) for k in ("w", "h", "flex") if k in props}
    outer.setdefault("h", 48)
    field_id = props.pop("id", key)
    left, top, right, bottom = _pad(props.pop("pad", (14, 0)))  # text_field's default pad
    right += 36 if clearable else 0
    layers: list[View] = []
    if underlay is not None:  # the field's background goes under the underlay
        outer.update(bg=props.get("bg", FIELD_BG), radius=props.get("radius", FIELD_RADIUS))
        props["bg"] = None
        layers.append(row(underlay, w=FILL, h=FILL, pad=(left, top, right, bottom)))
    layers.append(text_field(store, key, hint, focused=focused, w=FILL, h=FILL,
                             pad=(left, top, right, bottom), id=field_id, on_tap=on_focus,
                             **props))
    if clearable:
        clear = icon_button("circle-xmark", functools.partial(store.__setitem__, key, ""),
                            "Clear text", "#5F6368", size=16, gravity="center-right",
                            id=f"{field_id}:clear")
        layers.append(stack(clear, w=FILL, h=FILL, pad=(0, 0, 4, 0)))
    return stack(*layers, **outer)
