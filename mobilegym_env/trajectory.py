"""Recording and replaying episodes: one JSON Lines file per episode.

The first line is the header: everything needed to rebuild the episode (task, seed or the
generator's state, the reset options, the env's settings), its instruction and params, and the
first frame's hash and verdict. Then one line per step: the action, the reward, ``terminated`` /
``truncated``, the judge's verdict (success, clean, progress, each check's pass/fail, the
unexpected changes), the answer on ANSWER and the frame's hash (and, when asked, a PNG of the
frame). The last line closes the episode (``steps``, ``success``, ``error``)::

    {"type": "header", "format": "mobilegym-trajectory", "version": 1, "task": ..., ...}
    {"type": "step", "step": 1, "action": {"action_type": "TAP", "point": [0.5, 0.3]}, ...}
    {"type": "end", "steps": 12, "success": true, "error": null}

:func:`replay` re-runs the actions on a fresh env and reports the first step whose reward,
verdict or frame differs (``mobilegym replay FILE`` exits non-zero on a divergence). Frames
depend on the renderer: a recording made before a change of look diverges in its frame hashes
only (``check_frames=False`` compares the rest).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from . import actions as A

FORMAT = "mobilegym-trajectory"
VERSION = 1


def frame_hash(frame: np.ndarray) -> str:
    """A short digest of a frame's pixels (and its shape)."""
    digest = hashlib.sha256(repr(frame.shape).encode())
    digest.update(np.ascontiguousarray(frame).tobytes())
    return digest.hexdigest()[:16]


def action_to_json(action: Any) -> dict[str, Any]:
    """An action as plain JSON: the type's name and only the fields that type uses.

    Raises:
        ValueError, KeyError: The action is malformed (see ``actions.parse``).
    """
    act = A.parse(action)
    out: dict[str, Any] = {"action_type": act.kind.name}
    if act.kind in A.POINT_ACTIONS:
        out["point"] = list(act.point)
    if act.kind == A.ActionType.SWIPE:
        out["end_point"] = list(act.end_point)
    if act.kind in A.TEXT_ACTIONS:
        out["text"] = act.text
    return out


def action_from_json(data: dict[str, Any]) -> dict[str, Any]:
    """The action dict the env takes, from :func:`action_to_json`'s output (float64 points:
    the recorded values exactly)."""
    out: dict[str, Any] = {"action_type": data["action_type"]}
    for key in ("point", "end_point"):
        if key in data:
            out[key] = np.asarray(data[key], dtype=np.float64)
    if "text" in data:
        out["text"] = data["text"]
    A.parse(out)
    return out


def verdict_of(info: dict[str, Any]) -> dict[str, Any]:
    """The judge's part of an env ``info``, as recorded and compared."""
    return {"success": bool(info["success"]), "clean": bool(info["clean"]),
            "progress": float(info["progress"]),
            "checks": {name: bool(c["passed"]) for name, c in info["checks"].items()},
            "unexpected_changes": list(info["unexpected_changes"])}


