"""Settings app: driven through public gestures only (taps on nodes found in ``ui_tree()``)."""

from __future__ import annotations

from typing import Any

import pytest

from mobilegym_env.device import Device
from mobilegym_env.kernel.managers import ConnectivityManager
from mobilegym_env.testing import has, long_press, node, route, screen_text, tap

APP = "settings"  # what the ``device`` fixture (conftest.py) opens
BUDS, CAR = "4C:87:5D:12:A0:3F", "00:1E:7C:44:B2:91"
CHARGE5 = "F8:DF:15:B1:42:7C"


def _os(device: Device) -> dict[str, Any]:
    return device.state()["os"]


def _wifi(device: Device) -> tuple[str, bool, list[str]]:
    w = _os(device)["hardware"]["wifi"]
    return w["ssid"], w["connected"], [n["id"] for n in w["saved_networks"]]


def _toast(device: Device) -> str | None:
    toast = device.kernel.system_ui.toast
    return toast.text if toast else None


def _open(device: Device, path: str) -> None:
    device.open_app("settings", path)


@pytest.fixture(autouse=True)
def _no_crashes(device: Device):
    yield
    assert device.crashes == []


# ----- main list and search
def test_main_list_has_every_category_with_live_summaries(device: Device) -> None:
    assert "Network & internet" in screen_text(device)
    assert node(device, id="nav_network")["text"] == "Network & internet Home-5G"
    assert node(device, id="nav_battery")["text"] == "Battery 78% · About 15 hr left"
    assert node(device, id="nav_storage")["text"] == "Storage 36% used · 81.7 GB free"
    for key in ("network", "bluetooth", "apps", "notifications", "battery", "storage", "sound",
                "display", "location", "about"):
        assert node(device, id=f"nav_{key}", scroll=3)["clickable"]
    assert node(device, id="nav_about")["text"] == "About phone MobileGym Phone"
    ConnectivityManager(device.kernel.os_state).connect_bluetooth(CAR)
    device.invalidate()
    assert node(device, id="nav_bluetooth", scroll=3)["text"] == \
        "Connected devices Connected to Car Audio"


def test_search_finds_a_setting_and_opens_its_page(device: Device) -> None:
    tap(device, id="search_settings")
    assert route(device) == "/search"
    assert node(device, id="search_field")["focused"] is True
    assert "Search for a setting" in screen_text(device)
    device.type_text("dark")
    assert [n["text"] for n in device.ui_tree() if (n["id"] or "").startswith("result:")] == \
        ["Dark theme Display"]
    tap(device, id="result:Dark theme")
    assert route(device) == "/display"
    assert not device.kernel.keyboard.visible
    device.handle_back()
    assert node(device, id="search_field")["text"] == "dark"  # the query survives
    tap(device, id="search_field")
    tap(device, id="search_field:clear")
    device.type_text("volume ring")
    assert has(device, id="result:Ring volume") and not has(device, id="result:Media volume")
    tap(device, id="search_field:clear")
    device.type_text("zzz")
    assert "No results" in screen_text(device)


# ----- Network & internet
def test_network_page_mobile_data_and_airplane_cascade(device: Device) -> None:
    device.kernel.set_preference("bluetooth", True)
    device.kernel.set_preference("hotspot", True)
    tap(device, id="nav_network")
    assert node(device, id="nav_internet")["text"] == "Internet Home-5G"
    assert node(device, id="nav_hotspot")["text"] == "Hotspot & tethering Hotspot on"
    tap(device, id="airplane_switch")
    g = _os(device)["settings"]["global"]
    assert (g["airplane_mode"], g["wifi_on"], g["bluetooth_on"], g["mobile_data_on"]) == \
        (True, False, False, False)
    assert _os(device)["hardware"]["hotspot"]["on"] is False
    assert node(device, id="nav_internet")["text"] == "Internet Airplane mode"
    assert node(device, id="mobile_data_switch")["checked"] is False
    tap(device, id="airplane_switch")  # leaving airplane mode restores nothing
    g = _os(device)["settings"]["global"]
    assert (g["airplane_mode"], g["wifi_on"], g["mobile_data_on"]) == (False, False, False)
    assert node(device, id="nav_internet")["text"] == "Internet Wi-Fi is off"
    tap(device, id="mobile_data_switch_row")
    assert _os(device)["settings"]["global"]["mobile_data_on"] is True


