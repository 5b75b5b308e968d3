"""Gallery judges on hand-built states: a booted episode's initial state, edited by hand."""

from __future__ import annotations

import copy
import posixpath
from typing import Any

import pytest

from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task

PICS = "/sdcard/Pictures"
CAMERA = "/sdcard/DCIM/Camera"


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def begin(env: MobileGymEnv, task_id: str, params: dict[str, Any]) -> tuple[Task, dict, dict]:
    """The task, its initial state, and a copy of it to edit into a final state."""
    env.reset(seed=0, options={"task": task_id, "params": params})
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def row(state: dict, photo_id: int) -> dict[str, Any]:
    return next(r for r in state["os"]["providers"]["media"] if r["id"] == photo_id)


def move_photo(state: dict, photo_id: int, folder: str) -> None:
    """What Gallery does to move a photo: the file and the row follow the folder."""
    r = row(state, photo_id)
    dst = posixpath.join(folder, posixpath.basename(r["path"]))
    state["os"]["files"][dst] = state["os"]["files"].pop(r["path"])
    r.update(path=dst, album=posixpath.basename(folder))


def delete_photo(state: dict, photo_id: int) -> None:
    r = row(state, photo_id)
    del state["os"]["files"][r["path"]]
    state["os"]["providers"]["media"].remove(r)


def favorites(state: dict) -> list[int]:
    return state["apps"]["gallery"]["favorites"]


def unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# ----- favorites
def test_favorite_photo_adds_exactly_that_photo(env):
    task, initial, final = begin(env, "gallery.favorite_photo", {
        "photo_id": 20, "file_name": "el_capitan.jpg", "album": "Yosemite", "others": [3, 9]})
    assert favorites(initial) == [3, 9]  # initialize set the other favorites
    favorites(final)[:] = [3, 9, 20]
    assert task.judge(initial, final).success
    favorites(final)[:] = [3, 20]  # one of the others was lost
    assert not task.judge(initial, final).success
    favorites(final)[:] = [3, 9, 19]  # the photo next to it
    assert not task.judge(initial, final).success
    assert not task.judge(initial, initial).success


def test_unfavorite_keeps_the_others(env):
    task, initial, final = begin(env, "gallery.unfavorite_photo", {
        "photo_id": 22, "file_name": "cake.jpg", "album": "Birthday party", "others": [1, 17]})
    assert favorites(initial) == [1, 17, 22]
    favorites(final)[:] = [1, 17]
    assert task.judge(initial, final).success
    favorites(final)[:] = []  # cleared them all
    assert not task.judge(initial, final).success


def test_favorite_newest_in_album(env):
    task, initial, final = begin(env, "gallery.favorite_newest_in_album",
                                 {"album": "Yosemite"})
    favorites(final)[:] = [21]  # mirror_lake.jpg, Oct 12 13:50
    assert task.judge(initial, final).success
    favorites(final)[:] = [17]  # the oldest one
    assert not task.judge(initial, final).success


# ----- delete
def test_delete_photo_removes_file_and_row_only(env):
    task, initial, final = begin(env, "gallery.delete_photo", {
        "photo_id": 2, "file_name": "IMG_20251218_093102.jpg", "album": "Camera"})
    delete_photo(final, 2)
    assert task.judge(initial, final).success
    twin = copy.deepcopy(initial)  # the near-duplicate taken 47 s earlier
    delete_photo(twin, 1)
    v = task.judge(initial, twin)
    assert not v.success and not v.clean
    both = copy.deepcopy(final)
    delete_photo(both, 1)
    v = task.judge(initial, both)
    assert v.progress == 1.0 and not v.success
    assert sorted(unexpected(v)) == [
        'os.files["/sdcard/DCIM/Camera/IMG_20251218_093015.jpg"] (deleted)',
        "os.providers.media[id=1] (deleted)"]


