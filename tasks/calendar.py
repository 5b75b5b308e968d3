"""Calendar suite: adding, moving, editing and deleting events, reading the schedule, and
chains with Messages and Files (an invitation by text, an ``.ics`` download, texting a time).

Most tasks start in Calendar on its schedule (today first; the clock starts on Monday
2026-03-02 at 09:00). Events are named by title and day; titles shared by several events
("Team sync") or repeating events are left out where that would make the target ambiguous,
and near-duplicates ("Dentist" / "Dentist follow-up") stay on screen as decoys. Switching the
calendar's view is never collateral damage (``VIEWING``).
"""

from __future__ import annotations

import collections
import datetime
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.calendar import model
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation
from mobilegym_env.kernel.config import DEFAULT_START_MS
from mobilegym_env.task import Start, Task
from mobilegym_env.tasks import messages

EVENTS = "apps.calendar.events"
VIEWING = C.may_change("apps.calendar.view")
CONTACTS_URI = "content://contacts"
Action = dict[str, Any]
Actions = Iterator[Action]


# --------------------------------------------------------------------------- reading state
def _store(device: Device) -> dict[str, Any]:
    return device.kernel.app_state("calendar")


def _events(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of a ``device.state()`` dict."""
    return state["apps"]["calendar"]["events"]


def _record(events: Sequence[dict[str, Any]], event_id: int) -> dict[str, Any]:
    found = next((e for e in events if e["id"] == event_id), None)
    if found is None:
        raise ValueError(f"no event with id {event_id}")
    return found


def _today(device: Device) -> datetime.date:
    return device.kernel.clock.local_datetime().date()


# the year of the phone's clock (every seed starts in the first half of March 2026)
YEAR = datetime.datetime.fromtimestamp(DEFAULT_START_MS / 1000, datetime.timezone.utc).year


def _day(text: str) -> datetime.date:
    """A day param: ISO (``2026-03-05``) or as instructions say it (``Thursday, March 5``, in
    the clock's year)."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return datetime.datetime.strptime(f"{text} {YEAR}", "%A, %B %d %Y").date()


def _iso(text: str) -> str:
    return _day(text).isoformat()


def said(day: datetime.date) -> str:
    """A day as instructions say it (and as day params hold it): ``Thursday, March 5``."""
    return model.date_text(day)


def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    if not items:
        raise ValueError("nothing to choose from")
    return items[int(rng.integers(len(items)))]


def _singles(device: Device, timed: bool | None = None) -> list[dict[str, Any]]:
    """Events that one title and day name unambiguously: not repeating, a title no other
    event has (``timed``: only timed / only all-day ones)."""
    evs = _store(device)["events"]
    count = collections.Counter(e["title"] for e in evs)
    return [e for e in evs if e["repeat"] == "none" and count[e["title"]] == 1
            and (timed is None or timed != e["all_day"])]


def _contacts(device: Device) -> list[dict[str, Any]]:
    return [c for c in device.kernel.providers.query(CONTACTS_URI) if c["phone"]]


def _hm(text: str) -> tuple[int, int]:
    h, m = text.split(":")
    return int(h), int(m)


def _shift(stamp: str, day: datetime.date | None = None, hm: str | None = None) -> str:
    """A ``YYYY-MM-DD HH:MM`` moved to another day and/or time."""
    when = model.parse(stamp)
    if day is not None:
        when = datetime.datetime.combine(day, when.time())
    if hm is not None:
        when = when.replace(hour=_hm(hm)[0], minute=_hm(hm)[1])
    return model.stamp(when)


@dataclass(frozen=True)
class SameItems(C.Matcher):
    """A list holding exactly these strings, in any order."""

    expected: tuple[str, ...]

    def __call__(self, value: Any) -> bool:
        return isinstance(value, list) and sorted(value) == sorted(self.expected)

    def describe(self) -> str:
        return f"exactly {', '.join(self.expected) or 'nothing'}"


# --------------------------------------------------------------------------- oracle steps
def go_to(device: Device, day: datetime.date) -> Actions:
    """Back to Calendar's main screen, then "go to date" ``day``."""
    title = yield from O.back_to(device, id="go_to_date")
    yield O.tap(device, title)
    yield from pick_date(device, day)


def open_event(device: Device, event_id: int, day: datetime.date) -> Actions:
    """Opens the event's occurrence on ``day`` from the schedule."""
    yield from go_to(device, day)
    chip = yield from O.scroll_to(device, id=f"event:{event_id}:{day.isoformat()}")
    yield O.tap(device, chip)


def edit_event(device: Device, event_id: int, day: datetime.date) -> Actions:
    yield from open_event(device, event_id, day)
    yield O.tap(device, id="edit")


def _chip_of(title: str, day: datetime.date) -> Any:
    """A schedule chip showing ``title`` on ``day`` ("Haircut, 10:00 – 10:45", or the bare
    title of an all-day event)."""
    suffix = f":{day.isoformat()}"

    def test(n: dict[str, Any]) -> bool:
        nid = n["id"] or ""
        return nid.startswith("event:") and nid.endswith(suffix) and (
            n["text"] == title or n["text"].startswith(f"{title}, "))
    return test


def open_titled(device: Device, title: str, day: datetime.date) -> Actions:
    """Opens the event titled ``title`` on ``day``, found by its text on the schedule."""
    yield from go_to(device, day)
    chip = yield from O.scroll_to(device, where=_chip_of(title, day))
    yield O.tap(device, chip)


def edit_titled(device: Device, title: str, day: datetime.date) -> Actions:
    yield from open_titled(device, title, day)
    yield O.tap(device, id="edit")


def day_chips(device: Device, day: datetime.date) -> list[dict[str, Any]]:
    """The chips of ``day`` on the schedule shown (after :func:`go_to`), top to bottom."""
    suffix = f":{day.isoformat()}"
    return [n for n in O.find_all(device, where=lambda n: (n["id"] or "").startswith("event:")
                                  and (n["id"] or "").endswith(suffix))]


def chip_title(text: str) -> str:
    """A chip's title: ``"Haircut, 10:00 – 10:45"`` -> ``"Haircut"``."""
    head, _, tail = text.rpartition(", ")
    return head if head and tail[:1].isdigit() and ":" in tail else text


def pick_guest(device: Device, name: str) -> Actions:
    """In the open guest sheet: types a contact's name and picks them from the matches."""
    yield A.type_text(name)
    row = O.node(device, where=lambda n: (n["id"] or "").startswith("guest_pick:")
                 and name.casefold() in n["text"].casefold())
    yield O.tap(device, row)


def pick_date(device: Device, day: datetime.date) -> Actions:
    """Sets the open date picker: on its month grid when ``day`` is in the month shown or
    the next or previous one (fewer actions), else by typing the date."""
    shown = O.node(device, id="date_picker:month")["text"]
    first = datetime.datetime.strptime(shown, "%B %Y").date()
    months = (day.year - first.year) * 12 + day.month - first.month
    if abs(months) > 1:
        yield from O.pick_date(device, day)
        return
    if months:
        yield O.tap(device, id="date_picker:next" if months > 0 else "date_picker:prev")
    yield O.tap(device, id=f"date_picker:day:{day.day}")
    yield O.tap(device, id="date_picker:ok")


def picker_day(device: Device) -> datetime.date:
    """The day selected in the open date picker (today, as it opens on the schedule)."""
    node = O.node(device, where=lambda n: (n["id"] or "").startswith("date_picker:day:")
                  and n["selected"])
    return datetime.datetime.strptime(node["text"], "%A, %B %d, %Y").date()


def pick_time(device: Device, hour: int, minute: int) -> Actions:
    """Sets the open time picker: on its dial for a minute on the dial's five-minute marks
    (hour, minute, AM/PM, OK), else by typing."""
    if minute % 5:
        yield from O.pick_time(device, hour, minute)
        return
    yield O.tap(device, id=f"time_picker:dial:{hour % 12 or 12}")
    yield O.tap(device, id=f"time_picker:dial:{minute:02d}")
    half = O.node(device, id="time_picker:pm" if hour >= 12 else "time_picker:am")
    if not half["selected"]:
        yield O.tap(device, half)
    yield O.tap(device, id="time_picker:ok")


def pick(device: Device, control: str, value: datetime.date | tuple[int, int]) -> Actions:
    """Opens a form's date or time control and sets it through the picker."""
    node = yield from O.scroll_to(device, id=control, up=True)
    yield O.tap(device, node)
    if isinstance(value, datetime.date):
        yield from pick_date(device, value)
    else:
        yield from pick_time(device, *value)


def choose(device: Device, control: str, option: str) -> Actions:
    """Opens a form's option dialog (repeat, reminder, colour, calendar) and picks one."""
    node = yield from O.scroll_to(device, id=control)
    yield O.tap(device, node)
    yield O.tap(device, id=f"{control}:{option}")


def _plain(text: str) -> str:
    return " ".join(w for w in text.casefold().split() if w != "the")


def choose_option(device: Device, control: str, words: str) -> Actions:
    """Opens a form's option dialog and picks the option reading ``words`` ("1 hour before",
    "every week")."""
    node = yield from O.scroll_to(device, id=control)
    yield O.tap(device, node)
    option = O.node(device, where=lambda n: (n["id"] or "").startswith(f"{control}:")
                    and _plain(n["text"]) == _plain(words))
    yield O.tap(device, option)


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def search_results(device: Device, title: str) -> Actions:
    """Searches the calendar for ``title``; returns the results of exactly that title, each
    reading ``"Dentist Tuesday, March 10, 2026 · 08:30 – 09:15"`` (soonest first)."""
    yield O.tap(device, id="search")
    yield A.type_text(title)

    def exact(n: dict[str, Any]) -> bool:
        rest = n["text"][len(title) + 1:] if n["text"].startswith(f"{title} ") else ""
        return (n["id"] or "").startswith("result:") and rest.startswith(WEEKDAYS)
    return O.find_all(device, where=exact)


def save(device: Device) -> Actions:
    yield O.tap(device, id="save")


# --------------------------------------------------------------------------- base classes
class _CalendarTask(Task):
    suite = "calendar"
    apps = ("calendar",)
    start = Start(app="calendar")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*self.expect(initial), VIEWING]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        raise NotImplementedError


@dataclass(frozen=True)
class _EventParams:
    event_id: int
    title: str
    date: str  # the day it starts, as the instruction says it ("Thursday, March 5") or ISO


class _OneEventTask(_CalendarTask):
    """A task about one event named by its title and day; subclasses narrow the candidates
    (``timed``) and draw their further params in :meth:`more`."""

    timed: ClassVar[bool | None] = True
    Params = _EventParams

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return _singles(device, cls.timed)

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        return ()

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        ev = _pick(rng, cls.candidates(device))
        return cls.Params(ev["id"], ev["title"], said(_day(ev["start"][:10])),
                          *cls.more(rng, device, ev))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        ev = _record(_store(device)["events"], params.event_id)
        if ev["title"] != params.title or ev["start"][:10] != _iso(params.date):
            raise ValueError(f"event {params.event_id} is {ev['title']!r} on {ev['start']}")

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), "day": model.date_text(_day(self.params.date))}

    def event(self, initial: dict[str, Any]) -> dict[str, Any]:
        return _record(_events(initial), self.params.event_id)

    def open(self, device: Device) -> Actions:
        """Opens the event from the schedule by its title and day (as the instruction says)."""
        yield from open_titled(device, self.params.title, _day(self.params.date))

    def edit(self, device: Device) -> Actions:
        yield from self.open(device)
        yield O.tap(device, id="edit")


