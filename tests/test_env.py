"""The Gymnasium contract: registration, spaces, check_env, pickling, determinism, bad input."""

from __future__ import annotations

import hashlib
import importlib
import pickle
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mobilegym_env
from mobilegym_env import actions as A
from mobilegym_env.agents import RandomAgent
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.oracle import center, node


def test_make_and_reset_gives_instruction_and_frame():
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    obs, info = env.reset(seed=0)
    assert obs.shape == (800, 360, 3) and obs.dtype == np.uint8
    assert info["task_id"] == "launcher.open_app"
    assert info["instruction"].startswith("Open the ") and info["instruction"].endswith(" app.")
    assert info["success"] is False and info["step"] == 0


def test_register_envs_and_reimport_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gym.register_envs(mobilegym_env)
        importlib.reload(mobilegym_env)
    assert "MobileGym-v0" in gym.registry


def test_check_env_passes_without_warnings(as_if_displayed):
    env = gym.make("MobileGym-v0", task="launcher", render_mode="rgb_array").unwrapped
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=False)
    assert [str(w.message) for w in caught] == []


def test_screen_scale_doubles_the_frame():
    env = MobileGymEnv(task="launcher.open_app", screen_scale=2)
    obs, _ = env.reset(seed=0)
    assert obs.shape == (1600, 720, 3)
    assert env.observation_space.contains(obs)


def _rollout(seed: int, steps: int = 40) -> tuple[str, list[float], dict]:
    env = MobileGymEnv(task="launcher", render_mode="rgb_array")
    agent = RandomAgent()
    obs, info = env.reset(seed=seed)
    agent.reset(info["instruction"], {"seed": seed})
    digest = hashlib.sha256(obs.tobytes())
    rewards = []
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(agent.act(obs, info))
        digest.update(obs.tobytes())
        rewards.append(float(reward))
        if terminated or truncated:
            break
    return digest.hexdigest(), rewards, env.device.state()


def test_same_seed_same_actions_identical_frames_rewards_and_state():
    assert _rollout(3) == _rollout(3)


def test_different_seeds_differ():
    assert _rollout(3)[0] != _rollout(4)[0]


def test_env_pickles_mid_episode_and_continues_identically():
    env = MobileGymEnv(task="launcher.switch_to_recent_app")
    env.reset(seed=1)
    env.step(A.recents())
    clone = pickle.loads(pickle.dumps(env))
    a = env.step(A.tap(0.5, 0.3))
    b = clone.step(A.tap(0.5, 0.3))
    assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]
    assert env.device.state() == clone.device.state()


def test_async_vector_env_runs():
    envs = gym.vector.AsyncVectorEnv(
        [lambda: gym.make("MobileGym-v0", task="launcher.open_app") for _ in range(2)])
    try:
        obs, infos = envs.reset(seed=[0, 1])
        assert obs.shape == (2, 800, 360, 3)
        actions = {"action_type": np.array([int(A.ActionType.BACK)] * 2),
                   "point": np.zeros((2, 2), np.float32),
                   "end_point": np.zeros((2, 2), np.float32), "text": ("", "")}
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        assert obs.shape == (2, 800, 360, 3) and rewards.tolist() == [0.0, 0.0]
    finally:
        envs.close()


BAD_ACTIONS = [
    ("not a dict", ValueError),
    ({}, KeyError),
    ({"action_type": 99}, ValueError),
    ({"action_type": "fly"}, ValueError),
    ({"action_type": True}, ValueError),
    ({"action_type": 0}, KeyError),
    ({"action_type": 0, "point": [0.5, float("nan")]}, ValueError),
    ({"action_type": 0, "point": [1.5, 0.2]}, ValueError),
    ({"action_type": 0, "point": [0.5]}, ValueError),
    ({"action_type": "swipe", "point": [0.5, 0.5]}, KeyError),
    ({"action_type": "type", "text": 5}, ValueError),
    ({"action_type": "type", "text": "x" * 10_000}, ValueError),
    ({"action_type": "tap", "point": [0.5, 0.5], "speed": 3}, KeyError),
]


@pytest.mark.parametrize(("action", "error"), BAD_ACTIONS)
def test_bad_actions_raise_before_any_change(action, error):
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0)
    before_state, before_frame = env.device.state(), env.render().copy()
    with pytest.raises(error):
        env.step(action)
    assert env.device.state() == before_state
    assert np.array_equal(env.render(), before_frame)
    env.step(A.wait())  # still usable


