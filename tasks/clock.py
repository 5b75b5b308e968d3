"""Clock suite: alarms, timers, the stopwatch, the world clock, bedtime and settings.

Every task starts in Clock (on the Alarm tab unless it says otherwise). Tasks that need their
own data (which alarms are on, a running timer, the cities shown) write it in ``initialize``;
``checks`` find those records again in the initial state. Time-dependent answers (the next
alarm, the time in a city) are computed from the initial state's clock, and oracles stay
short, since every action advances the virtual clock (``env.ACTION_MS``). The clock runs on
while an agent works, so an alarm that happens to go off mid-episode may ring (its
``ringing`` / ``snoozed_until_ms`` fields change) without making the episode unclean.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.clock import model
from mobilegym_env.apps.clock.state import DAYS, SOUNDS, WEEKDAYS, WEEKEND
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation, Judged
from mobilegym_env.task import Start, Task

ALARMS = "apps.clock.alarms"
TIMERS = "apps.clock.timers"
CITIES = "apps.clock.cities"
MIN_MS = 60_000
Action = dict[str, Any]
RINGS = C.may_change(f"{ALARMS}[id=*].ringing", f"{ALARMS}[id=*].snoozed_until_ms")
DAY_WORDS = {"Sun": "Sunday", "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday",
             "Thu": "Thursday", "Fri": "Friday", "Sat": "Saturday"}
LABELS = ("Gym", "Yoga", "Meds", "Swim", "Standup", "School run", "Walk the dog", "Piano",
          "Laundry", "Call Mom")


# --------------------------------------------------------------------------- reading state
def _store(device: Device) -> dict[str, Any]:
    return device.kernel.app_state("clock")


def _alarms(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["apps"]["clock"]["alarms"]


def _record(records: Sequence[dict[str, Any]], rid: int) -> dict[str, Any]:
    found = next((r for r in records if r["id"] == rid), None)
    if found is None:
        raise ValueError(f"no record with id {rid}")
    return found


def _labelled(device: Device, label: str) -> dict[str, Any]:
    found = [a for a in _store(device)["alarms"] if a["label"] == label]
    if len(found) != 1:
        raise ValueError(f"want one alarm labelled {label!r}, found {len(found)}")
    return found[0]


def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _sample(rng: np.random.Generator, items: Sequence[Any], k: int) -> list[Any]:
    return [items[i] for i in sorted(rng.choice(len(items), size=k, replace=False))]


def _hm(hour: int, minute: int) -> str:
    return model.time_text(hour, minute)


def _days_text(days: Sequence[str]) -> str:
    """How an instruction names repeat days: "on weekdays", "every day", "on Mondays and
    Thursdays"."""
    summary = model.days_summary(list(days))
    if summary in ("Weekdays", "Weekends"):
        return "on " + summary.lower()
    if summary == "Every day":
        return "every day"
    names = [DAY_WORDS[d] + "s" for d in DAYS if d in days]
    return "on " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])


def _now(state: dict[str, Any]) -> tuple[int, int]:
    t = state["os"]["time"]
    return t["now_ms"], t["tz_offset_minutes"]


class _IsSet(C.Matcher):
    """A value that is not None."""

    def __call__(self, value: Any) -> bool:
        return value is not None

    def describe(self) -> str:
        return "set (not None)"


