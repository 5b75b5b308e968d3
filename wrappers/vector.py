"""Vector envs: action dicts to and from the batched form, one task per sub-env, and frames
written straight into the batch.

Gymnasium's vector envs copy a frame three times (the env's observation, then into the batch or
the shared memory, then out of it for the caller). ``make_vec``'s sub-envs write their frame
into their row of the batch (the shared memory in the async mode) themselves, and only when it
changed: one copy of a changed frame, none of an unchanged one, plus the caller's copy when the
vector env copies (its ``copy=True`` default; ``vector_kwargs={"copy": False}`` hands out the
batch itself, which the next step overwrites).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import concatenate, read_from_shared_memory, write_to_shared_memory

from mobilegym_env import actions as A
from mobilegym_env.env import EnvCheckerRetry, MobileGymEnv


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

    kwargs = dict(vector_kwargs or {})
    fns = [factory(spec) for spec in tasks]
    if vectorization_mode == "sync":
        return _SlotSyncVectorEnv(fns, **kwargs)
    if "worker" not in kwargs and kwargs.get("shared_memory", True):
        kwargs["worker"] = functools.partial(_slot_worker, len(fns))
    return gym.vector.AsyncVectorEnv(fns, **kwargs)


class FrameSlots(gym.spaces.Box):
    """The frame space of a sub-env that writes its frame into its batch row itself: batching
    copies only rows that are not already in place, without the flattening copy of
    Gymnasium's shared-memory writer."""


@concatenate.register(FrameSlots)
def _concatenate_slots(space: FrameSlots, items: Sequence[np.ndarray], out: np.ndarray
                       ) -> np.ndarray:
    for i, item in enumerate(items):
        if item.ctypes.data != out[i].ctypes.data:
            np.copyto(out[i], item)
    return out


@write_to_shared_memory.register(FrameSlots)
def _write_slot(space: FrameSlots, index: int, value: np.ndarray, shared_memory: Any) -> None:
    size = int(np.prod(space.shape))
    memory = np.frombuffer(shared_memory.get_obj(), dtype=space.dtype)
    slot = memory[index * size : (index + 1) * size]
    if slot.ctypes.data != value.ctypes.data:
        np.copyto(slot.reshape(space.shape), value)


def _passes_frames(env: gym.Env) -> bool:
    """True when the wrappers hand ``MobileGymEnv``'s observation through untouched (action,
    reward, info and recording wrappers, and Gymnasium's checkers), so it may write it into
    the batch; an observation wrapper makes its own."""
    from gymnasium.wrappers import (
        OrderEnforcing,
        PassiveEnvChecker,
        RecordEpisodeStatistics,
        TimeLimit,
    )

    from .progress import ProgressReward
    from .record import RecordTrajectory
    from .ui_tree import UITreeInfo

    through = (gym.ActionWrapper, gym.RewardWrapper, OrderEnforcing, PassiveEnvChecker,
               EnvCheckerRetry, RecordEpisodeStatistics, TimeLimit, ProgressReward,
               RecordTrajectory, UITreeInfo)
    inner = env
    while isinstance(inner, gym.Wrapper):
        if type(inner) not in through and not isinstance(inner, (gym.ActionWrapper,
                                                                  gym.RewardWrapper)):
            return False
        inner = inner.env
    return isinstance(inner, MobileGymEnv) and env.observation_space == inner.observation_space


class _WritesIntoSlot(gym.Wrapper):
    """Has the sub-env write its frames into its batch row ``slot`` from its second step on
    (the vector env owns that array and copies the batch for the caller). The first reset and
    step still return new arrays, so the passive checker's test that observations share no
    data passes as it should for the sub-env on its own."""

    def __init__(self, env: gym.Env, slot: np.ndarray) -> None:
        super().__init__(env)
        self._slot: np.ndarray | None = slot
        space = env.observation_space
        self._observation_space = FrameSlots(space.low, space.high, space.shape, space.dtype)

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        result = self.env.step(action)
        if self._slot is not None:
            self.env.unwrapped.attach_observation_buffer(self._slot)
            self._slot = None
        return result


class _SlotSyncVectorEnv(gym.vector.SyncVectorEnv):
    """``SyncVectorEnv`` whose sub-envs write their frames into the batch themselves."""

    def __init__(self, env_fns: Sequence[Callable[[], gym.Env]], **kwargs: Any) -> None:
        super().__init__(env_fns, **kwargs)
        # with same-step autoreset the final frame would be overwritten by the reset's
        if self.autoreset_mode != AutoresetMode.SAME_STEP \
                and all(_passes_frames(env) for env in self.envs):
            self.envs = [_WritesIntoSlot(env, self._observations[i])
                         for i, env in enumerate(self.envs)]
            self.single_observation_space = self.envs[0].observation_space


def _slot_worker(num_envs: int, index: int, env_fn: Callable[[], gym.Env], pipe: Any,
                 parent_pipe: Any, shared_memory: Any, error_queue: Any,
                 autoreset_mode: Any, *rest: Any) -> None:
    """Gymnasium's async worker, with the sub-env writing its frame into the shared memory."""
    from gymnasium.vector.async_vector_env import _async_worker

    def make() -> gym.Env:
        env = env_fn()
        if shared_memory and AutoresetMode(autoreset_mode) != AutoresetMode.SAME_STEP \
                and _passes_frames(env):
            slots = read_from_shared_memory(env.observation_space, shared_memory, num_envs)
            env = _WritesIntoSlot(env, slots[index])
        return env

    _async_worker(index, make, pipe, parent_pipe, shared_memory, error_queue, autoreset_mode,
                  *rest)
