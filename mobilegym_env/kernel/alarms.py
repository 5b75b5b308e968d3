"""The alarm service (Android's ``AlarmManager``): wake an app at a virtual time.

An app schedules an alarm under a key of its own (``set``); when the virtual clock reaches
the alarm's time (in ``Kernel.tick``), the alarm is removed and its broadcast is sent, so the
app's manifest receiver for that action runs, e.g. to post a notification or show a
full-screen alert. Setting the same (app, key) again replaces the alarm, as a PendingIntent
with the same request code does. Alarms that fall due in one tick fire in time order (ties in
the order they were set).

Unlike Android, where alarms die with a reboot, alarms here are persisted with the device
(they survive ``reboot()``). They are not in the factory image, though: they depend on the
boot time (each reset starts at its own date) and on the data a task writes. So, as on
Android's ``BOOT_COMPLETED``, an app arms the alarms its data needs (factory alarms, default
events' reminders) in its manifest's ``on_boot(kernel)``, which the kernel runs once per
boot, after a task's ``initialize`` (``Kernel.complete_boot``).

An alarm set with ``alarm_clock=True`` is a user's alarm clock (Android's
``AlarmManager.setAlarmClock``): only those count for ``next_alarm_clock()``, which the
status bar's alarm icon shows, so a running timer, a calendar reminder or an app's
internal deadline does not light the icon. Clock marks its alarms (snoozed ones included,
as Android's DeskClock does) and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Alarm:
    """One scheduled wake-up: ``action`` is broadcast with ``extras`` at ``at_ms``."""

    app_id: str
    key: str
    at_ms: int
    action: str
    extras: dict[str, Any] = field(default_factory=dict)
    seq: int = 0
    alarm_clock: bool = False

    def to_state(self) -> dict[str, Any]:
        return {"app_id": self.app_id, "key": self.key, "at_ms": self.at_ms,
                "action": self.action, "extras": dict(self.extras),
                "alarm_clock": self.alarm_clock}


def _check_str(name: str, value: Any) -> None:
    if not isinstance(value, str) or not value:
        raise ValueError(f"alarm {name} must be a non-empty str, got {value!r}")


class AlarmService:
    """Scheduled alarms, keyed by (app id, key)."""

    def __init__(self) -> None:
        self._alarms: dict[tuple[str, str], Alarm] = {}
        self._seq = 0
        self._state: list[dict[str, Any]] | None = None  # state(), until the next change

    def set(self, app_id: str, key: str, at_ms: int, action: str,
            extras: dict[str, Any] | None = None, alarm_clock: bool = False) -> None:
        """Schedules (or replaces) the app's alarm ``key`` to broadcast ``action`` at ``at_ms``.

        An alarm set in the past fires on the next tick. ``alarm_clock`` marks a user's alarm
        clock (``setAlarmClock``): the status bar shows the alarm icon while one is set.

        Raises:
            ValueError: A bad app id, key, time, action or extras (nothing changes).
        """
        _check_str("app_id", app_id)
        _check_str("key", key)
        _check_str("action", action)
        if isinstance(at_ms, bool) or not isinstance(at_ms, int):
            raise ValueError(f"alarm at_ms must be an int (epoch ms), got {at_ms!r}")
        if extras is not None and not isinstance(extras, dict):
            raise ValueError(f"alarm extras must be a dict, got {type(extras).__name__}")
        if not isinstance(alarm_clock, bool):
            raise ValueError(f"alarm alarm_clock must be a bool, got {alarm_clock!r}")
        self._seq += 1
        self._alarms[(app_id, key)] = Alarm(app_id, key, at_ms, action, dict(extras or {}),
                                           self._seq, alarm_clock)
        self._state = None

    def cancel(self, app_id: str, key: str) -> bool:
        """Cancels the app's alarm ``key``; returns whether there was one."""
        if self._alarms.pop((app_id, key), None) is None:
            return False
        self._state = None
        return True

    def cancel_all(self, app_id: str) -> int:
        """Cancels every alarm of the app; returns how many."""
        keys = [k for k in self._alarms if k[0] == app_id]
        for k in keys:
            del self._alarms[k]
        if keys:
            self._state = None
        return len(keys)

    def get(self, app_id: str, key: str) -> Alarm | None:
        """The app's alarm ``key``, if scheduled."""
        return self._alarms.get((app_id, key))

    def of_app(self, app_id: str) -> list[Alarm]:
        """The app's scheduled alarms, soonest first."""
        return sorted((a for a in self._alarms.values() if a.app_id == app_id),
                      key=lambda a: (a.at_ms, a.seq))

    def next_at(self) -> int | None:
        """The time of the next alarm of any app (alarm clock or not), or None."""
        return min((a.at_ms for a in self._alarms.values()), default=None)

    def next_alarm_clock(self) -> Alarm | None:
        """The soonest alarm set as an alarm clock (Android's ``getNextAlarmClock``), or None:
        what the status bar's alarm icon shows."""
        return min((a for a in self._alarms.values() if a.alarm_clock),
                   key=lambda a: (a.at_ms, a.seq), default=None)

    def pop_due(self, now_ms: int) -> list[Alarm]:
        """Removes and returns the alarms due at ``now_ms``, in the order they fire."""
        if not self._alarms or min(a.at_ms for a in self._alarms.values()) > now_ms:
            return []
        due = sorted((a for a in self._alarms.values() if a.at_ms <= now_ms),
                     key=lambda a: (a.at_ms, a.seq))
        for a in due:
            del self._alarms[(a.app_id, a.key)]
        self._state = None
        return due

    def state(self) -> list[dict[str, Any]]:
        """Every scheduled alarm, soonest first (plain data; the same list until the next
        change: read-only)."""
        if self._state is None:
            self._state = [a.to_state() for a in sorted(self._alarms.values(),
                                                          key=lambda a: (a.at_ms, a.seq))]
        return self._state

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_state": None}  # a cache: snapshots leave it out