# --------------------------------------------------------------------------- oracle helpers
def _overlaps(a: Sequence[int], b: Sequence[int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _reach(device: Device, node_id: str) -> Iterator[Action]:
    """Scrolls until the node is in view and not under the floating + button; returns it."""
    n = yield from O.scroll_to(device, id=node_id)
    for _ in range(4):
        fab = O.find(device, id="fab")
        if fab is None or not _overlaps(n["bounds"], fab["bounds"]):
            break
        yield A.swipe(0.5, 0.62, 0.5, 0.45)
        n = O.node(device, id=node_id)
    return n


def _tab(device: Device, label: str, marker: str) -> Iterator[Action]:
    """Shows a tab (unless the node ``marker`` already says it is shown)."""
    if O.find(device, id=marker) is None:
        yield O.tap(device, text=label, role="tab")


def _expand(device: Device, aid: int) -> Iterator[Action]:
    yield from _tab(device, "Alarm", "alarms")
    n = yield from _reach(device, f"alarm:{aid}:expand")
    if n["text"] == "Expand alarm":
        yield O.tap(device, n)


def _tap_part(device: Device, aid: int, part: str) -> Iterator[Action]:
    """Taps a control of an alarm's expanded card (``day:Mon``, ``label``, ``delete``...)."""
    yield from _expand(device, aid)
    n = yield from _reach(device, f"alarm:{aid}:{part}")
    yield O.tap(device, n)


def _parse_hm(text: str) -> tuple[int, int]:
    """ "1:35 PM" (or "13:35") -> (13, 35): a time as the screen or the instruction writes it."""
    m = re.fullmatch(r"(\d{1,2}):(\d{2})(?:\s*([AP]M))?", text.strip())
    if m is None:
        raise O.OracleError(f"not a time: {text!r}")
    hour, minute = int(m[1]), int(m[2])
    if m[3]:
        hour = hour % 12 + (12 if m[3] == "PM" else 0)
    return hour, minute


def _days_of(text: str) -> list[str]:
    """The days an alarm card's summary ("Weekdays", "Mon, Thu") or an instruction ("on
    weekdays", "every day", "on Mondays and Thursdays") names; none for a one-time alarm."""
    low = text.casefold()
    if "every day" in low:
        return list(DAYS)
    if "weekday" in low:
        return list(WEEKDAYS)
    if "weekend" in low:
        return list(WEEKEND)
    return [d for d in DAYS if re.search(rf"\b{d.casefold()}", low)]


def _alarm_card(device: Device, label: str | None = None,
                time: str | None = None) -> Iterator[Action]:
    """On the Alarm tab: scrolls to the card showing ``label`` (or the time ``time``) and
    returns the alarm's number as its card's node ids name it (``alarm:<n>``)."""
    yield from _tab(device, "Alarm", "alarms")
    part, want = (":label_text", label) if label is not None else (":time", time)

    def is_it(n: dict[str, Any]) -> bool:
        nid = n["id"] or ""
        return nid.startswith("alarm:") and nid.endswith(part) and n["text"] == want
    n = yield from O.scroll_to(device, where=is_it)
    return int(n["id"].split(":")[1])


def _alarm_cards(device: Device) -> Iterator[Action]:
    """Scrolls the alarm list from top to bottom; returns each alarm's card as seen:
    ``{n: (time, summary, switched on)}``."""
    yield from _tab(device, "Alarm", "alarms")
    seen: dict[int, tuple[str, str, bool]] = {}
    last = None
    for _ in range(12):
        shown = []
        for n in device.ui_tree():
            m = re.fullmatch(r"alarm:(\d+):switch", n["id"] or "")
            if m is not None:
                aid = int(m[1])
                shown.append(aid)
                time = O.find(device, id=f"alarm:{aid}:time")
                summary = O.find(device, id=f"alarm:{aid}:summary")
                seen[aid] = (time["text"] if time else "", summary["text"] if summary else "",
                             bool(n.get("checked")))
        if shown == last:
            break
        last = shown
        yield O.scroll_down()
    return seen


def _set_label(device: Device, aid: int, label: str) -> Iterator[Action]:
    yield from _tap_part(device, aid, "label")
    yield from O.type_into(device, label, id="label_field")
    yield O.tap(device, id="label_dialog:ok")


def _new_alarm(device: Device, hour: int, minute: int, days: Sequence[str],
               label: str) -> Iterator[Action]:
    """+ -> the time picker -> the new (expanded) card's days and label."""
    yield from _tab(device, "Alarm", "alarms")
    yield O.tap(device, id="fab")
    yield from O.pick_time(device, hour, minute)
    new = yield from O.scroll_to(device, where=lambda n: re.fullmatch(
        r"alarm:\d+:expand", n["id"] or "") is not None and n["text"] != "Expand alarm")
    # (the new card opens expanded, in its place in the list)
    aid = int(new["id"].split(":")[1])
    for day in days:
        yield from _tap_part(device, aid, f"day:{day}")
    if label:
        yield from _set_label(device, aid, label)


def _settings(device: Device, row_id: str, option: int, dialog: str) -> Iterator[Action]:
    yield O.tap(device, id="more")
    yield O.tap(device, id="menu:settings")
    yield O.tap(device, id=row_id)
    n = yield from O.scroll_to(device, id=f"{dialog}:option:{option}")
    yield O.tap(device, n)


# --------------------------------------------------------------------------- base classes
class _ClockTask(Task):
    suite = "clock"
    apps = ("clock",)
    start = Start(app="clock")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*self.expect(initial), RINGS]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        raise NotImplementedError


@dataclass(frozen=True)
class _AlarmParams:
    alarm_id: int
    label: str
    hour: int
    minute: int

    @property
    def time(self) -> str:
        return _hm(self.hour, self.minute)


class _OneAlarmTask(_ClockTask):
    """A task about one labelled alarm; ``candidates`` narrows which."""

    Params = _AlarmParams

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [a for a in _store(device)["alarms"] if a["label"]]

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        return ()

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        a = _pick(rng, cls.candidates(device))
        return cls.Params(a["id"], a["label"], a["hour"], a["minute"],
                          *cls.more(rng, device, a))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        a = _record(_store(device)["alarms"], params.alarm_id)
        if (a["label"], a["hour"], a["minute"]) != (params.label, params.hour, params.minute):
            raise ValueError(f"alarm {params.alarm_id} is not {params.label!r} at "
                             f"{params.hour}:{params.minute:02d}")

    def template_values(self) -> dict[str, Any]:
        return {**vars(self.params), "time": self.params.time}

    def alarm(self, initial: dict[str, Any]) -> dict[str, Any]:
        return _record(_alarms(initial), self.params.alarm_id)


# --------------------------------------------------------------------------- alarms: create
NEW_TIMES = ((5, 50), (6, 45), (7, 5), (7, 40), (8, 20), (10, 15), (13, 35), (16, 10),
             (19, 25), (21, 55))
DAY_SETS = (tuple(WEEKDAYS), tuple(WEEKEND), ("Mon", "Thu"), ("Tue", "Thu"),
            ("Mon", "Wed", "Fri"), ("Sat",), ("Sun", "Wed"))


class SetAlarm(_ClockTask):
    """Add an alarm at a time, on given days, with a label (the time picker, day chips and
    the label dialog)."""

    name = "set_alarm"
    template = "Set an alarm for {time} {days_text} labelled '{label}'."
    phrasings = ("Add a '{label}' alarm at {time} that repeats {days_text}.",
                 "I need an alarm at {time} {days_text}; call it '{label}'.")
    difficulty = 3
    max_steps = 44
    objective = "operate"
    tags = ("picker", "dialog", "typing", "multi_step")

    @dataclass(frozen=True)
    class Params:
        hour: int
        minute: int
        days: tuple[str, ...]
        label: str

        @property
        def time(self) -> str:
            return _hm(self.hour, self.minute)

        @property
        def days_text(self) -> str:
            return _days_text(self.days)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        hour, minute = _pick(rng, NEW_TIMES)
        return cls.Params(hour, minute, _pick(rng, DAY_SETS), _pick(rng, LABELS))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not set(params.days) <= set(DAYS) or not params.days:
            raise ValueError(f"bad days {params.days!r}")

    def template_values(self) -> dict[str, Any]:
        p = self.params
        return {**vars(p), "time": p.time, "days_text": p.days_text}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.created(ALARMS, {"hour": p.hour, "minute": p.minute, "enabled": True,
                                   "days": [d for d in DAYS if d in p.days],
                                   "label": C.text_like(p.label)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        p = self.params
        yield from _new_alarm(device, *_parse_hm(p.time), _days_of(p.days_text), p.label)


class AlarmBefore(_OneAlarmTask):
    """Find an alarm's time and days, then add one 15-30 minutes earlier on the same days."""

    name = "alarm_before"
    template = "Set a new alarm {minutes} minutes before my '{label}' alarm, on the same " \
               "days, labelled '{new_label}'."
    phrasings = ("Add an alarm called '{new_label}' that rings {minutes} minutes earlier than "
                 "my '{label}' alarm, repeating on the same days.",
                 "I want a '{new_label}' alarm {minutes} minutes ahead of the '{label}' one, "
                 "on the days that one repeats.")
    difficulty = 4
    objective = "hybrid"
    tags = ("picker", "dialog", "typing", "memory", "multi_step", "scroll")

    @dataclass(frozen=True)
    class Params(_AlarmParams):
        minutes: int
        new_label: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [a for a in _store(device)["alarms"] if a["label"] and a["days"]]

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        return int(_pick(rng, (15, 20, 30))), _pick(rng, [x for x in LABELS
                                                         if x != alarm["label"]])

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        a = self.alarm(initial)
        total = (a["hour"] * 60 + a["minute"] - self.params.minutes) % (24 * 60)
        return [C.created(ALARMS, {"hour": total // 60, "minute": total % 60,
                                   "days": a["days"], "enabled": True,
                                   "label": C.text_like(self.params.new_label)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        summary = yield from _reach(device, f"alarm:{aid}:summary")  # its time and days
        hour, minute = _parse_hm(O.node(device, id=f"alarm:{aid}:time")["text"])
        total = (hour * 60 + minute - self.params.minutes) % (24 * 60)
        yield from _new_alarm(device, total // 60, total % 60, _days_of(summary["text"]),
                              self.params.new_label)


# --------------------------------------------------------------------------- alarms: on/off
class TurnOffAlarm(_ClockTask):
    """Turn off one alarm while alarms at near times (4:30 / 4:45 / 14:30) stay on."""

    name = "turn_off_alarm"
    template = "Turn off only the {time} alarm."
    phrasings = ("Switch off my {time} alarm and leave the others as they are.",
                 "Disable the alarm set for {time}; only that one.")
    difficulty = 1
    max_steps = 14
    objective = "operate"
    tags = ("toggle", "navigation")
    start = Start(app="clock", route="/clock")  # the World clock tab was in front

    @dataclass(frozen=True)
    class Params:
        alarm_id: int
        hour: int
        minute: int

        @property
        def time(self) -> str:
            return _hm(self.hour, self.minute)

    DECOYS = (1, 2, 7)  # the 4:30 AM, 4:45 AM and 2:30 PM alarms of the factory data

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        a = _record(_store(device)["alarms"], int(_pick(rng, cls.DECOYS)))
        return cls.Params(a["id"], a["hour"], a["minute"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.alarm_id not in cls.DECOYS:
            raise ValueError(f"alarm {params.alarm_id} is not one of {cls.DECOYS}")

    def template_values(self) -> dict[str, Any]:
        return {**vars(self.params), "time": _hm(self.params.hour, self.params.minute)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for aid in self.DECOYS:
            _record(_store(device)["alarms"], aid)["enabled"] = True

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(ALARMS, id=self.params.alarm_id, fields={"enabled": False})]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, time=self.params.time)
        n = yield from _reach(device, f"alarm:{aid}:switch")
        yield O.tap(device, n)


class TurnOnAndTell(_OneAlarmTask):
    """Turn on an alarm found by its label and report its time."""

    name = "turn_on_and_tell"
    template = "Turn on my '{label}' alarm and tell me what time it is set for."
    phrasings = ("Switch my '{label}' alarm on, then tell me its time.",
                 "Enable the '{label}' alarm. What time does it ring?")
    difficulty = 3
    objective = "hybrid"
    tags = ("toggle", "scroll", "navigation")
    start = Start(app="clock", route="/stopwatch")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _record(_store(device)["alarms"], self.params.alarm_id)["enabled"] = False

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.modified(ALARMS, id=p.alarm_id, fields={"enabled": True}),
                C.answer_time(p.hour, p.minute)]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        n = yield from _reach(device, f"alarm:{aid}:switch")
        yield O.tap(device, n)
        yield A.answer(O.node(device, id=f"alarm:{aid}:time")["text"])


# --------------------------------------------------------------------------- alarms: edit
class DeleteAlarm(_OneAlarmTask):
    """Delete an alarm found by its label (expand its card, then Delete)."""

    name = "delete_alarm"
    template = "Delete my '{label}' alarm."
    phrasings = ("Remove the '{label}' alarm from the Clock app.",
                 "I don't need my '{label}' alarm anymore: delete it.")
    difficulty = 2
    objective = "operate"
    tags = ("scroll",)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(ALARMS, id=self.params.alarm_id)]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        yield from _tap_part(device, aid, "delete")


class ChangeAlarmTime(_OneAlarmTask):
    """Move an alarm to another time with the time picker (a changed alarm is on)."""

    name = "change_alarm_time"
    template = "Change my '{label}' alarm from {time} to {new_time}."
    phrasings = ("Move the '{label}' alarm, now at {time}, to {new_time}.",
                 "Reset my {time} '{label}' alarm so it rings at {new_time} instead.")
    difficulty = 3
    objective = "operate"
    tags = ("picker", "scroll")

    @dataclass(frozen=True)
    class Params(_AlarmParams):
        new_hour: int
        new_minute: int

        @property
        def new_time(self) -> str:
            return _hm(self.new_hour, self.new_minute)

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        shift = int(_pick(rng, (-45, -30, -15, 10, 20, 40, 75)))
        total = (alarm["hour"] * 60 + alarm["minute"] + shift) % (24 * 60)
        return total // 60, total % 60

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _record(_store(device)["alarms"], self.params.alarm_id)["enabled"] = True

    def template_values(self) -> dict[str, Any]:
        p = self.params
        return {**super().template_values(), "new_time": p.new_time}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.modified(ALARMS, id=p.alarm_id, fields={
            "hour": p.new_hour, "minute": p.new_minute, "enabled": True})]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        n = yield from _reach(device, f"alarm:{aid}:time")
        yield O.tap(device, n)
        yield from O.pick_time(device, *_parse_hm(self.params.new_time))


class AddRepeatDay(_OneAlarmTask):
    """Add one repeat day to an alarm (expand its card, tap a day chip)."""

    name = "add_repeat_day"
    template = "Make my '{label}' alarm also ring on {day_name}."
    phrasings = ("Add {day_name} to the days my '{label}' alarm repeats on.",
                 "My '{label}' alarm should go off on {day_name} too; add that day.")
    difficulty = 2
    objective = "operate"
    tags = ("scroll",)

    @dataclass(frozen=True)
    class Params(_AlarmParams):
        day: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        return (_pick(rng, [d for d in DAYS if d not in alarm["days"]]),)

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [a for a in _store(device)["alarms"] if a["label"] and 0 < len(a["days"]) < 7]

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), "day_name": DAY_WORDS[self.params.day]}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        days = set(self.alarm(initial)["days"]) | {self.params.day}
        return [C.modified(ALARMS, id=self.params.alarm_id,
                           fields={"days": [d for d in DAYS if d in days]})]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        yield from _tap_part(device, aid, f"day:{self.params.day}")


class RenameAlarm(_OneAlarmTask):
    """Rename an alarm's label through the label dialog."""

    name = "rename_alarm"
    template = "Rename the '{label}' alarm to '{new_label}'."
    phrasings = ("Change the label of my '{label}' alarm to '{new_label}'.",
                 "Call the '{label}' alarm '{new_label}' from now on.")
    difficulty = 2
    objective = "operate"
    tags = ("dialog", "typing", "scroll")

    @dataclass(frozen=True)
    class Params(_AlarmParams):
        new_label: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        return (_pick(rng, [x for x in LABELS if x != alarm["label"]]),)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(ALARMS, id=self.params.alarm_id,
                           fields={"label": C.text_like(self.params.new_label)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        yield from _set_label(device, aid, self.params.new_label)


class VibrateOff(_ClockTask):
    """Turn vibration off for the alarm at a given time."""

    name = "vibrate_off"
    template = "Turn off vibration for the {time} alarm."
    phrasings = ("Stop the {time} alarm from vibrating.",
                 "Make my {time} alarm ring without vibrating.")
    difficulty = 2
    objective = "operate"
    tags = ("scroll",)

    @dataclass(frozen=True)
    class Params:
        alarm_id: int
        hour: int
        minute: int

        @property
        def time(self) -> str:
            return _hm(self.hour, self.minute)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        a = _pick(rng, _store(device)["alarms"])
        return cls.Params(a["id"], a["hour"], a["minute"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _record(_store(device)["alarms"], params.alarm_id)

    def template_values(self) -> dict[str, Any]:
        return {**vars(self.params), "time": _hm(self.params.hour, self.params.minute)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _record(_store(device)["alarms"], self.params.alarm_id)["vibrate"] = True

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(ALARMS, id=self.params.alarm_id, fields={"vibrate": False})]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, time=self.params.time)
        yield from _tap_part(device, aid, "vibrate")


class AlarmSound(_OneAlarmTask):
    """Pick another sound for an alarm from the sound list (a dialog that scrolls)."""

    name = "alarm_sound"
    template = "Change the sound of my '{label}' alarm to '{sound}'."
    phrasings = ("Make my '{label}' alarm ring with the '{sound}' sound.",
                 "Pick '{sound}' as the sound of the '{label}' alarm.")
    difficulty = 2
    objective = "operate"
    tags = ("dialog", "scroll")

    @dataclass(frozen=True)
    class Params(_AlarmParams):
        sound: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        return (_pick(rng, [s for s in SOUNDS if s != alarm["sound"]]),)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(ALARMS, id=self.params.alarm_id, fields={"sound": self.params.sound})]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        yield from _tap_part(device, aid, "sound")
        n = yield from O.scroll_to(device, text=self.params.sound, where=lambda n: (
            n["id"] or "").startswith("sound_dialog:option:"))
        yield O.tap(device, n)


class SnoozeRinging(_ClockTask):
    """An alarm goes off a minute into the episode: snooze it (its notification, or the
    full-screen alert the notification opens)."""

    name = "snooze_ringing"
    template = "My '{label}' alarm will go off in a minute. When it rings, snooze it."
    phrasings = ("In about a minute my '{label}' alarm rings: snooze it when it does.",
                 "Wait for the '{label}' alarm (it goes off within a minute) and snooze it.")
    difficulty = 3
    objective = "operate"
    tags = ("notification",)
    max_steps = 30

    @dataclass(frozen=True)
    class Params:
        label: str

    ALARM_ID = 9  # the factory's unlabelled 10:00 PM alarm, moved to the next minute

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, LABELS))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        clock = device.kernel.clock
        at = model.local_time(device.kernel, clock.now_ms() + MIN_MS)
        _record(_store(device)["alarms"], self.ALARM_ID).update(
            hour=at.hour, minute=at.minute, label=self.params.label, days=[], enabled=True)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(ALARMS, id=self.ALARM_ID, fields={
            "snoozed_until_ms": _IsSet(), "ringing": False, "enabled": True})]

    def oracle(self, device: Device) -> Iterator[Action]:
        for _ in range(14):  # until it rings: its notification (or its alert) shows
            if O.find(device, role="notification", text_contains=self.params.label) is not None \
                    or O.find(device, id="ring:snooze") is not None:
                break
            yield A.wait()
        if O.find(device, id="ring:snooze") is not None:
            yield O.tap(device, id="ring:snooze")
            return
        card = O.find(device, role="notification", text_contains=self.params.label)
        if card is None:  # the heads-up card is gone: find it in the shade
            yield A.swipe(0.5, 0.01, 0.5, 0.7)
            card = O.node(device, role="notification", text_contains=self.params.label)
        yield O.tap(device, card)
        yield O.tap(device, id="ring:snooze")


# --------------------------------------------------------------------------- alarms: queries
@dataclass(frozen=True)
class _OnParams:
    on_ids: tuple[int, ...]  # the alarms that are on (the others are off)


def _sample_on(rng: np.random.Generator, device: Device, low: int, high: int) -> _OnParams:
    """A random set of ``low``..``high`` alarms to turn on."""
    ids = [a["id"] for a in _store(device)["alarms"]]
    return _OnParams(tuple(int(i) for i in _sample(rng, ids, int(rng.integers(low, high + 1)))))


class CountAlarmsOn(_ClockTask):
    """Count the alarms that are on (the list scrolls)."""

    name = "count_alarms_on"
    template = "How many of my alarms are turned on?"
    phrasings = ("Count the alarms that are switched on in my Clock app.",
                 "How many alarms do I have enabled right now? Answer with a number.")
    difficulty = 2
    objective = "query"
    tags = ("counting", "scroll")

    Params = _OnParams
    LOW, HIGH = 2, 7

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return _sample_on(rng, device, cls.LOW, cls.HIGH)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        for aid in params.on_ids:
            _record(_store(device)["alarms"], aid)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for a in _store(device)["alarms"]:
            a["enabled"] = a["id"] in self.params.on_ids

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(sum(a["enabled"] for a in _alarms(initial)))]

    def oracle(self, device: Device) -> Iterator[Action]:
        cards = yield from _alarm_cards(device)
        yield A.answer(str(sum(on for _, _, on in cards.values())))


