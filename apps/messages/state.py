"""Messages' persisted data: only what the sms provider does not hold (archived threads, and
the messages from blocked numbers that never reach the provider, see ``inbox.py``)."""

from __future__ import annotations

from typing import Any


def initial_state() -> dict[str, Any]:
    """Factory data: no archived conversations (addresses of archived threads, in order) and no
    messages from blocked numbers (``{"address", "body", "timestamp_ms"}``, oldest first)."""
    return {"archived": [], "blocked": []}
