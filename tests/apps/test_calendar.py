"""Calendar: default data, recurrence, the views, the event page, the form (pickers, guests,
repeat, reminder, colour, validation), delete, search, go to date, reminders as
notifications, and ``.ics`` import from Files."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest

from mobilegym_env import actions as A
from mobilegym_env import oracle as O
from mobilegym_env.apps.calendar import model
from mobilegym_env.apps.calendar.state import initial_state
from mobilegym_env.apps.files.common import file_route
from mobilegym_env.device import Device
from mobilegym_env.testing import has, ids, node, route, screen_text, tap

APP = "calendar"
D = datetime.date


def store(device: Device) -> dict:
    return device.state()["apps"]["calendar"]


def ev(device: Device, event_id: int) -> dict | None:
    return next((e for e in store(device)["events"] if e["id"] == event_id), None)


def run(device: Device, steps: Iterator[dict[str, Any]]) -> None:
    """Performs an oracle helper's actions."""
    for action in steps:
        device.act(action)


@pytest.fixture(autouse=True)
def _no_crashes(device: Device):
    yield
    assert device.crashes == []


# ----- data and recurrence
def test_default_data_has_calendars_repeats_all_day_events_and_near_duplicates() -> None:
    s = initial_state()
    assert [c["name"] for c in s["calendars"]] == ["Personal", "Work", "Family", "Holidays"]
    assert len(s["events"]) == 31 and s["next_id"] == 32 and s["view"] == "schedule"
    titles = [e["title"] for e in s["events"]]
    assert titles.count("Team sync") == 2 and {"Dentist", "Dentist follow-up"} <= set(titles)
    assert sum(e["all_day"] for e in s["events"]) == 7
    assert sum(e["repeat"] != "none" for e in s["events"]) == 6
    for e in s["events"]:
        assert model.validate(e) is None
        assert len(e["start"]) == (10 if e["all_day"] else 16)


def test_occurrences_expand_weekly_monthly_and_yearly_rules() -> None:
    s = initial_state()
    sync = s["events"][8]  # Team sync, weekly on Mondays from Feb 23
    assert model.occurrences(sync, D(2026, 3, 1), D(2026, 3, 31)) == [
        D(2026, 3, 2), D(2026, 3, 9), D(2026, 3, 16), D(2026, 3, 23), D(2026, 3, 30)]
    rent = s["events"][7]  # monthly on the 1st
    assert model.occurrences(rent, D(2026, 2, 15), D(2026, 4, 15)) == [D(2026, 3, 1),
                                                                        D(2026, 4, 1)]
    bday = s["events"][20]
    assert model.occurrences(bday, D(2027, 1, 1), D(2027, 12, 31)) == [D(2027, 3, 14)]
    spring = s["events"][30]  # all-day, Mar 30 - Apr 3
    assert [e["title"] for e in model.on_day(s["events"], D(2026, 4, 2))] == [
        "Spring break", "Piano lesson"] or "Spring break" in [
        e["title"] for e in model.on_day(s["events"], D(2026, 4, 2))]
    assert model.occurrences(spring, D(2026, 4, 3), D(2026, 4, 3)) == [D(2026, 3, 30)]


# ----- views
def test_schedule_lists_days_from_today_with_their_events(device: Device) -> None:
    text = screen_text(device)
    assert "March 2026" in text and "Team sync, 10:00 – 10:30" in text
    assert has(device, id="event:9:2026-03-02")
    tap(device, id="event:10:2026-03-03")
    assert route(device) == "/event/10?date=2026-03-03"
    assert "Project Atlas kick-off" in screen_text(device)
    assert "Olivia Bennett" in screen_text(device)


