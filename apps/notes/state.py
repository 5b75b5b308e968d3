"""Notes' persisted data store."""

from __future__ import annotations

from typing import Any

NOTES = [
    ("Groceries", "Milk, eggs, spinach, coffee beans"),
    ("Trip ideas", "Lisbon in May? Check flights and the tram museum."),
    ("Book list", "The Left Hand of Darkness; Piranesi; The Dispossessed"),
    ("Wi-Fi at the cabin", "Network CabinNet, password on the fridge"),
]


def initial_state() -> dict[str, Any]:
    return {
        "notes": [
            {"id": i + 1, "title": t, "body": b, "pinned": i == 0, "updated_ms": 0}
            for i, (t, b) in enumerate(NOTES)
        ],
        "next_id": len(NOTES) + 1,
    }
