"""The OS services seen through the real apps and the system UI, driven as an agent drives the
phone: the issue's Recents trace, Messages reading a conversation brought to the front, the
Files player with the shade's media notification, the offline MMS state, status-bar flags."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobilegym_env.apps.messages import inbox
from mobilegym_env.device import Device
from mobilegym_env.kernel.managers import HardwareManager
from mobilegym_env.testing import has, node, route, tap

ALICE = "+1 415-555-0132"
MUSIC = "/sdcard/Music"


@pytest.fixture
def d() -> Iterator[Device]:
    device = Device()
    yield device
    assert device.crashes == [] and device.kernel.crashes == []


def media(d: Device) -> dict:
    return d.state()["os"]["media"]


def unread(d: Device, address: str) -> int:
    return sum(1 for m in d.state()["os"]["providers"]["sms"]
               if m["thread_address"] == address and m["type"] == "inbox" and not m["read"])


def open_shade(d: Device) -> None:
    assert d.swipe(180, 5, 180, 500) == "shade"


# ----- the Recents trace of the issue, with the real apps
def test_contacts_sms_recents_card_back_returns_to_contacts(d):
    d.launch_app("contacts")
    tap(d, id="contact:1")
    tap(d, id="message")  # SENDTO sms in Messages' own Task
    assert d.kernel.tasks.top_activity.app_id == "messages"
    d.show_recents()
    tap(d, where=lambda n: n["id"] == f"recents_card:{d.kernel.tasks.recents[0]}")
    assert d.kernel.tasks.top_activity.app_id == "messages"
    d.handle_back()  # leaves the compose page, then Messages itself: back to the caller
    while d.kernel.tasks.top_activity.app_id == "messages":
        d.handle_back()
    assert d.kernel.tasks.active_task.root_app_id == "contacts"


# ----- Messages: lifecycle events mark a conversation read
def test_a_conversation_opened_from_a_notification_is_read_without_replying(d):
    d.launch_app("notes")
    inbox.deliver_sms(d.kernel, ALICE, "Running late")
    assert unread(d, ALICE) > 0
    open_shade(d)
    tap(d, where=lambda n: (n["id"] or "").startswith("notification:"))
    assert route(d) == "/thread/+1%20415-555-0132"
    assert unread(d, ALICE) == 0
    states = [a["state"] for t in d.state()["os"]["tasks"]["tasks"] for a in t["stack"]]
    assert sorted(states) == ["paused", "resumed"]


def test_a_message_to_the_open_conversation_is_read_when_it_comes_back_from_recents(d):
    d.launch_app("messages")
    tap(d, id=f"thread:{ALICE}")
    d.show_recents()
    inbox.deliver_sms(d.kernel, ALICE, "Are you there?", notify=False)
    assert unread(d, ALICE) == 1  # opening it from the list read the older ones
    d.handle_back()  # Recents closes: the conversation is in front again
    assert unread(d, ALICE) == 0


def test_the_thread_list_coming_back_reads_nothing(d):
    d.launch_app("messages")
    before = d.state()["os"]["providers"]["sms"]
    d.go_home()
    d.launch_app("messages")
    assert d.state()["os"]["providers"]["sms"] == before


# ----- Files: the player, the media notification, audio focus
def test_tapping_a_song_plays_its_folder_and_opens_the_player(d):
    d.launch_app("files")
    tap(d, id="category:audio")
    tap(d, id="file:rainy_day_jazz.mp3")
    assert route(d) == "/player"
    [s] = media(d)["sessions"]
    assert (s["app_id"], s["title"], s["index"], s["playing"]) == (
        "files", "Rainy Day Jazz", 1, True)
    assert s["queue"] == [f"{MUSIC}/morning_walk.mp3", f"{MUSIC}/rainy_day_jazz.mp3",
                          f"{MUSIC}/road_trip_mix.mp3", f"{MUSIC}/voice_memo_20260210.m4a"]
    assert node(d, id="player:title")["text"] == "Rainy Day Jazz"
    d.kernel.tick(83_000)
    d.invalidate()
    assert node(d, id="player:position")["text"] == "1:23"
    tap(d, id="player:play_pause")
    assert media(d)["sessions"][0]["playing"] is False
    tap(d, id="player:next")
    assert media(d)["sessions"][0]["title"] == "Road Trip Mix"
    tap(d, id="player:previous")
    assert media(d)["sessions"][0]["title"] == "Rainy Day Jazz"


def test_the_now_playing_bar_and_the_file_page_play_button(d):
    d.launch_app("files")
    assert not has(d, id="now_playing")
    tap(d, id="category:audio")
    d.open_app("files", "/file?path=/sdcard/Music/road_trip_mix.mp3")
    tap(d, id="play_file")
    assert media(d)["sessions"][0]["title"] == "Road Trip Mix"
    d.handle_back()  # the player
    d.handle_back()  # the file page
    assert node(d, id="now_playing")["text"].startswith("Now playing: Road Trip Mix")
    tap(d, id="now_playing:play_pause")
    assert media(d)["sessions"][0]["playing"] is False
    tap(d, id="now_playing")
    assert route(d) == "/player"


def test_the_shade_media_notification_controls_and_opens_the_player(d):
    d.launch_app("files")
    tap(d, id="category:audio")
    tap(d, id="file:morning_walk.mp3")
    d.go_home()
    open_shade(d)
    assert node(d, id="media:title")["text"] == "Morning Walk"
    tap(d, id="media:next")
    assert node(d, id="media:title")["text"] == "Rainy Day Jazz"
    tap(d, id="media:play_pause")
    assert media(d)["sessions"][0]["playing"] is False
    assert has(d, id="media:close")
    tap(d, id="media:open")
    assert (d.kernel.tasks.top_activity.app_id, route(d)) == ("files", "/player")
    assert d.kernel.tasks.top_activity.history.count("/player") == 1  # not pushed twice
    open_shade(d)
    tap(d, id="media:close")
    assert media(d) == {"focus": None, "sessions": []}
    assert not has(d, id="media_notification")


def test_another_player_takes_the_audio_focus(d):
    d.launch_app("files")
    tap(d, id="category:audio")
    tap(d, id="file:morning_walk.mp3")
    d.kernel.media.play("gallery", [f"{MUSIC}/road_trip_mix.mp3"])  # a second player
    files = next(s for s in media(d)["sessions"] if s["app_id"] == "files")
    assert files["playing"] is False and media(d)["focus"] == "gallery"
    d.invalidate()
    assert node(d, id="player:play_pause")["text"] == "Play"


def test_unplugging_the_headset_pauses_the_player(d):
    d.kernel.set_preference("headset", True)
    d.launch_app("files")
    tap(d, id="category:audio")
    tap(d, id="file:morning_walk.mp3")
    d.kernel.set_preference("headset", False)
    assert media(d)["sessions"][0]["playing"] is False


# ----- the offline state: a picture message needs the network
def _compose_photo(d: Device) -> None:
    d.launch_app("messages")
    d.start_activity({"action": "ACTION_SEND", "type": "image/jpeg",
                      "data": {"path": "/sdcard/DCIM/Camera/IMG_20260214_1830.jpg"}})
    tap(d, id="to")
    d.type_text(ALICE)


def test_offline_a_photo_is_not_sent_and_the_banner_says_why(d):
    d.kernel.set_preference("airplane_mode", True)
    _compose_photo(d)
    before = d.state()["os"]["providers"]["sms"]
    assert "MMS" in node(d, id="offline_banner")["text"]
    tap(d, id="send")
    assert d.state()["os"]["providers"]["sms"] == before
    assert d.kernel.system_ui.toast.text == "Not sent: no connection for the photo"
    d.kernel.set_preference("wifi", True)  # Wi-Fi in airplane mode: online again
    d.invalidate()
    assert not has(d, id="offline_banner")
    tap(d, id="send")
    assert d.state()["os"]["providers"]["sms"][-1]["body"].endswith(
        "[Image: IMG_20260214_1830.jpg]")


def test_texts_without_a_photo_do_not_need_the_network(d):
    d.kernel.set_preference("airplane_mode", True)
    d.launch_app("messages")
    d.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                      "data": {"address": ALICE, "body": "On my way"}})
    assert not has(d, id="offline_banner")
    tap(d, id="send")
    assert d.state()["os"]["providers"]["sms"][-1]["body"] == "On my way"


# ----- hardware flags in the status bar
def test_status_bar_shows_the_hardware_flags(d):
    d.kernel.complete_boot()  # Clock arms the factory alarms: they light the alarm icon too
    d.kernel.alarms.cancel_all("clock")
    for flag in ("sb_alarm", "sb_headset", "sb_vpn"):
        assert not has(d, id=flag)
    hw = HardwareManager(d.kernel.os_state)
    hw.set_vpn(True)
    hw.set_headset(True)
    hw.set_alarm_active(True)
    d.invalidate()
    assert [n["id"] for n in d.ui_tree() if n["role"] == "status_icon"][:3] == [
        "sb_alarm", "sb_headset", "sb_vpn"]
    d.kernel.set_preference("airplane_mode", True)  # offline: the VPN tunnel is down
    d.invalidate()
    assert not has(d, id="sb_vpn")
