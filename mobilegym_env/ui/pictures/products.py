"""Product shots, as an online store shows them: one gadget on a plain studio backdrop (a soft
pastel sweep and a contact shadow), or several side by side for a shop's banner.

The name's words choose the gadget (``headphones``, ``earbuds``, ``smartwatch``, ``band``,
``speaker``, ``power bank``, ``keyboard``; ``products`` or ``shop`` alone: a line-up), its size
(``mini`` / ``large``, ``max``, ``party``) and its colour (``black``, ``blue``, ``white``,
``red``, ``green``, ``silver``; else one drawn from the seed). Every gadget is drawn around the
picture's middle, inside the square and the wide crops a tile or a page banner cuts from it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .canvas import Canvas, Color, lit, mix

BACKDROPS = ((236, 240, 246), (244, 238, 230), (232, 242, 236), (242, 236, 244),
             (238, 238, 238), (246, 240, 236))
COLOURS: dict[str, Color] = {
    "black": (44, 46, 52), "blue": (38, 62, 120), "white": (236, 236, 232),
    "red": (196, 52, 48), "green": (52, 120, 92), "silver": (176, 180, 188),
    "grey": (120, 124, 132), "gray": (120, 124, 132), "orange": (232, 120, 48),
}
SCREEN = (20, 22, 28)
Gadget = Callable[[Canvas, float, float, float, Color, frozenset[str]], None]


def product(c: Canvas, words: frozenset[str]) -> None:
    """The ``product`` scene: a gadget chosen by the name's words (a line-up when none is)."""
    r = c.rng()
    back = BACKDROPS[int(r.integers(len(BACKDROPS)))]
    c.fill(c.gradient([(0.0, mix(back, (255, 255, 255), 0.5)), (0.62, back),
                       (1.0, mix(back, (0, 0, 0), 0.08))]))
    named = next((COLOURS[w] for w in sorted(words) if w in COLOURS), None)
    colour = named or list(COLOURS.values())[int(r.integers(len(COLOURS)))]
    cx = c.aspect / 2
    gadget = _gadget(words)
    if gadget is None:  # the banner: three gadgets in a row, each its own colour
        for i, (draw, dx) in enumerate(((_speaker, -0.42), (_headphones, 0.0),
                                        (_watch, 0.42))):
            tone = list(COLOURS.values())[(int(r.integers(len(COLOURS))) + i) % len(COLOURS)]
            draw(c, cx + dx, 0.5, 0.55, tone, words)
        return
    big = 1.15 if words & {"large", "max", "party", "pro"} else 0.8 \
        if words & {"mini", "small"} else 1.0
    gadget(c, cx, 0.5, big, colour, words)


def _gadget(words: frozenset[str]) -> Gadget | None:
    stems = words | {w.rstrip("s") for w in words}
    for keys, draw in (({"earbud", "earphone"}, _earbuds), ({"headphone", "headset"}, _headphones),
                       ({"band", "fitness", "tracker"}, _band), ({"smartwatch", "watch"}, _watch),
                       ({"speaker"}, _speaker), ({"power", "powerbank", "battery"}, _power_bank),
                       ({"keyboard"}, _keyboard)):
        if stems & keys:
            return draw
    return None


def _shadow(c: Canvas, cx: float, y: float, rx: float) -> None:
    """The soft contact shadow a gadget casts on the sweep, under its bottom edge at ``y``."""
    c.ellipse(cx, y, rx, rx * 0.16, (0, 0, 0), soft=0.03, alpha=0.22)


def _headphones(c: Canvas, cx: float, cy: float, s: float, colour: Color,
                words: frozenset[str]) -> None:
    _shadow(c, cx, cy + 0.25 * s, 0.3 * s)
    dark = mix(colour, (0, 0, 0), 0.45)
    angles = np.linspace(np.pi * 1.02, np.pi * 1.98, 17)  # the headband, an arch over the cups
    band = [(cx + 0.25 * s * np.cos(t), cy + 0.05 * s + 0.3 * s * np.sin(t)) for t in angles]
    c.line(band, 0.045 * s, dark)
    c.line(band, 0.026 * s, mix(colour, (255, 255, 255), 0.15))
    if "studio" in words or "pro" in words:  # a coiled cable from the left cup
        t = np.linspace(0, 1, 40)
        c.line([(cx - 0.25 * s + 0.3 * s * v, cy + 0.24 * s + 0.04 * s * v
                 + 0.012 * s * np.sin(v * 28)) for v in t], 0.01 * s, dark)
    for side in (-1, 1):
        x = cx + side * 0.25 * s
        c.rect(x - 0.025 * s, cy - 0.06 * s, x + 0.025 * s, cy + 0.02 * s, dark,
               radius=0.01 * s)  # the slider
        c.ellipse(x, cy + 0.12 * s, 0.085 * s, 0.13 * s,
                  lit(colour, x, cy + 0.12 * s, 0.13 * s, 0.35, shine=0.35))
        c.ellipse(x - side * 0.05 * s, cy + 0.12 * s, 0.04 * s, 0.115 * s, dark)  # cushion


