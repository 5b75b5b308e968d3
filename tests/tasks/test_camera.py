"""Camera judges: a booted episode's initial state, then the phone changed through the same
kernel calls the apps make (a capture, a setting, a rename, a move, a delete, a text), so the
final state has exactly the shape the app leaves."""

from __future__ import annotations

from typing import Any

import pytest

from mobilegym_env.apps.camera import capture as K
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.kernel import Kernel
from mobilegym_env.kernel.filesystem import delete_scanned, move_scanned
from mobilegym_env.task import Task
from mobilegym_env.tasks.camera import camera_photos

MEDIA = "content://media"


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def begin(env: MobileGymEnv, task_id: str, params: dict[str, Any]) -> tuple[Task, dict, Kernel]:
    """The task, its initial state and the kernel to change."""
    env.reset(seed=0, options={"task": task_id, "params": params})
    return env.task, env.initial_state, env.device.kernel


def shoot(k: Kernel, kind: str = "photo", duration_ms: int = 0, **settings: Any) -> str:
    """A capture as the camera makes it, with these settings; its path."""
    for key, value in settings.items():
        K.set_setting(k, key, value)
    k.tick(1000)
    K.save_capture(k, kind, k.clock.now_ms() - duration_ms, duration_ms)
    return k.app_state("camera")["captures"][-1]["path"]


def judge(task: Task, initial: dict, k: Kernel, answer: str | None = None) -> Any:
    return task.judge(initial, k.state(), answer)


def unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# ----- photos
def test_take_photo_passes_with_the_permission_granted_on_the_way(env):
    task, initial, k = begin(env, "camera.take_photo", {})
    assert k.permissions.status("camera", "camera") == "not_requested"
    k.permissions.grant("camera", "camera")
    shoot(k)
    assert judge(task, initial, k).success


def test_take_selfie_needs_the_front_lens_and_nothing_more(env):
    task, initial, k = begin(env, "camera.take_selfie", {"flash": "auto"})
    shoot(k, lens="front")  # the flash still off
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.take_selfie", {"flash": "auto"})
    shoot(k, lens="front", flash="auto")
    assert judge(task, initial, k).success
    shoot(k, lens="back")  # an extra photo is collateral
    v = judge(task, initial, k)
    assert not v.success and not v.clean


def test_take_selfie_with_the_back_camera_fails(env):
    task, initial, k = begin(env, "camera.take_selfie", {})
    shoot(k)
    assert not judge(task, initial, k).success


def test_photo_with_flash_checks_the_mode_and_other_settings_are_collateral(env):
    task, initial, k = begin(env, "camera.photo_with_flash", {"flash": "on"})
    shoot(k, flash="auto")  # near miss
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.photo_with_flash", {"flash": "on"})
    shoot(k, flash="on")
    assert judge(task, initial, k).success
    K.set_setting(k, "grid", "3x3")
    v = judge(task, initial, k)
    assert not v.clean and any("grid" in c for c in unexpected(v))


def test_photo_with_timer_needs_the_timer(env):
    task, initial, k = begin(env, "camera.photo_with_timer", {"seconds": 10})
    shoot(k)
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.photo_with_timer", {"seconds": 10})
    shoot(k, timer=3)
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.photo_with_timer", {"seconds": 10})
    shoot(k, timer=10)
    assert judge(task, initial, k).success


def test_take_photos_wants_exactly_that_many_with_the_back_camera(env):
    task, initial, k = begin(env, "camera.take_photos", {"count": 3})
    shoot(k, lens="back")
    shoot(k)
    assert not judge(task, initial, k).success
    shoot(k)
    assert judge(task, initial, k).success
    shoot(k)
    assert not judge(task, initial, k).success


def test_record_video_needs_the_length_and_the_lens(env):
    task, initial, k = begin(env, "camera.record_video", {"seconds": 10, "lens": "front"})
    shoot(k, "video", 9_999, lens="front", mode="video")
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.record_video", {"seconds": 10, "lens": "front"})
    shoot(k, "video", 12_000, lens="back", mode="video")
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.record_video", {"seconds": 10, "lens": "front"})
    shoot(k, lens="front")  # a photo is not a video
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.record_video", {"seconds": 10, "lens": "front"})
    shoot(k, "video", 10_000, lens="front", mode="video")
    assert judge(task, initial, k).success


