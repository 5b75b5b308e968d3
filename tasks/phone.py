"""Phone suite: calling people and numbers, the call log (call back, count, when, delete,
clear, block, save a caller), favourites, voicemail, incoming calls (answer, decline with a
message), and chains with Messages.

Per-seed data is written relative to the episode's clock: a fresh missed call, calls with one
person at several times (the right one among near-duplicates), an unread text. The default log
has look-alike people (Alice Johnson / Johnston, Daniel / Daniela Kim) and unknown numbers.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.phone.common import caller_name
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation
from mobilegym_env.kernel.providers import blocked_numbers, number_key
from mobilegym_env.task import Start, Task
from mobilegym_env.tasks import contacts as contacts_suite

CALLS = "os.providers.calls"
CONTACTS = "os.providers.contacts"
SMS = "os.providers.sms"
BLOCKED = "os.providers.blocked"
VOICEMAILS = "apps.phone.voicemails"
HEARD = "apps.phone.voicemails[id=*].read"  # opening a voicemail marks it heard
LOOKING = "os.providers.sms[id=*].read"  # opening a conversation marks it read
HEARING = C.may_change(HEARD, to=True)  # never back to unheard
READING = C.may_change(LOOKING, to=True)  # never back to unread
IN_PHONE = Start(app="phone")
AREAS = ("415", "628", "650", "510", "408", "707", "925", "213", "312")
NAMES = ("Nora Sato", "Felix Brandt", "Ruby Castillo", "Omar Haddad", "Lena Fischer",
         "Theo Marsh", "Ivy Duarte", "Kenji Mori")
TEXTS = ("Sorry I missed your call, I'll ring you tonight.", "Can I call you back in an hour?",
         "Saw your missed call, what's up?", "Busy right now, talk later?")
QUICK_REPLIES = ("Can't talk now. What's up?", "I'll call you right back.",
                 "I'll call you later.", "Can't talk now. Call me later?")
PLACES = ("the library", "Blue Bottle", "the gym", "the station", "Luigi's")
Actions = Iterator[dict[str, Any]]
MINUTE = 60_000


# --------------------------------------------------------------------------- data helpers
def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    if not items:
        raise ValueError("nothing to choose from in the default data")
    return items[int(rng.integers(len(items)))]


def _digits(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


def _key(number: str) -> str:
    return number_key(number) or ""  # the kernel's comparison: equal keys, same line


def contacts(device: Device) -> list[dict[str, Any]]:
    """The contacts provider's rows, in id order."""
    return device.kernel.providers.query("content://contacts")


def contact(device: Device, contact_id: int) -> dict[str, Any]:
    """One contact; ValueError naming the id when there is none."""
    rows = device.kernel.providers.query(f"content://contacts/{contact_id}")
    if not rows:
        raise ValueError(f"no contact with id {contact_id}")
    return rows[0]


def calls(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The call log of a state, in id order."""
    return state["os"]["providers"]["calls"]


def new_number(rng: np.random.Generator, device: Device) -> str:
    """A number no contact, call or blocked entry has."""
    taken = {_key(c[k]) for c in contacts(device) for k in ("phone", "phone2") if c[k]}
    taken |= {_key(c["number"]) for c in device.kernel.providers.query("content://calls")}
    taken |= {_key(b["number"]) for b in device.kernel.providers.query("content://blocked")}
    while True:
        number = f"+1 {_pick(rng, AREAS)}-555-{int(rng.integers(300, 1000)):04d}"
        if _key(number) not in taken:
            return number


def now_ms(device: Device) -> int:
    """The device clock's epoch ms."""
    return device.kernel.clock.now_ms()


def local(device: Device, ms: int) -> datetime.datetime:
    """Epoch ms as the device's local wall time."""
    offset = device.kernel.clock.tz_offset_minutes * MINUTE
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms + offset)


def clock_text(when: datetime.datetime) -> str:
    """``2:15 PM``, as the app shows times."""
    return f"{when.hour % 12 or 12}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def when_words(device: Device, ms: int) -> str:
    """``today at 8:12 AM`` / ``yesterday at 9:40 PM`` / ``on Friday at 7:05 AM``."""
    when = local(device, ms)
    days = (local(device, now_ms(device)).date() - when.date()).days
    day = "today" if days == 0 else "yesterday" if days == 1 else f"on {when:%A}"
    return f"{day} at {clock_text(when)}"


def log(device: Device, number: str, kind: str, at_ms: int, seconds: int = 0) -> int:
    """Writes a call-log row (as the phone would have) and returns its id."""
    named = next((c["name"] for c in contacts(device)
                  if _key(number) in {_key(c[k]) for k in ("phone", "phone2") if c[k]}), None)
    return device.kernel.providers.insert("content://calls", {
        "number": number, "name": named, "type": kind, "date_ms": at_ms,
        "duration_s": seconds})


def _call_id(state: dict[str, Any], number: str, at_ms: int) -> int:
    """The id of the call with ``number`` at ``at_ms`` (written by ``initialize``)."""
    for c in calls(state):
        if c["date_ms"] == at_ms and _key(c["number"]) == _key(number):
            return c["id"]
    raise ValueError(f"no call with {number} at {at_ms}")


def latest(state: dict[str, Any], kinds: Sequence[str]) -> str:
    """The number of the newest call of one of ``kinds`` in a state's log."""
    rows = [c for c in calls(state) if c["type"] in kinds]
    if not rows:
        raise ValueError(f"no {'/'.join(kinds)} call in the log")
    return max(rows, key=lambda c: (c["date_ms"], c["id"]))["number"]


RANG = ("incoming", "missed", "rejected")  # calls that came in (blocked ones never rang)