def _earbuds(c: Canvas, cx: float, cy: float, s: float, colour: Color,
             words: frozenset[str]) -> None:
    _shadow(c, cx, cy + 0.23 * s, 0.2 * s)
    y = cy + 0.06 * s
    c.rect(cx - 0.17 * s, y, cx + 0.17 * s, y + 0.17 * s,
           lit(colour, cx, y + 0.08 * s, 0.2 * s, 0.3, shine=0.3), radius=0.07 * s)
    c.rect(cx - 0.16 * s, y + 0.05 * s, cx + 0.16 * s, y + 0.056 * s,
           mix(colour, (0, 0, 0), 0.4))  # the lid's seam
    c.circle(cx, y + 0.13 * s, 0.008 * s, (90, 220, 120))  # the charge light
    for side in (-1, 1):  # the buds above the case, stems down
        x, by = cx + side * 0.11 * s, cy - 0.13 * s
        c.rect(x - 0.018 * s, by, x + 0.018 * s, by + 0.13 * s, mix(colour, (255, 255, 255),
               0.1), radius=0.018 * s)
        c.circle(x, by, 0.05 * s, lit(colour, x, by, 0.05 * s, 0.35, shine=0.4))
        c.circle(x - side * 0.025 * s, by + 0.005 * s, 0.02 * s, mix(colour, (0, 0, 0), 0.5))


def _watch(c: Canvas, cx: float, cy: float, s: float, colour: Color,
           words: frozenset[str]) -> None:
    _shadow(c, cx, cy + 0.3 * s, 0.16 * s)
    strap = mix(colour, (0, 0, 0), 0.25)
    c.rect(cx - 0.08 * s, cy - 0.3 * s, cx + 0.08 * s, cy + 0.3 * s, strap, radius=0.05 * s)
    for i in range(3):  # the strap's holes
        c.circle(cx, cy + (0.19 + 0.03 * i) * s, 0.008 * s, mix(strap, (0, 0, 0), 0.4))
    c.rect(cx + 0.12 * s, cy - 0.04 * s, cx + 0.145 * s, cy + 0.03 * s, (150, 154, 160),
           radius=0.01 * s)  # the crown
    c.rect(cx - 0.13 * s, cy - 0.15 * s, cx + 0.13 * s, cy + 0.15 * s,
           lit((170, 174, 182), cx, cy, 0.16 * s, 0.3, shine=0.3), radius=0.06 * s)
    c.rect(cx - 0.11 * s, cy - 0.13 * s, cx + 0.11 * s, cy + 0.13 * s, SCREEN, radius=0.05 * s)
    c.circle(cx, cy, 0.075 * s, mix(colour, (255, 255, 255), 0.35))  # the face's ring
    c.circle(cx, cy, 0.062 * s, SCREEN)
    c.rect(cx - 0.04 * s, cy - 0.012 * s, cx + 0.04 * s, cy + 0.012 * s, (240, 240, 240),
           radius=0.012 * s)  # the time, as a bar


def _band(c: Canvas, cx: float, cy: float, s: float, colour: Color,
          words: frozenset[str]) -> None:
    _shadow(c, cx, cy + 0.3 * s, 0.12 * s)
    c.rect(cx - 0.055 * s, cy - 0.3 * s, cx + 0.055 * s, cy + 0.3 * s,
           lit(colour, cx, cy, 0.3 * s, 0.2), radius=0.05 * s)
    c.rect(cx - 0.075 * s, cy - 0.15 * s, cx + 0.075 * s, cy + 0.15 * s, SCREEN,
           radius=0.05 * s)
    c.rect(cx - 0.05 * s, cy - 0.11 * s, cx + 0.05 * s, cy + 0.11 * s, (36, 40, 52),
           radius=0.035 * s)
    for i, tone in enumerate(((90, 200, 250), (240, 240, 240), (120, 220, 140))):
        c.rect(cx - 0.03 * s, cy + (-0.06 + 0.045 * i) * s, cx + 0.03 * s,
               cy + (-0.045 + 0.045 * i) * s, tone, radius=0.007 * s)


