"""Clock: default data, alarms (add, edit, days, label, sound, vibrate, delete, toggle), alarms
ringing on the virtual clock (notification, snooze, dismiss, repeat), timers, the stopwatch
(ticking frames), snapshots, world clock, bedtime and settings."""

from __future__ import annotations

from typing import Any

from mobilegym_env import oracle as O
from mobilegym_env.apps.clock import model
from mobilegym_env.apps.clock.state import DAYS, initial_state
from mobilegym_env.device import Device
from mobilegym_env.testing import has, ids, long_press, node, route, screen_text, tap

APP = "clock"  # what the ``device`` fixture (conftest.py) opens
NOW = 1_772_442_000_000  # the fresh device's clock: Monday 2026-03-02 09:00 UTC
MIN = 60_000


def store(device: Device) -> dict:
    return device.state()["apps"]["clock"]


def alarm(device: Device, alarm_id: int) -> dict[str, Any] | None:
    return next((a for a in store(device)["alarms"] if a["id"] == alarm_id), None)


def run(device: Device, actions: Any) -> None:
    for action in actions:
        device.act(action)


def tick(device: Device, ms: int) -> None:
    device.kernel.tick(ms)
    device.invalidate()


def store_of(device: Device) -> dict:
    """Clock's live store (mutable, unlike ``device.state()``'s view)."""
    return device.kernel.app_state("clock")


def clock_notes(device: Device) -> list:
    """Clock's notifications (Calendar's default reminders fire on the same clock)."""
    return [n for n in device.kernel.notifications.items if n.app_id == "clock"]


def scheduled(device: Device) -> dict[str, int]:
    return {a["key"]: a["at_ms"] for a in device.state()["os"]["alarms"]
            if a["app_id"] == "clock"}


# --------------------------------------------------------------------------- data and list
def test_default_data_and_the_alarm_list(device):
    st = initial_state()
    assert [(a["hour"], a["minute"]) for a in st["alarms"]][:3] == [(4, 30), (4, 45), (6, 30)]
    assert sum(a["enabled"] for a in st["alarms"]) == 4
    assert all({"id", "hour", "minute", "label", "days", "enabled", "sound", "vibrate"}
               <= set(a) for a in st["alarms"])
    assert node(device, id="alarm:3:time")["text"] == "6:30 AM"
    assert node(device, id="alarm:3:summary")["text"] == "Weekdays"
    assert node(device, id="alarm:1:summary")["text"] == "Not scheduled"
    assert node(device, id="alarm:3:switch")["checked"]
    assert not has(device, id="alarm:9")  # the list scrolls
    assert node(device, id="alarm:9", scroll=10)
    # opening Clock armed the alarms that are on: Work rings Tuesday 06:30
    assert scheduled(device)["alarm:3"] == NOW + 21 * 60 * MIN + 30 * MIN
    assert set(scheduled(device)) == {"alarm:3", "alarm:5", "alarm:6", "alarm:8"}
    assert device.crashes == []


def test_summaries_and_formats():
    assert model.days_summary(["Mon", "Tue", "Wed"]) == "Mon, Tue, Wed"
    assert model.days_summary(list(DAYS)) == "Every day"
    assert model.days_summary(["Sat", "Sun"]) == "Weekends"
    assert model.time_text(0, 5) == "12:05 AM" and model.time_text(12, 0) == "12:00 PM"
    assert model.time_text(18, 45, twelve=False) == "18:45"
    assert model.duration_text(600_000) == "10:00" and model.duration_text(3_723_500) == \
        "1:02:04"
    assert model.stopwatch_text(65_420) == "01:05.42"
    assert model.until_text(7 * 3600_000 + 14 * MIN + 1) == "7 hr 15 min"


