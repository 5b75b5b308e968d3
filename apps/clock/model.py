"""Clock's rules, apart from any screen: when an alarm rings next, how its days read, timer and
stopwatch arithmetic on the virtual clock, the world-clock city table, and keeping the kernel's
alarm service in step with the store (``sync``).

Every function takes the kernel (``ctx.os`` in a screen) or the store, so screens, receivers,
tasks and tests share one implementation.
"""

from __future__ import annotations

import datetime
from typing import Any

from mobilegym_env.system.status_bar import uses_12_hour

from .state import DAYS, WEEKDAYS, WEEKEND, alarm_record

APP = "clock"
ACTION_ALARM = "clock.ALARM"
ACTION_TIMER = "clock.TIMER"
ACTION_SNOOZE = "clock.SNOOZE"
ACTION_DISMISS = "clock.DISMISS"
ACTION_TIMER_STOP = "clock.TIMER_STOP"
ACTION_TIMER_ADD = "clock.TIMER_ADD"
ACTION_SILENCE = "clock.SILENCE"
MINUTE_MS = 60_000
DAY_MS = 86_400_000
MAX_TIMER_MS = (99 * 3600 + 59 * 60 + 59) * 1000
MAX_LABEL = 40
_WEEKDAY = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}

# name, country, fixed UTC offset in minutes (standard time; the simulator keeps no DST)
CITY_TABLE: tuple[tuple[str, str, int], ...] = (
    ("Amsterdam", "Netherlands", 60), ("Athens", "Greece", 120),
    ("Auckland", "New Zealand", 720), ("Bangkok", "Thailand", 420),
    ("Berlin", "Germany", 60), ("Buenos Aires", "Argentina", -180),
    ("Cairo", "Egypt", 120), ("Chicago", "United States", -360),
    ("Denver", "United States", -420), ("Dubai", "United Arab Emirates", 240),
    ("Hong Kong", "China", 480), ("Honolulu", "United States", -600),
    ("Istanbul", "Türkiye", 180), ("Jakarta", "Indonesia", 420),
    ("Johannesburg", "South Africa", 120), ("Kathmandu", "Nepal", 345),
    ("Lisbon", "Portugal", 0), ("London", "United Kingdom", 0),
    ("Los Angeles", "United States", -480), ("Madrid", "Spain", 60),
    ("Mexico City", "Mexico", -360), ("Moscow", "Russia", 180),
    ("Mumbai", "India", 330), ("Nairobi", "Kenya", 180),
    ("New York", "United States", -300), ("Paris", "France", 60),
    ("Reykjavik", "Iceland", 0), ("Rome", "Italy", 60),
    ("São Paulo", "Brazil", -180), ("Seoul", "South Korea", 540),
    ("Singapore", "Singapore", 480), ("Sydney", "Australia", 600),
    ("Tokyo", "Japan", 540), ("Toronto", "Canada", -300),
    ("Vancouver", "Canada", -480),
)
CITY_OFFSET = {name: off for name, _, off in CITY_TABLE}
CITY_COUNTRY = {name: country for name, country, _ in CITY_TABLE}


# --------------------------------------------------------------------------- store lookups
def store(kernel: Any) -> dict[str, Any]:
    """Clock's persisted store (``state.py``)."""
    return kernel.app_state(APP)


def find(records: list[dict[str, Any]], record_id: Any) -> dict[str, Any] | None:
    """The record with this id (ids from routes may be strings), or None."""
    try:
        wanted = int(record_id)
    except (TypeError, ValueError):
        return None
    return next((r for r in records if r["id"] == wanted), None)


def new_id(st: dict[str, Any]) -> int:
    """Takes the next id of the store's one counter."""
    st["next_id"] += 1
    return st["next_id"] - 1


