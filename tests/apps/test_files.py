"""Files app: driven through public gestures only (taps on nodes found in ``ui_tree()``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mobilegym_env.device import Device

Node = dict[str, Any]


def find_node(device: Device, pred: Callable[[Node], bool], scrolls: int = 8) -> Node:
    """The last (topmost) visible node matching ``pred``; scrolls the page down to find it."""
    for _ in range(scrolls + 1):
        hits = [n for n in device.ui_tree() if pred(n)]
        if hits:
            return hits[-1]
        if device.swipe(180, 600, 180, 300) != "scroll":
            break
    raise AssertionError("no matching node on screen")


def tap_node(device: Device, pred: Callable[[Node], bool], long_press: bool = False) -> Node:
    node = find_node(device, pred)
    x0, y0, x1, y1 = (c / device.scale for c in node["bounds"])
    assert device.tap((x0 + x1) / 2, (y0 + y1) / 2, long_press=long_press)
    return node


def by_id(node_id: str) -> Callable[[Node], bool]:
    return lambda n: n["id"] == node_id


def has(device: Device, node_id: str) -> bool:
    return any(n["id"] == node_id for n in device.ui_tree())


def texts(device: Device) -> str:
    return " | ".join(n["text"] for n in device.ui_tree())


def route(device: Device) -> str:
    return device.kernel.tasks.top_activity.route


def files(device: Device) -> dict[str, Any]:
    return device.state()["os"]["files"]


def type_into(device: Device, field_id: str, value: str, clear: bool = False) -> None:
    """Focuses a field by tapping it, optionally deletes its text with the Delete key, types."""
    tap_node(device, by_id(field_id))
    if clear:
        while find_node(device, by_id(field_id))["text"]:
            tap_node(device, by_id("key:backspace"))
    assert device.type_text(value)


@pytest.fixture
def device() -> Device:
    d = Device()
    d.launch_app("files")
    return d


def test_home_categories_open_their_folders(device: Device) -> None:
    assert "Images" in texts(device) and "Downloads" in texts(device)
    for key, path in (("images", "/sdcard/Pictures"), ("downloads", "/sdcard/Download"),
                      ("documents", "/sdcard/Documents"), ("camera", "/sdcard/DCIM/Camera")):
        tap_node(device, by_id(f"category:{key}"))
        assert route(device) == f"/dir?path={path}"
        device.handle_back()
        assert route(device) == "/"
    tap_node(device, by_id("internal_storage"))
    assert route(device) == "/dir"
    for name in ("DCIM", "Documents", "Download", "Movies", "Music", "Pictures"):
        assert has(device, f"dir:{name}")


def test_browse_nested_folders_and_open_a_text_file(device: Device) -> None:
    tap_node(device, by_id("internal_storage"))
    tap_node(device, by_id("dir:DCIM"))
    tap_node(device, by_id("dir:Camera"))
    assert route(device) == "/dir?path=/sdcard/DCIM/Camera"
    assert has(device, "file:IMG_20251218_093015.jpg")
    assert "Internal storage › DCIM › Camera" in texts(device)
    device.handle_back()
    device.handle_back()
    tap_node(device, by_id("dir:Documents"))
    tap_node(device, by_id("file:notes.txt"))
    assert route(device) == "/file?path=/sdcard/Documents/notes.txt"
    content = find_node(device, by_id("file_content"))["text"]
    assert content == "Grocery list:\n- milk\n- eggs\n- coffee beans\n"
    tap_node(device, lambda n: n["text"] == "Back" and n["role"] == "button")
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_non_text_file_shows_details(device: Device) -> None:
    tap_node(device, by_id("category:downloads"))
    tap_node(device, by_id("file:report.pdf"))
    assert "application/pdf" in texts(device)
    assert has(device, "open_with")


def test_delete_via_long_press_dialog(device: Device) -> None:
    tap_node(device, by_id("category:documents"))
    before = files(device)
    tap_node(device, by_id("file:notes.txt"), long_press=True)
    assert "dialog=item" in route(device)
    tap_node(device, by_id("item_delete"))
    assert "dialog=delete" in route(device)
    tap_node(device, by_id("delete_confirm"))
    after = files(device)
    assert "/sdcard/Documents/notes.txt" not in after
    expected = dict(before)
    del expected["/sdcard/Documents/notes.txt"]
    assert after == expected
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, "file:notes.txt") and has(device, "file:meeting_agenda.txt")
    # the dialog was replaced, not stacked: one Back leaves the folder
    device.handle_back()
    assert route(device) == "/"


def test_cancel_delete_keeps_the_file(device: Device) -> None:
    tap_node(device, by_id("category:documents"))
    before = files(device)
    tap_node(device, by_id("file:notes.txt"), long_press=True)
    tap_node(device, by_id("item_delete"))
    tap_node(device, by_id("delete_cancel"))
    assert files(device) == before
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_delete_a_folder_recursively(device: Device) -> None:
    tap_node(device, by_id("internal_storage"))
    tap_node(device, by_id("dir:DCIM"), long_press=True)
    tap_node(device, by_id("item_delete"))
    assert "its 1 item" in texts(device)
    tap_node(device, by_id("delete_confirm"))
    assert not [p for p in files(device) if p.startswith("/sdcard/DCIM")]
    assert not has(device, "dir:DCIM")


def test_rename_via_long_press_dialog(device: Device) -> None:
    tap_node(device, by_id("category:documents"))
    old = files(device)["/sdcard/Documents/notes.txt"]
    tap_node(device, by_id("file:notes.txt"), long_press=True)
    tap_node(device, by_id("item_rename"))
    assert find_node(device, by_id("rename_field"))["text"] == "notes.txt"
    type_into(device, "rename_field", "groceries.txt", clear=True)
    tap_node(device, by_id("rename_confirm"))
    state = files(device)
    assert "/sdcard/Documents/notes.txt" not in state
    assert state["/sdcard/Documents/groceries.txt"] == old  # same content, size and mtime
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert has(device, "file:groceries.txt")
    assert not device.kernel.keyboard.visible


def test_rename_to_an_existing_name_is_refused(device: Device) -> None:
    tap_node(device, by_id("category:documents"))
    before = files(device)
    tap_node(device, by_id("file:notes.txt"), long_press=True)
    tap_node(device, by_id("item_rename"))
    type_into(device, "rename_field", "meeting_agenda.txt", clear=True)
    tap_node(device, by_id("rename_confirm"))
    assert files(device) == before
    assert "dialog=rename" in route(device)  # still open, with a toast explaining why
    assert device.kernel.system_ui.toast is not None
    assert "already exists" in device.kernel.system_ui.toast.text


def test_new_folder_from_the_app_bar(device: Device) -> None:
    tap_node(device, by_id("category:downloads"))
    tap_node(device, by_id("new_folder"))
    assert "dialog=new_folder" in route(device)
    type_into(device, "new_folder_field", "Receipts")
    tap_node(device, by_id("new_folder_create"))
    entry = files(device)["/sdcard/Download/Receipts"]
    assert entry["is_dir"] is True
    assert route(device) == "/dir?path=/sdcard/Download"
    tap_node(device, by_id("dir:Receipts"))
    assert "This folder is empty" in texts(device)


def test_new_folder_with_empty_name_does_nothing(device: Device) -> None:
    tap_node(device, by_id("category:downloads"))
    before = files(device)
    tap_node(device, by_id("new_folder"))
    tap_node(device, by_id("new_folder_create"))
    assert files(device) == before
    assert "dialog=new_folder" in route(device)


def test_back_closes_dialogs(device: Device) -> None:
    tap_node(device, by_id("category:documents"))
    tap_node(device, by_id("file:notes.txt"), long_press=True)
    assert has(device, "item_rename")
    device.handle_back()
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, "item_rename")
    # with the keyboard up, the first Back hides it and the second closes the dialog
    tap_node(device, by_id("new_folder"))
    tap_node(device, by_id("new_folder_field"))
    assert device.kernel.keyboard.visible
    assert device.handle_back() == "keyboard.dismiss"
    assert "dialog=new_folder" in route(device)
    device.handle_back()
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, "new_folder_field")


def test_scrim_tap_dismisses_dialog(device: Device) -> None:
    tap_node(device, by_id("category:documents"))
    tap_node(device, by_id("file:notes.txt"), long_press=True)
    assert device.tap(180, 120)  # on the scrim, above the dialog
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_odd_routes_show_empty_states(device: Device) -> None:
    for r in ("/dir?path=/sdcard/Nope", "/dir?path=/etc", "/dir?path=/sdcard/Documents/notes.txt"):
        device.open_app("files", r)
        assert "Folder not found" in texts(device)
    for r in ("/file?path=/sdcard/nope.txt", "/file?path=/sdcard/DCIM", "/file"):
        device.open_app("files", r)
        assert "File not found" in texts(device)
    device.open_app("files", "/dir?path=/sdcard/Documents&dialog=item&name=ghost.txt")
    assert not has(device, "item_rename")


def test_view_intent_lands_on_caller_route() -> None:
    d = Device()
    d.launch_app("notes")
    assert d.start_activity({"action": "ACTION_VIEW", "type": "inode/directory",
                             "route": "/dir?path=/sdcard/Music"})
    task = d.kernel.tasks.active_task
    assert [a.app_id for a in task.stack] == ["notes", "files"]
    assert has(d, "file:morning_walk.mp3")
    d.handle_back()
    assert [a.app_id for a in task.stack] == ["notes"]


def test_every_screen_renders(device: Device) -> None:
    for r in ("/", "/dir", "/dir?path=/sdcard/DCIM/Camera", "/file?path=/sdcard/Download/report.pdf",
              "/file?path=/sdcard/Documents/notes.txt", "/dir?path=/sdcard/Movies&dialog=new_folder"):
        device.open_app("files", r)
        frame = device.render()
        assert frame.shape == (800, 360, 3)
        assert frame.std() > 5
