"""Tasks: what an episode asks, how it is set up, judged, and solved by its oracle.

Modelled on AndroidWorld's ``TaskEval`` (template, params, initialize, is_successful) and
Minigrid's mission / generator / verifier. A task class lives in a suite module under ``tasks/``
and is found automatically (or is registered from anywhere with :func:`register_task`); its id
is ``"<suite>.<name>"``. ``docs/authoring.md`` is the guide.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import functools
import hashlib
import importlib
import json
import pkgutil
import string
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import numpy as np

from .judge import Expectation, Verdict, verdict
from .kernel.config import KernelConfig

if TYPE_CHECKING:
    from .device import Device

DIFFICULTIES = (1, 2, 3, 4)
OBJECTIVES = ("operate", "query", "hybrid")
# Step budgets by difficulty when a task does not set ``max_steps``.
DEFAULT_MAX_STEPS = {1: 10, 2: 20, 3: 30, 4: 45}
TAGS = frozenset({
    "scroll", "typing", "long_press", "dialog", "menu", "selection", "notification",
    "cross_app", "search", "navigation", "recents", "drawer", "drag", "picker", "settings",
    "toggle", "slider", "counting", "memory", "multi_step", "share", "keyboard",
})
# Templates whose id hashes below this (of 100) are held out as the test split.
TEST_SPLIT_PERCENT = 40


def split_of(task_id: str) -> str:
    """The deterministic split rule: a hash of the task id puts about 40% of templates in
    ``"test"``, stably (adding a task never moves another)."""
    bucket = int(hashlib.sha256(task_id.encode()).hexdigest()[:8], 16) % 100
    return "test" if bucket < TEST_SPLIT_PERCENT else "train"


@dataclass(frozen=True)
class Start:
    """Where an episode starts, applied after ``initialize`` wrote the data.

    Attributes:
        app: The app in the foreground, or None for the home screen.
        route: A route pushed in that app (None: its first screen).
        background: Apps used before, oldest first: their Tasks are in Recents.
    """

    app: str | None = None
    route: str | None = None
    background: tuple[str, ...] = ()

    def apply(self, device: Device) -> None:
        k = device.kernel
        k.complete_boot()  # booted with the task's data: apps arm its alarms (on_boot) first
        for app_id in self.background:
            k.launch_app(app_id)
        if self.app is None:
            k.go_home()
        else:
            k.launch_app(self.app)
            if self.route is not None:
                k.tasks.top_activity.push(self.route)
        device.invalidate()


HOME = Start()


class Task:
    """Base class of every task.

    Subclasses set the class attributes, declare ``Params`` (a dataclass), and implement
    ``sample_params``, ``checks`` and ``oracle`` (and ``initialize`` when the task needs data).

    Attributes:
        suite: Suite name (the module's name under ``tasks/``).
        name: Task name inside the suite; the id is ``"<suite>.<name>"``.
        template: Instruction template, formatted with the params' fields.
        phrasings: Other wordings of the same instruction (the same fields); each episode
            uses one, chosen by its params (:meth:`phrasing`), so a template does not read
            the same on every seed.
        same_instruction: Why the instruction may read the same on every seed (an empty
            string: it must vary; the task audit checks it over 20 seeds).
        difficulty: 1 (one screen) to 4 (long, several apps or many steps).
        objective: ``"operate"`` (change state), ``"query"`` (answer a question) or
            ``"hybrid"`` (find something out, then act on it).
        apps: The app ids the task uses.
        tags: What the task exercises (see :data:`TAGS`).
        max_steps: Step budget; None takes :data:`DEFAULT_MAX_STEPS` for the difficulty.
        start: Where the episode starts (default: the home screen); override
            :meth:`start_screen` when it depends on the params.
        split: ``"train"`` or ``"test"``; None applies :func:`split_of` to the id.
        config: Simulator config overrides, ``{section: {field: value}}`` (sections of
            ``mobilegym_env.kernel.config``: ``time``, ``location``, ``display``, ``locale``,
            ``intent``, ``build``, ``telephony``, ``hardware``), applied when the device boots;
            a ``time.start_ms`` replaces the per-seed start date.
        Params: The typed parameters (a dataclass); ``self.params`` is an instance.
    """

    suite: ClassVar[str] = ""
    name: ClassVar[str] = ""
    template: ClassVar[str] = ""
    phrasings: ClassVar[tuple[str, ...]] = ()
    same_instruction: ClassVar[str] = ""
    difficulty: ClassVar[int] = 2
    objective: ClassVar[str] = "operate"
    apps: ClassVar[tuple[str, ...]] = ()
    tags: ClassVar[tuple[str, ...]] = ()
    max_steps: ClassVar[int | None] = None
    start: ClassVar[Start] = HOME
    split: ClassVar[str | None] = None
    config: ClassVar[dict[str, dict[str, Any]]] = {}

    @dataclass(frozen=True)
    class Params:
        """No parameters."""

    def __init__(self, params: Any) -> None:
        self.params = params if isinstance(params, self.Params) else self.parse_params(params)

    # ----- identity and metadata
    @classmethod
    def task_id(cls) -> str:
        return f"{cls.suite}.{cls.name}"

    @classmethod
    def step_limit(cls) -> int:
        """The episode's step budget."""
        return cls.max_steps or DEFAULT_MAX_STEPS[cls.difficulty]

    @classmethod
    def split_name(cls) -> str:
        return cls.split or split_of(cls.task_id())

    @classmethod
    def metadata(cls) -> dict[str, Any]:
        """The task's metadata as plain data (for listings, docs and results)."""
        return {"id": cls.task_id(), "suite": cls.suite, "template": cls.template,
                "difficulty": cls.difficulty, "objective": cls.objective,
                "apps": list(cls.apps), "tags": list(cls.tags), "split": cls.split_name(),
                "max_steps": cls.step_limit()}

    @property
    def instruction(self) -> str:
        """The instruction, rendered from the same params object the judge reads, in the
        wording :meth:`phrasing` picks."""
        return self.phrasing().format(**self.template_values())

    def phrasing(self) -> str:
        """The wording of this episode: ``template`` or one of ``phrasings``, picked by a
        stable hash of the params (the same params always read the same; replays and
        ``reset(options={"params": ...})`` reproduce it)."""
        wordings = (self.template, *self.phrasings)
        if len(wordings) == 1:
            return self.template
        key = json.dumps(dataclasses.asdict(self.params), sort_keys=True, default=str)
        digest = hashlib.sha256(f"{self.task_id()}|{key}".encode()).digest()
        return wordings[int.from_bytes(digest[:4], "big") % len(wordings)]

    def template_values(self) -> dict[str, Any]:
        """What the template is formatted with: the params' fields, plus anything a task
        derives from them for wording (an app's display name from its id...)."""
        return dataclasses.asdict(self.params)

    # ----- params
    @classmethod
    def parse_params(cls, raw: Any) -> Any:
        """Builds ``Params`` from a dict, checking names and types.

        Raises:
            ValueError: A missing, unknown or ill-typed parameter (named in the message).
        """
        if isinstance(raw, cls.Params):
            return raw
        if not isinstance(raw, Mapping):
            raise ValueError(f"{cls.task_id()}: params must be a dict, got "
                             f"{type(raw).__name__}")
        fields = {f.name: f for f in dataclasses.fields(cls.Params)}
        hints = _type_hints(cls.Params)
        unknown = sorted(set(raw) - set(fields))
        if unknown:
            raise ValueError(f"{cls.task_id()}: unknown params {unknown}; expected "
                             f"{sorted(fields)}")
        missing = sorted(n for n, f in fields.items() if n not in raw
                         and f.default is dataclasses.MISSING
                         and f.default_factory is dataclasses.MISSING)
        if missing:
            raise ValueError(f"{cls.task_id()}: missing params {missing}")
        values = {}
        for key, value in raw.items():
            values[key] = _coerce(value, hints[key], f"{cls.task_id()}: param {key!r}")
        return cls.Params(**values)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        """Draws the episode's parameters (only through ``rng``); returns a ``Params``."""
        return cls.Params()

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        """Checks params against the device (ids that must exist...); raises ValueError.

        Called for every episode, sampled or given, before ``initialize``.
        """

    # ----- the episode
    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        """Writes the episode's starting data (through kernel APIs); never navigates."""

    def start_screen(self) -> Start:
        """Where the episode starts (``start`` unless overridden)."""
        return self.start

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        """What the judge expects, built with :mod:`mobilegym_env.checks` from the params
        (and the initial state, for answers that depend on data)."""
        raise NotImplementedError(f"{type(self).__name__} has no checks")

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_expectations", None)  # a cache; checks may hold closures (unpicklable)
        return state

    def judge(self, initial: dict[str, Any], final: dict[str, Any],
              answer: str | None = None) -> Verdict:
        """The verdict on ``final``: every check passed and nothing else changed (but what
        apps declare the system writes by itself, ``AppManifest.system_written``).

        The expectations built from ``initial`` are kept while the same ``initial`` object
        comes back (the env passes its read-only initial state every step), so a judge
        builds them once per episode.
        """
        cached = self.__dict__.get("_expectations")
        if cached is None or cached[0] is not initial:
            cached = self.__dict__["_expectations"] = (
                initial, [*self.checks(initial), *_system_written()])
        return verdict(cached[1], initial, final, answer)

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        """A scripted solver: yields public actions, reading ``device.ui_tree()`` each step."""
        raise NotImplementedError(f"{type(self).__name__} has no oracle")


@functools.cache
def _type_hints(params_class: type) -> dict[str, Any]:
    """A Params class's field types (resolving string annotations compiles code: once)."""
    return typing.get_type_hints(params_class)


def _coerce(value: Any, hint: Any, where: str) -> Any:
    """Checks ``value`` against a type hint (int, float, str, bool, None, Optional, Literal,
    list/tuple of X, dict of str to X) and returns it (tuples from lists, ints as floats)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            try:
                return _coerce(value, arg, where)
            except ValueError:
                continue
        raise ValueError(f"{where} must be {_hint_name(hint)}, got {value!r}")
    if origin is Literal:
        if value in args:
            return value
        raise ValueError(f"{where} must be one of {list(args)}, got {value!r}")
    if hint is type(None):
        if value is None:
            return None
    elif hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    elif hint is int:
        if isinstance(value, int | np.integer) and not isinstance(value, bool):
            return int(value)
    elif hint in (str, bool):
        if isinstance(value, hint):
            return value
    elif origin in (list, tuple) and isinstance(value, list | tuple):
        item = args[0] if args else Any
        if origin is tuple and args and (len(args) != 2 or args[1] is not Ellipsis):
            if len(value) != len(args):
                raise ValueError(f"{where} must have {len(args)} items, got {value!r}")
            return tuple(_coerce(v, a, f"{where}[{i}]") for i, (v, a) in
                         enumerate(zip(value, args, strict=True)))
        items = [_coerce(v, item, f"{where}[{i}]") for i, v in enumerate(value)]
        return tuple(items) if origin is tuple else items
    elif origin is dict and isinstance(value, dict):
        return {k: _coerce(v, args[1] if args else Any, f"{where}[{k!r}]")
                for k, v in value.items()}
    else:
        raise ValueError(f"{where}: unsupported parameter type {_hint_name(hint)}")
    raise ValueError(f"{where} must be {_hint_name(hint)}, got {value!r}")


def _hint_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


# --------------------------------------------------------------------------- the registry
_REGISTERED: dict[str, type[Task]] = {}


def check_task_class(cls: type[Task]) -> None:
    """Raises ValueError naming what is wrong with a task class's declaration."""
    tid = f"{cls.__module__}.{cls.__name__}"
    if not cls.suite or not cls.name or "." in cls.suite or "." in cls.name:
        raise ValueError(f"{tid}: set suite and name (no dots)")
    if not cls.template:
        raise ValueError(f"{cls.task_id()}: set a template")
    if cls.difficulty not in DIFFICULTIES:
        raise ValueError(f"{cls.task_id()}: difficulty must be one of {DIFFICULTIES}")
    if cls.objective not in OBJECTIVES:
        raise ValueError(f"{cls.task_id()}: objective must be one of {OBJECTIVES}")
    unknown = set(cls.tags) - TAGS
    if unknown:
        raise ValueError(f"{cls.task_id()}: unknown tags {sorted(unknown)}; known: "
                         f"{sorted(TAGS)}")
    if cls.split not in (None, "train", "test"):
        raise ValueError(f"{cls.task_id()}: split must be 'train', 'test' or None")
    if not dataclasses.is_dataclass(cls.Params):
        raise ValueError(f"{cls.task_id()}: Params must be a dataclass")
    try:
        KernelConfig().with_overrides(cls.config)
    except (KeyError, ValueError) as err:
        raise ValueError(f"{cls.task_id()}: bad config: {err}") from None
    fields = {f.name for f in dataclasses.fields(cls.Params)}
    named: set[str] | None = None
    for wording in (cls.template, *cls.phrasings):
        try:
            string_fields = {f[1] for f in string.Formatter().parse(wording) if f[1]}
        except ValueError as err:
            raise ValueError(f"{cls.task_id()}: bad template {wording!r}: {err}") from None
        if not string_fields <= fields and cls.template_values is Task.template_values:
            raise ValueError(f"{cls.task_id()}: the template names "
                             f"{sorted(string_fields - fields)}, which are not params")
        if named is not None and string_fields != named:
            raise ValueError(f"{cls.task_id()}: the phrasing {wording!r} names "
                             f"{sorted(string_fields)}, the template {sorted(named)}: each "
                             f"wording must state the same values")
        named = string_fields


@functools.cache
def _discovered() -> dict[str, type[Task]]:
    package = importlib.import_module("mobilegym_env.tasks")
    found: dict[str, type[Task]] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, Task) and obj.name and obj.suite \
                    and obj.__module__ == module.__name__:
                check_task_class(obj)
                if obj.task_id() in found and found[obj.task_id()] is not obj:
                    raise ValueError(f"duplicate task id {obj.task_id()!r}")
                found[obj.task_id()] = obj
    return found