def test_drawer_switches_the_view_and_remembers_it(device: Device) -> None:
    tap(device, id="drawer")
    tap(device, id="view:month")
    assert store(device)["view"] == "month" and has(device, id="day:2026-03-10")
    tap(device, id="day:2026-03-10")
    assert route(device) == "/?view=day&date=2026-03-10"
    assert has(device, id="event:17:2026-03-10")
    device.act(A.back())
    assert has(device, id="day:2026-03-31")
    tap(device, id="next")
    assert "April" in screen_text(device) and has(device, id="day:2026-04-30")
    tap(device, id="drawer")
    tap(device, id="view:week")
    assert "Sunday, March 29" in screen_text(device) and "Saturday, April 4" in screen_text(device)


def test_go_to_date_and_today(device: Device) -> None:
    tap(device, id="go_to_date")
    run(device, O.pick_date(device, D(2026, 3, 24)))
    assert route(device) == "/?date=2026-03-24" and has(device, id="event:28:2026-03-24")
    tap(device, id="today")
    assert route(device) == "/" and has(device, id="event:9:2026-03-02")


def test_search_finds_by_title_location_and_description(device: Device) -> None:
    tap(device, id="search")
    device.type_text("dentist")
    assert ids(device, "result:") == ["result:17", "result:28"]
    tap(device, id="search_field:clear")
    device.type_text("Webster")
    assert ids(device, "result:") == ["result:17", "result:28"]
    run(device, O.type_into(device, "vaccination", id="search_field"))
    assert ids(device, "result:") == ["result:18"]
    tap(device, id="result:18")
    assert route(device).startswith("/event/18")


# ----- the form
def test_create_event_with_pickers_reminder_repeat_guest_and_colour(device: Device) -> None:
    tap(device, id="fab")
    run(device, O.type_into(device, "Interview", id="title"))
    tap(device, id="start_date")
    run(device, O.pick_date(device, D(2026, 3, 12)))
    tap(device, id="start_time")
    run(device, O.pick_time(device, 9, 0))
    tap(device, id="end_time")
    run(device, O.pick_time(device, 10, 30))
    tap(device, id="reminder")
    tap(device, id="reminder:30")
    tap(device, id="repeat")
    tap(device, id="repeat:weekly")
    run(device, O.type_into(device, "Acme HQ", id="location"))
    tap(device, id="add_guests")
    device.type_text("Daniel")
    tap(device, id="guest_pick:4")
    tap(device, id="color")
    tap(device, id="color:Basil")
    tap(device, id="save")
    rec = ev(device, 32)
    assert {k: rec[k] for k in model.FIELDS} == {
        "title": "Interview", "calendar_id": 1, "start": "2026-03-12 09:00",
        "end": "2026-03-12 10:30", "all_day": False, "repeat": "weekly",
        "location": "Acme HQ", "guests": ["Daniel Kim"], "reminder": 30, "color": "Basil",
        "description": ""}
    assert route(device) == "/event/32?date=2026-03-12"
    assert store(device)["next_id"] == 33
    assert device.kernel.alarms.get("calendar", "event:32") is not None


def test_moving_the_start_keeps_the_duration_and_all_day_drops_times(device: Device) -> None:
    tap(device, id="fab")
    run(device, O.type_into(device, "Trip", id="title"))
    tap(device, id="start_time")
    run(device, O.pick_time(device, 14, 0))
    assert node(device, id="end_time")["text"] == "15:00"
    tap(device, id="all_day")
    tap(device, id="end_date")
    run(device, O.pick_date(device, D(2026, 3, 4)))
    tap(device, id="save")
    rec = ev(device, 32)
    assert (rec["start"], rec["end"], rec["all_day"]) == ("2026-03-02", "2026-03-04", True)


def test_bad_input_is_refused_with_a_message(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="save")
    assert "Add a title" in screen_text(device) and len(store(device)["events"]) == 31
    run(device, O.type_into(device, "Backwards", id="title"))
    tap(device, id="end_date")
    run(device, O.pick_date(device, D(2026, 3, 1)))
    tap(device, id="save")
    assert "can't end before it starts" in screen_text(device)
    assert len(store(device)["events"]) == 31 and route(device).startswith("/new")


