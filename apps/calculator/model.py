"""Calculator's store operations, shared by the screens and the tasks' setup."""

from __future__ import annotations

from typing import Any

MAX_HISTORY = 100  # Android keeps a bounded history; the oldest entries go first


def add_history(store: dict[str, Any], expression: str, result: str,
                time_ms: int) -> dict[str, Any]:
    """Appends a calculation (dropping the oldest past :data:`MAX_HISTORY`); returns it."""
    rec = {"id": store["next_id"], "expression": expression, "result": result,
           "time_ms": time_ms}
    store["next_id"] += 1
    store["history"].append(rec)
    del store["history"][:-MAX_HISTORY]
    return rec


def clear_history(store: dict[str, Any]) -> int:
    """Empties the history; returns how many entries went."""
    count = len(store["history"])
    store["history"].clear()
    return count
