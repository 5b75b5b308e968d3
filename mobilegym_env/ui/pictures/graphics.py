"""Flat pictures: phone screenshots, a poster, documents (a floor plan, a printed page) and
the home-screen wallpaper. Text is drawn as rounded bars, as it reads in a thumbnail (and so
a picture never holds words an agent could mistake for the screen's own)."""

from __future__ import annotations

import numpy as np

from .canvas import Canvas, Color, mix

INK = (60, 64, 70)
FAINT = (200, 204, 210)
ACCENTS = ((26, 115, 232), (11, 128, 67), (217, 48, 37), (142, 36, 170), (0, 137, 123),
           (245, 124, 0))


def bar(c: Canvas, x: float, y: float, w: float, h: float, color: Color,
        alpha: float = 1.0) -> None:
    """A line of text: a rounded bar ``h`` high."""
    c.rect(x, y, x + w, y + h, color, radius=h / 2, alpha=alpha)


def paragraph(c: Canvas, x: float, y: float, w: float, lines: int, r: np.random.Generator,
              h: float = 0.008, gap: float = 0.02, color: Color = FAINT) -> float:
    """Lines of text bars (the last one short); returns the y below them."""
    for i in range(lines):
        width = w * (float(r.uniform(0.3, 0.7)) if i == lines - 1 else
                     float(r.uniform(0.85, 1.0)))
        bar(c, x, y, width, h, color)
        y += gap
    return y


def _status_bar(c: Canvas, dark: bool) -> None:
    fg = (240, 240, 240) if dark else (40, 40, 44)
    bar(c, 0.03, 0.012, 0.045, 0.009, fg)
    for i in range(3):
        c.circle(c.aspect - 0.03 - i * 0.022, 0.0165, 0.006, fg)


