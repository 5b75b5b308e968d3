import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobilegym_env.kernel.managers import (
    PREFERENCE_KEYS,
    AudioManager,
    BatteryManager,
    ConnectivityManager,
    DeviceManager,
    DisplayManager,
    HardwareManager,
    NotificationManager,
    StorageManager,
    lease_address,
    set_preference,
)
from mobilegym_env.kernel.os_state import BLUETOOTH_NEARBY_PRESETS, OsState


def test_airplane_cascade_exact():
    s = OsState()
    c = ConnectivityManager(s)
    c.set_bluetooth(True)
    s._set("hardware.bluetooth.connected", "Car Audio")
    c.set_hotspot(True)
    assert c.set_airplane_mode(True) is True
    assert s.get("settings.global") == {
        "airplane_mode": True, "wifi_on": False, "bluetooth_on": False,
        "mobile_data_on": False, "location_on": True, "language": "en-US", "auto_time": True,
        "device_name": "MobileGym Phone",
    }  # fmt: skip
    assert s.get("hardware.wifi.connected") is False
    assert s.get("hardware.bluetooth.connected") is None
    assert s.get("hardware.hotspot.on") is False
    # Wi-Fi may be re-enabled during airplane mode, as on Android.
    c.set_wifi(True)
    assert s.get("settings.global.airplane_mode") is True
    assert s.get("settings.global.wifi_on") is True
    assert s.get("hardware.wifi.connected") is True
    # Leaving airplane mode restores nothing by itself.
    c.set_airplane_mode(False)
    assert s.get("settings.global.mobile_data_on") is False
    assert s.get("settings.global.bluetooth_on") is False


def test_other_radios():
    s = OsState()
    c = ConnectivityManager(s)
    c.set_hotspot(True)
    c.set_nfc(False)
    c.set_location(False)
    c.set_mobile_data(False)
    hw = s.get("hardware")
    assert hw["hotspot"]["on"] is True and hw["nfc_on"] is False
    assert s.get("settings.global.location_on") is False
    assert s.get("settings.global.mobile_data_on") is False


def test_display_audio_battery_clamps():
    s = OsState()
    d, a, b = DisplayManager(s), AudioManager(s), BatteryManager(s)
    assert d.set_brightness(150) == 100
    assert d.set_brightness(-3) == 0
    assert d.set_brightness(42.6) == 43
    assert d.set_font_scale(2) == 1.3 and d.set_font_scale(0.1) == 0.85
    assert d.set_font_scale(1.15) == 1.15
    assert a.set_volume("ring", 99) == 15 and a.set_volume("alarm", -1) == 0
    assert a.set_volume("call", 3) == 3 and a.set_volume("notification", 16) == 15
    assert b.set_level(101) == 100
    d.set_dark_mode(True)
    d.set_auto_brightness(True)
    a.set_do_not_disturb(True)
    b.set_power_save(True)
    b.set_charging(True)
    assert s.get("settings.system") == {
        "brightness": 43, "auto_brightness": True, "volume_media": 7, "volume_ring": 15,
        "volume_alarm": 0, "volume_call": 3, "volume_notification": 15, "dark_mode": True,
        "font_scale": 1.15, "screen_timeout_s": 60, "do_not_disturb": True,
    }  # fmt: skip
    battery = s.get("hardware.battery")
    assert (battery["level"], battery["charging"], battery["power_save"]) == (100, True, True)


def test_bad_input_no_change():
    s = OsState()
    before = s.state()
    d = DisplayManager(s)
    for bad in ("80", None, True, math.nan):
        with pytest.raises(ValueError):
            d.set_brightness(bad)
    with pytest.raises(ValueError, match="stream"):
        AudioManager(s).set_volume("system", 3)
    with pytest.raises(ValueError):
        ConnectivityManager(s).set_airplane_mode(1)
    with pytest.raises(ValueError):
        d.set_screen_timeout(0)
    assert s.state() == before