def _next_ring(alarms: Sequence[dict[str, Any]], now_ms: int,
               tz: int) -> tuple[int, dict[str, Any]] | None:
    rings = [(model.next_ring_ms(a, now_ms, tz), a["id"], a) for a in alarms if a["enabled"]]
    return (min(rings)[0], min(rings)[2]) if rings else None


class NextAlarm(CountAlarmsOn):
    """Say when the next alarm rings (the Clock tab shows it under the date; the cards' days
    and times tell it too)."""

    name = "next_alarm"
    template = "What time does my next alarm go off?"
    phrasings = ("When is my next alarm going to ring?",
                 "Tell me the time of the next alarm that will go off.")
    difficulty = 1
    max_steps = 14
    objective = "query"
    tags = ("scroll", "memory")

    LOW, HIGH = 2, 5

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        """The next alarm (the answer) drawn first among those an hour away or more, then
        some that ring after it."""
        k = device.kernel
        now, tz = k.clock.now_ms(), k.clock.tz_offset_minutes
        alarms = _store(device)["alarms"]
        ring = {a["id"]: model.next_ring_ms({**a, "enabled": True}, now, tz) for a in alarms}
        first = _pick(rng, [a["id"] for a in alarms if ring[a["id"]] - now >= 60 * MIN_MS])
        later = [a["id"] for a in alarms if ring[a["id"]] > ring[first]]
        more = _sample(rng, later, int(rng.integers(0, min(3, len(later)) + 1)))
        return _OnParams(tuple(sorted(int(i) for i in (first, *more))))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        super().initialize(device, rng)
        now, tz = device.kernel.clock.now_ms(), device.kernel.clock.tz_offset_minutes
        alarms = _store(device)["alarms"]
        while True:  # nothing rings within the hour, so the answer holds through the episode
            found = _next_ring(alarms, now, tz)
            if found is None or found[0] - now >= 60 * MIN_MS:
                break
            found[1]["enabled"] = False
        if found is None:
            _record(alarms, 3)["enabled"] = True  # Work; it rings the next weekday morning

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        found = _next_ring(_alarms(initial), *_now(initial))
        assert found is not None
        return [C.answer_time(found[1]["hour"], found[1]["minute"])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield O.tap(device, text="Clock", role="tab")  # it shows the next alarm under the date
        shown = O.node(device, id="world:next_alarm")["text"]
        yield A.answer(shown.split(" ", 3)[-1])  # "Next alarm Tue 6:30 AM" -> "6:30 AM"


class AlarmTime(_OneAlarmTask):
    """Read the time of an alarm found by its label."""

    name = "alarm_time"
    template = "What time is my '{label}' alarm set for?"
    phrasings = ("When does my '{label}' alarm ring?",
                 "Look up my '{label}' alarm: what time is it set to?")
    difficulty = 2
    objective = "query"
    tags = ("scroll",)
    start = Start(app="clock", route="/timer")  # the Timer tab was in front

    @dataclass(frozen=True)
    class Params(_AlarmParams):
        shift: int = 0  # minutes the alarm was moved by first (per seed: the answers spread)

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        now = model.local_time(device.kernel, device.kernel.clock.now_ms())
        start = alarm["hour"] * 60 + alarm["minute"]

        def clear(m: int) -> bool:  # not ringing while the agent looks (30 minutes away)
            gap = (start + m - now.hour * 60 - now.minute) % (24 * 60)
            return m != 0 and 30 <= gap <= 24 * 60 - 30
        return (int(_pick(rng, [m for m in range(-240, 241, 5) if clear(m)])),)

    def _moved(self) -> tuple[int, int]:
        p = self.params
        total = (p.hour * 60 + p.minute + p.shift) % (24 * 60)
        return total // 60, total % 60

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        hour, minute = self._moved()
        _record(_store(device)["alarms"], self.params.alarm_id).update(hour=hour, minute=minute)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_time(*self._moved())]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        yield A.answer(O.node(device, id=f"alarm:{aid}:time")["text"])