# --------------------------------------------------------------------------- add
NEW_TITLES = ("Interview", "Tax appointment", "Guitar lesson", "Call with the bank",
              "Open house", "Offsite planning", "Eye exam", "Parent meetup")
REMINDER_WORDS = {0: "at the time of the event", 10: "10 minutes before",
                  30: "30 minutes before", 60: "1 hour before", 1440: "1 day before"}
REMINDER_MINUTES = {words: minutes for minutes, words in REMINDER_WORDS.items()}


class AddEvent(_CalendarTask):
    """Create a timed event with its day, start, end and notification set in the form."""

    name = "add_event"
    template = ("Add an event '{title}' on {day} from {start} to {end} with a notification "
                "{reminder}.")
    phrasings = ("Put '{title}' in my calendar on {day}, {start} to {end}, and notify me "
                 "{reminder}.",
                 "Create a calendar event called '{title}' for {day} from {start} until {end}; "
                 "the notification should come {reminder}.")
    difficulty = 3
    max_steps = 40
    tags = ("typing", "picker", "dialog")

    @dataclass(frozen=True)
    class Params:
        title: str
        date: str
        start: str
        end: str
        reminder: str  # as the instruction words it: "1 hour before" (REMINDER_WORDS)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        day = _today(device) + datetime.timedelta(days=int(rng.integers(2, 21)))
        begin = datetime.datetime.combine(day, datetime.time(int(rng.integers(8, 17)),
                                                             _pick(rng, (0, 15, 30, 45))))
        end = begin + datetime.timedelta(minutes=_pick(rng, (30, 45, 60, 90)))
        return cls.Params(_pick(rng, NEW_TITLES), said(day), model.hm(begin),
                          model.hm(end), REMINDER_WORDS[_pick(rng, (10, 30, 60, 1440))])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.reminder not in REMINDER_MINUTES or params.end <= params.start:
            raise ValueError("a reminder of REMINDER_WORDS and an end after the start")

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), "day": model.date_text(_day(self.params.date))}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.created(EVENTS, {"title": C.text_like(p.title), "all_day": False,
                                   "start": f"{_iso(p.date)} {p.start}",
                                   "end": f"{_iso(p.date)} {p.end}",
                                   "reminder": REMINDER_MINUTES[p.reminder]})]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield O.tap(device, id="fab")
        yield from O.type_into(device, p.title, id="title")
        yield from pick(device, "start_date", _day(p.date))
        yield from pick(device, "start_time", _hm(p.start))
        yield from pick(device, "end_time", _hm(p.end))
        if p.reminder != REMINDER_WORDS[30]:  # a new event's default notification
            yield from choose_option(device, "reminder", p.reminder)
        yield from save(device)