def test_unknown_task_and_bad_arguments():
    with pytest.raises(KeyError, match="unknown task or suite"):
        MobileGymEnv(task="nope.nothing")
    with pytest.raises(ValueError, match="render_mode"):
        MobileGymEnv(render_mode="ascii")
    with pytest.raises(ValueError, match="screen_scale"):
        MobileGymEnv(screen_scale=0)
    env = MobileGymEnv(task="launcher")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(A.wait())
    with pytest.raises(KeyError, match="reset options"):
        env.reset(seed=0, options={"level": 3})


def test_plain_dicts_with_names_are_accepted():
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0)
    _, _, _, _, info = env.step({"action_type": "HOME"})
    assert info["step"] == 1


def test_done_ends_the_episode_with_the_judges_verdict():
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(A.done())
    assert (reward, terminated, truncated, info["success"]) == (0.0, True, False, False)


def test_truncation_at_max_steps():
    env = MobileGymEnv(task="launcher.open_app", max_steps=3)
    env.reset(seed=0)
    flags = [env.step(A.wait())[2:4] for _ in range(3)]
    assert flags == [(False, False), (False, False), (False, True)]


def test_virtual_clock_advances_per_action():
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0)
    t0 = env.device.kernel.clock.now_ms()
    env.step(A.wait())
    env.step(A.tap(0.5, 0.5))
    assert env.device.kernel.clock.now_ms() - t0 == 5000 + 1000


def test_without_terminate_on_success_the_agent_says_done():
    env = MobileGymEnv(task="launcher.open_app", terminate_on_success=False)
    env.reset(seed=0, options={"params": {"app_id": "notes", "page": 0, "start_in": None}})
    env.device.launch_app("notes")  # solved, but the episode goes on until DONE
    _, reward, terminated, truncated, info = env.step(A.wait())
    assert (reward, terminated, truncated, info["success"]) == (0.0, False, False, True)
    _, reward, terminated, _, info = env.step(A.done())
    assert (reward, terminated, info["success"]) == (1.0, True, True)


def test_bad_reset_params_raise_and_keep_the_previous_episode():
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0)
    before = env.device.state()
    draw = env.np_random.bit_generator.state
    with pytest.raises(ValueError, match="missing params"):
        env.reset(seed=1, options={"params": {"page": 0}})
    with pytest.raises(ValueError, match="unknown params"):
        env.reset(seed=1, options={"params": {"app_id": "notes", "colour": "red"}})
    with pytest.raises(ValueError, match="param 'page' must be int"):
        env.reset(seed=1, options={"params": {"app_id": "notes", "page": "2"}})
    with pytest.raises(ValueError, match="no app 'nope' is installed"):
        env.reset(seed=1, options={"params": {"app_id": "nope"}})
    with pytest.raises(ValueError, match="page must be 0 or 1"):
        env.reset(options={"params": {"app_id": "notes", "page": 99}})
    assert env.device.state() == before
    assert env.np_random.bit_generator.state == draw  # failed resets draw nothing
    env.step(A.wait())


def test_human_render_mode_without_a_display_says_so(monkeypatch):
    from mobilegym_env.ui import _pygame

    monkeypatch.setattr(_pygame, "NO_DISPLAY", True)
    with pytest.warns(UserWarning, match='there is no display.*render_mode="rgb_array"'):
        MobileGymEnv(task="launcher.open_app", render_mode="human")


def test_human_render_mode_draws_into_a_window(monkeypatch):
    """With a display it is a real window; headless (CI), a dummy driver chosen knowingly
    (SDL_VIDEODRIVER set) stands in."""
    from mobilegym_env.ui import _pygame
    from mobilegym_env.ui._pygame import pygame

    monkeypatch.setattr(_pygame, "NO_DISPLAY", False)
    env = MobileGymEnv(task="launcher.open_app", render_mode="human")
    obs, _ = env.reset(seed=0)
    window = pygame.display.get_surface()
    assert window is not None and window.get_size() == (360, 800)
    assert env.render() is None
    assert np.array_equal(pygame.surfarray.array3d(window).swapaxes(0, 1), obs)
    env.close()
    assert not pygame.display.get_init()


@pytest.mark.parametrize("kwargs", [{"max_steps": True}, {"max_steps": 0},
                                    {"terminate_on_success": "no"}, {"screen_scale": True},
                                    {"screen_scale": 5}])
