"""Persisted system clipboard (plain text only)."""

from __future__ import annotations

from typing import Any

MAX_CLIPBOARD_CHARS = 100_000


class ClipboardService:
    """Holds at most one text clip; survives reboots.

    Args:
        text: Initial clipboard content (None for empty).
    """

    def __init__(self, text: str | None = None) -> None:
        self._text: str | None = None
        if text is not None:
            self.write(text)

    def write(self, text: str) -> None:
        """Replace the clip.

        Raises:
            ValueError: If ``text`` is not a str or exceeds ``MAX_CLIPBOARD_CHARS``.
        """
        if not isinstance(text, str):
            raise ValueError(f"clipboard text must be a str, got {type(text).__name__}")
        if len(text) > MAX_CLIPBOARD_CHARS:
            raise ValueError(
                f"clipboard text too long: {len(text)} chars (max {MAX_CLIPBOARD_CHARS})"
            )
        self._text = text

    def read(self) -> str | None:
        """Return the current clip, or None when empty."""
        return self._text

    def clear(self) -> None:
        """Empty the clipboard."""
        self._text = None

    def state(self) -> dict[str, Any]:
        """Return a JSON-serializable snapshot."""
        return {"text": self._text}
