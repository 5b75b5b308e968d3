"""Cross-app suite: what a user does with two or more apps at once. A number or an email that
arrived by text goes into Contacts, a note's number or Wi-Fi password gets used elsewhere, a
photo, a contact card, a checklist or the battery level gets texted, and questions are answered
by looking something up in one app and reading it off another.

Every episode starts on the home screen. The data each template needs is written per seed
(messages that arrive, notes, a new photo) beside decoys that look alike: other numbers texting
about other topics, a relative with the same surname, other networks' passwords in the same
note. Judges read the state every app shares (contacts, SMS, notes, media, the Wi-Fi model, the
task stack); opening a conversation marks it read, so every task lets ``read`` flags change
(``LOOKING``) and nothing else.
"""

from __future__ import annotations

import dataclasses
import datetime
import posixpath
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlsplit

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.files.common import file_route
from mobilegym_env.apps.messages.common import SMS, same_number
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation, Judged
from mobilegym_env.kernel.filesystem import ROOT
from mobilegym_env.kernel.managers import ConnectivityManager
from mobilegym_env.kernel.providers import (
    CONTACT_LABELS,
    OWN_NUMBER,
    media_album,
    media_placeholder,
    media_title,
)
from mobilegym_env.task import Start, Task
from mobilegym_env.tasks import contacts, files, gallery, launcher, messages, notes, settings

Action = dict[str, Any]
CONTACTS = contacts.CONTACTS
LOOKING = messages.LOOKING
READING = messages.READING

# What a message about a topic says (the topic's key words are in it).
TOPICS = {
    "the bike you're selling": "Hi! Is the blue bike you listed still for sale? I could pick "
                               "it up on Saturday.",
    "the apartment viewing": "Hello, confirming the apartment viewing tomorrow at 5:30 PM. "
                             "Ring unit 2 when you arrive.",
    "your lost cat": "Hi, I think I saw the cat from your lost cat poster near the park on "
                     "Elm Street!",
    "piano lessons": "Hi, I got your number from the music school. Are you still looking for "
                     "piano lessons?",
    "the concert tickets": "I have the two concert tickets for Friday. When can I drop them "
                           "off?",
    "the carpool": "Hey neighbor! Do you still want to join the carpool to the office next "
                   "week?",
    "the couch delivery": "Hi, this is about the couch delivery: we can bring it on Thursday "
                          "between 10 and 2.",
    "the garden party": "Can't wait for the garden party on Sunday! Should I bring a salad?",
}
# A word of each topic that its message says too (how a reader finds the conversation).
TOPIC_WORDS = {"the bike you're selling": "bike", "the apartment viewing": "apartment viewing",
               "your lost cat": "lost cat", "piano lessons": "piano lessons",
               "the concert tickets": "concert tickets", "the carpool": "carpool",
               "the couch delivery": "couch delivery", "the garden party": "garden party"}
# (a note title, a message worth keeping)
MEMOS = (
    ("Studio door", "The door code for the studio is 4417. Second floor, first door on the "
                    "left."),
    ("Lease signing", "Bring two forms of ID and the signed lease to the office on Monday "
                      "morning."),
    ("Flight details", "My flight lands at 5:40 PM at terminal 2, flight UA 318."),
    ("Cake recipe", "You need 200 g of dark chocolate, three eggs and a cup of sugar for the "
                    "cake."),
    ("Pickup spot", "Pickup is at the north entrance of the station. Look for the red van."),
    ("Vet advice", "Give Milo half a tablet twice a day with food for ten days."),
)
# Files under /sdcard that a contact may say they saved, and how they call them.
SHARED_FILES = {
    "Documents/book_club.md": "the book club schedule",
    "Documents/budget_2026.csv": "the budget spreadsheet",
    "Documents/car_service.txt": "the car service notes",
    "Documents/meeting_agenda.txt": "the meeting agenda",
    "Documents/packing_list.txt": "the packing list",
    "Documents/wifi_password.txt": "the Wi-Fi details",
    "Documents/Work/team_offsite.txt": "the offsite plan",
    "Documents/Work/q1_goals.md": "the Q1 goals",
    "Documents/Recipes/pancakes.txt": "the pancake recipe",
    "Documents/Recipes/banana_bread.txt": "the banana bread recipe",
}
TRADES = ("plumber", "electrician", "babysitter", "dog walker", "painter", "locksmith",
          "gardener", "piano tuner")
NUMBER_NOTES = ("Home repairs", "Useful numbers", "Numbers from the neighbors",
                "House contacts")
