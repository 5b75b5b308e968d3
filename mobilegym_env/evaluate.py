"""Evaluation: run agents for n seeded episodes per task, in one process, in worker
processes or on a Ray cluster, and report success, unbiased pass@k, progress, clean rate and
steps per suite, difficulty and objective.

    from mobilegym_env import evaluate
    result = evaluate("random", tasks=["launcher"], episodes=5, k=[1, 3], workers=2)
    result.summary["agents"]["random"]["overall"]["pass@3"]

A trial (agent, task, seed) depends on nothing else: results are identical whatever the worker
count, and ``resume=True`` skips the trials already in ``out``. An agent that raises, returns an
invalid action or exceeds ``agent_timeout`` fails its trial (``error`` says why); the run goes on.
An interrupted run (Ctrl-C, or SIGTERM turned into an exception as the CLI does) stops its
worker processes and leaves whole records in ``out/results.jsonl``, ready to resume.

``out`` receives results.jsonl (a line per trial), summary.json, summary.csv, run.json (the run's
configuration: agents with the spec each was built from, tasks, seeds, k, max_steps, workers,
backend, agent_timeout, version; a resume checks max_steps against it and names agents as it
does) and, with ``plot``, passk.png.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import actions as A
from .agents import (
    PUBLIC_INFO,
    OracleAgent,
    agent_names,
    canonical_spec,
    check_agent,
    import_module,
    make_agent,
    module_file,
    short_name,
)
from .results import (
    jsonl,
    pass_at_k,
    plot_summary,
    read_jsonl,
    require_matplotlib,
    summarize,
    summary_csv,
    write_text_atomic,
)
from .task import list_tasks, registry, resolve_tasks

__all__ = ["EvalResult", "Evaluation", "Episode", "evaluate", "pass_at_k", "run_episode"]


@dataclass
class Episode:
    """One trial's result, with the judge's reasons.

    Attributes:
        checks: The judge's checks by name: ``{"passed": bool, "detail": str}``.
        unexpected_changes: State changes no check explains (why an episode is unclean).
        error: Why the trial stopped early (the agent raised, timed out or returned an invalid
            action; the env failed); None for a normal end. An error is a failure.
        oracle_steps: The steps the task's oracle takes on the same seed (what
            ``steps_over_oracle`` compares with); None where the oracle did not pass.
        wall_s: Wall-clock seconds (the only field that differs between identical runs).
    """

    task_id: str
    seed: int
    success: bool
    clean: bool
    steps: int
    instruction: str
    params: dict[str, Any] = field(default_factory=dict)
    progress: float = 0.0
    answer: str | None = None
    checks: dict[str, dict[str, Any]] = field(default_factory=dict)
    unexpected_changes: list[str] = field(default_factory=list)
    agent: str = ""
    reward: float = 0.0
    terminated: bool = False
    truncated: bool = False
    error: str | None = None
    oracle_steps: int | None = None
    wall_s: float = 0.0

    def explain(self) -> str:
        """Why the episode passed or failed, one line per check and stray change."""
        lines = [f"{self.task_id} seed={self.seed} success={self.success} clean={self.clean} "
                 f"steps={self.steps}: {self.instruction}"]
        if self.error:
            lines.append(f"  error: {self.error}")
        lines += [f"  [{'x' if c['passed'] else ' '}] {name}: {c['detail']}"
                  for name, c in self.checks.items()]
        lines += [f"  unexpected: {c}" for c in self.unexpected_changes]
        return "\n".join(lines)

    def to_record(self) -> dict[str, Any]:
        """The results.jsonl line: the trial, the task's metadata and the outcome."""
        meta = registry()[self.task_id]
        return {"agent": self.agent, "task": self.task_id, "suite": meta.suite,
                "difficulty": meta.difficulty, "objective": meta.objective,
                "split": meta.split_name(), "seed": self.seed, "params": self.params,
                "instruction": self.instruction, "success": self.success,
                "reward": self.reward, "clean": self.clean, "progress": self.progress,
                "steps": self.steps, "terminated": self.terminated,
                "truncated": self.truncated, "answer": self.answer, "error": self.error,
                "checks": self.checks, "unexpected_changes": self.unexpected_changes,
                "oracle_steps": self.oracle_steps, "wall_s": round(self.wall_s, 4)}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Episode:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(task_id=record["task"], **{k: v for k, v in record.items() if k in names})