ALL_DAY_TITLES = ("Company holiday", "Moving day", "Ski trip", "Grandma's visit",
                  "Hackathon", "Garden show")


class AddAllDayEvent(_CalendarTask):
    """Create an all-day event over one to three days."""

    name = "add_all_day_event"
    template = "Add an all-day event '{title}' {when}."
    phrasings = ("Block out {when} in my calendar with an all-day event called '{title}'.",
                 "Create an all-day calendar event '{title}' {when}.")
    difficulty = 3
    tags = ("typing", "picker", "toggle")

    @dataclass(frozen=True)
    class Params:
        title: str
        first: str
        last: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        first = _today(device) + datetime.timedelta(days=int(rng.integers(3, 26)))
        last = first + datetime.timedelta(days=int(rng.integers(0, 3)))
        return cls.Params(_pick(rng, ALL_DAY_TITLES), said(first), said(last))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if _day(params.last) < _day(params.first):
            raise ValueError("the last day comes before the first")

    def template_values(self) -> dict[str, Any]:
        first, last = _day(self.params.first), _day(self.params.last)
        when = f"on {model.date_text(first)}" if first == last else \
            f"from {model.date_text(first)} to {model.date_text(last)}"
        return {**super().template_values(), "when": when}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.created(EVENTS, {"title": C.text_like(p.title), "all_day": True,
                                   "start": _iso(p.first), "end": _iso(p.last)})]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield O.tap(device, id="fab")
        yield from O.type_into(device, p.title, id="title")
        yield O.tap(device, id="all_day")
        yield from pick(device, "start_date", _day(p.first))
        if p.last != p.first:
            yield from pick(device, "end_date", _day(p.last))
        yield from save(device)


MEETINGS = ("Project review", "Design critique", "Hiring sync", "Vendor call",
            "Roadmap workshop", "Coffee chat")


class AddMeeting(_CalendarTask):
    """Create an event with a place and a guest picked from Contacts."""

    name = "add_meeting"
    template = ("Schedule '{title}' on {day} from {start} to {end} at '{location}' and invite "
                "{guest}.")
    phrasings = ("Set up a meeting '{title}' at '{location}' on {day}, {start} to {end}, with "
                 "{guest} as a guest.",
                 "Add '{title}' to my calendar for {day} from {start} until {end}, located at "
                 "'{location}', and add {guest} as a guest.")
    difficulty = 4
    max_steps = 45
    tags = ("typing", "picker", "search")

    @dataclass(frozen=True)
    class Params:
        title: str
        date: str
        start: str
        end: str
        location: str
        guest: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        day = _today(device) + datetime.timedelta(days=int(rng.integers(1, 15)))
        begin = datetime.datetime.combine(day, datetime.time(int(rng.integers(9, 17)),
                                                             _pick(rng, (0, 30))))
        end = begin + datetime.timedelta(minutes=_pick(rng, (30, 60)))
        return cls.Params(_pick(rng, MEETINGS), said(day), model.hm(begin),
                          model.hm(end), _pick(rng, PLACES),
                          _pick(rng, [c["name"] for c in _contacts(device)]))

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), "day": model.date_text(_day(self.params.date))}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.created(EVENTS, {"title": C.text_like(p.title), "all_day": False,
                                   "start": f"{_iso(p.date)} {p.start}",
                                   "end": f"{_iso(p.date)} {p.end}",
                                   "location": C.text_like(p.location),
                                   "guests": SameItems((p.guest,))})]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield O.tap(device, id="fab")
        yield from O.type_into(device, p.title, id="title")
        yield from pick(device, "start_date", _day(p.date))
        yield from pick(device, "start_time", _hm(p.start))
        yield from pick(device, "end_time", _hm(p.end))
        yield from O.type_into(device, p.location, id="location")
        node = yield from O.scroll_to(device, id="add_guests")
        yield O.tap(device, node)
        yield from pick_guest(device, p.guest)
        yield from save(device)


# --------------------------------------------------------------------------- edit one event
class MoveEvent(_OneEventTask):
    """Move an event to another day and start time, keeping its length."""

    name = "move_event"
    template = "Move '{title}' from {day} to {new_day} at {new_start}, keeping its length."
    phrasings = ("Reschedule my '{title}' on {day} to {new_day}, starting at {new_start}; it "
                 "should last as long as before.",
                 "'{title}' on {day} needs to move to {new_day} at {new_start}. Keep the same "
                 "duration.")
    difficulty = 3
    tags = ("picker", "navigation")

    @dataclass(frozen=True)
    class Params(_EventParams):
        new_date: str
        new_start: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        shift = int(_pick(rng, (-3, -2, -1, 1, 2, 3, 4, 5, 6, 7)))
        new_day = _day(ev["start"][:10]) + datetime.timedelta(days=shift)
        return said(new_day), f"{int(rng.integers(8, 18)):02d}:{_pick(rng, (0, 30)):02d}"

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(),
                "new_day": model.date_text(_day(self.params.new_date))}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        ev, p = self.event(initial), self.params
        start, end = model.span(ev)
        begin = model.parse(f"{_iso(p.new_date)} {p.new_start}")
        return [C.modified(EVENTS, id=p.event_id, fields={
            "start": model.stamp(begin), "end": model.stamp(begin + (end - start))})]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield from self.edit(device)
        yield from pick(device, "start_date", _day(p.new_date))
        yield from pick(device, "start_time", _hm(p.new_start))
        yield from save(device)


RENAMES = {"Haircut": ("Haircut and beard trim", "Hair appointment"),
           "Car service": ("Car inspection", "Oil change"),
           "Book club": ("Book club: Piranesi", "Book club night"),
           "Gym with Kevin": ("Leg day with Kevin", "Workout with Kevin"),
           "Quarterly review": ("Q1 review", "Quarterly business review"),
           "Budget planning": ("Budget kickoff", "Budget planning 2026"),
           "Vet appointment": ("Milo's vaccination", "Vet visit for Milo"),
           "Lunch with Chloe": ("Lunch with Chloe and Sam", "Brunch with Chloe")}


class RenameEvent(_OneEventTask):
    """Give an event a new title."""

    name = "rename_event"
    template = "Rename the event '{title}' on {day} to '{new_title}'."
    phrasings = ("Change the title of '{title}' on {day} to '{new_title}'.",
                 "In my calendar, the '{title}' event on {day} should be called '{new_title}'.")
    difficulty = 2
    tags = ("typing",)

    @dataclass(frozen=True)
    class Params(_EventParams):
        new_title: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [e for e in _singles(device, True) if e["title"] in RENAMES]

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        return (_pick(rng, RENAMES[ev["title"]]),)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(EVENTS, id=self.params.event_id,
                           fields={"title": C.text_like(self.params.new_title)})]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield from self.edit(device)
        yield from O.type_into(device, p.new_title, id="title")
        yield from save(device)


