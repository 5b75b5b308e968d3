"""Draws placed view nodes into a pygame Surface (which the renderer backs with a numpy array)."""

from __future__ import annotations

import functools

import numpy as np

from . import fonts, icons, pictures
from ._pygame import pygame
from .layout import Placed, text_lines
from .theme import ACCENT, OUTLINE, TEXT_HINT, rgb
from .view import View

_CONTAINERS = frozenset({"col", "row", "stack", "scroll", "box"})


@functools.lru_cache(maxsize=512)
def _alpha_rect(w: int, h: int, color: tuple[int, ...], radius: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, color, (0, 0, w, h), border_radius=radius)
    return surf


def _blend_rect(surface: pygame.Surface, c: tuple[int, ...], rect: pygame.Rect) -> None:
    """Alpha-blends a flat colour over a rect (scrims) with integer numpy arithmetic: ~10x
    faster than blitting a per-pixel-alpha surface onto the 24-bit frame."""
    area = rect.clip(surface.get_clip())
    if not area.w or not area.h:
        return
    a = c[3]
    pixels = pygame.surfarray.pixels3d(surface)
    region = pixels[area.left : area.right, area.top : area.bottom]
    mixed = region.astype(np.uint16)
    mixed *= 255 - a
    mixed += np.array(c[:3], np.uint16) * a + 127
    mixed //= 255
    region[...] = mixed
    del region, pixels  # unlock the surface


@functools.lru_cache(maxsize=512)
def _corners(radius: int, color: tuple[int, ...], under: tuple[int, ...]) -> tuple:
    """The four corner patches of a rounded rect of ``color`` drawn over ``under``."""
    size = radius * 2
    disc = pygame.Surface((size, size))
    disc.fill(under)
    pygame.draw.rect(disc, color, (0, 0, size, size), border_radius=radius)
    r = radius
    return tuple(disc.subsurface(rect).copy() for rect in
                 ((0, 0, r, r), (r, 0, r, r), (0, r, r, r), (r, r, r, r)))


