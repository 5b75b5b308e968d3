"""A hostile random agent against every task: prints JSON, exits 1 on any failure.

Each step draws an action in any of its accepted encodings (type as int, numpy int, name or
enum; points as lists, tuples, float32 or float64 arrays) aimed where things break: screen
edges, system gestures (Back edge, Home and Recents from the bottom, the shade from the top),
long presses, double taps, text with emoji, CJK, right-to-left scripts, combining marks and
512-character runs, plus malformed actions and untypable text (control characters, NUL, lone
surrogates), which must be refused with ValueError/KeyError and leave everything unchanged.

Reported: steps, refused actions by kind, unexpected exceptions by kind (must be 0), app
crashes (must be 0), CPU time per step (p50/p99/max), and periodic snapshot checks (a restored
copy has the same state and frame).

    python benchmarks/fuzz.py --steps 1000000 --seed 0       # the long run
    python benchmarks/fuzz.py --steps 3000                   # what CI runs
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from mobilegym_env import actions as A
from mobilegym_env.actions import ActionType
from mobilegym_env.device import Device
from mobilegym_env.env import MobileGymEnv

TEXTS = ("hello", "Call mom at 7", "naïve café", "🙂👍🏽🎉", "漢字かなカナ", "שלום עולם",
         "مرحبا", "e\u0301\u0301\u0301", "a\tb", "line\nbreak", " ", "+1 (415) 555-0132",
         "x" * 512, ("word " * 103)[:512], "🙂" * 256, "Ǆǅǆ ﬁ ß", "\u200b\u200d\u2066x")
UNTYPABLE = ("a\x00b", "\ud800", "x\udfff", "\x07bell", "\x1b[31m", "\ufffe", "\x9b")
EDGES = (0.0, 0.0001, 0.5, 0.9999, 1.0)


class Hostile:
    """Draws hostile actions from its own generator."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def _p(self, edge: float = 0.3) -> list[float]:
        r = self.rng
        return [float(r.choice(EDGES)) if r.random() < edge else float(r.random())
                for _ in range(2)]

    def _encode_point(self, p: list[float]) -> object:
        form = self.rng.integers(4)
        return [p, tuple(p), np.asarray(p, np.float32), np.asarray(p, np.float64)][form]

    def _encode_type(self, kind: ActionType) -> object:
        form = self.rng.integers(5)
        return [int(kind), np.int64(kind), kind.name, kind.name.lower(), kind][form]

    def _swipe(self) -> tuple[list[float], list[float]]:
        r = self.rng
        kind = r.integers(6)
        if kind == 0:  # Back from the left edge
            y = float(r.random())
            return [0.0, y], [float(r.uniform(0.1, 1)), y]
        if kind == 1:  # Home or Recents from the bottom
            x = float(r.random())
            return [x, float(r.uniform(0.975, 1))], [x, float(r.random())]
        if kind == 2:  # the shade from the status bar
            x = float(r.random())
            return [x, float(r.uniform(0, 0.05))], [x, float(r.random())]
        if kind == 3:  # a page flip
            y = float(r.random())
            return [0.9, y], [0.1, y]
        return self._p(), self._p()

    def act(self) -> dict:
        r = self.rng
        u = r.random()
        if u < 0.03:  # malformed: must be refused
            return [{"action_type": 99}, {"action_type": "FLY"}, {"point": [0.5, 0.5]},
                    {"action_type": 0, "point": [float("nan"), 0.2]},
                    {"action_type": 0, "point": [1.5, 0.2]},
                    {"action_type": 0, "point": [0.5]}, {"action_type": 0, "x": 1},
                    {"action_type": 3, "text": 42}, "tap", None][int(r.integers(10))]
        if u < 0.05:
            return {"action_type": self._encode_type(ActionType.TYPE),
                    "text": str(r.choice(UNTYPABLE))}
        kinds = [ActionType.TAP] * 40 + [ActionType.LONG_PRESS] * 6 + \
            [ActionType.DOUBLE_TAP] * 4 + [ActionType.SWIPE] * 14 + [ActionType.TYPE] * 12 + \
            [ActionType.BACK] * 7 + [ActionType.HOME] * 3 + [ActionType.RECENTS] * 3 + \
            [ActionType.ENTER] * 4 + [ActionType.WAIT] * 3 + [ActionType.ANSWER] + \
            [ActionType.DONE]
        kind = kinds[int(r.integers(len(kinds)))]
        action: dict = {"action_type": self._encode_type(kind)}
        if kind in (ActionType.TAP, ActionType.LONG_PRESS, ActionType.DOUBLE_TAP):
            action["point"] = self._encode_point(self._p())
        elif kind == ActionType.SWIPE:
            start, end = self._swipe()
            action["point"], action["end_point"] = (self._encode_point(start),
                                                    self._encode_point(end))
        elif kind in (ActionType.TYPE, ActionType.ANSWER):
            action["text"] = str(r.choice(TEXTS))
        return action


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tasks", nargs="*", help="task ids, suites or globs (default: all)")
    parser.add_argument("--check-every", type=int, default=2_000,
                        help="steps between snapshot/restore checks")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--stop-on-failure", action="store_true",
                        help="stop at the first failed snapshot check (to reproduce it)")
    parser.add_argument("--obs-size", type=int, nargs=2, metavar=("H", "W"),
                        help="observation size (small frames, drawn small; the snapshot "
                             "checks compare them too)")
    args = parser.parse_args()
    if args.steps < 1:
        parser.error("--steps must be >= 1")
    env = MobileGymEnv(task=args.tasks or None,
                       obs_size=tuple(args.obs_size) if args.obs_size else None)
    agent = Hostile(args.seed)
    refused: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    crashes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    times: list[float] = []
    snapshots = episodes = 0
    env.reset(seed=args.seed)
    with Progress(BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), disable=args.quiet, transient=True) as bar:
        job = bar.add_task("fuzz", total=args.steps)
        for step in range(args.steps):
            action = agent.act()
            before = env.device.kernel.snapshot() if not _parses(action) else None
            t = time.process_time()
            try:
                _, _, terminated, truncated, _ = env.step(action)
            except (ValueError, KeyError) as err:
                if before is None or env.device.kernel.snapshot() != before:
                    kind = f"{type(err).__name__} after a change: {err}"[:120]
                    failures[kind] += 1
                    examples.setdefault(kind, repr(action)[:300])
                else:
                    refused[type(err).__name__] += 1
                terminated = truncated = False
            except Exception as err:  # noqa: BLE001 - counting is the point
                kind = f"{type(err).__name__}: {err}"[:120]
                failures[kind] += 1
                examples.setdefault(kind, repr(action)[:300] + "\n" + traceback.format_exc()[-600:])
                terminated = truncated = True
            times.append(time.process_time() - t)
            for c in env.device.crashes:
                crashes[c[:120]] += 1
            env.device.crashes.clear()
            if args.check_every and step % args.check_every == args.check_every - 1:
                snapshots += 1
                problem = _snapshot_problem(env.device, env._reduction)
                if problem:
                    kind = f"snapshot mismatch: {problem}"[:120]
                    failures[kind] += 1
                    examples.setdefault(kind, f"step {step}, task {env.task.task_id()}, "
                                              f"params {env.task.params}")
                    if args.stop_on_failure:
                        break
                json.dumps(env.device.state())
            if terminated or truncated:
                episodes += 1
                env.reset(seed=args.seed + episodes)
            bar.advance(job)
    ms = np.asarray(times) * 1e3
    result = {
        "steps": args.steps, "episodes": episodes, "seed": args.seed,
        "refused_actions": dict(refused), "unexpected_exceptions": sum(failures.values()),
        "exceptions_by_kind": dict(failures), "app_crashes": sum(crashes.values()),
        "crashes_by_kind": dict(crashes), "snapshot_checks": snapshots,
        "step_cpu_ms": {"p50": round(float(np.percentile(ms, 50)), 3),
                        "p99": round(float(np.percentile(ms, 99)), 3),
                        "max": round(float(ms.max()), 1)},
        "examples": examples,
    }
    json.dump(result, sys.stdout, indent=2)
    print()
    return 1 if failures or crashes else 0


def _snapshot_problem(device: Device, reduction: int = 1) -> str:
    """What differs between the device and a copy restored from its snapshot ("" if nothing):
    the state's first differing paths, the frame, or the small frame drawn at 1/reduction."""
    from mobilegym_env.judge import diff

    clone = Device.restore(device.snapshot())
    changes = diff(device.state(), clone.state())
    if changes or clone.state() != device.state():
        return "state " + ", ".join(str(c) for c in changes[:3])
    if reduction > 1 and not np.array_equal(clone.render_small(reduction)[0],
                                            device.render_small(reduction)[0]):
        return "small frame"
    if not np.array_equal(clone.render(), device.render()):
        return "frame"
    return ""


def _parses(action: object) -> bool:
    try:
        A.parse(action)
    except (ValueError, KeyError, TypeError):
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