class at_least(C.Matcher):  # noqa: N801 - reads as a value in a fields dict
    """A number no smaller than ``low``."""

    def __init__(self, low: int) -> None:
        self.low = low

    def __call__(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= self.low

    def describe(self) -> str:
        return f"at least {self.low}"


def made_call(number: str, kind: str = "outgoing", **more: Any) -> Expectation:
    """Exactly one new call-log row of ``kind`` with ``number``."""
    return C.created(CALLS, {"type": kind, "number": C.digits_like(number), **more},
                     name=f"{kind} call with {number}")


# --------------------------------------------------------------------------- oracle helpers
def tab(device: Device, label: str) -> dict[str, Any]:
    """A tap on one of Phone's navigation tabs."""
    return O.tap(device, O.node(device, text=label, role="tab"))


def open_in_recents(device: Device, call_id: int, long: bool = False) -> Actions:
    """From a Phone tab: Recents, then the call's row (tapped, or long-pressed for its menu)."""
    yield tab(device, "Recents")
    row = yield from O.scroll_to(device, id=f"call:{call_id}")
    yield O.long_press(device, row) if long else O.tap(device, row)


def open_person(device: Device, name: str, contact_id: int) -> Actions:
    """From a Phone tab: Contacts, search the name, open the person."""
    yield tab(device, "Contacts")
    yield from O.type_into(device, name, id="search")
    yield O.tap(device, id=f"contact:{contact_id}")


def call_person(device: Device, name: str, contact_id: int, field: str = "phone") -> Actions:
    """From a Phone tab: finds the person, calls one of their numbers, hangs up."""
    yield from open_person(device, name, contact_id)
    yield O.tap(device, id=f"number:{field}")
    yield O.tap(device, id="end_call")


def dial(device: Device, number: str) -> Actions:
    """Opens the keypad, presses the digits and calls; then hangs up."""
    yield O.tap(device, id="fab")
    for key in _digits(number):
        yield O.tap(device, id=f"key:{key}")
    yield O.tap(device, id="dial_call")
    yield O.tap(device, id="end_call")


def _call_kind(n: dict[str, Any]) -> str:
    """A Recents row's call kind as it reads: "Laura Chen, Missed, 5:10 AM" -> "Missed"."""
    if not (n["id"] or "").startswith("call:"):
        return ""
    parts = n["text"].split(", ")
    return parts[1] if len(parts) >= 3 else ""


def newest_call(device: Device, kinds: Sequence[str]) -> dict[str, Any]:
    """The topmost (newest) row of Recents whose call is of one of ``kinds`` as the row says
    it ("Missed", "Incoming", "Outgoing"...)."""
    rows = O.find_all(device, where=lambda n: _call_kind(n) in kinds)
    if not rows:
        raise O.OracleError(f"no {'/'.join(kinds)} call on screen")
    return rows[0]


def suffix(node: dict[str, Any]) -> str:
    """``call:28`` -> ``28``: the row's key, to reach its buttons (read off the screen)."""
    return node["id"].split(":", 1)[1]


def count_rows(device: Device, which: Any, stop: Any = None) -> Actions:
    """Counts the Recents rows that match ``which``, scrolling the list down to its end (or
    until a row matches ``stop``); returns the count."""
    counted: set[str] = set()
    seen: set[str] = set()
    for _ in range(12):
        rows = O.find_all(device, where=lambda n: bool(_call_kind(n)))
        counted |= {n["id"] for n in rows if which(n)}
        if {n["id"] for n in rows} <= seen or (stop and any(stop(n) for n in rows)):
            break
        seen |= {n["id"] for n in rows}
        yield O.scroll_down()
    return len(counted)


def open_named_person(device: Device, name: str) -> Actions:
    """From a Phone tab: Contacts, search the name, open the person whose row shows it."""
    yield tab(device, "Contacts")
    yield from O.type_into(device, name, id="search")
    yield O.tap(device, where=lambda n: (n["id"] or "").startswith("contact:")
                and n["text"].partition(" +")[0] == name)  # "Laura Chen +1 415-555-0191"


def open_blocked(device: Device) -> Actions:
    """From a Phone tab: Recents, its ⋮ menu, Blocked numbers."""
    yield tab(device, "Recents")
    yield O.tap(device, id="more")
    yield O.tap(device, id="blocked_numbers")


# --------------------------------------------------------------------------- base classes
class _PhoneTask(Task):
    suite = "phone"
    apps = ("phone",)
    start = IN_PHONE


class _Person(_PhoneTask):
    """A task about one contact."""

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        number: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["phone"]]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        c = _pick(rng, cls.candidates(device))
        return cls.Params(c["id"], c["name"], c["phone"])

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        contact(device, params.contact_id)


# --------------------------------------------------------------------------- calling
class CallContact(_Person):
    """Call a person found by name in the Contacts tab (look-alike names exist)."""

    name = "call_contact"
    template = "Call {name}."
    phrasings = (
        'Give {name} a call.',
        'Phone {name}.',
    )
    difficulty = 2
    tags = ("search", "typing")

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["phone"] and not c["starred"]]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(self.params.number)]

    def oracle(self, device: Device) -> Actions:
        yield from open_named_person(device, self.params.name)
        yield O.tap(device, id="number:phone")
        yield O.tap(device, id="end_call")


