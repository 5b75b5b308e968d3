"""System chrome through public gestures: Recents, shade, status bar, keyboard, permission
dialog, chooser, toasts, heads-up and app crashes (the launcher: test_launcher.py)."""

from __future__ import annotations

import pytest

from mobilegym_env.device import Device
from mobilegym_env.kernel.intent_resolver import Intent
from mobilegym_env.kernel.system_ui import TOAST_MS
from mobilegym_env.testing import center, find_all, has, node, tap
from mobilegym_env.ui import theme as T


def top(d: Device):
    return d.kernel.tasks.top_activity


def settings(d: Device) -> dict:
    return d.state()["os"]["settings"]


@pytest.fixture
def d() -> Device:
    return Device()


# ----- recents
def _px(d: Device, n: dict) -> tuple[float, float]:
    """A node's centre in logical pixels, for the device's own gesture methods."""
    x, y = center(d, n)
    return x * d.width, y * d.height


def _three_tasks(d: Device) -> None:
    for app in ("notes", "settings", "contacts"):
        d.launch_app(app)
        d.go_home()


def test_recents_cards_are_most_recent_first_and_tap_switches(d):
    _three_tasks(d)
    d.show_recents()  # a carousel: the newest card centred, the next one peeking
    assert [n["text"] for n in find_all(d, role="recents_card")] == ["Contacts", "Settings"]
    tap(d, role="recents_card", text="Settings")
    assert top(d).app_id == "settings" and not d.kernel.system_ui.recents_open
    d.show_recents()
    assert [n["text"] for n in find_all(d, role="recents_card")] == ["Settings", "Contacts"]
    by_app = {t.root_app_id: t.task_id for t in d.tasks}
    assert d.kernel.tasks.recents == [by_app["settings"], by_app["contacts"], by_app["notes"]]


def test_recents_upward_fling_closes_a_task(d):
    _three_tasks(d)
    d.show_recents()
    x, y = _px(d, node(d, role="recents_card", text="Contacts"))
    assert d.swipe(x, y, x + 10, y - 60) not in ("close_task",)  # too short: nothing
    assert d.swipe(x, y, x, y - 200) == "close_task"
    assert [t.root_app_id for t in d.tasks] == ["notes", "settings"]
    assert [n["text"] for n in find_all(d, role="recents_card")] == ["Settings", "Notes"]


def test_recents_carousel_scrolls_sideways_and_shows_thumbnails(d):
    _three_tasks(d)
    d.show_recents()
    d.render()  # thumbnails are drawn lazily, only for cards in view
    by_app = {t.root_app_id: t.task_id for t in d.tasks}
    assert {task for task, _ in d._thumbs} == {by_app["contacts"], by_app["settings"]}
    first = node(d, role="recents_card", text="Contacts")["bounds"]
    assert first[0] == 60 and first[2] == 60 + 240  # the newest card is centred
    assert d.swipe(300, 400, 60, 400) == "scroll"
    assert [t.root_app_id for t in d.tasks] == ["notes", "settings", "contacts"]
    moved = node(d, role="recents_card", text="Settings")["bounds"]
    assert moved[0] == 60 + 240 + 20 - 240
    d.render()
    assert {task for task, _ in d._thumbs} == set(by_app.values())
    d.go_home()
    d.render()
    assert d._thumbs == {}


def test_recents_clear_all_after_the_last_card(d):
    _three_tasks(d)
    d.show_recents()
    assert not has(d, id="recents_clear_all")  # past the oldest card, as on a Pixel
    while not has(d, id="recents_clear_all"):
        assert d.swipe(300, 400, 60, 400) == "scroll"
    tap(d, id="recents_clear_all")
    assert d.tasks == [] and not d.kernel.system_ui.recents_open
    d.show_recents()
    assert has(d, text="No recent items") and not has(d, id="recents_clear_all")


# ----- shade and status bar
def _shade(d: Device) -> None:
    assert d.swipe(180, 5, 180, 500) == "shade"


def test_quick_tiles_toggle_settings_through_managers(d):
    _shade(d)
    assert node(d, id="qs:wifi")["checked"] is True
    tap(d, id="qs:wifi")
    assert settings(d)["global"]["wifi_on"] is False
    assert node(d, id="qs:wifi")["checked"] is False
    tap(d, id="qs:wifi")
    tap(d, id="qs:bluetooth")
    g = settings(d)["global"]
    assert (g["wifi_on"], g["bluetooth_on"], g["mobile_data_on"]) == (True, True, True)
    tap(d, id="qs:airplane_mode")
    g = settings(d)["global"]
    assert (g["airplane_mode"], g["wifi_on"], g["bluetooth_on"], g["mobile_data_on"]) == (
        True, False, False, False)
    assert [node(d, id=f"qs:{k}")["checked"] for k in ("wifi", "bluetooth", "mobile_data")] == [
        False, False, False]
    tap(d, id="qs:do_not_disturb")
    assert settings(d)["system"]["do_not_disturb"] is True
    assert d.kernel.system_ui.shade_open  # tiles keep the shade open


