"""Messages suite: texting contacts and numbers, replying, forwarding, deleting, archiving, read
state, incoming messages with notifications, and questions answered from conversations.

Messages are rows of the sms provider (``os.providers.sms``); Messages' own store holds only the
archived thread addresses. Looking at a conversation marks it read, so tasks that are not about
read state let ``read`` flags change (``LOOKING``); the read/unread tasks and nothing else pin
them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.messages import inbox
from mobilegym_env.apps.messages.common import CONTACTS, SMS, same_number
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation
from mobilegym_env.task import Start, Task

SMS_PATH = "os.providers.sms"
ARCHIVED = "apps.messages.archived"
LOOKING = "os.providers.sms[id=*].read"  # opening a conversation marks it read
# the allowance for it: unread -> read only (marking a conversation unread is not looking)
READING = C.may_change(LOOKING, to=True)
IN_MESSAGES = Start(app="messages")
Actions = Iterator[dict[str, Any]]

PHRASES = ("Running {n} minutes late, sorry!", "Can we push it to {t}?", "See you at {t}.",
           "Dinner at {t}?", "I'm outside, take your time.", "Thanks for today!",
           "Call me when you get a chance.", "Just landed, see you soon.",
           "Don't forget the tickets!", "Sounds good, see you then.",
           "I'll bring dessert.", "Can you pick up milk on the way?")
PLACES = ("Blue Bottle", "the Ferry Building", "Dolores Park", "Sightglass", "Tartine",
          "Union Square", "the farmers market", "the main library", "Zuni Cafe")
SERVICES = {"Google": "22000", "WhatsApp": "32665", "PayPal": "729725", "Uber": "827222",
            "Venmo": "86753", "Instagram": "32663"}


# --------------------------------------------------------------------------- data helpers
def _rows(device: Device, **where: Any) -> list[dict[str, Any]]:
    return device.kernel.providers.query(SMS, where or None, order_by="timestamp_ms")


def _contacts(device: Device) -> list[dict[str, Any]]:
    return [c for c in device.kernel.providers.query(CONTACTS) if c.get("phone")]


def _contact_threads(device: Device) -> list[tuple[str, str]]:
    """(name, address) of the conversations with contacts, in address order."""
    by_phone = {c["phone"]: c["name"] for c in _contacts(device)}
    return sorted({(by_phone[m["thread_address"]], m["thread_address"])
                   for m in _rows(device) if m["thread_address"] in by_phone},
                  key=lambda t: t[1])


def _thread_names(device: Device) -> list[tuple[str, str]]:
    """(name, address) of every conversation: a contact's name, else the number."""
    by_phone = {c["phone"]: c["name"] for c in _contacts(device)}
    addresses = sorted({m["thread_address"] for m in _rows(device)})
    return [(by_phone.get(a, a), a) for a in addresses]


def _pick(rng: np.random.Generator, items: list[Any] | tuple[Any, ...], n: int = 1) -> list[Any]:
    if len(items) < n:
        raise ValueError(f"need {n} items to choose from, found {len(items)}")
    return [items[int(i)] for i in rng.choice(len(items), size=n, replace=False)]


def _phrase(rng: np.random.Generator) -> str:
    hour, minute = int(rng.integers(1, 12)), int(rng.choice([0, 15, 30, 45]))
    return str(rng.choice(PHRASES)).format(n=int(rng.choice([5, 10, 15, 20])),
                                           t=f"{hour}:{minute:02d}")


def _require_thread(device: Device, address: str) -> None:
    if not _rows(device, thread_address=address):
        raise ValueError(f"no conversation with {address!r}")


def _require_contact(device: Device, name: str, phone: str) -> None:
    if not any(c["name"] == name and c["phone"] == phone for c in _contacts(device)):
        raise ValueError(f"no contact {name!r} with phone {phone!r}")


def receive(device: Device, address: str, body: str, minutes_ago: int, read: bool) -> int:
    """An inbox message that arrived ``minutes_ago`` (no notification)."""
    when = device.kernel.clock.now_ms() - minutes_ago * 60_000
    return device.kernel.providers.insert(SMS, {
        "thread_address": address, "address": address, "body": body, "timestamp_ms": when,
        "type": "inbox", "read": read})


def _thread_ids(state: dict[str, Any], address: str, kind: str | None = None) -> list[int]:
    return [m["id"] for m in state["os"]["providers"]["sms"]
            if m["thread_address"] == address and (kind is None or m["type"] == kind)]


def newest_inbox(state: dict[str, Any], address: str) -> int:
    rows = [m for m in state["os"]["providers"]["sms"]
            if m["thread_address"] == address and m["type"] == "inbox"]
    if not rows:
        raise ValueError(f"the conversation with {address!r} has no received message")
    return max(rows, key=lambda m: (m["timestamp_ms"], m["id"]))["id"]


def sent(address: str | C.Matcher, body: C.Matcher, name: str = "message sent") -> Expectation:
    """One new sent message in the thread of ``address`` whose body matches."""
    return C.created(SMS_PATH, {"thread_address": address, "type": "sent", "body": body},
                     name=name)