class AlarmDays(_OneAlarmTask):
    """Name the days an alarm repeats on (a "Weekdays" summary is five days)."""

    name = "alarm_days"
    template = "On which days of the week does my '{label}' alarm ring? Name each day."
    phrasings = ("Which days does my '{label}' alarm repeat on? List every day.",
                 "Name each weekday my '{label}' alarm goes off on.")
    difficulty = 2
    objective = "query"
    tags = ("scroll",)
    start = Start(app="clock", route="/stopwatch")  # the Stopwatch tab was in front

    @dataclass(frozen=True)
    class Params(_AlarmParams):
        days: tuple[str, ...] = ()  # its repeat days, set per seed (none: as it is)

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [a for a in _store(device)["alarms"] if a["label"] and 0 < len(a["days"]) < 7]

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, alarm: dict[str, Any]) -> tuple:
        while True:  # a list the card spells out (not "Weekdays" / "Weekends")
            days = tuple(_sample(rng, DAYS, int(rng.integers(1, 7))))
            if sorted(days) not in (sorted(WEEKDAYS), sorted(WEEKEND)):
                return (days,)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if not set(params.days) <= set(DAYS) or len(params.days) == 7:
            raise ValueError(f"days must be some days of the week, not all: {params.days!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        if self.params.days:
            _record(_store(device)["alarms"], self.params.alarm_id)["days"] = [
                d for d in DAYS if d in self.params.days]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_items([(DAY_WORDS[d], d) for d in self.alarm(initial)["days"]],
                               rivals=[*DAY_WORDS.values(), *DAY_WORDS])]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        summary = yield from _reach(device, f"alarm:{aid}:summary")  # "Weekdays", "Mon, Thu"
        yield A.answer(", ".join(_days_of(summary["text"])))  # "Mon, Thu", as the card says


