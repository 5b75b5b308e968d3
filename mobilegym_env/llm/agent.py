"""``LLMAgent``: the agent protocol around a model, with the prompt it is given."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import actions as A
from .commands import Plan
from .parse import ActionParseError, parse
from .screen import PlanError, Screen

Action = dict[str, Any]
Model = Callable[..., str]

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
