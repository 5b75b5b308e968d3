"""mobilegym_env.llm: screens as prompt text and marks, the output parser, plans, LLMAgent."""

from __future__ import annotations

import re

import gymnasium as gym
import numpy as np
import pytest

import mobilegym_env  # noqa: F401
from mobilegym_env import actions as A
from mobilegym_env import llm
from mobilegym_env.device import Device
from mobilegym_env.llm import ActionParseError, Command, PlanError, Screen, parse
from mobilegym_env.oracle import center
from mobilegym_env.testing import node
from mobilegym_env.wrappers import UITreeInfo


def _node(role, text, bounds, **flags):
    return {"role": role, "text": text, "id": flags.pop("id", None), "bounds": bounds,
            "clickable": False, "long_clickable": False, "double_clickable": False,
            "scrollable": False, "focused": False, "checked": None, "selected": False,
            "enabled": True, "hint": None, **flags}


TREE = [
    _node("view", "", (0, 0, 360, 800), id="root"),                      # container: left out
    _node("heading", "Notes", (16, 48, 200, 88)),
    _node("list", "", (0, 96, 360, 700), id="notes", scrollable=True),
    _node("list_item", "Groceries Milk Eggs", (0, 100, 360, 172), clickable=True,
          long_clickable=True),
    _node("text", "Groceries", (16, 104, 200, 130)),                   # said by its row
    _node("text", "Mar 2", (300, 104, 350, 130)),
    _node("switch", "Wi-Fi", (0, 180, 360, 230), clickable=True, checked=False),
    _node("text_field", "", (16, 240, 344, 290), id="title", clickable=True, focused=True,
          hint="Title"),
    _node("key", "q", (0, 600, 36, 650), clickable=True),
]


def test_screen_lists_meaningful_elements_as_numbered_prompt_lines():
    screen = Screen(TREE, (360, 800))
    assert screen.describe().splitlines() == [
        '[0] heading "Notes"',
        '[1] list id=notes scrollable',
        '[2] list_item "Groceries Milk Eggs" clickable long-clickable',
        '[3] text "Mar 2"',
        '[4] switch "Wi-Fi" unchecked clickable',
        '[5] text_field id=title hint="Title" focused clickable',
        "(the keyboard is shown: input_text types into the focused field)",
    ]
    assert Screen(TREE, (360, 800), keyboard=True).describe().splitlines()[-1] \
        == '[6] key "q" clickable'
    assert screen[2].text == "Groceries Milk Eggs" and len(screen) == 6


def test_screen_of_a_device_numbers_the_home_screen_icons():
    d = Device()
    screen = Screen.of(d)
    lines = screen.describe().splitlines()
    settings = next(line for line in lines if '"Settings"' in line)
    assert re.fullmatch(r'\[\d+\] app_icon "Settings" clickable long-clickable', settings)
    index = int(settings[1:settings.index("]")])
    assert screen.center(screen[index]) == center(d, node(d, text="Settings", role="app_icon"))
    assert screen.find_app(" settings ") is screen[index] and screen.find_app("Maps") is None


def test_screen_rejects_a_bad_size_and_a_bad_index():
    with pytest.raises(ValueError, match="size"):
        Screen(TREE, (0, 800))
    screen = Screen(TREE, np.zeros((800, 360, 3), np.uint8))
    assert (screen.width, screen.height) == (360, 800)
    for bad in (6, -1, "2", True):
        with pytest.raises(PlanError, match=r"no element .* \(indices are 0\.\.5\)"):
            screen.element(bad)


def test_set_of_marks_boxes_interactive_elements_only():
    frame = np.full((800, 360, 3), 255, np.uint8)
    screen = Screen(TREE, (360, 800))
    marked = screen.set_of_marks(frame)
    assert frame.min() == 255 and marked.shape == frame.shape  # the input is untouched
    assert (marked[100, 180] != 255).any()        # the row's top edge (element 2)
    assert (marked[110:120, 2:12] != 255).any()   # its number's label
    assert (marked[60, 100] == 255).all()         # the heading is not interactive: no box
    everything = screen.set_of_marks(frame, interactive_only=False)
    assert (everything[48, 100] != 255).any()


