"""Throughput benchmark: prints JSON.

Measures env steps/s (wall and per CPU-second) for a seeded random policy (``RandomAgent``: taps, swipes, typing and
system keys) with rgb_array observations at 360x800, over all tasks with resets included
(``steps_per_s``) and for ``env.step`` alone (``step_only_steps_per_s``); reset time;
snapshot+restore time; and peak RSS. Run it pinned to one core for comparable
numbers: ``taskset -c 0 python benchmarks/throughput.py``.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import time

import gymnasium as gym

import mobilegym_env  # noqa: F401  (registers MobileGym-v0)
from mobilegym_env.agents import RandomAgent
from mobilegym_env.device import Device


def bench_steps(steps: int, task: str | None, seed: int) -> dict[str, float]:
    env = gym.make("MobileGym-v0", task=task, render_mode="rgb_array")
    agent = RandomAgent()
    obs, info = env.reset(seed=seed)
    agent.reset(info["instruction"], {"seed": seed})
    done_steps, episodes, in_step = 0, 1, 0.0
    start, cpu_start = time.perf_counter(), time.process_time()
    while done_steps < steps:
        action = agent.act(obs, info)
        t = time.perf_counter()
        obs, _, terminated, truncated, info = env.step(action)
        in_step += time.perf_counter() - t
        done_steps += 1
        if terminated or truncated:
            obs, info = env.reset(seed=seed + episodes)
            agent.reset(info["instruction"], {"seed": seed + episodes})
            episodes += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    env.close()
    return {"steps": done_steps, "episodes": episodes, "seconds": elapsed,
            "steps_per_s": done_steps / elapsed,  # resets included
            "steps_per_cpu_s": done_steps / cpu,  # unaffected by other processes' load
            "step_only_steps_per_s": done_steps / in_step}


def bench_reset(n: int, task: str | None) -> dict[str, float]:
    env = gym.make("MobileGym-v0", task=task, render_mode="rgb_array")
    env.reset(seed=0)
    times = []
    for i in range(n):
        t = time.perf_counter()
        env.reset(seed=i)
        times.append(time.perf_counter() - t)
    env.close()
    return {"reset_ms_median": statistics.median(times) * 1e3,
            "reset_ms_p90": statistics.quantiles(times, n=10)[-1] * 1e3}


def bench_snapshot(n: int) -> dict[str, float]:
    env = gym.make("MobileGym-v0", task="launcher.switch_to_recent_app")
    env.reset(seed=0)
    device: Device = env.unwrapped.device
    times = []
    for _ in range(n):
        t = time.perf_counter()
        Device.restore(device.snapshot())
        times.append(time.perf_counter() - t)
    env.close()
    return {"snapshot_restore_ms_median": statistics.median(times) * 1e3,
            "snapshot_bytes": len(device.snapshot())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--task", default=None, help="task id or suite (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result = {"python": platform.python_version(), "machine": platform.machine()}
    result.update(bench_steps(args.steps, args.task, args.seed))
    result.update(bench_reset(200, args.task))
    result.update(bench_snapshot(200))
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
