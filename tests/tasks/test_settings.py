"""Settings judges on hand-built states: a booted phone's state after the task's setup, and a
copy edited by hand into the right end state, a near miss, or the right one plus collateral."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from mobilegym_env.device import Device
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.kernel.managers import lease_address
from mobilegym_env.tasks import settings as S

BUDS, CAR = "4C:87:5D:12:A0:3F", "00:1E:7C:44:B2:91"


def _start(cls: type, **params: Any) -> tuple[Any, dict[str, Any]]:
    """The task and its initial state (after setup, seeded)."""
    task = cls(params)
    device = Device()
    task.initialize(device, np.random.default_rng(7))
    return task, device.state()


def _edit(state: dict[str, Any], **paths: Any) -> dict[str, Any]:
    """A copy of ``state`` with dotted paths (``os__hardware__wifi__connected``) set."""
    out = copy.deepcopy(state)
    for path, value in paths.items():
        *keys, last = path.split("__")
        node = out
        for key in keys:
            node = node[key]
        node[last] = value
    return out


def _unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# ----- radios
def test_wifi_off_needs_the_disconnect_and_nothing_else():
    task, initial = _start(S.WifiToggle, on=False)
    assert initial["os"]["settings"]["global"]["wifi_on"] is True
    off = _edit(initial, os__settings__global__wifi_on=False,
                os__hardware__wifi__connected=False)
    assert task.judge(initial, off).success
    still_connected = _edit(initial, os__settings__global__wifi_on=False)
    assert not task.judge(initial, still_connected).success
    also_bt = _edit(off, os__settings__global__bluetooth_on=True)
    v = task.judge(initial, also_bt)
    assert v.checks[0].passed and not v.clean
    assert _unexpected(v) == ["os.settings.global.bluetooth_on: false -> true"]
    assert not task.judge(initial, initial).success


def test_wifi_on_rejoins_the_saved_network():
    task, initial = _start(S.WifiToggle, on=True)
    assert initial["os"]["hardware"]["wifi"]["connected"] is False
    on = _edit(initial, os__settings__global__wifi_on=True, os__hardware__wifi__connected=True)
    assert task.judge(initial, on).success
    assert not task.judge(initial, _edit(initial, os__settings__global__wifi_on=True)).success


def test_airplane_mode_cascade_is_expected_not_collateral():
    task, initial = _start(S.AirplaneMode, bluetooth_device=CAR, hotspot=True)
    cascade = dict(os__settings__global__airplane_mode=True, os__settings__global__wifi_on=False,
                   os__hardware__wifi__connected=False,
                   os__settings__global__bluetooth_on=False,
                   os__hardware__bluetooth__connected=None,
                   os__settings__global__mobile_data_on=False, os__hardware__hotspot__on=False)
    assert task.judge(initial, _edit(initial, **cascade)).success
    # a hand-made state with the switch on but the radios still on is not airplane mode
    v = task.judge(initial, _edit(initial, os__settings__global__airplane_mode=True))
    assert not v.success and "bluetooth_on: expected false" in v.checks[0].detail
    v = task.judge(initial, _edit(initial, **cascade, os__settings__global__location_on=False))
    assert v.checks[0].passed and not v.clean


def test_airplane_keep_wifi_needs_wifi_back_on():
    task, initial = _start(S.AirplaneKeepWifi, bluetooth_device=None)
    done = _edit(initial, os__settings__global__airplane_mode=True,
                 os__settings__global__mobile_data_on=False)
    assert task.judge(initial, done).success
    no_wifi = _edit(done, os__settings__global__wifi_on=False,
                    os__hardware__wifi__connected=False)
    assert not task.judge(initial, no_wifi).success


def test_hotspot_setup_needs_name_password_and_switch():
    task, initial = _start(S.HotspotSetup, hotspot_name="Road Trip", password="saffron7ribbon")
    hotspot = {"on": True, "name": "Road Trip", "password": "saffron7ribbon"}
    assert task.judge(initial, _edit(initial, os__hardware__hotspot=hotspot)).success
    off = _edit(initial, os__hardware__hotspot={**hotspot, "on": False})
    assert not task.judge(initial, off).success
    typo = _edit(initial, os__hardware__hotspot={**hotspot, "password": "Saffron7ribbon"})
    assert not task.judge(initial, typo).success


# ----- Wi-Fi networks
def _joined(state: dict[str, Any], ssid: str, password: str) -> dict[str, Any]:
    out = copy.deepcopy(state)
    wifi = out["os"]["hardware"]["wifi"]
    net = next(n for n in wifi["nearby"] if n["id"] == ssid)
    wifi.update(ssid=ssid, signal=net["signal"], connected=True,
                ip_address=lease_address(ssid))
    wifi["saved_networks"].append({"id": ssid, "ssid": ssid, "security": net["security"],
                                   "password": password})
    return out


def test_connect_wifi_right_network_only():
    task, initial = _start(S.ConnectWifi, ssid="TP-Link_3C8A", password="marble-owl-17")
    assert task.judge(initial, _joined(initial, "TP-Link_3C8A", "marble-owl-17")).success
    look_alike = _joined(initial, "TP-Link_3C8A_5G", "marble-owl-17")
    v = task.judge(initial, look_alike)
    assert not v.success and not v.clean
    forgot_one = _joined(initial, "TP-Link_3C8A", "marble-owl-17")
    forgot_one["os"]["hardware"]["wifi"]["saved_networks"] = [
        n for n in forgot_one["os"]["hardware"]["wifi"]["saved_networks"]
        if n["id"] != "Cafe-Guest"]
    v = task.judge(initial, forgot_one)
    assert v.checks[0].passed and not v.success
    assert _unexpected(v) == ['os.hardware.wifi.saved_networks[id="Cafe-Guest"] (deleted)']


def test_forget_network_exactly_that_one():
    task, initial = _start(S.ForgetNetwork, ssid="Office-WiFi")

    def without(*ssids: str) -> dict[str, Any]:
        out = copy.deepcopy(initial)
        wifi = out["os"]["hardware"]["wifi"]
        wifi["saved_networks"] = [n for n in wifi["saved_networks"] if n["id"] not in ssids]
        return out

    assert task.judge(initial, without("Office-WiFi")).success
    v = task.judge(initial, without("Office-WiFi", "Cafe-Guest"))
    assert v.checks[0].passed and not v.clean
    assert not task.judge(initial, without("Cafe-Guest")).success


# ----- Bluetooth
def test_bluetooth_connect_turns_it_on_and_switches_device():
    task, initial = _start(S.BluetoothConnect, address=BUDS, device_name="Pixel Buds Pro")
    done = _edit(initial, os__settings__global__bluetooth_on=True,
                 os__hardware__bluetooth__connected=BUDS)
    assert task.judge(initial, done).success
    by_name = _edit(done, os__hardware__bluetooth__connected="Pixel Buds Pro")
    assert not task.judge(initial, by_name).success  # the manager stores the address
    decoy = "4C:87:5D:3E:11:C8"  # Pixel Buds A-Series
    assert not task.judge(initial, _edit(done, os__hardware__bluetooth__connected=decoy)).success


def test_bluetooth_rename_exact_name():
    task, initial = _start(S.BluetoothRename, address=CAR, device_name="Car Audio",
                           new_name="My Car")

    def renamed(name: str, index: int = 1) -> dict[str, Any]:
        out = copy.deepcopy(initial)
        out["os"]["hardware"]["bluetooth"]["paired_devices"][index]["name"] = name
        return out

    assert task.judge(initial, renamed("My Car")).success
    assert not task.judge(initial, renamed("My car")).success
    both = renamed("My Car")
    both["os"]["hardware"]["bluetooth"]["paired_devices"][0]["name"] = "My Car"
    v = task.judge(initial, both)
    assert v.checks[0].passed and not v.clean


def test_bluetooth_forget_and_pair():
    task, initial = _start(S.BluetoothForget, address=CAR, device_name="Car Audio")
    gone = copy.deepcopy(initial)
    bt = gone["os"]["hardware"]["bluetooth"]
    bt["paired_devices"] = [d for d in bt["paired_devices"] if d["id"] != CAR]
    assert task.judge(initial, gone).success
    task, initial = _start(S.BluetoothPair, address="AC:80:0A:5D:33:E9",
                           device_name="WH-1000XM5", bluetooth_on=False)
    paired = copy.deepcopy(initial)
    bt = paired["os"]["hardware"]["bluetooth"]
    dev = next(d for d in bt["nearby"] if d["id"] == "AC:80:0A:5D:33:E9")
    bt["nearby"].remove(dev)
    bt["paired_devices"].append(dev)
    bt["connected"] = dev["id"]
    paired["os"]["settings"]["global"]["bluetooth_on"] = True
    assert task.judge(initial, paired).success
    bt["connected"] = None  # paired but not connected: not what Pair does
    assert not task.judge(initial, paired).success


# ----- levels and choices
def test_brightness_exact_level():
    task, initial = _start(S.Brightness, level=45, start_level=80)
    assert initial["os"]["settings"]["system"]["brightness"] == 80
    assert task.judge(initial, _edit(initial, os__settings__system__brightness=45)).success
    assert not task.judge(initial, _edit(initial, os__settings__system__brightness=44)).success
    v = task.judge(initial, _edit(initial, os__settings__system__brightness=45,
                                  os__settings__system__volume_media=3))
    assert v.checks[0].passed and not v.clean


def test_volume_and_dnd_alarm():
    task, initial = _start(S.Volume, stream="alarm", level=12)
    assert task.judge(initial, _edit(initial, os__settings__system__volume_alarm=12)).success
    wrong_stream = _edit(initial, os__settings__system__volume_ring=12)
    assert not task.judge(initial, wrong_stream).success
    task, initial = _start(S.DoNotDisturbAlarm, level=11)
    both = _edit(initial, os__settings__system__volume_alarm=11,
                 os__settings__system__do_not_disturb=True)
    assert task.judge(initial, both).success
    v = task.judge(initial, _edit(initial, os__settings__system__do_not_disturb=True))
    assert not v.success and v.progress == 0.5


def test_font_size_and_timeout():
    task, initial = _start(S.FontSize, size="large", start_size="small")
    assert initial["os"]["settings"]["system"]["font_scale"] == 0.85
    assert task.judge(initial, _edit(initial, os__settings__system__font_scale=1.15)).success
    assert not task.judge(initial, _edit(initial, os__settings__system__font_scale=1.3)).success
    task, initial = _start(S.ScreenTimeout, timeout="5 minutes")
    assert task.judge(initial, _edit(initial, os__settings__system__screen_timeout_s=300)).success
    assert not task.judge(initial, _edit(initial,
                                         os__settings__system__screen_timeout_s=600)).success


# ----- apps
def test_permission_revoke_for_one_app():
    task, initial = _start(S.Permission, app_id="gallery", perm="camera", grant=False)
    assert initial["os"]["permissions"]["gallery"]["camera"] == "granted"
    revoked = copy.deepcopy(initial)
    revoked["os"]["permissions"]["gallery"]["camera"] = "denied"
    assert task.judge(initial, revoked).success
    collateral = copy.deepcopy(revoked)
    collateral["os"]["permissions"].setdefault("notes", {})["camera"] = "granted"
    v = task.judge(initial, collateral)
    assert v.checks[0].passed and not v.clean


def test_revoke_everywhere_misses_none():
    task, initial = _start(S.RevokeEverywhere, perm="camera")
    holders = S._granted(initial, "camera")
    assert len(holders) >= 2
    final = copy.deepcopy(initial)
    for app_id in holders:
        final["os"]["permissions"][app_id]["camera"] = "denied"
    assert task.judge(initial, final).success
    final["os"]["permissions"][holders[0]]["camera"] = "granted"
    assert not task.judge(initial, final).success


def test_app_notifications_on_and_off():
    task, initial = _start(S.AppNotifications, app_id="messages", on=False, also_blocked="notes")
    assert initial["os"]["settings"]["app_notifications"] == {"notes": False}
    off = _edit(initial, os__settings__app_notifications={"notes": False, "messages": False})
    assert task.judge(initial, off).success
    unblocked_decoy = _edit(initial, os__settings__app_notifications={"messages": False})
    v = task.judge(initial, unblocked_decoy)
    assert v.checks[0].passed and not v.clean
    task, initial = _start(S.AppNotifications, app_id="messages", on=True, also_blocked=None)
    assert task.judge(initial, _edit(initial, os__settings__app_notifications={})).success


def test_mute_battery_hog_is_the_top_app():
    task, initial = _start(S.MuteBatteryHog, top_app="files")
    usage = initial["os"]["hardware"]["battery"]["usage"]
    assert max(usage, key=lambda u: u["percent"])["id"] == "files"
    assert task.judge(initial, _edit(initial, os__settings__app_notifications={
        "files": False})).success
    v = task.judge(initial, _edit(initial, os__settings__app_notifications={"gallery": False}))
    assert not v.success and not v.clean


# ----- questions
@pytest.mark.parametrize(("cls", "params", "right", "wrong"), [
    (S.StorageUsed, {}, ["46.3 GB", "46.3", "About 46.3 GB are used"], ["46", "46.4", "81.7"]),
    (S.AndroidVersion, {"version": "13"}, ["Android 13", "13", "thirteen"], ["14", "12"]),
    (S.BatteryLevel, {"level": 42}, ["8 hr", "about 8 hours", "It will last 8 more hours"],
     ["42%", "9 hours", "8 or 9 hours"]),
    (S.BatteryHog, {"top_app": "gallery"}, ["Gallery", "gallery app", "The Gallery app"],
     ["Messages", "Gallery and Messages"]),
])
def test_answers(cls, params, right, wrong):
    task = cls(params)
    device = Device()
    if cls is not S.StorageUsed:  # the default 46.3 GB used
        task.initialize(device, np.random.default_rng(3))
    initial = device.state()
    for answer in right:
        assert task.judge(initial, initial, answer).success, answer
    for answer in wrong:
        assert not task.judge(initial, initial, answer).success, answer
    assert not task.judge(initial, initial, None).success


def test_network_answers_follow_the_seeded_network():
    task, initial = _start(S.ConnectedNetwork)
    ssid = initial["os"]["hardware"]["wifi"]["ssid"]
    assert task.judge(initial, initial, ssid).success
    assert task.judge(initial, initial, ssid.lower().replace("-", " ")).success
    others = [n["id"] for n in initial["os"]["hardware"]["wifi"]["nearby"] if n["id"] != ssid]
    assert not task.judge(initial, initial, others[0]).success
    task, initial = _start(S.IpAddress)
    ip = initial["os"]["hardware"]["wifi"]["ip_address"]
    assert task.judge(initial, initial, ip).success
    assert task.judge(initial, initial, f"It's {ip}").success
    near = ip[:-1] + str((int(ip[-1]) + 1) % 10)
    assert not task.judge(initial, initial, near).success


def test_permission_holders_need_every_app():
    task, initial = _start(S.PermissionHolders, perm="microphone")
    names = [S._app_name(a) for a in S._granted(initial, "microphone")]
    assert task.judge(initial, initial, " and ".join(names)).success
    assert task.judge(initial, initial, ", ".join(reversed(names))).success
    assert not task.judge(initial, initial, ", ".join([*names, "Settings"])).success
    if len(names) > 1:
        assert not task.judge(initial, initial, names[0]).success


def test_storage_category_and_paired_count():
    task, initial = _start(S.StorageCategory, category="videos")
    videos = initial["os"]["hardware"]["storage"]["categories"]["videos"]
    assert task.judge(initial, initial, f"{videos} GB").success
    assert not task.judge(initial, initial, f"{videos + 0.1:.1f} GB").success
    task, initial = _start(S.PairedCount, forget=(BUDS, CAR))
    assert task.judge(initial, initial, "4").success
    assert task.judge(initial, initial, "four devices").success
    assert not task.judge(initial, initial, "6").success


@pytest.mark.parametrize(("task_id", "params", "message"), [
    ("settings.connect_wifi", {"ssid": "TP-Link_3C8A", "password": "marble-owl-18"},
     "wrong password"),
    ("settings.connect_wifi", {"ssid": "Home-2.4G", "password": "sunflower42"},
     "not an unsaved secured network"),
    ("settings.forget_network", {"ssid": "Home-5G"}, "other than the connected one"),
    ("settings.bluetooth_rename", {"address": BUDS, "device_name": "Car Audio",
                                   "new_name": "X"}, "no paired Bluetooth device 'Car Audio'"),
    ("settings.airplane_mode", {"bluetooth_device": "nope", "hotspot": False}, "nope"),
    ("settings.battery_level", {"level": 140}, "0..100"),
    ("settings.screen_timeout", {"timeout": "45 seconds"}, "no timeout option '45 seconds'"),
    ("settings.volume", {"stream": "system", "level": 3}, "stream"),
    ("settings.hotspot_setup", {"hotspot_name": "Cabin", "password": "short"},
     "hotspot_password"),
])
def test_bad_params_are_refused_by_name(task_id, params, message):
    env = MobileGymEnv(task=task_id)
    with pytest.raises(ValueError, match=message):
        env.reset(seed=0, options={"params": params})
