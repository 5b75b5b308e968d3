"""Icons from a PyPI font package (never system fonts, never hand-drawn): Font Awesome Free.

Every icon the UI draws goes through :func:`icon_surface`, so the icon font and the mapping
from names to glyphs live here only. Surfaces are cached by (name, size, colour, background)
in an LRU cache bounded by their pixel bytes.
"""

from __future__ import annotations

import functools
import importlib.resources
import json

from ._pygame import pygame
from .fonts import Color, SurfaceCache

_FA = "static/fontawesomefree/webfonts"
_FA_META = "static/fontawesomefree/js-packages/@fortawesome/fontawesome-free/metadata"
ICON_STYLES = {"solid": "fa-solid-900.ttf", "regular": "fa-regular-400.ttf", "brands": "fa-brands-400.ttf"}
ICON_CACHE_BYTES = 16 << 20
ICON_SURFACES = SurfaceCache(ICON_CACHE_BYTES)


@functools.cache
def _icon_font(style: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
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


def icon_surface(name: str, size: int, color: Color, bg: Color | None = None) -> pygame.Surface:
    """The glyph of icon ``name`` at ``size`` pixels in ``color`` (pre-blended onto ``bg``)."""
    key = (name, size, color, bg)
    cached = ICON_SURFACES.get(key)
    if cached is not None:
        return cached
    style, glyph = icon_glyph(name)
    surface = _icon_font(style, size).render(glyph, True, color[:3], bg[:3] if bg else None)
    return ICON_SURFACES.put(key, surface)