# --------------------------------------------------------------------------- editing alarms
def test_add_an_alarm_with_the_time_picker(device):
    tap(device, id="fab")
    run(device, O.pick_time(device, 18, 45))
    new = store(device)["alarms"][-1]
    assert (new["hour"], new["minute"], new["enabled"], new["days"], new["label"]) == \
        (18, 45, True, [], "")
    assert route(device) == "/"
    assert device.kernel.system_ui.toast.text == "Alarm set for 9 hr 45 min from now"
    assert scheduled(device)[f"alarm:{new['id']}"] == NOW + 9 * 60 * MIN + 45 * MIN
    assert node(device, id=f"alarm:{new['id']}:day:Mon", scroll=10)  # expanded


def test_edit_days_label_sound_vibrate_and_delete(device):
    tap(device, id="alarm:1:expand")
    tap(device, id="alarm:1:day:Sat")
    tap(device, id="alarm:1:day:Sun")
    assert alarm(device, 1)["days"] == ["Sun", "Sat"]
    assert node(device, id="alarm:1:summary")["text"] == "Weekends"
    tap(device, id="alarm:1:label")
    tap(device, id="label_field")
    tap(device, id="label_field:clear")
    device.type_text("Early flight")
    tap(device, id="label_dialog:ok")
    assert alarm(device, 1)["label"] == "Early flight"
    tap(device, id="alarm:1:sound", scroll=3)
    tap(device, id="sound_dialog:option:5")
    assert alarm(device, 1)["sound"] == "Icicles"
    assert alarm(device, 1)["vibrate"]
    tap(device, id="alarm:1:vibrate", scroll=3)
    assert not alarm(device, 1)["vibrate"]
    tap(device, id="alarm:1:delete", scroll=3)
    assert alarm(device, 1) is None and len(store(device)["alarms"]) == 8
    assert device.crashes == []


def test_a_too_long_label_is_refused(device):
    tap(device, id="alarm:2:expand")
    tap(device, id="alarm:2:label")
    tap(device, id="label_field")
    device.type_text("x" * 50)
    tap(device, id="label_dialog:ok")
    assert alarm(device, 2)["label"] == ""
    assert "at most 40" in device.kernel.system_ui.toast.text
    assert has(device, id="label_dialog")


def test_toggle_and_change_time(device):
    tap(device, id="alarm:3:switch")
    assert not alarm(device, 3)["enabled"] and "alarm:3" not in scheduled(device)
    tap(device, id="alarm:1:switch")
    assert alarm(device, 1)["enabled"]
    assert device.kernel.system_ui.toast.text == "Alarm set for 19 hr 30 min from now"
    tap(device, id="alarm:2:time")
    run(device, O.pick_time(device, 5, 10))
    a2 = alarm(device, 2)
    assert (a2["hour"], a2["minute"], a2["enabled"]) == (5, 10, True)


# --------------------------------------------------------------------------- ringing
def test_an_alarm_rings_at_its_virtual_time_and_snoozes(device):
    tap(device, id="alarm:1:switch")  # 04:30, one time: tomorrow 04:30
    tick(device, 19 * 60 * MIN + 29 * MIN)
    assert not alarm(device, 1)["ringing"] and clock_notes(device) == []
    tick(device, MIN)
    assert alarm(device, 1)["ringing"]
    (n,) = clock_notes(device)
    assert (n.title, n.body, [a["label"] for a in n.actions]) == \
        ("Alarm · 4:30 AM", "Flight", ["Snooze", "Dismiss"])
    device.kernel.run_notification_action(n.id, 0)  # Snooze
    a1 = alarm(device, 1)
    snooze_at = NOW + (19 * 60 + 40) * MIN
    assert not a1["ringing"] and a1["snoozed_until_ms"] == snooze_at
    assert scheduled(device)["alarm:1"] == snooze_at
    assert clock_notes(device) == []
    tick(device, 10 * MIN)
    assert alarm(device, 1)["ringing"] and len(clock_notes(device)) == 1
    (n,) = clock_notes(device)
    device.kernel.run_notification_action(n.id, 1)  # Dismiss: a one-time alarm turns off
    a1 = alarm(device, 1)
    assert not a1["ringing"] and not a1["enabled"] and "alarm:1" not in scheduled(device)
    assert device.crashes == []


