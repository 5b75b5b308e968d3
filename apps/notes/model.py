"""Reads and writes of Notes' store (see ``state.py`` for its shape).

Screens call these from their handlers; each checks its input and raises ``ValueError`` naming
the problem before it changes anything. Content edits (title, body, checklist items) stamp the
note's ``updated_ms``; pinning and moving between folders do not, as in Keep.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Store = dict[str, Any]
MAX_TITLE = 200
MAX_FOLDER_NAME = 40


def note(store: Store, note_id: Any) -> dict[str, Any] | None:
    """The note with this id (an int, or its text from a route), or None."""
    return next((n for n in store["notes"] if str(n["id"]) == str(note_id)), None)


def folder(store: Store, folder_id: Any) -> dict[str, Any] | None:
    """The folder with this id (an int, or its text from a route), or None."""
    if folder_id is None:
        return None
    return next((f for f in store["folders"] if str(f["id"]) == str(folder_id)), None)


def ordered(notes: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pinned notes first, then the most recently edited (newest id first on a tie)."""
    return sorted(notes, key=lambda n: (not n["pinned"], -n["updated_ms"], -n["id"]))


def in_folder(store: Store, folder_id: int | None) -> list[dict[str, Any]]:
    """The notes of a folder (every note for None), in display order."""
    return ordered(n for n in store["notes"] if folder_id is None or n["folder_id"] == folder_id)


def search(store: Store, query: str) -> list[dict[str, Any]]:
    """Notes whose title, body or an item contains every word of ``query`` (any case)."""
    words = query.lower().split()
    if not words:
        return []
    found = []
    for n in store["notes"]:
        hay = " ".join([n["title"], n["body"], *(i["text"] for i in n["items"])]).lower()
        if all(w in hay for w in words):
            found.append(n)
    return ordered(found)


def _take_id(store: Store) -> int:
    new_id = store["next_id"]
    store["next_id"] = new_id + 1
    return new_id


def _check_folder(store: Store, folder_id: int | None) -> None:
    if folder_id is not None and folder(store, folder_id) is None:
        raise ValueError(f"no folder with id {folder_id!r}")


def create_note(store: Store, now_ms: int, title: str, body: str = "",
                items: Iterable[tuple[str, bool]] | None = None,
                folder_id: int | None = None) -> dict[str, Any]:
    """Adds a text note, or a checklist when ``items`` (text, checked) is given.

    Raises:
        ValueError: The title is too long, or the folder does not exist.
    """
    if len(title) > MAX_TITLE:
        raise ValueError(f"a note title has at most {MAX_TITLE} characters")
    _check_folder(store, folder_id)
    entries = list(items) if items is not None else None
    rec = {"id": _take_id(store), "kind": "text" if entries is None else "checklist",
           "title": title, "body": body if entries is None else "", "items": [],
           "pinned": False, "folder_id": folder_id, "created_ms": now_ms, "updated_ms": now_ms}
    for text, checked in entries or ():
        rec["items"].append({"id": _take_id(store), "text": text, "checked": bool(checked)})
    store["notes"].append(rec)
    return rec


def edit_note(store: Store, rec: dict[str, Any], now_ms: int, title: str,
              body: str | None = None) -> bool:
    """Sets a note's title (and a text note's body); False if nothing changed."""
    if len(title) > MAX_TITLE:
        raise ValueError(f"a note title has at most {MAX_TITLE} characters")
    new_body = rec["body"] if body is None or rec["kind"] != "text" else body
    if (title, new_body) == (rec["title"], rec["body"]):
        return False
    rec["title"], rec["body"], rec["updated_ms"] = title, new_body, now_ms
    return True


def delete_notes(store: Store, note_ids: Iterable[int]) -> int:
    """Removes the notes with these ids; returns how many there were."""
    gone = set(note_ids)
    before = len(store["notes"])
    store["notes"] = [n for n in store["notes"] if n["id"] not in gone]
    return before - len(store["notes"])


def set_pinned(store: Store, note_ids: Iterable[int], pinned: bool) -> None:
    ids = set(note_ids)
    for n in store["notes"]:
        if n["id"] in ids:
            n["pinned"] = pinned


def move_notes(store: Store, note_ids: Iterable[int], folder_id: int | None) -> None:
    """Puts the notes in a folder (None: in no folder)."""
    _check_folder(store, folder_id)
    ids = set(note_ids)
    for n in store["notes"]:
        if n["id"] in ids:
            n["folder_id"] = folder_id


def folder_name_problem(store: Store, name: str, keep: int | None = None) -> str | None:
    """Why ``name`` cannot name a folder (None if it can); ``keep`` is a folder being renamed,
    whose own name is no clash."""
    if not name:
        return "Enter a folder name"
    if len(name) > MAX_FOLDER_NAME:
        return "Folder name is too long"
    if any(f["name"].lower() == name.lower() and f["id"] != keep for f in store["folders"]):
        return f"“{name}” already exists"
    return None


def create_folder(store: Store, name: str) -> dict[str, Any]:
    """Adds a folder. Raises ValueError if the name is empty, too long or taken."""
    problem = folder_name_problem(store, name)
    if problem:
        raise ValueError(problem)
    rec = {"id": _take_id(store), "name": name}
    store["folders"].append(rec)
    return rec


def rename_folder(store: Store, rec: dict[str, Any], name: str) -> None:
    """Renames a folder. Raises ValueError if the name is empty, too long or taken."""
    problem = folder_name_problem(store, name, keep=rec["id"])
    if problem:
        raise ValueError(problem)
    rec["name"] = name


def delete_folder(store: Store, folder_id: int) -> None:
    """Removes a folder; its notes stay, in no folder."""
    _check_folder(store, folder_id)
    store["folders"] = [f for f in store["folders"] if f["id"] != folder_id]
    for n in store["notes"]:
        if n["folder_id"] == folder_id:
            n["folder_id"] = None


def add_item(store: Store, rec: dict[str, Any], now_ms: int, text: str) -> dict[str, Any]:
    """Appends an unchecked item to a checklist note."""
    if rec["kind"] != "checklist":
        raise ValueError(f"note {rec['id']} is not a checklist")
    item = {"id": _take_id(store), "text": text, "checked": False}
    rec["items"].append(item)
    rec["updated_ms"] = now_ms
    return item


def toggle_item(rec: dict[str, Any], item_id: int, now_ms: int) -> None:
    item = next(i for i in rec["items"] if i["id"] == item_id)
    item["checked"] = not item["checked"]
    rec["updated_ms"] = now_ms


def delete_item(rec: dict[str, Any], item_id: int, now_ms: int) -> None:
    rec["items"] = [i for i in rec["items"] if i["id"] != item_id]
    rec["updated_ms"] = now_ms
