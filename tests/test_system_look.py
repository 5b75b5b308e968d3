"""The Pixel system UI (issue 7): status bar, shade, heads-up, permission and crash dialogs,
share sheet, Recents, home screen and keyboard, through public gestures."""

from __future__ import annotations

import pytest

from mobilegym_env.apps.messages import inbox
from mobilegym_env.device import Device
from mobilegym_env.kernel.intent_resolver import Chooser, Intent
from mobilegym_env.kernel.package_manager import IntentFilter
from mobilegym_env.system import recents
from mobilegym_env.testing import find_all, has, long_press, node, route, tap
from mobilegym_env.ui import theme as T

ALICE = "+1 415-555-0132"


@pytest.fixture
def d() -> Device:
    return Device()


def top(d: Device):
    return d.kernel.tasks.top_activity


def _shade(d: Device) -> None:
    assert d.swipe(180, 5, 180, 500) == "shade"


# ----- status bar
def test_clock_is_12_hour_in_en_us_and_24_hour_in_de_de(d):
    d.kernel.tick(5 * 3600_000)  # 09:00 -> 14:00
    assert node(d, id="sb_clock")["text"] == "2:00"
    d.kernel.set_preference("language", "de-DE")
    d.invalidate()
    assert node(d, id="sb_clock")["text"] == "14:00"
    _shade(d)
    assert node(d, id="shade_clock")["text"] == "14:00"


def test_notification_icons_one_per_app_then_a_dot(d):
    assert not has(d, where=lambda n: (n["id"] or "").startswith("sb_notification:"))
    for app in ("notes", "messages", "notes", "files"):
        d.kernel.notifications.post(app, "t", heads_up=False)
    d.invalidate()  # the kernel was changed directly, not through a gesture
    icons = [n["id"] for n in d.ui_tree() if (n["id"] or "").startswith("sb_notification:")]
    assert icons == ["sb_notification:files", "sb_notification:notes",
                     "sb_notification:messages"]  # newest first, each app once
    assert not has(d, id="sb_more_notifications")
    d.kernel.notifications.post("gallery", "t", heads_up=False)
    d.invalidate()
    assert has(d, id="sb_more_notifications")


def test_dnd_icon_and_red_battery_when_low(d):
    assert not has(d, id="sb_dnd") and node(d, id="sb_battery_icon")["text"] == "Battery"
    d.kernel.set_preference("do_not_disturb", True)
    d.kernel.os_state._set(("hardware", "battery", "level"), 9)
    d.invalidate()
    assert has(d, id="sb_dnd") and node(d, id="sb_battery_icon")["text"] == "Battery low"
    d.kernel.os_state._set(("hardware", "battery", "charging"), True)  # charging: not red
    d.invalidate()
    assert node(d, id="sb_battery_icon")["text"] == "Battery"


# ----- shade
def test_shade_is_opaque_and_covers_the_whole_screen(d):
    tap(d, id="grid:notes")
    before = d.render().copy()
    _shade(d)
    frame = d.render()
    shade = node(d, id="shade")["bounds"]
    assert shade == (0, 0, T.SCREEN_W, T.SCREEN_H)
    # rows of the notes list are gone: below the tiles, the shade is one flat colour
    band = frame[600:760, 20:340]
    assert (band == band[0, 0]).all() and not (before[600:760, 20:340] == band[0, 0]).all()


def test_shade_header_repeats_the_status_icons_and_date(d):
    _shade(d)
    assert node(d, id="shade_date")["text"] == "Mon, Mar 2"
    assert has(d, id="shade_wifi") and has(d, id="shade_cellular")


def test_tile_long_press_opens_its_settings_page(d):
    _shade(d)
    long_press(d, id="qs:bluetooth")
    assert not d.kernel.system_ui.shade_open
    assert (top(d).app_id, route(d)) == ("settings", "/bluetooth")
    assert d.state()["os"]["settings"]["global"]["bluetooth_on"] is False  # not toggled


def test_brightness_slider_fills_to_the_level(d):
    _shade(d)
    tap(d, id="brightness:20")
    assert node(d, id="brightness_slider")["text"] == "Brightness 20"
    assert [node(d, id=f"brightness:{v}")["selected"] for v in (10, 20, 30, 100)] == [
        True, True, False, False]
    tap(d, id="brightness:90")
    assert d.state()["os"]["settings"]["system"]["brightness"] == 90
    assert node(d, id="brightness:90")["selected"] and not node(d, id="brightness:100")[
        "selected"]