def test_a_repeating_alarm_is_set_for_its_next_day_and_the_alert_screen(device):
    tick(device, 21 * 60 * MIN + 30 * MIN)  # Tuesday 06:30: Work rings
    assert alarm(device, 3)["ringing"]
    assert scheduled(device)["alarm:3"] == NOW + (45 * 60 + 30) * MIN  # Wednesday 06:30
    (n,) = [n for n in clock_notes(device) if n.body == "Work"]
    device.kernel.open_app("clock", n.route)
    device.invalidate()
    assert route(device) == "/ring/3" and node(device, id="ring:label")["text"] == "Work"
    tap(device, id="ring:dismiss")
    assert not alarm(device, 3)["ringing"] and alarm(device, 3)["enabled"]
    assert [n for n in clock_notes(device) if n.body == "Work"] == []


# --------------------------------------------------------------------------- status bar
def all_off(device: Device) -> None:
    """Turns every alarm off, as their switches do."""
    for a in store_of(device)["alarms"]:
        if a["enabled"]:
            model.set_enabled(device.kernel, a, False)
    device.invalidate()


def test_the_status_bar_alarm_icon_shows_only_for_alarm_clocks(device):
    assert has(device, id="sb_alarm")  # the factory's alarms are on (armed at boot)
    all_off(device)
    assert not has(device, id="sb_alarm")
    tap(device, text="Timer", role="tab")  # a running timer is no alarm clock
    for key in ("1", "0", "0"):
        tap(device, id=f"key:{key}")
    tap(device, id="fab")
    assert any(k.startswith("timer:") for k in scheduled(device))
    assert not has(device, id="sb_alarm")
    tick(device, 5 * MIN)
    model.set_enabled(device.kernel, model.find(store_of(device)["alarms"], 1), True)
    device.invalidate()
    assert has(device, id="sb_alarm") and node(device, id="sb_alarm")["text"] == "Alarm set"
    clock_alarm = device.kernel.alarms.next_alarm_clock()
    assert (clock_alarm.app_id, clock_alarm.key) == ("clock", "alarm:1")


def test_a_snoozed_alarm_keeps_the_icon_until_dismissed(device):
    all_off(device)
    tap(device, id="alarm:1:switch")  # 04:30 tomorrow, one time
    tick(device, (19 * 60 + 30) * MIN)
    (n,) = clock_notes(device)
    device.kernel.run_notification_action(n.id, 0)  # Snooze: still an alarm clock
    device.invalidate()
    assert device.kernel.alarms.get("clock", "alarm:1").alarm_clock
    assert has(device, id="sb_alarm")
    assert clock_notes(device) == []
    model.dismiss(device.kernel, 1)
    device.invalidate()
    assert not has(device, id="sb_alarm")


# --------------------------------------------------------------------------- timers
def test_timer_keypad_start_pause_add_minute_reset_delete(device):
    tap(device, text="Timer", role="tab")
    for key in ("1", "0", "0", "0"):
        tap(device, id=f"key:{key}")
    assert node(device, id="timer:display")["text"] == "00h 10m 00s"
    tap(device, id="key:backspace")
    tap(device, id="key:0")
    tap(device, id="fab")
    (t,) = store(device)["timers"]
    assert (t["duration_ms"], t["state"], t["end_ms"]) == (600_000, "running", NOW + 600_000)
    assert scheduled(device)[f"timer:{t['id']}"] == NOW + 600_000
    tid = t["id"]
    tick(device, 61_000)
    assert node(device, id=f"timer:{tid}:time")["text"] == "8:59"
    tap(device, id=f"timer:{tid}:toggle")
    t = store(device)["timers"][0]
    assert (t["state"], t["remaining_ms"]) == ("paused", 539_000)
    assert f"timer:{tid}" not in scheduled(device)
    tick(device, 30_000)
    assert node(device, id=f"timer:{tid}:time")["text"] == "8:59"  # paused: no change
    tap(device, id=f"timer:{tid}:add_minute")
    assert store(device)["timers"][0]["remaining_ms"] == 599_000
    tap(device, id=f"timer:{tid}:reset")
    assert store(device)["timers"][0]["state"] == "idle"
    tap(device, id=f"timer:{tid}:delete")
    assert store(device)["timers"] == [] and has(device, id="key:1")


