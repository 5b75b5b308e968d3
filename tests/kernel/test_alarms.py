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


def test_only_alarm_clocks_count_as_the_next_alarm_clock(kernel):
    t0 = kernel.clock.now_ms()
    kernel.alarms.set("clock", "timer", t0 + 100, "clock.TIMER")
    assert kernel.alarms.next_alarm_clock() is None and kernel.alarms.next_at() == t0 + 100
    kernel.alarms.set("clock", "late", t0 + 900, "clock.ALARM", alarm_clock=True)
    kernel.alarms.set("clock", "early", t0 + 500, "clock.ALARM", alarm_clock=True)
    assert kernel.alarms.next_alarm_clock().key == "early"
    assert [a["alarm_clock"] for a in kernel.alarms.state()] == [False, True, True]
    with pytest.raises(ValueError):
        kernel.alarms.set("clock", "x", t0, "clock.ALARM", alarm_clock="yes")
    kernel.tick(600)  # "early" fired
    assert kernel.alarms.next_alarm_clock().key == "late"
    kernel.alarms.cancel("clock", "late")
    assert kernel.alarms.next_alarm_clock() is None


booted: list[tuple[int, int]] = []


def arm_on_boot(kernel):
    """A boot receiver: arms an alarm for the data at boot time."""
    booted.append((kernel.clock.now_ms(), kernel.app_state("clock")["hour"]))
    kernel.alarms.set("clock", "wake", kernel.clock.now_ms() + 1000, "clock.ALARM",
                      alarm_clock=True)


def boom(kernel):
    raise RuntimeError("no boot for me")


def _booting_kernel() -> Kernel:
    booted.clear()
    clock = AppManifest("clock", "Clock", "alarm", on_boot=arm_on_boot)
    bad = AppManifest("bad", "Bad", "alarm", on_boot=boom)
    return Kernel(PackageManager({
        "clock": InstalledApp(clock, "synthetic.clock", lambda: {"hour": 6}),
        "bad": InstalledApp(bad, "synthetic.bad")}))


def test_on_boot_runs_once_per_boot_after_the_data_is_written():
    kernel = _booting_kernel()
    t0 = kernel.clock.now_ms()
    assert booted == [] and kernel.alarms.state() == []  # nothing runs when it is made
    kernel.app_state("clock")["hour"] = 7  # a task's initialize
    kernel.tick(500)  # boot completes before the clock moves
    assert booted == [(t0, 7)] and kernel.alarms.get("clock", "wake").at_ms == t0 + 1000
    kernel.tick(100)
    assert len(booted) == 1
    assert kernel.crashes == ["bad: RuntimeError: no boot for me"]  # the device boots on
    kernel.reboot()
    kernel.settle()  # an operation does not complete the boot: initialize may run them
    assert len(booted) == 1
    kernel.complete_boot()  # the first frame does (Device builds it)
    assert booted[-1] == (t0 + 600, 7) and len(booted) == 2