class CallSecondNumber(_PhoneTask):
    """Call a person on their other (work or home) number, not the mobile one."""

    name = "call_second_number"
    template = "Call {name} on their {kind} number."
    phrasings = (
        "Ring {name}'s {kind} number.",
        'Place a call to {name}, using their {kind} number.',
    )
    difficulty = 2
    tags = ("search", "typing")

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        kind: str
        number: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        c = _pick(rng, [c for c in contacts(device)
                        if c["phone2"] and c["phone2_type"] != c["phone_type"]])
        return cls.Params(c["id"], c["name"], c["phone2_type"], c["phone2"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if contact(device, params.contact_id)["phone2"] != params.number:
            raise ValueError(f"{params.name}'s second number is not {params.number}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(self.params.number)]

    def oracle(self, device: Device) -> Actions:
        yield from open_named_person(device, self.params.name)
        yield O.tap(device, id="number:phone2")
        yield O.tap(device, id="end_call")


class DialNumber(_PhoneTask):
    """Dial a number nobody has on the keypad and call it."""

    name = "dial_number"
    template = "Use the keypad to call {number}."
    phrasings = (
        'Dial {number} on the keypad and call it.',
        'Type {number} into the dialer and place the call.',
    )
    difficulty = 3
    max_steps = 30
    tags = ("keyboard",)

    @dataclass(frozen=True)
    class Params:
        number: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        digits = _digits(new_number(rng, device))[-10:]
        return cls.Params(f"({digits[:3]}) {digits[3:6]}-{digits[6:]}")

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if len(_digits(params.number)) < 3:
            raise ValueError(f"not a phone number: {params.number!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(self.params.number)]

    def oracle(self, device: Device) -> Actions:
        yield from dial(device, self.params.number)


class _FreshCall(_PhoneTask):
    """A task about a call that came in a few minutes to hours before the episode."""

    kind = "missed"

    @dataclass(frozen=True)
    class Params:
        number: str
        name: str  # the caller's name, or the number for an unknown caller
        at_ms: int

    @classmethod
    def caller(cls, rng: np.random.Generator, device: Device) -> tuple[str, str]:
        c = _pick(rng, [c for c in contacts(device) if c["phone"]])
        return c["phone"], c["name"]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        number, name = cls.caller(rng, device)
        return cls.Params(number, name, now_ms(device) - int(rng.integers(5, 90)) * MINUTE)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if _key(params.number) == "" or params.at_ms > now_ms(device):
            raise ValueError("the call must have a number and be in the past")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        log(device, self.params.number, self.kind, self.params.at_ms)


class CallBackMissed(_FreshCall):
    """Call back whoever missed-called last (a per-seed caller, found in Recents)."""

    name = "call_back_missed"
    template = "Call back the last person who tried to call you and you missed."
    phrasings = (
        'Return the most recent call you missed.',
        'Someone called and you missed it; call the latest one back.',
    )
    difficulty = 3
    objective = "hybrid"
    tags = ("navigation",)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(latest(initial, ("missed",)))]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Recents")
        yield O.tap(device, id=f"call_back:{suffix(newest_call(device, ('Missed',)))}")
        yield O.tap(device, id="end_call")


class BlockRecentCaller(_FreshCall):
    """Block the unknown number that called most recently, from its call-log entry."""

    name = "block_recent_caller"
    template = "Block the number that called you most recently."
    phrasings = (
        'Block whoever called you last.',
        'The last caller keeps bothering you. Block that number.',
    )
    difficulty = 3
    objective = "hybrid"
    tags = ("long_press", "menu", "dialog")
    kind = "incoming"

    @classmethod
    def caller(cls, rng: np.random.Generator, device: Device) -> tuple[str, str]:
        number = new_number(rng, device)
        return number, number

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        number = latest(initial, RANG)
        return [C.created(BLOCKED, {"number": C.digits_like(number)}, name=f"{number} blocked")]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Recents")
        yield O.long_press(device, newest_call(device, ("Incoming", "Missed", "Declined",
                                                        "Rejected")))
        yield O.tap(device, id="row_menu:block")
        yield O.tap(device, id="block_dialog:block")


class SaveCaller(_FreshCall):
    """Save the unknown number of a missed call (named by its time) as a new contact."""

    name = "save_caller"
    template = "Save the number that called you {when} as a new contact named {contact}."
    phrasings = (
        'Add the number that called you {when} to your contacts as {contact}.',
        'Create a contact named {contact} for the caller from {when}.',
    )
    difficulty = 2
    tags = ("typing", "navigation")

    @dataclass(frozen=True)
    class Params:
        number: str
        name: str
        at_ms: int
        when: str
        contact: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        number = new_number(rng, device)
        at_ms = now_ms(device) - int(rng.integers(5, 90)) * MINUTE
        names = {c["name"] for c in contacts(device)}
        return cls.Params(number, number, at_ms, when_words(device, at_ms),
                          _pick(rng, [n for n in NAMES if n not in names]))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        log(device, self.params.number, "missed", self.params.at_ms)
        # a decoy: another unknown caller an hour before
        log(device, new_number(rng, device), "missed", self.params.at_ms - 60 * MINUTE)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(CONTACTS, {"name": C.text_like(self.params.contact),
                                     "phone": C.digits_like(self.params.number)},
                          name=f"{self.params.contact} saved")]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Recents")
        day, _, time = self.params.when.partition(" at ")
        shown = time if day == "today" else "Yesterday"  # Recents' rows: today's show a time
        row = yield from O.scroll_to(device, where=lambda n: _call_kind(n) == "Missed"
                                     and n["text"].endswith(f", {shown}"))
        yield O.tap(device, row)
        yield O.tap(device, id="detail_add")
        yield from O.type_into(device, self.params.contact, id="new_name")
        yield O.tap(device, id="save")


# --------------------------------------------------------------------------- call log questions
def _local_of(state: dict[str, Any], ms: int) -> datetime.datetime:
    """Epoch ms as local wall time in a state's time zone."""
    offset = state["os"]["time"]["tz_offset_minutes"] * MINUTE
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms + offset)


class _History(_PhoneTask):
    """Calls with one person at per-seed times (epoch ms, in the 36 hours before the start)."""

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        number: str
        times: tuple[int, ...]
        kinds: tuple[str, ...]

    n_calls = (2, 4)
    kinds_pool = ("missed", "incoming", "outgoing")

    @classmethod
    def draw(cls, rng: np.random.Generator, device: Device
             ) -> tuple[dict[str, Any], tuple[int, ...], tuple[str, ...]]:
        """A person, call times (newest first) and call kinds."""
        c = _pick(rng, [c for c in contacts(device) if c["phone"]])
        n = int(rng.integers(*cls.n_calls))
        minutes = sorted({int(rng.integers(10, 36 * 60)) for _ in range(n)})
        times = tuple(now_ms(device) - m * MINUTE for m in minutes)
        return c, times, tuple(_pick(rng, cls.kinds_pool) for _ in times)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        c, times, kinds = cls.draw(rng, device)
        return cls.Params(c["id"], c["name"], c["phone"], times, kinds)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        contact(device, params.contact_id)
        if len(params.times) != len(params.kinds) or not params.times:
            raise ValueError("times and kinds must pair up, at least one call")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for at_ms, kind in zip(self.params.times, self.params.kinds, strict=True):
            log(device, self.params.number, kind, at_ms,
                0 if kind == "missed" else int(rng.integers(20, 900)))

    def missed(self, state: dict[str, Any]) -> int:
        return sum(1 for c in calls(state)
                   if c["type"] == "missed" and _key(c["number"]) == _key(self.params.number))


class CountMissed(_History):
    """Count one person's missed calls in the whole log (look-alike names nearby)."""

    name = "count_missed"
    template = "How many missed calls from {name} are in your call history?"
    phrasings = (
        'Count the missed calls from {name} in your call log.',
        'How many times did you miss a call from {name}, according to Recents?',
    )
    difficulty = 2
    objective = "query"
    max_steps = 30
    tags = ("counting", "scroll")
    kinds_pool = ("missed", "missed", "incoming")

    @classmethod
    def draw(cls, rng: np.random.Generator, device: Device
             ) -> tuple[dict[str, Any], tuple[int, ...], tuple[str, ...]]:
        """A person, one to six missed calls and one or two others (the count spreads)."""
        c, _, _ = super().draw(rng, device)
        kinds = ["missed"] * int(rng.integers(1, 7)) + ["incoming", "outgoing"][
            :int(rng.integers(1, 3))]
        minutes = sorted(int(m) for m in rng.choice(np.arange(10, 36 * 60), size=len(kinds),
                                                    replace=False))
        order = [kinds[int(i)] for i in rng.permutation(len(kinds))]
        return c, tuple(now_ms(device) - m * MINUTE for m in minutes), tuple(order)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(self.missed(initial))]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Recents")
        counted = yield from count_rows(device, lambda n: _call_kind(n) == "Missed"
                                        and n["text"].startswith(f"{self.params.name}, "))
        yield A.answer(str(counted))