def test_brightness_steps_set_brightness(d):
    _shade(d)
    tap(d, id="brightness:30")
    assert settings(d)["system"]["brightness"] == 30
    assert node(d, role="slider")["text"] == "Brightness 30"
    tap(d, id="brightness:100")
    assert settings(d)["system"]["brightness"] == 100


def test_status_bar_icons_follow_settings(d):
    assert has(d, id="sb_wifi") and has(d, id="sb_cellular") and not has(d, id="sb_bluetooth")
    _shade(d)
    tap(d, id="qs:wifi")
    tap(d, id="qs:bluetooth")
    d.handle_back()
    assert not has(d, id="sb_wifi") and has(d, id="sb_bluetooth")
    _shade(d)
    tap(d, id="qs:airplane_mode")
    d.handle_back()
    assert has(d, id="sb_airplane")
    assert not (has(d, id="sb_wifi") or has(d, id="sb_cellular") or has(d, id="sb_bluetooth"))
    assert node(d, id="sb_battery")["text"] == f"{d.state()['os']['hardware']['battery']['level']}%"


def test_tapping_the_scrim_closes_the_shade(d):
    _shade(d)
    assert d.tap(180, 780)
    assert not d.kernel.system_ui.shade_open


def _post(d: Device, title: str = "Reminder", route: str | None = "/note/1") -> int:
    return d.kernel.notifications.post("notes", title, "Buy milk", route=route)


def test_notification_shows_as_heads_up_then_only_in_the_shade(d):
    nid = _post(d)
    hu = node(d, id=f"heads_up:{nid}")
    assert hu["role"] == "notification" and hu["text"] == "Notes Reminder Buy milk"
    assert hu["bounds"][1] == T.STATUS_BAR_H + 4
    d.kernel.tick(5000)
    assert not has(d, id=f"heads_up:{nid}")
    _shade(d)
    n = node(d, id=f"notification:{nid}")
    assert n["text"] == "Notes Reminder Buy milk"


def test_tapping_heads_up_opens_its_route(d):
    nid = _post(d)
    tap(d, id=f"heads_up:{nid}")
    assert (top(d).app_id, top(d).route) == ("notes", "/note/1")
    assert d.kernel.notifications.items == []


def test_tapping_a_notification_in_the_shade_opens_its_route(d):
    nid = _post(d)
    _shade(d)
    tap(d, id=f"notification:{nid}")
    task = d.kernel.tasks.active_task
    # open_notification = open_app(app, route): a cold task ['/', route], externally routed
    assert task.root_app_id == "notes" and task.top.history == ["/", "/note/1"]
    assert task.was_externally_routed
    assert not d.kernel.system_ui.shade_open and d.kernel.notifications.items == []
    assert d.handle_back() == "os.appBack" and top(d).route == "/"


def test_sideways_swipe_dismisses_a_notification_and_clear_all(d):
    a, b = _post(d, "First"), _post(d, "Second")
    _shade(d)
    _, y = _px(d, node(d, id=f"notification:{a}"))
    assert d.swipe(40, y, 320, y) == "dismiss_notification"
    assert [n.id for n in d.kernel.notifications.items] == [b]
    assert d.kernel.system_ui.shade_open and not has(d, id=f"notification:{a}")
    tap(d, id="clear_notifications")
    assert d.kernel.notifications.items == []
    assert has(d, id="no_notifications")


# ----- keyboard
def _new_note(d: Device) -> None:
    tap(d, id="grid:notes")
    tap(d, id="fab")
    assert top(d).route == "/new"


def test_tapping_a_field_shows_the_keyboard_and_keys_type(d):
    _new_note(d)
    assert not has(d, role="key")
    tap(d, id="title")
    assert d.kernel.keyboard.visible
    assert node(d, id="title")["focused"] is True and node(d, id="body")["focused"] is False
    tap(d, role="key", text="Shift")
    tap(d, role="key", text="h")
    tap(d, role="key", text="i")  # shift applies to one letter only
    tap(d, role="key", text="Space")
    tap(d, role="key", text="x")
    assert node(d, id="title")["text"] == "Hi x"
    tap(d, role="key", text="Delete")
    assert node(d, id="title")["text"] == "Hi "
    tap(d, role="key", text="Symbols")
    assert d.kernel.keyboard.mode == "symbols" and has(d, role="key", text="Letters")
    tap(d, role="key", text="1")
    tap(d, role="key", text="?")
    assert node(d, id="title")["text"] == "Hi 1?"
    tap(d, role="key", text="Letters")
    assert has(d, role="key", text="q")
    assert top(d).ui["title"] == "Hi 1?"


