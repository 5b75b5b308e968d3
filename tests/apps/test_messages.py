"""Messages: threads, selection mode, a conversation's menus, search, compose (contacts, numbers,
the picker, forwarding), share/SENDTO entry points and incoming messages with notifications."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mobilegym_env.apps.messages import inbox
from mobilegym_env.apps.messages.common import digits
from mobilegym_env.device import Device
from mobilegym_env.kernel.providers import OWN_NUMBER
from mobilegym_env.testing import has, ids, long_press, node, route, tap

APP = "messages"  # what the ``device`` fixture (conftest.py) opens

ALICE = "+1 415-555-0132"
BEN = "+1 628-555-0147"
DANIEL = "+1 650-555-0110"
EMILY = "+1 510-555-0193"
NEW_NUMBER = "+1 312-555-0186"
FIRST_NEW_ID = 42  # the factory data holds 41 messages


@pytest.fixture(autouse=True)
def _no_crashes(device: Device) -> Iterator[None]:
    yield
    assert device.crashes == []


def _sms(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["sms"]


def _thread(device: Device, address: str) -> list[dict[str, Any]]:
    return [m for m in _sms(device) if m["thread_address"] == address]


def _archived(device: Device) -> list[str]:
    return device.state()["apps"]["messages"]["archived"]


def _top(device: Device) -> Any:
    return device.kernel.tasks.top_activity


def _toast(device: Device) -> str | None:
    toast = device.kernel.system_ui.toast
    return toast.text if toast else None


# --------------------------------------------------------------------------- thread list
def test_thread_list_newest_first_with_names_and_unread_counts(device: Device) -> None:
    assert ids(device, "thread:")[:5] == [f"thread:{ALICE}", "thread:72345", "thread:26789",
                                          f"thread:{NEW_NUMBER}", f"thread:{EMILY}"]
    assert node(device, id=f"thread:{ALICE}")["text"] == (
        "Alice Johnson: The quarterly review is Thursday at 10:00 AM in room 4B. Can you bring "
        "the printed agenda?, 1 unread")
    assert node(device, id=f"thread:{NEW_NUMBER}")["text"].endswith(", 2 unread")
    assert node(device, id="thread:26789")["text"].startswith("26789: Parcel Express")
    # twelve conversations do not fit: the oldest is below the fold until scrolled to
    assert not has(device, id="thread:+1 415-555-0166")
    assert node(device, id="thread:+1 415-555-0166", scroll=3)["text"].startswith(
        "Grace Lee: Thank you, your appointment is confirmed.")


def test_open_thread_marks_read_and_reply_adds_one_row(device: Device) -> None:
    before = _sms(device)
    tap(device, id=f"thread:{DANIEL}")
    assert _top(device).history == ["/", "/thread/+1%20650-555-0110"]
    assert all(m["read"] for m in _thread(device, DANIEL))
    assert node(device, id="sms:35")["text"] == "Got them, thanks!"
    tap(device, id="reply")
    device.type_text("See you at 3")
    tap(device, id="send")
    after = _sms(device)
    assert len(after) == len(before) + 1
    assert after[-1] == {"id": FIRST_NEW_ID, "thread_address": DANIEL, "address": OWN_NUMBER,
                         "body": "See you at 3", "type": "sent", "read": True,
                         "timestamp_ms": device.kernel.clock.now_ms()}
    assert node(device, id="reply")["text"] == ""
    assert has(device, id=f"sms:{FIRST_NEW_ID}")
    tap(device, id="send")  # empty reply: nothing sent
    assert len(_sms(device)) == len(after)


def test_long_press_selects_and_delete_removes_only_those_threads(device: Device) -> None:
    before = _sms(device)
    long_press(device, id=f"thread:{DANIEL}")
    assert route(device) == "/?select=threads"
    assert node(device, id="selection_bar")
    tap(device, id="thread:72345")  # in selection mode a tap selects instead of opening
    assert has(device, text="2 selected")
    tap(device, id="sel_delete")
    assert node(device, id="delete_dialog")["text"] == "Delete 2 conversations?"
    tap(device, id="delete_confirm")
    assert route(device) == "/"
    assert _sms(device) == [m for m in before if m["thread_address"] not in (DANIEL, "72345")]
    assert not has(device, id=f"thread:{DANIEL}") and not has(device, id="selection_bar")
    assert _toast(device) == "2 conversations deleted"


def test_cancelled_delete_and_back_leave_everything(device: Device) -> None:
    before = device.state()
    long_press(device, id=f"thread:{DANIEL}")
    tap(device, id="sel_delete")
    tap(device, id="delete_cancel")
    assert route(device) == "/?select=threads"
    device.handle_back()  # Back leaves selection mode
    assert route(device) == "/"
    long_press(device, id=f"thread:{DANIEL}")
    tap(device, id=f"thread:{DANIEL}")  # deselecting the last one leaves selection mode too
    assert route(device) == "/"
    after = device.state()
    assert after["os"]["providers"] == before["os"]["providers"]
    assert after["apps"] == before["apps"]


def test_selection_archive_and_mark_read_unread(device: Device) -> None:
    long_press(device, id=f"thread:{DANIEL}")
    tap(device, id=f"thread:{BEN}")
    assert has(device, id="sel_mark_read")  # some selected thread is unread
    tap(device, id="sel_mark_read")
    assert all(m["read"] for m in _thread(device, DANIEL) + _thread(device, BEN))
    assert not _thread(device, EMILY)[-1]["read"]  # unselected threads keep their state
    long_press(device, id=f"thread:{DANIEL}")
    assert has(device, id="sel_mark_unread")
    tap(device, id="sel_mark_unread")
    assert [m["read"] for m in _thread(device, DANIEL)] == [True] * 5 + [False]
    long_press(device, id="thread:26789")
    tap(device, id="sel_archive")
    assert _archived(device) == ["26789"]
    assert not has(device, id="thread:26789") and _toast(device) == "Conversation archived"


def test_archived_list_unarchives_from_selection(device: Device) -> None:
    inbox.archive(device.kernel, BEN)
    inbox.archive(device.kernel, "72345")
    tap(device, id="more")
    tap(device, id="menu_archived")
    assert route(device) == "/archived"
    assert ids(device, "thread:") == ["thread:72345", f"thread:{BEN}"]
    long_press(device, id=f"thread:{BEN}")
    tap(device, id="sel_archive")
    assert _archived(device) == ["72345"]
    assert _toast(device) == "Conversation unarchived"
    device.handle_back()
    assert has(device, id=f"thread:{BEN}") and not has(device, id="thread:72345")


def test_mark_all_as_read_from_the_menu(device: Device) -> None:
    tap(device, id="more")
    tap(device, id="menu_mark_all_read")
    assert all(m["read"] for m in _sms(device))
    assert route(device) == "/"
    tap(device, id="more")
    assert node(device, id="menu_mark_all_read")["enabled"] is False


def test_blocked_conversations_stay_out_of_mark_all_read_and_search(device: Device) -> None:
    """A conversation with a blocked number lives in Spam & blocked: the inbox's menu does
    not mark it read, nor count it as unread, and search does not list it or its texts."""
    assert any(not m["read"] for m in _thread(device, ALICE))
    inbox.block(device.kernel, ALICE)
    device.invalidate()
    tap(device, id="more")
    tap(device, id="menu_mark_all_read")
    assert all(m["read"] for m in _sms(device) if m["thread_address"] != ALICE)
    assert any(not m["read"] for m in _thread(device, ALICE))  # still waiting in Spam
    tap(device, id="more")
    assert node(device, id="menu_mark_all_read")["enabled"] is False  # only blocked unread
    device.handle_back()
    tap(device, id="search")
    device.type_text("alice")
    assert ids(device, "result_") == []
    tap(device, id="search_field:clear")
    device.type_text("quarterly review")  # Alice's text
    assert [i for i in ids(device, "result_sms:")
            if _thread_of(device, i) == ALICE] == []
    inbox.unblock(device.kernel, ALICE)
    device.invalidate()
    assert any(_thread_of(device, i) == ALICE for i in ids(device, "result_sms:"))


def _thread_of(device: Device, result_id: str) -> str:
    sms_id = int(result_id.split(":")[1])
    return next(m["thread_address"] for m in _sms(device) if m["id"] == sms_id)


# --------------------------------------------------------------------------- a conversation
def test_thread_menu_mark_unread_returns_to_list(device: Device) -> None:
    tap(device, id=f"thread:{BEN}")
    tap(device, id="more")
    tap(device, id="menu_mark_unread")
    assert route(device) == "/"
    reads = {m["id"]: m["read"] for m in _thread(device, BEN)}
    assert reads == {16: True, 17: True, 18: True, 19: True, 32: False}
    assert node(device, id=f"thread:{BEN}")["text"].endswith(", 1 unread")


def test_mark_unread_is_disabled_without_received_messages(device: Device) -> None:
    inbox.send_sms(device.kernel, "+1 555-0100", "only sent")
    device.open_app("messages", "/thread/%2B1%20555-0100")
    tap(device, id="more")
    assert node(device, id="menu_mark_unread")["enabled"] is False


def test_delete_conversation_from_thread_menu(device: Device) -> None:
    before = _sms(device)
    tap(device, id=f"thread:{EMILY}")
    tap(device, id="more")
    tap(device, id="menu_delete_thread")
    assert node(device, id="delete_thread_dialog")["text"] == "Delete this conversation?"
    device.handle_back()  # Back closes the confirmation: nothing deleted
    assert route(device) == "/thread/+1%20510-555-0193" and len(_sms(device)) == len(before)
    tap(device, id="more")
    tap(device, id="menu_delete_thread")
    tap(device, id="delete_thread_confirm")
    assert route(device) == "/"
    assert _sms(device) == [{**m, "read": True} if m["thread_address"] == EMILY else m
                            for m in before if m["thread_address"] != EMILY]
    assert not has(device, id=f"thread:{EMILY}")


def test_long_press_message_copy_and_back_closes_menu(device: Device) -> None:
    tap(device, id=f"thread:{BEN}")
    long_press(device, id="sms:19")
    assert node(device, id="message_menu")
    assert [n["text"] for n in device.ui_tree() if n["role"] == "menu_item"] == [
        "Copy text", "Forward", "Delete"]
    device.handle_back()
    assert not has(device, id="message_menu") and route(device).startswith("/thread/")
    long_press(device, id="sms:19")
    tap(device, id="msg_copy")
    assert device.kernel.clipboard.read() == ("Let's meet at the Pantoll parking lot at 7:45 AM. "
                                              "Bring water.")
    assert _toast(device) == "Message copied" and not has(device, id="message_menu")


def test_delete_one_message_after_confirm(device: Device) -> None:
    before = _sms(device)
    tap(device, id=f"thread:{BEN}")
    long_press(device, id="sms:17")
    tap(device, id="msg_delete")
    assert node(device, id="delete_message_dialog")
    tap(device, id="delete_message_cancel")
    assert len(_sms(device)) == len(before)
    long_press(device, id="sms:17")
    tap(device, id="msg_delete")
    tap(device, id="delete_message_confirm")
    assert [m["id"] for m in _thread(device, BEN)] == [16, 18, 19, 32]
    assert len(_sms(device)) == len(before) - 1
    assert not has(device, id="sms:17") and route(device) == "/thread/+1%20628-555-0147"


def test_forward_prefills_body_and_sends_to_chosen_contact(device: Device) -> None:
    tap(device, id=f"thread:{BEN}")
    long_press(device, id="sms:19")
    tap(device, id="msg_forward")
    assert route(device) == "/compose"
    assert node(device, id="body")["text"] == ("Let's meet at the Pantoll parking lot at 7:45 "
                                               "AM. Bring water.")
    assert node(device, id="to")["text"] == ""
    tap(device, id="to")
    device.type_text("chloe")
    tap(device, id="suggest:3")
    assert node(device, id="to")["text"] == "+1 415-555-0178"
    tap(device, id="send")
    sent = _sms(device)[-1]
    assert (sent["thread_address"], sent["body"], sent["type"]) == (
        "+1 415-555-0178", "Let's meet at the Pantoll parking lot at 7:45 AM. Bring water.",
        "sent")
    assert _top(device).history == ["/", "/thread/+1%20628-555-0147",
                                     "/thread/+1%20415-555-0178"]


def test_forward_keeps_a_picture(device: Device) -> None:
    tap(device, id=f"thread:{BEN}")
    long_press(device, id="sms:18")
    tap(device, id="msg_forward")
    assert has(device, id="attachment")
    assert node(device, id="body")["text"] == "The view from last time"
    tap(device, id="to")
    device.type_text("Henry Thompson")
    tap(device, id="send")
    assert _sms(device)[-1]["body"] == "The view from last time\n[Image: golden_gate_sunset.jpg]"


# --------------------------------------------------------------------------- search
def test_search_finds_messages_and_conversations(device: Device) -> None:
    tap(device, id="search")
    assert route(device) == "/search" and node(device, id="search_field")["focused"]
    device.type_text("verification code")
    assert ids(device, "result_") == ["result_sms:40", "result_sms:15"]
    device.handle_back()  # hides the keyboard
    assert route(device) == "/search" and not has(device, id="search_field:clear")
    tap(device, id="search_field")
    tap(device, id="search_field:clear")
    device.type_text("emily")
    assert ids(device, "result_") == [f"result_thread:{EMILY}"]
    tap(device, id=f"result_thread:{EMILY}")
    assert route(device) == "/thread/+1%20510-555-0193"
    assert all(m["read"] for m in _thread(device, EMILY))
    device.handle_back()
    assert route(device) == "/search"


def test_search_without_hits_says_so(device: Device) -> None:
    tap(device, id="search")
    device.type_text("zebra")
    assert has(device, text="No results for “zebra”") and ids(device, "result_") == []


# --------------------------------------------------------------------------- compose
def test_compose_by_contact_name_replaces_route_with_thread(device: Device) -> None:
    tap(device, id="fab")
    assert _top(device).history == ["/", "/compose"]
    tap(device, id="to")
    device.type_text("Emily Davis")
    tap(device, id="body")
    device.type_text("Book club on Friday?")
    n = len(_sms(device))
    tap(device, id="send")
    rows = _sms(device)
    assert len(rows) == n + 1
    assert (rows[-1]["thread_address"], rows[-1]["body"]) == (EMILY, "Book club on Friday?")
    assert _top(device).history == ["/", "/thread/+1%20510-555-0193"]
    assert not device.kernel.keyboard.visible
    device.handle_back()
    assert _top(device).history == ["/"]
    assert ids(device, "thread:")[0] == f"thread:{EMILY}"


def test_compose_lists_all_contacts_then_filters(device: Device) -> None:
    contacts = sorted(device.state()["os"]["providers"]["contacts"], key=lambda c: c["name"])
    tap(device, id="fab")
    assert has(device, text="All contacts")
    assert ids(device, "suggest:")[:3] == [f"suggest:{c['id']}" for c in contacts[:3]]
    tap(device, id="to")
    device.type_text("alice")
    alices = [f"{c['name']} {c['phone']}" for c in contacts if "alice" in c["name"].lower()]
    assert "Alice Johnson +1 415-555-0132" in alices
    assert [n["text"] for n in device.ui_tree() if (n["id"] or "").startswith("suggest:")] == \
        alices
    tap(device, id="suggest:1")
    assert node(device, id="to")["text"] == ALICE
    assert device.kernel.keyboard.target == (_top(device).activity_id, "body")


def test_compose_typed_number_joins_the_existing_thread(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="to")
    device.type_text("4155550132")
    tap(device, id="body")
    device.type_text("On my way")
    tap(device, id="send")
    assert _sms(device)[-1]["thread_address"] == ALICE
    assert route(device) == "/thread/+1%20415-555-0132"


def test_a_contacts_second_number_keeps_its_spelling_and_name(device: Device) -> None:
    work = next(c["phone2"] for c in device.state()["os"]["providers"]["contacts"]
                if c["name"] == "Alice Johnson")
    tap(device, id="fab")
    tap(device, id="to")
    device.type_text(digits(work))
    tap(device, id="body")
    device.type_text("Call me at work")
    tap(device, id="send")
    assert _sms(device)[-1]["thread_address"] == work != ALICE
    assert has(device, text="Alice Johnson") and has(device, text=work)  # title, subtitle
    device.handle_back()
    assert node(device, id=f"thread:{work}")["text"].startswith("Alice Johnson: You: Call me")


def test_compose_to_a_new_number_offers_send_to(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="to")
    device.type_text("+1 555-0100-22")
    tap(device, id="send_to_number")
    assert node(device, id="to")["text"] == "+1 555-0100-22"
    device.type_text("Hello")  # the body field has focus now
    tap(device, id="send")
    assert (_sms(device)[-1]["thread_address"], _sms(device)[-1]["body"]) == (
        "+1 555-0100-22", "Hello")


@pytest.mark.parametrize("to, toast", [("", "Add a recipient"),
                                       ("Emily", "“Emily” is not a contact or a phone number")])
def test_compose_with_bad_recipient_sends_nothing(device: Device, to: str, toast: str) -> None:
    before = _sms(device)
    tap(device, id="fab")
    if to:
        tap(device, id="to")
        device.type_text(to)
    tap(device, id="body")
    device.type_text("hello?")
    tap(device, id="send")
    assert _sms(device) == before
    assert route(device) == "/compose" and _toast(device) == toast


def test_pick_contact_round_trip_fills_recipient(device: Device) -> None:
    tap(device, id="fab")
    compose = _top(device)
    tap(device, id="pick_contact")
    task = device.kernel.tasks.active_task
    assert [a.app_id for a in task.stack] == ["messages", "contacts"]
    assert task.top.route == "/pick"
    tap(device, id="pick:3")
    assert [a.app_id for a in task.stack] == ["messages"]
    assert _top(device) is compose
    assert compose.ui["to"] == "+1 415-555-0178"
    assert node(device, id="to")["text"] == "+1 415-555-0178"


def test_backing_out_of_picker_cancels_and_keeps_recipient(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="to")
    device.type_text("555")
    tap(device, id="pick_contact")  # the picker takes the foreground, keyboard hides
    assert device.kernel.tasks.active_task.top.app_id == "contacts"
    assert device.handle_back() == "os.finishTopActivity"  # CANCELED
    assert [a.app_id for a in device.kernel.tasks.active_task.stack] == ["messages"]
    assert _top(device).route == "/compose"
    assert node(device, id="to")["text"] == "555"


def test_attach_photo_from_sheet(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="attach")
    assert _top(device).route == "/compose?dialog=attach"
    device.handle_back()  # Back closes the sheet
    assert _top(device).route == "/compose"
    tap(device, id="attach")
    tap(device, id="attach:5", scroll=8)  # an older photo, further down the grid
    assert _top(device).route == "/compose"
    assert has(device, id="attachment")
    tap(device, id="to")
    device.type_text("Alice Johnson")
    tap(device, id="send")
    assert _sms(device)[-1]["body"] == "[Image: golden_gate_sunset.jpg]"


# --------------------------------------------------------------------------- entry points
def test_text_share_shows_chooser_and_messages_prefills_body(device: Device) -> None:
    device.go_home()
    assert device.start_activity({"action": "ACTION_SEND", "type": "text/plain",
                                  "data": {"text": "hi"}})
    chooser = device.state()["os"]["chooser"]
    offered = {c["app_id"] for c in chooser["candidates"]}
    assert {"notes", "messages"} <= offered
    label = next(c["label"] for c in chooser["candidates"] if c["app_id"] == "messages")
    assert label == "Send as SMS"
    tap(device, id="choose:messages")
    assert device.state()["os"]["chooser"] is None
    assert _top(device).app_id == "messages" and _top(device).route == "/compose"
    assert node(device, id="body")["text"] == "hi"
    assert node(device, id="to")["text"] == ""


def test_chooser_back_cancels(device: Device) -> None:
    device.start_activity({"action": "ACTION_SEND", "type": "text/plain", "data": {"text": "x"}})
    assert device.handle_back() == "os.intentChooser"
    assert device.state()["os"]["chooser"] is None
    assert _top(device).history == ["/"]


def test_sendto_prefills_recipient(device: Device) -> None:
    device.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                           "data": {"address": "72345"}})
    assert _top(device).route == "/compose"
    assert node(device, id="to")["text"] == "72345"
    tap(device, id="body")
    device.type_text("STOP")
    tap(device, id="send")
    assert _sms(device)[-1]["thread_address"] == "72345"
    assert _top(device).history == ["/thread/72345"]


def test_prefill_applies_once_and_survives_clone(device: Device) -> None:
    device.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                           "data": {"address": DANIEL}})
    tap(device, id="to")
    device.type_text("9")  # user edits the prefilled value; re-renders must not undo it
    assert node(device, id="to")["text"] == DANIEL + "9"
    twin = device.clone()
    assert node(twin, id="to")["text"] == DANIEL + "9"


def test_archive_hides_thread_and_sending_unarchives(device: Device) -> None:
    tap(device, id=f"thread:{DANIEL}")
    tap(device, id="archive")
    assert _archived(device) == [DANIEL]
    device.handle_back()
    assert not has(device, id=f"thread:{DANIEL}")
    tap(device, id="more")
    tap(device, id="menu_archived")
    assert has(device, id=f"thread:{DANIEL}")
    tap(device, id=f"thread:{DANIEL}")
    tap(device, id="reply")
    device.type_text("back again")
    tap(device, id="send")
    assert _archived(device) == []


def test_unknown_thread_address_renders_empty(device: Device) -> None:
    device.open_app("messages", "/thread/%2B1%20000")
    assert node(device, text="No messages yet")


# --------------------------------------------------------------------------- incoming messages
def test_deliver_sms_posts_a_notification_that_opens_the_thread(device: Device) -> None:
    device.go_home()
    inbox.archive(device.kernel, ALICE)
    sms_id = inbox.deliver_sms(device.kernel, ALICE, "Running 10 minutes late")
    assert sms_id == FIRST_NEW_ID
    assert _sms(device)[-1] == {"id": sms_id, "thread_address": ALICE, "address": ALICE,
                                "body": "Running 10 minutes late", "type": "inbox",
                                "read": False, "timestamp_ms": device.kernel.clock.now_ms()}
    assert _archived(device) == []  # a new message brings the thread back
    [note] = device.state()["os"]["notifications"]["items"]
    assert (note["app_id"], note["title"], note["body"]) == (
        "messages", "Alice Johnson", "Running 10 minutes late")
    assert device.swipe(180, 5, 180, 500) == "shade"
    tap(device, id=f"notification:{note['id']}")
    assert _top(device).app_id == "messages"
    assert _top(device).history == ["/", "/thread/+1%20415-555-0132"]
    assert has(device, id=f"sms:{sms_id}")
    tap(device, id="reply")
    device.type_text("No problem")
    tap(device, id="send")
    assert all(m["read"] for m in _thread(device, ALICE))  # replying reads the thread
    assert _sms(device)[-1]["body"] == "No problem"


def test_deliver_sms_from_unknown_number_without_notification(device: Device) -> None:
    inbox.deliver_sms(device.kernel, "+1 555-0199", "Who is this?", notify=False)
    assert device.state()["os"]["notifications"]["items"] == []
    assert node(device, id="thread:+1 555-0199")["text"] == "+1 555-0199: Who is this?, 1 unread"


@pytest.mark.parametrize("args", [("", "hi"), (ALICE, "  "), (ALICE, None), (ALICE, "hi", 1)])
def test_deliver_sms_bad_input_changes_nothing(device: Device, args: tuple) -> None:
    before = device.state()
    with pytest.raises(ValueError):
        inbox.deliver_sms(device.kernel, *args)
    assert device.state() == before


# --------------------------------------------------------------------------- drafts
def _drafts(device: Device) -> dict[str, str]:
    return device.state()["apps"]["messages"]["drafts"]


def _type_reply(device: Device, address: str, text: str) -> None:
    tap(device, id=f"thread:{address}")
    tap(device, id="reply")
    device.type_text(text)


def test_a_reply_left_unsent_is_kept_as_a_draft_through_recents_clear_all(
        device: Device) -> None:
    _type_reply(device, BEN, "See you at the trailhead")
    assert _drafts(device) == {}  # still in the composer, not left yet
    device.show_recents()  # Recents pauses Messages: the draft is kept
    assert _drafts(device) == {BEN: "See you at the trailhead"}
    tap(device, id="recents_clear_all")
    assert device.tasks == [] or all(t.app_id != "messages" for t in device.tasks)
    assert _drafts(device) == {BEN: "See you at the trailhead"}
    device.open_app("messages")
    assert node(device, id=f"thread:{BEN}")["text"].endswith(": Draft: See you at the trailhead")
    tap(device, id=f"thread:{BEN}")
    assert node(device, id="reply")["text"] == "See you at the trailhead"
    tap(device, id="send")
    assert _thread(device, BEN)[-1]["body"] == "See you at the trailhead"
    assert _drafts(device) == {}  # sent: nothing left to keep


def test_a_draft_belongs_to_its_conversation(device: Device) -> None:
    _type_reply(device, BEN, "Running late")
    device.handle_back()  # hides the keyboard
    device.handle_back()  # back to the list: the composer still holds it
    assert node(device, id=f"thread:{BEN}")["text"].endswith(": Draft: Running late")
    tap(device, id=f"thread:{EMILY}")  # leaving it for another conversation keeps it
    assert _drafts(device) == {BEN: "Running late"}
    assert node(device, id="reply")["text"] == ""
    device.go_home()
    assert _drafts(device) == {BEN: "Running late"}


def test_clearing_a_draft_discards_it_and_a_deleted_conversation_takes_its_draft(
        device: Device) -> None:
    inbox.save_draft(device.kernel, BEN, "old text")
    inbox.save_draft(device.kernel, EMILY, "for Emily")
    tap(device, id=f"thread:{BEN}")
    assert node(device, id="reply")["text"] == "old text"
    tap(device, id="reply")
    tap(device, id="reply:clear")
    device.go_home()
    assert _drafts(device) == {EMILY: "for Emily"}
    inbox.delete_thread(device.kernel, EMILY)
    assert _drafts(device) == {}


def test_a_new_message_with_a_recipient_is_kept_as_its_conversations_draft(
        device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="to")
    device.type_text(DANIEL)
    tap(device, id="body")
    device.type_text("Slides attached soon")
    device.go_home()
    assert _drafts(device) == {DANIEL: "Slides attached soon"}
