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
:func:`answer_text`...) are lenient in form and strict in value: an answer passes when it
names the target and no rival (see "answers" below). Allowances (:func:`may_change`) say
which way a value may go.
"""

from __future__ import annotations

import calendar
import copy
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

    def bind(self, initial: dict[str, Any]) -> Matcher:
        """This matcher with what it reads from the judged initial state resolved (a
        reading's rivals); itself when it reads nothing."""
        return self

    def judged(self, j: Judged) -> Matcher:
        """This matcher with what it reads from the final state resolved (a record the agent
        created, see :func:`created_field`); itself when it reads nothing."""
        return self


def _bind(expected: Any, initial: dict[str, Any]) -> Any:
    return expected.bind(initial) if isinstance(expected, Matcher) else expected


def _resolve(fields: Any, j: Judged) -> Any:
    """``fields`` (or a ``where``) with matchers that read the final state resolved."""
    if isinstance(fields, Mapping):
        return {k: v.judged(j) if isinstance(v, Matcher) else v for k, v in fields.items()}
    return fields


def _bind_all(fields: Any, initial: dict[str, Any]) -> Any:
    if isinstance(fields, Mapping):
        return {k: _bind(v, initial) for k, v in fields.items()}
    return fields


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
    dropped, so "Luigi's" reads as "luigi"; an underscore separates words as a space does)."""
    text = re.sub(r"['’]s\b", "", str(text).casefold())
    text = re.sub(r"['’]", "", text)
    text = re.sub(r"[^\w\s]|_", " ", text)
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

    def bind(self, initial: dict[str, Any]) -> Matcher:
        return one_of(tuple(_bind(v, initial) for v in self.values))

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
        self._bound: tuple[Any, Any] | None = None

    def _where(self, j: Judged) -> Any:
        """``where`` with its matchers bound to the judged initial state (once per state)."""
        if self._bound is None or self._bound[0] is not j.initial:
            self._bound = (j.initial, _bind_all(self.where, j.initial))
        return self._bound[1]

    def _new(self, j: Judged) -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
        kind, before = _container(j.initial, self.steps)
        _, after = _container(j.final, self.steps)
        new = [(rid, r) for rid, r in after.items() if rid not in before]
        where = _resolve(self._where(j), j)
        good = [(rid, r) for rid, r in new
                if (self.key is None or rid == self.key) and _where_ok(where, r)]
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
        return (self.key is None or rid == self.key) and \
            _where_ok(_resolve(self._where(j), j), change.after)


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
        fields = _resolve(_bind_all(self.fields, j.initial), j)
        wrong = {k: v for k, v in fields.items() if not _matches(v, get(rec, steps_of(k)))}
        detail = ", ".join(f"{k}: expected {_show(v)}, found "
                           f"{json.dumps(get(rec, steps_of(k)), default=str)}"
                           for k, v in fields.items())
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
        return Check(self.name, _matches(_bind(self.expected, j.initial), found),
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


_ANY = object()


class _MayChange(Expectation):
    counts = False

    def __init__(self, patterns: Sequence[str], to: Any = _ANY,
                 increasing: bool = False) -> None:
        self.patterns = [_glob(p) for p in patterns]
        self.to, self.increasing = to, increasing
        how = (f" to {_show(to)}" if to is not _ANY else "") + \
            (" upwards" if increasing else "")
        self.name = f"may change {', '.join(patterns)}{how}"

    def check(self, j: Judged) -> Check:
        return Check(self.name, True)

    def _to(self, value: Any) -> bool:
        if callable(self.to) and not isinstance(self.to, Matcher):
            return bool(self.to(value))
        return _matches(self.to, value)

    def allows(self, change: Change, j: Judged) -> bool:
        if not any(p.fullmatch(change.path) for p in self.patterns):
            return False
        if self.to is not _ANY and (change.kind not in ("modified", "created")
                                    or not self._to(change.after)):
            return False
        if self.increasing:
            before, after = change.before, change.after
            return change.kind == "modified" and all(
                isinstance(v, int | float) and not isinstance(v, bool)
                for v in (before, after)) and after > before
        return True


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


class created_field(Matcher):  # noqa: N801 - reads as a value in a fields dict
    """A field of the record a :func:`created` check finds, as an expected value: for checks
    that refer to what the agent made, whatever id it got::

        folder = C.created("apps.notes.folders", where={"name": "Trips"})
        moved = C.modified("apps.notes.notes", id=4,
                           fields={"folder_id": C.created_field(folder)})

    Matches the field's value in any record the check finds in the final state (``id``: the
    record's id, or its key in a keyed dict); matches nothing while it finds none.
    """

    def __init__(self, check: Expectation, field: str = "id") -> None:
        if not isinstance(check, _Created):
            raise TypeError("created_field() takes a check made by created()")
        self.check, self.field = check, field
        self.values: tuple[Any, ...] | None = None

    def judged(self, j: Judged) -> Matcher:
        _, good = self.check._new(j)
        found = created_field(self.check, self.field)
        found.values = tuple(self._value(rid, r) for rid, r in good)
        return found

    def _value(self, rid: Any, record: Any) -> Any:
        if isinstance(record, dict) and self.field in record:
            return record[self.field]
        return rid if self.field == "id" else None  # a keyed dict's entry: its key

    def __call__(self, value: Any) -> bool:
        return bool(self.values) and value in self.values

    def describe(self) -> str:
        what = f"the {self.field} of the record created in {self.check.path}"
        if self.values is None:
            return what
        return f"{what} ({', '.join(map(repr, self.values)) or 'none was created'})"


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


def may_change(*patterns: str, to: Any = _ANY, increasing: bool = False) -> Expectation:
    """Not a check: explains changes whose path matches a pattern (``*`` matches anything),
    e.g. side effects of merely looking. Say which way the value may go, so that the
    allowance does not cover undoing it:

    - ``to``: the only value (a :class:`Matcher`, or a predicate) a change may end at:
      ``may_change("os.providers.sms[id=*].read", to=True)`` explains opening a conversation
      (unread -> read), not marking one unread; a record created under the pattern is
      judged whole (``to=lambda rec: isinstance(rec, dict)`` lets records be added, not
      edited or deleted);
    - ``increasing``: only numbers that grow (a counter, a time stamp moving forward).

    Without either, any change under the pattern is explained (a view mode, a setting the
    right solutions may leave at any value)."""
    if not patterns:
        raise ValueError("may_change() needs at least one path pattern")
    if to is not _ANY and increasing:
        raise ValueError("may_change() takes to= or increasing=, not both")
    return _MayChange(patterns, to, increasing)


def holds(name: str, fn: Callable[[Judged], bool | tuple[bool, str]],
          allows: Sequence[str] = ()) -> Expectation:
    """A custom check: ``fn(judged)`` returns a bool or ``(bool, detail)``. ``allows`` are path
    patterns (as for :func:`may_change`) of the changes it explains."""
    return _Holds(name, fn, allows)


# --------------------------------------------------------------------------- answers
# An answer (or a text the agent wrote into the state: a message's body, a note) is read for
# one value of a kind: a number, a time, a date, a phone number, a text, a list of items. It
# passes when it names the target and no rival, where a rival is
#
# - for numbers, times, dates and phone numbers: any other value of that kind in the text
#   ("3 or 4" fails, "7:30 PM, or 8" fails); a number with a unit of another kind is not a
#   rival when the reading declares its unit ("52% (about 15 hr left)" reads 52 for ``%``),
#   and the same temperature in the other scale is the same value ("12°C (54°F)");
# - for texts and items: the values the task lists as ``rivals`` (the other events'
#   locations, the other folders' names), given as values or read from the judged initial
#   state through a path pattern (``"apps.calendar.events[*].location"``).
#
# Extra words pass ("The location is Blue Bottle Cafe."), but an answer is a reply, not a
# page: a text of more than ``MAX_EXTRA_WORDS`` + 2 × (the target's words) words fails, so a
# dump of the screen's text does not pass because the right value happens to be the only one
# of its kind on that screen.
MAX_EXTRA_WORDS = 15

Rivals = Sequence[Any] | str | Callable[[dict[str, Any]], Iterable[Any]] | None


@dataclass(frozen=True)
class at:  # noqa: N801 - reads as a value in a rivals list
    """A state path pattern inside a ``rivals`` list (a bare str in a list is a value):
    ``rivals=[C.at("apps.notes.notes[*].title"), "Groceries"]``."""

    pattern: str


_PATTERN_STEP = re.compile(r'\.?([A-Za-z_][A-Za-z0-9_]*|\*)|\[(\*)\]|\[id=([^\]]+)\]|'
                           r'\[("(?:[^"\\]|\\.)*")\]')


def _pattern_steps(pattern: str) -> list[tuple[str, Any]]:
    if not isinstance(pattern, str) or not pattern:
        raise ValueError(f"a state path pattern must be a non-empty str, got {pattern!r}")
    steps: list[tuple[str, Any]] = []
    pos = 0
    while pos < len(pattern):
        m = _PATTERN_STEP.match(pattern, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"malformed path pattern {pattern!r} at {pattern[pos:]!r}")
        key, star, rid, quoted = m.groups()
        if key == "*" or star:
            steps.append(("any", None))
        elif key:
            steps.append(("key", key))
        elif rid:
            steps.append(("id", json.loads(rid)))
        else:
            steps.append(("key", json.loads(quoted)))
        pos = m.end()
    return steps


def values_at(state: Any, pattern: str) -> list[Any]:
    """The values a path pattern names in a state, in order: ``*`` (or ``[*]``) steps into
    every record of a list or every value of a dict, e.g.
    ``values_at(initial, "apps.calendar.events[*].location")``. A list of plain values at the
    end is flattened (every guest of ``"apps.calendar.events[*].guests"``); None is skipped."""
    nodes = [state]
    for kind, arg in _pattern_steps(pattern):
        nxt: list[Any] = []
        for node in nodes:
            if kind == "any":
                nxt += list(node.values()) if isinstance(node, dict) else \
                    list(node) if isinstance(node, list) else []
            elif kind == "id":
                nxt += [r for r in node if isinstance(r, dict) and r.get("id") == arg] \
                    if isinstance(node, list) else []
            elif isinstance(node, dict) and arg in node:
                nxt.append(node[arg])
        nodes = nxt
    out: list[Any] = []
    for node in nodes:
        if isinstance(node, list) and all(not isinstance(v, dict | list) for v in node):
            out += [v for v in node if v is not None]
        elif node is not None:
            out.append(node)
    return out


def rival_values(rivals: Rivals, initial: dict[str, Any] | None) -> list[Any]:
    """The values a ``rivals`` argument names: a list of values (with :class:`at` patterns
    read from ``initial``), a path pattern, or a function of the initial state."""
    if rivals is None:
        return []
    if isinstance(rivals, str | at):
        rivals = [at(rivals) if isinstance(rivals, str) else rivals]
    elif callable(rivals):
        if initial is None:
            raise ValueError("these rivals are read from the initial state: bind() the "
                             "reading to it first")
        return list(rivals(initial))
    out: list[Any] = []
    for r in rivals:
        if isinstance(r, at):
            if initial is None:
                raise ValueError(f"rivals at {r.pattern!r} are read from the initial state: "
                                 f"bind() the reading to it first")
            out += values_at(initial, r.pattern)
        else:
            out.append(r)
    return out


def _needs_state(rivals: Rivals) -> bool:
    return rivals is not None and (isinstance(rivals, str | at) or callable(rivals) or any(
        isinstance(r, at) for r in rivals))


def _words(text: str) -> int:
    return len(normalize_text(text).split())


class TextTest(Matcher):
    """A lenient reading of a text for one value: ``test(text)`` returns ``(passed, what was
    read)``. Used for ANSWERs (``answer_*``) and for texts in the state, such as a message's
    body (``number_like``, ``phone_like``...).

    Args:
        expected: What is expected, in words (shown in the check's detail).
        read: ``read(text, rivals)`` -> ``(passed, what was read)``, rivals resolved.
        kind: ``"number"``, ``"time"``, ``"date"``, ``"phone"``, ``"text"`` or ``"items"``.
        rivals: What must not be named besides the target (see :func:`rival_values`); a
            pattern or a function is read from the judged initial state (:meth:`bind`).
        target_words: The target's length in words: a text longer than
            ``MAX_EXTRA_WORDS + 2 * target_words`` words fails (a dump, not an answer).
    """

    def __init__(self, expected: str, read: Callable[[str, Sequence[Any]], tuple[bool, str]],
                 *, kind: str = "text", rivals: Rivals = None, target_words: int = 1) -> None:
        self.expected, self.read, self.kind, self.rivals = expected, read, kind, rivals
        self.max_words = MAX_EXTRA_WORDS + 2 * max(target_words, 1)
        self._resolved: tuple[Any, ...] | None = \
            None if _needs_state(rivals) else tuple(rival_values(rivals, None))

    def bind(self, initial: dict[str, Any]) -> TextTest:
        """This reading with its rivals read from ``initial`` (itself when they need no
        state)."""
        if self._resolved is not None:
            return self
        bound = copy.copy(self)
        bound._resolved = tuple(rival_values(self.rivals, initial))
        return bound

    def rival_values(self, initial: dict[str, Any] | None = None) -> list[Any]:
        """The rivals, resolved (from ``initial`` when they are read from the state)."""
        return list(self._resolved) if self._resolved is not None else \
            rival_values(self.rivals, initial)

    def test(self, text: str) -> tuple[bool, str]:
        if self._resolved is None:
            raise ValueError(f"{self.expected}: the rivals are read from the initial state; "
                             f"bind(initial) the reading first")
        words = _words(text)
        if words > self.max_words:
            return False, (f"{words} words: an answer gives the value, not the screen (at "
                           f"most {self.max_words} words)")
        if self.kind not in ("text", "items"):  # those weigh rivals against the target
            named = list(dict.fromkeys(_mentions(text, self._rival_phrases())))
            if named:
                return False, f"names {named[:3]} too: name only the answer"
        return self.read(text, self._resolved)

    def _rival_phrases(self) -> dict[tuple[str, ...], Any]:
        """The rivals of a number, time, date...: those the reading itself does not accept
        (a rival "$240" is the target 240 in another form)."""
        cached = self.__dict__.get("_phrases_of")
        if cached is None or cached[0] is not self._resolved:
            keep = [r for r in self._resolved or () if not self.read(str(r), ())[0]]
            phrases = {p: str(r) for r in keep for p in _phrases([r])}
            cached = self.__dict__["_phrases_of"] = (self._resolved, phrases)
        return cached[1]

    def __call__(self, value: Any) -> bool:
        return isinstance(value, str) and self.test(value)[0]

    def describe(self) -> str:
        return self.expected


class _Answer(Expectation):
    def __init__(self, name: str, reading: TextTest) -> None:
        self.name, self.reading = name, reading
        self._bound: tuple[Any, TextTest] | None = None

    def bound(self, initial: dict[str, Any]) -> TextTest:
        if self._bound is None or self._bound[0] is not initial:
            self._bound = (initial, self.reading.bind(initial))
        return self._bound[1]

    def check(self, j: Judged) -> Check:
        expected = self.reading.expected
        if j.answer is None or not j.answer.strip():
            return Check(self.name, False, f"expected an answer of {expected}; no answer "
                                           f"was given")
        passed, found = self.bound(j.initial).test(j.answer)
        return Check(self.name, passed, f"expected {expected}; answer {j.answer!r} ({found})")


# ----- spans of times and dates (numbers inside them are not quantities)
_TIME = re.compile(r"\b(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![\w:])", re.I)


def _time_spans(text: str) -> list[tuple[int, int, int, bool]]:
    """(start, end, minutes after midnight, written with a colon or am/pm) of each time."""
    found: list[tuple[int, int, int, bool]] = []
    for m in _TIME.finditer(text):
        hour, minute, half = int(m.group(1)), m.group(2), m.group(3)
        if minute is None and half is None:
            continue
        minutes = int(minute or 0)
        if minutes > 59 or hour > 24 or (half and not 1 <= hour <= 12):
            continue
        if half:
            hour = hour % 12 + (12 if half.lower().startswith("p") else 0)
        sure = bool(half) or text[m.start(1):m.end(1) + 1].endswith(":")
        found.append((m.start(), m.end(), hour % 24 * 60 + minutes, sure))
    return found


def parse_times(text: str) -> list[int]:
    """Times of day in a text as minutes after midnight: "7:30 PM", "19:30", "7.30pm", "7pm",
    "noon", "midnight". A bare number without am/pm or minutes is not a time."""
    found = [t for _, _, t, _ in _time_spans(text)]
    low = text.casefold()
    found += [12 * 60] * len(re.findall(r"\bnoon\b", low)) + \
        [0] * len(re.findall(r"\bmidnight\b", low))
    return found


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


def _date_spans(text: str) -> list[tuple[int, int, tuple[int | None, int, int], bool]]:
    """(start, end, (year or None, month, day), unmistakably a date) of each date."""
    found: list[tuple[int, int, tuple[int | None, int, int], bool]] = []
    for regex, order in _DATE_PATTERNS:
        for m in regex.finditer(text):
            if any(a < m.end() and m.start() < b for a, b, _, _ in found):
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
                sure = "M" in parts or "y" in order[:1] or year is not None
                found.append((m.start(), m.end(), (year, month, day), sure))
    return found


def parse_dates(text: str) -> list[tuple[int | None, int, int]]:
    """Dates in a text as ``(year or None, month, day)``: "2026-03-05", "3/5/2026" (US order),
    "March 5", "Mar 5, 2026", "5 March 2026", "5th of March"."""
    return [d for _, _, d, _ in _date_spans(text)]


# ----- numbers and their units
_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_WORD_VALUES = {w: i for i, w in enumerate(_SMALL)} | {w: 20 + 10 * i for i, w in
                                                        enumerate(_TENS)}
# unit spellings -> (kind, scale)
UNITS: dict[str, tuple[str, str | None]] = {
    "%": ("percent", None), "percent": ("percent", None), "pct": ("percent", None),
    "°": ("temperature", None), "º": ("temperature", None), "deg": ("temperature", None),
    "degree": ("temperature", None), "degrees": ("temperature", None),
    "°c": ("temperature", "C"), "ºc": ("temperature", "C"), "°f": ("temperature", "F"),
    "ºf": ("temperature", "F"), "c": ("temperature", "C"), "f": ("temperature", "F"),
    "celsius": ("temperature", "C"), "fahrenheit": ("temperature", "F"),
    "$": ("money", None), "€": ("money", None), "£": ("money", None), "usd": ("money", None),
    "dollar": ("money", None), "dollars": ("money", None), "eur": ("money", None),
    "euro": ("money", None), "euros": ("money", None),
    **{u: ("duration", None) for u in ("h", "hr", "hrs", "hour", "hours", "min", "mins",
                                       "minute", "minutes", "s", "sec", "secs", "second",
                                       "seconds", "day", "days", "week", "weeks", "ms")},
    **{u: ("size", None) for u in ("b", "kb", "mb", "gb", "tb", "byte", "bytes")},
}
_SUFFIXES = sorted((u for u in UNITS if u not in "$€£"), key=len, reverse=True)
_QUANTITY = re.compile(
    r"(?<![\w.])([-+]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+))"
    r"(?:\s?(" + "|".join(re.escape(u).replace(r"\ ", r"\s*") for u in _SUFFIXES) +
    r")(?:\s?(" + "|".join(("celsius", "fahrenheit", "c", "f")) + r"))?)?(?![\w])", re.I)


@dataclass(frozen=True)
class Quantity:
    """A number in a text with its unit's kind (``percent``, ``temperature``, ``money``,
    ``duration``, ``size``, or None for a bare number or a count: "3", "3 photos") and
    scale (``C``/``F`` for a temperature)."""

    value: float
    kind: str | None = None
    scale: str | None = None


def _unit(spelling: str | None) -> tuple[str | None, str | None]:
    if not spelling:
        return None, None
    key = re.sub(r"\s+", "", spelling.casefold())
    return UNITS.get(key, (None, None))


def parse_quantities(text: str) -> list[Quantity]:
    """Every number in a text with its unit: digits ("3", "3.0", "1,024", "52%", "12°C",
    "$4.50", "15 hr") and number words up to ninety-nine ("three", "twenty-one"; "none" is 0).
    Numbers inside a time ("7:30", "7pm") or a date ("March 5", "2026-03-05") are left out.
    The minus sign calculators show ("−5", U+2212) reads as "-"."""
    text = text.replace("\u2212", "-")  # one character for one: the spans stay where they are
    taken = [(a, b) for a, b, _, sure in _time_spans(text) if sure] + \
        [(a, b) for a, b, _, sure in _date_spans(text) if sure]
    found: list[Quantity] = []
    for m in _QUANTITY.finditer(text):
        if any(a < m.end(1) and m.start(1) < b for a, b in taken):
            continue
        kind, scale = _unit(m.group(2))
        if m.group(3) and kind == "temperature":
            scale = m.group(3)[0].upper()
        if kind is None and re.search(r"[$€£]\s*$", text[:m.start()]):
            kind = "money"
        found.append(Quantity(float(m.group(1).replace(",", "")), kind, scale))
    words = re.findall(r"[a-z]+", text.casefold().replace("-", " "))
    i = 0
    while i < len(words):
        w = words[i]
        if w in _WORD_VALUES:
            value = _WORD_VALUES[w]
            if w in _TENS and i + 1 < len(words) and words[i + 1] in _SMALL[1:10]:
                value += _WORD_VALUES[words[i + 1]]
                i += 1
            found.append(Quantity(float(value)))
        elif w == "none":
            found.append(Quantity(0.0))
        i += 1
    return found


def parse_numbers(text: str) -> list[float]:
    """Every number in a text (see :func:`parse_quantities`), units aside."""
    return [q.value for q in parse_quantities(text)]


def _convert(value: float, scale: str | None, to: str | None) -> float:
    if scale is None or to is None or scale == to:
        return value
    return value * 9 / 5 + 32 if to == "F" else (value - 32) * 5 / 9


def number_like(expected: float | Sequence[float], tolerance: float = 0.0, *,
                unit: str | None = None, rivals: Rivals = None) -> TextTest:
    """A text naming exactly one number, within ``tolerance`` of ``expected`` (or of one of
    several accepted values): "3", "3.0", "three", "3 photos", "78%"; "3 or 4" fails (two
    numbers).

    ``unit`` declares the target's kind (``"%"``, ``"°C"``, ``"°F"``, ``"°"``, ``"$"``,
    ``"min"``, ``"GB"``... see :data:`UNITS`): numbers with a unit of another kind are then
    incidental and ignored ("Battery is at 52% (about 15 hr left)" reads 52 for ``%``), bare
    numbers still count ("52 or 53%" fails), and a temperature in the other scale is the same
    value when it converts to it ("12°C (54°F)" reads 12 for ``°C``). Without ``unit`` every
    number counts (but those inside a time or a date). ``rivals`` are values of other kinds
    the answer must not name as well ("March 10 or Rockridge library"); every other number
    is a rival already.
    """
    targets = [float(expected)] if isinstance(expected, int | float) else \
        [float(v) for v in expected]
    if not targets:
        raise ValueError("number_like() needs an expected value")
    kind, scale = _unit(unit)
    if unit is not None and kind is None:
        raise ValueError(f"unknown unit {unit!r}; known: {sorted(UNITS)}")
    slack = max(tolerance, 0.6)  # a converted temperature was rounded to a whole degree

    def read(text: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        direct: list[float] = []
        converted: list[float] = []
        for q in parse_quantities(text):
            if kind is not None and q.kind not in (None, kind):
                continue
            if kind == "temperature" and q.scale and scale and q.scale != scale:
                converted.append(_convert(q.value, q.scale, scale))
            elif not any(abs(q.value - d) < 1e-9 for d in direct):
                direct.append(q.value)
        values = sorted(direct) + [c for c in converted
                                   if not any(abs(c - d) <= slack for d in direct)]
        if len(values) != 1:
            shown = [round(v, 2) for v in values]
            return False, f"found {len(values)} numbers {shown}: give exactly one"
        near = slack if converted and not direct else tolerance
        ok = any(abs(values[0] - t) <= near + 1e-9 for t in targets)
        return ok, f"read {values[0]:g}"
    tol = f" ± {tolerance:g}" if tolerance else ""
    shown = " or ".join(f"{t:g}" for t in targets)
    return TextTest(f"the number {shown}{tol}{f' ({unit})' if unit else ''}", read,
                    kind="number", rivals=rivals)


def answer_number(expected: float | Sequence[float], tolerance: float = 0.0,
                  name: str = "answer", *, unit: str | None = None,
                  rivals: Rivals = None) -> Expectation:
    """The answer names exactly one number, within ``tolerance`` of ``expected``
    (see :func:`number_like`)."""
    return _Answer(name, number_like(expected, tolerance, unit=unit, rivals=rivals))


# ----- texts
def _phrases(texts: Iterable[Any]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for t in texts:
        words = tuple(normalize_text(str(t)).split())
        if words and words not in out:
            out.append(words)
    return out


def _mentions(text: str, phrases: Mapping[tuple[str, ...], Any]) -> list[Any]:
    """The labels of the phrases a text names, leftmost-longest: in "Dentist follow-up" the
    phrase "dentist follow up" is named, not "dentist" inside it."""
    words = normalize_text(text).split()
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for p in sorted(phrases, key=len, reverse=True):
        by_first.setdefault(p[0], []).append(p)
    found: list[Any] = []
    i = 0
    while i < len(words):
        for p in by_first.get(words[i], ()):
            if tuple(words[i:i + len(p)]) == p:
                found.append(phrases[p])
                i += len(p)
                break
        else:
            i += 1
    return found


def _vocabulary(accepted: Sequence[str], rivals: Sequence[Any]) -> dict[tuple[str, ...], Any]:
    """Phrases to look for: the target's spellings (label True) and the rivals (label: the
    rival's text); a rival spelled as the target is no rival."""
    vocab: dict[tuple[str, ...], Any] = {p: True for p in _phrases(accepted)}
    for r in rivals:
        for p in _phrases([r]):
            vocab.setdefault(p, str(r))
    return vocab