class LastCallTime(_History):
    """When a person last called (an incoming or missed call, not the newer one you made)."""

    name = "last_call_time"
    template = "At what time did {name} last call you?"
    phrasings = (
        'When did {name} last call you? Give the time.',
        "What was the time of {name}'s latest call to you?",
    )
    difficulty = 1
    objective = "query"
    max_steps = 14
    tags = ("navigation", "scroll")

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        c, times, _ = cls.draw(rng, device)
        kinds = ("outgoing", *(("incoming", "missed")[i % 2] for i in range(len(times) - 1)))
        return cls.Params(c["id"], c["name"], c["phone"], times, kinds)

    def _last(self, state: dict[str, Any]) -> dict[str, Any]:
        return max((c for c in calls(state) if c["type"] in ("incoming", "missed", "rejected")
                    and _key(c["number"]) == _key(self.params.number)),
                   key=lambda c: c["date_ms"])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        when = _local_of(initial, self._last(initial)["date_ms"])
        return [C.answer_time(when.hour, when.minute)]

    def oracle(self, device: Device) -> Actions:
        state = device.state()
        last = self._last(state)
        yield from open_in_recents(device, last["id"])
        yield A.answer(clock_text(_local_of(state, last["date_ms"])))


class DeleteCallEntry(_History):
    """Delete one call among several with the same person, named by its time."""

    name = "delete_call_entry"
    template = "Delete the call with {name} from {when} from your call history."
    phrasings = (
        'Remove the call with {name} from {when} from your call log.',
        'In Recents, delete the {name} call from {when}.',
    )
    difficulty = 1
    max_steps = 14
    tags = ("long_press", "menu", "scroll")
    n_calls = (3, 5)

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        number: str
        times: tuple[int, ...]
        kinds: tuple[str, ...]
        target: int  # index into times
        when: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        c, times, kinds = cls.draw(rng, device)
        target = int(rng.integers(len(times)))
        return cls.Params(c["id"], c["name"], c["phone"], times, kinds, target,
                          when_words(device, times[target]))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if not 0 <= params.target < len(params.times):
            raise ValueError(f"target {params.target} is not one of the calls")

    def _target_id(self, state: dict[str, Any]) -> int:
        return _call_id(state, self.params.number, self.params.times[self.params.target])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(CALLS, id=self._target_id(initial))]

    def oracle(self, device: Device) -> Actions:
        yield from open_in_recents(device, self._target_id(device.state()), long=True)
        yield O.tap(device, id="row_menu:delete")


class ClearHistory(_PhoneTask):
    """Clear the whole call history from the Recents menu (a confirm dialog)."""

    name = "clear_history"
    template = "Clear your entire call history."
    phrasings = (
        'Delete every call in your call log.',
        'Wipe your call history completely.',
    )
    difficulty = 2
    start = Start()  # on the home screen
    same_instruction = "the whole log is cleared: there is no target to vary"
    tags = ("menu", "dialog")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals(CALLS, [])]

    def oracle(self, device: Device) -> Actions:
        yield from O.open_app(device, "phone")
        yield tab(device, "Recents")
        yield O.tap(device, id="more")
        yield O.tap(device, id="clear_history")
        yield O.tap(device, id="clear_dialog:clear")


# --------------------------------------------------------------------------- blocking
class BlockNumber(_PhoneTask):
    """Block a number that is not in the call log (Blocked numbers > Add a number)."""

    name = "block_number"
    template = "Block the phone number {number}."
    phrasings = (
        'Add {number} to your blocked numbers.',
        'Stop {number} from calling you by blocking it.',
    )
    difficulty = 2
    tags = ("menu", "dialog", "typing")

    @dataclass(frozen=True)
    class Params:
        number: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(new_number(rng, device))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(BLOCKED, {"number": C.digits_like(self.params.number)},
                          name=f"{self.params.number} blocked")]

    def oracle(self, device: Device) -> Actions:
        yield from open_blocked(device)
        yield O.tap(device, id="add_blocked")
        yield from O.type_into(device, self.params.number, id="block_number")
        yield O.tap(device, id="add_dialog:block")


