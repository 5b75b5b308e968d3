"""Gallery: photos by month, albums (folders), favorites, selection mode, the viewer's
details, delete and album moves, and sharing into Messages."""

from __future__ import annotations

from typing import Any

from mobilegym_env import actions as A
from mobilegym_env.device import Device
from mobilegym_env.testing import (
    center,
    has,
    ids,
    long_press,
    node,
    route,
    screen_text,
    tap,
)

APP = "gallery"  # what the ``device`` fixture (conftest.py) opens
CAMERA = "/sdcard/DCIM/Camera"
YOSEMITE = "/sdcard/Pictures/Yosemite"


def media(device: Device) -> dict[int, dict[str, Any]]:
    return {m["id"]: m for m in device.state()["os"]["providers"]["media"]}


def files(device: Device) -> dict[str, Any]:
    return device.state()["os"]["files"]


def favorites(device: Device) -> list[int]:
    return device.state()["apps"]["gallery"]["favorites"]


def toast(device: Device) -> str:
    shown = device.kernel.system_ui.toast
    return shown.text if shown is not None else ""


def history(device: Device) -> list[str]:
    return device.kernel.tasks.top_activity.history


def open_album(device: Device, card: str) -> None:
    """Opens the album whose card has id ``card`` from the Albums tab."""
    tap(device, text="Albums", role="tab")
    tap(device, id=card, scroll=4)


def moved(row: dict[str, Any], folder: str, album: str) -> dict[str, Any]:
    return {**row, "path": f"{folder}/{row['path'].rsplit('/', 1)[1]}", "album": album}


def _choose_messages_if_asked(device: Device) -> None:
    """Another installed app may also take image/*; then the chooser asks first."""
    if device.state()["os"]["chooser"] is not None:
        tap(device, id="choose:messages")


# ----- the Photos tab
def test_grid_shows_photos_newest_first_by_month(device: Device) -> None:
    rows = device.state()["os"]["providers"]["media"]
    newest = [f"photo:{m['id']}" for m in sorted(rows, key=lambda m: -m["taken_ms"])]
    shown = ids(device, "photo:")
    assert len(shown) > 9 and shown == newest[:len(shown)]
    screen = screen_text(device)
    assert screen.index("March 2026") < screen.index("February 2026")
    assert node(device, id="photo:16")["text"] == "Screenshot_20260302_081245"
    assert has(device, text="October 2025", role="heading") is False
    node(device, text="October 2025", role="heading", scroll=10)


def test_favorite_in_the_viewer_and_the_favorites_album(device: Device) -> None:
    tap(device, id="photo:3", scroll=4)
    assert history(device) == ["/", "/photo/3"]
    tap(device, id="favorite")
    assert favorites(device) == [3]
    assert node(device, id="favorite")["text"] == "Unfavorite"
    device.handle_back()
    tap(device, id="photo:16")
    tap(device, id="favorite")
    assert favorites(device) == [3, 16]  # kept sorted: a stable set
    device.handle_back()
    open_album(device, "favorites")
    assert route(device) == "/favorites"
    assert ids(device, "photo:") == ["photo:16", "photo:3"]
    tap(device, id="photo:3")
    tap(device, id="favorite")
    assert favorites(device) == [16]
    device.handle_back()
    assert ids(device, "photo:") == ["photo:16"]


def test_viewer_details_sheet(device: Device) -> None:
    device.open_app("gallery", "/photo/19")
    assert "tunnel_view_panorama.jpg" in screen_text(device)
    tap(device, id="info")
    assert node(device, id="info_date")["text"] == "Sat, Oct 11, 2025 · 16:40"
    assert node(device, id="info_file")["text"] == (
        "tunnel_view_panorama.jpg 18.3 MP  ·  8064 × 2268  ·  7.9 MB")
    assert node(device, id="info_album")["text"] == "Yosemite Pictures/Yosemite"
    device.handle_back()
    assert route(device) == "/photo/19"


