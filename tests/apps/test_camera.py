"""Camera: the permission flow, photos and videos into DCIM/Camera and the media provider,
the viewfinder's scene per lens and minute, quick settings, the self-timer on the virtual
clock, recording, the thumbnail into Gallery's viewer and the video viewer."""

from __future__ import annotations

from typing import Any

import pytest

from mobilegym_env.apps.camera import capture as K
from mobilegym_env.device import Device
from mobilegym_env.testing import has, node, route, screen_text, tap
from mobilegym_env.ui.pictures.choose import scene_of

APP = "camera"  # what the ``device`` fixture (conftest.py) opens
T0 = 1772442000000  # the default clock: 2026-03-02 09:00:00 UTC


@pytest.fixture
def cam() -> Device:
    """Camera open with its permission already granted."""
    d = Device()
    d.kernel.permissions.grant(APP, "camera")
    d.launch_app(APP)
    return d


def store(device: Device) -> dict[str, Any]:
    return device.state()["apps"]["camera"]


def new_media(device: Device) -> list[dict[str, Any]]:
    return [r for r in device.state()["os"]["providers"]["media"] if "/PXL_" in r["path"]]


def top(device: Device) -> tuple[str, str]:
    act = device.kernel.tasks.top_activity
    return act.app_id, route(device)


# ----- permission
def test_first_launch_asks_for_the_camera_and_allowing_shows_the_viewfinder(device):
    assert has(device, id="permission_dialog")
    assert "Allow Camera to take pictures" in node(device, id="permission_dialog")["text"]
    tap(device, id="permission_allow")
    assert device.state()["os"]["permissions"]["camera"]["camera"] == "granted"
    assert has(device, id="viewfinder") and has(device, id="shutter")
    assert device.crashes == []


def test_denied_explains_grant_asks_again_and_denied_for_good_opens_settings(device):
    tap(device, id="permission_deny")
    assert has(device, id="grant_permission") and not has(device, id="shutter")
    tap(device, id="grant_permission")
    assert has(device, id="permission_dialog")
    tap(device, id="permission_deny")  # the second denial is for good (Android 11+)
    assert device.state()["os"]["permissions"]["camera"]["camera"] == "denied_forever"
    assert "Allow it in Settings" in screen_text(device)
    tap(device, id="grant_permission")
    assert top(device) == ("settings", "/apps/camera/permissions")
    assert device.crashes == []


def test_a_denied_permission_is_asked_again_on_the_next_launch(device):
    tap(device, id="permission_deny")
    device.go_home()
    device.launch_app(APP)
    assert has(device, id="permission_dialog")


# ----- photos
def test_shutter_writes_a_pixel_named_photo_its_media_row_and_log_record(cam):
    cam.kernel.tick(1234)
    tap(cam, id="shutter")
    path = "/sdcard/DCIM/Camera/PXL_20260302_090001234.jpg"
    f = cam.state()["os"]["files"][path]
    assert (f["mime"], f["mtime_ms"], f["is_dir"]) == ("image/jpeg", T0 + 1234, False)
    [row] = new_media(cam)
    assert {k: row[k] for k in ("path", "mime", "title", "album", "width", "height",
                                "taken_ms")} == {
        "path": path, "mime": "image/jpeg", "title": "PXL_20260302_090001234",
        "album": "Camera", "width": 3072, "height": 4080, "taken_ms": T0 + 1234}
    assert row["size"] > 2_000_000 and f["size"] == row["size"]  # Files shows MB, not 40 B
    assert store(cam)["captures"] == [{
        "id": 1, "path": path, "media_id": row["id"], "kind": "photo", "lens": "back",
        "flash": "off", "timer": 0, "duration_ms": 0, "taken_ms": T0 + 1234}]
    assert store(cam)["next_capture_id"] == 2
    assert cam.crashes == []


def test_two_shots_in_one_millisecond_get_distinct_names(cam):
    tap(cam, id="shutter")
    tap(cam, id="shutter")
    assert [r["title"] for r in new_media(cam)] == ["PXL_20260302_090000000",
                                                    "PXL_20260302_090000001"]


