"""Notes suite: writing, editing, filing and finding notes and checklists in the Notes app.

Every task starts in Notes on its home screen (all notes, pinned first, then the most recently
edited). Tasks that need their own data (decoy titles, a fact to look up, a list's contents)
write it in ``initialize`` with ids from the app's ``next_id`` counter; ``checks`` find those
records again in the initial state by their params (a title, a body).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.notes import model
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation, Judged
from mobilegym_env.task import Start, Task

NOTES = "apps.notes.notes"
FOLDERS = "apps.notes.folders"
DAY_MS = 86_400_000
Action = dict[str, Any]


# --------------------------------------------------------------------------- reading state
def _store(device: Device) -> dict[str, Any]:
    return device.kernel.app_state("notes")


def _notes(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The notes of a ``device.state()`` dict."""
    return state["apps"]["notes"]["notes"]


def _record(notes: Sequence[dict[str, Any]], note_id: int) -> dict[str, Any]:
    found = next((n for n in notes if n["id"] == note_id), None)
    if found is None:
        raise ValueError(f"no note with id {note_id}")
    return found


def _titled(notes: Sequence[dict[str, Any]], title: str) -> list[dict[str, Any]]:
    return [n for n in notes if n["title"] == title]


def _local(ms: int, tz_offset_minutes: int) -> datetime.datetime:
    """A time stamp as the phone's local time (what the Notes editor shows)."""
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc) + \
        datetime.timedelta(minutes=tz_offset_minutes)


def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _sample(rng: np.random.Generator, items: Sequence[Any], k: int) -> list[Any]:
    return [items[i] for i in rng.choice(len(items), size=k, replace=False)]


def _checklists(device: Device) -> list[dict[str, Any]]:
    return [n for n in _store(device)["notes"] if n["kind"] == "checklist" and n["items"]]


def _check_note(device: Device, note_id: int, kind: str | None = None) -> dict[str, Any]:
    rec = _record(_store(device)["notes"], note_id)
    if kind is not None and rec["kind"] != kind:
        raise ValueError(f"note {note_id} is a {rec['kind']} note, not a {kind}")
    return rec


def _check_item(device: Device, note_id: int, item_id: int) -> dict[str, Any]:
    rec = _check_note(device, note_id, "checklist")
    item = next((i for i in rec["items"] if i["id"] == item_id), None)
    if item is None:
        raise ValueError(f"note {note_id} has no item {item_id}")
    return item


def _check_folder(device: Device, folder_id: int) -> None:
    if model.folder(_store(device), folder_id) is None:
        raise ValueError(f"no folder with id {folder_id}")


def add_note(device: Device, title: str, body: str = "",
             items: Sequence[tuple[str, bool]] | None = None, folder_id: int | None = None,
             age_ms: int = 30 * DAY_MS) -> dict[str, Any]:
    """Writes a note last edited ``age_ms`` ago (old enough to sit below the recent ones)."""
    when = device.kernel.clock.now_ms() - age_ms
    return model.create_note(_store(device), when, title, body, items=items,
                             folder_id=folder_id)


# --------------------------------------------------------------------------- matchers
@dataclass(frozen=True)
class ItemsLike(C.Matcher):
    """A checklist's items: these texts (ignoring case and punctuation) with these ticks, in
    this order (or in any order when ``ordered`` is False)."""

    expected: tuple[tuple[str, bool], ...]
    ordered: bool = True

    def __call__(self, value: Any) -> bool:
        if not isinstance(value, list) or not all(isinstance(i, dict) for i in value):
            return False
        got = [(C.normalize_text(i.get("text", "")), bool(i.get("checked"))) for i in value]
        want = [(C.normalize_text(t), c) for t, c in self.expected]
        return got == want if self.ordered else sorted(got) == sorted(want)

    def describe(self) -> str:
        shown = ", ".join(f"{'[x]' if c else '[ ]'} {t}" for t, c in self.expected)
        return f"items {'' if self.ordered else 'in any order '}{shown}"


