"""Messages: threads, sending, compose with the contact picker, and share/SENDTO entry points."""

from __future__ import annotations

from typing import Any

import pytest

from mobilegym_env.device import Device
from mobilegym_env.kernel.providers import OWN_NUMBER

DANIEL = "+1 650-555-0110"


def _node(device: Device, id: str | None = None, text: str | None = None) -> dict[str, Any]:
    for n in reversed(device.ui_tree()):  # topmost first
        if (id is None or n["id"] == id) and (text is None or n["text"] == text):
            return n
    raise AssertionError(f"no node id={id!r} text={text!r} on screen")


def _has(device: Device, id: str) -> bool:
    return any(n["id"] == id for n in device.ui_tree())


def _tap(device: Device, id: str | None = None, text: str | None = None) -> None:
    x0, y0, x1, y1 = _node(device, id, text)["bounds"]
    assert device.tap((x0 + x1) / 2, (y0 + y1) / 2)


def _sms(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["sms"]


def _top(device: Device) -> Any:
    return device.kernel.tasks.top_activity


@pytest.fixture
def device() -> Device:
    d = Device()
    d.launch_app("messages")
    return d


def test_thread_list_newest_first_with_contact_names(device: Device) -> None:
    rows = [n for n in device.ui_tree() if (n["id"] or "").startswith("thread:")]
    assert [n["id"] for n in rows] == ["thread:72345", f"thread:{DANIEL}",
                                       "thread:+1 415-555-0132"]
    assert rows[1]["text"].startswith("Daniel Kim: Got them, thanks!")
    assert rows[2]["text"].startswith("Alice Johnson: You: ")


def test_open_thread_marks_read_and_reply_adds_one_row(device: Device) -> None:
    before = _sms(device)
    _tap(device, f"thread:{DANIEL}")
    assert _top(device).history == ["/", "/thread/+1%20650-555-0110"]
    assert all(m["read"] for m in _sms(device) if m["thread_address"] == DANIEL)
    assert _node(device, "sms:5")["text"] == "Got them, thanks!"
    _tap(device, "reply")
    device.type_text("See you at 3")
    _tap(device, "send")
    after = _sms(device)
    assert len(after) == len(before) + 1
    assert after[-1] == {"id": 7, "thread_address": DANIEL, "address": OWN_NUMBER,
                         "body": "See you at 3", "type": "sent", "read": True,
                         "timestamp_ms": device.kernel.clock.now_ms()}
    assert _node(device, "reply")["text"] == ""
    assert _node(device, "sms:7")
    _tap(device, "send")  # empty reply: nothing sent
    assert len(_sms(device)) == len(after)


def test_compose_by_contact_name_replaces_route_with_thread(device: Device) -> None:
    _tap(device, "fab")
    assert _top(device).history == ["/", "/compose"]
    _tap(device, "to")
    device.type_text("Emily Davis")
    _tap(device, "body")
    device.type_text("Book club on Friday?")
    n = len(_sms(device))
    _tap(device, "send")
    rows = _sms(device)
    assert len(rows) == n + 1
    assert (rows[-1]["thread_address"], rows[-1]["body"]) == ("+1 510-555-0193",
                                                             "Book club on Friday?")
    assert _top(device).history == ["/", "/thread/+1%20510-555-0193"]
    assert not device.kernel.keyboard.visible
    device.handle_back()
    assert _top(device).history == ["/"]
    assert _has(device, "thread:+1 510-555-0193")


def test_compose_without_recipient_sends_nothing(device: Device) -> None:
    before = _sms(device)
    _tap(device, "fab")
    _tap(device, "body")
    device.type_text("hello?")
    _tap(device, "send")
    assert _sms(device) == before
    assert _top(device).route == "/compose"


def test_pick_contact_round_trip_fills_recipient(device: Device) -> None:
    _tap(device, "fab")
    compose = _top(device)
    _tap(device, "pick_contact")
    task = device.kernel.tasks.active_task
    assert [a.app_id for a in task.stack] == ["messages", "contacts"]
    assert task.top.route == "/pick"
    _tap(device, "pick:3")
    assert [a.app_id for a in task.stack] == ["messages"]
    assert _top(device) is compose
    assert compose.ui["to"] == "+1 415-555-0178"
    assert _node(device, "to")["text"] == "+1 415-555-0178"


def test_backing_out_of_picker_cancels_and_keeps_recipient(device: Device) -> None:
    _tap(device, "fab")
    _tap(device, "to")
    device.type_text("555")
    _tap(device, "pick_contact")  # the picker takes the foreground, keyboard hides
    assert device.kernel.tasks.active_task.top.app_id == "contacts"
    assert device.handle_back() == "os.finishTopActivity"  # CANCELED
    assert [a.app_id for a in device.kernel.tasks.active_task.stack] == ["messages"]
    assert _top(device).route == "/compose"
    assert _node(device, "to")["text"] == "555"


def test_text_share_shows_chooser_and_messages_prefills_body(device: Device) -> None:
    device.go_home()
    assert device.start_activity({"action": "ACTION_SEND", "type": "text/plain",
                                  "data": {"text": "hi"}})
    chooser = device.state()["os"]["chooser"]
    offered = {c["app_id"] for c in chooser["candidates"]}
    assert {"notes", "messages"} <= offered
    label = next(c["label"] for c in chooser["candidates"] if c["app_id"] == "messages")
    assert label == "Send as SMS"
    _tap(device, "choose:messages")
    assert device.state()["os"]["chooser"] is None
    assert _top(device).app_id == "messages" and _top(device).route == "/compose"
    assert _node(device, "body")["text"] == "hi"
    assert _node(device, "to")["text"] == ""


def test_chooser_back_cancels(device: Device) -> None:
    device.start_activity({"action": "ACTION_SEND", "type": "text/plain", "data": {"text": "x"}})
    assert device.handle_back() == "os.intentChooser"
    assert device.state()["os"]["chooser"] is None
    assert _top(device).history == ["/"]


def test_sendto_prefills_recipient(device: Device) -> None:
    device.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                           "data": {"address": "72345"}})
    assert _top(device).route == "/compose"
    assert _node(device, "to")["text"] == "72345"
    _tap(device, "body")
    device.type_text("STOP")
    _tap(device, "send")
    assert _sms(device)[-1]["thread_address"] == "72345"
    assert _top(device).history == ["/thread/72345"]


