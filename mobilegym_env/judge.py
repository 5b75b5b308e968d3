"""The judge: record-level state diffs, checks and the verdict (success, progress, clean).

A judge reads ``device.state()`` at the start and the end of an episode. It checks the intended
change *and* that nothing else changed (the original's ``expected_changes`` / clean rule).

The diff works on records: a list whose items are all dicts with an ``id`` is diffed item by
item (created, deleted, or modified field by field), and so is a dict of dicts keyed by name
(``os.files``, keyed by path). Every other value is compared whole. Each difference is a
:class:`Change` with a readable path: ``apps.notes.notes[id=3].pinned``,
``os.files["/sdcard/Download/a.pdf"]``, ``os.settings.global.wifi_on``.

The check builders that produce :class:`Check` results and declare which changes they explain
live in :mod:`mobilegym_env.checks`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# Runtime/UI state that any episode moves; the diff never looks inside it.
RUNTIME_PATHS = (
    "os.time", "os.tasks", "os.system_ui", "os.keyboard", "os.chooser", "os.permission_request",
    "os.media_picker", "os.location", "os.notifications", "os.network", "os.media",
    "os.alarms",
)
_RUNTIME = {tuple(p.split(".")) for p in RUNTIME_PATHS}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class Rec:
    """A path step that names a record of a list by its ``id``."""

    id: Any

    def __str__(self) -> str:
        return f"[id={json.dumps(self.id)}]"


Step = str | Rec


def render(steps: Sequence[Step]) -> str:
    """A path as text: dict keys joined by dots (or ``["key"]`` when not identifier-like),
    records as ``[id=3]``."""
    out: list[str] = []
    for step in steps:
        if isinstance(step, Rec):
            out.append(str(step))
        elif _IDENT.match(step):
            out.append(f".{step}" if out else step)
        else:
            out.append(f"[{json.dumps(step)}]")
    return "".join(out)


_STEP = re.compile(r'\.?([A-Za-z_][A-Za-z0-9_]*)|\[id=([^\]]+)\]|\[("(?:[^"\\]|\\.)*")\]')


def steps_of(path: str) -> tuple[Step, ...]:
    """Parses a path as :func:`mobilegym_env.judge.render` writes it: ``a.b[id=3].c`` or
    ``os.files["/sdcard/x.txt"]``.

    Raises:
        ValueError: The path is malformed.
    """
    if not isinstance(path, str) or not path:
        raise ValueError(f"a state path must be a non-empty str, got {path!r}")
    steps: list[Step] = []
    pos = 0
    while pos < len(path):
        m = _STEP.match(path, pos)
        if m is None or (m.group(1) and (pos == 0) == (path[pos] == ".")):
            raise ValueError(f"malformed state path {path!r} at {path[pos:]!r}")
        if m.group(1):
            steps.append(m.group(1))
        elif m.group(2):
            try:
                steps.append(Rec(json.loads(m.group(2))))
            except json.JSONDecodeError:
                raise ValueError(f"bad record id in {path!r}: {m.group(2)!r}") from None
        else:
            steps.append(json.loads(m.group(3)))
        pos = m.end()
    return tuple(steps)


@dataclass(frozen=True)
class Change:
    """One difference between two states.

    Attributes:
        steps: Where it is, as path steps (dict keys and :class:`Rec` record ids).
        kind: ``"created"`` (a record or key appeared), ``"deleted"`` (one disappeared),
            ``"modified"`` (a value changed) or ``"reordered"`` (the same records in another
            order).
        before: The value before (None when created).
        after: The value after (None when deleted).
    """

    steps: tuple[Step, ...]
    kind: str
    before: Any = None
    after: Any = None

    @property
    def path(self) -> str:
        return render(self.steps)

    def __str__(self) -> str:
        if self.kind == "modified":
            return f"{self.path}: {_short(self.before)} -> {_short(self.after)}"
        return f"{self.path} ({self.kind})"


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def get(state: Any, path: str | Sequence[Step], default: Any = None) -> Any:
    """Reads a path from a state dict: dotted keys (``"os.settings.global.wifi_on"``), or steps
    (which may name records by id)."""
    steps = steps_of(path) if isinstance(path, str) else path
    node: Any = state
    for part in steps:
        if isinstance(part, Rec):
            node = record(node, part.id) if isinstance(node, list) else None
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return default
        if node is None:
            return default
    return node


def record(items: Iterable[Any], record_id: Any) -> dict[str, Any] | None:
    """The item of a record list whose ``id`` is ``record_id`` (None if absent)."""
    return next((r for r in items if isinstance(r, dict) and r.get("id") == record_id), None)


def _record_ids(items: list[Any]) -> list[Any] | None:
    """The ids of a record list (every item a dict with a unique, hashable ``id``), else None."""
    ids = []
    for item in items:
        if not isinstance(item, dict) or "id" not in item:
            return None
        ids.append(item["id"])
    try:
        if len(set(ids)) != len(ids):
            return None
    except TypeError:  # an unhashable id: not a record list
        return None
    return ids


def diff(before: Any, after: Any, steps: tuple[Step, ...] = ()) -> list[Change]:
    """Every difference between two states, record by record (runtime paths skipped)."""
    out: list[Change] = []
    _diff(before, after, steps, out)
    return out


def _diff(before: Any, after: Any, steps: tuple[Step, ...], out: list[Change]) -> None:
    # shared states (``state(shared=True)``) reuse the objects of unchanged parts: one
    # identity test skips them without a walk
    if before is after or before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(before.keys() | after.keys(), key=str):
            sub = (*steps, key)
            if sub in _RUNTIME:
                continue
            if key not in after:
                out.append(Change(sub, "deleted", before[key], None))
            elif key not in before:
                out.append(Change(sub, "created", None, after[key]))
            else:
                _diff(before[key], after[key], sub, out)
        return
    if isinstance(before, list) and isinstance(after, list):
        ids_b, ids_a = _record_ids(before), _record_ids(after)
        if ids_b is not None and ids_a is not None:
            _diff_records(before, after, ids_b, ids_a, steps, out)
            return
    out.append(Change(steps, "modified", before, after))


def _diff_records(before: list[dict], after: list[dict], ids_b: list[Any], ids_a: list[Any],
                  steps: tuple[Step, ...], out: list[Change]) -> None:
    by_a = dict(zip(ids_a, after, strict=True))
    kept_b = set(ids_a)
    for rid, old in zip(ids_b, before, strict=True):
        if rid not in by_a:
            out.append(Change((*steps, Rec(rid)), "deleted", old, None))
        else:
            _diff(old, by_a[rid], (*steps, Rec(rid)), out)
    known = set(ids_b)
    out.extend(Change((*steps, Rec(rid)), "created", None, by_a[rid])
               for rid in ids_a if rid not in known)
    common_b = [i for i in ids_b if i in kept_b]
    common_a = [i for i in ids_a if i in known]
    if common_b != common_a:
        out.append(Change(steps, "reordered", common_b, common_a))


@dataclass(frozen=True)
class Check:
    """One named condition of a task, whether it held, and what was expected and found."""

    name: str
    passed: bool
    detail: str = ""


@dataclass(frozen=True)
class Judged:
    """What a check reads: the states at the start and the end, and the agent's answer."""

    initial: dict[str, Any]
    final: dict[str, Any]
    answer: str | None


