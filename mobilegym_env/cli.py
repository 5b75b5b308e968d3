"""The ``mobilegym`` command: ``mobilegym eval`` prints a pass@k table; ``mobilegym tasks``
lists tasks; ``mobilegym screenshot`` saves what the phone shows; ``mobilegym gallery``
renders every screen for review."""

from __future__ import annotations

import argparse
import sys

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table


def _eval(args: argparse.Namespace) -> int:
    from .agents import make_agent
    from .evaluate import Episode, evaluate
    from .task import resolve_tasks

    console = Console()
    task_ids = resolve_tasks(args.tasks if args.tasks else None)
    ks = sorted({1, *args.k})
    if max(ks) > args.episodes:
        console.print(f"[red]pass@{max(ks)} needs --episodes >= {max(ks)}[/red]")
        return 2
    tables = []
    for agent_name in args.agent:
        agent = make_agent(agent_name)
        total = len(task_ids) * args.episodes
        with Progress(TextColumn(f"[bold]{agent_name}[/bold] {{task.description}}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                      transient=True, disable=args.quiet) as progress:
            bar = progress.add_task("", total=total)
            def advance(ep: Episode, bar: TaskID = bar) -> None:
                progress.update(bar, advance=1, description=ep.task_id)

            results = evaluate(agent, task_ids, args.episodes, args.seed, on_episode=advance)
        table = Table(title=f"agent: {agent_name}  ({args.episodes} episodes/task, "
                            f"seeds {args.seed}..{args.seed + args.episodes - 1})",
                      box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("task", no_wrap=True, min_width=max(len(t) for t in task_ids))
        for header in ("success", *[f"pass@{k}" for k in ks], "clean", "steps"):
            table.add_column(header, justify="right", no_wrap=True, min_width=len(header))
        for r in results:
            clean = sum(e.clean for e in r.episodes)
            table.add_row(r.task_id, f"{r.successes}/{len(r.episodes)}",
                          *[f"{r.pass_at(k):.2f}" for k in ks], f"{clean}/{len(r.episodes)}",
                          f"{r.mean_steps:.1f}")
        n = len(results)
        table.add_section()
        table.add_row("mean", f"{sum(r.successes for r in results)}/{n * args.episodes}",
                      *[f"{sum(r.pass_at(k) for r in results) / n:.2f}" for k in ks], "", "")
        tables.append(table)
        console.print(table)
        if args.explain:
            for r in results:
                for ep in r.episodes:
                    if not ep.success:
                        console.print(ep.explain(), markup=False, highlight=False, soft_wrap=True)
    return 0


def _tasks(args: argparse.Namespace) -> int:
    from .catalog import LEVELS, tasks_markdown
    from .task import list_tasks, registry

    if args.markdown:
        sys.stdout.write(tasks_markdown())
        return 0
    ids = list_tasks(suite=args.suite, split=args.split, difficulty=args.difficulty,
                     app=args.app, objective=args.objective, tag=args.tag)
    table = Table(title=f"{len(ids)} tasks", box=None, pad_edge=False, title_justify="left")
    table.add_column("task", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("instruction", overflow="fold", min_width=24)
    for tid in ids:
        cls = registry()[tid]
        table.add_row(tid, f"{LEVELS[cls.difficulty]} {cls.objective:7s} {cls.split_name()}",
                      cls.template)
    Console().print(table)
    return 0


def _screenshot(args: argparse.Namespace) -> int:
    from PIL import Image

    from .env import MobileGymEnv

    env = MobileGymEnv(task=args.task, screen_scale=args.scale)
    obs, info = env.reset(seed=args.seed)
    Image.fromarray(obs).save(args.out)
    print(f"{info['task_id']}: {info['instruction']} -> {args.out}")
    return 0


def _gallery(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .gallery import build

    console = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), MofNCompleteColumn(), console=console,
                  transient=True, disable=args.quiet) as progress:
        bar = progress.add_task("rendering", total=None)
        files = build(Path(args.out), tuple(args.scale), tuple(args.theme), args.apps,
                      progress=lambda path: progress.update(bar, advance=1,
                                                            description=path))
    print(f"{len(files)} screens in {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mobilegym", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("eval", help="run agents over tasks and print success / pass@k")
    ev.add_argument("--agent", nargs="+", default=["oracle", "random"],
                    help="agents to evaluate (oracle, random)")
    ev.add_argument("--tasks", nargs="*", help="task ids or suite names (default: all)")
    ev.add_argument("--episodes", type=int, default=5, help="episodes per task (default 5)")
    ev.add_argument("-k", type=int, nargs="+", default=[3], help="k values for pass@k")
    ev.add_argument("--seed", type=int, default=0, help="first episode seed")
    ev.add_argument("--quiet", action="store_true", help="no progress bar")
    ev.add_argument("--explain", action="store_true",
                    help="after each table, print why each failed episode failed (its checks "
                         "and the unexpected changes)")
    ev.set_defaults(fn=_eval)
    ls = sub.add_parser("tasks", help="list tasks with their metadata (filterable)")
    ls.add_argument("--suite", help="only this suite (launcher, settings, notes...)")
    ls.add_argument("--split", choices=["train", "test"], help="only this split")
    ls.add_argument("--difficulty", type=int, choices=[1, 2, 3, 4], help="only this level")
    ls.add_argument("--app", help="only tasks that use this app id")
    ls.add_argument("--objective", choices=["operate", "query", "hybrid"])
    ls.add_argument("--tag", help="only tasks with this tag (scroll, typing, dialog...)")
    ls.add_argument("--markdown", action="store_true",
                    help="print the catalogue as Markdown (docs/tasks.md)")
    ls.set_defaults(fn=_tasks)
    sc = sub.add_parser("screenshot", help="save the first frame of a task as PNG")
    sc.add_argument("--task", default=None)
    sc.add_argument("--seed", type=int, default=0)
    sc.add_argument("--scale", type=int, default=1)
    sc.add_argument("--out", default="screenshot.png")
    sc.set_defaults(fn=_screenshot)
    ga = sub.add_parser("gallery", help="render every screen, overlay and system surface as "
                                         "PNGs, to review the look")
    ga.add_argument("--out", default="gallery", help="folder to write (default: gallery)")
    ga.add_argument("--scale", type=int, nargs="+", default=[1, 2], choices=[1, 2, 3, 4])
    ga.add_argument("--theme", nargs="+", default=["light", "dark"], choices=["light", "dark"])
    ga.add_argument("--apps", nargs="*", help="only these apps' screens (default: all)")
    ga.add_argument("--quiet", action="store_true", help="no progress display")
    ga.set_defaults(fn=_gallery)
    args = parser.parse_args(argv)
    try:
        return args.fn(args)
    except (KeyError, ValueError) as err:
        message = err.args[0] if err.args else str(err)  # a KeyError's str() adds quotes
        Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {message}",
                                                   markup=True, highlight=False)
        return 2


if __name__ == "__main__":
    sys.exit(main())
