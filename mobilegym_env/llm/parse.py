"""Model output to :class:`Command`: AndroidWorld JSON or function-call text."""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from .. import actions as A
from .commands import ACTION_TYPES, DIRECTIONS, Command


class ActionParseError(ValueError):
    """Model output that is not an action; the message says why (fit to show the model)."""


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
    if not isinstance(kind, str) or kind.lower() not in ACTION_TYPES:
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
        if not isinstance(direction, str) or direction.lower() not in DIRECTIONS:
            raise ActionParseError(f"{kind}: direction must be one of {', '.join(DIRECTIONS)},"
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