def test_edit_renames_and_moves_only_what_changed(device: Device) -> None:
    device.kernel.open_app("calendar", "/event/17?date=2026-03-10")
    tap(device, id="edit")
    run(device, O.type_into(device, "Dentist (cleaning)", id="title"))
    tap(device, id="start_date")
    run(device, O.pick_date(device, D(2026, 3, 11)))
    tap(device, id="add_guests")
    device.type_text("nina")
    tap(device, id="guest_pick:24")
    tap(device, id="guest_remove:Grace Lee")
    tap(device, id="save")
    rec = ev(device, 17)
    assert (rec["title"], rec["start"], rec["end"], rec["guests"]) == (
        "Dentist (cleaning)", "2026-03-11 08:30", "2026-03-11 09:15", ["Nina Shah"])
    assert rec["location"] == "Bayview Dental, 2100 Webster St"
    assert route(device) == "/event/17?date=2026-03-11"


def test_delete_asks_first(device: Device) -> None:
    device.kernel.open_app("calendar", "/event/28?date=2026-03-24")
    tap(device, id="delete")
    tap(device, id="delete_dialog:cancel")
    assert ev(device, 28) is not None
    tap(device, id="more")
    tap(device, id="menu:delete")
    tap(device, id="delete_dialog:confirm")
    assert ev(device, 28) is None and ev(device, 17) is not None
    assert "Event deleted" in screen_text(device)


def test_duplicate_opens_a_filled_form(device: Device) -> None:
    device.kernel.open_app("calendar", "/event/19?date=2026-03-12")
    tap(device, id="more")
    tap(device, id="menu:duplicate")
    tap(device, id="save")
    copy = ev(device, 32)
    assert copy["title"] == "Book club" and copy["guests"] == ["Emily Davis", "Laura Chen"]


# ----- reminders
def test_a_reminder_fires_as_a_notification_that_opens_the_event(device: Device) -> None:
    alarm = device.kernel.alarms.get("calendar", "event:10")  # armed when the app opened
    assert alarm is not None
    kickoff = model.local_ms(datetime.datetime(2026, 3, 3, 11, 0), 0)
    assert alarm.at_ms == kickoff - 10 * 60_000
    device.kernel.tick(alarm.at_ms - device.kernel.clock.now_ms())
    note = next(n for n in device.state()["os"]["notifications"]["items"]
                if n["title"] == "Project Atlas kick-off")
    assert "11:00 – 12:00" in note["body"] and "Conference room A" in note["body"]
    device.kernel.open_notification(note["id"])
    assert route(device) == "/event/10?date=2026-03-03"


@pytest.mark.parametrize("tz", [0, 330, -480])
def test_boot_arms_the_factory_events_as_a_store_of_its_own_does(tz: int) -> None:
    """Boot arms the untouched factory events from a plan kept per day and time zone: it
    must set exactly what arming a copied store event by event sets, all day long."""
    from mobilegym_env.kernel import Kernel
    from mobilegym_env.kernel.config import KernelConfig

    start = model.local_ms(datetime.datetime(2026, 3, 2, 0, 0), tz)
    for minutes in (0, 1, 9 * 60 + 49, 9 * 60 + 50, 9 * 60 + 51, 23 * 60 + 59, 24 * 60,
                    3 * 24 * 60 + 700):
        k = Kernel.boot(KernelConfig(start_ms=start + minutes * 60_000, tz_offset_minutes=tz))
        model.arm(k)  # the factory's store, still shared
        planned = {a.key: (a.at_ms, a.extras["date"]) for a in k.alarms.of_app("calendar")}
        k.app_state("calendar")  # the kernel's own copy from now on
        model.arm(k)
        assert planned == {a.key: (a.at_ms, a.extras["date"])
                           for a in k.alarms.of_app("calendar")}, minutes
        assert planned == _next_reminders(k), minutes
        assert len(planned) > 10


