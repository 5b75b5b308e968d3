"""Believable photos for every picture on screen, generated deterministically from the file.

The same file always shows the same picture, in the Gallery grid and viewer, Files, a picture
message or the media picker (:mod:`.choose` says which: ``golden_gate_sunset`` is a sunset
behind a bridge, ``Screenshot_...`` a phone screen, ``IMG_20251218_093015`` what a morning
shot shows). Pictures are painted with numpy (:mod:`.canvas`; scenes in :mod:`.nature`,
:mod:`.people`, :mod:`.graphics`, :mod:`.products`) at the size they are shown, cropped to cover a tile or
fitted whole into a viewer (never stretched), and cached within a byte budget. An ``image``
view carries a :class:`Photo`; the painter calls :func:`draw`.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np
from PIL import Image

from .._pygame import pygame
from .canvas import Canvas
from .choose import (
    CAMERA,
    SCENES,
    Photo,
    aspect_of,
    file_photo,
    media_photo,
    natural_aspect,
    photo_key,
    scene_of,
    wallpaper_photo,
    words_of,
)

__all__ = ["BUDGET", "MAX_PAINTED", "Photo", "aspect_of", "box_of", "cache_info", "clear_cache",
           "draw", "file_photo", "media_photo", "natural_aspect", "photo_key", "pixels",
           "render", "scene_of", "wallpaper_photo"]

BUDGET = 32 * 1024 * 1024  # bytes of cached pixels (a 2x viewer photo is ~2 MB)
# larger pictures (a zoomed photo at 4x) are painted at this many pixels and enlarged, which
# bounds the painter's working memory (float canvases) to a few hundred MB at worst
MAX_PAINTED = 2048 * 2048


# ----- rendering
class _Cache:
    """An LRU of pixel arrays and surfaces bounded by their total bytes."""

    def __init__(self, budget: int) -> None:
        self.budget, self.used = budget, 0
        self.items: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()

    def get(self, key: tuple, make: Callable[[], Any], size: Callable[[Any], int]) -> Any:
        hit = self.items.get(key)
        if hit is not None:
            self.items.move_to_end(key)
            return hit[0]
        value = make()
        n = size(value)
        self.items[key] = (value, n)
        self.used += n
        while self.used > self.budget and len(self.items) > 1:
            _, (_, gone) = self.items.popitem(last=False)
            self.used -= gone
        return value


_cache = _Cache(BUDGET)


def render(key: str, w: int, h: int, aspect: float | None = None, keep: bool = True
           ) -> np.ndarray:
    """The whole picture of ``key`` painted at ``w`` x ``h`` pixels (uint8, (h, w, 3)).

    Args:
        key: A picture key (:func:`photo_key`).
        w: Width in pixels (at least 1).
        h: Height in pixels (at least 1).
        aspect: The photo's nominal width / height (default ``w / h``).
        keep: Whether to keep the pixels in the cache (:func:`draw` keeps its finished
            surface instead, so caching both would hold every picture twice).
    """
    if w < 1 or h < 1:
        raise ValueError(f"picture size must be at least 1x1, got {w}x{h}")
    if not keep:
        hit = _cache.items.get(("px", key, w, h, aspect))
        return hit[0] if hit is not None else _painted(key, w, h, aspect)
    return _cache.get(("px", key, w, h, aspect), lambda: _painted(key, w, h, aspect),
                      lambda a: a.nbytes)


def _painted(key: str, w: int, h: int, aspect: float | None) -> np.ndarray:
    if w * h <= MAX_PAINTED:
        return _paint(key, w, h, aspect)
    f = (MAX_PAINTED / (w * h)) ** 0.5
    small = _paint(key, max(int(w * f), 1), max(int(h * f), 1), aspect or w / h)
    return np.asarray(Image.fromarray(small).resize((w, h), Image.Resampling.BILINEAR))


def _paint(key: str, w: int, h: int, aspect: float | None) -> np.ndarray:
    scene, seed, framing = scene_of(key)
    if not framing:
        return _draw(scene, key, seed, w, h, aspect)
    # a burst shot: the scene a little larger, cropped where this shot's framing puts it
    big_w, big_h = int(w * 1.08) + 1, int(h * 1.08) + 1
    full = _draw(scene, key, seed, big_w, big_h, aspect)
    fx, fy = (framing % 97) / 96, (framing // 97 % 89) / 88
    x0, y0 = int((big_w - w) * fx), int((big_h - h) * fy)
    exposure = 0.94 + (framing % 13) / 100
    return np.clip(full[y0 : y0 + h, x0 : x0 + w] * exposure, 0, 255).astype(np.uint8)


def _draw(scene: str, key: str, seed: int, w: int, h: int, aspect: float | None) -> np.ndarray:
    canvas = Canvas(w, h, seed, aspect)
    words = words_of(key)
    m = CAMERA.search(key)
    if m and m.group(1)[4:6] in ("12", "01", "02"):
        words |= {"winter"}  # snow on the mountains of a winter shot
    SCENES[scene](canvas, words)
    flat = scene in ("screenshot", "document", "poster", "wallpaper", "product")
    return canvas.finish(vignette=0.0 if flat else 0.22, grain=0.8 if flat else 2.5)


def box_of(photo: Photo, w: int, h: int) -> tuple[int, int, int, int, float]:
    """Where ``photo`` goes in a ``w`` x ``h`` box: (render w, render h, x offset, y offset,
    aspect). ``cover`` renders past the box and is cropped to it; ``fit`` renders inside."""
    aspect = photo.aspect or natural_aspect(photo.key)
    if photo.fit == "cover":
        rw, rh = (max(w, round(h * aspect)), h) if w / h < aspect else \
            (w, max(h, round(w / aspect)))
    else:
        rw, rh = (w, max(1, round(w / aspect))) if w / h < aspect else \
            (max(1, round(h * aspect)), h)
    return rw, rh, (w - rw) // 2, (h - rh) // 2, aspect


@functools.lru_cache(maxsize=64)
def _mask(w: int, h: int, radius: int) -> np.ndarray:
    """Coverage (0..1, (h, w)) of a rounded rectangle, anti-aliased at its corners."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    qx = np.maximum(np.maximum(radius - xs, xs - (w - radius)), 0)
    qy = np.maximum(np.maximum(radius - ys, ys - (h - radius)), 0)
    return np.clip(radius + 0.5 - np.hypot(qx, qy), 0, 1)


