"""Outdoor scenes: mountains, a lake, a waterfall, a sunset (over a bridge or the sea), a beach
and a city at night. Each paints a :class:`Canvas`; ``words`` are the file name's words."""

from __future__ import annotations

import numpy as np

from .canvas import Canvas, Color, lit, mix

WHITE = (250, 250, 252)


def sky(c: Canvas, top: Color, horizon: Color, at: float, clouds: float = 0.0,
        cloud_color: Color = WHITE) -> None:
    """A sky graded down to ``at`` (the horizon), with ``clouds`` (0..1) of cover above it."""
    c.fill(c.gradient([(0.0, top), (at, horizon), (1.0, horizon)]))
    if clouds:
        n = c.noise2(2.2, 5, stretch=2.5)
        cover = np.clip((n - 0.45 + clouds * 0.5) * 2.5, 0, 1)
        cover *= np.clip((at - c.y) / max(at, 1e-3) * 3, 0, 1)
        shade = c.gradient([(0.0, cloud_color), (at, mix(cloud_color, horizon, 0.4))])
        c.blend(cover * 0.9, shade)


def ridge(c: Canvas, base: float, amp: float, freq: float, color: Color,
          texture: np.ndarray | None = None, sharp: bool = True, snow: float = 0.0) -> np.ndarray:
    """A mountain range whose skyline sits around ``base``, its peaks capped with ``snow``
    (how far down it reaches); returns the skyline."""
    n = c.noise1(freq, 5)
    line = base - amp * ((1 - np.abs(n)) * 2 - 1 if sharp else n)
    cover = c.below(line[None, :])
    tint = np.asarray(color, np.float32)
    paint = tint if texture is None else tint * (1 + 0.12 * texture)[..., None]
    c.blend(cover, paint)
    if snow:
        # caps down from the skyline, only on the upper part of the peaks
        depth = snow * (0.6 + (0 if texture is None else 0.4 * texture))
        reach = np.minimum(line[None, :] + depth, base - amp * 0.1)
        c.blend(cover * np.clip((reach - c.y) / 0.01, 0, 1) * 0.9, (240, 244, 250))
    return line


def treeline(c: Canvas, base: float | np.ndarray, height: float, color: Color,
             density: int = 40, depth: float | None = None) -> None:
    """A row of conifers (each a spire) standing on ``base`` (a height, or one per column);
    with ``depth``, only a band that deep below their feet (trees along a rim), else
    everything below them."""
    r = c.rng()
    count = max(int(density * c.aspect), 4)
    xs = r.uniform(-0.05, c.aspect + 0.05, count).astype(np.float32)
    base = np.broadcast_to(np.asarray(base, np.float32), c.x[0].shape)
    feet = np.interp(xs, c.x[0], base).astype(np.float32)
    tops = feet - height * r.uniform(0.5, 1.0, count).astype(np.float32)
    slope = r.uniform(2.5, 3.5)
    # the skyline is the lowest (highest on screen) spire profile over every column
    profile = tops[:, None] + slope * np.abs(c.x[0][None, :] - xs[:, None])
    line = np.minimum(profile.min(axis=0), base)
    cover = c.below(line[None, :])
    if depth is not None:
        cover = cover * np.clip((base[None, :] + depth - c.y) / 0.01, 0, 1)
    c.blend(cover, color)