class AgentTimeout(Exception):
    """An agent call took longer than the evaluation's ``agent_timeout``."""


class _AgentFailed(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)


def _call(fn: Callable[..., Any], args: tuple, timeout: float | None, what: str) -> Any:
    """Calls an agent method; its exceptions and timeouts become ``_AgentFailed``."""
    try:
        if timeout is None:
            return fn(*args)
        return _with_timeout(fn, args, timeout)
    except AgentTimeout:
        raise _AgentFailed(f"agent timeout: {what} took over {timeout:g} s") from None
    except Exception as err:
        raise _AgentFailed(f"agent error in {what}: {type(err).__name__}: {err}") from None


def _with_timeout(fn: Callable[..., Any], args: tuple, timeout: float) -> Any:
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        armed = [True]

        def alarm(signum: int, frame: Any) -> None:
            if armed[0]:
                raise AgentTimeout

        previous = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            return fn(*args)
        finally:
            armed[0] = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    # not the main thread (no signals): wait for a helper thread; a stuck call is abandoned
    box: list[Any] = []

    def target() -> None:
        try:
            box.append((True, fn(*args)))
        except BaseException as err:  # noqa: BLE001 - handed back to the caller
            box.append((False, err))

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout)
    if not box:
        raise AgentTimeout
    ok, value = box[0]
    if not ok:
        raise value
    return value


def _agent_info(env: Any, agent: Any, info: dict[str, Any], seed: int) -> dict[str, Any]:
    out = {key: info[key] for key in PUBLIC_INFO if key in info}
    out.update(seed=seed, max_steps=env.max_steps_override or env.task.step_limit())
    if getattr(agent, "wants_ui_tree", False):
        out["ui_tree"] = env.device.ui_tree()
    if getattr(agent, "privileged", False):
        out.update(device=env.device, task=env.task, verdict=info)
    return out


def run_episode(env: Any, agent: Any, task_id: str, seed: int, *, agent_name: str = "",
                timeout: float | None = None, recorder: Any = None) -> Episode:
    """Runs one trial: resets ``env`` (a ``MobileGymEnv``) to the task and seed, then steps
    the agent's actions until the episode ends. Never raises for the agent's or the env's
    faults: the episode carries them in ``error``.

    Args:
        timeout: Seconds an agent's ``reset`` or ``act`` call may take.
        recorder: A ``trajectory.TrajectoryWriter`` to record the episode.
    """
    start = time.perf_counter()
    steps, reward, terminated, truncated, error, answer = 0, 0.0, False, False, None, None
    ready = False
    info: dict[str, Any] = {"instruction": "", "success": False, "clean": True,
                            "progress": 0.0, "checks": {}, "unexpected_changes": []}
    try:
        obs, info = env.reset(seed=seed, options={"task": task_id})
        ready = True
        if recorder is not None:
            recorder.begin(env, seed, {"task": task_id}, obs, info, agent=agent_name or None)
        _call(agent.reset, (info["instruction"], _agent_info(env, agent, info, seed)),
              timeout, "reset")
        while not (terminated or truncated):
            action = _call(agent.act, (obs, _agent_info(env, agent, info, seed)), timeout,
                           f"act (step {steps + 1})")
            try:
                A.parse(action)
            except Exception as err:
                raise _AgentFailed(f"invalid action at step {steps + 1}: {err}") from None
            obs, reward, terminated, truncated, info = env.step(action)
            steps += 1
            answer = info.get("answer", answer)
            if recorder is not None:
                recorder.record(action, obs, float(reward), terminated, truncated, info)
    except _AgentFailed as err:
        error = str(err)
    except Exception as err:
        error = f"env error at step {steps}: {type(err).__name__}: {err}"
    except BaseException:  # Ctrl-C, a person quitting: the recording stays unfinished
        if recorder is not None:
            recorder.close()
        raise
    if recorder is not None:
        recorder.end(error)
    params = dataclasses.asdict(env.task.params) if ready else {}
    return Episode(task_id, seed, error is None and bool(info["success"]),
                   bool(info["clean"]), steps, info["instruction"], _jsonable(params),
                   float(info["progress"]), answer, info["checks"],
                   list(info["unexpected_changes"]), agent_name,
                   float(reward) if error is None else 0.0, bool(terminated), bool(truncated),
                   error, time.perf_counter() - start)