def registry() -> dict[str, type[Task]]:
    """Every task class by id (sorted): those under ``mobilegym_env.tasks`` and those added
    with :func:`register_task`."""
    return dict(sorted({**_discovered(), **_REGISTERED}.items()))


def task_class(task_id: str) -> type[Task]:
    """The task class of an id, as ``registry()[task_id]`` without building the registry.

    Raises:
        KeyError: No task has that id.
    """
    found = _REGISTERED.get(task_id) or _discovered().get(task_id)
    if found is None:
        raise KeyError(task_id)
    return found


def register_task(cls: type[Task]) -> type[Task]:
    """Adds a task class defined outside the package (usable as a class decorator).

    After ``register_task(MyTask)``, ``gym.make("MobileGym-v0", task=MyTask.task_id())``
    runs it. Processes started with ``spawn`` (async vector envs on macOS/Windows) must import
    the module that registers it.

    Raises:
        ValueError: The class is malformed, or another class already has its id.
    """
    if not (isinstance(cls, type) and issubclass(cls, Task)):
        raise ValueError(f"register_task takes a Task subclass, got {cls!r}")
    check_task_class(cls)
    existing = registry().get(cls.task_id())
    if existing is not None and existing is not cls:
        raise ValueError(f"task id {cls.task_id()!r} is already taken by "
                         f"{existing.__module__}.{existing.__name__}")
    _REGISTERED[cls.task_id()] = cls
    return cls


