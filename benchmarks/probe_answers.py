"""Adversarial answers against every query and hybrid task's judge: prints JSON.

For each task and seed the task's oracle runs to get the right answer (its ANSWER, or the text
it wrote into a record: a message's body, a note's text) and every screen it saw. Then the
judge is asked about answers that must fail:

- ``or``: the right answer joined with "or" to a rival value (``"<target> or <rival>"``), one
  rival at a time, and with all rivals at once (``or_all``). Rivals are found independently of
  what the task declares: values of the same field in the initial state (the locations of the
  other events, the other folders' names), the answers of the task's other seeds, values of
  the same kind on the screens the oracle saw (other dates, times, numbers), and a neighbour
  of the target (the number plus one, the time an hour later, the day after);
- ``dump_all``: all the text of all the screens the oracle saw, as one answer;
- ``dump_screen``: the text of one screen the oracle saw (every one is tried).

An answer goes through the task's whole judge (the oracle's final state with that answer); a
text written into a record is read by the record's matcher (``where``/``fields``). A probe that
passes is a false positive. Natural answers that must pass are tried too (``natural``: the
oracle's value with a lead-in, and a few message bodies written as people write them), and a
refused one is a false negative.

    python benchmarks/probe_answers.py                        # every query/hybrid task, 10 seeds
    python benchmarks/probe_answers.py --tasks calendar --seeds 3
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.judge import get
from mobilegym_env.task import registry, resolve_tasks

KINDS = ("or", "or_all", "dump_all", "dump_screen")
MAX_RIVALS = 40


class Run:
    """One oracle episode: what the judge reads and what the oracle saw (the texts of every
    screen, in order)."""

    def __init__(self, task_id: str, seed: int, task: Any, initial: dict[str, Any],
                 final: dict[str, Any], answer: str | None, screens: list[list[str]],
                 success: bool, detail: str = "") -> None:
        self.task_id, self.seed, self.task = task_id, seed, task
        self.initial, self.final, self.answer = initial, final, answer
        self.screens, self.success, self.detail = screens, success, detail


class Channel:
    """Where a task reads a text: the ANSWER, or a field of a record the oracle wrote (a
    message's body); ``judge(text)`` says whether that text there would pass."""

    def __init__(self, name: str, target: str, reading: Any, kind: str,
                 judge: Callable[[str], bool], rivals: list[str]) -> None:
        self.name, self.target, self.reading, self.kind = name, target, reading, kind
        self.judge, self.rivals = judge, rivals


def run_oracle(env: MobileGymEnv, task_id: str, seed: int) -> Run:
    env.reset(seed=seed, options={"task": task_id})
    device, task = env.device, env.task
    initial = env._initial  # the read-only state the env's judge reads
    plan: Iterator[dict[str, Any]] = task.oracle(O.OracleView(device))  # as OracleAgent
    screens: list[list[str]] = []
    answer, info = None, {"success": False}
    terminated = truncated = False
    while not (terminated or truncated):
        screens.append([n["text"] for n in device.ui_tree() if n.get("text")])
        action = next(plan, None) or A.done()
        _, _, terminated, truncated, info = env.step(action)
        answer = info.get("answer", answer)
    screens.append([n["text"] for n in device.ui_tree() if n.get("text")])
    final = device.state(shared=True)
    verdict = task.judge(initial, final, answer)
    return Run(task_id, seed, task, initial, final, answer, _distinct(screens),
               verdict.success, verdict.explain() if not verdict.success else "")


def _distinct(screens: list[list[str]]) -> list[list[str]]:
    out: list[list[str]] = []
    for s in screens:
        if s and (not out or out[-1] != s):
            out.append(s)
    return out


# --------------------------------------------------------------------------- readings
def _kind(reading: Any) -> str:
    kind = getattr(reading, "kind", None)
    if kind:
        return kind
    text = reading.describe() if hasattr(reading, "describe") else ""
    for prefix, k in (("the number", "number"), ("the time", "time"), ("the date", "date"),
                      ("the phone", "phone"), ("the items", "items")):
        if text.startswith(prefix):
            return k
    return "text"


def _is_reading(value: Any) -> bool:
    return isinstance(value, C.TextTest | C.text_contains)


def channels(run: Run) -> list[Channel]:
    """The texts the task's judge reads: the answer, and matched text fields of created or
    modified records."""
    expectations = run.task.checks(run.initial)
    out: list[Channel] = []
    if run.answer is not None:
        readings = [getattr(e, "reading", None) for e in expectations]
        readings = [r for r in readings if r is not None]
        kind = _kind(readings[0]) if readings else _guess_kind(run.answer)

        def judge(text: str) -> bool:
            return run.task.judge(run.initial, run.final, text).success
        out.append(Channel("answer", run.answer, readings[0] if readings else None, kind, judge,
                           _declared(readings[0], run.initial) if readings else []))
    for e in expectations:
        where = _fields(e)
        if where is None:
            continue
        for key, matcher in where.items():
            if not _is_reading(matcher):
                continue
            value = _written(run, e, key)
            if value is None:
                continue
            out.append(Channel(f"{e.name}: {key}", value, matcher, _kind(matcher),
                               lambda text, m=matcher: bool(m(text)),
                               _declared(matcher, run.initial)))
    return out


def _declared(reading: Any, initial: dict[str, Any]) -> list[str]:
    fn = getattr(reading, "rival_values", None)
    return [str(v) for v in fn(initial)] if callable(fn) else []


def _fields(e: Any) -> dict[str, Any] | None:
    found = getattr(e, "where", None) if hasattr(e, "count") else getattr(e, "fields", None)
    return found if isinstance(found, dict) else None


def _written(run: Run, e: Any, key: str) -> str | None:
    """The text the oracle wrote into the field ``key`` of the record ``e`` explains (a new
    record that matches, or the record ``e`` modifies)."""
    before, after = get(run.initial, e.steps), get(run.final, e.steps)
    if isinstance(after, list):
        after = {r.get("id"): r for r in after if isinstance(r, dict)}
        before = {r.get("id"): r for r in before or [] if isinstance(r, dict)}
    if not isinstance(after, dict):
        return None
    before = before if isinstance(before, dict) else {}
    matcher = _fields(e)[key]
    for rid, rec in after.items():
        mine = rid == e.rid if hasattr(e, "rid") else rid not in before
        value = get(rec, key) if isinstance(rec, dict) else None
        if mine and isinstance(value, str) and matcher(value):
            return value
    return None


def _guess_kind(answer: str) -> str:
    if C.parse_times(answer):
        return "time"
    if C.parse_dates(answer):
        return "date"
    if C.parse_numbers(answer):
        return "number"
    return "text"


# --------------------------------------------------------------------------- rivals
def _leaves(node: Any, shape: tuple[str, ...], out: dict[tuple[str, ...], set[str]]) -> None:
    """Every string (and number) in a state by the shape of its path (record ids and keys
    replaced by ``*``); dict keys that look like paths give their basenames too."""
    if isinstance(node, dict):
        for k, v in node.items():
            if not isinstance(k, str):
                continue
            if "/" in k:  # a path: its basename, among folders' or files' names
                kind = "<folder>" if isinstance(v, dict) and v.get("is_dir") else "<file>"
                out.setdefault((*shape, kind), set()).add(k.rstrip("/").rsplit("/", 1)[-1])
            sub = (*shape, "*" if "/" in k or k.isdigit() else k)
            _leaves(v, sub, out)
    elif isinstance(node, list):
        for v in node:
            _leaves(v, (*shape, "[*]"), out)
    elif isinstance(node, str) and 0 < len(node) <= 80:
        out.setdefault(shape, set()).add(node)


# the shared data each app shows (besides its own store, apps.<id>)
SHOWN = {"files": ("os.files",), "gallery": ("os.providers.media",),
         "camera": ("os.providers.media",), "contacts": ("os.providers.contacts",),
         "phone": ("os.providers.contacts", "os.providers.calls"),
         "messages": ("os.providers.sms", "os.providers.contacts"),
         "settings": ("os.hardware", "os.settings", "os.permissions"),
         "launcher": ("os.launcher",)}


def state_rivals(initial: dict[str, Any], target: str, apps: tuple[str, ...]) -> list[str]:
    """Values sharing a field with the target in the data of the task's apps (the other
    events' locations when the target is one event's location; the other folders' names
    when it is a folder's)."""
    by_shape: dict[tuple[str, ...], set[str]] = {}
    _leaves({k: v for k, v in initial.items()}, (), by_shape)
    norm = C.normalize_text(target)
    roots = [("apps", a) for a in apps] + [tuple(p.split(".")) for a in apps
                                           for p in SHOWN.get(a, ())]
    found: list[str] = []
    for shape, values in by_shape.items():
        if not any(shape[:len(r)] == r for r in roots):
            continue
        if len(values) < 2 or len(values) > 200:
            continue
        named = [v for v in values if C.normalize_text(v) == norm]
        if named:
            found += [v for v in values if v not in named]
    return found


def neighbour(kind: str, target: str) -> list[str]:
    """A value of the same kind next to the target's."""
    if kind == "number":
        nums = C.parse_numbers(target)
        if nums:
            return [f"{nums[0] + 1:g}", f"{nums[0] + 10:g}"]
    if kind == "time":
        times = C.parse_times(target)
        if times:
            t = (times[0] + 60) % 1440
            return [f"{t // 60}:{t % 60:02d}"]
    if kind == "date":
        dates = C.parse_dates(target)
        if dates:
            y, m, d = dates[0]
            day = datetime.date(y or 2026, m, d) + datetime.timedelta(days=1)
            return [day.strftime("%B %-d")]
    if kind == "phone":
        digits = re.sub(r"\D", "", target)
        if digits:
            return [digits[:-1] + str((int(digits[-1]) + 1) % 10)]
    if re.fullmatch(r"\d+(\.\d+){3}", target.strip()):
        parts = target.strip().split(".")
        return [".".join([*parts[:3], str((int(parts[3]) + 1) % 255)]), "192.168.0.1"]
    return []


_VALUE_RES = {
    "time": re.compile(r"\b\d{1,2}:\d{2}(?:\s*[AP]M)?", re.I),
    "date": re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}"
                       r"(?:, \d{4})?|\b\d{4}-\d{2}-\d{2}", re.I),
    "number": re.compile(r"(?<![\w.:])\d+(?:\.\d+)?(?![\w:])"),
    "phone": re.compile(r"\+?\d[\d\s().-]{6,}\d"),
}


