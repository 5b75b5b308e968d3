"""LLM agents: the screen as prompt text, a set-of-marks screenshot, and model output as actions.

No network and no model dependency: bring any model as a function ``prompt -> text`` (or
``(prompt, image) -> text``). The pieces, usable alone:

- :class:`Screen` (from ``device.ui_tree()`` or ``info["ui_tree"]`` and the frame size): the
  elements worth showing, numbered; :meth:`Screen.describe` writes them as compact prompt
  lines (``[4] app_icon "Settings" clickable long-clickable``), like BrowserGym's axtree and
  AndroidWorld's element lists; :meth:`Screen.set_of_marks` draws the same numbers as boxes on
  the frame.
- :func:`parse` turns model output into a :class:`Command`. It reads AndroidWorld's JSON
  actions (``{"action_type": "click", "index": 5}``) and function-call text (``tap(5)``,
  ``type("hi", 3)``, ``swipe(up)``, ``back()``), inside prose or a code fence; anything else
  raises :class:`ActionParseError` saying what was wrong.
- :meth:`Command.plan` expands a command into env actions. Most are one action;
  ``input_text`` with an index is a tap then TYPE; ``open_app`` is a macro (below).
- :class:`LLMAgent` wires these into the agent protocol (``reset(instruction, info)``,
  ``act(observation, info)``): it prompts the model, parses, runs plans step by step, and
  tells the model about its parse errors on the next prompt.

Actions (JSON ``action_type`` / function name, arguments):

==========================  ===============================  ==================================
JSON ``action_type``        function call                    env actions
==========================  ===============================  ==================================
``click`` index             ``tap(i)``, ``click(i)``         TAP at the element's centre
``long_press`` index        ``long_press(i)``                LONG_PRESS
``double_tap`` index        ``double_tap(i)``                DOUBLE_TAP
``input_text`` text, index  ``type("t", i)``, ``type("t")``  TAP the field (if an index is
                                                             given), then TYPE; no Enter
``keyboard_enter``          ``enter()``                      ENTER
``scroll`` direction, idx   ``scroll(down, i)``              SWIPE; ``down`` shows what is
                                                             below (the finger moves up)
``swipe`` direction, idx    ``swipe(up, i)``                 SWIPE; the finger's direction
``navigate_back``           ``back()``                       BACK
``navigate_home``           ``home()``                       HOME
``recents``                 ``recents()``                    RECENTS
``open_app`` app_name       ``open_app("Notes")``            the macro below
``answer`` text             ``answer("3")``                  ANSWER (ends the episode)
``status`` goal_status      ``done()``, ``infeasible()``     DONE (ends the episode)
``wait``                    ``wait()``                       WAIT
==========================  ===============================  ==================================

``open_app`` is a macro, not a system call: the simulated phone has no ``am start``, and an
agent must not reach a screen the UI cannot. It presses Home, taps the app's icon if the home
page shows it, and otherwise taps "Search apps", types the name and taps the result. Each of
these is a real step (counted against ``max_steps`` and recorded like any other); each reads
the screen as it is then, and a missing target raises :class:`PlanError` (the agent reports it
to the model and asks again). ``status`` ``infeasible`` also ends with DONE: the judge decides
from the state, and a task that asked for a change fails.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import actions as A

Action = dict[str, Any]
Model = Callable[..., str]

# Scroll and swipe finger paths stay this far (normalized) from the screen's edges, where
# swipes are system gestures (Back from the left edge, the shade, Home from the bottom).
_MARGIN = 0.06
_DIRECTIONS = ("up", "down", "left", "right")
_OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


class ActionParseError(ValueError):
    """Model output that is not an action; the message says why (fit to show the model)."""


class PlanError(RuntimeError):
    """A command cannot be carried out on the current screen (no such element, app...)."""


# --------------------------------------------------------------------------- the screen
@dataclass(frozen=True)
class Element:
    """One numbered element of a :class:`Screen` (a node of the UI tree)."""

    index: int
    role: str
    text: str
    id: str | None
    bounds: tuple[int, int, int, int]
    clickable: bool = False
    long_clickable: bool = False
    double_clickable: bool = False
    scrollable: bool = False
    focused: bool = False
    checked: bool | None = None
    selected: bool = False
    enabled: bool = True
    hint: str | None = None

    @property
    def interactive(self) -> bool:
        """Tappable, long-pressable, double-tappable or scrollable."""
        return self.clickable or self.long_clickable or self.double_clickable or self.scrollable

    def describe(self, ids: bool = False) -> str:
        """One prompt line: ``[4] app_icon "Settings" clickable long-clickable`` (the view id
        is shown when ``ids`` is set or the element has no text)."""
        parts = [f"[{self.index}]", self.role]
        if self.text:
            parts.append(json.dumps(self.text, ensure_ascii=False))
        if self.id and (ids or not self.text):
            parts.append(f"id={self.id}")
        if self.hint:
            parts.append(f"hint={json.dumps(self.hint, ensure_ascii=False)}")
        flags = [("checked" if self.checked else "unchecked") if self.checked is not None
                 else "", "focused" if self.focused else "", "selected" if self.selected else "",
                 "disabled" if not self.enabled else "", "clickable" if self.clickable else "",
                 "long-clickable" if self.long_clickable else "",
                 "double-clickable" if self.double_clickable else "",
                 "scrollable" if self.scrollable else ""]
        return " ".join(parts + [f for f in flags if f])


class Screen:
    """The elements of one screen, numbered in paint order (later ones are on top).

    Containers with neither text nor an interaction are left out, so are the keyboard's keys
    (unless asked for), and so is a plain text that
    a control around it already says (a list row's title); everything else, visible text
    included, gets an index, so the numbers a model reads are the numbers it acts on.

    Args:
        ui_tree: ``device.ui_tree()`` or ``info["ui_tree"]`` (bounds in frame pixels).
        size: The frame's ``(width, height)`` in pixels, or the frame (an ``(H, W, 3)``
            array), to normalize positions for the action space.
        keyboard: List the on-screen keyboard's keys (by default one line says it is shown:
            ``input_text`` types without them).

    Example:
        >>> screen = Screen(device.ui_tree(), device.render())
        >>> print(screen.describe())            # doctest: +SKIP
        [0] text "17:39"
        [3] app_icon "Contacts" clickable long-clickable
    """

    def __init__(self, ui_tree: Iterable[dict[str, Any]], size: Any,
                 keyboard: bool = False) -> None:
        if isinstance(size, np.ndarray):
            size = (size.shape[1], size.shape[0])
        self.width, self.height = (int(v) for v in size)
        if self.width < 1 or self.height < 1:
            raise ValueError(f"size must be a positive (width, height), got {size!r}")
        kept: list[Element] = []
        self.keyboard_shown = False
        for node in ui_tree:
            if node.get("role") == "key" and not keyboard:
                self.keyboard_shown = True
                continue
            interactive = node.get("clickable") or node.get("long_clickable") \
                or node.get("double_clickable") or node.get("scrollable")
            if not (node.get("text") or interactive or node.get("hint")):
                continue
            kept.append(Element(
                index=len(kept), role=node.get("role") or "view",
                text=node.get("text") or "", id=node.get("id"),
                bounds=tuple(int(b) for b in node["bounds"]),
                clickable=bool(node.get("clickable")),
                long_clickable=bool(node.get("long_clickable")),
                double_clickable=bool(node.get("double_clickable")),
                scrollable=bool(node.get("scrollable")), focused=bool(node.get("focused")),
                checked=node.get("checked"), selected=bool(node.get("selected")),
                enabled=node.get("enabled", True), hint=node.get("hint")))
        # a plain text inside a control whose label already says it (a list row's title)
        # adds nothing but length
        kept = [e for e in kept if e.interactive or not any(
            o.interactive and e.text in o.text and _inside(e.bounds, o.bounds) for o in kept)]
        self.elements = self.subset(kept).elements if kept else []

    @classmethod
    def of(cls, device: Any, keyboard: bool = False) -> Screen:
        """The screen a ``Device`` shows now."""
        return cls(device.ui_tree(), (device.width * device.scale, device.height * device.scale),
                   keyboard)

    def subset(self, elements: Iterable[Element]) -> Screen:
        """A screen of only ``elements``, renumbered from 0 in the order given."""
        out = Screen([], (self.width, self.height))
        out.elements = [Element(**{**e.__dict__, "index": i}) for i, e in enumerate(elements)]
        return out

    def __len__(self) -> int:
        return len(self.elements)

    def __getitem__(self, index: int) -> Element:
        return self.element(index)

    def element(self, index: Any) -> Element:
        """The element numbered ``index``.

        Raises:
            PlanError: No such index on this screen.
        """
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) \
                or not 0 <= index < len(self.elements):
            raise PlanError(f"there is no element {index!r} on this screen "
                            f"(indices are 0..{len(self.elements) - 1})")
        return self.elements[int(index)]

    def describe(self, ids: bool = False) -> str:
        """The screen as prompt text, one element per line (``ids`` adds the view ids)."""
        lines = [e.describe(ids) for e in self.elements]
        if self.keyboard_shown:
            lines.append("(the keyboard is shown: input_text types into the focused field)")
        return "\n".join(lines)

    def center(self, element: Element) -> tuple[float, float]:
        """An element's centre, normalized (what ``A.tap`` takes)."""
        x0, y0, x1, y1 = element.bounds
        return _clip((x0 + x1) / 2 / self.width), _clip((y0 + y1) / 2 / self.height)

    def find_app(self, name: str) -> Element | None:
        """The app icon labelled ``name`` (case and spacing ignored), if one is shown."""
        key = " ".join(name.split()).casefold()
        return next((e for e in reversed(self.elements) if e.role == "app_icon"
                     and " ".join(e.text.split()).casefold() == key), None)

    def set_of_marks(self, frame: np.ndarray, interactive_only: bool = True) -> np.ndarray:
        """A copy of ``frame`` with a numbered box on each (interactive) element.

        The numbers are the elements' indices, as in :meth:`describe`.
        """
        from PIL import Image, ImageDraw, ImageFont

        image = Image.fromarray(np.ascontiguousarray(frame[..., :3]))
        draw = ImageDraw.Draw(image)
        scale = max(1.0, self.width / 360)
        font = ImageFont.load_default(size=int(10 * scale))
        for e in self.elements:
            if interactive_only and not e.interactive:
                continue
            color = _PALETTE[e.index % len(_PALETTE)]
            x0, y0, x1, y1 = e.bounds
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=color, width=max(1, int(scale)))
            label = str(e.index)
            left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
            pad = int(2 * scale)
            draw.rectangle((x0, y0, x0 + right - left + 2 * pad, y0 + bottom - top + 2 * pad),
                           fill=color)
            draw.text((x0 + pad - left, y0 + pad - top), label, fill=(255, 255, 255), font=font)
        return np.asarray(image)