class UnblockNumber(_PhoneTask):
    """Unblock one number among several blocked ones."""

    name = "unblock_number"
    template = "Unblock {number} so it can call you again."
    phrasings = (
        'Remove {number} from your blocked numbers.',
        'Let {number} call you again by unblocking it.',
    )
    difficulty = 2
    tags = ("menu", "dialog")

    @dataclass(frozen=True)
    class Params:
        numbers: tuple[str, ...]  # added to the blocked list
        number: str  # the one to unblock (among them)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        numbers: list[str] = []
        while len(numbers) < 3:
            n = new_number(rng, device)
            if n not in numbers:
                numbers.append(n)
        return cls.Params(tuple(numbers), _pick(rng, numbers))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.number not in params.numbers:
            raise ValueError(f"{params.number} is not among the blocked numbers")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        blocked = blocked_numbers(device.kernel)
        for offset, number in enumerate(self.params.numbers):
            blocked.block(number, now_ms(device) - (offset + 1) * 86_400_000)

    def _id(self, state: dict[str, Any]) -> int:
        return next(b["id"] for b in state["os"]["providers"]["blocked"]
                    if b["number"] == self.params.number)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(BLOCKED, id=self._id(initial))]

    def oracle(self, device: Device) -> Actions:
        yield from open_blocked(device)
        yield O.tap(device, where=lambda n: (n["id"] or "").startswith("unblock:")
                    and n["text"] == f"Unblock {self.params.number}")
        yield O.tap(device, id="unblock_dialog:unblock")


class UnblockContact(_Person):
    """Unblock a contact blocked by mistake, among other blocked contacts (the blocked list
    shows numbers with names under them; Contacts and Messages can unblock too)."""

    name = "unblock_contact"
    template = "You blocked {name} by mistake. Unblock them so they can call and text you again."
    phrasings = (
        '{name} is blocked by mistake. Unblock them.',
        'Take {name} off your blocked list so they can reach you.',
    )
    difficulty = 2
    tags = ("menu", "dialog")

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        number: str
        decoy_id: int  # another blocked contact, left blocked

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        people = cls.candidates(device)
        c = _pick(rng, people)
        decoy = _pick(rng, [p for p in people if p["id"] != c["id"]])
        return cls.Params(c["id"], c["name"], c["phone"], decoy["id"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.decoy_id == params.contact_id:
            raise ValueError("the decoy must be another contact")
        contact(device, params.contact_id)
        contact(device, params.decoy_id)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        blocked = blocked_numbers(device.kernel)
        decoy = contact(device, self.params.decoy_id)["phone"]
        for days, number in ((3, decoy), (1, self.params.number)):
            blocked.block(number, now_ms(device) - days * 86_400_000)

    def _id(self, state: dict[str, Any]) -> int:
        return next(b["id"] for b in state["os"]["providers"]["blocked"]
                    if _key(b["number"]) == _key(self.params.number))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(BLOCKED, id=self._id(initial), name=f"{self.params.name} unblocked")]

    def oracle(self, device: Device) -> Actions:
        yield from open_blocked(device)
        row = O.node(device, where=lambda n: (n["id"] or "").startswith("blocked:")
                     and self.params.name in n["text"])
        yield O.tap(device, id=f"unblock:{suffix(row)}")
        yield O.tap(device, id="unblock_dialog:unblock")


class BlockSpamTexter(_PhoneTask):
    """A chain over Messages and Phone: block the stranger who texts about one topic (from the
    conversation's menu, or by typing the number into Phone's blocked list); another stranger
    texting about something else is the decoy."""

    name = "block_spam_texter"
    template = ("A number you don't know keeps texting you about {topic}. Block it so it can "
                "no longer call or text you.")
    phrasings = (
        'An unknown number keeps sending you texts about {topic}. Block that number.',
        "Block the stranger who texts you about {topic}, so they can't call or text you.",
    )
    difficulty = 3
    apps = ("phone", "messages")
    tags = ("cross_app", "menu", "dialog")

    SPAM = {
        "a free cruise": ("Congratulations! You have won a FREE cruise to the Bahamas. Reply "
                          "YES to claim.", "Last chance to claim your free cruise. Reply YES."),
        "your car's warranty": ("Your vehicle's extended warranty is about to expire. Call "
                                "now to renew.", "FINAL NOTICE: renew your car warranty today."),
        "a crypto investment": ("Turn $200 into $5,000 in a week with our crypto plan! Reply "
                                "INFO.", "Spots are filling up fast. Reply INFO to invest."),
    }

    @dataclass(frozen=True)
    class Params:
        topic: str
        number: str
        decoy: str  # a stranger texting about another topic

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        topic = _pick(rng, sorted(cls.SPAM))
        number = new_number(rng, device)
        decoy = new_number(rng, device)
        while _key(decoy) == _key(number):
            decoy = new_number(rng, device)
        return cls.Params(topic, number, decoy)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.topic not in cls.SPAM:
            raise ValueError(f"unknown topic {params.topic!r}; one of {sorted(cls.SPAM)}")
        if _key(params.decoy) == _key(params.number):
            raise ValueError("the decoy must be another number")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        other = next(t for t in sorted(self.SPAM) if t != self.params.topic)
        for number, topic, ago in ((self.params.number, self.params.topic, 300),
                                   (self.params.decoy, other, 200)):
            for i, body in enumerate(self.SPAM[topic]):
                at = now_ms(device) - (ago - 90 * i) * MINUTE
                device.kernel.providers.insert("content://sms", {
                    "thread_address": number, "address": number, "body": body,
                    "timestamp_ms": at, "type": "inbox", "read": False})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(BLOCKED, {"number": C.digits_like(self.params.number)},
                          name=f"{self.params.number} blocked"), READING]

    def oracle(self, device: Device) -> Actions:
        yield from O.open_app(device, "messages")
        latest_text = self.SPAM[self.params.topic][1]  # the topic, as the list shows it
        row = yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith(
            "thread:") and latest_text in n["text"])
        yield O.tap(device, row)
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu_block")
        yield O.tap(device, id="block_confirm")


