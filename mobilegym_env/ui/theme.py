"""The colour scheme and the sizes shared by system chrome and apps.

Colours are Material 3 roles of a tonal scheme derived from one seed colour (as a Pixel derives
its theme from the wallpaper): five tonal palettes (primary, secondary, tertiary, neutral,
neutral variant, plus error), and each role is one tone of one palette, in light and in dark
(``ui/color.py`` has the colour science). The module constants are the light roles: screens
are written against them, and the dark theme maps them, role for role, when a frame is painted
(``ui/appearance.py``). The older names (``ACCENT``, ``TEXT``, ``TEXT_SECONDARY``...) stay as
aliases of roles.

Text sizes scale with the font size setting while an app's screen is built
(:func:`font_scale`, read by the ``text`` and field builders).
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
from collections.abc import Iterator

from .color import TonalPalette, hct, parse

SEED = "#0B57D0"

# Chromas are OKLab chroma (0.1 is a clear colour, 0.01 a tinted grey); M3's "tonal spot"
# proportions, with a slightly livelier primary.
_PRIMARY_CHROMA = 0.12
_SECONDARY_CHROMA = 0.032
_TERTIARY_CHROMA, _TERTIARY_TURN = 0.06, 68.0
_NEUTRAL_CHROMA, _NEUTRAL_VARIANT_CHROMA = 0.009, 0.014
_ERROR_HUE, _ERROR_CHROMA = 27.7, 0.193

# role: (palette, light tone, dark tone) -- the Material 3 (2021) scheme tones
ROLE_TONES: dict[str, tuple[str, float, float]] = {
    "primary": ("primary", 40, 80),
    "on_primary": ("primary", 100, 20),
    "primary_container": ("primary", 90, 30),
    "on_primary_container": ("primary", 10, 90),
    "inverse_primary": ("primary", 80, 40),
    "secondary": ("secondary", 40, 80),
    "on_secondary": ("secondary", 100, 20),
    "secondary_container": ("secondary", 90, 30),
    "on_secondary_container": ("secondary", 10, 90),
    "tertiary": ("tertiary", 40, 80),
    "on_tertiary": ("tertiary", 100, 20),
    "tertiary_container": ("tertiary", 90, 30),
    "on_tertiary_container": ("tertiary", 10, 90),
    "error": ("error", 40, 80),
    "on_error": ("error", 100, 20),
    "error_container": ("error", 90, 30),
    "on_error_container": ("error", 10, 90),
    "surface": ("neutral", 98, 6),
    "surface_dim": ("neutral", 87, 6),
    "surface_bright": ("neutral", 98, 24),
    "surface_container_lowest": ("neutral", 100, 4),
    "surface_container_low": ("neutral", 96, 10),
    "surface_container": ("neutral", 94, 12),
    "surface_container_high": ("neutral", 92, 17),
    "surface_container_highest": ("neutral", 90, 22),
    "on_surface": ("neutral", 10, 90),
    "surface_variant": ("neutral_variant", 90, 30),
    "on_surface_variant": ("neutral_variant", 30, 80),
    "outline": ("neutral_variant", 50, 60),
    "outline_variant": ("neutral_variant", 80, 30),
    "inverse_surface": ("neutral", 20, 90),
    "inverse_on_surface": ("neutral", 95, 20),
}


@dataclasses.dataclass(frozen=True)
class Scheme:
    """Every role's colour in one theme (light or dark): ``scheme.primary``..."""

    dark: bool
    primary: str
    on_primary: str
    primary_container: str
    on_primary_container: str
    inverse_primary: str
    secondary: str
    on_secondary: str
    secondary_container: str
    on_secondary_container: str
    tertiary: str
    on_tertiary: str
    tertiary_container: str
    on_tertiary_container: str
    error: str
    on_error: str
    error_container: str
    on_error_container: str
    surface: str
    surface_dim: str
    surface_bright: str
    surface_container_lowest: str
    surface_container_low: str
    surface_container: str
    surface_container_high: str
    surface_container_highest: str
    on_surface: str
    surface_variant: str
    on_surface_variant: str
    outline: str
    outline_variant: str
    inverse_surface: str
    inverse_on_surface: str

    def roles(self) -> dict[str, str]:
        """Role name to colour, in :data:`ROLE_TONES` order."""
        return {name: getattr(self, name) for name in ROLE_TONES}