def test_set_preference_routing():
    s = OsState()
    assert set_preference(s, "brightness", 80) == 80
    assert set_preference(s, "volume_media", 20) == 15
    assert set_preference(s, "airplane_mode", True) is True
    assert set_preference(s, "language", "zh-CN") == "zh-CN"
    assert set_preference(s, "dark_mode", True) is True
    assert set_preference(s, "screen_timeout_s", 120) == 120
    glob, sys_ = s.get("settings.global"), s.get("settings.system")
    assert glob["wifi_on"] is False and glob["language"] == "zh-CN"
    assert (sys_["brightness"], sys_["volume_media"], sys_["dark_mode"]) == (80, 15, True)
    before = s.state()
    with pytest.raises(KeyError, match="wallpaper"):
        set_preference(s, "wallpaper", 1)
    with pytest.raises(ValueError):
        set_preference(s, "wifi", "on")
    assert s.state() == before
    json.dumps(before)


@pytest.mark.parametrize("key", PREFERENCE_KEYS)
def test_every_preference_key_routes(key):
    value = "fr-FR" if key in ("language", "device_name", "hotspot_name") else \
        (True if "level" not in key else 50)
    if key == "hotspot_password":
        value = "long enough"
    if key in ("brightness", "font_scale", "screen_timeout_s") or key.startswith("volume_"):
        value = 1
    set_preference(OsState(), key, value)


@given(st.one_of(st.integers(-(10**6), 10**6), st.floats(-1e6, 1e6)))
def test_brightness_clamp_property(v):
    s = OsState()
    got = DisplayManager(s).set_brightness(v)
    assert isinstance(got, int) and 0 <= got <= 100
    assert got == s.get("settings.system.brightness")
    if 0 <= v <= 100:
        assert abs(got - v) <= 0.5


def _wifi(s: OsState) -> tuple:
    w = s.get("hardware.wifi")
    return w["ssid"], w["connected"], w["signal"], [n["id"] for n in w["saved_networks"]]


def test_connect_saved_open_and_secured_networks():
    s = OsState()
    c = ConnectivityManager(s)
    saved = [n["id"] for n in s.get("hardware.wifi.saved_networks")]
    assert c.connect_wifi("Home-2.4G") is True  # saved: no password needed
    assert _wifi(s) == ("Home-2.4G", True, 3, saved)
    assert c.connect_wifi("xfinitywifi") is True  # open: joined and saved
    assert _wifi(s) == ("xfinitywifi", True, 2, [*saved, "xfinitywifi"])
    before = s.state()
    assert c.connect_wifi("NETGEAR-7F21") is False  # secured, unsaved, no password
    assert c.connect_wifi("NETGEAR-7F21", "quietriver8") is False  # near miss
    assert c.connect_wifi("NETGEAR-7F21", "QUIETRIVER88") is False  # passwords are exact
    assert s.state() == before
    assert c.connect_wifi("NETGEAR-7F21", "quietriver88") is True
    assert _wifi(s) == ("NETGEAR-7F21", True, 3, [*saved, "xfinitywifi", "NETGEAR-7F21"])
    # each network leases its own address, the same on every run
    assert s.get("hardware.wifi.ip_address") == lease_address("NETGEAR-7F21") == \
        "192.168.125.60"
    assert s.get("hardware.wifi.saved_networks")[-1] == {
        "id": "NETGEAR-7F21", "ssid": "NETGEAR-7F21", "security": "WPA2",
        "password": "quietriver88"}


def test_connect_errors_change_nothing():
    s = OsState()
    c = ConnectivityManager(s)
    before = s.state()
    with pytest.raises(ValueError, match="Office-WiFi"):
        c.connect_wifi("Office-WiFi")  # saved but out of range
    with pytest.raises(ValueError, match="ssid"):
        c.connect_wifi(3)
    with pytest.raises(ValueError, match="password"):
        c.connect_wifi("NETGEAR-7F21", 12345678)
    c.set_wifi(False)
    off = s.state()
    with pytest.raises(ValueError, match="Wi-Fi is off"):
        c.connect_wifi("Home-2.4G")
    assert s.state() == off
    c.set_wifi(True)
    assert s.state() == before