# (title, day) pairs with a look-alike: the one-off "Team sync" beside the weekly one,
# "Dentist" beside "Dentist follow-up"
LOOK_ALIKES = (("Dentist", "2026-03-10"), ("Dentist follow-up", "2026-03-24"),
               ("Team sync", "2026-03-05"))


class DeleteEvent(_OneEventTask):
    """Delete one event whose title looks like another's (or is another's)."""

    name = "delete_event"
    template = "Delete the '{title}' event on {day}."
    phrasings = ("Remove '{title}' on {day} from my calendar.",
                 "Cancel my '{title}' on {day}: delete it from the calendar.")
    difficulty = 2
    tags = ("dialog", "navigation")
    timed = None

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [e for e in _store(device)["events"]
                if (e["title"], e["start"][:10]) in LOOK_ALIKES]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(EVENTS, id=self.params.event_id)]

    def oracle(self, device: Device) -> Actions:
        yield from self.open(device)
        yield O.tap(device, id="delete")
        yield O.tap(device, id="delete_dialog:confirm")


PLACES = ("Room 3C", "Cafe Luna", "Main library", "Zoom", "Union Square", "Room 4B",
          "Tartine Bakery", "City Hall")


class SetLocation(_OneEventTask):
    """Change where an event takes place."""

    name = "set_location"
    template = "Change the location of '{title}' on {day} to '{location}'."
    phrasings = ("'{title}' on {day} is now at '{location}': update its location.",
                 "Set the place of my '{title}' event on {day} to '{location}'.")
    difficulty = 2
    max_steps = 24
    tags = ("typing",)

    @dataclass(frozen=True)
    class Params(_EventParams):
        location: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        return (_pick(rng, [p for p in PLACES if p != ev["location"]]),)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(EVENTS, id=self.params.event_id,
                           fields={"location": C.text_like(self.params.location)})]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield from self.edit(device)
        node = yield from O.scroll_to(device, id="location")
        yield O.tap(device, node)
        yield from O.type_into(device, p.location, id="location")
        yield from save(device)


class AddGuest(_OneEventTask):
    """Invite a contact to an event (the guest is picked from Contacts)."""

    name = "add_guest"
    template = "Invite {guest} to '{title}' on {day}."
    phrasings = ("Add {guest} as a guest of '{title}' on {day}.",
                 "I want {guest} at '{title}' on {day}; add them to the event's guests.")
    difficulty = 2
    max_steps = 24
    tags = ("search", "dialog", "typing")

    @dataclass(frozen=True)
    class Params(_EventParams):
        guest: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        return (_pick(rng, [c["name"] for c in _contacts(device)
                            if c["name"] not in ev["guests"]]),)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        guests = (*self.event(initial)["guests"], self.params.guest)
        return [C.modified(EVENTS, id=self.params.event_id,
                           fields={"guests": SameItems(guests)})]

    def oracle(self, device: Device) -> Actions:
        yield from self.edit(device)
        node = yield from O.scroll_to(device, id="add_guests")
        yield O.tap(device, node)
        yield from pick_guest(device, self.params.guest)
        yield from save(device)


class _ChoiceTask(_OneEventTask):
    """Set one field of an event in one of the form's option dialogs (the field, its control
    and its option ids share the name ``field``; the value is the param ``param``)."""

    field: ClassVar[str]
    param: ClassVar[str]

    def value(self) -> Any:
        return getattr(self.params, self.param)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(EVENTS, id=self.params.event_id, fields={self.field: self.value()})]

    def words(self) -> str:
        """The option's words as the instruction says them."""
        return str(getattr(self.params, self.param))

    def oracle(self, device: Device) -> Actions:
        yield from self.edit(device)
        yield from choose_option(device, self.field, self.words())
        yield from save(device)


class ChangeReminder(_ChoiceTask):
    """Change when an event's notification comes."""

    name = "change_reminder"
    template = "Change the notification for '{title}' on {day} to {reminder}."
    phrasings = ("I'd like the reminder for '{title}' on {day} to come {reminder}.",
                 "Set the notification of my '{title}' event on {day} to {reminder}.")
    difficulty = 2
    max_steps = 22
    tags = ("dialog", "scroll")
    field, param = "reminder", "reminder"

    @dataclass(frozen=True)
    class Params(_EventParams):
        reminder: str  # as the instruction words it: "1 hour before" (REMINDER_WORDS)

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        return (REMINDER_WORDS[_pick(rng, [r for r in REMINDER_WORDS if r != ev["reminder"]])],)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if params.reminder not in REMINDER_MINUTES:
            raise ValueError(f"reminder must be one of {list(REMINDER_MINUTES)}")

    def value(self) -> Any:
        return REMINDER_MINUTES[self.params.reminder]


RULE_WORDS = {"daily": "every day", "weekly": "every week", "monthly": "every month"}


class MakeRepeating(_ChoiceTask):
    """Make a one-off event repeat."""

    name = "make_repeating"
    template = "Make '{title}' on {day} repeat {rule}."
    phrasings = ("Turn '{title}' on {day} into an event that repeats {rule}.",
                 "Set '{title}' (on {day}) to recur {rule}.")
    difficulty = 2
    max_steps = 22
    tags = ("dialog",)
    field, param = "repeat", "rule"

    @dataclass(frozen=True)
    class Params(_EventParams):
        rule: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        return (_pick(rng, ("weekly", "weekly", "monthly", "daily")),)

    def words(self) -> str:
        return RULE_WORDS.get(self.params.rule, self.params.rule)


class ChangeColor(_ChoiceTask):
    """Give an event its own colour."""

    name = "change_color"
    template = "Change the colour of '{title}' on {day} to {color}."
    phrasings = ("Make '{title}' on {day} show in {color}.",
                 "Give my '{title}' event on {day} the colour {color}.")
    difficulty = 2
    max_steps = 22
    tags = ("dialog", "scroll")
    timed = None
    field, param = "color", "color"

    @dataclass(frozen=True)
    class Params(_EventParams):
        color: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        return (_pick(rng, [c for c in model.COLORS if c != ev["color"]]),)