def test_back_hides_the_keyboard_first(d):
    _new_note(d)
    tap(d, id="title")
    assert d.handle_back() == "keyboard.dismiss"
    assert not d.kernel.keyboard.visible and top(d).route == "/new"
    assert not has(d, role="key") and node(d, id="title")["focused"] is False
    d.handle_back()
    assert top(d).route == "/"


def test_keyboard_resizes_the_app_area(d):
    _new_note(d)
    before = node(d, id="body")["bounds"]
    tap(d, id="title")
    after = node(d, id="body")["bounds"]
    assert after[1] == before[1] and after[3] == before[3] - T.KEYBOARD_H
    assert node(d, role="key", text="Space")["bounds"][1] >= after[3]
    keys = find_all(d, role="key")
    assert min(k["bounds"][1] for k in keys) >= 800 - T.GESTURE_BAR_H - T.KEYBOARD_H
    assert max(k["bounds"][3] for k in keys) <= 800 - T.GESTURE_BAR_H


def test_enter_key_hides_the_keyboard_and_type_text_needs_focus(d):
    _new_note(d)
    assert d.type_text("x") is False
    tap(d, id="title")  # a single-line field (Enter in a note's text starts a new line)
    d.type_text("Line")
    tap(d, role="key", text="Enter")
    assert not d.kernel.keyboard.visible and top(d).ui["title"] == "Line"


def test_keyboard_hides_when_its_app_leaves_the_foreground(d):
    _new_note(d)
    tap(d, id="title")
    d.swipe(180, 790, 180, 100)  # home
    assert not d.kernel.keyboard.visible and not has(d, role="key")


# ----- permission dialog, chooser, toast
def test_permission_dialog_allow_grants(d):
    tap(d, id="grid:notes")
    d.kernel.permissions.request("notes", "camera")
    d.invalidate()
    assert node(d, role="dialog")["text"] == "Allow Notes to take pictures and record video?"
    # the app's name is a run of its own, in bold
    assert [p.view.weight for p in d.placed() if p.view.text == "Notes"
            and p.view.kind == "text"][-1] == "bold"
    assert d.tap(10, 700)  # the scrim swallows taps and does not dismiss
    assert d.kernel.permissions.pending is not None
    assert [n["text"] for n in find_all(d, role="button")][-3:] == [
        "While using the app", "Only this time", "Don't allow"]
    tap(d, role="button", text="While using the app")
    assert d.state()["os"]["permissions"]["notes"]["camera"] == "granted"
    assert d.kernel.permissions.pending is None and not has(d, id="permission_dialog")
    assert top(d).app_id == "notes"


def test_permission_dialog_only_this_time_grants_and_other_groups_just_allow(d):
    d.kernel.permissions.request("notes", "microphone")
    d.invalidate()
    tap(d, id="permission_allow_once")
    assert d.state()["os"]["permissions"]["notes"]["microphone"] == "granted"
    d.kernel.permissions.request("notes", "contacts")  # not a foreground-only group
    d.invalidate()
    assert not has(d, id="permission_allow_once")
    assert node(d, id="permission_allow")["text"] == "Allow"
    tap(d, id="permission_allow")
    assert d.state()["os"]["permissions"]["notes"]["contacts"] == "granted"


def test_permission_dialog_deny(d):
    d.kernel.permissions.request("notes", "location")
    d.invalidate()
    tap(d, role="button", text="Don't allow")
    assert d.state()["os"]["permissions"]["notes"]["location"] == "denied"


def test_share_sheet_lists_the_apps_and_tapping_one_dispatches(d):
    assert d.start_activity(Intent(action="ACTION_SEND", type="text/plain",
                                   data={"text": "hello there"}))
    chooser = d.kernel.intents.chooser
    assert chooser is not None
    ids = [f"choose:{app_id}" for app_id, _ in chooser.candidates]
    assert [n["id"] for n in find_all(d, where=lambda n: (n["id"] or "").startswith(
        "choose:"))] == ids
    assert "choose:notes" in ids
    assert node(d, id="choose:notes")["text"] == "Notes Save as a note"
    tap(d, id="choose:notes")
    assert d.kernel.intents.chooser is None
    assert (top(d).app_id, top(d).route) == ("notes", "/new")
    assert node(d, id="body")["text"] == "hello there"


