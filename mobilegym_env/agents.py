"""The agent protocol and the built-in agents (``oracle``, ``random``, ``human``).

An agent is any object with two methods (subclassing :class:`Agent` is optional)::

    class MyAgent:
        wants_ui_tree = True                       # optional: info["ui_tree"] each step

        def reset(self, instruction: str, info: dict) -> None:
            ...                                    # a new episode starts

        def act(self, observation, info: dict) -> dict:
            return actions.tap(0.5, 0.5)           # a mobilegym_env.actions dict

``observation`` is the RGB frame (``uint8`` array, H x W x 3). ``info`` always holds
``instruction``, ``task_id``, ``seed``, ``step`` (steps taken so far) and ``max_steps``; with
``wants_ui_tree = True`` it also holds ``ui_tree`` (``device.ui_tree()``: role, text, id, bounds
in frame pixels, clickable...). The judge's verdict is never passed: it would give the answer
away. ``reset`` is called before every episode; an agent that keeps no state from one episode
to the next gives the same results however many workers run it.

``mobilegym eval --agent package.module:Factory`` (or ``path/to/file.py:Factory``) imports
``Factory`` and calls it with no arguments, once per worker process, to build the agent. A module
is looked up in the current folder first, then on ``sys.path`` (as ``python -m`` and pytest do).
Results name the agent briefly (see :func:`agent_names`): ``Factory``, or the ``name`` of the
agent a factory function builds.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from . import actions as A

# The per-episode facts an agent may see (the rest of the env's info is the judge's verdict).
PUBLIC_INFO = ("instruction", "task_id", "seed", "step", "max_steps")


class Agent:
    """Optional base class for agents.

    Attributes:
        name: Shown in result tables and output folders (for an agent a factory function
            builds, too; an agent class given by spec is shown by its class name).
        wants_ui_tree: ``info["ui_tree"]`` is filled on ``reset`` and every ``act``.
        privileged: For scripted baselines only: ``info`` also carries the live ``device``,
            the ``task`` object and the judge's ``verdict`` (the env's full info).
    """

    name = "agent"
    wants_ui_tree = False
    privileged = False

    def reset(self, instruction: str, info: dict[str, Any]) -> None:
        """A new episode starts; ``info`` as for :meth:`act` (``step`` is 0)."""

    def act(self, observation: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        """The next action for this frame."""
        raise NotImplementedError


class OracleAgent(Agent):
    """Replays the task's scripted oracle (privileged: it is given the task and the device);
    DONE once the script is over.

    The oracle sees the phone through an :class:`~mobilegym_env.oracle.OracleView`: the
    screen, as an agent does. What it reads beyond that is recorded in :attr:`peeks` (reset
    with each episode): the device's state or kernel, a parameter whose value the instruction
    does not state, an ANSWER that no UI tree it saw showed. A task whose oracle peeks proves
    less than that the screen suffices (the task audit, :mod:`mobilegym_env.audit`, names them).

    Args:
        strict: Refuse peeks at the device (``AttributeError``) instead of recording them.
    """

    name = "oracle"
    privileged = True

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self._plan: Iterator[dict[str, Any]] | None = None
        self._task: Any = None
        self._view: Any = None
        self._instruction = ""
        self._param_peeks: list[str] = []

    def reset(self, instruction: str, info: dict[str, Any]) -> None:
        from .oracle import OracleView

        self._task, self._instruction = info["task"], instruction
        self._view = OracleView(info["device"], strict=self.strict)
        self._param_peeks = []
        self._plan = self._task.oracle(self._view)

    @property
    def peeks(self) -> list[str]:
        """What the oracle read that the screen and the instruction do not give, in order."""
        return [] if self._view is None else self._view.peeks + self._param_peeks

    def act(self, observation: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        if self._plan is None:
            raise RuntimeError("OracleAgent.act before reset")
        params = self._task.params
        spy = _ParamsSpy(params, self._instruction, self._param_peeks)
        self._task.params = spy  # only the oracle's own reads go through the spy
        try:
            action = next(self._plan, None) or A.done()
        finally:
            self._task.params = params
        parsed = A.parse(action)
        if parsed.kind is A.ActionType.ANSWER:
            self._check_answer(parsed.text)
        return action

    def _check_answer(self, answer: str) -> None:
        """An ANSWER must be a value some screen showed, whole: "3" is not seen in "13:05"
        or in a phone number, and a count the oracle made by counting rows is not seen.
        (An answer that also holds a screen text of three characters or more passes: "1:17,
        that is 77 seconds" is arithmetic on what was shown.)"""
        said = " ".join(answer.casefold().split())
        if not said:
            return
        seen = [" ".join(s.casefold().split()) for s in self._view.seen]
        if not any(_whole_in(said, s) or (len(s) >= 3 and _whole_in(s, said)) for s in seen):
            self._param_peeks.append(f"answer {answer!r} not on any screen it saw")


def _whole_in(part: str, text: str) -> bool:
    """Whether ``part`` stands in ``text`` as a whole value (not inside a longer word or
    number: "3" is not in "13:05" or "3.5")."""
    return re.search(rf"(?<![\w.]){re.escape(part)}(?![\w]|\.\d)", text) is not None


class _ParamsSpy:
    """A task's params as its oracle reads them: a field whose value the instruction does not
    state is a peek (the oracle knows what the agent is not told)."""

    def __init__(self, params: Any, instruction: str, peeks: list[str]) -> None:
        object.__setattr__(self, "_params", params)
        object.__setattr__(self, "_told", instruction.casefold())
        object.__setattr__(self, "_peeks", peeks)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._params, name)
        if not name.startswith("_") and not _stated(value, self._told):
            peek = f"params.{name}"
            if peek not in self._peeks:
                self._peeks.append(peek)
        return value