def _speaker(c: Canvas, cx: float, cy: float, s: float, colour: Color,
             words: frozenset[str]) -> None:
    if words & {"max", "party", "large"}:  # a wide box with two woofers
        w, h = 0.4 * s, 0.22 * s
        _shadow(c, cx, cy + h, w * 1.05)
        c.rect(cx - w, cy - h, cx + w, cy + h, lit(colour, cx, cy, w, 0.25, shine=0.15),
               radius=0.06 * s)
        for side in (-1, 1):
            x = cx + side * w * 0.5
            c.circle(x, cy, h * 0.75, mix(colour, (0, 0, 0), 0.55))
            c.circle(x, cy, h * 0.35, lit((80, 84, 92), x, cy, h * 0.35, 0.4, shine=0.4))
        c.rect(cx - 0.03 * s, cy - h * 0.85, cx + 0.03 * s, cy - h * 0.75, (240, 240, 240),
               radius=0.005 * s)
        return
    w, h = 0.13 * s, 0.27 * s  # a standing cylinder under a fabric mesh
    _shadow(c, cx, cy + h, w * 1.6)
    c.rect(cx - w, cy - h, cx + w, cy + h, lit(colour, cx, cy, w * 1.5, 0.45, shine=0.2),
           radius=w * 0.9)
    for row in range(9):
        for col in range(5):
            x = cx + (col - 2) * w * 0.34 + (row % 2) * w * 0.17
            if abs(x - cx) < w * 0.8:
                c.circle(x, cy - h * 0.55 + row * h * 0.14, 0.006 * s,
                         mix(colour, (0, 0, 0), 0.35))
    c.ellipse(cx, cy - h + w * 0.35, w * 0.8, w * 0.22, mix(colour, (255, 255, 255), 0.25))


def _power_bank(c: Canvas, cx: float, cy: float, s: float, colour: Color,
                words: frozenset[str]) -> None:
    _shadow(c, cx, cy + 0.27 * s, 0.2 * s)
    w, h = 0.15 * s, 0.27 * s
    c.rect(cx - w, cy - h, cx + w, cy + h, lit(colour, cx, cy, h, 0.3, shine=0.25),
           radius=0.04 * s)
    c.rect(cx - w * 0.3, cy - h - 0.004, cx + w * 0.3, cy - h + 0.02 * s, SCREEN,
           radius=0.006 * s)  # the USB-C port on the top edge
    for i in range(4):  # the charge lights
        c.circle(cx - 0.045 * s + i * 0.03 * s, cy + h * 0.7, 0.008 * s,
                 (90, 200, 250) if i < 3 else mix(colour, (0, 0, 0), 0.3))
    c.rect(cx - w * 0.45, cy - h * 0.2, cx + w * 0.45, cy - h * 0.08,
           mix(colour, (255, 255, 255), 0.3), radius=0.01 * s)  # the brand, as a bar


def _keyboard(c: Canvas, cx: float, cy: float, s: float, colour: Color,
              words: frozenset[str]) -> None:
    _shadow(c, cx, cy + 0.18 * s, 0.5 * s)
    w, h = 0.46 * s, 0.18 * s
    c.rect(cx - w, cy - h, cx + w, cy + h, lit(mix(colour, (0, 0, 0), 0.2), cx, cy, w, 0.15),
           radius=0.025 * s)
    cols, rows = 14, 5
    kw, kh = (2 * w - 0.04 * s) / cols, (2 * h - 0.04 * s) / rows
    cap = mix(colour, (255, 255, 255), 0.55)
    for row in range(rows):
        y = cy - h + 0.02 * s + row * kh
        if row == rows - 1:  # the space bar row
            c.rect(cx - w * 0.35, y + kh * 0.1, cx + w * 0.35, y + kh * 0.9, cap,
                   radius=0.008 * s)
            continue
        for col in range(cols):
            x = cx - w + 0.02 * s + col * kw
            tone = (232, 120, 48) if (row, col) == (0, 0) else cap  # the accent Esc key
            c.rect(x + kw * 0.1, y + kh * 0.1, x + kw * 0.9, y + kh * 0.9, tone,
                   radius=0.008 * s)
