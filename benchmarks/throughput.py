"""Throughput benchmark for MobileGym: prints one JSON object.

What it measures (a seeded ``mobilegym_env.agents.RandomAgent``: taps, swipes, typing and system
keys, over all tasks unless ``--task`` says otherwise, rgb_array observations):

- ``steps_per_cpu_s`` (best and median of ``--runs`` runs of ``--steps`` steps, resets
  included, after ``--warmup`` steps): steps per CPU-second of this process, so load from
  other processes does not distort it: the number that matters, the steady state of a long
  training run. ``steps_per_s``: the same runs in wall time. ``steps_per_cpu_s_cold``: the
  first ``--steps`` steps of the process (the start of the warm-up), while its caches fill
  (each photo is painted once per process and size, 5-10 ms; icons, glyphs, retained rows).
- ``step_only_steps_per_cpu_s``: ``env.step`` alone (CPU time inside ``step``).
- ``reset_ms_median`` / ``reset_ms_p90``: ``env.reset`` (CPU time).
- ``recents_open_ms_median``: opening Recents with 3 tasks (the RECENTS key, then the frame),
  repeated; ``recents_open_ms_first``: the first open on a new phone in this process.
- ``snapshot_restore_ms_median``: ``Device.restore(device.snapshot())``.
- ``rss_mb_per_extra_env``: memory per env, the RSS growth per extra env in one process, each
  env having run ``--mem-steps`` steps, over ``--mem-envs`` envs made once three envs have
  filled the process-wide caches, less what those caches grew meanwhile (they are bounded, so
  they count once per process: ``process_caches_mb`` lists them, with their limits);
  ``rss_mb_per_extra_env_cold``: the growth over those first three envs, caches filling
  included.
- ``vec_async_8_steps_per_s_{1,2}_cores``: ``make_vec`` with 8 async envs, aggregate env steps
  per wall second with the processes pinned to one core, then to two (and their ratio),
  over ``--vec-steps`` batch steps after ``--vec-warmup`` (forked workers first copy the pages
  their steps write, and pay for it in wall time); ``--vec-pairs`` such pairs are run in
  turn and their medians reported, with each pair's ratio; ``vec_sync_8_steps_per_cpu_s``:
  the same 8 envs stepped in this process (``SyncVectorEnv``).
- ``--profile``: ``profile_us_per_step``, where the CPU time of a step goes: paint, view tree
  build, layout, Recents thumbnails, observation copy, blits, judge (``state()`` + diff), resets
  (amortized per step) and the rest. Each part is timed exclusively (a nested part is not
  counted twice; thumbnails, judge and resets count everything they call); blits are the
  painter's share that cProfile attributes to ``Surface.blit`` (taken out of paint).
- ``--ceiling``: what a faster renderer could give at most. Runs of the same steps, in turn
  with normal ones, with the painter switched off (frames stay blank; Recents cards too):
  ``ceiling_no_paint_*``; the same less the time spent in layout: ``ceiling_no_paint_no_layout_*``
  (both as ``steps_per_cpu_s`` and ``step_only_steps_per_cpu_s``); and resets with no first
  frame at all (no build, layout, paint or copy): ``ceiling_reset_ms_median_no_frame``. The
  rest of a step (input, kernel, apps' screens, judge, observation copy) is what these leave.

Run it pinned to one core for comparable numbers (the vector section pins its own processes)::

    taskset -c 0 python benchmarks/throughput.py
    taskset -c 0 python benchmarks/throughput.py --profile --sections steps
    taskset -c 0 python benchmarks/throughput.py --ceiling --sections reset
    python benchmarks/throughput.py --sections vec --obs-size 84 84
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import json
import os
import platform
import pstats
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

import gymnasium as gym
import numpy as np

import mobilegym_env  # noqa: F401  (registers MobileGym-v0)
from mobilegym_env.agents import RandomAgent
from mobilegym_env.device import Device

SECTIONS = ("steps", "reset", "recents", "snapshot", "memory", "vec")


def _make(task: str | None, env_kwargs: dict[str, Any]) -> gym.Env:
    return gym.make("MobileGym-v0", task=task, render_mode="rgb_array", **env_kwargs)


def _drive(env: gym.Env, steps: int, seed: int, on_step: Callable[[], None] | None = None
           ) -> tuple[int, int, float]:
    """Runs the random agent for ``steps`` steps (resetting as episodes end); returns steps,
    episodes and the CPU seconds spent inside ``env.step``."""
    agent = RandomAgent()
    obs, info = env.reset(seed=seed)
    agent.reset(info["instruction"], {"seed": seed})
    episodes, in_step = 1, 0.0
    clock = time.process_time
    for _ in range(steps):
        action = agent.act(obs, info)
        t = clock()
        obs, _, terminated, truncated, info = env.step(action)
        in_step += clock() - t
        if terminated or truncated:
            obs, info = env.reset(seed=seed + episodes)
            agent.reset(info["instruction"], {"seed": seed + episodes})
            episodes += 1
    return steps, episodes, in_step


def _best_median(name: str, values: list[float]) -> dict[str, float]:
    return {f"{name}_best": max(values), f"{name}_median": statistics.median(values)}


def bench_steps(steps: int, runs: int, task: str | None, seed: int,
                env_kwargs: dict[str, Any], warmup: int = 0) -> dict[str, Any]:
    cpu_rates, wall_rates, step_rates, episodes = [], [], [], 0
    cold = None
    if warmup:  # seeds the measured runs never use
        env = _make(task, env_kwargs)
        cpu_start = time.process_time()
        _drive(env, min(steps, warmup), 10**6)
        cold = min(steps, warmup) / (time.process_time() - cpu_start)
        if warmup > steps:
            _drive(env, warmup - steps, 10**6 + 7919)
        env.close()
    for run in range(runs):
        env = _make(task, env_kwargs)
        start, cpu_start = time.perf_counter(), time.process_time()
        done, episodes, in_step = _drive(env, steps, seed + 1000 * run)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        env.close()
        cpu_rates.append(done / cpu)
        wall_rates.append(done / wall)
        step_rates.append(done / in_step)
    return {"steps": steps, "runs": runs, "warmup_steps": warmup, "episodes_per_run": episodes,
            **_best_median("steps_per_cpu_s", cpu_rates),
            **({"steps_per_cpu_s_cold": cold} if cold is not None else {}),
            **_best_median("steps_per_s", wall_rates),
            **_best_median("step_only_steps_per_cpu_s", step_rates)}


def _cpu_ms(fn: Callable[[], Any], n: int) -> list[float]:
    times = []
    for _ in range(n):
        t = time.process_time_ns()
        fn()
        times.append((time.process_time_ns() - t) / 1e6)
    return times


def bench_reset(n: int, task: str | None, env_kwargs: dict[str, Any]) -> dict[str, float]:
    env = _make(task, env_kwargs)
    env.reset(seed=0)
    seeds = iter(range(1, n + 1))
    times = _cpu_ms(lambda: env.reset(seed=next(seeds)), n)
    env.close()
    return {"reset_ms_median": statistics.median(times),
            "reset_ms_p90": statistics.quantiles(times, n=10)[-1]}


def bench_recents(n: int) -> dict[str, float]:
    """Opening Recents with 3 tasks: the RECENTS key, then the frame (CPU time)."""
    device = Device()
    for app in ("notes", "contacts", "settings"):
        device.open_app(app)
    device.render()

    def open_recents() -> None:
        device.show_recents()
        device.render()

    first = _cpu_ms(open_recents, 1)[0]
    times = []
    for _ in range(n):
        device.handle_back()  # back to the top task: Recents closes
        device.render()
        times += _cpu_ms(open_recents, 1)
    return {"recents_open_ms_first": first, "recents_open_ms_median": statistics.median(times)}


def bench_snapshot(n: int) -> dict[str, float]:
    env = gym.make("MobileGym-v0", task="launcher.switch_to_recent_app")
    env.reset(seed=0)
    device: Device = env.unwrapped.device
    times = _cpu_ms(lambda: Device.restore(device.snapshot()), n)
    env.close()
    return {"snapshot_restore_ms_median": statistics.median(times),
            "snapshot_bytes": len(device.snapshot())}


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _rss_growth(n_envs: int, steps: int, task: str | None, env_kwargs: dict[str, Any],
                seed: int, cache_mb: Callable[[], float]) -> tuple[list[Any], list[float], float]:
    """Makes ``n_envs`` envs (all kept alive), each running ``steps`` steps; returns them,
    the RSS after each, and the RSS growth per extra env less the process-wide caches'."""
    envs, rss, cache = [], [], []
    for i in range(n_envs):
        env = _make(task, env_kwargs)
        _drive(env, steps, seed=seed + 100 * i)
        envs.append(env)
        gc.collect()
        rss.append(_rss_mb())
        cache.append(cache_mb())
    extra = max(n_envs - 1, 1)
    return envs, rss, (rss[-1] - rss[0] - cache[-1] + cache[0]) / extra


