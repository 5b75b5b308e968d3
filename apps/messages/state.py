"""Messages' persisted data: only what the sms provider does not hold (archived threads)."""

from __future__ import annotations

from typing import Any


def initial_state() -> dict[str, Any]:
    """Factory data: no archived conversations (addresses of archived threads, in order)."""
    return {"archived": []}