# --------------------------------------------------------------------------- favourites
class StarContact(_Person):
    """Add a person to the favourites from Phone."""

    name = "star_contact"
    template = "In the Phone app, add {name} to your favourites."
    phrasings = (
        'Using the Phone app, make {name} a favourite.',
        'Add {name} to the favourites in the Phone app.',
    )
    difficulty = 2
    start = Start()  # on the home screen
    tags = ("search", "typing")

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["phone"] and not c["starred"]]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id, fields={"starred": True})]

    def oracle(self, device: Device) -> Actions:
        yield from O.open_app(device, "phone")
        yield O.tap(device, id="add_favourite")
        yield from O.type_into(device, self.params.name, id="fav_search")
        yield O.tap(device, where=lambda n: (n["id"] or "").startswith("pick:")
                    and n["text"].partition(" +")[0] == self.params.name)


class UnstarFavourite(_Person):
    """Remove one favourite (a long press on its tile)."""

    name = "unstar_favourite"
    template = "Remove {name} from your favourites."
    phrasings = (
        'Take {name} out of your favourites.',
        '{name} should no longer be a favourite. Remove them.',
    )
    difficulty = 1
    max_steps = 14
    tags = ("long_press", "menu")

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["phone"] and c["starred"]]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id, fields={"starred": False})]

    def oracle(self, device: Device) -> Actions:
        yield O.long_press(device, where=lambda n: (n["id"] or "").startswith("fav:")
                           and n["text"] == self.params.name)
        yield O.tap(device, id="fav_menu:remove")


# --------------------------------------------------------------------------- voicemail
class VoicemailTime(_Person):
    """What time a person's voicemail proposes (another voicemail proposes another time)."""

    name = "voicemail_time"
    template = "{name} left you a voicemail about meeting up. At what time do they want to meet?"
    phrasings = (
        'What time does {name} suggest meeting in their voicemail?',
        "{name}'s voicemail proposes meeting up. At what time?",
    )
    difficulty = 1
    objective = "query"
    max_steps = 14
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        number: str
        place: str
        hour: int
        minute: int
        decoy_id: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        people = [c for c in contacts(device) if c["phone"]]
        c = _pick(rng, people)
        decoy = _pick(rng, [d for d in people if d["id"] != c["id"]])
        return cls.Params(c["id"], c["name"], c["phone"], _pick(rng, PLACES),
                          int(rng.integers(8, 20)), int(_pick(rng, (0, 15, 30, 45))), decoy["id"])

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        store = device.kernel.app_state("phone")
        decoy = contact(device, self.params.decoy_id)
        start = now_ms(device)
        for number, first, hour, ago in (
                (decoy["phone"], decoy["name"].split()[0], (self.params.hour + 3) % 24, 200),
                (self.params.number, self.params.name.split()[0], self.params.hour, 90)):
            when = clock_text(datetime.datetime(2026, 1, 1, hour, self.params.minute))
            store["voicemails"].append({
                "id": store["next_id"], "number": number, "date_ms": start - ago * MINUTE,
                "duration_s": 16, "read": False,
                "transcript": f"Hi, it's {first}. Want to meet at {self.params.place} at "
                              f"{when}? Call me back."})
            store["next_id"] += 1

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_time(self.params.hour, self.params.minute), HEARING]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Voicemail")
        rows = O.find_all(device, where=lambda n: (n["id"] or "").startswith("voicemail:")
                          and n["text"].startswith(f"{self.params.name}, "))
        for row in rows:  # the one about meeting up (they may have left others)
            yield O.tap(device, id=row["id"])
            said = O.find(device, where=lambda n: "Want to meet at" in n["text"])
            if said is not None:
                yield A.answer(said["text"].split("? Call me")[0].rsplit(" at ", 1)[1])
                return
            yield A.back()
        raise O.OracleError(f"no voicemail of {self.params.name} about meeting up")


class DeleteVoicemail(_PhoneTask):
    """Delete one voicemail, named by who left it."""

    name = "delete_voicemail"
    template = "Delete the voicemail from {name}."
    phrasings = (
        "Remove {name}'s voicemail.",
        "Delete {name}'s voicemail message.",
    )
    difficulty = 1
    max_steps = 14
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        voicemail_id: int
        name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        vm = _pick(rng, device.kernel.app_state("phone")["voicemails"])
        return cls.Params(vm["id"], caller_name(device.kernel, vm["number"]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not any(v["id"] == params.voicemail_id
                   for v in device.kernel.app_state("phone")["voicemails"]):
            raise ValueError(f"no voicemail {params.voicemail_id}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(VOICEMAILS, id=self.params.voicemail_id), HEARING]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Voicemail")
        row = yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith(
            "voicemail:") and n["text"].startswith(f"{self.params.name}, "))
        yield O.tap(device, row)
        yield O.tap(device, id="vm_delete")


# --------------------------------------------------------------------------- incoming calls
class _Incoming(_Person):
    """The episode starts with a person's call ringing."""

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["phone"]]

    def start_screen(self) -> Start:
        return Start(app="phone", route=f"/incoming?number={quote(self.params.number)}")


class AnswerCall(_Incoming):
    """Answer the ringing call, stay on it a while, then hang up."""

    name = "answer_call"
    template = "Answer the incoming call, stay on the line for at least 15 seconds, then hang up."
    phrasings = (
        'Pick up the call that is ringing, talk for at least 15 seconds, then end it.',
        'Take the incoming call, keep it going for 15 seconds or more, and hang up.',
    )
    difficulty = 2
    tags = ("navigation",)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(self.params.number, "incoming", duration_s=at_least(15))]

    def oracle(self, device: Device) -> Actions:
        yield O.tap(device, id="answer")
        for _ in range(3):
            yield A.wait()
        yield O.tap(device, id="end_call")


