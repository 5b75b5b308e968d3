"""Contacts suite: adding, editing, deleting, starring and labelling contacts, and questions about
them (numbers, emails, birthdays, who works where), some reaching into Notes and Messages.

Every episode starts on the Contacts list. Targets often have look-alikes: the default data has
near-duplicates (Alice Johnson / Alice Johnston, Daniel / Daniela Kim, Acme Corp / Acme Foods)
and several tasks add a per-seed relative with the same surname.
"""

from __future__ import annotations

import calendar
import datetime
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation
from mobilegym_env.kernel.providers import CONTACT_LABELS as LABELS
from mobilegym_env.kernel.providers import valid_birthday
from mobilegym_env.task import Start, Task

CONTACTS = "os.providers.contacts"
URI = "content://contacts"
NAMES = f"{CONTACTS}[*].name"  # the rivals of an answer naming a contact
EMAILS = f"{CONTACTS}[*].email"
Action = dict[str, Any]

FIRST_NAMES = ("Adam", "Amelia", "Beatrice", "Bruno", "Carmen", "Clara", "Diego", "Dora", "Elena",
               "Eli", "Flora", "Finn", "Gemma", "Gus", "Hugo", "Hana", "Ines", "Ivan", "Jade",
               "Jonah", "Kira", "Kai", "Lena", "Luca", "Mira", "Milo", "Nadia", "Nico", "Opal",
               "Otto", "Paula", "Pedro", "Rosa", "Rafael", "Sara", "Simon", "Tessa", "Tomas",
               "Vera", "Victor", "Wendy", "Zara")
LAST_NAMES = ("Whitaker", "Lindqvist", "Ferreira", "Nakamura", "Okonkwo", "Castillo", "Brennan",
              "Sato", "Hoffman", "Delgado", "Kowalski", "Ambrose", "Fontaine", "Mahler")
JOBS = (("Harbor Health", "Nurse"), ("Pioneer Labs", "Data Analyst"),
        ("Sunset Bakery", "Pastry Chef"), ("Redwood Legal", "Paralegal"),
        ("Bluebird Architects", "Architect"), ("Cedar Credit Union", "Loan Officer"),
        ("Mission Bikes", "Mechanic"), ("Golden Gate Transit", "Dispatcher"))
AREAS = ("415", "628", "650", "510", "408", "707", "925")
NOTES = ("Plumber", "Electrician", "Dog walker", "Tax accountant", "Yoga instructor",
         "Roofer", "Florist", "Driving instructor")
MESSAGES = ("Are you free on Saturday morning?", "Can you come by next Tuesday?",
            "Thanks again for your help!", "Please call me back when you can.")
# Companies with at least two people in the default data (the counting and labelling tasks).
TEAMS = ("Acme Corp", "Northwind Traders", "Bayview Dental", "Greenfield High School")


# --------------------------------------------------------------------------- data helpers
def contacts(device: Device) -> list[dict[str, Any]]:
    """The contacts provider's rows, in id order."""
    return device.kernel.providers.query(URI)


def contact(device: Device, contact_id: int) -> dict[str, Any]:
    """One contact; ValueError naming the id when there is none."""
    rows = device.kernel.providers.query(f"{URI}/{contact_id}")
    if not rows:
        raise ValueError(f"no contact with id {contact_id}")
    return rows[0]


def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    if not items:
        raise ValueError("nothing to choose from in the default data")
    return items[int(rng.integers(len(items)))]


