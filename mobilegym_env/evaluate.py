"""Evaluation: run an agent for n episodes per task and report success and pass@k."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent
from .env import MobileGymEnv


@dataclass
class Episode:
    """One episode's result, with the judge's reasons.

    Attributes:
        checks: The judge's checks by name: ``{"passed": bool, "detail": str}``.
        unexpected_changes: State changes no check explains (why an episode is unclean).
    """

    task_id: str
    seed: int
    success: bool
    clean: bool
    steps: int
    instruction: str
    params: dict[str, Any] = field(default_factory=dict)
    progress: float = 0.0
    answer: str | None = None
    checks: dict[str, dict[str, Any]] = field(default_factory=dict)
    unexpected_changes: list[str] = field(default_factory=list)

    def explain(self) -> str:
        """Why the episode passed or failed, one line per check and stray change."""
        lines = [f"{self.task_id} seed={self.seed} success={self.success} clean={self.clean} "
                 f"steps={self.steps}: {self.instruction}"]
        lines += [f"  [{'x' if c['passed'] else ' '}] {name}: {c['detail']}"
                  for name, c in self.checks.items()]
        lines += [f"  unexpected: {c}" for c in self.unexpected_changes]
        return "\n".join(lines)


@dataclass
class TaskResult:
    task_id: str
    episodes: list[Episode] = field(default_factory=list)

    @property
    def successes(self) -> int:
        return sum(e.success for e in self.episodes)

    def pass_at(self, k: int) -> float:
        return pass_at_k(len(self.episodes), self.successes, k)

    @property
    def mean_steps(self) -> float:
        return sum(e.steps for e in self.episodes) / max(len(self.episodes), 1)


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from n samples with c successes (Chen et al., 2021)."""
    if not 0 <= c <= n or k < 1:
        raise ValueError(f"need 0 <= c <= n and k >= 1, got n={n}, c={c}, k={k}")
    if k > n:
        raise ValueError(f"pass@{k} needs at least {k} episodes per task, got {n}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def run_episode(env: MobileGymEnv, agent: Agent, task_id: str, seed: int) -> Episode:
    obs, info = env.reset(seed=seed, options={"task": task_id})
    agent.reset(env, seed)
    steps, terminated, truncated = 0, False, False
    while not (terminated or truncated):
        obs, _, terminated, truncated, info = env.step(agent.act(obs, info))
        steps += 1
    assert env.task is not None
    return Episode(task_id, seed, bool(info["success"]), bool(info["clean"]), steps,
                   info["instruction"], dataclasses.asdict(env.task.params),
                   float(info["progress"]), info.get("answer"), info["checks"],
                   info["unexpected_changes"])


def evaluate(agent: Agent, task_ids: list[str], episodes: int, seed: int = 0,
             on_episode: Callable[[Episode], Any] | None = None) -> list[TaskResult]:
    """Runs ``episodes`` seeded episodes of each task (seeds ``seed .. seed+episodes-1``)."""
    if episodes < 1:
        raise ValueError(f"episodes must be >= 1, got {episodes}")
    env = MobileGymEnv(task=task_ids)
    results = []
    for task_id in task_ids:
        result = TaskResult(task_id)
        for i in range(episodes):
            ep = run_episode(env, agent, task_id, seed + i)
            result.episodes.append(ep)
            if on_episode is not None:
                on_episode(ep)
        results.append(result)
    env.close()
    return results
