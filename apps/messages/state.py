"""Messages' persisted data: only what the sms provider does not hold (archived threads, the
messages from blocked numbers that never reach the provider, and unsent drafts; see
``inbox.py``)."""

from __future__ import annotations

from typing import Any


def initial_state() -> dict[str, Any]:
    """Factory data: no archived conversations (addresses of archived threads, in order), no
    messages from blocked numbers (``{"address", "body", "timestamp_ms"}``, oldest first) and
    no drafts (a conversation's unsent text by its address, kept when its composer is left)."""
    return {"archived": [], "blocked": [], "drafts": {}}
