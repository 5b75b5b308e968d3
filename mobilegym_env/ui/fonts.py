"""Text from a PyPI font package (never system fonts): Roboto. Icons are in ``icons.py``.

Loaded with ``importlib.resources`` so frames are identical on every machine. A run of text
is laid out and drawn from one master at several times its size (see ``oversampling``),
box-filtered down to the frame's scale: glyphs sit at their near-linear positions, as on
Android, rather than at hinting's rounded ones, and a 2x frame shows the 1x layout. Text
surfaces are cached by (content, size, weight, colour, scale) in an LRU cache bounded by
their pixel bytes: a frame mostly re-blits cached glyph runs, and no run of distinct
strings can grow memory without bound. Any str can be measured and drawn: characters no
font can take (NUL, other control characters, lone surrogates) are drawn as U+FFFD.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections import OrderedDict
from collections.abc import Hashable
from fractions import Fraction

import numpy as np

from ._pygame import pygame

WEIGHTS = {"regular": "Roboto-Regular.ttf", "medium": "Roboto-Medium.ttf", "bold": "Roboto-Bold.ttf"}
Color = tuple[int, int, int] | tuple[int, int, int, int]
TEXT_CACHE_BYTES = 48 << 20
SUPERSAMPLE = 4  # small text is laid out and drawn at 4x its size, then filtered down
GAMMA = 0.8  # coverage**GAMMA: small text keeps solid stems after filtering
_UNDRAWABLE = re.compile("[\x00-\x08\x0b-\x1f\ud800-\udfff]")


def drawable(text: str) -> str:
    """``text`` with the characters SDL_ttf refuses (NUL, controls, lone surrogates) replaced
    by U+FFFD, so that no stored string can break measuring or drawing."""
    return _UNDRAWABLE.sub("\ufffd", text)


class SurfaceCache:
    """An LRU cache of surfaces bounded by the bytes of their pixels."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        size = surface.get_width() * surface.get_height() * surface.get_bytesize()
        if size > self.max_bytes:
            return surface  # too big to keep: drawn, not cached
        while self._items and self.bytes + size > self.max_bytes:
            _, old = self._items.popitem(last=False)
            self.bytes -= old.get_width() * old.get_height() * old.get_bytesize()
        self._items[key] = surface
        self.bytes += size
        return surface

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


TEXT_SURFACES = SurfaceCache(TEXT_CACHE_BYTES)


def _init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


@functools.cache
def font(size: int, weight: str = "regular") -> pygame.font.Font:
    """Roboto at ``size`` pixels (``weight`` is regular, medium or bold)."""
    _init()
    if weight not in WEIGHTS:
        raise ValueError(f"unknown font weight {weight!r}; use one of {sorted(WEIGHTS)}")
    path = importlib.resources.files("font_roboto") / "files" / WEIGHTS[weight]
    with importlib.resources.as_file(path) as p:
        return pygame.font.Font(str(p), size)