def _digits(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


def new_phone(rng: np.random.Generator, device: Device) -> str:
    """A number no contact has (the 555-03xx..09xx range is free in the default data)."""
    taken = {_digits(c[k])[-10:] for c in contacts(device) for k in ("phone", "phone2")
             if c[k]}
    while True:
        number = f"+1 {_pick(rng, AREAS)}-555-{int(rng.integers(300, 1000)):04d}"
        if _digits(number)[-10:] not in taken:
            return number


def new_name(rng: np.random.Generator, device: Device) -> str:
    names = {c["name"] for c in contacts(device)}
    while True:
        name = f"{_pick(rng, FIRST_NAMES)} {_pick(rng, LAST_NAMES)}"
        if name not in names:
            return name


def _email(name: str, domain: str = "example.com") -> str:
    return f"{name.lower().replace(' ', '.')}@{domain}"


def add_relative(device: Device, rng: np.random.Generator, of: dict[str, Any]) -> int:
    """Adds a look-alike of a contact: same surname, a first name with the same initial."""
    first, _, last = of["name"].partition(" ")
    names = {c["name"] for c in contacts(device)}
    pool = [f for f in FIRST_NAMES if f[0] == first[0] and f"{f} {last}" not in names] or \
        [f for f in FIRST_NAMES if f"{f} {last}" not in names]
    name = f"{_pick(rng, pool)} {last}"
    return device.kernel.providers.insert(URI, {
        "name": name, "phone": new_phone(rng, device), "email": _email(name)})


def _ids_in(device: Device, ids: Sequence[int]) -> None:
    for contact_id in ids:
        contact(device, contact_id)


class same_items(C.Matcher):  # noqa: N801 - reads as a value in a fields dict
    """A list with exactly these items, in any order (labels are a set)."""

    def __init__(self, items: Sequence[str]) -> None:
        self.items = tuple(sorted(items))

    def __call__(self, value: Any) -> bool:
        return isinstance(value, list) and tuple(sorted(value)) == self.items

    def describe(self) -> str:
        return f"the items {list(self.items)!r}"


def birthday_words(iso: str) -> str:
    """``"1990-04-12"`` -> ``"April 12, 1990"`` (instructions spell dates out)."""
    d = datetime.date.fromisoformat(iso)
    return f"{calendar.month_name[d.month]} {d.day}, {d.year}"


def next_birthday(value: str, today: datetime.date) -> datetime.date:
    """The next date on or after ``today`` of a ``"YYYY-MM-DD"`` / ``"MM-DD"`` birthday
    (Feb 29 falls on Mar 1 in other years)."""
    month, day = (int(p) for p in value.split("-")[-2:])
    for year in (today.year, today.year + 1):
        when = datetime.date(year, 3, 1) if (month, day) == (2, 29) and not \
            calendar.isleap(year) else datetime.date(year, month, day)
        if when >= today:
            return when
    raise AssertionError("unreachable: a date next year is always later")


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# --------------------------------------------------------------------------- oracle helpers
def reveal(device: Device, id: str) -> Iterator[Action]:
    """Scrolls the page (down, else up) until the node is tappable; returns it."""
    try:
        return (yield from O.scroll_to(device, id=id))
    except O.OracleError:
        return (yield from O.scroll_to(device, id=id, up=True))


def search_and_open(device: Device, query: str, contact_id: int) -> Iterator[Action]:
    """From the list: searches (a name, a company) and opens the contact among the results."""
    yield from O.type_into(device, query, id="search")
    yield O.tap(device, id=f"contact:{contact_id}")


def type_field(device: Device, key: str, value: str) -> Iterator[Action]:
    """In the contact form: replaces a field's text; the raised keyboard may hide the field,
    so the form is scrolled to it again before typing."""
    field = yield from reveal(device, key)
    if not field["focused"]:
        yield O.tap(device, field)
    yield from reveal(device, key)
    yield from O.type_into(device, value, id=key)


def hide_keyboard(device: Device) -> Iterator[Action]:
    if O.find(device, id="keyboard") is not None:  # as the screen shows it
        yield A.back()


def _is_row(n: dict[str, Any], name: str | None = None) -> bool:
    """A contact's row in a list (of that name, if given)."""
    return (n["id"] or "").startswith("contact:") and n["role"] == "list_item" and \
        (name is None or n["text"] == name)


def open_contact(device: Device, name: str) -> Iterator[Action]:
    """From the list: searches a name and opens the contact whose row shows exactly it (not a
    look-alike), found on screen."""
    yield from O.type_into(device, name, id="search")
    yield O.tap(device, where=lambda n: _is_row(n, name))


def open_first_result(device: Device, query: str) -> Iterator[Action]:
    """From the list: searches (a note, a company) and opens the only contact found."""
    yield from O.type_into(device, query, id="search")
    yield O.tap(device, where=_is_row)


def rows_shown(device: Device) -> Iterator[Action]:
    """The names of the contact rows of the list on screen, scrolling it down to its end;
    returns them in list order."""
    names: list[str] = []
    for _ in range(8):
        new = [n["text"] for n in O.find_all(device, where=_is_row) if n["text"] not in names]
        if not new and names:
            break
        names += new
        yield O.scroll_down()
    return names


def edit_contact(device: Device, fields: dict[str, str],
                 labels: Sequence[str] = ()) -> Iterator[Action]:
    """On a contact's page: Edit, type the fields, toggle labels, Save."""
    yield O.tap(device, id="edit")
    for key, value in fields.items():
        yield from type_field(device, key, value)
    if labels:
        yield from hide_keyboard(device)
        yield from reveal(device, "edit_labels")
        yield O.tap(device, id="edit_labels")
        for label in labels:
            yield O.tap(device, id=f"label_check:{label}")
        yield O.tap(device, id="labels_done")
    yield O.tap(device, id="save")


# --------------------------------------------------------------------------- base classes
class _ContactsTask(Task):
    suite = "contacts"
    apps = ("contacts",)
    start = Start(app="contacts")


class OneContact(_ContactsTask):
    """A task about one existing contact (``contact_id``, named ``name`` in the instruction).

    ``relative`` adds a per-seed look-alike (same surname) before the episode starts.
    """

    relative: bool = True

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        """The contacts the task may be about."""
        return contacts(device)

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        """The params besides the contact, drawn for contact ``c``."""
        return {}

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        c = _pick(rng, cls.candidates(device))
        return cls.Params(c["id"], c["name"], **cls.more_params(rng, device, c))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        c = contact(device, params.contact_id)
        if c["name"] != params.name:
            raise ValueError(f"contact {params.contact_id} is {c['name']!r}, not "
                             f"{params.name!r}")
        if c["id"] not in {x["id"] for x in cls.candidates(device)}:
            raise ValueError(f"{c['name']!r} does not fit {cls.task_id()}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        if self.relative:
            add_relative(device, rng, contact(device, self.params.contact_id))

    def open_target(self, device: Device) -> Iterator[Action]:
        yield from open_contact(device, self.params.name)

    def at_start(self, initial: dict[str, Any]) -> dict[str, Any]:
        """The contact's row in the initial state."""
        return next(c for c in initial["os"]["providers"]["contacts"]
                    if c["id"] == self.params.contact_id)


# --------------------------------------------------------------------------- add
class AddContact(_ContactsTask):
    """Create a contact with a name and a phone number."""

    name = "add_contact"
    template = "Add a new contact named {name} with the phone number {phone}."
    phrasings = (
        'Save {name} as a new contact, phone number {phone}.',
        'Create a contact for {name}; their number is {phone}.',
    )
    difficulty = 2
    tags = ("typing",)

    @dataclass(frozen=True)
    class Params:
        name: str
        phone: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(new_name(rng, device), new_phone(rng, device))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not params.name.strip() or len(_digits(params.phone)) < 10:
            raise ValueError(f"need a name and a 10-digit phone, got {params!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(CONTACTS, {"name": C.text_like(self.params.name),
                                     "phone": C.digits_like(self.params.phone)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield O.tap(device, id="fab")
        yield from type_field(device, "name", self.params.name)
        yield from type_field(device, "phone", self.params.phone)
        yield O.tap(device, id="save")


class AddContactWithDetails(_ContactsTask):
    """Create a contact with a number, an email, a company and a job title (a long form)."""

    name = "add_contact_with_details"
    template = ("Create a contact for {name}, {job_title} at {company}, with the mobile number "
                "{phone} and the email {email}.")
    phrasings = (
        'Add {name} to your contacts: {job_title} at {company}, mobile {phone}, email {email}.',
        'New contact: {name}, who works at {company} as {job_title}; number {phone}, email {email}.',
    )
    difficulty = 3
    tags = ("typing", "scroll")

    @dataclass(frozen=True)
    class Params:
        name: str
        phone: str
        email: str
        company: str
        job_title: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        name = new_name(rng, device)
        company, title = _pick(rng, JOBS)
        domain = company.lower().replace(" ", "") + ".com"
        return cls.Params(name, new_phone(rng, device), _email(name, domain), company, title)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        AddContact.validate_params(AddContact.Params(params.name, params.phone), device)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.created(CONTACTS, {
            "name": C.text_like(p.name), "phone": C.digits_like(p.phone),
            "email": C.text_like(p.email), "company": C.text_like(p.company),
            "job_title": C.text_like(p.job_title)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        p = self.params
        yield O.tap(device, id="fab")
        for key, value in (("name", p.name), ("phone", p.phone), ("email", p.email),
                           ("company", p.company), ("job_title", p.job_title)):
            yield from type_field(device, key, value)
        yield O.tap(device, id="save")


# --------------------------------------------------------------------------- edit
class EditEmail(OneContact):
    """Replace a contact's email address (a relative with the same surname is a decoy)."""

    name = "edit_email"
    template = "Change {name}'s email address to {email}."
    phrasings = (
        "Update {name}'s email to {email}.",
        '{name} has a new email address, {email}. Change it in their contact.',
    )
    difficulty = 2
    tags = ("typing", "search")

    @dataclass(frozen=True)
    class Params(OneContact.Params):
        email: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["email"]]

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        first, _, last = c["name"].partition(" ")
        domain = _pick(rng, ("gmail.com", "outlook.com", "fastmail.com"))
        return {"email": f"{first[0]}{last}{int(rng.integers(10, 99))}@{domain}".lower()}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id,
                           fields={"email": C.text_like(self.params.email)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield from edit_contact(device, {"email": self.params.email})


class EditPhone(OneContact):
    """Replace a contact's main number."""

    name = "edit_phone"
    template = "{name} has a new number: {phone}. Update their contact."
    phrasings = (
        "Change {name}'s phone number to {phone}.",
        "Update {name}'s contact: their number is now {phone}.",
    )
    difficulty = 2
    tags = ("typing", "search")

    @dataclass(frozen=True)
    class Params(OneContact.Params):
        phone: str

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        return {"phone": new_phone(rng, device)}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id,
                           fields={"phone": C.digits_like(self.params.phone)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield from edit_contact(device, {"phone": self.params.phone})


class AddSecondNumber(OneContact):
    """Add a second number with its type (the type menu: Work or Home)."""

    name = "add_second_number"
    template = "Add the {kind} number {phone} to {name}'s contact."
    phrasings = (
        '{name} gave you a {kind} number, {phone}. Add it to their contact.',
        "Save {phone} as {name}'s {kind} number.",
    )
    difficulty = 2
    tags = ("typing", "menu", "search")

    @dataclass(frozen=True)
    class Params(OneContact.Params):
        phone: str
        kind: Literal["work", "home"]

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if not c["phone2"]]

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        return {"phone": new_phone(rng, device), "kind": _pick(rng, ("work", "home"))}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id,
                           fields={"phone2": C.digits_like(self.params.phone),
                                   "phone2_type": self.params.kind})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield O.tap(device, id="edit")
        yield from type_field(device, "phone2", self.params.phone)
        yield from hide_keyboard(device)
        yield O.tap(device, id="phone2_type")
        yield O.tap(device, id=f"phone2_type:{self.params.kind}")
        yield O.tap(device, id="save")


class ChangeJob(OneContact):
    """Update where a contact works and as what."""

    name = "change_job"
    template = "{name} has a new job: {job_title} at {company}. Update their contact."
    phrasings = (
        "Update {name}'s contact: they now work at {company} as {job_title}.",
        "Change {name}'s company to {company} and their job title to {job_title}.",
    )
    difficulty = 3
    tags = ("typing", "scroll", "search")
    relative = False

    @dataclass(frozen=True)
    class Params(OneContact.Params):
        company: str
        job_title: str

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        company, title = _pick(rng, [j for j in JOBS if j[0] != c["company"]])
        return {"company": company, "job_title": title}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.modified(CONTACTS, id=p.contact_id,
                           fields={"company": C.text_like(p.company),
                                   "job_title": C.text_like(p.job_title)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield from edit_contact(device, {"company": self.params.company,
                                         "job_title": self.params.job_title})


class SetBirthday(OneContact):
    """Set a birthday with the date picker."""

    name = "set_birthday"
    template = "Set {name}'s birthday to {date}."
    phrasings = (
        "{name}'s birthday is {date}. Add it to their contact.",
        "Save {date} as {name}'s birthday.",
    )
    difficulty = 3
    tags = ("picker", "scroll", "search")

    @dataclass(frozen=True)
    class Params(OneContact.Params):
        birthday: str  # YYYY-MM-DD
        date: str = ""  # the same date in words, as the instruction says it (filled in)

        def __post_init__(self) -> None:
            if not self.date and valid_birthday(self.birthday) and len(self.birthday) == 10:
                object.__setattr__(self, "date", birthday_words(self.birthday))

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        day = datetime.date(1960, 1, 1) + datetime.timedelta(days=int(rng.integers(0, 16000)))
        return {"birthday": day.isoformat()}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if len(params.birthday) != 10 or not valid_birthday(params.birthday):
            raise ValueError(f"birthday must be a date as YYYY-MM-DD, got {params.birthday!r}")
        if contact(device, params.contact_id)["birthday"] == params.birthday:
            raise ValueError("the contact already has that birthday")
        if params.date != birthday_words(params.birthday):
            raise ValueError(f"date {params.date!r} is not {params.birthday}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id,
                           fields={"birthday": self.params.birthday})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield O.tap(device, id="edit")
        yield from reveal(device, "birthday")
        yield O.tap(device, id="birthday")
        day = datetime.datetime.strptime(self.params.date, "%B %d, %Y").date()
        yield from O.pick_date(device, day)
        yield O.tap(device, id="save")


class AddLabel(OneContact):
    """Give a contact one more label (the labels dialog of the edit form)."""

    name = "add_label"
    template = "Add {name} to the {label} label."
    phrasings = (
        "Label {name}'s contact as {label}.",
        'Put {name} in your {label} contacts label.',
    )
    difficulty = 2
    tags = ("dialog", "scroll", "search")
    relative = False

    @dataclass(frozen=True)
    class Params(OneContact.Params):
        label: str

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        return {"label": _pick(rng, [x for x in LABELS if x not in c["labels"]])}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if params.label not in LABELS:
            raise ValueError(f"label must be one of {LABELS}, got {params.label!r}")
        if params.label in contact(device, params.contact_id)["labels"]:
            raise ValueError(f"{params.name!r} already has the label {params.label!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        labels = [*self.at_start(initial)["labels"], self.params.label]
        return [C.modified(CONTACTS, id=self.params.contact_id,
                           fields={"labels": same_items(labels)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield from edit_contact(device, {}, [self.params.label])


# --------------------------------------------------------------------------- delete, star
class DeleteContact(OneContact):
    """Delete one contact through the ⋮ menu and its confirmation."""

    name = "delete_contact"
    template = "Delete {name} from your contacts."
    phrasings = (
        "Remove {name}'s contact from your phone.",
        'I no longer need {name} in my contacts. Delete them.',
    )
    difficulty = 2
    tags = ("menu", "dialog", "search")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(CONTACTS, id=self.params.contact_id)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu:delete")
        yield O.tap(device, id="dialog:delete")


class DeleteSeveral(_ContactsTask):
    """Delete two or three contacts at once: long-press one, tap the others, delete."""

    name = "delete_several"
    template = "Delete these contacts: {names}."
    phrasings = (
        'Remove {names} from your contacts.',
        'Clean up your contacts by deleting {names}.',
    )
    difficulty = 3
    tags = ("long_press", "selection", "scroll", "dialog")

    @dataclass(frozen=True)
    class Params:
        contact_ids: tuple[int, ...]
        names: tuple[str, ...]  # in the same order

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        rows = contacts(device)
        chosen = sorted(rng.choice(len(rows), size=int(rng.integers(2, 4)), replace=False))
        return cls.Params(tuple(int(rows[i]["id"]) for i in chosen),
                          tuple(rows[i]["name"] for i in chosen))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not 2 <= len(set(params.contact_ids)) == len(params.contact_ids) <= 5:
            raise ValueError(f"need 2 to 5 distinct contact ids, got {params.contact_ids}")
        names = tuple(contact(device, i)["name"] for i in params.contact_ids)
        if names != params.names:
            raise ValueError(f"names {params.names} do not match the ids' names {names}")

    def template_values(self) -> dict[str, Any]:
        return {"names": _and(sorted(self.params.names))}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(CONTACTS, ids=self.params.contact_ids)]

    def oracle(self, device: Device) -> Iterator[Action]:
        for i, name in enumerate(sorted(self.params.names, key=str.casefold)):  # list order
            row = yield from O.scroll_to(device, where=lambda n, name=name: _is_row(n, name))
            yield O.long_press(device, row) if i == 0 else O.tap(device, row)
        yield O.tap(device, id="delete_selected")
        yield O.tap(device, id="delete_confirm")


class FavoriteContact(OneContact):
    """Star a contact."""

    name = "favorite_contact"
    template = "Add {name} to your favorites."
    phrasings = (
        'Star {name} in Contacts.',
        'Make {name} one of your favorite contacts.',
    )
    difficulty = 2
    start = Start()  # on the home screen
    tags = ("search",)

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if not c["starred"]]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id, fields={"starred": True})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "contacts")
        yield from self.open_target(device)
        yield O.tap(device, id="star")


class UnfavoriteContact(FavoriteContact):
    """Unstar one of several favorites (the relative is starred too, as a decoy)."""

    name = "unfavorite_contact"
    template = "Remove {name} from your favorites."
    phrasings = (
        'Unstar {name} in Contacts.',
        '{name} should no longer be a favorite contact. Remove the star.',
    )

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["starred"]]

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        decoy = add_relative(device, rng, contact(device, self.params.contact_id))
        device.kernel.providers.update(f"{URI}/{decoy}", {"starred": True})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id, fields={"starred": False})]


# --------------------------------------------------------------------------- questions
class PhoneOf(OneContact):
    """Read one of a contact's numbers (mobile, work or home) off its page."""

    name = "phone_of"
    template = "What is {name}'s {kind} number?"
    phrasings = (
        "Look up {name}'s {kind} phone number.",
        'Tell me the {kind} number you have saved for {name}.',
    )
    difficulty = 2
    objective = "query"
    start = Start()  # on the home screen
    tags = ("search",)

    @dataclass(frozen=True)
    class Params(OneContact.Params):
        which: Literal["phone", "phone2"]
        kind: Literal["mobile", "work", "home"]  # that number's type, as the page shows it

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        # each number's type names one number (two mobile numbers would be ambiguous)
        return [c for c in contacts(device) if c["phone"]
                and (not c["phone2"] or c["phone2_type"] != c["phone_type"])]

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        which = "phone2" if c["phone2"] and rng.random() < 0.5 else "phone"
        return {"which": which, "kind": c[f"{which}_type"]}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        row = contact(device, params.contact_id)
        if not row[params.which] or row[f"{params.which}_type"] != params.kind:
            raise ValueError(f"{params.name!r} has no {params.kind} number as {params.which}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_phone(self.at_start(initial)[self.params.which])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "contacts")
        yield from self.open_target(device)
        kind = f"{self.params.kind.capitalize()}: "  # "Work: +1 650-555-0241"
        shown = O.node(device, where=lambda n: n["id"] in ("phone", "phone2")
                       and n["text"].startswith(kind))["text"]
        yield A.answer(shown.split(": ", 1)[1])


class EmailOf(OneContact):
    """Read a contact's email address."""

    name = "email_of"
    template = "What is {name}'s email address?"
    phrasings = (
        "Find {name}'s email address in your contacts.",
        'Which email address do you have for {name}?',
    )
    difficulty = 2
    objective = "query"
    start = Start()  # on the home screen
    tags = ("search",)

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["email"]]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_text(self.at_start(initial)["email"], rivals=EMAILS)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "contacts")
        yield from self.open_target(device)
        yield A.answer(O.node(device, id="email")["text"].split(": ", 1)[1])


class BirthdayOf(OneContact):
    """Read a contact's birthday (the answer may leave out the year)."""

    name = "birthday_of"
    template = "When is {name}'s birthday?"
    phrasings = (
        "What date is {name}'s birthday?",
        "Look up {name}'s birthday in your contacts.",
    )
    difficulty = 2
    objective = "query"
    start = Start()  # on the home screen
    tags = ("search", "scroll")

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if c["birthday"]]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        parts = [int(p) for p in self.at_start(initial)["birthday"].split("-")]
        year = parts[0] if len(parts) == 3 else 0
        return [C.answer_date(year, parts[-2], parts[-1])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "contacts")
        yield from self.open_target(device)
        shown = yield from reveal(device, "birthday")
        yield A.answer(shown["text"].split(": ", 1)[1])


class _Count(_ContactsTask):
    """How many contacts share something; ``extra_ids`` get it too and ``removed_ids`` lose it
    before the episode, so the count differs from seed to seed (1 to 9)."""

    objective = "query"
    difficulty = 2

    @dataclass(frozen=True)
    class Params:
        group: str
        extra_ids: tuple[int, ...] = ()
        removed_ids: tuple[int, ...] = ()

    def members(self, state_contacts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        raise NotImplementedError

    @staticmethod
    def draw_change(rng: np.random.Generator, members: list[int], free: list[int],
                    most: int = 9) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(extra ids, removed ids) that leave a count drawn evenly from 1 to ``most``."""
        target = int(rng.integers(1, most + 1))
        if target >= len(members):
            extra = rng.choice(free, size=target - len(members), replace=False)
            return tuple(sorted(int(i) for i in extra)), ()
        removed = rng.choice(members, size=len(members) - target, replace=False)
        return (), tuple(sorted(int(i) for i in removed))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(self.members(initial["os"]["providers"]["contacts"])))]


class CountCompany(_Count):
    """Count the contacts at one company (Acme Foods is not Acme Corp)."""

    name = "count_company"
    template = "How many of your contacts work at {group}?"
    phrasings = (
        'Count the contacts whose company is {group}.',
        'How many people in your contacts are at {group}?',
    )
    difficulty = 3
    max_steps = 40  # up to nine contacts to select
    tags = ("search", "counting")

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> _Count.Params:
        group = _pick(rng, TEAMS)
        members = [c["id"] for c in contacts(device) if c["company"] == group]
        free = [c["id"] for c in contacts(device) if not c["company"]]
        return cls.Params(group, *cls.draw_change(rng, members, free))

    @classmethod
    def validate_params(cls, params: _Count.Params, device: Device) -> None:
        if params.group not in TEAMS:
            raise ValueError(f"group must be one of {TEAMS}, got {params.group!r}")
        _ids_in(device, params.extra_ids)
        _ids_in(device, params.removed_ids)
        if any(contact(device, i)["company"] for i in params.extra_ids):
            raise ValueError("extra_ids must be contacts without a company")
        if any(contact(device, i)["company"] != params.group for i in params.removed_ids):
            raise ValueError(f"removed_ids must be contacts at {params.group}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for contact_id in self.params.extra_ids:
            device.kernel.providers.update(f"{URI}/{contact_id}", {"company": self.params.group})
        for contact_id in self.params.removed_ids:
            device.kernel.providers.update(f"{URI}/{contact_id}", {"company": None,
                                                                   "job_title": None})

    def members(self, state_contacts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [c for c in state_contacts if c["company"] == self.params.group]

    def oracle(self, device: Device) -> Iterator[Action]:
        """Searches the company and selects every contact found: the bar counts them."""
        yield from O.type_into(device, self.params.group, id="search", submit=True)
        names = yield from rows_shown(device)
        for i, name in enumerate(names):
            row = yield from O.scroll_to(device, where=lambda n, name=name: _is_row(n, name))
            yield O.long_press(device, row) if i == 0 else O.tap(device, row)
        count = O.node(device, id="selection_bar")["text"]  # "4 selected"
        yield A.answer(count.split()[0])


class CountLabel(_Count):
    """Count the contacts with a label (on the Labels page, or by opening them)."""

    name = "count_label"
    template = "How many contacts have the label {group}?"
    phrasings = (
        'Count the contacts labeled {group}.',
        'How many people are in your {group} label?',
    )
    difficulty = 1
    start = Start()  # on the home screen
    max_steps = 14
    tags = ("navigation", "counting")

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> _Count.Params:
        label = _pick(rng, LABELS)
        members = [c["id"] for c in contacts(device) if label in c["labels"]]
        free = [c["id"] for c in contacts(device) if label not in c["labels"]]
        return cls.Params(label, *cls.draw_change(rng, members, free))

    @classmethod
    def validate_params(cls, params: _Count.Params, device: Device) -> None:
        if params.group not in LABELS:
            raise ValueError(f"group must be one of {LABELS}, got {params.group!r}")
        _ids_in(device, params.extra_ids)
        _ids_in(device, params.removed_ids)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for contact_id in self.params.extra_ids:
            row = contact(device, contact_id)
            if self.params.group not in row["labels"]:
                device.kernel.providers.update(f"{URI}/{contact_id}",
                                               {"labels": [*row["labels"], self.params.group]})
        for contact_id in self.params.removed_ids:
            row = contact(device, contact_id)
            device.kernel.providers.update(f"{URI}/{contact_id}", {
                "labels": [x for x in row["labels"] if x != self.params.group]})

    def members(self, state_contacts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [c for c in state_contacts if self.params.group in c["labels"]]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "contacts")
        yield O.tap(device, id="labels")
        row = O.node(device, id=f"label:{self.params.group}")  # "Family 4 contacts"
        yield A.answer(row["text"].rsplit(" ", 2)[1])


class NextBirthday(_ContactsTask):
    """Of the contacts with a label, whose birthday comes next (after today)?"""

    name = "next_birthday"
    template = "Of your contacts labeled {label}, whose birthday comes next?"
    phrasings = (
        'Whose birthday is coming up next among your {label} contacts?',
        'Among the contacts with the label {label}, who has the next birthday?',
    )
    difficulty = 3
    objective = "query"
    start = Start()  # on the home screen, which shows today's date
    tags = ("navigation", "memory", "scroll")

    @dataclass(frozen=True)
    class Params:
        label: str
        birthdays: dict[str, str]  # contact id -> "MM-DD", written before the episode

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        label = _pick(rng, LABELS)
        members = [c for c in contacts(device) if label in c["labels"]]
        today = device.kernel.clock.local_datetime().date()
        days = rng.choice(np.arange(1, 365), size=len(members), replace=False)
        dates = [today + datetime.timedelta(days=int(d)) for d in days]
        return cls.Params(label, {str(c["id"]): f"{d.month:02d}-{d.day:02d}"
                                  for c, d in zip(members, dates, strict=True)})

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        members = {str(c["id"]) for c in contacts(device) if params.label in c["labels"]}
        if set(params.birthdays) != members or len(members) < 2:
            raise ValueError(f"birthdays must cover exactly the {params.label!r} members "
                             f"{sorted(members)}")
        if not all(len(v) == 5 and valid_birthday(v) for v in params.birthdays.values()):
            raise ValueError("birthdays must be MM-DD")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for contact_id, birthday in self.params.birthdays.items():
            row = contact(device, int(contact_id))
            year = row["birthday"][:5] if row["birthday"] and len(row["birthday"]) == 10 else ""
            device.kernel.providers.update(f"{URI}/{contact_id}", {"birthday": year + birthday})

    def _winner(self, state_contacts: list[dict[str, Any]], today: datetime.date) -> str:
        rows = [c for c in state_contacts if str(c["id"]) in self.params.birthdays]
        return min(rows, key=lambda c: next_birthday(c["birthday"], today))["name"]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        today = datetime.date.fromisoformat(initial["os"]["time"]["iso"][:10])  # local time
        return [C.answer_text(self._winner(initial["os"]["providers"]["contacts"], today),
                              rivals=NAMES)]

    def oracle(self, device: Device) -> Iterator[Action]:
        """Reads today's date on the home screen, opens each member from the label's page and
        reads the birthday off the screen."""
        shown = O.node(device, id="home_date")["text"]  # "Wed, Feb 25"
        today = datetime.datetime.strptime(f"{shown.split(', ')[1]} 2000", "%b %d %Y")
        yield from O.open_app(device, "contacts")
        yield O.tap(device, id="labels")
        yield O.tap(device, id=f"label:{self.params.label}")
        soonest: dict[str, tuple[bool, int, int]] = {}
        for row in O.find_all(device, where=_is_row):
            yield O.tap(device, id=row["id"])
            shown = yield from reveal(device, "birthday")  # "Birthday: July 23"
            month_day = " ".join(shown["text"].split(": ", 1)[1].split(",")[0].split())
            when = datetime.datetime.strptime(f"{month_day} 2000", "%B %d %Y")  # Feb 29 too
            # this year's first (birthdays are after today), then next year's
            soonest[row["text"]] = ((when.month, when.day) <= (today.month, today.day),
                                    when.month, when.day)
            yield A.back()
        yield A.answer(min(soonest, key=soonest.__getitem__))


# --------------------------------------------------------------------------- find, then act
class StarByNote(_ContactsTask):
    """Find the contact whose note names a trade and star them."""

    name = "star_by_note"
    template = "Find the contact whose note says \"{note}\" and add them to your favorites."
    phrasings = (
        'Star the contact with the note "{note}".',
        'One contact has the note "{note}". Make them a favorite.',
    )
    difficulty = 3
    objective = "hybrid"
    tags = ("search",)

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        note: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in contacts(device) if not c["starred"] and not c["company"]
                and c["note"] not in NOTES]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, cls.candidates(device))["id"], _pick(rng, NOTES))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.contact_id not in {c["id"] for c in cls.candidates(device)}:
            raise ValueError(f"contact {params.contact_id} does not fit {cls.task_id()}")
        if not params.note.strip():
            raise ValueError("note must not be empty")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.providers.update(f"{URI}/{self.params.contact_id}",
                                       {"note": self.params.note})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id, fields={"starred": True})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_first_result(device, self.params.note)
        yield O.tap(device, id="star")


class MessageByNote(StarByNote):
    """Find the contact whose note names a trade and text them from their page."""

    name = "message_by_note"
    template = "Send a text message saying \"{message}\" to the contact whose note says \"{note}\"."
    phrasings = (
        'Text "{message}" to the contact with the note "{note}".',
        'Find the contact whose note reads "{note}" and send them "{message}" by text.',
    )
    difficulty = 3
    apps = ("contacts", "messages")
    tags = ("search", "typing", "cross_app")

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        note: str
        message: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        base = StarByNote.sample_params(rng, device)
        return cls.Params(base.contact_id, base.note, _pick(rng, MESSAGES))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        row = next(c for c in initial["os"]["providers"]["contacts"]
                   if c["id"] == self.params.contact_id)
        return [C.created("os.providers.sms", {
            "thread_address": C.digits_like(row["phone"]), "type": "sent",
            "body": C.text_like(self.params.message)}),
            C.may_change("os.providers.sms[id=*].read", to=True)]  # opening a thread reads it

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_first_result(device, self.params.note)
        yield O.tap(device, id="message")
        yield from O.type_into(device, self.params.message, id="body")
        yield O.tap(device, id="send")


class LabelCoworkers(_ContactsTask):
    """Give a label to everyone at one company (search the company, edit each one)."""

    name = "label_coworkers"
    template = "Add everyone who works at {company} to the {label} label."
    phrasings = (
        'Give every contact at {company} the label {label}.',
        'Label all your contacts from {company} as {label}.',
    )
    difficulty = 4
    objective = "hybrid"
    tags = ("search", "dialog", "multi_step")
    max_steps = 90

    @dataclass(frozen=True)
    class Params:
        company: str
        label: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        company = _pick(rng, TEAMS)
        members = [c for c in contacts(device) if c["company"] == company]
        return cls.Params(company, _pick(rng, [x for x in LABELS
                                               if all(x not in c["labels"] for c in members)]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.company not in TEAMS or params.label not in LABELS:
            raise ValueError(f"company must be one of {TEAMS} and label one of {LABELS}")
        if any(params.label in c["labels"] for c in contacts(device)
               if c["company"] == params.company):
            raise ValueError(f"someone at {params.company} already has {params.label!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=c["id"],
                           fields={"labels": same_items([*c["labels"], self.params.label])})
                for c in initial["os"]["providers"]["contacts"]
                if c["company"] == self.params.company]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.type_into(device, self.params.company, id="search", submit=True)
        members = yield from rows_shown(device)
        for name in members:
            yield from O.type_into(device, self.params.company, id="search")
            row = yield from O.scroll_to(device, where=lambda n, name=name: _is_row(n, name))
            yield O.tap(device, row)
            yield from edit_contact(device, {}, [self.params.label])
            yield A.back()


class ShareToNotes(OneContact):
    """Share a contact's details into a new note (the share sheet, then Notes' Save)."""

    name = "share_to_notes"
    template = "Share {name}'s contact details to the Notes app."
    phrasings = (
        "Save {name}'s contact card as a note by sharing it to Notes.",
        "Send {name}'s contact to Notes with the share button.",
    )
    difficulty = 3
    apps = ("contacts", "notes")
    tags = ("share", "cross_app", "search")
    relative = False

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        row = self.at_start(initial)
        return [C.created("apps.notes.notes", {"title": C.text_like(row["name"]),
                                               "body": C.text_contains(row["phone"])})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_target(device)
        yield O.tap(device, id="share")
        yield O.tap(device, id="choose:notes")
        yield O.tap(device, id="save")
