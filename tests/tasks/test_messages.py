"""Messages judges on hand-built states: the factory data's state with rows added, removed or
edited the way an agent's actions would."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from mobilegym_env.device import Device
from mobilegym_env.kernel.providers import OWN_NUMBER
from mobilegym_env.task import Task, registry

ALICE, BEN, CHLOE, DANIEL = ("+1 415-555-0132", "+1 628-555-0147", "+1 415-555-0178",
                             "+1 650-555-0110")
EMILY = "+1 510-555-0193"


def _setup(task_id: str, **params: Any) -> tuple[Task, dict[str, Any]]:
    """The task and its initial state (``initialize`` run on a fresh phone)."""
    d = Device()
    cls = registry()[task_id]
    task = cls(params)
    cls.validate_params(task.params, d)
    task.initialize(d, np.random.default_rng(0))
    return task, d.state()


def _sms(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["os"]["providers"]["sms"]


def _send(state: dict[str, Any], address: str, body: str) -> dict[str, Any]:
    """``state`` after sending ``body`` to ``address`` (a new row, the thread read)."""
    out = copy.deepcopy(state)
    rows = _sms(out)
    for m in rows:
        if m["thread_address"] == address:
            m["read"] = True
    rows.append({"id": max(m["id"] for m in rows) + 1, "thread_address": address,
                 "address": OWN_NUMBER, "body": body, "timestamp_ms": 1_772_442_100_000,
                 "type": "sent", "read": True})
    return out


def _without(state: dict[str, Any], *, ids: tuple[int, ...] = (),
             address: str | None = None) -> dict[str, Any]:
    out = copy.deepcopy(state)
    out["os"]["providers"]["sms"] = [m for m in _sms(out) if m["id"] not in ids
                                     and m["thread_address"] != address]
    return out


def _read(state: dict[str, Any], address: str, read: bool = True,
          only: int | None = None) -> dict[str, Any]:
    out = copy.deepcopy(state)
    for m in _sms(out):
        if m["thread_address"] == address and m["type"] == "inbox" and only in (None, m["id"]):
            m["read"] = read
    return out


def _archived(state: dict[str, Any], archived: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(state)
    out["apps"]["messages"]["archived"] = archived
    return out


def _stray(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# --------------------------------------------------------------------------- sending
def test_send_to_contact_needs_that_number_and_that_text_once():
    task, initial = _setup("messages.send_to_contact", name="Chloe Martinez", phone=CHLOE,
                           body="See you at 6:30.")
    assert 'Chloe Martinez' in task.instruction and '"See you at 6:30."' in task.instruction
    assert task.judge(initial, _send(initial, CHLOE, "see you at 6:30")).success  # lenient form
    assert not task.judge(initial, _send(initial, CHLOE, "See you at 6:45.")).success
    assert not task.judge(initial, _send(initial, ALICE, "See you at 6:30.")).success
    twice = _send(_send(initial, CHLOE, "See you at 6:30."), CHLOE, "See you at 6:30.")
    assert not task.judge(initial, twice).success  # one message, not two
    sloppy = _without(_send(initial, CHLOE, "See you at 6:30."), address=DANIEL)
    v = task.judge(initial, sloppy)
    assert v.checks[0].passed and not v.clean and not v.success
    assert "os.providers.sms[id=9] (deleted)" in _stray(v)


def test_send_to_number_matches_digits_not_spelling():
    task, initial = _setup("messages.send_to_number", number="(628) 555-0143", body="Hi!")
    assert task.judge(initial, _send(initial, "6285550143", "hi")).success
    assert task.judge(initial, _send(initial, "+1 628-555-0143", "Hi!")).success
    assert not task.judge(initial, _send(initial, "(628) 555-0134", "Hi!")).success


def test_reply_in_thread_tolerates_reading_other_threads_only():
    task, initial = _setup("messages.reply_in_thread", name="Daniel Kim", address=DANIEL,
                           body="On my way")
    looked = _read(_send(initial, DANIEL, "On my way"), EMILY)  # Emily's thread was opened
    assert task.judge(initial, looked).success
    assert not task.judge(initial, _send(initial, EMILY, "On my way")).success
    archived = _archived(_send(initial, DANIEL, "On my way"), [BEN])
    assert _stray(task.judge(initial, archived)) == ['apps.messages.archived: [] -> '
                                                     '["+1 628-555-0147"]']
    # looking reads; marking another conversation unread is no part of looking
    unread = _read(_send(initial, DANIEL, "On my way"), BEN, read=False, only=19)
    assert _stray(task.judge(initial, unread)) == ["os.providers.sms[id=19].read: true -> "
                                                   "false"]


def test_losing_a_draft_is_collateral_damage():
    task, initial = _setup("messages.reply_in_thread", name="Daniel Kim", address=DANIEL,
                           body="On my way")
    initial["apps"]["messages"]["drafts"] = {EMILY: "Half a thought"}
    kept = _send(initial, DANIEL, "On my way")
    assert task.judge(initial, kept).success
    lost = copy.deepcopy(kept)
    lost["apps"]["messages"]["drafts"] = {}
    assert _stray(task.judge(initial, lost)) == ['apps.messages.drafts["+1 510-555-0193"] '
                                                 '(deleted)']
    left = copy.deepcopy(kept)
    left["apps"]["messages"]["drafts"][BEN] = "typed and left"
    assert not task.judge(initial, left).clean


def test_forward_needs_the_whole_message_to_the_recipient():
    what = "Henry Thompson's message with the gate code"
    task, initial = _setup("messages.forward_message", what=what, recipient="Emily Davis",
                           recipient_phone=EMILY)
    body = "Thanks. If I'm out, the side gate code is 5580."
    final = _send(initial, EMILY, body)
    final["os"]["clipboard"]["text"] = body  # copying on the way is fine
    assert task.judge(initial, final).success
    assert not task.judge(initial, _send(initial, EMILY, "the side gate code is 5580")).success
    assert not task.judge(initial, _send(initial, ALICE, body)).success


def test_send_code_takes_the_new_code_not_the_old_one():
    task, initial = _setup("messages.send_code", service="Uber", code=531907,
                           name="Benjamin Carter", phone=BEN)
    old = next(m["body"] for m in _sms(initial) if m["thread_address"] == "827222"
               and m["read"])
    assert "531907" not in old
    assert task.judge(initial, _send(initial, BEN, "Your code: 531907")).success
    assert not task.judge(initial, _send(initial, BEN, old)).success
    assert not task.judge(initial, _send(initial, BEN, "53190")).success


def test_pass_on_fact_needs_the_fact_in_the_text():
    task, initial = _setup("messages.pass_on_fact", fact="party_address", name="Grace Lee",
                           phone="+1 415-555-0166")
    assert "Grace Lee" in task.instruction
    assert "the street address of Chloe Martinez's party" in task.instruction
    assert task.judge(initial, _send(initial, "+1 415-555-0166",
                                     "It's 1420 Valencia St, apt 3")).success
    assert not task.judge(initial, _send(initial, "+1 415-555-0166", "Valencia Street")).success
    assert not task.judge(initial, _send(initial, "+1 415-555-0166",
                                         "1420 Valencia St or 742 Valencia St")).success


def test_reply_from_notification_reads_the_new_message():
    task, initial = _setup("messages.reply_from_notification", name="Alice Johnson",
                           phone=ALICE, incoming="Where are you?", body="Almost there")
    new = _sms(initial)[-1]
    assert (new["body"], new["read"]) == ("Where are you?", False)
    [note] = initial["os"]["notifications"]["items"]
    assert note["title"] == "Alice Johnson"
    assert task.judge(initial, _send(initial, ALICE, "Almost there!")).success
    assert not task.judge(initial, _read(initial, ALICE)).success  # read but no reply


# --------------------------------------------------------------------------- deleting, archiving
def test_delete_thread_removes_all_of_it_and_nothing_else():
    task, initial = _setup("messages.delete_thread", name="72345", address="72345")
    assert task.judge(initial, _without(initial, address="72345")).success
    assert not task.judge(initial, _without(initial, ids=(40,))).success  # half of it
    v = task.judge(initial, _without(initial, address="72345", ids=(1,)))
    assert v.checks[0].passed and not v.success
    assert _stray(v) == ["os.providers.sms[id=1] (deleted)"]


def test_delete_two_threads_needs_both():
    task, initial = _setup("messages.delete_two_threads", first="Emily Davis",
                           first_address=EMILY, second="26789", second_address="26789")
    both = _without(_without(initial, address=EMILY), address="26789")
    assert task.judge(initial, both).success
    v = task.judge(initial, _without(initial, address=EMILY))
    assert not v.success and v.checks[0].passed and not v.checks[1].passed


def test_delete_message_only_that_one():
    task, initial = _setup("messages.delete_message", name="Benjamin Carter", sms_id=17,
                           body="I'm in! What time?")
    assert task.judge(initial, _without(initial, ids=(17,))).success
    assert not task.judge(initial, _without(initial, ids=(17, 19))).success
    assert not task.judge(initial, _without(initial, ids=(16,))).success


def test_archive_and_unarchive_exactly_one():
    task, initial = _setup("messages.archive_thread", name="Frank Wilson",
                           address="+1 408-555-0125")
    assert task.judge(initial, _archived(initial, ["+1 408-555-0125"])).success
    assert not task.judge(initial, _archived(initial, ["+1 408-555-0125", BEN])).success
    task, initial = _setup("messages.unarchive_thread", name="Daniel Kim", address=DANIEL,
                           others=[BEN, "72345"])
    archived = initial["apps"]["messages"]["archived"]
    assert sorted(archived) == sorted([DANIEL, BEN, "72345"])
    keep = [a for a in archived if a != DANIEL]
    assert task.judge(initial, _archived(initial, keep)).success
    assert not task.judge(initial, _archived(initial, [])).success  # unarchived them all


# --------------------------------------------------------------------------- read state
def test_mark_unread_pins_read_state():
    task, initial = _setup("messages.mark_unread", name="Benjamin Carter", address=BEN)
    assert all(m["read"] for m in _sms(initial) if m["thread_address"] == BEN)
    assert task.judge(initial, _read(initial, BEN, False, only=32)).success
    assert not task.judge(initial, _read(initial, BEN, False, only=19)).success  # not newest
    v = task.judge(initial, _read(_read(initial, BEN, False, only=32), EMILY))
    assert not v.success and _stray(v) == ["os.providers.sms[id=36].read: false -> true"]


def test_mark_read_leaves_other_threads_alone():
    task, initial = _setup("messages.mark_read", first="Henry Thompson",
                           first_address="+1 925-555-0154", second="Grace Lee",
                           second_address="+1 415-555-0166")
    done = _read(_read(initial, "+1 925-555-0154"), "+1 415-555-0166")
    assert task.judge(initial, done).success
    assert not task.judge(initial, _read(initial, "+1 925-555-0154")).success
    assert not task.judge(initial, _read(done, DANIEL)).success  # read another one too


# --------------------------------------------------------------------------- questions
def test_verification_code_answer():
    task, initial = _setup("messages.verification_code", service="PayPal", code=604218)
    assert task.judge(initial, initial, "604218").success
    assert task.judge(initial, initial, "The code is 604218.").success
    assert task.judge(initial, _read(initial, "729725"), "604218").success  # opened it
    old = next(m["body"].split()[0] for m in _sms(initial) if m["thread_address"] == "729725"
               and m["read"])
    assert not task.judge(initial, initial, old).success
    assert not task.judge(initial, initial, "604218 or 482913").success
    assert not task.judge(initial, initial, None).success


def test_unread_count_answer():
    task, initial = _setup("messages.unread_count", unread=["72345", BEN, EMILY])
    unread = {m["thread_address"] for m in _sms(initial) if not m["read"]}
    assert unread == {"72345", BEN, EMILY}
    assert task.judge(initial, initial, "3").success
    assert task.judge(initial, initial, "three conversations").success
    assert not task.judge(initial, initial, "4").success
    assert not task.judge(initial, _without(initial, address=BEN), "3").success  # unclean


def test_meeting_plan_takes_the_changed_plan():
    task, initial = _setup("messages.meeting_plan", name="Chloe Martinez", phone=CHLOE,
                           first_place="Tartine", first_time=[10, 0],
                           place="the Ferry Building", time=[16, 30])
    assert "Ferry Building at 4:30 PM" in _sms(initial)[-1]["body"]
    assert task.judge(initial, initial, "Ferry Building at 4:30 PM").success
    assert task.judge(initial, initial, "16:30, the ferry building").success
    assert not task.judge(initial, initial, "Tartine at 10:00 AM").success
    assert not task.judge(initial, initial, "Ferry Building at 10:00 AM").success
    assert not task.judge(initial, initial, "Ferry Building").success  # no time
    assert not task.judge(initial, initial,
                          "Ferry Building at 4:30 PM, or maybe Tartine").success
    assert not task.judge(initial, initial, "Ferry Building at 4:30 PM or 10:00 AM").success


@pytest.mark.parametrize("fact, right, other_form, wrong", [
    ("hike_time", "8:15 AM", "at 8.15am", "7:45 AM"),
    ("faucet_estimate", "$240", "240 dollars", "$24"),
    ("tracking_number", "PX-88421-US", "px 88421 us", "PX-88421"),
    ("cleaning_date", "March 10", "3/10/2026", "March 11"),
    ("review_room", "4B", "Room 4B", "4"),
])
def test_ask_about_conversation_answers(fact: str, right: str, other_form: str, wrong: str):
    task, initial = _setup("messages.ask_about_conversation", fact=fact)
    assert task.judge(initial, initial, right).success
    assert task.judge(initial, initial, other_form).success
    assert task.judge(initial, initial, f"The answer is {right}.").success
    assert not task.judge(initial, initial, wrong).success
    assert not task.judge(initial, initial, f"{right} or Rockridge library").success


def test_bad_params_are_refused_before_anything_changes():
    d = Device()
    before = d.state()
    cls = registry()["messages.forward_message"]
    with pytest.raises(ValueError, match="unknown message"):
        cls.validate_params(cls.parse_params({"what": "the poem", "recipient": "Grace Lee",
                                              "recipient_phone": "+1 415-555-0166"}), d)
    cls = registry()["messages.delete_thread"]
    with pytest.raises(ValueError, match="no conversation"):
        cls.validate_params(cls.parse_params({"name": "x", "address": "+1 000"}), d)
    assert d.state() == before