def test_wifi_switch_hides_and_shows_networks(device: Device) -> None:
    _open(device, "/network/internet")
    assert node(device, id="wifi_switch")["checked"] is True
    assert node(device, id="wifi:Home-5G")["text"] == "Home-5G Connected"
    tap(device, id="wifi_switch")
    assert _wifi(device)[:2] == ("Home-5G", False)
    assert not has(device, id="wifi:Home-5G")
    assert "turn Wi-Fi on" in screen_text(device)
    tap(device, id="wifi_switch_row")
    assert _wifi(device)[:2] == ("Home-5G", True)
    assert node(device, id="wifi:NETGEAR-7F21")["text"] == "NETGEAR-7F21 Secured"
    assert node(device, id="wifi:Home-2.4G")["text"] == "Home-2.4G Saved"


def test_tap_joins_saved_and_open_networks(device: Device) -> None:
    _open(device, "/network/internet")
    saved = _wifi(device)[2]
    tap(device, id="wifi:Home-2.4G")
    assert _wifi(device) == ("Home-2.4G", True, saved)
    assert _toast(device) == "Connected to Home-2.4G"
    assert ids_in_order(device)[0] == "wifi:Home-2.4G"  # the connected network leads the list
    tap(device, id="wifi:xfinitywifi", scroll=3)
    assert _wifi(device) == ("xfinitywifi", True, [*saved, "xfinitywifi"])
    assert _os(device)["hardware"]["wifi"]["signal"] == 2


def ids_in_order(device: Device) -> list[str]:
    return [n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("wifi:")]


def test_secured_network_asks_for_its_password(device: Device) -> None:
    _open(device, "/network/internet")
    before = _os(device)["hardware"]
    tap(device, id="wifi:NETGEAR-7F21")
    assert node(device, id="join")["text"] == "NETGEAR-7F21"
    assert node(device, id="wifi_password")["focused"] is False
    tap(device, id="join:confirm")  # empty
    assert node(device, id="join:error")["text"] == "Enter the password"
    tap(device, id="wifi_password")
    device.type_text("quietriver8")
    tap(device, id="join:confirm")
    assert node(device, id="join:error")["text"] == "Incorrect password. Try again."
    assert _os(device)["hardware"] == before
    tap(device, id="wifi_password:clear")
    device.type_text("quietriver88")
    tap(device, id="join:confirm")
    assert not has(device, id="join")
    assert not device.kernel.keyboard.visible
    assert _wifi(device)[:2] == ("NETGEAR-7F21", True)
    assert _wifi(device)[2][-1] == "NETGEAR-7F21"
    assert route(device) == "/network/internet"


def test_password_is_hidden_until_show_password(device: Device) -> None:
    _open(device, "/network/internet")
    tap(device, id="wifi:TP-Link_3C8A")
    tap(device, id="wifi_password")
    device.type_text("abc")
    placed = [p for p in device.placed() if p.view.id == "wifi_password"]
    assert placed[0].view.secret is True
    tap(device, id="join:show")
    assert node(device, id="join:show")["checked"] is True
    assert [p for p in device.placed() if p.view.id == "wifi_password"][0].view.secret is False
    device.handle_back()  # keyboard
    device.handle_back()  # dialog
    assert route(device) == "/network/internet"
    assert _wifi(device)[0] == "Home-5G"


def test_long_press_menu_forgets_a_saved_network(device: Device) -> None:
    _open(device, "/network/internet")
    long_press(device, id="wifi:NETGEAR-7F21")
    assert node(device, id="wifi_menu:forget")["enabled"] is False  # not saved
    device.handle_back()
    long_press(device, id="wifi:Home-2.4G")
    tap(device, id="wifi_menu:forget")
    assert "Home-2.4G" not in _wifi(device)[2]
    assert _wifi(device)[:2] == ("Home-5G", True)
    assert node(device, id="wifi:Home-2.4G")["text"] == "Home-2.4G Secured"
    long_press(device, id="wifi:Neighbor-Net", scroll=3)
    tap(device, id="wifi_menu:details")
    assert route(device) == "/network/wifi/Neighbor-Net"
    assert node(device, id="wifi_status")["text"] == "Not saved"
    assert node(device, id="wifi_forget")["enabled"] is False


