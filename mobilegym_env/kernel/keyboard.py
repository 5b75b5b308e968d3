"""On-screen keyboard (IME) state plus the pure text-editing helpers its keys use."""

from __future__ import annotations

from typing import Any

MODES = ("letters", "symbols", "more_symbols")
MAX_TEXT_LEN = 2000

KEY_ROWS_LETTERS: list[list[str]] = [
    ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
    ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
    ["shift", "z", "x", "c", "v", "b", "n", "m", "backspace"],
    ["mode", "comma", "space", "period", "enter"],
]
# Gboard's two symbol pages; "more" (labelled =\< and ?123) flips between them
KEY_ROWS_SYMBOLS: list[list[str]] = [
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"],
    ["@", "#", "$", "_", "&", "-", "+", "(", ")", "/"],
    ["more", "*", '"', "'", ":", ";", "!", "?", "backspace"],
    ["mode", "comma", "space", "period", "enter"],
]
KEY_ROWS_MORE_SYMBOLS: list[list[str]] = [
    ["~", "`", "|", "•", "√", "π", "÷", "×", "¶", "∆"],
    ["£", "¢", "€", "¥", "^", "°", "=", "{", "}", "\\"],
    ["more", "%", "©", "®", "™", "§", "[", "]", "backspace"],
    ["mode", "<", "space", ">", "enter"],
]

# Named keys that insert a character.
_CHAR_KEYS = {"space": " ", "comma": ",", "period": "."}
# Named keys that never edit text: the keyboard/UI acts on them (shift state, mode switch,
# submitting the field).
CONTROL_KEYS = ("shift", "mode", "more", "enter")


def apply_key(text: str, key: str, shift: bool, max_len: int = MAX_TEXT_LEN) -> str:
    """Return ``text`` after pressing ``key``.

    Args:
        text: Current field content.
        key: A single character, or a named key from the key rows.
        shift: Whether shift is active (upper-cases letters).
        max_len: Field length limit; inserts beyond it are ignored (like ``maxlength``).

    Raises:
        ValueError: For non-str input or an unknown named key.
    """
    if not isinstance(text, str) or not isinstance(key, str):
        raise ValueError("text and key must be str")
    if key == "backspace":
        return text[:-1]
    if key in CONTROL_KEYS:
        return text
    if key in _CHAR_KEYS:
        char = _CHAR_KEYS[key]
    elif len(key) == 1:
        char = key.upper() if shift else key
    else:
        raise ValueError(f"unknown key {key!r}")
    return insert_text(text, char, max_len)


def insert_text(text: str, typed: str, max_len: int = MAX_TEXT_LEN) -> str:
    """Append ``typed`` to ``text``, truncating so the result fits ``max_len`` characters."""
    if not isinstance(text, str) or not isinstance(typed, str):
        raise ValueError("text and typed must be str")
    if isinstance(max_len, bool) or not isinstance(max_len, int) or max_len < 0:
        raise ValueError(f"max_len must be a non-negative int, got {max_len!r}")
    room = max(0, max_len - len(text))
    return text + typed[:room]


class KeyboardService:
    """Which field the keyboard is attached to and its shift/mode state (volatile)."""

    def __init__(self) -> None:
        self.visible = False
        self.target: tuple[str, str] | None = None
        self.mode = "letters"
        self.shift = False

    def show(self, activity_id: str, field_key: str) -> None:
        """Attach to a text field; a new target starts in letters mode without shift."""
        for name, value in (("activity_id", activity_id), ("field_key", field_key)):
            if not isinstance(value, str) or not value:
                raise ValueError(f"{name} must be a non-empty str, got {value!r}")
        if self.target != (activity_id, field_key):
            self.mode, self.shift = "letters", False
        self.visible = True
        self.target = (activity_id, field_key)

    def hide(self) -> bool:
        """Hide the keyboard.

        Returns:
            True if it was visible (so Back is consumed), else False.
        """
        was_visible = self.visible
        self.visible, self.target = False, None
        self.mode, self.shift = "letters", False
        return was_visible

    def toggle_shift(self) -> bool:
        """Flip shift and return the new value."""
        self.shift = not self.shift
        return self.shift

    def set_mode(self, mode: str) -> None:
        """Switch between ``"letters"``, ``"symbols"`` and ``"more_symbols"``."""
        if mode not in MODES:
            raise ValueError(f"unknown keyboard mode {mode!r}; expected one of {MODES}")
        self.mode = mode

    def key_rows(self) -> list[list[str]]:
        """Return a copy of the key rows for the current mode."""
        rows = {"letters": KEY_ROWS_LETTERS, "symbols": KEY_ROWS_SYMBOLS,
                "more_symbols": KEY_ROWS_MORE_SYMBOLS}[self.mode]
        return [list(r) for r in rows]

    def state(self) -> dict[str, Any]:
        """Return a JSON-serializable snapshot."""
        return {
            "visible": self.visible,
            "target": None if self.target is None else list(self.target),
            "mode": self.mode,
            "shift": self.shift,
        }