def test_delete_dialog_back_then_confirm(device: Device) -> None:
    path = f"{CAMERA}/IMG_20260110_184540.jpg"
    before_files, before_media = files(device), media(device)
    tap(device, id="photo:3", scroll=4)
    tap(device, id="favorite")
    tap(device, id="delete")
    assert route(device) == "/photo/3?dialog=delete"
    assert node(device, text="Delete this photo?")
    device.handle_back()  # Back dismisses the dialog only
    assert route(device) == "/photo/3"
    assert device.kernel.files.exists(path)
    tap(device, id="delete")
    tap(device, id="delete_confirm")
    assert media(device) == {i: m for i, m in before_media.items() if i != 3}
    assert files(device) == {p: e for p, e in before_files.items() if p != path}
    assert favorites(device) == []
    assert history(device) == ["/"]
    assert "photo:3" not in ids(device, "photo:")
    assert toast(device) == "Photo deleted"


# ----- selection mode
def test_selection_mode_favorites_several_and_leaves(device: Device) -> None:
    long_press(device, id="photo:16")
    assert route(device) == "/?select=photos"
    assert node(device, id="photo:16")["selected"] is True
    tap(device, id="photo:13")
    tap(device, id="photo:6")
    assert "3 selected" in screen_text(device)
    tap(device, id="photo:6")  # deselect one
    tap(device, id="sel_favorite")
    assert favorites(device) == [13, 16]
    assert route(device) == "/"
    long_press(device, id="photo:13")
    tap(device, id="photo:16")
    assert node(device, id="sel_favorite")["text"] == "Remove from favorites"
    tap(device, id="sel_favorite")
    assert favorites(device) == []
    long_press(device, id="photo:4")
    device.handle_back()  # Back leaves selection mode
    assert route(device) == "/"
    assert not has(device, id="selection_bar")


def test_delete_several_from_selection(device: Device) -> None:
    before = media(device)
    long_press(device, id="photo:16")
    tap(device, id="photo:6")
    tap(device, id="sel_delete")
    assert node(device, text="Delete 2 photos?")
    tap(device, id="delete_confirm")
    assert media(device) == {i: m for i, m in before.items() if i not in (6, 16)}
    assert not [p for p in files(device) if "Screenshot_20260302" in p or
                "Screenshot_20260227" in p]
    assert route(device) == "/" and toast(device) == "2 photos deleted"


def test_move_selection_to_an_album_keeps_ids(device: Device) -> None:
    before = media(device)
    long_press(device, id="photo:13")
    tap(device, id="photo:4")
    tap(device, id="sel_more")
    tap(device, id="sel_move")
    assert route(device) == "/?select=photos&dialog=albums&op=move"
    tap(device, id="to_album:Yosemite")
    after = media(device)
    assert after[13] == moved(before[13], YOSEMITE, "Yosemite")
    assert after[4] == moved(before[4], YOSEMITE, "Yosemite")
    assert {i: m for i, m in after.items() if i not in (4, 13)} == {
        i: m for i, m in before.items() if i not in (4, 13)}
    assert f"{YOSEMITE}/IMG_20260301_163022.jpg" in files(device)
    assert f"{CAMERA}/IMG_20260301_163022.jpg" not in files(device)
    assert route(device) == "/" and toast(device) == "Moved 2 photos to Yosemite"


def test_new_album_from_the_sheet_receives_the_selection(device: Device) -> None:
    before = media(device)
    long_press(device, id="photo:16")
    tap(device, id="sel_more")
    tap(device, id="sel_copy")
    tap(device, id="album_new")
    assert device.kernel.keyboard.visible
    device.type_text("Keep")
    tap(device, id="new_album_create")
    after = media(device)
    copy = after.pop(27)
    assert after == before  # a copy leaves the original where it was
    assert copy == {**before[16], "id": 27, "album": "Keep",
                    "path": "/sdcard/Pictures/Keep/Screenshot_20260302_081245.png"}
    assert route(device) == "/" and not device.kernel.keyboard.visible


# ----- the viewer's ⋮ menu
def test_viewer_moves_and_copies_to_an_album(device: Device) -> None:
    before = media(device)
    device.open_app("gallery", "/photo/25")
    tap(device, id="photo_more")
    tap(device, id="photo_copy")
    tap(device, id="to_album:Download")  # copying into its own album numbers the copy
    assert media(device)[27]["path"] == "/sdcard/Download/concert_poster (1).png"
    tap(device, id="photo_more")
    tap(device, id="photo_move")
    assert node(device, id="to_album:Download")["clickable"] is False  # already there
    tap(device, id="to_album:Birthday party")
    assert media(device)[25] == moved(before[25], "/sdcard/Pictures/Birthday party",
                                      "Birthday party")
    assert route(device) == "/photo/25"
    assert "Birthday party" in node(device, id="photo_details")["text"]