def test_a_timer_rings_times_up_and_several_timers(device):
    tap(device, text="Timer", role="tab")
    tap(device, id="key:3")
    tap(device, id="key:0")
    tap(device, id="fab")  # 30 s
    tap(device, id="fab")  # "Add timer": the keypad again
    assert route(device) == "/timer?new=1"
    tap(device, id="key:5")
    tap(device, id="key:00")
    tap(device, id="fab")  # 5 min
    assert route(device) == "/timer"
    first, second = store(device)["timers"]
    assert (first["duration_ms"], second["duration_ms"]) == (30_000, 300_000)
    tick(device, 30_000)
    first = store(device)["timers"][0]
    assert first["state"] == "expired"
    (n,) = clock_notes(device)
    assert (n.title, n.body) == ("Time's up", "30s timer")
    assert node(device, id=f"timer:{first['id']}:status")["text"] == "Time's up"
    device.kernel.run_notification_action(n.id, 1)  # +1:00
    assert store(device)["timers"][0]["state"] == "running"
    tap(device, id=f"timer:{first['id']}:toggle")
    tap(device, id=f"timer:{first['id']}:reset")
    assert store(device)["timers"][0]["state"] == "idle"


def test_a_snapshot_restores_timers_and_the_stopwatch_exactly(device):
    model.add_timer(device.kernel, 600_000)
    model.toggle_stopwatch(device.kernel)
    tick(device, 12_345)
    copy = Device.restore(device.snapshot())
    for d in (device, copy):
        tick(d, 100_000)
    assert store(copy) == store(device)
    t = store(copy)["timers"][0]
    assert model.remaining_ms(t, copy.kernel.clock.now_ms()) == 600_000 - 112_345
    assert scheduled(copy) == scheduled(device)
    tick(copy, 600_000)
    assert store(copy)["timers"][0]["state"] == "expired"
    assert store(device)["timers"][0]["state"] == "running"


# --------------------------------------------------------------------------- stopwatch
def test_the_stopwatch_ticks_by_the_second_only_while_running(device):
    tap(device, text="Stopwatch", role="tab")
    assert node(device, id="stopwatch:time")["text"] == "00:00.00"
    frame0 = device.render().copy()
    tap(device, id="stopwatch:toggle")
    seen = []
    for _ in range(3):
        tick(device, 1000)
        seen.append(node(device, id="stopwatch:time")["text"])
    assert seen == ["00:01.00", "00:02.00", "00:03.00"]
    device.kernel.tick(1000)  # no invalidate: the ticking hook alone rebuilds the frame
    assert node(device, id="stopwatch:time")["text"] == "00:04.00"
    assert (device.render() != frame0).any()
    tap(device, id="stopwatch:lap")
    device.kernel.tick(2500)
    tap(device, id="stopwatch:lap")
    laps = store(device)["stopwatch"]["laps"]
    assert [(lp["lap_ms"], lp["total_ms"]) for lp in laps] == [(4000, 4000), (2500, 6500)]
    assert node(device, id="lap:2")["text"] == "Lap 2 00:02.50"
    tap(device, id="stopwatch:toggle")  # pause
    paused = device.render().copy()
    device.kernel.tick(3000)
    assert (device.render() == paused).all()
    assert store(device)["stopwatch"]["accumulated_ms"] == 6500
    tap(device, id="stopwatch:reset")
    assert store(device)["stopwatch"] == {"state": "idle", "start_ms": None,
                                          "accumulated_ms": 0, "laps": []}