def screenshot(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    accent = ACCENTS[int(r.integers(len(ACCENTS)))]
    kind = ("list", "chat", "map", "article", "settings")[int(r.integers(5))]
    c.fill((255, 255, 255) if kind != "map" else (236, 232, 222))
    if kind == "map":
        _map(c, r, accent)
    else:
        c.rect(0, 0, a, 0.09, mix(accent, (255, 255, 255), 0.88))
        bar(c, 0.1 if kind == "chat" else 0.04, 0.052, 0.16, 0.014, INK)
        {"list": _list, "chat": _chat, "article": _article, "settings": _settings}[kind](
            c, r, accent)
    _status_bar(c, False)
    bar(c, a / 2 - 0.05, 0.985, 0.1, 0.005, (60, 60, 60))


def _list(c: Canvas, r: np.random.Generator, accent: Color) -> None:
    y = 0.11
    while y < 0.95:
        c.circle(0.06, y + 0.02, 0.022, mix(ACCENTS[int(r.integers(len(ACCENTS)))],
                                              (255, 255, 255), 0.25))
        bar(c, 0.1, y + 0.008, float(r.uniform(0.12, 0.22)), 0.01, INK)
        bar(c, 0.1, y + 0.028, float(r.uniform(0.18, 0.3)), 0.008, FAINT)
        bar(c, c.aspect - 0.07, y + 0.008, 0.035, 0.007, FAINT)
        y += 0.065
    c.rect(c.aspect - 0.14, 0.86, c.aspect - 0.04, 0.905, mix(accent, (255, 255, 255), 0.7),
           radius=0.014)


def _chat(c: Canvas, r: np.random.Generator, accent: Color) -> None:
    c.circle(0.06, 0.056, 0.016, mix(accent, (255, 255, 255), 0.3))
    y = 0.12
    while y < 0.86:
        mine = r.random() < 0.5
        lines = int(r.integers(1, 4))
        w = float(r.uniform(0.14, 0.3))
        h = 0.012 + lines * 0.018
        x = c.aspect - 0.03 - w if mine else 0.03
        c.rect(x, y, x + w, y + h, accent if mine else (236, 238, 242), radius=0.016)
        for i in range(lines):
            bar(c, x + 0.015, y + 0.011 + i * 0.018, (w - 0.03) * (0.6 if i == lines - 1
                                                                   else 1.0), 0.006,
                (255, 255, 255) if mine else (150, 154, 160))
        y += h + 0.015
    c.rect(0.03, 0.91, c.aspect - 0.03, 0.95, (240, 242, 246), radius=0.02)


def _article(c: Canvas, r: np.random.Generator, accent: Color) -> None:
    c.rect(0, 0.09, c.aspect, 0.3, mix(accent, (255, 255, 255), 0.3))
    c.circle(c.aspect * 0.7, 0.17, 0.05, mix(accent, (255, 255, 255), 0.7))
    y = 0.33
    for _ in range(2):
        bar(c, 0.04, y, c.aspect * float(r.uniform(0.6, 0.9)), 0.016, INK)
        y += 0.028
    y += 0.01
    while y < 0.9:
        y = paragraph(c, 0.04, y, c.aspect - 0.08, int(r.integers(3, 6)), r) + 0.02


def _settings(c: Canvas, r: np.random.Generator, accent: Color) -> None:
    y = 0.12
    while y < 0.93:
        c.circle(0.06, y + 0.017, 0.015, mix(accent, (255, 255, 255), 0.2))
        bar(c, 0.11, y + 0.008, float(r.uniform(0.12, 0.2)), 0.009, INK)
        bar(c, 0.11, y + 0.025, float(r.uniform(0.15, 0.25)), 0.007, FAINT)
        if r.random() < 0.4:
            on = r.random() < 0.5
            x = c.aspect - 0.09
            c.rect(x, y + 0.007, x + 0.055, y + 0.03, accent if on else (220, 222, 226),
                   radius=0.012)
            c.circle(x + (0.043 if on else 0.012), y + 0.0185, 0.009, (255, 255, 255))
        y += 0.058


def _map(c: Canvas, r: np.random.Generator, accent: Color) -> None:
    a = c.aspect
    c.ellipse(a * float(r.uniform(0, 1)), float(r.uniform(0.2, 0.8)), 0.25, 0.12,
              (170, 206, 240))
    for _ in range(4):
        x, y = a * float(r.uniform(0, 1)), float(r.uniform(0.1, 0.9))
        c.rect(x, y, x + float(r.uniform(0.06, 0.15)), y + float(r.uniform(0.03, 0.08)),
               (196, 228, 180), radius=0.01)
    for i in range(8):  # a street grid, two of them main roads
        if i % 2:
            y = (i + float(r.uniform(0.2, 0.8))) / 8
            pts = [(-0.05, y), (a + 0.05, y + float(r.uniform(-0.05, 0.05)))]
        else:
            x = a * (i + float(r.uniform(0.2, 0.8))) / 8
            pts = [(x, -0.05), (x + float(r.uniform(-0.05, 0.05)), 1.05)]
        major = i in (2, 5)
        c.line(pts, 0.018 if major else 0.012, (214, 212, 206))
        c.line(pts, 0.014 if major else 0.008, (255, 226, 150) if major else (255, 255, 255))
    px, py = a * float(r.uniform(0.3, 0.7)), float(r.uniform(0.35, 0.6))
    c.circle(px, py, 0.03, (26, 115, 232), alpha=0.2)
    c.circle(px, py, 0.011, (255, 255, 255))
    c.circle(px, py, 0.008, (26, 115, 232))
    c.rect(0.03, 0.045, a - 0.03, 0.085, (255, 255, 255), radius=0.02)
    bar(c, 0.08, 0.061, 0.14, 0.008, FAINT)


def poster(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    hue = ACCENTS[int(r.integers(len(ACCENTS)))]
    c.fill(c.gradient([(0.0, (24, 16, 48)), (0.7, mix(hue, (30, 10, 60), 0.5)),
                       (1.0, (20, 12, 36))]))
    for i in range(4):  # spotlights from the top
        x = a * (0.1 + 0.27 * i)
        c.polygon([(x - 0.01, -0.02), (x + 0.01, -0.02), (x + 0.25 - i * 0.15, 0.8),
                   (x + 0.05 - i * 0.15, 0.8)], (255, 240, 220), soft=0.04, alpha=0.12)
    for _ in range(30):
        c.circle(a * float(r.uniform(0, 1)), float(r.uniform(0, 0.5)), 0.004,
                 (255, 255, 255), alpha=float(r.uniform(0.3, 0.9)))
    cx, cy, rad = a / 2, 0.38, min(0.22, a * 0.3)
    warm, pink = np.float32((255, 200, 90)), np.float32((240, 80, 120))
    c.circle(cx, cy, rad, lambda x, y: warm + (pink - warm) * np.clip(
        (y - cy + rad) / (2 * rad), 0, 1)[..., None] + 0 * x[..., None])
    c.circle(cx, cy, rad * 0.3, (24, 16, 48))
    c.circle(cx, cy, rad * 0.08, (250, 150, 100))
    y = 0.66
    for w in (0.8, 0.6):
        bar(c, (a - a * w) / 2, y, a * w, 0.045, (255, 255, 255))
        y += 0.065
    bar(c, a * 0.3, y + 0.01, a * 0.4, 0.02, mix(hue, (255, 255, 255), 0.4))
    for i in range(3):
        bar(c, a * 0.2, y + 0.06 + i * 0.025, a * 0.6, 0.01, (200, 190, 220))


def document(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    c.fill((250, 250, 246))
    if "plan" in words or "floor" in words:
        _floor_plan(c, r)
        return
    m = 0.08
    c.circle(m + 0.03, m + 0.03, 0.03, ACCENTS[int(r.integers(len(ACCENTS)))])
    bar(c, m + 0.08, m + 0.015, a * 0.4, 0.016, INK)
    bar(c, m + 0.08, m + 0.045, a * 0.25, 0.009, FAINT)
    y = m + 0.12
    while y < 0.9:
        if r.random() < 0.2:
            bar(c, m, y, a * 0.35, 0.012, INK)
            y += 0.03
        y = paragraph(c, m, y, a - 2 * m, int(r.integers(2, 6)), r, color=(170, 174, 180))
        y += 0.025


def _floor_plan(c: Canvas, r: np.random.Generator) -> None:
    a = c.aspect
    wall, thin = (40, 44, 52), (150, 156, 166)
    x0, y0, x1, y1 = 0.08, 0.1, a - 0.08, 0.9
    split_x = x0 + (x1 - x0) * float(r.uniform(0.45, 0.6))
    split_y = y0 + (y1 - y0) * float(r.uniform(0.4, 0.6))
    c.line([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], 0.016, wall)
    c.line([(split_x, y0), (split_x, y1)], 0.008, wall)
    c.line([(x0, split_y), (split_x - 0.08, split_y)], 0.008, wall)
    c.line([(split_x, split_y + 0.1), (x1, split_y + 0.1)], 0.008, wall)
    for dx, dy in ((split_x - 0.08, split_y), (split_x, split_y + 0.2)):  # door swings
        pts = [(dx + 0.08 * np.cos(t), dy - 0.08 * np.sin(t)) for t in np.linspace(0,
                                                                                   np.pi / 2, 9)]
        c.line([(dx, dy), *pts[::-1][:1]], 0.004, thin)
        c.line(pts, 0.003, thin)
    for wx in (x0 + 0.08, split_x + 0.1):  # windows in the outer wall
        c.rect(wx, y0 - 0.01, wx + 0.12, y0 + 0.01, (250, 250, 246))
        c.line([(wx, y0), (wx + 0.12, y0)], 0.004, (90, 140, 200))
    c.rect(split_x + 0.05, y0 + 0.05, split_x + 0.2, y0 + 0.2, (236, 238, 242), radius=0.01)
    c.circle((x0 + split_x) / 2, (split_y + y1) / 2, 0.07, (236, 238, 242))
    for cx, cy in (((x0 + split_x) / 2, (y0 + split_y) / 2), ((split_x + x1) / 2,
                                                             (split_y + y1) / 2 + 0.05)):
        bar(c, cx - 0.06, cy, 0.12, 0.012, thin)
        bar(c, cx - 0.04, cy + 0.022, 0.08, 0.009, FAINT)
    c.line([(x0, 0.05), (x1, 0.05)], 0.002, thin)
    for x in (x0, x1):
        c.line([(x, 0.04), (x, 0.06)], 0.002, thin)


# top to bottom: blues deep enough under white labels, a warm band below the icon rows
WAVES = ((98, 124, 186), (84, 110, 176), (70, 96, 164), (214, 140, 120), (52, 74, 142),
         (36, 54, 112))


def wallpaper(c: Canvas, dark: bool) -> None:
    """Soft layered waves, as Pixel's abstract wallpapers: tones deep enough for the home
    screen's white labels, a warm band for colour, a shadow under every crest."""
    r = c.rng()
    a = c.aspect
    dim = 0.45 if dark else 1.0
    c.fill(np.asarray(WAVES[0], np.float32) * dim)
    for i, tone in enumerate(WAVES[1:]):
        base = 0.18 + 0.17 * i
        phase, freq = float(r.uniform(0, 6)), float(r.uniform(1.5, 2.5))
        crest = base + 0.05 * np.sin(c.x[0] / a * freq * np.pi + phase) + \
            0.02 * np.sin(c.x[0] / a * freq * 2.3 * np.pi + phase * 2)
        shadow = np.clip((c.y - crest[None, :] + 0.04) / 0.04, 0, 1) * (c.y < crest[None, :])
        c.blend(shadow ** 2 * 0.3, (0, 0, 0))
        color = np.asarray(tone, np.float32) * dim
        c.blend(c.below(crest[None, :]), c.gradient([(0.0, mix(color, (255, 255, 255), 0.12)),
                                                     (1.0, mix(color, (0, 0, 0), 0.15))]))