@dataclass(frozen=True)
class AnyId(C.Matcher):
    """Any record id (an int): the judge learns which one from another check."""

    def __call__(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def describe(self) -> str:
        return "a folder id"


def _items_of(rec: dict[str, Any]) -> tuple[tuple[str, bool], ...]:
    return tuple((i["text"], i["checked"]) for i in rec["items"])


# --------------------------------------------------------------------------- oracle steps
def open_note(device: Device, note_id: int) -> Iterator[Action]:
    """From the home list: scrolls to the note's card and opens it."""
    card = yield from O.scroll_to(device, id=f"note:{note_id}")
    yield O.tap(device, card)


def _title_is(title: str) -> Any:
    """A note card's title line (a tap on it opens the note; a long press selects it)."""
    return lambda n: n["role"] == "text" and not n["id"] and n["text"] == title


def find_titled(device: Device, title: str, up: bool = False) -> Iterator[Action]:
    """In a list of notes (home, a folder, search results): scrolls to the card titled
    ``title``; returns its title line."""
    return (yield from O.scroll_to(device, where=_title_is(title), up=up))


def open_titled(device: Device, title: str) -> Iterator[Action]:
    """From a list of notes: scrolls to the card titled ``title`` and opens it."""
    line = yield from find_titled(device, title)
    yield O.tap(device, line)


def _item_is(text: str) -> Any:
    return lambda n: n["role"] == "checkbox" and (n["id"] or "").startswith("item:") and \
        n["text"] == text


def read_items(device: Device) -> Iterator[Action]:
    """In an open checklist: its items as shown, ``[(text, ticked)]`` in screen order
    (scrolling down while the list runs past the screen's edge)."""
    seen: dict[str, tuple[str, bool]] = {}
    for _ in range(6):
        rows = O.find_all(device, where=lambda n: n["role"] == "checkbox"
                          and (n["id"] or "").startswith("item:"))
        for n in rows:
            seen.setdefault(n["id"], (n["text"], bool(n["checked"])))
        area = O.find(device, id="items")
        if area is None or not rows or rows[-1]["bounds"][3] < area["bounds"][3] - 4:
            break
        yield O.scroll_down()
    return list(seen.values())


def open_folder_chip(device: Device, folder: str) -> Iterator[Action]:
    """On Notes' home: taps the chip of the folder named ``folder``."""
    yield O.tap(device, where=lambda n: (n["id"] or "").startswith("folder:")
                and n["text"] == folder)


def _add_items(device: Device, items: Sequence[str]) -> Iterator[Action]:
    """In a checklist editor: types each item into the add-item field with Enter."""
    for item in items:
        yield from O.type_into(device, item, id="new_item", clear=False, submit=True)


def select_titled(device: Device, titles: Sequence[str]) -> Iterator[Action]:
    """From the home list: long-presses the card of whichever of ``titles`` shows first going
    down, then taps the others: selection mode with all of them."""
    wanted = set(titles)
    first = yield from O.scroll_to(device, where=lambda n: _title_is(n["text"])(n)
                                   and n["text"] in wanted)
    yield O.long_press(device, first)
    for title in sorted(wanted - {first["text"]}, key=list(titles).index):
        line = yield from find_titled(device, title)
        yield O.tap(device, line)


def delete_open_note(device: Device) -> Iterator[Action]:
    """In an open note: its menu's Delete, confirmed."""
    yield O.tap(device, id="more")
    yield O.tap(device, id="menu:delete")
    yield O.tap(device, id="delete_dialog:confirm")


class _NotesTask(Task):
    suite = "notes"
    apps = ("notes",)
    start = Start(app="notes")


@dataclass(frozen=True)
class _NoteParams:
    note_id: int
    title: str


class _OneNoteTask(_NotesTask):
    """A task about one note named by its title. Subclasses narrow the candidates
    (``kind``, :meth:`candidates`) and draw their further params in :meth:`more`."""

    kind: ClassVar[str | None] = None
    Params = _NoteParams

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [n for n in _store(device)["notes"] if cls.kind in (None, n["kind"])]

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, note: dict[str, Any]) -> tuple:
        return ()

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        note = _pick(rng, cls.candidates(device))
        return cls.Params(note["id"], note["title"], *cls.more(rng, device, note))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_note(device, params.note_id, cls.kind)


@dataclass(frozen=True)
class _ItemParams(_NoteParams):
    item_id: int
    item: str


class _OneItemTask(_OneNoteTask):
    """A task about one item of a checklist."""

    kind = "checklist"
    Params = _ItemParams

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        note = _pick(rng, _checklists(device))
        item = _pick(rng, note["items"])
        return cls.Params(note["id"], note["title"], item["id"], item["text"],
                          *cls.more(rng, device, note))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_item(device, params.note_id, params.item_id)


# --------------------------------------------------------------------------- writing
NEW_NOTES = (
    ("Call the plumber", "Ask about the leak under the kitchen sink"),
    ("Yoga class", "Tuesdays at 7 pm with Ana"),
    ("Birthday dinner", "Book a table for six at Luigi's"),
    ("Library books", "Return them by Friday"),
    ("Car insurance", "Renewal is due at the end of the month"),
    ("Garden plans", "Plant tomatoes and basil in April"),
    ("Podcast ideas", "Interview the baker on Elm Street"),
    ("Flight check-in", "Opens 24 hours before departure"),
)


class CreateNote(_NotesTask):
    """Write a new text note with a given title and text."""

    name = "create_note"
    template = "Create a note titled '{title}' that says '{body}'."
    phrasings = ("Write a new note called '{title}' with the text '{body}'.",
                 "Make a note '{title}': '{body}'.")
    difficulty = 2
    tags = ("typing",)

    @dataclass(frozen=True)
    class Params:
        title: str
        body: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(*_pick(rng, NEW_NOTES))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(NOTES, {"kind": "text", "title": C.text_like(self.params.title),
                                  "body": C.text_like(self.params.body), "folder_id": None})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield O.tap(device, id="fab")
        yield from O.type_into(device, self.params.title, id="title")
        yield from O.type_into(device, self.params.body, id="body")
        yield O.tap(device, id="save")


EXTRA_LINES = ("Confirm by Friday.", "Ask Sam what he thinks.", "Check the prices again.",
               "Updated after the call with Maria.", "Bring the receipts.")


