"""The task catalogue: ``docs/tasks.md`` is generated from the registry by
:func:`tasks_markdown` (``mobilegym tasks --markdown > docs/tasks.md``); a test fails when the
committed file is stale."""

from __future__ import annotations

from collections import Counter

from .task import registry

LEVELS = {1: "L1", 2: "L2", 3: "L3", 4: "L4"}


def tasks_markdown() -> str:
    """Every task with its instruction template, apps, difficulty, objective, tags and split,
    grouped by suite, after a summary of the mix."""
    reg = registry()
    tasks = list(reg.values())
    lines = [
        "# Tasks",
        "",
        "Generated from the task registry by `mobilegym tasks --markdown > docs/tasks.md`; do "
        "not edit by hand (a test fails when this file is stale).",
        "",
        f"{len(tasks)} task templates in {len({t.suite for t in tasks})} suites. Each is "
        "parameterized: every seed draws its own targets and data.",
        "",
        "| | " + " | ".join(["L1", "L2", "L3", "L4", "operate", "query", "hybrid", "train",
                             "test", "total"]) + " |",
        "|---|" + "---:|" * 10,
    ]
    for suite in sorted({t.suite for t in tasks}) + [None]:
        group = [t for t in tasks if suite is None or t.suite == suite]
        levels = Counter(t.difficulty for t in group)
        objectives = Counter(t.objective for t in group)
        splits = Counter(t.split_name() for t in group)
        cells = [levels[i] for i in (1, 2, 3, 4)] + \
            [objectives[o] for o in ("operate", "query", "hybrid")] + \
            [splits["train"], splits["test"], len(group)]
        name = f"`{suite}`" if suite else "**all**"
        lines.append(f"| {name} | " + " | ".join(str(c) for c in cells) + " |")
    for suite in sorted({t.suite for t in tasks}):
        lines += ["", f"## {suite}", "",
                  "| task | instruction template | apps | level | objective | tags | split |",
                  "|---|---|---|---|---|---|---|"]
        for tid, t in reg.items():
            if t.suite != suite:
                continue
            template = t.template.replace("|", "\\|")
            lines.append(f"| `{tid}` | {template} | {', '.join(t.apps)} | "
                         f"{LEVELS[t.difficulty]} | {t.objective} | {', '.join(t.tags)} | "
                         f"{t.split_name()} |")
    return "\n".join(lines) + "\n"
