"""A tiny numpy painter for generated photos: anti-aliased shapes, gradients and noise.

Coordinates are in picture heights (``x`` runs 0..aspect left to right, ``y`` 0..1 top to
bottom), so a scene looks the same at any pixel size and a circle stays round. Shapes only
touch the pixels of their bounding box, so a scene of many small shapes stays cheap.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

Color = Sequence[float]
Stops = Sequence[tuple[float, Color]]
# signed distance (negative inside) of the pixels (x, y) of a bounding box
Field = Callable[[np.ndarray, np.ndarray], np.ndarray]


def mix(a: Color, b: Color, t: float) -> np.ndarray:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return np.asarray(a, np.float32) * (1 - t) + np.asarray(b, np.float32) * t


def hex_color(code: str) -> np.ndarray:
    """``"#RRGGBB"`` as a float colour."""
    return np.array([int(code[i : i + 2], 16) for i in (1, 3, 5)], np.float32)


def lit(base: Color, cx: float, cy: float, r: float, amount: float = 0.3,
        shine: float = 0.0) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """``base`` lit from the upper left over a body of radius ``r`` around (cx, cy), with an
    optional highlight (balloons, plates)."""
    color = np.asarray(base, np.float32)

    def paint(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        t = ((x - cx) * 0.6 + (y - cy) * 0.8) / r
        out = color * np.clip(1.0 - amount * t, 0.3, 1.4)[..., None]
        if shine:
            d = ((x - cx + r * 0.35) ** 2 + (y - cy + r * 0.4) ** 2) / (r * r)
            out = out + (255 - out) * (shine * np.exp(-d * 18))[..., None]
        return np.minimum(out, 255)

    return paint


def _weights(t: np.ndarray, n: int) -> np.ndarray:
    """(len(t), n): how much each of ``n`` lattice points weighs at positions ``t``
    (smoothstep between the two around each position)."""
    i = np.clip(np.floor(t).astype(int), 0, n - 2)
    f = np.clip(t - i, 0.0, 1.0)
    f = f * f * (3 - 2 * f)
    out = np.zeros((len(t), n), np.float32)
    at = np.arange(len(t))
    out[at, i] = 1 - f
    out[at, i + 1] = f
    return out


class Canvas:
    """A float RGB picture of ``w`` x ``h`` pixels being painted.

    Args:
        w: Width in pixels.
        h: Height in pixels.
        seed: Seeds every random draw; :meth:`rng` gives each layer its own stream, so what a
            layer draws never depends on the pixel size.
        aspect: The picture's nominal width / height (default ``w / h``): pixel sizes round
            it, and a scene must not change with the rounding.
    """

    def __init__(self, w: int, h: int, seed: int, aspect: float | None = None) -> None:
        self.w, self.h = w, h
        self.aspect = aspect or w / h
        self.px = 1.0 / h
        self.x = ((np.arange(w, dtype=np.float32) + 0.5) * (self.aspect / w))[None, :]
        self.y = ((np.arange(h, dtype=np.float32) + 0.5) / h)[:, None]
        self.img = np.zeros((h, w, 3), np.float32)
        self.seed = seed
        self._streams = 0

    def rng(self) -> np.random.Generator:
        """A fresh random stream (the n-th call always gives the same one)."""
        self._streams += 1
        return np.random.default_rng([self.seed, self._streams])

    # ----- whole-picture layers
    def gradient(self, stops: Stops, vertical: bool = True) -> np.ndarray:
        """Colours interpolated through ``stops`` ((position 0..1, colour)...) down the
        picture (or across it, as a fraction of the width)."""
        pos = [p for p, _ in stops]
        t = self.y[:, 0] if vertical else self.x[0] / self.aspect
        out = np.stack([np.interp(t, pos, [c[i] for _, c in stops]) for i in range(3)], -1)
        out = out.astype(np.float32)
        return out[:, None, :] if vertical else out[None, :, :]

    def fill(self, color: Color | np.ndarray) -> None:
        self.img[...] = color

    def blend(self, mask: np.ndarray, color: Color | np.ndarray,
              box: tuple[slice, slice] | None = None) -> None:
        """Paints ``color`` with coverage ``mask`` (0..1) over the picture or over ``box``."""
        region = self.img if box is None else self.img[box]
        color = np.asarray(color, np.float32)
        region += (color - region) * mask[..., None]

    def below(self, curve: np.ndarray, soft: float = 0.0) -> np.ndarray:
        """Coverage of the pixels under ``curve`` (one y per column), anti-aliased."""
        return np.clip(0.5 + (self.y - curve) / max(self.px, soft), 0.0, 1.0)

    # ----- noise
    def noise1(self, freq: float, octaves: int = 4, rng: np.random.Generator | None = None,
               x: np.ndarray | None = None) -> np.ndarray:
        """Fractal value noise along x (about -1..1), ``freq`` bumps per picture height."""
        rng = rng or self.rng()
        x = self.x[0] if x is None else x
        total, amp, norm = np.zeros_like(x), 1.0, 0.0
        for _ in range(octaves):
            lattice = rng.uniform(-1, 1, 64 + int(freq * 8)).astype(np.float32)
            t = x * freq + rng.uniform(0, 8)
            i = np.floor(t).astype(int) % (len(lattice) - 1)
            f = t - np.floor(t)
            f = f * f * (3 - 2 * f)
            total += amp * (lattice[i] * (1 - f) + lattice[i + 1] * f)
            norm += amp
            amp *= 0.5
            freq *= 2.0
        return total / norm

    def noise2(self, freq: float, octaves: int = 3, rng: np.random.Generator | None = None,
               stretch: float = 1.0) -> np.ndarray:
        """Fractal 2-D value noise (about -1..1) over the picture; ``stretch`` > 1 draws it
        out sideways (wood grain, streaky clouds)."""
        rng = rng or self.rng()
        total = np.zeros((self.h, self.w), np.float32)
        amp, norm = 1.0, 0.0
        for _ in range(octaves):
            # y spans one picture height; x room for a 4:1 panorama, whatever the aspect
            ny, nx = int(freq) + 3, int(freq * 4 / stretch) + 3
            lattice = rng.uniform(-1, 1, (ny, nx)).astype(np.float32)
            # separable smooth interpolation as two small matrix products: rows x lattice x
            # columns, far cheaper than gathering four corners per pixel
            rows = _weights(self.y[:, 0] * freq, ny)
            cols = _weights(self.x[0] * (freq / stretch), nx)
            total += amp * (rows @ lattice @ cols.T)
            norm += amp
            amp *= 0.5
            freq *= 2.0
        return total / norm

    # ----- shapes
    def _box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[slice, slice] | None:
        sx = self.w / self.aspect
        c0, c1 = max(math.floor(x0 * sx) - 1, 0), min(math.ceil(x1 * sx) + 1, self.w)
        r0, r1 = max(math.floor(y0 * self.h) - 1, 0), min(math.ceil(y1 * self.h) + 1, self.h)
        if c0 >= c1 or r0 >= r1:
            return None
        return slice(r0, r1), slice(c0, c1)

    def shape(self, field: Field, bounds: tuple[float, float, float, float],
              color: Color | Callable[[np.ndarray, np.ndarray], np.ndarray],
              soft: float = 0.0, alpha: float = 1.0) -> None:
        """Paints the inside of a signed-distance ``field`` within ``bounds`` (x0, y0, x1,
        y1), edges anti-aliased (or blurred over ``soft``); ``color`` may be a function of
        the box's (x, y) giving an (h, w, 3) array."""
        pad = soft
        box = self._box(bounds[0] - pad, bounds[1] - pad, bounds[2] + pad, bounds[3] + pad)
        if box is None:
            return
        x, y = self.x[:, box[1]], self.y[box[0], :]
        cover = np.clip(0.5 - field(x, y) / max(self.px, soft), 0.0, 1.0) * alpha
        self.blend(cover, color(x, y) if callable(color) else color, box)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float,
                color: Color | Callable[[np.ndarray, np.ndarray], np.ndarray],
                soft: float = 0.0, alpha: float = 1.0) -> None:
        def field(x: np.ndarray, y: np.ndarray) -> np.ndarray:
            return (np.sqrt(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2) - 1) * min(rx, ry)

        self.shape(field, (cx - rx, cy - ry, cx + rx, cy + ry), color, soft, alpha)

    def circle(self, cx: float, cy: float, r: float,
               color: Color | Callable[[np.ndarray, np.ndarray], np.ndarray],
               soft: float = 0.0, alpha: float = 1.0) -> None:
        self.ellipse(cx, cy, r, r, color, soft, alpha)

    def rect(self, x0: float, y0: float, x1: float, y1: float,
             color: Color | Callable[[np.ndarray, np.ndarray], np.ndarray],
             radius: float = 0.0, soft: float = 0.0, alpha: float = 1.0) -> None:
        cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
        r = min(radius, hx, hy)

        def field(x: np.ndarray, y: np.ndarray) -> np.ndarray:
            qx, qy = np.abs(x - cx) - hx + r, np.abs(y - cy) - hy + r
            outside = np.sqrt(np.maximum(qx, 0) ** 2 + np.maximum(qy, 0) ** 2)
            return outside + np.minimum(np.maximum(qx, qy), 0) - r

        self.shape(field, (x0, y0, x1, y1), color, soft, alpha)

    def polygon(self, points: Sequence[tuple[float, float]],
                color: Color | Callable[[np.ndarray, np.ndarray], np.ndarray],
                soft: float = 0.0, alpha: float = 1.0) -> None:
        """A convex polygon (either winding)."""
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        edges = []
        for (ax, ay), (bx, by) in zip(points, [*points[1:], points[0]], strict=True):
            nx, ny = by - ay, ax - bx
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm, ny / norm
            if (cx - ax) * nx + (cy - ay) * ny > 0:  # the normal must point outwards
                nx, ny = -nx, -ny
            edges.append((ax, ay, nx, ny))

        def field(x: np.ndarray, y: np.ndarray) -> np.ndarray:
            return np.max(np.stack(np.broadcast_arrays(
                *[(x - ax) * nx + (y - ay) * ny for ax, ay, nx, ny in edges])), axis=0)

        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.shape(field, (min(xs), min(ys), max(xs), max(ys)), color, soft, alpha)

    def line(self, points: Sequence[tuple[float, float]], width: float, color: Color,
             alpha: float = 1.0) -> None:
        """A polyline of ``width`` with round joins."""
        for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
            def field(x: np.ndarray, y: np.ndarray, ax: float = ax, ay: float = ay,
                      bx: float = bx, by: float = by) -> np.ndarray:
                dx, dy = bx - ax, by - ay
                t = np.clip(((x - ax) * dx + (y - ay) * dy) / max(dx * dx + dy * dy, 1e-9),
                            0, 1)
                return np.hypot(x - ax - t * dx, y - ay - t * dy) - width / 2

            self.shape(field, (min(ax, bx) - width, min(ay, by) - width,
                               max(ax, bx) + width, max(ay, by) + width), color, alpha=alpha)

    # ----- finishing
    def finish(self, vignette: float = 0.25, grain: float = 2.5) -> np.ndarray:
        """Darkened corners and a little sensor grain, as a camera gives; uint8 (h, w, 3)."""
        if vignette:
            cx, cy = self.aspect / 2, 0.5
            d = ((self.x - cx) / max(self.aspect, 1e-6)) ** 2 + (self.y - cy) ** 2
            self.img *= (1 - vignette * np.clip(d * 2, 0, 1))[..., None]
        if grain:
            noise = np.random.default_rng([self.seed, self.w, self.h]).normal(
                0, grain, (self.h, self.w, 1)).astype(np.float32)
            self.img += noise
        return np.clip(self.img + 0.5, 0, 255).astype(np.uint8)
