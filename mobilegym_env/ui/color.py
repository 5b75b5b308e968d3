"""Colour science behind the theme: tones, tonal palettes and the dark ("night") mapping.

Material 3 describes a colour by hue, chroma and *tone*, where tone is CIELAB L* (0 black,
100 white): a scheme picks tones from a few tonal palettes (one hue and chroma each) derived
from a seed colour. Hue and chroma here come from OKLab (whose hues stay put as colours get
lighter or darker, as M3's CAM16 hues do); tone is exact L*. Everything is pure Python,
deterministic and cached.

The dark mapping is Android's "force dark" idea applied at paint time: a colour drawn as a
background, a foreground (text, icon) or a line gets a dark-theme counterpart. Colours that are
roles of the light scheme become the same role of the dark scheme (exact Material 3 dark);
other colours keep their hue and have their tone moved (light backgrounds go dark, dark text
goes light, what is already dark or light stays), and a foreground whose background turned from
dark to light (white text on a primary button) is moved to the other side of it, keeping the
contrast it had.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

Rgb = tuple[int, int, int]


@functools.cache
def parse(color: str) -> tuple[int, ...]:
    """``"#RRGGBB"`` or ``"#RRGGBBAA"`` to a tuple; ValueError names a malformed colour."""
    if not (isinstance(color, str) and color.startswith("#") and len(color) in (7, 9)):
        raise ValueError(f"colour must be '#RRGGBB' or '#RRGGBBAA', got {color!r}")
    try:
        return tuple(int(color[i : i + 2], 16) for i in range(1, len(color), 2))
    except ValueError:
        raise ValueError(f"colour must be '#RRGGBB' or '#RRGGBBAA', got {color!r}") from None


def _decode(u: float) -> float:
    return u / 12.92 if u <= 0.04045 else ((u + 0.055) / 1.055) ** 2.4


def _encode(u: float) -> float:
    return 12.92 * u if u <= 0.0031308 else 1.055 * u ** (1 / 2.4) - 0.055


def _linear(rgb: Rgb) -> tuple[float, float, float]:
    r, g, b = (_decode(c / 255) for c in rgb)
    return r, g, b


def _oklab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = lin
    l_ = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    m_ = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    s_ = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    return (0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
            1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
            0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)


def _oklab_linear(lab_l: float, a: float, b: float) -> tuple[float, float, float]:
    l_ = (lab_l + 0.3963377774 * a + 0.2158037573 * b) ** 3
    m_ = (lab_l - 0.1055613458 * a - 0.0638541728 * b) ** 3
    s_ = (lab_l - 0.0894841775 * a - 1.2914855480 * b) ** 3
    return (4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
            -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
            -0.0041960863 * l_ - 0.7034186147 * m_ + 1.7076147010 * s_)


def _luminance(lin: tuple[float, float, float]) -> float:
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _tone_of_y(y: float) -> float:
    f = y ** (1 / 3) if y > 216 / 24389 else (24389 / 27 * y + 16) / 116
    return 116 * f - 16


def _y_of_tone(tone: float) -> float:
    f = (tone + 16) / 116
    return f ** 3 if f ** 3 > 216 / 24389 else (116 * f - 16) / (24389 / 27)


@functools.cache
def hct(color: str) -> tuple[float, float, float]:
    """(hue in degrees, chroma, tone) of an opaque colour (alpha is ignored)."""
    lin = _linear(parse(color)[:3])  # type: ignore[arg-type]
    _, a, b = _oklab(lin)
    return math.degrees(math.atan2(b, a)) % 360, math.hypot(a, b), _tone_of_y(_luminance(lin))


def _solve(hue: float, chroma: float, y: float) -> tuple[float, float, float] | None:
    """The linear RGB of (hue, chroma) at luminance ``y``, or None when out of gamut."""
    a, b = chroma * math.cos(math.radians(hue)), chroma * math.sin(math.radians(hue))
    lo, hi = 0.0, 1.0
    for _ in range(24):  # luminance grows with OKLab lightness at fixed a, b
        mid = (lo + hi) / 2
        if _luminance(_oklab_linear(mid, a, b)) < y:
            lo = mid
        else:
            hi = mid
    lin = _oklab_linear((lo + hi) / 2, a, b)
    return lin if all(-1e-4 <= c <= 1 + 1e-4 for c in lin) else None


@functools.cache
def tone_color(hue: float, chroma: float, tone: float) -> str:
    """The colour of ``hue`` and ``chroma`` (reduced until it fits sRGB) at ``tone``."""
    tone = min(max(tone, 0.0), 100.0)
    y = _y_of_tone(tone)
    lin = _solve(hue, chroma, y) if chroma > 0 else None
    if lin is None:
        lo, hi = 0.0, chroma  # lo fits (chroma 0 is a grey, always in gamut)
        for _ in range(16):
            mid = (lo + hi) / 2
            if _solve(hue, mid, y) is None:
                hi = mid
            else:
                lo = mid
        lin = _solve(hue, lo, y) or (y, y, y)
    return "#" + "".join(f"{round(min(max(_encode(min(max(c, 0.0), 1.0)), 0.0), 1.0) * 255):02X}"
                         for c in lin)


class TonalPalette:
    """One hue and chroma at every tone: ``palette[40]`` is the colour at tone 40."""

    def __init__(self, hue: float, chroma: float) -> None:
        self.hue, self.chroma = hue, chroma

    def __getitem__(self, tone: float) -> str:
        return tone_color(self.hue, self.chroma, tone)

    def __repr__(self) -> str:
        return f"TonalPalette(hue={self.hue:.1f}, chroma={self.chroma:.3f})"


# ----------------------------------------------------------------------------- dark mapping
BG, FG, LINE = "bg", "fg", "line"
FG_MIN_CONTRAST = 45  # tones; a foreground keeps at most this much of the contrast it had


def with_tone(color: str, tone: float, chroma_scale: float = 1.0) -> str:
    """``color`` (its alpha kept) at another tone, same hue."""
    hue, chroma, _ = hct(color)
    out = tone_color(round(hue, 1), round(chroma * chroma_scale, 4), round(tone, 1))
    return out + color[7:] if len(color) == 9 else out


def force_dark(color: str, usage: str) -> str:
    """The generic dark counterpart of a colour that is not a scheme role.

    A light background (tone above 40) goes dark on a straight line from tone 40 (kept) to
    tone 100 (becomes tone 6, the dark surface); a dark foreground goes light (tone t becomes
    100 - t / 2, so near-black text is near-white); a light line goes dim; anything already on
    the dark side for its usage is kept.
    """
    _, _, tone = hct(color)
    if usage == BG:
        if tone <= 40:
            return color
        return with_tone(color, 6 + (100 - tone) * 34 / 60, 0.8)
    if usage == FG:
        new = 100 - tone / 2
        return with_tone(color, new) if new > tone else color
    new = 110 - tone  # lines: outline-variant (tone 80) becomes tone 30, as in M3 dark
    return with_tone(color, new) if tone > 55 else color


def contrast_fix(fg: str, fg_light: str, under: str, under_light: str) -> str:
    """``fg`` moved to the other side of ``under`` when mapping lost the contrast it had.

    ``fg_light``/``under_light`` are the light-theme colours. The new tone keeps the original
    contrast, and an achromatic
    foreground takes the background's hue, as an M3 "on" colour does.
    """
    had = abs(hct(fg_light)[2] - hct(under_light)[2])
    need = min(had, FG_MIN_CONTRAST)
    fg_tone, under_tone = hct(fg)[2], hct(under)[2]
    if abs(fg_tone - under_tone) >= need:
        return fg
    target = under_tone - had if under_tone >= 50 else under_tone + had
    hue, chroma, _ = hct(fg)
    if chroma < 0.02:  # a grey or white: take the background's hue
        hue, chroma, _ = hct(under)
    out = tone_color(round(hue, 1), round(chroma, 4), round(min(max(target, 0), 100), 1))
    return out + fg[7:] if len(fg) == 9 else out


@functools.cache
def mix(color: str, under: str, alpha: float) -> str:
    """``color`` laid over the opaque ``under`` at ``alpha`` (0..1), as one opaque colour (a
    disabled label is on-surface at 38% over its surface)."""
    pairs = zip(parse(color)[:3], parse(under)[:3], strict=True)
    return "#" + "".join(f"{round(t * alpha + b * (1 - alpha)):02X}" for t, b in pairs)


def hex_of(rgb: Sequence[int]) -> str:
    """``"#RRGGBB"`` of an (r, g, b) triple (a pixel read back from a frame)."""
    r, g, b = (int(c) for c in rgb[:3])
    return f"#{r:02X}{g:02X}{b:02X}"
