"""The ``mobilegym`` command: ``eval`` runs agents over tasks and prints pass@k tables;
``play`` lets a person play a task in a window; ``replay`` checks recorded trajectories;
``audit`` checks tasks against the benchmark's rules; ``tasks`` lists tasks; ``screenshot``
saves what the phone shows; ``gallery`` renders every screen for review."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, NoReturn

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that it stops as after Ctrl-C: the workers
    stopped, the results kept, one line said."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_terminated(signum: int, frame: Any) -> NoReturn:
    raise _Terminated(signum)


def _eval(args: argparse.Namespace) -> int:
    # without a handler, `kill PID` ends this process at once and leaves its workers running
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    ev: Any = None
    try:
        ev = _plan(args)
        result = _run(ev, args)
        _report(ev, result, args)
        return 0
    except KeyboardInterrupt as stop:
        print(_interrupted(ev), file=sys.stderr, flush=True)
        return 128 + (stop.signum if isinstance(stop, _Terminated) else signal.SIGINT)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _import_modules(modules: list[str]) -> None:
    """Imports the ``--import`` modules (tasks they register become known)."""
    from .agents import import_module

    for module in modules:
        try:
            import_module(module)
        except ValueError as err:
            raise ValueError(f"--import: {err}") from None


def _plan(args: argparse.Namespace) -> Any:
    """The Evaluation the arguments ask for, after importing the ``--import`` modules."""
    from .evaluate import Evaluation

    _import_modules(args.imports)
    # -k's default: 3, or fewer when there are fewer episodes (an explicit -k is checked)
    k = args.k if args.k is not None else [max(1, min(3, args.episodes))]
    return Evaluation(args.agent, args.tasks, episodes=args.episodes, k=k, seed=args.seed,
                      workers=args.workers, max_steps=args.max_steps, split=args.split,
                      difficulty=args.difficulty, out=args.out, resume=args.resume,
                      record=args.record, agent_timeout=args.agent_timeout,
                      backend=args.backend, ray_address=args.ray_address, plot=args.plot)


def _run(ev: Any, args: argparse.Namespace) -> Any:
    """Runs the evaluation with a progress display: Rich's bar on a terminal, a plain line
    every few seconds elsewhere (a pipe, CI, a notebook), none with --quiet."""
    if args.quiet:
        return ev.run()
    if not sys.stderr.isatty():
        progress = _PlainProgress(len(ev.trials), len(ev.trials) - len(ev.pending),
                                  _progress_every())
        try:
            result = ev.run(progress.update)
        except BaseException:
            progress.close(final=False)
            raise
        progress.close()
        return result
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("eval", total=len(ev.pending))

        def advance(record: dict) -> None:
            bar.update(task, advance=1, description=f"{record['agent']} {record['task']}")

        return ev.run(advance)


def _report(ev: Any, result: Any, args: argparse.Namespace) -> None:
    """The tables (and --explain's reasons), then where the files are."""
    from .evaluate import Episode

    console = Console()
    skipped = len(ev.trials) - len(ev.pending)
    if skipped and not args.quiet:
        console.print(f"resumed: {skipped} trials were already in {args.out}")
    for agent, entry in result.summary["agents"].items():
        console.print(_summary_table(agent, entry, ev))
        if args.per_task:
            console.print(_task_table(agent, entry, ev))
    if args.explain:
        for record in result.records:
            if not record["success"]:
                console.print(Episode.from_record(record).explain(), markup=False,
                              highlight=False, soft_wrap=True)
    if args.out:
        line = (f"results: {args.out}/results.jsonl, summary.json, summary.csv, run.json"
                + (", passk.png" if args.plot else ""))
        if "passk.png" in result.removed:
            line += ("; deleted the earlier passk.png, which summary.json no longer matches "
                     "(--plot redraws it)")
        console.print(line, markup=False, highlight=False, soft_wrap=True)


def _interrupted(ev: Any) -> str:
    """The one line an interrupted evaluation ends with."""
    if ev is None:
        return "interrupted before any trial ran"
    done = sum(trial in ev.done for trial in ev.trials)
    line = f"interrupted: {done} of {len(ev.trials)} trials done"
    results = None if ev.out is None else ev.out / "results.jsonl"
    if results is not None and results.exists():
        return f"{line}; results so far in {results} (resume with --resume)"
    return f"{line}; nothing was saved" + (" (no --out)" if results is None else "")


PROGRESS_EVERY = 10.0  # seconds between progress lines when stderr is no terminal


def _progress_every() -> float:
    raw = os.environ.get("MOBILEGYM_PROGRESS_EVERY")
    if raw is None:
        return PROGRESS_EVERY
    try:
        return max(0.0, float(raw))
    except ValueError:
        raise ValueError(f"MOBILEGYM_PROGRESS_EVERY must be a number of seconds, got {raw!r}"
                         ) from None


class _PlainProgress:
    """Progress as plain lines on stderr, for where Rich's bar shows nothing (no terminal):
    one every ``every`` seconds while trials run (one per trial with 0), and a last one.

    Args:
        total: Trials in the evaluation (resumed ones included).
        done: Trials done before this run (resumed).
        every: Seconds between lines.
    """

    def __init__(self, total: int, done: int, every: float) -> None:
        self.total, self.done, self.every = total, done, every
        self.ran = 0
        self.printed = -1  # how many were done at the last line: no line twice
        self.last = ""
        self.start = time.monotonic()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        # on a clock, not on records: a slow trial must not silence it (its first line comes
        # `every` seconds on, long after fork started the workers: none copies a held lock)
        if every > 0:
            self.thread = threading.Thread(target=self._tick, daemon=True,
                                           name="mobilegym-progress")
            self.thread.start()

    def update(self, record: dict) -> None:
        """Counts a finished trial."""
        with self.lock:
            self.done += 1
            self.ran += 1
            self.last = f"{record['agent']} {record['task']} seed {record['seed']}"
        if self.every <= 0:
            self._print()

    def close(self, final: bool = True) -> None:
        """Stops the clock; ``final``: prints the last line."""
        self.stop.set()
        if self.thread is not None:
            self.thread.join()
        if final and self.printed != self.done:
            self._print()

    def _tick(self) -> None:
        while not self.stop.wait(self.every):
            self._print()

    def _print(self) -> None:
        with self.lock:
            elapsed = time.monotonic() - self.start
            left = self.total - self.done
            eta = "0s" if not left else _duration(elapsed / self.ran * left) if self.ran \
                else "?"
            line = (f"eval: {self.done}/{self.total} trials "
                    f"({self.done / max(self.total, 1):.1%}), {_duration(elapsed)} elapsed, "
                    f"ETA {eta}" + (f", last: {self.last}" if self.last else ""))
            print(line, file=sys.stderr, flush=True)
            self.printed = self.done


def _duration(seconds: float) -> str:
    """``42s``, ``1m05s``, ``2h03m``."""
    s = round(seconds)
    if s < 60:
        return f"{s}s"
    m, s = divmod(s, 60)
    if m < 60:
        return f"{m}m{s:02d}s"
    h, m = divmod(m, 60)
    return f"{h}h{m:02d}m"


def _stats_columns(table: Table, ks: list[int], tasks: bool, errors: bool) -> None:
    # two-line headers keep the table within 80 columns
    headers = ["success", *[f"pass@{k}" for k in ks], "prog-\nress", "side\neffect",
               "false\ndone", "over\nsteps", "steps", "x\noracle"]
    for header in (["tasks"] if tasks else []) + headers + (["errors"] if errors else []):
        table.add_column(header, justify="right", overflow="fold")  # narrow: fold, never cut


def _stats_row(stats: dict, ks: list[int], tasks: bool, errors: bool) -> list[str]:
    ratio = stats.get("steps_over_oracle")
    return ([str(stats["tasks"])] if tasks else []) + [
        f"{stats['success_rate']:.1%}", *[f"{stats[f'pass@{k}']:.2f}" for k in ks],
        f"{stats['mean_progress']:.2f}", f"{stats['side_effect_rate']:.0%}",
        f"{stats['false_complete_rate']:.0%}", f"{stats['over_step_rate']:.0%}",
        f"{stats['mean_steps']:.1f}", "-" if ratio is None else f"{ratio:.2f}",
    ] + ([str(stats["errors"])] if errors else [])


def _summary_table(agent: str, entry: dict, ev: Any) -> Table:
    """One table per agent: a section per suite, difficulty and objective, then overall."""
    errors = entry["overall"]["errors"] > 0
    table = Table(title=f"agent: {agent}  ({len(ev.task_ids)} tasks x {ev.episodes} "
                        f"episodes, seeds {ev.seed}..{ev.seed + ev.episodes - 1})",
                  box=box.SIMPLE_HEAD, pad_edge=False, padding=0)
    groups = [g for by in ("suite", "difficulty", "objective") for g in entry[f"by_{by}"]]
    table.add_column("group", no_wrap=True, min_width=max(map(len, groups + ["objective"])))
    _stats_columns(table, ev.ks, True, errors)
    for by in ("suite", "difficulty", "objective"):
        table.add_row(by, style="bold")
        for group, stats in entry[f"by_{by}"].items():
            table.add_row(f" {group}", *_stats_row(stats, ev.ks, True, errors))
        table.add_section()
    table.add_row("all", *_stats_row(entry["overall"], ev.ks, True, errors), style="bold")
    return table


def _task_table(agent: str, entry: dict, ev: Any) -> Table:
    errors = entry["overall"]["errors"] > 0
    table = Table(title=f"agent: {agent}, per task", box=box.SIMPLE_HEAD, pad_edge=False,
                  padding=0)
    longest = max(map(len, entry["by_task"]))
    # a narrow terminal wraps task ids onto more lines, never cuts them
    table.add_column("task", overflow="fold", min_width=min(longest, 16))
    _stats_columns(table, ev.ks, False, errors)
    for task_id, stats in entry["by_task"].items():
        table.add_row(task_id, *_stats_row(stats, ev.ks, False, errors))
    return table


def _audit(args: argparse.Namespace) -> int:
    import json

    from .audit import RULE, audit_task
    from .env import MobileGymEnv
    from .task import resolve_tasks

    _import_modules(args.imports)
    if args.seeds < 1:
        raise ValueError(f"--seeds must be >= 1, got {args.seeds}")
    ids = resolve_tasks(args.tasks)
    env = MobileGymEnv(task=ids)
    reports = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=Console(stderr=True), transient=True,
                  disable=args.quiet or args.json) as bar:
        job = bar.add_task("audit", total=len(ids))
        for task_id in ids:
            reports.append(audit_task(task_id, range(args.seeds), env=env))
            bar.update(job, advance=1, description=task_id)
    env.close()
    failing = [r for r in reports if not r.ok]
    if args.json:
        print(json.dumps([r.to_dict() for r in reports], indent=1))
    else:
        for report in reports:
            if args.all or not report.ok or report.warnings:
                print(report.explain())
        print(f"{len(reports) - len(failing)} of {len(reports)} tasks pass the rules "
              f"({args.seeds} seeds each). Levels: {RULE}.")
    return 1 if failing else 0


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


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line (``mobilegym eval: error: ...``), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _play(args: argparse.Namespace) -> int:
    from .play import play

    return play(args.task, args.seed, out=args.out, max_steps=args.max_steps)