def test_arming_again_follows_a_change_to_the_events(device: Device) -> None:
    """Arming all events is planned once per events' content (a task's store by its pickle):
    the same events arm from the kept plan, changed ones from a new one."""
    k = device.kernel
    events = k.app_state("calendar")["events"]
    model.arm(k)
    armed = {a.key: (a.at_ms, a.extras["date"]) for a in k.alarms.of_app("calendar")}
    model.arm(k)  # the kept plan
    assert armed == {a.key: (a.at_ms, a.extras["date"]) for a in k.alarms.of_app("calendar")}
    ev = next(e for e in events if e.get("reminder") and f"event:{e['id']}" in armed)
    ev["reminder"] += 5
    model.arm(k)
    now = {a.key: (a.at_ms, a.extras["date"]) for a in k.alarms.of_app("calendar")}
    assert now == _next_reminders(k)
    assert now[f"event:{ev['id']}"][0] == armed[f"event:{ev['id']}"][0] - 5 * 60_000


def _next_reminders(k: Any) -> dict[str, tuple[int, str]]:
    """Each event's next reminder after now, found by walking its occurrences."""
    now, tz = k.clock.now_ms(), k.clock.tz_offset_minutes
    today = k.clock.local_datetime().date()
    out = {}
    for e in k.app_state("calendar", read_only=True)["events"]:
        if e.get("reminder") is None:
            continue
        for day in model._starts(e, today - datetime.timedelta(days=1),
                                 today + datetime.timedelta(days=400)):
            at = model.local_ms(datetime.datetime.combine(day, model.span(e)[0].time()), tz) \
                - e["reminder"] * 60_000
            if at > now:
                out[f"event:{e['id']}"] = (at, day.isoformat())
                break
    return out


def test_a_weekly_reminder_rearms_for_the_next_week(device: Device) -> None:
    first = device.kernel.alarms.get("calendar", "event:9")
    assert first.extras["date"] == "2026-03-02"  # today's, 10 minutes before 10:00
    device.kernel.tick(7 * 86_400_000)
    nxt = device.kernel.alarms.get("calendar", "event:9")
    assert nxt is not None and nxt.extras["date"] == "2026-03-09"  # fired, re-armed


def test_default_reminders_fire_on_a_fresh_device_without_opening_calendar() -> None:
    fresh = Device()  # nothing opened: boot (Calendar's on_boot) armed the reminders
    assert has(fresh, id="status_bar")  # its first frame completed the boot
    alarm = fresh.kernel.alarms.get("calendar", "event:10")
    kickoff = model.local_ms(datetime.datetime(2026, 3, 3, 11, 0), 0)
    assert alarm is not None and alarm.at_ms == kickoff - 10 * 60_000
    fresh.kernel.tick(alarm.at_ms - fresh.kernel.clock.now_ms())
    assert any(n["title"] == "Project Atlas kick-off"
               for n in fresh.state()["os"]["notifications"]["items"])
    assert fresh.kernel.tasks.task_for_app("calendar") is None and fresh.crashes == []


def test_boot_arms_the_events_a_task_wrote_before_the_first_step() -> None:
    fresh = Device()
    kickoff = next(e for e in fresh.kernel.app_state("calendar")["events"] if e["id"] == 10)
    kickoff["start"], kickoff["end"] = "2026-03-05 15:00", "2026-03-05 16:00"  # initialize
    fresh.kernel.tick(1000)  # the first step: boot completes before any alarm falls due
    alarm = fresh.kernel.alarms.get("calendar", "event:10")
    assert alarm.at_ms == model.local_ms(datetime.datetime(2026, 3, 5, 14, 50), 0)
    assert not fresh.state()["os"]["notifications"]["items"]


def test_reminders_are_not_alarm_clocks(device: Device) -> None:
    assert device.kernel.alarms.get("calendar", "event:10").alarm_clock is False