# --------------------------------------------------------------------------- formatting
def local_time(kernel: Any, ms: int) -> datetime.datetime:
    """An epoch time as the phone's local wall time."""
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(
        milliseconds=ms + kernel.clock.tz_offset_minutes * MINUTE_MS)


def twelve_hour(kernel: Any) -> bool:
    """Whether the locale shows 12-hour times (en-US does), as the status bar decides."""
    return uses_12_hour(str(kernel.os_state.get("settings.global.language")))


def time_parts(hour: int, minute: int, twelve: bool) -> tuple[str, str]:
    """``("6:30", "AM")`` in a 12-hour locale, ``("06:30", "")`` in a 24-hour one."""
    if twelve:
        return f"{hour % 12 or 12}:{minute:02d}", "AM" if hour < 12 else "PM"
    return f"{hour:02d}:{minute:02d}", ""


def time_text(hour: int, minute: int, twelve: bool = True) -> str:
    """``"6:30 AM"`` (or ``"06:30"``)."""
    clock, period = time_parts(hour, minute, twelve)
    return f"{clock} {period}".strip()


def days_summary(days: list[str]) -> str:
    """How an alarm card names its repeat days: "Every day", "Weekdays", "Weekends",
    "Mon, Wed, Fri", or "" for a one-time alarm."""
    if len(days) == 7:
        return "Every day"
    if sorted(days) == sorted(WEEKDAYS):
        return "Weekdays"
    if sorted(days) == sorted(WEEKEND):
        return "Weekends"
    return ", ".join(d for d in DAYS if d in days)