class DuplicateEvent(_OneEventTask):
    """Copy an event to another day (the event page's menu has Duplicate)."""

    name = "duplicate_event"
    template = "Make a copy of '{title}' on {day} for {new_day}, at the same time."
    phrasings = ("Duplicate '{title}' from {day} onto {new_day}, keeping its time.",
                 "I need '{title}' again on {new_day}: copy the one on {day}, same time.")
    difficulty = 3
    tags = ("menu", "picker")

    @dataclass(frozen=True)
    class Params(_EventParams):
        new_date: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        shift = int(_pick(rng, (1, 2, 7, 14)))
        return (said(_day(ev["start"][:10]) + datetime.timedelta(days=shift)),)

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(),
                "new_day": model.date_text(_day(self.params.new_date))}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        ev, day = self.event(initial), _day(self.params.new_date)
        return [C.created(EVENTS, {"title": ev["title"], "start": _shift(ev["start"], day),
                                   "end": _shift(ev["end"], day), "all_day": False,
                                   "location": ev["location"],
                                   "guests": SameItems(tuple(ev["guests"]))})]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield from self.open(device)
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu:duplicate")
        yield from pick(device, "start_date", _day(p.new_date))
        yield from save(device)


class SwitchView(_CalendarTask):
    """Switch the calendar to another view from the navigation drawer."""

    name = "switch_view"
    template = "Switch my calendar to the {label} view."
    phrasings = ("Show my calendar in the {label} view.",
                 "Change the calendar's view to {label}.")
    difficulty = 1
    max_steps = 12
    tags = ("drawer", "settings")

    @dataclass(frozen=True)
    class Params:
        label: str  # the view as the instruction names it (a key of VIEWS)

    VIEWS: ClassVar[dict[str, str]] = {"day": "day", "3-day": "3day", "week": "week",
                                       "month": "month"}

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, list(cls.VIEWS)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.label not in cls.VIEWS:
            raise ValueError(f"label must be one of {list(cls.VIEWS)}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals("apps.calendar.view", self.VIEWS[self.params.label])]

    def oracle(self, device: Device) -> Actions:
        label = self.params.label
        yield O.tap(device, id="drawer")  # the drawer names them "Day", "3 days", "Week"...
        yield O.tap(device, where=lambda n: (n["id"] or "").startswith("view:") and
                    n["text"].casefold().replace(" days", "-day") == label)


# --------------------------------------------------------------------------- questions
class AppointmentTime(_CalendarTask):
    """Read an appointment's start time; its look-alike ("Dentist follow-up") is elsewhere."""

    name = "appointment_time"
    template = "What time is my '{title}' appointment?"
    phrasings = ("When does my '{title}' appointment start?",
                 "At what time is the '{title}' appointment in my calendar?")
    difficulty = 1
    max_steps = 14
    objective = "query"
    tags = ("search",)

    @dataclass(frozen=True)
    class Params:
        title: str
        date: str
        start: str
        decoy_date: str
        decoy_start: str

    PAIR: ClassVar[tuple[str, str]] = ("Dentist", "Dentist follow-up")

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        title = _pick(rng, cls.PAIR)
        days = rng.choice(np.arange(1, 22), size=2, replace=False)
        times = [f"{int(rng.integers(8, 18)):02d}:{_pick(rng, (0, 15, 30, 45)):02d}"
                 for _ in range(2)]
        while times[1] == times[0]:
            times[1] = f"{int(rng.integers(8, 18)):02d}:{_pick(rng, (0, 15, 30, 45)):02d}"
        today = _today(device)
        first, second = (today + datetime.timedelta(days=int(d)) for d in days)
        return cls.Params(title, first.isoformat(), times[0], second.isoformat(), times[1])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.title not in cls.PAIR or params.start == params.decoy_start:
            raise ValueError("title must be Dentist or Dentist follow-up; times must differ")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        decoy = self.PAIR[1 - self.PAIR.index(p.title)]
        for title, date, start in ((p.title, p.date, p.start),
                                   (decoy, p.decoy_date, p.decoy_start)):
            ev = next(e for e in _store(device)["events"] if e["title"] == title)
            begin, end = model.span(ev)
            new = model.parse(f"{date} {start}")
            ev["start"], ev["end"] = model.stamp(new), model.stamp(new + (end - begin))

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_time(*_hm(self.params.start))]

    def oracle(self, device: Device) -> Actions:
        found = yield from search_results(device, self.params.title)
        yield A.answer(found[0]["text"].split(" · ")[1].split(" – ")[0])


class CountEventsOnDay(_CalendarTask):
    """Count a day's events, all-day and repeating ones included."""

    name = "count_events_on_day"
    template = "How many events do I have on {day}?"
    phrasings = ("Count the events in my calendar on {day}, all-day ones included.",
                 "How many things are on my calendar for {day}?")
    difficulty = 2
    objective = "query"
    tags = ("counting", "navigation", "picker")

    @dataclass(frozen=True)
    class Params:
        date: str
        extra: int = 0  # events added to that day for this episode (NEW_TITLES, timed)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        today = _today(device)
        days = [today + datetime.timedelta(days=i) for i in range(-5, 27)]
        busy = [d for d in days if len(model.on_day(_store(device)["events"], d)) >= 1]
        return cls.Params(said(_pick(rng, busy)), int(rng.integers(0, 7)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not 0 <= params.extra <= len(NEW_TITLES):
            raise ValueError(f"extra must be 0..{len(NEW_TITLES)}")

    def template_values(self) -> dict[str, Any]:
        return {"day": model.date_text(_day(self.params.date))}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        day = _day(self.params.date)
        taken = {e["title"] for e in model.on_day(_store(device)["events"], day)}
        titles = [t for t in NEW_TITLES if t not in taken]
        picks = rng.choice(len(titles), size=self.params.extra, replace=False)
        hours = sorted(int(h) for h in rng.choice(np.arange(8, 20), size=self.params.extra,
                                                  replace=False))
        for i, hour in zip(picks, hours, strict=True):
            begin = datetime.datetime.combine(day, datetime.time(hour, 15))
            model.create(_store(device), {
                "title": titles[int(i)], "calendar_id": 1, "start": model.stamp(begin),
                "end": model.stamp(begin + datetime.timedelta(minutes=30)), "all_day": False,
                "repeat": "none", "location": "", "guests": [], "reminder": None,
                "color": None, "description": ""}, device.kernel.clock.now_ms() - 86_400_000)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(model.on_day(_events(initial), _day(self.params.date))))]

    def oracle(self, device: Device) -> Actions:
        day = _day(self.params.date)
        yield from go_to(device, day)
        yield A.answer(str(len(day_chips(device, day))))


class EventLocation(_OneEventTask):
    """Say where an event takes place."""

    name = "event_location"
    template = "Where is '{title}' on {day}?"
    phrasings = ("What's the location of '{title}' on {day}?",
                 "Where does my '{title}' on {day} take place?")
    difficulty = 2
    objective = "query"
    tags = ("navigation",)
    timed = None

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [e for e in _singles(device) if e["location"]]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_text(self.event(initial)["location"],
                              rivals=f"{EVENTS}[*].location")]

    def oracle(self, device: Device) -> Actions:
        yield from self.open(device)
        yield A.answer(O.node(device, id="event_location")["text"])


