"""The broadcast bus and the network service (os-overview.md: "BroadcastBus", managers that
"push a broadcast notification", NetworkService): what managers announce, when and in which
order receivers hear it, and connectivity derived from the radios."""

from __future__ import annotations

import pickle

import pytest

from mobilegym_env.kernel import Kernel
from mobilegym_env.kernel import broadcast as B
from mobilegym_env.kernel.managers import BatteryManager, ConnectivityManager, HardwareManager
from mobilegym_env.kernel.network import NetworkService
from mobilegym_env.kernel.os_state import OsState
from mobilegym_env.kernel.package_manager import AppManifest, InstalledApp, PackageManager

heard: list[tuple[str, str, dict, bool]] = []  # (receiver, action, extras, wifi_on when heard)


def _hear(tag, kernel, b):
    heard.append((tag, b.action, dict(b.extras), kernel.os_state.get("settings.global.wifi_on")))


def static_receiver(kernel, b):
    _hear("manifest", kernel, b)


def dynamic_receiver(kernel, b):
    _hear("registered", kernel, b)


def other_receiver(kernel, b):
    _hear("other", kernel, b)


def crashing_receiver(kernel, b):
    raise ValueError("receiver bug")


def resending_receiver(kernel, b):
    _hear("resender", kernel, b)
    kernel.broadcasts.send("APP_FOLLOW_UP", {"from": b.action})


def kernel_with_receivers(*receivers: B.Receiver) -> Kernel:
    apps = {"weather": InstalledApp(AppManifest("weather", "Weather", "app", receivers=receivers),
                                    "synthetic.weather"),
            "notes": InstalledApp(AppManifest("notes", "Notes", "app"), "synthetic.notes")}
    return Kernel(PackageManager(apps))


@pytest.fixture(autouse=True)
def _clear():
    heard.clear()


def actions():
    out = [a for _, a, _, _ in heard]
    heard.clear()
    return out


def test_airplane_mode_cascade_is_announced_after_the_change_in_order():
    k = kernel_with_receivers(*(B.Receiver(a, static_receiver) for a in B.SYSTEM_ACTIONS))
    k.set_preference("airplane_mode", True)
    assert actions() == [B.ACTION_AIRPLANE_MODE_CHANGED, B.ACTION_WIFI_STATE_CHANGED,
                         B.ACTION_MOBILE_DATA_CHANGED, B.ACTION_CONNECTIVITY_CHANGE]
    k.set_preference("airplane_mode", True)  # no change: nothing to announce
    assert actions() == []


def test_receivers_see_the_final_state_not_a_half_done_cascade():
    k = kernel_with_receivers(B.Receiver(B.ACTION_AIRPLANE_MODE_CHANGED, static_receiver))
    k.set_preference("airplane_mode", True)
    assert heard == [("manifest", B.ACTION_AIRPLANE_MODE_CHANGED, {"on": True}, False)]


def test_connectivity_change_carries_the_new_status():
    k = kernel_with_receivers(B.Receiver(B.ACTION_CONNECTIVITY_CHANGE, static_receiver))
    k.set_preference("wifi", False)
    assert heard[-1][2] == {"status": "metered", "transport": "cellular", "metered": True,
                            "vpn": False}
    k.set_preference("mobile_data", False)
    assert heard[-1][2]["status"] == "offline"
    k.set_preference("brightness", 10)  # unrelated: connectivity is not re-announced
    assert len(heard) == 2


def test_manifest_receivers_first_then_registered_ones_in_registration_order():
    k = kernel_with_receivers(B.Receiver(B.ACTION_BATTERY_CHANGED, static_receiver))
    k.broadcasts.register("notes", B.ACTION_BATTERY_CHANGED, other_receiver)
    k.broadcasts.register("notes", B.ACTION_BATTERY_CHANGED, dynamic_receiver)
    k.broadcasts.register("notes", B.ACTION_BATTERY_CHANGED, dynamic_receiver)  # no-op
    k.set_preference("battery_level", 15)
    assert [(tag, extras) for tag, _, extras, _ in heard] == [
        ("manifest", {"level": 15, "charging": False}),
        ("other", {"level": 15, "charging": False}),
        ("registered", {"level": 15, "charging": False})]
    assert k.broadcasts.unregister("notes", B.ACTION_BATTERY_CHANGED) == 2
    heard.clear()
    k.set_preference("charging", True)
    assert [tag for tag, *_ in heard] == ["manifest"]


def test_a_manager_called_directly_is_delivered_at_the_steps_tick():
    k = kernel_with_receivers(B.Receiver(B.ACTION_VPN_STATE_CHANGED, static_receiver))
    HardwareManager(k.os_state).set_vpn(True)  # as an app's handler would
    assert heard == [] and k.broadcasts.pending == 1
    k.tick(0)
    assert actions() == [B.ACTION_VPN_STATE_CHANGED]