# --------------------------------------------------------------------------- oracle helpers
def thread_list(device: Device) -> Actions:
    """Messages' thread list, from wherever the phone is."""
    if O.find(device, id="threads") is None:
        yield from O.open_app(device, "messages")
        yield from O.back_to(device, id="threads")


def open_thread(device: Device, address: str) -> Actions:
    yield from thread_list(device)
    row = yield from O.scroll_to(device, id=f"thread:{address}")
    yield O.tap(device, row)


def choose_recipient(device: Device, name: str) -> Actions:
    """Types a contact's name into "To" and taps their suggestion (focus moves to the body)."""
    yield from O.type_into(device, name, id="to")
    yield O.tap(device, where=lambda n: (n["id"] or "").startswith("suggest:")
                and n["text"].startswith(f"{name} +"))


def compose(device: Device, name: str, body: str) -> Actions:
    yield from thread_list(device)
    yield O.tap(device, id="fab")
    yield from choose_recipient(device, name)
    yield from O.type_into(device, body, id="body")
    yield O.tap(device, id="send")


def names_thread(n: dict[str, Any], who: str) -> bool:
    """A row of the thread list for ``who``: a contact's name or a number as the list shows
    it, or a sender the last message names ("26789: Parcel Express: your package...")."""
    return (n["id"] or "").startswith("thread:") and n["role"] == "list_item" and (
        n["text"].startswith(f"{who}: ") or f": {who}" in n["text"])


def open_conversation(device: Device, who: str) -> Actions:
    """Opens the conversation the list shows for ``who`` (a name, or a number as shown), found
    on screen."""
    yield from thread_list(device)
    row = yield from O.scroll_to(device, where=lambda n: names_thread(n, who))
    yield O.tap(device, row)


def select_named(device: Device, names: list[str]) -> Actions:
    """Long-presses the first conversation named and taps the others: they end up selected."""
    yield from thread_list(device)
    for i, who in enumerate(names):
        row = yield from O.scroll_to(device, where=lambda n, who=who: names_thread(n, who))
        yield (O.tap if i else O.long_press)(device, row)


def bubble(device: Device, where: Any) -> Actions:
    """Scrolls the open conversation (up first: it opens at the newest) to a message bubble
    whose text matches; returns it."""
    return (yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith("sms:")
                                   and where(n["text"]), up=True))


def _reply(device: Device, body: str) -> Actions:
    yield from O.type_into(device, body, id="reply")
    yield O.tap(device, id="send")


def _select(device: Device, addresses: list[str]) -> Actions:
    """Long-presses the first thread and taps the others: they end up selected."""
    yield from thread_list(device)
    for i, address in enumerate(addresses):
        row = yield from O.scroll_to(device, id=f"thread:{address}")
        yield (O.tap if i else O.long_press)(device, row)


def open_notification_about(device: Device, words: str) -> Actions:
    """Taps the notification whose text has ``words``: the heads-up banner, else in the
    shade."""
    banner = O.find(device, where=lambda n: (n["id"] or "").startswith("heads_up:")
                    and words in n["text"])
    if banner is None:
        yield A.swipe(0.5, 0.005, 0.5, 0.7)
        banner = O.node(device, where=lambda n: (n["id"] or "").startswith("notification:")
                        and words in n["text"])
    yield O.tap(device, banner)


def _open_notification(device: Device, title: str) -> Actions:
    """Taps the notification titled ``title``: the heads-up banner, else in the shade."""
    banner = O.find(device, where=lambda n: (n["id"] or "").startswith("heads_up:")
                    and n["text"].startswith(title))
    if banner is None:
        yield A.swipe(0.5, 0.005, 0.5, 0.7)
        banner = O.node(device, where=lambda n: (n["id"] or "").startswith("notification:")
                        and title in n["text"])
    yield O.tap(device, banner)


class _MessagesTask(Task):
    suite = "messages"
    apps = ("messages",)


class _OneThread(_MessagesTask):
    """A task about one conversation, named as the list names it."""

    start = IN_MESSAGES

    @dataclass(frozen=True)
    class Params:
        name: str
        address: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        [(name, address)] = _pick(rng, _thread_names(device))
        return cls.Params(name, address)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require_thread(device, params.address)


class _TwoThreads(_MessagesTask):
    """A task about two conversations; the oracle selects them in list order."""

    start = IN_MESSAGES

    @dataclass(frozen=True)
    class Params:
        first: str
        first_address: str
        second: str
        second_address: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        (a, a_addr), (b, b_addr) = _pick(rng, _thread_names(device), 2)
        return cls.Params(a, a_addr, b, b_addr)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.first_address == params.second_address:
            raise ValueError("the two conversations must differ")
        _require_thread(device, params.first_address)
        _require_thread(device, params.second_address)

    def _select_both(self, device: Device) -> Actions:
        yield from select_named(device, [self.params.first, self.params.second])


