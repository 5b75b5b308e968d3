"""Volatile notification queue with a timed heads-up banner."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .clock import VirtualClock

# How long a heads-up banner stays on screen, in virtual milliseconds.
HEADS_UP_MS = 5000
MAX_ACTIONS = 3


@dataclass
class Notification:
    """One posted notification."""

    id: int
    app_id: str
    title: str
    body: str
    route: str | None
    posted_ms: int
    read: bool = False
    # buttons of the expanded notification: {"label", and "route" (opens the app there) or
    # "broadcast" (sent with "extras" to the app's receivers)}, as PendingIntents are
    actions: list[dict[str, Any]] = dataclasses.field(default_factory=list)


def _check_str(name: str, value: Any, *, allow_empty: bool = True) -> None:
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a str, got {type(value).__name__}")
    if not allow_empty and not value:
        raise ValueError(f"{name} must not be empty")


def _check_actions(actions: Any) -> list[dict[str, Any]]:
    if not isinstance(actions, (list, tuple)) or len(actions) > MAX_ACTIONS:
        raise ValueError(f"actions must be a list of at most {MAX_ACTIONS} dicts, got {actions!r}")
    checked = []
    for a in actions:
        if not isinstance(a, dict) or set(a) - {"label", "route", "broadcast", "extras"}:
            raise ValueError(f"a notification action is a dict with label and route or "
                             f"broadcast (and extras), got {a!r}")
        _check_str("action label", a.get("label"), allow_empty=False)
        if ("route" in a) == ("broadcast" in a):
            raise ValueError(f"a notification action needs a route or a broadcast, got {a!r}")
        _check_str("action target", a.get("route", a.get("broadcast")), allow_empty=False)
        if not isinstance(a.get("extras", {}), dict):
            raise ValueError(f"action extras must be a dict, got {a['extras']!r}")
        checked.append(copy.deepcopy(a))
    return checked


class NotificationService:
    """Notification shade contents (volatile: a reboot clears it).

    Args:
        clock: The device clock, used for timestamps and heads-up expiry.
        allowed: Whether an app may post (Settings' per-app switch); None allows every app.
    """

    def __init__(self, clock: VirtualClock,
                 allowed: Callable[[str], bool] | None = None) -> None:
        self._clock = clock
        self._allowed = allowed
        self._items: list[Notification] = []  # oldest first; ``items`` reverses
        self._next_id = 1
        self._heads_up_id: int | None = None

    def post(
        self,
        app_id: str,
        title: str,
        body: str = "",
        route: str | None = None,
        heads_up: bool = True,
        actions: list[dict[str, Any]] | tuple[dict[str, Any], ...] = (),
    ) -> int:
        """Post a notification.

        Args:
            app_id: The posting app.
            title: Title line.
            body: Body text.
            route: Route to open in ``app_id`` when tapped (None opens the app as is).
            heads_up: Whether to show it as a heads-up banner.
            actions: Up to three buttons, each ``{"label": str, "route": str}`` (opens
                ``app_id`` at that route) or ``{"label": str, "broadcast": str, "extras":
                dict}`` (sends that broadcast); a tapped action dismisses the notification.

        Returns:
            The new notification id (ids increase from 1). An app whose notifications are
            turned off gets an id too, but nothing is shown (as on Android).
        """
        _check_str("app_id", app_id, allow_empty=False)
        _check_str("title", title)
        _check_str("body", body)
        if route is not None:
            _check_str("route", route)
        if not isinstance(heads_up, bool):
            raise ValueError(f"heads_up must be a bool, got {heads_up!r}")
        checked = _check_actions(actions)
        nid = self._next_id
        self._next_id += 1
        if self._allowed is not None and not self._allowed(app_id):
            return nid
        self._items.append(Notification(nid, app_id, title, body, route, self._clock.now_ms(),
                                        actions=checked))
        if heads_up:
            self._heads_up_id = nid
        return nid

    def _find(self, notification_id: int) -> Notification:
        for item in self._items:
            if item.id == notification_id:
                return item
        raise KeyError(f"no notification with id {notification_id!r}")

    @property
    def heads_up(self) -> Notification | None:
        """The visible heads-up notification, or None once it expired or was dismissed."""
        if self._heads_up_id is None:
            return None
        try:
            item = self._find(self._heads_up_id)
        except KeyError:
            return None
        if self._clock.now_ms() - item.posted_ms >= HEADS_UP_MS:
            return None
        return dataclasses.replace(item)

    def dismiss_heads_up(self) -> None:
        """Hide the heads-up banner; the notification stays in the shade."""
        self._heads_up_id = None

    def dismiss(self, notification_id: int) -> None:
        """Remove one notification (KeyError if unknown)."""
        item = self._find(notification_id)
        self._items.remove(item)
        if self._heads_up_id == notification_id:
            self._heads_up_id = None

    def clear_all(self) -> None:
        """Remove every notification."""
        self._items.clear()
        self._heads_up_id = None

    @property
    def items(self) -> list[Notification]:
        """Copies of all notifications, newest first."""
        return [dataclasses.replace(n) for n in reversed(self._items)]

    def get(self, notification_id: int) -> Notification:
        """Return a copy of one notification (KeyError if unknown)."""
        return dataclasses.replace(self._find(notification_id))

    def mark_read(self, notification_id: int) -> None:
        """Mark one notification as read (KeyError if unknown)."""
        self._find(notification_id).read = True

    def state(self) -> dict[str, Any]:
        """Return a JSON-serializable snapshot (items newest first)."""
        current = self.heads_up
        return {
            "items": [dataclasses.asdict(n) for n in reversed(self._items)],
            "heads_up_id": None if current is None else current.id,
        }
