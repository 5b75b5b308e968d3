"""Anti-aliased shapes: rounded rectangles, pills, circles, their outlines, rounded clipping.

A rounded shape is a solid middle plus four corner patches. A corner's coverage mask (how
much of each pixel lies inside the quarter circle) is supersampled once per radius and
cached, and so are the patches made from it (per colour, and per colour beneath when that is
known), so an anti-aliased shape costs a few fills and four small blits. Everything takes
device pixels (logical sizes times the scale); colours are ``"#RRGGBB"`` or ``"#RRGGBBAA"``.

This is the public primitive for drawing shapes: the painter uses it for every view's
background, border and clip, and custom painters (``painter.register``) should too.
"""

from __future__ import annotations

import functools

import numpy as np

from ._pygame import pygame
from .theme import rgb

_SUB = 4  # samples per pixel side when measuring coverage
_SMALL = 128 * 128  # translucent shapes up to this area are cached whole
Rect = pygame.Rect


@functools.lru_cache(maxsize=256)
def _quarter(radius: int, inner: int = 0) -> np.ndarray:
    """(radius, radius) coverage 0..255 of a top-left corner: the quarter disc of
    ``radius`` centred on the patch's bottom-right point, minus the concentric disc of
    ``radius - inner`` when ``inner`` (a stroke's width) is given."""
    steps = (np.arange(radius * _SUB) + 0.5) / _SUB - radius
    d2 = steps[None, :] ** 2 + steps[:, None] ** 2
    inside = d2 <= radius * radius
    if inner and inner < radius:
        inside &= d2 > (radius - inner) ** 2
    cov = inside.reshape(radius, _SUB, radius, _SUB).sum(axis=(1, 3))
    return (cov * 255 + _SUB * _SUB // 2) // (_SUB * _SUB)


def _orient(mask: np.ndarray, corner: int) -> np.ndarray:
    """The top-left mask turned into corner 0 tl, 1 tr, 2 bl, 3 br."""
    if corner & 1:
        mask = mask[:, ::-1]
    if corner & 2:
        mask = mask[::-1, :]
    return mask


@functools.lru_cache(maxsize=512)  # bounded: ~25 MB of 2x patches at most
def _patches(radius: int, color: tuple[int, ...], under: tuple[int, ...] | None,
             inner: int = 0, outside: bool = False) -> tuple[pygame.Surface, ...]:
    """The four corner patches of ``color``: opaque, pre-blended over ``under`` when it is
    known, else with per-pixel alpha. ``outside`` paints the part beyond the arc instead
    (what rounds off a clipped container's corners)."""
    alpha = color[3] if len(color) == 4 else 255
    out = []
    for corner in range(4):
        cov = _orient(_quarter(radius, inner), corner).T  # surfarray arrays are (x, y)
        if outside:
            cov = 255 - cov
        cov = cov * alpha // 255
        if under is not None:
            patch = pygame.Surface((radius, radius))
            px = pygame.surfarray.pixels3d(patch)
            for ch in range(3):
                px[..., ch] = (under[ch] * (255 - cov) + color[ch] * cov + 127) // 255
        else:
            patch = pygame.Surface((radius, radius), pygame.SRCALPHA)
            patch.fill(color[:3])
            px = pygame.surfarray.pixels_alpha(patch)
            px[...] = cov
        del px  # unlock the surface
        out.append(patch)
    return tuple(out)


def _corner_origins(rect: Rect, r: int) -> tuple[tuple[int, int], ...]:
    return ((rect.x, rect.y), (rect.right - r, rect.y), (rect.x, rect.bottom - r),
            (rect.right - r, rect.bottom - r))


def _blit_corners(surface: pygame.Surface, patches: tuple[pygame.Surface, ...], rect: Rect,
                  r: int) -> None:
    x1, y1 = rect.right - r, rect.bottom - r
    tl, tr, bl, br = patches
    surface.blit(tl, (rect.x, rect.y))
    surface.blit(tr, (x1, rect.y))
    surface.blit(bl, (rect.x, y1))
    surface.blit(br, (x1, y1))


@functools.lru_cache(maxsize=256)  # at most 16 MB
def _translucent(w: int, h: int, color: tuple[int, ...], r: int) -> pygame.Surface:
    """A whole translucent rounded rect as one per-pixel-alpha surface (small ones: the
    tinted circles behind icons, a toast's pill)."""
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    shape.fill(color)
    for patch, origin in zip(_patches(r, color, None), _corner_origins(Rect(0, 0, w, h), r),
                             strict=True):
        shape.blit(patch, origin, special_flags=pygame.BLEND_RGBA_MIN)
    return shape


@functools.lru_cache(maxsize=512)  # at most 512 * 128 * 128 * 4 bytes (32 MB), mostly far less
def _opaque(w: int, h: int, color: tuple[int, ...], under: tuple[int, ...], r: int,
            fmt: tuple[int, tuple[int, ...]]) -> pygame.Surface:
    """A whole opaque rounded rect over a known colour (chips, buttons, avatars), in the
    frame's pixel format ``fmt`` (bit size, masks)."""
    shape = pygame.Surface((w, h), 0, fmt[0], fmt[1])
    shape.fill(color)
    _blit_corners(shape, _patches(r, color, under), Rect(0, 0, w, h), r)
    return shape


def corner_radius(rect: Rect, radius: int) -> int:
    """``radius`` limited to half the shorter side (a larger radius makes a pill)."""
    return max(min(radius, rect.w // 2, rect.h // 2), 0)


def blend_rect(surface: pygame.Surface, color: tuple[int, ...], rect: Rect) -> None:
    """Alpha-blends a flat RGBA colour over a rect (scrims) with integer numpy arithmetic:
    ~10x faster than blitting a per-pixel-alpha surface onto the 24-bit frame.

    The rect's rows are blended as flat runs of bytes with the colour tiled along them: numpy
    broadcasting a 3-channel colour runs loops of 3 elements (a full-screen scrim took 2.3 ms
    that way, 0.5 ms this way, the same pixels)."""
    area = rect.clip(surface.get_clip())
    if not area.w or not area.h:
        return
    a = color[3]
    pixels = pygame.surfarray.pixels3d(surface)
    region = pixels[area.left : area.right, area.top : area.bottom].transpose(1, 0, 2)
    if region.strides[1:] == (3, 1):  # each row's pixels are contiguous: a view as bytes
        rows = region.reshape(area.h, area.w * 3)
        add = np.tile(np.array(color[:3], np.uint16) * a + 127, area.w)
    else:  # a surface of another layout
        rows, add = region, np.array(color[:3], np.uint16) * a + 127
    mixed = rows.astype(np.uint16)
    mixed *= 255 - a
    mixed += add
    mixed //= 255
    rows[...] = mixed
    del region, rows, pixels  # unlock the surface


def _fill(surface: pygame.Surface, color: tuple[int, ...], rect: Rect) -> None:
    """``surface.fill`` of the rect's part on the surface: pygame fills a rect that starts
    above or left of the surface from its edge with the rect's full size (a card scrolled
    half off the top of the screen would be painted as far below its bottom as it sticks
    out above)."""
    surface.fill(color, rect.clip(surface.get_rect()))


def fill_rect(surface: pygame.Surface, color: str, rect: Rect, radius: int = 0,
              under: str | None = None) -> None:
    """Fills a rect, with anti-aliased corners of ``radius`` (a pill or a circle when the
    radius reaches half the side). ``under``, the opaque colour known to be beneath, lets
    the corners be opaque patches (the fastest blit); translucent colours blend."""
    c = rgb(color)
    translucent = len(c) == 4 and c[3] < 255
    if translucent and not c[3]:
        return
    r = corner_radius(rect, radius)
    if not r:
        if translucent:
            blend_rect(surface, c, rect)
        else:
            _fill(surface, c[:3], rect)
        return
    if translucent:
        if rect.w * rect.h <= _SMALL:
            surface.blit(_translucent(rect.w, rect.h, c, r), rect.topleft)
            return
        for part in (Rect(rect.x + r, rect.y, rect.w - 2 * r, rect.h),
                     Rect(rect.x, rect.y + r, r, rect.h - 2 * r),
                     Rect(rect.right - r, rect.y + r, r, rect.h - 2 * r)):
            blend_rect(surface, c, part)
        _blit_corners(surface, _patches(r, c, None), rect, r)
        return
    c = c[:3]
    if under is not None:  # opaque corner patches go over a plain fill
        if rect.w * rect.h <= _SMALL:  # or the whole shape, made once: one plain copy
            fmt = (surface.get_bitsize(), surface.get_masks())
            surface.blit(_opaque(rect.w, rect.h, c, rgb(under)[:3], r, fmt), rect.topleft)
            return
        _fill(surface, c, rect)
        _blit_corners(surface, _patches(r, c, rgb(under)[:3]), rect, r)
        return
    _fill(surface, c, Rect(rect.x + r, rect.y, rect.w - 2 * r, rect.h))
    _fill(surface, c, Rect(rect.x, rect.y + r, rect.w, rect.h - 2 * r))
    _blit_corners(surface, _patches(r, c, None), rect, r)


def stroke_rect(surface: pygame.Surface, color: str, rect: Rect, width: int,
                radius: int = 0) -> None:
    """Outlines a rect with a ``width``-pixel line inside its edge, anti-aliased corners of
    ``radius`` (an outlined button, chip or field; a ring when it is a circle)."""
    c = rgb(color)
    if width <= 0 or (len(c) == 4 and not c[3]):
        return
    r = corner_radius(rect, radius)
    width = min(width, rect.w // 2 or 1, rect.h // 2 or 1)
    edges = (Rect(rect.x + r, rect.y, rect.w - 2 * r, width),
             Rect(rect.x + r, rect.bottom - width, rect.w - 2 * r, width),
             Rect(rect.x, rect.y + r, width, rect.h - 2 * r),
             Rect(rect.right - width, rect.y + r, width, rect.h - 2 * r))
    translucent = len(c) == 4 and c[3] < 255
    for part in edges:
        if part.w > 0 and part.h > 0:
            blend_rect(surface, c, part) if translucent else surface.fill(c[:3], part)
    if r:
        _blit_corners(surface, _patches(r, c, None, width), rect, r)


def fill_circle(surface: pygame.Surface, color: str, center: tuple[int, int], radius: int,
                under: str | None = None) -> None:
    """An anti-aliased disc (a switch's thumb, a radio's dot, an avatar)."""
    fill_rect(surface, color, Rect(center[0] - radius, center[1] - radius, 2 * radius,
                                   2 * radius), radius, under)


def stroke_circle(surface: pygame.Surface, color: str, center: tuple[int, int], radius: int,
                  width: int) -> None:
    """An anti-aliased ring of ``width`` pixels inside ``radius``."""
    stroke_rect(surface, color, Rect(center[0] - radius, center[1] - radius, 2 * radius,
                                     2 * radius), width, radius)


class CornerClip:
    """Rounds off what was painted inside a rect: made before painting it (it keeps the
    pixels beneath the corners, unless the colour beneath is known), applied after, it puts
    back what lies beyond the arcs, so children are clipped to the rounded outline."""

    __slots__ = ("rect", "radius", "under", "saved", "bounds")

    def __init__(self, surface: pygame.Surface, rect: Rect, radius: int,
                 under: str | None = None) -> None:
        self.rect, self.radius = rect, corner_radius(rect, radius)
        self.under = rgb(under)[:3] if under is not None else None
        self.saved: list[pygame.Surface] = []
        self.bounds = surface.get_clip()  # the clip the shape was painted within
        r = self.radius
        if r and self.under is None:
            for origin in _corner_origins(rect, r):
                patch = pygame.Surface((r, r), pygame.SRCALPHA)
                patch.blit(surface, (0, 0), Rect(origin, (r, r)))
                self.saved.append(patch)

    def apply(self, surface: pygame.Surface) -> None:
        r = self.radius
        if not r:
            return
        if self.under is not None:
            _blit_corners(surface, _patches(r, self.under, None, 0, True), self.rect, r)
            return
        origins = _corner_origins(self.rect, r)
        for corner, (patch, origin) in enumerate(zip(self.saved, origins, strict=True)):
            alpha = pygame.surfarray.pixels_alpha(patch)
            alpha[...] = 255 - _orient(_quarter(r), corner).T
            del alpha
            surface.blit(patch, origin)
