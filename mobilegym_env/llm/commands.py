"""Commands (parsed model actions) and their plans: the env actions each expands to."""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from .. import actions as A
from .screen import PlanError, Screen

Action = dict[str, Any]

# Scroll and swipe finger paths stay this far (normalized) from the screen's edges, where
# swipes are system gestures (Back from the left edge, the shade, Home from the bottom).
_MARGIN = 0.06
DIRECTIONS = ("up", "down", "left", "right")
_OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


@dataclass(frozen=True)
class Command:
    """A parsed model action, in AndroidWorld's vocabulary (``name`` is its action_type)."""

    name: str
    index: int | None = None
    text: str | None = None
    direction: str | None = None

    def plan(self, screen: Screen) -> Plan:
        """The env actions this command expands to, starting on ``screen``."""
        return Plan(_EXPAND[self.name](self, screen))

    def to_json(self) -> str:
        """The command as AndroidWorld JSON (what :func:`parse` reads back)."""
        d: dict[str, Any] = {"action_type": self.name}
        if self.index is not None:
            d["index"] = self.index
        if self.direction is not None:
            d["direction"] = self.direction
        if self.text is not None:
            d[{"open_app": "app_name", "status": "goal_status"}.get(self.name, "text")] = \
                self.text
        return json.dumps(d, ensure_ascii=False)


Steps = Generator[Action, Screen, None]


class Plan:
    """The actions of one command, produced one at a time, each from the screen it acts on.

    Call :meth:`step` with the current screen until it returns None.
    """

    def __init__(self, steps: Steps) -> None:
        self._steps = steps
        self._started = False
        self.done = False

    def step(self, screen: Screen) -> Action | None:
        """The next action, or None when the command is complete.

        Raises:
            PlanError: The step's target is not on ``screen``.
        """
        if self.done:
            return None
        try:
            action = self._steps.send(screen) if self._started else next(self._steps)
        except StopIteration:
            self.done = True
            return None
        except PlanError:
            self.done = True
            raise
        self._started = True
        return action

    def actions(self, screen: Screen) -> list[Action]:
        """Every action at once, all from ``screen`` (for commands that need no new screen;
        a macro step that must look at a later screen sees this one)."""
        out = []
        while (action := self.step(screen)) is not None:
            out.append(action)
        return out


def _point_action(builder: Callable[[float, float], Action]) -> Callable[..., Steps]:
    def expand(c: Command, screen: Screen) -> Steps:
        yield builder(*screen.center(screen.element(c.index)))
    return expand


def _input_text(c: Command, screen: Screen) -> Steps:
    if c.index is not None:
        field_ = screen.element(c.index)
        if not field_.focused:
            yield A.tap(*screen.center(field_))
    yield A.type_text(c.text or "")


def _swipe(finger: Callable[[Command], str]) -> Callable[..., Steps]:
    def expand(c: Command, screen: Screen) -> Steps:
        x0, y0, x1, y1 = (_MARGIN, _MARGIN, 1 - _MARGIN, 1 - _MARGIN)
        if c.index is not None:
            b = screen.element(c.index).bounds
            x0, x1 = max(x0, b[0] / screen.width), min(x1, b[2] / screen.width)
            y0, y1 = max(y0, b[1] / screen.height), min(y1, b[3] / screen.height)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        # from 80% to 20% of the area along the movement: a long, deliberate drag
        lo_x, hi_x = x0 + 0.2 * (x1 - x0), x0 + 0.8 * (x1 - x0)
        lo_y, hi_y = y0 + 0.2 * (y1 - y0), y0 + 0.8 * (y1 - y0)
        yield {"up": A.swipe(cx, hi_y, cx, lo_y), "down": A.swipe(cx, lo_y, cx, hi_y),
               "left": A.swipe(hi_x, cy, lo_x, cy),
               "right": A.swipe(lo_x, cy, hi_x, cy)}[finger(c)]
    return expand


def _open_app(c: Command, screen: Screen) -> Steps:
    name = c.text or ""
    screen = yield A.home()
    icon = screen.find_app(name)
    if icon is None:
        search = next((e for e in screen.elements if e.id == "launcher_search"), None)
        if search is None:
            raise PlanError("open_app: the home screen shows no 'Search apps' field")
        yield A.tap(*screen.center(search))
        screen = yield A.type_text(name)
        icon = screen.find_app(name)
        if icon is None:
            raise PlanError(f"open_app: no app named {name!r} is installed")
    yield A.tap(*screen.center(icon))


def _single(builder: Callable[[], Action]) -> Callable[..., Steps]:
    def expand(c: Command, screen: Screen) -> Steps:
        yield builder()
    return expand


def _answer(c: Command, screen: Screen) -> Steps:
    yield A.answer(c.text or "")


_EXPAND: dict[str, Callable[[Command, Screen], Steps]] = {
    "click": _point_action(A.tap), "long_press": _point_action(A.long_press),
    "double_tap": _point_action(A.double_tap), "input_text": _input_text,
    "keyboard_enter": _single(A.enter),
    "scroll": _swipe(lambda c: _OPPOSITE[c.direction or "down"]),
    "swipe": _swipe(lambda c: c.direction or "up"),
    "navigate_back": _single(A.back), "navigate_home": _single(A.home),
    "recents": _single(A.recents), "open_app": _open_app, "answer": _answer,
    "status": _single(A.done), "wait": _single(A.wait),
}
ACTION_TYPES = tuple(_EXPAND)