def bench_memory(n_envs: int, steps: int, task: str | None,
                 env_kwargs: dict[str, Any]) -> dict[str, Any]:
    """Memory per env: the RSS growth per extra env in one process, each env (all kept alive)
    having run ``steps`` steps. Measured twice: first on a fresh process (``_cold``: the
    process-wide caches fill meanwhile and count in the growth: pictures painted, icons,
    retained rows, the thumbnail cache), then, with those envs still alive, over ``n_envs``
    more envs once the caches are warm (the figure that scales: a process running many envs),
    less what the bounded process-wide caches still grew meanwhile."""
    from mobilegym_env.system import thumbnails
    from mobilegym_env.ui import fonts, pictures, retain

    def caches() -> dict[str, tuple[float, float]]:
        """Each bounded process-wide cache: (MB held, MB limit)."""
        mb = 2**20
        return {"thumbnails": (thumbnails.stats()["bytes"] / mb, thumbnails.LIMIT_BYTES / mb),
                "retained_pixels": (retain.pixel_stats()["bytes"] / mb,
                                    retain.PIXEL_BUDGET / mb),
                "pictures": (pictures.cache_info()["bytes"] / mb,
                             pictures.cache_info()["budget"] / mb),
                "text": (fonts.TEXT_SURFACES.bytes / mb, fonts.TEXT_SURFACES.max_bytes / mb)}

    def cache_mb() -> float:
        return sum(held for held, _ in caches().values())

    first, rss_cold, _ = _rss_growth(3, steps, task, env_kwargs, 0, cache_mb)
    cold = (rss_cold[-1] - rss_cold[0]) / 2
    more, rss, warm = _rss_growth(n_envs, steps, task, env_kwargs, 10_000, cache_mb)
    for env in first + more:
        env.close()
    return {"mem_steps": steps, "rss_mb_after_each_env_cold": [round(r, 1) for r in rss_cold],
            "rss_mb_per_extra_env_cold": cold,
            "rss_mb_after_each_env": [round(r, 1) for r in rss],
            "rss_mb_per_extra_env": warm,
            "process_caches_mb": {name: {"held": round(held, 1), "limit": limit}
                                  for name, (held, limit) in caches().items()}}