def unregister_task(task_id: str) -> None:
    """Removes a task added with :func:`register_task` (package tasks cannot be removed).

    Raises:
        KeyError: No registered task has that id.
    """
    if task_id not in _REGISTERED:
        raise KeyError(f"no task {task_id!r} was added with register_task")
    del _REGISTERED[task_id]


def list_tasks(suite: str | None = None, split: str | None = None,
               difficulty: int | None = None, app: str | None = None,
               objective: str | None = None, tag: str | None = None) -> list[str]:
    """Task ids (sorted), filtered by any of suite, split, difficulty, app, objective, tag.

    Raises:
        KeyError: An unknown suite.
        ValueError: A filter value outside its domain.
    """
    reg = registry()
    if suite is not None and not any(t.suite == suite for t in reg.values()):
        raise KeyError(f"unknown suite {suite!r}; suites: {suites()}")
    if split is not None and split not in ("train", "test"):
        raise ValueError(f"split must be 'train' or 'test', got {split!r}")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {DIFFICULTIES}, got {difficulty!r}")
    if objective is not None and objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    if tag is not None and tag not in TAGS:
        raise ValueError(f"unknown tag {tag!r}; known: {sorted(TAGS)}")
    return [tid for tid, t in reg.items()
            if (suite is None or t.suite == suite)
            and (split is None or t.split_name() == split)
            and (difficulty is None or t.difficulty == difficulty)
            and (app is None or app in t.apps)
            and (objective is None or t.objective == objective)
            and (tag is None or tag in t.tags)]