def screen_rivals(kind: str, screens: list[list[str]]) -> list[str]:
    regex = _VALUE_RES.get(kind)
    if regex is None:
        return []
    return sorted({m.group() for s in screens for text in s for m in regex.finditer(text)})


def rivals_of(ch: Channel, run: Run, other_targets: list[str]) -> list[str]:
    found = [*ch.rivals, *other_targets, *neighbour(ch.kind, ch.target),
             *screen_rivals(ch.kind, run.screens)]
    if ch.kind in ("text", "items"):
        found += state_rivals(run.initial, ch.target, type(run.task).apps)
    out: list[str] = []
    for r in found:
        if r and r not in out and not _same_value(ch, r):
            out.append(r)
    return out[:MAX_RIVALS]


def _same_value(ch: Channel, rival: str) -> bool:
    """A rival the target names (its place when the target is "Tartine at 9:15 AM") or that
    its own reading accepts (another spelling of it) is no rival."""
    if f" {C.normalize_text(rival)} " in f" {C.normalize_text(ch.target)} ":
        return True
    if ch.reading is not None and ch.kind != "text":
        try:
            return bool(ch.reading(rival))
        except Exception:
            return False
    return bool(ch.judge(rival)) if ch.kind in ("number", "time", "date", "phone") else False


# --------------------------------------------------------------------------- natural answers
def _natural_bodies(run: Run, ch: Channel) -> list[tuple[str, bool]]:
    """Message bodies as people write them: (text, must it pass)."""
    tid = run.task_id
    if tid == "weather.text_high":
        n = round(C.parse_numbers(ch.target)[0])
        unit = run.initial["apps"]["weather"]["unit"]
        other = round(n * 9 / 5 + 32) if unit == "C" else round((n - 32) * 5 / 9)
        city = run.task.params.city
        first, second = ("C", "F") if unit == "C" else ("F", "C")
        return [(f"{city} high today: {n}°{first} ({other}°{second})", True),
                (f"High {n}°, low {n - 8}°", False)]
    if tid == "cross_app.text_battery_level":
        n = round(C.parse_numbers(ch.target)[0])
        return [(f"Battery is at {n}% (about 15 hr left)", True)]
    if tid == "cross_app.checklist_to_message":
        return [(f"Still need: {ch.target}", True)]
    return []