def granite(c: Canvas, dome: bool, at: float, size: float, horizon: float,
            texture: np.ndarray) -> None:
    """A granite monolith, lit from the left, rising to ``size`` above ``horizon`` around
    x = ``at``: Half Dome (a dome sheared off into a shaded sheer face) or El Capitan (a
    sunlit prow with a shaded flank and a wooded top)."""
    x = c.x[0]
    top = horizon - size
    if dome:
        line = top + 2.2 / size * (x - at) ** 2 + 0.3 * np.clip(at - size - x, 0, None)
        shadow = x > at + size * 0.08
        line = np.where(x > at + size * 0.09, horizon, line)
    else:
        rise = np.clip((x - at) / (size * 0.3), 0, 1)
        line = horizon - size * rise ** 0.4 + 0.25 * (np.clip(x - at - size * 0.4, 0, None)
                                                      ** 2) / size
        shadow = x > at + size * 1.1
    line = np.minimum(line, horizon)[None, :]
    depth = np.clip((c.y - line) / size, 0, 1)
    streaks = 0.06 * c.noise1(24 / size, 3)[None, :] * depth
    light = np.where(shadow[None, :], 0.72, 1.02 - 0.15 * depth) + streaks + 0.05 * texture
    c.blend(c.below(line), np.asarray((206, 198, 184), np.float32) * light[..., None])
    if not dome:  # trees along the rounded top
        rim = np.clip(0.5 + (line + size * 0.05 - c.y) / c.px, 0, 1) * c.below(line)
        c.blend(rim * np.clip(texture + 0.6, 0, 1) * (x > at + size * 0.35), (52, 74, 52))


def trail(c: Canvas, horizon: float, color: Color) -> None:
    """A path winding from the viewer's feet towards the horizon."""
    r = c.rng()
    depth = np.clip((c.y - horizon) / (1 - horizon), 0, 1)
    middle = c.aspect * (0.5 + 0.25 * np.sin(depth * float(r.uniform(3, 5)) + float(
        r.uniform(0, 6))) * depth)
    edge = np.abs(c.x - middle) - (0.004 + 0.12 * depth ** 1.5)
    c.blend(np.clip(0.5 - edge / c.px, 0, 1) * (c.y > horizon), color)


def meadow(c: Canvas, top: float, near: Color, far: Color) -> None:
    grass = c.gradient([(0.0, far), (top, far), (1.0, near)])
    c.blend(c.below(np.full((1, c.w), top, np.float32)),
            grass * (1 + 0.1 * c.noise2(10, 3, stretch=3.0))[..., None])


