"""Calendar judges on hand-built states: each episode's initial state comes from a reset with
fixed params; the final state is a copy of it edited by hand into the right end state, a near
miss, or the right one plus collateral damage."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task

NOW = 1_772_442_000_000
DENTIST, FOLLOW_UP, SYNC_ONCE, SYNC_WEEKLY, HAIRCUT, BOOK_CLUB = 17, 28, 12, 9, 14, 19


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def start(env: MobileGymEnv, task_id: str, **params: Any) -> tuple[Task, dict, dict]:
    """The task, its initial state, and a copy of it to edit into a final state."""
    options: dict[str, Any] = {"task": f"calendar.{task_id}"}
    if params:
        options["params"] = params
    env.reset(seed=0, options=options)
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def store(state: dict) -> dict:
    return state["apps"]["calendar"]


def event(state: dict, event_id: int) -> dict:
    return next(e for e in store(state)["events"] if e["id"] == event_id)


def add(state: dict, **fields: Any) -> dict:
    """Appends an event the way the form saves one (id from the counter)."""
    s = store(state)
    rec = {"id": s["next_id"], "title": "", "calendar_id": 1, "start": "2026-03-12 09:00",
           "end": "2026-03-12 10:00", "all_day": False, "repeat": "none", "location": "",
           "guests": [], "reminder": 30, "color": None, "description": "", "updated_ms": NOW,
           **fields}
    s["next_id"] += 1
    s["events"].append(rec)
    return rec


def edit(state: dict, event_id: int, **fields: Any) -> None:
    event(state, event_id).update(fields, updated_ms=NOW)


def delete(state: dict, *ids: int) -> None:
    store(state)["events"] = [e for e in store(state)["events"] if e["id"] not in ids]


def unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


def answers(task: Task, initial: dict, good: list[str], bad: list[str]) -> None:
    for text in good:
        assert task.judge(initial, initial, answer=text).success, text
    for text in bad:
        assert not task.judge(initial, initial, answer=text).success, text


# ----- adding
def test_add_event_needs_the_times_and_the_reminder(env):
    task, initial, final = start(env, "add_event", title="Interview", date="2026-03-12",
                                 start="09:00", end="10:30", reminder="30 minutes before")
    assert all(part in task.instruction for part in (
        "'Interview'", "Thursday, March 12", "09:00", "10:30", "30 minutes before"))
    add(final, title="interview", start="2026-03-12 09:00", end="2026-03-12 10:30",
        color="Basil", location="Acme HQ")  # extra details of the new event are fine
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    add(near, title="Interview", start="2026-03-12 09:00", end="2026-03-12 10:00")
    assert not task.judge(initial, near).success
    reminder = copy.deepcopy(initial)
    add(reminder, title="Interview", start="2026-03-12 09:00", end="2026-03-12 10:30",
        reminder=10)
    assert not task.judge(initial, reminder).success
    damage = copy.deepcopy(final)
    delete(damage, HAIRCUT)
    v = task.judge(initial, damage)
    assert not v.success and not v.clean and unexpected(v) == [
        f"apps.calendar.events[id={HAIRCUT}] (deleted)"]


def test_add_all_day_event_spans_the_days(env):
    task, initial, final = start(env, "add_all_day_event", title="Ski trip",
                                 first="2026-03-20", last="2026-03-22")
    assert "from Friday, March 20 to Sunday, March 22" in task.instruction
    add(final, title="Ski trip", all_day=True, start="2026-03-20", end="2026-03-22")
    assert task.judge(initial, final).success
    timed = copy.deepcopy(initial)
    add(timed, title="Ski trip", start="2026-03-20 09:00", end="2026-03-22 10:00")
    assert not task.judge(initial, timed).success
    short = copy.deepcopy(initial)
    add(short, title="Ski trip", all_day=True, start="2026-03-20", end="2026-03-21")
    assert not task.judge(initial, short).success


# ----- editing
def test_move_event_keeps_the_length(env):
    task, initial, final = start(env, "move_event", event_id=DENTIST, title="Dentist",
                                 date="2026-03-10", new_date="2026-03-12", new_start="14:00")
    edit(final, DENTIST, start="2026-03-12 14:00", end="2026-03-12 14:45")
    assert task.judge(initial, final).success
    squeezed = copy.deepcopy(initial)
    edit(squeezed, DENTIST, start="2026-03-12 14:00", end="2026-03-12 15:00")
    assert not task.judge(initial, squeezed).success
    wrong = copy.deepcopy(initial)  # the look-alike moved instead
    edit(wrong, FOLLOW_UP, start="2026-03-12 14:00", end="2026-03-12 14:30")
    v = task.judge(initial, wrong)
    assert not v.success and not v.clean


def test_rename_event_and_viewing_is_no_damage(env):
    task, initial, final = start(env, "rename_event", event_id=HAIRCUT, title="Haircut",
                                 date="2026-03-07", new_title="Hair appointment")
    edit(final, HAIRCUT, title="Hair appointment")
    store(final)["view"] = "month"  # looking around in another view is allowed
    assert task.judge(initial, final).success
    both = copy.deepcopy(final)
    edit(both, BOOK_CLUB, title="Hair appointment")
    v = task.judge(initial, both)
    assert not v.success and not v.clean


def test_delete_event_takes_the_one_off_team_sync_not_the_weekly_one(env):
    task, initial, final = start(env, "delete_event", event_id=SYNC_ONCE, title="Team sync",
                                 date="2026-03-05")
    delete(final, SYNC_ONCE)
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    delete(wrong, SYNC_WEEKLY)
    assert not task.judge(initial, wrong).success
    both = copy.deepcopy(final)
    delete(both, SYNC_WEEKLY)
    v = task.judge(initial, both)
    assert not v.success and unexpected(v) == [f"apps.calendar.events[id={SYNC_WEEKLY}] (deleted)"]


def test_add_guest_keeps_the_other_guests(env):
    task, initial, final = start(env, "add_guest", event_id=BOOK_CLUB, title="Book club",
                                 date="2026-03-12", guest="Chloe Martinez")
    edit(final, BOOK_CLUB, guests=["Chloe Martinez", "Emily Davis", "Laura Chen"])
    assert task.judge(initial, final).success  # any order
    replaced = copy.deepcopy(initial)
    edit(replaced, BOOK_CLUB, guests=["Chloe Martinez"])
    assert not task.judge(initial, replaced).success
    lookalike = copy.deepcopy(initial)
    edit(lookalike, BOOK_CLUB, guests=["Emily Davis", "Laura Chen", "Chloe Martin"])
    assert not task.judge(initial, lookalike).success


def test_reminder_repeat_colour_and_location(env):
    task, initial, final = start(env, "change_reminder", event_id=DENTIST, title="Dentist",
                                 date="2026-03-10", reminder="1 day before")
    edit(final, DENTIST, reminder=1440)
    assert task.judge(initial, final).success
    edit(final, DENTIST, color="Tomato")
    assert not task.judge(initial, final).clean

    task, initial, final = start(env, "make_repeating", event_id=HAIRCUT, title="Haircut",
                                 date="2026-03-07", rule="monthly")
    edit(final, HAIRCUT, repeat="monthly")
    assert task.judge(initial, final).success
    edit(final, HAIRCUT, repeat="weekly")
    assert not task.judge(initial, final).success

    task, initial, final = start(env, "change_color", event_id=HAIRCUT, title="Haircut",
                                 date="2026-03-07", color="Grape")
    edit(final, HAIRCUT, color="Grape")
    assert task.judge(initial, final).success

    task, initial, final = start(env, "set_location", event_id=HAIRCUT, title="Haircut",
                                 date="2026-03-07", location="Cafe Luna")
    edit(final, HAIRCUT, location="cafe luna")
    assert task.judge(initial, final).success
    edit(final, HAIRCUT, location="Cafe Lune")
    assert not task.judge(initial, final).success


def test_switch_view_needs_that_view(env):
    task, initial, final = start(env, "switch_view", label="month")
    store(final)["view"] = "month"
    assert task.judge(initial, final).success
    store(final)["view"] = "week"
    assert not task.judge(initial, final).success


# ----- questions
def test_appointment_time_reads_the_right_look_alike(env):
    task, initial, _ = start(env, "appointment_time", title="Dentist", date="2026-03-11",
                             start="14:30", decoy_date="2026-03-05", decoy_start="09:15")
    assert event(initial, DENTIST)["start"] == "2026-03-11 14:30"
    assert event(initial, FOLLOW_UP)["start"] == "2026-03-05 09:15"
    answers(task, initial, ["14:30", "2:30 PM", "at 2:30pm"], ["09:15", "2:00 PM", ""])


def test_count_events_on_day_counts_all_day_and_repeating_ones(env):
    task, initial, _ = start(env, "count_events_on_day", date="2026-03-19")
    # Thursday the 19th: the flight and the (all-day, two-day) conference
    answers(task, initial, ["2", "two events"], ["3", "1"])
    task, initial, _ = start(env, "count_events_on_day", date="2026-03-03")
    answers(task, initial, ["2"], ["1", "3"])  # the kick-off and the weekly piano lesson


def test_location_date_guests_and_first_event_answers(env):
    task, initial, _ = start(env, "event_location", event_id=DENTIST, title="Dentist",
                             date="2026-03-10")
    answers(task, initial, ["Bayview Dental, 2100 Webster St", "at Bayview Dental, 2100 "
                            "Webster St"], ["Bayview Dental", "2100 Webster"])
    task, initial, _ = start(env, "event_date", event_id=BOOK_CLUB, title="Book club",
                             date="2026-03-12")
    answers(task, initial, ["March 12", "2026-03-12", "3/12/2026"], ["March 13", "March 24"])
    task, initial, _ = start(env, "who_is_invited", event_id=BOOK_CLUB, title="Book club",
                             date="2026-03-12")
    answers(task, initial, ["Emily Davis and Laura Chen", "Laura Chen, Emily Davis"],
            ["Emily Davis", "Emily Davis, Laura Chen, Chloe Martinez"])
    task, initial, _ = start(env, "first_event_tomorrow", title="Eye exam", start="13:00")
    tomorrow = initial["os"]["time"]["iso"][:10]  # seed 0 starts on Saturday, March 14
    assert tomorrow == "2026-03-14"
    answers(task, initial, ["Eye exam", "eye exam."], ["Eye", "Soccer practice"])
    earlier = copy.deepcopy(initial)
    add(earlier, title="Brunch", start="2026-03-15 10:00", end="2026-03-15 11:00")
    add(earlier, title="Sunday run", start="2026-03-15", end="2026-03-15", all_day=True)
    answers(task, earlier, ["Brunch"], ["Eye exam", "Sunday run"])


# ----- hybrids and chains
def test_move_guests_event_moves_the_day_only(env):
    task, initial, final = start(env, "move_guests_event", guest="Kevin Osei", event_id=22,
                                 new_date="2026-03-18")
    edit(final, 22, start="2026-03-18 07:00", end="2026-03-18 08:00")
    assert task.judge(initial, final).success
    shifted = copy.deepcopy(initial)
    edit(shifted, 22, start="2026-03-18 08:00", end="2026-03-18 09:00")
    assert not task.judge(initial, shifted).success


def test_sms_invitation_becomes_an_event_reading_it_is_allowed(env):
    task, initial, final = start(
        env, "sms_invitation", name="Chloe Martinez", phone="+1 415-555-0178", invitation=0,
        date="2026-03-06", time="19:30", decoy_phone="+1 650-555-0110", decoy_invitation=1,
        decoy_date="2026-03-05", decoy_time="20:00")
    sms = initial["os"]["providers"]["sms"]
    assert any(m["body"] == "Dinner at Luigi's on Friday at 7:30 PM? My treat!" for m in sms)
    add(final, title="Dinner at Luigi's", start="2026-03-06 19:30", end="2026-03-06 21:30")
    for m in final["os"]["providers"]["sms"]:
        m["read"] = True
    assert task.judge(initial, final).success
    decoy = copy.deepcopy(initial)
    add(decoy, title="Dinner at Luigi's", start="2026-03-05 20:00", end="2026-03-05 22:00")
    assert not task.judge(initial, decoy).success


def test_import_ics_adds_the_files_event_not_the_decoy(env):
    task, initial, final = start(env, "import_ics", file="concert", decoy="webinar", date="2026-03-15",
                                 start="19:00", minutes=120)
    assert "/sdcard/Download/concert.ics" in initial["os"]["files"]
    add(final, title="Symphony concert", start="2026-03-15 19:00", end="2026-03-15 21:00",
        location="Davies Hall", reminder=None)
    assert task.judge(initial, final).success
    decoy = copy.deepcopy(initial)
    add(decoy, title="Security webinar", start="2026-03-17 19:00", end="2026-03-17 21:00",
        location="Online", reminder=None)
    assert not task.judge(initial, decoy).success


def test_text_event_time_sends_that_time(env):
    task, initial, _ = start(env, "text_event_time", event_id=DENTIST, title="Dentist",
                                 date="2026-03-10", guest="Ethan Brooks",
                                 phone="+1 510-555-0162")
    def sent(state: dict, body: str) -> dict:
        rows = state["os"]["providers"]["sms"]
        rec = {"id": max(m["id"] for m in rows) + 1, "thread_address": "+1 510-555-0162",
               "address": "+1 415-555-0100", "body": body, "timestamp_ms": NOW, "type": "sent",
               "read": True}
        rows.append(rec)
        return state

    assert task.judge(initial, sent(copy.deepcopy(initial), "It starts at 8:30 AM")).success
    assert task.judge(initial, sent(copy.deepcopy(initial), "08:30")).success
    assert not task.judge(initial, sent(copy.deepcopy(initial), "It starts at 9:15")).success


def test_add_meeting_needs_the_place_and_only_that_guest(env):
    task, initial, final = start(env, "add_meeting", title="Vendor call", date="2026-03-18",
                                 start="10:00", end="10:30", location="Room 3C",
                                 guest="Alice Johnson")
    add(final, title="Vendor call", start="2026-03-18 10:00", end="2026-03-18 10:30",
        location="Room 3C", guests=["Alice Johnson"])
    assert task.judge(initial, final).success
    lookalike = copy.deepcopy(initial)  # Alice Johnston is another contact
    add(lookalike, title="Vendor call", start="2026-03-18 10:00", end="2026-03-18 10:30",
        location="Room 3C", guests=["Alice Johnston"])
    assert not task.judge(initial, lookalike).success


def test_duplicate_event_keeps_the_original_and_copies_the_details(env):
    task, initial, final = start(env, "duplicate_event", event_id=BOOK_CLUB, title="Book club",
                                 date="2026-03-12", new_date="2026-03-19")
    copy_of = {k: v for k, v in event(initial, BOOK_CLUB).items() if k not in ("id",)}
    copy_of.update(start="2026-03-19 19:00", end="2026-03-19 21:00")
    add(final, **copy_of)
    assert task.judge(initial, final).success
    moved = copy.deepcopy(initial)  # moving is not copying
    edit(moved, BOOK_CLUB, start="2026-03-19 19:00", end="2026-03-19 21:00")
    assert not task.judge(initial, moved).success
    both = copy.deepcopy(final)
    delete(both, BOOK_CLUB)
    v = task.judge(initial, both)
    assert not v.success and not v.clean


def test_next_occurrence_expands_the_repeat_from_the_episode_day(env):
    task, initial, _ = start(env, "next_occurrence", title="Pottery class",
                             first="2026-02-18 18:30", repeat="weekly")
    assert initial["os"]["time"]["iso"].startswith("2026-03-14")  # a Saturday
    answers(task, initial, ["March 18", "Wednesday, March 18", "2026-03-18"],
            ["March 11", "March 25"])
    task, initial, _ = start(env, "next_occurrence", title="Chess club",
                             first="2026-01-01 10:00", repeat="monthly")
    answers(task, initial, ["April 1", "4/1/2026"], ["March 1"])


def test_day_to_note_lists_exactly_that_days_events(env):
    task, initial, final = start(env, "day_to_note", date="2026-03-17", note="Plans for March 17")
    notes = final["apps"]["notes"]
    body = "Piano lesson, St. Patrick's Day"
    notes["notes"].append({"id": notes["next_id"], "kind": "text", "title": "Plans for March 17",
                           "body": body, "items": [], "pinned": False, "folder_id": None,
                           "created_ms": NOW, "updated_ms": NOW})
    notes["next_id"] += 1
    assert task.judge(initial, final).success
    short = copy.deepcopy(final)
    short["apps"]["notes"]["notes"][-1]["body"] = "Piano lesson"
    assert not task.judge(initial, short).success
    lines = copy.deepcopy(final)  # one per line is a list too
    lines["apps"]["notes"]["notes"][-1]["body"] = "St. Patrick's Day\nPiano lesson"
    assert task.judge(initial, lines).success
