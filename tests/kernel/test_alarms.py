"""The alarm service: alarms fire on the virtual clock as broadcasts, in time order."""

from __future__ import annotations

import pickle

import pytest

from mobilegym_env.kernel import Kernel
from mobilegym_env.kernel import broadcast as B
from mobilegym_env.kernel.alarms import AlarmService
from mobilegym_env.kernel.package_manager import AppManifest, InstalledApp, PackageManager

heard: list[tuple[str, dict, int]] = []


def ring(kernel, b):
    heard.append((b.action, dict(b.extras), kernel.clock.now_ms()))


@pytest.fixture
def kernel() -> Kernel:
    heard.clear()
    manifest = AppManifest("clock", "Clock", "alarm",
                           receivers=(B.Receiver("clock.ALARM", ring),
                                      B.Receiver("clock.TIMER", ring)))
    return Kernel(PackageManager({"clock": InstalledApp(manifest, "synthetic.clock")}))


def test_an_alarm_fires_once_when_the_clock_reaches_it(kernel):
    t0 = kernel.clock.now_ms()
    kernel.alarms.set("clock", "a1", t0 + 1000, "clock.ALARM", {"label": "Gym"})
    kernel.tick(999)
    assert heard == []
    kernel.tick(1)
    assert heard == [("clock.ALARM", {"label": "Gym", "app_id": "clock", "key": "a1",
                                      "at_ms": t0 + 1000}, t0 + 1000)]
    kernel.tick(5000)
    assert len(heard) == 1 and kernel.alarms.state() == []


def test_alarms_due_in_one_tick_fire_in_time_order_and_setting_a_key_again_replaces(kernel):
    t0 = kernel.clock.now_ms()
    kernel.alarms.set("clock", "late", t0 + 300, "clock.ALARM")
    kernel.alarms.set("clock", "timer", t0 + 100, "clock.TIMER")
    kernel.alarms.set("clock", "early", t0 + 900, "clock.ALARM")
    kernel.alarms.set("clock", "early", t0 + 200, "clock.ALARM")  # replaces the 900 one
    assert [a["key"] for a in kernel.state()["os"]["alarms"]] == ["timer", "early", "late"]
    kernel.tick(1000)
    assert [h[1]["key"] for h in heard] == ["timer", "early", "late"]


def test_cancel_and_bad_input(kernel):
    t0 = kernel.clock.now_ms()
    kernel.alarms.set("clock", "a1", t0 + 10, "clock.ALARM")
    assert kernel.alarms.cancel("clock", "a1") and not kernel.alarms.cancel("clock", "a1")
    for bad in ({"at_ms": 1.5}, {"at_ms": True}, {"key": ""}, {"extras": [1]}, {"action": 3}):
        args = {"app_id": "clock", "key": "k", "at_ms": t0, "action": "clock.ALARM", **bad}
        with pytest.raises(ValueError):
            kernel.alarms.set(**args)
    assert kernel.alarms.state() == []
    kernel.tick(100)
    assert heard == []


def test_alarms_survive_reboot_and_snapshots():
    service = AlarmService()
    service.set("clock", "a", 50, "clock.ALARM", {"n": 1})
    copy = pickle.loads(pickle.dumps(service))
    assert copy.state() == service.state() and copy.next_at() == 50
    kernel = Kernel.boot()
    kernel.alarms.set("clock", "a", kernel.clock.now_ms() + 60_000, "clock.ALARM")
    kernel.reboot()
    assert [a["key"] for a in kernel.alarms.state()] == ["a"]
    assert Kernel.boot().alarms.state() == []  # the factory image is not touched
