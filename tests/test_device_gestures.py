"""The device's gestures: edge Back, Home / Recents from the gesture bar, the shade pull-down and
list scrolling, all through public gestures on the 360x800 screen."""

from __future__ import annotations

import pytest

from mobilegym_env.device import Device
from mobilegym_env.testing import center, has, node, tap
from mobilegym_env.ui import theme as T


@pytest.fixture
def device() -> Device:
    return Device()


def open_notes(d: Device) -> None:
    tap(d, role="app_icon", text="Notes")
    assert d.kernel.tasks.top_activity.app_id == "notes"


def test_left_edge_swipe_right_is_back(device):
    d = device
    open_notes(d)
    tap(d, id="note:5")
    assert d.kernel.tasks.top_activity.route == "/note/5"
    assert d.swipe(4, 400, 200, 410) == "back"
    assert d.kernel.tasks.top_activity.route == "/"
    # the same swipe starting away from the edge is not Back
    tap(d, id="note:5")
    assert d.swipe(60, 400, 250, 410) != "back"
    assert d.kernel.tasks.top_activity.route == "/note/5"
    # nor is a short one
    assert d.swipe(2, 400, 30, 400) != "back"
    assert d.kernel.tasks.top_activity.route == "/note/5"


def test_gesture_bar_fling_to_upper_part_is_home(device):
    d = device
    open_notes(d)
    task_id = d.active_task_id
    assert d.swipe(180, 790, 180, 300) == "home"
    assert d.active_task_id is None
    assert task_id in d.kernel.tasks.tasks  # the task stays in Recents
    assert has(d, role="app_icon", text="Notes")


def test_gesture_bar_swipe_stopping_lower_is_recents(device):
    d = device
    open_notes(d)
    assert d.swipe(180, 790, 180, 420) == "recents"
    assert d.kernel.system_ui.recents_open
    assert has(d, role="recents_card", text="Notes")
    # exactly at 40% of the height (320) is still Recents; just above it is Home
    d.handle_back()
    assert d.swipe(180, 790, 180, 320) == "recents"
    d.handle_back()
    assert d.swipe(180, 790, 180, 319) == "home"


def test_swipe_up_not_starting_on_the_gesture_bar_is_not_home(device):
    d = device
    open_notes(d)
    assert d.swipe(180, 700, 180, 100) not in ("home", "recents")
    assert d.kernel.tasks.top_activity.app_id == "notes"


def test_pull_down_from_status_bar_opens_the_shade(device):
    d = device
    assert d.swipe(180, 10, 180, 400) == "shade"
    assert d.kernel.system_ui.shade_open
    assert has(d, id="qs:wifi")
    # swiping up closes it; Back does too
    assert d.swipe(180, 600, 180, 100) == "close_shade"
    assert not d.kernel.system_ui.shade_open
    d.swipe(180, 10, 180, 400)
    assert d.handle_back() == "shade.dismiss"
    assert not has(d, id="qs:wifi")
    # pulling from below the status bar does not open it
    open_notes(d)
    d.swipe(180, T.STATUS_BAR_H + 2, 180, 400)
    assert not d.kernel.system_ui.shade_open


def _many_notes(d: Device, n: int = 30) -> None:
    notes = d.kernel.app_data["notes"]
    for i in range(n):
        notes["notes"].append({"id": 200 + i, "kind": "text", "title": f"Extra {i}", "body": "",
                               "items": [], "pinned": False, "folder_id": None,
                               "created_ms": 0, "updated_ms": 0})
    d.invalidate()


def test_scrolling_a_list_moves_it_by_the_drag_distance_clamped(device):
    d = device
    _many_notes(d)
    open_notes(d)
    ui = d.kernel.tasks.top_activity.ui
    first = node(d, id="note:1")["bounds"]
    third = node(d, id="note:15")["bounds"]  # the first unpinned note
    assert d.swipe(180, 600, 180, 400) == "scroll"
    assert ui["scroll:notes"] == 200
    assert node(d, id="note:15")["bounds"][1] == third[1] - 200
    assert d.swipe(180, 400, 180, 450) == "scroll"
    assert ui["scroll:notes"] == 150
    # clamped at the top...
    d.swipe(180, 200, 180, 700)
    assert ui["scroll:notes"] == 0
    assert node(d, id="note:1")["bounds"] == first
    # ...and at the bottom, where the oldest note (the first extra) is the last row
    for _ in range(12):
        d.swipe(180, 700, 180, 150)
    end = ui["scroll:notes"]
    d.swipe(180, 700, 180, 150)
    assert ui["scroll:notes"] == end > 0
    assert not has(d, id="note:1")  # scrolled out of the viewport: culled
    lst = node(d, role="list", id="notes")
    assert lst["bounds"][1] < node(d, id="note:200")["bounds"][3] < lst["bounds"][3]