WIFI_NOTES = ("Wi-Fi passwords", "Network passwords", "Router info")
CHATTER = ("Running late, see you soon!", "Did you watch the game last night?",
           "Call me when you get a chance.", "Coffee later this week?",
           "Thanks again for yesterday.", "Can you send me that link?")
MAIL_DOMAINS = ("gmail.com", "outlook.com", "fastmail.com", "proton.me")


# --------------------------------------------------------------------------- data helpers
def _pick(rng: np.random.Generator, items: Sequence[Any], n: int | None = None) -> Any:
    """One item (``n`` None) or ``n`` distinct items, in the order drawn."""
    if len(items) < (n or 1):
        raise ValueError(f"need {n or 1} items to choose from, found {len(items)}")
    if n is None:
        return items[int(rng.integers(len(items)))]
    return [items[int(i)] for i in rng.choice(len(items), size=n, replace=False)]


def _people(device: Device, *, but: Sequence[int] = ()) -> list[dict[str, Any]]:
    """Contacts one can text (with a number), except the ids in ``but``."""
    return [c for c in contacts.contacts(device) if c["phone"] and c["id"] not in but]


def _person(device: Device, contact_id: int, name: str) -> dict[str, Any]:
    """The contact ``contact_id``, checked to be ``name`` with a number."""
    c = contacts.contact(device, contact_id)
    if c["name"] != name or not c["phone"]:
        raise ValueError(f"contact {contact_id} is {c['name']!r}, not {name!r} with a number")
    return c


def _check_texting(device: Device, name: str, phone: str) -> None:
    """``name`` is a contact whose number is ``phone``."""
    if not any(c["name"] == name and c["phone"] == phone for c in _people(device)):
        raise ValueError(f"no contact {name!r} with phone {phone!r}")


def _check_stranger(device: Device, name: str, number: str) -> None:
    """``name`` and ``number`` are a new person's: no contact or conversation has them."""
    if len(re.sub(r"\D", "", number)) < 10 or not name.strip():
        raise ValueError(f"need a name and a 10-digit number, got {name!r}, {number!r}")
    known = [c[k] or "" for c in contacts.contacts(device) for k in ("phone", "phone2")]
    known += [m["thread_address"] for m in device.kernel.providers.query(SMS)]
    if any(same_number(number, k) for k in known):
        raise ValueError(f"{number} is already a contact's or a conversation's")
    if any(c["name"] == name for c in contacts.contacts(device)):
        raise ValueError(f"a contact is already named {name!r}")


def _initial_contact(initial: dict[str, Any], contact_id: int) -> dict[str, Any]:
    return next(c for c in initial["os"]["providers"]["contacts"] if c["id"] == contact_id)


def _check_choice(what: str, value: Any, options: Sequence[Any]) -> None:
    if value not in options:
        shown = f"{options[0]}..{options[-1]}" if isinstance(options, range) else list(options)
        raise ValueError(f"{what} {value!r} is not one of {shown}")


def _new_email(rng: np.random.Generator, name: str) -> str:
    first, _, last = name.partition(" ")
    return f"{first}.{last}{int(rng.integers(10, 99))}@{_pick(rng, MAIL_DOMAINS)}".lower()


def _texts_about(device: Device, rng: np.random.Generator, senders: Sequence[str],
                 topics: Sequence[str]) -> None:
    """Each sender texted about one topic (unread), at shuffled times in the last hours."""
    minutes = _pick(rng, range(5, 240), len(senders))
    for address, topic, ago in zip(senders, topics, minutes, strict=True):
        messages.receive(device, address, TOPICS[topic], ago, False)


def _last_received(device: Device) -> str:
    """The text of the newest message received in the open conversation (received bubbles
    sit at the left, mine at the right)."""
    area = O.node(device, id="thread")["bounds"]
    got = [n for n in O.find_all(device, where=lambda n: (n["id"] or "").startswith("sms:"))
           if n["bounds"][0] - area[0] < area[2] - n["bounds"][2]]
    if not got:
        raise O.OracleError("no received message on screen")
    return got[-1]["text"]


# --------------------------------------------------------------------------- matchers
class _Card(C.Matcher):
    """A shared contact card: a text naming the contact and holding their number."""

    def __init__(self, name: str, phone: str) -> None:
        self.name, self.phone = C.text_contains(name), phone

    def __call__(self, value: Any) -> bool:
        digits = re.sub(r"\D", "", str(value))
        return self.name(value) and re.sub(r"\D", "", self.phone)[-10:] in digits

    def describe(self) -> str:
        return f"a text with {self.name.describe()} and the number {self.phone}"