class Expectation:
    """One thing a task's judge expects. ``counts`` is False for pure allowances
    (``checks.may_change``), which explain changes but are not checks."""

    name: str = ""
    counts: bool = True

    def check(self, j: Judged) -> Check:
        raise NotImplementedError

    def allows(self, change: Change, j: Judged) -> bool:
        return False


@dataclass
class Verdict:
    """The judge's answer on one state: success needs every check and no stray change."""

    success: bool
    progress: float
    clean: bool
    checks: list[Check] = field(default_factory=list)
    unexpected_changes: list[Change] = field(default_factory=list)

    def info(self) -> dict[str, Any]:
        """The verdict as plain data for ``info``: checks by name with details, and the
        unexpected changes as readable strings (fresh containers on every call; the strings
        are rendered once, an unchanged state keeps its verdict for many steps)."""
        texts = self.__dict__.get("_texts")
        if texts is None:
            texts = self.__dict__["_texts"] = [str(c) for c in self.unexpected_changes]
        return {
            "success": self.success,
            "progress": self.progress,
            "clean": self.clean,
            "checks": {c.name: {"passed": c.passed, "detail": c.detail} for c in self.checks},
            "unexpected_changes": list(texts),
        }

    def explain(self) -> str:
        """A multi-line account of the verdict, for error messages and logs."""
        lines = [f"success={self.success} progress={self.progress:.2f} clean={self.clean}"]
        lines += [f"  [{'x' if c.passed else ' '}] {c.name}: {c.detail}" for c in self.checks]
        lines += [f"  unexpected: {c}" for c in self.unexpected_changes]
        return "\n".join(lines)


def verdict(expectations: Sequence[Expectation], initial: dict[str, Any], final: dict[str, Any],
            answer: str | None = None) -> Verdict:
    """Judges a final state: every check must pass and every change (outside the runtime
    paths) must be explained by some expectation."""
    j = Judged(initial, final, answer)
    checks: list[Check] = []
    seen: dict[str, int] = {}
    for e in expectations:
        if not e.counts:
            continue
        c = e.check(j)
        seen[c.name] = seen.get(c.name, 0) + 1
        if seen[c.name] > 1:  # names key info["checks"]: keep them unique
            c = Check(f"{c.name} ({seen[c.name]})", c.passed, c.detail)
        checks.append(c)
    stray = [c for c in diff(initial, final) if not any(e.allows(c, j) for e in expectations)]
    passed = sum(c.passed for c in checks)
    progress = passed / len(checks) if checks else 0.0
    return Verdict(bool(checks) and passed == len(checks) and not stray, progress, not stray,
                   checks, stray)
