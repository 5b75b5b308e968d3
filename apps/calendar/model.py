"""Calendar's data logic: times, recurrence, event edits, reminders and the ``.ics`` reader.

Times are local wall-clock strings, the way a person reads them (and a judge compares them):
a timed event's ``start`` / ``end`` are ``"YYYY-MM-DD HH:MM"``; an all-day event's are dates
``"YYYY-MM-DD"``, its ``end`` being its last day (inclusive). A repeating event
(``repeat`` in :data:`REPEATS`) repeats forever from its first occurrence; occurrences are
expanded on demand, deterministically, for the days a screen shows.
"""

from __future__ import annotations

import datetime
import functools
import pickle
import re
from collections.abc import Iterable
from typing import Any

from mobilegym_env.kernel.shared import token_of

REPEATS = {"none": "Does not repeat", "daily": "Every day", "weekly": "Every week",
           "monthly": "Every month", "yearly": "Every year"}
# minutes before the start -> label (None: no reminder)
REMINDERS: dict[int | None, str] = {None: "No notification", 0: "At time of event",
                                    10: "10 minutes before", 30: "30 minutes before",
                                    60: "1 hour before", 1440: "1 day before"}
# Google Calendar's event colours (None: the calendar's colour)
COLORS = {"Tomato": "#D50000", "Tangerine": "#F4511E", "Banana": "#F6BF26",
          "Sage": "#33B679", "Basil": "#0B8043", "Peacock": "#039BE5",
          "Blueberry": "#3F51B5", "Lavender": "#7986CB", "Grape": "#8E24AA",
          "Graphite": "#616161"}
REMIND_ACTION = "calendar.REMINDER"
MAX_TITLE = 120
FIELDS = ("title", "calendar_id", "start", "end", "all_day", "repeat", "location", "guests",
          "reminder", "color", "description")


# --------------------------------------------------------------------------- times
@functools.lru_cache(maxsize=4096)  # screens parse the same few stamps on every frame
def parse(stamp: str) -> datetime.datetime:
    """``"YYYY-MM-DD HH:MM"`` or ``"YYYY-MM-DD"`` (midnight) as a naive local datetime.

    Raises:
        ValueError: Not such a stamp.
    """
    if len(stamp) == 10:
        return datetime.datetime.combine(datetime.date.fromisoformat(stamp), datetime.time())
    if len(stamp) != 16 or stamp[10] != " " or stamp[13] != ":":
        raise ValueError(f"not a 'YYYY-MM-DD HH:MM' time: {stamp!r}")
    return datetime.datetime.combine(datetime.date.fromisoformat(stamp[:10]),
                                     datetime.time(int(stamp[11:13]), int(stamp[14:16])))


def stamp(when: datetime.datetime, all_day: bool = False) -> str:
    return when.strftime("%Y-%m-%d" if all_day else "%Y-%m-%d %H:%M")


def span(ev: dict[str, Any]) -> tuple[datetime.datetime, datetime.datetime]:
    """The first occurrence's start and end (an all-day event ends at the end of its last
    day)."""
    start, end = parse(ev["start"]), parse(ev["end"])
    if ev["all_day"]:
        end += datetime.timedelta(days=1)
    return start, end


def local_ms(when: datetime.datetime, tz_offset_minutes: int) -> int:
    """A naive local datetime as epoch milliseconds."""
    utc = when - datetime.timedelta(minutes=tz_offset_minutes)
    return int(utc.replace(tzinfo=datetime.timezone.utc).timestamp()) * 1000


def hm(when: datetime.datetime) -> str:
    return when.strftime("%H:%M")


def when_text(ev: dict[str, Any], day: datetime.date) -> str:
    """The times of the occurrence that starts on ``day``: ``09:00 – 10:30`` or ``All day``."""
    if ev["all_day"]:
        return "All day"
    start, end = span(ev)
    return f"{hm(start)} – {hm(end)}"