class DeclineWithMessage(_Incoming):
    """Decline the ringing call with one of the quick replies."""

    name = "decline_with_message"
    template = "Decline the incoming call and reply with the message \"{reply}\"."
    phrasings = (
        'Reject the call that is ringing and send the quick reply "{reply}".',
        'Decline the incoming call; answer it with the text "{reply}".',
    )
    difficulty = 1
    max_steps = 14
    tags = ("dialog",)

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        number: str
        reply: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        c = _pick(rng, cls.candidates(device))
        return cls.Params(c["id"], c["name"], c["phone"], _pick(rng, QUICK_REPLIES))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(self.params.number, "rejected"),
                C.created(SMS, {"thread_address": C.digits_like(self.params.number),
                                "type": "sent", "body": C.text_like(self.params.reply)},
                          name="reply sent")]

    def oracle(self, device: Device) -> Actions:
        yield O.tap(device, id="reply")
        yield O.tap(device, id=f"reply:{QUICK_REPLIES.index(self.params.reply)}")


# --------------------------------------------------------------------------- with Messages
class CallUnreadSender(_Person):
    """Call whoever sent the newest unread text (Messages, then Phone)."""

    name = "call_unread_sender"
    template = "Call the person who sent you the most recent unread text message."
    phrasings = (
        'Whoever sent your newest unread text, call them.',
        'Phone the sender of the latest unread message.',
    )
    difficulty = 3
    objective = "hybrid"
    apps = ("messages", "phone")
    tags = ("cross_app", "search", "typing")
    start = Start()

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["phone"] and not c["starred"]]

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.providers.insert("content://sms", {
            "thread_address": self.params.number, "address": self.params.number,
            "body": _pick(rng, ("Call me when you get this.", "Are you around? Give me a ring.",
                                "Quick question, can you call me?")),
            "timestamp_ms": now_ms(device) - int(rng.integers(2, 40)) * MINUTE,
            "type": "inbox", "read": False})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        unread = [m for m in initial["os"]["providers"]["sms"]
                  if m["type"] == "inbox" and not m["read"]]
        sender = max(unread, key=lambda m: (m["timestamp_ms"], m["id"]))["address"]
        return [made_call(sender), READING]

    def oracle(self, device: Device) -> Actions:
        yield from O.open_app(device, "messages")
        unread = O.find_all(device, where=lambda n: (n["id"] or "").startswith("thread:")
                            and n["text"].endswith(" unread"))
        name = unread[0]["text"].split(": ", 1)[0]  # the list is newest first
        yield from O.open_app(device, "phone")
        yield from open_named_person(device, name)
        yield O.tap(device, id="number:phone")
        yield O.tap(device, id="end_call")


class TextMissedCaller(_FreshCall):
    """Text the last missed caller from the call's details (Phone hands over to Messages)."""

    name = "text_missed_caller"
    template = "Send a text message saying \"{body}\" to the last person whose call you missed."
    phrasings = (
        'Text "{body}" to whoever you missed a call from most recently.',
        'The last call you missed: send that person the message "{body}".',
    )
    difficulty = 3
    objective = "hybrid"
    apps = ("phone", "messages")
    tags = ("cross_app", "typing")

    @dataclass(frozen=True)
    class Params:
        number: str
        name: str
        at_ms: int
        body: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        number, name = cls.caller(rng, device)
        return cls.Params(number, name, now_ms(device) - int(rng.integers(5, 90)) * MINUTE,
                          _pick(rng, TEXTS))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(SMS, {"thread_address": C.digits_like(latest(initial, ("missed",))),
                                "type": "sent", "body": C.text_like(self.params.body)},
                          name="text sent"),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Recents")
        yield O.tap(device, newest_call(device, ("Missed",)))
        yield O.tap(device, id="detail_message")
        yield from O.type_into(device, self.params.body, id="body")
        yield O.tap(device, id="send")


# --------------------------------------------------------------------------- more call log
class MissedToday(_PhoneTask):
    """Count today's missed calls (yesterday's look the same but sit under another header)."""

    name = "missed_today"
    template = "How many calls did you miss today?"
    phrasings = (
        'Count the calls you missed today.',
        'How many missed calls do you have from today?',
    )
    difficulty = 2
    objective = "query"
    tags = ("counting", "scroll")

    @dataclass(frozen=True)
    class Params:
        minutes: tuple[int, ...]  # missed calls this many minutes before the start
        numbers: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        since_midnight = local(device, now_ms(device)).hour * 60 + \
            local(device, now_ms(device)).minute
        n = int(rng.integers(1, 9))
        # today's calls, and one or two just before midnight (the decoys)
        today = [int(rng.integers(1, max(2, since_midnight))) for _ in range(n)]
        before = [since_midnight + int(rng.integers(5, 120)) for _ in range(2)]
        people = [c["phone"] for c in contacts(device) if c["phone"]]
        numbers = [_pick(rng, people) for _ in today + before]
        return cls.Params(tuple(today + before), tuple(numbers))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if len(params.minutes) != len(params.numbers) or min(params.minutes, default=1) < 1:
            raise ValueError("minutes and numbers must pair up, each call in the past")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for minutes, number in zip(self.params.minutes, self.params.numbers, strict=True):
            log(device, number, "missed", now_ms(device) - minutes * MINUTE)

    def _today(self, state: dict[str, Any]) -> int:
        today = _local_of(state, state["os"]["time"]["now_ms"]).date()
        return sum(1 for c in calls(state)
                   if c["type"] == "missed" and _local_of(state, c["date_ms"]).date() == today)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(self._today(initial))]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Recents")
        # today's rows show a time ("5:10 AM"); older ones "Yesterday" or a date
        counted = yield from count_rows(
            device, lambda n: _call_kind(n) == "Missed" and n["text"].endswith(("AM", "PM")),
            stop=lambda n: not n["text"].endswith(("AM", "PM")))
        yield A.answer(str(counted))