def mountains(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    horizon = float(r.uniform(0.56, 0.64)) + 0.1 * max(1 - a, 0)  # portraits show more sky
    sky(c, (64, 118, 196), (188, 214, 238), horizon, clouds=float(r.uniform(0.0, 0.5)))
    texture = c.noise2(8, 3)
    winter = "winter" in words
    ridge(c, horizon - 0.14, 0.1, 2.0, (152, 170, 196), texture, snow=0.08 if winter else 0.0)
    if "tunnel" in words:  # the valley's classic view: El Capitan left, Half Dome far off
        granite(c, True, a * 0.62, 0.14, horizon - 0.02, texture)
        granite(c, False, a * 0.04, 0.36, horizon + 0.02, texture)
    elif "dome" in words:
        granite(c, True, a * 0.55, 0.32, horizon + 0.02, texture)
    elif "capitan" in words:
        granite(c, False, a * 0.3, 0.38, horizon + 0.02, texture)
    else:
        ridge(c, horizon - 0.06, 0.09, 3.0, (110, 128, 152), texture,
              snow=0.06 if winter else 0.0)
    ridge(c, horizon + 0.01, 0.04, 4.0, (72, 98, 84), texture, sharp=False)
    treeline(c, horizon + 0.1, 0.12, (34, 62, 44))
    if winter:  # a snowfield, with the trail trodden into it
        meadow(c, horizon + 0.1, (214, 222, 234), (236, 240, 246))
    else:
        meadow(c, horizon + 0.1, (58, 92, 40), (96, 126, 60))
    if r.random() < 0.6:
        trail(c, horizon + 0.1, (190, 196, 206) if winter else (176, 158, 120))
    for _ in range(0 if winter else int(r.integers(2, 6))):  # boulders in the grass
        bx, by = float(r.uniform(0, a)), float(r.uniform(horizon + 0.2, 0.98))
        size = 0.02 + 0.05 * (by - horizon)
        c.ellipse(bx, by, size * 1.4, size, lit((136, 132, 122), bx, by, size, 0.5),
                  soft=0.003)


def reflect(c: Canvas, waterline: float, tint: Color, strength: float = 0.35) -> None:
    """Mirrors what is above ``waterline`` into the water below it, rippled and tinted."""
    top = int(waterline * c.h)
    if top >= c.h:
        return
    rows = np.arange(top, c.h)
    src = np.clip(2 * top - rows - 1, 0, c.h - 1)
    wobble = np.sin(rows * (90.0 / c.h)) * np.sin(rows * (23.0 / c.h) + 1.0)
    shift = (wobble * c.w * 0.004).astype(int)
    cols = np.clip(np.arange(c.w)[None, :] + shift[:, None], 0, c.w - 1)
    mirrored = c.img[src[:, None], cols]
    depth = ((rows - top) / max(c.h - top, 1))[:, None, None]
    c.img[top:] = (mirrored * (1 - strength) + np.asarray(tint) * strength) \
        * (1 - 0.25 * depth)


def lake(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    water = float(r.uniform(0.58, 0.64))
    sky(c, (70, 126, 200), (196, 220, 240), water - 0.04, clouds=float(r.uniform(0.1, 0.6)))
    texture = c.noise2(8, 3)
    ridge(c, water - 0.2, 0.12, 2.2, (150, 164, 186), texture)
    ridge(c, water - 0.08, 0.08, 3.5, (96, 116, 130), texture)
    treeline(c, water, 0.1, (30, 58, 40))
    reflect(c, water, (40, 80, 90))


def waterfall(c: Canvas, words: frozenset[str]) -> None:
    """A granite wall with a fall pouring from a notch in its rim into spray and forest."""
    r = c.rng()
    a = c.aspect
    sky(c, (76, 130, 206), (196, 220, 240), 0.3, clouds=0.4)
    cx = a * float(r.uniform(0.35, 0.65))
    notch = 0.05 * np.exp(-(((c.x[0] - cx) / 0.08) ** 2))
    rim = 0.16 + 0.06 * c.noise1(2.5, 4) + notch
    light = c.noise2(3, 3)  # faces turned to the sun and away from it
    grain = c.noise2(14, 3, stretch=0.25)  # fine vertical cracks and stains
    shade = 0.9 + 0.3 * light + 0.08 * grain - 0.25 * np.clip(c.y - 0.3, 0, 1)
    c.blend(c.below(rim[None, :]), np.asarray((168, 162, 150), np.float32) * shade[..., None])
    stain = np.exp(-(((c.x - cx) / 0.09) ** 2)) * (c.y > rim[None, :])
    c.blend(stain * 0.35, (70, 66, 60))  # rock darkened by the spray beside the fall
    for _ in range(4):  # dark streaks where water runs down the wall after rain
        sx = float(r.uniform(0, a))
        c.blend(np.exp(-(((c.x - sx) / 0.02) ** 2)) * (c.y > rim[None, :]) * 0.25,
                (80, 76, 70))
    treeline(c, rim + 0.01, 0.05, (46, 70, 46), density=30, depth=0.02)
    half = 0.012 + 0.035 * np.clip(c.y - 0.2, 0, 1)  # narrow at the lip, fanning out
    sway = 0.008 * c.noise1(2, 2, x=c.y[:, 0])[:, None]
    edge = np.abs(c.x - cx - sway) - half
    streaks = 0.82 + 0.18 * c.noise1(90, 2)[None, :]
    fall = np.clip(0.5 - edge / c.px, 0, 1) * (c.y > rim[None, :] - 0.01) * streaks
    c.blend(fall, (238, 242, 246))
    c.ellipse(cx, 0.8, 0.22, 0.08, (226, 232, 236), soft=0.1, alpha=0.75)
    treeline(c, 0.9, 0.22, (32, 60, 40), density=18)
    meadow(c, 0.9, (40, 70, 36), (64, 96, 50))
    treeline(c, 1.05, 0.3, (18, 36, 26), density=8)


def bridge(c: Canvas, deck: float, color: Color) -> None:
    """A suspension bridge in silhouette: two towers, the deck, the main cables."""
    a = c.aspect
    towers = (a * 0.22, a * 0.78)
    top = deck - 0.34
    for tx in towers:
        for dx in (-0.018, 0.018):
            c.rect(tx + dx - 0.007, top, tx + dx + 0.007, deck + 0.1, color)
        for yy in (top + 0.04, top + 0.13, top + 0.22):
            c.rect(tx - 0.025, yy, tx + 0.025, yy + 0.01, color)
    c.rect(-0.01, deck, a + 0.01, deck + 0.018, color)
    span = towers[1] - towers[0]
    mid = (towers[0] + towers[1]) / 2
    pts = [(towers[0] + span * i / 24,
            deck - 0.02 - (top - deck + 0.02) * -(((towers[0] + span * i / 24 - mid) /
                                                   (span / 2)) ** 2)) for i in range(25)]
    c.line(pts, 0.006, color)
    for tx, end in ((towers[0], -0.02), (towers[1], a + 0.02)):
        c.line([(tx, top + 0.005), (end, deck - 0.01)], 0.006, color)
    for x, y in pts[1:-1:2]:
        c.line([(x, y), (x, deck)], 0.002, color, alpha=0.8)


def sunset(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    horizon = float(r.uniform(0.6, 0.7))
    sun_x = a * float(r.uniform(0.3, 0.7))
    c.fill(c.gradient([(0.0, (44, 42, 92)), (horizon * 0.45, (132, 70, 118)),
                       (horizon * 0.8, (236, 122, 76)), (horizon, (255, 196, 112)),
                       (1.0, (255, 196, 112))]))
    glow = np.exp(-(((c.x - sun_x) / 0.5) ** 2 + ((c.y - horizon) / 0.25) ** 2))
    c.blend(glow * 0.6, (255, 214, 140))
    n = c.noise2(3.0, 4, stretch=4.0)
    streak = np.clip((n - 0.15) * 3, 0, 1) * np.clip((horizon - c.y) * 4, 0, 1)
    c.blend(streak * 0.55, c.gradient([(0.0, (90, 50, 90)), (horizon, (210, 90, 90))]))
    c.circle(sun_x, horizon - 0.035, 0.045, (255, 240, 200))
    sea = c.gradient([(0.0, (70, 52, 90)), (horizon, (84, 58, 92)), (1.0, (26, 22, 48))])
    c.blend(c.below(np.full((1, c.w), horizon, np.float32)), sea)
    ripples = np.clip(c.noise2(30, 2, stretch=6.0) * 2, 0, 1)
    column = np.exp(-((c.x - sun_x) / (0.04 + (c.y - horizon) * 0.4)) ** 2) * (c.y > horizon)
    c.blend(column * ripples, (255, 200, 130))
    hills = horizon + 0.004 - 0.05 * np.clip(c.noise1(2.5, 3) + 0.2, 0, 1)
    c.blend(c.below(hills[None, :]) * (c.y <= horizon + 0.002), (70, 40, 70))
    if "gate" in words or "bridge" in words:
        bridge(c, horizon + 0.02, (40, 22, 34))


def beach(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    horizon = float(r.uniform(0.42, 0.5))
    sky(c, (72, 146, 222), (190, 224, 246), horizon, clouds=float(r.uniform(0.1, 0.4)))
    shore = horizon + 0.22 + 0.03 * c.noise1(3, 3)
    sea = c.gradient([(0.0, (24, 96, 150)), (horizon, (24, 96, 150)), (horizon + 0.2,
                      (48, 170, 180)), (1.0, (48, 170, 180))])
    c.blend(c.below(np.full((1, c.w), horizon, np.float32)), sea)
    waves = np.clip(c.noise2(20, 2, stretch=5.0) - 0.3, 0, 1) * (c.y > horizon)
    c.blend(waves * 0.5, WHITE)
    c.blend(c.below(shore[None, :] - 0.012), (236, 244, 244))
    sand = c.gradient([(0.0, (214, 190, 146)), (horizon + 0.2, (214, 190, 146)),
                       (1.0, (238, 218, 176))])
    c.blend(c.below(shore[None, :]), sand * (1 + 0.04 * c.noise2(30, 2))[..., None])
    for i in range(int(r.integers(1, 3))):
        ux, uy = a * float(r.uniform(0.15, 0.85)), float(r.uniform(0.78, 0.88))
        colour = ((226, 70, 60), (250, 190, 40), (40, 120, 200))[i % 3]
        c.rect(ux - 0.004, uy - 0.12, ux + 0.004, uy + 0.02, (90, 80, 70))
        c.shape(lambda x, y, ux=ux, uy=uy: np.maximum(
            np.sqrt(((x - ux) / 0.14) ** 2 + ((y - uy + 0.12) / 0.06) ** 2) * 0.06 - 0.06,
            y - (uy - 0.12)), (ux - 0.14, uy - 0.18, ux + 0.14, uy - 0.12), colour)
        c.ellipse(ux + 0.02, uy + 0.025, 0.12, 0.012, (150, 128, 96), soft=0.01, alpha=0.5)


def city(c: Canvas, words: frozenset[str]) -> None:
    r = c.rng()
    a = c.aspect
    ground = float(r.uniform(0.8, 0.88))
    c.fill(c.gradient([(0.0, (10, 14, 38)), (ground - 0.2, (34, 38, 84)),
                       (ground, (88, 64, 96)), (1.0, (20, 18, 30))]))
    c.circle(a * float(r.uniform(0.1, 0.9)), float(r.uniform(0.08, 0.2)), 0.03,
             (236, 232, 216))
    count = max(int(14 * a), 4)
    lefts = np.sort(r.uniform(-0.1, a, count))
    for i, x0 in enumerate(lefts):
        w = float(r.uniform(0.07, 0.16))
        top = ground - float(r.uniform(0.18, 0.55)) * (0.6 if i % 3 == 0 else 1.0)
        shade = float(r.uniform(18, 40))
        c.rect(x0, top, x0 + w, ground + 0.01, (shade, shade + 2, shade + 14))
        _windows(c, x0, top, x0 + w, ground, r)
    lights = r.uniform(0, a, 40)
    for lx in lights:
        c.circle(float(lx), ground + float(r.uniform(0.02, 0.1)), 0.012,
                 (255, 190, 110) if lx % 0.2 > 0.07 else (250, 240, 230), soft=0.01)


def _windows(c: Canvas, x0: float, y0: float, x1: float, y1: float,
             r: np.random.Generator) -> None:
    """The lit windows of a facade, in one vectorised pass."""
    table = r.random(4096) < r.uniform(0.2, 0.5)
    gap_x, gap_y = float(r.uniform(0.014, 0.022)), 0.022

    def field(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        col = np.floor((x - x0) / gap_x).astype(int)
        row = np.floor((y - y0) / gap_y).astype(int)
        pane = (((x - x0) % gap_x) > gap_x * 0.4) & (((y - y0) % gap_y) > gap_y * 0.45)
        facade = (x > x0 + 0.008) & (x < x1 - 0.008) & (y > y0 + 0.015) & (y < y1 - 0.02)
        return np.where(table[(row * 37 + col * 11) % 4096] & pane & facade, -1.0, 1.0)

    c.shape(field, (x0, y0, x1, y1), (250, 206, 120), alpha=0.9)