def date_text(day: datetime.date, year: bool = False) -> str:
    """``Tuesday, March 10`` (with ``, 2026`` if ``year``)."""
    return f"{day:%A, %B} {day.day}" + (f", {day.year}" if year else "")


# --------------------------------------------------------------------------- recurrence
def _starts(ev: dict[str, Any], first: datetime.date, last: datetime.date) -> Iterable[datetime.date]:
    """The start dates of the occurrences starting in ``[first, last]``."""
    origin = parse(ev["start"]).date()
    rule = ev.get("repeat") or "none"
    if rule == "none":
        if first <= origin <= last:
            yield origin
        return
    if rule in ("daily", "weekly"):
        step = 1 if rule == "daily" else 7
        skip = max(0, -(-(first - origin).days // step))
        day = origin + datetime.timedelta(days=skip * step)
        while day <= last:
            yield day
            day += datetime.timedelta(days=step)
        return
    year, month = max(first, origin).year, max(first, origin).month
    if rule == "yearly":
        month = origin.month
        year = max(first, origin).year - 1
    while True:
        try:
            day = datetime.date(year, month, origin.day)
        except ValueError:  # Feb 30: that month has no occurrence
            day = None
        if day is not None and day > last:
            return
        if day is not None and day >= max(first, origin):
            yield day
        if rule == "monthly":
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        else:
            year += 1
        if year > last.year + 1:
            return


def occurrences(ev: dict[str, Any], first: datetime.date,
                last: datetime.date) -> list[datetime.date]:
    """Start dates of the event's occurrences that touch a day in ``[first, last]``."""
    start, end = span(ev)
    length = max(0, ((end - datetime.timedelta(minutes=1)).date() - start.date()).days)
    return list(_starts(ev, first - datetime.timedelta(days=length), last))


def on_day(events: Iterable[dict[str, Any]], day: datetime.date) -> list[dict[str, Any]]:
    """The events with an occurrence on ``day``: all-day ones first, then by start time."""
    found = [ev for ev in events if occurrences(ev, day, day)]
    return sorted(found, key=lambda ev: (not ev["all_day"], span(ev)[0].time(), ev["id"]))


def by_day(events: list[dict[str, Any]], first: datetime.date,
           last: datetime.date) -> dict[datetime.date, list[dict[str, Any]]]:
    """Each day of ``[first, last]`` with events -> its events (as :func:`on_day` sorts them)."""
    days: dict[datetime.date, list[dict[str, Any]]] = {}
    for ev in events:
        start, end = span(ev)
        length = max(0, ((end - datetime.timedelta(minutes=1)).date() - start.date()).days)
        for s in occurrences(ev, first, last):
            for i in range(length + 1):
                day = s + datetime.timedelta(days=i)
                if first <= day <= last:
                    days.setdefault(day, []).append(ev)
    key = lambda ev: (not ev["all_day"], span(ev)[0].time(), ev["id"])  # noqa: E731
    return {d: sorted(evs, key=key) for d, evs in sorted(days.items())}


def next_start(ev: dict[str, Any], after: datetime.date) -> datetime.date | None:
    """The first occurrence starting on or after ``after`` (within two years)."""
    found = list(_starts(ev, after, after + datetime.timedelta(days=731)))
    return found[0] if found else None


# --------------------------------------------------------------------------- records
def event(state: dict[str, Any], event_id: Any) -> dict[str, Any] | None:
    try:
        key = int(event_id)
    except (TypeError, ValueError):
        return None
    return next((e for e in state["events"] if e["id"] == key), None)


def calendar(state: dict[str, Any], calendar_id: int) -> dict[str, Any]:
    return next((c for c in state["calendars"] if c["id"] == calendar_id), state["calendars"][0])


def color_of(state: dict[str, Any], ev: dict[str, Any]) -> str:
    """The event's colour: its own, else its calendar's."""
    return COLORS.get(ev.get("color") or "", calendar(state, ev["calendar_id"])["color"])


def validate(values: dict[str, Any]) -> str | None:
    """What is wrong with an event's values (a message for the user), or None."""
    title = str(values.get("title") or "").strip()
    if not title:
        return "Add a title"
    if len(title) > MAX_TITLE:
        return f"The title is too long (at most {MAX_TITLE} characters)"
    if parse(values["end"]) < parse(values["start"]):
        return "The event can't end before it starts"
    return None


def create(state: dict[str, Any], values: dict[str, Any], now_ms: int) -> dict[str, Any]:
    """Appends an event with the next id."""
    rec = {"id": state["next_id"], **{k: values[k] for k in FIELDS}, "updated_ms": now_ms}
    rec["title"] = rec["title"].strip()
    state["next_id"] += 1
    state["events"].append(rec)
    return rec


def update(rec: dict[str, Any], values: dict[str, Any], now_ms: int) -> bool:
    """Writes the fields that differ; returns whether any did."""
    changes = {k: values[k] for k in FIELDS if rec.get(k) != values[k]}
    if changes:
        rec.update(changes, updated_ms=now_ms)
    return bool(changes)


def delete(state: dict[str, Any], event_id: int) -> None:
    state["events"] = [e for e in state["events"] if e["id"] != event_id]


def search(state: dict[str, Any], query: str) -> list[dict[str, Any]]:
    """Events whose title, location or description contain the words of ``query``,
    soonest first."""
    words = query.lower().split()
    if not words:
        return []
    found = [e for e in state["events"]
             if all(w in f"{e['title']} {e['location']} {e['description']}".lower()
                    for w in words)]
    return sorted(found, key=lambda e: (e["start"][:10], span(e)[0], e["id"]))


# --------------------------------------------------------------------------- reminders
def arm(kernel: Any, event_id: int | None = None) -> None:
    """Schedules each event's next reminder with the alarm service (all events, or one):
    the alarm ``event:<id>`` broadcasts :data:`REMIND_ACTION` at the next occurrence's start
    minus its reminder; an event without a reminder (or deleted) has none. Reads the store
    only (at boot it stays shared with the factory image)."""
    state = kernel.app_state("calendar", read_only=True)
    now_ms, tz = kernel.clock.now_ms(), kernel.clock.tz_offset_minutes
    today = kernel.clock.local_datetime().date()
    # every event (on boot and on open: one pass, no lookups), or the one saved or deleted
    pairs = [(e["id"], e) for e in state["events"]] if event_id is None \
        else [(event_id, event(state, event_id))]
    # every event's reminders today and the next one after, worked out once per events, day
    # and time zone (every boot arms them, and opening the app again): the factory's events
    # by their token, a task's by their pickle
    events = None if event_id is not None else \
        token_of(state) or pickle.dumps(state["events"], pickle.HIGHEST_PROTOCOL)
    plan_key = (events, tz, today)
    plan = _PLANS.get(plan_key) if events is not None else None
    if plan is None:
        plan = [(key, _candidates(ev, tz, today)) for key, ev in pairs]
        if plan_key[0] is not None:
            _PLANS[plan_key] = plan
            while len(_PLANS) > 64:
                del _PLANS[next(iter(_PLANS))]
    for key, candidates in plan:
        kernel.alarms.cancel("calendar", f"event:{key}")
        for at, date in candidates:
            if at > now_ms:
                kernel.alarms.set("calendar", f"event:{key}", at, REMIND_ACTION,
                                  {"event_id": key, "date": date})
                break


# (the events' token or pickle, tz, day) -> plan
_PLANS: dict[tuple, list[tuple[int, list[tuple[int, str]]]]] = {}


def _candidates(ev: dict[str, Any] | None, tz: int, today: datetime.date
                ) -> list[tuple[int, str]]:
    """The reminder times (epoch ms) and occurrence dates that may be the next one while
    ``today`` lasts, in order: occurrences from yesterday on, up to the first whose reminder
    comes after today (the clock is somewhere in today, so a later one is never the next)."""
    if ev is None or ev.get("reminder") is None:
        return []
    start_time = span(ev)[0].time()
    end_of_today = local_ms(datetime.datetime.combine(today + datetime.timedelta(days=1),
                                                      datetime.time()), tz)
    out = []
    for s in _starts(ev, today - datetime.timedelta(days=1),
                     today + datetime.timedelta(days=400)):
        at = local_ms(datetime.datetime.combine(s, start_time), tz) - ev["reminder"] * 60_000
        out.append((at, s.isoformat()))
        if at >= end_of_today:
            break
    return out


def on_reminder(kernel: Any, broadcast: Any) -> None:
    """The reminder's receiver: posts the notification (a tap opens the event) and arms the
    next occurrence's."""
    state = kernel.app_state("calendar")
    ev = event(state, broadcast.extras.get("event_id"))
    if ev is None:
        return
    day = datetime.date.fromisoformat(str(broadcast.extras.get("date")))
    body = when_text(ev, day) if ev["all_day"] else \
        f"{date_text(day)}, {when_text(ev, day)}"
    if ev["location"]:
        body += f" · {ev['location']}"
    kernel.notifications.post("calendar", ev["title"], body,
                              route=f"/event/{ev['id']}?date={day.isoformat()}")
    arm(kernel, ev["id"])


def on_lifecycle(kernel: Any, activity: Any, event_name: str) -> None:
    """Opening Calendar (re)arms every reminder, as the app does when it syncs."""
    if event_name == "created":
        arm(kernel)


# --------------------------------------------------------------------------- .ics
_ICS_TIME = re.compile(r"^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$")


def _ics_time(value: str, tz_offset_minutes: int) -> tuple[datetime.datetime, bool] | None:
    """An iCalendar DATE or DATE-TIME as (local datetime, is a date); UTC (``Z``) is turned
    into local time."""
    m = _ICS_TIME.match(value.strip())
    if not m:
        return None
    y, mo, d, h, mi, _, z = m.groups()
    try:
        when = datetime.datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0))
    except ValueError:
        return None
    if z:
        when += datetime.timedelta(minutes=tz_offset_minutes)
    return when, h is None


