"""Evaluation results: the summary (success, unbiased pass@k, progress, clean rate, steps, and
the original benchmark's false-complete, side-effect and over-step rates and steps over the
oracle's, per suite, difficulty, objective and task), its CSV form, the pass@k plot, and
results.jsonl I/O."""

from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

LEVELS = {1: "L1", 2: "L2", 3: "L3", 4: "L4"}
GROUPINGS = ("suite", "difficulty", "objective", "task")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from n samples with c successes: 1 - C(n-c, k) / C(n, k)
    (Chen et al., 2021).

    Raises:
        ValueError: Not 0 <= c <= n, k < 1, or k > n.
    """
    if not 0 <= c <= n or k < 1:
        raise ValueError(f"need 0 <= c <= n and k >= 1, got n={n}, c={c}, k={k}")
    if k > n:
        raise ValueError(f"pass@{k} needs at least {k} episodes per task, got {n}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def _group_key(record: dict[str, Any], by: str) -> str:
    if by == "difficulty":
        return LEVELS.get(record["difficulty"], str(record["difficulty"]))
    return str(record[by])


def group_stats(records: Sequence[dict[str, Any]], ks: Sequence[int]) -> dict[str, Any]:
    """Statistics of a group of trials; pass@k is computed per task, then averaged."""
    by_task: dict[str, list[bool]] = {}
    for r in records:
        by_task.setdefault(r["task"], []).append(bool(r["success"]))
    n = len(records)
    out: dict[str, Any] = {
        "tasks": len(by_task), "trials": n, "successes": sum(r["success"] for r in records),
        "success_rate": _r(sum(r["success"] for r in records) / n),
    }
    for k in ks:
        out[f"pass@{k}"] = _r(sum(pass_at_k(len(s), sum(s), k) for s in by_task.values())
                              / len(by_task))
    out.update(mean_progress=_r(sum(r["progress"] for r in records) / n),
               clean_rate=_r(sum(r["clean"] for r in records) / n),
               mean_steps=_r(sum(r["steps"] for r in records) / n),
               errors=sum(r["error"] is not None for r in records))
    out.update(behaviour_stats(records))
    return out


def behaviour_stats(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """How an agent fails, as the original benchmark reports it (each a share of the trials):

    - ``false_complete_rate``: the agent ended the episode (DONE or ANSWER) while the judge
      failed: it believed it was done, or guessed.
    - ``side_effect_rate``: the episode changed state the task did not ask for (unclean).
    - ``over_step_rate``: the episode ran out of its step budget (truncated).
    - ``steps_over_oracle``: over the successful trials whose oracle passed on the same seed,
      the mean of steps / oracle steps (1.0: as short as the oracle; None: no such trial).
    """
    n = len(records)
    ratios = [r["steps"] / r["oracle_steps"] for r in records
              if r["success"] and r.get("oracle_steps")]
    return {
        "false_complete_rate": _r(sum(bool(r["terminated"]) and not r["success"]
                                      and r["error"] is None for r in records) / n),
        "side_effect_rate": _r(sum(not r["clean"] for r in records) / n),
        "over_step_rate": _r(sum(bool(r["truncated"]) for r in records) / n),
        "steps_over_oracle": _r(sum(ratios) / len(ratios)) if ratios else None,
    }


def summarize(records: Sequence[dict[str, Any]], ks: Sequence[int],
              config: dict[str, Any]) -> dict[str, Any]:
    """The summary of an evaluation: per agent, overall and by suite, difficulty, objective
    and task. Deterministic: it depends on the records' content and order only."""
    agents: dict[str, Any] = {}
    for name in dict.fromkeys(r["agent"] for r in records):
        mine = [r for r in records if r["agent"] == name]
        entry: dict[str, Any] = {"overall": group_stats(mine, ks)}
        for by in GROUPINGS:
            groups: dict[str, list[dict[str, Any]]] = {}
            for r in mine:
                groups.setdefault(_group_key(r, by), []).append(r)
            keys = sorted(groups) if by != "task" else list(groups)
            entry[f"by_{by}"] = {g: group_stats(groups[g], ks) for g in keys}
        agents[name] = entry
    return {"config": config, "agents": agents}


def summary_csv(summary: dict[str, Any]) -> str:
    """The summary as CSV: one row per agent and group (``by`` is overall, suite,
    difficulty, objective or task)."""
    rows = []
    for agent, entry in summary["agents"].items():
        rows.append({"agent": agent, "by": "overall", "group": "all", **entry["overall"]})
        for by in GROUPINGS:
            rows += [{"agent": agent, "by": by, "group": g, **stats}
                     for g, stats in entry[f"by_{by}"].items()]
    buf = io.StringIO()
    if rows:
        writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buf.getvalue()


def plot_summary(summary: dict[str, Any], path: str | Path) -> Path:
    """Draws pass@k per suite and per difficulty (one bar per agent and k) to a PNG.

    Raises:
        ImportError: matplotlib is missing (``pip install "mobilegym-env[plot]"``).
    """
    matplotlib = require_matplotlib()
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ks = summary["config"]["k"]
    agents = summary["agents"]
    fig, axes = plt.subplots(1, 2, figsize=(13, 5), gridspec_kw={"width_ratios": [2, 1]})
    bars = [(a, k) for a in agents for k in ks]
    width = 0.8 / max(len(bars), 1)
    palette = plt.get_cmap("tab10")
    for ax, by in zip(axes, ("suite", "difficulty"), strict=True):
        groups = sorted({g for e in agents.values() for g in e[f"by_{by}"]})
        for i, (agent, k) in enumerate(bars):
            values = [agents[agent][f"by_{by}"].get(g, {}).get(f"pass@{k}", 0.0)
                      for g in groups]
            xs = [x + (i - (len(bars) - 1) / 2) * width for x in range(len(groups))]
            # one colour per agent, lighter for larger k
            shade = 1.0 - 0.55 * ks.index(k) / max(len(ks) - 1, 1)
            ax.bar(xs, values, width, color=palette(list(agents).index(agent) % 10),
                   alpha=shade, label=f"{agent} pass@{k}")
        ax.set_xticks(range(len(groups)), groups, rotation=30 if by == "suite" else 0,
                      ha="right" if by == "suite" else "center")
        ax.set_ylim(0, 1.05)
        ax.set_title(f"pass@k by {by}")
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("pass@k (mean over tasks)")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=min(len(bars), 6), fontsize=9,
               frameon=False)
    fig.tight_layout(rect=(0, 0, 1, 0.92))
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def require_matplotlib() -> Any:
    """Imports matplotlib or raises ImportError saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError('--plot needs matplotlib: pip install "mobilegym-env[plot]"'
                          ) from None
    return matplotlib


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The records of a results.jsonl; a line cut short by an interruption is skipped."""
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and {"agent", "task", "seed"} <= set(record):
            records.append(record)
    return records


def write_text_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def jsonl(records: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def _r(x: float) -> float:
    return round(x, 6)
