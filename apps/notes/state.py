"""Notes' persisted data store: notes (text or checklist), folders, and one id counter.

A note is ``{"id", "kind", "title", "body", "items", "pinned", "folder_id", "created_ms",
"updated_ms"}``: ``kind`` is ``"text"`` (the text is in ``body``; ``items`` is empty) or
``"checklist"`` (``body`` is empty; ``items`` are ``{"id", "text", "checked"}`` in list order).
``folder_id`` names a record of ``folders`` (``{"id", "name"}``) or is None. New notes, folders
and checklist items all take their id from the one ``next_id`` counter, so no id is reused.
Records keep the order they were created in; screens sort for display.
"""

from __future__ import annotations

import datetime
from typing import Any

FOLDERS = ((1, "Personal"), (2, "Work"), (3, "Travel"), (4, "Recipes"))
_F = {name: fid for fid, name in FOLDERS}

# (title, text body or checklist items as (text, checked), folder, pinned, created, updated)
NOTES: tuple[tuple[str, str | tuple[tuple[str, bool], ...], str | None, bool, str, str], ...] = (
    ("Groceries", (("Milk", False), ("Eggs", True), ("Spinach", False), ("Coffee beans", False),
                   ("Sourdough bread", True), ("Bananas", False)),
     "Personal", True, "2026-02-20 18:05", "2026-03-01 19:40"),
    ("Trip ideas", "Lisbon in May? Check flights and the tram museum.\n"
     "Porto for a weekend: Livraria Lello and the port cellars.\n"
     "Sintra day trip by train from Rossio.", "Travel", False,
     "2026-01-11 21:15", "2026-02-22 20:02"),
    ("Book list", "The Left Hand of Darkness\nPiranesi\nThe Dispossessed\n"
     "A Psalm for the Wild-Built", "Personal", False, "2026-01-03 10:30", "2026-02-14 22:10"),
    ("Wi-Fi at the cabin", "Network CabinNet, password on the fridge.", None, False,
     "2025-12-28 16:45", "2025-12-28 16:45"),
    ("Team meeting notes", "Agenda: Q2 roadmap, hiring, offsite.\n"
     "Priya drafts the roadmap by Friday.\nTom books the offsite venue.\n"
     "Next meeting: Thursday 10:00.", "Work", True, "2026-02-23 10:02", "2026-02-26 11:30"),
    ("Team lunch ideas", "Ramen place on 5th street\nThe Greek deli\nTaco Tuesday truck",
     "Work", False, "2026-02-02 12:20", "2026-02-09 12:45"),
    ("Packing list", (("Passport", False), ("Phone charger", False), ("Sunscreen", True),
                      ("Swimsuit", False), ("Travel adapter", False)),
     "Travel", False, "2026-02-15 09:12", "2026-02-28 08:55"),
    ("Party shopping", (("Balloons", False), ("Candles", False), ("Chocolate cake", False),
                        ("Paper napkins", True)),
     "Personal", False, "2026-02-24 17:30", "2026-02-25 18:00"),
    ("Banana bread", "3 ripe bananas, 250 g flour, 100 g butter, 2 eggs, 150 g sugar, "
     "1 tsp baking soda.\nMash the bananas, mix in the rest, bake 60 min at 175 °C.",
     "Recipes", False, "2026-01-19 15:00", "2026-01-19 15:40"),
    ("Lentil soup", "1 cup red lentils, 1 onion, 2 carrots, cumin, 1 l stock.\n"
     "Simmer 25 min, blend half, squeeze of lemon.", "Recipes", False,
     "2026-01-25 18:10", "2026-02-07 19:05"),
    ("Gift ideas", "Mom: a scarf or a pottery class\nSam: Wingspan board game\n"
     "Leo: wireless headphones", "Personal", False, "2026-02-01 20:00", "2026-02-27 21:15"),
    ("Car service", "Next service at 60,000 km.\nGarage: Fast Lane Motors, 555-0142.\n"
     "Tyres rotated in January.", None, False, "2025-11-20 08:30", "2026-01-14 17:20"),
    ("Project Atlas", "Kick-off on 3 March. Budget 12,000 EUR. Owner: Dana.\n"
     "Risks: vendor delay, holiday season.", "Work", False,
     "2026-02-18 14:00", "2026-02-27 16:45"),
    ("Workout plan", "Mon: run 5 km\nWed: yoga\nFri: weights\nSun: long walk", None, False,
     "2026-01-02 07:30", "2026-01-30 07:10"),
    ("Weekend chores", (("Laundry", True), ("Water the plants", False), ("Vacuum", False),
                        ("Pay rent", False)),
     None, False, "2026-02-27 09:00", "2026-02-28 11:25"),
)
FIRST_NOTE_ID = 1
FIRST_ITEM_ID = 101


def _ms(stamp: str) -> int:
    """``"YYYY-MM-DD HH:MM"`` (UTC) to epoch milliseconds."""
    when = datetime.datetime.strptime(stamp, "%Y-%m-%d %H:%M").replace(
        tzinfo=datetime.timezone.utc)
    return int(when.timestamp()) * 1000


def initial_state() -> dict[str, Any]:
    """Factory data: 15 notes (4 checklists, 2 pinned) in 4 folders, some in none."""
    item_id = FIRST_ITEM_ID
    notes = []
    for i, (title, content, folder, pinned, created, updated) in enumerate(NOTES):
        items = []
        if not isinstance(content, str):
            for text, checked in content:
                items.append({"id": item_id, "text": text, "checked": checked})
                item_id += 1
        notes.append({
            "id": FIRST_NOTE_ID + i, "kind": "text" if isinstance(content, str) else "checklist",
            "title": title, "body": content if isinstance(content, str) else "", "items": items,
            "pinned": pinned, "folder_id": _F[folder] if folder else None,
            "created_ms": _ms(created), "updated_ms": _ms(updated),
        })
    return {
        "notes": notes,
        "folders": [{"id": fid, "name": name} for fid, name in FOLDERS],
        "next_id": item_id,
    }