# Dark, saturated colours: white numbers stay legible on each, and neighbours differ.
_PALETTE = [(214, 39, 40), (31, 119, 180), (44, 160, 44), (148, 103, 189), (140, 86, 75),
            (227, 119, 194), (23, 137, 150), (188, 129, 14), (90, 90, 90), (255, 97, 3)]


def _inside(inner: tuple[int, ...], outer: tuple[int, ...]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] \
        and inner[3] <= outer[3]


def _clip(v: float) -> float:
    return min(max(v, 0.0), 1.0)


# --------------------------------------------------------------------------- commands
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

# --------------------------------------------------------------------------- parsing
# function name -> (action_type, positional argument fields)
_FUNCTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "tap": ("click", ("index",)), "click": ("click", ("index",)),
    "long_press": ("long_press", ("index",)), "double_tap": ("double_tap", ("index",)),
    "type": ("input_text", ("text", "index")), "input_text": ("input_text", ("text", "index")),
    "enter": ("keyboard_enter", ()), "keyboard_enter": ("keyboard_enter", ()),
    "scroll": ("scroll", ("direction", "index")), "swipe": ("swipe", ("direction", "index")),
    "back": ("navigate_back", ()), "navigate_back": ("navigate_back", ()),
    "home": ("navigate_home", ()), "navigate_home": ("navigate_home", ()),
    "recents": ("recents", ()), "open_app": ("open_app", ("text",)),
    "answer": ("answer", ("text",)), "wait": ("wait", ()),
    "done": ("status", ()), "complete": ("status", ()), "infeasible": ("status", ()),
    "status": ("status", ("text",)),
}
_NEEDS = {"click": "index", "long_press": "index", "double_tap": "index",
          "input_text": "text", "scroll": "direction", "swipe": "direction",
          "open_app": "text", "answer": "text", "status": "text"}
