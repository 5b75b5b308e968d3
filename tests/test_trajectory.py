"""Recording and replay: a trajectory reproduces its rewards, verdicts and frames, and a
divergence names its first step; ``mobilegym replay`` exits non-zero on it."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mobilegym_env import actions as A
from mobilegym_env.agents import OracleAgent
from mobilegym_env.cli import main
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.trajectory import (
    TrajectoryWriter,
    action_from_json,
    action_to_json,
    load,
    replay,
)


def _record(path, task="notes.pin_note", seed=0, env_task=None):
    env = MobileGymEnv(task=env_task or task)
    with TrajectoryWriter(path) as rec:
        obs, info = rec.reset(env, seed=seed,
                              options=None if env_task else {"task": task})
        agent = OracleAgent()
        agent.reset(info["instruction"], {"task": env.task, "device": env.device})
        done = False
        while not done:
            obs, _, terminated, truncated, info = rec.step(agent.act(obs, info))
            done = terminated or truncated
    return info


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_actions_round_trip_exactly():
    for action in (A.tap(0.1, 0.7), A.swipe(0.5, 0.8, 0.5, 0.2), A.type_text("héllo 👋"),
                   A.answer("3"), A.double_tap(0.3, 0.3), A.back(), A.done()):
        data = json.loads(json.dumps(action_to_json(action)))
        again = A.parse(action_from_json(data))
        first = A.parse(action)
        assert (again.kind, again.point, again.end_point, again.text) == \
            (first.kind, first.point, first.end_point, first.text)
    assert action_to_json(A.back()) == {"action_type": "BACK"}


def test_a_recording_replays_identically(tmp_path):
    path = tmp_path / "ep.jsonl"
    info = _record(path)
    traj = load(path)
    assert info["success"] and traj.end == {"type": "end", "steps": len(traj.steps),
                                            "success": True, "error": None}
    assert traj.header["task"] == "notes.pin_note" and traj.header["seed"] == 0
    assert traj.steps[-1]["reward"] == 1.0 and traj.steps[-1]["success"]
    assert all(len(s["frame"]) == 16 for s in traj.steps)
    assert replay(path).ok


def test_an_unseeded_reset_drawing_among_tasks_replays_from_the_generator_state(tmp_path):
    path = tmp_path / "ep.jsonl"
    env = MobileGymEnv(task="launcher")
    env.reset(seed=5)  # the next reset continues this generator
    rec = TrajectoryWriter(path)
    obs, info = rec.reset(env)
    rec.step(A.home())
    rec.end()
    header = load(path).header
    assert header["seed"] is None and header["rng_state"]["bit_generator"] == "PCG64"
    assert header["env"]["tasks"] == env.task_ids
    report = replay(path)
    assert report.ok and report.steps == 1


@pytest.mark.parametrize(("field", "value", "message"), [
    ("reward", 0.5, "reward was 0.5, replayed 1.0"),
    ("frame", "0" * 16, 'frame was "0000000000000000", replayed'),
    ("progress", 0.25, "progress was 0.25, replayed"),
])
def test_a_divergence_names_the_first_diverging_step(tmp_path, field, value, message):
    path = tmp_path / "ep.jsonl"
    _record(path)
    lines = _lines(path)
    last = len(lines) - 2  # the last step line (before the end line)
    lines[last][field] = value
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    report = replay(path)
    assert not report.ok and report.steps == last
    assert report.divergence.startswith(f"step {last} (")
    assert message in report.divergence


def test_a_changed_action_diverges_at_its_step(tmp_path):
    path = tmp_path / "ep.jsonl"
    _record(path)
    lines = _lines(path)
    lines[1]["action"] = {"action_type": "RECENTS"}
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    report = replay(path, check_frames=False)
    assert report.divergence is not None and report.divergence.startswith("step ")


def test_replay_command_exit_codes(tmp_path, capsys):
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    _record(good)
    lines = _lines(good)
    lines[0]["params"]["title"] = "Something else"
    bad.write_text("".join(json.dumps(x) + "\n" for x in lines))
    assert main(["replay", str(good)]) == 0
    assert "steps replayed, identical" in capsys.readouterr().out
    assert main(["replay", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.jsonl: diverged at the reset differs: params was" in out
    (tmp_path / "junk.jsonl").write_text('{"x": 1}\n')
    assert main(["replay", str(tmp_path / "junk.jsonl")]) == 2
    assert "not a MobileGym trajectory" in capsys.readouterr().err


def test_malformed_and_interrupted_files(tmp_path):
    path = tmp_path / "ep.jsonl"
    _record(path)
    text = path.read_text()
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: text.rindex('{"type": "end"')])  # no end line: interrupted
    assert load(cut).end is None and replay(cut).ok
    broken = tmp_path / "broken.jsonl"
    broken.write_text(text.replace('"type": "step"', '"type": "stop"', 1))
    with pytest.raises(ValueError, match=r"broken.jsonl:2: unexpected line"):
        load(broken)
    with pytest.raises(ValueError, match=r"half.jsonl:2: not JSON"):
        (tmp_path / "half.jsonl").write_text(text.splitlines()[0] + "\n{\"type\"\n")
        load(tmp_path / "half.jsonl")


def test_frames_are_saved_as_png_on_request(tmp_path):
    from PIL import Image

    env = MobileGymEnv(task="launcher.open_app")
    with TrajectoryWriter(tmp_path / "ep.jsonl", frames=True) as rec:
        obs, _ = rec.reset(env, seed=0)
        obs, *_ = rec.step(A.home())
    lines = _lines(tmp_path / "ep.jsonl")
    assert [x.get("frame_file") for x in lines] == ["ep.frames/000000.png",
                                                    "ep.frames/000001.png", None]
    saved = np.asarray(Image.open(tmp_path / lines[1]["frame_file"]))
    assert np.array_equal(saved, obs)
