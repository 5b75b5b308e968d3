"""Calculator's persisted store: the history of calculations and the angle unit.

``history`` holds ``{"id", "expression", "result", "time_ms"}`` records, oldest first: the
expression as the keys typed it (``"12×(3+4)"``) and the result as the display showed it
(``"84"``, with the keypad's minus and thousands grouping). ``degrees`` is the angle unit of the
trigonometric keys (Android starts in radians and keeps the choice). The expression being typed
is volatile UI state of the activity, as in Android.
"""

from __future__ import annotations

import datetime
from typing import Any

from .engine import compute

# (expression, local time written) of the factory history
HISTORY = (
    ("1250×12", "2026-02-24 10:15"),
    ("84.6×18%", "2026-02-26 20:41"),
    ("3600÷24", "2026-02-27 08:05"),
    ("(45+38+52)÷3", "2026-02-28 13:30"),
    ("2^10", "2026-03-01 17:22"),
    ("1299−15%", "2026-03-01 18:03"),
)


def _ms(local: str) -> int:
    when = datetime.datetime.strptime(local, "%Y-%m-%d %H:%M").replace(
        tzinfo=datetime.timezone.utc)
    return int(when.timestamp()) * 1000


def initial_state() -> dict[str, Any]:
    """Factory data: six past calculations, radians."""
    history = [{"id": i + 1, "expression": expr, "result": compute(expr)[0],
                "time_ms": _ms(when)} for i, (expr, when) in enumerate(HISTORY)]
    return {"history": history, "next_id": len(history) + 1, "degrees": False}