_JSON_TEXT_KEYS = ("text", "app_name", "goal_status")
_FENCE = re.compile(r"```(?:json|python|text)?\s*\n?(.*?)```", re.S)
_CALL = re.compile(r"\b([a-z_]+)\s*\(")
EXAMPLES = ('{"action_type": "click", "index": 5}', 'tap(5)', 'type("hello", 3)',
            'swipe(up)', 'back()')


def parse(output: str) -> Command:
    """Reads one action from a model's output.

    Accepts a JSON object with ``action_type`` (AndroidWorld's format; other keys: ``index``,
    ``text``, ``direction``, ``app_name``, ``goal_status``) or one function call (``tap(5)``,
    ``type("hi", 3)``, ``swipe(up)``, ``back()``...), alone or inside prose or a code fence
    (the last one found wins, as models reason before they act). See the module's table.

    Raises:
        ActionParseError: No action found, an unknown action, or a missing or bad argument;
            the message names the problem and the accepted forms.
    """
    if not isinstance(output, str):
        raise ActionParseError(f"model output must be a str, got {type(output).__name__}")
    fences = _FENCE.findall(output)
    text = fences[-1] if fences else output
    obj = _last_json_object(text)
    if obj is not None:
        return _from_json(obj)
    call = _last_call(text)
    if call is not None:
        return _from_call(call)
    shown = output.strip()
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    raise ActionParseError(f"no action found in {shown!r}; answer with one JSON action or "
                           f"one call, e.g. {' or '.join(EXAMPLES[:2])}")