# ----- settings
def test_default_flash_is_the_setting_alone(env):
    task, initial, k = begin(env, "camera.set_default_flash", {"value": "auto", "timer": 10})
    K.set_setting(k, "timer", 10)
    K.set_setting(k, "flash", "on")
    assert not judge(task, initial, k).success
    K.set_setting(k, "flash", "auto")
    assert judge(task, initial, k).success
    K.set_setting(k, "timer", 3)
    assert not judge(task, initial, k).success
    K.set_setting(k, "timer", 10)
    shoot(k)  # taking a photo was not asked
    assert not judge(task, initial, k).clean


def test_turn_on_grid_wants_that_grid(env):
    task, initial, k = begin(env, "camera.turn_on_grid", {"value": "4x4", "ratio": "16:9"})
    K.set_setting(k, "ratio", "16:9")
    K.set_setting(k, "grid", "3x3")
    assert not judge(task, initial, k).success
    K.set_setting(k, "grid", "4x4")
    assert judge(task, initial, k).success
    K.set_setting(k, "ratio", "4:3")  # the ratio it started on
    assert not judge(task, initial, k).success


def test_configure_camera_needs_all_three(env):
    task, initial, k = begin(env, "camera.configure_camera",
                             {"flash": "on", "timer": 3, "ratio": "16:9"})
    assert initial["apps"]["camera"]["settings"]["ratio"] == "4:3"
    K.set_setting(k, "flash", "on")
    K.set_setting(k, "timer", 3)
    v = judge(task, initial, k)
    assert not v.success and v.progress == pytest.approx(2 / 3)
    K.set_setting(k, "ratio", "16:9")
    assert judge(task, initial, k).success
    K.set_setting(k, "lens", "front")
    assert not judge(task, initial, k).clean


# ----- questions
def test_count_camera_photos_counts_images_not_the_video(env):
    task, initial, k = begin(env, "camera.count_camera_photos", {"added": 3})
    n = len(camera_photos(initial))
    assert n == 14
    assert judge(task, initial, k, "14").success
    assert judge(task, initial, k, "There are fourteen photos").success
    assert not judge(task, initial, k, "15").success  # the video counted too
    assert not judge(task, initial, k, "11").success  # the defaults only


def test_last_photo_time_is_the_camera_photo_not_the_later_screenshot(env):
    task, initial, k = begin(env, "camera.last_photo_time", {"minutes_ago": 125})
    newest = camera_photos(initial)[0]
    when = K.local(k, newest["taken_ms"])
    shot = next(r for r in initial["os"]["providers"]["media"]
                if r["album"] == "Screenshots" and r["taken_ms"] > newest["taken_ms"])
    later = K.local(k, shot["taken_ms"])
    assert judge(task, initial, k, f"{when:%H:%M}").success
    assert judge(task, initial, k, f"{when:%I:%M %p}").success
    assert not judge(task, initial, k, f"{later:%H:%M}").success


def test_last_video_length_in_seconds(env):
    task, initial, k = begin(env, "camera.last_video_length", {"seconds": 37})
    assert judge(task, initial, k, "37").success
    assert judge(task, initial, k, "37 seconds").success
    assert not judge(task, initial, k, "38").success


# ----- chains
def test_photo_then_rename_wants_the_new_photo_renamed(env):
    task, initial, k = begin(env, "camera.photo_then_rename", {"new_name": "bike_lock"})
    path = shoot(k)
    assert not judge(task, initial, k).success  # not renamed yet
    move_scanned(k.files, k.providers.provider("media"), path,
                 "/sdcard/DCIM/Camera/bike_lock.jpg")
    assert judge(task, initial, k).success


def test_photo_then_rename_of_an_old_photo_is_collateral(env):
    task, initial, k = begin(env, "camera.photo_then_rename", {"new_name": "bike_lock"})
    shoot(k)
    old = camera_photos(initial)[0]["path"]
    move_scanned(k.files, k.providers.provider("media"), old,
                 "/sdcard/DCIM/Camera/bike_lock.jpg")
    v = judge(task, initial, k)
    assert not v.success and not v.clean


def test_photo_to_album_moves_the_new_photo(env):
    task, initial, k = begin(env, "camera.photo_to_album", {"album": "Yosemite"})
    path = shoot(k)
    dst = "/sdcard/Pictures/Birthday party/" + path.rsplit("/", 1)[1]
    move_scanned(k.files, k.providers.provider("media"), path, dst)
    assert not judge(task, initial, k).success  # the wrong album
    move_scanned(k.files, k.providers.provider("media"), dst,
                 "/sdcard/Pictures/Yosemite/" + path.rsplit("/", 1)[1])
    assert judge(task, initial, k).success