def test_expanding_a_notification_shows_its_actions(d):
    inbox.deliver_sms(d.kernel, ALICE, "Running late", notify=True)
    d.kernel.notifications.dismiss_heads_up()
    _shade(d)
    nid = d.kernel.notifications.items[0].id
    assert node(d, id=f"notification:{nid}")["text"] == "Messages Alice Johnson Running late"
    assert not has(d, id=f"notification_action:{nid}:0")
    tap(d, id=f"notification_expand:{nid}")
    assert node(d, id=f"notification_action:{nid}:0")["text"] == "Reply"
    tap(d, id=f"notification_action:{nid}:1")  # Mark as read: a broadcast to Messages
    assert d.kernel.notifications.items == [] and d.crashes == []
    sms = d.state()["os"]["providers"]["sms"]
    assert all(m["read"] for m in sms if m["thread_address"] == ALICE)
    assert d.active_task_id is None  # nothing opened


def test_notification_reply_action_opens_the_conversation(d):
    inbox.deliver_sms(d.kernel, ALICE, "Running late")
    nid = d.kernel.notifications.items[0].id
    tap(d, id=f"heads_up_action:{nid}:0")  # a heads-up shows its actions at once
    assert (top(d).app_id, route(d)) == ("messages", "/thread/+1%20415-555-0132")
    assert d.kernel.notifications.items == []


def test_notification_time_is_relative(d):
    d.kernel.notifications.post("notes", "Reminder", heads_up=False)
    d.kernel.tick(5 * 60_000)
    _shade(d)
    assert [p.view.text for p in d.placed() if p.view.text.startswith("· ")] == ["· 5m"]


def test_gear_manage_and_empty_area(d):
    _shade(d)
    tap(d, id="qs_settings")
    assert (top(d).app_id, route(d)) == ("settings", "/")
    d.kernel.notifications.post("notes", "Reminder", heads_up=False)
    _shade(d)
    tap(d, id="manage_notifications")
    assert (top(d).app_id, route(d)) == ("settings", "/notifications")
    _shade(d)
    tap(d, id="shade_empty")
    assert not d.kernel.system_ui.shade_open


def test_power_menu_restart_reboots(d):
    d.launch_app("notes")
    _shade(d)
    tap(d, id="qs_power")
    assert has(d, id="power_menu") and d.swipe(180, 600, 180, 100) == "none"
    assert d.tap(180, 100)  # outside the buttons: the menu closes, the shade stays
    assert not has(d, id="power_menu") and d.kernel.system_ui.shade_open
    tap(d, id="qs_power")
    tap(d, id="restart")
    assert d.tasks == [] and not d.kernel.system_ui.shade_open


def test_edit_shows_the_hint_until_tapped_again(d):
    _shade(d)
    tap(d, id="qs_edit")
    assert has(d, id="qs_edit_hint")
    tap(d, id="qs_edit")
    assert not has(d, id="qs_edit_hint")


# ----- share sheet and chooser
def _share_text(d: Device, value: str = "Lunch at 12:30") -> None:
    d.launch_app("notes")
    assert d.start_activity(Intent(action="ACTION_SEND", type="text/plain",
                                   data={"text": value}))


def test_share_sheet_copy_puts_the_text_on_the_clipboard(d):
    _share_text(d)
    assert node(d, id="chooser")["role"] == "sheet"
    tap(d, id="share_copy")
    assert d.kernel.clipboard.read() == "Lunch at 12:30"
    assert d.kernel.intents.chooser is None and top(d).app_id == "notes"


def test_share_sheet_direct_share_opens_messages_to_that_person(d):
    _share_text(d)
    people = [n["id"] for n in find_all(d, where=lambda n: (n["id"] or "").startswith(
        "share_contact:"))]
    assert 1 <= len(people) <= 4
    target = people[0].removeprefix("share_contact:")
    tap(d, id=people[0])
    assert (top(d).app_id, route(d)) == ("messages", "/compose")
    assert node(d, id="to")["text"] == target and node(d, id="body")["text"] == "Lunch at 12:30"


def test_view_with_several_handlers_keeps_open_with(d):
    view = Intent(action="ACTION_VIEW", type="inode/directory", data={"path": "/sdcard"})
    f = IntentFilter(action="ACTION_VIEW", type="inode/directory", route="/")
    d.kernel.intents.chooser = Chooser(view, [("files", f), ("gallery", f)], False, None)
    d.invalidate()
    assert node(d, id="chooser")["text"] == "Open with"
    assert [n["id"] for n in find_all(d, role="list_item")] == ["choose:files", "choose:gallery"]
    assert not has(d, id="share_copy")


# ----- crash dialog
def test_a_crashed_screen_shows_the_system_dialog_and_app_info(d):
    d.kernel.app_data["notes"]["notes"] = None
    tap(d, id="grid:notes")
    dialog = node(d, id="crash_dialog")
    assert dialog["role"] == "dialog" and dialog["text"] == "Notes keeps stopping"
    tap(d, id="crashed_app_info")
    assert d.kernel.tasks.task_for_app("notes") is None
    assert (top(d).app_id, route(d)) == ("settings", "/apps/notes")