def _replay(args: argparse.Namespace) -> int:
    from .trajectory import replay

    missing = [path for path in args.files if not Path(path).is_file()]
    if missing:
        raise ValueError(f"no such file: {', '.join(missing)}")
    _import_modules(args.imports)  # the modules that register the recorded tasks
    status = 0
    for path in args.files:
        report = replay(path, check_frames=not args.no_frames)
        if report.ok:
            print(f"{path}: {report.steps} steps replayed, identical")
        else:
            print(f"{path}: diverged at {report.divergence}")
            status = 1
    return status


EVAL_EPILOG = """\
Press Ctrl-C or send SIGTERM (kill PID) to stop: the worker processes stop too, whole results
stay in DIR/results.jsonl, and --resume continues from there (exit status 130 or 143).
Progress: a bar on a terminal; elsewhere (a pipe, CI, a notebook) a line on stderr every 10
seconds (MOBILEGYM_PROGRESS_EVERY=SECONDS changes it; 0: one per trial); --quiet: none.
"""


def _add_import(parser: argparse.ArgumentParser, help: str) -> None:
    """``--import MODULE [MODULE ...]``: modules imported before tasks are named."""
    parser.add_argument("--import", dest="imports", nargs="+", default=[], metavar="MODULE",
                        help=help)