def test_connected_network_details_disconnect_and_forget(device: Device) -> None:
    _open(device, "/network/internet")
    tap(device, id="wifi:Home-5G")
    assert route(device) == "/network/wifi/Home-5G"
    for key, value in (("wifi_signal", "Excellent"), ("wifi_frequency", "5 GHz"),
                       ("wifi_security", "WPA2"), ("wifi_ip", "192.168.149.212")):
        assert node(device, id=key)["text"] == value
    tap(device, id="wifi_disconnect")
    assert _wifi(device)[:2] == ("Home-5G", False)
    assert node(device, id="wifi_status")["text"] == "Saved"
    tap(device, id="wifi_connect")
    assert _wifi(device)[:2] == ("Home-5G", True)
    tap(device, id="wifi_forget")
    assert route(device) == "/network/internet"
    assert _wifi(device)[:2] == ("", False) and "Home-5G" not in _wifi(device)[2]


def test_saved_networks_out_of_range_can_be_forgotten(device: Device) -> None:
    _open(device, "/network/internet")
    tap(device, id="nav_saved_networks", scroll=5)
    assert route(device) == "/network/saved"
    assert node(device, id="saved:Home-5G")["text"] == "Home-5G Connected"
    tap(device, id="saved:Grandma's WiFi")
    assert route(device) == "/network/wifi/Grandma%27s%20WiFi"
    assert node(device, id="wifi_name")["text"] == "Grandma's WiFi"
    assert node(device, id="wifi_status")["text"] == "Saved · Not in range"
    assert node(device, id="wifi_connect")["enabled"] is False
    tap(device, id="wifi_forget")
    assert route(device) == "/network/saved"
    assert "Grandma's WiFi" not in _wifi(device)[2]
    assert not has(device, id="saved:Grandma's WiFi")


def test_hotspot_switch_name_and_password(device: Device) -> None:
    tap(device, id="nav_network")
    tap(device, id="nav_hotspot")
    tap(device, id="hotspot_switch")
    assert _os(device)["hardware"]["hotspot"]["on"] is True
    tap(device, id="hotspot_name_row")
    assert node(device, id="hotspot_name_input")["text"] == "MobileGym Phone"
    tap(device, id="hotspot_name_input")
    tap(device, id="hotspot_name_input:clear")
    device.type_text("Road Trip")
    tap(device, id="hotspot_name_dialog:confirm")
    assert node(device, id="hotspot_name")["text"] == "Road Trip"
    tap(device, id="hotspot_password_row")
    tap(device, id="hotspot_password_input")
    tap(device, id="hotspot_password_input:clear")
    device.type_text("short")
    tap(device, id="hotspot_password_dialog:confirm")
    assert "8 to 63 characters" in node(device, id="hotspot_password_dialog:error")["text"]
    assert _os(device)["hardware"]["hotspot"]["password"] == "mg-hotspot-2048"
    device.type_text("-but-longer")
    tap(device, id="hotspot_password_dialog:confirm")
    assert not has(device, id="hotspot_password_dialog")
    assert _os(device)["hardware"]["hotspot"] == {"on": True, "name": "Road Trip",
                                                  "password": "short-but-longer"}


# ----- Connected devices
def _bt(device: Device) -> tuple[bool, Any, list[str]]:
    os_ = _os(device)
    return (os_["settings"]["global"]["bluetooth_on"], os_["hardware"]["bluetooth"]["connected"],
            [d["name"] for d in os_["hardware"]["bluetooth"]["paired_devices"]])


