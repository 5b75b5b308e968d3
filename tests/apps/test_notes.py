"""Notes: create, pin, delete, and the text share target."""

from __future__ import annotations

from mobilegym_env.device import Device


def node(device: Device, id: str) -> dict:
    found = [n for n in device.ui_tree() if n["id"] == id]
    assert found, f"no node {id!r}"
    return found[-1]


def tap(device: Device, id: str) -> None:
    x0, y0, x1, y1 = node(device, id)["bounds"]
    assert device.tap((x0 + x1) / 2, (y0 + y1) / 2)


def notes(device: Device) -> list[dict]:
    return device.state()["apps"]["notes"]["notes"]


def test_new_note_is_saved_and_the_editor_closes():
    d = Device()
    d.launch_app("notes")
    tap(d, "fab")
    tap(d, "title")
    d.type_text("Call mom")
    tap(d, "body")
    d.type_text("Sunday 5pm")
    tap(d, "save")
    assert notes(d)[-1] == {"id": 5, "title": "Call mom", "body": "Sunday 5pm",
                            "pinned": False, "updated_ms": d.kernel.clock.now_ms()}
    assert d.kernel.tasks.top_activity.history == ["/"]
    assert not d.kernel.keyboard.visible
    assert d.kernel.system_ui.toast.text == "Note saved"


def test_empty_note_is_discarded():
    d = Device()
    d.launch_app("notes")
    tap(d, "fab")
    tap(d, "save")
    assert len(notes(d)) == 4
    assert d.kernel.system_ui.toast.text == "Empty note discarded"


def test_pin_and_delete_with_a_url_dialog():
    d = Device()
    d.launch_app("notes")
    tap(d, "note:3")
    tap(d, "pin")
    assert next(n for n in notes(d) if n["id"] == 3)["pinned"] is True
    tap(d, "delete")
    assert d.kernel.tasks.top_activity.route == "/note/3?dialog=delete"
    assert d.handle_back() == "os.appBack"  # Back closes the dialog, nothing deleted
    assert d.kernel.tasks.top_activity.route == "/note/3" and len(notes(d)) == 4
    tap(d, "delete")
    confirm = next(n for n in reversed(d.ui_tree()) if n["text"] == "Delete" and n["role"] == "button")
    x0, y0, x1, y1 = confirm["bounds"]
    d.tap((x0 + x1) / 2, (y0 + y1) / 2)
    assert [n["id"] for n in notes(d)] == [1, 2, 4]
    assert d.kernel.tasks.top_activity.history == ["/"]


def test_text_share_prefills_the_note_body():
    d = Device()
    d.launch_app("notes")
    assert d.start_activity({"action": "ACTION_SEND", "type": "text/plain",
                             "data": {"text": "shared words"}})
    if d.kernel.intents.chooser is not None:
        d.kernel.choose("notes")
    top = d.kernel.tasks.top_activity
    assert (top.app_id, top.history) == ("notes", ["/new"])
    d.render()
    assert node(d, "body")["text"] == "shared words"