class RedialLast(_PhoneTask):
    """Call again the last number you called (newer incoming calls sit above it)."""

    name = "redial_last"
    template = "Call the last number you dialed again."
    phrasings = (
        'Redial the last number you called.',
        'Call back the number of your most recent outgoing call.',
    )
    difficulty = 3
    objective = "hybrid"
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        number: str
        at_ms: int
        callers: tuple[str, ...]  # who called after that

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        people = [c["phone"] for c in contacts(device) if c["phone"]]
        number = _pick(rng, people + [new_number(rng, device)])
        callers = tuple(_pick(rng, [p for p in people if p != number])
                        for _ in range(int(rng.integers(1, 3))))
        return cls.Params(number, now_ms(device) - int(rng.integers(60, 240)) * MINUTE, callers)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        log(device, self.params.number, "outgoing", self.params.at_ms, int(rng.integers(30, 600)))
        for i, caller in enumerate(self.params.callers):
            log(device, caller, "incoming", self.params.at_ms + (i + 1) * 20 * MINUTE,
                int(rng.integers(30, 600)))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(self.params.number)]

    def oracle(self, device: Device) -> Actions:
        yield tab(device, "Recents")
        row = newest_call(device, ("Outgoing",))
        yield O.tap(device, id=f"call_back:{suffix(row)}")
        yield O.tap(device, id="end_call")


class SaveVoicemailCaller(_PhoneTask):
    """A chain: find the voicemail about a topic, call the stranger back, then save them."""

    name = "save_voicemail_caller"
    template = ("Someone you don't have in your contacts left a voicemail about {topic}. Call "
                "them back, then save their number as a contact named {contact}.")
    phrasings = (
        'A stranger left you a voicemail about {topic}. Call them back and then save the number as a contact called {contact}.',
        'Return the call of the unknown person whose voicemail is about {topic}, then add them to your contacts as {contact}.',
    )
    difficulty = 3
    objective = "hybrid"
    tags = ("multi_step", "typing", "navigation")

    TOPICS = {"a dentist appointment": "This is Harbor Dental, calling about your appointment "
              "next week. Please call us back to confirm.",
              "a package delivery": "Hi, this is your courier. I couldn't deliver your package "
              "today, call me back to arrange a time.",
              "the bike you are selling": "Hey, I saw your ad for the bike. Is it still "
              "available? Call me back!"}

    @dataclass(frozen=True)
    class Params:
        topic: str
        number: str
        contact: str
        decoy: str  # another stranger's voicemail, on another topic

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        topics = sorted(cls.TOPICS)
        topic = _pick(rng, topics)
        number = new_number(rng, device)
        decoy = new_number(rng, device)
        while _key(decoy) == _key(number):
            decoy = new_number(rng, device)
        names = {c["name"] for c in contacts(device)}
        return cls.Params(topic, number, _pick(rng, [n for n in NAMES if n not in names]),
                          decoy)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.topic not in cls.TOPICS:
            raise ValueError(f"unknown topic {params.topic!r}; one of {sorted(cls.TOPICS)}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        store = device.kernel.app_state("phone")
        other = next(t for t in sorted(self.TOPICS) if t != self.params.topic)
        for number, topic, ago in ((self.params.decoy, other, 50),
                                   (self.params.number, self.params.topic, 120)):
            log(device, number, "missed", now_ms(device) - ago * MINUTE)
            store["voicemails"].append({
                "id": store["next_id"], "number": number,
                "date_ms": now_ms(device) - (ago - 1) * MINUTE, "duration_s": 21,
                "transcript": self.TOPICS[topic], "read": False})
            store["next_id"] += 1

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [made_call(self.params.number),
                C.created(CONTACTS, {"name": C.text_like(self.params.contact),
                                     "phone": C.digits_like(self.params.number)},
                          name=f"{self.params.contact} saved"),
                HEARING]

    def oracle(self, device: Device) -> Actions:
        vm = next(v for v in device.state()["apps"]["phone"]["voicemails"]
                  if v["number"] == self.params.number)
        yield tab(device, "Voicemail")
        row = yield from O.scroll_to(device, id=f"voicemail:{vm['id']}")
        yield O.tap(device, row)
        yield O.tap(device, id="vm_call")
        yield O.tap(device, id="end_call")
        yield A.back()
        mine = max(c["id"] for c in calls(device.state()) if c["type"] == "outgoing")
        yield from open_in_recents(device, mine)
        yield O.tap(device, id="detail_add")
        yield from O.type_into(device, self.params.contact, id="new_name")
        yield O.tap(device, id="save")


class UpdateNewNumber(_Person):
    """A chain over three apps: an unknown number called, then texted who it is; the person's
    contact gets the new number."""

    name = "update_new_number"
    template = ("You missed a call from a number you don't know; the same number then texted "
                "you who it is. Update that person's contact so their mobile number is the "
                "new one.")
    phrasings = (
        "An unknown number called you and then texted to say who it is. Put that number in the person's contact as their mobile number.",
        'Someone you know has a new number: they missed-called you from it and then texted. Update their contact with it.',
    )
    difficulty = 4
    objective = "hybrid"
    apps = ("phone", "messages", "contacts")
    tags = ("cross_app", "multi_step", "typing")

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        number: str  # the new number

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        c = _pick(rng, [c for c in contacts(device) if c["phone"] and not c["phone2"]])
        return cls.Params(c["id"], c["name"], new_number(rng, device))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        at = now_ms(device) - int(rng.integers(30, 120)) * MINUTE
        log(device, self.params.number, "missed", at)
        device.kernel.providers.insert("content://sms", {
            "thread_address": self.params.number, "address": self.params.number,
            "body": f"Hi, it's {self.params.name}! Sorry I missed you. This is my new number, "
                    "please save it.",
            "timestamp_ms": at + 3 * MINUTE, "type": "inbox", "read": False})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id,
                           fields={"phone": C.digits_like(self.params.number)}),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from O.open_app(device, "messages")
        row = O.node(device, where=lambda n: (n["id"] or "").startswith("thread:")
                     and "This is my new number" in n["text"])
        number, _, said = row["text"].partition(": ")  # "+1 415-555-0301: Hi, it's Ana..."
        name = said.split("Hi, it's ", 1)[1].split("!", 1)[0]
        yield from O.open_app(device, "contacts")
        yield from contacts_suite.open_contact(device, name)
        yield from contacts_suite.edit_contact(device, {"phone": number})