@contextmanager
def _pinned(cores: set[int]) -> Iterator[None]:
    """Pins this process (and the workers it starts) to ``cores``."""
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cores)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def _vec_run(mode: str, n_envs: int, batch_steps: int, task: str | None,
             env_kwargs: dict[str, Any], warmup: int = 0) -> tuple[float, float]:
    """(aggregate env steps per wall second, per CPU-second of this process), after
    ``warmup`` batch steps (forked workers copy the pages their first steps write)."""
    from mobilegym_env.wrappers import batch_actions, make_vec

    envs = make_vec([task] * n_envs, vectorization_mode=mode, render_mode="rgb_array",
                    **env_kwargs)
    try:
        agents = [RandomAgent(seed=i) for i in range(n_envs)]
        obs, info = envs.reset(seed=0)
        for _ in range(max(warmup, 1)):  # workers warmed up
            envs.step(batch_actions([a.act(None, {}) for a in agents]))
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(batch_steps):
            envs.step(batch_actions([a.act(None, {}) for a in agents]))
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    finally:
        envs.close()
    return n_envs * batch_steps / wall, n_envs * batch_steps / cpu


def bench_vec(batch_steps: int, task: str | None, env_kwargs: dict[str, Any],
              warmup: int = 0, pairs: int = 1) -> dict[str, Any]:
    """The 8-env vector runs; with two cores, ``pairs`` one-core and two-core runs in turn
    (a shared machine's load drifts: each pair's ratio compares runs made side by side), and
    the medians of their rates and ratios."""
    out: dict[str, Any] = {"vec_batch_steps": batch_steps, "vec_warmup_batch_steps": warmup}
    available = sorted(os.sched_getaffinity(0) | set(range(os.cpu_count() or 1)))
    with _pinned({available[0]}):
        out["vec_sync_8_steps_per_cpu_s"] = _vec_run("sync", 8, batch_steps, task,
                                                     env_kwargs, warmup)[1]
    ones, twos = [], []
    for _ in range(pairs if len(available) >= 2 else 1):
        with _pinned({available[0]}):
            ones.append(_vec_run("async", 8, batch_steps, task, env_kwargs, warmup)[0])
        if len(available) >= 2:
            with _pinned(set(available[:2])):
                twos.append(_vec_run("async", 8, batch_steps, task, env_kwargs, warmup)[0])
    out["vec_async_8_steps_per_s_1_core"] = statistics.median(ones)
    if twos:
        ratios = [two / one for one, two in zip(ones, twos, strict=True)]
        out["vec_async_8_steps_per_s_2_cores"] = statistics.median(twos)
        out["vec_async_2_cores_over_1"] = statistics.median(ratios)
        out["vec_async_2_cores_over_1_by_pair"] = ratios
    return out


