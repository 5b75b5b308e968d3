"""A fixed, seeded random-policy trajectory over all tasks gives exactly the recorded frames,
rewards, infos and episode ends.

It guards the speed work (retained rendering, cheap judges and resets, copy-free
observations): an optimisation must not change a single pixel or verdict. The tasks it draws
from are the ones recorded with it, so adding a task or an app leaves it alone. A deliberate
change of look or behaviour (of the recorded tasks or the phone) re-records it::

    python tests/test_golden_trajectory.py      # rewrites tests/data/golden_trajectory.json

and the commit says why the frames changed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import gymnasium as gym

import mobilegym_env
from mobilegym_env.agents import RandomAgent

GOLDEN = Path(__file__).parent / "data" / "golden_trajectory.json"
STEPS, SEED, EVERY = 3000, 0, 250


def record(steps: int = STEPS, seed: int = SEED, tasks: list[str] | None = None
           ) -> dict[str, Any]:
    """Digests of the trajectory every ``EVERY`` steps, and each episode's end, over ``tasks``
    (default: every task registered now)."""
    tasks = tasks or mobilegym_env.list_tasks()
    env = gym.make("MobileGym-v0", render_mode="rgb_array", task=tasks)
    agent = RandomAgent()
    obs, info = env.reset(seed=seed)
    agent.reset(info["instruction"], {"seed": seed})
    digest = hashlib.sha256(obs.tobytes())
    checkpoints, episodes, episode, start = {}, [], 0, info["task_id"]
    for step in range(1, steps + 1):
        obs, reward, terminated, truncated, info = env.step(agent.act(obs, info))
        digest.update(obs.tobytes())
        digest.update(json.dumps([reward, terminated, truncated, info], sort_keys=True,
                                 default=repr).encode())
        if step % EVERY == 0:
            checkpoints[str(step)] = digest.hexdigest()[:16]
        if terminated or truncated:
            episodes.append([start, step, reward, terminated, info.get("success")])
            episode += 1
            obs, info = env.reset(seed=seed + episode)
            agent.reset(info["instruction"], {"seed": seed + episode})
            start = info["task_id"]
            digest.update(obs.tobytes())
    env.close()
    return {"steps": steps, "seed": seed, "tasks": tasks, "checkpoints": checkpoints,
            "episodes": episodes}


def test_the_seeded_trajectory_is_unchanged():
    want = json.loads(GOLDEN.read_text())
    got = record(want["steps"], want["seed"], want.get("tasks"))
    assert got["episodes"] == want["episodes"], "episode ends changed"
    for step, digest in want["checkpoints"].items():
        assert got["checkpoints"][step] == digest, (
            f"the trajectory first differs by step {step} (frames, rewards or infos); "
            "if the change is deliberate, re-record: python tests/test_golden_trajectory.py")


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"wrote {GOLDEN}", file=sys.stderr)
