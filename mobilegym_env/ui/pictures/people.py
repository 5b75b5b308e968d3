"""Scenes with people and things close up: a portrait, a group, food from above, a birthday
cake and balloons. Faces stay soft (hair, shading, a hint of features), as a small photo shows
them."""

from __future__ import annotations

import numpy as np

from .canvas import Canvas, Color, lit, mix

SKIN = ((241, 200, 170), (224, 172, 136), (198, 140, 102), (160, 106, 72), (112, 74, 50))
HAIR = ((40, 30, 26), (78, 50, 32), (140, 96, 56), (196, 160, 100), (26, 22, 22))
CLOTHES = ((52, 92, 160), (190, 60, 60), (60, 130, 100), (230, 200, 80), (70, 70, 80),
           (236, 236, 236), (150, 90, 150), (220, 130, 70))


def pick(r: np.random.Generator, options: tuple[Color, ...]) -> Color:
    return options[int(r.integers(len(options)))]


def bokeh(c: Canvas, count: int, colors: tuple[Color, ...], top: float = 0.0,
          bottom: float = 1.0) -> None:
    """Out-of-focus lights: soft discs scattered over a band of the picture."""
    r = c.rng()
    for _ in range(count):
        c.circle(float(r.uniform(0, c.aspect)), float(r.uniform(top, bottom)),
                 float(r.uniform(0.03, 0.09)), pick(r, colors), soft=0.02,
                 alpha=float(r.uniform(0.2, 0.5)))


def person(c: Canvas, cx: float, top: float, scale: float, r: np.random.Generator) -> None:
    """A person from the chest up: shoulders, neck, a shaded face under a hairline."""
    skin, hair, shirt = pick(r, SKIN), pick(r, HAIR), pick(r, CLOTHES)
    hr = 0.11 * scale  # head radius
    hy = top + hr * 1.1
    shade = mix(skin, (0, 0, 0), 0.14)
    if r.random() < 0.45:  # long hair falls behind the shoulders
        c.rect(cx - hr * 1.0, hy - hr * 0.5, cx + hr * 1.0, hy + hr * 1.9, hair,
               radius=hr * 0.7)
    c.rect(cx - hr * 0.36, hy + hr * 0.5, cx + hr * 0.36, hy + hr * 1.8, shade,
           radius=hr * 0.2)
    c.ellipse(cx, hy + hr * 3.15, hr * 2.5, hr * 1.6,
              lit(shirt, cx, hy + hr * 2.6, hr * 2.5, 0.25))
    c.ellipse(cx, hy + hr * 1.62, hr * 0.42, hr * 0.2, shade)  # the neckline
    for side in (-1, 1):
        c.ellipse(cx + side * hr * 0.8, hy + hr * 0.12, hr * 0.15, hr * 0.22, shade)
    c.ellipse(cx, hy + hr * 0.9, hr * 0.3, hr * 0.2, mix(skin, (0, 0, 0), 0.3), soft=hr * 0.05,
              alpha=0.6)  # the chin's shadow on the neck
    c.ellipse(cx, hy - hr * 0.12, hr * 0.92, hr * 0.98, lit(hair, cx, hy - hr * 0.3, hr, 0.3,
                                                            shine=0.25))
    c.ellipse(cx, hy + hr * 0.12, hr * 0.8, hr * 0.86, lit(skin, cx, hy, hr, 0.2))
    c.ellipse(cx, hy - hr * 0.5, hr * 0.74, hr * 0.2, (0, 0, 0), soft=hr * 0.12,
              alpha=0.18)  # the hair's shadow on the forehead
    c.ellipse(cx, hy - hr * 0.62, hr * 0.7, hr * 0.3, hair, soft=0.004)  # fringe
    for side in (-1, 1):  # cheeks
        c.ellipse(cx + side * hr * 0.45, hy + hr * 0.42, hr * 0.16, hr * 0.1, (220, 110, 110),
                  soft=hr * 0.1, alpha=0.18)
    for side in (-1, 1):  # a hint of eyes and brows, as soft as a small photo shows them
        ex = cx + side * hr * 0.3
        c.ellipse(ex, hy + hr * 0.1, hr * 0.085, hr * 0.055, (56, 40, 36), alpha=0.8)
        c.rect(ex - hr * 0.14, hy - hr * 0.1, ex + hr * 0.14, hy - hr * 0.05,
               mix(hair, skin, 0.35), radius=hr * 0.025, alpha=0.7)
    c.ellipse(cx, hy + hr * 0.5, hr * 0.05, hr * 0.1, shade, alpha=0.35)  # nose
    c.ellipse(cx, hy + hr * 0.66, hr * 0.2, hr * 0.055, (176, 96, 92), alpha=0.65)