class TrajectoryWriter:
    """Writes one episode to a JSON Lines file, as the episode runs.

    Either let it drive the env (:meth:`reset` then :meth:`step`), or report what happened
    yourself (:meth:`begin`, :meth:`record`), e.g. from a wrapper. Lines are flushed as they
    are written: an interrupted episode leaves a readable file without its ``end`` line.

    Args:
        path: The ``.jsonl`` file to write (its folder is created).
        frames: Also save each frame as PNG in ``<path without .jsonl>.frames/``.

    Example:
        >>> with TrajectoryWriter("ep.jsonl") as rec:
        ...     obs, info = rec.reset(env, seed=0, options={"task": "launcher.open_app"})
        ...     obs, reward, terminated, truncated, info = rec.step(A.home())
    """

    def __init__(self, path: str | Path, frames: bool = False) -> None:
        self.path = Path(path)
        self.frames_dir = self.path.with_suffix(".frames") if frames else None
        self.steps = 0
        self.success = False
        self._env: Any = None
        self._file: Any = None

    # ----- driving the env
    def reset(self, env: Any, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Resets ``env`` (a MobileGym env, possibly wrapped) and writes the header."""
        base = env.unwrapped
        rng_state = None if seed is not None else base.np_random.bit_generator.state
        obs, info = env.reset(seed=seed, options=options)
        self._env = env
        self.begin(base, seed, options, obs, info, rng_state=rng_state)
        return obs, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Steps the env given to :meth:`reset` and records the step."""
        if self._env is None:
            raise RuntimeError("TrajectoryWriter.step before reset")
        obs, reward, terminated, truncated, info = self._env.step(action)
        self.record(action, obs, float(reward), terminated, truncated, info)
        return obs, float(reward), terminated, truncated, info

    # ----- reporting
    def begin(self, env: Any, seed: int | None, options: dict[str, Any] | None,
              obs: np.ndarray, info: dict[str, Any], rng_state: dict | None = None,
              agent: str | None = None) -> None:
        """Writes the header of an episode that ``env`` (the unwrapped env) has just reset.

        Args:
            seed: The reset's seed; None needs ``rng_state``, the env's ``np_random`` state
                before the reset.
            options: The reset's options, as given.
            agent: Who acts (stored for reference).
        """
        if seed is None and rng_state is None:
            raise ValueError("a reset without a seed needs rng_state to be replayable")
        options = dict(options or {})
        drew = "task" not in options and len(env.task_ids) > 1
        header = {
            "type": "header", "format": FORMAT, "version": VERSION,
            "mobilegym_version": _version(), "task": info["task_id"], "seed": seed,
            "rng_state": rng_state, "reset_options": _jsonable(options),
            "env": {"tasks": list(env.task_ids) if drew else None,
                    "screen_scale": env.screen_scale, "max_steps": env.max_steps_override,
                    "terminate_on_success": env.terminate_on_success},
            "agent": agent, "instruction": info["instruction"],
            "params": dataclasses.asdict(env.task.params),
            "frame": frame_hash(obs), **verdict_of(info),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("w", encoding="utf-8")
        self.steps, self.success = 0, False
        self._write(header, obs)

    def record(self, action: Any, obs: np.ndarray, reward: float, terminated: bool,
               truncated: bool, info: dict[str, Any]) -> None:
        """Writes one step (the action as taken by the env, and its outcome)."""
        if self._file is None:
            raise RuntimeError("TrajectoryWriter.record before begin")
        self.steps += 1
        self.success = bool(info["success"])
        line = {"type": "step", "step": self.steps, "action": action_to_json(action),
                "reward": float(reward), "terminated": bool(terminated),
                "truncated": bool(truncated), **verdict_of(info),
                "answer": info.get("answer"), "frame": frame_hash(obs)}
        self._write(line, obs)

    def end(self, error: str | None = None) -> None:
        """Writes the closing line and closes the file (an error the episode stopped on)."""
        if self._file is None:
            return
        self._write({"type": "end", "steps": self.steps, "success": self.success,
                     "error": error}, None)
        self._file.close()
        self._file = None

    def close(self) -> None:
        """Closes the file; without :meth:`end` it has no closing line (interrupted)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> TrajectoryWriter:
        return self

    def __exit__(self, kind: Any, error: Any, tb: Any) -> None:
        if error is None or isinstance(error, Exception):
            self.end(None if error is None else f"{type(error).__name__}: {error}")
        else:
            self.close()

    def _write(self, line: dict[str, Any], obs: np.ndarray | None) -> None:
        if obs is not None and self.frames_dir is not None:
            from PIL import Image

            self.frames_dir.mkdir(parents=True, exist_ok=True)
            name = f"{self.steps:06d}.png"
            Image.fromarray(obs).save(self.frames_dir / name)
            line["frame_file"] = f"{self.frames_dir.name}/{name}"
        self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._file.flush()


@dataclass
class Trajectory:
    """A recorded episode: its header, its step lines and its end line (None when the
    recording was interrupted)."""

    header: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None


def load(path: str | Path) -> Trajectory:
    """Reads a trajectory file.

    Raises:
        ValueError: Not a trajectory (the message names the file and the line).
        FileNotFoundError: No such file.
    """
    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    records = []
    for number, text in enumerate(lines, 1):
        try:
            records.append(json.loads(text))
        except json.JSONDecodeError as err:
            raise ValueError(f"{path}:{number}: not JSON ({err.msg})") from None
    if not records or records[0].get("format") != FORMAT:
        raise ValueError(f"{path}: not a MobileGym trajectory (no {FORMAT!r} header)")
    if records[0].get("version") != VERSION:
        raise ValueError(f"{path}: trajectory format version {records[0].get('version')!r}; "
                         f"this MobileGym reads version {VERSION}")
    traj = Trajectory(records[0])
    for number, rec in enumerate(records[1:], 2):
        if rec.get("type") == "step":
            traj.steps.append(rec)
        elif rec.get("type") == "end" and number == len(records):
            traj.end = rec
        else:
            raise ValueError(f"{path}:{number}: unexpected line {str(rec)[:60]}")
    return traj


@dataclass
class ReplayReport:
    """What :func:`replay` found.

    Attributes:
        steps: Steps replayed (up to and including a diverging one).
        divergence: The first difference, naming the step and the field; None if identical.
    """

    steps: int
    divergence: str | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def replay(path: str | Path, check_frames: bool = True) -> ReplayReport:
    """Re-runs a recorded episode on a fresh env and compares it step by step.

    Raises:
        ValueError: The file is not a trajectory, or its task is not registered.
    """
    from .env import MobileGymEnv

    traj = load(path)
    h = traj.header
    env = MobileGymEnv(task=h["env"]["tasks"] or h["task"], screen_scale=h["env"]["screen_scale"],
                       max_steps=h["env"]["max_steps"],
                       terminate_on_success=h["env"]["terminate_on_success"])
    try:
        if h["seed"] is None:
            env.np_random = np.random.Generator(np.random.PCG64())
            env.np_random.bit_generator.state = h["rng_state"]
        obs, info = env.reset(seed=h["seed"], options=h["reset_options"] or None)
        got = {"task": info["task_id"], "instruction": info["instruction"],
               "params": _jsonable(dataclasses.asdict(env.task.params)), **verdict_of(info)}
        if check_frames:
            got["frame"] = frame_hash(obs)
        diff = _first_difference(h, got)
        if diff:
            return ReplayReport(0, f"the reset differs: {diff}")
        for i, line in enumerate(traj.steps, 1):
            try:
                obs, reward, terminated, truncated, info = env.step(
                    action_from_json(line["action"]))
            except Exception as err:
                return ReplayReport(i, f"step {i}: the env refused the action "
                                       f"({type(err).__name__}: {err})")
            got = {"reward": float(reward), "terminated": terminated, "truncated": truncated,
                   **verdict_of(info), "answer": info.get("answer")}
            if check_frames:
                got["frame"] = frame_hash(obs)
            diff = _first_difference(line, got)
            if diff:
                return ReplayReport(i, f"step {i} ({line['action']['action_type']}): {diff}")
        return ReplayReport(len(traj.steps))
    finally:
        env.close()


def _first_difference(recorded: dict[str, Any], replayed: dict[str, Any]) -> str | None:
    for key, value in replayed.items():
        if key in recorded and recorded[key] != value:
            return f"{key} was {_short(recorded[key])}, replayed {_short(value)}"
    return None


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _version() -> str:
    from . import __version__

    return __version__
