"""Notes judges on hand-built states: each episode's initial state comes from a reset with fixed
params; the final state is that state edited by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task

NOW = 1_772_442_000_000


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def start(env: MobileGymEnv, task_id: str, **params: Any) -> tuple[Task, dict, dict]:
    """The task, its initial state, and a copy of it to edit into a final state."""
    options: dict[str, Any] = {"task": f"notes.{task_id}"}
    if params:
        options["params"] = params
    env.reset(seed=0, options=options)
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def notes(state: dict) -> list[dict]:
    return state["apps"]["notes"]["notes"]


def note(state: dict, note_id: int) -> dict:
    return next(n for n in notes(state) if n["id"] == note_id)


def titled(state: dict, title: str) -> list[dict]:
    return [n for n in notes(state) if n["title"] == title]


def add(state: dict, **fields: Any) -> dict:
    """Appends a note the way the app does (id from the counter)."""
    store = state["apps"]["notes"]
    rec = {"id": store["next_id"], "kind": "text", "title": "", "body": "", "items": [],
           "pinned": False, "folder_id": None, "created_ms": NOW, "updated_ms": NOW, **fields}
    store["next_id"] += 1
    store["notes"].append(rec)
    return rec


def delete(state: dict, *ids: int) -> None:
    state["apps"]["notes"]["notes"] = [n for n in notes(state) if n["id"] not in ids]


def unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# ----- writing and editing
def test_create_note_needs_one_note_with_that_title_and_text(env):
    task, initial, final = start(env, "create_note", title="Yoga class",
                                 body="Tuesdays at 7 pm with Ana")
    add(final, title="yoga class", body="tuesdays at 7 pm, with Ana.")  # case, punctuation
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    add(near, title="Yoga class", body="Tuesdays at 8 pm with Ana")
    assert not task.judge(initial, near).success
    twice = copy.deepcopy(final)
    add(twice, title="Yoga class", body="Tuesdays at 7 pm with Ana")
    v = task.judge(initial, twice)
    assert not v.success and not v.checks[0].passed  # exactly one such note


def test_append_line_keeps_the_old_text(env):
    task, initial, final = start(env, "append_line", note_id=3, title="Book list",
                                 line="Ask Sam what he thinks.")
    before = note(initial, 3)["body"]
    note(final, 3).update(body=before + "\nAsk Sam what he thinks.", updated_ms=NOW)
    assert task.judge(initial, final).success
    replaced = copy.deepcopy(initial)
    note(replaced, 3)["body"] = "Ask Sam what he thinks."
    assert not task.judge(initial, replaced).success
    also_title = copy.deepcopy(final)
    note(also_title, 3)["title"] = "Books"
    v = task.judge(initial, also_title)
    assert v.checks[0].passed and not v.clean
    assert unexpected(v) == ['apps.notes.notes[id=3].title: "Book list" -> "Books"']


def test_edit_line_changes_that_line_only(env):
    task, initial, final = start(env, "edit_line", note_id=14, title="Workout plan",
                                 old="Wed: yoga", new="Wed: swimming")
    note(final, 14)["body"] = "Mon: run 5 km\nWed: swimming\nFri: weights\nSun: long walk"
    assert task.judge(initial, final).success
    two = copy.deepcopy(initial)
    note(two, 14)["body"] = "Mon: run 5 km\nWed: swimming\nFri: rowing\nSun: long walk"
    assert not task.judge(initial, two).success
    appended = copy.deepcopy(initial)
    note(appended, 14)["body"] += "\nWed: swimming"
    assert not task.judge(initial, appended).success


def test_rename_note_must_leave_the_text(env):
    task, initial, final = start(env, "rename_note", note_id=12, title="Car service",
                                 new="Car maintenance")
    note(final, 12).update(title="Car Maintenance", updated_ms=NOW)
    assert task.judge(initial, final).success
    rewritten = copy.deepcopy(final)
    note(rewritten, 12)["body"] = ""
    v = task.judge(initial, rewritten)
    assert v.checks[0].passed and not v.success and not v.clean


# ----- deleting, pinning, filing
def test_delete_note_among_decoys(env):
    task, initial, final = start(
        env, "delete_note", title="Old Wi-Fi password",
        titles=["Wi-Fi password", "Old Wi-Fi password", "Guest Wi-Fi password"])
    assert [len(titled(initial, t)) for t in task.params.titles] == [1, 1, 1]
    target = titled(initial, "Old Wi-Fi password")[0]["id"]
    decoy = titled(initial, "Wi-Fi password")[0]["id"]
    delete(final, target)
    assert task.judge(initial, final).success
    both = copy.deepcopy(final)
    delete(both, decoy)
    v = task.judge(initial, both)
    assert v.checks[0].passed and not v.clean
    assert unexpected(v) == [f"apps.notes.notes[id={decoy}] (deleted)"]
    wrong = copy.deepcopy(initial)
    delete(wrong, decoy)
    assert not task.judge(initial, wrong).success


def test_delete_two_notes_needs_both(env):
    task, initial, final = start(env, "delete_two_notes", first_id=4, first="Wi-Fi at the cabin",
                                 second_id=9, second="Banana bread")
    delete(final, 4, 9)
    assert task.judge(initial, final).success
    one = copy.deepcopy(initial)
    delete(one, 4)
    assert not task.judge(initial, one).success
    three = copy.deepcopy(final)
    delete(three, 10)
    assert not task.judge(initial, three).clean


def test_pin_note_and_nothing_else(env):
    task, initial, final = start(env, "pin_note", note_id=6, title="Team lunch ideas")
    note(final, 6)["pinned"] = True
    assert task.judge(initial, final).success
    assert not task.judge(initial, initial).success
    more = copy.deepcopy(final)
    note(more, 7)["pinned"] = True
    assert not task.judge(initial, more).clean


def test_move_note_to_the_named_folder(env):
    task, initial, final = start(env, "move_note", note_id=4, title="Wi-Fi at the cabin",
                                 folder_id=3, folder="Travel")
    note(final, 4)["folder_id"] = 3
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    note(wrong, 4)["folder_id"] = 1
    assert not task.judge(initial, wrong).success


def test_folder_for_notes_needs_the_new_folder_to_hold_both(env):
    task, initial, final = start(env, "folder_for_notes", folder="Finance", first_id=12,
                                 first="Car service", second_id=13, second="Project Atlas")
    store = final["apps"]["notes"]
    fid = store["next_id"]
    store["folders"].append({"id": fid, "name": "finance"})
    store["next_id"] += 1
    note(final, 12)["folder_id"] = note(final, 13)["folder_id"] = fid
    assert task.judge(initial, final).success
    half = copy.deepcopy(final)
    note(half, 13)["folder_id"] = 2
    v = task.judge(initial, half)
    assert not v.success and not v.checks[1].passed
    existing = copy.deepcopy(initial)  # filed in an old folder, no new one
    note(existing, 12)["folder_id"] = note(existing, 13)["folder_id"] = 1
    assert not task.judge(initial, existing).success
    moved_more = copy.deepcopy(final)
    note(moved_more, 2)["folder_id"] = fid
    assert not task.judge(initial, moved_more).clean


# ----- checklists
def items(*pairs: tuple[str, bool], first_id: int = 500) -> list[dict]:
    return [{"id": first_id + i, "text": t, "checked": c} for i, (t, c) in enumerate(pairs)]


def test_create_checklist_with_the_items_in_order_unticked(env):
    task, initial, final = start(env, "create_checklist", title="Pharmacy",
                                 items=["Vitamins", "Plasters", "Toothpaste"])
    add(final, kind="checklist", title="Pharmacy",
        items=items(("vitamins", False), ("Plasters", False), ("Toothpaste.", False)))
    assert task.judge(initial, final).success
    ticked = copy.deepcopy(initial)
    add(ticked, kind="checklist", title="Pharmacy",
        items=items(("Vitamins", True), ("Plasters", False), ("Toothpaste", False)))
    assert not task.judge(initial, ticked).success
    as_text = copy.deepcopy(initial)
    add(as_text, title="Pharmacy", body="Vitamins, Plasters, Toothpaste")
    assert not task.judge(initial, as_text).success


def test_set_item_ticks_that_item_only(env):
    task, initial, final = start(env, "set_item", note_id=1, title="Groceries", item_id=101,
                                 item="Milk", checked=True)
    assert note(initial, 1)["items"][0]["checked"] is False
    note(final, 1)["items"][0]["checked"] = True
    note(final, 1)["updated_ms"] = NOW
    assert task.judge(initial, final).success
    other = copy.deepcopy(final)
    note(other, 1)["items"][2]["checked"] = True
    v = task.judge(initial, other)
    assert v.checks[0].passed and not v.clean
    assert unexpected(v) == ["apps.notes.notes[id=1].items[id=103].checked: false -> true"]
    _, initial2, _ = start(env, "set_item", note_id=1, title="Groceries", item_id=102,
                           item="Eggs", checked=False)
    assert note(initial2, 1)["items"][1]["checked"] is True  # set up ticked, to untick


def test_add_items_appends_both_and_may_advance_the_counter(env):
    task, initial, final = start(env, "add_items", note_id=7, title="Packing list",
                                 first="Umbrella", second="Green tea")
    store = final["apps"]["notes"]
    note(final, 7)["items"] += items(("Umbrella", False), ("Green tea", False),
                                     first_id=store["next_id"])
    store["next_id"] += 2
    assert task.judge(initial, final).success
    one = copy.deepcopy(initial)
    note(one, 7)["items"] += items(("Umbrella", False))
    assert not task.judge(initial, one).success


def test_delete_item_removes_that_item_only(env):
    task, initial, final = start(env, "delete_item", note_id=15, title="Weekend chores",
                                 item_id=118, item="Vacuum")
    note(final, 15)["items"] = [i for i in note(final, 15)["items"] if i["id"] != 118]
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    note(wrong, 15)["items"] = [i for i in note(wrong, 15)["items"] if i["id"] != 117]
    assert not task.judge(initial, wrong).success


# ----- questions
def test_list_left_items_takes_the_unticked_items_in_any_order(env):
    task, initial, final = start(env, "list_left_items", note_id=8, title="Party shopping",
                                 items=["Balloons", "Candles", "Lemonade", "Crisps", "Paper cups"],
                                 checked=[True, False, True, False, False])
    assert [(i["text"], i["checked"]) for i in note(initial, 8)["items"]][1] == ("Candles",
                                                                                 False)
    assert task.judge(initial, final, "Candles, Crisps and Paper cups").success
    assert task.judge(initial, final, "paper cups; crisps; candles").success
    assert not task.judge(initial, final, "Candles and Crisps").success
    assert not task.judge(initial, final, "Candles, Crisps, Paper cups, Lemonade").success
    assert not task.judge(initial, final, None).success


def test_count_folder_notes_counts_what_initialize_filed(env):
    task, initial, final = start(env, "count_folder_notes", folder_id=2, folder="Work",
                                 note_ids=[1, 4, 9, 12])
    assert sorted(n["id"] for n in notes(initial) if n["folder_id"] == 2) == [1, 4, 9, 12]
    assert task.judge(initial, final, "4").success
    assert task.judge(initial, final, "four notes").success
    assert not task.judge(initial, final, "3").success
    assert not task.judge(initial, final, "4 or 5").success


def test_look_up_fact_rejects_the_decoy(env):
    task, initial, final = start(env, "look_up_fact", title="Dentist", value="555-213-4477",
                                 decoy_value="555-900-1234")
    assert "Phone 555-213-4477" in titled(initial, "Dentist")[0]["body"]
    assert "555-900-1234" in titled(initial, "Eye doctor")[0]["body"]
    assert "What is my dentist's phone number?" in task.instruction
    assert task.judge(initial, final, "(555) 213-4477").success
    assert not task.judge(initial, final, "555-900-1234").success
    task2, initial2, final2 = start(env, "look_up_fact", title="Airport parking", value="C14",
                                    decoy_value="C15")
    assert task2.judge(initial2, final2, "Level 2, spot C14").success
    assert not task2.judge(initial2, final2, "C15").success


def test_last_edited_reads_the_local_date(env):
    task, initial, final = start(env, "last_edited", note_id=3, title="Book list", days_ago=3,
                                 minute=20 * 60)
    iso = initial["os"]["time"]["iso"][:10]
    assert iso == "2026-03-14"  # seed 0's start: so the note was edited on 11 March
    assert task.judge(initial, final, "March 11").success
    assert task.judge(initial, final, "2026-03-11").success
    assert not task.judge(initial, final, "March 12").success
    assert not task.judge(initial, final, "2025-03-11").success  # a wrong year given


# ----- find, then act
def test_pin_by_content_pins_the_note_that_mentions_it(env):
    task, initial, final = start(env, "pin_by_content", keyword="Wingspan", note_id=11)
    note(final, 11)["pinned"] = True
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    note(wrong, 3)["pinned"] = True
    assert not task.judge(initial, wrong).success
    with pytest.raises(ValueError, match="must be in note 3 only"):
        start(env, "pin_by_content", keyword="Wingspan", note_id=3)


def test_copy_left_items_in_any_order_without_the_ticked_ones(env):
    task, initial, final = start(env, "copy_left_items", note_id=7, title="Packing list",
                                 items=["Passport", "Hat", "Sandals", "Book", "Sunscreen"],
                                 checked=[False, True, False, True, True], new_title="Next time")
    add(final, kind="checklist", title="Next time",
        items=items(("Sandals", False), ("Passport", False)))
    assert task.judge(initial, final).success
    with_ticked = copy.deepcopy(initial)
    add(with_ticked, kind="checklist", title="Next time",
        items=items(("Sandals", False), ("Passport", False), ("Hat", False)))
    assert not task.judge(initial, with_ticked).success
    source_emptied = copy.deepcopy(final)
    note(source_emptied, 7)["items"] = []
    assert not task.judge(initial, source_emptied).clean


def test_delete_older_duplicate_keeps_the_newer(env):
    task, initial, final = start(env, "delete_older_duplicate", title="Quotes",
                                 older_body="Less is more", newer_body="Start a photo blog",
                                 older_days=20, newer_days=2, older_first=False)
    older = next(n for n in titled(initial, "Quotes") if n["body"] == "Less is more")
    newer = next(n for n in titled(initial, "Quotes") if n["body"] != "Less is more")
    assert older["updated_ms"] < newer["updated_ms"]
    delete(final, older["id"])
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    delete(wrong, newer["id"])
    assert not task.judge(initial, wrong).success
