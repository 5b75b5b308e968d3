"""Which picture a file shows: its key, its shape and its scene.

A picture is keyed by its file name (:func:`photo_key`), so a copy, a move or an attachment of
the file shows the same picture; a camera sample's text stand-in names its original, so a
renamed file keeps it too. The name's words choose the scene; a camera name chooses by the
light at the hour it was taken, and shots minutes apart share a scene (a burst).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .canvas import Canvas
from .graphics import document, poster, screenshot, wallpaper
from .nature import beach, city, lake, mountains, sunset, waterfall
from .people import balloons, cake, food, group, portrait
from .products import product

Scene = Callable[[Canvas, frozenset[str]], None]
SCENES: dict[str, Scene] = {
    "mountains": mountains, "lake": lake, "waterfall": waterfall, "sunset": sunset,
    "beach": beach, "city": city, "portrait": portrait, "group": group, "food": food,
    "cake": cake, "balloons": balloons, "screenshot": screenshot, "poster": poster,
    "document": document, "product": product, "wallpaper": lambda c, words: wallpaper(c, "dark" in words),
}
# words of a file name that choose its scene, in priority order
KEYWORDS: tuple[tuple[str, frozenset[str]], ...] = tuple(
    (scene, frozenset(words.split())) for scene, words in (
        ("screenshot", "screenshot screen capture"),
        ("product", "product products"),  # a store's product shot (a "product poster" too)
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
NATURAL = {"wallpaper": 360 / 800, "screenshot": 1080 / 2400, "poster": 4 / 5,
           "document": 3 / 4, "cake": 3 / 4, "waterfall": 3 / 4, "portrait": 3 / 4}
CAMERA = re.compile(r"(?:img|pxl|vid|photo)_(\d{8})_(\d{2})(\d{2})(\d{2})")
PLACEHOLDER = re.compile(r"\[image/[\w.+-]+ (\d+)x(\d+)\] (\S.*)")
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


def words_of(key: str) -> frozenset[str]:
    return frozenset(w for w in re.split(r"[^a-z]+", key) if w)


def scene_of(key: str) -> tuple[str, int, int]:
    """(scene name, scene seed, framing seed) of a key; shots of one burst share a scene."""
    words = words_of(key)
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