# --------------------------------------------------------------------------- world clock
def test_world_clock_add_and_remove_cities(device):
    tap(device, text="Clock", role="tab")
    assert node(device, id="world:local_time")["text"] == "9:00 AM"
    assert "New York" in screen_text(device) and "Today, 5 hrs behind" in screen_text(device)
    tap(device, id="fab")
    device.type_text("tok")
    assert ids(device, "add_city:") == ["add_city:Tokyo"]
    tap(device, id="add_city:Tokyo")
    assert route(device) == "/clock"
    tokyo = store(device)["cities"][-1]
    assert tokyo["name"] == "Tokyo"
    assert node(device, id=f"city:{tokyo['id']}")["text"] == "Tokyo 6:00 PM Today, 9 hrs ahead"
    long_press(device, id="city:20")
    tap(device, id="menu:remove")
    assert [c["name"] for c in store(device)["cities"]] == ["New York", "Tokyo"]
    tap(device, id="fab")
    device.type_text("zzz")
    assert has(device, id="no_cities")


def test_offsets_cross_midnight():
    from datetime import date
    assert model.offset_text(540, 0, date(2026, 3, 3), date(2026, 3, 2)) == \
        "Tomorrow, 9 hrs ahead"
    assert model.offset_text(330, 0, date(2026, 3, 2), date(2026, 3, 2)) == \
        "Today, 5.5 hrs ahead"
    assert model.offset_text(-60, 0, date(2026, 3, 1), date(2026, 3, 2)) == \
        "Yesterday, 1 hr behind"


# --------------------------------------------------------------------------- bedtime, settings
def test_bedtime_schedule(device):
    tap(device, text="Bedtime", role="tab")
    tap(device, id="bedtime:switch")
    tap(device, id="bedtime:bed")
    run(device, O.pick_time(device, 22, 30))
    tap(device, id="bedtime:day:Sat")
    bed = store(device)["bedtime"]
    assert (bed["enabled"], bed["bed_hour"], bed["bed_minute"]) == (True, 22, 30)
    assert "Sat" not in bed["days"]
    assert node(device, id="bedtime:length")["text"] == "8 hr 30 min of sleep"


def test_settings_snooze_length_and_style(device):
    tap(device, id="more")
    tap(device, id="menu:settings")
    tap(device, id="settings:snooze")
    tap(device, id="snooze_dialog:option:3")
    tap(device, id="settings:style")
    tap(device, id="style_dialog:option:0")
    tap(device, id="settings:home_clock")
    s = store(device)["settings"]
    assert (s["snooze_minutes"], s["clock_style"], s["home_clock"]) == (15, "Analog", False)
    assert node(device, id="settings:snooze")["text"] == "Snooze length 15 minutes"
    assert device.crashes == []


def test_an_unanswered_alarm_stops_after_the_silence_time(device):
    tap(device, id="alarm:1:switch")
    tick(device, 19 * 60 * MIN + 30 * MIN)
    assert alarm(device, 1)["ringing"] and "silence:1" in scheduled(device)
    tick(device, 10 * MIN)
    a1 = alarm(device, 1)
    assert not a1["ringing"] and not a1["enabled"] and "silence:1" not in scheduled(device)
    (n,) = clock_notes(device)
    assert (n.title, n.body) == ("Missed alarm", "4:30 AM · Flight")


