"""Check builders: what a task's judge expects, written the way its instruction reads.

A task's ``checks(initial)`` returns a list of these. Each one both *checks* something about the
final state (or the answer) and *explains* the state changes it implies; every change that no
check explains makes the episode unclean. So a task that turns one alarm off declares exactly
that record's field::

    def checks(self, initial):
        return [C.modified("apps.clock.alarms", id=self.params.alarm_id,
                           fields={"enabled": False})]

and an agent that also deletes another alarm fails with
``unexpected: apps.clock.alarms[id=4] (deleted)``.

Record builders (:func:`created`, :func:`deleted`, :func:`modified`) work on lists of records
(dicts with an ``id``) and on dicts keyed by name (``os.files``, keyed by path; pass ``key=``).
Declaring a record change also covers its bookkeeping: the record's time stamps
(:data:`BOOKKEEPING_FIELDS`) and the container's counters (sibling keys named ``next_*``).

State paths are dotted dict keys; a path may step into a record with ``[id=N]``
(``"apps.notes.notes[id=3].items"``). Answer checks (:func:`answer_number`,
:func:`answer_text`...) are lenient in form and strict in value.
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .judge import Change, Check, Expectation, Judged, Rec, Step, diff, get, render, steps_of
from .kernel.managers import set_preference
from .kernel.os_state import OsState

BOOKKEEPING_FIELDS = frozenset({"updated_ms", "modified_ms", "mtime_ms", "edited_ms"})
OS_MODEL_KEYS = ("settings", "hardware", "permissions", "preferences")  # what managers own


def _under(steps: tuple[Step, ...], prefix: tuple[Step, ...]) -> bool:
    return steps[: len(prefix)] == prefix


def _glob(pattern: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(p) for p in pattern.split("*")) + r"(\..*|\[.*)?")


# --------------------------------------------------------------------------- matchers
class Matcher:
    """A lenient expected value for a field: ``fields={"title": text_like("Call mom")}``."""

    def __call__(self, value: Any) -> bool:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        return type(self).__name__


def _matches(expected: Any, value: Any) -> bool:
    if isinstance(expected, Matcher):
        return expected(value)
    if isinstance(expected, float) and isinstance(value, int | float):
        return abs(expected - value) < 1e-9
    return bool(expected == value)


def _show(expected: Any) -> str:
    return expected.describe() if isinstance(expected, Matcher) else json.dumps(expected,
                                                                                default=str)


def normalize_text(text: str) -> str:
    """Case-, punctuation- and whitespace-insensitive form of a text (a possessive "'s" is
    dropped, so "Luigi's" reads as "luigi")."""
    text = re.sub(r"['’]s\b", "", str(text).casefold())
    text = re.sub(r"['’]", "", text)
    text = re.sub(r"[^\w\s]", " ", text)
    return " ".join(text.split())


@dataclass(frozen=True)
class text_like(Matcher):  # noqa: N801 - reads as a value in a fields dict
    """Equal to ``text`` ignoring case, punctuation and spacing."""

    text: str

    def __call__(self, value: Any) -> bool:
        return isinstance(value, str) and normalize_text(value) == normalize_text(self.text)

    def describe(self) -> str:
        return f"text like {self.text!r}"


@dataclass(frozen=True)
class text_contains(Matcher):  # noqa: N801
    """Contains ``text`` (as whole words) ignoring case, punctuation and spacing."""

    text: str

    def __call__(self, value: Any) -> bool:
        return isinstance(value, str) and \
            f" {normalize_text(self.text)} " in f" {normalize_text(value)} "

    def describe(self) -> str:
        return f"text containing {self.text!r}"


@dataclass(frozen=True)
class digits_like(Matcher):  # noqa: N801
    """A phone number with the same digits (the last ten, so a country code is optional)."""

    number: str

    def __call__(self, value: Any) -> bool:
        return isinstance(value, str) and _same_phone(value, self.number)

    def describe(self) -> str:
        return f"phone number like {self.number!r}"


@dataclass(frozen=True)
class one_of(Matcher):  # noqa: N801
    """Any of the given values."""

    values: tuple[Any, ...]

    def __call__(self, value: Any) -> bool:
        return any(_matches(v, value) for v in self.values)

    def describe(self) -> str:
        return f"one of {list(self.values)!r}"


@dataclass(frozen=True)
class approx(Matcher):  # noqa: N801
    """A number within ``tolerance`` of ``value``."""

    value: float
    tolerance: float = 0.0

    def __call__(self, value: Any) -> bool:
        return isinstance(value, int | float) and not isinstance(value, bool) and \
            abs(value - self.value) <= self.tolerance + 1e-9

    def describe(self) -> str:
        return f"{self.value}±{self.tolerance}"


def _where_ok(where: Mapping[str, Any] | Callable[[dict], bool] | None, rec: Any) -> bool:
    if where is None:
        return True
    if callable(where):
        return bool(where(rec))
    return isinstance(rec, dict) and all(_matches(v, rec.get(k)) for k, v in where.items())


def _where_text(where: Mapping[str, Any] | Callable[[dict], bool] | None) -> str:
    if where is None:
        return ""
    if callable(where):
        return f" matching {getattr(where, '__name__', 'a predicate')}"
    return " with " + ", ".join(f"{k}={_show(v)}" for k, v in where.items())


# --------------------------------------------------------------------------- expectations
def _container(state: Any, steps: tuple[Step, ...]) -> tuple[str, dict[Any, Any]]:
    """The records under ``steps`` by id (a record list) or by key (a dict); kind names which."""
    node = get(state, steps)
    if isinstance(node, list):
        return "list", {r["id"]: r for r in node if isinstance(r, dict) and "id" in r}
    if isinstance(node, dict):
        return "dict", dict(node)
    return "none", {}


def _counter(change: Change, container: tuple[Step, ...]) -> bool:
    """A ``next_*`` counter beside the container (``apps.notes.next_id`` for
    ``apps.notes.notes``)."""
    parent = container[:-1]
    return (len(change.steps) == len(parent) + 1 and _under(change.steps, parent)
            and isinstance(change.steps[-1], str) and change.steps[-1].startswith("next_"))


class _RecordExpectation(Expectation):
    def __init__(self, path: str, name: str | None) -> None:
        self.steps = steps_of(path)
        self.path = path
        self.name = name or ""

    def _step(self, rid: Any, kind: str) -> Step:
        return rid if kind == "dict" else Rec(rid)


class _Created(_RecordExpectation):
    def __init__(self, path: str, where: Any, key: str | None, count: int,
                 name: str | None) -> None:
        super().__init__(path, name or f"created in {path}")
        if not isinstance(count, int) or count < 1:
            raise ValueError(f"count must be a positive int, got {count!r}")
        self.where, self.key, self.count = where, key, count

    def _new(self, j: Judged) -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
        kind, before = _container(j.initial, self.steps)
        _, after = _container(j.final, self.steps)
        new = [(rid, r) for rid, r in after.items() if rid not in before]
        good = [(rid, r) for rid, r in new
                if (self.key is None or rid == self.key) and _where_ok(self.where, r)]
        return new, good

    def check(self, j: Judged) -> Check:
        new, good = self._new(j)
        want = f"{self.count} new record{'s' if self.count > 1 else ''} in {self.path}" + \
            (f" at {self.key!r}" if self.key else "") + _where_text(self.where)
        found = f"found {len(good)} such" + (f" among {len(new)} new: "
                                              f"{[_short_record(r) for _, r in new][:5]}"
                                              if new else "")
        return Check(self.name, len(good) == self.count, f"expected {want}; {found}")

    def allows(self, change: Change, j: Judged) -> bool:
        if _counter(change, self.steps):
            return True
        if change.kind != "created" or change.steps[:-1] != self.steps:
            return False
        step = change.steps[-1]
        rid = step.id if isinstance(step, Rec) else step
        return (self.key is None or rid == self.key) and _where_ok(self.where, change.after)


def _short_record(rec: Any) -> str:
    text = json.dumps(rec, default=str)
    return text if len(text) <= 80 else text[:79] + "…"


class _Deleted(_RecordExpectation):
    def __init__(self, path: str, ids: Sequence[Any], name: str | None) -> None:
        super().__init__(path, name or f"deleted from {path}: {', '.join(map(str, ids))}")
        if not ids:
            raise ValueError("deleted() needs the id(s) or key(s) of what must be deleted")
        self.ids = tuple(ids)

    def check(self, j: Judged) -> Check:
        _, before = _container(j.initial, self.steps)
        _, after = _container(j.final, self.steps)
        missing_before = [i for i in self.ids if i not in before]
        still = [i for i in self.ids if i in after]
        ok = not missing_before and not still
        detail = f"expected {list(self.ids)} gone from {self.path}; " + (
            f"still there: {still}" if still else "all gone") + (
            f"; never existed: {missing_before}" if missing_before else "")
        return Check(self.name, ok, detail)

    def allows(self, change: Change, j: Judged) -> bool:
        if _counter(change, self.steps):
            return True
        step = change.steps[-1] if change.steps else None
        rid = step.id if isinstance(step, Rec) else step
        return change.kind == "deleted" and change.steps[:-1] == self.steps and rid in self.ids


class _Modified(_RecordExpectation):
    def __init__(self, path: str, rid: Any, fields: Mapping[str, Any],
                 name: str | None) -> None:
        super().__init__(path, name or f"modified {path}[{rid}]: {', '.join(fields)}")
        if not fields:
            raise ValueError("modified() needs the fields that must change")
        self.rid, self.fields = rid, dict(fields)

    def _target(self, state: Any) -> tuple[Step, ...] | None:
        kind, recs = _container(state, self.steps)
        return (*self.steps, self._step(self.rid, kind)) if self.rid in recs else None

    def check(self, j: Judged) -> Check:
        target = self._target(j.final)
        if target is None:
            return Check(self.name, False, f"expected {self.path} record {self.rid!r}; it is "
                                           f"missing")
        rec = get(j.final, target)
        wrong = {k: v for k, v in self.fields.items() if not _matches(v, get(rec, steps_of(k)))}
        detail = ", ".join(f"{k}: expected {_show(v)}, found "
                           f"{json.dumps(get(rec, steps_of(k)), default=str)}"
                           for k, v in self.fields.items())
        return Check(self.name, not wrong, f"{render(target)}: {detail}")

    def allows(self, change: Change, j: Judged) -> bool:
        target = self._target(j.initial) or self._target(j.final)
        if target is None or not _under(change.steps, target) or change.steps == target:
            return False
        rest = change.steps[len(target):]
        if rest[0] in BOOKKEEPING_FIELDS:
            return True
        return any(_under(rest, steps_of(k)) for k in self.fields)


class _Equals(Expectation):
    def __init__(self, path: str, expected: Any, name: str | None) -> None:
        self.steps, self.path, self.expected = steps_of(path), path, expected
        self.name = name or f"{path} = {_show(expected)}"

    def check(self, j: Judged) -> Check:
        found = get(j.final, self.steps)
        return Check(self.name, _matches(self.expected, found),
                     f"expected {self.path} = {_show(self.expected)}, found "
                     f"{json.dumps(found, default=str)}")

    def allows(self, change: Change, j: Judged) -> bool:
        return _under(change.steps, self.steps)


class _Unchanged(Expectation):
    def __init__(self, path: str, name: str | None) -> None:
        self.steps, self.path = steps_of(path), path
        self.name = name or f"{path} unchanged"

    def check(self, j: Judged) -> Check:
        changes = diff(get(j.initial, self.steps), get(j.final, self.steps), self.steps)
        return Check(self.name, not changes, f"expected no change under {self.path}; found "
                     + (", ".join(map(str, changes[:3])) or "none"))


class _Simulated(Expectation):
    """The OS model as its managers leave it after ``ops`` (applied to a copy of the initial
    model): every value they change must be so at the end, and they explain exactly those
    changes, cascades included."""

    def __init__(self, name: str, ops: Callable[[OsState], Any]) -> None:
        self.name, self.ops = name, ops
        self._cache: tuple[dict[str, Any], list[Change]] | None = None

    def expected(self, initial: dict[str, Any]) -> list[Change]:
        if self._cache is not None and self._cache[0] is initial:
            return self._cache[1]
        model = {k: initial["os"][k] for k in OS_MODEL_KEYS if k in initial["os"]}
        sim = OsState(model)
        self.ops(sim)
        changes = diff({"os": model}, {"os": sim.state()})
        self._cache = (initial, changes)
        return changes

    def check(self, j: Judged) -> Check:
        expected = self.expected(j.initial)
        if not expected:
            return Check(self.name, False, "this already held at the start")
        wrong = [(c, get(j.final, c.steps)) for c in expected
                 if get(j.final, c.steps) != c.after]
        detail = "; ".join(f"{c.path}: expected {json.dumps(c.after, default=str)}, found "
                           f"{json.dumps(f, default=str)}" for c, f in wrong) or \
            ", ".join(f"{c.path} = {json.dumps(c.after, default=str)}" for c in expected)
        return Check(self.name, not wrong, detail)

    def allows(self, change: Change, j: Judged) -> bool:
        return any(change.steps == c.steps for c in self.expected(j.initial))


class _MayChange(Expectation):
    counts = False

    def __init__(self, patterns: Sequence[str]) -> None:
        self.patterns = [_glob(p) for p in patterns]
        self.name = f"may change {', '.join(patterns)}"

    def check(self, j: Judged) -> Check:
        return Check(self.name, True)

    def allows(self, change: Change, j: Judged) -> bool:
        return any(p.fullmatch(change.path) for p in self.patterns)


class _Holds(Expectation):
    def __init__(self, name: str, fn: Callable[[Judged], bool | tuple[bool, str]],
                 allows: Sequence[str]) -> None:
        self.name, self.fn = name, fn
        self.allowance = _MayChange(allows) if allows else None

    def check(self, j: Judged) -> Check:
        result = self.fn(j)
        passed, detail = result if isinstance(result, tuple) else (result, "")
        return Check(self.name, bool(passed), detail)

    def allows(self, change: Change, j: Judged) -> bool:
        return self.allowance is not None and self.allowance.allows(change, j)


# --------------------------------------------------------------------------- state builders
def created(path: str, where: Mapping[str, Any] | Callable[[dict], bool] | None = None, *,
            key: str | None = None, count: int = 1, name: str | None = None) -> Expectation:
    """Exactly ``count`` new records in ``path`` that match ``where``.

    Args:
        path: A record list (``"apps.notes.notes"``) or a keyed dict (``"os.files"``).
        where: Field values (plain or :class:`Matcher`) or a predicate on the new record.
        key: For a keyed dict: the key the new entry must have (a file's path).
        count: How many such records must be new (duplicates fail the check).
        name: The check's name in ``info["checks"]`` (a default is derived).

    Explains: the creation of records that match (and the container's ``next_*`` counters).
    """
    return _Created(path, where, key, count, name)


def deleted(path: str, id: Any = None, *, ids: Iterable[Any] = (), key: str | None = None,
            keys: Iterable[str] = (), name: str | None = None) -> Expectation:
    """The given records (by ``id``/``ids``, or ``key``/``keys`` in a keyed dict) were there at
    the start and are gone at the end. Explains exactly those deletions."""
    chosen = [*([] if id is None else [id]), *ids, *([] if key is None else [key]), *keys]
    return _Deleted(path, chosen, name)


def modified(path: str, id: Any = None, *, key: str | None = None,
             fields: Mapping[str, Any], name: str | None = None) -> Expectation:
    """A record's fields have the given values at the end.

    ``fields`` maps a field (or a sub-path such as ``"items[id=2].checked"``) to a plain value
    or a :class:`Matcher`. Explains changes under those fields and the record's
    :data:`BOOKKEEPING_FIELDS`.
    """
    rid = key if key is not None else id
    if rid is None:
        raise ValueError("modified() needs the record's id (or key)")
    return _Modified(path, rid, fields, name)


def equals(path: str, expected: Any, name: str | None = None) -> Expectation:
    """The value at ``path`` equals ``expected`` (or matches it) at the end. Explains any change
    under ``path``."""
    return _Equals(path, expected, name)


def unchanged(path: str, name: str | None = None) -> Expectation:
    """Nothing under ``path`` changed. (The clean rule already enforces this for paths no check
    explains; use it to make a guarantee visible in ``info["checks"]`` and in progress.)"""
    return _Unchanged(path, name)


def setting(key: str, value: Any, name: str | None = None) -> Expectation:
    """A system setting (a :data:`~mobilegym_env.kernel.managers.PREFERENCE_KEYS` key) has the
    value the Settings app would store, together with everything its manager cascades (airplane
    mode turns the radios off; Wi-Fi off disconnects). Fails if the setting already had that
    value at the start.

    Raises:
        KeyError, ValueError: An unknown key or a value its manager refuses (at once).
    """
    set_preference(OsState(), key, value)  # an unknown key or a bad value fails here, early
    return _Simulated(name or f"setting {key} = {json.dumps(value)}",
                      lambda model: set_preference(model, key, value))


def simulated(name: str, ops: Callable[[OsState], Any]) -> Expectation:
    """The OS model (settings, hardware, permissions, preferences) as its managers leave it
    after ``ops``, a function applied to a copy of the initial model, e.g.
    ``lambda m: ConnectivityManager(m).connect_wifi(ssid, password)``. Every value the
    managers change must be so at the end, and exactly those changes are explained. Fails when
    ``ops`` would change nothing (the goal already held at the start)."""
    return _Simulated(name, ops)


def may_change(*patterns: str) -> Expectation:
    """Not a check: explains changes whose path matches a pattern (``*`` matches anything),
    e.g. side effects of merely looking: ``may_change("os.providers.sms[id=*].read")``."""
    if not patterns:
        raise ValueError("may_change() needs at least one path pattern")
    return _MayChange(patterns)


def holds(name: str, fn: Callable[[Judged], bool | tuple[bool, str]],
          allows: Sequence[str] = ()) -> Expectation:
    """A custom check: ``fn(judged)`` returns a bool or ``(bool, detail)``. ``allows`` are path
    patterns (as for :func:`may_change`) of the changes it explains."""
    return _Holds(name, fn, allows)


# --------------------------------------------------------------------------- answers
_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_WORD_VALUES = {w: i for i, w in enumerate(_SMALL)} | {w: 20 + 10 * i for i, w in
                                                        enumerate(_TENS)}
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|"
                     r"(?<![\w.])[-+]?\d*\.?\d+")


def parse_numbers(text: str) -> list[float]:
    """Every number in a text: digits (``3``, ``3.0``, ``1,024``) and number words up to
    ninety-nine (``three``, ``twenty-one``); ``none`` is 0."""
    values = [float(m.group().replace(",", "")) for m in _NUMBER.finditer(text)]
    words = re.findall(r"[a-z]+", text.casefold().replace("-", " "))
    i = 0
    while i < len(words):
        w = words[i]
        if w in _WORD_VALUES:
            value = _WORD_VALUES[w]
            if w in _TENS and i + 1 < len(words) and words[i + 1] in _SMALL[1:10]:
                value += _WORD_VALUES[words[i + 1]]
                i += 1
            values.append(float(value))
        elif w == "none":
            values.append(0.0)
        i += 1
    return values


class TextTest(Matcher):
    """A lenient reading of a text: ``test(text)`` returns ``(passed, what was read)``. Used
    for ANSWERs (``answer_*``) and for texts in the state, such as a message's body
    (``number_like``, ``phone_like``...)."""

    def __init__(self, expected: str, test: Callable[[str], tuple[bool, str]]) -> None:
        self.expected, self.test = expected, test

    def __call__(self, value: Any) -> bool:
        return isinstance(value, str) and self.test(value)[0]

    def describe(self) -> str:
        return self.expected


class _Answer(Expectation):
    def __init__(self, name: str, reading: TextTest) -> None:
        self.name, self.reading = name, reading

    def check(self, j: Judged) -> Check:
        expected = self.reading.expected
        if j.answer is None or not j.answer.strip():
            return Check(self.name, False, f"expected an answer of {expected}; no answer "
                                           f"was given")
        passed, found = self.reading.test(j.answer)
        return Check(self.name, passed, f"expected {expected}; answer {j.answer!r} ({found})")


def number_like(expected: float, tolerance: float = 0.0) -> TextTest:
    """A text holding exactly one number, within ``tolerance`` of ``expected``: "3", "3.0",
    "three", "3 photos", "78%"; "3 or 4" fails (two numbers)."""
    def test(text: str) -> tuple[bool, str]:
        found = sorted(set(parse_numbers(text)))
        if len(found) != 1:
            return False, f"found {len(found)} numbers {found}: give exactly one"
        return abs(found[0] - expected) <= tolerance + 1e-9, f"read {found[0]:g}"
    tol = f" ± {tolerance:g}" if tolerance else ""
    return TextTest(f"the number {expected:g}{tol}", test)


def answer_number(expected: float, tolerance: float = 0.0,
                  name: str = "answer") -> Expectation:
    """The answer holds exactly one number, within ``tolerance`` of ``expected``
    (see :func:`number_like`)."""
    return _Answer(name, number_like(expected, tolerance))


def answer_text(expected: str | Sequence[str], contains: bool = False,
                name: str = "answer") -> Expectation:
    """The answer equals ``expected`` (or, with ``contains``, contains it as whole words),
    ignoring case, punctuation and spacing. Several accepted spellings may be given."""
    accepted = [expected] if isinstance(expected, str) else list(expected)
    matchers = [text_contains(a) if contains else text_like(a) for a in accepted]

    def test(answer: str) -> tuple[bool, str]:
        return any(m(answer) for m in matchers), f"normalized {normalize_text(answer)!r}"
    how = "containing " if contains else ""
    return _Answer(name, TextTest(f"text {how}{' or '.join(map(repr, accepted))}", test))


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _same_phone(a: str, b: str) -> bool:
    da, db = _digits(a), _digits(b)
    return bool(da) and bool(db) and (da == db or (len(da) >= 7 and len(db) >= 7 and
                                                   da[-10:] == db[-10:]))


def phone_like(expected: str) -> TextTest:
    """A text holding one phone number with the same digits as ``expected`` (its last ten, so
    "+1 415-555-0132", "(415) 555-0132" and "4155550132" all match), e.g. "It's 4155550132"."""
    def test(text: str) -> tuple[bool, str]:
        groups = re.findall(r"\+?[\d][\d\s().-]{5,}\d", text)
        if len(groups) != 1:
            return False, f"found {len(groups)} phone numbers"
        return _same_phone(groups[0], expected), f"read {groups[0]!r}"
    return TextTest(f"the phone number {expected}", test)


def answer_phone(expected: str, name: str = "answer") -> Expectation:
    """The answer is one phone number with the same digits as ``expected``
    (see :func:`phone_like`)."""
    return _Answer(name, phone_like(expected))


_TIME = re.compile(r"\b(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![\w:])", re.I)


def parse_times(text: str) -> list[int]:
    """Times of day in a text as minutes after midnight: "7:30 PM", "19:30", "7.30pm", "7pm",
    "noon", "midnight". A bare number without am/pm or minutes is not a time."""
    found: list[int] = []
    for m in _TIME.finditer(text):
        hour, minute, half = int(m.group(1)), m.group(2), m.group(3)
        if minute is None and half is None:
            continue
        minutes = int(minute or 0)
        if minutes > 59 or hour > 24 or (half and not 1 <= hour <= 12):
            continue
        if half:
            hour = hour % 12 + (12 if half.lower().startswith("p") else 0)
        found.append(hour % 24 * 60 + minutes)
    low = text.casefold()
    found += [12 * 60] * low.count("noon") + [0] * low.count("midnight")
    return found


def time_like(hour: int, minute: int = 0, within_minutes: int = 0) -> TextTest:
    """A text holding one time of day within ``within_minutes`` of ``hour:minute``
    (see :func:`parse_times`)."""
    target = hour * 60 + minute

    def test(text: str) -> tuple[bool, str]:
        found = sorted(set(parse_times(text)))
        if len(found) != 1:
            return False, f"found {len(found)} times of day"
        delta = min(abs(found[0] - target), 1440 - abs(found[0] - target))
        return delta <= within_minutes, f"read {found[0] // 60:02d}:{found[0] % 60:02d}"
    around = f" (± {within_minutes} min)" if within_minutes else ""
    return TextTest(f"the time {hour:02d}:{minute:02d}{around}", test)


def answer_time(hour: int, minute: int = 0, within_minutes: int = 0,
                name: str = "answer") -> Expectation:
    """The answer holds one time of day within ``within_minutes`` of ``hour:minute``."""
    return _Answer(name, time_like(hour, minute, within_minutes))


_MONTHS = {calendar.month_name[i].lower(): i for i in range(1, 13)}
_MONTH_RE = "|".join(sorted({*_MONTHS, *(m[:3] for m in _MONTHS), "sept"}, key=len, reverse=True))
_DATE_PATTERNS = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), ("y", "m", "d")),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b"), ("m", "d", "y")),
    (re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b", re.I),
     ("M", "d", "y")),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE})\.?(?:,?\s+(\d{{4}}))?\b",
                re.I), ("d", "M", "y")),
)


def parse_dates(text: str) -> list[tuple[int | None, int, int]]:
    """Dates in a text as ``(year or None, month, day)``: "2026-03-05", "3/5/2026" (US order),
    "March 5", "Mar 5, 2026", "5 March 2026", "5th of March"."""
    found: list[tuple[int | None, int, int]] = []
    taken: list[tuple[int, int]] = []
    for regex, order in _DATE_PATTERNS:
        for m in regex.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            parts = dict(zip(order, m.groups(), strict=True))
            if "M" in parts:
                abbrev = parts["M"].lower()[:3]
                month = next(v for k, v in _MONTHS.items() if k.startswith(abbrev))
            else:
                month = int(parts["m"])
            day = int(parts["d"])
            year = int(parts["y"]) if parts.get("y") else None
            if year is not None and year < 100:
                year += 2000
            if 1 <= month <= 12 and 1 <= day <= 31:
                found.append((year, month, day))
                taken.append((m.start(), m.end()))
    return found


def date_like(year: int, month: int, day: int, require_year: bool = False) -> TextTest:
    """A text holding one date equal to ``year-month-day`` (see :func:`parse_dates`); a year
    may be left out unless ``require_year`` (a year that is given must be right)."""
    def test(text: str) -> tuple[bool, str]:
        found = sorted(set(parse_dates(text)), key=str)
        if len(found) != 1:
            return False, f"found {len(found)} dates"
        y, m, d = found[0]
        ok = (m, d) == (month, day) and (y == year if y is not None else not require_year)
        return ok, f"read {y or '????'}-{m:02d}-{d:02d}"
    return TextTest(f"the date {year:04d}-{month:02d}-{day:02d}", test)


def answer_date(year: int, month: int, day: int, require_year: bool = False,
                name: str = "answer") -> Expectation:
    """The answer holds one date equal to ``year-month-day``."""
    return _Answer(name, date_like(year, month, day, require_year))


def split_items(text: str) -> list[str]:
    """A list answer's items: split on commas, semicolons, new lines and a final "and"."""
    parts = re.split(r"[,;\n]|\band\b|&", text, flags=re.I)
    return [normalize_text(p) for p in parts if normalize_text(p)]


def items_like(expected: Iterable[str | Sequence[str]]) -> TextTest:
    """A text listing exactly the expected items, in any order ("A, B and C"; see
    :func:`split_items`). Each item may be a str or a tuple of accepted spellings; matching
    ignores case and punctuation."""
    wanted = [[normalize_text(i)] if isinstance(i, str) else [normalize_text(a) for a in i]
              for i in expected]

    def test(text: str) -> tuple[bool, str]:
        given = split_items(text)
        unmatched = list(given)
        missing = []
        for spellings in wanted:
            hit = next((g for g in unmatched if g in spellings), None)
            if hit is None:
                missing.append(spellings[0])
            else:
                unmatched.remove(hit)
        ok = not missing and not unmatched
        return ok, f"missing {missing}, extra {unmatched}" if not ok else f"items {given}"
    return TextTest(f"the items {[w[0] for w in wanted]} in any order", test)


def answer_items(expected: Iterable[str | Sequence[str]], name: str = "answer") -> Expectation:
    """The answer lists exactly the expected items, in any order (see :func:`items_like`)."""
    return _Answer(name, items_like(expected))


__all__ = [
    "BOOKKEEPING_FIELDS", "Expectation", "Judged", "Matcher", "TextTest", "answer_date",
    "answer_items", "answer_number", "answer_phone", "answer_text", "answer_time", "approx",
    "created", "date_like", "deleted", "digits_like", "equals", "holds", "items_like",
    "may_change", "modified", "normalize_text", "number_like", "one_of", "parse_dates",
    "parse_numbers", "parse_times", "phone_like", "setting", "simulated", "split_items",
    "steps_of", "text_contains", "text_like", "time_like", "unchanged",
]