def suites() -> list[str]:
    return sorted({t.suite for t in registry().values()})


def resolve_tasks(spec: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """Task ids from a task id, a suite name, a glob (``"notes.*"``), a list of those, or
    None (all tasks). Each task appears once, in the order first named.

    Raises:
        KeyError: Nothing matches an entry (the message lists the suites).
        ValueError: An empty list, or an entry that is not a str.
    """
    reg = registry()
    if spec is None:
        return list(reg)
    if isinstance(spec, str):
        if spec in reg:
            return [spec]
        if any(t.suite == spec for t in reg.values()):
            return list_tasks(suite=spec)
        matched = fnmatch.filter(reg, spec)
        if matched:
            return matched
        close = [t for t in reg if spec.lower() in t.lower()][:5]
        raise KeyError(f"unknown task or suite {spec!r}; suites: {suites()}"
                       + (f"; did you mean {close}?" if close else ""))
    if isinstance(spec, list | tuple):
        if not spec:
            raise ValueError("the task list is empty")
        ids: dict[str, None] = {}
        for item in spec:
            if not isinstance(item, str):
                raise ValueError(f"task list entries must be strings, got {item!r}")
            ids.update(dict.fromkeys(resolve_tasks(item)))
        return list(ids)
    raise ValueError(f"task must be a task id, a suite, a list of ids or None, got {spec!r}")


@functools.cache
def _system_written() -> tuple[Expectation, ...]:
    """``may_change`` for every installed app's ``system_written`` paths."""
    from . import checks as C
    from .kernel import installed_apps

    patterns = [f"apps.{m.id}.{path}" for m in installed_apps().manifests()
                for path in m.system_written]
    return (C.may_change(*patterns),) if patterns else ()