def _shows_file(path: str) -> Expectation:
    """Files is in the foreground showing the file at ``path`` (a dialog over it is fine)."""
    want = urlsplit(file_route(path))

    def test(j: Judged) -> tuple[bool, str]:
        fg = launcher.foreground_task(j.final)
        top = fg["stack"][-1] if fg else None
        if top is None:
            return False, f"expected Files showing {path}; found the home screen"
        got = urlsplit(top["route"])
        shown = parse_qs(got.query).get("path", [""])[0]
        ok = top["app_id"] == "files" and got.path == want.path and shown == path
        return ok, f"expected Files showing {path}; found {top['app_id']} at {top['route']}"
    return C.holds(f"Files shows {posixpath.basename(path)}", test)


# --------------------------------------------------------------------------- oracle helpers
def _app_home(device: Device, app_id: str, anchor: str) -> Iterator[Action]:
    """Brings an app up on its first screen (where ``anchor``, a node only that screen has,
    shows), from wherever."""
    if O.find(device, id=anchor) is None:
        yield from O.open_app(device, app_id)
        yield from O.back_to(device, id=anchor)


def _open_contact(device: Device, name: str) -> Iterator[Action]:
    """Contacts' search for ``name``, then the result of that name."""
    yield from _app_home(device, "contacts", "labels")
    yield from O.type_into(device, name, id="search")
    yield O.tap(device, role="list_item", where=lambda n: (n["id"] or "").startswith("contact:")
                and n["text"] == name)


def _open_thread_where(device: Device, test: Any) -> Iterator[Action]:
    """Messages' list, then the conversation whose row ``test`` accepts."""
    yield from messages.thread_list(device)
    row = yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith("thread:")
                                 and test(n["text"]))
    yield O.tap(device, row)


def _open_thread_of(device: Device, name: str) -> Iterator[Action]:
    """The conversation with the contact ``name`` (its row reads "<name>: <last text>")."""
    yield from _open_thread_where(device, lambda text: text.startswith(f"{name}: "))


def _open_thread_about(device: Device, topic: str) -> Iterator[Action]:
    """The conversation whose last text is about ``topic``."""
    word = TOPIC_WORDS[topic].casefold()
    yield from _open_thread_where(device, lambda text: word in text.casefold())


def _settings(device: Device, *ids: str) -> Iterator[Action]:
    """Settings' main list, from wherever, then a tap on each of ``ids`` (scrolling to it)."""
    yield from _app_home(device, "settings", "search_settings")
    for target in ids:
        found = yield from O.scroll_to(device, id=target)
        yield O.tap(device, found)


def _shown_value(device: Device, node_id: str) -> str:
    """A contact page's row value: ``"Mobile: +1 415-555-0132"`` -> the number."""
    return O.node(device, id=node_id)["text"].split(": ", 1)[1]


def _add_contact(device: Device, name: str, phone: str) -> Iterator[Action]:
    yield from _app_home(device, "contacts", "labels")
    yield O.tap(device, id="fab")
    yield from contacts.type_field(device, "name", name)
    yield from contacts.type_field(device, "phone", phone)
    yield O.tap(device, id="save")


def _read_note(device: Device, title: str) -> Iterator[Action]:
    """Opens the note titled ``title`` from Notes' list; returns its text's lines."""
    yield from _app_home(device, "notes", "folder_chips")
    yield from notes.open_titled(device, title)
    return O.node(device, id="body")["text"].split("\n")


# --------------------------------------------------------------------------- base classes
class _CrossTask(Task):
    suite = "cross_app"
    difficulty = 3
    objective = "hybrid"
    start = Start()


class _WithContact(_CrossTask, contacts.OneContact):
    """A task about one contact who has a number (``contact_id``, called ``name``); its number
    is read from the state. Subclasses add params in ``more_params``."""

    relative = False
    # Params drawn per seed from these options (values, or a range of ints) and checked to
    # be among them.
    drawn: ClassVar[dict[str, Sequence[Any]]] = {}

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return _people(device)

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        return {field: _pick(rng, options) for field, options in cls.drawn.items()}

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        for field, options in cls.drawn.items():
            _check_choice(field, getattr(params, field), options)

    def phone(self, state: dict[str, Any]) -> str:
        """The contact's number in a state (the initial one, for judges)."""
        return self.at_start(state)["phone"]

    def phone_now(self, device: Device) -> str:
        return contacts.contact(device, self.params.contact_id)["phone"]


