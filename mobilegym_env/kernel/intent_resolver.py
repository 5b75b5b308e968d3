"""Intents: matching against manifest filters, the chooser, and dispatch into Tasks.

Matching follows Android's rules where the spec is silent: the action must be equal; a filter
that names a MIME type or scheme only matches intents that carry a matching one, and a filter
without them only matches intents without them. An explicit ``app_id`` skips matching.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .package_manager import IntentFilter, PackageManager
from .task_manager import HOME_ROUTE, Activity, TaskManager

RESULT_OK = "OK"
RESULT_CANCELED = "CANCELED"


@dataclass
class Intent:
    """A request to show or act on something, as posted by ``start_activity``.

    Attributes:
        action: e.g. ``"ACTION_VIEW"``, ``"ACTION_SEND"``.
        type: MIME type of the data (``"text/plain"``, ``"image/png"``).
        scheme: URL scheme (``"sms"``, ``"tel"``).
        data: Payload (extras) handed to the receiving activity.
        route: Caller-chosen target route; wins over the filter's route.
        app_id: Explicit target app; skips filter matching.
    """

    action: str | None = None
    type: str | None = None
    scheme: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    route: str | None = None
    app_id: str | None = None

    @classmethod
    def coerce(cls, value: Intent | dict[str, Any]) -> Intent:
        """Accepts an Intent or a plain dict with the same keys."""
        if isinstance(value, Intent):
            return value
        if not isinstance(value, dict):
            raise ValueError(f"an intent must be an Intent or a dict, got {type(value).__name__}")
        unknown = set(value) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown intent fields {sorted(unknown)}")
        intent = cls(**value)
        if intent.action is None and intent.app_id is None:
            raise ValueError("an intent needs an action or an explicit app_id")
        return intent

    def payload(self) -> dict[str, Any]:
        return {"action": self.action, "type": self.type, "scheme": self.scheme, "data": self.data}


def mime_matches(pattern: str, mime: str) -> bool:
    """True when two MIME types match, either side may use ``*`` wildcards."""
    p_major, _, p_minor = pattern.partition("/")
    m_major, _, m_minor = mime.partition("/")
    major_ok = "*" in (p_major, m_major) or p_major == m_major
    minor_ok = "*" in (p_minor, m_minor) or p_minor == m_minor
    return major_ok and minor_ok


def filter_matches(f: IntentFilter, intent: Intent) -> bool:
    if f.action != intent.action:
        return False
    if (f.scheme is None) != (intent.scheme is None) or (f.scheme and f.scheme != intent.scheme):
        return False
    if (f.type is None) != (intent.type is None):
        return False
    return not (f.type and intent.type and not mime_matches(f.type, intent.type))


@dataclass
class Chooser:
    """The chooser sheet shown when several apps can handle one intent."""

    intent: Intent
    candidates: list[tuple[str, IntentFilter]]
    new_task: bool
    caller_task_id: str | None
    callback: Callable[..., Any] | None = None
    caller_app_id: str | None = None

    def to_state(self, packages: PackageManager) -> dict[str, Any]:
        return {
            "action": self.intent.action,
            "candidates": [
                {"app_id": a, "label": f.description or packages.manifest(a).name}
                for a, f in self.candidates
            ],
        }


class IntentResolver:
    """Resolves intents and routes them into the Task/Activity model."""

    def __init__(self, tasks: TaskManager, packages: PackageManager) -> None:
        self.tasks = tasks
        self.packages = packages
        self.chooser: Chooser | None = None

    def resolve(self, intent: Intent) -> list[tuple[str, IntentFilter]]:
        """All (app id, filter) pairs that can receive the intent, one per app."""
        if intent.app_id is not None:
            manifest = self.packages.manifest(intent.app_id)
            # an explicit intent with an action uses the matching filter (its route and launch
            # mode); without one it starts the app's home route
            for f in manifest.intent_filters:
                if intent.action is not None and filter_matches(f, intent):
                    return [(manifest.id, f)]
            return [(manifest.id, IntentFilter(action=intent.action or "", route=HOME_ROUTE))]
        matches: list[tuple[str, IntentFilter]] = []
        for manifest in self.packages.manifests():
            for f in manifest.intent_filters:
                if filter_matches(f, intent):
                    matches.append((manifest.id, f))
                    break
        return matches

    def dispatch(
        self,
        app_id: str,
        f: IntentFilter,
        intent: Intent,
        new_task: bool,
        caller_task_id: str | None,
        for_result: bool = False,
    ) -> Activity:
        """Starts the receiver per its launch mode; returns the activity that now shows it.

        A start for a result always pushes a new activity onto the caller's Task, whatever
        the filter's launch mode or ``new_task`` say: the result must come back to the task
        that waits for it, and a singleTask receiver's own Task (with its root activity and
        any callback it holds) is left alone.
        """
        base_route = intent.route or f.route or HOME_ROUTE
        payload = intent.payload()
        target = self.tasks.task_for_app(app_id)
        caller = caller_task_id if caller_task_id != (target.task_id if target else None) else None
        if for_result and caller_task_id is not None:
            new_task, launch_mode = False, "standard"
        else:
            launch_mode = f.launch_mode

        if launch_mode == "singleTask":
            history = [HOME_ROUTE] if base_route == HOME_ROUTE else [HOME_ROUTE, base_route]
            if target is None:
                task = self.tasks.create_task(app_id, history, caller, intent=payload)
                return task.top
            del target.stack[1:]
            root = target.stack[0]
            root.intent = payload  # delivered to the root; apps poll ctx.intent
            root.pop_to_root(HOME_ROUTE)
            if base_route != HOME_ROUTE:
                root.push(base_route)
            # launched_by_task_id is only set when a Task is created (cross-app-launch.md,
            # Task Lifetime); re-entering an existing Task keeps its back-stack origin.
            self.tasks.activate(target.task_id)
            return root

        if not new_task and caller_task_id is not None:
            task = self.tasks.tasks[caller_task_id]
            act = self.tasks.new_activity(app_id, [base_route], payload)
            self.tasks.push_activity(task, act)
            self.tasks.activate(task.task_id)
            return act
        if target is None:
            return self.tasks.create_task(app_id, [base_route], caller, intent=payload).top
        # The pushed Activity (not the Task) points back at the caller: finishing it returns
        # there (cross-app-launch.md, finishActivity "Stack > 1").
        act = self.tasks.new_activity(app_id, [base_route], payload)
        act.launched_by_task_id = caller
        self.tasks.push_activity(target, act)
        self.tasks.activate(target.task_id)
        return act