def test_the_clock_tab_shows_the_next_alarm_and_a_home_clock_when_away():
    from mobilegym_env.kernel import Kernel, KernelConfig

    d = Device(Kernel.boot(KernelConfig(start_ms=NOW, tz_offset_minutes=540)))  # in Tokyo
    d.launch_app("clock")
    tap(d, text="Clock", role="tab")
    assert node(d, id="world:local_time")["text"] == "6:00 PM"
    # Work (weekdays, 06:30) is the next alarm: tomorrow morning, Tokyo time
    assert node(d, id="world:next_alarm")["text"] == "Next alarm Tue 6:30 AM"
    assert node(d, id="city:home")["text"] == "Home 9:00 AM Today, 9 hrs behind"
    d.kernel.app_state("clock")["settings"]["home_clock"] = False
    d.invalidate()
    assert not has(d, id="city:home")


def test_set_alarm_and_set_timer_intents(device):
    assert device.start_activity({"action": "ACTION_SET_ALARM", "data": {
        "hour": 7, "minutes": 20, "message": "Dentist", "days": ["Fri", "Mon"]}})
    new = store(device)["alarms"][-1]
    assert (new["hour"], new["minute"], new["label"], new["days"], new["enabled"]) == \
        (7, 20, "Dentist", ["Mon", "Fri"], True)
    assert route(device) == "/" and device.kernel.system_ui.toast.text == \
        "Alarm set for 3 days 22 hr 20 min from now"  # Friday 07:20
    assert node(device, id=f"alarm:{new['id']}:day:Mon", scroll=10)  # shown, expanded
    assert device.start_activity({"action": "ACTION_SET_ALARM", "data": {"hour": 99}})
    assert route(device) == "/?dialog=new_time"  # a bad hour: the picker, to choose one
    tap(device, id="time_picker:cancel")
    assert route(device) == "/" and len(store(device)["alarms"]) == 10
    assert device.start_activity({"action": "ACTION_SET_TIMER", "data": {"length": 90}})
    (t,) = store(device)["timers"]
    assert (t["duration_ms"], t["state"]) == (90_000, "running") and route(device) == "/timer"
    assert device.start_activity({"action": "ACTION_SET_TIMER", "data": {"length": -5}})
    assert len(store(device)["timers"]) == 1
    assert device.crashes == []


def test_a_timer_label(device):
    tap(device, text="Timer", role="tab")
    tap(device, id="key:5")
    tap(device, id="key:00")
    tap(device, id="fab")
    (t,) = store(device)["timers"]
    assert node(device, id=f"timer:{t['id']}:label")["text"] == "5m timer"
    tap(device, id=f"timer:{t['id']}:label")
    tap(device, id="timer_label_field")
    device.type_text("Tea")
    tap(device, id="timer_label_dialog:ok")
    assert store(device)["timers"][0]["label"] == "Tea"
    assert node(device, id=f"timer:{t['id']}:label")["text"] == "Tea"
    tap(device, id=f"timer:{t['id']}:label")
    tap(device, id="timer_label_field")
    device.type_text(" " + "x" * 45)
    tap(device, id="timer_label_dialog:ok")  # too long: refused, the dialog stays
    assert store(device)["timers"][0]["label"] == "Tea" and has(device, id="timer_label_dialog")


def test_an_alarm_ringing_during_another_apps_task_is_not_collateral_damage():
    """Clock declares ``ringing`` and ``snoozed_until_ms`` system-written: every judge allows
    them, so a default alarm that goes off mid-episode never fails an agent's episode."""
    import gymnasium as gym

    from mobilegym_env import actions as A

    env = gym.make("MobileGym-v0", task="notes.pin_note").unwrapped
    env.reset(seed=475)  # a default alarm rings a minute in
    kernel = env.device.kernel
    first = kernel.alarms.state()[0]
    assert first["app_id"] == "clock" and first["at_ms"] - kernel.clock.now_ms() == 60_000
    for _ in range(13):
        *_, info = env.step(A.wait())
    assert any(a["ringing"] for a in kernel.app_state("clock")["alarms"])
    assert info["clean"] and info["unexpected_changes"] == []
