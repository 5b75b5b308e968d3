"""``DiscreteActions``: a ``Discrete`` action space of taps on a grid, system keys and swipes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
from gymnasium import spaces

from mobilegym_env import actions as A

# Finger movements (normalized start and end) for each swipe direction: long enough to scroll a
# list or turn a launcher page, and clear of the screen edges whose swipes are system gestures.
SWIPES: dict[str, tuple[float, float, float, float]] = {
    "up": (0.5, 0.7, 0.5, 0.3),
    "down": (0.5, 0.3, 0.5, 0.7),
    "left": (0.85, 0.45, 0.15, 0.45),
    "right": (0.15, 0.45, 0.85, 0.45),
}
KEYS = {"back": A.back, "home": A.home, "recents": A.recents, "enter": A.enter,
        "wait": A.wait, "done": A.done}


class DiscreteActions(gym.ActionWrapper):
    """Turns the ``Dict`` action space into ``Discrete(n)``, which any RL library accepts.

    Actions ``0 .. cols * rows - 1`` tap the centres of a ``cols x rows`` grid laid over
    ``region`` (row by row, from the top-left); then come the extra ``points`` (tapped in the
    order given), the system ``keys`` and the ``swipes``, in that order. ``labels`` names every
    action (``"tap(0.12, 0.25)"``, ``"home"``, ``"swipe up"``), for logs and plots.

    Args:
        env: A MobileGym env (or a wrapper of one).
        grid: ``(cols, rows)`` of tap targets; ``(0, 0)`` for none.
        region: ``(x0, y0, x1, y1)`` the grid covers, normalized; the default is the whole
            screen.
        points: Extra normalized ``(x, y)`` tap targets (e.g. the launcher's icons, found
            in ``device.ui_tree()``; ``grid=(0, 0)`` keeps only these).
        keys: System keys among ``back``, ``home``, ``recents``, ``enter``, ``wait``, ``done``.
        swipes: Finger directions among ``up``, ``down``, ``left``, ``right`` (``up`` scrolls
            a list down; ``left`` turns to the next launcher page).

    Raises:
        ValueError: A bad grid, region, point, key or direction, or no action at all.

    Example:
        >>> env = DiscreteActions(gym.make("MobileGym-v0", task="launcher.open_app"),
        ...                       grid=(4, 7), region=(0, 0.2, 1, 1), keys=("home",))
        >>> env.action_space, env.labels[-1]
        (Discrete(33), 'swipe right')
    """

    def __init__(self, env: gym.Env, grid: tuple[int, int] = (4, 8),
                 region: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0),
                 points: Sequence[tuple[float, float]] = (),
                 keys: Sequence[str] = ("back", "home", "enter"),
                 swipes: Sequence[str] = ("up", "down", "left", "right")) -> None:
        super().__init__(env)
        cols, rows = _grid(grid)
        x0, y0, x1, y1 = _region(region)
        targets = [((x0 + (x1 - x0) * (c + 0.5) / cols), (y0 + (y1 - y0) * (r + 0.5) / rows))
                   for r in range(rows) for c in range(cols)]
        for p in points:
            targets.append(_normalized(p))
        self._actions: list[dict[str, Any]] = [A.tap(x, y) for x, y in targets]
        self.labels: list[str] = [f"tap({x:.3f}, {y:.3f})" for x, y in targets]
        for key in keys:
            if key not in KEYS:
                raise ValueError(f"unknown key {key!r}; choose from {sorted(KEYS)}")
            self._actions.append(KEYS[key]())
            self.labels.append(key)
        for direction in swipes:
            if direction not in SWIPES:
                raise ValueError(f"unknown swipe direction {direction!r}; choose from "
                                 f"{sorted(SWIPES)}")
            self._actions.append(A.swipe(*SWIPES[direction]))
            self.labels.append(f"swipe {direction}")
        if not self._actions:
            raise ValueError("DiscreteActions needs at least one action")
        self.action_space = spaces.Discrete(len(self._actions))

    def action(self, action: Any) -> dict[str, Any]:
        """The env action for index ``action`` (an int or a 0-d integer array)."""
        if not self.action_space.contains(action):
            raise ValueError(f"action must be an int in 0..{self.action_space.n - 1}, "
                             f"got {action!r}")
        a = self._actions[int(action)]  # a copy: wrappers below may change what they get
        return {**a, "point": a["point"].copy(), "end_point": a["end_point"].copy()}


def _grid(grid: Any) -> tuple[int, int]:
    try:
        cols, rows = (int(g) for g in grid)
    except (TypeError, ValueError):
        raise ValueError(f"grid must be (cols, rows), got {grid!r}") from None
    if cols < 0 or rows < 0 or (cols == 0) != (rows == 0):
        raise ValueError(f"grid must be two positive ints, or (0, 0) for none; got {grid!r}")
    return cols, rows


def _region(region: Any) -> tuple[float, float, float, float]:
    try:
        x0, y0, x1, y1 = (float(v) for v in region)
    except (TypeError, ValueError):
        raise ValueError(f"region must be (x0, y0, x1, y1), got {region!r}") from None
    if not (0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1):
        raise ValueError(f"region must satisfy 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1, "
                         f"got {region!r}")
    return x0, y0, x1, y1


def _normalized(point: Any) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in point)
    except (TypeError, ValueError):
        raise ValueError(f"a point must be (x, y), got {point!r}") from None
    if not (0 <= x <= 1 and 0 <= y <= 1):
        raise ValueError(f"a point must be normalized to [0, 1], got {point!r}")
    return x, y
