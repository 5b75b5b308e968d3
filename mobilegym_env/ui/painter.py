"""Draws placed view nodes into a pygame Surface (which the renderer backs with a numpy array).

Backgrounds, borders and clips are anti-aliased shapes (``shapes.py``); text is drawn by
``fonts.text_surface`` at the frame's scale with the positions layout measured. A kind of
node can be given its own painter with :func:`register`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

from . import fonts, icons, pictures, retain
from ._pygame import pygame
from .layout import Placed, field_font, field_lines, field_top, text_lines
from .selection import HIGHLIGHT
from .shapes import CornerClip, fill_circle, fill_rect, stroke_circle, stroke_rect
from .theme import ACCENT, OUTLINE, TEXT_HINT, rgb
from .view import View

__all__ = ["PAINTERS", "fill_rect", "paint", "pixel_slot", "register", "stroke_rect"]

_CONTAINERS = frozenset({"col", "row", "stack", "scroll", "box"})
# kind -> fn(surface, placed node, device rect, scale, opaque colour beneath or None)
Painter = Callable[[pygame.Surface, Placed, pygame.Rect, int, "str | None"], None]
PAINTERS: dict[str, Painter] = {}


def register(kind: str, fn: Painter) -> None:
    """Paints nodes of ``kind`` with ``fn`` (after their background and border), in place of
    the built-in look of that kind if it has one. ``fn`` draws in device pixels (logical
    times the scale), with ``shapes`` for anything round."""
    if not callable(fn):
        raise TypeError(f"painter for {kind!r} must be callable, got {fn!r}")
    PAINTERS[kind] = fn


def paint(surface: pygame.Surface, placed: list[Placed], scale: int = 1,
          dark: bool = False, keep: bool = True) -> None:
    """Paints nodes in order; each is clipped to its (scroll) clip rectangle, and the
    subtree of a node with ``clip`` (and a picture with a radius) to its rounded outline.

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


def _paint(surface: pygame.Surface, placed: list[Placed], scale: int, dark: bool,
           keep: bool) -> None:
    s = scale
    slot = pixel_slot(surface, dark, s)
    current_clip = None
    skip_to = 0  # nodes before it belong to a subtree blitted from its cached pixels
    # subtrees still being painted, innermost last: (index after the subtree, what closes it:
    # a rounded clip to put back, or a retained subtree's pixels to keep)
    closing: list[tuple[int, CornerClip | _Layer]] = []
    for i, p in enumerate(placed):
        while closing and closing[-1][0] <= i:
            _close(surface, closing.pop()[1], slot)
            current_clip = None
        if i < skip_to:
            continue
        v = p.view
        if keep and v.reuse and p.nodes > 1 and _cacheable(p):
            owner = v.__dict__.get("_origin", v)
            key = (p.w, p.h, p.under)  # wherever it is: a list row keeps them when scrolled
            cached = owner.__dict__.get("_pixels", {}).get(slot)
            if cached is not None and cached[0] == key:
                surface.set_clip(None)
                current_clip = None
                surface.blit(cached[1], (p.x * s, p.y * s))
                retain.touch_pixels(owner, slot)
                skip_to = i + p.nodes
                continue
            area = pygame.Rect(p.x * s, p.y * s, p.w * s, p.h * s)
            closing.append((i + p.nodes, _Layer(owner, key, area)))
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
        if p.clip != current_clip:
            cx0, cy0, cx1, cy1 = p.clip
            surface.set_clip(pygame.Rect(cx0 * s, cy0 * s, (cx1 - cx0) * s, (cy1 - cy0) * s))
            current_clip = p.clip
        rect = pygame.Rect(p.x * s, p.y * s, p.w * s, p.h * s)
        under = p.under
        if clips:
            closing.append((i + p.nodes, CornerClip(surface, rect, v.radius * s, under)))
        if v.bg and (v.bg != under or v.radius):  # same colour beneath: nothing to paint
            fill_rect(surface, v.bg, rect, v.radius * s, under)
            under = v.bg if len(v.bg) == 7 else None
        if v.border:
            color, width = v.border
            stroke_rect(surface, color, rect, width * s, v.radius * s)
        custom = PAINTERS.get(kind)
        if custom is not None:
            custom(surface, p, rect, s, under)
        elif kind == "text":
            _text(surface, p, s, under)
        elif kind == "icon":
            _blit_center(surface, icons.icon_surface(v.icon, v.size * s, rgb(v.color),
                                                     rgb(under) if under else None), rect)
        elif kind == "field":
            _field(surface, p, rect, s, under)
        elif kind == "switch":
            _switch(surface, rect, bool(v.checked), s)
        elif kind in ("checkbox", "radio"):
            _check(surface, rect, bool(v.checked), kind == "radio", s)
        elif kind == "image":
            _image(surface, p, rect, s)
        elif kind == "picture" and v.picture is not None:
            picture = v.picture() if callable(v.picture) else v.picture
            if picture.get_size() != rect.size:  # Recents thumbnails come pre-scaled
                picture = _scaled(picture, rect.w, rect.h)
            surface.blit(picture, rect.topleft)
    while closing:
        _close(surface, closing.pop()[1], slot)
    surface.set_clip(None)


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


