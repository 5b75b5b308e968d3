"""Gallery: the grid, favorites, delete via a URL-driven dialog, and sharing into Messages."""

from __future__ import annotations

from mobilegym_env.device import Device
from mobilegym_env.testing import ids, node, tap

APP = "gallery"  # what the ``device`` fixture (conftest.py) opens


def _choose_messages_if_asked(device: Device) -> None:
    """Another installed app may also take image/*; then the chooser asks first."""
    if device.state()["os"]["chooser"] is not None:
        tap(device, id="choose:messages")


def test_grid_shows_photos_newest_first(device: Device) -> None:
    media = device.state()["os"]["providers"]["media"]
    newest = [f"photo:{m['id']}" for m in sorted(media, key=lambda m: -m["taken_ms"])]
    shown = ids(device, "photo:")
    assert len(shown) > 9 and shown == newest[:len(shown)]


def test_favorite_toggle_and_filter(device: Device) -> None:
    tap(device, id="photo:3")
    assert device.kernel.tasks.active_task.top.history == ["/", "/photo/3"]
    tap(device, id="favorite")
    assert device.state()["apps"]["gallery"]["favorites"] == [3]
    assert node(device, id="favorite")["text"] == "Unfavorite"
    device.handle_back()
    tap(device, id="filter_favorites")
    assert ids(device, "photo:") == ["photo:3"]
    tap(device, id="photo:3")
    tap(device, id="favorite")
    assert device.state()["apps"]["gallery"]["favorites"] == []
    device.handle_back()
    assert ids(device, "photo:") == []
    tap(device, id="filter_all")
    assert len(ids(device, "photo:")) > 9


def test_delete_dialog_back_then_confirm(device: Device) -> None:
    path = "/sdcard/DCIM/Camera/IMG_20260110_184540.jpg"
    tap(device, id="photo:3")
    tap(device, id="favorite")
    tap(device, id="delete")
    assert device.kernel.tasks.active_task.top.route == "/photo/3?dialog=delete"
    assert node(device, text="Delete this photo?")
    device.handle_back()  # Back dismisses the dialog only
    assert device.kernel.tasks.active_task.top.route == "/photo/3"
    assert device.kernel.files.exists(path)
    tap(device, id="delete")
    tap(device, text="Delete")
    state = device.state()
    assert all(m["id"] != 3 for m in state["os"]["providers"]["media"])
    assert path not in state["os"]["files"]
    assert state["apps"]["gallery"]["favorites"] == []
    assert device.kernel.tasks.active_task.top.history == ["/"]
    assert "photo:3" not in ids(device, "photo:")


def test_share_cold_starts_messages_single_task(device: Device) -> None:
    gallery = device.kernel.tasks.task_for_app("gallery")
    tap(device, id="photo:4")
    tap(device, id="share")
    _choose_messages_if_asked(device)
    messages = device.kernel.tasks.task_for_app("messages")
    assert device.active_task_id == messages.task_id
    assert messages.launched_by_task_id == gallery.task_id
    assert len(messages.stack) == 1
    assert messages.top.history == ["/", "/compose"]
    assert messages.top.intent["data"] == {
        "media_id": 4, "path": "/sdcard/DCIM/Camera/IMG_20260225_120509.jpg"}
    assert node(device, id="attachment")["text"] == "IMG_20260225_120509.jpg"
    assert len(gallery.stack) == 1  # nothing was pushed onto the Gallery Task

    tap(device, id="to")
    device.type_text("Chloe Martinez")
    n = len(device.state()["os"]["providers"]["sms"])
    tap(device, id="send")
    rows = device.state()["os"]["providers"]["sms"]
    assert len(rows) == n + 1
    assert rows[-1]["body"] == "[Image: IMG_20260225_120509.jpg]"
    assert messages.top.history == ["/", "/thread/+1%20415-555-0178"]
    device.handle_back()  # the share route became the thread: Back lands in Messages
    assert device.active_task_id == messages.task_id
    assert messages.top.history == ["/"]


def test_share_warm_pops_to_root_and_pushes_compose(device: Device) -> None:
    device.launch_app("messages")
    messages = device.kernel.tasks.task_for_app("messages")
    tap(device, id="thread:+1 650-555-0110")
    device.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                           "data": {"address": "72345"}})  # a second Activity on the Task
    assert len(messages.stack) == 2
    root = messages.stack[0]
    assert root.history == ["/", "/thread/+1%20650-555-0110"]

    device.launch_app("gallery")
    tap(device, id="photo:1", scroll=6)
    tap(device, id="share")
    _choose_messages_if_asked(device)
    assert device.active_task_id == messages.task_id
    assert messages.stack == [root]
    assert root.history == ["/", "/compose"]
    assert root.intent["data"]["media_id"] == 1
    assert node(device, id="attachment")["text"] == "IMG_20251218_093015.jpg"

    device.handle_back()  # compose -> Messages home, still in the Messages Task
    assert root.history == ["/"]
    assert device.active_task_id == messages.task_id

    # sharing again delivers a new payload: the compose screen prefills again
    device.launch_app("gallery")
    tap(device, id="share")
    _choose_messages_if_asked(device)
    assert node(device, id="attachment")["text"] == "IMG_20251218_093015.jpg"


def test_missing_photo_route_does_not_crash(device: Device) -> None:
    device.open_app("gallery", "/photo/99")
    assert node(device, text="Photo not found")