class EventDate(_OneEventTask):
    """Say on what date an event is (search finds it)."""

    name = "event_date"
    template = "On what date is '{title}'?"
    phrasings = ("When is '{title}'? Answer with the date.",
                 "Which day is '{title}' on in my calendar?")
    difficulty = 1
    max_steps = 14
    objective = "query"
    tags = ("search",)
    timed = None

    def template_values(self) -> dict[str, Any]:
        return {"title": self.params.title}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        day = _day(self.params.date)
        return [C.answer_date(day.year, day.month, day.day)]

    def oracle(self, device: Device) -> Actions:
        found = yield from search_results(device, self.params.title)
        yield A.answer(found[0]["text"][len(self.params.title) + 1:].split(" · ")[0])


class WhoIsInvited(_OneEventTask):
    """List an event's guests."""

    name = "who_is_invited"
    template = "Who is invited to '{title}' on {day}?"
    phrasings = ("List the guests of '{title}' on {day}.",
                 "Which people are invited to my '{title}' on {day}?")
    difficulty = 2
    objective = "query"
    tags = ("navigation",)

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [e for e in _singles(device, True) if e["guests"]]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_items(list(self.event(initial)["guests"]),
                               rivals=f"{EVENTS}[*].guests")]

    def oracle(self, device: Device) -> Actions:
        yield from self.open(device)
        guests = O.find_all(device, where=lambda n: (n["id"] or "").startswith("guest:"))
        yield A.answer(", ".join(n["text"] for n in guests))


SERIES = ("Pottery class", "Spanish lesson", "Choir practice", "Swim class", "Chess club",
          "Volunteer shift", "Running club", "Art class")


class NextOccurrence(_CalendarTask):
    """Say the date of a repeating event's next occurrence (a weekly or monthly series added
    per seed, its first occurrence weeks ago)."""

    name = "next_occurrence"
    template = "On what date is my next '{title}'?"
    phrasings = ("When is the next '{title}'? Give the date.",
                 "What's the date of my upcoming '{title}'?")
    difficulty = 1
    max_steps = 14
    objective = "query"
    tags = ("scroll", "navigation")

    @dataclass(frozen=True)
    class Params:
        title: str
        first: str  # the series' first start, "YYYY-MM-DD HH:MM"
        repeat: str  # "weekly" or "monthly"

    @staticmethod
    def upcoming(ev: dict[str, Any], now: datetime.datetime) -> datetime.date:
        """The first occurrence that has not started yet."""
        start = model.span(ev)[0].time()
        day = model.next_start(ev, now.date())
        while day is not None and datetime.datetime.combine(day, start) <= now:
            day = model.next_start(ev, day + datetime.timedelta(days=1))
        if day is None:
            raise ValueError(f"event {ev['id']} does not come again")
        return day

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        today = _today(device)
        repeat = "monthly" if rng.random() < 0.2 else "weekly"
        ago = [d for d in range(8, 60) if (d % 7 if repeat == "weekly" else
                                           (today - datetime.timedelta(days=d)).day
                                           != today.day) and d < 29 + 28 * (repeat == "monthly")]
        first = today - datetime.timedelta(days=int(_pick(rng, ago)))
        if repeat == "monthly" and first.day > 28:
            first = first.replace(day=28)
        begin = datetime.datetime.combine(first, datetime.time(int(rng.integers(8, 20)),
                                                               _pick(rng, (0, 30))))
        return cls.Params(_pick(rng, SERIES), model.stamp(begin), repeat)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.title not in SERIES or params.repeat not in ("weekly", "monthly"):
            raise ValueError("title of SERIES, repeat weekly or monthly")
        model.parse(params.first)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        begin = model.parse(self.params.first)
        model.create(_store(device), {
            "title": self.params.title, "calendar_id": 1, "start": model.stamp(begin),
            "end": model.stamp(begin + datetime.timedelta(hours=1)), "all_day": False,
            "repeat": self.params.repeat, "location": "", "guests": [], "reminder": None,
            "color": None, "description": ""}, device.kernel.clock.now_ms() - 86_400_000)

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        now = datetime.datetime.fromisoformat(initial["os"]["time"]["iso"])
        ev = next(e for e in _events(initial) if e["title"] == self.params.title)
        day = self.upcoming(ev, now)
        return [C.answer_date(day.year, day.month, day.day)]

    def oracle(self, device: Device) -> Actions:
        title = self.params.title

        def chip(n: dict[str, Any]) -> bool:
            return (n["id"] or "").startswith("event:") and n["text"].startswith(f"{title}, ")
        yield from O.scroll_to(device, where=chip)  # the schedule starts today
        first = min(O.find_all(device, where=chip), key=lambda n: n["bounds"][1])
        yield O.tap(device, first)
        when = O.node(device, id="event_when")["text"]  # "Tuesday, March 3, 2026 · 11:00 – ..."
        yield A.answer(when.split(" · ")[0])


