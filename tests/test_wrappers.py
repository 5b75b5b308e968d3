"""Wrappers shipped in mobilegym_env.wrappers, alone and with Gymnasium's own."""

from __future__ import annotations

import json

import gymnasium as gym
import numpy as np
import pytest

import mobilegym_env  # noqa: F401
from mobilegym_env import actions as A
from mobilegym_env.oracle import center
from mobilegym_env.trajectory import load, replay
from mobilegym_env.wrappers import (
    DiscreteActions,
    InstructionObservation,
    ProgressReward,
    RecordTrajectory,
    SetOfMarks,
    UITreeInfo,
    UITreeObservation,
    tokenize,
)

OPEN = "launcher.open_app"
HOME_START = {"app_id": "notes"}  # the home screen, factory layout


def _make(**kwargs):
    return gym.make("MobileGym-v0", task=OPEN, **kwargs)


def test_ui_tree_info_lets_an_agent_act_on_what_it_reads():
    env = UITreeInfo(_make())
    _, info = env.reset(seed=2, options={"params": {"app_id": "files"}})
    icon = next(n for n in info["ui_tree"] if n["role"] == "app_icon" and n["text"] == "Files")
    _, reward, terminated, _, info = env.step(A.tap(*center(env.unwrapped.device, icon)))
    assert (reward, terminated, info["success"]) == (1.0, True, True)
    assert any(n["text"] == "Files" and n["role"] == "heading" for n in info["ui_tree"])


# --------------------------------------------------------------------------- DiscreteActions
def test_discrete_actions_lays_out_grid_points_keys_and_swipes():
    env = DiscreteActions(_make(), grid=(2, 3), region=(0, 0.2, 1, 0.8), points=[(0.5, 0.9)],
                          keys=("home", "back"), swipes=("left",))
    assert env.action_space == gym.spaces.Discrete(2 * 3 + 1 + 2 + 1)
    assert env.labels == ["tap(0.250, 0.300)", "tap(0.750, 0.300)", "tap(0.250, 0.500)",
                          "tap(0.750, 0.500)", "tap(0.250, 0.700)", "tap(0.750, 0.700)",
                          "tap(0.500, 0.900)", "home", "back", "swipe left"]
    first = A.parse(env.action(np.int64(3)))
    assert first.kind == A.ActionType.TAP and first.point == pytest.approx((0.75, 0.5))
    assert A.parse(env.action(7)).kind == A.ActionType.HOME
    swipe = A.parse(env.action(9))
    assert swipe.kind == A.ActionType.SWIPE and swipe.end_point[0] < swipe.point[0]
    with pytest.raises(ValueError, match=r"0\.\.9"):
        env.action(10)


@pytest.mark.parametrize("kwargs,message", [
    ({"grid": (3, 0)}, "two positive ints"), ({"grid": "big"}, "grid must be"),
    ({"region": (0.5, 0, 0.4, 1)}, "x0 < x1"), ({"points": [(2, 0)]}, "normalized"),
    ({"keys": ("menu",)}, "unknown key 'menu'"), ({"swipes": ("north",)}, "'north'"),
    ({"grid": (0, 0), "keys": (), "swipes": ()}, "at least one action"),
])
def test_discrete_actions_rejects_bad_settings(kwargs, message):
    with pytest.raises(ValueError, match=message):
        DiscreteActions(_make(), **kwargs)


def test_discrete_actions_over_the_launcher_icons_solves_open_app():
    probe = _make()
    probe.reset(seed=0, options={"params": HOME_START})
    device = probe.unwrapped.device
    icons = [n for n in device.ui_tree() if n["role"] == "app_icon"]
    env = DiscreteActions(_make(), grid=(0, 0), points=[center(device, n) for n in icons],
                          keys=("home",), swipes=())
    assert env.action_space.n == len(icons) + 1
    env.reset(seed=0, options={"params": {"app_id": "settings", "start_in": "notes"}})
    assert env.step(len(icons))[-1]["step"] == 1  # Home
    settings = next(i for i, n in enumerate(icons) if n["text"] == "Settings")
    _, reward, terminated, _, info = env.step(settings)
    assert (reward, terminated, info["success"]) == (1.0, True, True)