def test_tapping_a_saved_device_turns_bluetooth_on_and_connects(device: Device) -> None:
    tap(device, id="nav_bluetooth")
    assert node(device, id="bluetooth_switch")["checked"] is False
    tap(device, id=f"bt:{CAR}")
    assert _bt(device)[:2] == (True, CAR)
    assert node(device, id=f"bt:{CAR}")["text"] == "Car Audio Connected"
    tap(device, id=f"bt:{BUDS}")  # one device at a time
    assert _bt(device)[1] == BUDS
    tap(device, id=f"bt:{BUDS}")  # the connected one opens its details
    assert route(device) == "/bluetooth/device/4C%3A87%3A5D%3A12%3AA0%3A3F"
    tap(device, id="bt_disconnect")
    assert _bt(device)[:2] == (True, None)
    assert node(device, id="bt_status")["text"] == "Not connected"
    device.handle_back()
    tap(device, id="bluetooth_switch")
    assert _bt(device)[0] is False


def test_rename_and_forget_a_device(device: Device) -> None:
    tap(device, id="nav_bluetooth")
    tap(device, id=f"bt_settings:{BUDS}")
    tap(device, id="bt_rename")
    tap(device, id="bt_name_input")
    tap(device, id="bt_name_input:clear")
    tap(device, id="rename_dialog:confirm")
    assert node(device, id="rename_dialog:error")["text"] == "Enter a name of 1 to 32 characters"
    device.type_text("Gym buds")
    tap(device, id="rename_dialog:confirm")
    assert node(device, id="bt_name")["text"] == "Gym buds"
    assert _bt(device)[2][0] == "Gym buds"
    tap(device, id="bt_forget")
    assert node(device, id="forget_dialog")
    tap(device, id="forget_cancel")
    assert "Gym buds" in _bt(device)[2]
    tap(device, id="bt_forget")
    tap(device, id="forget_confirm")
    assert route(device) == "/bluetooth"
    assert "Gym buds" not in _bt(device)[2] and len(_bt(device)[2]) == 5


def test_pair_a_new_device(device: Device) -> None:
    tap(device, id="nav_bluetooth")
    tap(device, id="nav_pair")
    tap(device, id=f"pair:{CHARGE5}")
    assert node(device, id="pair_dialog")["text"] == "Pair with JBL Charge 5?"
    assert node(device, id="pair_code")["text"] == "333884"
    tap(device, id="pair_cancel")
    assert "JBL Charge 5" not in _bt(device)[2]
    tap(device, id=f"pair:{CHARGE5}")
    tap(device, id="pair_confirm")
    assert route(device) == "/bluetooth"
    assert _bt(device) == (True, CHARGE5, [*_bt(device)[2][:6], "JBL Charge 5"])
    assert node(device, id=f"bt:{CHARGE5}", scroll=3)["text"] == "JBL Charge 5 Connected"


# ----- Display and sound
def _system(device: Device) -> dict[str, Any]:
    return _os(device)["settings"]["system"]


def test_brightness_slider_steps_and_fine_buttons(device: Device) -> None:
    tap(device, id="nav_display", scroll=3)
    assert node(device, id="brightness_value")["text"] == "60%"
    tap(device, id="brightness_step:35")
    assert _system(device)["brightness"] == 35
    tap(device, id="brightness_up")
    tap(device, id="brightness_up")
    assert _system(device)["brightness"] == 37
    assert node(device, id="brightness_value")["text"] == "37%"
    tap(device, id="brightness_down")
    assert _system(device)["brightness"] == 36
    tap(device, id="brightness_step:100")
    assert node(device, id="brightness_up")["enabled"] is False
    tap(device, id="brightness_up")  # inert at the top
    assert _system(device)["brightness"] == 100


def test_dark_theme_font_size_and_screen_timeout(device: Device) -> None:
    tap(device, id="nav_display", scroll=3)
    tap(device, id="dark_theme_switch")
    assert _system(device)["dark_mode"] is True
    tap(device, id="nav_font_size")
    assert route(device) == "/display/font"
    assert node(device, id="font_size:default")["checked"] is True
    tap(device, id="font_size:large")
    assert _system(device)["font_scale"] == pytest.approx(1.15)
    tap(device, id="font_row:small")
    assert _system(device)["font_scale"] == pytest.approx(0.85)
    device.handle_back()
    assert node(device, id="nav_font_size")["text"] == "Font size Small"
    tap(device, id="screen_timeout")
    assert node(device, id="timeout:60:radio")["checked"] is True
    tap(device, id="timeout:300")
    assert _system(device)["screen_timeout_s"] == 300
    assert route(device) == "/display"
    assert node(device, id="screen_timeout")["text"] == \
        "Screen timeout After 5 minutes of inactivity"


