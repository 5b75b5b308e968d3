"""Actions: the action space's types, builders, and validation.

An action is a dict with ``action_type`` (an ``ActionType`` or its int/name), ``point`` and
``end_point`` (normalized x, y in [0, 1] of the screen) and ``text``. The builders fill the
fields an action type uses; plain dicts with the same keys are accepted by the env.
"""

from __future__ import annotations

import enum
import math
import re
from typing import Any

import numpy as np
from gymnasium import spaces

MAX_TEXT = 512
# What a keyboard can type: any Unicode text but control characters (new line and tab
# excepted), lone surrogate halves and non-characters, none of which an IME produces.
_UNTYPABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
                        "\ufffe\uffff]")


class ActionType(enum.IntEnum):
    """What the agent does this step."""

    TAP = 0
    LONG_PRESS = 1
    SWIPE = 2
    TYPE = 3
    BACK = 4
    HOME = 5
    RECENTS = 6
    ENTER = 7
    WAIT = 8
    ANSWER = 9
    DONE = 10
    DOUBLE_TAP = 11


POINT_ACTIONS = {ActionType.TAP, ActionType.LONG_PRESS, ActionType.SWIPE,
                 ActionType.DOUBLE_TAP}
TEXT_ACTIONS = {ActionType.TYPE, ActionType.ANSWER}
_ZERO = (0.0, 0.0)


def _action(kind: ActionType, point=_ZERO, end_point=_ZERO, text: str = "") -> dict[str, Any]:
    return {
        "action_type": int(kind),
        "point": np.asarray(point, dtype=np.float32),
        "end_point": np.asarray(end_point, dtype=np.float32),
        "text": text,
    }


def tap(x: float, y: float) -> dict[str, Any]:
    """Tap at normalized (x, y): (0, 0) is the top-left corner, (1, 1) the bottom-right."""
    return _action(ActionType.TAP, (x, y))


def double_tap(x: float, y: float) -> dict[str, Any]:
    """Two quick taps at (x, y): zooms a photo; elsewhere it is two taps."""
    return _action(ActionType.DOUBLE_TAP, (x, y))


def long_press(x: float, y: float) -> dict[str, Any]:
    return _action(ActionType.LONG_PRESS, (x, y))