# --------------------------------------------------------------------------- observations
def test_instruction_observation_gives_text_and_stable_tokens():
    env = InstructionObservation(_make(), max_tokens=8, vocab_size=64)
    obs, info = env.reset(seed=0, options={"params": HOME_START})
    assert obs["instruction"] == info["instruction"] == "Open the Notes app."
    assert obs["tokens"].tolist() == tokenize("open the NOTES app.", 8, 64).tolist()
    assert obs["tokens"][5:].tolist() == [0, 0, 0] and obs["tokens"][:5].min() >= 1
    assert env.observation_space.contains(obs)
    obs2, *_ = env.step(A.wait())
    assert env.observation_space.contains(obs2)
    assert obs2["tokens"].tolist() == obs["tokens"].tolist() and obs2["tokens"] is not \
        obs["tokens"]
    assert obs2["frame"].shape == (800, 360, 3)


def test_instruction_tokens_tell_the_apps_apart_at_the_training_vocab():
    names = ["Contacts", "Files", "Gallery", "Notes", "Settings", "Messages"]
    ids = {int(tokenize(f"Open the {n} app.", 8, 64)[2]) for n in names}
    assert len(ids) == len(names)


def test_instruction_observation_options():
    env = InstructionObservation(_make(), text=False, tokenizer=lambda s: [len(s), 1],
                                 max_tokens=3, vocab_size=100)
    obs, _ = env.reset(seed=0, options={"params": HOME_START})
    assert set(obs) == {"frame", "tokens"} and obs["tokens"].tolist() == [19, 1, 0]
    bad = InstructionObservation(_make(), tokenizer=lambda s: [500], vocab_size=100)
    with pytest.raises(ValueError, match=r"outside 0\.\.99"):
        bad.reset(seed=0)
    with pytest.raises(ValueError, match="max_tokens"):
        InstructionObservation(_make(), max_tokens=0)
    with pytest.raises(ValueError, match=r"already has keys \['instruction', 'tokens'\]"):
        InstructionObservation(InstructionObservation(_make()))


def test_ui_tree_observation_stacks_with_instruction_observation():
    env = InstructionObservation(UITreeObservation(_make()))
    obs, _ = env.reset(seed=0, options={"params": HOME_START})
    assert set(obs) == {"frame", "ui_tree", "instruction", "tokens"}
    assert '] app_icon "Notes" clickable long-clickable' in obs["ui_tree"]
    assert env.observation_space.contains(obs)
    text_only = UITreeObservation(_make(), frame=False, ids=True)
    obs, _ = text_only.reset(seed=0, options={"params": HOME_START})
    assert list(obs) == ["ui_tree"] and "id=grid:notes" in obs["ui_tree"]
    assert text_only.observation_space.contains(obs)


def test_set_of_marks_taps_the_numbered_element():
    env = SetOfMarks(_make(), max_marks=20, keys=("home",))
    raw = _make()
    obs, info = env.reset(seed=0, options={"params": HOME_START})
    frame, _ = raw.reset(seed=0, options={"params": HOME_START})
    assert obs.shape == frame.shape and not np.array_equal(obs, frame)
    assert env.action_space == gym.spaces.Discrete(21)
    marks = {m["text"]: m["mark"] for m in info["marks"]}
    assert [m["mark"] for m in info["marks"]] == list(range(len(info["marks"])))
    _, reward, terminated, _, info = env.step(marks["Notes"])
    assert (reward, terminated, info["success"], info["invalid_action"]) == \
        (1.0, True, True, False)


