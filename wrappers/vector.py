"""Vector envs: action dicts to and from the batched form, and one task per sub-env."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from mobilegym_env import actions as A


def batch_actions(actions: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Stacks one action dict per sub-env into the batched ``Dict`` a vector env steps with.

    Each action is validated and completed first (an action type given by name, a missing
    point or text), so ``envs.step(batch_actions([A.tap(0.5, 0.5), A.back()]))`` works. The
    result has ``action_type`` ``(n,)`` int64, ``point`` and ``end_point`` ``(n, 2)`` float32
    and ``text`` a tuple of ``n`` strings, as ``envs.action_space`` holds.

    Raises:
        ValueError, KeyError: An action is malformed (the message gives its position).
    """
    if isinstance(actions, dict) or not len(actions):
        raise ValueError("batch_actions takes a non-empty list of action dicts, one per sub-env")
    parsed = []
    for i, action in enumerate(actions):
        try:
            parsed.append(A.parse(action))
        except (ValueError, KeyError) as err:
            raise type(err)(f"action {i}: {err.args[0]}") from None
    return {
        "action_type": np.array([int(a.kind) for a in parsed], dtype=np.int64),
        "point": np.array([a.point for a in parsed], dtype=np.float32),
        "end_point": np.array([a.end_point for a in parsed], dtype=np.float32),
        "text": tuple(a.text for a in parsed),
    }


def unbatch_actions(batch: dict[str, Any]) -> list[dict[str, Any]]:
    """The inverse of :func:`batch_actions`: one action dict per sub-env."""
    n = len(batch["action_type"])
    return [{"action_type": int(batch["action_type"][i]),
             "point": np.asarray(batch["point"][i], dtype=np.float32),
             "end_point": np.asarray(batch["end_point"][i], dtype=np.float32),
             "text": batch["text"][i]} for i in range(n)]


def make_vec(tasks: Sequence[Any], vectorization_mode: str = "sync",
             wrappers: Sequence[Callable[[gym.Env], gym.Env]] = (),
             vector_kwargs: dict[str, Any] | None = None,
             **env_kwargs: Any) -> gym.vector.VectorEnv:
    """A vector env whose sub-env ``i`` runs ``tasks[i]`` (an id, a suite, a glob or a list).

    ``gym.make_vec("MobileGym-v0", num_envs=n, task=spec)`` gives every sub-env the same task
    spec (each draws its own task per reset when the spec names several); this gives each its
    own. Seeds: ``envs.reset(seed=s)`` seeds sub-env ``i`` with ``s + i``.

    Args:
        tasks: One task spec per sub-env.
        vectorization_mode: ``"sync"`` (one process) or ``"async"`` (a process per sub-env).
        wrappers: Applied to each sub-env in order (e.g. ``DiscreteActions``).
        vector_kwargs: Passed to ``SyncVectorEnv`` / ``AsyncVectorEnv`` (e.g.
            ``autoreset_mode``).
        **env_kwargs: Passed to every ``MobileGymEnv`` (``screen_scale``, ``max_steps``...).

    Raises:
        ValueError: No tasks, or an unknown mode.
        KeyError: A task spec matches no task (before any process starts).
    """
    from mobilegym_env.task import resolve_tasks

    if isinstance(tasks, str) or not len(tasks):
        raise ValueError("tasks must be a non-empty list with one task spec per sub-env")
    if vectorization_mode not in ("sync", "async"):
        raise ValueError(f"vectorization_mode must be 'sync' or 'async', "
                         f"got {vectorization_mode!r}")
    for spec in tasks:
        resolve_tasks(spec)

    def factory(spec: Any) -> Callable[[], gym.Env]:
        def make() -> gym.Env:
            env = gym.make("MobileGym-v0", task=spec, **env_kwargs)
            for wrap in wrappers:
                env = wrap(env)
            return env
        return make

    cls = gym.vector.SyncVectorEnv if vectorization_mode == "sync" else gym.vector.AsyncVectorEnv
    return cls([factory(spec) for spec in tasks], **(vector_kwargs or {}))
