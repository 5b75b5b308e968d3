"""How far a query task can be won without looking at the phone: prints JSON.

For every query task (``--tasks`` to choose) and seeds ``0 .. --seeds - 1``, the task's oracle
is run once per seed to learn that seed's right answer. Then every candidate constant is
judged on every seed as the episode's first and only action (``ANSWER <constant>`` on the
phone as the task set it up): the right answers of all the seeds (the answer a guesser would
learn from a few episodes), and a few answers that fit many questions (yes, no, none, the
numbers 0 to 10, "two"...). A task's *best constant* is the candidate that passes on the most
seeds; its *most common answer* is the share of seeds whose right answer (as written by the
oracle, compared case- and space-insensitively) is the commonest one.

    python benchmarks/baselines.py                          # every query task, 30 seeds
    python benchmarks/baselines.py --tasks calendar --seeds 100

``tasks`` maps each task to its best constant, its success rate, and the most common answer's
share; ``suites`` and ``overall`` average the best constant's success over tasks (each task
weighs the same). Nothing here is timed: the numbers are a property of the tasks.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from typing import Any

from rich.console import Console
from rich.progress import Progress

from mobilegym_env.agents import OracleAgent
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.evaluate import run_episode
from mobilegym_env.task import list_tasks, registry, resolve_tasks

GENERIC = ("yes", "no", "none", "zero", "one", "two", "three", *map(str, range(11)))


def _key(answer: str) -> str:
    return " ".join(answer.casefold().split())


def task_baseline(env: MobileGymEnv, task_id: str, seeds: range) -> dict[str, Any]:
    """The best constant answer of one task over ``seeds``, and how common its commonest
    right answer is.

    Raises:
        RuntimeError: The oracle failed on a seed or gave no answer (the task is broken).
    """
    right: dict[int, str] = {}
    oracle = OracleAgent()
    for seed in seeds:
        ep = run_episode(env, oracle, task_id, seed)
        if not ep.success or ep.answer is None:
            raise RuntimeError(f"{task_id} seed {seed}: the oracle did not answer correctly "
                               f"({ep.error or ep.checks})")
        right[seed] = ep.answer
    candidates = list(dict.fromkeys([*right.values(), *GENERIC]))
    wins: Counter[str] = Counter()
    for seed in seeds:
        env.reset(seed=seed, options={"task": task_id})
        start = env.device.state()
        for answer in candidates:
            if env.task.judge(start, start, answer).success:
                wins[answer] += 1
    best, best_wins = max(((a, wins[a]) for a in candidates), key=lambda item: item[1])
    common = Counter(_key(a) for a in right.values()).most_common(1)[0]
    return {"best_constant": best, "best_constant_success": round(best_wins / len(seeds), 4),
            "most_common_answer": common[0],
            "most_common_answer_share": round(common[1] / len(seeds), 4)}


def baselines(task_ids: list[str], seeds: int, progress: Any = None) -> dict[str, Any]:
    """The report for ``task_ids`` (query tasks) over seeds ``0 .. seeds - 1``."""
    env = MobileGymEnv(task=task_ids)
    tasks: dict[str, dict[str, Any]] = {}
    try:
        for task_id in task_ids:
            tasks[task_id] = task_baseline(env, task_id, range(seeds))
            if progress is not None:
                progress(task_id)
    finally:
        env.close()
    by_suite: dict[str, list[float]] = defaultdict(list)
    for task_id, row in tasks.items():
        by_suite[registry()[task_id].suite].append(row["best_constant_success"])
    rates = [row["best_constant_success"] for row in tasks.values()]
    return {
        "seeds": seeds, "tasks_count": len(tasks),
        "overall": {"best_constant_success": round(sum(rates) / len(rates), 4),
                    "tasks_over_25_percent": sorted(t for t, r in tasks.items()
                                                    if r["best_constant_success"] > 0.25),
                    "most_common_answer_over_25_percent": sorted(
                        t for t, r in tasks.items() if r["most_common_answer_share"] > 0.25)},
        "suites": {s: {"tasks": len(v), "best_constant_success": round(sum(v) / len(v), 4)}
                   for s, v in sorted(by_suite.items())},
        "tasks": tasks,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--tasks", nargs="+", help="task ids, suites or globs (default: all "
                                                   "query tasks); only query tasks are kept")
    parser.add_argument("--seeds", type=int, default=30, help="seeds per task (default 30)")
    parser.add_argument("--out", help="also write the JSON to this file")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be >= 1")
    queries = set(list_tasks(objective="query"))
    try:
        task_ids = [t for t in resolve_tasks(args.tasks or None) if t in queries]
    except KeyError as err:
        parser.error(str(err.args[0]))
    if not task_ids:
        parser.error("no query task among --tasks")
    with Progress(console=Console(stderr=True), transient=True) as bar:
        job = bar.add_task("baselines", total=len(task_ids))
        report = baselines(task_ids, args.seeds,
                           lambda task_id: bar.update(job, advance=1, description=task_id))
    text = json.dumps(report, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