# ----- evaluation
@dataclass
class EvalResult:
    """What an evaluation produced (the same as its output files).

    Attributes:
        records: One dict per trial, as the lines of results.jsonl (this run's selection, in
            order of agent, task and seed).
        summary: As summary.json: per agent, overall and by suite, difficulty, objective
            and task.
        out: The output folder, if any.
        removed: Files of an earlier run deleted from ``out`` because this run did not
            redraw them (``passk.png`` without ``plot``), so none disagrees with summary.json.
    """

    records: list[dict[str, Any]]
    summary: dict[str, Any]
    out: Path | None = None
    removed: list[str] = field(default_factory=list)

    def episodes(self) -> list[Episode]:
        return [Episode.from_record(r) for r in self.records]


class Evaluation:
    """A planned evaluation: every argument is checked at construction, before any work.

    Args:
        agents: An agent, or a list of them: a built-in name (``oracle``, ``random``,
            ``human``), a ``package.module:Factory`` or ``path/to/file.py:Factory`` spec (a
            module is looked up in the current folder first), an agent object, or an agent
            class. Results name a spec's agent briefly (``Factory``, or the ``name`` of what
            a factory function builds; the module's stem is put in front of a name two specs
            share); run.json keeps each name's spec.
        tasks: Task ids, suites or globs (None: all tasks); duplicates count once.
        episodes: Seeds per task (``seed`` .. ``seed + episodes - 1``); at least max(k).
        k: The k of pass@k (1 is always reported).
        seed: The first seed.
        workers: Processes on this machine (ignored by the Ray backend).
        max_steps: Overrides every task's step budget.
        split, difficulty: Keep only tasks of this split / these levels.
        out: Folder for results.jsonl, summary.json, summary.csv and run.json (the
            configuration, with ``agent_specs``: each agent's spec by name).
        resume: Skip the trials already in ``out``'s results.jsonl.
        record: Write each trial's trajectory under ``out/trajectories/``.
        agent_timeout: Seconds an agent's reset or act call may take.
        backend: ``"local"`` or ``"ray"`` (``pip install "mobilegym-env[ray]"``).
        ray_address: Passed to ``ray.init`` (None: a local Ray, or ``RAY_ADDRESS``).
        plot: Draw out/passk.png (needs matplotlib); without it, a passk.png already in
            ``out`` is deleted at the end (it would disagree with summary.json).

    Raises:
        ValueError, KeyError: A bad argument (one line saying which), before any work.
    """

    def __init__(self, agents: Any, tasks: str | Sequence[str] | None = None, *,
                 episodes: int = 5, k: Sequence[int] = (1,), seed: int = 0, workers: int = 1,
                 max_steps: int | None = None, split: str | None = None,
                 difficulty: int | Sequence[int] | None = None,
                 out: str | Path | None = None, resume: bool = False, record: bool = False,
                 agent_timeout: float | None = None, backend: str = "local",
                 ray_address: str | None = None, plot: bool = False) -> None:
        for name, value, low in (("episodes", episodes, 1), ("workers", workers, 1),
                                 ("seed", seed, 0)):
            if not _is_int(value) or value < low:
                raise ValueError(f"{name} must be an int >= {low}, got {value!r}")
        if max_steps is not None and (not _is_int(max_steps) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive int, got {max_steps!r}")
        ks = list(k) if isinstance(k, Sequence) else [k]
        if not ks or any(not _is_int(x) or x < 1 for x in ks):
            raise ValueError(f"k must be ints >= 1, got {ks}")
        self.ks = sorted({1, *ks})
        if max(self.ks) > episodes:
            raise ValueError(f"pass@{max(self.ks)} needs episodes >= {max(self.ks)}, got "
                             f"{episodes}")
        if agent_timeout is not None and not (isinstance(agent_timeout, int | float)
                                              and agent_timeout > 0):
            raise ValueError(f"agent_timeout must be a positive number of seconds, got "
                             f"{agent_timeout!r}")
        if backend not in ("local", "ray"):
            raise ValueError(f"backend must be 'local' or 'ray', got {backend!r}")
        if backend == "ray":
            _require_ray()
        if plot:
            require_matplotlib()
        if (resume or record or plot) and out is None:
            flag = "resume" if resume else "record" if record else "plot"
            raise ValueError(f"{flag} needs an output folder (out=DIR / --out DIR)")
        self.task_ids = _select(tasks, split, difficulty)
        self.agents = _agents(agents)
        if "human" in self.agents and (workers > 1 or backend != "local"):
            raise ValueError("the human agent plays in this process: use workers=1 and the "
                             "local backend")
        self.episodes, self.seed, self.workers, self.max_steps = episodes, seed, workers, \
            max_steps
        self.record, self.agent_timeout, self.backend = record, agent_timeout, backend
        self.ray_address, self.plot = ray_address, plot
        self.out = None if out is None else Path(out)
        self.done: dict[tuple[str, str, int], dict[str, Any]] = {}
        self.others: list[dict[str, Any]] = []
        if self.out is not None:
            self._check_out(resume)
        self.trials = [(a, t, s) for a in self.agents for t in self.task_ids
                       for s in range(seed, seed + episodes)]
        self.pending = [t for t in self.trials if t not in self.done]

    def _check_out(self, resume: bool) -> None:
        assert self.out is not None
        results = self.out / "results.jsonl"
        if self.out.exists() and not self.out.is_dir():
            raise ValueError(f"--out {self.out} is a file, not a folder")
        if not resume:
            if results.exists():
                raise ValueError(f"{self.out} already holds results.jsonl: pass --resume to "
                                 f"continue that run, or choose another --out")
            return
        run = self.out / "run.json"
        earlier: dict[str, Any] = {}
        if run.exists():
            earlier = json.loads(run.read_text(encoding="utf-8"))
            before = earlier.get("max_steps")
            if before != self.max_steps:
                raise ValueError(f"{self.out} was run with max_steps={before}; resume it with "
                                 f"the same (got {self.max_steps})")
        stored = read_jsonl(results) if results.exists() else []
        self._keep_names(earlier.get("agent_specs") or {}, {rec["agent"] for rec in stored})
        wanted = set(self.agents)
        for rec in stored:
            key = (rec["agent"], rec["task"], rec["seed"])
            if rec["agent"] in wanted and rec["task"] in self.task_ids:
                self.done[key] = rec
            else:
                self.others.append(rec)

    def _keep_names(self, specs: dict[str, Any], recorded: set[str]) -> None:
        """On resume, an agent built from the same spec as in the earlier run keeps the name
        its records have, even where this run would name it otherwise (other agents clash
        differently; a version that named agents by their whole spec); a name the earlier
        run gave another spec is refused, not mixed up.

        Raises:
            ValueError: An agent's name was another spec's in the earlier run.
        """
        by_spec = {spec: name for name, spec in specs.items() if isinstance(spec, str)}
        renamed: dict[str, tuple[Any, str | None]] = {}
        for name, (agent, spec) in self.agents.items():
            if spec is not None:
                full = canonical_spec(spec)
                old = by_spec.get(full) or (spec if spec in recorded else None)
                if old and old != name and old not in self.agents and old not in renamed:
                    name = old
                was = specs.get(name)
                if isinstance(was, str) and was != full:
                    raise ValueError(f"agent {name!r} was {was} in {self.out}, not {full}: "
                                     f"resume with that agent, or choose another --out")
            renamed[name] = (agent, spec)
        self.agents = renamed

    def config(self) -> dict[str, Any]:
        """What the results depend on (not the worker count or the backend)."""
        from . import __version__

        return {"agents": list(self.agents), "tasks": self.task_ids,
                "episodes": self.episodes, "seeds": [self.seed, self.seed + self.episodes - 1],
                "k": self.ks, "max_steps": self.max_steps, "mobilegym_version": __version__}

    def run(self, on_record: Callable[[dict[str, Any]], Any] | None = None) -> EvalResult:
        """Runs the pending trials; ``on_record`` is called with each record as it comes in.

        Each record is appended to results.jsonl at once (a killed run can be resumed); at
        the end the file is rewritten in order (agent, task, seed) with summary.json,
        summary.csv and, if asked, passk.png.
        """
        sink = None
        if self.out is not None:
            self.out.mkdir(parents=True, exist_ok=True)
            (self.out / "run.json").write_text(json.dumps(
                {**self.config(), "agent_specs": self.agent_specs(), "workers": self.workers,
                 "backend": self.backend, "agent_timeout": self.agent_timeout}, indent=1)
                + "\n", encoding="utf-8")
            sink = (self.out / "results.jsonl").open("a", encoding="utf-8")

        def collect(record: dict[str, Any]) -> None:
            self.done[(record["agent"], record["task"], record["seed"])] = record
            if sink is not None:
                sink.write(jsonl([record]))
                sink.flush()
            if on_record is not None:
                on_record(record)

        try:
            if self.backend == "ray":
                _run_ray(self, collect)
            elif self.workers > 1 and len(self.pending) > 1:
                _run_pool(self, collect)
            else:
                _run_serial(self, collect)
        except BaseException:
            # interrupted (Ctrl-C, SIGTERM as an exception) or failed: the signal may have cut
            # the last line short; the file is rewritten with whole records, ready to resume
            if sink is not None:
                sink.close()
                sink = None
                write_text_atomic(self.out / "results.jsonl", jsonl(self._all_records()))
            raise
        finally:
            if sink is not None:
                sink.close()
        records = [self.done[t] for t in self.trials]
        summary = summarize(records, self.ks, self.config())
        removed = []
        if self.out is not None:
            write_text_atomic(self.out / "results.jsonl", jsonl(self._all_records()))
            write_text_atomic(self.out / "summary.json", json.dumps(summary, indent=1) + "\n")
            write_text_atomic(self.out / "summary.csv", summary_csv(summary))
            plot = self.out / "passk.png"
            if self.plot:
                plot_summary(summary, plot)
            elif plot.exists():  # an earlier run's: it would disagree with summary.json
                plot.unlink()
                removed.append(plot.name)
        return EvalResult(records, summary, self.out, removed)

    def _all_records(self) -> list[dict[str, Any]]:
        """Every record results.jsonl keeps: this selection's in order (agent, task, seed),
        then its agents' and tasks' other seeds from an earlier run, then the rest."""
        mine = set(self.trials)
        return ([self.done[t] for t in self.trials if t in self.done]
                + [r for t, r in self.done.items() if t not in mine] + self.others)

    def agent_specs(self) -> dict[str, str]:
        """Each agent's spec by name (run.json's ``agent_specs``): the spec it was built
        from, or ``module:Class`` for an agent given as an object."""
        return {name: canonical_spec(spec) if spec is not None
                else f"{type(agent).__module__}:{type(agent).__qualname__}"
                for name, (agent, spec) in self.agents.items()}

    # ----- what workers need
    def worker_config(self, portable: bool) -> dict[str, Any]:
        """What a worker needs to run trials; ``portable``: agents given by spec are sent as
        their spec (rebuilt there), not as objects."""
        extra = {tid: cls for tid, cls in registry().items() if tid in self.task_ids
                 and not cls.__module__.startswith("mobilegym_env.tasks")}
        task_files: dict[str, tuple[str, str]] = {}
        if portable:
            # a class from a module loaded by file path (--import path/to/tasks.py) does not
            # unpickle elsewhere: the worker loads the file again and takes the class from it
            task_files = {tid: (path, cls.__qualname__) for tid, cls in extra.items()
                          if (path := module_file(cls.__module__)) is not None}
            extra = {tid: cls for tid, cls in extra.items() if tid not in task_files}
        agents = {name: (source if portable and source is not None else agent)
                  for name, (agent, source) in self.agents.items()}
        return {"tasks": self.task_ids, "extra_tasks": extra, "task_files": task_files,
                "agents": agents,
                "max_steps": self.max_steps, "timeout": self.agent_timeout,
                "record": str(self.out / "trajectories") if self.record else None}


def evaluate(agent: Any, tasks: str | Sequence[str] | None = None, *, episodes: int = 5,
             k: Sequence[int] = (1,), on_record: Callable[[dict[str, Any]], Any] | None = None,
             **options: Any) -> EvalResult:
    """Runs an evaluation and returns its records and summary (see :class:`Evaluation` for
    every option: seed, workers, max_steps, split, difficulty, out, resume, record,
    agent_timeout, backend, ray_address, plot)."""
    return Evaluation(agent, tasks, episodes=episodes, k=k, **options).run(on_record)


# ----- argument checks
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _select(tasks: Any, split: str | None, difficulty: Any) -> list[str]:
    ids = resolve_tasks(list(tasks) if isinstance(tasks, tuple) else tasks)
    levels = [difficulty] if _is_int(difficulty) else difficulty
    if split is not None:
        keep = set(list_tasks(split=split))
        ids = [t for t in ids if t in keep]
    if levels is not None:
        keep = {t for level in levels for t in list_tasks(difficulty=level)}
        ids = [t for t in ids if t in keep]
    if not ids:
        raise ValueError(f"no task matches tasks={tasks!r}, split={split!r}, "
                         f"difficulty={difficulty!r}")
    return ids


def _agents(agents: Any) -> dict[str, tuple[Any, str | None]]:
    """Agents by name: (the agent, the spec it was built from or None)."""
    items = agents if isinstance(agents, list | tuple) else [agents]
    if not items:
        raise ValueError("no agent given")
    built: list[tuple[str, Any, str | None]] = []
    specs: dict[str, str] = {}
    for item in items:
        if isinstance(item, str):
            if item in specs:  # the same spec named twice runs once
                continue
            agent = make_agent(item)
            specs[item] = short_name(item, agent)
            built.append((item, agent, item))
        else:
            agent = item() if isinstance(item, type) else item
            name = getattr(agent, "name", "") or type(agent).__name__
            if name == "agent":
                name = type(agent).__name__
            check_agent(agent, name)
            built.append((name, agent, None))
    names = agent_names(specs)
    out: dict[str, tuple[Any, str | None]] = {}
    for key, agent, spec in built:
        name = names[key] if spec is not None else key
        if name not in out:  # the same agent named twice runs once
            out[name] = (agent, spec)
    return out


def _require_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError('the ray backend needs Ray: pip install "mobilegym-env[ray]"'
                         ) from None
    return ray


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


# ----- backends
_WORKER: dict[str, Any] = {}


def _setup(config: dict[str, Any], token: str = "") -> dict[str, Any]:
    """Builds (once per process and run) the env and agents a worker runs trials with."""
    if _WORKER.get("token") == token and token:
        return _WORKER
    from .env import MobileGymEnv
    from .task import register_task

    extra = dict(config["extra_tasks"])
    for tid, (path, qualname) in config.get("task_files", {}).items():
        found: Any = import_module(path)  # which may register the task, as in the parent
        for part in qualname.split("."):
            found = getattr(found, part)
        extra[tid] = found
    for tid, cls in extra.items():
        if registry().get(tid) is not cls:
            register_task(cls)
    agents = {name: make_agent(a) if isinstance(a, str) else a
              for name, a in config["agents"].items()}
    _WORKER.clear()
    _WORKER.update(token=token, config=config, agents=agents,
                   env=MobileGymEnv(task=config["tasks"], max_steps=config["max_steps"]))
    return _WORKER


def _trial(worker: dict[str, Any], trial: tuple[str, str, int]) -> dict[str, Any]:
    from .trajectory import TrajectoryWriter

    name, task_id, seed = trial
    cfg = worker["config"]
    recorder = None
    if cfg["record"]:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
        recorder = TrajectoryWriter(Path(cfg["record"]) / safe / task_id / f"seed{seed}.jsonl")
    agent = worker["agents"][name]
    ep = run_episode(worker["env"], agent, task_id, seed, agent_name=name,
                     timeout=cfg["timeout"], recorder=recorder)
    if isinstance(agent, OracleAgent):  # its own run is the yardstick, kept for the others
        ep.oracle_steps = ep.steps if ep.success else None
        worker.setdefault("oracle_steps", {})[task_id, seed] = ep.oracle_steps
    else:
        ep.oracle_steps = _oracle_steps(worker, task_id, seed)
    return ep.to_record()


def _oracle_steps(worker: dict[str, Any], task_id: str, seed: int) -> int | None:
    """The steps the task's oracle takes on ``seed`` under this evaluation's budget (None if
    it fails): the yardstick of ``steps_over_oracle``. Cached per worker process."""
    cache = worker.setdefault("oracle_steps", {})
    if (task_id, seed) not in cache:
        ep = run_episode(worker["env"], OracleAgent(), task_id, seed)
        cache[task_id, seed] = ep.steps if ep.success else None
    return cache[task_id, seed]


def _run_serial(ev: Evaluation, collect: Callable[[dict[str, Any]], None]) -> None:
    config = ev.worker_config(portable=False)
    config["agents"] = {name: agent for name, (agent, _) in ev.agents.items()}
    worker = _setup(config)
    try:
        for trial in ev.pending:
            collect(_trial(worker, trial))
    finally:
        worker["env"].close()
        _WORKER.clear()


# How worker processes start: fork where it is safe and fast (Linux), else spawn (macOS,
# Windows). A name here, so that tests can run the spawn path on Linux too.
_START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"


def _pool_init(config: dict[str, Any], parent: int) -> None:
    # Ctrl-C and a SIGTERM sent to the whole process group (timeout, Slurm...) are the
    # parent's to handle: it stops the workers itself, without recording failed trials.
    # A do-nothing handler, not SIG_IGN, which programs an agent starts would inherit.
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _ignore_signal)
    _die_with_parent(parent)
    _setup(config, token="pool")