def _last_json_object(text: str) -> dict[str, Any] | None:
    decoder = json.JSONDecoder()
    found = None
    for i, ch in enumerate(text):
        if ch != "{":
            continue
        try:
            obj, _ = decoder.raw_decode(text, i)
        except json.JSONDecodeError:
            continue
        if isinstance(obj, dict) and "action_type" in obj:
            found = obj
    if found is None and "action_type" in text:
        raise ActionParseError("the output mentions action_type but holds no valid JSON "
                               "object; write e.g. " + EXAMPLES[0])
    return found


def _from_json(obj: dict[str, Any]) -> Command:
    kind = obj["action_type"]
    if not isinstance(kind, str) or kind.lower() not in _EXPAND:
        raise ActionParseError(f"unknown action_type {kind!r}; use one of "
                               f"{', '.join(ACTION_TYPES)}")
    kind = kind.lower()
    args: dict[str, Any] = {"index": obj.get("index"), "direction": obj.get("direction")}
    args["text"] = next((obj[k] for k in _JSON_TEXT_KEYS if obj.get(k) is not None), None)
    return _command(kind, args)


def _last_call(text: str) -> ast.Call | None:
    calls = [m for m in _CALL.finditer(text) if m.group(1) in _FUNCTIONS]
    for m in reversed(calls):
        snippet = _balanced(text, m.end() - 1)
        if snippet is None:
            continue
        try:
            node = ast.parse(text[m.start():snippet], mode="eval").body
        except SyntaxError:
            continue
        if isinstance(node, ast.Call):
            return node
    if calls:
        raise ActionParseError(f"could not read the call {text[calls[-1].start():][:60]!r}: "
                               f"arguments must be literals, e.g. {EXAMPLES[2]}")
    return None