def test_constructor_arguments_are_checked(kwargs):
    with pytest.raises(ValueError):
        MobileGymEnv(task="launcher.open_app", **kwargs)


def test_stepping_an_ended_episode_raises_until_reset():
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0)
    _, reward, terminated, _, _ = env.step(A.done())
    assert terminated and reward == 0.0
    state = env.device.state()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(A.wait())
    assert env.device.state() == state
    env.reset(seed=1)
    env.step(A.wait())


def test_vector_envs_autoreset_across_episode_ends():
    envs = gym.make_vec("MobileGym-v0", num_envs=2, vectorization_mode="sync",
                        task="launcher.open_app", max_steps=3)
    envs.reset(seed=0)
    for _ in range(8):  # several truncations: the vector env resets, never steps an ended one
        envs.step({"action_type": np.array([8, 10]), "point": np.zeros((2, 2), np.float32),
                   "end_point": np.zeros((2, 2), np.float32), "text": ("", "")})
    envs.close()


def test_unsaved_text_is_a_draft_in_state_and_never_collateral():
    env = MobileGymEnv(task="launcher.open_app")
    env.reset(seed=0, options={"params": {"app_id": "files", "page": 0, "start_in": "notes"}})
    device = env.device
    env.step(A.tap(*center(device, node(device, id="fab"))))
    env.step(A.tap(*center(device, node(device, id="title"))))
    _, _, _, _, info = env.step(A.type_text("Half a thought"))
    notes = next(t for t in device.state()["os"]["tasks"]["tasks"] if t["root_app_id"] == "notes")
    assert notes["stack"][-1]["drafts"] == {"title": "Half a thought"}
    assert info["clean"] and info["unexpected_changes"] == []


def test_what_an_alarm_does_during_a_step_shows_in_that_steps_frame_and_state():
    """A receiver that runs while the clock ticks (here an incoming call a task scheduled)
    marks the screen stale: the step's observation and state already show the call."""
    env = gym.make("MobileGym-v0", task="notes").unwrapped
    env.reset(seed=0)
    kernel = env.device.kernel
    before, *_ = env.step(A.wait())
    kernel.alarms.set("phone", "test-call", kernel.clock.now_ms() + 1, "phone.RING",
                      {"number": "+1 415-555-0178"})
    obs, *_ = env.step(A.wait())
    assert kernel.tasks.top_activity.app_id == "phone"
    assert not np.array_equal(obs, before)
    assert np.array_equal(obs, env.device.clone().render())


def test_envs_share_the_frame_space_bounds_but_not_its_random_stream():
    """Gymnasium's Box keeps four frame-sized arrays: envs of one size share them (read-only),
    each with a space and a random stream of its own."""
    a = gym.make("MobileGym-v0", task="notes.create_note")
    b = gym.make("MobileGym-v0", task="notes.create_note")
    sa, sb = a.observation_space, b.observation_space
    assert sa is not sb and sa == sb
    assert sa.low is sb.low and sa.high is sb.high and not sa.low.flags.writeable
    sa.seed(1)
    sb.seed(2)
    first = sa.sample()
    sa.seed(1)
    assert np.array_equal(sa.sample(), first) and not np.array_equal(sb.sample(), first)
    small = gym.make("MobileGym-v0", task="notes.create_note", obs_size=(84, 84))
    assert small.observation_space.shape == (84, 84, 3)
    assert small.observation_space.low is not sa.low


# ----- Gymnasium's passive env checker after a call that raised (see EnvCheckerRetry)
BAD_PARAMS = {"params": {"page": 0}}  # app_id missing: a ValueError by design
SCRIPT = [A.home(), A.tap(0.5, 0.5), A.wait(), A.back(), A.swipe(0.5, 0.8, 0.5, 0.2)]


def _play_script(env: gym.Env, seed: int) -> list[tuple]:
    obs, info = env.reset(seed=seed)
    out = [(obs, info["instruction"])]
    for action in SCRIPT:
        obs, reward, terminated, truncated, info = env.step(action)
        out.append((obs, reward, terminated, truncated, info["success"], info["step"]))
        if terminated or truncated:
            break
    return out


def _same(a: list[tuple], b: list[tuple]) -> bool:
    if [len(x) for x in a] != [len(y) for y in b]:
        return False
    return all(np.array_equal(u, v) if isinstance(u, np.ndarray) else u == v
               for x, y in zip(a, b, strict=True) for u, v in zip(x, y, strict=True))