class TurnOffSaturdayAlarms(CountAlarmsOn):
    """Turn off every alarm that is on and repeats on Saturdays (every day, weekends...),
    leaving the weekday ones on."""

    name = "turn_off_saturday_alarms"
    template = "Turn off all the alarms that repeat on Saturdays."
    phrasings = ("Switch off every alarm that rings on Saturday; leave the rest alone.",
                 "Any alarm of mine that repeats on Saturdays: turn it off.")
    difficulty = 3
    objective = "operate"
    tags = ("toggle", "scroll", "counting")
    SATURDAY = (4, 5, 6)  # 7:15 AM and Pills (every day), Weekend run (weekends)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        others = [a["id"] for a in _store(device)["alarms"] if a["id"] not in cls.SATURDAY]
        on = _sample(rng, cls.SATURDAY, int(rng.integers(2, 4))) + \
            _sample(rng, others, int(rng.integers(1, 4)))
        return _OnParams(tuple(sorted(int(i) for i in on)))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if not set(params.on_ids) & set(cls.SATURDAY):
            raise ValueError(f"one of the Saturday alarms {cls.SATURDAY} must be on")

    def targets(self, alarms: Sequence[dict[str, Any]]) -> list[int]:
        return [a["id"] for a in alarms if a["enabled"] and "Sat" in a["days"]]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(ALARMS, id=aid, fields={"enabled": False})
                for aid in self.targets(_alarms(initial))]

    def oracle(self, device: Device) -> Iterator[Action]:
        cards = yield from _alarm_cards(device)
        for aid, (_, summary, on) in cards.items():
            if on and "Sat" in _days_of(summary):
                n = yield from _reach(device, f"alarm:{aid}:switch")
                yield O.tap(device, n)


