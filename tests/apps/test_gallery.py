"""Gallery: the grid, favorites, delete via a URL-driven dialog, and sharing into Messages."""

from __future__ import annotations

from typing import Any

import pytest

from mobilegym_env.device import Device


def _node(device: Device, id: str | None = None, text: str | None = None) -> dict[str, Any]:
    for n in reversed(device.ui_tree()):  # topmost first
        if (id is None or n["id"] == id) and (text is None or n["text"] == text):
            return n
    raise AssertionError(f"no node id={id!r} text={text!r} on screen")


def _tap(device: Device, id: str | None = None, text: str | None = None) -> None:
    x0, y0, x1, y1 = _node(device, id, text)["bounds"]
    assert device.tap((x0 + x1) / 2, (y0 + y1) / 2)


def _ids(device: Device, prefix: str) -> list[str]:
    return [n["id"] for n in device.ui_tree() if (n["id"] or "").startswith(prefix)]


def _task(device: Device, app_id: str) -> Any:
    return next(t for t in device.kernel.tasks.tasks.values() if t.root_app_id == app_id)


def _choose_messages_if_asked(device: Device) -> None:
    """Another installed app may also take image/*; then the chooser asks first."""
    if device.state()["os"]["chooser"] is not None:
        _tap(device, "choose:messages")


@pytest.fixture
def device() -> Device:
    d = Device()
    d.launch_app("gallery")
    return d


def test_grid_shows_photos_newest_first(device: Device) -> None:
    media = device.state()["os"]["providers"]["media"]
    newest = [f"photo:{m['id']}" for m in sorted(media, key=lambda m: -m["taken_ms"])]
    assert _ids(device, "photo:") == newest


def test_favorite_toggle_and_filter(device: Device) -> None:
    _tap(device, "photo:3")
    assert device.kernel.tasks.active_task.top.history == ["/", "/photo/3"]
    _tap(device, "favorite")
    assert device.state()["apps"]["gallery"]["favorites"] == [3]
    assert _node(device, "favorite")["text"] == "Unfavorite"
    device.handle_back()
    _tap(device, "filter_favorites")
    assert _ids(device, "photo:") == ["photo:3"]
    _tap(device, "photo:3")
    _tap(device, "favorite")
    assert device.state()["apps"]["gallery"]["favorites"] == []
    device.handle_back()
    assert _ids(device, "photo:") == []
    _tap(device, "filter_all")
    assert len(_ids(device, "photo:")) == 6


def test_delete_dialog_back_then_confirm(device: Device) -> None:
    path = "/sdcard/DCIM/Camera/IMG_20260110_184540.jpg"
    _tap(device, "photo:3")
    _tap(device, "favorite")
    _tap(device, "delete")
    assert device.kernel.tasks.active_task.top.route == "/photo/3?dialog=delete"
    assert _node(device, text="Delete this photo?")
    device.handle_back()  # Back dismisses the dialog only
    assert device.kernel.tasks.active_task.top.route == "/photo/3"
    assert device.kernel.files.exists(path)
    _tap(device, "delete")
    _tap(device, text="Delete")
    state = device.state()
    assert all(m["id"] != 3 for m in state["os"]["providers"]["media"])
    assert path not in state["os"]["files"]
    assert state["apps"]["gallery"]["favorites"] == []
    assert device.kernel.tasks.active_task.top.history == ["/"]
    assert "photo:3" not in _ids(device, "photo:")


def test_share_cold_starts_messages_single_task(device: Device) -> None:
    gallery = _task(device, "gallery")
    _tap(device, "photo:4")
    _tap(device, "share")
    _choose_messages_if_asked(device)
    messages = _task(device, "messages")
    assert device.active_task_id == messages.task_id
    assert messages.launched_by_task_id == gallery.task_id
    assert len(messages.stack) == 1
    assert messages.top.history == ["/", "/compose"]
    assert messages.top.intent["data"] == {
        "media_id": 4, "path": "/sdcard/DCIM/Camera/IMG_20260225_120509.jpg"}
    assert _node(device, "attachment")["text"] == "IMG_20260225_120509.jpg"
    assert len(gallery.stack) == 1  # nothing was pushed onto the Gallery Task

    _tap(device, "to")
    device.type_text("Chloe Martinez")
    n = len(device.state()["os"]["providers"]["sms"])
    _tap(device, "send")
    rows = device.state()["os"]["providers"]["sms"]
    assert len(rows) == n + 1
    assert rows[-1]["body"] == "[Image: IMG_20260225_120509.jpg]"
    assert messages.top.history == ["/", "/thread/+1%20415-555-0178"]
    device.handle_back()  # the share route became the thread: Back lands in Messages
    assert device.active_task_id == messages.task_id
    assert messages.top.history == ["/"]


def test_share_warm_pops_to_root_and_pushes_compose(device: Device) -> None:
    device.launch_app("messages")
    messages = _task(device, "messages")
    _tap(device, "thread:+1 650-555-0110")
    device.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                           "data": {"address": "72345"}})  # a second Activity on the Task
    assert len(messages.stack) == 2
    root = messages.stack[0]
    assert root.history == ["/", "/thread/+1%20650-555-0110"]

    device.launch_app("gallery")
    _tap(device, "photo:1")
    _tap(device, "share")
    _choose_messages_if_asked(device)
    assert device.active_task_id == messages.task_id
    assert messages.stack == [root]
    assert root.history == ["/", "/compose"]
    assert root.intent["data"]["media_id"] == 1
    assert _node(device, "attachment")["text"] == "IMG_20251218_093015.jpg"

    device.handle_back()  # compose -> Messages home, still in the Messages Task
    assert root.history == ["/"]
    assert device.active_task_id == messages.task_id

    # sharing again delivers a new payload: the compose screen prefills again
    device.launch_app("gallery")
    _tap(device, "share")
    _choose_messages_if_asked(device)
    assert _node(device, "attachment")["text"] == "IMG_20251218_093015.jpg"


def test_missing_photo_route_does_not_crash(device: Device) -> None:
    device.open_app("gallery", "/photo/99")
    assert _node(device, text="Photo not found")