# --------------------------------------------------------------------------- Messages -> Contacts
class SaveSenderAsContact(_CrossTask):
    """A new number texted about something; save it as a contact (another new number texted
    about something else)."""

    name = "save_sender_as_contact"
    template = "Save the number that texted you about {topic} as a new contact named {name}."
    phrasings = ("Someone texted me about {topic}. Add their number to my contacts as {name}.",
                 "Create a contact called {name} with the number that messaged you about "
                 "{topic}.")
    apps = ("messages", "contacts")
    tags = ("cross_app", "typing", "memory", "scroll")

    @dataclass(frozen=True)
    class Params:
        topic: str
        number: str
        name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, list(TOPICS)), contacts.new_phone(rng, device),
                          contacts.new_name(rng, device))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("topic", params.topic, list(TOPICS))
        _check_stranger(device, params.name, params.number)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        decoy = contacts.new_phone(rng, device)
        while same_number(decoy, self.params.number):
            decoy = contacts.new_phone(rng, device)
        other = _pick(rng, [t for t in TOPICS if t != self.params.topic])
        _texts_about(device, rng, [self.params.number, decoy], [self.params.topic, other])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(CONTACTS, {"name": C.text_like(self.params.name),
                                     "phone": C.digits_like(self.params.number)}),
                READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_thread_about(device, self.params.topic)
        number = O.node(device, role="heading")["text"]  # an unknown sender's title: the number
        yield from _add_contact(device, self.params.name, number)


class EmailFromMessage(_WithContact):
    """A contact texted a new email address; put it on their contact (someone else texted a
    new address too, earlier)."""

    name = "email_from_message"
    template = "{name} texted you a new email address. Update their contact with it."
    phrasings = ("Put the new email address {name} sent you by text on their contact.",
                 "{name} has a new email (it's in their text). Save it in Contacts.")
    apps = ("messages", "contacts")
    tags = ("cross_app", "typing", "search", "memory")

    @dataclass(frozen=True)
    class Params(contacts.OneContact.Params):
        email: str

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        return {"email": _new_email(rng, c["name"])}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if "@" not in params.email or params.email == \
                contacts.contact(device, params.contact_id)["email"]:
            raise ValueError(f"need a new email address for {params.name}, got {params.email!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        other = _pick(rng, _people(device, but=[self.params.contact_id]))
        messages.receive(device, other["phone"], f"New email address: "
                         f"{_new_email(rng, other['name'])}. Please update it!",
                         int(rng.integers(60, 600)), False)
        messages.receive(device, self.phone_now(device), f"Hi! I have a new email address: "
                         f"{self.params.email}. The old one stops working next month.",
                         int(rng.integers(5, 50)), False)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(CONTACTS, id=self.params.contact_id,
                           fields={"email": C.text_like(self.params.email)}),
                READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_thread_of(device, self.params.name)
        email = re.search(r"\S+@\S+\w", _last_received(device)).group()
        yield from _open_contact(device, self.params.name)
        yield from contacts.edit_contact(device, {"email": email})


class EmailOfSender(_WithContact):
    """Who texted about a topic, and what is their email address (two other contacts texted
    about other topics; a relative with the same surname is in Contacts)?"""

    name = "email_of_sender"
    template = "What is the email address of the person who texted you about {topic}?"
    phrasings = ("Someone texted me about {topic}. What's their email address?",
                 "Find the email address of whoever messaged you about {topic}.")
    objective = "query"
    apps = ("messages", "contacts")
    tags = ("cross_app", "search", "memory")
    relative = True
    drawn = {"topic": tuple(TOPICS)}

    @dataclass(frozen=True)
    class Params(contacts.OneContact.Params):
        topic: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in _people(device) if c["email"]]

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        super().initialize(device, rng)
        others = _pick(rng, _people(device, but=[self.params.contact_id]), 2)
        topics = _pick(rng, [t for t in TOPICS if t != self.params.topic], 2)
        _texts_about(device, rng, [self.phone_now(device), *(c["phone"] for c in others)],
                     [self.params.topic, *topics])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_text(self.at_start(initial)["email"], rivals=contacts.EMAILS), READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_thread_about(device, self.params.topic)
        sender = O.node(device, role="heading")["text"]
        yield from _open_contact(device, sender)
        yield A.answer(_shown_value(device, "email"))