# ----- --profile: where a step's CPU time goes
class _Parts:
    """Exclusive CPU time per part: a part's time excludes the parts it calls, except for
    the scopes (thumbnails, judge, resets), which count everything they call."""

    SCOPES = frozenset({"thumbnails", "judge", "resets"})

    def __init__(self) -> None:
        self.totals: dict[str, int] = defaultdict(int)
        self.stack: list[list] = []  # [part, start ns, time of nested parts]
        self.in_scope = 0

    def wrap(self, fn: Callable, part: str) -> Callable:
        clock = time.process_time_ns

        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if self.in_scope:
                return fn(*args, **kwargs)
            scope = part in self.SCOPES
            self.in_scope += scope
            frame = [part, clock(), 0]
            self.stack.append(frame)
            try:
                return fn(*args, **kwargs)
            finally:
                elapsed = clock() - frame[1]
                self.stack.pop()
                self.totals[part] += elapsed - frame[2]
                if self.stack:
                    self.stack[-1][2] += elapsed
                self.in_scope -= scope
        return timed


def _layout_names() -> list[tuple[Any, str]]:
    """(module, name) of each place layout's entry points are called through: the layout
    module and every module of ours that imported ``layout`` or ``measure`` by name."""
    from mobilegym_env.ui import layout as layout_mod

    found = []
    for fn_name in ("layout", "measure"):
        original = getattr(layout_mod, fn_name)
        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").startswith("mobilegym_env") \
                    and module.__dict__.get(fn_name) is original:
                found.append((module, fn_name))
    return found


def _patch(parts: _Parts) -> Callable[[], None]:
    """Wraps the functions of each part; returns the undo."""
    from mobilegym_env import env as env_mod
    from mobilegym_env.system import compose
    from mobilegym_env.ui import painter

    undo: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, part: str) -> None:
        original = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
        undo.append((owner, name, original))
        setattr(owner, name, parts.wrap(original, part))

    patch(painter, "paint", "paint")
    patch(compose, "screen", "build")
    patch(Device, "app_screen", "build")
    patch(Device, "thumbnail", "thumbnails")
    patch(env_mod.MobileGymEnv, "_observe", "obs copy")
    patch(env_mod.MobileGymEnv, "_judge", "judge")
    patch(env_mod.MobileGymEnv, "reset", "resets")
    for module, fn_name in _layout_names():
        patch(module, fn_name, "layout")

    def restore() -> None:
        for owner, name, original in reversed(undo):
            setattr(owner, name, original)
    return restore