JSON_CASES = {
    '{"action_type": "click", "index": 5}': Command("click", index=5),
    'The Save button is 5, so:\n{"action_type": "long_press", "index": "5"}':
        Command("long_press", index=5),
    '```json\n{"action_type": "input_text", "text": "hi", "index": 3}\n```':
        Command("input_text", index=3, text="hi"),
    '{"action_type": "scroll", "direction": "DOWN"}': Command("scroll", direction="down"),
    '{"action_type": "open_app", "app_name": "Notes"}': Command("open_app", text="Notes"),
    '{"action_type": "status", "goal_status": "infeasible"}':
        Command("status", text="infeasible"),
    '{"action_type": "answer", "text": 3}': Command("answer", text="3"),
    '{"action_type": "navigate_back"} then {"action_type": "navigate_home"}':
        Command("navigate_home"),
    '{"action_type": "keyboard_enter"}': Command("keyboard_enter"),
    '{"action_type": "wait"}': Command("wait"),
}
CALL_CASES = {
    "tap(5)": Command("click", index=5),
    "Action: click(index=12)": Command("click", index=12),
    'type("hi, (there)", 3)': Command("input_text", index=3, text="hi, (there)"),
    "type('x')": Command("input_text", text="x"),
    "swipe(up)": Command("swipe", direction="up"),
    'scroll("down", 4)': Command("scroll", index=4, direction="down"),
    "back()": Command("navigate_back"),
    "home()": Command("navigate_home"),
    'open_app(app_name="Files")': Command("open_app", text="Files"),
    "done()": Command("status", text="complete"),
    "infeasible()": Command("status", text="infeasible"),
    'answer("3 photos")': Command("answer", text="3 photos"),
    "I tapped tap(2) before; now double_tap(7)": Command("double_tap", index=7),
    "```python\nenter()\n```": Command("keyboard_enter"),
}


@pytest.mark.parametrize("output,command", [*JSON_CASES.items(), *CALL_CASES.items()])
def test_parse_reads_json_and_calls(output, command):
    assert parse(output) == command


@pytest.mark.parametrize("command", [*JSON_CASES.values(), *CALL_CASES.values()])
def test_to_json_parses_back(command):
    assert parse(command.to_json()) == command


@pytest.mark.parametrize("output,message", [
    ("I am not sure what to do.", "no action found"),
    ("", "no action found"),
    ('{"action_type": "fly"}', "unknown action_type 'fly'"),
    ('{"action_type": "click", "index": 5', "no valid JSON"),
    ('{"action_type": "click"}', "click needs 'index'"),
    ("tap()", "click needs 'index'"),
    ('tap("five")', "index must be a non-negative integer"),
    ("tap(-1)", "index must be a non-negative integer"),
    ("tap(1, 2)", "at most 1 argument"),
    ("tap(x + 1)", "arguments must be literals"),
    ("tap(color=2)", "no argument 'color'"),
    ("swipe(sideways)", "direction must be one of up, down, left, right"),
    ('{"action_type": "status", "goal_status": "maybe"}', "'complete' or 'infeasible'"),
    ('{"action_type": "open_app"}', "open_app needs 'app_name'"),
    ('type("a\\x00b")', "U+0000"),
    ("tap(3", "could not read the call"),
    (None, "must be a str"),
])
def test_parse_errors_name_the_problem(output, message):
    with pytest.raises(ActionParseError, match=re.escape(message)):
        parse(output)


def _same(a, b):
    assert A.parse(a).__repr__() == A.parse(b).__repr__()