def test_prefill_applies_once_and_survives_clone(device: Device) -> None:
    device.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                           "data": {"address": DANIEL}})
    _tap(device, "to")
    device.type_text("9")  # user edits the prefilled value; re-renders must not undo it
    assert _node(device, "to")["text"] == DANIEL + "9"
    twin = device.clone()
    assert _node(twin, "to")["text"] == DANIEL + "9"


def test_archive_hides_thread_and_sending_unarchives(device: Device) -> None:
    _tap(device, f"thread:{DANIEL}")
    _tap(device, "archive")
    assert device.state()["apps"]["messages"]["archived"] == [DANIEL]
    device.handle_back()
    assert not _has(device, f"thread:{DANIEL}")
    _tap(device, "archived")
    assert _has(device, f"thread:{DANIEL}")
    _tap(device, f"thread:{DANIEL}")
    _tap(device, "reply")
    device.type_text("back again")
    _tap(device, "send")
    assert device.state()["apps"]["messages"]["archived"] == []


def test_attach_photo_from_sheet(device: Device) -> None:
    _tap(device, "fab")
    _tap(device, "attach")
    assert _top(device).route == "/compose?dialog=attach"
    device.handle_back()  # Back closes the sheet
    assert _top(device).route == "/compose"
    _tap(device, "attach")
    _tap(device, "attach:5")
    assert _top(device).route == "/compose"
    assert _has(device, "attachment")
    _tap(device, "to")
    device.type_text("Alice Johnson")
    _tap(device, "send")
    assert _sms(device)[-1]["body"] == "[Image: golden_gate_sunset.jpg]"


def test_unknown_thread_address_renders_empty(device: Device) -> None:
    device.open_app("messages", "/thread/%2B1%20000")
    assert _node(device, text="No messages yet")