def bench_profile(steps: int, task: str | None, seed: int,
                  env_kwargs: dict[str, Any]) -> dict[str, Any]:
    parts = _Parts()
    restore = _patch(parts)
    env = _make(task, env_kwargs)
    try:
        cpu = time.process_time_ns()
        _drive(env, steps, seed)
        cpu = time.process_time_ns() - cpu
    finally:
        restore()
        env.close()
    # blits, from a cProfile run of the same steps: Surface.blit's share of all the time
    env = _make(task, env_kwargs)
    profiler = cProfile.Profile()
    profiler.runcall(_drive, env, steps, seed)
    env.close()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    blit = sum(tt for (_, _, name), (_, _, tt, _, _) in stats.items()
               if name in ("<method 'blit' of 'pygame.surface.Surface' objects>",
                           "<method 'blits' of 'pygame.surface.Surface' objects>"))
    total = sum(tt for (_, _, tt, _, _) in stats.values())
    us = {part: ns / 1e3 / steps for part, ns in parts.totals.items()}
    us["blits"] = min(blit / total * cpu / 1e3 / steps, us.get("paint", 0.0))
    us["paint"] = us.get("paint", 0.0) - us["blits"]
    per_step = cpu / 1e3 / steps
    us["other (input, kernel, agent, env)"] = per_step - sum(us.values())
    order = ("paint", "build", "layout", "thumbnails", "obs copy", "blits", "judge", "resets",
             "other (input, kernel, agent, env)")
    return {"profile_steps": steps, "profile_cpu_us_per_step": per_step,
            "profile_us_per_step": {p: round(us.get(p, 0.0), 1) for p in order},
            "profile_share": {p: round(us.get(p, 0.0) / per_step, 3) for p in order}}