def _stated(value: Any, told: str) -> bool:
    if isinstance(value, list | tuple | set | frozenset):
        return all(_stated(v, told) for v in value)
    if isinstance(value, bool) or value is None:
        return True  # a flag says how, not what
    if isinstance(value, str):  # an ISO date kept as text is a date, however written
        with contextlib.suppress(ValueError):
            value = datetime.date.fromisoformat(value)
    if isinstance(value, datetime.date):  # as instructions write dates: "March 5", "Mar 5"
        spellings = (f"{value:%B} {value.day}", f"{value:%b} {value.day}", value.isoformat())
        return any(s.casefold() in told for s in spellings)
    text = str(value).casefold()
    # "12×(3+4)" is stated by "12 × (3 + 4)": spacing is how it is written, not what
    return text in told or "".join(text.split()) in "".join(told.split())


class RandomAgent(Agent):
    """Random gestures from a generator seeded by each episode's seed: a lower bound.

    The mix is what a phone user does: mostly taps, then scrolls (vertical swipes in the
    middle of the screen), other swipes, typing, the system keys, long presses and, rarely,
    double taps and Enter. It never answers or gives up (DONE): episodes end on success or at
    the step budget.

    Args:
        seed: Used when ``info`` has no ``seed`` (the harness always gives one).
    """

    name = "random"
    WORDS = ("hello", "notes", "test", "meeting", "ok")
    # (cumulative probability, kind); the rest of [0, 1) is a long press
    MIX = ((0.55, "tap"), (0.63, "scroll"), (0.68, "swipe"), (0.75, "type"), (0.81, "back"),
           (0.84, "home"), (0.86, "recents"), (0.88, "enter"), (0.90, "double_tap"))

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def reset(self, instruction: str, info: dict[str, Any]) -> None:
        self.rng = np.random.default_rng(info.get("seed", self.seed))

    def act(self, observation: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        r = self.rng.random()
        x, y = (float(v) for v in self.rng.random(2))
        kind = next((k for p, k in self.MIX if r < p), "long_press")
        if kind == "tap":
            return A.tap(x, y)
        if kind == "scroll":
            y0, y1 = (0.7, 0.3) if self.rng.random() < 0.5 else (0.3, 0.7)
            return A.swipe(0.5, y0, 0.5, y1)
        if kind == "swipe":
            x1, y1 = (float(v) for v in self.rng.random(2))
            return A.swipe(x, y, x1, y1)
        if kind == "type":
            return A.type_text(str(self.rng.choice(self.WORDS)))
        if kind == "double_tap":
            return A.double_tap(x, y)
        if kind == "long_press":
            return A.long_press(x, y)
        return {"back": A.back, "home": A.home, "recents": A.recents, "enter": A.enter}[kind]()


def _human() -> Agent:
    from .play import HumanAgent  # pygame windows only when asked for

    return HumanAgent()


def _greedy() -> Agent:
    from .greedy import GreedyAgent  # it builds on Agent, defined here

    return GreedyAgent()


BUILTIN: dict[str, Callable[[], Any]] = {"oracle": OracleAgent, "random": RandomAgent,
                                          "greedy": _greedy, "human": _human}


def load_factory(spec: str) -> Callable[[], Any]:
    """The factory a spec names: a built-in name, ``package.module:Factory`` or
    ``path/to/file.py:Factory`` (``Factory`` may be dotted: ``module:Class.create``).

    Raises:
        ValueError: The spec is malformed or names nothing importable and callable.
    """
    if spec in BUILTIN:
        return BUILTIN[spec]
    if ":" not in spec:
        raise ValueError(f"unknown agent {spec!r}: use one of {sorted(BUILTIN)} or "
                         f"package.module:Factory")
    module_name, _, attr = spec.rpartition(":")
    try:
        module = import_module(module_name)
    except ValueError as err:
        raise ValueError(f"agent {spec!r}: {err}") from None
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"agent {spec!r}: {module_name!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise ValueError(f"agent {spec!r}: {attr!r} is not callable (a class or a function "
                         f"returning an agent)")
    return obj


def import_module(name: str) -> Any:
    """Imports a module given by name (looked up in the current folder first, then on
    ``sys.path``) or by file path (``path/to/file.py``).

    The current folder is put at the front of ``sys.path`` if it is not there (as pytest and
    uvicorn do), and stays there: the module's own later imports, and spawned worker processes
    (which copy ``sys.path``), must find the same files.

    Raises:
        ValueError: The module cannot be imported (one line saying where it was looked for).
    """
    try:
        return _import_file(name) if _is_path(name) else _import_name(name)
    except ValueError:
        raise
    except Exception as err:  # any import-time error is the module's problem
        raise ValueError(f"cannot import {name!r} ({type(err).__name__}: {err})") from None


def module_file(module_name: str) -> str | None:
    """The file a module was loaded from by :func:`import_module` given a path (such a module
    cannot be imported by its name elsewhere: a worker loads the file again), else None."""
    module = sys.modules.get(module_name)
    if module is None or not module_name.startswith(_FILE_PREFIX):
        return None
    return module.__file__


def canonical_spec(spec: str) -> str:
    """A spec as run.json records it: a file path made absolute (the same agent from another
    folder has the same spec), anything else as given."""
    module, colon, attr = spec.rpartition(":")
    return f"{Path(module).resolve()}:{attr}" if colon and _is_path(module) else spec


_FILE_PREFIX = "_mobilegym_file_"


def _is_path(name: str) -> bool:
    return name.endswith(".py") or "/" in name or os.sep in name


def _import_name(name: str) -> Any:
    cwd = os.getcwd()
    if not any(os.path.abspath(entry or os.curdir) == cwd for entry in sys.path):
        sys.path.insert(0, cwd)
    importlib.invalidate_caches()  # a module written since this process started is found
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        # only when the module itself is missing, not something it imports
        if err.name is None or not (name == err.name or name.startswith(err.name + ".")):
            raise
        raise ValueError(f"cannot import {name!r}: no module named {err.name!r} in the "
                         f"current folder ({cwd}) or on sys.path") from None


def _import_file(name: str) -> Any:
    path = Path(name).resolve()
    if not path.is_file():
        raise ValueError(f"cannot import {name!r}: no such file {path}")
    # one module per file, named after its path: a class in it pickles by reference, and a
    # file named twice (or by a spec and an --import) is loaded once
    module_name = _FILE_PREFIX + hashlib.sha1(str(path).encode()).hexdigest()[:12]
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


def make_agent(spec: str) -> Any:
    """Builds the agent a spec names (see :func:`load_factory`) and checks its protocol.

    Raises:
        ValueError: Unknown spec, or the factory failed or built no agent.
    """
    factory = load_factory(spec)
    try:
        agent = factory()
    except Exception as err:
        raise ValueError(f"agent {spec!r}: the factory raised {type(err).__name__}: {err}"
                         ) from None
    check_agent(agent, spec)
    return agent


def short_name(spec: str, agent: Any) -> str:
    """The name results give an agent built from a spec: a built-in's name; for a class,
    its name as the spec writes it (``my_agents:TapTheIcon`` -> ``TapTheIcon``); for a
    factory function, the built agent's ``name`` if it has one, else the function's name."""
    if spec in BUILTIN or ":" not in spec:
        return spec
    attr = spec.rpartition(":")[2]
    if not isinstance(load_factory(spec), type):
        own = getattr(agent, "name", None)
        # Agent.name's default says nothing about which agent it is
        if isinstance(own, str) and own.strip() and own != Agent.name:
            return own.strip()
    return attr


def agent_names(names: dict[str, str]) -> dict[str, str]:
    """Unique result names for agents given by spec: from ``{spec: short name}`` (see
    :func:`short_name`), ``{spec: name}`` where a name two specs share gets the module's stem
    in front (``llm_agent.make_agent``), and one that still clashes is the whole spec. The
    built-in agents keep their names."""
    out = dict(names)
    for rename in (_with_stem, lambda spec, name: spec):
        counts: dict[str, int] = {}
        for name in out.values():
            counts[name] = counts.get(name, 0) + 1
        out = {spec: rename(spec, name) if counts[name] > 1 and spec not in BUILTIN else name
               for spec, name in out.items()}
    return out


def _with_stem(spec: str, name: str) -> str:
    module = spec.rpartition(":")[0]
    stem = Path(module).stem if _is_path(module) else module.rpartition(".")[2]
    return f"{stem}.{name}"


def check_agent(agent: Any, name: str) -> None:
    """Raises ValueError unless ``agent`` has callable ``reset`` and ``act``."""
    missing = [m for m in ("reset", "act") if not callable(getattr(agent, m, None))]
    if missing:
        raise ValueError(f"agent {name!r} ({type(agent).__name__}) has no "
                         f"{' or '.join(missing)} method; an agent has reset(instruction, "
                         f"info) and act(observation, info)")