def test_photo_and_delete_oldest_deletes_only_the_oldest(env):
    task, initial, k = begin(env, "camera.photo_and_delete_oldest", {"days_before": 12})
    photos = camera_photos(initial)
    assert len(photos) == 12  # one added, older than the defaults
    shoot(k)
    delete_scanned(k.files, k.providers.provider("media"), photos[-2]["path"])  # near miss
    v = judge(task, initial, k)
    assert not v.success and not v.clean
    task, initial, k = begin(env, "camera.photo_and_delete_oldest", {"days_before": 12})
    shoot(k)
    delete_scanned(k.files, k.providers.provider("media"), photos[-1]["path"])
    assert judge(task, initial, k).success


def _text(k: Kernel, phone: str, body: str) -> None:
    k.providers.insert("content://sms", {"thread_address": phone, "address": phone,
                                         "body": body, "timestamp_ms": k.clock.now_ms(),
                                         "type": "sent", "read": True})


def test_send_new_photo_needs_the_photo_just_taken(env):
    task, initial, k = begin(env, "camera.send_new_photo", {"contact_id": 1, "name": "Alice Johnson"})
    phone = k.providers.query("content://contacts/1")[0]["phone"]
    path = shoot(k)
    _text(k, phone, f"[Image: {path.rsplit('/', 1)[1]}]")
    assert judge(task, initial, k).success


def test_send_new_photo_fails_with_an_old_photo_or_another_contact(env):
    task, initial, k = begin(env, "camera.send_new_photo", {"contact_id": 1, "name": "Alice Johnson"})
    phone = k.providers.query("content://contacts/1")[0]["phone"]
    shoot(k)
    _text(k, phone, "[Image: IMG_20260301_163022.jpg]")
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.send_new_photo", {"contact_id": 1, "name": "Alice Johnson"})
    other = k.providers.query("content://contacts/2")[0]["phone"]
    path = shoot(k)
    _text(k, other, f"[Image: {path.rsplit('/', 1)[1]}]")
    assert not judge(task, initial, k).success


def test_send_new_photo_wants_the_lens_asked_for(env):
    params = {"contact_id": 1, "name": "Alice Johnson", "lens": "front"}
    task, initial, k = begin(env, "camera.send_new_photo", params)
    phone = k.providers.query("content://contacts/1")[0]["phone"]
    path = shoot(k)
    _text(k, phone, f"[Image: {path.rsplit('/', 1)[1]}]")
    assert not judge(task, initial, k).success
    task, initial, k = begin(env, "camera.send_new_photo", params)
    path = shoot(k, lens="front")
    _text(k, phone, f"[Image: {path.rsplit('/', 1)[1]}]")
    assert judge(task, initial, k).success


def _favorites(k: Kernel) -> list[int]:
    return k.app_state("gallery")["favorites"]


def test_favorite_new_photo_adds_only_the_new_one(env):
    task, initial, k = begin(env, "camera.favorite_new_photo", {"favorites": [3, 20]})
    before = list(_favorites(k))
    assert len(before) == 2
    shoot(k)
    new_id = k.app_state("camera")["captures"][-1]["media_id"]
    _favorites(k).append(new_id)
    _favorites(k).sort()
    assert judge(task, initial, k).success
    _favorites(k).remove(before[0])  # an old favorite dropped: collateral
    assert not judge(task, initial, k).success


def test_favorite_new_photo_fails_on_an_old_photo(env):
    task, initial, k = begin(env, "camera.favorite_new_photo", {"favorites": [3, 20]})
    shoot(k)
    old = next(i for i in range(1, 27) if i not in _favorites(k))
    _favorites(k).append(old)
    _favorites(k).sort()
    assert not judge(task, initial, k).success


def test_photos_taken_today_counts_only_todays_camera_photos(env):
    task, initial, k = begin(env, "camera.photos_taken_today", {"today": 3, "yesterday": 2})
    assert judge(task, initial, k, "3").success
    assert judge(task, initial, k, "three photos").success
    assert not judge(task, initial, k, "4").success  # with the video or the screenshot
    assert not judge(task, initial, k, "5").success  # with yesterday's