def test_chooser_scrim_cancels(d):
    d.start_activity(Intent(action="ACTION_SEND", type="text/plain", data={"text": "x"}))
    assert d.kernel.intents.chooser is not None
    assert d.tap(180, 100)
    assert d.kernel.intents.chooser is None and d.active_task_id is None


def test_toast_appears_and_expires(d):
    d.kernel.toast("Note saved")
    t = node(d, role="toast")
    assert t["text"] == "Note saved"
    x0, y0, x1, y1 = t["bounds"]
    # on the home screen, above the dock; in an app, just above the gesture bar
    assert (x0 + x1) // 2 == 180 and y1 == 800 - T.GESTURE_BAR_H - 190
    d.launch_app("notes")
    assert node(d, role="toast")["bounds"][3] == 800 - T.GESTURE_BAR_H - 64
    d.kernel.tick(TOAST_MS - 1)
    assert has(d, role="toast")
    d.kernel.tick(1)
    assert not has(d, role="toast")


# ----- crashes
def test_a_raising_handler_is_a_crash_not_an_env_error(d):
    d.kernel.app_data["notes"]["next_id"] = None  # makes Save raise TypeError
    _new_note(d)
    tap(d, id="title")
    d.type_text("Doomed")
    tap(d, id="save")
    assert len(d.crashes) == 1 and d.crashes[0].startswith("notes: TypeError")
    assert d.kernel.tasks.task_for_app("notes") is None
    assert not d.kernel.keyboard.visible
    assert node(d, id="crash_dialog")["text"] == "Notes has stopped"
    tap(d, id="grid:settings")  # the dialog is modal: the launcher beneath takes no tap
    assert top(d) is None and has(d, id="crash_dialog")
    d.handle_back()  # Back dismisses it first, as Android's system dialog
    assert not has(d, id="crash_dialog") and d.kernel.system_ui.crashed_app is None
    tap(d, id="grid:settings")  # the device stays usable
    assert top(d).app_id == "settings"


def test_the_has_stopped_dialog_offers_to_open_the_app_again_or_its_info(d):
    d.kernel.app_crashed("notes", "RuntimeError: bug")
    assert [n["id"] for n in d.ui_tree() if n["role"] == "button" and n["id"] and
            "crash" in n["id"]] == ["crashed_app_info", "reopen_crashed_app"]
    tap(d, id="reopen_crashed_app")
    assert top(d).app_id == "notes" and not has(d, id="crash_dialog")
    d.kernel.app_crashed("notes", "RuntimeError: bug")
    d.invalidate()  # the kernel was called directly, not through an action
    assert d.kernel.tasks.task_for_app("notes") is None
    tap(d, id="crashed_app_info")
    assert top(d).app_id == "settings" and top(d).route == "/apps/notes"
    d.kernel.app_crashed("notes", "RuntimeError: bug")
    d.invalidate()
    assert has(d, id="crash_dialog")
    d.go_home()  # Home closes system dialogs
    assert not has(d, id="crash_dialog")


def test_a_raising_screen_shows_the_crash_page(d):
    d.kernel.app_data["notes"]["notes"] = None
    tap(d, id="grid:notes")
    assert has(d, text="Notes keeps stopping")  # the screen is built with the next frame
    assert d.crashes and d.crashes[0].startswith("notes: TypeError")
    tap(d, id="close_crashed_app")
    assert d.kernel.tasks.task_for_app("notes") is None and d.active_task_id is None


# ----- crowded surfaces
def test_many_notifications_scroll_inside_the_shade(d):
    for i in range(12):
        d.kernel.notifications.post("notes", f"Note {i}", "body", heads_up=False)
    _shade(d)
    lst = node(d, role="list", id="notifications")
    assert lst["bounds"][3] <= 800 - T.GESTURE_BAR_H
    assert has(d, id="clear_notifications")
    clear = node(d, id="clear_notifications")["bounds"]
    assert clear[1] >= lst["bounds"][3] and clear[3] <= 800
    assert not has(d, id="notification:1")  # the oldest is below the fold
    assert d.swipe(180, lst["bounds"][3] - 10, 180, lst["bounds"][1] + 10) == "scroll"
    assert d.kernel.system_ui.shade_open
    for _ in range(5):
        d.swipe(180, lst["bounds"][3] - 10, 180, lst["bounds"][1] + 10)
    assert node(d, id="notification:1")["bounds"][3] <= lst["bounds"][3]
    # a swipe up outside the list still closes the shade
    assert d.swipe(180, 200, 180, 40) == "close_shade"