def _balanced(text: str, open_at: int) -> int | None:
    """The index after the parenthesis closing the one at ``open_at`` (quotes respected)."""
    depth, quote, i = 0, "", open_at
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _from_call(call: ast.Call) -> Command:
    name = call.func.id if isinstance(call.func, ast.Name) else "?"
    kind, positional = _FUNCTIONS[name]
    if len(call.args) > len(positional):
        raise ActionParseError(f"{name}() takes at most {len(positional)} argument(s) "
                               f"({', '.join(positional) or 'none'}), got {len(call.args)}")
    args: dict[str, Any] = {"index": None, "text": None, "direction": None}
    given = [*zip(positional, call.args, strict=False),
             *((k.arg, k.value) for k in call.keywords)]
    for key, node in given:
        key = {"app_name": "text", "goal_status": "text"}.get(key or "", key)
        if key not in args:
            raise ActionParseError(f"{name}() has no argument {key!r}")
        args[key] = _literal(name, node, bare_word=key == "direction")
    if name in ("done", "complete", "infeasible"):
        args["text"] = "infeasible" if name == "infeasible" else "complete"
    return _command(kind, args)


def _literal(name: str, node: ast.expr, bare_word: bool) -> Any:
    if bare_word and isinstance(node, ast.Name):  # swipe(up)
        return node.id
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise ActionParseError(f"{name}(): arguments must be literals (a number or a quoted "
                               f"string), got {ast.unparse(node)!r}") from None


def _command(kind: str, args: dict[str, Any]) -> Command:
    need = _NEEDS.get(kind)
    if need is not None and args.get(need) is None:
        field_name = {"open_app": "app_name", "status": "goal_status"}.get(kind, need)
        raise ActionParseError(f"{kind} needs {field_name!r}")
    index = args.get("index")
    if index is not None:
        if isinstance(index, str) and index.strip().isdigit():
            index = int(index)
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise ActionParseError(f"{kind}: index must be a non-negative integer, "
                                   f"got {index!r}")
    direction = args.get("direction")
    if direction is not None:
        if not isinstance(direction, str) or direction.lower() not in _DIRECTIONS:
            raise ActionParseError(f"{kind}: direction must be one of {', '.join(_DIRECTIONS)},"
                                   f" got {direction!r}")
        direction = direction.lower()
    text = args.get("text")
    if text is not None:
        if not isinstance(text, (str, int, float)) or isinstance(text, bool):
            raise ActionParseError(f"{kind}: text must be a string, got {text!r}")
        text = str(text)
        if kind in ("input_text", "answer"):
            try:
                A.check_text(text)
            except ValueError as err:
                raise ActionParseError(f"{kind}: {err}") from None
    if kind == "status":
        text = (text or "").lower()
        if text not in ("complete", "infeasible"):
            raise ActionParseError(f"status: goal_status must be 'complete' or 'infeasible', "
                                   f"got {text!r}")
    return Command(kind, index=index if kind not in ("open_app", "answer", "status") else None,
                   text=text, direction=direction)


# --------------------------------------------------------------------------- the agent
SYSTEM_PROMPT = """\
You operate an Android phone to complete the user's goal. Each turn you see the goal, the
screen's elements as numbered lines (role, "text", state), and your previous actions. Reply
with ONE action, as JSON or as a call:
  {"action_type": "click", "index": 5}                        tap(5)
  {"action_type": "long_press", "index": 5}                   long_press(5)
  {"action_type": "input_text", "text": "hi", "index": 3}     type("hi", 3)
  {"action_type": "keyboard_enter"}                           enter()
  {"action_type": "scroll", "direction": "down"}              scroll(down)   (shows what is below)
  {"action_type": "navigate_back"}                            back()
  {"action_type": "navigate_home"}                            home()
  {"action_type": "open_app", "app_name": "Notes"}            open_app("Notes")
  {"action_type": "answer", "text": "3"}                      answer("3")   (for questions)
  {"action_type": "status", "goal_status": "complete"}        done()
"""