def test_the_photo_shows_what_the_viewfinder_showed_a_face_in_front_a_view_behind(cam):
    back = node(cam, id="viewfinder")
    tap(cam, id="shutter")
    tap(cam, id="flip_lens")
    assert store(cam)["settings"]["lens"] == "front"
    assert node(cam, id="viewfinder")["text"] != back["text"]
    tap(cam, id="shutter")
    photos = new_media(cam)
    keys = [K.capture_photo_of(cam.kernel, r).key for r in photos]
    live = K.live_photo(cam.kernel, "front", (3, 4)).key
    assert keys[1] == live and keys[0] != live
    assert scene_of(keys[1])[0] == "portrait" and scene_of(keys[0])[0] != "portrait"
    front = next(r for r in photos if r["id"] == photos[1]["id"])
    assert (front["width"], front["height"]) == (2736, 3648)
    assert store(cam)["captures"][1]["lens"] == "front"


def test_the_back_view_follows_the_light_and_is_deterministic():
    import datetime
    night = K.scene_key("back", datetime.datetime(2026, 3, 2, 22, 15))
    dusk = K.scene_key("back", datetime.datetime(2026, 3, 2, 18, 5))
    day = K.scene_key("back", datetime.datetime(2026, 3, 2, 11, 40))
    assert scene_of(night)[0] == "city" and scene_of(dusk)[0] == "sunset"
    assert day == K.scene_key("back", datetime.datetime(2026, 3, 2, 11, 40))
    assert scene_of(day)[0] in ("mountains", "lake", "beach", "waterfall", "city")


def test_a_new_photo_is_in_gallery_camera_album_and_the_thumbnail_opens_it(cam):
    tap(cam, id="shutter")
    [row] = new_media(cam)
    assert node(cam, id="thumbnail")["text"] == "Last capture: PXL_20260302_090000000.jpg"
    tap(cam, id="thumbnail")
    assert top(cam) == ("gallery", f"/photo/{row['id']}")
    cam.handle_back()
    assert top(cam) == ("camera", "/")


# ----- quick settings
def test_quick_settings_choose_flash_timer_ratio_grid_and_they_persist(cam):
    for option in ("flash:auto", "timer:10", "ratio:16:9", "grid:3x3"):
        tap(cam, id="camera_settings")
        tap(cam, id=option)
        assert not has(cam, id="quick_settings")
    assert store(cam)["settings"] == {"flash": "auto", "timer": 10, "grid": "3x3",
                                      "ratio": "16:9", "lens": "back", "mode": "photo"}
    assert has(cam, id="grid_lines")
    label = node(cam, id="camera_settings")["text"]
    assert "flash auto" in label and "timer 10 s" in label
    cam.kernel.reboot()
    assert cam.state()["apps"]["camera"]["settings"]["flash"] == "auto"


def test_ratio_and_flash_go_into_the_capture(cam):
    tap(cam, id="camera_settings")
    tap(cam, id="ratio:16:9")
    tap(cam, id="camera_settings")
    tap(cam, id="flash:on")
    tap(cam, id="shutter")
    [row] = new_media(cam)
    assert (row["width"], row["height"]) == (2296, 4080)
    assert store(cam)["captures"][0]["flash"] == "on"


def test_back_closes_the_settings_panel(cam):
    tap(cam, id="camera_settings")
    assert has(cam, id="quick_settings")
    cam.handle_back()
    assert not has(cam, id="quick_settings") and top(cam) == ("camera", "/")


# ----- self-timer
def test_the_timer_counts_down_on_the_virtual_clock_then_shoots(cam):
    tap(cam, id="camera_settings")
    tap(cam, id="timer:3")
    tap(cam, id="shutter")
    assert node(cam, id="countdown")["text"] == "Photo in 3 seconds"
    assert K.ticking(cam.kernel, cam.kernel.tasks.top_activity)
    cam.kernel.tick(1500)
    assert node(cam, id="countdown")["text"] == "Photo in 2 seconds" and new_media(cam) == []
    cam.kernel.tick(1500)
    [row] = new_media(cam)
    assert row["taken_ms"] == T0 + 3000 and not has(cam, id="countdown")
    assert store(cam)["captures"][0]["timer"] == 3
    assert cam.kernel.alarms.of_app("camera") == []


