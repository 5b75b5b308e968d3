"""How often a seeded random policy solves each suite by chance: prints JSON.

Each task runs ``--episodes`` episodes (seeds 0..n-1) of ``RandomAgent`` (taps, swipes, typing,
system keys; it never answers) for the task's ``max_steps``; an episode passes when the judge
does (the env stops it on success). A suite whose rate exceeds 1% has tasks a blind agent can
stumble into: ``over_1_percent`` names the tasks that passed at all.

    python benchmarks/random_policy.py                 # every task, 20 episodes each
    python benchmarks/random_policy.py --tasks notes --episodes 50
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict

from rich.console import Console
from rich.progress import Progress

from mobilegym_env.agents import RandomAgent
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.evaluate import run_episode
from mobilegym_env.task import registry, resolve_tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", nargs="*", help="task ids, suites or globs (default: all)")
    parser.add_argument("--episodes", type=int, default=20, help="episodes per task")
    args = parser.parse_args()
    if args.episodes < 1:
        parser.error("--episodes must be >= 1")
    task_ids = resolve_tasks(args.tasks or None)
    env, agent = MobileGymEnv(task=task_ids), RandomAgent()
    by_suite: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    lucky: dict[str, int] = {}
    steps, start = 0, time.process_time()
    with Progress(console=Console(stderr=True), transient=True) as progress:
        bar = progress.add_task("random policy", total=len(task_ids) * args.episodes)
        for task_id in task_ids:
            suite = registry()[task_id].suite
            for seed in range(args.episodes):
                ep = run_episode(env, agent, task_id, seed)
                steps += ep.steps
                by_suite[suite][0] += 1
                if ep.success:
                    by_suite[suite][1] += 1
                    lucky[task_id] = lucky.get(task_id, 0) + 1
                progress.update(bar, advance=1, description=task_id)
    suites = {s: {"episodes": n, "passed": p, "rate": round(p / n, 4)}
              for s, (n, p) in sorted(by_suite.items())}
    total_n = sum(n for n, _ in by_suite.values())
    total_p = sum(p for _, p in by_suite.values())
    json.dump({"episodes_per_task": args.episodes, "tasks": len(task_ids),
               "suites": suites, "overall_rate": round(total_p / max(total_n, 1), 4),
               "passed_by_task": dict(sorted(lucky.items())),
               "over_1_percent": [s for s, v in suites.items() if v["rate"] > 0.01],
               "steps": steps, "cpu_s": round(time.process_time() - start, 1)},
              sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