def test_plans_expand_commands_into_env_actions():
    screen = Screen(TREE, (360, 800))
    row = screen.center(screen[2])
    _same(parse("tap(2)").plan(screen).actions(screen)[0], A.tap(*row))
    assert [a["action_type"] for a in parse("long_press(2)").plan(screen).actions(screen)] \
        == [A.ActionType.LONG_PRESS]
    # the title field is focused: no tap before typing; an unfocused one is tapped first
    assert [A.parse(a).kind.name for a in parse('type("x", 5)').plan(screen).actions(screen)] \
        == ["TYPE"]
    tap, typed = parse('type("x", 4)').plan(screen).actions(screen)
    _same(tap, A.tap(*screen.center(screen[4])))
    assert typed["text"] == "x"
    # scroll down inside the list: the finger moves up, within the list's bounds
    (swipe,) = parse("scroll(down, 1)").plan(screen).actions(screen)
    (x0, y0), (x1, y1) = swipe["point"], swipe["end_point"]
    assert x0 == x1 == pytest.approx(0.5) and 96 / 800 < y1 < y0 < 700 / 800
    (finger,) = parse("swipe(right)").plan(screen).actions(screen)
    assert finger["point"][0] > 0.06 and finger["end_point"][0] > finger["point"][0]
    for name, kind in [("back()", "BACK"), ("home()", "HOME"), ("enter()", "ENTER"),
                       ("wait()", "WAIT"), ("done()", "DONE"), ('answer("4")', "ANSWER")]:
        assert [A.parse(a).kind.name for a in parse(name).plan(screen).actions(screen)] \
            == [kind]
    with pytest.raises(PlanError, match="no element 9"):
        parse("tap(9)").plan(screen).step(screen)


def _run(env, plan):
    """Runs a plan on a wrapped env, giving it each new screen; returns the actions."""
    obs, info = env.reset(seed=0, options={"task": "launcher.open_app",
                                           "params": plan[0]})
    device = env.unwrapped.device
    p = parse(plan[1]).plan(Screen.of(device))
    kinds = []
    while (action := p.step(Screen.of(device))) is not None:
        kinds.append(A.parse(action).kind.name)
        obs, reward, terminated, truncated, info = env.step(action)
    return kinds, info


def test_open_app_taps_a_visible_icon_after_home():
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    kinds, info = _run(env, ({"app_id": "files", "start_in": "notes"}, 'open_app("Files")'))
    assert kinds == ["HOME", "TAP"] and info["success"]


def test_open_app_searches_when_the_icon_is_on_another_page():
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    kinds, info = _run(env, ({"app_id": "gallery", "page": 1}, 'open_app("gallery")'))
    assert kinds == ["HOME", "TAP", "TYPE", "TAP"] and info["success"]


def test_open_app_of_a_missing_app_is_a_plan_error():
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    with pytest.raises(PlanError, match="no app named 'Maps'"):
        _run(env, ({"app_id": "files"}, 'open_app("Maps")'))


class FakeModel:
    """Reads the prompt like a model would: taps the line naming the goal's app."""

    def __init__(self, replies=None):
        self.prompts, self.images, self.replies = [], [], list(replies or [])

    def __call__(self, system, prompt, image=None):
        self.prompts.append(prompt)
        self.images.append(image)
        if self.replies:
            return self.replies.pop(0)
        app = re.search(r"Open the (\w+) app", prompt).group(1)
        line = next((x for x in prompt.splitlines() if f'app_icon "{app}"' in x), None)
        return f'{{"action_type": "click", "index": {line[1:line.index("]")]}}}' if line \
            else "home()"


def _episode(agent, seed, task="launcher.open_app"):
    env = UITreeInfo(gym.make("MobileGym-v0", task=task))
    obs, info = env.reset(seed=seed, options={"params": {"app_id": "notes", "start_in": "files"}})
    agent.reset(info["instruction"], info)
    actions, done = [], False
    while not done:
        action = agent.act(obs, info)
        actions.append(A.parse(action).kind.name)
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return actions, info


def test_llm_agent_solves_open_app_with_a_fake_model():
    model = FakeModel()
    actions, info = _episode(llm.LLMAgent(model), seed=3)
    assert info["success"] and actions == ["HOME", "TAP"]
    assert model.prompts[0].startswith("Goal: Open the Notes app.\n\nPrevious actions:\n(none)")
    assert '1. {"action_type": "navigate_home"}' in model.prompts[1]
    assert model.images == [None, None]


def test_llm_agent_passes_the_set_of_marks_screenshot():
    model = FakeModel()
    _, info = _episode(llm.LLMAgent(model, images=True), seed=3)
    assert info["success"]
    assert all(im.shape == (800, 360, 3) and im.dtype == np.uint8 for im in model.images)


def test_llm_agent_runs_a_macro_without_asking_again():
    model = FakeModel(['open_app("Notes")'])
    actions, info = _episode(llm.LLMAgent(model), seed=3)
    assert actions == ["HOME", "TAP"] and info["success"] and len(model.prompts) == 1