def portrait(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    outdoors = r.random() < 0.5
    if outdoors:
        c.fill(c.gradient([(0.0, (160, 196, 150)), (0.6, (96, 140, 90)), (1.0, (70, 100, 70))]))
        bokeh(c, 18, ((230, 240, 200), (180, 220, 160), (250, 250, 230)))
    else:
        c.fill(c.gradient([(0.0, (214, 196, 176)), (1.0, (150, 128, 110))]))
        bokeh(c, 14, ((255, 220, 160), (255, 240, 210)), 0.0, 0.5)
    person(c, c.aspect * float(r.uniform(0.42, 0.58)), 0.18, 1.8, r)


def group(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    c.fill(c.gradient([(0.0, (236, 222, 200)), (1.0, (190, 170, 150))]))
    for i in range(int(a * 9)):  # a string of bunting across the wall
        x = i / 9 + 0.02
        c.polygon([(x, 0.08), (x + 0.08, 0.08), (x + 0.04, 0.16)],
                  ((230, 90, 90), (250, 200, 70), (80, 160, 210), (120, 190, 120))[i % 4])
    c.line([(0.0, 0.08), (a, 0.08)], 0.004, (120, 100, 90))
    count = int(r.integers(3, 6))
    back = [(a * (i + 0.5) / count + float(r.uniform(-0.03, 0.03)), 0.22, 1.0)
            for i in range(count)]
    front = [(a * (i + 1) / count + float(r.uniform(-0.03, 0.03)), 0.36, 1.15)
             for i in range(count - 1)]
    for cx, top, scale in back + front:
        person(c, cx, top + float(r.uniform(-0.03, 0.03)), scale, r)


def food(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    grain = c.noise2(3, 4, stretch=12.0)
    wood = np.asarray(pick(r, ((150, 102, 64), (186, 140, 96), (110, 74, 48))), np.float32)
    c.fill(wood * (1 + 0.14 * grain)[..., None])
    cx, cy, pr = a * float(r.uniform(0.4, 0.55)), float(r.uniform(0.45, 0.55)), 0.33
    c.circle(cx + 0.02, cy + 0.03, pr, (0, 0, 0), soft=0.04, alpha=0.35)
    c.circle(cx, cy, pr, lit((242, 240, 234), cx, cy, pr, 0.08))
    c.circle(cx, cy, pr * 0.72, (232, 230, 224), soft=0.01)
    dish = ("pizza", "salad", "pasta")[int(r.integers(3))]
    if "pizza" in words:
        dish = "pizza"
    if dish == "pizza":
        c.circle(cx, cy, pr * 0.8, (206, 150, 80))
        c.circle(cx, cy, pr * 0.7, (196, 70, 44))
        for _ in range(40):
            ang, d = r.uniform(0, 2 * np.pi), pr * 0.62 * np.sqrt(r.random())
            c.circle(cx + d * np.cos(ang), cy + d * np.sin(ang), pr * float(r.uniform(0.05,
                     0.1)), (246, 214, 140), soft=0.01, alpha=0.85)
        for _ in range(9):
            ang, d = r.uniform(0, 2 * np.pi), pr * 0.55 * np.sqrt(r.random())
            c.circle(cx + d * np.cos(ang), cy + d * np.sin(ang), pr * 0.09, (150, 40, 36))
    else:
        greens = ((96, 160, 60), (60, 120, 40), (150, 196, 80)) if dish == "salad" else \
            ((232, 190, 110), (240, 204, 130), (220, 170, 90))
        extras = ((210, 50, 40), (250, 200, 60), (240, 240, 230)) if dish == "salad" else \
            ((180, 50, 40), (90, 130, 50))
        for i in range(110):
            ang, d = r.uniform(0, 2 * np.pi), pr * 0.6 * np.sqrt(r.random())
            colors = extras if i % 6 == 0 else greens
            c.ellipse(cx + d * np.cos(ang), cy + d * np.sin(ang), pr * float(r.uniform(0.05,
                      0.12)), pr * float(r.uniform(0.04, 0.08)), pick(r, colors), soft=0.004)
    for side in (-1, 1):  # knife and fork beside the plate
        x = cx + side * (pr + 0.07)
        c.rect(x - 0.012, cy - 0.28, x + 0.012, cy + 0.3, lit((196, 198, 204), x, cy, 0.3),
               radius=0.012)
    mug_x = cx + pr + 0.26
    c.circle(mug_x + 0.015, cy - 0.2, 0.13, (0, 0, 0), soft=0.03, alpha=0.3)
    c.circle(mug_x, cy - 0.22, 0.13, (246, 246, 244))
    c.circle(mug_x, cy - 0.22, 0.1, (96, 60, 34))
    c.circle(mug_x, cy - 0.22, 0.07, (150, 104, 66), soft=0.02)


def cake(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    c.fill(c.gradient([(0.0, (60, 40, 40)), (0.6, (110, 76, 60)), (1.0, (90, 64, 52))]))
    bokeh(c, 20, ((255, 200, 120), (255, 170, 100), (255, 230, 180)), 0.0, 0.5)
    c.blend(c.below(np.full((1, c.w), 0.7, np.float32)),
            c.gradient([(0.7, (240, 236, 230)), (1.0, (204, 198, 192))]))
    cx, w = a / 2, min(0.32, a * 0.36)
    top, bottom = 0.48, 0.74
    frosting = pick(r, ((246, 196, 210), (250, 244, 236), (120, 76, 52)))
    c.ellipse(cx, bottom + 0.02, w * 1.25, 0.05, (236, 236, 240))
    c.rect(cx - w, top, cx + w, bottom, lit(frosting, cx, (top + bottom) / 2, w, 0.35))
    c.ellipse(cx, bottom, w, 0.04, lit(frosting, cx, bottom, w, 0.35))
    c.rect(cx - w, (top + bottom) / 2, cx + w, (top + bottom) / 2 + 0.02,
           mix(frosting, (255, 255, 255), 0.5))
    c.ellipse(cx, top, w, 0.05, mix(frosting, (255, 255, 255), 0.3))
    for i in range(9):  # drips of icing over the edge
        x = cx - w + (i + 0.5) * 2 * w / 9
        c.ellipse(x, top + 0.04, 0.018, float(r.uniform(0.02, 0.045)),
                  mix(frosting, (255, 255, 255), 0.3))
    for i in range(int(r.integers(3, 7))):
        x = cx - w * 0.6 + i * w * 0.3
        y = top - 0.02 + 0.01 * (i % 2)
        c.rect(x - 0.009, y - 0.12, x + 0.009, y, pick(r, ((120, 170, 230), (240, 140, 170),
                                                           (250, 230, 120))), radius=0.004)
        c.ellipse(x, y - 0.15, 0.03, 0.05, (255, 190, 90), soft=0.03, alpha=0.6)
        c.ellipse(x, y - 0.145, 0.008, 0.02, (255, 236, 170))


def balloons(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    c.fill(c.gradient([(0.0, (180, 214, 240)), (1.0, (236, 240, 246))]))
    colors = ((230, 60, 70), (250, 190, 40), (60, 130, 220), (120, 200, 110), (236, 110, 180),
              (160, 100, 210))
    for i in range(int(r.integers(6, 10))):
        bx, by = float(r.uniform(0.12, a - 0.12)), float(r.uniform(0.14, 0.55))
        rx = float(r.uniform(0.075, 0.1))
        color = colors[i % len(colors)]
        c.line([(bx, by + rx * 1.2), (bx + float(r.uniform(-0.1, 0.1)), 0.85),
                (a / 2, 1.02)], 0.003, (120, 120, 130))
        c.ellipse(bx, by, rx, rx * 1.2, lit(color, bx, by, rx, 0.45, shine=0.7))
        c.polygon([(bx - 0.012, by + rx * 1.28), (bx + 0.012, by + rx * 1.28),
                   (bx, by + rx * 1.16)], color)