def test_tiny_drag_does_not_scroll_and_taps_miss_nothing(device):
    d = device
    _many_notes(d)
    open_notes(d)
    assert d.swipe(180, 500, 180, 496) == "none"
    assert d.kernel.tasks.top_activity.ui.get("scroll:notes", 0) == 0
    assert d.tap(180, 785) is False  # the gesture bar takes no taps


def test_swipe_on_a_sheet_does_not_scroll_the_list_beneath(device):
    d = device
    _many_notes(d)
    open_notes(d)
    d.kernel.media_picker.open("notes")
    d.invalidate()
    assert d.kernel.media_picker.is_open
    d.swipe(180, 700, 180, 500)
    assert d.kernel.tasks.top_activity.ui.get("scroll:notes", 0) == 0
    d.swipe(180, 300, 180, 100)  # on the scrim
    assert d.kernel.tasks.top_activity.ui.get("scroll:notes", 0) == 0


def test_long_press_on_a_tap_only_control_does_nothing(device):
    d = device
    x, y = center(d, node(d, id="launcher_search"))
    assert d.tap(x * d.width, y * d.height, long_press=True) is False
    assert d.active_task_id is None and not d.kernel.system_ui.drawer_open


def test_gestures_on_a_scaled_device_use_logical_pixels():
    d = Device(scale=2)
    n = node(d, role="app_icon", text="Notes")
    x0, y0, x1, y1 = n["bounds"]
    assert d.tap((x0 + x1) / 4, (y0 + y1) / 4)
    assert d.kernel.tasks.top_activity.app_id == "notes"
    assert d.swipe(180, 790, 180, 100) == "home"


def test_double_tap_is_one_gesture_where_handled_and_two_taps_elsewhere(screen):
    from mobilegym_env import actions as A
    from mobilegym_env import oracle as O
    from mobilegym_env.ui import View, col, scaffold, text

    counts = {"tap": 0, "double": 0}

    def bump(key: str) -> None:
        counts[key] += 1

    def home(ctx) -> View:
        photo = View("box", w=200, h=200, bg="#88AACC", id="photo", role="image",
                     on_tap=lambda: bump("tap"), on_double_tap=lambda: bump("double"))
        button = text("Tap me", id="plain", role="button", on_tap=lambda: bump("tap"))
        return scaffold(col(photo, button))

    d = screen(home)
    assert O.node(d, id="photo")["double_clickable"] is True
    d.act(A.double_tap(*O.center(d, O.node(d, id="photo"))))
    assert counts == {"tap": 0, "double": 1}
    d.act(A.double_tap(*O.center(d, O.node(d, id="plain"))))
    assert counts == {"tap": 2, "double": 1}  # a control without a double tap gets two taps
    assert O.node(d, id="plain")["double_clickable"] is False


def test_a_playing_track_s_position_is_never_stale_on_screen():
    import numpy as np

    from mobilegym_env import actions as A
    from mobilegym_env.device import Device

    d = Device()
    d.launch_app("files")
    d.kernel.media.play("files", ["/sdcard/Music/morning_walk.mp3"], 0)
    d.kernel.tasks.top_activity.push("/player")
    d.invalidate()
    first = d.render().copy()
    d.act(A.wait())  # nothing changes but the clock: the position moves on
    d.kernel.tick(5000)
    assert not np.array_equal(d.render(), first)
    assert np.array_equal(Device.restore(d.snapshot()).render(), d.render())


def test_the_media_picker_scrolls_to_every_photo_and_reopens_at_the_top(device):
    d = device
    d.kernel.media_picker.open("notes")
    d.invalidate()
    last = d.kernel.media_picker.candidates()[-1]["id"]
    assert len(d.kernel.media_picker.candidates()) > 12 and not has(d, id=f"media:{last}")
    for _ in range(6):
        d.swipe(180, 700, 180, 450)
    assert has(d, id=f"media:{last}")
    assert d.kernel.system_ui.ui["scroll:media_picker_grid"] > 0
    d.handle_back()  # the picker closes and forgets its scroll (with the next frame)
    assert not has(d, id="media_picker")
    d.kernel.media_picker.open("notes")
    d.invalidate()
    first = d.kernel.media_picker.candidates()[0]["id"]
    assert has(d, id=f"media:{first}") and not has(d, id=f"media:{last}")
