"""Gallery's persisted data: which photos are favorites (the media provider holds the rest)."""

from __future__ import annotations

from typing import Any


def initial_state() -> dict[str, Any]:
    """Factory data: no favorites (media ids, kept sorted so the state is a stable set)."""
    return {"favorites": []}