@functools.lru_cache(maxsize=16384)
def text_size(text: str, size: int, weight: str = "regular") -> tuple[int, int]:
    """(width, line height) of ``text`` in logical pixels.

    The width is the run's width in its master (see :func:`oversampling`), divided back
    (rounded up): glyphs advance by their near-linear widths, as Android lays text out,
    instead of the per-glyph rounding of hinting at small sizes ("Firs t"), and a run
    measures the same at every scale."""
    k = oversampling(size)
    return -(-_master_width(text, size, weight) // k), font(size, weight).get_linesize()


def oversampling(size: int) -> int:
    """How many times its size a run of ``size`` is laid out at (its master): 4 for body
    text, where hinting's rounding shows; less for large text, where it does not and a 4x
    master would be costly (a big clock)."""
    return SUPERSAMPLE if size < 24 else 2 if size < 48 else 1


def advance(text: str, size: int, weight: str = "regular", scale: int | Fraction = 1) -> int:
    """Where a run drawn by :func:`text_surface` at ``scale`` ends, in device pixels from its
    left edge (a caret after ``text`` goes there)."""
    k = oversampling(size)
    return int((_master_width(text, size, weight) * scale + k // 2) // k)


@functools.lru_cache(maxsize=8192)
def _master_width(text: str, size: int, weight: str) -> int:
    return font(size * oversampling(size), weight).size(drawable(text))[0]


def text_surface(text: str, size: int, weight: str, color: Color,
                 bg: Color | None = None, scale: int | Fraction = 1) -> pygame.Surface:
    """Anti-aliased ``text`` of logical ``size`` drawn at ``scale`` device pixels per logical
    pixel (a ``Fraction`` 1/d in a small frame, where text is drawn at twice its size and
    halved); with ``bg`` it is pre-blended onto that colour (an opaque surface blits several
    times faster than per-pixel alpha). Its height is the line height times ``scale``, and
    the baseline sits on a pixel boundary where the 1x font puts it; at some sizes a
    descender's faint tail takes one row more than the line height."""
    key = (text, size, weight, color, bg, scale)
    cached = TEXT_SURFACES.get(key)
    if cached is not None:
        return cached
    summed, r = _coverage(drawable(text), size, weight, scale)
    h, w = summed.shape
    if not w:  # an empty run: a zero-width line
        return TEXT_SURFACES.put(key, pygame.Surface((0, h), pygame.SRCALPHA))
    if bg is None:
        packed = _palette(color[:3], None, r)[summed]
        surface = pygame.image.frombytes(packed.tobytes(), (w, h), "RGBA")
    else:
        packed = _palette(color[:3], bg[:3], r)[summed]
        surface = pygame.image.frombytes(packed.tobytes(), (w, h), "RGBX")
    return TEXT_SURFACES.put(key, surface)


def _coverage(text: str, size: int, weight: str, scale: int | Fraction
              ) -> tuple[np.ndarray, int]:
    """(h, w) glyph coverage of ``text`` at ``scale``, each pixel the sum of the r x r
    0..255 coverages it covers (returned with r): drawn at its master size and
    box-filtered down, so every scale shows the same glyph positions (where the scale
    does not divide the oversampling, at the scale times two, or times one past it)."""
    k = oversampling(size)
    if isinstance(scale, Fraction):  # a small frame (1/d): drawn at twice its size, halved
        r = 2
        master = max(size * r * scale.numerator // scale.denominator, 1)
        line_h = max(font(size, weight).get_linesize() * scale.numerator // scale.denominator, 1)
    else:
        if k % scale == 0:
            master, r = size * k, k // scale
        else:
            r = 2 if k > scale else 1
            master = size * scale * r
        line_h = font(size, weight).get_linesize() * scale
    f = font(master, weight)
    if not text:
        return np.zeros((line_h, 0), np.uint16), r
    run = f.render(text, True, (255, 255, 255), (0, 0, 0))  # 8-bit: index = coverage
    mw, mh = run.get_size()
    pad = -f.get_ascent() % r  # the baseline lands on a device pixel boundary
    w, h = -(-mw // r), max(-(-(mh + pad) // r), line_h)
    buf = np.zeros((h * r, w * r), np.uint16)
    buf[pad : pad + mh, :mw] = np.frombuffer(pygame.image.tobytes(run, "P"),
                                               np.uint8).reshape(mh, mw)
    rows = buf[0::r].copy()  # strided adds: far faster than sum() over two axes
    for i in range(1, r):
        rows += buf[i::r]
    summed = rows[:, 0::r].copy()
    for i in range(1, r):
        summed += rows[:, i::r]
    return summed, r


@functools.lru_cache(maxsize=256)
def _palette(fg: tuple[int, ...], bg: tuple[int, ...] | None, r: int) -> np.ndarray:
    """Summed r x r coverage to a packed little-endian RGBX (over ``bg``) or RGBA (``bg``
    None) pixel, through a mild contrast curve: filtered stems of small text would
    otherwise look grey, so text renderers darken them."""
    full = 255 * r * r
    t = (np.linspace(0.0, 1.0, full + 1) ** GAMMA * 255 + 0.5).astype(np.int64)
    if bg is None:
        px = [np.full_like(t, c) for c in fg] + [t]
    else:
        px = [(b * (255 - t) + c * t + 127) // 255 for c, b in zip(fg, bg, strict=True)] + [t * 0 + 255]
    r_, g, b_, a = px
    return (r_ | g << 8 | b_ << 16 | a << 24).astype("<u4")


def wrap_text(text: str, size: int, weight: str, width: int, max_lines: int | None) -> list[str]:
    """Greedy word wrap to ``width`` pixels (see :func:`break_lines`); when more than
    ``max_lines`` lines result, the last one kept ends with an ellipsis."""
    return list(_wrap(text, size, weight, width, max_lines))


@functools.lru_cache(maxsize=4096)
def _wrap(text: str, size: int, weight: str, width: int, max_lines: int | None) -> tuple[str, ...]:
    lines = _break(text, size, weight, width, None if max_lines is None else max_lines + 1)
    if max_lines is None or len(lines) <= max_lines:
        return lines
    kept = list(lines[:max_lines])
    kept[-1] = ellipsize(kept[-1] + "…", size, weight, width)
    return tuple(kept)


def break_lines(text: str, size: int, weight: str, width: int) -> tuple[str, ...]:
    """``text`` in lines of at most ``width`` pixels, as a multi-line field shows it: a
    newline starts a line, words wrap greedily (the space a line breaks at is dropped,
    other spaces are kept), and a word wider than a line breaks between characters."""
    return _break(text, size, weight, max(width, 1), None)


@functools.lru_cache(maxsize=4096)
def _break(text: str, size: int, weight: str, width: int,
           limit: int | None) -> tuple[str, ...]:
    lines: list[str] = []
    for para in text.split("\n"):
        line: str | None = None  # None: nothing on the line yet (not even a space)
        for word in para.split(" "):
            cand = word if line is None else f"{line} {word}"
            if text_size(cand, size, weight)[0] <= width:
                line = cand
                continue
            if line is not None:
                lines.append(line)
            while len(word) > 1 and text_size(word, size, weight)[0] > width:
                cut = max(len(_fitting_head(word, size, weight, width)), 1)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
            if limit is not None and len(lines) >= limit:
                return tuple(lines[:limit])
        lines.append(line or "")
        if limit is not None and len(lines) >= limit:
            return tuple(lines[:limit])
    return tuple(lines)


def _fitting_head(text: str, size: int, weight: str, width: int) -> str:
    """The longest start of ``text`` that fits ``width`` (bisection)."""
    lo, hi = 0, len(text)  # text[:lo] fits, text[:hi + 1] does not (or hi = len)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_size(text[:mid], size, weight)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]


def ellipsize(text: str, size: int, weight: str, width: int) -> str:
    """``text`` if it fits ``width``, else its longest prefix that fits with "…" after it
    (found by bisection: O(log n) measurements)."""
    if text_size(text, size, weight)[0] <= width:
        return text
    lo, hi = 0, len(text)  # text[:lo] + "…" fits; text[:hi] + "…" does not (or hi = len)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_size(text[:mid] + "…", size, weight)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fitting_tail(text: str, size: int, weight: str, width: int) -> str:
    """The longest end of ``text`` (at least one character) that fits ``width`` (what a field
    shows of long input: the end, where the caret is), found by bisection."""
    if text_size(text, size, weight)[0] <= width:
        return text
    lo, hi = 1, len(text)  # text[-lo:] is kept even if it does not fit; text[-hi:] does not
    while lo < hi - 1:
        mid = (lo + hi) // 2
        if text_size(text[-mid:], size, weight)[0] <= width:
            lo = mid
        else:
            hi = mid
    return text[-lo:]
