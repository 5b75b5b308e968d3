"""Vector envs: gym.make_vec (sync and async) with autoreset, and one task per sub-env."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import mobilegym_env  # noqa: F401
from mobilegym_env import actions as A
from mobilegym_env.wrappers import DiscreteActions, batch_actions, make_vec, unbatch_actions


def test_batch_actions_round_trip_and_fill_missing_fields():
    batch = batch_actions([A.tap(0.25, 0.5), {"action_type": "back"}, A.type_text("hé")])
    assert batch["action_type"].tolist() == [A.ActionType.TAP, A.ActionType.BACK,
                                             A.ActionType.TYPE]
    assert batch["point"].dtype == np.float32 and batch["point"].shape == (3, 2)
    assert batch["point"][0].tolist() == [0.25, 0.5] and batch["text"] == ("", "", "hé")
    back = unbatch_actions(batch)
    assert [A.parse(a).__repr__() for a in back] == \
        [A.parse(a).__repr__() for a in (A.tap(0.25, 0.5), A.back(), A.type_text("hé"))]


def test_batch_actions_name_the_bad_action():
    with pytest.raises(KeyError, match="action 1: .*missing 'action_type'"):
        batch_actions([A.back(), {"point": (0, 0)}])
    with pytest.raises(ValueError, match="non-empty list"):
        batch_actions([])
    with pytest.raises(ValueError, match="non-empty list"):
        batch_actions(A.back())


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_with_autoreset_and_different_seeds(mode):
    envs = gym.make_vec("MobileGym-v0", num_envs=2, vectorization_mode=mode,
                        task="launcher.open_app")
    try:
        obs, info = envs.reset(seed=10)
        assert obs.shape == (2, 800, 360, 3)
        single = gym.make("MobileGym-v0", task="launcher.open_app")
        assert [single.reset(seed=s)[1]["instruction"] for s in (10, 11)] == \
            list(info["instruction"])
        batch = batch_actions([A.done(), A.wait()])
        assert envs.action_space.contains(batch)
        _, reward, terminated, truncated, info = envs.step(batch)
        assert terminated.tolist() == [True, False] and info["step"].tolist() == [1, 1]
        # next step: sub-env 0 resets by itself (its action is ignored), sub-env 1 steps on
        _, reward, terminated, _, info = envs.step(batch_actions([A.home(), A.wait()]))
        assert info["step"].tolist() == [0, 2] and terminated.tolist() == [False, False]
    finally:
        envs.close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_gives_each_sub_env_its_task_and_wrappers(mode):
    envs = make_vec(["launcher.open_app", "notes.*", "settings"], vectorization_mode=mode,
                    wrappers=[DiscreteActions], max_steps=3)
    try:
        assert envs.single_action_space == gym.spaces.Discrete(4 * 8 + 3 + 4)
        _, info = envs.reset(seed=0)
        ids = list(info["task_id"])
        assert ids[0] == "launcher.open_app" and ids[1].startswith("notes.") \
            and ids[2].startswith("settings.")
        for _ in range(3):  # max_steps=3: every sub-env truncates on the third step
            _, _, terminated, truncated, _ = envs.step(np.array([35, 35, 35]))
        assert (terminated | truncated).all()
    finally:
        envs.close()


def test_make_vec_refuses_bad_arguments_before_starting():
    with pytest.raises(ValueError, match="one task spec per sub-env"):
        make_vec("launcher")
    with pytest.raises(ValueError, match="'sync' or 'async'"):
        make_vec(["launcher"], vectorization_mode="ray")
    with pytest.raises(KeyError):
        make_vec(["launcher", "no_such_suite"])


def test_sb3_style_discrete_vector_env_steps_with_an_int_array():
    envs = gym.make_vec("MobileGym-v0", num_envs=2, vectorization_mode="sync",
                        task="launcher.open_app", wrappers=[DiscreteActions])
    try:
        envs.reset(seed=0)
        _, reward, *_ = envs.step(np.array([0, 1]))
        assert reward.shape == (2,)
    finally:
        envs.close()