class FirstEventTomorrow(_CalendarTask):
    """Name tomorrow's first timed event (one more is added per seed, earlier or later)."""

    name = "first_event_tomorrow"
    template = ("What is my first event tomorrow, not counting all-day events? Answer with its "
                "title.")
    phrasings = ("Which timed event comes first in my calendar tomorrow? Ignore all-day events "
                 "and answer with the title.",
                 "Tomorrow, what's the earliest event on my calendar (all-day ones don't "
                 "count)? Tell me its title.")
    difficulty = 1
    max_steps = 14
    objective = "query"
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        title: str
        start: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        tomorrow = _today(device) + datetime.timedelta(days=1)
        taken = {e["title"] for e in model.on_day(_store(device)["events"], tomorrow)}
        hours = [h for h in range(7, 16)
                 if all(model.span(e)[0].hour != h
                        for e in model.on_day(_store(device)["events"], tomorrow))]
        return cls.Params(_pick(rng, [t for t in NEW_TITLES if t not in taken]),
                          f"{_pick(rng, hours):02d}:{_pick(rng, (0, 30)):02d}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        day = _today(device) + datetime.timedelta(days=1)
        begin = model.parse(f"{day.isoformat()} {self.params.start}")
        model.create(_store(device), {
            "title": self.params.title, "calendar_id": 1, "start": model.stamp(begin),
            "end": model.stamp(begin + datetime.timedelta(hours=1)), "all_day": False,
            "repeat": "none", "location": "", "guests": [], "reminder": None, "color": None,
            "description": ""}, device.kernel.clock.now_ms() - 86_400_000)

    @staticmethod
    def first(events: list[dict[str, Any]], day: datetime.date) -> str:
        timed = [e for e in model.on_day(events, day) if not e["all_day"]]
        return timed[0]["title"]

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        now = datetime.datetime.fromtimestamp(initial["os"]["time"]["now_ms"] / 1000,
                                              datetime.timezone.utc)
        local = now + datetime.timedelta(minutes=initial["os"]["time"]["tz_offset_minutes"])
        tomorrow = local.date() + datetime.timedelta(days=1)
        return [C.answer_text(self.first(_events(initial), tomorrow),
                              rivals=[C.at(f"{EVENTS}[*].title"), *NEW_TITLES])]

    def oracle(self, device: Device) -> Actions:
        node = yield from O.back_to(device, id="go_to_date")
        yield O.tap(device, node)
        tomorrow = picker_day(device) + datetime.timedelta(days=1)
        yield from pick_date(device, tomorrow)
        timed = [c for c in day_chips(device, tomorrow) if chip_title(c["text"]) != c["text"]]
        first = min(timed, key=lambda c: c["bounds"][1])
        yield A.answer(chip_title(first["text"]))


# --------------------------------------------------------------------------- find, then act
class MoveGuestsEvent(_CalendarTask):
    """Find the one event a contact is invited to, then move it to another day."""

    name = "move_guests_event"
    template = ("Find the event {guest} is invited to and move it to {new_day}, at the same "
                "time.")
    phrasings = ("{guest} is a guest of one of my events: move that event to {new_day}, "
                 "keeping its time.",
                 "Reschedule the event that {guest} is invited to onto {new_day}, same time "
                 "of day.")
    difficulty = 3
    objective = "hybrid"
    tags = ("navigation", "picker", "memory")

    @dataclass(frozen=True)
    class Params:
        guest: str
        event_id: int
        new_date: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        evs = _store(device)["events"]
        count = collections.Counter(g for e in evs for g in e["guests"])
        ev = _pick(rng, [e for e in _singles(device, True)
                         if any(count[g] == 1 for g in e["guests"])])
        guest = _pick(rng, [g for g in ev["guests"] if count[g] == 1])
        shift = int(_pick(rng, (1, 2, 3, 4, 5, 6, 7)))
        return cls.Params(guest, ev["id"],
                          said(_day(ev["start"][:10]) + datetime.timedelta(days=shift)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        evs = [e for e in _store(device)["events"] if params.guest in e["guests"]]
        if [e["id"] for e in evs] != [params.event_id]:
            raise ValueError(f"{params.guest} must be a guest of event {params.event_id} only")

    def template_values(self) -> dict[str, Any]:
        return {"guest": self.params.guest,
                "new_day": model.date_text(_day(self.params.new_date))}

    def expect(self, initial: dict[str, Any]) -> list[Expectation]:
        ev = _record(_events(initial), self.params.event_id)
        day = _day(self.params.new_date)
        return [C.modified(EVENTS, id=ev["id"], fields={
            "start": _shift(ev["start"], day), "end": _shift(ev["end"], day)})]

    def oracle(self, device: Device) -> Actions:
        ev = _record(_store(device)["events"], self.params.event_id)
        yield from edit_event(device, ev["id"], _day(ev["start"][:10]))
        yield from pick(device, "start_date", _day(self.params.new_date))
        yield from save(device)


# (title, the text with {weekday} and {time}, hours it lasts)
INVITATIONS = (
    ("Dinner at Luigi's", "Dinner at Luigi's on {weekday} at {time}? My treat!", 2),
    ("Movie night", "Movie night at my place on {weekday}, {time}? Bring snacks", 3),
    ("Climbing", "Want to go climbing on {weekday} at {time}? The bouldering gym on 3rd St", 2),
    ("Brunch with the gang", "Brunch with the gang on {weekday} at {time}, you in?", 2),
    ("Board games", "Board games at Sam's on {weekday} from {time}! Can you make it?", 3),
)
INVITE_TIMES = ("10:30", "12:00", "18:30", "19:00", "19:30", "20:00")


def _spoken(hm: str) -> str:
    """``19:30`` as a person texts it: ``7:30 PM``."""
    h, m = _hm(hm)
    return f"{h % 12 or 12}:{m:02d} {'PM' if h >= 12 else 'AM'}"


class SmsInvitation(_CalendarTask):
    """Turn an invitation that arrived by text into a calendar event (another invitation
    from someone else is a decoy)."""

    name = "sms_invitation"
    template = ("{name} texted me an invitation. Add it to my calendar as '{title}' on the "
                "day and at the time proposed, lasting {hours} hours.")
    phrasings = ("Put the invitation {name} sent me by text into my calendar: call it "
                 "'{title}', on the day and time they proposed, {hours} hours long.",
                 "Check the text from {name} with an invitation and create a calendar event "
                 "'{title}' for it (same day and time, {hours} hours).")
    difficulty = 3
    max_steps = 45
    objective = "hybrid"
    apps = ("messages", "calendar")
    tags = ("cross_app", "picker", "typing", "memory")
    start = Start()

    @dataclass(frozen=True)
    class Params:
        name: str
        phone: str
        invitation: int
        date: str
        time: str
        decoy_phone: str
        decoy_invitation: int
        decoy_date: str
        decoy_time: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        people = rng.choice(len(_contacts(device)), size=2, replace=False)
        host, other = (_contacts(device)[int(i)] for i in people)
        kinds = rng.choice(len(INVITATIONS), size=2, replace=False)
        offsets = rng.choice(np.arange(2, 7), size=2, replace=False)
        today = _today(device)
        days = [(today + datetime.timedelta(days=int(o))).isoformat() for o in offsets]
        return cls.Params(host["name"], host["phone"], int(kinds[0]), days[0],
                          _pick(rng, INVITE_TIMES), other["phone"], int(kinds[1]), days[1],
                          _pick(rng, INVITE_TIMES))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not any(c["name"] == params.name and c["phone"] == params.phone
                   for c in _contacts(device)):
            raise ValueError(f"no contact {params.name!r} with phone {params.phone!r}")
        if params.phone == params.decoy_phone or params.date == params.decoy_date:
            raise ValueError("the decoy comes from someone else about another day")

    def template_values(self) -> dict[str, Any]:
        title, _, hours = INVITATIONS[self.params.invitation]
        return {"name": self.params.name, "title": title, "hours": hours}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        for phone, kind, date, hm, ago in ((p.decoy_phone, p.decoy_invitation, p.decoy_date,
                                            p.decoy_time, 50), (p.phone, p.invitation, p.date,
                                                                p.time, 20)):
            weekday = _day(date).strftime("%A")
            body = INVITATIONS[kind][1].format(weekday=weekday, time=_spoken(hm))
            messages.receive(device, phone, body, ago, read=False)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        title, _, hours = INVITATIONS[p.invitation]
        begin = model.parse(f"{p.date} {p.time}")
        return [C.created(EVENTS, {"title": C.text_like(title), "all_day": False,
                                   "start": model.stamp(begin),
                                   "end": model.stamp(begin + datetime.timedelta(hours=hours))}),
                VIEWING, messages.READING]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        title, _, hours = INVITATIONS[p.invitation]
        yield from messages.open_thread(device, p.phone)
        yield from O.open_app(device, "calendar")
        yield O.tap(device, id="fab")
        yield from O.type_into(device, title, id="title")
        yield from pick(device, "start_date", _day(p.date))
        yield from pick(device, "start_time", _hm(p.time))
        end = model.parse(f"{p.date} {p.time}") + datetime.timedelta(hours=hours)
        yield from pick(device, "end_time", (end.hour, end.minute))
        yield from save(device)


# (file name, title, location)
ICS_FILES = (("concert", "Symphony concert", "Davies Hall"),
             ("webinar", "Security webinar", "Online"),
             ("kickoff", "Soccer season kickoff", "Greenfield Park"),
             ("wedding", "Ana and Tom's wedding", "Napa Valley Lodge"),
             ("workshop", "Pottery workshop", "Clay Studio"))


def ics_text(title: str, begin: datetime.datetime, end: datetime.datetime,
             location: str) -> str:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//MobileGym//EN\r\nBEGIN:VEVENT\r\n"
            f"UID:{begin:%Y%m%dT%H%M}-{title.replace(' ', '')}@example.com\r\n"
            f"SUMMARY:{title}\r\nDTSTART:{begin:%Y%m%dT%H%M%S}\r\n"
            f"DTEND:{end:%Y%m%dT%H%M%S}\r\nLOCATION:{location}\r\nEND:VEVENT\r\n"
            "END:VCALENDAR\r\n")


class ImportIcs(_CalendarTask):
    """Add the event of a downloaded ``.ics`` file (another one is a decoy) from Files."""

    name = "import_ics"
    template = "Add the event in the file '{file}.ics' in my Downloads to my calendar."
    phrasings = ("Import '{file}.ics' from my Downloads folder into my calendar.",
                 "There's a calendar file '{file}.ics' in Downloads; add its event to my "
                 "calendar.")
    difficulty = 3
    apps = ("files", "calendar")
    tags = ("cross_app", "scroll")
    start = Start(app="files", route="/dir?path=/sdcard/Download")

    @dataclass(frozen=True)
    class Params:
        file: str  # a name of ICS_FILES (without ".ics")
        decoy: str
        date: str
        start: str
        minutes: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        which, decoy = (ICS_FILES[int(i)][0]
                        for i in rng.choice(len(ICS_FILES), size=2, replace=False))
        day = _today(device) + datetime.timedelta(days=int(rng.integers(3, 30)))
        return cls.Params(which, decoy, day.isoformat(),
                          f"{int(rng.integers(9, 20)):02d}:{_pick(rng, (0, 30)):02d}",
                          _pick(rng, (60, 90, 120)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        names = [f[0] for f in ICS_FILES]
        if params.file == params.decoy or params.file not in names or \
                params.decoy not in names:
            raise ValueError("file and decoy are two different ICS_FILES")

    @staticmethod
    def entry(name: str) -> tuple[str, str, str]:
        return next(f for f in ICS_FILES if f[0] == name)

    def _span(self) -> tuple[datetime.datetime, datetime.datetime]:
        begin = model.parse(f"{self.params.date} {self.params.start}")
        return begin, begin + datetime.timedelta(minutes=self.params.minutes)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        begin, end = self._span()
        for which, shift in ((self.params.decoy, 2), (self.params.file, 0)):
            name, title, place = self.entry(which)
            device.kernel.files.write_text(
                f"/sdcard/Download/{name}.ics",
                ics_text(title, begin + datetime.timedelta(days=shift),
                         end + datetime.timedelta(days=shift), place))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        _, title, place = self.entry(self.params.file)
        begin, end = self._span()
        return [C.created(EVENTS, {"title": title, "start": model.stamp(begin),
                                   "end": model.stamp(end), "location": place}), VIEWING]

    def oracle(self, device: Device) -> Actions:
        row = yield from O.scroll_to(device, id=f"file:{self.params.file}.ics")
        yield O.tap(device, row)
        yield O.tap(device, id="open_with")
        yield O.tap(device, id="save")


class DayToNote(_CalendarTask):
    """Write a day's events into a note (Calendar, then Notes)."""

    name = "day_to_note"
    template = ("Write a note titled '{note}' that lists the titles of all my events on {day}, "
                "separated by commas.")
    phrasings = ("Make a note '{note}' with the titles of every event in my calendar on {day}, "
                 "comma-separated.",
                 "Create a note called '{note}' listing my events of {day} by title, separated "
                 "by commas.")
    difficulty = 3
    objective = "hybrid"
    apps = ("calendar", "notes")
    tags = ("cross_app", "typing", "memory", "navigation")

    @dataclass(frozen=True)
    class Params:
        date: str
        note: str

    @staticmethod
    def titles(events: list[dict[str, Any]], day: datetime.date) -> list[str]:
        return [e["title"] for e in model.on_day(events, day)]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        evs, today = _store(device)["events"], _today(device)
        days = [today + datetime.timedelta(days=i) for i in range(1, 15)]
        # a list answer splits on commas and "and": leave out days whose titles hold them
        fit = [d for d in days if 2 <= len(cls.titles(evs, d)) <= 4 and not any(
            "," in t or "&" in t or " and " in f" {t.lower()} " for t in cls.titles(evs, d))]
        day = _pick(rng, fit)
        return cls.Params(said(day), f"Plans for {day:%B} {day.day}")

    def template_values(self) -> dict[str, Any]:
        return {"note": self.params.note, "day": model.date_text(_day(self.params.date))}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        titles = self.titles(_events(initial), _day(self.params.date))
        return [C.created("apps.notes.notes", {"title": C.text_like(self.params.note),
                                               "body": C.items_like(titles)}), VIEWING]

    def oracle(self, device: Device) -> Actions:
        day = _day(self.params.date)
        yield from go_to(device, day)
        chips = sorted(day_chips(device, day), key=lambda c: c["bounds"][1])
        titles = [chip_title(c["text"]) for c in chips]
        yield from O.open_app(device, "notes")
        yield O.tap(device, id="fab")
        yield from O.type_into(device, self.params.note, id="title")
        yield from O.type_into(device, ", ".join(titles), id="body")
        yield O.tap(device, id="save")


class TextEventTime(_OneEventTask):
    """Look up when an event starts and text it to a contact."""

    name = "text_event_time"
    template = "Text {guest} the time my '{title}' on {day} starts."
    phrasings = ("Send {guest} a message saying when my '{title}' on {day} begins.",
                 "Let {guest} know by text what time '{title}' on {day} starts.")
    difficulty = 3
    objective = "hybrid"
    apps = ("calendar", "messages")
    tags = ("cross_app", "typing", "memory")

    @dataclass(frozen=True)
    class Params(_EventParams):
        guest: str
        phone: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, ev: dict[str, Any]) -> tuple:
        person = _pick(rng, _contacts(device))
        return person["name"], person["phone"]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        h, m = model.span(self.event(initial))[0].hour, model.span(self.event(initial))[0].minute
        return [messages.sent(self.params.phone, C.time_like(h, m)), VIEWING,
                messages.READING]

    def oracle(self, device: Device) -> Actions:
        p = self.params
        yield from self.open(device)
        when = O.node(device, id="event_when")["text"]  # "Tuesday, March 3, 2026 · 11:00 – 12:00"
        start = when.split(" · ")[1].split(" – ")[0]
        yield from messages.compose(device, p.guest, f"It starts at {start}.")
