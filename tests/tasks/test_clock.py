"""Clock judges on hand-built states: each episode's initial state comes from a reset with fixed
params; the final state is that state edited by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mobilegym_env.apps.clock import model
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task

MIN = 60_000


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def start(env: MobileGymEnv, task_id: str, **params: Any) -> tuple[Task, dict, dict]:
    """The task, its initial state, and a copy of it to edit into a final state."""
    options: dict[str, Any] = {"task": f"clock.{task_id}"}
    if params:
        options["params"] = params
    env.reset(seed=0, options=options)
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def clock(state: dict) -> dict:
    return state["apps"]["clock"]


def alarm(state: dict, alarm_id: int) -> dict:
    return next(a for a in clock(state)["alarms"] if a["id"] == alarm_id)


def add_alarm(state: dict, hour: int, minute: int, **fields: Any) -> dict:
    """Appends an alarm the way the app does (id from the counter)."""
    st = clock(state)
    rec = {"id": st["next_id"], "hour": hour, "minute": minute, "label": "", "days": [],
           "enabled": True, "sound": "Bright Morning", "vibrate": True, "ringing": False,
           "snoozed_until_ms": None, **fields}
    st["next_id"] += 1
    st["alarms"].append(rec)
    return rec


def add_timer(state: dict, duration_ms: int, state_name: str = "running") -> dict:
    st = clock(state)
    now = state["os"]["time"]["now_ms"]
    rec = {"id": st["next_id"], "label": "", "duration_ms": duration_ms, "state": state_name,
           "remaining_ms": duration_ms, "end_ms": now + duration_ms
           if state_name == "running" else None}
    st["next_id"] += 1
    st["timers"].append(rec)
    return rec


def unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# --------------------------------------------------------------------------- alarms
def test_set_alarm_needs_time_days_and_label(env):
    task, initial, final = start(env, "set_alarm", hour=6, minute=45, days=["Mon", "Tue", "Wed",
                                                                          "Thu", "Fri"],
                                 label="Gym")
    assert task.instruction == "Set an alarm for 6:45 AM on weekdays labelled 'Gym'."
    add_alarm(final, 6, 45, label="gym", days=["Mon", "Tue", "Wed", "Thu", "Fri"])
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    add_alarm(near, 18, 45, label="Gym", days=["Mon", "Tue", "Wed", "Thu", "Fri"])  # PM
    assert not task.judge(initial, near).success
    fewer = copy.deepcopy(initial)
    add_alarm(fewer, 6, 45, label="Gym", days=["Mon", "Tue", "Wed", "Thu"])
    assert not task.judge(initial, fewer).success
    damage = copy.deepcopy(final)
    clock(damage)["alarms"] = [a for a in clock(damage)["alarms"] if a["id"] != 3]
    v = task.judge(initial, damage)
    assert not v.success and not v.clean
    assert unexpected(v) == ["apps.clock.alarms[id=3] (deleted)"]


def test_turn_off_only_the_target_among_near_times(env):
    task, initial, final = start(env, "turn_off_alarm", alarm_id=1, hour=4, minute=30)
    assert "4:30 AM alarm" in task.instruction
    assert all(alarm(initial, i)["enabled"] for i in (1, 2, 7))  # the decoys are on
    alarm(final, 1)["enabled"] = False
    assert task.judge(initial, final).success
    decoy = copy.deepcopy(initial)
    alarm(decoy, 2)["enabled"] = False  # 4:45, the near miss
    assert not task.judge(initial, decoy).success
    both = copy.deepcopy(final)
    alarm(both, 7)["enabled"] = False  # 2:30 PM as well
    v = task.judge(initial, both)
    assert not v.success and not v.clean


def test_a_ring_during_the_episode_is_not_collateral(env):
    task, initial, final = start(env, "turn_off_alarm", alarm_id=7, hour=14, minute=30)
    alarm(final, 7)["enabled"] = False
    alarm(final, 5).update(ringing=False, snoozed_until_ms=initial["os"]["time"]["now_ms"])
    alarm(final, 3)["ringing"] = True
    assert task.judge(initial, final).success


def test_turn_on_and_tell_needs_both(env):
    task, initial, final = start(env, "turn_on_and_tell", alarm_id=8, label="Gym", hour=17,
                                 minute=45)
    assert not alarm(initial, 8)["enabled"]
    alarm(final, 8)["enabled"] = True
    for answer in ("5:45 PM", "17:45", "It rings at 5.45pm"):
        assert task.judge(initial, final, answer).success, answer
    assert not task.judge(initial, final, "5:45 AM").success
    assert not task.judge(initial, initial, "5:45 PM").success


def test_delete_rename_days_vibrate_sound(env):
    task, initial, final = start(env, "delete_alarm", alarm_id=5, label="Pills", hour=8,
                                 minute=0)
    clock(final)["alarms"] = [a for a in clock(final)["alarms"] if a["id"] != 5]
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(final)
    clock(wrong)["alarms"] = [a for a in clock(wrong)["alarms"] if a["id"] != 6]
    assert not task.judge(initial, wrong).clean

    task, initial, final = start(env, "rename_alarm", alarm_id=3, label="Work", hour=6,
                                 minute=30, new_label="Standup")
    alarm(final, 3)["label"] = "standup"
    assert task.judge(initial, final).success
    alarm(final, 3)["label"] = "Standup meeting"
    assert not task.judge(initial, final).success

    task, initial, final = start(env, "add_repeat_day", alarm_id=8, label="Gym", hour=17,
                                 minute=45, day="Sat")
    assert task.instruction == "Make my 'Gym' alarm also ring on Saturday."
    alarm(final, 8)["days"] = ["Tue", "Thu", "Sat"]
    assert task.judge(initial, final).success
    alarm(final, 8)["days"] = ["Sat"]  # replaced instead of added
    assert not task.judge(initial, final).success

    task, initial, final = start(env, "vibrate_off", alarm_id=7, hour=14, minute=30)
    assert alarm(initial, 7)["vibrate"]
    alarm(final, 7)["vibrate"] = False
    assert task.judge(initial, final).success
    alarm(final, 7)["sound"] = "Icicles"
    assert not task.judge(initial, final).clean

    task, initial, final = start(env, "alarm_sound", alarm_id=6, label="Weekend run", hour=9,
                                 minute=0, sound="Rolling Fog")
    alarm(final, 6)["sound"] = "Rolling Fog"
    assert task.judge(initial, final).success
    alarm(final, 6)["sound"] = "Loose Change"
    assert not task.judge(initial, final).success


def test_change_alarm_time_and_alarm_before(env):
    task, initial, final = start(env, "change_alarm_time", alarm_id=1, label="Flight", hour=4,
                                 minute=30, new_hour=5, new_minute=10)
    alarm(final, 1).update(hour=5, minute=10)
    assert task.judge(initial, final).success
    alarm(final, 1)["minute"] = 0
    assert not task.judge(initial, final).success

    task, initial, final = start(env, "alarm_before", alarm_id=3, label="Work", hour=6,
                                 minute=30, minutes=20, new_label="Coffee")
    add_alarm(final, 6, 10, label="Coffee", days=["Mon", "Tue", "Wed", "Thu", "Fri"])
    assert task.judge(initial, final).success
    other_days = copy.deepcopy(initial)
    add_alarm(other_days, 6, 10, label="Coffee", days=[])
    assert not task.judge(initial, other_days).success


def test_snooze_ringing_needs_a_snooze(env):
    task, initial, final = start(env, "snooze_ringing", label="Meds")
    a9 = alarm(initial, 9)
    assert a9["label"] == "Meds" and a9["enabled"] and not a9["ringing"]
    now = initial["os"]["time"]["now_ms"]
    alarm(final, 9)["snoozed_until_ms"] = now + 11 * MIN
    assert task.judge(initial, final).success
    ringing = copy.deepcopy(initial)
    alarm(ringing, 9)["ringing"] = True  # it rang and nobody answered
    assert not task.judge(initial, ringing).success
    dismissed = copy.deepcopy(initial)
    alarm(dismissed, 9)["enabled"] = False  # dismissed instead
    assert not task.judge(initial, dismissed).success


# --------------------------------------------------------------------------- alarm queries
def test_count_alarms_on_and_next_alarm(env):
    task, initial, _ = start(env, "count_alarms_on", on_ids=[2, 5, 8])
    assert [a["id"] for a in clock(initial)["alarms"] if a["enabled"]] == [2, 5, 8]
    for answer in ("3", "three", "3 alarms"):
        assert task.judge(initial, initial, answer).success
    assert not task.judge(initial, initial, "4").success

    task, initial, _ = start(env, "next_alarm", on_ids=[5, 8])
    now, tz = initial["os"]["time"]["now_ms"], initial["os"]["time"]["tz_offset_minutes"]
    rings = sorted((model.next_ring_ms(a, now, tz), a["id"]) for a in clock(initial)["alarms"]
                   if a["enabled"])
    first = alarm(initial, rings[0][1])
    answer = model.time_text(first["hour"], first["minute"])
    assert task.judge(initial, initial, answer).success
    assert task.judge(initial, initial, f"{first['hour']:02d}:{first['minute']:02d}").success
    later = alarm(initial, rings[1][1])
    assert not task.judge(initial, initial, model.time_text(later["hour"],
                                                            later["minute"])).success


def test_alarm_time_and_days(env):
    task, initial, _ = start(env, "alarm_time", alarm_id=7, label="Pick up kids", hour=14,
                             minute=30)
    assert task.judge(initial, initial, "2:30 PM").success
    assert task.judge(initial, initial, "14:30").success
    assert not task.judge(initial, initial, "2:30 AM").success
    task, initial, _ = start(env, "alarm_time", alarm_id=7, label="Pick up kids", hour=14,
                             minute=30, shift=-45)  # moved first, per seed
    assert task.judge(initial, initial, "1:45 PM").success
    assert not task.judge(initial, initial, "2:30 PM").success
    task, initial, _ = start(env, "alarm_days", alarm_id=7, label="Pick up kids", hour=14,
                             minute=30)
    assert task.judge(initial, initial, "Monday, Wednesday and Friday").success
    assert task.judge(initial, initial, "Mon, Wed, Fri").success
    assert not task.judge(initial, initial, "Monday and Wednesday").success
    task, initial, _ = start(env, "alarm_days", alarm_id=7, label="Pick up kids", hour=14,
                             minute=30, days=["Tue", "Sat"])  # its days, set per seed
    assert task.judge(initial, initial, "Tuesday and Saturday").success
    assert not task.judge(initial, initial, "Monday, Wednesday and Friday").success


# --------------------------------------------------------------------------- timers, stopwatch
def test_start_timer_and_two_timers(env):
    task, initial, final = start(env, "start_timer", minutes=10)
    add_timer(final, 600_000)
    assert task.judge(initial, final).success
    idle = copy.deepcopy(initial)
    add_timer(idle, 600_000, "idle")  # set, never started
    assert not task.judge(initial, idle).success
    wrong = copy.deepcopy(initial)
    add_timer(wrong, 100_000)  # 1:40, not 10:00
    assert not task.judge(initial, wrong).success

    task, initial, final = start(env, "start_two_timers", a=4, b=9, s=30)
    add_timer(final, 4 * MIN)
    add_timer(final, 9 * MIN + 30_000)
    assert task.judge(initial, final).success
    one = copy.deepcopy(initial)
    add_timer(one, 4 * MIN)
    v = task.judge(initial, one)
    assert not v.success and v.progress == pytest.approx(0.5)


def test_pause_timer_pauses_only_the_running_one(env):
    task, initial, final = start(env, "pause_timer", running_min=25, paused_min=40)
    timers = clock(initial)["timers"]
    run = next(t for t in timers if t["state"] == "running")
    other = next(t for t in timers if t["state"] == "paused")
    t = next(t for t in clock(final)["timers"] if t["id"] == run["id"])
    t.update(state="paused", end_ms=None, remaining_ms=25 * MIN - 20_000)
    assert task.judge(initial, final).success
    both = copy.deepcopy(final)
    o = next(t for t in clock(both)["timers"] if t["id"] == other["id"])
    o.update(state="running", end_ms=initial["os"]["time"]["now_ms"] + o["remaining_ms"])
    assert not task.judge(initial, both).clean
    deleted = copy.deepcopy(initial)
    clock(deleted)["timers"] = [t for t in clock(deleted)["timers"] if t["id"] != run["id"]]
    assert not task.judge(initial, deleted).success


def test_stopwatch_laps(env):
    task, initial, final = start(env, "stopwatch_laps", laps=3)
    now = initial["os"]["time"]["now_ms"]
    watch = clock(final)["stopwatch"]
    watch.update(state="running", start_ms=now)
    watch["laps"] = [{"id": 100 + i, "lap_ms": 900, "total_ms": 900 * (i + 1)} for i in range(3)]
    assert task.judge(initial, final).success
    watch["laps"].pop()
    assert not task.judge(initial, final).success


# --------------------------------------------------------------------------- world clock
def test_cities(env):
    task, initial, final = start(env, "add_cities", a="Tokyo", b="Sydney")
    for name in ("Sydney", "Tokyo"):
        clock(final)["cities"].append({"id": clock(final)["next_id"], "name": name})
        clock(final)["next_id"] += 1
    assert task.judge(initial, final).success
    gone = copy.deepcopy(final)
    clock(gone)["cities"] = clock(gone)["cities"][1:]  # London removed on the way
    assert not task.judge(initial, gone).clean

    task, initial, final = start(env, "remove_city", cities=["Paris", "Seoul", "Cairo", "Denver"],
                                 city="Seoul")
    clock(final)["cities"] = [c for c in clock(final)["cities"] if c["name"] != "Seoul"]
    assert task.judge(initial, final).success
    clock(final)["cities"] = [c for c in clock(final)["cities"] if c["name"] != "Paris"]
    assert not task.judge(initial, final).clean


def test_time_in_city_and_furthest_ahead(env):
    task, initial, final = start(env, "time_in_city", city="Tokyo")
    at = model.city_time("Tokyo", initial["os"]["time"]["now_ms"])
    answer = model.time_text(at.hour, at.minute)
    assert task.judge(initial, initial, answer).success
    clock(final)["cities"].append({"id": clock(final)["next_id"], "name": "Tokyo"})
    clock(final)["next_id"] += 1
    assert task.judge(initial, final, f"{at.hour:02d}:{at.minute:02d}").success  # added it
    assert not task.judge(initial, initial, model.time_text((at.hour + 1) % 24,
                                                            at.minute)).success

    task, initial, _ = start(env, "furthest_ahead", cities=["London", "Tokyo", "Dubai",
                                                            "New York"])
    assert task.judge(initial, initial, "Tokyo").success
    assert task.judge(initial, initial, "tokyo.").success
    assert not task.judge(initial, initial, "Dubai").success


# --------------------------------------------------------------------------- bedtime, settings
def test_bedtime_and_snooze_length(env):
    task, initial, final = start(env, "set_bedtime", bed_hour=22, bed_minute=45, wake_hour=6,
                                 wake_minute=30)
    assert "10:45 PM" in task.instruction and "6:30 AM" in task.instruction
    clock(final)["bedtime"].update(enabled=True, bed_hour=22, bed_minute=45, wake_hour=6,
                                   wake_minute=30)
    assert task.judge(initial, final).success
    off = copy.deepcopy(final)
    clock(off)["bedtime"]["enabled"] = False
    assert not task.judge(initial, off).success
    fewer = copy.deepcopy(final)
    clock(fewer)["bedtime"]["days"] = ["Mon"]
    assert not task.judge(initial, fewer).success

    task, initial, final = start(env, "snooze_length", minutes=15)
    clock(final)["settings"]["snooze_minutes"] = 15
    assert task.judge(initial, final).success
    clock(final)["settings"]["silence_after_minutes"] = 5  # not asked: it stays at 10
    assert not task.judge(initial, final).success

    task, initial, final = start(env, "snooze_length", minutes=20, silence=5)
    clock(final)["settings"]["snooze_minutes"] = 20
    assert not task.judge(initial, final).success  # silence still 10
    clock(final)["settings"]["silence_after_minutes"] = 5
    assert task.judge(initial, final).success


def test_turn_off_saturday_alarms_and_delete_off_alarms(env):
    task, initial, final = start(env, "turn_off_saturday_alarms", on_ids=[3, 5, 6, 8])
    for aid in (5, 6):  # Pills (every day) and Weekend run; Work and Gym stay on
        alarm(final, aid)["enabled"] = False
    assert task.judge(initial, final).success
    half = copy.deepcopy(initial)
    alarm(half, 6)["enabled"] = False
    assert not task.judge(initial, half).success
    too_many = copy.deepcopy(final)
    alarm(too_many, 3)["enabled"] = False
    assert not task.judge(initial, too_many).clean
    with pytest.raises(ValueError, match="Saturday"):
        env.reset(seed=0, options={"task": "clock.turn_off_saturday_alarms",
                                   "params": {"on_ids": [3, 8]}})

    task, initial, final = start(env, "delete_off_alarms", on_ids=[1, 2, 3, 4, 5, 6, 7])
    clock(final)["alarms"] = [a for a in clock(final)["alarms"] if a["id"] not in (8, 9)]
    assert task.judge(initial, final).success
    also_on = copy.deepcopy(final)
    clock(also_on)["alarms"] = [a for a in clock(also_on)["alarms"] if a["id"] != 1]
    v = task.judge(initial, also_on)
    assert not v.success and unexpected(v) == ["apps.clock.alarms[id=1] (deleted)"]


def test_wake_like_alarm(env):
    task, initial, final = start(env, "wake_like_alarm", alarm_id=3, label="Work", hour=6,
                                 minute=30)
    clock(final)["bedtime"].update(wake_hour=6, wake_minute=30)
    assert task.judge(initial, final).success
    clock(final)["bedtime"]["wake_hour"] = 18  # 6:30 PM
    assert not task.judge(initial, final).success


def test_labelled_timer(env):
    task, initial, final = start(env, "labelled_timer", minutes=7, label="Tea")
    add_timer(final, 7 * MIN)["label"] = "tea"
    assert task.judge(initial, final).success
    unnamed = copy.deepcopy(initial)
    add_timer(unnamed, 7 * MIN)
    assert not task.judge(initial, unnamed).success