class UnreadFromLabel(_CrossTask):
    """Count the unread messages from the contacts of a label (others have unread messages
    too): the label's members in Contacts, their rows' unread counts in Messages."""

    name = "unread_from_label"
    template = "How many unread messages do you have from contacts labeled {label}?"
    phrasings = ("Count my unread texts from the people in my {label} label.",
                 "How many messages from contacts labeled {label} haven't I read yet?")
    objective = "query"
    apps = ("contacts", "messages")
    tags = ("cross_app", "counting", "scroll", "navigation")

    @dataclass(frozen=True)
    class Params:
        label: str
        unread_ids: tuple[int, ...]  # the members whose conversation has an unread message
        counts: tuple[int, ...] = ()  # how many unread messages each has (default: one)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        label = _pick(rng, CONTACT_LABELS)
        members = [c["id"] for c in _people(device) if label in c["labels"]]
        chosen = _pick(rng, members, int(rng.integers(1, len(members) + 1)))
        return cls.Params(label, tuple(sorted(chosen)),
                          tuple(int(rng.integers(1, 6)) for _ in chosen))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("label", params.label, CONTACT_LABELS)
        for contact_id in params.unread_ids:
            if params.label not in contacts.contact(device, contact_id)["labels"]:
                raise ValueError(f"contact {contact_id} is not labeled {params.label}")
        if params.counts and (len(params.counts) != len(params.unread_ids)
                              or not all(1 <= n <= 5 for n in params.counts)):
            raise ValueError("counts must give 1..5 messages for each of unread_ids")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.providers.update(SMS, {"read": True}, {})
        outsiders = [c["id"] for c in _people(device) if self.params.label not in c["labels"]]
        counts = self.params.counts or (1,) * len(self.params.unread_ids)
        others = _pick(rng, outsiders, int(rng.integers(1, 4)))
        for contact_id, n in (*zip(self.params.unread_ids, counts, strict=True),
                              *((c, int(rng.integers(1, 4))) for c in others)):
            for text in _pick(rng, CHATTER, n):
                messages.receive(device, contacts.contact(device, contact_id)["phone"],
                                 text, int(rng.integers(5, 600)), False)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        numbers = [c[k] for c in initial["os"]["providers"]["contacts"]
                   if self.params.label in c["labels"] for k in ("phone", "phone2") if c[k]]
        unread = [m for m in initial["os"]["providers"]["sms"]
                  if m["type"] == "inbox" and not m["read"]
                  and any(same_number(m["thread_address"], n) for n in numbers)]
        return [C.answer_number(len(unread)), READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _app_home(device, "contacts", "labels")
        yield O.tap(device, id="labels")
        yield O.tap(device, id=f"label:{self.params.label}")
        names = [n["text"] for n in O.find_all(
            device, where=lambda n: (n["id"] or "").startswith("contact:"))]
        yield from messages.thread_list(device)
        unread: dict[str, int] = {}  # a member's row: its "N unread"
        for _ in range(6):
            for n in O.find_all(device, where=lambda n: (n["id"] or "").startswith("thread:")
                                and n["text"].endswith(" unread")
                                and n["text"].split(":")[0] in names):
                unread[n["id"]] = int(n["text"].rsplit(", ", 1)[1].split()[0])
            before = [(n["id"], n["bounds"]) for n in device.ui_tree()]
            yield O.scroll_down()
            if [(n["id"], n["bounds"]) for n in device.ui_tree()] == before:
                break
        yield A.answer(str(sum(unread.values())))


# --------------------------------------------------------------------------- Contacts -> Messages
class TextContactNumber(_WithContact):
    """Look a contact's number up and text it to someone (a relative with the same surname is
    a decoy)."""

    name = "text_contact_number"
    template = "Text {recipient} the phone number of {name}."
    phrasings = ("Send {recipient} a text with {name}'s phone number.",
                 "{recipient} needs {name}'s number: text it to them.")
    apps = ("contacts", "messages")
    tags = ("cross_app", "search", "typing", "memory")
    relative = True

    @dataclass(frozen=True)
    class Params(contacts.OneContact.Params):
        recipient_id: int
        recipient: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [c for c in _people(device) if not c["phone2"]]  # "the" number is one number

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        r = _pick(rng, _people(device, but=[c["id"]]))
        return {"recipient_id": r["id"], "recipient": r["name"]}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        _person(device, params.recipient_id, params.recipient)
        if params.recipient_id == params.contact_id:
            raise ValueError("the recipient must be someone else")

    def recipient_phone(self, initial: dict[str, Any]) -> C.Matcher:
        return C.digits_like(_initial_contact(initial, self.params.recipient_id)["phone"])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [messages.sent(self.recipient_phone(initial), C.phone_like(self.phone(initial))),
                READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_contact(device, self.params.name)
        number = _shown_value(device, "phone")
        yield from messages.compose(device, self.params.recipient, number)


class ShareContactByMessage(TextContactNumber):
    """Send a contact's card by text: Contacts' Share, the chooser, Messages."""

    name = "share_contact_by_message"
    template = "Send {name}'s contact details to {recipient} by text message."
    phrasings = ("Share {name}'s contact card with {recipient} over Messages.",
                 "Text {recipient} the contact of {name} (share it from Contacts).")
    objective = "operate"
    tags = ("cross_app", "share", "search", "typing")

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return _people(device)  # a card carries every number

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        card = _Card(self.params.name, self.phone(initial))
        return [messages.sent(self.recipient_phone(initial), card, name="contact card sent"),
                READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_contact(device, self.params.name)
        yield O.tap(device, id="share")
        yield O.tap(device, id="choose:messages")
        yield from messages.choose_recipient(device, self.params.recipient)
        yield O.tap(device, id="send")


# --------------------------------------------------------------------------- Notes <-> others
class MessageToNote(_WithContact):
    """Keep a contact's last message as a note (their earlier message, and my reply after it,
    are decoys)."""

    name = "message_to_note"
    template = 'Save the last message {name} sent you as a note titled "{title}".'
    phrasings = ('Keep the latest text from {name} in a new note called "{title}".',
                 'Make a note "{title}" with the last message you got from {name}.')
    apps = ("messages", "notes")
    tags = ("cross_app", "typing", "memory")

    @dataclass(frozen=True)
    class Params(contacts.OneContact.Params):
        title: str
        message: str

    @classmethod
    def more_params(cls, rng: np.random.Generator, device: Device,
                    c: dict[str, Any]) -> dict[str, Any]:
        title, message = _pick(rng, MEMOS)
        return {"title": title, "message": message}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if not params.title.strip() or not params.message.strip():
            raise ValueError("title and message must not be empty")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        phone, message = self.phone_now(device), self.params.message
        older = _pick(rng, [m for _, m in MEMOS if m != message])
        messages.receive(device, phone, older, int(rng.integers(60, 300)), True)
        messages.receive(device, phone, message, int(rng.integers(10, 50)), False)
        if rng.random() < 0.5:  # my reply comes last in the conversation
            device.kernel.providers.insert(SMS, {
                "thread_address": phone, "address": OWN_NUMBER, "body": "Got it, thanks!",
                "timestamp_ms": device.kernel.clock.now_ms() - 5 * 60_000, "type": "sent",
                "read": True})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(notes.NOTES, {"title": C.text_like(self.params.title),
                                        "body": C.text_like(self.params.message)}),
                READING, C.may_change("os.clipboard")]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_thread_of(device, self.params.name)
        body = _last_received(device)
        yield from _app_home(device, "notes", "folder_chips")
        yield O.tap(device, id="fab")
        yield from O.type_into(device, self.params.title, id="title")
        yield from O.type_into(device, body, id="body")
        yield O.tap(device, id="save")


class ChecklistToMessage(notes.ListTask):
    """Text someone what is left on a checklist (its contents differ per seed)."""

    suite = "cross_app"
    name = "checklist_to_message"
    template = 'Text {name} the items still unchecked on my "{title}" list.'
    phrasings = ('Send {name} a text listing what is not ticked off yet on my "{title}" list.',
                 'Tell {name} by text which items of my "{title}" checklist are still open.')
    difficulty = 3
    objective = "hybrid"
    apps = ("notes", "messages")
    tags = ("cross_app", "typing", "memory", "scroll")
    start = Start()

    @dataclass(frozen=True)
    class Params(notes.ListParams):
        name: str = ""  # the recipient
        phone: str = ""

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        c = _pick(rng, _people(device))
        return dataclasses.replace(super().sample_params(rng, device), name=c["name"],
                                   phone=c["phone"])

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        _check_texting(device, params.name, params.phone)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [messages.sent(C.digits_like(self.params.phone),
                              C.items_like(self.left(), rivals=self.params.items)),
                READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _app_home(device, "notes", "folder_chips")
        yield from notes.open_titled(device, self.params.title)
        items = yield from notes.read_items(device)
        left = [text for text, ticked in items if not ticked]
        yield from messages.compose(device, self.params.name, ", ".join(left))


class NoteNumberToContact(_CrossTask):
    """A note lists tradespeople with their numbers; add one of them as a contact (another
    note names someone else with the same trade)."""

    name = "note_number_to_contact"
    template = ('Add the {trade} from my note "{title}" to my contacts, with their name and '
                'number.')
    phrasings = ('My note "{title}" lists a {trade}: save them as a contact (name and number).',
                 'Create a contact for the {trade} in my note "{title}", with their number.')
    max_steps = 36
    apps = ("notes", "contacts")
    tags = ("cross_app", "typing", "memory", "scroll")

    @dataclass(frozen=True)
    class Params:
        title: str
        trade: str
        person: str
        number: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, NUMBER_NOTES), _pick(rng, TRADES),
                          contacts.new_name(rng, device), contacts.new_phone(rng, device))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("note title", params.title, NUMBER_NOTES)
        _check_choice("trade", params.trade, TRADES)
        _check_stranger(device, params.person, params.number)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        lines = [f"{p.person} ({p.trade}): {p.number}"]
        for trade in _pick(rng, [t for t in TRADES if t != p.trade], 2):
            lines.append(f"{contacts.new_name(rng, device)} ({trade}): "
                         f"{contacts.new_phone(rng, device)}")
        order = rng.permutation(len(lines))
        notes.add_note(device, p.title, "\n".join(lines[int(i)] for i in order))
        old = _pick(rng, [t for t in NUMBER_NOTES if t != p.title])
        notes.add_note(device, old, f"{contacts.new_name(rng, device)} ({p.trade}): "
                                    f"{contacts.new_phone(rng, device)}\n(retired last year)",
                       age_ms=200 * notes.DAY_MS)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(CONTACTS, {"name": C.text_like(self.params.person),
                                     "phone": C.digits_like(self.params.number)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        lines = yield from _read_note(device, self.params.title)
        [line] = [x for x in lines if f"({self.params.trade})" in x]
        person, number = line.split(f" ({self.params.trade}): ")
        yield from _add_contact(device, person, number)


class WifiPasswordFromNote(_CrossTask):
    """Join a secured network whose password is in a note (with other networks' passwords,
    a look-alike name among them)."""

    name = "wifi_password_from_note"
    template = "Connect to the Wi-Fi network {ssid}. The password is in my notes."
    phrasings = ("Join the {ssid} Wi-Fi; I wrote its password in a note.",
                 "Get the phone on the {ssid} network. You'll find the password in Notes.")
    max_steps = 36
    apps = ("notes", "settings")
    tags = ("cross_app", "settings", "typing", "dialog", "search")

    @dataclass(frozen=True)
    class Params:
        ssid: str
        title: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        net = _pick(rng, settings.ConnectWifi.candidates(device))
        return cls.Params(net["id"], _pick(rng, WIFI_NOTES))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("network", params.ssid,
                      [n["id"] for n in settings.ConnectWifi.candidates(device)])
        _check_choice("note title", params.title, WIFI_NOTES)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        nets = [n for n in device.kernel.os_state.get("hardware.wifi.nearby")
                if n["security"] != "open"]
        target = next(n for n in nets if n["id"] == self.params.ssid)
        shown = [target, *_pick(rng, [n for n in nets if n is not target], 2)]
        order = rng.permutation(len(shown))
        notes.add_note(device, self.params.title, "\n".join(
            f"{shown[int(i)]['ssid']}: {shown[int(i)]['password']}" for i in order))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        ssid = self.params.ssid
        password = next(n["password"] for n in initial["os"]["hardware"]["wifi"]["nearby"]
                        if n["id"] == ssid)
        return [C.simulated(f"connected to {ssid}",
                            lambda s: ConnectivityManager(s).connect_wifi(ssid, password))]

    def oracle(self, device: Device) -> Iterator[Action]:
        ssid = self.params.ssid
        yield from _app_home(device, "notes", "folder_chips")  # search the notes for it
        yield O.tap(device, id="search")
        yield A.type_text(ssid)
        yield O.tap(device, role="list_item", where=lambda n: (n["id"] or "").startswith("note:")
                    and f"{ssid}: " in n["text"])
        lines = O.node(device, id="body")["text"].split("\n")
        [password] = [x.split(": ", 1)[1] for x in lines if x.split(": ", 1)[0] == ssid]
        yield from _settings(device, "nav_network", "nav_internet")
        yield from settings.tap_in_list(device, f"wifi:{ssid}")
        yield from settings.type_and_submit(device, "wifi_password", password)


# --------------------------------------------------------------------------- other pairs
class TextBatteryLevel(_WithContact):
    """Text someone the battery level (set per seed; Settings and the status bar show it)."""

    name = "text_battery_level"
    template = "Text {name} my phone's battery level."
    phrasings = ("Send {name} a text saying how much battery my phone has left.",
                 "Let {name} know my battery percentage by text message.")
    apps = ("settings", "messages")
    tags = ("cross_app", "settings", "typing")

    drawn = {"level": range(1, 101)}

    @dataclass(frozen=True)
    class Params(contacts.OneContact.Params):
        level: int

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.set_preference("battery_level", self.params.level)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        level = initial["os"]["hardware"]["battery"]["level"]
        return [messages.sent(C.digits_like(self.phone(initial)), C.number_like(level, unit="%")),
                READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _settings(device, "nav_battery")
        level = O.node(device, id="battery_level")["text"]
        yield from messages.compose(device, self.params.name, f"My battery is at {level}")


class SendNewestPhoto(_WithContact):
    """Send the most recent photo by text (a new camera photo, a screenshot taken a little
    before it)."""

    name = "send_newest_photo"
    template = "Send your most recent photo to {name}."
    phrasings = ("Text {name} the latest photo on my phone.",
                 "Share my newest picture with {name} in a text message.")
    objective = "operate"
    apps = ("gallery", "messages")
    tags = ("cross_app", "share", "typing")

    drawn = {"minutes_ago": range(2, 46)}  # when the newest photo was taken

    @dataclass(frozen=True)
    class Params(contacts.OneContact.Params):
        minutes_ago: int

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        now = device.kernel.clock.now_ms()
        taken = now - self.params.minutes_ago * 60_000 - int(rng.integers(0, 60)) * 1000
        _add_photo(device, "Pictures/Screenshots", "Screenshot_{}.png",
                   taken - int(rng.integers(1, 15)) * 60_000, (1080, 2400))
        _add_photo(device, "DCIM/Camera", "IMG_{}.jpg", taken, (4032, 3024))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        newest = max(initial["os"]["providers"]["media"], key=lambda r: r["taken_ms"])
        return gallery.photo_sent(self.phone(initial), posixpath.basename(newest["path"]))

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _app_home(device, "gallery", "photos")
        [first, *_] = O.find_all(device, where=lambda n: (n["id"] or "").startswith("photo:"))
        yield O.tap(device, first)
        yield O.tap(device, id="share")
        if O.find(device, id="choose:messages") is not None:
            yield O.tap(device, id="choose:messages")
        yield from messages.choose_recipient(device, self.params.name)
        yield O.tap(device, id="send")


def _add_photo(device: Device, folder: str, pattern: str, taken_ms: int,
               size: tuple[int, int]) -> None:
    """A photo file in ``/sdcard/<folder>`` named from its local time, and its media row."""
    local = datetime.datetime(1970, 1, 1) + datetime.timedelta(
        milliseconds=taken_ms, minutes=device.kernel.clock.tz_offset_minutes)
    path = f"{ROOT}/{folder}/{pattern.format(local.strftime('%Y%m%d_%H%M%S'))}"
    mime = "image/png" if path.endswith(".png") else "image/jpeg"
    row = {"path": path, "mime": mime, "title": media_title(path), "album": media_album(path),
           "width": size[0], "height": size[1], "taken_ms": taken_ms,
           "size": size[0] * size[1] // 3}
    device.kernel.files.write_text(path, media_placeholder(row), mime, taken_ms)
    device.kernel.providers.insert("content://media", row)


class OpenFileFromMessage(_WithContact):
    """A contact texted where they saved a file; open it in Files (two other people texted
    about other files)."""

    name = "open_file_from_message"
    template = "Open the file {name} told you about."
    phrasings = ("{name} texted me about a file they saved on my phone. Open it in Files.",
                 "Show me the file that {name} said they saved: open it.")
    objective = "operate"
    apps = ("messages", "files")
    tags = ("cross_app", "navigation", "memory", "scroll")

    drawn = {"path": tuple(SHARED_FILES)}

    @dataclass(frozen=True)
    class Params(contacts.OneContact.Params):
        path: str  # under /sdcard

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if not device.kernel.files.exists(f"{ROOT}/{params.path}"):
            raise ValueError(f"no file /sdcard/{params.path}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        phone = self.phone_now(device)
        others = [c["phone"] for c in _pick(rng, _people(device, but=[self.params.contact_id]),
                                           2)]
        paths = [self.params.path, *_pick(rng, [p for p in SHARED_FILES
                                                if p != self.params.path], 2)]
        for address, path, ago in zip([phone, *others], paths, _pick(rng, range(5, 300), 3),
                                      strict=True):
            folder, name = posixpath.split(path)
            messages.receive(device, address, f"I saved {SHARED_FILES[path]} on your phone: "
                                              f"it's {name} in {folder}.", ago, False)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [_shows_file(f"{ROOT}/{self.params.path}"), READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_thread_of(device, self.params.name)
        said = _last_received(device)  # "... it's <name> in <folder>."
        name, folder = re.search(r"it's (\S+) in (\S+)\.$", said).groups()
        yield from _app_home(device, "files", "internal_storage")
        yield from files.browse(device, folder)
        row = yield from O.scroll_to(device, id=f"file:{name}")
        yield O.tap(device, row)