def fill_rect(surface: pygame.Surface, color: str, rect: pygame.Rect, radius: int = 0,
              under: str | None = None) -> None:
    """Fills a (rounded) rect. Over a known opaque ``under`` colour, rounded corners are
    cached opaque patches instead of a per-call anti-aliasing-free path draw."""
    c = rgb(color)
    if len(c) == 4 and c[3] < 255:
        if not c[3]:
            return
        if radius:
            surface.blit(_alpha_rect(rect.w, rect.h, c, radius), rect.topleft)
        else:
            _blend_rect(surface, c, rect)
        return
    c = c[:3]
    radius = min(radius, rect.w // 2, rect.h // 2)
    if not radius:
        surface.fill(c, rect)
    elif under is not None:
        surface.fill(c, rect)
        tl, tr, bl, br = _corners(radius, c, rgb(under)[:3])
        surface.blit(tl, rect.topleft)
        surface.blit(tr, (rect.right - radius, rect.y))
        surface.blit(bl, (rect.x, rect.bottom - radius))
        surface.blit(br, (rect.right - radius, rect.bottom - radius))
    else:
        pygame.draw.rect(surface, c, rect, border_radius=radius)


def paint(surface: pygame.Surface, placed: list[Placed], scale: int = 1) -> None:
    """Paints nodes in order; each is clipped to its (scroll) clip rectangle."""
    s = scale
    current_clip = None
    layer_end, layer = -1, None
    for i, p in enumerate(placed):
        if i == layer_end and layer is not None:  # a reusable subtree was just painted
            _store_layer(surface, *layer)
            layer, current_clip = None, None
        v = p.view
        if v.reuse:
            nodes = len(v.__dict__["_layout"][1])
            key = (p.x, p.y, p.w, p.h, p.clip, p.under, s)
            cached = v.__dict__.get("_pixels")
            if cached is not None and cached[0] == key:
                surface.set_clip(None)
                current_clip = None
                surface.blit(cached[1], (p.x * s, p.y * s))
                layer_end = i + nodes  # skip the subtree's nodes
                layer = None
                continue
            layer_end, layer = i + nodes, (v, key, pygame.Rect(p.x * s, p.y * s, p.w * s,
                                                               p.h * s))
        elif i < layer_end and layer is None:
            continue  # inside a subtree blitted from cache
        kind = v.kind
        if kind in _CONTAINERS and v.bg is None and v.border is None:
            continue  # a container that draws nothing itself
        if p.clip != current_clip:
            cx0, cy0, cx1, cy1 = p.clip
            surface.set_clip(pygame.Rect(cx0 * s, cy0 * s, (cx1 - cx0) * s, (cy1 - cy0) * s))
            current_clip = p.clip
        rect = pygame.Rect(p.x * s, p.y * s, p.w * s, p.h * s)
        under = p.under
        if v.bg and (v.bg != under or v.radius):  # same colour beneath: nothing to paint
            fill_rect(surface, v.bg, rect, v.radius * s, under)
            under = v.bg if len(v.bg) == 7 else None
        if v.border:
            color, width = v.border
            pygame.draw.rect(surface, rgb(color)[:3], rect, width * s, border_radius=v.radius * s)
        if kind == "text":
            _text(surface, p, s, under)
        elif kind == "icon":
            _blit_center(surface, icons.icon_surface(v.icon, v.size * s, rgb(v.color),
                                                     rgb(under) if under else None), rect)
        elif kind == "field":
            _field(surface, p, rect, s)
        elif kind == "switch":
            _switch(surface, rect, bool(v.checked), s)
        elif kind in ("checkbox", "radio"):
            _check(surface, rect, bool(v.checked), kind == "radio", s)
        elif kind == "image":
            _image(surface, p, rect, s)
        elif kind == "picture" and v.picture is not None:
            picture = v.picture() if callable(v.picture) else v.picture
            surface.blit(_scaled(picture, rect.w, rect.h), rect.topleft)
    if layer_end == len(placed) and layer is not None:
        _store_layer(surface, *layer)
    surface.set_clip(None)


def _store_layer(surface: pygame.Surface, v: View, key: tuple, rect: pygame.Rect) -> None:
    surface.set_clip(None)
    v.__dict__["_pixels"] = (key, surface.subsurface(rect).copy())


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
    for i, line in enumerate(lines):
        if not line:
            continue
        img = fonts.text_surface(line, v.size * s, v.weight, color, bg)
        width = img.get_width()
        avail = (p.w - pl - pr) * s
        x = (p.x + pl) * s
        if v.text_align == "center":
            x += (avail - width) // 2
        elif v.text_align == "right":
            x += avail - width
        surface.blit(img, (x, (top + i * line_h) * s))


def _field(surface: pygame.Surface, p: Placed, rect: pygame.Rect, s: int) -> None:
    v = p.view
    pl, _, pr, _ = v.pad
    value = v.text
    shown = "•" * len(value) if v.secret else value
    size = v.size if v.size != 14 else 15
    avail = p.w - pl - pr
    if v.focused:
        pygame.draw.rect(surface, rgb(ACCENT), rect, 2 * s, border_radius=v.radius * s)
    label = shown if shown else v.hint
    color = rgb(v.color) if shown else rgb(TEXT_HINT)
    if label:
        if shown:  # keep the end of long input visible, as a real field scrolls to the caret
            label = fonts.fitting_tail(label, size, "regular", avail - 4)
        img = fonts.text_surface(label, size * s, "regular", color)
        y = rect.y + (rect.h - img.get_height()) // 2
        surface.blit(img, ((p.x + pl) * s, y))
    if v.focused:
        caret_x = p.x + pl + (min(fonts.text_size(label, size)[0], avail - 2) if shown else 0)
        line_h = fonts.text_size("Ag", size)[1]
        y0 = p.y + (p.h - line_h) // 2
        pygame.draw.rect(surface, rgb(ACCENT), (caret_x * s, y0 * s, 2 * s, line_h * s))


def _switch(surface: pygame.Surface, rect: pygame.Rect, on: bool, s: int) -> None:
    track = rgb(ACCENT) if on else rgb("#BDC1C6")
    pygame.draw.rect(surface, track, rect, border_radius=rect.h // 2)
    r = rect.h // 2 - 3 * s
    cx = rect.right - rect.h // 2 if on else rect.x + rect.h // 2
    pygame.draw.circle(surface, (255, 255, 255), (cx, rect.centery), r)


def _check(surface: pygame.Surface, rect: pygame.Rect, on: bool, round_: bool, s: int) -> None:
    color = rgb(ACCENT) if on else rgb(OUTLINE)
    if round_:
        pygame.draw.circle(surface, color, rect.center, rect.w // 2, 2 * s)
        if on:
            pygame.draw.circle(surface, color, rect.center, rect.w // 2 - 5 * s)
        return
    if on:
        pygame.draw.rect(surface, color, rect, border_radius=4 * s)
        _blit_center(surface, icons.icon_surface("check", 14 * s, (255, 255, 255)), rect)
    else:
        pygame.draw.rect(surface, color, rect, 2 * s, border_radius=4 * s)


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