class DeleteOffAlarms(CountAlarmsOn):
    """Delete every alarm that is off (expand each card, Delete), keeping those that are on."""

    name = "delete_off_alarms"
    template = "Delete all my alarms that are turned off."
    phrasings = ("Remove every alarm that is switched off; keep the ones that are on.",
                 "Clean up my alarms: delete the disabled ones.")
    difficulty = 3
    max_steps = 36
    objective = "operate"
    tags = ("scroll", "counting", "multi_step")
    LOW, HIGH = 6, 7

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if len(set(params.on_ids)) >= len(_store(device)["alarms"]):
            raise ValueError("at least one alarm must be off")

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(ALARMS, ids=[a["id"] for a in _alarms(initial) if not a["enabled"]])]

    def oracle(self, device: Device) -> Iterator[Action]:
        cards = yield from _alarm_cards(device)
        for aid in [aid for aid, (_, _, on) in cards.items() if not on]:
            yield from _tap_part(device, aid, "delete")


class WakeLikeAlarm(_OneAlarmTask):
    """Read an alarm's time, then set the bedtime wake-up time to it."""

    name = "wake_like_alarm"
    template = "Set my bedtime wake-up time to the time of my '{label}' alarm."
    phrasings = ("Make the bedtime schedule's wake-up time match my '{label}' alarm.",
                 "Use the time of the '{label}' alarm as my wake-up time in Bedtime.")
    difficulty = 3
    objective = "hybrid"
    tags = ("picker", "memory", "navigation")

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        bed = _store(device)["bedtime"]
        return [a for a in _store(device)["alarms"] if a["label"]
                and (a["hour"], a["minute"]) != (bed["wake_hour"], bed["wake_minute"])]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        want = {**initial["apps"]["clock"]["bedtime"], "wake_hour": p.hour,
                "wake_minute": p.minute}
        return [C.equals("apps.clock.bedtime", want)]

    def oracle(self, device: Device) -> Iterator[Action]:
        aid = yield from _alarm_card(device, label=self.params.label)
        hour, minute = _parse_hm(O.node(device, id=f"alarm:{aid}:time")["text"])
        yield O.tap(device, text="Bedtime", role="tab")
        yield O.tap(device, id="bedtime:wake")
        yield from O.pick_time(device, hour, minute)


# --------------------------------------------------------------------------- timers
def _enter_timer(device: Device, minutes: int, seconds: int = 0) -> Iterator[Action]:
    """Types a duration on the keypad (the keypad of a new timer) and starts it."""
    digits = f"{minutes // 60:02d}{minutes % 60:02d}{seconds:02d}".lstrip("0")
    for d in digits:
        yield O.tap(device, id=f"key:{d}")
    yield O.tap(device, id="fab")


class StartTimer(_ClockTask):
    """Start a timer of some minutes on the keypad."""

    name = "start_timer"
    template = "Start a {minutes}-minute timer."
    phrasings = ("Set a timer for {minutes} minutes and start it.",
                 "Time {minutes} minutes for me: start a timer.")
    difficulty = 2
    objective = "operate"
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        minutes: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(_pick(rng, (3, 5, 8, 10, 12, 15, 20, 25, 30, 45, 90))))

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(TIMERS, {"duration_ms": self.params.minutes * MIN_MS,
                                   "state": "running"})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Timer", "key:1")
        yield from _enter_timer(device, self.params.minutes)