@pytest.fixture
def checker_calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The passive checker's reset and step checks as they run: "ok" or the error's type."""
    from gymnasium.wrappers import common

    calls: dict[str, list[str]] = {"reset": [], "step": []}
    for name, check in (("reset", common.env_reset_passive_checker),
                        ("step", common.env_step_passive_checker)):
        def spy(*args, _name=name, _check=check, **kwargs):
            try:
                result = _check(*args, **kwargs)
            except Exception as err:
                calls[_name].append(type(err).__name__)
                raise
            calls[_name].append("ok")
            return result
        monkeypatch.setattr(common, f"env_{name}_passive_checker", spy)
    return calls


def test_a_failed_first_reset_leaves_a_made_env_usable_and_checked(checker_calls):
    """Gymnasium's PassiveEnvChecker marks its first reset checked before making it: after
    a first reset with bad params, every step raised TypeError (cannot unpack None)."""
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    assert "PassiveEnvChecker" in str(env)  # the checker is on, as by default
    with pytest.raises(ValueError, match="missing params"):
        env.reset(seed=0, options=BAD_PARAMS)
    with pytest.raises(ValueError, match="missing params"):  # twice: still the same error
        env.reset(seed=0, options=BAD_PARAMS)
    got = _play_script(env, seed=3)
    assert len(got) == len(SCRIPT) + 1
    # the checker checked the reset that succeeded and the first step, once each
    assert checker_calls == {"reset": ["ValueError", "ValueError", "ok"], "step": ["ok"]}
    fresh = gym.make("MobileGym-v0", task="launcher.open_app")
    assert _same(got, _play_script(fresh, seed=3))
    assert _same(_play_script(env, seed=3), got)  # and again, after an episode


def test_a_failed_first_step_leaves_a_made_env_usable_and_checked(checker_calls):
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    obs, _ = env.reset(seed=3)
    with pytest.raises(ValueError, match="out of range"):
        env.step({"action_type": 99})
    with pytest.raises(KeyError, match="needs 'point'"):
        env.step({"action_type": "tap"})
    steps = [env.step(action) for action in SCRIPT]
    assert checker_calls == {"reset": ["ok"], "step": ["ValueError", "KeyError", "ok"]}
    fresh = gym.make("MobileGym-v0", task="launcher.open_app")
    assert np.array_equal(fresh.reset(seed=3)[0], obs)
    for action, (obs, reward, terminated, truncated, info) in zip(SCRIPT, steps, strict=True):
        again = fresh.step(action)
        assert np.array_equal(again[0], obs)
        assert again[1:4] == (reward, terminated, truncated)
        assert again[4]["success"] == info["success"]


def test_without_the_checker_a_failed_reset_changes_nothing_either():
    env = gym.make("MobileGym-v0", task="launcher.open_app", disable_env_checker=True)
    assert "PassiveEnvChecker" not in str(env)
    with pytest.raises(ValueError, match="missing params"):
        env.reset(seed=0, options=BAD_PARAMS)
    got = _play_script(env, seed=3)
    assert _same(got, _play_script(gym.make("MobileGym-v0", task="launcher.open_app"), 3))


def test_the_spec_remakes_the_same_wrappers():
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    again = gym.make(env.spec)
    assert str(again) == str(env)
    with pytest.raises(ValueError, match="missing params"):
        again.reset(seed=0, options=BAD_PARAMS)
    again.reset(seed=0)
    again.step(A.wait())


def test_a_sync_vector_env_survives_a_failed_reset():
    """A bad reset option fails in the first sub-env (the others are not reset); the vector
    env then resets and steps as a fresh one."""
    def make() -> gym.vector.VectorEnv:
        return gym.make_vec("MobileGym-v0", num_envs=2, vectorization_mode="sync",
                            task="launcher.open_app")

    batch = {"action_type": np.array([5, 8]), "point": np.zeros((2, 2), np.float32),
             "end_point": np.zeros((2, 2), np.float32), "text": ("", "")}
    envs, fresh = make(), make()
    try:
        with pytest.raises(ValueError, match="missing params"):
            envs.reset(seed=0, options=BAD_PARAMS)
        for vec in (envs, fresh):
            vec.reset(seed=5)
        for _ in range(3):
            got, want = envs.step(batch), fresh.step(batch)
            assert np.array_equal(got[0], want[0])
            assert all(np.array_equal(g, w) for g, w in zip(got[1:4], want[1:4], strict=True))
    finally:
        envs.close()
        fresh.close()