def swipe(x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
    """Drag from (x0, y0) to (x1, y1). From the left edge rightwards is Back; up from the
    bottom edge is Home (to the upper 40%) or Recents (stopping lower); down from the status
    bar opens the shade; elsewhere it scrolls what is under the start point."""
    return _action(ActionType.SWIPE, (x0, y0), (x1, y1))


def type_text(text: str) -> dict[str, Any]:
    """Types into the focused text field (tap a field first); empty text types nothing."""
    return _action(ActionType.TYPE, text=text)


def back() -> dict[str, Any]:
    return _action(ActionType.BACK)


def home() -> dict[str, Any]:
    return _action(ActionType.HOME)


def recents() -> dict[str, Any]:
    return _action(ActionType.RECENTS)


def enter() -> dict[str, Any]:
    """The keyboard's Enter key: submits the focused field."""
    return _action(ActionType.ENTER)


def wait() -> dict[str, Any]:
    """Does nothing; the virtual clock still advances."""
    return _action(ActionType.WAIT)


def answer(text: str) -> dict[str, Any]:
    """Ends the episode with an answer (query tasks judge it)."""
    return _action(ActionType.ANSWER, text=text)


def done() -> dict[str, Any]:
    """Ends the episode; the judge gives its verdict on the final state."""
    return _action(ActionType.DONE)


class Action:
    """A validated action: ``kind``, ``point``, ``end_point`` (floats in [0, 1]) and ``text``."""

    __slots__ = ("end_point", "kind", "point", "text")

    def __init__(self, kind: ActionType, point: tuple[float, float],
                 end_point: tuple[float, float], text: str) -> None:
        self.kind, self.point, self.end_point, self.text = kind, point, end_point, text

    def __repr__(self) -> str:
        return f"Action({self.kind.name}, point={self.point}, end={self.end_point}, text={self.text!r})"


def parse(action: Any) -> Action:
    """Validates an action dict; raises ValueError/KeyError naming the problem.

    Nothing is changed by a rejected action, so the env stays usable.
    """
    if not isinstance(action, dict):
        raise ValueError(f"an action must be a dict (see mobilegym_env.actions), got {type(action).__name__}")
    if "action_type" not in action:
        raise KeyError("action is missing 'action_type'")
    unknown = set(action) - {"action_type", "point", "end_point", "text"}
    if unknown:
        raise KeyError(f"unknown action keys {sorted(unknown)}")
    kind = _kind(action["action_type"])
    point = _point(action.get("point"), "point") if kind in POINT_ACTIONS else (0.0, 0.0)
    end = _point(action.get("end_point"), "end_point") if kind == ActionType.SWIPE else (0.0, 0.0)
    text = ""
    if kind in TEXT_ACTIONS:
        text = action.get("text", "")
        check_text(text)
    return Action(kind, point, end, text)


def check_text(text: Any) -> str:
    """Checks that ``text`` is what a keyboard can type (TYPE) or an agent can answer
    (ANSWER): a str of at most :data:`MAX_TEXT` characters without control characters (new
    lines and tabs excepted), lone surrogates or non-characters. An empty TYPE types nothing.

    Raises:
        ValueError: Naming the first offending character and its position.
    """
    if not isinstance(text, str):
        raise ValueError(f"'text' must be a str, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"'text' is {len(text)} characters; the limit is {MAX_TEXT}")
    bad = _UNTYPABLE.search(text)
    if bad is not None:
        raise ValueError(f"'text' holds U+{ord(bad.group()):04X} at position {bad.start()}, "
                         f"which no keyboard types (control characters other than new line "
                         f"and tab, lone surrogates and non-characters are refused)")
    return text


class TypableText(spaces.Text):
    """``spaces.Text`` whose ``contains`` accepts exactly what :func:`check_text` accepts (any
    typable Unicode, not only the sampling charset)."""

    def contains(self, x: Any) -> bool:
        try:
            check_text(x)
        except ValueError:
            return False
        return self.min_length <= len(x)


class ActionSpace(spaces.Dict):
    """The action space: a ``spaces.Dict`` whose ``contains`` agrees with :func:`parse` (an
    action type given by name, float64 points and Unicode text are actions too), and whose
    samples are all valid actions."""

    def contains(self, x: Any) -> bool:
        try:
            parse(x)
        except (ValueError, KeyError, TypeError):
            return False
        return True

    def __repr__(self) -> str:
        return "ActionSpace(" + ", ".join(f"{k!r}: {s}" for k, s in self.spaces.items()) + ")"


def action_space(sample_charset: str | None = None) -> ActionSpace:
    """The env's action space; ``text`` samples are drawn from ``sample_charset`` (printable
    ASCII by default), while any typable text is contained."""
    charset = sample_charset or "".join(chr(c) for c in range(32, 127))
    return ActionSpace({
        "action_type": spaces.Discrete(len(ActionType)),
        "point": spaces.Box(0.0, 1.0, (2,), np.float32),
        "end_point": spaces.Box(0.0, 1.0, (2,), np.float32),
        "text": TypableText(MAX_TEXT, min_length=0, charset=charset),
    })


def _kind(value: Any) -> ActionType:
    if isinstance(value, ActionType):
        return value
    if isinstance(value, str):
        try:
            return ActionType[value.upper()]
        except KeyError:
            raise ValueError(f"unknown action type {value!r}; use one of {[t.name for t in ActionType]}") from None
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value.item()
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if 0 <= int(value) < len(ActionType):
            return ActionType(int(value))
        raise ValueError(f"action_type {int(value)} is out of range 0..{len(ActionType) - 1}")
    raise ValueError(f"action_type must be an int or a name, got {value!r}")


def _point(value: Any, name: str) -> tuple[float, float]:
    if value is None:
        raise KeyError(f"this action needs '{name}'")
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"'{name}' must be two numbers, got {value!r}") from None
    if arr.shape != (2,):
        raise ValueError(f"'{name}' must have shape (2,), got {arr.shape}")
    x, y = float(arr[0]), float(arr[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"'{name}' must be finite, got {(x, y)}")
    if not (0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
        raise ValueError(f"'{name}' must be normalized to [0, 1], got {(x, y)}")
    return x, y