def test_sound_volumes_and_dnd(device: Device) -> None:
    tap(device, id="nav_sound", scroll=3)
    tap(device, id="volume_media_up")
    assert _system(device)["volume_media"] == 8
    assert node(device, id="volume_media_value")["text"] == "8/15"
    tap(device, id="volume_ring_step:12")
    assert _system(device)["volume_ring"] == 12
    tap(device, id="volume_notification_step:1")
    tap(device, id="volume_notification_down")
    assert _system(device)["volume_notification"] == 0
    assert node(device, id="volume_notification_down")["enabled"] is False
    tap(device, id="volume_call_step:15")
    tap(device, id="volume_alarm_up")
    tap(device, id="dnd_switch", scroll=2)
    s = _system(device)
    assert (s["volume_call"], s["volume_alarm"], s["do_not_disturb"]) == (15, 7, True)


# ----- Apps, permissions, notifications
def _open_notes_permissions(device: Device) -> None:
    tap(device, id="nav_apps")
    tap(device, id="app:notes", scroll=6)
    assert route(device) == "/apps/notes"
    tap(device, id="app_permissions")
    assert route(device) == "/apps/notes/permissions"


def test_apps_list_and_app_info(device: Device) -> None:
    device.kernel.permissions.grant("notes", "camera")
    device.kernel.permissions.grant("notes", "location")
    tap(device, id="nav_apps")
    for app_id in ("files", "notes", "settings"):
        assert node(device, id=f"app:{app_id}", scroll=6)
    tap(device, id="app:notes", scroll=6)
    assert node(device, id="app_permissions")["text"] == "Permissions Camera and Location"
    assert node(device, id="app_notifications")["text"] == "Notifications On"
    assert node(device, id="app_battery")["text"] == "Battery 3% use since last full charge"


def test_permission_revoke_flow(device: Device) -> None:
    device.kernel.permissions.grant("notes", "camera")
    _open_notes_permissions(device)
    assert node(device, id="perm:camera")["text"] == "Camera Allowed"
    tap(device, id="perm:camera")
    assert node(device, id="permission_dialog")["text"] == "Camera permission"
    assert node(device, id="perm_allow")["checked"] is True
    tap(device, id="perm_deny")
    assert _os(device)["permissions"]["notes"]["camera"] == "denied"
    assert route(device) == "/apps/notes/permissions"  # the choice closes the dialog
    assert node(device, id="perm:camera")["text"] == "Camera Not allowed"


def test_permission_grant_flow_and_no_op_deny(device: Device) -> None:
    _open_notes_permissions(device)
    tap(device, id="perm:location")
    tap(device, id="perm_deny_row")  # already not allowed: nothing is written
    assert "notes" not in _os(device)["permissions"]
    tap(device, id="perm:location")
    tap(device, id="perm_allow_row")
    assert _os(device)["permissions"] == {"notes": {"location": "granted"}}
    _open(device, "/location")
    tap(device, id="location_app:notes", scroll=6)
    assert route(device) == "/apps/notes/permissions"


def test_back_closes_the_permission_dialog(device: Device) -> None:
    _open_notes_permissions(device)
    tap(device, id="perm:camera")
    assert "dialog=permission" in route(device)
    device.handle_back()
    assert route(device) == "/apps/notes/permissions"
    tap(device, id="perm:camera")
    tap(device, id="perm_cancel")
    assert route(device) == "/apps/notes/permissions"
    assert _os(device)["permissions"] == {}


def test_app_notifications_switch(device: Device) -> None:
    tap(device, id="nav_apps")
    tap(device, id="app:messages", scroll=6)
    tap(device, id="app_notifications")
    assert route(device) == "/apps/messages/notifications"
    assert node(device, id="app_notifications_switch")["checked"] is True
    tap(device, id="app_notifications_switch")
    assert _os(device)["settings"]["app_notifications"] == {"messages": False}
    device.handle_back()
    assert node(device, id="app_notifications")["text"] == "Notifications Off"
    _open(device, "/notifications")
    assert node(device, id="notif_switch:messages", scroll=6)["checked"] is False
    tap(device, id="notif_switch:messages_row", scroll=6)
    tap(device, id="notif_switch:gallery")
    assert _os(device)["settings"]["app_notifications"] == {"gallery": False}


