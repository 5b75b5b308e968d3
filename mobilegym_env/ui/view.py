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

from collections.abc import Callable, MutableMapping
from typing import Any

from . import theme as T
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
    color = T.ON_SURFACE
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
        if children:  # builders pass optional children as None: dropped here
            self.children = tuple(children) if None not in children else \
                tuple([c for c in children if c is not None])
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
def text(value: str, size: int = 14, weight: str = "regular", color: str = T.ON_SURFACE,
         **props: Any) -> View:
    """A run of text; ``max_lines=None`` wraps freely, the default is one ellipsized line.
    ``size`` follows the font size setting (``theme.font_scale``)."""
    props.setdefault("role", "text")
    return View("text", text=str(value), size=T.scaled(size), weight=weight, color=color,
                **props)


def icon(name: str, size: int = 20, color: str = T.ON_SURFACE_VARIANT, **props: Any) -> View:
    """A Material Symbols icon (``"wifi"``, ``"home"``, ``"star:fill"``...; see ``ui.icons``)."""
    return View("icon", icon=name, size=size, color=color, w=props.pop("w", size + 4),
                h=props.pop("h", size + 4), **props)


def spacer(w: int | None = None, h: int | None = None, flex: int = 1) -> View:
    """Empty space; with no size it absorbs the free space of its row or column."""
    return View("box", w=FILL if w is None else w, h=FILL if h is None else h, flex=flex)


def box(*children: View | None, **props: Any) -> View:
    """A plain container (a column), for backgrounds and padding."""
    return View("col", children, **props)


def divider(color: str = T.OUTLINE_VARIANT, inset: int = 0) -> View:
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


# ----- controls (Material 3, in controls.py; imported here last, as they build on the above)
from .controls import (  # noqa: E402
    BUTTON_STYLES,
    DISABLED,
    FIELD_BG,
    FIELD_RADIUS,
    button,
    checkbox,
    editable_field,
    icon_button,
    outlined,
    radio,
    slider,
    switch,
    text_field,
)

__all__ = ["BUTTON_STYLES", "DISABLED", "FIELD_BG", "FIELD_RADIUS", "FILL", "Handler", "Padding",
           "View", "box", "button", "checkbox", "col", "divider", "editable_field", "hscroll",
           "icon", "icon_button", "image", "outlined", "radio", "row", "scroll", "slider",
           "spacer", "stack", "switch", "text", "text_field"]
