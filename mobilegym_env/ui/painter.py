"""Draws placed view nodes into a pygame Surface (which the renderer backs with a numpy array).

Backgrounds, borders and clips are anti-aliased shapes (``shapes.py``); text is drawn by
``fonts.text_surface`` at the frame's scale with the positions layout measured. A kind of
node can be given its own painter with :func:`register`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from . import fonts, icons, pictures, retain
from ._pygame import pygame
from .layout import Placed, field_font, field_lines, field_top, text_lines
from .retain import scale_ratio
from .selection import HIGHLIGHT
from .shapes import CornerClip, fill_circle, fill_rect, stroke_circle, stroke_rect
from .theme import ACCENT, OUTLINE, TEXT_HINT, rgb
from .view import View

__all__ = ["PAINTERS", "Scale", "device_rect", "fill_rect", "paint", "pixel_slot", "reduced",
           "register", "scale_ratio", "stroke_rect"]

_CONTAINERS = frozenset({"col", "row", "stack", "scroll", "box"})
# device pixels per logical pixel: a whole number, or 1/k (a small frame drawn for obs_size)
Scale = int | Fraction
# kind -> fn(surface, placed node, device rect, scale, opaque colour beneath or None)
Painter = Callable[[pygame.Surface, Placed, pygame.Rect, Scale, "str | None"], None]
PAINTERS: dict[str, Painter] = {}


def register(kind: str, fn: Painter) -> None:
    """Paints nodes of ``kind`` with ``fn`` (after their background and border), in place of
    the built-in look of that kind if it has one. ``fn`` draws in device pixels (logical
    times the scale, rounded down: the scale is a ``Fraction`` 1/k in a small frame), with
    ``shapes`` for anything round."""
    if not callable(fn):
        raise TypeError(f"painter for {kind!r} must be callable, got {fn!r}")
    PAINTERS[kind] = fn


def paint(surface: pygame.Surface, placed: list[Placed], scale: Scale = 1,
          dark: bool = False, keep: bool = True) -> None:
    """Paints nodes in order; each is clipped to its (scroll) clip rectangle, and the
    subtree of a node with ``clip`` (and a picture with a radius) to its rounded outline.

    ``scale`` is the device pixels per logical pixel: a whole number (a frame), or a
    ``Fraction`` 1/k (a small frame: logical positions map to ``x // k``, so boxes that meet
    still meet, and sizes round down, though never a stroke to nothing).

    A retained subtree (``reuse``) wholly in view over a known background is blitted from
    the pixels kept from the last time it was painted at the same size, over the same colour,
    in the same theme (``dark``) and scale; ``keep=False`` (an offscreen picture drawn once)
    neither uses nor keeps such pixels. Kept pixels beyond the process's budget are dropped
    once the outermost paint is done (a Recents card's thumbnail is painted within the
    frame's), so a paint never loses pixels a frame being painted relies on."""
    _depth[0] += 1
    try:
        _paint(surface, placed, scale, dark, keep)
    finally:
        _depth[0] -= 1
        if not _depth[0]:
            retain.trim()


_depth = [0]  # paints in progress (a thumbnail's inside the frame's)


def _paint(surface: pygame.Surface, placed: list[Placed], scale: Scale, dark: bool,
           keep: bool) -> None:
    s = scale
    n, d = scale_ratio(s)  # device pixels are logical ones times n, divided by d (rounded down)
    slot = pixel_slot(surface, dark, s)
    current_clip = current_bound = None
    skip_to = 0  # nodes before it belong to a subtree blitted from its cached pixels
    # subtrees still being painted, innermost last: (index after the subtree, what closes it:
    # a rounded clip to put back, or a retained subtree's pixels to keep)
    closing: list[tuple[int, CornerClip | _Layer]] = []
    # the boxes of the retained subtrees being painted, innermost last: what they paint is
    # clipped to them (a descender hanging below its row is not kept, so not shown either)
    bounds: list[pygame.Rect] = []
    bound = None
    for i, p in enumerate(placed):
        while closing and closing[-1][0] <= i:
            if isinstance(_close(surface, closing.pop()[1], slot), _Layer):
                bounds.pop()
                bound = bounds[-1] if bounds else None
            current_clip = None
        if i < skip_to:
            continue
        v = p.view
        if keep and v.reuse and p.nodes > 1 and _cacheable(p):
            owner = v.__dict__.get("_origin", v)
            key = retain.pixel_key(p, p.under, d)  # kept wherever it is: a row scrolled too
            cached = owner.__dict__.get("_pixels", {}).get(slot)
            if cached is not None and cached[0] == key:
                surface.set_clip(None)
                current_clip = None
                surface.blit(cached[1], (p.x * n // d, p.y * n // d))
                retain.touch_pixels(owner, slot)
                skip_to = i + p.nodes
                continue
            area = device_rect(p.x, p.y, p.w, p.h, n, d)
            closing.append((i + p.nodes, _Layer(owner, key, area)))
            bounds.append(area)
            bound = area
            if p.under is not None:
                # the colour it is kept over, laid first: what an earlier sibling overflowed
                # into its box (a squeezed text's glyphs) is neither kept nor shown in one frame
                # and not the next, so a fresh paint gives the pixels a later blit does
                surface.set_clip(None)
                current_clip = None
                surface.fill(rgb(p.under)[:3], area)
        kind = v.kind
        clips = v.radius and (v.clip or kind == "picture")
        if kind in _CONTAINERS and v.bg is None and v.border is None and not clips:
            continue  # a container that draws nothing itself
        if p.clip != current_clip or bound is not current_bound:
            cx0, cy0, cx1, cy1 = p.clip  # (device_rect inlined for whole scales: per node)
            box = pygame.Rect(cx0 * n, cy0 * n, (cx1 - cx0) * n, (cy1 - cy0) * n) if d == 1 \
                else device_rect(cx0, cy0, cx1 - cx0, cy1 - cy0, n, d)
            surface.set_clip(box if bound is None else box.clip(bound))
            current_clip, current_bound = p.clip, bound
        rect = pygame.Rect(p.x * n, p.y * n, p.w * n, p.h * n) if d == 1 else \
            device_rect(p.x, p.y, p.w, p.h, n, d)
        under = p.under
        radius = v.radius * n // d if v.radius else 0
        if clips:
            closing.append((i + p.nodes, CornerClip(surface, rect, radius, under)))
        if v.bg and (v.bg != under or v.radius):  # same colour beneath: nothing to paint
            fill_rect(surface, v.bg, rect, radius, under)
            under = v.bg if len(v.bg) == 7 else None
        if v.border:
            color, width = v.border
            stroke_rect(surface, color, rect, _stroke(width, n, d), radius)
        custom = PAINTERS.get(kind)
        if custom is not None:
            custom(surface, p, rect, s, under)
        elif kind == "text":
            _text(surface, p, s, under)
        elif kind == "icon":
            _blit_center(surface, icons.icon_surface(v.icon, max(v.size * n // d, 1),
                                                     rgb(v.color),
                                                     rgb(under) if under else None), rect)
        elif kind == "field":
            _field(surface, p, rect, s, under)
        elif kind == "switch":
            _switch(surface, rect, bool(v.checked), s)
        elif kind in ("checkbox", "radio"):
            _check(surface, rect, bool(v.checked), kind == "radio", s)
        elif kind == "image":
            _image(surface, p, rect, radius)
        elif kind == "picture" and v.picture is not None:
            picture = v.picture() if callable(v.picture) else v.picture
            if picture.get_size() != rect.size:  # Recents thumbnails come pre-scaled
                picture = _scaled(picture, rect.w, rect.h)
            surface.blit(picture, rect.topleft)
    while closing:
        _close(surface, closing.pop()[1], slot)
    surface.set_clip(None)


class _Reduced(Fraction):
    """1/k: a small frame's scale, which every cache lookup of its paint hashes (in its pixel
    slot, text and thumbnail keys). ``Fraction`` computes its hash anew each time, in
    Python; this one keeps it, and ``reduced`` makes one per k, so keys compare by identity."""

    __slots__ = ("_hash",)

    def __new__(cls, k: int) -> _Reduced:
        self = super().__new__(cls, 1, k)
        self._hash = Fraction.__hash__(self)
        return self

    def __hash__(self) -> int:
        return self._hash


@functools.cache
def reduced(k: int) -> Fraction:
    """The scale 1/``k`` (the same object for every call with ``k``)."""
    return _Reduced(k)


def device_rect(x: int, y: int, w: int, h: int, n: int, d: int = 1) -> pygame.Rect:
    """A logical box in device pixels at scale n / d: its edges rounded down, so boxes that
    meet in logical pixels meet in device pixels too."""
    x0, y0 = x * n // d, y * n // d
    return pygame.Rect(x0, y0, (x + w) * n // d - x0, (y + h) * n // d - y0)


def _stroke(width: int, n: int, d: int) -> int:
    """A line's width in device pixels: scaled and rounded down, but never to nothing."""
    return max(width * n // d, 1) if width > 0 else 0


def pixel_slot(surface: pygame.Surface, dark: bool, scale: int) -> tuple:
    """Which of a retained node's kept pictures a paint onto ``surface`` uses: one per theme,
    scale and pixel format (blending rounds differently in another format, so pixels kept
    from an offscreen picture would not be those the frame itself paints)."""
    return (dark, scale, surface.get_bitsize(), surface.get_masks())


class _Layer(NamedTuple):
    """A retained subtree being painted: its pixels are kept when it is done."""

    owner: View  # the node the pixels are kept on (the light one of a dark-theme copy)
    key: tuple  # its size and the colour beneath
    area: pygame.Rect  # its box, in device pixels


def _cacheable(p: Placed) -> bool:
    """Whether a subtree's pixels can be kept: it is wholly in view (a row cut by its list's
    edge is painted as usual), and they depend only on itself (it is opaque, or what is
    beneath it is one known colour)."""
    bg = p.view.bg
    cx0, cy0, cx1, cy1 = p.clip
    return cx0 <= p.x and cy0 <= p.y and p.x + p.w <= cx1 and p.y + p.h <= cy1 and (
        p.under is not None or (bg is not None and len(bg) == 7 and not p.view.radius))


def _close(surface: pygame.Surface, what: CornerClip | _Layer, slot: tuple
           ) -> CornerClip | _Layer:
    """Ends a subtree: puts back what lies beyond a clipping node's rounded corners, or keeps
    a retained subtree's pixels. Returns ``what``."""
    surface.set_clip(None)
    if isinstance(what, CornerClip):
        # within the clip the shape was painted in
        surface.set_clip(what.bounds)
        what.apply(surface)
        return what
    retain.keep_pixels(what.owner, slot, what.key, surface.subsurface(what.area).copy())
    return what


def _blit_center(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(img, (rect.x + (rect.w - img.get_width()) // 2,
                       rect.y + (rect.h - img.get_height()) // 2))


def _text(surface: pygame.Surface, p: Placed, s: Scale, under: str | None) -> None:
    v = p.view
    n, d = scale_ratio(s)
    pl, pt, pr, pb = v.pad
    lines = text_lines(v, p.w - pl - pr)
    line_h = fonts.text_size("Ag", v.size, v.weight)[1]
    block = line_h * len(lines)
    top = p.y + pt + max((p.h - pt - pb - block) // 2, 0)
    color = rgb(v.color)
    bg = rgb(under) if under else None
    x0 = (p.x + pl) * n // d
    avail = (p.x + p.w - pr) * n // d - x0
    # bottom line first: a descender's tail (a run may be a row taller than its line) then
    # lies over the blank top of the next line's run, never under it
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if not line:
            continue
        img = fonts.text_surface(line, v.size, v.weight, color, bg, s)
        x = x0
        if v.text_align == "center":
            x += (avail - img.get_width()) // 2
        elif v.text_align == "right":
            x += avail - img.get_width()
        surface.blit(img, (x, (top + i * line_h) * n // d))


def _field(surface: pygame.Surface, p: Placed, rect: pygame.Rect, s: Scale,
           under: str | None) -> None:
    """A field's text (or hint) and, focused, its outline and the caret after the text.

    One line is centred vertically; a multi-line field's lines start at the top and, when
    more than fit, the last ones show (the caret is at the end)."""
    v = p.view
    n, d = scale_ratio(s)
    pl, pt, pr, pb = v.pad
    size = field_font(v)
    avail = p.w - pl - pr
    # a field with a border draws its own focused edge (its colour, themed, is the caret's)
    accent = v.border[0] if v.border else ACCENT
    if v.focused and not v.border:
        stroke_rect(surface, ACCENT, rect, _stroke(2, n, d), v.radius * n // d)
    lines = field_lines(v, avail)
    line_h = fonts.text_size("Ag", size)[1]
    if v.max_lines == 1:
        top = p.y + (p.h - line_h) // 2
    else:
        top = p.y + field_top(v)
        fit = max((p.h - (top - p.y) - (pb or top - p.y)) // line_h, 1)
        lines = lines[-fit:]
    color = rgb(v.color) if v.text else rgb(TEXT_HINT)
    bg = rgb(under) if under else None
    x0 = (p.x + pl) * n // d
    if v.selected and v.text and v.max_lines != 1:
        # a multi-line field's selection (all of its text) is marked line by line here;
        # a one-line field's is an underlay the screen builds (ui/selection.py)
        bg = rgb(HIGHLIGHT)
        for i, line in enumerate(lines):
            width = max(fonts.advance(line, size, "regular", s), 4 * n // d)
            band = device_rect(0, top + i * line_h, 0, line_h, n, d)
            surface.fill(bg[:3], (x0, band.y, width, band.h))
    for i in range(len(lines) - 1, -1, -1):  # bottom first, as in _text
        if lines[i]:
            img = fonts.text_surface(lines[i], size, "regular", color, bg, s)
            surface.blit(img, (x0, (top + i * line_h) * n // d))
    if v.focused:
        end = fonts.advance(lines[-1], size, "regular", s) if v.text else 0
        caret_x = x0 + min(end, (avail - 2) * n // d)
        caret = device_rect(0, top + (len(lines) - 1) * line_h if v.text else top, 0, line_h,
                            n, d)
        surface.fill(rgb(accent)[:3], (caret_x, caret.y, _stroke(2, n, d), caret.h))


def _switch(surface: pygame.Surface, rect: pygame.Rect, on: bool, s: Scale) -> None:
    n, d = scale_ratio(s)
    fill_rect(surface, ACCENT if on else "#BDC1C6", rect, rect.h // 2)
    r = rect.h // 2 - 3 * n // d
    cx = rect.right - rect.h // 2 if on else rect.x + rect.h // 2
    fill_circle(surface, "#FFFFFF", (cx, rect.centery), r)


def _check(surface: pygame.Surface, rect: pygame.Rect, on: bool, round_: bool,
           s: Scale) -> None:
    n, d = scale_ratio(s)
    color = ACCENT if on else OUTLINE
    if round_:
        r = rect.w // 2
        stroke_circle(surface, color, rect.center, r, _stroke(2, n, d))
        if on:
            fill_circle(surface, color, rect.center, r - 5 * n // d)
        return
    if on:
        fill_rect(surface, color, rect, 4 * n // d)
        _blit_center(surface, icons.icon_surface("check", max(14 * n // d, 1), (255, 255, 255)),
                     rect)
    else:
        stroke_rect(surface, color, rect, _stroke(2, n, d), 4 * n // d)


@functools.lru_cache(maxsize=8)
def _scaled(picture: pygame.Surface, w: int, h: int) -> pygame.Surface:
    return pygame.transform.smoothscale(picture, (w, h))


def _image(surface: pygame.Surface, p: Placed, rect: pygame.Rect, radius: int) -> None:
    """A photo (``ui.pictures``): its corners pre-blended over the colour beneath when known."""
    v = p.view
    photo = v.picture if isinstance(v.picture, pictures.Photo) else \
        pictures.Photo(pictures.photo_key(v.label or ""))
    under = v.bg or p.under
    pictures.draw(surface, rect, photo, radius,
                  rgb(under)[:3] if under and len(under) == 7 else None)
