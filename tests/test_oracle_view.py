"""Oracles see the phone through OracleView: what they read beyond the screen and the
instruction is recorded as a peek (or refused, when strict)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.agents import OracleAgent
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.evaluate import run_episode
from mobilegym_env.task import Start, Task, register_task, registry, unregister_task


class _PinNote(Task):
    """Pin a note, found on screen by the title the instruction gives."""

    suite = "peektest"
    name = "looks"
    template = "Pin the note titled '{title}'."
    difficulty = 2
    apps = ("notes",)
    start = Start(app="notes")

    @dataclass(frozen=True)
    class Params:
        note_id: int
        title: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Any) -> Params:
        notes = [n for n in device.kernel.app_state("notes")["notes"] if not n["pinned"]]
        note = notes[int(rng.integers(len(notes)))]
        return cls.Params(note["id"], note["title"])

    def checks(self, initial: dict) -> list:
        return [C.modified("apps.notes.notes", id=self.params.note_id, fields={"pinned": True})]

    def oracle(self, device: Any) -> Iterator[dict]:
        row = yield from O.scroll_to(device, text_contains=self.params.title, role="list_item")
        yield O.tap(device, row)
        yield O.tap(device, O.node(device, where=lambda n: n["text"] in ("Pin", "Pin note")))


class _PinById(_PinNote):
    """The same, found by the note's id (which the instruction does not give) and its state."""

    name = "peeks"

    def oracle(self, device: Any) -> Iterator[dict]:
        assert device.state()["apps"]["notes"]["notes"]
        row = yield from O.scroll_to(device, id=f"note:{self.params.note_id}")
        yield O.tap(device, row)
        yield O.tap(device, O.node(device, where=lambda n: n["text"] in ("Pin", "Pin note")))


class _CountNotes(_PinNote):
    """A question answered from the store, not from the screen."""

    name = "answers_blind"
    objective = "query"
    template = "How many notes do I have? (about '{title}')"

    def checks(self, initial: dict) -> list:
        return [C.answer_number(len(initial["apps"]["notes"]["notes"]))]

    def oracle(self, device: Any) -> Iterator[dict]:
        yield A.answer(str(len(device.kernel.app_state("notes")["notes"])))


@pytest.fixture
def env():
    for cls in (_PinNote, _PinById, _CountNotes):
        register_task(cls)
    yield MobileGymEnv(task="peektest.*")
    for tid in [t for t in registry() if t.startswith("peektest.")]:
        unregister_task(tid)


def test_an_oracle_that_only_looks_peeks_at_nothing(env):
    oracle = OracleAgent()
    assert run_episode(env, oracle, "peektest.looks", 0).success
    assert oracle.peeks == []


def test_reading_state_and_an_unstated_parameter_are_peeks(env):
    oracle = OracleAgent()
    assert run_episode(env, oracle, "peektest.peeks", 0).success
    assert oracle.peeks == ["device.state", "params.note_id"]


def test_an_answer_no_screen_showed_is_a_peek(env):
    oracle = OracleAgent()
    ep = run_episode(env, oracle, "peektest.answers_blind", 0)
    assert ep.success
    assert oracle.peeks == ["device.kernel", f"answer {ep.answer!r} not on any screen it saw"]


def test_strict_oracles_cannot_read_the_state(env):
    ep = run_episode(env, OracleAgent(strict=True), "peektest.peeks", 0)
    assert not ep.success
    assert "an oracle looks only at the screen: device.state is not on it" in ep.error


def test_the_view_gives_what_the_screen_shows(env):
    env.reset(seed=0, options={"task": "peektest.looks"})
    view = O.OracleView(env.device, strict=True)
    assert view.route == "/" and (view.width, view.height) == (360, 800)
    assert view.app_name("notes") == "Notes"
    titles = {n["text"] for n in view.ui_tree()}
    assert "Notes" in titles and titles - {""} <= view.seen
    with pytest.raises(O.OracleError, match="no app 'nope'"):
        view.app_name("nope")


def test_an_audit_names_each_rule_a_task_breaks(env):
    from mobilegym_env.audit import audit_task, measured_level, step_budget

    looks = audit_task("peektest.looks", range(2), env=env)
    assert [kind for kind, _ in looks.problems] == [], looks.explain()
    peeks = audit_task("peektest.peeks", range(2), env=env)
    assert [kind for kind, _ in peeks.problems] == ["peeks"]
    blind = audit_task("peektest.answers_blind", range(2), env=env)
    # one ANSWER: a step from the goal, L1 by its steps, not the L2 of its label, and the
    # same count on every seed
    assert sorted(kind for kind, _ in blind.problems) == ["guessable", "level", "one_step",
                                                          "peeks"]
    assert (measured_level([3], 1, "operate"), measured_level([11], 1, "query"),
            measured_level([3], 2, "operate"), measured_level([3], 1, "hybrid"),
            measured_level([30], 1, "operate"), measured_level([2], 3, "operate")) == \
        (1, 3, 3, 3, 4, 4)
    assert (step_budget([4, 7]), step_budget([25])) == (17, 50)


class _OpenNotes(_PinNote):
    """Opens Notes: the same words on every seed."""

    name = "same_words"
    template = "Open Notes."

    def checks(self, initial: dict) -> list:
        return [C.holds("never", lambda j: False)]


def test_an_instruction_that_never_changes_is_named_unless_the_task_says_why(env):
    from mobilegym_env.audit import _variety_problems

    register_task(_OpenNotes)
    assert [k for k, _ in _variety_problems(env, _OpenNotes, "peektest.same_words")] == \
        ["invariant"]
    assert _variety_problems(env, _PinNote, "peektest.looks") == []
    _OpenNotes.same_instruction = "one app to open"
    try:
        assert _variety_problems(env, _OpenNotes, "peektest.same_words") == []
    finally:
        _OpenNotes.same_instruction = ""


def test_phrasings_are_picked_by_the_params_and_must_state_the_same_values():
    class Worded(_PinNote):
        name = "worded"
        phrasings = ("Pin '{title}', my note.", "Please pin the note '{title}'.")

    picks = {Worded(Worded.Params(i, f"Note {i}")).instruction.split("'")[0]
             for i in range(40)}
    assert picks == {"Pin the note titled ", "Pin ", "Please pin the note "}
    task = Worded(Worded.Params(3, "Groceries"))
    assert task.instruction == Worded(Worded.Params(3, "Groceries")).instruction  # stable

    class Unstated(_PinNote):
        name = "unstated"
        phrasings = ("Pin a note.",)

    from mobilegym_env.task import check_task_class

    with pytest.raises(ValueError, match="must state the same values"):
        check_task_class(Unstated)
