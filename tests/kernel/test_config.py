"""The simulator config (os-overview.md "SIMULATOR_CONFIG layer"): sections, task overrides
validated before boot, and what boot writes into the device."""

from __future__ import annotations

import pytest

from mobilegym_env.kernel import Kernel, KernelConfig
from mobilegym_env.kernel.config import DEFAULT_START_MS, IntentConfig

OVERRIDES = {
    "time": {"start_ms": DEFAULT_START_MS + 3_600_000, "tz_offset_minutes": 60},
    "location": {"preset": "london"},
    "display": {"dark_mode": True, "font_scale": 9.0, "brightness": 35},
    "locale": {"language": "de-DE"},
    "intent": {"chooser": "first_match"},
    "build": {"android_version": "13", "model": "Pixel 7"},
    "telephony": {"carrier": "Vodafone", "network_type": "LTE", "signal": 2},
    "hardware": {"vpn_on": True, "headset_plugged": True, "alarm_active": True,
                 "bluetooth_nearby": "office"},
}


def test_every_section_reaches_the_device():
    k = Kernel.boot(KernelConfig().with_overrides(OVERRIDES))
    os = k.state()["os"]
    assert (os["time"]["now_ms"], os["time"]["tz_offset_minutes"]) == (
        DEFAULT_START_MS + 3_600_000, 60)
    assert os["location"]["city"] == "London"
    system = os["settings"]["system"]
    assert (system["dark_mode"], system["font_scale"], system["brightness"]) == (True, 1.3, 35)
    assert os["settings"]["global"]["language"] == "de-DE"
    assert k.config.intent == IntentConfig("first_match")
    hw = os["hardware"]
    assert (hw["build"]["android_version"], hw["build"]["model"]) == ("13", "Pixel 7")
    assert hw["build"]["build_number"] == "MG1A.260302.001"  # untouched fields stay
    assert hw["cellular"] == {"carrier": "Vodafone", "signal": 2, "network_type": "LTE"}
    assert (hw["vpn_on"], hw["headset_plugged"], hw["alarm_active"]) == (True, True, True)
    assert hw["bluetooth"]["nearby"][0]["name"] == "Jabra Evolve2 65"
    # boot values are the start, not announcements
    assert k.broadcasts.pending == 0 and k.broadcasts.log == []
    assert k.notifications.post("messages", "x") == 1  # services work on the new clock
    assert k.notifications.items[0].posted_ms == DEFAULT_START_MS + 3_600_000


def test_defaults_change_nothing():
    assert Kernel.boot(KernelConfig()).state() == Kernel.boot().state()
    assert KernelConfig().with_overrides({}) == KernelConfig()
    assert KernelConfig().with_overrides(None) == KernelConfig()


def test_config_survives_a_reboot():
    k = Kernel.boot(KernelConfig().with_overrides(OVERRIDES))
    k.reboot()
    assert k.os_state.get("hardware.build.android_version") == "13"
    assert k.location.state()["city"] == "London"
    assert k.config.intent.chooser == "first_match"


def test_per_app_notification_switch_still_applies_after_a_configured_boot():
    k = Kernel.boot(KernelConfig(start_ms=DEFAULT_START_MS + 60_000))
    k.set_preference("brightness", 30)
    from mobilegym_env.kernel.managers import NotificationManager

    NotificationManager(k.os_state).set_app_notifications("messages", False)
    k.notifications.post("messages", "hidden")
    assert k.notifications.items == []


@pytest.mark.parametrize(("overrides", "error", "match"), [
    ({"screen": {}}, KeyError, "screen"),
    ({"display": {"contrast": 1}}, KeyError, "contrast"),
    ({"time": {"now": 1}}, KeyError, "now"),
    ({"display": {"dark_mode": "yes"}}, ValueError, "dark_mode"),
    ({"display": {"brightness": True}}, ValueError, "brightness"),
    ({"display": []}, ValueError, "display"),
    ({"intent": {"chooser": "never"}}, ValueError, "chooser"),
    ({"time": {"tz_offset_minutes": 24 * 60}}, ValueError, "tz_offset_minutes"),
    ({"time": {"start_ms": "today"}}, ValueError, "start_ms"),
    ({"location": {"preset": "atlantis"}}, ValueError, "atlantis"),
    ({"telephony": {"signal": 7}}, ValueError, "signal"),
    ({"telephony": {"carrier": " "}}, ValueError, "carrier"),
    ({"build": {"model": 7}}, ValueError, "model"),
    ("intent", ValueError, "dict"),
])
def test_bad_overrides_fail_before_anything_boots(overrides, error, match):
    with pytest.raises(error, match=match):
        KernelConfig().with_overrides(overrides)


@pytest.mark.parametrize(("overrides", "match"), [
    ({"build": {"model": " "}}, "model"),
    ({"hardware": {"bluetooth_nearby": "moon"}}, "moon"),
])
def test_values_a_manager_refuses_fail_at_boot(overrides, match):
    config = KernelConfig().with_overrides(overrides)
    with pytest.raises(ValueError, match=match):
        Kernel.boot(config)