def test_notifications_of_a_blocked_app_are_not_shown(device: Device) -> None:
    notifications = device.kernel.notifications
    _open(device, "/notifications")
    tap(device, id="notif_switch:notes", scroll=6)
    notifications.post("notes", "Reminder", "Buy milk")
    notifications.post("messages", "Ana", "Hi")
    assert [(n.app_id, n.title) for n in notifications.items] == [("messages", "Ana")]
    assert notifications.heads_up.title == "Ana"
    tap(device, id="notif_switch:notes", scroll=6)
    notifications.post("notes", "Reminder", "Buy milk")
    assert [n.app_id for n in notifications.items] == ["notes", "messages"]
    # the switch survives a snapshot: the service still reads the restored settings
    tap(device, id="notif_switch:notes", scroll=6)
    clone = device.clone()
    clone.kernel.notifications.post("notes", "Again", "")
    assert [n.title for n in clone.kernel.notifications.items] == ["Reminder", "Ana"]


def test_permission_manager_lists_apps_per_permission(device: Device) -> None:
    device.kernel.permissions.grant("gallery", "camera")
    device.kernel.permissions.grant("messages", "camera")
    device.kernel.permissions.revoke("notes", "camera")
    tap(device, id="nav_apps")
    tap(device, id="nav_permission_manager")
    installed = len(device.kernel.packages.manifests())  # grows with the apps: no count pinned
    assert node(device, id="perm_manager:camera")["text"] == \
        f"Camera 2 of {installed} apps allowed"
    tap(device, id="perm_manager:camera")
    assert route(device) == "/apps/permissions/camera"
    assert node(device, id="perm_app:gallery", scroll=6)["text"] == "Gallery Allowed"
    tap(device, id="perm_app:messages", scroll=6)
    tap(device, id="perm_deny")
    assert _os(device)["permissions"]["messages"]["camera"] == "denied"
    assert node(device, id="perm_app:messages", scroll=6)["text"] == "Messages Not allowed"
    assert node(device, id="perm_app:notes", scroll=6)["text"] == "Notes Not allowed"


# ----- Location, storage, battery, about
def test_location_switch(device: Device) -> None:
    tap(device, id="nav_location", scroll=3)
    assert "No apps have location access" in screen_text(device)
    tap(device, id="location_switch")
    state = _os(device)
    assert state["settings"]["global"]["location_on"] is False
    assert state["location"]["enabled"] is False


def test_storage_categories_and_empty_trash(device: Device) -> None:
    tap(device, id="nav_storage", scroll=3)
    assert node(device, id="storage_used")["text"] == "46.3"
    assert node(device, id="storage_total")["text"] == "GB used of 128 GB"
    assert node(device, id="storage:videos")["text"] == "Videos 12.1 GB"
    assert node(device, id="storage:system")["clickable"] is False
    tap(device, id="storage:trash", scroll=2)
    tap(device, id="trash_cancel")
    assert _os(device)["hardware"]["storage"]["used_gb"] == 46.3
    tap(device, id="storage:trash")
    tap(device, id="trash_confirm")
    storage = _os(device)["hardware"]["storage"]
    assert (storage["used_gb"], storage["categories"]["trash"]) == (45.6, 0)
    assert _toast(device) == "0.7 GB freed"
    assert node(device, id="storage:trash")["clickable"] is False


def test_battery_page(device: Device) -> None:
    device.kernel.set_preference("battery_level", 12)
    tap(device, id="nav_battery", scroll=3)
    assert node(device, id="battery_level")["text"] == "12%"
    assert node(device, id="battery_status")["text"] == "About 2 hr left"
    usage = [n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("usage:")]
    assert usage[:3] == ["usage:gallery", "usage:messages", "usage:files"]
    tap(device, id="battery_saver_switch")
    assert _os(device)["hardware"]["battery"]["power_save"] is True
    device.kernel.set_preference("charging", True)
    device.invalidate()
    assert node(device, id="battery_status")["text"] == "Charging"


