"""Tasks and activities (the spec's TaskManager): volatile, reset by a reboot.

A Task is the chain of Activities the user backed into in order; each Activity wraps one app's
route history (the MemoryRouter of the original), whose last entry is the visible route.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

HOME_ROUTE = "/"


@dataclass
class Activity:
    """One app screen stack inside a Task.

    Attributes:
        activity_id: Unique id (``"a1"``, ``"a2"``, ...).
        app_id: The app this activity shows.
        history: Route history; the last entry is the visible route.
        intent: Payload delivered by the intent that started it (``None`` for launcher starts).
        result_callback: For ``start_activity_for_result``: called with the result on finish.
        result: Set by ``set_result`` before the activity finishes.
        launched_by_task_id: One-shot caller pointer of an Activity pushed onto another app's
            existing Task by ``start_activity(new_task=True)``; finishing it returns there.
        ui: Volatile per-activity UI state (text-field values, scroll offsets, focus).
        field_keys: The ``ui`` keys that are text fields (their non-empty values are the
            activity's unsaved ``drafts`` in its state).
        state: Its latest lifecycle event: ``"created"``, ``"resumed"``, ``"paused"`` (or
            ``"destroyed"`` once gone); see ``kernel.lifecycle``.
    """

    activity_id: str
    app_id: str
    history: list[str]
    intent: dict[str, Any] | None = None
    result_callback: Callable[..., Any] | None = None
    caller_app_id: str | None = None
    result: dict[str, Any] | None = None
    launched_by_task_id: str | None = None
    ui: dict[str, Any] = field(default_factory=dict)
    state: str = "created"
    field_keys: set[str] = field(default_factory=set)

    @property
    def route(self) -> str:
        return self.history[-1]

    def push(self, route: str) -> None:
        _check_route(route)
        self.history.append(route)

    def replace(self, route: str) -> None:
        _check_route(route)
        self.history[-1] = route

    def pop(self) -> bool:
        """Pops one route; False (and no change) when only one remains."""
        if len(self.history) <= 1:
            return False
        self.history.pop()
        return True

    def pop_to_root(self, root: str = HOME_ROUTE) -> None:
        self.history[:] = [root]

    def to_state(self) -> dict[str, Any]:
        return {
            "activity_id": self.activity_id,
            "app_id": self.app_id,
            "route": self.route,
            "history": list(self.history),
            "intent": _plain(self.intent),
            "for_result": self.result_callback is not None,
            "launched_by_task_id": self.launched_by_task_id,
            "state": self.state,
            # text typed but not saved (runtime: never collateral, readable by judges)
            "drafts": {k: str(self.ui[k]) for k in sorted(self.field_keys) if self.ui.get(k)},
        }


@dataclass
class Task:
    """A Task: one entry in Recents. ``stack[-1]`` is the visible activity."""

    task_id: str
    root_app_id: str
    stack: list[Activity]
    launched_by_task_id: str | None = None
    was_externally_routed: bool = False

    @property
    def top(self) -> Activity:
        return self.stack[-1]

    def to_state(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "root_app_id": self.root_app_id,
            "launched_by_task_id": self.launched_by_task_id,
            "was_externally_routed": self.was_externally_routed,
            "stack": [a.to_state() for a in self.stack],
        }


def _check_route(route: object) -> None:
    if not isinstance(route, str) or not route.startswith("/"):
        raise ValueError(f"a route must be a string starting with '/', got {route!r}")


def _plain(value: Any) -> Any:
    """Keeps only JSON-friendly data (intent payloads may carry anything)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return repr(value)


class TaskManager:
    """Holds every Task, which one is active, and the Recents order."""

    def __init__(self) -> None:
        self.tasks: dict[str, Task] = {}
        self.active_task_id: str | None = None
        self.recents: list[str] = []  # most recently active first
        self._next_task = 1
        self._next_activity = 1

    # ----- queries
    @property
    def active_task(self) -> Task | None:
        return self.tasks.get(self.active_task_id) if self.active_task_id else None

    @property
    def top_activity(self) -> Activity | None:
        task = self.active_task
        return task.top if task else None

    def task_for_app(self, app_id: str) -> Task | None:
        """The app's own Task (affinity = app id: one Task per app root)."""
        for task in self.tasks.values():
            if task.root_app_id == app_id:
                return task
        return None

    def find_activity(self, activity_id: str) -> tuple[Task, Activity] | None:
        for task in self.tasks.values():
            for act in task.stack:
                if act.activity_id == activity_id:
                    return task, act
        return None

    # ----- reducer-level operations (LAUNCH_APP, PUSH_ACTIVITY, POP_ACTIVITY, ...)
    def new_activity(self, app_id: str, history: list[str], intent: dict | None = None) -> Activity:
        for route in history:
            _check_route(route)
        act = Activity(f"a{self._next_activity}", app_id, list(history), intent)
        self._next_activity += 1
        return act

    def create_task(
        self,
        app_id: str,
        history: list[str],
        launched_by_task_id: str | None = None,
        externally_routed: bool = False,
        intent: dict | None = None,
    ) -> Task:
        """Creates a Task with a root activity and makes it active."""
        root = self.new_activity(app_id, history, intent)
        task = Task(f"t{self._next_task}", app_id, [root], launched_by_task_id, externally_routed)
        self._next_task += 1
        self.tasks[task.task_id] = task
        self.activate(task.task_id)
        return task

    def push_activity(self, task: Task, activity: Activity) -> None:
        task.stack.append(activity)

    def activate(self, task_id: str) -> None:
        if task_id not in self.tasks:
            raise KeyError(f"unknown task {task_id!r}")
        self.active_task_id = task_id
        if task_id in self.recents:
            self.recents.remove(task_id)
        self.recents.insert(0, task_id)

    def go_home(self) -> None:
        self.active_task_id = None

    def close_task(self, task_id: str) -> Task:
        """Destroys a Task (Recents swipe-away or ``close_app``)."""
        task = self.tasks.pop(task_id)
        self.recents.remove(task_id)
        if self.active_task_id == task_id:
            self.active_task_id = None
        for other in self.tasks.values():
            if other.launched_by_task_id == task_id:
                other.launched_by_task_id = None
        return task

    def launch_app(self, app_id: str) -> Task:
        """LAUNCH_APP from the launcher: reactivate the app's Task or create one at ``/``.

        A launcher start has no caller, so a reactivated Task forgets its caller, except a Task
        created by ``open_app(id, route)``, which keeps the original caller relationship.
        """
        task = self.task_for_app(app_id)
        if task is None:
            return self.create_task(app_id, [HOME_ROUTE])
        if not task.was_externally_routed:
            task.launched_by_task_id = None
        self.activate(task.task_id)
        return task

    def state(self) -> dict[str, Any]:
        return {
            "active_task_id": self.active_task_id,
            "recents": list(self.recents),
            "tasks": [t.to_state() for t in self.tasks.values()],
        }
