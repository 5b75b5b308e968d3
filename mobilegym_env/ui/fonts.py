"""Fonts and icons from PyPI packages (never system fonts): Roboto and Font Awesome Free.

Loaded with ``importlib.resources`` so frames are identical on every machine. Text and icon
surfaces are cached by (content, size, weight, colour): a frame mostly re-blits cached glyph runs.
"""

from __future__ import annotations

import functools
import importlib.resources
import json

from ._pygame import pygame

WEIGHTS = {"regular": "Roboto-Regular.ttf", "medium": "Roboto-Medium.ttf", "bold": "Roboto-Bold.ttf"}
_FA = "static/fontawesomefree/webfonts"
_FA_META = "static/fontawesomefree/js-packages/@fortawesome/fontawesome-free/metadata"
ICON_STYLES = {"solid": "fa-solid-900.ttf", "regular": "fa-regular-400.ttf", "brands": "fa-brands-400.ttf"}
Color = tuple[int, int, int] | tuple[int, int, int, int]


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


@functools.cache
def _icon_font(style: str, size: int) -> pygame.font.Font:
    _init()
    path = importlib.resources.files("fontawesomefree") / _FA / ICON_STYLES[style]
    with importlib.resources.as_file(path) as p:
        return pygame.font.Font(str(p), size)


@functools.cache
def icon_table() -> dict[str, tuple[str, str]]:
    """Icon name (and alias) to (style, glyph) for every free Font Awesome icon."""
    path = importlib.resources.files("fontawesomefree") / _FA_META / "icon-families.json"
    table: dict[str, tuple[str, str]] = {}
    for name, meta in json.loads(path.read_text(encoding="utf-8")).items():
        styles = [s["style"] for s in meta.get("familyStylesByLicense", {}).get("free", [])]
        style = next((s for s in ("solid", "regular", "brands") if s in styles), None)
        if style is None:
            continue
        glyph = chr(int(meta["unicode"], 16))
        table[name] = (style, glyph)
        for alias in meta.get("aliases", {}).get("names", []):
            table.setdefault(alias, (style, glyph))
    return table


def icon_glyph(name: str) -> tuple[str, str]:
    """(style, glyph) for an icon name; KeyError naming an unknown icon."""
    try:
        return icon_table()[name]
    except KeyError:
        raise KeyError(f"unknown icon {name!r} (names are Font Awesome Free icon names)") from None


@functools.lru_cache(maxsize=8192)
def text_size(text: str, size: int, weight: str = "regular") -> tuple[int, int]:
    f = font(size, weight)
    return f.size(text)[0], f.get_linesize()


@functools.lru_cache(maxsize=8192)
def text_surface(text: str, size: int, weight: str, color: Color,
                 bg: Color | None = None) -> pygame.Surface:
    """Anti-aliased text; with ``bg`` it is pre-blended onto that colour (an opaque surface
    blits several times faster than per-pixel alpha)."""
    return font(size, weight).render(text, True, color[:3], bg[:3] if bg else None)


@functools.lru_cache(maxsize=2048)
def icon_surface(name: str, size: int, color: Color, bg: Color | None = None) -> pygame.Surface:
    style, glyph = icon_glyph(name)
    return _icon_font(style, size).render(glyph, True, color[:3], bg[:3] if bg else None)


def wrap_text(text: str, size: int, weight: str, width: int, max_lines: int | None) -> list[str]:
    """Greedy word wrap to ``width`` pixels; the last kept line gets an ellipsis if cut."""
    return list(_wrap(text, size, weight, width, max_lines))


@functools.lru_cache(maxsize=4096)
def _wrap(text: str, size: int, weight: str, width: int, max_lines: int | None) -> tuple[str, ...]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = f"{line} {word}" if line else word
            if text_size(cand, size, weight)[0] <= width or not line:
                line = cand
            else:
                lines.append(line)
                line = word
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + "…", size, weight, width)
    else:
        lines = [ellipsize(ln, size, weight, width) for ln in lines]
    return tuple(lines)


def ellipsize(text: str, size: int, weight: str, width: int) -> str:
    if text_size(text, size, weight)[0] <= width:
        return text
    while text and text_size(text + "…", size, weight)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