# ----- .ics
ICS = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Wine tasting\r\n"
       "DTSTART:20260321T180000\r\nDTEND:20260321T200000\r\nLOCATION:Vineyard Hall\\, "
       "Napa\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def test_parse_ics_reads_timed_all_day_and_utc_events() -> None:
    [timed] = model.parse_ics(ICS)
    assert timed == {"title": "Wine tasting", "start": "2026-03-21 18:00",
                     "end": "2026-03-21 20:00", "all_day": False,
                     "location": "Vineyard Hall, Napa", "description": "", "repeat": "none"}
    [day] = model.parse_ics("BEGIN:VEVENT\nSUMMARY:Fair\nDTSTART;VALUE=DATE:20260401\n"
                            "DTEND;VALUE=DATE:20260403\nRRULE:FREQ=YEARLY\nEND:VEVENT")
    assert (day["start"], day["end"], day["all_day"], day["repeat"]) == (
        "2026-04-01", "2026-04-02", True, "yearly")
    [utc] = model.parse_ics("BEGIN:VEVENT\nSUMMARY:Call\nDTSTART:20260321T180000Z\n"
                            "END:VEVENT", 60)
    assert (utc["start"], utc["end"]) == ("2026-03-21 19:00", "2026-03-21 20:00")
    assert model.parse_ics("not a calendar") == []


def test_an_ics_file_opens_in_calendar_from_files(device: Device) -> None:
    device.kernel.files.write_text("/sdcard/Download/tasting.ics", ICS)
    device.kernel.open_app("files", file_route("/sdcard/Download/tasting.ics"))
    tap(device, id="open_with")
    if has(device, text="Calendar"):
        tap(device, text="Calendar")
    assert route(device) == "/import" and "Wine tasting" in screen_text(device)
    tap(device, id="save")
    rec = ev(device, 32)
    assert (rec["title"], rec["start"], rec["location"]) == (
        "Wine tasting", "2026-03-21 18:00", "Vineyard Hall, Napa")
    assert route(device) == "/event/32?date=2026-03-21"


def test_time_grid_views_page_by_their_width(device: Device) -> None:
    tap(device, id="drawer")
    tap(device, id="view:3day")
    assert "Monday, March 2" in screen_text(device) and "Wednesday, March 4" in \
        screen_text(device)
    assert has(device, id="event:10:2026-03-03")  # the kick-off block in the 11:00 row
    tap(device, id="next")
    assert route(device) == "/?date=2026-03-05" and "Saturday, March 7" in screen_text(device)
    tap(device, id="drawer")
    tap(device, id="view:day")
    tap(device, id="prev")
    assert route(device) == "/?date=2026-03-04" and has(device, id="event:11:2026-03-04")


def test_editing_or_deleting_an_event_rearms_or_cancels_its_reminder(device: Device) -> None:
    alarms = device.kernel.alarms
    assert alarms.get("calendar", "event:17").extras["date"] == "2026-03-10"
    device.kernel.open_app("calendar", "/event/17?date=2026-03-10")
    tap(device, id="edit")
    tap(device, id="reminder")
    tap(device, id="reminder:none")
    tap(device, id="save")
    assert ev(device, 17)["reminder"] is None and alarms.get("calendar", "event:17") is None
    device.kernel.open_app("calendar", "/event/19?date=2026-03-12")
    tap(device, id="delete")
    tap(device, id="delete_dialog:confirm")
    assert alarms.get("calendar", "event:19") is None


def test_share_sends_the_event_as_text(device: Device) -> None:
    device.kernel.open_app("calendar", "/event/11?date=2026-03-04")
    tap(device, id="more")
    tap(device, id="menu:share")
    text = screen_text(device)
    assert "Lunch with Chloe" in text and "Tartine Bakery" in text  # the share sheet
    assert device.crashes == []


def test_a_file_without_events_imports_nothing(device: Device) -> None:
    device.kernel.files.write_text("/sdcard/Download/empty.ics", "BEGIN:VCALENDAR\nEND:VCALENDAR")
    device.kernel.open_app("files", file_route("/sdcard/Download/empty.ics"))
    tap(device, id="open_with")
    assert "No events found in this file" in screen_text(device)
    assert len(store(device)["events"]) == 31