# ----- --ceiling: the most a faster renderer could give
@contextmanager
def _no_paint(layout_ns: list[int]) -> Iterator[None]:
    """Switches the painter off (frames and cards stay as they are) and adds the CPU time
    spent in layout to ``layout_ns[0]``."""
    from mobilegym_env.ui import painter

    undo: list[tuple[Any, str, Any]] = [(painter, "paint", painter.paint)]
    painter.paint = lambda *args, **kwargs: None
    depth = [0]

    def timed(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            depth[0] += 1
            start = time.process_time_ns()
            try:
                return fn(*args, **kwargs)
            finally:
                depth[0] -= 1
                if not depth[0]:  # nested calls are in the outer one's time
                    layout_ns[0] += time.process_time_ns() - start
        return run

    for module, fn_name in _layout_names():
        original = getattr(module, fn_name)
        undo.append((module, fn_name, original))
        setattr(module, fn_name, timed(original))
    try:
        yield
    finally:
        for owner, name, original in reversed(undo):
            setattr(owner, name, original)


def _ceiling_run(no_paint: bool, steps: int, task: str | None, seed: int,
                 env_kwargs: dict[str, Any]) -> tuple[int, float, float, float, float]:
    """One run for ``bench_ceiling``: steps, CPU seconds, of them those inside ``env.step``,
    those in layout (0 with the painter on: not timed), and of those, the resets'."""
    layout_ns, in_resets = [0], [0]
    env = _make(task, env_kwargs)
    reset = env.unwrapped.reset

    def counted_reset(*args: Any, **kwargs: Any) -> Any:
        before = layout_ns[0]
        try:
            return reset(*args, **kwargs)
        finally:
            in_resets[0] += layout_ns[0] - before

    env.unwrapped.reset = counted_reset  # type: ignore[method-assign]
    with _no_paint(layout_ns) if no_paint else nullcontext():
        cpu = time.process_time()
        done, _, in_step = _drive(env, steps, seed)
        cpu = time.process_time() - cpu
    env.close()
    return done, cpu, in_step, layout_ns[0] / 1e9, in_resets[0] / 1e9


def bench_ceiling(steps: int, runs: int, task: str | None, seed: int,
                  env_kwargs: dict[str, Any], warmup: int) -> dict[str, Any]:
    """Normal runs and runs with the painter off, in turn (same seeds), and resets with no
    first frame."""
    rates: dict[str, list[float]] = defaultdict(list)
    env = _make(task, env_kwargs)
    if warmup:
        _drive(env, min(steps, warmup), 10**6)
    env.close()
    for run in range(runs):
        for mode in ("normal", "no_paint"):
            done, cpu, in_step, layout_s, in_resets_s = _ceiling_run(
                mode == "no_paint", steps, task, seed + 1000 * run, env_kwargs)
            rates[f"{mode}_steps_per_cpu_s"].append(done / cpu)
            rates[f"{mode}_step_only_steps_per_cpu_s"].append(done / in_step)
            if mode == "no_paint":
                rates["no_paint_no_layout_steps_per_cpu_s"].append(done / (cpu - layout_s))
                rates["no_paint_no_layout_step_only_steps_per_cpu_s"].append(
                    done / (in_step - (layout_s - in_resets_s)))
    out = {f"ceiling_{name}": statistics.median(values) for name, values in rates.items()}
    env = _make(task, env_kwargs)
    blank = np.zeros(env.observation_space.shape, np.uint8)
    env.reset(seed=0)
    seeds = iter(range(1, 201))
    env.unwrapped._observe = lambda: blank  # type: ignore[attr-defined]
    out["ceiling_reset_ms_median_no_frame"] = statistics.median(
        _cpu_ms(lambda: env.reset(seed=next(seeds)), 200))
    env.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=5000, help="steps per run (default 5000)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of the step benchmark; best and median are reported")
    parser.add_argument("--warmup", type=int, default=10_000,
                        help="steps run before the measured runs, on other seeds, so they "
                             "measure the steady state (default 10000; 0 for none)")
    parser.add_argument("--task", default=None, help="task id, suite or glob (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--obs-size", type=int, nargs=2, metavar=("H", "W"), default=None,
                        help="observation size, passed to gym.make as obs_size")
    parser.add_argument("--sections", nargs="+", choices=SECTIONS, default=list(SECTIONS),
                        help="what to measure (default: all)")
    parser.add_argument("--profile", action="store_true",
                        help="add the per-part breakdown of a step's CPU time")
    parser.add_argument("--ceiling", action="store_true",
                        help="add the most a faster renderer could give: the step runs with "
                             "the painter off, and resets without a first frame")
    parser.add_argument("--mem-envs", type=int, default=5,
                        help="envs measured warm in the memory section (default 5)")
    parser.add_argument("--mem-steps", type=int, default=10_000,
                        help="steps each env runs before its RSS is read (default 10000)")
    parser.add_argument("--vec-steps", type=int, default=400,
                        help="batch steps of the 8-env vector runs (default 400)")
    parser.add_argument("--vec-warmup", type=int, default=100,
                        help="batch steps each vector run takes before it is measured "
                             "(default 100)")
    parser.add_argument("--vec-pairs", type=int, default=3,
                        help="one-core and two-core vector runs made in turn; their "
                             "medians are reported (default 3)")
    args = parser.parse_args()
    env_kwargs = {} if args.obs_size is None else {"obs_size": tuple(args.obs_size)}
    result: dict[str, Any] = {"python": platform.python_version(),
                              "machine": platform.machine(), "cores": sorted(
                                  os.sched_getaffinity(0)), **env_kwargs}
    if "steps" in args.sections:
        result.update(bench_steps(args.steps, args.runs, args.task, args.seed, env_kwargs,
                                  args.warmup))
    if "reset" in args.sections:
        result.update(bench_reset(200, args.task, env_kwargs))
    if "recents" in args.sections:
        result.update(bench_recents(50))
    if "snapshot" in args.sections:
        result.update(bench_snapshot(200))
    if args.profile:
        result.update(bench_profile(args.steps, args.task, args.seed, env_kwargs))
    if args.ceiling:
        result.update(bench_ceiling(args.steps, args.runs, args.task, args.seed, env_kwargs,
                                    args.warmup))
    if "memory" in args.sections:
        result.update(bench_memory(args.mem_envs, args.mem_steps, args.task, env_kwargs))
    if "vec" in args.sections:
        result.update(bench_vec(args.vec_steps, args.task, env_kwargs, args.vec_warmup,
                                args.vec_pairs))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