def test_delete_old_screenshots_keeps_the_newer(env):
    task, initial, final = begin(env, "gallery.delete_old_screenshots",
                                 {"cutoff": "February 1, 2026"})
    assert "February 1, 2026" in task.instruction
    for pid in (14, 15):  # Dec 7 and Jan 15
        delete_photo(final, pid)
    assert task.judge(initial, final).success
    greedy = copy.deepcopy(final)
    delete_photo(greedy, 6)  # Feb 27: after the cutoff
    assert not task.judge(initial, greedy).success
    short = copy.deepcopy(initial)
    delete_photo(short, 14)
    assert not task.judge(initial, short).success


# ----- albums
def test_move_photo_to_album(env):
    task, initial, final = begin(env, "gallery.move_photo_to_album", {
        "photo_id": 25, "file_name": "concert_poster.png", "album": "Download",
        "dest": "Birthday party"})
    move_photo(final, 25, f"{PICS}/Birthday party")
    assert task.judge(initial, final).success
    copied = copy.deepcopy(initial)  # a copy leaves the original in Download
    copied["os"]["files"][f"{PICS}/Birthday party/concert_poster.png"] = \
        copied["os"]["files"]["/sdcard/Download/concert_poster.png"]
    copied["os"]["providers"]["media"].append({**row(initial, 25), "id": 27,
                                               "path": f"{PICS}/Birthday party/concert_poster.png",
                                               "album": "Birthday party"})
    assert not task.judge(initial, copied).success
    wrong = copy.deepcopy(initial)
    move_photo(wrong, 25, f"{PICS}/Yosemite")
    assert not task.judge(initial, wrong).success


def test_create_album_with_photos(env):
    task, initial, final = begin(env, "gallery.create_album_with_photos", {
        "album_name": "Winter", "photo_ids": [1, 10],
        "file_names": ["IMG_20251218_093015.jpg", "IMG_20251225_102233.jpg"]})
    assert "'Winter'" in task.instruction
    assert "IMG_20251218_093015.jpg, IMG_20251225_102233.jpg" in task.instruction
    final["os"]["files"][f"{PICS}/Winter"] = {"is_dir": True, "size": 0, "mime": None,
                                              "mtime_ms": 1, "sha1": None}
    move_photo(final, 1, f"{PICS}/Winter")
    move_photo(final, 10, f"{PICS}/Winter")
    assert task.judge(initial, final).success
    extra = copy.deepcopy(final)
    move_photo(extra, 2, f"{PICS}/Winter")  # the look-alike went along
    v = task.judge(initial, extra)
    assert not v.success and "os.providers.media[id=2].album: \"Camera\" -> \"Winter\"" in \
        unexpected(v)
    no_album = copy.deepcopy(initial)
    move_photo(no_album, 1, f"{PICS}/Yosemite")
    move_photo(no_album, 10, f"{PICS}/Yosemite")
    assert not task.judge(initial, no_album).success


def test_rename_album_moves_every_photo(env):
    task, initial, final = begin(env, "gallery.rename_album",
                                 {"album": "Birthday party", "new_name": "Party"})
    old, new = f"{PICS}/Birthday party", f"{PICS}/Party"
    files = final["os"]["files"]
    for p in [p for p in files if p == old or p.startswith(old + "/")]:
        files[new + p[len(old):]] = files.pop(p)
    for r in final["os"]["providers"]["media"]:
        if r["path"].startswith(old + "/"):
            r.update(path=new + r["path"][len(old):], album="Party")
    assert task.judge(initial, final).success
    lost = copy.deepcopy(final)
    delete_photo(lost, 23)  # renamed, but a photo was lost on the way
    assert not task.judge(initial, lost).success
    new_album = copy.deepcopy(initial)  # a new empty album instead of a rename
    new_album["os"]["files"][new] = initial["os"]["files"][old]
    assert not task.judge(initial, new_album).success