def parse_ics(text: str, tz_offset_minutes: int = 0) -> list[dict[str, Any]]:
    """The VEVENTs of an iCalendar text as event values (title, start, end, all_day,
    location, description, repeat); events without a usable DTSTART are skipped."""
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if raw[:1] in (" ", "\t") and lines:  # a folded line continues the previous one
            lines[-1] += raw[1:]
        elif raw.strip():
            lines.append(raw.strip())
    found, cur = [], None
    for line in lines:
        name, _, value = line.partition(":")
        key, *params = name.upper().split(";")
        if key == "BEGIN" and value.upper() == "VEVENT":
            cur = {}
        elif key == "END" and value.upper() == "VEVENT" and cur is not None:
            found.append(cur)
            cur = None
        elif cur is not None:
            cur[key] = value.replace("\\n", "\n").replace("\\,", ",").replace("\\;", ";")
    events = []
    for raw_ev in found:
        start = _ics_time(raw_ev.get("DTSTART", ""), tz_offset_minutes)
        if start is None:
            continue
        begin, all_day = start
        end = _ics_time(raw_ev.get("DTEND", ""), tz_offset_minutes)
        if all_day:
            last = end[0] - datetime.timedelta(days=1) if end else begin  # DTEND is exclusive
            finish = max(last, begin)
        else:
            finish = end[0] if end else begin + datetime.timedelta(hours=1)
        freq = re.search(r"FREQ=(\w+)", raw_ev.get("RRULE", "").upper())
        repeat = freq.group(1).lower() if freq else "none"
        events.append({
            "title": raw_ev.get("SUMMARY", "").strip() or "(No title)",
            "start": stamp(begin, all_day), "end": stamp(finish, all_day), "all_day": all_day,
            "location": raw_ev.get("LOCATION", "").strip(),
            "description": raw_ev.get("DESCRIPTION", "").strip(),
            "repeat": repeat if repeat in REPEATS else "none",
        })
    return events
