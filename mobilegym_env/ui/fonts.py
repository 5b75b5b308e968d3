"""Text from a PyPI font package (never system fonts): Roboto. Icons are in ``icons.py``.

Loaded with ``importlib.resources`` so frames are identical on every machine. Text surfaces
are cached by (content, size, weight, colour) in an LRU cache bounded by their pixel bytes:
a frame mostly re-blits cached glyph runs, and no run of distinct strings can grow memory
without bound. Any str can be measured and drawn: characters no font can take (NUL,
other control characters, lone surrogates) are drawn as U+FFFD.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections import OrderedDict
from collections.abc import Hashable

from ._pygame import pygame

WEIGHTS = {"regular": "Roboto-Regular.ttf", "medium": "Roboto-Medium.ttf", "bold": "Roboto-Bold.ttf"}
Color = tuple[int, int, int] | tuple[int, int, int, int]
TEXT_CACHE_BYTES = 48 << 20
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


@functools.lru_cache(maxsize=8192)
def text_size(text: str, size: int, weight: str = "regular") -> tuple[int, int]:
    """(width, line height) of ``text`` in pixels."""
    f = font(size, weight)
    return f.size(drawable(text))[0], f.get_linesize()


def text_surface(text: str, size: int, weight: str, color: Color,
                 bg: Color | None = None) -> pygame.Surface:
    """Anti-aliased text; with ``bg`` it is pre-blended onto that colour (an opaque surface
    blits several times faster than per-pixel alpha)."""
    key = (text, size, weight, color, bg)
    cached = TEXT_SURFACES.get(key)
    if cached is not None:
        return cached
    surface = font(size, weight).render(drawable(text), True, color[:3], bg[:3] if bg else None)
    return TEXT_SURFACES.put(key, surface)


def wrap_text(text: str, size: int, weight: str, width: int, max_lines: int | None) -> list[str]:
    """Greedy word wrap to ``width`` pixels; the last kept line gets an ellipsis if cut."""
    return list(_wrap(text, size, weight, width, max_lines))


@functools.lru_cache(maxsize=4096)
def _wrap(text: str, size: int, weight: str, width: int, max_lines: int | None) -> tuple[str, ...]:
    lines: list[str] = []
    limit = None if max_lines is None else max_lines + 1  # one more line shows it was cut
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = f"{line} {word}" if line else word
            if text_size(cand, size, weight)[0] <= width or not line:
                line = cand
            else:
                lines.append(line)
                line = word
                if limit is not None and len(lines) >= limit:
                    break
        lines.append(line)
        if limit is not None and len(lines) >= limit:
            break
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + "…", size, weight, width)
    else:
        lines = [ellipsize(ln, size, weight, width) for ln in lines]
    return tuple(lines)


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
