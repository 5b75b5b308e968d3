"""Phone judges on hand-built states: the right change passes, collateral damage is unclean,
near-misses fail, and answers in other accepted forms pass."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mobilegym_env.device import Device
from mobilegym_env.task import registry

NOW = 1772442000000
MIN = 60_000


@pytest.fixture(scope="module")
def booted() -> dict[str, Any]:
    return Device().state()


def _task(task_name: str, /, **params: Any) -> Any:
    return registry()[f"phone.{task_name}"](params)


def _calls(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["os"]["providers"]["calls"]


def _with_call(state: dict[str, Any], number: str, kind: str = "outgoing", seconds: int = 5,
               at: int = NOW, name: str | None = None) -> dict[str, Any]:
    out = copy.deepcopy(state)
    rid = max((c["id"] for c in _calls(out)), default=0) + 1
    _calls(out).append({"id": rid, "number": number, "name": name, "type": kind,
                        "date_ms": at, "duration_s": seconds})
    return out


def _with_sms(state: dict[str, Any], to: str, body: str) -> dict[str, Any]:
    out = copy.deepcopy(state)
    rows = out["os"]["providers"]["sms"]
    rows.append({"id": rows[-1]["id"] + 1, "thread_address": to, "address": "+1 415-555-0100",
                 "body": body, "timestamp_ms": NOW, "type": "sent", "read": True})
    return out


def _starred(state: dict[str, Any], contact_id: int, value: bool) -> dict[str, Any]:
    out = copy.deepcopy(state)
    next(c for c in out["os"]["providers"]["contacts"] if c["id"] == contact_id)["starred"] = \
        value
    return out


# --------------------------------------------------------------------------- calling
def test_call_contact_right_number_once(booted):
    task = _task("call_contact", contact_id=12, name="Daniela Kim", number="+1 650-555-0117")
    assert task.judge(booted, _with_call(booted, "+16505550117")).success
    assert not task.judge(booted, booted).success
    v = task.judge(booted, _with_call(booted, "+1 650-555-0110"))  # Daniel Kim
    assert not v.success and not v.checks[0].passed
    twice = _with_call(_with_call(booted, "6505550117"), "6505550117")
    assert not task.judge(booted, twice).success
    v = task.judge(booted, _with_call(_with_call(booted, "6505550117"), "6505550110"))
    assert v.checks[0].passed and not v.clean  # a second, stray call


def test_incoming_call_is_not_calling(booted):
    task = _task("call_contact", contact_id=12, name="Daniela Kim", number="+1 650-555-0117")
    assert not task.judge(booted, _with_call(booted, "6505550117", "incoming")).success


def test_dial_number_any_format(booted):
    task = _task("dial_number", number="(707) 555-0404")
    assert task.judge(booted, _with_call(booted, "7075550404")).success
    assert task.judge(booted, _with_call(booted, "+1 707-555-0404")).success
    assert not task.judge(booted, _with_call(booted, "7075550405")).success


def test_answer_call_needs_fifteen_seconds(booted):
    task = _task("answer_call", contact_id=3, name="Chloe Martinez", number="+1 415-555-0178")
    assert task.judge(booted, _with_call(booted, "+1 415-555-0178", "incoming", 15)).success
    assert not task.judge(booted, _with_call(booted, "+1 415-555-0178", "incoming", 9)).success
    assert not task.judge(booted, _with_call(booted, "+1 415-555-0178", "rejected", 0)).success


def test_decline_with_message_needs_both(booted):
    task = _task("decline_with_message", contact_id=3, name="Chloe Martinez",
                 number="+1 415-555-0178", reply="I'll call you later.")
    rejected = _with_call(booted, "+1 415-555-0178", "rejected", 0)
    assert task.judge(booted, _with_sms(rejected, "+1 415-555-0178",
                                        "I'll call you later.")).success
    assert not task.judge(booted, rejected).success
    wrong = _with_sms(rejected, "+1 415-555-0178", "I'll call you right back.")
    assert not task.judge(booted, wrong).success


# --------------------------------------------------------------------------- call log
def test_count_missed_reads_the_initial_log(booted):
    task = _task("count_missed", contact_id=5, name="Emily Davis", number="+1 510-555-0193",
                 times=(NOW - 10 * MIN,), kinds=("missed",))
    initial = _with_call(booted, "+1 510-555-0193", "missed", 0, NOW - 10 * MIN)
    assert task.judge(initial, initial, answer="3").success  # two default + one
    assert task.judge(initial, initial, answer="three missed calls").success
    assert not task.judge(initial, initial, answer="2").success
    assert not task.judge(initial, initial).success


def test_last_call_time_skips_the_call_you_made(booted):
    times = (NOW - 30 * MIN, NOW - 65 * MIN)
    task = _task("last_call_time", contact_id=2, name="Benjamin Carter",
                 number="+1 628-555-0147", times=times, kinds=("outgoing", "incoming"))
    initial = _with_call(_with_call(booted, "+1 628-555-0147", "outgoing", 30, times[0]),
                         "+1 628-555-0147", "incoming", 40, times[1])
    assert task.judge(initial, initial, answer="7:55 AM").success  # 09:00 - 1 h 5 min
    assert task.judge(initial, initial, answer="07:55").success
    assert not task.judge(initial, initial, answer="8:30 AM").success  # the outgoing one
    assert not task.judge(initial, initial, answer="7:50 AM").success  # the default missed


def test_delete_call_entry_the_right_one(booted):
    times = (NOW - 20 * MIN, NOW - 80 * MIN, NOW - 300 * MIN)
    task = _task("delete_call_entry", contact_id=4, name="Daniel Kim", number="+1 650-555-0110",
                 times=times, kinds=("incoming", "incoming", "missed"), target=1,
                 when="today at 7:40 AM")
    initial = booted
    for t, k in zip(times, ("incoming", "incoming", "missed"), strict=True):
        initial = _with_call(initial, "+1 650-555-0110", k, 60, t)
    target = next(c["id"] for c in _calls(initial) if c["date_ms"] == times[1])
    other = next(c["id"] for c in _calls(initial) if c["date_ms"] == times[0])

    def without(*ids: int) -> dict[str, Any]:
        out = copy.deepcopy(initial)
        out["os"]["providers"]["calls"] = [c for c in _calls(out) if c["id"] not in ids]
        return out

    assert task.judge(initial, without(target)).success
    assert not task.judge(initial, without(other)).success
    v = task.judge(initial, without(target, other))
    assert v.checks[0].passed and not v.clean
    assert not task.judge(initial, initial).success


def test_clear_history_all_or_nothing(booted):
    task = _task("clear_history")
    cleared = copy.deepcopy(booted)
    cleared["os"]["providers"]["calls"] = []
    assert task.judge(booted, cleared).success
    partly = copy.deepcopy(booted)
    partly["os"]["providers"]["calls"] = _calls(booted)[:1]
    assert not task.judge(booted, partly).success
    v = task.judge(booted, _starred(cleared, 2, True))
    assert v.checks[0].passed and not v.clean


def test_save_caller_with_the_name_and_number(booted):
    task = _task("save_caller", number="+1 707-555-0404", name="+1 707-555-0404",
                 at_ms=NOW - 30 * MIN, when="today at 8:30 AM", contact="Nora Sato")
    out = copy.deepcopy(booted)
    rows = out["os"]["providers"]["contacts"]
    rows.append({**rows[0], "id": 31, "name": "nora sato", "phone": "7075550404",
                 "phone2": None, "email": None, "starred": False, "labels": [], "company": None,
                 "job_title": None, "address": None, "birthday": None, "note": None})
    assert task.judge(booted, out).success
    rows[-1]["phone"] = "7075550405"
    assert not task.judge(booted, out).success


# --------------------------------------------------------------------------- blocking
def _rows(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["os"]["providers"]["blocked"]


def _blocked(state: dict[str, Any], *numbers: str) -> dict[str, Any]:
    """``state`` with ``numbers`` added to the system-wide blocked-numbers provider."""
    out = copy.deepcopy(state)
    for n in numbers:
        rid = max((b["id"] for b in _rows(out)), default=0) + 1
        _rows(out).append({"id": rid, "number": n, "blocked_ms": NOW})
    return out


def test_block_number_only_that_number(booted):
    task = _task("block_number", number="+1 707-555-0404")
    assert task.judge(booted, _blocked(booted, "(707) 555-0404")).success
    assert not task.judge(booted, _blocked(booted, "(707) 555-0440")).success
    v = task.judge(booted, _blocked(booted, "7075550404", "4155550132"))
    assert not v.success


def test_block_recent_caller(booted):
    task = _task("block_recent_caller", number="+1 213-555-0777", name="+1 213-555-0777",
                 at_ms=NOW - 5 * MIN)
    initial = _with_call(booted, "+1 213-555-0777", "incoming", 0, NOW - 5 * MIN)
    assert task.judge(initial, _blocked(initial, "+1 213-555-0777")).success
    assert not task.judge(initial, _blocked(initial, "+1 415-555-0132")).success  # Alice


def test_unblock_number_leaves_the_others(booted):
    numbers = ("+1 213-555-0701", "+1 213-555-0702", "+1 213-555-0703")
    task = _task("unblock_number", numbers=numbers, number=numbers[1])
    initial = _blocked(booted, *numbers)
    ids = {b["number"]: b["id"] for b in _rows(initial)}

    def without(*gone: str) -> dict[str, Any]:
        out = copy.deepcopy(initial)
        out["os"]["providers"]["blocked"] = [b for b in _rows(out)
                                             if b["id"] not in {ids[g] for g in gone}]
        return out

    assert task.judge(initial, without(numbers[1])).success
    assert not task.judge(initial, without(numbers[0])).success
    v = task.judge(initial, without(numbers[1], numbers[2]))
    assert v.checks[0].passed and not v.clean


# --------------------------------------------------------------------------- favourites
def test_star_and_unstar(booted):
    star = _task("star_contact", contact_id=12, name="Daniela Kim", number="+1 650-555-0117")
    assert star.judge(booted, _starred(booted, 12, True)).success
    assert not star.judge(booted, _starred(booted, 4, True)).success  # Daniel Kim
    v = star.judge(booted, _starred(_starred(booted, 12, True), 1, False))
    assert v.checks[0].passed and not v.clean
    unstar = _task("unstar_favourite", contact_id=7, name="Grace Lee", number="+1 415-555-0166")
    assert unstar.judge(booted, _starred(booted, 7, False)).success
    assert not unstar.judge(booted, booted).success


# --------------------------------------------------------------------------- voicemail
def test_voicemail_time_answer_and_heard_side_effect(booted):
    task = _task("voicemail_time", contact_id=2, name="Benjamin Carter",
                 number="+1 628-555-0147", place="the gym", hour=18, minute=30, decoy_id=4)
    heard = copy.deepcopy(booted)
    for v in heard["apps"]["phone"]["voicemails"]:
        v["read"] = True
    assert task.judge(booted, heard, answer="6:30 PM").success
    assert task.judge(booted, booted, answer="18:30").success
    assert not task.judge(booted, booted, answer="9:30 PM").success  # the decoy's time
    assert not task.judge(booted, booted).success


def test_delete_voicemail_the_right_one(booted):
    task = _task("delete_voicemail", voicemail_id=2, name="+1 213-555-0199")

    def without(vm_id: int) -> dict[str, Any]:
        out = copy.deepcopy(booted)
        out["apps"]["phone"]["voicemails"] = [v for v in out["apps"]["phone"]["voicemails"]
                                              if v["id"] != vm_id]
        return out

    assert task.judge(booted, without(2)).success
    assert not task.judge(booted, without(3)).success


# --------------------------------------------------------------------------- cross-app
def test_text_missed_caller_body_and_recipient(booted):
    task = _task("text_missed_caller", number="+1 408-555-0144", name="Maya Singh",
                 at_ms=NOW - 10 * MIN, body="Can I call you back in an hour?")
    initial = _with_call(booted, "+1 408-555-0144", "missed", 0, NOW - 10 * MIN)
    assert task.judge(initial, _with_sms(initial, "+1 408-555-0144",
                                         "can I call you back in an hour")).success
    assert not task.judge(initial, _with_sms(initial, "+1 408-555-0141",
                                             "Can I call you back in an hour?")).success
    assert not task.judge(initial, _with_sms(initial, "+1 628-555-0147",  # Ben: the default
                                             "Can I call you back in an hour?")).success
    unread = _with_sms(initial, "+1 408-555-0144", "Can I call you back in an hour?")
    assert unread["os"]["providers"]["sms"][0]["read"]
    unread["os"]["providers"]["sms"][0]["read"] = False  # looking reads; it never unreads
    verdict = task.judge(initial, unread)
    assert not verdict.success and not verdict.clean
    assert [str(c) for c in verdict.unexpected_changes] == [
        "os.providers.sms[id=1].read: true -> false"]


def test_call_back_missed_reads_the_newest_missed_call(booted):
    task = _task("call_back_missed", number="+1 408-555-0144", name="Maya Singh",
                 at_ms=NOW - 10 * MIN)
    initial = _with_call(booted, "+1 408-555-0144", "missed", 0, NOW - 10 * MIN)
    assert task.judge(initial, _with_call(initial, "4085550144")).success
    assert not task.judge(initial, _with_call(initial, "+1 628-555-0147")).success
    # had the fresh call come before Ben's 7:50 AM missed call, Ben would be the answer
    older = _with_call(booted, "+1 408-555-0144", "missed", 0, NOW - 200 * MIN)
    assert task.judge(older, _with_call(older, "+1 628-555-0147")).success
    assert not task.judge(initial, initial).success


def test_call_unread_sender(booted):
    task = _task("call_unread_sender", contact_id=13, name="Ethan Brooks",
                 number="+1 510-555-0162")
    initial = copy.deepcopy(booted)
    rows = initial["os"]["providers"]["sms"]
    rows.append({"id": rows[-1]["id"] + 1, "thread_address": "+1 510-555-0162",
                 "address": "+1 510-555-0162", "body": "Call me when you get this.",
                 "timestamp_ms": NOW - 5 * MIN, "type": "inbox", "read": False})
    assert task.judge(initial, _with_call(initial, "+1 510-555-0162")).success
    assert not task.judge(initial, _with_call(initial, "+1 415-555-0132")).success  # Alice
    assert not task.judge(initial, initial).success
    # without the new text, Alice's 8:20 AM message is the newest unread one
    assert task.judge(booted, _with_call(booted, "+1 415-555-0132")).success


# --------------------------------------------------------------------------- more
def test_missed_today_counts_only_today(booted):
    task = _task("missed_today", minutes=(30, 600), numbers=("+1 415-555-0132",) * 2)
    initial = _with_call(_with_call(booted, "+1 415-555-0132", "missed", 0, NOW - 30 * MIN),
                         "+1 415-555-0132", "missed", 0, NOW - 600 * MIN)  # yesterday 23:00
    assert task.judge(initial, initial, answer="2").success  # Ben's 7:50 AM and the new one
    assert task.judge(initial, initial, answer="two").success
    assert not task.judge(initial, initial, answer="3").success
    assert not task.judge(initial, initial).success


def test_redial_last_is_the_outgoing_number(booted):
    task = _task("redial_last", number="+1 707-555-0119", at_ms=NOW - 90 * MIN,
                 callers=("+1 415-555-0132",))
    assert task.judge(booted, _with_call(booted, "7075550119")).success
    assert not task.judge(booted, _with_call(booted, "4155550132")).success  # the caller


def test_save_voicemail_caller_needs_call_and_contact(booted):
    task = _task("save_voicemail_caller", topic="a package delivery",
                 number="+1 213-555-0701", contact="Omar Haddad", decoy="+1 213-555-0702")
    called = _with_call(booted, "+1 213-555-0701")
    saved = copy.deepcopy(called)
    rows = saved["os"]["providers"]["contacts"]
    rows.append({**rows[-1], "id": 31, "name": "Omar Haddad", "phone": "+1 213-555-0701",
                 "phone2": None, "email": None, "starred": False, "labels": [],
                 "company": None, "job_title": None, "address": None, "birthday": None,
                 "note": None})
    assert task.judge(booted, saved).success
    v = task.judge(booted, called)
    assert not v.success and v.progress == 0.5
    wrong = copy.deepcopy(saved)
    wrong["os"]["providers"]["contacts"][-1]["phone"] = "+1 213-555-0702"  # the decoy
    assert not task.judge(booted, wrong).success


def test_update_new_number_on_the_right_contact(booted):
    task = _task("update_new_number", contact_id=20, name="Laura Chen", number="+1 213-555-0701")
    out = copy.deepcopy(booted)
    laura = next(c for c in out["os"]["providers"]["contacts"] if c["id"] == 20)
    laura["phone"] = "(213) 555-0701"
    assert task.judge(booted, out).success
    laura["phone2"] = "+1 415-555-0191"  # the old one kept as a second number: still fine?
    v = task.judge(booted, out)
    assert v.checks[0].passed and not v.clean  # no: only the mobile number was asked for
    wrong = copy.deepcopy(booted)
    next(c for c in wrong["os"]["providers"]["contacts"] if c["id"] == 1)["phone"] = \
        "+1 213-555-0701"
    assert not task.judge(booted, wrong).success


def test_unblock_contact_only_that_contact(booted):
    task = _task("unblock_contact", contact_id=2, name="Benjamin Carter",
                 number="+1 628-555-0147", decoy_id=1)
    initial = _blocked(booted, "+1 415-555-0132", "+1 628-555-0147")  # Alice (decoy), Ben
    ids = {b["number"]: b["id"] for b in _rows(initial)}

    def without(*gone: str) -> dict[str, Any]:
        out = copy.deepcopy(initial)
        out["os"]["providers"]["blocked"] = [b for b in _rows(out)
                                             if b["id"] not in {ids[g] for g in gone}]
        return out

    assert task.judge(initial, without("+1 628-555-0147")).success
    assert not task.judge(initial, without("+1 415-555-0132")).success  # the decoy
    v = task.judge(initial, without("+1 628-555-0147", "+1 415-555-0132"))
    assert v.checks[0].passed and not v.clean
    assert not task.judge(initial, initial).success


def test_block_spam_texter_blocks_the_sender_not_the_decoy(booted):
    task = _task("block_spam_texter", topic="a free cruise", number="+1 312-555-0777",
                 decoy="+1 925-555-0888")
    assert task.judge(booted, _blocked(booted, "(312) 555-0777")).success
    assert task.judge(booted, _blocked(booted, "3125550777")).success
    assert not task.judge(booted, _blocked(booted, "+1 925-555-0888")).success  # the decoy
    assert not task.judge(booted, _blocked(booted, "+1 312-555-0778")).success  # near miss
    v = task.judge(booted, _blocked(booted, "+1 312-555-0777", "+1 925-555-0888"))
    assert v.checks[0].passed and not v.clean
    read = _blocked(booted, "+1 312-555-0777")
    for m in read["os"]["providers"]["sms"]:
        m["read"] = True  # opening the conversations reads them: allowed
    assert task.judge(booted, read).success
    assert not task.judge(booted, booted).success