def duration_text(ms: int) -> str:
    """A countdown as the timer shows it: ``"9:58"``, ``"1:02:03"`` (seconds rounded up, so a
    just-started 10-minute timer reads 10:00)."""
    secs = max(0, -(-ms // 1000))
    h, rest = divmod(secs, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def duration_label(ms: int) -> str:
    """A timer's name from its length: "10m timer", "1h 30m timer", "45s timer"."""
    secs = ms // 1000
    h, rest = divmod(secs, 3600)
    m, s = divmod(rest, 60)
    parts = [f"{v}{u}" for v, u in ((h, "h"), (m, "m"), (s, "s")) if v]
    return " ".join(parts or ["0s"]) + " timer"


def stopwatch_text(ms: int) -> str:
    """``"01:05.42"`` (minutes, seconds, hundredths); hours lead once reached."""
    cs = ms // 10
    h, rest = divmod(cs, 360_000)
    m, rest = divmod(rest, 6000)
    s, cs = divmod(rest, 100)
    return f"{h}:{m:02d}:{s:02d}.{cs:02d}" if h else f"{m:02d}:{s:02d}.{cs:02d}"


def until_text(ms: int) -> str:
    """``"7 hr 15 min"`` until an alarm rings (minutes rounded up, as the toast says)."""
    minutes = max(1, -(-ms // MINUTE_MS))
    days, rest = divmod(minutes, 24 * 60)
    h, m = divmod(rest, 60)
    parts = [f"{v} {u}" for v, u in ((days, "day" if days == 1 else "days"), (h, "hr"),
                                     (m, "min")) if v]
    return " ".join(parts)


# --------------------------------------------------------------------------- alarms
def next_ring_ms(alarm: dict[str, Any], now_ms: int, tz_minutes: int) -> int:
    """When the alarm rings next, strictly after ``now_ms`` (its snooze, if one is pending;
    else the next of its days at its time, or the next occurrence of its time at all)."""
    snooze = alarm.get("snoozed_until_ms")
    if snooze is not None and snooze > now_ms:
        return snooze
    shift = tz_minutes * MINUTE_MS
    local = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=now_ms + shift)
    day0 = local.replace(hour=0, minute=0, second=0, microsecond=0)
    allowed = {_WEEKDAY[d] for d in alarm["days"]}
    for ahead in range(8):
        at = day0 + datetime.timedelta(days=ahead, hours=alarm["hour"], minutes=alarm["minute"])
        if at > local and (not allowed or at.weekday() in allowed):
            delta = at - datetime.datetime(1970, 1, 1)
            return int(delta.total_seconds()) * 1000 - shift
    raise AssertionError("an alarm rings within a week")  # pragma: no cover


def schedules(alarm: dict[str, Any]) -> bool:
    """Whether the alarm service should hold the alarm: it is on, and not a one-time alarm
    that is ringing now (a repeating one is already set for its next day)."""
    return bool(alarm["enabled"]) and (bool(alarm["days"]) or not alarm["ringing"]
                                       or alarm.get("snoozed_until_ms") is not None)


def sync(kernel: Any) -> None:
    """Sets the alarm service to the store: each alarm that is on at its next ring, each
    running timer at its end; cancels the rest (deleted, off, paused). Reads the store only
    (at boot it stays shared with the factory image)."""
    st = kernel.app_state(APP, read_only=True)
    now, tz = kernel.clock.now_ms(), kernel.clock.tz_offset_minutes
    wanted: dict[str, tuple[int, str, dict[str, Any]]] = {}
    for a in st["alarms"]:
        if schedules(a):
            wanted[f"alarm:{a['id']}"] = (next_ring_ms(a, now, tz), ACTION_ALARM, {"id": a["id"]})
    for t in st["timers"]:
        if t["state"] == "running":
            wanted[f"timer:{t['id']}"] = (t["end_ms"], ACTION_TIMER, {"id": t["id"]})
    for a in st["alarms"]:  # a ringing alarm keeps its "silence after" deadline
        silence = kernel.alarms.get(APP, f"silence:{a['id']}")
        if a["ringing"] and silence is not None:
            wanted[silence.key] = (silence.at_ms, silence.action, dict(silence.extras))
    for old in kernel.alarms.of_app(APP):
        if old.key not in wanted:
            kernel.alarms.cancel(APP, old.key)
    for key, (at, action, extras) in wanted.items():
        have = kernel.alarms.get(APP, key)
        if have is None or have.at_ms != at:
            # the user's alarms are alarm clocks (the status bar's alarm icon); timers not
            kernel.alarms.set(APP, key, at, action, extras, alarm_clock=action == ACTION_ALARM)


def next_alarm(kernel: Any) -> tuple[dict[str, Any], int] | None:
    """The alarm that rings soonest and when (what "next alarm" means), or None."""
    now, tz = kernel.clock.now_ms(), kernel.clock.tz_offset_minutes
    ringing = [(next_ring_ms(a, now, tz), a["id"], a) for a in store(kernel)["alarms"]
               if schedules(a)]
    if not ringing:
        return None
    at, _, alarm = min(ringing)
    return alarm, at


def set_enabled(kernel: Any, alarm: dict[str, Any], on: bool) -> None:
    """Turns an alarm on (with Android's "Alarm set for ..." toast) or off."""
    alarm["enabled"] = on
    alarm["snoozed_until_ms"] = None
    if not on:
        alarm["ringing"] = False
        _drop_notifications(kernel, alarm["id"], ACTION_DISMISS)
    sync(kernel)
    if on:
        at = next_ring_ms(alarm, kernel.clock.now_ms(), kernel.clock.tz_offset_minutes)
        kernel.toast(f"Alarm set for {until_text(at - kernel.clock.now_ms())} from now")


def _drop_notifications(kernel: Any, record_id: int, action: str) -> None:
    """Removes the ringing notification of an alarm or timer (its action buttons name it)."""
    for n in list(kernel.notifications.items):
        if n.app_id == APP and any(a.get("broadcast") == action
                                   and a.get("extras", {}).get("id") == record_id
                                   for a in n.actions):
            kernel.notifications.dismiss(n.id)


def on_alarm(kernel: Any, broadcast: Any) -> None:
    """Receiver: an alarm went off. It rings (a heads-up notification with Snooze and Dismiss;
    tapping it opens the full-screen alert); a repeating alarm is set for its next day."""
    alarm = find(store(kernel)["alarms"], broadcast.extras.get("id"))
    if alarm is None or not alarm["enabled"]:
        return
    alarm["ringing"] = True
    alarm["snoozed_until_ms"] = None
    twelve = twelve_hour(kernel)
    extras = {"id": alarm["id"]}
    kernel.notifications.post(
        APP, f"Alarm · {time_text(alarm['hour'], alarm['minute'], twelve)}",
        alarm["label"] or "Alarm", route=f"/ring/{alarm['id']}",
        actions=({"label": "Snooze", "broadcast": ACTION_SNOOZE, "extras": extras},
                 {"label": "Dismiss", "broadcast": ACTION_DISMISS, "extras": extras}))
    silence = int(store(kernel)["settings"]["silence_after_minutes"])
    if silence:
        kernel.alarms.set(APP, f"silence:{alarm['id']}",
                          kernel.clock.now_ms() + silence * MINUTE_MS, ACTION_SILENCE, extras)
    sync(kernel)


def on_silence(kernel: Any, broadcast: Any) -> None:
    """Receiver: an alarm rang unanswered for the "silence after" time: it stops as if
    dismissed, and a "Missed alarm" notification stays."""
    alarm = find(store(kernel)["alarms"], broadcast.extras.get("id"))
    if alarm is None or not alarm["ringing"]:
        return
    dismiss(kernel, alarm["id"])
    kernel.notifications.post(
        APP, "Missed alarm", f"{time_text(alarm['hour'], alarm['minute'], twelve_hour(kernel))}"
        f"{' · ' + alarm['label'] if alarm['label'] else ''}", route="/", heads_up=False)


def snooze(kernel: Any, alarm_id: Any) -> None:
    """The ringing alarm stops and rings again after the snooze length."""
    alarm = find(store(kernel)["alarms"], alarm_id)
    if alarm is None or not alarm["ringing"]:
        return
    minutes = int(store(kernel)["settings"]["snooze_minutes"])
    alarm["ringing"] = False
    alarm["snoozed_until_ms"] = kernel.clock.now_ms() + minutes * MINUTE_MS
    _drop_notifications(kernel, alarm["id"], ACTION_SNOOZE)
    kernel.alarms.cancel(APP, f"silence:{alarm['id']}")
    kernel.alarms.set(APP, f"alarm:{alarm['id']}", alarm["snoozed_until_ms"], ACTION_ALARM,
                      {"id": alarm["id"]}, alarm_clock=True)
    kernel.toast(f"Alarm snoozed for {minutes} min")


def dismiss(kernel: Any, alarm_id: Any) -> None:
    """The ringing (or snoozed) alarm stops; a one-time alarm turns off, a repeating one
    stays set for its next day."""
    alarm = find(store(kernel)["alarms"], alarm_id)
    if alarm is None or not (alarm["ringing"] or alarm["snoozed_until_ms"] is not None):
        return
    alarm["ringing"] = False
    alarm["snoozed_until_ms"] = None
    if not alarm["days"]:
        alarm["enabled"] = False
    _drop_notifications(kernel, alarm["id"], ACTION_DISMISS)
    sync(kernel)


def on_snooze(kernel: Any, broadcast: Any) -> None:
    """Receiver: the notification's Snooze."""
    snooze(kernel, broadcast.extras.get("id"))


def on_dismiss(kernel: Any, broadcast: Any) -> None:
    """Receiver: the notification's Dismiss."""
    dismiss(kernel, broadcast.extras.get("id"))


# --------------------------------------------------------------------------- intents
def handle_intent(kernel: Any, activity: Any) -> None:
    """Android's AlarmClock intents, as Clock handles them when they start it: SET_ALARM with
    a valid ``hour`` (and ``minutes``, ``message``, ``days``) adds the alarm, on, and shows it;
    without one it opens the time picker over the alarms. SET_TIMER with a valid ``length``
    (seconds) starts that timer; without one it shows the keypad."""
    intent = activity.intent or {}
    data = intent.get("data") or {}
    action = intent.get("action")
    if action == "ACTION_SET_ALARM":
        hour, minute = data.get("hour"), data.get("minutes", 0)
        if not (isinstance(hour, int) and isinstance(minute, int) and 0 <= hour < 24
                and 0 <= minute < 60):
            activity.history[:] = ["/", "/?dialog=new_time"]
            return
        st = store(kernel)
        label = " ".join(str(data.get("message") or "").split())[:MAX_LABEL]
        days = data.get("days") if isinstance(data.get("days"), list | tuple) else ()
        alarm = alarm_record(new_id(st), hour, minute, label, days)
        st["alarms"].append(alarm)
        activity.ui["expanded"] = alarm["id"]
        set_enabled(kernel, alarm, True)
    elif action == "ACTION_SET_TIMER":
        length = data.get("length")
        if isinstance(length, int) and not isinstance(length, bool) \
                and 0 < length * 1000 <= MAX_TIMER_MS:
            add_timer(kernel, length * 1000)


# --------------------------------------------------------------------------- timers
def remaining_ms(timer: dict[str, Any], now_ms: int) -> int:
    """What is left of a timer at ``now_ms`` (0 once it is up)."""
    if timer["state"] == "running":
        return max(0, timer["end_ms"] - now_ms)
    if timer["state"] == "expired":
        return 0
    return timer["remaining_ms"]


def add_timer(kernel: Any, duration_ms: int, start: bool = True) -> dict[str, Any]:
    """A new timer of ``duration_ms``, started at once (as the keypad's Start does)."""
    st = store(kernel)
    timer = {"id": new_id(st), "label": "", "duration_ms": duration_ms, "state": "idle",
             "remaining_ms": duration_ms, "end_ms": None}
    st["timers"].append(timer)
    if start:
        toggle_timer(kernel, timer)
    return timer


def toggle_timer(kernel: Any, timer: dict[str, Any]) -> None:
    """Start / resume a timer, or pause it (an expired one is stopped and reset)."""
    now = kernel.clock.now_ms()
    if timer["state"] == "running":
        timer.update(state="paused", remaining_ms=max(0, timer["end_ms"] - now), end_ms=None)
    elif timer["state"] == "expired":
        reset_timer(kernel, timer)
        return
    else:
        timer.update(state="running", end_ms=now + timer["remaining_ms"])
    sync(kernel)


def reset_timer(kernel: Any, timer: dict[str, Any]) -> None:
    """Back to its full length, stopped (and silenced if it was ringing)."""
    timer.update(state="idle", remaining_ms=timer["duration_ms"], end_ms=None)
    _drop_notifications(kernel, timer["id"], ACTION_TIMER_STOP)
    sync(kernel)


def add_minute(kernel: Any, timer: dict[str, Any]) -> None:
    """+1:00: a minute more on the countdown (an expired timer runs again for that minute)."""
    now = kernel.clock.now_ms()
    if timer["state"] == "running":
        timer["end_ms"] = min(timer["end_ms"] + MINUTE_MS, now + MAX_TIMER_MS)
    elif timer["state"] == "expired":
        timer.update(state="running", end_ms=now + MINUTE_MS, remaining_ms=MINUTE_MS)
        _drop_notifications(kernel, timer["id"], ACTION_TIMER_STOP)
    else:
        timer["remaining_ms"] = min(timer["remaining_ms"] + MINUTE_MS, MAX_TIMER_MS)
    sync(kernel)


def delete_timer(kernel: Any, timer: dict[str, Any]) -> None:
    """Removes a timer, its scheduled end and its notification."""
    st = store(kernel)
    st["timers"] = [t for t in st["timers"] if t["id"] != timer["id"]]
    _drop_notifications(kernel, timer["id"], ACTION_TIMER_STOP)
    sync(kernel)


def on_timer(kernel: Any, broadcast: Any) -> None:
    """Receiver: a timer ran out: it rings ("Time's up" with Stop and +1:00)."""
    timer = find(store(kernel)["timers"], broadcast.extras.get("id"))
    if timer is None or timer["state"] != "running":
        return
    timer.update(state="expired", remaining_ms=0, end_ms=None)
    extras = {"id": timer["id"]}
    kernel.notifications.post(
        APP, "Time's up", timer["label"] or duration_label(timer["duration_ms"]),
        route="/timer",
        actions=({"label": "Stop", "broadcast": ACTION_TIMER_STOP, "extras": extras},
                 {"label": "+1:00", "broadcast": ACTION_TIMER_ADD, "extras": extras}))


def on_timer_stop(kernel: Any, broadcast: Any) -> None:
    """Receiver: "Time's up" -> Stop."""
    timer = find(store(kernel)["timers"], broadcast.extras.get("id"))
    if timer is not None:
        reset_timer(kernel, timer)


def on_timer_add(kernel: Any, broadcast: Any) -> None:
    """Receiver: "Time's up" -> +1:00."""
    timer = find(store(kernel)["timers"], broadcast.extras.get("id"))
    if timer is not None:
        add_minute(kernel, timer)


# --------------------------------------------------------------------------- stopwatch
def elapsed_ms(watch: dict[str, Any], now_ms: int) -> int:
    """The stopwatch's reading at ``now_ms``."""
    if watch["state"] == "running":
        return watch["accumulated_ms"] + now_ms - watch["start_ms"]
    return watch["accumulated_ms"]


def toggle_stopwatch(kernel: Any) -> None:
    """Start / Resume, or Pause (the elapsed time is kept in ``accumulated_ms``)."""
    watch = store(kernel)["stopwatch"]
    now = kernel.clock.now_ms()
    if watch["state"] == "running":
        watch.update(state="paused", accumulated_ms=elapsed_ms(watch, now), start_ms=None)
    else:
        watch.update(state="running", start_ms=now)


def lap(kernel: Any) -> None:
    """Records a lap (only while running, as the Lap button shows only then)."""
    st = store(kernel)
    watch = st["stopwatch"]
    if watch["state"] != "running":
        return
    total = elapsed_ms(watch, kernel.clock.now_ms())
    before = watch["laps"][-1]["total_ms"] if watch["laps"] else 0
    watch["laps"].append({"id": new_id(st), "lap_ms": total - before, "total_ms": total})


def reset_stopwatch(kernel: Any) -> None:
    """Back to zero, laps cleared."""
    store(kernel)["stopwatch"] = {"state": "idle", "start_ms": None, "accumulated_ms": 0,
                                  "laps": []}


# --------------------------------------------------------------------------- world clock
def city_time(name: str, now_ms: int) -> datetime.datetime:
    """The city's local wall time now."""
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(
        milliseconds=now_ms + CITY_OFFSET[name] * MINUTE_MS)


def offset_text(city_minutes: int, local_minutes: int, city_day: datetime.date,
                local_day: datetime.date) -> str:
    """"Tomorrow, 9 hrs ahead" / "Today, 5 hrs behind" / "Today, same time"."""
    day = ("Today" if city_day == local_day else
           "Tomorrow" if city_day > local_day else "Yesterday")
    diff = city_minutes - local_minutes
    if diff == 0:
        return f"{day}, same time"
    h, m = divmod(abs(diff), 60)
    amount = f"{h}.5" if m == 30 else (f"{h}:{m:02d}" if m else str(h))
    unit = "hr" if diff in (60, -60) else "hrs"
    return f"{day}, {amount} {unit} {'ahead' if diff > 0 else 'behind'}"
