"""Files app: driven through public gestures only (taps on nodes found in ``ui_tree()``)."""

from __future__ import annotations

from typing import Any

from mobilegym_env.device import Device
from mobilegym_env.testing import has, long_press, node, route, screen_text, tap

APP = "files"  # what the ``device`` fixture (conftest.py) opens


def files(device: Device) -> dict[str, Any]:
    return device.state()["os"]["files"]


def type_into(device: Device, field_id: str, value: str, clear: bool = False) -> None:
    """Focuses a field by tapping it, optionally deletes its text with the Delete key, types."""
    tap(device, id=field_id)
    if clear:
        while node(device, id=field_id)["text"]:
            tap(device, id="key:backspace")
    assert device.type_text(value)


def test_home_categories_open_their_folders(device: Device) -> None:
    assert "Images" in screen_text(device) and "Downloads" in screen_text(device)
    for key, path in (("images", "/sdcard/Pictures"), ("downloads", "/sdcard/Download"),
                      ("documents", "/sdcard/Documents"), ("camera", "/sdcard/DCIM/Camera")):
        tap(device, id=f"category:{key}")
        assert route(device) == f"/dir?path={path}"
        device.handle_back()
        assert route(device) == "/"
    tap(device, id="internal_storage")
    assert route(device) == "/dir"
    for name in ("DCIM", "Documents", "Download", "Movies", "Music", "Pictures"):
        assert has(device, id=f"dir:{name}")


def test_browse_nested_folders_and_open_a_text_file(device: Device) -> None:
    tap(device, id="internal_storage")
    tap(device, id="dir:DCIM")
    tap(device, id="dir:Camera")
    assert route(device) == "/dir?path=/sdcard/DCIM/Camera"
    assert has(device, id="file:IMG_20251218_093015.jpg")
    assert "Internal storage › DCIM › Camera" in screen_text(device)
    device.handle_back()
    device.handle_back()
    tap(device, id="dir:Documents")
    tap(device, id="file:notes.txt")
    assert route(device) == "/file?path=/sdcard/Documents/notes.txt"
    content = node(device, id="file_content")["text"]
    assert content == "Grocery list:\n- milk\n- eggs\n- coffee beans\n"
    tap(device, text="Back", role="button")
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_non_text_file_shows_details(device: Device) -> None:
    tap(device, id="category:downloads")
    tap(device, id="file:report.pdf")
    assert "application/pdf" in screen_text(device)
    assert has(device, id="open_with")


def test_delete_via_long_press_dialog(device: Device) -> None:
    tap(device, id="category:documents")
    before = files(device)
    long_press(device, id="file:notes.txt")
    assert "dialog=item" in route(device)
    tap(device, id="item_delete")
    assert "dialog=delete" in route(device)
    tap(device, id="delete_confirm")
    after = files(device)
    assert "/sdcard/Documents/notes.txt" not in after
    expected = dict(before)
    del expected["/sdcard/Documents/notes.txt"]
    assert after == expected
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, id="file:notes.txt") and has(device, id="file:meeting_agenda.txt")
    # the dialog was replaced, not stacked: one Back leaves the folder
    device.handle_back()
    assert route(device) == "/"


def test_cancel_delete_keeps_the_file(device: Device) -> None:
    tap(device, id="category:documents")
    before = files(device)
    long_press(device, id="file:notes.txt")
    tap(device, id="item_delete")
    tap(device, id="delete_cancel")
    assert files(device) == before
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_delete_a_folder_recursively(device: Device) -> None:
    tap(device, id="internal_storage")
    long_press(device, id="dir:DCIM")
    tap(device, id="item_delete")
    assert "its 1 item" in screen_text(device)
    tap(device, id="delete_confirm")
    assert not [p for p in files(device) if p.startswith("/sdcard/DCIM")]
    assert not has(device, id="dir:DCIM")