def test_forget_and_disconnect_wifi():
    s = OsState()
    c = ConnectivityManager(s)
    c.forget_wifi("Cafe-Guest")
    assert "Cafe-Guest" not in _wifi(s)[3] and _wifi(s)[:2] == ("Home-5G", True)
    with pytest.raises(ValueError, match="saved Wi-Fi network 'Cafe-Guest'"):
        c.forget_wifi("Cafe-Guest")
    c.disconnect_wifi()
    assert _wifi(s)[:2] == ("Home-5G", False)
    c.set_wifi(False)
    c.set_wifi(True)  # a disconnected saved network is rejoined when Wi-Fi comes back
    assert _wifi(s)[:2] == ("Home-5G", True)
    c.forget_wifi("Home-5G")  # the current one: disconnects and is not rejoined
    assert _wifi(s)[:2] == ("", False)
    c.set_wifi(False)
    c.set_wifi(True)
    assert _wifi(s)[:2] == ("", False)


BUDS, CAR = "4C:87:5D:12:A0:3F", "00:1E:7C:44:B2:91"
CHARGE5 = "F8:DF:15:B1:42:7C"


def test_bluetooth_connect_turns_it_on_and_switches_device():
    s = OsState()
    c = ConnectivityManager(s)
    c.connect_bluetooth(CAR)
    assert s.get("settings.global.bluetooth_on") is True
    assert s.get("hardware.bluetooth.connected") == CAR
    c.connect_bluetooth(BUDS)
    assert s.get("hardware.bluetooth.connected") == BUDS
    c.disconnect_bluetooth()
    assert s.get("hardware.bluetooth.connected") is None
    assert s.get("settings.global.bluetooth_on") is True
    with pytest.raises(ValueError, match="paired device 'nope'"):
        c.connect_bluetooth("nope")


def test_bluetooth_forget_rename_and_pair():
    s = OsState()
    c = ConnectivityManager(s)
    c.connect_bluetooth(CAR)
    c.forget_bluetooth(CAR)
    assert CAR not in [d["id"] for d in s.get("hardware.bluetooth.paired_devices")]
    assert s.get("hardware.bluetooth.connected") is None
    s._set("hardware.bluetooth.connected", "Pixel Buds Pro")  # legacy: connected by name
    assert c.rename_bluetooth(BUDS, "  My Buds ") == "My Buds"
    assert s.get("hardware.bluetooth.connected") == BUDS  # still connected after the rename
    assert s.get("hardware.bluetooth.paired_devices")[0]["name"] == "My Buds"
    renamed = s.state()
    for bad in ("", "   ", "x" * 33, None):
        with pytest.raises(ValueError):
            c.rename_bluetooth(BUDS, bad)
    assert s.state() == renamed
    c.set_bluetooth(False)
    c.pair_bluetooth(CHARGE5)  # pairing turns Bluetooth on
    assert s.get("settings.global.bluetooth_on") is True
    bt = s.get("hardware.bluetooth")
    assert bt["paired_devices"][-1]["name"] == "JBL Charge 5"
    assert CHARGE5 not in [d["id"] for d in bt["nearby"]]
    assert bt["connected"] == CHARGE5
    with pytest.raises(ValueError, match="discoverable device"):
        c.pair_bluetooth(CHARGE5)


def test_hotspot_name_and_password():
    s = OsState()
    c = ConnectivityManager(s)
    assert c.set_hotspot_name(" Road Trip ") == "Road Trip"
    assert c.set_hotspot_password(" spaced pw ") == " spaced pw "  # a password keeps spaces
    before = s.state()
    for bad in ("short", "x" * 64, 12345678, ""):
        with pytest.raises(ValueError, match="hotspot_password"):
            c.set_hotspot_password(bad)
    with pytest.raises(ValueError, match="hotspot_name"):
        c.set_hotspot_name("n" * 33)
    assert s.state() == before
    assert s.get("hardware.hotspot") == {"on": False, "name": "Road Trip",
                                         "password": " spaced pw "}


