"""Activity lifecycle (the spec's AppLifecycle): created / resumed / paused / destroyed.

The events are derived from the task stacks, so no code path that moves activities can forget
one: after every kernel operation the kernel compares which activities exist and which one is
in the foreground with what it saw last, and emits the difference in this order:

1. ``paused`` for the activity that was resumed and no longer is;
2. ``created`` for each new activity (in creation order);
3. ``resumed`` for the activity now in the foreground;
4. ``destroyed`` for each activity that is gone (finished, popped, its Task closed).

The foreground activity is the top of the active Task while Recents is closed (Recents, the
launcher and another Task pause it; the notification shade does not, as on Android). A new
intent delivered to the foreground activity (a notification's route pushed onto it, a
singleTask re-entry) pauses and resumes it, so apps see the page they were sent to.

Each activity's latest event (``"created"``, ``"resumed"``, ``"paused"``) is its ``state`` in
``os.tasks``; an app observes the events with its manifest's ``on_lifecycle(kernel, activity,
event)`` hook (for example Messages marks a conversation read when it comes to the front).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .task_manager import Activity, TaskManager

CREATED, RESUMED, PAUSED, DESTROYED = "created", "resumed", "paused", "destroyed"
EVENTS = (CREATED, RESUMED, PAUSED, DESTROYED)
LOG_SIZE = 100  # recent events kept for inspection (tests, debugging)


class Lifecycle:
    """Remembers the live activities and the resumed one between two syncs (volatile)."""

    def __init__(self) -> None:
        self._alive: dict[str, Activity] = {}
        self.resumed: str | None = None
        self._renew: str | None = None
        self.log: list[tuple[str, str, str]] = []  # (activity id, app id, event), oldest first

    def renew(self, activity_id: str) -> None:
        """A new intent reached ``activity_id``: if it stays in front, it is paused and
        resumed at the next sync."""
        self._renew = activity_id

    def sync(self, tasks: TaskManager, foreground: bool) -> list[tuple[Activity, str]]:
        """The events since the last sync, in order; updates each activity's ``state``.

        Args:
            tasks: The task stacks.
            foreground: False while a system surface (Recents) hides the active Task.
        """
        alive = {a.activity_id: a for t in tasks.tasks.values() for a in t.stack}
        top = tasks.top_activity if foreground else None
        now = top.activity_id if top is not None else None
        events: list[tuple[Activity, str]] = []
        renewed = self._renew is not None and self._renew == now == self.resumed
        self._renew = None
        if self.resumed is not None and (self.resumed != now or renewed):
            events.append((self._alive[self.resumed], PAUSED))
        events += sorted(((a, CREATED) for i, a in alive.items() if i not in self._alive),
                         key=lambda e: int(e[0].activity_id[1:]))
        if now is not None and (now != self.resumed or renewed):
            events.append((alive[now], RESUMED))
        events += [(a, DESTROYED) for i, a in self._alive.items() if i not in alive]
        for act, event in events:
            act.state = event
        self._alive, self.resumed = alive, now
        if events:
            self.log = [*self.log, *((a.activity_id, a.app_id, e) for a, e in events)][-LOG_SIZE:]
        return events
