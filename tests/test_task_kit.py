"""The task kit: typed params, declared starts, registration from outside, listing and
filtering, the split rule, and episode results that explain themselves."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

import gymnasium as gym
import numpy as np
import pytest

import mobilegym_env
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.agents import OracleAgent, RandomAgent
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.evaluate import run_episode
from mobilegym_env.task import (
    DEFAULT_MAX_STEPS,
    Start,
    Task,
    list_tasks,
    register_task,
    registry,
    resolve_tasks,
    split_of,
    unregister_task,
)


class PinNote(Task):
    """Pin a note (a task defined outside the package, as a user would)."""

    suite = "mytasks"
    name = "pin_note"
    template = "Pin the note titled '{title}'."
    difficulty = 2
    objective = "operate"
    apps = ("notes",)
    tags = ("navigation",)
    start = Start(app="notes")

    @dataclass(frozen=True)
    class Params:
        note_id: int
        title: str
        mode: Literal["tap", "menu"] = "tap"

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Any) -> Params:
        notes = [n for n in device.kernel.app_state("notes")["notes"] if not n["pinned"]]
        note = notes[int(rng.integers(len(notes)))]
        return cls.Params(note["id"], note["title"])

    def checks(self, initial: dict) -> list:
        return [C.modified("apps.notes.notes", id=self.params.note_id, fields={"pinned": True})]

    def oracle(self, device: Any) -> Iterator[dict]:
        row = yield from O.scroll_to(device, text_contains=self.params.title,
                                     role="list_item")
        yield O.tap(device, row)
        pin = O.node(device, where=lambda n: n["text"] in ("Pin", "Pin note"))
        yield O.tap(device, pin)


@pytest.fixture
def registered():
    register_task(PinNote)
    yield PinNote
    for tid in [t for t in registry() if t.startswith("mytasks.")]:
        unregister_task(tid)


def test_a_task_registered_from_outside_runs_through_gym_make(registered):
    env = gym.make("MobileGym-v0", task="mytasks.pin_note")
    obs, info = env.reset(seed=3)
    assert info["task_id"] == "mytasks.pin_note"
    assert info["instruction"].startswith("Pin the note titled '")
    assert "mytasks.pin_note" in mobilegym_env.list_tasks(suite="mytasks")
    with pytest.raises(ValueError, match="already taken"):
        register_task(type("Clash", (PinNote,), {"__doc__": "x"}))
    assert register_task(PinNote) is PinNote  # registering the same class is a no-op


def test_registration_rejects_malformed_classes(registered):
    def make(**attrs: Any) -> type[Task]:
        base = {"suite": "x", "name": "y", "template": "Do {it}.", "apps": ("notes",),
                "Params": PinNote.Params, "__doc__": "x"}
        return type("Bad", (Task,), {**base, **attrs})
    for attrs, message in [({"difficulty": 5}, "difficulty"),
                           ({"objective": "chat"}, "objective"),
                           ({"tags": ("scrolling",)}, "unknown tags"),
                           ({}, "which are not params"),
                           ({"name": "a.b"}, "no dots"),
                           ({"split": "dev"}, "split"),
                           ({"config": {"display": {"colour": 1}}}, "bad config")]:
        with pytest.raises(ValueError, match=message):
            register_task(make(**attrs))
    with pytest.raises(ValueError, match="Task subclass"):
        register_task(dict)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="register_task"):
        unregister_task("launcher.open_app")


def test_params_are_validated_with_clear_messages(registered):
    parse = PinNote.parse_params
    assert parse({"note_id": 2, "title": "Trip"}) == PinNote.Params(2, "Trip", "tap")
    for raw, message in [({"title": "Trip"}, r"missing params \['note_id'\]"),
                         ({"note_id": 2, "title": "T", "x": 1}, r"unknown params \['x'\]"),
                         ({"note_id": "2", "title": "T"}, "param 'note_id' must be int"),
                         ({"note_id": True, "title": "T"}, "must be int"),
                         ({"note_id": 2, "title": "T", "mode": "swipe"}, "one of"),
                         ("note 2", "params must be a dict")]:
        with pytest.raises(ValueError, match=message):
            parse(raw)


def test_declared_start_and_step_budget(registered):
    env = MobileGymEnv(task="mytasks.pin_note")
    env.reset(seed=0)
    assert env.device.kernel.tasks.top_activity.app_id == "notes"
    assert env._max_steps == DEFAULT_MAX_STEPS[2] == PinNote.step_limit()
    start = Start(app="files", route="/dir?path=/sdcard/Download", background=("notes",))
    start.apply(env.device)
    assert [t.root_app_id for t in env.device.tasks] == ["notes", "files"]
    assert env.device.kernel.tasks.top_activity.route == "/dir?path=/sdcard/Download"


def test_initialize_may_only_write_data(registered):
    class Navigates(PinNote):
        """Opens an app in initialize (not allowed)."""

        name = "navigates"

        def initialize(self, device: Any, rng: np.random.Generator) -> None:
            device.kernel.launch_app("files")
    register_task(Navigates)
    env = MobileGymEnv(task="mytasks.navigates")
    with pytest.raises(RuntimeError, match="declare the start screen"):
        env.reset(seed=0)


def test_episode_results_explain_failures(registered):
    env = MobileGymEnv(task="mytasks.pin_note")
    ep = run_episode(env, RandomAgent(), "mytasks.pin_note", 0)
    assert not ep.success and ep.params["title"] in ep.instruction
    detail = ep.checks[f"modified apps.notes.notes[{ep.params['note_id']}]: pinned"]["detail"]
    assert "pinned: expected true, found false" in detail
    assert "[ ] modified" in ep.explain()
    good = run_episode(env, OracleAgent(), "mytasks.pin_note", 0)
    assert good.success and good.unexpected_changes == [], good.explain()


def test_listing_filters_and_resolution(registered):
    everything = list_tasks()
    assert everything == sorted(everything) and "launcher.open_app" in everything
    assert list_tasks(app="notes") == [t for t in everything if "notes" in registry()[t].apps]
    assert set(list_tasks(split="test")) | set(list_tasks(split="train")) == set(everything)
    assert all(registry()[t].difficulty == 1 for t in list_tasks(difficulty=1))
    assert list_tasks(suite="launcher", tag="recents") == [
        "launcher.clear_recents", "launcher.close_from_recents", "launcher.switch_to_recent_app"]
    with pytest.raises(KeyError, match="unknown suite"):
        list_tasks(suite="nope")
    for bad in [{"split": "dev"}, {"difficulty": 7}, {"objective": "x"}, {"tag": "nope"}]:
        with pytest.raises(ValueError):
            list_tasks(**bad)
    assert resolve_tasks(["launcher.open_app", "launcher", "launcher.open_*"])[0] == \
        "launcher.open_app"
    assert len(resolve_tasks(["launcher.open_app", "launcher"])) == len(set(
        resolve_tasks("launcher")))  # duplicates counted once
    assert resolve_tasks("launcher.*_recent*") == [
        "launcher.clear_recents", "launcher.close_from_recents", "launcher.switch_to_recent_app"]
    with pytest.raises(KeyError, match="did you mean"):
        resolve_tasks("open_ap")


def test_split_rule_is_a_stable_hash():
    assert split_of("launcher.open_app") == "train"
    assert split_of("launcher.switch_to_recent_app") == "test"
    buckets = [split_of(f"s.t{i}") for i in range(1000)]
    assert 0.35 < buckets.count("test") / 1000 < 0.45


def test_reset_options_are_checked_before_anything_changes():
    env = MobileGymEnv(task="launcher")
    env.reset(seed=0)
    before = env.device.state()
    for options, error in [("task", ValueError), ({"tasks": "x"}, KeyError),
                           ({"task": "nope"}, KeyError), ({"task": []}, ValueError)]:
        with pytest.raises(error):
            env.reset(options=options)
    assert env.device.state() == before
    picked = {env.reset(seed=s, options={"task": "launcher"})[1]["task_id"] for s in range(12)}
    assert len(picked) > 1  # a suite in options draws among its tasks
    anything = {env.reset(seed=s, options={"task": None})[1]["task_id"] for s in range(12)}
    assert len({t.split(".")[0] for t in anything}) > 1  # None: any task of any suite


def test_a_task_config_boots_the_device_with_it(registered):
    class London(PinNote):
        """Pin a note on a phone that starts at a fixed time in London."""

        name = "pin_in_london"
        config = {"time": {"start_ms": 1_780_000_000_000}, "location": {"preset": "london"}}
    register_task(London)
    env = MobileGymEnv(task="mytasks.pin_in_london")
    for seed in (0, 1):  # the same start whatever the seed
        env.reset(seed=seed)
        assert env.device.kernel.clock.now_ms() == 1_780_000_000_000
        assert env.device.state()["os"]["location"]["city"] == "London"