def test_pressing_the_shutter_again_or_leaving_cancels_the_timer(cam):
    tap(cam, id="camera_settings")
    tap(cam, id="timer:10")
    tap(cam, id="shutter")
    assert node(cam, id="shutter")["text"] == "Cancel timer"
    for control in ("flip_lens", "mode:video", "camera_settings"):  # held while counting
        assert node(cam, id=control)["enabled"] is False
    tap(cam, id="shutter")
    cam.kernel.tick(20_000)
    assert new_media(cam) == []
    tap(cam, id="shutter")
    cam.go_home()
    cam.kernel.tick(20_000)
    assert new_media(cam) == [] and cam.kernel.alarms.of_app("camera") == []


# ----- video
def test_recording_counts_seconds_and_stop_saves_an_mp4_with_its_length(cam):
    tap(cam, id="mode:video")
    assert node(cam, id="shutter")["text"] == "Start recording"
    tap(cam, id="shutter")
    assert not has(cam, id="camera_settings")
    assert node(cam, id="flip_lens")["enabled"] is False
    cam.kernel.tick(7400)
    assert node(cam, id="rec_duration")["text"] == "00:07"
    assert K.ticking(cam.kernel, cam.kernel.tasks.top_activity)
    tap(cam, id="shutter")
    [row] = new_media(cam)
    assert (row["path"], row["mime"], row["width"], row["height"]) == (
        "/sdcard/DCIM/Camera/PXL_20260302_090000000.mp4", "video/mp4", 1080, 1920)
    assert row["size"] == 7400 * K.VIDEO_BYTES_PER_S // 1000
    [log] = store(cam)["captures"]
    assert (log["kind"], log["duration_ms"], log["taken_ms"]) == ("video", 7400, T0)
    assert not K.ticking(cam.kernel, cam.kernel.tasks.top_activity)


def test_leaving_while_recording_saves_the_video(cam):
    tap(cam, id="mode:video")
    tap(cam, id="shutter")
    cam.kernel.tick(3000)
    cam.go_home()
    assert store(cam)["captures"][0]["duration_ms"] == 3000


def test_the_video_thumbnail_opens_the_video_viewer_with_its_length(cam):
    tap(cam, id="mode:video")
    tap(cam, id="shutter")
    cam.kernel.tick(65_000)
    tap(cam, id="shutter")
    tap(cam, id="thumbnail")
    assert route(cam).startswith("/video/")
    assert node(cam, id="video_length")["text"] == "1:05"
    tap(cam, id="back")
    assert route(cam) == "/"
    assert cam.crashes == []


def test_a_deleted_capture_and_a_deleted_folder_are_handled(cam):
    tap(cam, id="shutter")
    [row] = new_media(cam)
    cam.kernel.providers.delete(f"content://media/{row['id']}")
    cam.kernel.files.delete(row["path"])
    cam.invalidate()  # edited behind the UI's back
    assert node(cam, id="thumbnail")["text"] == "Last capture: IMG_20260301_163022.jpg"
    cam.kernel.files.delete("/sdcard/DCIM/Camera", recursive=True)
    cam.kernel.providers.delete("content://media", {"album": "Camera"})
    cam.invalidate()
    assert node(cam, id="thumbnail")["text"] == "No photos yet"
    tap(cam, id="shutter")
    assert len(new_media(cam)) == 1 and cam.crashes == []


def test_odd_stored_settings_read_as_defaults(cam):
    cam.kernel.app_state(APP)["settings"] = {"flash": "strobe", "timer": 7, "lens": 3}
    assert K.settings(cam.kernel)["flash"] == "off" and K.settings(cam.kernel)["timer"] == 0
    tap(cam, id="shutter")
    assert cam.crashes == [] and len(new_media(cam)) == 1


def test_sharing_a_video_that_no_app_takes_says_so(cam):
    tap(cam, id="mode:video")
    tap(cam, id="shutter")
    cam.kernel.tick(3000)
    tap(cam, id="shutter")
    tap(cam, id="thumbnail")
    assert "1080 × 1920" in node(cam, id="video_details")["text"]
    tap(cam, id="share")
    shown = cam.kernel.system_ui.toast
    assert (shown.text if shown else "") == "No app can share this video" or \
        cam.state()["os"]["chooser"] is not None
    assert cam.crashes == []