def naturals(run: Run, ch: Channel) -> list[tuple[str, bool]]:
    out = _natural_bodies(run, ch)
    if ch.name == "answer":
        out += [(f"{ch.target}.", True), (f"The answer is {ch.target}.", True)]
    return out


# --------------------------------------------------------------------------- the probe
def probe_task(env: MobileGymEnv, task_id: str, seeds: range) -> dict[str, Any]:
    runs = [run_oracle(env, task_id, s) for s in seeds]
    result: dict[str, Any] = {kind: [] for kind in KINDS}
    result |= {"natural_refused": [], "oracle_failed": [], "examples": {},
               "tried": dict.fromkeys(KINDS, 0)}
    chans = {r.seed: channels(r) if r.success else [] for r in runs}
    for run in runs:
        if not run.success:
            result["oracle_failed"].append(run.seed)
            continue
        for i, ch in enumerate(chans[run.seed]):
            others = [c[i].target for s, c in chans.items()  # of the same kind
                      if s != run.seed and len(c) > i and c[i].target != ch.target
                      and c[i].kind == ch.kind]
            rivals = rivals_of(ch, run, others)
            tries: dict[str, list[str]] = {
                "or": [f"{ch.target} or {r}" for r in rivals],
                "or_all": [" or ".join([ch.target, *rivals])] if len(rivals) > 1 else [],
                "dump_all": ["\n".join(t for s in run.screens for t in s)],
                "dump_screen": ["\n".join(s) for s in run.screens],
            }
            for kind, texts in tries.items():
                result["tried"][kind] += len(texts)
                passed = next((t for t in texts if ch.judge(t)), None)
                if passed is not None and run.seed not in result[kind]:
                    result[kind].append(run.seed)
                    result["examples"].setdefault(kind, f"seed {run.seed} {ch.name}: "
                                                        f"{passed[:160]!r}")
            for text, must_pass in naturals(run, ch):
                if ch.judge(text) != must_pass:
                    result["natural_refused"].append(
                        f"seed {run.seed} {ch.name}: {text!r} "
                        f"{'refused' if must_pass else 'accepted'}")
    return result