class AppendLine(_OneNoteTask):
    """Add a line at the end of an existing note's text, keeping what is there."""

    name = "append_line"
    template = "Add the line '{line}' at the end of my note '{title}'."
    phrasings = ("In my note '{title}', add '{line}' as a new last line.",
                 "Append '{line}' on a new line at the end of the note '{title}'.")
    difficulty = 3
    tags = ("typing", "scroll")
    kind = "text"

    @dataclass(frozen=True)
    class Params(_NoteParams):
        line: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, note: dict[str, Any]) -> tuple:
        return (_pick(rng, EXTRA_LINES),)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        before = _record(_notes(initial), self.params.note_id)["body"]
        return [C.modified(NOTES, id=self.params.note_id,
                           fields={"body": C.text_like(f"{before} {self.params.line}")})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        yield O.tap(device, id="body")
        yield A.enter()  # a new line
        yield A.type_text(self.params.line)
        yield O.tap(device, id="save")


# (title, line, replacements) of the factory notes
LINE_EDITS = (
    ("Book list", "Piranesi", ("Circe", "Klara and the Sun", "The Overstory")),
    ("Workout plan", "Wed: yoga", ("Wed: swimming", "Wed: pilates", "Wed: cycling")),
    ("Workout plan", "Fri: weights", ("Fri: climbing", "Fri: rowing")),
    ("Team lunch ideas", "The Greek deli", ("The Thai kitchen", "Pizza by the slice")),
    ("Gift ideas", "Leo: wireless headphones", ("Leo: a skateboard", "Leo: a chess set")),
)


class EditLine(_NotesTask):
    """Change one line of a note into another, leaving the other lines as they are."""

    name = "edit_line"
    template = "In my note '{title}', change the line '{old}' to '{new}'."
    phrasings = ("Edit my note '{title}': replace the line '{old}' with '{new}'.",
                 "My note '{title}' has a line '{old}'; make it '{new}' instead.")
    difficulty = 2
    tags = ("typing", "scroll")

    @dataclass(frozen=True)
    class Params:
        note_id: int
        title: str
        old: str
        new: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        title, old, news = _pick(rng, LINE_EDITS)
        note = _titled(_store(device)["notes"], title)[0]
        return cls.Params(note["id"], title, old, _pick(rng, news))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        rec = _check_note(device, params.note_id, "text")
        if params.old not in rec["body"].split("\n"):
            raise ValueError(f"note {params.note_id} has no line {params.old!r}")

    def _new_body(self, body: str) -> str:
        return "\n".join(self.params.new if line == self.params.old else line
                         for line in body.split("\n"))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        before = _record(_notes(initial), self.params.note_id)["body"]
        return [C.modified(NOTES, id=self.params.note_id,
                           fields={"body": C.text_like(self._new_body(before))})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        body = O.node(device, id="body")["text"]  # the note's text as the editor shows it
        yield from O.type_into(device, self._new_body(body), id="body")
        yield O.tap(device, id="save")


RENAMES = {"Trip ideas": "Portugal trip", "Book list": "Books to read",
           "Car service": "Car maintenance", "Workout plan": "Weekly workouts",
           "Gift ideas": "Christmas gifts", "Wi-Fi at the cabin": "Cabin info",
           "Team lunch ideas": "Lunch spots", "Project Atlas": "Atlas kick-off",
           "Lentil soup": "Red lentil soup", "Weekend chores": "Saturday chores"}


class RenameNote(_OneNoteTask):
    """Give a note a new title; its text stays."""

    name = "rename_note"
    template = "Rename my note '{title}' to '{new}'."
    phrasings = ("Change the title of my note '{title}' to '{new}'.",
                 "Give the note '{title}' the new title '{new}'.")
    difficulty = 3
    tags = ("typing", "scroll")

    @dataclass(frozen=True)
    class Params(_NoteParams):
        new: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return [n for n in _store(device)["notes"] if n["title"] in RENAMES]

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, note: dict[str, Any]) -> tuple:
        return (RENAMES[note["title"]],)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(NOTES, id=self.params.note_id,
                           fields={"title": C.text_like(self.params.new)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        yield from O.type_into(device, self.params.new, id="title")
        yield O.tap(device, id="save")


# --------------------------------------------------------------------------- deleting, pinning, filing
DECOY_GROUPS = (
    ("Dentist appointment", "Dentist appointment for Leo", "Dentist insurance claim"),
    ("Birthday party ideas", "Birthday gift ideas", "Birthday party guests"),
    ("Wi-Fi password", "Old Wi-Fi password", "Guest Wi-Fi password"),
    ("Weekend plans", "Weekend plans (draft)", "Weekly plans"),
    ("Meeting with Dana", "Meeting with Dan", "Meeting with Dana's team"),
)
DECOY_BODIES = ("Thursday at 4 pm", "Ask about the invoice", "Bring the blue folder",
                "Call back after lunch", "Keep the receipt", "Nothing decided yet")


class DeleteNote(_NotesTask):
    """Delete one note among others with nearly the same title (from its menu, or by
    selecting it)."""

    name = "delete_note"
    template = "Delete the note titled '{title}'."
    phrasings = ("Open Notes and delete my note '{title}'.",
                 "Get rid of the note called '{title}'; keep the others.")
    difficulty = 2
    tags = ("menu", "dialog", "scroll")
    start = Start()  # from the home screen: open Notes first

    @dataclass(frozen=True)
    class Params:
        titles: tuple[str, ...]
        title: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        group = _pick(rng, DECOY_GROUPS)
        return cls.Params(tuple(group), _pick(rng, group))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.title not in params.titles or len(set(params.titles)) != len(params.titles):
            raise ValueError("titles must be distinct and include the title to delete")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        bodies = _sample(rng, DECOY_BODIES, len(self.params.titles))
        for i, (title, body) in enumerate(zip(self.params.titles, bodies, strict=True)):
            add_note(device, title, body, age_ms=(i + 1) * DAY_MS)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        target = _titled(_notes(initial), self.params.title)[0]
        return [C.deleted(NOTES, id=target["id"])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "notes")
        yield from open_titled(device, self.params.title)
        yield from delete_open_note(device)


def _unpinned(device: Device) -> list[dict[str, Any]]:
    return [n for n in _store(device)["notes"] if not n["pinned"]]


@dataclass(frozen=True)
class _TwoParams:
    first_id: int
    first: str
    second_id: int
    second: str


class _TwoNotesTask(_NotesTask):
    """A task about two notes named by their titles."""

    Params = _TwoParams

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        a, b = _sample(rng, cls.candidates(device), 2)
        return cls.Params(a["id"], a["title"], b["id"], b["title"], *cls.more(rng))

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return _store(device)["notes"]

    @classmethod
    def more(cls, rng: np.random.Generator) -> tuple:
        return ()

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_note(device, params.first_id)
        _check_note(device, params.second_id)
        if params.first_id == params.second_id:
            raise ValueError("the two notes must differ")


class DeleteTwoNotes(_TwoNotesTask):
    """Delete two notes at once: long-press one, select the other, delete the selection."""

    name = "delete_two_notes"
    template = "Delete both of my notes '{first}' and '{second}'."
    phrasings = ("Delete the notes '{first}' and '{second}'.",
                 "I don't need my notes '{first}' and '{second}' any more: delete them both.")
    difficulty = 2
    tags = ("long_press", "selection", "dialog", "scroll")

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return _unpinned(device)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(NOTES, ids=[self.params.first_id, self.params.second_id])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from select_titled(device, (self.params.first, self.params.second))
        yield O.tap(device, id="sel_delete")
        yield O.tap(device, id="delete_dialog:confirm")


class PinNote(_OneNoteTask):
    """Pin a note so that it stays at the top of the list."""

    name = "pin_note"
    template = "Pin my note '{title}'."
    phrasings = ("Pin the note '{title}' to the top of my notes.",
                 "Keep my note '{title}' at the top: pin it.")
    difficulty = 2
    tags = ("scroll",)

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        return _unpinned(device)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        if _check_note(device, params.note_id)["pinned"]:
            raise ValueError(f"note {params.note_id} is already pinned")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(NOTES, id=self.params.note_id, fields={"pinned": True})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        yield O.tap(device, id="pin")


class MoveNote(_OneNoteTask):
    """File a note in another folder (the folder label in the editor, or its menu)."""

    name = "move_note"
    template = "Move my note '{title}' to the '{folder}' folder."
    phrasings = ("File my note '{title}' under '{folder}'.",
                 "Put the note '{title}' in my '{folder}' folder.")
    difficulty = 2
    tags = ("menu", "scroll")

    @dataclass(frozen=True)
    class Params(_NoteParams):
        folder_id: int
        folder: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, note: dict[str, Any]) -> tuple:
        folder = _pick(rng, [f for f in _store(device)["folders"]
                             if f["id"] != note["folder_id"]])
        return folder["id"], folder["name"]

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_folder(device, params.folder_id)
        if _check_note(device, params.note_id)["folder_id"] == params.folder_id:
            raise ValueError(f"note {params.note_id} is already in folder {params.folder_id}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(NOTES, id=self.params.note_id,
                           fields={"folder_id": self.params.folder_id})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu:move")
        yield O.tap(device, where=lambda n: (n["id"] or "").startswith("move:")
                    and n["text"] == self.params.folder)


NEW_FOLDERS = ("Home", "Ideas", "Finance", "Health", "Family", "Archive", "Hobbies")


class FolderForNotes(_TwoNotesTask):
    """Make a folder and file two notes in it."""

    name = "folder_for_notes"
    template = "Create a folder named '{folder}' and move my notes '{first}' and '{second}' " \
               "into it."
    phrasings = ("Make a new '{folder}' folder and file my notes '{first}' and '{second}' in it.",
                 "Put my notes '{first}' and '{second}' in a new folder called '{folder}'.")
    difficulty = 3
    max_steps = 34
    tags = ("menu", "dialog", "typing", "long_press", "selection", "multi_step")

    @dataclass(frozen=True)
    class Params(_TwoParams):
        folder: str

    @classmethod
    def more(cls, rng: np.random.Generator) -> tuple:
        return (_pick(rng, NEW_FOLDERS),)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        problem = model.folder_name_problem(_store(device), params.folder)
        if problem:
            raise ValueError(f"folder name {params.folder!r}: {problem}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        ids = (p.first_id, p.second_id)

        def filed(j: Judged) -> tuple[bool, str]:
            made = [f["id"] for f in j.final["apps"]["notes"]["folders"]
                    if C.text_like(p.folder)(f["name"])]
            homes = {n["id"]: n["folder_id"] for n in _notes(j.final) if n["id"] in ids}
            return len(made) == 1 and [homes.get(i) for i in ids] == made * 2, \
                f"folders named {p.folder!r}: {made}; the notes' folders: {homes}"
        return [C.created(FOLDERS, {"name": C.text_like(p.folder)}),
                C.holds(f"both notes in {p.folder}", filed),
                *(C.modified(NOTES, id=i, fields={"folder_id": AnyId()}) for i in ids)]

    def oracle(self, device: Device) -> Iterator[Action]:
        p = self.params
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu:new_folder")
        yield A.type_text(p.folder)
        yield O.tap(device, id="new_folder_dialog:confirm")
        yield O.tap(device, id="folder:all")
        yield from select_titled(device, (p.first, p.second))
        yield O.tap(device, id="sel_move")
        yield O.tap(device, O.node(device, text=p.folder,
                                   where=lambda n: (n["id"] or "").startswith("move:")))


# --------------------------------------------------------------------------- checklists
NEW_LISTS = {
    "Hardware store": ("Screws", "Wood glue", "Sandpaper", "Paint brush", "Light bulbs"),
    "Pharmacy": ("Vitamins", "Plasters", "Cough syrup", "Toothpaste", "Hand cream"),
    "Camping trip": ("Tent", "Sleeping bag", "Headlamp", "Matches", "Bug spray"),
    "Moving day": ("Boxes", "Packing tape", "Markers", "Bubble wrap", "Snacks"),
    "Bake sale": ("Flour", "Sugar", "Butter", "Cupcake liners", "Price tags"),
}


class CreateChecklist(_NotesTask):
    """Make a new checklist (the ⋮ menu's New list) with three items."""

    name = "create_checklist"
    template = "Create a checklist titled '{title}' with the items {items_text}."
    phrasings = ("Start a new list called '{title}' with {items_text}.",
                 "Make a '{title}' checklist: {items_text}.")
    difficulty = 3
    tags = ("menu", "typing")

    @dataclass(frozen=True)
    class Params:
        title: str
        items: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        title = _pick(rng, sorted(NEW_LISTS))
        return cls.Params(title, tuple(_sample(rng, NEW_LISTS[title], 3)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not params.items:
            raise ValueError("a checklist needs at least one item")

    def template_values(self) -> dict[str, Any]:
        quoted = [f"'{i}'" for i in self.params.items]
        return {**super().template_values(),
                "items_text": ", ".join(quoted[:-1]) + f" and {quoted[-1]}"
                if len(quoted) > 1 else quoted[0]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(NOTES, {"kind": "checklist", "title": C.text_like(self.params.title),
                                  "items": ItemsLike(tuple((i, False)
                                                           for i in self.params.items))})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu:new_list")
        yield from O.type_into(device, self.params.title, id="title")
        yield from _add_items(device, self.params.items)
        yield O.tap(device, id="save")


class SetItem(_OneItemTask):
    """Tick an item of a checklist off, or untick it."""

    name = "set_item"
    template = "In my '{title}' list, {verb} '{item}'."
    phrasings = ("Open my '{title}' list and {verb} '{item}'.",
                 "'{item}' on my '{title}' list: {verb} it.")
    difficulty = 1
    max_steps = 14
    tags = ("scroll",)

    @dataclass(frozen=True)
    class Params(_ItemParams):
        checked: bool

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, note: dict[str, Any]) -> tuple:
        return (bool(rng.random() < 0.5),)

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(),
                "verb": "tick off" if self.params.checked else "untick"}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _check_item(device, self.params.note_id, self.params.item_id)["checked"] = \
            not self.params.checked

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        field = f"items[id={self.params.item_id}].checked"
        return [C.modified(NOTES, id=self.params.note_id, fields={field: self.params.checked})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        row = yield from O.scroll_to(device, where=_item_is(self.params.item))
        yield O.tap(device, row)


MORE_ITEMS = ("Batteries", "Green tea", "Rice", "Umbrella", "Notebook", "Olive oil",
              "Sunglasses", "Dish soap")


class AddItems(_OneNoteTask):
    """Add two items to the end of an existing checklist."""

    name = "add_items"
    template = "Add '{first}' and '{second}' to my '{title}' list."
    phrasings = ("Put '{first}' and '{second}' at the end of my '{title}' checklist.",
                 "My '{title}' list needs two more items: '{first}' and '{second}'.")
    difficulty = 2
    tags = ("typing", "scroll")
    kind = "checklist"

    @dataclass(frozen=True)
    class Params(_NoteParams):
        first: str
        second: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, note: dict[str, Any]) -> tuple:
        return tuple(_sample(rng, MORE_ITEMS, 2))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        before = _items_of(_record(_notes(initial), self.params.note_id))
        want = (*before, (self.params.first, False), (self.params.second, False))
        return [C.modified(NOTES, id=self.params.note_id, fields={"items": ItemsLike(want)}),
                C.may_change("apps.notes.next_id", increasing=True)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        yield from _add_items(device, (self.params.first, self.params.second))


class DeleteItem(_OneItemTask):
    """Remove one item from a checklist (its ✕)."""

    name = "delete_item"
    template = "Remove '{item}' from my '{title}' list."
    phrasings = ("Delete the item '{item}' from my '{title}' checklist.",
                 "Take '{item}' off my '{title}' list entirely.")
    difficulty = 1
    max_steps = 14
    tags = ("scroll",)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        rec = _record(_notes(initial), self.params.note_id)
        want = tuple((i["text"], i["checked"]) for i in rec["items"]
                     if i["id"] != self.params.item_id)
        return [C.modified(NOTES, id=self.params.note_id, fields={"items": ItemsLike(want)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        row = yield from O.scroll_to(device, where=_item_is(self.params.item))
        yield O.tap(device, id=f"{row['id']}:delete")


# --------------------------------------------------------------------------- finding out
LIST_CONTENTS = {
    "Groceries": ("Milk", "Eggs", "Spinach", "Coffee beans", "Bananas", "Cheddar", "Rice",
                  "Tomatoes", "Yogurt"),
    "Packing list": ("Passport", "Phone charger", "Sunscreen", "Swimsuit", "Travel adapter",
                     "Hat", "Sandals", "Book"),
    "Party shopping": ("Balloons", "Candles", "Chocolate cake", "Paper napkins", "Lemonade",
                       "Crisps", "Paper cups"),
    "Weekend chores": ("Laundry", "Water the plants", "Vacuum", "Pay rent", "Clean the oven",
                       "Take out recycling"),
}


@dataclass(frozen=True)
class ListParams:
    note_id: int
    title: str
    items: tuple[str, ...]
    checked: tuple[bool, ...]


class ListTask(_NotesTask):
    """A task on a factory checklist rewritten with new contents (``items``, ``checked``)."""

    Params = ListParams

    @classmethod
    def more(cls, rng: np.random.Generator) -> tuple:
        return ()

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        """A factory checklist and new contents for it: 5-7 items, 2-4 of them unticked."""
        note = _pick(rng, [n for n in _checklists(device) if n["title"] in LIST_CONTENTS])
        pool = LIST_CONTENTS[note["title"]]
        n = int(rng.integers(5, min(len(pool), 7) + 1))
        left = set(_sample(rng, range(n), int(rng.integers(2, 5))))
        return cls.Params(note["id"], note["title"], tuple(_sample(rng, pool, n)),
                          tuple(i not in left for i in range(n)), *cls.more(rng))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_note(device, params.note_id, "checklist")
        if len(params.items) != len(params.checked) or all(params.checked):
            raise ValueError("items and checked must pair up, with at least one item unticked")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        rec, store = _check_note(device, self.params.note_id), _store(device)
        rec["items"] = []
        for text, checked in zip(self.params.items, self.params.checked, strict=True):
            rec["items"].append({"id": store["next_id"], "text": text, "checked": checked})
            store["next_id"] += 1

    def left(self) -> list[str]:
        """The items not ticked off."""
        return [t for t, c in zip(self.params.items, self.params.checked, strict=True) if not c]


class ListLeftItems(ListTask):
    """Read which items of a checklist are not ticked off yet."""

    name = "list_left_items"
    template = "Which items on my '{title}' list are not ticked off yet?"
    phrasings = ("What is still unticked on my '{title}' list?",
                 "List the items of my '{title}' checklist that I haven't ticked off.")
    difficulty = 1
    max_steps = 14
    objective = "query"
    tags = ("scroll",)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_items(self.left(), rivals=self.params.items)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        items = yield from read_items(device)
        yield A.answer(", ".join(text for text, ticked in items if not ticked))


class CountFolderNotes(_NotesTask):
    """Count the notes in a folder (its chip filters the list; the list scrolls)."""

    name = "count_folder_notes"
    template = "How many notes are in my '{folder}' folder?"
    phrasings = ("Count the notes in my '{folder}' folder.",
                 "What is the number of notes filed under '{folder}'?")
    difficulty = 3
    max_steps = 36
    objective = "query"
    tags = ("counting", "scroll")

    @dataclass(frozen=True)
    class Params:
        folder_id: int
        folder: str
        note_ids: tuple[int, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        folder = _pick(rng, _store(device)["folders"])
        notes = _store(device)["notes"]
        chosen = _sample(rng, [n["id"] for n in notes], int(rng.integers(3, 11)))
        return cls.Params(folder["id"], folder["name"], tuple(sorted(chosen)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_folder(device, params.folder_id)
        for note_id in params.note_ids:
            _check_note(device, note_id)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        # the folder holds exactly the chosen notes; its other notes go where nothing counts
        for n in _store(device)["notes"]:
            if n["id"] in self.params.note_ids:
                n["folder_id"] = self.params.folder_id
            elif n["folder_id"] == self.params.folder_id:
                n["folder_id"] = None

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(self.params.note_ids))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_folder_chip(device, self.params.folder)
        # select every card on the way down: the selection bar counts them ("7 selected")
        picked: set[str] = set()
        for _ in range(12):
            area = O.node(device, id="notes")["bounds"]
            for card in O.find_all(device, role="list_item",
                                   where=lambda n: (n["id"] or "").startswith("note:")):
                whole = area[1] <= card["bounds"][1] and card["bounds"][3] <= area[3]
                if card["id"] not in picked and whole:
                    yield (O.tap if picked else O.long_press)(device, card)
                    picked.add(card["id"])
            before = [(n["id"], n["bounds"]) for n in device.ui_tree()]
            yield O.scroll_down()
            if [(n["id"], n["bounds"]) for n in device.ui_tree()] == before:
                break
        count = O.node(device, role="heading", text_contains=" selected")["text"]
        yield A.answer(count.split()[0])


# (title, body with {v}, question, answer kind) ; kind: number, text, phone. Each question
# names its note's title.
FACTS = (
    ("Gym locker", "Locker at the downtown gym, second row.\nCode {v}.",
     "What is the code of my gym locker?", "number"),
    ("Bike lock", "The blue lock for the city bike.\nCombination {v}.",
     "What is the combination of my bike lock?", "number"),
    ("Airport parking", "Terminal 2 garage.\nParked at spot {v}, take the north lifts.",
     "At which spot did I leave the car, according to my airport parking note?", "text"),
    ("Dentist", "Dr. Alvarez, Riverside Dental.\nPhone {v}, closed on Mondays.",
     "What is my dentist's phone number?", "phone"),
)
# a similar note with another value, per fact: (title, body with {v})
DECOY_FACTS = (
    ("Office locker", "Locker by the kitchen on the third floor.\nCode {v}."),
    ("Old bike lock", "The red lock, before it went missing.\nCombination {v}."),
    ("Station parking", "Central station car park.\nParked at spot {v} last time."),
    ("Eye doctor", "Dr. Chen at the Vision Center.\nPhone {v}."),
)


def _fact_value(rng: np.random.Generator, kind: str) -> str:
    if kind == "number":
        return str(int(rng.integers(1000, 10000)))
    if kind == "phone":
        return f"555-{int(rng.integers(100, 1000)):03d}-{int(rng.integers(1000, 10000))}"
    return f"{'ABCDEFGH'[int(rng.integers(8))]}{int(rng.integers(10, 60))}"


class LookUpFact(_NotesTask):
    """Find a detail written down in a note (search helps; a similar note is a decoy)."""

    name = "look_up_fact"
    template = "Check my notes: {question}"
    phrasings = ("Look it up in Notes: {question}", "{question} It's written in one of my notes.")
    difficulty = 2
    objective = "query"
    tags = ("search", "scroll")
    start = Start()  # from the home screen: open Notes first

    @dataclass(frozen=True)
    class Params:
        title: str  # the note's, as the question names it
        value: str
        decoy_value: str

    @classmethod
    def _fact(cls, title: str) -> int:
        return next(i for i, f in enumerate(FACTS) if f[0] == title)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        fact = int(rng.integers(len(FACTS)))
        kind = FACTS[fact][3]
        value, decoy = _fact_value(rng, kind), _fact_value(rng, kind)
        while decoy == value:
            decoy = _fact_value(rng, kind)
        return cls.Params(FACTS[fact][0], value, decoy)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.title not in [f[0] for f in FACTS]:
            raise ValueError(f"title must be one of {[f[0] for f in FACTS]}, got {params.title!r}")
        if params.value == params.decoy_value:
            raise ValueError("the decoy must hold another value")

    def template_values(self) -> dict[str, Any]:
        return {"question": FACTS[self._fact(self.params.title)][2]}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        fact = self._fact(self.params.title)
        title, body, _, _ = FACTS[fact]
        add_note(device, title, body.format(v=self.params.value), age_ms=40 * DAY_MS)
        decoy_title, decoy_body = DECOY_FACTS[fact]
        add_note(device, decoy_title, decoy_body.format(v=self.params.decoy_value),
                 age_ms=20 * DAY_MS)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        kind, value = FACTS[self._fact(self.params.title)][3], self.params.value
        if kind == "number":
            return [C.answer_number(int(value))]
        if kind == "phone":
            return [C.answer_phone(value)]
        # one code of its shape, the right one (the decoy note holds another)
        return [C.answer_code(value, r"[A-Z]\d{2}")]

    def oracle(self, device: Device) -> Iterator[Action]:
        title = self.params.title
        yield from O.open_app(device, "notes")
        yield O.tap(device, id="search")
        yield A.type_text(title)
        yield from open_titled(device, title)
        # the value sits where the note's template has it
        pattern = re.escape(FACTS[self._fact(title)][1]).replace(r"\{v\}", "(.+?)")
        found = re.fullmatch(pattern, O.node(device, id="body")["text"])
        if found is None:
            raise O.OracleError(f"the note {title!r} does not read as expected")
        yield A.answer(found.group(1))


class LastEdited(_OneNoteTask):
    """Read when a note was last edited (the editor shows it at the bottom)."""

    name = "last_edited"
    template = "On what date did I last edit my note '{title}'?"
    phrasings = ("When was my note '{title}' last changed? Give the date.",
                 "What day did I last edit the note '{title}'?")
    difficulty = 2
    objective = "query"
    tags = ("scroll",)

    @dataclass(frozen=True)
    class Params(_NoteParams):
        days_ago: int
        minute: int

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, note: dict[str, Any]) -> tuple:
        return int(rng.integers(2, 60)), int(rng.integers(7 * 60, 22 * 60))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if not (1 <= params.days_ago <= 365 and 0 <= params.minute < 1440):
            raise ValueError("days_ago must be in 1..365 and minute in 0..1439")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        clock = device.kernel.clock
        day = clock.local_datetime().date() - datetime.timedelta(days=self.params.days_ago)
        local = datetime.datetime.combine(day, datetime.time()) + \
            datetime.timedelta(minutes=self.params.minute - clock.tz_offset_minutes)
        ms = int(local.replace(tzinfo=datetime.timezone.utc).timestamp()) * 1000
        rec = _check_note(device, self.params.note_id)
        rec["updated_ms"], rec["created_ms"] = ms, min(rec["created_ms"], ms)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        when = _local(_record(_notes(initial), self.params.note_id)["updated_ms"],
                      initial["os"]["time"]["tz_offset_minutes"])
        return [C.answer_date(when.year, when.month, when.day)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        yield A.answer(O.node(device, id="edited")["text"].removeprefix("Edited "))


# --------------------------------------------------------------------------- find, then act
KEYWORDS = ("Wingspan", "Rossio", "CabinNet", "Fast Lane Motors", "vendor delay", "yoga",
            "red lentils", "baking soda", "Ramen", "Piranesi")


class PinByContent(_NotesTask):
    """Find the note whose text mentions something, then pin it."""

    name = "pin_by_content"
    template = "Pin the note that mentions '{keyword}'."
    phrasings = ("One of my notes talks about '{keyword}': pin it.",
                 "Find the note mentioning '{keyword}' and pin it to the top.")
    difficulty = 3
    objective = "hybrid"
    tags = ("search", "scroll")

    @dataclass(frozen=True)
    class Params:
        keyword: str
        note_id: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        keyword = _pick(rng, KEYWORDS)
        found = model.search(_store(device), keyword)
        return cls.Params(keyword, found[0]["id"] if found else -1)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        found = [n["id"] for n in model.search(_store(device), params.keyword)]
        if found != [params.note_id]:
            raise ValueError(f"{params.keyword!r} must be in note {params.note_id} only; "
                             f"found in {found}")
        if _check_note(device, params.note_id)["pinned"]:
            raise ValueError(f"note {params.note_id} is already pinned")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(NOTES, id=self.params.note_id, fields={"pinned": True})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield O.tap(device, id="search")
        yield A.type_text(self.params.keyword)
        yield O.tap(device, role="list_item", where=lambda n: (n["id"] or "").startswith("note:"))
        yield O.tap(device, id="pin")


class CopyLeftItems(ListTask):
    """Read a checklist's unticked items and start a new checklist with them."""

    name = "copy_left_items"
    template = "Make a new checklist titled '{new_title}' with the items of my '{title}' " \
               "list that are not ticked off yet."
    phrasings = ("Copy what is still unticked on my '{title}' list into a new checklist "
                 "called '{new_title}'.",
                 "Start a checklist '{new_title}' holding the items of '{title}' that I "
                 "haven't ticked off.")
    difficulty = 3
    max_steps = 40
    objective = "hybrid"
    tags = ("menu", "typing", "multi_step")

    @dataclass(frozen=True)
    class Params(ListParams):
        new_title: str

    @classmethod
    def more(cls, rng: np.random.Generator) -> tuple:
        return (_pick(rng, ("Still to do", "Leftovers", "Next time", "Open items")),)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        items = ItemsLike(tuple((t, False) for t in self.left()), ordered=False)
        return [C.created(NOTES, {"kind": "checklist",
                                  "title": C.text_like(self.params.new_title),
                                  "items": items})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_titled(device, self.params.title)
        items = yield from read_items(device)
        yield A.back()
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu:new_list")
        yield from O.type_into(device, self.params.new_title, id="title")
        yield from _add_items(device, [text for text, ticked in items if not ticked])
        yield O.tap(device, id="save")


DUPLICATE_TITLES = ("Meeting notes", "To do", "Ideas", "Quotes", "Shopping")
DUPLICATE_BODIES = ("Budget review moved to Friday", "Call the bank about the card",
                    "A podcast about city gardens", "Less is more", "Oat milk and bread",
                    "Ask Priya for the slides", "Renew the parking permit",
                    "Start a photo blog")


def _edited_key(label: str) -> tuple[int, int, int, str]:
    """A note's "Edited ..." label as something that sorts by time: "Edited 14:05" (today)
    after "Edited Feb 27" (this year) after "Edited Dec 3, 2025"."""
    shown = label.removeprefix("Edited ").strip()
    if ":" in shown:
        return (9999, 13, 0, shown.zfill(5))
    month_day, _, year = shown.partition(", ")
    when = datetime.datetime.strptime(month_day, "%b %d")
    return (int(year) if year else 9998, when.month, when.day, "")


class DeleteOlderDuplicate(_NotesTask):
    """Two notes share a title: find which was edited less recently and delete it."""

    name = "delete_older_duplicate"
    template = "I have two notes titled '{title}'. Delete the one I edited less recently."
    phrasings = ("Two of my notes are called '{title}': delete the older one (by last edit).",
                 "Of my two '{title}' notes, keep the one I edited last and delete the other.")
    difficulty = 3
    objective = "hybrid"
    tags = ("menu", "dialog", "scroll")

    @dataclass(frozen=True)
    class Params:
        title: str
        older_body: str
        newer_body: str
        older_days: int
        newer_days: int
        older_first: bool

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        older, newer = _sample(rng, DUPLICATE_BODIES, 2)
        newer_days = int(rng.integers(1, 10))
        return cls.Params(_pick(rng, DUPLICATE_TITLES), older, newer,
                          newer_days + int(rng.integers(3, 30)), newer_days,
                          bool(rng.random() < 0.5))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not 0 < params.newer_days < params.older_days:
            raise ValueError("the older note must be edited before the newer one")
        if params.older_body == params.newer_body:
            raise ValueError("the two notes need different texts")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        made = [(p.older_body, p.older_days), (p.newer_body, p.newer_days)]
        for body, days in made if p.older_first else made[::-1]:
            add_note(device, p.title, body, age_ms=days * DAY_MS)

    def _older(self, notes: Sequence[dict[str, Any]]) -> dict[str, Any]:
        return next(n for n in _titled(notes, self.params.title)
                    if n["body"] == self.params.older_body)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(NOTES, id=self._older(_notes(initial))["id"])]

    def oracle(self, device: Device) -> Iterator[Action]:
        title = self.params.title

        def card(n: dict[str, Any]) -> bool:
            return n["role"] == "list_item" and (n["id"] or "").startswith("note:") and \
                n["text"].startswith(f"{title} ")
        first = yield from O.scroll_to(device, where=card)
        yield O.tap(device, first)  # open each and read when it was edited
        first_edited = _edited_key(O.node(device, id="edited")["text"])
        yield A.back()
        second = yield from O.scroll_to(device, where=lambda n: card(n)
                                        and n["id"] != first["id"])
        yield O.tap(device, second)
        if _edited_key(O.node(device, id="edited")["text"]) > first_edited:
            yield A.back()
            first = yield from O.scroll_to(device, id=first["id"])
            yield O.tap(device, first)
        yield from delete_open_note(device)