def test_rename_via_long_press_dialog(device: Device) -> None:
    tap(device, id="category:documents")
    old = files(device)["/sdcard/Documents/notes.txt"]
    long_press(device, id="file:notes.txt")
    tap(device, id="item_rename")
    assert node(device, id="rename_field")["text"] == "notes.txt"
    type_into(device, "rename_field", "groceries.txt", clear=True)
    tap(device, id="rename_confirm")
    state = files(device)
    assert "/sdcard/Documents/notes.txt" not in state
    assert state["/sdcard/Documents/groceries.txt"] == old  # same content, size and mtime
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert has(device, id="file:groceries.txt")
    assert not device.kernel.keyboard.visible


def test_rename_to_an_existing_name_is_refused(device: Device) -> None:
    tap(device, id="category:documents")
    before = files(device)
    long_press(device, id="file:notes.txt")
    tap(device, id="item_rename")
    type_into(device, "rename_field", "meeting_agenda.txt", clear=True)
    tap(device, id="rename_confirm")
    assert files(device) == before
    assert "dialog=rename" in route(device)  # still open, with a toast explaining why
    assert device.kernel.system_ui.toast is not None
    assert "already exists" in device.kernel.system_ui.toast.text


def test_new_folder_from_the_app_bar(device: Device) -> None:
    tap(device, id="category:downloads")
    tap(device, id="new_folder")
    assert "dialog=new_folder" in route(device)
    type_into(device, "new_folder_field", "Receipts")
    tap(device, id="new_folder_create")
    entry = files(device)["/sdcard/Download/Receipts"]
    assert entry["is_dir"] is True
    assert route(device) == "/dir?path=/sdcard/Download"
    tap(device, id="dir:Receipts")
    assert "This folder is empty" in screen_text(device)


def test_new_folder_with_empty_name_does_nothing(device: Device) -> None:
    tap(device, id="category:downloads")
    before = files(device)
    tap(device, id="new_folder")
    tap(device, id="new_folder_create")
    assert files(device) == before
    assert "dialog=new_folder" in route(device)


def test_back_closes_dialogs(device: Device) -> None:
    tap(device, id="category:documents")
    long_press(device, id="file:notes.txt")
    assert has(device, id="item_rename")
    device.handle_back()
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, id="item_rename")
    # with the keyboard up, the first Back hides it and the second closes the dialog
    tap(device, id="new_folder")
    tap(device, id="new_folder_field")
    assert device.kernel.keyboard.visible
    assert device.handle_back() == "keyboard.dismiss"
    assert "dialog=new_folder" in route(device)
    device.handle_back()
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, id="new_folder_field")


def test_scrim_tap_dismisses_dialog(device: Device) -> None:
    tap(device, id="category:documents")
    long_press(device, id="file:notes.txt")
    assert device.tap(180, 120)  # on the scrim, above the dialog
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_odd_routes_show_empty_states(device: Device) -> None:
    for r in ("/dir?path=/sdcard/Nope", "/dir?path=/etc", "/dir?path=/sdcard/Documents/notes.txt"):
        device.open_app("files", r)
        assert "Folder not found" in screen_text(device)
    for r in ("/file?path=/sdcard/nope.txt", "/file?path=/sdcard/DCIM", "/file"):
        device.open_app("files", r)
        assert "File not found" in screen_text(device)
    device.open_app("files", "/dir?path=/sdcard/Documents&dialog=item&name=ghost.txt")
    assert not has(device, id="item_rename")


def test_view_intent_lands_on_caller_route() -> None:
    d = Device()
    d.launch_app("notes")
    assert d.start_activity({"action": "ACTION_VIEW", "type": "inode/directory",
                             "route": "/dir?path=/sdcard/Music"})
    task = d.kernel.tasks.active_task
    assert [a.app_id for a in task.stack] == ["notes", "files"]
    assert has(d, id="file:morning_walk.mp3")
    d.handle_back()
    assert [a.app_id for a in task.stack] == ["notes"]


def test_every_screen_renders(device: Device) -> None:
    for r in ("/", "/dir", "/dir?path=/sdcard/DCIM/Camera", "/file?path=/sdcard/Download/report.pdf",
              "/file?path=/sdcard/Documents/notes.txt", "/dir?path=/sdcard/Movies&dialog=new_folder"):
        device.open_app("files", r)
        frame = device.render()
        assert frame.shape == (800, 360, 3)
        assert frame.std() > 5