def build_prompt(instruction: str, screen: Screen, history: Sequence[str] = (),
                 note: str = "") -> str:
    """The user prompt for one turn: goal, previous actions, an optional note (e.g. the last
    parse error) and the screen's elements."""
    lines = [f"Goal: {instruction}", "", "Previous actions:"]
    lines += [f"{i + 1}. {h}" for i, h in enumerate(history)] or ["(none)"]
    if note:
        lines += ["", f"Note: {note}"]
    lines += ["", "Screen elements:", screen.describe(), "", "Your action:"]
    return "\n".join(lines)


class LLMAgent:
    """An agent (``reset(instruction, info)``, ``act(observation, info)``) driven by a model.

    Each turn: the screen from ``info["ui_tree"]`` (the agent sets ``wants_ui_tree``; with a
    bare env, wrap it in ``UITreeInfo``), a prompt from :func:`build_prompt`, the model's
    reply parsed with :func:`parse` and expanded with :meth:`Command.plan`. A plan of several
    steps (an ``open_app``, a tap-then-type) runs to its end before the model is asked again.
    A reply that does not parse, or a plan that fails, costs one WAIT step and the error is
    shown to the model next turn; after ``max_errors`` in a row the agent gives up with DONE.

    Args:
        model: ``model(system, prompt)`` returns the reply; with ``images=True`` it is called
            as ``model(system, prompt, image)`` with the set-of-marks screenshot (an
            ``(H, W, 3)`` uint8 array).
        images: Also pass the set-of-marks screenshot.
        max_errors: Consecutive unusable replies before giving up.
        history: How many previous commands the prompt lists.
        system: The system prompt.
    """

    name = "llm"
    wants_ui_tree = True

    def __init__(self, model: Model, images: bool = False, max_errors: int = 3,
                 history: int = 10, system: str = SYSTEM_PROMPT) -> None:
        if not callable(model):
            raise TypeError(f"model must be callable, got {type(model).__name__}")
        if max_errors < 1 or history < 0:
            raise ValueError(f"need max_errors >= 1 and history >= 0, got {max_errors}, "
                             f"{history}")
        self.model, self.images, self.max_errors, self.history, self.system = \
            model, images, max_errors, history, system
        self.reset("")

    def reset(self, instruction: str, info: dict[str, Any] | None = None) -> None:
        """Starts an episode."""
        self.instruction = instruction
        self.commands: list[str] = []  # what the model chose, as JSON, for the prompt
        self._plan: Plan | None = None
        self._errors = 0
        self._note = ""

    def act(self, observation: Any, info: dict[str, Any]) -> Action:
        """The next action for the screen in ``info["ui_tree"]`` (and the frame)."""
        if "ui_tree" not in info:
            raise KeyError("LLMAgent needs info['ui_tree']: wrap the env in UITreeInfo")
        frame = observation["frame"] if isinstance(observation, dict) else observation
        screen = Screen(info["ui_tree"], frame)
        try:
            if self._plan is not None:
                action = self._plan.step(screen)
                if action is not None:
                    return action
                self._plan = None
            history = self.commands[len(self.commands) - self.history:] if self.history else []
            prompt = build_prompt(self.instruction, screen, history, self._note)
            reply = self.model(self.system, prompt, screen.set_of_marks(frame)) \
                if self.images else self.model(self.system, prompt)
            command = parse(reply)
            self.commands.append(command.to_json())
            self._plan = command.plan(screen)
            action = self._plan.step(screen)
        except (ActionParseError, PlanError) as err:
            self._plan = None
            self._errors += 1
            self._note = f"your last action could not be used: {err}"
            return A.done() if self._errors >= self.max_errors else A.wait()
        self._errors, self._note = 0, ""
        return action if action is not None else A.wait()
