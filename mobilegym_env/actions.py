"""Actions: the action space's types, builders, and validation.

An action is a dict with ``action_type`` (an ``ActionType`` or its int/name), ``point`` and
``end_point`` (normalized x, y in [0, 1] of the screen) and ``text``. The builders fill the
fields an action type uses; plain dicts with the same keys are accepted by the env.
"""

from __future__ import annotations

import enum
import math
import numbers
import re
from typing import Any

import numpy as np
from gymnasium import spaces

MAX_TEXT = 512
# What a keyboard can type: any Unicode text but control characters (new line and tab
# excepted), lone surrogate halves and non-characters, none of which an IME produces. The
# non-characters are U+FDD0..U+FDEF and the last two code points of each of the 17 planes
# (U+FFFE/U+FFFF, U+1FFFE/U+1FFFF... U+10FFFE/U+10FFFF). The pattern takes every code point
# from U+1FFFE on as a candidate (see _untypable): a class listing the 32 astral
# non-characters one by one makes every search ~10x slower.
_UNTYPABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
                        "\ufffe\uffff\U0001fffe-\U0010ffff]")


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
        # sorted by repr: keys of mixed types (5 and "x") do not compare
        raise KeyError(f"unknown action keys {sorted(unknown, key=repr)}")
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
    bad = _untypable(text)
    if bad is not None:
        raise ValueError(f"'text' holds U+{ord(bad.group()):04X} at position {bad.start()}, "
                         f"which no keyboard types (control characters other than new line "
                         f"and tab, lone surrogates and non-characters are refused)")
    return text


def _untypable(text: str) -> re.Match[str] | None:
    """The first character of ``text`` no keyboard types, or None."""
    bad = _UNTYPABLE.search(text)
    # past the BMP only a plane's last two code points (U+nFFFE, U+nFFFF) are refused
    while bad is not None and ord(bad.group()) > 0xFFFF and ord(bad.group()) & 0xFFFE != 0xFFFE:
        bad = _UNTYPABLE.search(text, bad.end())
    return bad


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
    ASCII by default), while any typable text is contained.

    Raises:
        ValueError: ``sample_charset`` holds a character no keyboard types (its samples
            would be actions ``step`` refuses).
    """
    charset = sample_charset or "".join(chr(c) for c in range(32, 127))
    bad = _untypable(charset)
    if bad is not None:
        raise ValueError(f"sample_charset holds U+{ord(bad.group()):04X}, which no keyboard "
                         f"types: its samples would be refused")
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
    """``value`` as two floats in [0, 1]; raises naming the problem otherwise.

    Only real numbers make a point: numpy would turn a bool into 0 or 1, parse a string and
    drop a complex number's imaginary part (with nothing but a ComplexWarning), so an action
    the contract refuses would be played as some other tap.
    """
    if value is None:
        raise KeyError(f"this action needs '{name}'")
    if isinstance(value, (list, tuple)):
        # element by element: np.asarray would quietly make [True, 0.5] two floats
        if len(value) != 2:
            raise ValueError(f"'{name}' must have shape (2,), got ({len(value)},)")
        for v in value:
            if not _is_real(v):
                raise ValueError(f"'{name}' must be real numbers (ints or floats, not bools, "
                                 f"strings or complex numbers), got {v!r} in {value!r}")
        pair = value
    else:  # an array, or anything with __array__ (a tensor)
        arr = value if isinstance(value, np.ndarray) else np.asarray(value)
        if arr.dtype.kind not in "iuf":  # not b(ool), c(omplex), O(bject), U/S (str), M/m
            raise ValueError(f"'{name}' must be real numbers (ints or floats, not bools, "
                             f"strings or complex numbers), got an array of {arr.dtype}: "
                             f"{value!r}")
        if arr.shape != (2,):
            raise ValueError(f"'{name}' must have shape (2,), got {arr.shape}")
        pair = arr
    try:
        x, y = float(pair[0]), float(pair[1])
    except OverflowError:  # an int beyond float's range: far outside [0, 1] all the same
        raise ValueError(f"'{name}' must be normalized to [0, 1], got an int beyond a "
                         f"float's range") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"'{name}' must be finite, got {(x, y)}")
    if not (0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
        raise ValueError(f"'{name}' must be normalized to [0, 1], got {(x, y)}")
    return x, y


def _is_real(value: Any) -> bool:
    """An int or a float (Python's or numpy's, or a 0-d array of one), not a bool."""
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value[()]
    return isinstance(value, numbers.Real) and not isinstance(value, bool)