# ----- sharing
def test_share_photo_needs_the_image_sent_to_the_contact(env):
    task, initial, final = begin(env, "gallery.share_photo", {
        "photo_id": 17, "file_name": "half_dome.jpg", "album": "Yosemite", "contact_id": 3,
        "contact": "Chloe Martinez"})
    sms = final["os"]["providers"]["sms"]
    new_id = max(m["id"] for m in sms) + 1
    sent = {"id": new_id, "thread_address": "+1 415-555-0178", "address": "+1 415-555-0100",
            "body": "[Image: half_dome.jpg]", "timestamp_ms": 1, "type": "sent", "read": True}
    sms.append(sent)
    assert task.judge(initial, final).success
    with_text = copy.deepcopy(final)
    with_text["os"]["providers"]["sms"][-1]["body"] = "Look!\n[Image: half_dome.jpg]"
    assert task.judge(initial, with_text).success
    for field, value in (("body", "[Image: el_capitan.jpg]"),
                         ("thread_address", "+1 415-555-0132"), ("body", "half_dome.jpg")):
        wrong = copy.deepcopy(final)
        wrong["os"]["providers"]["sms"][-1][field] = value
        assert not task.judge(initial, wrong).success, (field, value)
    deleted = copy.deepcopy(final)  # sent, but an old message was deleted
    deleted["os"]["providers"]["sms"].pop(0)
    assert not task.judge(initial, deleted).success


# ----- questions
def test_count_album_after_removals(env):
    task, initial, final = begin(env, "gallery.count_album",
                                 {"album": "Yosemite", "removed": [18, 20]})
    assert "/sdcard/Pictures/Yosemite/el_capitan.jpg" not in initial["os"]["files"]
    assert all(r["id"] not in (18, 20) for r in initial["os"]["providers"]["media"])
    assert task.judge(initial, final, "3").success
    assert task.judge(initial, final, "three photos").success
    assert not task.judge(initial, final, "5").success


def test_count_month(env):
    task, initial, final = begin(env, "gallery.count_month", {"month": "October 2025"})
    assert "October 2025" in task.instruction
    assert task.judge(initial, final, "7").success  # 5 in Yosemite, 1 Camera, golden gate
    assert not task.judge(initial, final, "8").success


def test_photo_resolution_formats(env):
    task, initial, final = begin(env, "gallery.photo_resolution", {
        "photo_id": 19, "file_name": "tunnel_view_panorama.jpg", "album": "Yosemite"})
    for good in ("8064 × 2268", "8064x2268", "8,064 by 2,268 pixels"):
        assert task.judge(initial, final, good).success, good
    for bad in ("2268 × 8064", "8064", "18.3 MP", "4032 × 3024"):
        assert not task.judge(initial, final, bad).success, bad


def test_largest_album(env):
    task, initial, final = begin(env, "gallery.largest_album",
                                 {"a": "Screenshots", "b": "Yosemite", "c": "Download"})
    assert task.judge(initial, final, "Yosemite").success
    assert task.judge(initial, final, "the yosemite album").success
    assert not task.judge(initial, final, "Yosemite or Screenshots").success
    assert not task.judge(initial, final, "Screenshots").success
    with pytest.raises(ValueError):
        env.reset(seed=0, options={"task": "gallery.largest_album",
                                   "params": {"a": "Camera", "b": "Camera", "c": "Nope"}})


def test_count_month_after_removals(env):
    task, initial, final = begin(env, "gallery.count_month",
                                 {"month": "October 2025", "removed": [17, 20]})
    assert all(r["id"] not in (17, 20) for r in initial["os"]["providers"]["media"])
    assert task.judge(initial, final, "5").success
    assert not task.judge(initial, final, "7").success


def test_fewest_photos_album(env):
    task, initial, final = begin(env, "gallery.largest_album", {
        "a": "Screenshots", "b": "Yosemite", "c": "Download", "most": "fewest"})
    assert "fewest" in task.instruction
    assert task.judge(initial, final, "Download").success
    assert not task.judge(initial, final, "Yosemite").success
    assert not task.judge(initial, final, "Download or Screenshots").success
