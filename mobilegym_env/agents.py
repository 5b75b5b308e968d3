"""Built-in agents: the oracle (each task's scripted solver) and a seeded random agent."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from . import actions as A
from .env import MobileGymEnv


class Agent:
    """An agent acts on observations; ``reset`` is called at the start of each episode."""

    name = "agent"

    def reset(self, env: MobileGymEnv, seed: int) -> None:
        """Called after ``env.reset``."""

    def act(self, obs: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


class OracleAgent(Agent):
    """Replays the task's oracle, which reads ``device.ui_tree()`` before each action."""

    name = "oracle"

    def __init__(self) -> None:
        self._plan: Iterator[dict[str, Any]] | None = None

    def reset(self, env: MobileGymEnv, seed: int) -> None:
        assert env.task is not None and env.device is not None
        self._plan = env.task.oracle(env.device)

    def act(self, obs: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        assert self._plan is not None, "call reset() first"
        return next(self._plan, None) or A.done()


class RandomAgent(Agent):
    """Uniform random gestures from its own seeded generator (a lower bound for any agent)."""

    name = "random"
    WORDS = ("hello", "notes", "test", "meeting", "ok")

    def __init__(self) -> None:
        self.rng = np.random.default_rng(0)

    def reset(self, env: MobileGymEnv, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, obs: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        r = self.rng.random()
        x, y = self.rng.random(2)
        if r < 0.6:
            return A.tap(x, y)
        if r < 0.7:
            x1, y1 = self.rng.random(2)
            return A.swipe(x, y, x1, y1)
        if r < 0.78:
            return A.back()
        if r < 0.82:
            return A.home()
        if r < 0.86:
            return A.recents()
        if r < 0.93:
            return A.type_text(str(self.rng.choice(self.WORDS)))
        return A.long_press(x, y)


AGENTS: dict[str, type[Agent]] = {"oracle": OracleAgent, "random": RandomAgent}


def make_agent(name: str) -> Agent:
    try:
        return AGENTS[name]()
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; choose from {sorted(AGENTS)}") from None
