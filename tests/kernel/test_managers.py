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
    DisplayManager,
    set_preference,
)
from mobilegym_env.kernel.os_state import OsState


def test_airplane_cascade_exact():
    s = OsState()
    c = ConnectivityManager(s)
    c.set_bluetooth(True)
    s._set("hardware.bluetooth.connected", "Car Audio")
    assert c.set_airplane_mode(True) is True
    assert s.get("settings.global") == {
        "airplane_mode": True, "wifi_on": False, "bluetooth_on": False,
        "mobile_data_on": False, "location_on": True, "language": "en-US", "auto_time": True,
    }  # fmt: skip
    assert s.get("hardware.wifi.connected") is False
    assert s.get("hardware.bluetooth.connected") is None
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
    assert hw["hotspot"] == {"on": True} and hw["nfc_on"] is False
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
    assert b.set_level(101) == 100
    d.set_dark_mode(True)
    d.set_auto_brightness(True)
    a.set_do_not_disturb(True)
    b.set_power_save(True)
    b.set_charging(True)
    assert s.get("settings.system") == {
        "brightness": 43, "auto_brightness": True, "volume_media": 7, "volume_ring": 15,
        "volume_alarm": 0, "dark_mode": True, "font_scale": 1.15, "screen_timeout_s": 60,
        "do_not_disturb": True,
    }  # fmt: skip
    assert s.get("hardware.battery") == {"level": 100, "charging": True, "power_save": True}


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
    value = "fr-FR" if key == "language" else (True if "level" not in key else 50)
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
