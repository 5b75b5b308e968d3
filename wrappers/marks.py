"""``SetOfMarks``: numbered boxes on the interactive elements; actions "tap element k"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobilegym_env import actions as A
from mobilegym_env.llm import Screen

from .discrete import KEYS


class SetOfMarks(gym.Wrapper):
    """Draws a numbered box on each interactive element and acts by element number.

    The observation is the frame with the marks drawn (same shape). Action ``k`` below
    ``max_marks`` taps the centre of mark ``k`` (or long-presses it, for ``k`` in
    ``max_marks .. 2 * max_marks - 1`` when ``long_press=True``); the system ``keys`` follow.
    Marks are numbered 0, 1, 2... over the interactive elements of the current screen, in
    paint order (the keyboard's keys included, so that a policy can type);
    ``info["marks"]`` lists them (``{"mark", "role", "text", "id", "bounds"}``)
    and ``info["invalid_action"]`` is True when the action named a mark the screen does not
    have (the step is then a WAIT: the clock advances and nothing else happens).

    Args:
        env: A MobileGym env or a wrapper of one.
        max_marks: Marks that actions can name; elements past it are not marked.
        keys: System keys after the marks, among ``back``, ``home``, ``recents``,
            ``enter``, ``wait``, ``done``.
        long_press: Add a long press on each mark.

    Example:
        >>> env = SetOfMarks(gym.make("MobileGym-v0", task="launcher.open_app"))
        >>> obs, info = env.reset(seed=0, options={"params": {"app_id": "notes"}})
        >>> [m["text"] for m in info["marks"]][:3]
        ['Calculator', 'Calendar', 'Clock']
    """

    def __init__(self, env: gym.Env, max_marks: int = 64,
                 keys: Sequence[str] = ("back", "home", "enter"),
                 long_press: bool = False) -> None:
        super().__init__(env)
        if max_marks < 1:
            raise ValueError(f"max_marks must be at least 1, got {max_marks}")
        for key in keys:
            if key not in KEYS:
                raise ValueError(f"unknown key {key!r}; choose from {sorted(KEYS)}")
        self.max_marks, self.keys, self.long_press = max_marks, tuple(keys), long_press
        self.labels = [f"tap mark {k}" for k in range(max_marks)]
        if long_press:
            self.labels += [f"long-press mark {k}" for k in range(max_marks)]
        self.labels += list(self.keys)
        self.action_space = spaces.Discrete(len(self.labels))
        self._screen: Screen | None = None

    def _observe(self, obs: np.ndarray, info: dict[str, Any]) -> np.ndarray:
        # the keyboard's keys are marks too: taps on them are how a Discrete policy types
        screen = Screen.of(self.env.unwrapped.device, keyboard=True)
        # renumbered: the marks, not all elements, are what actions name
        self._screen = screen.subset([e for e in screen.elements
                                      if e.interactive][:self.max_marks])
        info["marks"] = [{"mark": e.index, "role": e.role, "text": e.text, "id": e.id,
                          "bounds": e.bounds} for e in self._screen.elements]
        return self._screen.set_of_marks(obs)

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        return self._observe(obs, info), info

    def step(self, action: Any) -> tuple[np.ndarray, Any, bool, bool, dict[str, Any]]:
        if not self.action_space.contains(action):
            raise ValueError(f"action must be an int in 0..{self.action_space.n - 1}, "
                             f"got {action!r}")
        env_action, invalid = self.action(int(action))
        obs, reward, terminated, truncated, info = self.env.step(env_action)
        info["invalid_action"] = invalid
        return self._observe(obs, info), reward, terminated, truncated, info

    def action(self, k: int) -> tuple[dict[str, Any], bool]:
        """The env action for index ``k`` on the current screen, and whether it was invalid."""
        assert self._screen is not None, "call reset() first"
        n = self.max_marks
        if k < n * (2 if self.long_press else 1):
            mark, builder = (k, A.tap) if k < n else (k - n, A.long_press)
            if mark >= len(self._screen):
                return A.wait(), True
            return builder(*self._screen.center(self._screen.elements[mark])), False
        return KEYS[self.keys[k - n * (2 if self.long_press else 1)]](), False
