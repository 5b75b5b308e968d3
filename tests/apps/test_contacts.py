"""Contacts: list/search, detail, create, star, delete, and "Message" into a new Messages Task."""

from __future__ import annotations

from typing import Any

from mobilegym_env.device import Device
from mobilegym_env.testing import ids, node, tap

APP = "contacts"  # what the ``device`` fixture (conftest.py) opens


def _contacts(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["contacts"]


def test_list_is_alphabetical_and_search_filters(device: Device) -> None:
    names = sorted(c["name"] for c in _contacts(device))
    visible = [n["text"] for n in device.ui_tree() if (n["id"] or "").startswith("contact:")]
    assert visible == names[: len(visible)] and len(visible) >= 5
    tap(device, id="search")
    device.type_text("kim")
    assert ids(device, "contact:") == ["contact:4"]
    device.type_text("zzz")
    assert ids(device, "contact:") == []
    assert node(device, text="No matching contacts")


def test_star_toggle_updates_provider(device: Device) -> None:
    tap(device, id="contact:2")
    assert node(device, id="contact_name")["text"] == "Benjamin Carter"
    before = device.state()
    tap(device, id="star")
    after = device.state()
    assert after["os"]["providers"]["contacts"][1]["starred"] is True
    after["os"]["providers"]["contacts"][1]["starred"] = False
    assert after["os"]["providers"] == before["os"]["providers"]
    tap(device, id="star")
    assert _contacts(device)[1]["starred"] is False


def test_create_contact_inserts_one_row(device: Device) -> None:
    n_before = len(_contacts(device))
    tap(device, id="fab")
    tap(device, id="name")
    device.type_text("Zoe Park")
    tap(device, id="phone")
    device.type_text("+1 415-555-0199")
    tap(device, id="email")
    device.type_text("zoe@example.com")
    tap(device, id="save")
    rows = _contacts(device)
    assert len(rows) == n_before + 1
    new = rows[-1]
    assert (new["name"], new["phone"], new["email"], new["starred"]) == (
        "Zoe Park", "+1 415-555-0199", "zoe@example.com", False)
    assert device.kernel.tasks.active_task.top.history == ["/", f"/contact/{new['id']}"]
    assert not device.kernel.keyboard.visible
    device.handle_back()
    assert device.kernel.tasks.active_task.top.history == ["/"]


def test_create_without_name_saves_nothing(device: Device) -> None:
    before = _contacts(device)
    tap(device, id="fab")
    tap(device, id="save")
    assert _contacts(device) == before
    assert device.kernel.tasks.active_task.top.route == "/new"


def test_delete_dialog_back_then_confirm(device: Device) -> None:
    tap(device, id="contact:6")
    tap(device, id="delete")
    assert node(device, text="Delete this contact?")
    assert device.kernel.tasks.active_task.top.route == "/contact/6?dialog=delete"
    device.handle_back()  # Back closes the dialog, deletes nothing
    assert device.kernel.tasks.active_task.top.route == "/contact/6"
    assert any(c["id"] == 6 for c in _contacts(device))
    tap(device, id="delete")
    tap(device, text="Delete")
    assert all(c["id"] != 6 for c in _contacts(device))
    assert device.kernel.tasks.active_task.top.history == ["/"]


def test_message_opens_messages_in_new_task_and_back_returns(device: Device) -> None:
    contacts_task = device.kernel.tasks.task_for_app("contacts")
    tap(device, id="contact:1")
    tap(device, id="message")
    messages_task = device.kernel.tasks.task_for_app("messages")
    assert device.active_task_id == messages_task.task_id != contacts_task.task_id
    assert messages_task.launched_by_task_id == contacts_task.task_id
    top = messages_task.top
    assert top.history == ["/compose"]
    assert top.intent["action"] == "ACTION_SENDTO" and top.intent["scheme"] == "sms"
    assert node(device, id="to")["text"] == "+1 415-555-0132"

    device.handle_back()  # root of the Messages Task: back to the caller, pointer consumed
    assert device.active_task_id == contacts_task.task_id
    assert messages_task.task_id in device.kernel.tasks.tasks
    assert messages_task.launched_by_task_id is None
    assert messages_task.top.history == ["/"]  # transient compose route reset
    assert contacts_task.top.route == "/contact/1"

    device.launch_app("messages")  # later from the launcher: Back now goes home
    device.handle_back()
    assert device.active_task_id is None
    assert messages_task.task_id in device.kernel.tasks.tasks


RESULTS: list[dict[str, Any]] = []


def _record(kernel: Any, result: dict[str, Any]) -> None:
    RESULTS.append(result)


def test_pick_returns_contact_to_caller(device: Device) -> None:
    RESULTS.clear()
    device.start_activity_for_result(
        {"action": "ACTION_PICK", "type": "vnd.android.cursor.dir/contact"}, _record)
    task = device.kernel.tasks.active_task
    assert [a.app_id for a in task.stack] == ["contacts", "contacts"]
    assert task.top.route == "/pick"
    tap(device, id="search")
    device.type_text("grace")
    assert ids(device, "pick:") == ["pick:7"]
    tap(device, id="pick:7")
    assert RESULTS == [{"result_code": "OK", "caller_app_id": "contacts",
                        "data": {"contact_id": 7, "name": "Grace Lee",
                                 "phone": "+1 415-555-0166"}}]
    assert len(task.stack) == 1 and task.top.history == ["/"]


def test_pick_back_cancels(device: Device) -> None:
    RESULTS.clear()
    device.start_activity_for_result(
        {"action": "ACTION_PICK", "type": "vnd.android.cursor.dir/contact"}, _record)
    tap(device, text="Back")
    assert RESULTS == [{"result_code": "CANCELED", "data": None, "caller_app_id": "contacts"}]
    assert len(device.kernel.tasks.active_task.stack) == 1


def test_missing_contact_route_does_not_crash(device: Device) -> None:
    device.open_app("contacts", "/contact/999")
    assert node(device, text="Contact not found")
    device.open_app("contacts", "/contact/abc")
    assert node(device, text="Contact not found")