def test_build_info_and_battery_usage_for_task_setup():
    s = OsState()
    d = DeviceManager(s)
    assert d.set_build_info("android_version", "15") == "15"
    assert s.get("hardware.build.android_version") == "15"
    b = BatteryManager(s)
    assert b.set_usage("notes", 30.4) == 30
    b.set_usage("gallery", 0)
    b.set_usage("com.example.app", 6)
    assert [(u["id"], u["percent"]) for u in s.get("hardware.battery.usage")] == [
        ("notes", 30), ("messages", 11), ("com.example.app", 6), ("files", 6),
        ("contacts", 4), ("settings", 2)]
    before = s.state()
    with pytest.raises(ValueError, match="unknown build field"):
        d.set_build_info("kernel", "6.1")
    with pytest.raises(ValueError):
        d.set_build_info("model", "")
    with pytest.raises(ValueError):
        b.set_usage("", 3)
    with pytest.raises(ValueError):
        b.set_usage("notes", "3")
    assert s.state() == before


def test_device_name():
    s = OsState()
    assert DeviceManager(s).set_device_name("Ana's Pixel") == "Ana's Pixel"
    assert set_preference(s, "device_name", " Work phone ") == "Work phone"
    assert s.get("settings.global.device_name") == "Work phone"
    with pytest.raises(ValueError, match="device_name"):
        set_preference(s, "device_name", " ")


def test_app_notifications_store_only_blocked_apps():
    s = OsState()
    n = NotificationManager(s)
    assert n.app_notifications("messages") is True
    n.set_app_notifications("messages", False)
    n.set_app_notifications("com.example.app", False)
    assert s.get("settings.app_notifications") == {"messages": False, "com.example.app": False}
    assert n.app_notifications("messages") is False
    n.set_app_notifications("messages", True)
    n.set_app_notifications("notes", True)  # already on: nothing stored
    assert s.get("settings.app_notifications") == {"com.example.app": False}
    before = s.state()
    for app_id, on in (("", False), (None, False), ("notes", 0)):
        with pytest.raises(ValueError):
            n.set_app_notifications(app_id, on)
    assert s.state() == before


def test_storage_categories_sum_to_used():
    s = OsState()
    st_ = StorageManager(s)
    assert st_.set_category("videos", 20.04) == 20.0
    assert s.get("hardware.storage.used_gb") == 54.2
    assert st_.empty_trash() == 0.7
    assert s.get("hardware.storage.used_gb") == 53.5
    assert s.get("hardware.storage.categories.trash") == 0
    before = s.state()
    with pytest.raises(ValueError, match="unknown storage category"):
        st_.set_category("games", 1)
    with pytest.raises(ValueError, match=">= 0"):
        st_.set_category("audio", -1)
    with pytest.raises(ValueError, match="capacity"):
        st_.set_category("videos", 100)
    assert s.state() == before


def test_hardware_flags():
    s = OsState()
    h = HardwareManager(s)
    assert (h.set_vpn(True), h.set_headset(True), h.set_alarm_active(True)) == (True,) * 3
    hw = s.get("hardware")
    assert (hw["vpn_on"], hw["headset_plugged"], hw["alarm_active"]) == (True, True, True)
    for key in ("vpn", "headset", "alarm_active"):
        assert set_preference(s, key, False) is False
    with pytest.raises(ValueError, match="vpn"):
        h.set_vpn("on")
    assert s.get("hardware.vpn_on") is False


def test_bluetooth_nearby_presets_skip_paired_devices():
    s = OsState()
    c = ConnectivityManager(s)
    home = s.get("hardware.bluetooth.nearby")
    assert [d["name"] for d in home] == [d["name"] for d in BLUETOOTH_NEARBY_PRESETS["home"]]
    c.pair_bluetooth("AC:80:0A:5D:33:E9")  # WH-1000XM5, from home
    assert c.set_bluetooth_nearby("none") == []
    c.set_bluetooth_nearby("home")
    assert "AC:80:0A:5D:33:E9" not in [d["address"] for d in s.get("hardware.bluetooth.nearby")]
    assert len(c.set_bluetooth_nearby("office")) == len(BLUETOOTH_NEARBY_PRESETS["office"])
    with pytest.raises(ValueError, match="moon"):
        c.set_bluetooth_nearby("moon")
    # every preset is a list of distinct devices the settings pages can show
    for devices in BLUETOOTH_NEARBY_PRESETS.values():
        assert len({d["address"] for d in devices}) == len(devices)
        assert all(set(d) == {"id", "name", "address", "type"} for d in devices)