def test_broadcasts_sent_by_receivers_are_delivered_too():
    k = kernel_with_receivers(B.Receiver(B.ACTION_HEADSET_PLUG, resending_receiver),
                              B.Receiver("APP_FOLLOW_UP", static_receiver))
    k.set_preference("headset", True)
    assert [(tag, a) for tag, a, *_ in heard] == [("resender", B.ACTION_HEADSET_PLUG),
                                                  ("manifest", "APP_FOLLOW_UP")]
    assert [b.action for b in k.broadcasts.log] == [B.ACTION_HEADSET_PLUG, "APP_FOLLOW_UP"]


def test_a_crashing_receiver_is_its_apps_crash_and_delivery_goes_on():
    k = kernel_with_receivers(B.Receiver(B.ACTION_ALARM_STATE_CHANGED, crashing_receiver))
    k.broadcasts.register("notes", B.ACTION_ALARM_STATE_CHANGED, dynamic_receiver)
    k.launch_app("weather")
    k.set_preference("alarm_active", True)
    assert k.crashes == ["weather: ValueError: receiver bug"]
    assert k.tasks.task_for_app("weather") is None
    assert [tag for tag, *_ in heard] == ["registered"]


def test_bad_registrations_and_sends_change_nothing():
    k = kernel_with_receivers()
    with pytest.raises(ValueError, match="lambda"):
        k.broadcasts.register("notes", B.ACTION_BATTERY_CHANGED, lambda kernel, b: None)
    with pytest.raises(ValueError, match="action"):
        k.broadcasts.register("notes", "", dynamic_receiver)
    with pytest.raises(ValueError, match="app_id"):
        k.broadcasts.register("", B.ACTION_BATTERY_CHANGED, dynamic_receiver)
    with pytest.raises(ValueError, match="extras"):
        k.broadcasts.send("X", ["not", "a", "dict"])
    with pytest.raises(ValueError, match="receivers"):
        AppManifest("x", "X", "app", receivers=(("ACTION", dynamic_receiver),))
    assert k.broadcasts.receivers(B.ACTION_BATTERY_CHANGED) == [] and k.broadcasts.pending == 0


def test_registrations_are_volatile_and_snapshots_keep_them():
    k = kernel_with_receivers()
    k.broadcasts.register("notes", B.ACTION_BATTERY_CHANGED, dynamic_receiver)
    clone = pickle.loads(k.snapshot())
    clone.set_preference("battery_level", 5)
    assert actions() == [B.ACTION_BATTERY_CHANGED]
    k.reboot()
    k.set_preference("battery_level", 5)
    assert actions() == []


def test_a_standalone_model_announces_to_nobody():
    s = OsState()
    ConnectivityManager(s).set_airplane_mode(True)  # judges simulate managers like this
    assert s.listener is None and s.get("settings.global.airplane_mode") is True


# ----- the network service
@pytest.mark.parametrize(("changes", "status", "transport"), [
    ({}, "online", "wifi"),
    ({"wifi": False}, "metered", "cellular"),
    ({"wifi": False, "mobile_data": False}, "offline", None),
    ({"airplane_mode": True}, "offline", None),
    ({"airplane_mode": True, "wifi": True}, "online", "wifi"),  # Wi-Fi back on in the air
    ({"mobile_data": False}, "online", "wifi"),
])
def test_connectivity_table(changes, status, transport):
    k = Kernel.boot()
    for key, value in changes.items():
        k.set_preference(key, value)
    assert (k.network.status, k.network.transport) == (status, transport)
    assert k.network.online is (status != "offline")
    assert k.state()["os"]["network"]["metered"] is (status == "metered")


def test_disconnected_wifi_and_no_signal():
    s = OsState()
    net = NetworkService(s)
    ConnectivityManager(s).disconnect_wifi()
    assert net.status == "metered"
    s._set("hardware.cellular.signal", 0)
    assert net.status == "offline"


def test_vpn_counts_only_when_online():
    k = Kernel.boot()
    HardwareManager(k.os_state).set_vpn(True)
    assert k.network.state()["vpn"] is True
    k.set_preference("airplane_mode", True)
    assert k.network.state() == {"status": "offline", "transport": None, "metered": False,
                                 "vpn": False}


def test_battery_manager_announces_level_and_charging_together():
    k = kernel_with_receivers(B.Receiver(B.ACTION_BATTERY_CHANGED, static_receiver))
    BatteryManager(k.os_state).set_charging(True)
    k.tick(0)
    assert heard[-1][2] == {"level": 78, "charging": True}