# ----- recents
def _recents(d: Device) -> None:
    for app in ("notes", "contacts"):
        d.launch_app(app)
        d.go_home()
    d.show_recents()


def test_recents_icon_menu_opens_app_info(d):
    _recents(d)
    task = d.kernel.tasks.recents[0]
    tap(d, id=f"recents_icon:{task}")
    assert has(d, id="recents_menu")
    tap(d, id="recents_menu:app_info")
    assert (top(d).app_id, route(d)) == ("settings", "/apps/contacts")


def test_recents_screenshot_saves_a_png_and_its_media_row(d):
    _recents(d)
    rows = len(d.state()["os"]["providers"]["media"])
    tap(d, id="recents_screenshot")
    path = "/sdcard/Pictures/Screenshots/Screenshot_20260302-090000_Contacts.png"
    assert d.kernel.files.exists(path)
    media = d.state()["os"]["providers"]["media"]
    assert len(media) == rows + 1 and media[-1]["path"] == path
    assert media[-1]["album"] == "Screenshots" and media[-1]["mime"] == "image/png"
    assert node(d, role="toast")["text"] == "Screenshot saved"


def test_recents_select_copies_a_text_of_the_centred_card(d):
    _recents(d)
    assert recents.centred_task(d.kernel) == d.kernel.tasks.recents[0]
    tap(d, id="recents_select")
    boxes = find_all(d, where=lambda n: (n["id"] or "").startswith("recents_text:"))
    assert boxes and node(d, id="recents_select")["text"] == "Done"
    word = next(b for b in boxes if b["text"] == "Copy Contacts")
    tap(d, id=word["id"])
    assert d.kernel.clipboard.read() == "Contacts"
    assert not find_all(d, where=lambda n: (n["id"] or "").startswith("recents_text:"))


# ----- home screen
def test_home_has_at_a_glance_and_a_bottom_search_bar(d):
    assert node(d, id="home_date")["text"] == "Mon, Mar 2"
    bar = node(d, id="launcher_search")
    assert bar["bounds"][1] > node(d, id="dock")["bounds"][3]
    tap(d, id="launcher_search")
    assert d.kernel.system_ui.drawer_open and d.kernel.keyboard.visible


# ----- keyboard
def _typing(d: Device) -> None:
    tap(d, id="grid:notes")
    tap(d, id="fab")
    tap(d, id="title")


def test_suggestions_complete_the_word_and_add_a_space(d):
    _typing(d)
    assert has(d, id="keyboard_toolbar") and not has(d, id="suggestions")
    d.type_text("See you tom")
    assert node(d, id="suggestion:0")["text"] == "tomorrow"
    tap(d, id="suggestion:0")
    assert top(d).ui["title"] == "See you tomorrow "
    d.type_text("Al")  # contacts' first names are suggested, in the word's capitalisation
    assert "Alice" in [n["text"] for n in find_all(d, where=lambda n: (n["id"] or "")
                                                  .startswith("suggestion:"))]


def test_symbols_have_a_second_page(d):
    _typing(d)
    tap(d, id="key:mode")
    assert node(d, id="key:more")["text"] == "More symbols"
    tap(d, id="key:more")
    assert d.kernel.keyboard.mode == "more_symbols"
    tap(d, id="key:€")
    tap(d, id="key:more")
    assert d.kernel.keyboard.mode == "symbols"
    tap(d, id="key:mode")
    assert d.kernel.keyboard.mode == "letters"
    assert top(d).ui["title"] == "€"


def test_enter_is_the_return_arrow(d):
    _typing(d)
    enter = next(p.view for p in d.placed() if p.view.id == "key:enter")
    assert enter.icon == "keyboard_return" and enter.label == "Enter"


def test_menus_and_modes_end_with_their_surface(d):
    _shade(d)
    tap(d, id="qs_power")
    d.handle_back()  # Back closes the shade; the power menu goes with it
    _shade(d)
    assert not has(d, id="power_menu")
    d.handle_back()
    _recents(d)
    tap(d, id=f"recents_icon:{d.kernel.tasks.recents[0]}")
    d.go_home()
    assert has(d, id="launcher")  # an agent sees the screen after every action
    d.show_recents()
    assert not has(d, id="recents_menu")


def test_swiping_the_heads_up(d):
    a = d.kernel.notifications.post("notes", "First")
    x0, y0, x1, y1 = node(d, id=f"heads_up:{a}")["bounds"]
    assert d.swipe(x0 + 20, (y0 + y1) / 2, x1 - 5, (y0 + y1) / 2) == "dismiss_notification"
    assert d.kernel.notifications.items == []
    b = d.kernel.notifications.post("notes", "Second")
    d.invalidate()
    assert d.swipe(180, (y0 + y1) / 2, 180, 45) == "hide_heads_up"
    assert not has(d, id=f"heads_up:{b}") and [n.id for n in d.kernel.notifications.items] == [b]
