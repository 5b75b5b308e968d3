import json
import pickle

import pytest

from mobilegym_env.kernel.os_state import OsState, default_os_state


def test_defaults():
    s = OsState()
    assert s.get("settings.global") == {
        "airplane_mode": False, "wifi_on": True, "bluetooth_on": False, "mobile_data_on": True,
        "location_on": True, "language": "en-US", "auto_time": True,
    }  # fmt: skip
    assert s.get("settings.system.brightness") == 60
    assert s.get("settings.system.font_scale") == 1.0
    assert s.get("hardware.battery") == {"level": 78, "charging": False, "power_save": False}
    assert s.get("hardware.wifi.ssid") == "Home-5G"
    assert len(s.get("hardware.bluetooth.paired_devices")) == 2
    assert s.get("hardware.bluetooth.connected") is None
    assert s.get("hardware.storage") == {"total_gb": 128, "used_gb": 46.3}
    assert s.get("permissions") == {} and s.get("preferences") == {}
    assert s.state() == default_os_state()


def test_get_errors_name_path():
    s = OsState()
    with pytest.raises(KeyError, match="settings.global.nope"):
        s.get("settings.global.nope")
    with pytest.raises(KeyError, match="wifi_on.x"):
        s.get("settings.global.wifi_on.x")
    with pytest.raises(KeyError):
        s.get("")


def test_set_rules():
    s = OsState()
    s._set("settings.system.brightness", 10)
    assert s.get("settings.system.brightness") == 10
    with pytest.raises(KeyError, match="brightnes"):
        s._set("settings.system.brightnes", 10)  # typos in fixed subtrees are caught
    s._set(("permissions", "com.example.app", "camera"), "granted")
    assert s.get(("permissions", "com.example.app")) == {"camera": "granted"}
    s._set("preferences.theme_color", "blue")
    assert s.state()["preferences"] == {"theme_color": "blue"}
    with pytest.raises(KeyError):
        s._set("nope.x", 1)


def test_copies():
    s = OsState()
    got = s.get("hardware.wifi.saved_networks")
    got.append({"ssid": "evil"})
    snap = s.state()
    snap["settings"]["global"]["wifi_on"] = False
    assert len(s.get("hardware.wifi.saved_networks")) == 3
    assert s.get("settings.global.wifi_on") is True
    data = default_os_state()
    s2 = OsState(data)
    data["settings"]["global"]["wifi_on"] = False
    assert s2.get("settings.global.wifi_on") is True


def test_json_pickle():
    s = OsState()
    json.dumps(s.state())
    assert pickle.loads(pickle.dumps(s)).state() == s.state()
