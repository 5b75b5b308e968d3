"""Notes: create, pin, delete, and the text share target."""

from __future__ import annotations

from mobilegym_env.device import Device
from mobilegym_env.testing import node, tap

APP = "notes"  # what the ``device`` fixture (conftest.py) opens


def notes(device: Device) -> list[dict]:
    return device.state()["apps"]["notes"]["notes"]


def test_new_note_is_saved_and_the_editor_closes(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="title")
    device.type_text("Call mom")
    tap(device, id="body")
    device.type_text("Sunday 5pm")
    tap(device, id="save")
    assert notes(device)[-1] == {"id": 5, "title": "Call mom", "body": "Sunday 5pm",
                                 "pinned": False, "updated_ms": device.kernel.clock.now_ms()}
    assert device.kernel.tasks.top_activity.history == ["/"]
    assert not device.kernel.keyboard.visible
    assert device.kernel.system_ui.toast.text == "Note saved"


def test_empty_note_is_discarded(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="save")
    assert len(notes(device)) == 4
    assert device.kernel.system_ui.toast.text == "Empty note discarded"


def test_pin_and_delete_with_a_url_dialog(device: Device) -> None:
    tap(device, id="note:3")
    tap(device, id="pin")
    assert next(n for n in notes(device) if n["id"] == 3)["pinned"] is True
    tap(device, id="delete")
    assert device.kernel.tasks.top_activity.route == "/note/3?dialog=delete"
    assert device.handle_back() == "os.appBack"  # Back closes the dialog, nothing deleted
    assert device.kernel.tasks.top_activity.route == "/note/3" and len(notes(device)) == 4
    tap(device, id="delete")
    tap(device, text="Delete", role="button")
    assert [n["id"] for n in notes(device)] == [1, 2, 4]
    assert device.kernel.tasks.top_activity.history == ["/"]


def test_text_share_prefills_the_note_body(device: Device) -> None:
    assert device.start_activity({"action": "ACTION_SEND", "type": "text/plain",
                                  "data": {"text": "shared words"}})
    if device.kernel.intents.chooser is not None:
        device.kernel.choose("notes")
    top = device.kernel.tasks.top_activity
    assert (top.app_id, top.history) == ("notes", ["/new"])
    device.render()
    assert node(device, id="body")["text"] == "shared words"