def test_set_of_marks_invalid_mark_waits_and_keys_follow_marks():
    env = SetOfMarks(_make(), max_marks=40, keys=("home", "back"), long_press=True)
    _, info = env.reset(seed=0, options={"params": HOME_START})
    assert env.action_space.n == 82 and env.labels[40] == "long-press mark 0"
    clock = env.unwrapped.device.kernel.clock.now_ms()
    _, _, _, _, info = env.step(39)
    assert info["invalid_action"] is True and info["step"] == 1
    assert env.unwrapped.device.kernel.clock.now_ms() - clock == 5000  # a WAIT
    notes = next(m["mark"] for m in info["marks"] if m["text"] == "Notes")
    env.step(40 + notes)  # long-press: the icon's menu opens
    assert any(n["role"] == "menu_item" for n in env.unwrapped.device.ui_tree())
    assert A.parse(env.action(81)[0]).kind == A.ActionType.BACK
    with pytest.raises(ValueError):
        env.step(82)


def test_set_of_marks_marks_the_keyboard_keys_for_typing():
    env = SetOfMarks(_make(), max_marks=64)
    _, info = env.reset(seed=0, options={"params": HOME_START})
    search = next(m["mark"] for m in info["marks"] if m["text"] == "Search apps")
    _, _, _, _, info = env.step(search)
    marks = {m["text"]: m["mark"] for m in info["marks"] if m["role"] == "key"}
    assert {"q", "w", "Space", "Enter"} <= set(marks)
    env.step(marks["f"])
    assert any(n["role"] == "text_field" and n["text"] == "f"
               for n in env.unwrapped.device.ui_tree())


# --------------------------------------------------------------------------- rewards
class Scripted(gym.Env):
    """A stand-in env whose infos follow a script of (progress, clean, success)."""

    observation_space = gym.spaces.Discrete(1)
    action_space = gym.spaces.Discrete(1)

    def __init__(self, script):
        self.script = script

    def reset(self, *, seed=None, options=None):
        self.t = 0
        return 0, self._info()

    def step(self, action):
        self.t += 1
        ended = self.t == len(self.script) - 1
        info = self._info()
        return 0, float(info["success"] and ended), ended, False, info

    def _info(self):
        progress, clean, success = self.script[self.t]
        return {"progress": progress, "clean": clean, "success": success}


def test_progress_reward_is_the_change_in_progress_and_cleanliness():
    script = [(0.0, True, False), (0.5, True, False), (0.5, False, False),
              (1.0, False, False), (1.0, True, True)]
    env = ProgressReward(Scripted(script), unclean_penalty=0.25, success_bonus=2.0)
    env.reset()
    rewards, sparse = [], []
    for _ in range(4):
        _, r, terminated, _, info = env.step(0)
        rewards.append(r)
        sparse.append(info["sparse_reward"])
    assert rewards == pytest.approx([0.5, -0.25, 0.5, 0.25 + 2.0]) and terminated
    assert sparse == [0.0, 0.0, 0.0, 1.0]
    with pytest.raises(ValueError, match=">= 0"):
        ProgressReward(Scripted(script), unclean_penalty=-1)


def test_progress_reward_on_a_real_episode_sums_to_final_progress():
    env = ProgressReward(_make())
    env.reset(seed=0, options={"params": {"app_id": "notes", "start_in": "files"}})
    total = 0.0
    for action in (A.tap(0.5, 0.5), A.home()):
        total += env.step(action)[1]
    device = env.unwrapped.device
    icon = next(n for n in device.ui_tree() if n["text"] == "Notes" and n["role"] == "app_icon")
    _, r, terminated, _, info = env.step(A.tap(*center(device, icon)))
    assert terminated and info["success"] and total + r == pytest.approx(1.0)