class LabelledTimer(_ClockTask):
    """Start a timer, then name it through its "Add label" dialog."""

    name = "labelled_timer"
    template = "Start a {minutes}-minute timer labelled '{label}'."
    phrasings = ("Run a timer for {minutes} minutes and name it '{label}'.",
                 "I need a '{label}' timer: {minutes} minutes, started now.")
    difficulty = 2
    objective = "operate"
    tags = ("dialog", "typing", "multi_step")

    @dataclass(frozen=True)
    class Params:
        minutes: int
        label: str

    TIMER_LABELS = ("Tea", "Pasta", "Eggs", "Laundry", "Parking", "Oven", "Nap", "Homework")

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(_pick(rng, (4, 7, 9, 12, 18, 35))), _pick(rng, cls.TIMER_LABELS))

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(TIMERS, {"duration_ms": self.params.minutes * MIN_MS,
                                   "state": "running",
                                   "label": C.text_like(self.params.label)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Timer", "key:1")
        yield from _enter_timer(device, self.params.minutes)
        yield O.tap(device, where=lambda n: re.fullmatch(r"timer:\d+:label", n["id"] or "")
                    is not None)  # the only timer's "Add label"
        yield from O.type_into(device, self.params.label, id="timer_label_field")
        yield O.tap(device, id="timer_label_dialog:ok")


class StartTwoTimers(_ClockTask):
    """Start two timers (the second through "Add timer")."""

    name = "start_two_timers"
    template = "Start two timers: one for {a} minutes and one for {b} minutes {s} seconds."
    phrasings = ("I need two timers running: {a} minutes, and {b} minutes {s} seconds.",
                 "Set and start a {a}-minute timer and another of {b} minutes {s} seconds.")
    difficulty = 3
    objective = "operate"
    tags = ("multi_step",)

    @dataclass(frozen=True)
    class Params:
        a: int
        b: int
        s: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        a, b = _sample(rng, (2, 4, 6, 9, 11, 14, 25), 2)
        return cls.Params(int(a), int(b), int(_pick(rng, (15, 30, 45))))

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.created(TIMERS, {"duration_ms": p.a * MIN_MS, "state": "running"}),
                C.created(TIMERS, {"duration_ms": p.b * MIN_MS + p.s * 1000,
                                   "state": "running"})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Timer", "key:1")
        yield from _enter_timer(device, self.params.a)
        yield O.tap(device, id="fab")  # Add timer
        yield from _enter_timer(device, self.params.b, self.params.s)


class PauseTimer(_ClockTask):
    """Of two timers, pause the one that runs."""

    name = "pause_timer"
    template = "Pause the timer that is running."
    phrasings = ("One of my timers is counting down: pause it.",
                 "Pause my running timer (leave the paused one as it is).")
    difficulty = 1
    max_steps = 12
    objective = "operate"
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        running_min: int
        paused_min: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        a, b = _sample(rng, (20, 25, 30, 40, 45, 60), 2)
        return cls.Params(int(a), int(b))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        k = device.kernel
        order = [(self.params.paused_min, False), (self.params.running_min, True)]
        if rng.integers(2):
            order.reverse()
        for minutes, runs in order:
            t = model.add_timer(k, minutes * MIN_MS, start=runs)
            if not runs:  # paused after 3 minutes
                t.update(state="paused", remaining_ms=(minutes - 3) * MIN_MS)

    def _running(self, initial: dict[str, Any]) -> dict[str, Any]:
        return next(t for t in initial["apps"]["clock"]["timers"] if t["state"] == "running")

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        t = self._running(initial)
        left = t["end_ms"] - _now(initial)[0]
        return [C.modified(TIMERS, id=t["id"], fields={
            "state": "paused", "end_ms": None, "remaining_ms": C.approx(left - 5 * MIN_MS,
                                                                        5 * MIN_MS)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Timer", "timers")
        n = yield from O.scroll_to(device, text="Pause", where=lambda n: (
            n["id"] or "").endswith(":toggle"))
        yield O.tap(device, n)


class StopwatchLaps(_ClockTask):
    """Run the stopwatch and record some laps."""

    name = "stopwatch_laps"
    template = "Start the stopwatch and record {laps} laps."
    phrasings = ("Run the stopwatch and mark {laps} laps.",
                 "Time me with the stopwatch: start it and take {laps} laps.")
    difficulty = 2
    objective = "operate"
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        laps: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(rng.integers(2, 5)))

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        want = self.params.laps

        def laps(j: Judged) -> tuple[bool, str]:
            watch = j.final["apps"]["clock"]["stopwatch"]
            got = len(watch["laps"])
            return got == want and watch["state"] != "idle", \
                f"{got} laps, stopwatch {watch['state']} (want {want} laps)"

        return [C.holds(f"stopwatch has {want} laps", laps,
                        allows=("apps.clock.stopwatch*", "apps.clock.next_id"))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Stopwatch", "stopwatch:toggle")
        yield O.tap(device, id="stopwatch:toggle")
        for _ in range(self.params.laps):
            yield O.tap(device, id="stopwatch:lap")


# --------------------------------------------------------------------------- world clock
CITY_NAMES = tuple(name for name, _, _ in model.CITY_TABLE)


def _set_cities(device: Device, names: Sequence[str]) -> None:
    st = _store(device)
    st["cities"] = [{"id": model.new_id(st), "name": n} for n in names]


class AddCities(_ClockTask):
    """Add two cities to the world clock through the city search."""

    name = "add_cities"
    template = "Add {a} and {b} to my world clock."
    phrasings = ("Put {a} and {b} on the world clock.",
                 "I want to see the time in {a} and in {b}: add both to my world clock.")
    difficulty = 2
    objective = "operate"
    tags = ("search", "typing")

    @dataclass(frozen=True)
    class Params:
        a: str
        b: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        shown = {c["name"] for c in _store(device)["cities"]}
        a, b = _sample(rng, [n for n in CITY_NAMES if n not in shown], 2)
        return cls.Params(a, b)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        for name in (params.a, params.b):
            if name not in model.CITY_OFFSET:
                raise ValueError(f"unknown city {name!r}")

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(CITIES, {"name": self.params.a}),
                C.created(CITIES, {"name": self.params.b})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Clock", "cities")
        for name in (self.params.a, self.params.b):
            yield O.tap(device, id="fab")
            yield A.type_text(name[:4])
            yield O.tap(device, id=f"add_city:{name}")


class RemoveCity(_ClockTask):
    """Remove a city from the world clock (long press, Remove)."""

    name = "remove_city"
    template = "Remove {city} from my world clock."
    phrasings = ("Take {city} off the world clock.",
                 "I no longer need {city} on my world clock; remove it.")
    difficulty = 1
    max_steps = 12
    objective = "operate"
    tags = ("long_press", "menu")
    start = Start(app="clock", route="/clock")

    @dataclass(frozen=True)
    class Params:
        cities: tuple[str, ...]
        city: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        cities = tuple(_sample(rng, CITY_NAMES, 4))
        return cls.Params(cities, _pick(rng, cities))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.city not in params.cities or not set(params.cities) <= set(CITY_NAMES):
            raise ValueError(f"bad cities {params.cities!r} / {params.city!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _set_cities(device, self.params.cities)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        cid = next(c["id"] for c in initial["apps"]["clock"]["cities"]
                   if c["name"] == self.params.city)
        return [C.deleted(CITIES, id=cid)]

    def oracle(self, device: Device) -> Iterator[Action]:
        row = yield from O.scroll_to(device, role="list_item", where=lambda n: (
            n["id"] or "").startswith("city:") and n["text"].startswith(self.params.city + " "))
        n = yield from _reach(device, row["id"])
        yield O.long_press(device, n)
        yield O.tap(device, id="menu:remove")


class TimeInCity(_ClockTask):
    """Tell the time in a city that is not on the world clock (the city search shows it)."""

    name = "time_in_city"
    template = "What time is it in {city} right now?"
    phrasings = ("Tell me the current time in {city}.",
                 "Right now, what's the local time in {city}? (Adding it to the world clock "
                 "is fine.)")
    difficulty = 2
    objective = "query"
    tags = ("search", "typing")

    @dataclass(frozen=True)
    class Params:
        city: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        shown = {c["name"] for c in _store(device)["cities"]}
        return cls.Params(_pick(rng, [n for n in CITY_NAMES if n not in shown]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.city not in model.CITY_OFFSET:
            raise ValueError(f"unknown city {params.city!r}")

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        at = model.city_time(self.params.city, _now(initial)[0])
        # the clock moves while the agent looks: a few minutes either way are the same answer
        return [C.answer_time(at.hour, at.minute, within_minutes=3),
                C.may_change(f"{CITIES}[id=*]", to=lambda rec: isinstance(rec, dict)),
                C.may_change("apps.clock.next_id", increasing=True)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Clock", "cities")
        yield O.tap(device, id="fab")
        yield A.type_text(self.params.city[:4])
        yield O.tap(device, id=f"add_city:{self.params.city}")  # its row shows its time
        row = yield from O.scroll_to(device, role="list_item", where=lambda n: (
            n["id"] or "").startswith("city:") and n["text"].startswith(self.params.city + " "))
        yield A.answer(re.search(r"\d{1,2}:\d{2}(?: [AP]M)?", row["text"])[0])


class FurthestAhead(_ClockTask):
    """Of the world clock's cities, name the one furthest ahead."""

    name = "furthest_ahead"
    template = "Which city on my world clock is furthest ahead in time?"
    phrasings = ("Of the cities on my world clock, where is it latest right now?",
                 "Look at my world clock: which of its cities is the furthest ahead?")
    difficulty = 1
    max_steps = 12
    objective = "query"
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        cities: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        by_offset: dict[int, str] = {}
        for name in _sample(rng, CITY_NAMES, len(CITY_NAMES)):
            by_offset.setdefault(model.CITY_OFFSET[name], name)
        offsets = sorted(by_offset)
        top = _pick(rng, offsets[3:])  # the answer first, drawn evenly, then three behind it
        rest = _sample(rng, [o for o in offsets if o < top], 3)
        names = [by_offset[o] for o in (top, *rest)]
        return cls.Params(tuple(names[int(i)] for i in rng.permutation(4)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        offsets = [model.CITY_OFFSET.get(n) for n in params.cities]
        if None in offsets or len(set(offsets)) != len(offsets):
            raise ValueError(f"cities must be known, with distinct offsets: {params.cities!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _set_cities(device, self.params.cities)

    def furthest(self) -> str:
        return max(self.params.cities, key=lambda n: model.CITY_OFFSET[n])

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_text(self.furthest(), rivals=list(model.CITY_OFFSET))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _tab(device, "Clock", "cities")
        best, ahead = "", -24 * 60
        for row in O.find_all(device, role="list_item", where=lambda n: (
                n["id"] or "").startswith("city:")):  # "Dubai 10:48 AM Today, 4 hrs ahead"
            m = re.match(r"(.+?) \d{1,2}:\d{2}", row["text"])
            rel = row["text"].rsplit(", ", 1)[-1]  # "7 hrs ahead", "5:45 hrs ahead"
            hrs = re.search(r"(\d+)(?::(\d{2}))? hrs?", rel)
            mins = re.search(r"(\d+) min", rel)
            diff = (int(hrs[1]) * 60 + int(hrs[2] or 0) if hrs else 0) + \
                (int(mins[1]) if mins else 0)
            diff = -diff if "behind" in rel else diff
            if m is not None and diff > ahead:
                best, ahead = m[1], diff
        yield A.answer(best)


# --------------------------------------------------------------------------- bedtime, settings
class SetBedtime(_ClockTask):
    """Turn the bedtime schedule on with a bedtime and a wake-up time (two time pickers)."""

    name = "set_bedtime"
    template = "Turn on the bedtime schedule with bedtime at {bed} and wake-up at {wake}."
    phrasings = ("Switch on my bedtime schedule: bed at {bed}, wake up at {wake}.",
                 "Set up bedtime in Clock for {bed} to {wake} and turn it on.")
    difficulty = 4
    max_steps = 45
    objective = "operate"
    tags = ("picker", "toggle", "multi_step")

    @dataclass(frozen=True)
    class Params:
        bed_hour: int
        bed_minute: int
        wake_hour: int
        wake_minute: int

        @property
        def bed(self) -> str:
            return _hm(self.bed_hour, self.bed_minute)

        @property
        def wake(self) -> str:
            return _hm(self.wake_hour, self.wake_minute)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        bed = _pick(rng, ((21, 30), (22, 0), (22, 15), (22, 45), (23, 30), (0, 15)))
        wake = _pick(rng, ((5, 45), (6, 0), (6, 30), (7, 15), (7, 45), (8, 30)))
        return cls.Params(*bed, *wake)

    def template_values(self) -> dict[str, Any]:
        p = self.params
        return {"bed": p.bed, "wake": p.wake}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        want = {**initial["apps"]["clock"]["bedtime"], "enabled": True, **vars(p)}
        return [C.equals("apps.clock.bedtime", want)]

    def oracle(self, device: Device) -> Iterator[Action]:
        p = self.params
        yield O.tap(device, text="Bedtime", role="tab")
        yield O.tap(device, id="bedtime:switch")
        yield O.tap(device, id="bedtime:bed")
        yield from O.pick_time(device, *_parse_hm(p.bed))
        yield O.tap(device, id="bedtime:wake")
        yield from O.pick_time(device, *_parse_hm(p.wake))


class SnoozeLength(_ClockTask):
    """Change the snooze length in Clock's settings (⋮ menu, a radio dialog)."""

    name = "snooze_length"
    template = ("Set the alarm snooze length to {minutes} minutes, and have alarms go silent "
                "after {silence} minutes.")
    phrasings = ("In Clock's settings, make snoozing last {minutes} minutes and silence alarms "
                 "after {silence} minutes.",
                 "Change two alarm settings: snooze length {minutes} minutes, silence after "
                 "{silence} minutes.")
    difficulty = 2
    objective = "operate"
    tags = ("menu", "dialog", "settings")

    @dataclass(frozen=True)
    class Params:
        minutes: int
        silence: int = 10  # the factory value: unchanged unless drawn

    CHOICES = (1, 5, 10, 15, 20, 25, 30)
    SILENCE = (1, 5, 10, 15, 20, 25)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(_pick(rng, (5, 15, 20, 25, 30))),
                          int(_pick(rng, (1, 5, 15, 20, 25))))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.minutes not in cls.CHOICES or params.minutes == 10:
            raise ValueError(f"snooze length must be one of {cls.CHOICES} other than 10")
        if params.silence not in cls.SILENCE:
            raise ValueError(f"silence after must be one of {cls.SILENCE}")

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals("apps.clock.settings.snooze_minutes", self.params.minutes),
                C.equals("apps.clock.settings.silence_after_minutes", self.params.silence)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _settings(device, "settings:snooze", self.CHOICES.index(self.params.minutes),
                             "snooze_dialog")
        if self.params.silence != 10:
            yield O.tap(device, id="settings:silence")
            words = f"{self.params.silence} minute" + ("" if self.params.silence == 1 else "s")
            n = yield from O.scroll_to(device, text=words, where=lambda n: (
                n["id"] or "").startswith("silence_dialog:option:"))
            yield O.tap(device, n)
