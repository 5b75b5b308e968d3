"""Believable photos for every picture on screen, generated deterministically from the file.

A picture is keyed by its file name (:func:`photo_key`): the same file always shows the same
picture, in the Gallery grid and viewer, Files, a picture message or the media picker, and a
copy or a move shows it too. Its words choose the scene (``golden_gate_sunset`` is a sunset
behind a bridge, ``Screenshot_...`` a phone screen, ``floor_plan`` a plan); a camera name
(``IMG_20251218_093015``) chooses by the hour it was taken, and shots taken minutes apart are
the same scene reframed, as a burst is. Pictures are painted with numpy (:mod:`.canvas`) at
the size they are shown, cropped to cover a tile or fitted whole into a viewer (never
stretched), and cached within a byte budget.
"""

from __future__ import annotations

import functools
import re
import zlib
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image

from .._pygame import pygame
from .canvas import Canvas
from .graphics import document, poster, screenshot, wallpaper
from .nature import beach, city, lake, mountains, sunset, waterfall
from .people import balloons, cake, food, group, portrait

Scene = Callable[[Canvas, frozenset[str]], None]
SCENES: dict[str, Scene] = {
    "mountains": mountains, "lake": lake, "waterfall": waterfall, "sunset": sunset,
    "beach": beach, "city": city, "portrait": portrait, "group": group, "food": food,
    "cake": cake, "balloons": balloons, "screenshot": screenshot, "poster": poster,
    "document": document, "wallpaper": lambda c, words: wallpaper(c, "dark" in words),
}
# words of a file name that choose its scene, in priority order
KEYWORDS: tuple[tuple[str, frozenset[str]], ...] = tuple(
    (scene, frozenset(words.split())) for scene, words in (
        ("screenshot", "screenshot screen capture"),
        ("poster", "poster flyer ticket concert"),
        ("document", "plan scan doc document receipt invoice pdf page form letter menu"),
        ("sunset", "sunset sunrise dusk dawn golden"),
        ("waterfall", "falls waterfall fall"),
        ("lake", "lake mirror river pond"),
        ("beach", "beach sea ocean coast surf"),
        ("city", "city skyline night downtown street"),
        ("cake", "cake birthday"),
        ("balloons", "balloon balloons"),
        ("group", "group party team family friends wedding"),
        ("portrait", "selfie portrait profile face avatar"),
        ("food", "food dinner lunch breakfast pizza meal brunch salad pasta coffee"),
        ("mountains", "dome capitan mountain mountains panorama view peak hike yosemite trail "
                      "landscape valley"),
    ))
# what a camera shot shows, by the light at the hour it was taken: the hour the sun rises and
# the hour it sets in each month (California, daylight saving included)
SUNRISE = (7, 7, 6, 6, 6, 5, 5, 6, 6, 7, 6, 7)
SUNSET = (17, 17, 18, 19, 20, 20, 20, 19, 19, 18, 17, 16)
MORNING = ("mountains", "lake", "food", "portrait", "waterfall")
MIDDAY = ("beach", "mountains", "food", "group", "lake", "portrait", "waterfall")
GOLDEN = ("sunset", "portrait", "beach", "group")
NIGHT = ("city", "food", "group", "cake", "portrait")
ANY = ("mountains", "lake", "beach", "sunset", "city", "portrait", "food", "waterfall")
# natural width / height of a scene when the caller does not know the photo's size
NATURAL = {"wallpaper": 360 / 800, "screenshot": 1080 / 2400, "poster": 4 / 5, "document": 3 / 4, "cake": 3 / 4,
           "waterfall": 3 / 4, "portrait": 3 / 4}
CAMERA = re.compile(r"(?:img|pxl|vid|photo)_(\d{8})_(\d{2})(\d{2})(\d{2})")
PLACEHOLDER = re.compile(r"\[image/[\w.+-]+ (\d+)x(\d+)\] (\S.*)")
BUDGET = 32 * 1024 * 1024  # bytes of cached pixels (a 2x viewer photo is ~2 MB)
# larger pictures (a zoomed photo at 4x) are painted at this many pixels and enlarged, which
# bounds the painter's working memory (float canvases) to a few hundred MB at worst
MAX_PAINTED = 2048 * 2048
FITS = ("cover", "fit")


@dataclass(frozen=True)
class Photo:
    """What an ``image`` view shows: the picture ``key`` at ``aspect`` (width / height; None
    for the scene's own), cropped to ``cover`` its box or ``fit`` whole inside it."""

    key: str
    aspect: float | None = None
    fit: str = "cover"

    def __post_init__(self) -> None:
        if self.fit not in FITS:
            raise ValueError(f"Photo.fit must be one of {FITS}, got {self.fit!r}")
        if self.aspect is not None and not 0.05 <= self.aspect <= 20:
            raise ValueError(f"Photo.aspect must be a width/height in 0.05..20, "
                             f"got {self.aspect!r}")


def photo_key(name: str) -> str:
    """The picture key of a file path or name: its base name, without extension, folded."""
    base = str(name).rsplit("/", 1)[-1]
    stem = base.rsplit(".", 1)[0] if "." in base[1:] else base
    return stem.casefold()


def aspect_of(width: Any, height: Any) -> float | None:
    """``width / height`` when both are positive numbers, else None (unknown)."""
    try:
        w, h = float(width), float(height)
    except (TypeError, ValueError):
        return None
    return w / h if w > 0 and h > 0 and 0.05 <= w / h <= 20 else None


