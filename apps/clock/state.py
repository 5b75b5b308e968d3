"""Clock's persisted data store: alarms, timers, the stopwatch, world-clock cities, bedtime
and settings; one ``next_id`` counter for every record (alarms, timers, cities, laps).

An alarm is ``{"id", "hour", "minute", "label", "days", "enabled", "sound", "vibrate",
"ringing", "snoozed_until_ms"}``: ``days`` are day names in the order ``Sun`` .. ``Sat``
(empty: a one-time alarm); ``ringing`` is True from the moment it goes off until it is
dismissed or snoozed; ``snoozed_until_ms`` is when a snoozed alarm rings again (else None).

A timer is ``{"id", "label", "duration_ms", "state", "remaining_ms", "end_ms"}``: ``state`` is
``"idle"`` (set, not started), ``"running"`` (it ends at ``end_ms`` on the virtual clock),
``"paused"`` (``remaining_ms`` left) or ``"expired"`` (its time is up; it rings until stopped).
The stopwatch is ``{"state", "start_ms", "accumulated_ms", "laps"}``: elapsed time is
``accumulated_ms`` plus, while ``"running"``, the time since ``start_ms``; a lap is ``{"id",
"lap_ms", "total_ms"}``, newest last. Times are virtual-clock milliseconds, so a snapshot
restores every countdown exactly.
"""

from __future__ import annotations

from typing import Any

DAYS = ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"]
WEEKEND = ["Sun", "Sat"]
SOUNDS = ("Bright Morning", "Cuckoo Clock", "Early Twilight", "Full of Wonder", "Gentle Breeze",
          "Icicles", "Jump Start", "Loose Change", "Rolling Fog", "Spokes", "Sunshower")
DEFAULT_SOUND = "Bright Morning"

# (hour, minute, label, days, enabled): near-duplicate times (04:30 / 04:45 / 14:30) are decoys
ALARMS: tuple[tuple[int, int, str, list[str], bool], ...] = (
    (4, 30, "Flight", [], False),
    (4, 45, "", [], False),
    (6, 30, "Work", WEEKDAYS, True),
    (7, 15, "", DAYS, False),
    (8, 0, "Pills", list(DAYS), True),
    (9, 0, "Weekend run", WEEKEND, True),
    (14, 30, "Pick up kids", ["Mon", "Wed", "Fri"], False),
    (17, 45, "Gym", ["Tue", "Thu"], True),
    (22, 0, "", [], False),
)
CITIES = ("London", "New York")


def alarm_record(alarm_id: int, hour: int, minute: int, label: str = "",
                 days: list[str] | tuple[str, ...] = (), enabled: bool = True,
                 sound: str = DEFAULT_SOUND, vibrate: bool = True) -> dict[str, Any]:
    """A new alarm record (the fields every alarm has)."""
    return {"id": alarm_id, "hour": hour, "minute": minute, "label": label,
            "days": [d for d in DAYS if d in days], "enabled": enabled, "sound": sound,
            "vibrate": vibrate, "ringing": False, "snoozed_until_ms": None}


def initial_state() -> dict[str, Any]:
    """Factory data: nine alarms (four on), two world-clock cities, bedtime off."""
    alarms = [alarm_record(i + 1, h, m, label, days, on, vibrate=i != 6)
              for i, (h, m, label, days, on) in enumerate(ALARMS)]
    cities = [{"id": 20 + i, "name": name} for i, name in enumerate(CITIES)]
    return {
        "alarms": alarms,
        "timers": [],
        "stopwatch": {"state": "idle", "start_ms": None, "accumulated_ms": 0, "laps": []},
        "cities": cities,
        "bedtime": {"enabled": False, "bed_hour": 23, "bed_minute": 0, "wake_hour": 7,
                    "wake_minute": 0, "days": list(DAYS)},
        "settings": {"clock_style": "Digital", "home_clock": True, "home_zone": "London",
                     "snooze_minutes": 10, "silence_after_minutes": 10},
        "next_id": 30,
    }