def _compact(r: dict[str, Any]) -> dict[str, Any]:
    """A task's findings: seeds with a false positive per probe, an example of each, the
    natural answers refused."""
    out: dict[str, Any] = {k: len(r[k]) for k in KINDS if r[k]}
    if r["examples"]:
        out["examples"] = r["examples"]
    if r["natural_refused"]:
        out["natural_refused"] = r["natural_refused"][:3]
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", nargs="*", help="task ids, suites or globs (default: every "
                                                    "query and hybrid task)")
    parser.add_argument("--seeds", type=int, default=10, help="seeds per task (0..n-1)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be >= 1")
    reg = registry()
    ids = [t for t in resolve_tasks(args.tasks or None)
           if reg[t].objective in ("query", "hybrid")]
    env = MobileGymEnv(obs_size=(40, 18))
    start = time.perf_counter()
    by_task: dict[str, Any] = {}
    for tid in ids:
        by_task[tid] = probe_task(env, tid, range(args.seeds))
    totals = {kind: sum(len(r[kind]) for r in by_task.values()) for kind in KINDS}
    report = {
        "tasks": len(ids), "seeds": args.seeds,
        "false_positives": totals,
        "tried": {k: sum(r["tried"][k] for r in by_task.values()) for k in KINDS},
        "tasks_with_false_positives": {k: sorted(t for t, r in by_task.items() if r[k])
                                       for k in KINDS},
        "natural_refused": sum(len(r["natural_refused"]) for r in by_task.values()),
        "oracle_failed": {t: r["oracle_failed"] for t, r in by_task.items()
                          if r["oracle_failed"]},
        "by_task": {t: _compact(r) for t, r in by_task.items()
                    if any(r[k] for k in (*KINDS, "natural_refused", "oracle_failed"))},
        "seconds": round(time.perf_counter() - start, 1),
    }
    return report


if __name__ == "__main__":
    json.dump(main(), sys.stdout, indent=1)
    sys.stdout.write("\n")