def _ignore_signal(signum: int, frame: Any) -> None:
    """Leaves a worker's signal to its parent (see :func:`_pool_init`)."""


def _die_with_parent(parent: int) -> None:
    """Has Linux kill this worker when its parent dies, even by SIGKILL: no orphan then."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _pool_trial(trial: tuple[str, str, int]) -> dict[str, Any]:
    return _trial(_WORKER, trial)


def _run_pool(ev: Evaluation, collect: Callable[[dict[str, Any]], None]) -> None:
    config = ev.worker_config(portable=_START_METHOD != "fork")
    pool = ProcessPoolExecutor(min(ev.workers, len(ev.pending)),
                               mp_context=multiprocessing.get_context(_START_METHOD),
                               initializer=_pool_init, initargs=(config, os.getpid()))
    try:
        futures = {pool.submit(_pool_trial, t): t for t in ev.pending}
        for future in as_completed(futures):
            try:
                record = future.result()
            except Exception as err:  # a worker process died (the agent killed it...)
                record = _failed(futures[future], f"worker process failed: "
                                                  f"{type(err).__name__}: {err}")
            collect(record)
    except BaseException:
        # interrupted: the trials under way are abandoned (a resume runs them again), and
        # no worker may outlive the run
        _kill_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # reaps the workers: no zombies


def _kill_workers(pool: ProcessPoolExecutor) -> None:
    """Kills a pool's worker processes (SIGKILL: they leave SIGTERM to the parent)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, ValueError):  # already gone, or closed
            process.kill()


def _failed(trial: tuple[str, str, int], error: str) -> dict[str, Any]:
    name, task_id, seed = trial
    return Episode(task_id, seed, False, True, 0, "", agent=name, error=error).to_record()


def _ray_trial(config: dict[str, Any], token: str, trial: tuple[str, str, int]
               ) -> dict[str, Any]:
    return _trial(_setup(config, token), trial)


def _run_ray(ev: Evaluation, collect: Callable[[dict[str, Any]], None]) -> None:
    import uuid

    ray = _require_ray()
    if not ray.is_initialized():
        ray.init(address=ev.ray_address, log_to_driver=False)
    config_ref = ray.put(ev.worker_config(portable=True))
    remote = ray.remote(num_cpus=1)(_ray_trial)
    token = uuid.uuid4().hex
    refs = {remote.remote(config_ref, token, t): t for t in ev.pending}
    waiting = list(refs)
    try:
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                try:
                    record = ray.get(ref)
                except Exception as err:  # the Ray worker died
                    record = _failed(refs[ref], f"ray task failed: {type(err).__name__}: "
                                                f"{err}")
                collect(record)
    except BaseException:
        for ref in waiting:  # interrupted: no task keeps running on the cluster
            ray.cancel(ref, force=True)
        raise
