"""Every task: its oracle solves it, a do-nothing episode fails, and the judge is exact."""

from __future__ import annotations

import pytest

import mobilegym_env
from mobilegym_env import actions as A
from mobilegym_env.agents import OracleAgent
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.evaluate import pass_at_k, run_episode
from mobilegym_env.task import registry, resolve_tasks

TASKS = mobilegym_env.list_tasks()
SEEDS = range(4)


def test_registry_lists_suites_and_splits():
    assert "launcher.open_app" in TASKS
    assert mobilegym_env.list_tasks(suite="launcher") == [
        t for t in TASKS if t.startswith("launcher.")]
    with pytest.raises(KeyError):
        mobilegym_env.list_tasks(suite="nope")
    with pytest.raises(ValueError):
        mobilegym_env.list_tasks(split="dev")
    assert resolve_tasks(["launcher.open_app", "launcher"])[0] == "launcher.open_app"


@pytest.mark.parametrize("task_id", TASKS)
@pytest.mark.parametrize("seed", SEEDS)
def test_oracle_solves_the_task(task_id, seed):
    env = MobileGymEnv(task=task_id)
    ep = run_episode(env, OracleAgent(), task_id, seed)
    assert ep.success and ep.clean, ep


@pytest.mark.parametrize("task_id", TASKS)
@pytest.mark.parametrize("seed", SEEDS)
def test_do_nothing_fails(task_id, seed):
    env = MobileGymEnv(task=task_id)
    _, info = env.reset(seed=seed)
    assert not info["success"]
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = env.step(A.wait())
        assert reward == 0.0
    assert not info["success"]
    _, reward, _, _, info = env.step(A.done()) if not terminated else (None, 0.0, 0, 0, info)
    assert not info["success"]


def test_judge_flags_unexpected_changes_as_unclean():
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0)
    app = env.task.params["app_id"]
    env.device.launch_app(app)
    env.device.kernel.set_preference("wifi", False)  # a side effect the task never asked for
    verdict = env.task.judge(env.initial_state, env.device.state())
    assert verdict.checks[0].passed and not verdict.clean and not verdict.success
    assert verdict.unexpected_changes == ["os.hardware.wifi.connected", "os.settings.global.wifi_on"]


def test_open_app_judge_on_hand_built_states():
    cls = registry()["launcher.open_app"]
    task = cls({"app_id": "notes", "app_name": "Notes", "page": 0, "start_in": None})
    base = {"os": {"tasks": {"active_task_id": None, "recents": [], "tasks": []},
                   "system_ui": {"recents_open": False}}, "apps": {}}
    good = {"os": {"tasks": {"active_task_id": "t1", "recents": ["t1"], "tasks": [
        {"task_id": "t1", "root_app_id": "notes", "stack": [{"app_id": "notes"}]}]},
        "system_ui": {"recents_open": False}}, "apps": {}}
    wrong_app = {"os": {"tasks": {"active_task_id": "t1", "recents": ["t1"], "tasks": [
        {"task_id": "t1", "root_app_id": "files", "stack": [{"app_id": "files"}]}]},
        "system_ui": {"recents_open": False}}, "apps": {}}
    in_recents = {"os": {**good["os"], "system_ui": {"recents_open": True}}, "apps": {}}
    assert task.judge(base, good).success
    assert not task.judge(base, wrong_app).success
    assert not task.judge(base, in_recents).success
    assert not task.judge(base, base).success


def test_pass_at_k():
    assert pass_at_k(5, 0, 3) == 0.0
    assert pass_at_k(5, 5, 1) == 1.0
    assert pass_at_k(4, 2, 1) == pytest.approx(0.5)
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        pass_at_k(2, 1, 3)