def test_about_phone_and_device_name(device: Device) -> None:
    tap(device, id="nav_about", scroll=3)
    for key, value in (("android_version", "14"), ("build_number", "MG1A.260302.001"),
                       ("model", "MG-1"), ("phone_number", "+1 415-555-0100"),
                       ("security_patch", "March 2, 2026")):
        assert node(device, id=key, scroll=2)["text"] == value
    _open(device, "/about")
    tap(device, id="device_name_row")
    tap(device, id="device_name_input")
    tap(device, id="device_name_input:clear")
    device.type_text("   ")
    tap(device, id="device_name_dialog:confirm")
    assert node(device, id="device_name_dialog:error")["text"].startswith("Must be a non-empty")
    tap(device, id="device_name_input:clear")
    device.type_text("Ana's Pixel")
    device.press_enter()  # Enter submits the field
    assert not has(device, id="device_name_dialog")
    assert _os(device)["settings"]["global"]["device_name"] == "Ana's Pixel"
    assert node(device, id="about_title")["text"] == "Ana's Pixel"


def test_browse_files_is_a_same_task_viewer_push(device: Device) -> None:
    settings_task = device.active_task_id
    _open(device, "/storage")
    tap(device, id="browse_files", scroll=3)
    task = device.kernel.tasks.tasks[settings_task]
    assert device.active_task_id == settings_task
    assert [a.app_id for a in task.stack] == ["settings", "files"]
    assert [t.root_app_id for t in device.tasks] == ["settings"]
    assert task.top.route.startswith("/dir?path=/sdcard/Download")
    # Back at the Files root pops Files and reveals Settings; no Files task is left behind
    assert device.handle_back() == "os.finishTopActivity"
    assert [a.app_id for a in task.stack] == ["settings"]
    assert route(device) == "/storage"
    assert device.kernel.tasks.task_for_app("files") is None


def test_files_app_bar_back_arrow_returns_to_settings(device: Device) -> None:
    _open(device, "/storage")
    tap(device, id="browse_files", scroll=3)
    tap(device, text="Back", role="button")
    assert [a.app_id for a in device.kernel.tasks.active_task.stack] == ["settings"]
    assert route(device) == "/storage"


# ----- robustness
def test_unknown_records_and_bad_queries_do_not_crash(device: Device) -> None:
    for path, message in (("/apps/nope", "App not found"),
                          ("/apps/nope/permissions", "App not found"),
                          ("/network/wifi/Nowhere", "Nowhere is not saved or in range."),
                          ("/bluetooth/device/00%3A00", "This device is no longer saved."),
                          ("/apps/permissions/bogus", "Unknown permission")):
        _open(device, path)
        assert message in screen_text(device), path
    _open(device, "/apps/notes/permissions?dialog=permission&perm=bogus")
    assert not has(device, id="perm_allow")
    _open(device, "/bluetooth/pair?dialog=pair&address=zz")
    assert not has(device, id="pair_dialog")
    _open(device, "/network/internet?dialog=join")
    assert not has(device, id="join")


ROUTES = ("/", "/search", "/network", "/network/internet", "/network/saved",
          "/network/wifi/Home-5G", "/network/hotspot", "/bluetooth", "/bluetooth/pair",
          f"/bluetooth/device/{BUDS}", "/apps", "/apps/permissions", "/apps/permissions/camera",
          "/apps/files", "/apps/files/permissions", "/apps/files/notifications",
          "/notifications", "/display", "/display/font", "/sound", "/battery", "/storage",
          "/location", "/about", "/apps/notes/permissions?dialog=permission&perm=sms",
          "/network/internet?dialog=join&ssid=NETGEAR-7F21", "/display?dialog=timeout",
          "/storage?dialog=trash", "/about?dialog=device_name",
          "/network/internet?dialog=wifi_menu&ssid=Home-2.4G")


def test_every_screen_renders() -> None:
    d = Device()
    d.launch_app("settings")
    for r in ROUTES:
        d.open_app("settings", r)
        frame = d.render()
        assert frame.shape == (800, 360, 3)
        assert frame.std() > 5, r
    assert d.crashes == []
