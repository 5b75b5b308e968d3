"""Contacts judges on hand-built states: the right change passes, collateral damage is unclean,
near-misses fail, and answers in other accepted forms pass."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mobilegym_env.device import Device
from mobilegym_env.task import registry


@pytest.fixture(scope="module")
def booted() -> dict[str, Any]:
    return Device().state()


def _task(task_name: str, /, **params: Any) -> Any:
    return registry()[f"contacts.{task_name}"](params)


def _rows(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["os"]["providers"]["contacts"]


def _row(state: dict[str, Any], contact_id: int) -> dict[str, Any]:
    return next(c for c in _rows(state) if c["id"] == contact_id)


def _edited(state: dict[str, Any], contact_id: int, **fields: Any) -> dict[str, Any]:
    out = copy.deepcopy(state)
    _row(out, contact_id).update(fields)
    return out


def _without(state: dict[str, Any], *ids: int) -> dict[str, Any]:
    out = copy.deepcopy(state)
    out["os"]["providers"]["contacts"] = [c for c in _rows(out) if c["id"] not in ids]
    return out


def _with_new(state: dict[str, Any], **fields: Any) -> dict[str, Any]:
    out = copy.deepcopy(state)
    row = {k: None for k in _rows(state)[0]} | {"phone": "", "phone_type": "mobile",
                                                "phone2_type": "work", "starred": False,
                                                "labels": []}
    row.update(fields, id=max(c["id"] for c in _rows(state)) + 1)
    _rows(out).append(row)
    return out


# --------------------------------------------------------------------------- operate
def test_add_contact_matches_leniently_and_only_one_new_record(booted):
    task = _task("add_contact", name="Nora Sato", phone="+1 415-555-0444")
    assert task.judge(booted, _with_new(booted, name="nora sato", phone="(415) 555-0444")).success
    assert not task.judge(booted, booted).success
    assert not task.judge(booted, _with_new(booted, name="Nora Sato",
                                            phone="+1 415-555-0445")).success  # one digit off
    twice = _with_new(_with_new(booted, name="Nora Sato", phone="4155550444"),
                      name="Nora Sato", phone="4155550444")
    assert not task.judge(booted, twice).success
    v = task.judge(booted, _edited(_with_new(booted, name="Nora Sato", phone="4155550444"),
                                   2, starred=True))
    assert v.checks[0].passed and not v.clean


def test_add_contact_with_details_needs_every_field(booted):
    task = _task("add_contact_with_details", name="Nora Sato", phone="+1 415-555-0444",
                 email="nora.sato@pioneerlabs.com", company="Pioneer Labs",
                 job_title="Data Analyst")
    full = dict(name="Nora Sato", phone="+1 415-555-0444", email="nora.sato@pioneerlabs.com",
                company="Pioneer Labs", job_title="Data Analyst")
    assert task.judge(booted, _with_new(booted, **full)).success
    assert not task.judge(booted, _with_new(booted, **(full | {"job_title": None}))).success
    assert not task.judge(booted, _with_new(booted, **(full | {"company": "Pioneer"}))).success


def test_edit_email_on_the_right_contact_only(booted):
    task = _task("edit_email", contact_id=1, name="Alice Johnson", email="ajohnson@gmail.com")
    assert task.judge(booted, _edited(booted, 1, email="ajohnson@gmail.com")).success
    assert task.judge(booted, _edited(booted, 1, email="AJohnson@gmail.com ")).success
    decoy = _edited(booted, 10, email="ajohnson@gmail.com")  # Alice Johnston
    v = task.judge(booted, decoy)
    assert not v.success and not v.checks[0].passed and not v.clean
    both = _edited(_edited(booted, 1, email="ajohnson@gmail.com"), 1, note="changed")
    v = task.judge(booted, both)
    assert v.checks[0].passed and not v.clean
    assert [str(c) for c in v.unexpected_changes] == \
        ['os.providers.contacts[id=1].note: null -> "changed"']


def test_edit_phone_and_add_second_number(booted):
    task = _task("edit_phone", contact_id=4, name="Daniel Kim", phone="+1 650-555-0777")
    assert task.judge(booted, _edited(booted, 4, phone="650.555.0777")).success
    assert not task.judge(booted, _edited(booted, 12, phone="+1 650-555-0777")).success
    second = _task("add_second_number", contact_id=4, name="Daniel Kim", phone="+1 650-555-0777",
                   kind="home")
    assert second.judge(booted, _edited(booted, 4, phone2="+1 650-555-0777",
                                        phone2_type="home")).success
    wrong_type = _edited(booted, 4, phone2="+1 650-555-0777")  # left as "work"
    assert not second.judge(booted, wrong_type).success
    replaced = _edited(booted, 4, phone="+1 650-555-0777", phone_type="home")
    assert not second.judge(booted, replaced).success


def test_change_job_needs_both_fields(booted):
    task = _task("change_job", contact_id=20, name="Laura Chen", company="Redwood Legal",
                 job_title="Paralegal")
    assert task.judge(booted, _edited(booted, 20, company="Redwood Legal",
                                      job_title="paralegal")).success
    assert not task.judge(booted, _edited(booted, 20, company="Redwood Legal")).success


def test_set_birthday_exact_date(booted):
    task = _task("set_birthday", contact_id=2, name="Benjamin Carter", birthday="1984-07-23")
    assert "July 23, 1984" in task.instruction and "Benjamin Carter's" in task.instruction
    assert task.params.date == "July 23, 1984"
    assert task.judge(booted, _edited(booted, 2, birthday="1984-07-23")).success
    assert not task.judge(booted, booted).success  # "07-23" has no year
    assert not task.judge(booted, _edited(booted, 2, birthday="1984-07-24")).success


def test_add_label_keeps_the_other_labels_in_any_order(booted):
    task = _task("add_label", contact_id=3, name="Chloe Martinez", label="Work")
    assert _row(booted, 3)["labels"] == ["Friends", "Book club"]
    assert task.judge(booted, _edited(booted, 3, labels=["Friends", "Work", "Book club"])).success
    assert task.judge(booted, _edited(booted, 3, labels=["Book club", "Work", "Friends"])).success
    assert not task.judge(booted, _edited(booted, 3, labels=["Work"])).success  # lost two
    v = task.judge(booted, _edited(_edited(booted, 3, labels=["Friends", "Book club", "Work"]),
                                   5, labels=["Work"]))
    assert v.checks[0].passed and not v.clean


def test_delete_contact_and_delete_several(booted):
    task = _task("delete_contact", contact_id=4, name="Daniel Kim")
    assert task.judge(booted, _without(booted, 4)).success
    assert not task.judge(booted, _without(booted, 12)).success  # Daniela Kim
    v = task.judge(booted, _without(booted, 4, 12))
    assert v.checks[0].passed and not v.clean
    several = _task("delete_several", contact_ids=[2, 15, 28],
                    names=["Benjamin Carter", "George Alvarez", "Samuel Okafor"])
    assert "Benjamin Carter, George Alvarez and Samuel Okafor" in several.instruction
    assert several.judge(booted, _without(booted, 2, 15, 28)).success
    assert not several.judge(booted, _without(booted, 2, 15)).success
    assert not several.judge(booted, _without(booted, 2, 15, 28, 29)).success


def test_favorite_and_unfavorite(booted):
    fav = _task("favorite_contact", contact_id=2, name="Benjamin Carter")
    assert fav.judge(booted, _edited(booted, 2, starred=True)).success
    assert not fav.judge(booted, _edited(booted, 2, starred=True, note="x")).success
    unfav = _task("unfavorite_contact", contact_id=7, name="Grace Lee")
    assert unfav.judge(booted, _edited(booted, 7, starred=False)).success
    assert not unfav.judge(booted, _edited(_edited(booted, 7, starred=False), 3,
                                           starred=False)).success


# --------------------------------------------------------------------------- query
def test_phone_of_reads_the_asked_number(booted):
    task = _task("phone_of", contact_id=11, name="Carlos Rivera", which="phone2", kind="work")
    assert "Carlos Rivera's work" in task.instruction
    for answer in ("+1 650-555-0241", "(650) 555-0241", "It's 650 555 0241."):
        assert task.judge(booted, booted, answer).success, answer
    assert not task.judge(booted, booted, "+1 650-555-0141").success  # the mobile number
    assert not task.judge(booted, booted, None).success
    with pytest.raises(ValueError, match="no home number"):
        task.validate_params(task.parse_params({"contact_id": 11, "name": "Carlos Rivera",
                                                "which": "phone2", "kind": "home"}), Device())


def test_email_and_birthday_answers(booted):
    email = _task("email_of", contact_id=1, name="Alice Johnson")
    assert email.judge(booted, booted, "Alice.Johnson@example.com").success
    assert not email.judge(booted, booted, "alice.johnston@example.com").success
    bday = _task("birthday_of", contact_id=1, name="Alice Johnson")
    for answer in ("April 12, 1990", "4/12/1990", "April 12", "12 April"):
        assert bday.judge(booted, booted, answer).success, answer
    assert not bday.judge(booted, booted, "April 12, 1991").success
    assert not bday.judge(booted, booted, "April 13").success
    yearless = _task("birthday_of", contact_id=2, name="Benjamin Carter")
    assert yearless.judge(booted, booted, "July 23").success


def test_counts_follow_the_initial_state(booted):
    task = _task("count_company", group="Acme Corp", extra_ids=[])
    assert task.judge(booted, booted, "4").success  # not Liam Walsh of Acme Foods
    assert task.judge(booted, booted, "four contacts").success
    assert not task.judge(booted, booted, "5").success
    grown = _edited(booted, 2, company="Acme Corp")
    assert _task("count_company", group="Acme Corp", extra_ids=[2]).judge(
        grown, grown, "5").success
    labels = _task("count_label", group="Family", extra_ids=[])
    assert labels.judge(booted, booted, "4").success
    assert not labels.judge(booted, booted, "3").success


def test_next_birthday_counts_from_the_clock_and_wraps_the_year(booted):
    # 2026-03-02 is the clock's date; Jan 27 is already past, so it comes next year
    members = {"3": "11-02", "5": "03-01", "20": "03-03"}
    task = _task("next_birthday", label="Book club", birthdays=members)
    state = booted
    for cid, day in members.items():
        state = _edited(state, int(cid), birthday=day)
    assert task.judge(state, state, "Laura Chen").success
    assert not task.judge(state, state, "Emily Davis").success  # yesterday's birthday
    assert not task.judge(state, state, "Laura Chen and Chloe Martinez").success


# --------------------------------------------------------------------------- hybrid
def test_star_by_note_and_message_by_note(booted):
    noted = _edited(booted, 20, note="Florist")
    star = _task("star_by_note", contact_id=20, note="Florist")
    assert star.judge(noted, _edited(noted, 20, starred=True)).success
    assert not star.judge(noted, _edited(noted, 6, starred=True)).success  # the plumber
    text = _task("message_by_note", contact_id=20, note="Florist", message="Thanks again!")
    sent = copy.deepcopy(noted)
    sms = sent["os"]["providers"]["sms"]
    sms.append({"id": max(m["id"] for m in sms) + 1, "thread_address": "+1 415-555-0191",
                "address": "+1 415-555-0100", "body": "thanks again", "timestamp_ms": 1,
                "type": "sent", "read": True})
    assert text.judge(noted, sent).success
    wrong = copy.deepcopy(sent)
    wrong["os"]["providers"]["sms"][-1]["thread_address"] = "+1 408-555-0125"
    assert not text.judge(noted, wrong).success
    unread = next(m for m in sms if not m["read"])
    unread["read"] = True  # opening a thread on the way reads it: allowed
    assert text.judge(noted, sent).success


def test_label_coworkers_needs_everyone_and_no_one_else(booted):
    task = _task("label_coworkers", company="Bayview Dental", label="Work")
    both = _edited(_edited(booted, 7, labels=["Work"]), 24, labels=["Work"])
    assert task.judge(booted, both).success
    one = _edited(booted, 7, labels=["Work"])
    v = task.judge(booted, one)
    assert not v.success and v.progress == 0.5
    extra = _edited(both, 21, labels=["Work"])  # Liam Walsh does not work there
    assert not task.judge(booted, extra).clean


def test_share_to_notes_needs_a_note_with_name_and_number(booted):
    task = _task("share_to_notes", contact_id=7, name="Grace Lee")
    notes = booted["apps"]["notes"]
    shared = copy.deepcopy(booted)
    note = dict(copy.deepcopy(notes["notes"][0]), id=notes["next_id"], kind="text",
                title="Grace Lee", body="Grace Lee\nWork: +1 415-555-0166", items=[],
                pinned=False, folder_id=None)
    shared["apps"]["notes"]["notes"].append(note)
    shared["apps"]["notes"]["next_id"] += 1
    assert task.judge(booted, shared).success
    wrong = copy.deepcopy(shared)
    wrong["apps"]["notes"]["notes"][-1]["body"] = "Grace Lee"
    assert not task.judge(booted, wrong).success