def pixels(photo: Photo, w: int, h: int, radius: int = 0,
           under: tuple[int, int, int] | None = None, keep: bool = True
           ) -> tuple[np.ndarray, int, int]:
    """``photo`` shown in a ``w`` x ``h`` box: (the visible picture, its x and y offset in the
    box). ``cover`` crops it to the box, ``fit`` leaves bars to the box's background. Corners
    rounded by ``radius`` are blended over ``under``, or (None) left in an alpha channel.
    ``keep`` as for :func:`render`."""
    rw, rh, ox, oy, aspect = box_of(photo, w, h)
    sx, sy, dx, dy = max(-ox, 0), max(-oy, 0), max(ox, 0), max(oy, 0)
    cw, ch = min(rw - sx, w - dx), min(rh - sy, h - dy)
    out = render(photo.key, rw, rh, aspect, keep)[sy : sy + ch, sx : sx + cw]
    r = min(radius, cw // 2, ch // 2)
    if r > 0:
        m = _mask(cw, ch, r)[..., None]
        if under is None:
            out = np.concatenate([out, (m * 255 + 0.5).astype(np.uint8)], axis=-1)
        else:
            out = (out * m + np.asarray(under, np.float32) * (1 - m) + 0.5).astype(np.uint8)
    return np.ascontiguousarray(out), dx, dy


def draw(target: pygame.Surface, rect: pygame.Rect, photo: Photo, radius: int = 0,
         under: tuple[int, ...] | None = None) -> None:
    """Paints ``photo`` into ``rect`` of ``target`` (pixels, not logical units).

    Args:
        target: The frame being painted.
        rect: The image view's box, in pixels.
        photo: What to show and how it is fitted.
        radius: Corner radius in pixels.
        under: The opaque colour beneath the view, if known (rounded corners are then
            pre-blended; unknown, they are alpha-blended at blit time).
    """
    if rect.w < 1 or rect.h < 1:
        return
    under3 = None if under is None else (int(under[0]), int(under[1]), int(under[2]))

    def make() -> tuple[pygame.Surface, int, int]:
        arr, dx, dy = pixels(photo, rect.w, rect.h, radius, under3, keep=False)
        size = (arr.shape[1], arr.shape[0])
        if arr.shape[2] == 4:
            return pygame.image.frombytes(arr.tobytes(), size, "RGBA"), dx, dy
        # in the frame's own pixel format, so that every later blit is a plain copy
        img = pygame.Surface(size, 0, target)
        img.blit(pygame.image.frombytes(arr.tobytes(), size, "RGB"), (0, 0))
        return img, dx, dy

    img, dx, dy = _cache.get(("surface", photo, rect.w, rect.h, radius, under3), make,
                             lambda v: v[0].get_width() * v[0].get_height()
                             * v[0].get_bytesize())
    target.blit(img, (rect.x + dx, rect.y + dy))


def cache_info() -> dict[str, int]:
    """How much the picture cache holds (entries, bytes) and its byte budget."""
    return {"entries": len(_cache.items), "bytes": _cache.used, "budget": _cache.budget}


def clear_cache() -> None:
    _cache.items.clear()
    _cache.used = 0