def main(argv: list[str] | None = None) -> int:
    from . import __version__

    parser = _Parser(prog="mobilegym", description=(__doc__ or "").replace("``", ""))
    parser.add_argument("--version", action="version", version=f"mobilegym {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    ev = sub.add_parser("eval", help="run agents over tasks and print success / pass@k",
                        epilog=EVAL_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ev.add_argument("--agent", nargs="+", default=["oracle", "random"], metavar="AGENT",
                    help="oracle, random, greedy, human, package.module:Factory or "
                         "path/to/file.py:Factory (a module is looked up in the current "
                         "folder first; results name it Factory, or the name of the agent a "
                         "factory function builds); default: oracle random")
    ev.add_argument("--tasks", nargs="+", metavar="TASK",
                    help="task ids, suites or globs (default: all tasks)")
    _add_import(ev, "modules to import first (a name looked up in the current folder, or "
                    "path/to/file.py): the tasks they register with "
                    "mobilegym_env.register_task can be named in --tasks")
    ev.add_argument("--split", choices=["train", "test"], help="only tasks of this split")
    ev.add_argument("--difficulty", type=int, nargs="+", choices=[1, 2, 3, 4],
                    help="only tasks of these levels")
    ev.add_argument("--episodes", type=int, default=5,
                    help="episodes (seeds) per task, n >= k (default 5)")
    ev.add_argument("-k", type=int, nargs="+",
                    help="k values for pass@k (pass@1 is always shown; default 3, or "
                         "--episodes if fewer)")
    ev.add_argument("--seed", type=int, default=0, help="first episode seed (default 0)")
    ev.add_argument("--max-steps", type=int, help="step budget for every task (default: each "
                                                  "task's own)")
    ev.add_argument("--workers", type=int, default=1,
                    help="worker processes on this machine (default 1; results are identical "
                         "for any count)")
    ev.add_argument("--backend", choices=["local", "ray"], default="local",
                    help="local processes, or Ray tasks on a Ray cluster (extra 'ray')")
    ev.add_argument("--ray-address", help="the Ray cluster (default: RAY_ADDRESS or a local "
                                          "Ray)")
    ev.add_argument("--agent-timeout", type=float, metavar="SECONDS",
                    help="seconds an agent may take for one reset or act call; a slower "
                         "call fails the trial")
    ev.add_argument("--out", metavar="DIR",
                    help="write results.jsonl, summary.json, summary.csv and run.json (the "
                         "configuration, with each agent's spec) to DIR")
    ev.add_argument("--resume", action="store_true",
                    help="skip the trials already in DIR/results.jsonl")
    ev.add_argument("--record", action="store_true",
                    help="record every trial's trajectory under DIR/trajectories/")
    ev.add_argument("--plot", action="store_true",
                    help="draw pass@k per suite and difficulty to DIR/passk.png (extra 'plot')")
    ev.add_argument("--per-task", action="store_true", help="also print a per-task table")
    ev.add_argument("--quiet", action="store_true", help="no progress display")
    ev.add_argument("--explain", action="store_true",
                    help="after the tables, print why each failed episode failed (its checks "
                         "and the unexpected changes)")
    ev.set_defaults(fn=_eval)
    pl = sub.add_parser("play", help="play a task yourself in a window (mouse and keyboard)")
    pl.add_argument("--task", required=True, help="a task id (a suite or glob: one is drawn "
                                                  "by the seed)")
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--max-steps", type=int, help="step budget (default: the task's)")
    pl.add_argument("--out", default="mobilegym-play", metavar="DIR",
                    help="folder for the recorded trajectories (default: mobilegym-play)")
    pl.set_defaults(fn=_play)
    rp = sub.add_parser("replay", help="re-run recorded trajectories and check they reproduce")
    rp.add_argument("files", nargs="+", metavar="FILE", help="trajectory .jsonl files")
    rp.add_argument("--no-frames", action="store_true",
                    help="compare rewards and verdicts only, not frame hashes")
    _add_import(rp, "modules that register the recorded tasks (as for eval)")
    rp.set_defaults(fn=_replay)
    au = sub.add_parser("audit", help="check tasks against the benchmark's rules: the oracle "
                                      "solves them from the screen, doing nothing fails, "
                                      "levels and step budgets are as measured",
                        description="Runs each task's oracle on a few seeds and checks the "
                        "task: the oracle solves every seed cleanly, looking only at the "
                        "screen; DONE at once and waiting fail; its level is the measured "
                        "one; its step budget leaves room. Exits 1 if any task breaks a rule.")
    au.add_argument("--tasks", nargs="+", metavar="TASK",
                    help="task ids, suites or globs (default: all)")
    au.add_argument("--seeds", type=int, default=5, help="seeds per task (default 5)")
    _add_import(au, "modules that register tasks (as for eval)")
    au.add_argument("--all", action="store_true",
                    help="report every task, not only those with problems or warnings")
    au.add_argument("--json", action="store_true", help="print the reports as JSON")
    au.add_argument("--quiet", action="store_true", help="no progress display")
    au.set_defaults(fn=_audit)
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
    sc.add_argument("--task", default=None, help="task id (default: one drawn by the seed)")
    sc.add_argument("--seed", type=int, default=0, help="reset seed (default: 0)")
    sc.add_argument("--scale", type=int, default=1, help="pixel scale (default: 1)")
    sc.add_argument("--out", default="screenshot.png", help="PNG to write")
    sc.set_defaults(fn=_screenshot)
    gallery_help = ("render every screen, overlay and system surface as PNGs, to review the "
                    "look")
    ga = sub.add_parser("gallery", help=gallery_help,
                        description=gallery_help[0].upper() + gallery_help[1:] + ": one PNG "
                        "per screen in OUT/<theme>/<scale>x/, named after the app and screen.")
    ga.add_argument("--out", default="gallery", help="folder to write (default: gallery)")
    ga.add_argument("--scale", type=int, nargs="+", default=[1, 2], choices=[1, 2, 3, 4],
                    help="pixel scales to render (default: 1 2)")
    ga.add_argument("--theme", nargs="+", default=["light", "dark"], choices=["light", "dark"],
                    help="themes to render (default: light dark)")
    ga.add_argument("--apps", nargs="+", metavar="APP",
                    help="only these apps' screens (default: all)")
    ga.add_argument("--quiet", action="store_true", help="no progress display")
    ga.set_defaults(fn=_gallery)
    args = parser.parse_args(argv)
    try:
        return args.fn(args)
    except (KeyError, ValueError, ImportError, OSError) as err:
        console = Console(stderr=True, soft_wrap=True)
        console.print("[red]error:[/red]", escape(_message(err)), highlight=False)
        return 2


def _message(err: BaseException) -> str:
    """An error as one line: an OSError's reason and file (its args[0] is an errno), a
    KeyError's text without the quotes its str() adds."""
    if isinstance(err, OSError) and err.strerror:
        return f"{err.strerror}: {err.filename}" if err.filename is not None else err.strerror
    message = err.args[0] if err.args and isinstance(err, KeyError) else str(err)
    return " ".join(str(message).split())


if __name__ == "__main__":
    sys.exit(main())
