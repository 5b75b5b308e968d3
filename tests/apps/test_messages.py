"""Messages: threads, sending, compose with the contact picker, and share/SENDTO entry points."""

from __future__ import annotations

from typing import Any

from mobilegym_env.device import Device
from mobilegym_env.kernel.providers import OWN_NUMBER
from mobilegym_env.testing import has, node, tap

APP = "messages"  # what the ``device`` fixture (conftest.py) opens

DANIEL = "+1 650-555-0110"


def _sms(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["sms"]


def _top(device: Device) -> Any:
    return device.kernel.tasks.top_activity


def test_thread_list_newest_first_with_contact_names(device: Device) -> None:
    rows = [n for n in device.ui_tree() if (n["id"] or "").startswith("thread:")]
    assert [n["id"] for n in rows] == ["thread:72345", f"thread:{DANIEL}",
                                       "thread:+1 415-555-0132"]
    assert rows[1]["text"].startswith("Daniel Kim: Got them, thanks!")
    assert rows[2]["text"].startswith("Alice Johnson: You: ")


def test_open_thread_marks_read_and_reply_adds_one_row(device: Device) -> None:
    before = _sms(device)
    tap(device, id=f"thread:{DANIEL}")
    assert _top(device).history == ["/", "/thread/+1%20650-555-0110"]
    assert all(m["read"] for m in _sms(device) if m["thread_address"] == DANIEL)
    assert node(device, id="sms:5")["text"] == "Got them, thanks!"
    tap(device, id="reply")
    device.type_text("See you at 3")
    tap(device, id="send")
    after = _sms(device)
    assert len(after) == len(before) + 1
    assert after[-1] == {"id": 7, "thread_address": DANIEL, "address": OWN_NUMBER,
                         "body": "See you at 3", "type": "sent", "read": True,
                         "timestamp_ms": device.kernel.clock.now_ms()}
    assert node(device, id="reply")["text"] == ""
    assert node(device, id="sms:7")
    tap(device, id="send")  # empty reply: nothing sent
    assert len(_sms(device)) == len(after)


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
    assert (rows[-1]["thread_address"], rows[-1]["body"]) == ("+1 510-555-0193",
                                                             "Book club on Friday?")
    assert _top(device).history == ["/", "/thread/+1%20510-555-0193"]
    assert not device.kernel.keyboard.visible
    device.handle_back()
    assert _top(device).history == ["/"]
    assert has(device, id="thread:+1 510-555-0193")


def test_compose_without_recipient_sends_nothing(device: Device) -> None:
    before = _sms(device)
    tap(device, id="fab")
    tap(device, id="body")
    device.type_text("hello?")
    tap(device, id="send")
    assert _sms(device) == before
    assert _top(device).route == "/compose"


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
    assert device.state()["apps"]["messages"]["archived"] == [DANIEL]
    device.handle_back()
    assert not has(device, id=f"thread:{DANIEL}")
    tap(device, id="archived")
    assert has(device, id=f"thread:{DANIEL}")
    tap(device, id=f"thread:{DANIEL}")
    tap(device, id="reply")
    device.type_text("back again")
    tap(device, id="send")
    assert device.state()["apps"]["messages"]["archived"] == []


def test_attach_photo_from_sheet(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="attach")
    assert _top(device).route == "/compose?dialog=attach"
    device.handle_back()  # Back closes the sheet
    assert _top(device).route == "/compose"
    tap(device, id="attach")
    tap(device, id="attach:5")
    assert _top(device).route == "/compose"
    assert has(device, id="attachment")
    tap(device, id="to")
    device.type_text("Alice Johnson")
    tap(device, id="send")
    assert _sms(device)[-1]["body"] == "[Image: golden_gate_sunset.jpg]"


def test_unknown_thread_address_renders_empty(device: Device) -> None:
    device.open_app("messages", "/thread/%2B1%20000")
    assert node(device, text="No messages yet")