def text_naming(expected: str | Sequence[str], rivals: Rivals = None) -> TextTest:
    """A text naming ``expected`` (one of several accepted spellings) as whole words, ignoring
    case, punctuation and spacing, and naming no rival: "It's at Blue Bottle Cafe" passes for
    "Blue Bottle Cafe", "Blue Bottle Cafe or Tartine" fails when Tartine is a rival. A rival
    that contains the target ("Dentist follow-up" for "Dentist") is named, not the target."""
    accepted = [expected] if isinstance(expected, str) else list(expected)
    if not accepted:
        raise ValueError("text_naming() needs the expected text")

    def read(text: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        named = _mentions(text, _vocabulary(accepted, rivals))
        others = list(dict.fromkeys(n for n in named if n is not True))
        if others:
            return False, f"names {others[:3]} too: name only the answer"
        return (True in named), ("named" if True in named else "not named") + \
            f" in {normalize_text(text)[:80]!r}"
    return TextTest(f"text naming {' or '.join(map(repr, accepted))}", read, kind="text",
                    rivals=rivals, target_words=max(_words(a) for a in accepted))


def answer_text(expected: str | Sequence[str], contains: bool = False,
                name: str = "answer", *, rivals: Rivals = None) -> Expectation:
    """The answer equals ``expected`` (one of several accepted spellings) ignoring case,
    punctuation and spacing; with ``contains`` (or ``rivals``) it names it among other words
    and names no rival (see :func:`text_naming`). Prefer naming with rivals: "The answer is
    X." is a natural reply."""
    accepted = [expected] if isinstance(expected, str) else list(expected)
    if contains or rivals is not None:
        return _Answer(name, text_naming(accepted, rivals))
    matchers = [text_like(a) for a in accepted]

    def read(answer: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        return any(m(answer) for m in matchers), f"normalized {normalize_text(answer)!r}"
    return _Answer(name, TextTest(f"text {' or '.join(map(repr, accepted))}", read,
                                  target_words=max(_words(a) for a in accepted)))


# ----- codes
def code_like(expected: str, pattern: str) -> TextTest:
    """A text naming exactly one code of a shape (``pattern``, a regular expression matched
    as a whole word, ignoring case), the expected one: an IP address, a locker code, a
    tracking number. Every other code of that shape in the text is a rival:
    ``code_like("192.168.4.21", r"\\d{1,3}(?:\\.\\d{1,3}){3}")`` fails "192.168.4.21 or
    192.168.0.1"."""
    shape = re.compile(rf"(?<![\w.-])(?:{pattern})(?![\w-]|\.\w)", re.I)
    if not shape.fullmatch(expected):
        raise ValueError(f"{expected!r} does not have the shape {pattern!r}")

    def read(text: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        found = list(dict.fromkeys(m.group().casefold() for m in shape.finditer(text)))
        if len(found) != 1:
            return False, f"found {len(found)} codes of its shape {found[:3]}: give one"
        return found[0] == expected.casefold(), f"read {found[0]!r}"
    return TextTest(f"the code {expected}", read, kind="text", target_words=_words(expected))


def answer_code(expected: str, pattern: str, name: str = "answer") -> Expectation:
    """The answer names exactly one code of the shape ``pattern``, the expected one (see
    :func:`code_like`)."""
    return _Answer(name, code_like(expected, pattern))


# ----- phone numbers
def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _same_phone(a: str, b: str) -> bool:
    da, db = _digits(a), _digits(b)
    return bool(da) and bool(db) and (da == db or (len(da) >= 7 and len(db) >= 7 and
                                                   da[-10:] == db[-10:]))


def phone_like(expected: str, rivals: Rivals = None) -> TextTest:
    """A text naming one phone number with the same digits as ``expected`` (its last ten, so
    "+1 415-555-0132", "(415) 555-0132" and "4155550132" all match), e.g. "It's 4155550132";
    a second phone number fails."""
    def read(text: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        groups = re.findall(r"\+?[\d][\d\s().-]{5,}\d", text)
        if len(groups) != 1:
            return False, f"found {len(groups)} phone numbers"
        return _same_phone(groups[0], expected), f"read {groups[0]!r}"
    return TextTest(f"the phone number {expected}", read, kind="phone", rivals=rivals,
                    target_words=_words(expected))


def answer_phone(expected: str, name: str = "answer", *, rivals: Rivals = None) -> Expectation:
    """The answer is one phone number with the same digits as ``expected``
    (see :func:`phone_like`)."""
    return _Answer(name, phone_like(expected, rivals))


# ----- times and dates
def time_like(hour: int, minute: int = 0, within_minutes: int = 0,
              rivals: Rivals = None) -> TextTest:
    """A text naming one time of day within ``within_minutes`` of ``hour:minute``
    (see :func:`parse_times`); a second time fails."""
    target = hour * 60 + minute

    def read(text: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        found = sorted(set(parse_times(text)))
        if len(found) != 1:
            return False, f"found {len(found)} times of day"
        delta = min(abs(found[0] - target), 1440 - abs(found[0] - target))
        return delta <= within_minutes, f"read {found[0] // 60:02d}:{found[0] % 60:02d}"
    around = f" (± {within_minutes} min)" if within_minutes else ""
    return TextTest(f"the time {hour:02d}:{minute:02d}{around}", read, kind="time",
                    rivals=rivals)


def answer_time(hour: int, minute: int = 0, within_minutes: int = 0,
                name: str = "answer", *, rivals: Rivals = None) -> Expectation:
    """The answer names one time of day within ``within_minutes`` of ``hour:minute``."""
    return _Answer(name, time_like(hour, minute, within_minutes, rivals))


def date_like(year: int, month: int, day: int, require_year: bool = False,
              rivals: Rivals = None) -> TextTest:
    """A text naming one date equal to ``year-month-day`` (see :func:`parse_dates`); a year
    may be left out unless ``require_year`` (a year that is given must be right); a second
    date fails."""
    def read(text: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        found = sorted(set(parse_dates(text)), key=str)
        if len(found) != 1:
            return False, f"found {len(found)} dates"
        y, m, d = found[0]
        ok = (m, d) == (month, day) and (y == year if y is not None else not require_year)
        return ok, f"read {y or '????'}-{m:02d}-{d:02d}"
    return TextTest(f"the date {year:04d}-{month:02d}-{day:02d}", read, kind="date",
                    rivals=rivals, target_words=3)


def answer_date(year: int, month: int, day: int, require_year: bool = False,
                name: str = "answer", *, rivals: Rivals = None) -> Expectation:
    """The answer names one date equal to ``year-month-day``."""
    return _Answer(name, date_like(year, month, day, require_year, rivals))


# ----- lists
def split_items(text: str) -> list[str]:
    """A list answer's items: split on commas, semicolons, new lines, "&" and "and"."""
    parts = re.split(r"[,;\n]|\band\b|&", text, flags=re.I)
    return [normalize_text(p) for p in parts if normalize_text(p)]


def items_like(expected: Iterable[str | Sequence[str]], rivals: Rivals = None) -> TextTest:
    """A text listing exactly the expected items, in any order ("A, B and C"; see
    :func:`split_items`). Each item may be a str or a tuple of accepted spellings; matching
    ignores case and punctuation. The first item may follow a lead-in ("Still need: A, B",
    "The guests are A and B") that names no rival; any other part must be an item."""
    wanted = [[normalize_text(i)] if isinstance(i, str) else [normalize_text(a) for a in i]
              for i in expected]

    def read(text: str, rivals: Sequence[Any]) -> tuple[bool, str]:
        given = split_items(text)
        vocab: dict[tuple[str, ...], Any] = {}
        for n, spellings in enumerate(wanted):
            for p in _phrases(spellings):
                vocab[p] = n
        for r in rivals:
            for p in _phrases([r]):
                vocab.setdefault(p, None)
        hit: set[int] = set()
        extra: list[str] = []
        for n, part in enumerate(given):
            exact = next((i for i, s in enumerate(wanted) if part in s), None)
            if exact is not None:
                hit.add(exact)
                continue
            named = _mentions(part, vocab)
            if n == 0 and named and all(x is not None for x in named) and len(named) == 1 \
                    and any(part.endswith(f" {s}") for s in wanted[named[0]]):
                hit.add(named[0])  # a lead-in: "still need balloons"
                continue
            extra.append(part)
        missing = [s[0] for i, s in enumerate(wanted) if i not in hit]
        ok = not missing and not extra
        return ok, f"missing {missing}, extra {extra}" if not ok else f"items {given}"
    return TextTest(f"the items {[w[0] for w in wanted]} in any order", read, kind="items",
                    rivals=rivals, target_words=sum(_words(w[0]) + 1 for w in wanted))


def answer_items(expected: Iterable[str | Sequence[str]], name: str = "answer", *,
                 rivals: Rivals = None) -> Expectation:
    """The answer lists exactly the expected items, in any order (see :func:`items_like`)."""
    return _Answer(name, items_like(expected, rivals))


__all__ = [
    "BOOKKEEPING_FIELDS", "MAX_EXTRA_WORDS", "UNITS", "Expectation", "Judged", "Matcher",
    "Quantity", "TextTest", "answer_code", "answer_date", "answer_items", "answer_number", "answer_phone",
    "answer_text", "answer_time", "approx", "at", "code_like", "created", "created_field",
    "date_like", "deleted",
    "digits_like", "equals", "holds", "items_like", "may_change", "modified",
    "normalize_text", "number_like", "one_of", "parse_dates", "parse_numbers",
    "parse_quantities", "parse_times", "phone_like", "rival_values", "setting", "simulated",
    "split_items", "steps_of", "text_contains", "text_like", "text_naming", "time_like",
    "unchanged", "values_at",
]
