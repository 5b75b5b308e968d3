"""Every registered task: its oracle solves it, doing nothing or giving up at once fails, its
metadata is valid, and the catalogue and the suites' mix are as documented."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import mobilegym_env
from mobilegym_env import actions as A
from mobilegym_env.agents import OracleAgent
from mobilegym_env.catalog import tasks_markdown
from mobilegym_env.device import Device
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.evaluate import pass_at_k, run_episode
from mobilegym_env.kernel import installed_apps
from mobilegym_env.task import registry

TASKS = mobilegym_env.list_tasks()
SEEDS = range(5)
DOCS = Path(__file__).resolve().parents[1] / "docs" / "tasks.md"


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()  # one env per worker: resets reuse its frame buffer


@pytest.mark.parametrize("task_id", TASKS)
@pytest.mark.parametrize("seed", SEEDS)
def test_oracle_solves_the_task(env, task_id, seed):
    ep = run_episode(env, OracleAgent(), task_id, seed)
    assert ep.success and ep.clean, ep.explain()
    assert ep.steps <= registry()[task_id].step_limit()
    assert env.device.crashes == []


@pytest.mark.parametrize("task_id", TASKS)
@pytest.mark.parametrize("seed", SEEDS)
def test_doing_nothing_or_giving_up_at_once_fails(env, task_id, seed):
    _, info = env.reset(seed=seed, options={"task": task_id})
    assert not info["success"], info
    _, reward, terminated, _, info = env.step(A.done())
    assert (reward, terminated, info["success"]) == (0.0, True, False), info
    env.reset(seed=seed, options={"task": task_id})
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = env.step(A.wait())
        assert reward == 0.0
    assert truncated and not info["success"]


@pytest.mark.parametrize("task_id", TASKS)
def test_metadata_and_params_are_well_formed(task_id):
    cls = registry()[task_id]
    known_apps = set(installed_apps().app_ids) | {"launcher"}
    assert cls.apps and set(cls.apps) <= known_apps, cls.apps
    assert cls.__doc__, "a task class says what it asks in its docstring"
    params = cls.sample_params(np.random.default_rng(0), Device())
    assert isinstance(params, cls.Params)
    assert cls.parse_params(dataclasses.asdict(params)) == params  # params round-trip
    assert "{" not in cls(params).instruction


def test_catalogue_is_current():
    assert DOCS.read_text() == tasks_markdown(), \
        "docs/tasks.md is stale: run `mobilegym tasks --markdown > docs/tasks.md`"


def _mix_ok(group: list) -> tuple[bool, str]:
    levels = Counter(t.difficulty for t in group)
    asks = sum(t.objective in ("query", "hybrid") for t in group)
    ok = levels[1] * 4 <= len(group) and asks * 4 >= len(group)
    return ok, f"{len(group)} tasks: {levels[1]} L1, {asks} query/hybrid"


def test_the_mix_holds_overall_and_in_every_full_suite():
    tasks = list(registry().values())
    suites = {t.suite for t in tasks}
    for suite in sorted(suites):
        group = [t for t in tasks if t.suite == suite]
        if len(group) >= 8:  # a suite being written is judged once it has its tasks
            ok, detail = _mix_ok(group)
            assert ok, f"{suite}: {detail}"
    if len(tasks) >= 20:
        ok, detail = _mix_ok(tasks)
        assert ok, detail
        test = sum(t.split_name() == "test" for t in tasks)
        assert 0.3 <= test / len(tasks) <= 0.5, f"{test} of {len(tasks)} in the test split"


def test_pass_at_k():
    assert pass_at_k(5, 0, 3) == 0.0
    assert pass_at_k(5, 5, 1) == 1.0
    assert pass_at_k(4, 2, 1) == pytest.approx(0.5)
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        pass_at_k(2, 1, 3)
