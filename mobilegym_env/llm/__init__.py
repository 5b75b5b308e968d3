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

from .agent import SYSTEM_PROMPT, LLMAgent, build_prompt
from .commands import ACTION_TYPES, Command, Plan
from .parse import EXAMPLES, ActionParseError, parse
from .screen import Element, PlanError, Screen

__all__ = ["ACTION_TYPES", "EXAMPLES", "SYSTEM_PROMPT", "ActionParseError", "Command",
           "Element", "LLMAgent", "Plan", "PlanError", "Screen", "build_prompt", "parse"]