def file_photo(path: str, content: str = "", fit: str = "cover") -> Photo:
    """The photo of an image file: a file written from a camera sample keeps its original's
    picture and size through renames (its text stand-in names them)."""
    m = PLACEHOLDER.fullmatch(content.strip()) if content else None
    if m:
        return Photo(photo_key(m.group(3)), aspect_of(m.group(1), m.group(2)), fit)
    return Photo(photo_key(path), None, fit)


def media_photo(row: Mapping[str, Any], files: Any = None, fit: str = "cover") -> Photo:
    """The photo of a media provider row (``path``, ``width``, ``height``). Given the file
    system (anything with ``read_text(path)``), a renamed file keeps its original picture."""
    path = str(row.get("path") or row.get("title") or "")
    content = ""
    if files is not None and path:
        try:
            content = files.read_text(path)
        except (ValueError, KeyError, TypeError):
            content = ""
    photo = file_photo(path, content, fit)
    return Photo(photo.key, aspect_of(row.get("width"), row.get("height")) or photo.aspect, fit)


def wallpaper_photo(dark: bool = False) -> Photo:
    """The home and lock screen wallpaper (an ``image`` view's ``source``): soft waves, in
    darker tones for the dark theme."""
    return Photo("wallpaper dark" if dark else "wallpaper", None, "cover")


def _words(key: str) -> frozenset[str]:
    return frozenset(w for w in re.split(r"[^a-z]+", key) if w)


def scene_of(key: str) -> tuple[str, int, int]:
    """(scene name, scene seed, framing seed) of a key; shots of one burst share a scene."""
    words = _words(key)
    if key.startswith("wallpaper"):
        return "wallpaper", _seed("wallpaper"), 0  # dark is the same waves, dimmed
    for scene, chosen_by in KEYWORDS:
        if words & chosen_by or {w.rstrip("s") for w in words} & chosen_by:
            return scene, _seed(key), 0
    m = CAMERA.search(key)
    if m is None:
        return ANY[_seed(key) % len(ANY)], _seed(key), 0
    hour, month = int(m.group(2)), int(m.group(1)[4:6])
    pool = _light(hour, month) if 1 <= month <= 12 else ANY
    burst = f"{m.group(1)}_{hour:02d}{int(m.group(3)) // 5}"
    seed = _seed("burst" + burst)
    return pool[seed % len(pool)], seed, _seed(key) or 1


def _light(hour: int, month: int) -> tuple[str, ...]:
    rise, set_ = SUNRISE[month - 1], SUNSET[month - 1]
    if hour < rise or hour > set_:
        return NIGHT
    if hour >= set_ - 1:
        return GOLDEN
    return MORNING if hour < 11 else MIDDAY


def _seed(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def natural_aspect(key: str) -> float:
    """The width / height a key's picture has when nobody knows the file's size."""
    return NATURAL.get(scene_of(key)[0], 4 / 3)


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


def render(key: str, w: int, h: int, aspect: float | None = None) -> np.ndarray:
    """The whole picture of ``key`` painted at ``w`` x ``h`` pixels (uint8, (h, w, 3)).

    Args:
        key: A picture key (:func:`photo_key`).
        w: Width in pixels (at least 1).
        h: Height in pixels (at least 1).
        aspect: The photo's nominal width / height (default ``w / h``).
    """
    if w < 1 or h < 1:
        raise ValueError(f"picture size must be at least 1x1, got {w}x{h}")
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
    words = _words(key)
    m = CAMERA.search(key)
    if m and m.group(1)[4:6] in ("12", "01", "02"):
        words |= {"winter"}  # snow on the mountains of a winter shot
    SCENES[scene](canvas, words)
    flat = scene in ("screenshot", "document", "poster", "wallpaper")
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
           under: tuple[int, int, int] | None = None) -> tuple[np.ndarray, int, int]:
    """``photo`` shown in a ``w`` x ``h`` box: (the visible picture, its x and y offset in the
    box). ``cover`` crops it to the box, ``fit`` leaves bars to the box's background. Corners
    rounded by ``radius`` are blended over ``under``, or (None) left in an alpha channel."""
    rw, rh, ox, oy, aspect = box_of(photo, w, h)
    sx, sy, dx, dy = max(-ox, 0), max(-oy, 0), max(ox, 0), max(oy, 0)
    cw, ch = min(rw - sx, w - dx), min(rh - sy, h - dy)
    out = render(photo.key, rw, rh, aspect)[sy : sy + ch, sx : sx + cw]
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
        arr, dx, dy = pixels(photo, rect.w, rect.h, radius, under3)
        mode = "RGBA" if arr.shape[2] == 4 else "RGB"
        return pygame.image.frombytes(arr.tobytes(), (arr.shape[1], arr.shape[0]), mode), dx, dy

    img, dx, dy = _cache.get(("surface", photo, rect.w, rect.h, radius, under3), make,
                             lambda v: v[0].get_width() * v[0].get_height() * 4)
    target.blit(img, (rect.x + dx, rect.y + dy))


def cache_info() -> dict[str, int]:
    """How much the picture cache holds (entries, bytes) and its byte budget."""
    return {"entries": len(_cache.items), "bytes": _cache.used, "budget": _cache.budget}


def clear_cache() -> None:
    _cache.items.clear()
    _cache.used = 0