def test_llm_agent_reports_errors_and_gives_up_after_max_errors():
    model = FakeModel(["hmm", "tap(99)", "not sure"])
    actions, info = _episode(llm.LLMAgent(model, max_errors=3), seed=3)
    assert actions == ["WAIT", "WAIT", "DONE"] and not info["success"]
    assert "Note: your last action could not be used: no action found in 'hmm'" \
        in model.prompts[1]
    assert "no element 99" in model.prompts[2]


def test_llm_agent_recovers_after_an_error_and_needs_the_tree():
    model = FakeModel(["let me think"])
    actions, info = _episode(llm.LLMAgent(model), seed=3)
    assert actions == ["WAIT", "HOME", "TAP"] and info["success"]
    agent = llm.LLMAgent(model)
    with pytest.raises(KeyError, match="UITreeInfo"):
        agent.act(np.zeros((800, 360, 3), np.uint8), {"instruction": "x"})
    with pytest.raises(TypeError, match="callable"):
        llm.LLMAgent("gpt")


def test_the_example_agent_file_wires_a_chat_api(monkeypatch, bench_script):
    """benchmarks/llm_agent.py against a fake OpenAI-compatible server (no network)."""
    import io
    import json

    example = bench_script("llm_agent")
    requests = []
    fake = FakeModel()

    def urlopen(request, timeout):
        body = json.loads(request.data)
        requests.append((request.full_url, dict(request.header_items()), body))
        system, user = body["messages"]
        text = user["content"][0]["text"] if isinstance(user["content"], list) \
            else user["content"]
        reply = {"choices": [{"message": {"content": fake(system["content"], text)}}]}
        return io.BytesIO(json.dumps(reply).encode())

    monkeypatch.setattr(example.urllib.request, "urlopen", urlopen)
    monkeypatch.delenv("MOBILEGYM_LLM_MODEL", raising=False)
    with pytest.raises(RuntimeError, match="MOBILEGYM_LLM_MODEL"):
        example.make_agent()
    monkeypatch.setenv("MOBILEGYM_LLM_MODEL", "tiny")
    monkeypatch.setenv("MOBILEGYM_LLM_URL", "http://127.0.0.1:9/v1/")
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("MOBILEGYM_LLM_IMAGES", "1")
    actions, info = _episode(example.make_agent(), seed=3)
    assert info["success"] and actions == ["HOME", "TAP"]
    url, headers, body = requests[0]
    assert url == "http://127.0.0.1:9/v1/chat/completions" and body["model"] == "tiny"
    assert headers["Authorization"] == "Bearer k"
    assert body["messages"][0]["content"] == llm.SYSTEM_PROMPT
    assert body["messages"][1]["content"][1]["image_url"]["url"].startswith(
        "data:image/png;base64,")


def test_eval_loads_the_example_agent_by_path(monkeypatch):
    """What the README says: ``mobilegym eval --agent benchmarks/llm_agent.py:make_agent``
    (here the Python API, in-process, with the chat API faked)."""
    import io
    import json
    import urllib.request
    from pathlib import Path

    def urlopen(request, timeout):
        prompt = json.loads(request.data)["messages"][1]["content"]
        app = prompt.split("Open the ")[1].split(" app")[0]
        reply = {"choices": [{"message": {"content": f'open_app("{app}")'}}]}
        return io.BytesIO(json.dumps(reply).encode())

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    monkeypatch.setenv("MOBILEGYM_LLM_MODEL", "fake")
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    spec = "benchmarks/llm_agent.py:make_agent"
    result = mobilegym_env.evaluate(spec, tasks="launcher.open_app", episodes=3)
    # named as LLMAgent names itself; run.json keeps the spec (tests/test_evaluate.py)
    assert result.summary["agents"]["llm"]["overall"]["success_rate"] == 1.0


@pytest.mark.parametrize("module", ["screen", "commands", "parse", "agent"])
def test_docstring_examples_hold(module):
    import doctest
    import importlib

    mod = importlib.import_module(f"mobilegym_env.llm.{module}")
    assert doctest.testmod(mod, optionflags=doctest.ELLIPSIS).failed == 0