# --------------------------------------------------------------------------- recording
def test_record_trajectory_writes_replayable_episodes_with_png_frames(tmp_path):
    env = RecordTrajectory(_make(), tmp_path, frames="png",
                           episode_trigger=lambda i: i != 1)
    for seed in (0, 1, 2):
        env.reset(seed=seed, options={"params": HOME_START})
        done = False
        for action in (A.swipe(0.5, 0.7, 0.5, 0.3), A.wait(), A.done()):
            *_, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            if done:
                break
    env.close()
    assert [p.name for p in env.paths] == ["episode-000000.jsonl", "episode-000002.jsonl"]
    traj = load(env.paths[0])
    assert traj.header["task"] == OPEN and traj.header["seed"] == 0
    assert [s["action"]["action_type"] for s in traj.steps] == ["SWIPE", "WAIT", "DONE"]
    assert traj.end is not None and traj.end["success"] is False
    assert len(list(env.paths[0].with_suffix(".frames").glob("*.png"))) == 4
    assert replay(env.paths[1]).ok


def test_record_trajectory_marks_an_interrupted_episode_and_records_unseeded_resets(tmp_path):
    env = RecordTrajectory(_make(), tmp_path)
    env.reset(seed=5, options={"params": HOME_START})
    env.step(A.home())
    env.reset()  # unseeded: the generator's state is recorded instead
    env.step(A.tap(0.5, 0.5))
    env.close()
    first, second = (load(p) for p in env.paths)
    assert first.end is None and len(first.steps) == 1
    assert second.header["seed"] is None and second.header["rng_state"] is not None
    assert replay(env.paths[1]).ok
    line = json.loads(env.paths[1].read_text().splitlines()[1])
    assert line["action"]["action_type"] == "TAP"


def test_record_trajectory_writes_an_mp4(tmp_path):
    pytest.importorskip("imageio_ffmpeg", reason="frames='mp4' needs imageio-ffmpeg")
    env = RecordTrajectory(_make(), tmp_path, frames="mp4")
    env.reset(seed=0, options={"params": HOME_START})
    env.step(A.home())
    env.step(A.done())
    mp4 = env.paths[0].with_suffix(".mp4")
    assert mp4.exists() and mp4.stat().st_size > 1000


def test_record_trajectory_refuses_bad_settings(tmp_path):
    with pytest.raises(ValueError, match="frames must be"):
        RecordTrajectory(_make(), tmp_path, frames="gif")
    with pytest.raises(ValueError, match="below any action wrapper"):
        RecordTrajectory(DiscreteActions(_make()), tmp_path)


# --------------------------------------------------------------------------- gymnasium's own
def test_gymnasium_wrappers_compose_with_ours():
    env = _make()
    env = gym.wrappers.GrayscaleObservation(env, keep_dim=True)
    env = gym.wrappers.FrameStackObservation(env, stack_size=3)
    env = DiscreteActions(env)
    env = gym.wrappers.RecordEpisodeStatistics(env)
    obs, _ = env.reset(seed=0, options={"params": HOME_START})
    assert obs.shape == (3, 800, 360, 1) and env.observation_space.contains(obs)
    obs, *_ = env.step(env.action_space.n - 1)
    assert obs.shape == (3, 800, 360, 1)


def test_resize_observation_with_instruction_observation():
    pytest.importorskip("cv2", reason="ResizeObservation needs opencv-python "
                                      "(pip install opencv-python)")
    env = InstructionObservation(gym.wrappers.ResizeObservation(_make(), (84, 84)))
    obs, _ = env.reset(seed=0, options={"params": HOME_START})
    assert obs["frame"].shape == (84, 84, 3) and env.observation_space.contains(obs)


def test_record_video_records_our_frames(tmp_path):
    pytest.importorskip("moviepy", reason="RecordVideo needs moviepy (pip install moviepy)")
    env = gym.wrappers.RecordVideo(_make(render_mode="rgb_array"), str(tmp_path),
                                   episode_trigger=lambda i: True)
    env = DiscreteActions(env)
    env.reset(seed=0, options={"params": HOME_START})
    for _ in range(3):
        env.step(int(env.action_space.n) - 1)
    env.close()
    videos = list(tmp_path.glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000


@pytest.mark.parametrize("module", ["discrete", "instruction", "marks", "progress", "record",
                                    "ui_tree", "vector"])
def test_docstring_examples_hold(module):
    import doctest
    import importlib

    mod = importlib.import_module(f"mobilegym_env.wrappers.{module}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