def inbox_order(device: Device) -> list[str]:
    """Thread addresses as the list shows them, top first (the oracle selects in that order so
    it only scrolls one way)."""
    rows = sorted(_rows(device), key=lambda m: (m["timestamp_ms"], m["id"]), reverse=True)
    return list(dict.fromkeys(m["thread_address"] for m in rows))


# --------------------------------------------------------------------------- sending
class SendToContact(_MessagesTask):
    """Text a contact by name: a new sent message to their number with exactly that text."""

    name = "send_to_contact"
    template = 'Send {name} a text message saying "{body}"'
    phrasings = (
        'Text {name} "{body}"',
        'Send a message to {name} that says "{body}"',
    )
    difficulty = 2
    tags = ("typing",)

    @dataclass(frozen=True)
    class Params:
        name: str
        phone: str
        body: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        [c] = _pick(rng, _contacts(device))
        return cls.Params(c["name"], c["phone"], _phrase(rng))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require_contact(device, params.name, params.phone)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [sent(C.digits_like(self.params.phone), C.text_like(self.params.body)),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from compose(device, self.params.name, self.params.body)


class SendToNumber(_MessagesTask):
    """Text a number that is no contact's and has no conversation yet."""

    name = "send_to_number"
    template = 'Text "{body}" to {number}.'
    phrasings = (
        'Send a text to {number} saying "{body}"',
        'Message {number}: "{body}"',
    )
    difficulty = 2
    tags = ("typing",)

    @dataclass(frozen=True)
    class Params:
        number: str
        body: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        taken = [c.get(k) or "" for c in _contacts(device) for k in ("phone", "phone2")]
        taken += [m["thread_address"] for m in _rows(device)]
        while True:
            area = str(rng.choice(["415", "510", "628", "650", "707", "925", "408"]))
            number = f"({area}) 555-{int(rng.integers(100, 200)):04d}"
            if not any(same_number(number, t) for t in taken):
                return cls.Params(number, _phrase(rng))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [sent(C.digits_like(self.params.number), C.text_like(self.params.body)),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from thread_list(device)
        yield O.tap(device, id="fab")
        yield from O.type_into(device, self.params.number, id="to")
        yield O.tap(device, id="send_to_number")
        yield from O.type_into(device, self.params.body, id="body")
        yield O.tap(device, id="send")


class ReplyInThread(_MessagesTask):
    """Reply in an existing conversation (it may sit below the fold)."""

    name = "reply_in_thread"
    template = 'Reply to {name}\'s last message with "{body}"'
    phrasings = (
        'In your conversation with {name}, reply "{body}"',
        'Answer {name}\'s latest text with "{body}"',
    )
    difficulty = 2
    tags = ("typing", "scroll")
    start = IN_MESSAGES

    @dataclass(frozen=True)
    class Params:
        name: str
        address: str
        body: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        [(name, address)] = _pick(rng, _contact_threads(device))
        return cls.Params(name, address, _phrase(rng))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require_thread(device, params.address)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [sent(self.params.address, C.text_like(self.params.body)),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from open_conversation(device, self.params.name)
        yield from _reply(device, self.params.body)


class ForwardMessage(_MessagesTask):
    """Forward a message found by what it says (long press on the bubble -> Forward)."""

    name = "forward_message"
    template = "Forward {what} to {recipient}."
    phrasings = (
        'Send {what} on to {recipient} with Forward.',
        '{recipient} needs {what}: forward it to them.',
    )
    difficulty = 2
    tags = ("long_press", "menu", "typing", "scroll")
    start = IN_MESSAGES
    # what the instruction calls each forwardable message -> a phrase only that message has
    MESSAGES = {
        "Benjamin Carter's message saying where to meet for the hike": "Pantoll parking lot",
        "Chloe Martinez's message with the party address": "1420 Valencia Street",
        "Frank Wilson's message with the faucet estimate": "estimate for the new faucet",
        "Henry Thompson's message with the gate code": "side gate code",
        "Daniel Kim's message suggesting where to meet before the offsite": "Mint Plaza",
        "Emily Davis's message about book club's new location": "Rockridge library",
        "Alice Johnson's message about the quarterly review": "quarterly review is",
        "the Parcel Express message with today's delivery window": "arrive today between",
    }

    @staticmethod
    def sender(what: str) -> str:
        """Whose message it is, as the instruction says: "Chloe Martinez's message..." ->
        "Chloe Martinez", "the Parcel Express message..." -> "Parcel Express"."""
        if "'s message" in what:
            return what.split("'s message")[0]
        return what.removeprefix("the ").split(" message")[0]

    @dataclass(frozen=True)
    class Params:
        what: str
        recipient: str
        recipient_phone: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        what = str(rng.choice(list(cls.MESSAGES)))
        sender = cls._message(device.state(), what)["thread_address"]
        [c] = _pick(rng, [c for c in _contacts(device) if c["phone"] != sender])
        return cls.Params(what, c["name"], c["phone"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.what not in cls.MESSAGES:
            raise ValueError(f"unknown message {params.what!r}; one of {list(cls.MESSAGES)}")
        cls._message(device.state(), params.what)
        _require_contact(device, params.recipient, params.recipient_phone)

    @classmethod
    def _message(cls, state: dict[str, Any], what: str) -> dict[str, Any]:
        phrase = cls.MESSAGES[what]
        hits = [m for m in state["os"]["providers"]["sms"] if phrase in m["body"]]
        if len(hits) != 1:
            raise ValueError(f"expected one message containing {phrase!r}, found {len(hits)}")
        return hits[0]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        body = self._message(initial, self.params.what)["body"]
        return [sent(C.digits_like(self.params.recipient_phone), C.text_like(body)),
                READING, C.may_change("os.clipboard")]

    def oracle(self, device: Device) -> Actions:
        yield from open_conversation(device, self.sender(self.params.what))
        phrase = self.MESSAGES[self.params.what]  # what the description points at
        found = yield from bubble(device, lambda text: phrase in text)
        yield O.long_press(device, found)
        yield O.tap(device, id="msg_forward")
        yield from choose_recipient(device, self.params.recipient)
        yield O.tap(device, id="send")


# --------------------------------------------------------------------------- deleting, archiving
class DeleteThread(_OneThread):
    """Delete one conversation (long press -> selection -> delete -> confirm); only that one."""

    name = "delete_thread"
    template = "Delete the conversation with {name}."
    phrasings = (
        'Remove your whole conversation with {name}.',
        'Delete every message you exchanged with {name}.',
    )
    difficulty = 2
    start = Start()  # on the home screen
    tags = ("long_press", "selection", "dialog", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(SMS_PATH, ids=_thread_ids(initial, self.params.address),
                          name=f"conversation with {self.params.name} deleted"),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from O.open_app(device, "messages")
        yield from open_conversation(device, self.params.name)
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu_delete_thread")
        yield O.tap(device, id="delete_thread_confirm")


class DeleteTwoThreads(_TwoThreads):
    """Delete two conversations at once; the others stay."""

    name = "delete_two_threads"
    template = "Delete the conversations with {first} and {second}."
    phrasings = (
        'Remove your conversations with {first} and with {second}.',
        'Delete both the {first} conversation and the {second} conversation.',
    )
    difficulty = 2
    tags = ("long_press", "selection", "dialog", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.deleted(SMS_PATH, ids=_thread_ids(initial, p.first_address),
                          name=f"conversation with {p.first} deleted"),
                C.deleted(SMS_PATH, ids=_thread_ids(initial, p.second_address),
                          name=f"conversation with {p.second} deleted"),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from self._select_both(device)
        yield O.tap(device, id="sel_delete")
        yield O.tap(device, id="delete_confirm")


class DeleteMessage(_MessagesTask):
    """Delete one message of a conversation (long press on the bubble -> Delete -> confirm)."""

    name = "delete_message"
    template = 'In your conversation with {name}, delete the message "{body}"'
    phrasings = (
        'Delete the text "{body}" from your conversation with {name}',
        'Remove the message "{body}" in the thread with {name}',
    )
    difficulty = 2
    tags = ("long_press", "menu", "dialog", "scroll")
    start = IN_MESSAGES

    @dataclass(frozen=True)
    class Params:
        name: str
        sms_id: int
        body: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        [(name, address)] = _pick(rng, _contact_threads(device))
        [m] = _pick(rng, [m for m in _rows(device, thread_address=address)
                          if "[Image:" not in m["body"]])
        return cls.Params(name, m["id"], m["body"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        rows = device.kernel.providers.query(f"{SMS}/{params.sms_id}")
        if not rows or rows[0]["body"] != params.body:
            raise ValueError(f"no message {params.sms_id} saying {params.body!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(SMS_PATH, id=self.params.sms_id, name="message deleted"),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from open_conversation(device, self.params.name)
        found = yield from bubble(device, lambda text: text == self.params.body)
        yield O.long_press(device, found)
        yield O.tap(device, id="msg_delete")
        yield O.tap(device, id="delete_message_confirm")


class ArchiveThread(_OneThread):
    """Archive one conversation (from the conversation or by selection)."""

    name = "archive_thread"
    template = "Archive the conversation with {name}."
    phrasings = (
        'Move the conversation with {name} to the archive.',
        'Archive your messages with {name}.',
    )
    difficulty = 1
    max_steps = 14
    tags = ("long_press", "selection", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        before = initial["apps"]["messages"]["archived"]
        return [C.equals(ARCHIVED, [*before, self.params.address],
                         name=f"conversation with {self.params.name} archived"),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from select_named(device, [self.params.name])
        yield O.tap(device, id="sel_archive")


class UnarchiveThread(_MessagesTask):
    """Bring one conversation back from Archived (reached through the ⋮ menu)."""

    name = "unarchive_thread"
    template = "Move the conversation with {name} out of the archive."
    phrasings = (
        'Unarchive the conversation with {name}.',
        'Bring your archived conversation with {name} back to the inbox.',
    )
    difficulty = 2
    tags = ("menu", "long_press", "selection")
    start = Start()  # on the home screen

    @dataclass(frozen=True)
    class Params:
        name: str
        address: str
        others: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        chosen = _pick(rng, _thread_names(device), 3)
        return cls.Params(chosen[0][0], chosen[0][1], tuple(a for _, a in chosen[1:]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        for address in (params.address, *params.others):
            _require_thread(device, address)
        if params.address in params.others:
            raise ValueError("the conversation to unarchive is also among the others")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for address in rng.permutation([self.params.address, *self.params.others]):
            inbox.archive(device.kernel, str(address))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        keep = [a for a in initial["apps"]["messages"]["archived"] if a != self.params.address]
        return [C.equals(ARCHIVED, keep, name=f"conversation with {self.params.name} "
                                              f"unarchived"),
                READING]

    def oracle(self, device: Device) -> Actions:
        yield from O.open_app(device, "messages")
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu_archived")
        yield O.long_press(device, where=lambda n: names_thread(n, self.params.name))
        yield O.tap(device, id="sel_archive")


# --------------------------------------------------------------------------- read state
class MarkUnread(_OneThread):
    """Mark a read conversation unread (its newest received message becomes unread)."""

    name = "mark_unread"
    template = "Mark the conversation with {name} as unread."
    phrasings = (
        'Set the conversation with {name} back to unread.',
        'Make the conversation with {name} show as unread again.',
    )
    difficulty = 1
    max_steps = 14
    tags = ("menu", "long_press", "selection", "scroll")

    @classmethod
    def validate_params(cls, params: _OneThread.Params, device: Device) -> None:
        _require_thread(device, params.address)
        newest_inbox(device.state(), params.address)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        inbox.mark_read(device.kernel, self.params.address)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(SMS_PATH, id=newest_inbox(initial, self.params.address),
                           fields={"read": False}, name=f"{self.params.name} unread")]

    def oracle(self, device: Device) -> Actions:
        yield from select_named(device, [self.params.name])
        yield O.tap(device, id="sel_mark_unread")


class MarkRead(_TwoThreads):
    """Mark two unread conversations read without touching the others' read state."""

    name = "mark_read"
    template = ("Mark the conversations with {first} and {second} as read, leaving the other "
                "conversations as they are.")
    phrasings = (
        'Mark only the conversations with {first} and {second} as read.',
        'Set the conversations with {first} and {second} to read; leave the others alone.',
    )
    difficulty = 2
    start = Start()  # on the home screen
    tags = ("selection", "long_press", "scroll")

    @classmethod
    def validate_params(cls, params: _TwoThreads.Params, device: Device) -> None:
        super().validate_params(params, device)
        for address in (params.first_address, params.second_address):
            newest_inbox(device.state(), address)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for address in (self.params.first_address, self.params.second_address):
            inbox.mark_unread(device.kernel, address)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.modified(SMS_PATH, id=m["id"], fields={"read": True},
                           name=f"{name} read message {m['id']}")
                for name, address in ((p.first, p.first_address),
                                      (p.second, p.second_address))
                for m in initial["os"]["providers"]["sms"]
                if m["thread_address"] == address and m["type"] == "inbox" and not m["read"]]

    def oracle(self, device: Device) -> Actions:
        yield from self._select_both(device)
        yield O.tap(device, id="sel_mark_read")


# --------------------------------------------------------------------------- incoming messages
class ReplyFromNotification(_MessagesTask):
    """A message arrives while another app is open; reply to it (the notification leads to
    the conversation)."""

    name = "reply_from_notification"
    template = ('{name} just texted you. Open the message from its notification and reply '
                '"{body}"')
    phrasings = (
        '{name} just sent you a text. Use its notification to open it and answer "{body}"',
        'A message from {name} has just arrived: open it from the notification and reply "{body}"',
    )
    difficulty = 3
    apps = ("messages", "notes")
    tags = ("notification", "typing", "cross_app")
    start = Start(app="notes")

    @dataclass(frozen=True)
    class Params:
        name: str
        phone: str
        incoming: str
        body: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        [c] = _pick(rng, _contacts(device))
        incoming = str(rng.choice(["Are you free tonight?", "Did you get my email?",
                                   "Can you call me back?", "Where are you?",
                                   "Want to grab lunch tomorrow?"]))
        return cls.Params(c["name"], c["phone"], incoming, _phrase(rng))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require_contact(device, params.name, params.phone)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        inbox.deliver_sms(device.kernel, self.params.phone, self.params.incoming)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [sent(self.params.phone, C.text_like(self.params.body)), READING]

    def oracle(self, device: Device) -> Actions:
        yield from _open_notification(device, self.params.name)
        yield from _reply(device, self.params.body)


def _deliver_code(device: Device, rng: np.random.Generator, service: str, code: int) -> None:
    """A fresh code from ``service`` (with its notification) after an older one (a decoy)."""
    address = SERVICES[service]
    old = int(rng.integers(100_000, 1_000_000))
    receive(device, address, f"{old} is your {service} verification code.",
            int(rng.integers(60, 60 * 24 * 3)), True)
    inbox.deliver_sms(device.kernel, address, f"{code} is your {service} verification code. "
                                              f"Don't share it with anyone.")


def read_code(device: Device, service: str) -> str:
    """The code of the newest message of ``service`` in the open conversation (the lowest
    bubble that says it is one)."""
    said = [n["text"] for n in O.find_all(device, where=lambda n: (n["id"] or "")
                                           .startswith("sms:")
                                           and f"your {service} verification code" in n["text"])]
    if not said:
        raise O.OracleError(f"no {service} code on screen")
    return said[-1].split()[0]


@dataclass(frozen=True)
class _CodeParams:
    service: str
    code: int


def _sample_code(rng: np.random.Generator) -> tuple[str, int]:
    return str(rng.choice(list(SERVICES))), int(rng.integers(100_000, 1_000_000))


def _validate_code(service: str, code: int) -> None:
    if service not in SERVICES:
        raise ValueError(f"unknown service {service!r}; one of {list(SERVICES)}")
    if not 100_000 <= code <= 999_999:
        raise ValueError(f"a code has six digits and no leading zero, got {code}")


class VerificationCode(_MessagesTask):
    """Read the verification code that just arrived (an older code of the same service and
    the bank's codes are decoys)."""

    name = "verification_code"
    template = "What is the verification code {service} just sent you?"
    phrasings = (
        'Read me the {service} verification code you just received.',
        '{service} just texted you a verification code. What is it?',
    )
    difficulty = 1
    objective = "query"
    max_steps = 14
    tags = ("notification",)
    Params = _CodeParams

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(*_sample_code(rng))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _validate_code(params.service, params.code)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _deliver_code(device, rng, self.params.service, self.params.code)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(self.params.code), READING]

    def oracle(self, device: Device) -> Actions:
        yield from open_notification_about(device, f"your {self.params.service} verification")
        yield A.answer(read_code(device, self.params.service))


class SendCode(_MessagesTask):
    """Pass on the code that just arrived to a contact."""

    name = "send_code"
    template = "Text {name} the verification code {service} just sent you."
    phrasings = (
        'Send {name} the {service} verification code you just got.',
        'Forward the code {service} just texted you to {name} in a message.',
    )
    difficulty = 3
    objective = "hybrid"
    tags = ("notification", "typing", "memory")

    @dataclass(frozen=True)
    class Params:
        service: str
        code: int
        name: str
        phone: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        [c] = _pick(rng, _contacts(device))
        return cls.Params(*_sample_code(rng), c["name"], c["phone"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _validate_code(params.service, params.code)
        _require_contact(device, params.name, params.phone)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _deliver_code(device, rng, self.params.service, self.params.code)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        # the code and no other number (the older code in the thread is the near-miss)
        return [sent(C.digits_like(self.params.phone), C.number_like(self.params.code),
                      name="code sent"),
                READING, C.may_change("os.clipboard")]

    def oracle(self, device: Device) -> Actions:
        yield from open_notification_about(device, f"your {self.params.service} verification")
        code = read_code(device, self.params.service)
        yield A.back()
        yield from compose(device, self.params.name, code)


# --------------------------------------------------------------------------- questions
class UnreadCount(_MessagesTask):
    """Count the conversations with unread messages (the list needs scrolling)."""

    name = "unread_count"
    template = "How many conversations have unread messages?"
    phrasings = (
        'Count the conversations that have unread messages.',
        'How many of your conversations are unread?',
    )
    difficulty = 2
    objective = "query"
    same_instruction = "the count is the question: which conversations are unread is drawn per seed"
    tags = ("counting", "scroll")
    start = IN_MESSAGES

    @dataclass(frozen=True)
    class Params:
        unread: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        addresses = sorted({m["thread_address"] for m in _rows(device, type="inbox")})
        n = int(rng.integers(2, len(addresses) - 1))
        return cls.Params(tuple(sorted(_pick(rng, addresses, n))))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        for address in params.unread:
            newest_inbox(device.state(), address)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.providers.update(SMS, {"read": True}, {})
        for address in self.params.unread:
            inbox.mark_unread(device.kernel, address)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(self.params.unread)), READING]

    def oracle(self, device: Device) -> Actions:
        yield from thread_list(device)
        seen: set[str] = set()
        for _ in range(6):
            seen |= {n["id"] for n in O.find_all(device, where=lambda n: (n["id"] or "")
                                                  .startswith("thread:")
                                                  and n["text"].endswith(" unread"))}
            yield O.scroll_down()
        yield A.answer(str(len(seen)))


class MeetingPlan(_MessagesTask):
    """A contact proposes a meeting, then changes it: answer with the final place and time."""

    name = "meeting_plan"
    template = "Where and at what time does {name} want to meet?"
    phrasings = (
        '{name} wants to meet up. Where and when, according to their texts?',
        'What place and time did {name} settle on for meeting?',
    )
    difficulty = 1
    objective = "query"
    max_steps = 14
    tags = ("memory",)
    start = IN_MESSAGES

    @dataclass(frozen=True)
    class Params:
        name: str
        phone: str
        first_place: str
        first_time: tuple[int, int]
        place: str
        time: tuple[int, int]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        [c] = _pick(rng, _contacts(device))
        p1, p2 = _pick(rng, PLACES, 2)
        t1, t2 = _pick(rng, [(h, m) for h in range(9, 20) for m in (0, 15, 30, 45)], 2)
        return cls.Params(c["name"], c["phone"], p1, t1, p2, t2)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require_contact(device, params.name, params.phone)
        if params.place == params.first_place or params.time == params.first_time:
            raise ValueError("the changed plan must differ in place and time")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        receive(device, p.phone, f"Are you free later? Let's meet at {p.first_place} at "
                                 f"{_clock(p.first_time)}.", int(rng.integers(40, 90)), False)
        receive(device, p.phone, f"Sorry, change of plans: {p.place} at {_clock(p.time)} works "
                                 f"better for me.", int(rng.integers(5, 35)), False)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        place = self.params.place.removeprefix("the ")
        return [C.answer_text(place, name="answer place",
                              rivals=[p.removeprefix("the ") for p in PLACES]),
                C.answer_time(*self.params.time, name="answer time"), READING]

    def oracle(self, device: Device) -> Actions:
        yield from open_conversation(device, self.params.name)
        said = [n["text"] for n in O.find_all(device, where=lambda n: (n["id"] or "")
                                               .startswith("sms:"))]
        newest = said[-1]  # "Sorry, change of plans: Tartine at 6:15 PM works better for me."
        yield A.answer(newest.split(": ", 1)[1].split(" works better")[0])


def _clock(hm: tuple[int, int]) -> str:
    hour, minute = hm
    return f"{hour % 12 or 12}:{minute:02d} {'PM' if hour >= 12 else 'AM'}"


FACTS: dict[str, tuple[str, str, str]] = {
    # key: (question, the phrase of the message that answers it, the answer as sent on)
    "hike_time": ("What time does Benjamin Carter now want to meet for the hike?",
                  "8:15 AM instead", "8:15 AM"),
    "party_address": ("What is the street address of Chloe Martinez's party?",
                      "1420 Valencia Street", "1420 Valencia Street"),
    "faucet_estimate": ("How much did Frank Wilson quote for the new faucet, in dollars?",
                        "$240", "$240"),
    "gate_code": ("What is the side gate code Henry Thompson sent you?", "gate code is 5580",
                  "5580"),
    "review_room": ("In which room is the quarterly review Alice Johnson mentioned?",
                    "room 4B", "4B"),
    "book_club_place": ("Where is book club meeting now, according to Emily Davis?",
                        "Rockridge library", "Rockridge library"),
    "tracking_number": ("What is the tracking number of your Parcel Express package?",
                        "Tracking number PX-88421-US", "PX-88421-US"),
    "charge_amount": ("How much was charged at Green Leaf Market, in dollars?", "$56.20",
                      "$56.20"),
    "cleaning_date": ("On what date is your dental cleaning at Bayview Dental?",
                      "cleaning is on March 10", "March 10"),
}


# what to search Messages for to find each fact's conversation (words of its question)
FACT_SEARCH = {"hike_time": "Benjamin Carter", "party_address": "Chloe Martinez",
               "faucet_estimate": "Frank Wilson", "gate_code": "Henry Thompson",
               "review_room": "Alice Johnson", "book_club_place": "Emily Davis",
               "tracking_number": "Parcel Express", "charge_amount": "Green Leaf Market",
               "cleaning_date": "Bayview Dental"}


def find_fact(device: Device, key: str) -> Actions:
    """From the thread list: searches the words of the question, opens the conversation
    found and scrolls to the message that answers it; returns that bubble."""
    yield O.tap(device, id="search")
    yield from O.type_into(device, FACT_SEARCH[key], id="search_field")
    yield O.tap(device, where=lambda n: (n["id"] or "").startswith(("result_thread:",
                                                                    "result_sms:")))
    return (yield from bubble(device, lambda text: FACTS[key][1] in text))


def _fact_answer(key: str) -> Expectation:
    """The answer check of a fact (times, numbers and dates are read leniently)."""
    rivals = fact_rivals(key)  # the other facts: of other kinds too ("$240 or 4B")
    if key == "hike_time":
        return C.answer_time(8, 15, rivals=rivals)
    if key == "cleaning_date":
        return C.answer_date(2026, 3, 10, rivals=rivals)
    if key in ("faucet_estimate", "charge_amount"):
        return C.answer_number(float(FACTS[key][2].lstrip("$")), unit="$", rivals=rivals)
    if key == "gate_code":
        return C.answer_number(float(FACTS[key][2]), rivals=rivals)
    return C.answer_text(FACT_SPELLINGS.get(key, FACTS[key][2]), rivals=fact_rivals(key))


# other spellings of the text facts
FACT_SPELLINGS = {"party_address": ("1420 Valencia Street", "1420 Valencia St"),
                  "review_room": ("4B", "room 4B")}
# values in the conversations an answer may confuse with a fact (besides the other facts)
NEAR_MISSES = ("742 Valencia St", "Luigi's", "Blue Bottle", "Mint Plaza", "Sightglass",
               "Pantoll parking lot", "Mount Tam", "The Overstory", "Green Leaf Market",
               "Bayview Dental", "730164", "482913", "4821")


def fact_rivals(key: str) -> list[str]:
    """What an answer about fact ``key`` must not name as well: the other facts' answers and
    the near-misses of the conversations."""
    return [*(v[2] for k, v in FACTS.items() if k != key), *NEAR_MISSES]


def _fact_message(state: dict[str, Any], key: str) -> dict[str, Any]:
    phrase = FACTS[key][1]
    hits = [m for m in state["os"]["providers"]["sms"] if phrase in m["body"]]
    if len(hits) != 1:
        raise ValueError(f"fact {key!r}: expected one message containing {phrase!r}, "
                         f"found {len(hits)}")
    return hits[0]


class AskAboutConversation(_MessagesTask):
    """Answer a question from what someone wrote (older messages in the same thread, or in
    others, hold near-misses: an earlier meeting time, another code)."""

    name = "ask_about_conversation"
    template = "{question}"
    phrasings = ("{question}", "Check your messages: {question}")
    difficulty = 2
    objective = "query"
    tags = ("scroll",)
    start = Start()  # on the home screen

    @dataclass(frozen=True)
    class Params:
        fact: str
        question: str = ""  # the fact's question, as the instruction asks it (filled in)

        def __post_init__(self) -> None:
            if not self.question and self.fact in FACTS:
                object.__setattr__(self, "question", FACTS[self.fact][0])

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(str(rng.choice(list(FACTS))))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.fact not in FACTS:
            raise ValueError(f"unknown fact {params.fact!r}; one of {list(FACTS)}")
        _fact_message(device.state(), params.fact)
        if params.question != FACTS[params.fact][0]:
            raise ValueError(f"question {params.question!r} is not fact {params.fact!r}'s")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [_fact_answer(self.params.fact), READING]

    def oracle(self, device: Device) -> Actions:
        key = next(k for k, v in FACTS.items() if v[0] == self.params.question)
        yield from O.open_app(device, "messages")
        found = yield from find_fact(device, key)
        answer = FACTS[key][2]
        assert answer in found["text"], (answer, found["text"])
        yield A.answer(answer)


# fact -> (what the instruction asks to send, what the sent text must contain)
PASS_ON = {
    "gate_code": ("the side gate code Henry Thompson sent you", "5580"),
    "party_address": ("the street address of Chloe Martinez's party", "1420 Valencia"),
    "tracking_number": ("the tracking number of your Parcel Express package", "PX-88421-US"),
    "review_room": ("the room of the quarterly review Alice Johnson mentioned", "4B"),
}


class PassOnFact(_MessagesTask):
    """Look something up in one conversation and text it to someone else."""

    name = "pass_on_fact"
    template = "Text {name} {what}."
    phrasings = (
        'Send {name} a text with {what}.',
        'Let {name} know {what} by text.',
    )
    difficulty = 3
    objective = "hybrid"
    tags = ("typing", "memory", "scroll")
    start = IN_MESSAGES
    WHAT = PASS_ON

    @dataclass(frozen=True)
    class Params:
        fact: str
        name: str
        phone: str
        what: str = ""  # what to send, as the instruction says it (filled in)

        def __post_init__(self) -> None:
            if not self.what and self.fact in PASS_ON:
                object.__setattr__(self, "what", PASS_ON[self.fact][0])

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        fact = str(rng.choice(list(cls.WHAT)))
        source = _fact_message(device.state(), fact)["thread_address"]
        [c] = _pick(rng, [c for c in _contacts(device) if c["phone"] != source])
        return cls.Params(fact, c["name"], c["phone"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.fact not in cls.WHAT:
            raise ValueError(f"unknown fact {params.fact!r}; one of {list(cls.WHAT)}")
        _require_contact(device, params.name, params.phone)
        if params.what != cls.WHAT[params.fact][0]:
            raise ValueError(f"what {params.what!r} is not fact {params.fact!r}'s")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        must = self.WHAT[self.params.fact][1]
        body = C.number_like(float(must)) if must.isdigit() else \
            C.text_naming(must, rivals=fact_rivals(self.params.fact))
        return [sent(C.digits_like(self.params.phone), body, name=f"{self.params.fact} sent"),
                READING, C.may_change("os.clipboard")]

    def oracle(self, device: Device) -> Actions:
        key = next(k for k, v in PASS_ON.items() if v[0] == self.params.what)
        found = yield from find_fact(device, key)
        value = FACTS[key][2]
        assert value in found["text"], (value, found["text"])
        yield A.back()
        yield from compose(device, self.params.name, value)