# ----- zoom
def zoom(device: Device) -> str:
    return node(device, id="photo_zoom")["text"]


def double_tap(device: Device, node_id: str) -> None:
    x, y = center(device, node(device, id=node_id))
    device.act(A.double_tap(x, y))


def test_double_tap_zooms_in_around_the_tapped_third_and_back_out(device: Device) -> None:
    device.open_app("gallery", "/photo/25")
    assert zoom(device) == "Zoom 1x"
    picture = node(device, id="photo_view")["bounds"]
    double_tap(device, "photo_view")  # its centre: the middle third
    assert zoom(device) == "Zoom 2x"
    assert node(device, id="photo_view")["double_clickable"]
    ui = device.kernel.tasks.top_activity.ui
    h = picture[3] - picture[1]
    assert (ui["scroll:photo_pan_x"], ui["scroll:photo_pan_y"]) == (180, h // 2)
    device.act(A.swipe(0.5, 0.6, 0.45, 0.4))  # an upward drag pans down the 2x photo
    assert (ui["scroll:photo_pan_x"], ui["scroll:photo_pan_y"]) == (180, min(h // 2 + 160, h))
    device.act(A.swipe(0.3, 0.5, 0.7, 0.52))  # a rightward drag pans left
    assert (ui["scroll:photo_pan_x"], ui["scroll:photo_pan_y"]) == (36, min(h // 2 + 160, h))
    double_tap(device, "photo_view")
    assert zoom(device) == "Zoom 1x" and node(device, id="photo_view")["bounds"] == picture
    double_tap(device, "photo_zoom:top-right")  # an edge: as far as the edges allow
    assert zoom(device) == "Zoom 2x"
    assert (ui["scroll:photo_pan_x"], ui["scroll:photo_pan_y"]) == (360, 0)
    assert favorites(device) == [] and device.crashes == []  # nothing else took the taps


def test_a_photo_opens_unzoomed(device: Device) -> None:
    tap(device, id="photo:25", scroll=8)
    double_tap(device, "photo_view")
    assert zoom(device) == "Zoom 2x"
    device.handle_back()
    tap(device, id="photo:25", scroll=8)
    assert zoom(device) == "Zoom 1x"


# ----- albums
def test_albums_tab_lists_folders_with_counts(device: Device) -> None:
    tap(device, text="Albums", role="tab")
    assert route(device) == "/albums"
    assert ids(device, "album:")[:3] == ["album:Screenshots", "album:Camera", "album:Download"]
    assert node(device, id="album:Camera")["text"] == "Camera 11 items"
    assert node(device, id="favorites")["text"] == "Favorites 0 items"
    assert node(device, id="album:Yosemite", scroll=4)["text"] == "Yosemite 5 items"
    tap(device, id="album:Yosemite")
    assert ids(device, "photo:") == ["photo:21", "photo:20", "photo:19", "photo:18", "photo:17"]
    tap(device, id="photo:19")
    assert route(device) == "/photo/19"


def test_create_an_album_and_add_photos_to_it(device: Device) -> None:
    before = media(device)
    tap(device, text="Albums", role="tab")
    tap(device, id="new_album")
    device.type_text("Trip")
    tap(device, id="new_album_create")
    assert files(device)["/sdcard/Pictures/Trip"]["is_dir"] is True
    assert route(device) == "/album?path=/sdcard/Pictures/Trip"
    assert "This album is empty" in screen_text(device)
    tap(device, id="empty_add")
    assert route(device) == "/add?path=/sdcard/Pictures/Trip"
    assert node(device, id="add_move")["enabled"] is False
    tap(device, id="photo:13")
    tap(device, id="photo:12")
    tap(device, id="photo:12")  # a second tap unpicks
    tap(device, id="photo:11", scroll=3)
    assert node(device, id="add_count")["text"] == "2 selected"
    tap(device, id="add_move")
    assert route(device) == "/album?path=/sdcard/Pictures/Trip"
    assert sorted(ids(device, "photo:")) == ["photo:11", "photo:13"]
    after = media(device)
    for i in (11, 13):
        assert after[i] == moved(before[i], "/sdcard/Pictures/Trip", "Trip")
    assert toast(device) == "Moved 2 photos to Trip"
    device.handle_back()
    assert node(device, id="album:Trip")["text"] == "Trip 2 items"


def test_album_names_must_be_new_and_valid(device: Device) -> None:
    tap(device, text="Albums", role="tab")
    before = files(device)
    tap(device, id="new_album")
    tap(device, id="new_album_create")
    assert toast(device) == "Enter an album name"
    device.type_text("camera")
    tap(device, id="new_album_create")
    assert toast(device) == "An album named “camera” already exists"
    assert files(device) == before and "dialog=new_album" in route(device)
    device.handle_back()  # hides the keyboard
    device.handle_back()
    assert route(device) == "/albums"


def test_rename_an_album_renames_its_folder(device: Device) -> None:
    before = media(device)
    open_album(device, "album:Yosemite")
    tap(device, id="album_more")
    tap(device, id="album_rename")
    assert node(device, id="album_name_field")["text"] == "Yosemite"
    tap(device, id="album_name_field:clear")
    device.type_text("Yosemite 2025")
    tap(device, id="rename_album_confirm")
    folder = "/sdcard/Pictures/Yosemite 2025"
    assert route(device) == "/album?path=/sdcard/Pictures/Yosemite%202025"
    assert {i: m for i, m in media(device).items() if i in range(17, 22)} == {
        i: moved(before[i], folder, "Yosemite 2025") for i in range(17, 22)}
    assert YOSEMITE not in files(device) and files(device)[folder]["is_dir"]
    device.handle_back()
    assert node(device, id="album:Yosemite 2025", scroll=4)["text"] == "Yosemite 2025 5 items"


def test_delete_an_album_deletes_only_its_photos(device: Device) -> None:
    before_files, before_media = files(device), media(device)
    open_album(device, "album:Download")
    tap(device, id="album_more")
    tap(device, id="album_delete")
    assert "its 2 items will be permanently deleted" in screen_text(device)
    tap(device, id="delete_album_confirm")
    gone = {"/sdcard/Download/concert_poster.png", "/sdcard/Download/floor_plan.jpg"}
    assert files(device) == {p: e for p, e in before_files.items() if p not in gone}
    assert media(device) == {i: m for i, m in before_media.items() if i not in (25, 26)}
    assert route(device) == "/albums" and not has(device, id="album:Download")
    open_album(device, "album:Birthday party")
    tap(device, id="album_more")
    tap(device, id="album_delete")
    tap(device, id="delete_album_confirm")
    assert not [p for p in files(device) if p.startswith("/sdcard/Pictures/Birthday party")]


def test_a_move_in_files_shows_in_gallery(device: Device) -> None:
    device.launch_app("files")
    device.open_app("files", f"/dir?path={CAMERA}")
    tap(device, id="more:IMG_20251018_171204.jpg", scroll=4)
    tap(device, id="item_move")
    tap(device, id="pickdir:Pictures")
    tap(device, id="pickdir:Yosemite")
    tap(device, id="pick_confirm")
    device.launch_app("gallery")
    open_album(device, "album:Yosemite")
    assert "photo:7" in ids(device, "photo:")
    assert has(device, text="6 items")  # the album's subtitle


# ----- sharing
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
        "media_id": 4, "path": f"{CAMERA}/IMG_20260225_120509.jpg"}
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


# ----- odd input
def test_odd_routes_do_not_crash(device: Device) -> None:
    for r, message in (("/photo/99", "Photo not found"), ("/photo/abc", "Photo not found"),
                       ("/album?path=/sdcard/Nope", "Album not found"),
                       ("/album?path=/sdcard/Music", "Album not found"),
                       ("/add?path=/etc", "Album not found")):
        device.open_app("gallery", r)
        assert node(device, text=message)
    for r in ("/?dialog=sel_menu", "/?dialog=albums&op=move", "/?dialog=albums&op=zap",
              "/photo/1?dialog=albums&op=warp", "/?dialog=sel_delete"):
        device.open_app("gallery", r)
        assert not has(device, role="menu") and not has(device, role="sheet")
    assert device.crashes == []


def test_every_screen_renders(device: Device) -> None:
    for r in ("/", "/albums", "/favorites", f"/album?path={YOSEMITE}", f"/add?path={YOSEMITE}",
              "/photo/1", "/photo/1?dialog=info", "/albums?dialog=new_album"):
        device.open_app("gallery", r)
        frame = device.render()
        assert frame.shape == (800, 360, 3) and frame.std() > 5
    assert device.crashes == []
