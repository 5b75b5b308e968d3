"""Tasks: what an episode asks, how it is set up, judged, and solved by its oracle.

Modelled on AndroidWorld's ``TaskEval`` (template, params, initialize, is_successful) and
Minigrid's mission/generator/verifier. A task class lives in a suite module under ``tasks/``
and is found automatically; its id is ``"<suite>.<name>"``.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from .judge import Check, Verdict, verdict

if TYPE_CHECKING:
    from .device import Device


class Task:
    """Base class of every task.

    Subclasses set the class attributes and implement ``sample_params``, ``initialize``,
    ``checks`` and ``oracle``.

    Attributes:
        suite: Suite name (the module's name under ``tasks/``).
        name: Task name inside the suite.
        template: Instruction template, formatted with the params.
        max_steps: Episode length before truncation.
        split: ``"train"`` or ``"test"``.
        expected_changes: State paths (dotted prefixes) the task may change; any other change
            makes the episode unclean and so unsuccessful.
    """

    suite: ClassVar[str] = ""
    name: ClassVar[str] = ""
    template: ClassVar[str] = ""
    max_steps: ClassVar[int] = 20
    split: ClassVar[str] = "train"
    expected_changes: ClassVar[tuple[str, ...]] = ()

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params

    @classmethod
    def task_id(cls) -> str:
        return f"{cls.suite}.{cls.name}"

    @property
    def instruction(self) -> str:
        return self.template.format(**self.params)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> dict[str, Any]:
        """Draws the episode's parameters (only through ``rng``)."""
        return {}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        """Writes the episode's starting state (through kernel APIs)."""

    def checks(self, initial: dict[str, Any], final: dict[str, Any],
               answer: str | None) -> list[Check]:
        """The conditions that make the episode a success."""
        raise NotImplementedError

    def judge(self, initial: dict[str, Any], final: dict[str, Any],
              answer: str | None = None) -> Verdict:
        return verdict(self.checks(initial, final, answer), initial, final,
                       self.expected_changes)

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        """A scripted solver: yields public actions, reading ``device.ui_tree()`` each step."""
        raise NotImplementedError(f"{type(self).__name__} has no oracle")


@functools.cache
def registry() -> dict[str, type[Task]]:
    """Every task class under ``mobilegym_env.tasks``, by id (sorted)."""
    package = importlib.import_module("mobilegym_env.tasks")
    found: dict[str, type[Task]] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, Task) and obj.name and obj.suite:
                if obj.task_id() in found and found[obj.task_id()] is not obj:
                    raise ValueError(f"duplicate task id {obj.task_id()!r}")
                found[obj.task_id()] = obj
    return dict(sorted(found.items()))


def list_tasks(suite: str | None = None, split: str | None = None) -> list[str]:
    """Task ids, optionally of one suite and/or split."""
    reg = registry()
    if suite is not None and not any(t.suite == suite for t in reg.values()):
        raise KeyError(f"unknown suite {suite!r}; suites: {sorted({t.suite for t in reg.values()})}")
    if split is not None and split not in ("train", "test"):
        raise ValueError(f"split must be 'train' or 'test', got {split!r}")
    return [tid for tid, t in reg.items()
            if (suite is None or t.suite == suite) and (split is None or t.split == split)]


def resolve_tasks(spec: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """Task ids from a task id, a suite name, a list of ids, or None (all tasks)."""
    reg = registry()
    if spec is None:
        return list(reg)
    if isinstance(spec, str):
        if spec in reg:
            return [spec]
        if any(t.suite == spec for t in reg.values()):
            return list_tasks(suite=spec)
        raise KeyError(f"unknown task or suite {spec!r}; known tasks: {list(reg)}")
    if isinstance(spec, list | tuple):
        if not spec:
            raise ValueError("the task list is empty")
        ids: list[str] = []
        for item in spec:
            ids.extend(resolve_tasks(item) if isinstance(item, str) else _bad(item))
        return ids
    raise ValueError(f"task must be a task id, a suite, a list of ids or None, got {spec!r}")


def _bad(item: Any) -> list[str]:
    raise ValueError(f"task list entries must be strings, got {item!r}")