def _close(surface: pygame.Surface, what: CornerClip | _Layer, slot: tuple) -> None:
    surface.set_clip(None)
    if isinstance(what, CornerClip):
        # puts back what lies beyond a clipping node's rounded corners (within its clip)
        surface.set_clip(what.bounds)
        what.apply(surface)
        return
    retain.keep_pixels(what.owner, slot, what.key, surface.subsurface(what.area).copy())


def _blit_center(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(img, (rect.x + (rect.w - img.get_width()) // 2,
                       rect.y + (rect.h - img.get_height()) // 2))


def _text(surface: pygame.Surface, p: Placed, s: int, under: str | None) -> None:
    v = p.view
    pl, pt, pr, pb = v.pad
    lines = text_lines(v, p.w - pl - pr)
    line_h = fonts.text_size("Ag", v.size, v.weight)[1]
    block = line_h * len(lines)
    top = p.y + pt + max((p.h - pt - pb - block) // 2, 0)
    color = rgb(v.color)
    bg = rgb(under) if under else None
    # bottom line first: a descender's tail (a run may be a row taller than its line) then
    # lies over the blank top of the next line's run, never under it
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if not line:
            continue
        img = fonts.text_surface(line, v.size, v.weight, color, bg, s)
        width = img.get_width()
        avail = (p.w - pl - pr) * s
        x = (p.x + pl) * s
        if v.text_align == "center":
            x += (avail - width) // 2
        elif v.text_align == "right":
            x += avail - width
        surface.blit(img, (x, (top + i * line_h) * s))


def _field(surface: pygame.Surface, p: Placed, rect: pygame.Rect, s: int,
           under: str | None) -> None:
    """A field's text (or hint) and, focused, its outline and the caret after the text.

    One line is centred vertically; a multi-line field's lines start at the top and, when
    more than fit, the last ones show (the caret is at the end)."""
    v = p.view
    pl, pt, pr, pb = v.pad
    size = field_font(v)
    avail = p.w - pl - pr
    # a field with a border draws its own focused edge (its colour, themed, is the caret's)
    accent = v.border[0] if v.border else ACCENT
    if v.focused and not v.border:
        stroke_rect(surface, ACCENT, rect, 2 * s, v.radius * s)
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
    x0 = (p.x + pl) * s
    if v.selected and v.text and v.max_lines != 1:
        # a multi-line field's selection (all of its text) is marked line by line here;
        # a one-line field's is an underlay the screen builds (ui/selection.py)
        bg = rgb(HIGHLIGHT)
        for i, line in enumerate(lines):
            width = max(fonts.advance(line, size, "regular", s), 4 * s)
            surface.fill(bg[:3], (x0, (top + i * line_h) * s, width, line_h * s))
    for i in range(len(lines) - 1, -1, -1):  # bottom first, as in _text
        if lines[i]:
            img = fonts.text_surface(lines[i], size, "regular", color, bg, s)
            surface.blit(img, (x0, (top + i * line_h) * s))
    if v.focused:
        end = fonts.advance(lines[-1], size, "regular", s) if v.text else 0
        caret_x = x0 + min(end, (avail - 2) * s)
        y = (top + (len(lines) - 1) * line_h) * s if v.text else top * s
        surface.fill(rgb(accent)[:3], (caret_x, y, 2 * s, line_h * s))


def _switch(surface: pygame.Surface, rect: pygame.Rect, on: bool, s: int) -> None:
    fill_rect(surface, ACCENT if on else "#BDC1C6", rect, rect.h // 2)
    r = rect.h // 2 - 3 * s
    cx = rect.right - rect.h // 2 if on else rect.x + rect.h // 2
    fill_circle(surface, "#FFFFFF", (cx, rect.centery), r)


def _check(surface: pygame.Surface, rect: pygame.Rect, on: bool, round_: bool, s: int) -> None:
    color = ACCENT if on else OUTLINE
    if round_:
        r = rect.w // 2
        stroke_circle(surface, color, rect.center, r, 2 * s)
        if on:
            fill_circle(surface, color, rect.center, r - 5 * s)
        return
    if on:
        fill_rect(surface, color, rect, 4 * s)
        _blit_center(surface, icons.icon_surface("check", 14 * s, (255, 255, 255)), rect)
    else:
        stroke_rect(surface, color, rect, 2 * s, 4 * s)


@functools.lru_cache(maxsize=8)
def _scaled(picture: pygame.Surface, w: int, h: int) -> pygame.Surface:
    return pygame.transform.smoothscale(picture, (w, h))


def _image(surface: pygame.Surface, p: Placed, rect: pygame.Rect, s: int) -> None:
    """A photo (``ui.pictures``): its corners pre-blended over the colour beneath when known."""
    v = p.view
    photo = v.picture if isinstance(v.picture, pictures.Photo) else \
        pictures.Photo(pictures.photo_key(v.label or ""))
    under = v.bg or p.under
    pictures.draw(surface, rect, photo, v.radius * s,
                  rgb(under)[:3] if under and len(under) == 7 else None)