def palettes(seed: str) -> dict[str, TonalPalette]:
    """The tonal palettes of the scheme derived from ``seed``."""
    hue, chroma, _ = hct(seed)
    return {
        "primary": TonalPalette(hue, max(min(chroma, _PRIMARY_CHROMA), 0.06)),
        "secondary": TonalPalette(hue, _SECONDARY_CHROMA),
        "tertiary": TonalPalette((hue + _TERTIARY_TURN) % 360, _TERTIARY_CHROMA),
        "neutral": TonalPalette(hue, _NEUTRAL_CHROMA),
        "neutral_variant": TonalPalette(hue, _NEUTRAL_VARIANT_CHROMA),
        "error": TonalPalette(_ERROR_HUE, _ERROR_CHROMA),
    }


@functools.cache
def scheme(dark: bool = False, seed: str = SEED) -> Scheme:
    """The light or dark scheme derived from ``seed`` (ValueError names a malformed seed)."""
    parse(seed)
    pals = palettes(seed)
    return Scheme(dark=dark, **{name: pals[pal][dark_tone if dark else light_tone]
                                for name, (pal, light_tone, dark_tone) in ROLE_TONES.items()})


_LIGHT = scheme()
PRIMARY = _LIGHT.primary
ON_PRIMARY = _LIGHT.on_primary
PRIMARY_CONTAINER = _LIGHT.primary_container
ON_PRIMARY_CONTAINER = _LIGHT.on_primary_container
INVERSE_PRIMARY = _LIGHT.inverse_primary
SECONDARY = _LIGHT.secondary
ON_SECONDARY = _LIGHT.on_secondary
SECONDARY_CONTAINER = _LIGHT.secondary_container
ON_SECONDARY_CONTAINER = _LIGHT.on_secondary_container
TERTIARY = _LIGHT.tertiary
ON_TERTIARY = _LIGHT.on_tertiary
TERTIARY_CONTAINER = _LIGHT.tertiary_container
ON_TERTIARY_CONTAINER = _LIGHT.on_tertiary_container
ERROR = _LIGHT.error
ON_ERROR = _LIGHT.on_error
ERROR_CONTAINER = _LIGHT.error_container
ON_ERROR_CONTAINER = _LIGHT.on_error_container
SURFACE = _LIGHT.surface
SURFACE_DIM = _LIGHT.surface_dim
SURFACE_BRIGHT = _LIGHT.surface_bright
SURFACE_CONTAINER_LOWEST = _LIGHT.surface_container_lowest
SURFACE_CONTAINER_LOW = _LIGHT.surface_container_low
SURFACE_CONTAINER = _LIGHT.surface_container
SURFACE_CONTAINER_HIGH = _LIGHT.surface_container_high
SURFACE_CONTAINER_HIGHEST = _LIGHT.surface_container_highest
ON_SURFACE = _LIGHT.on_surface
ON_SURFACE_VARIANT = _LIGHT.on_surface_variant
OUTLINE = _LIGHT.outline
OUTLINE_VARIANT = _LIGHT.outline_variant
INVERSE_SURFACE = _LIGHT.inverse_surface
INVERSE_ON_SURFACE = _LIGHT.inverse_on_surface
SCRIM = "#00000052"  # black at 32%, M3's scrim

# the older names, as aliases of roles
ACCENT = PRIMARY
ON_ACCENT = ON_PRIMARY
BACKGROUND = SURFACE
SURFACE_VARIANT = SURFACE_CONTAINER_HIGH
TEXT = ON_SURFACE
TEXT_SECONDARY = ON_SURFACE_VARIANT
TEXT_HINT = palettes(SEED)["neutral_variant"][60]  # placeholders and disabled labels
DIVIDER = OUTLINE_VARIANT
DANGER = ERROR
DISABLED_CONTAINER = "#1F1F1F1F"  # on-surface at 12%: a disabled button's container

SCREEN_W = 360
SCREEN_H = 800
STATUS_BAR_H = 40
GESTURE_BAR_H = 24
APP_BAR_H = 56
TAB_BAR_H = 64
KEYBOARD_H = 260

rgb = parse

_FONT_SCALE: contextvars.ContextVar[float] = contextvars.ContextVar("font_scale", default=1.0)


def scaled(size: int) -> int:
    """A text size in the font scale of the screen being built (the size itself at 100%)."""
    factor = _FONT_SCALE.get()
    return size if factor == 1.0 else max(round(size * factor), 1)


def current_font_scale() -> float:
    """The font scale of the screen being built (1.0 outside :func:`font_scale`)."""
    return _FONT_SCALE.get()


@contextlib.contextmanager
def font_scale(factor: float) -> Iterator[None]:
    """Builds views with text sizes scaled by ``factor`` (the Settings font size) inside."""
    if not isinstance(factor, int | float) or isinstance(factor, bool) or not 0.5 <= factor <= 3:
        raise ValueError(f"font scale must be a number in 0.5..3, got {factor!r}")
    token = _FONT_SCALE.set(float(factor))
    try:
        yield
    finally:
        _FONT_SCALE.reset(token)
