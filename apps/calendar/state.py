"""Calendar's persisted store: calendars, events and the chosen view.

An event is ``{"id", "title", "calendar_id", "start", "end", "all_day", "repeat", "location",
"guests", "reminder", "color", "description", "updated_ms"}``. Times are local wall-clock
strings (see ``model``): ``"YYYY-MM-DD HH:MM"`` for a timed event, ``"YYYY-MM-DD"`` (end
inclusive) for an all-day one. ``repeat`` is ``none`` / ``daily`` / ``weekly`` / ``monthly``
/ ``yearly``; ``guests`` are contact names; ``reminder`` is minutes before the start (None:
no notification); ``color`` is a name of ``model.COLORS`` or None (the calendar's colour).
``view`` is the view the app opens in (``schedule``, ``day``, ``week``, ``month``).

The factory events fill the weeks around the clock's start (Monday 2026-03-02), with
near-duplicates on purpose ("Dentist" / "Dentist follow-up", two "Team sync").
"""

from __future__ import annotations

from typing import Any

CALENDARS = ((1, "Personal", "#039BE5"), (2, "Work", "#7986CB"), (3, "Family", "#33B679"),
             (4, "Holidays", "#0B8043"))
_CAL = {name: cid for cid, name, _ in CALENDARS}
UPDATED_MS = 1_772_000_000_000  # 2026-02-25: when the factory events were last synced

# (title, calendar, start, end, repeat, location, guests, reminder, colour, description)
EVENTS: tuple[tuple[Any, ...], ...] = (
    ("Presidents' Day", "Holidays", "2026-02-16", "2026-02-16", "none", "", (), None, None, ""),
    ("Plumber visit", "Personal", "2026-02-20 09:00", "2026-02-20 11:00", "none",
     "Home", ("Frank Wilson",), None, None, "Kitchen sink leak."),
    ("Soccer practice", "Family", "2026-02-21 09:30", "2026-02-21 11:00", "weekly",
     "Greenfield Park", (), 60, None, "Leo's team. Bring water and shin guards."),
    ("Piano lesson", "Family", "2026-02-24 17:00", "2026-02-24 18:00", "weekly",
     "", ("Samuel Okafor",), 30, None, ""),
    ("Coffee with Priya", "Personal", "2026-02-25 08:30", "2026-02-25 09:00", "none",
     "Blue Bottle Coffee", ("Priya Raman",), None, None, ""),
    ("Yoga", "Personal", "2026-02-18 18:30", "2026-02-18 19:30", "weekly",
     "CoreFit Gym", (), None, "Grape", ""),
    ("Team lunch", "Work", "2026-02-27 12:00", "2026-02-27 13:00", "none",
     "The Greek deli", (), None, None, ""),
    ("Rent due", "Personal", "2026-01-01", "2026-01-01", "monthly", "", (), 1440, "Tomato",
     "Transfer to George Alvarez."),
    ("Team sync", "Work", "2026-02-23 10:00", "2026-02-23 10:30", "weekly",
     "Room 4B", ("Daniel Kim", "Aisha Patel"), 10, None, "Weekly status round."),
    ("Project Atlas kick-off", "Work", "2026-03-03 11:00", "2026-03-03 12:00", "none",
     "Conference room A", ("Olivia Bennett", "Carlos Rivera"), 10, None,
     "Scope, budget and owners for Project Atlas."),
    ("Lunch with Chloe", "Personal", "2026-03-04 12:30", "2026-03-04 13:30", "none",
     "Tartine Bakery", ("Chloe Martinez",), 30, None, ""),
    ("Team sync", "Work", "2026-03-05 15:00", "2026-03-05 15:30", "none",
     "Zoom", ("Hannah Schmidt",), 10, None, "Sync with the logistics team."),
    ("1:1 with Aisha", "Work", "2026-03-06 14:00", "2026-03-06 14:30", "none",
     "Room 2A", ("Aisha Patel",), 10, None, ""),
    ("Haircut", "Personal", "2026-03-07 10:00", "2026-03-07 10:45", "none",
     "Salon Verde", (), 60, None, ""),
    ("Daylight Saving Time starts", "Holidays", "2026-03-08", "2026-03-08", "none", "", (),
     None, None, ""),
    ("Car service", "Personal", "2026-03-09 08:00", "2026-03-09 09:00", "none",
     "Diaz Auto Repair", ("Oscar Diaz",), 60, None, "60,000 km service."),
    ("Dentist", "Personal", "2026-03-10 08:30", "2026-03-10 09:15", "none",
     "Bayview Dental, 2100 Webster St", ("Grace Lee",), 60, None, "Cleaning and check-up."),
    ("Vet appointment", "Family", "2026-03-11 09:30", "2026-03-11 10:00", "none",
     "Marina Animal Hospital", ("Isabel Moreno",), 60, None, "Milo's vaccination."),
    ("Book club", "Personal", "2026-03-12 19:00", "2026-03-12 21:00", "none",
     "Emily's place", ("Emily Davis", "Laura Chen"), 60, "Banana", "Piranesi."),
    ("Dinner with Jack and Maya", "Family", "2026-03-13 19:30", "2026-03-13 21:30", "none",
     "Nopa", ("Jack Nguyen", "Maya Singh"), 30, None, ""),
    ("Mom's birthday", "Family", "2026-03-14", "2026-03-14", "yearly", "", (), 1440, None,
     "Call her in the morning."),
    ("Gym with Kevin", "Personal", "2026-03-16 07:00", "2026-03-16 08:00", "none",
     "CoreFit Gym", ("Kevin Osei",), None, None, ""),
    ("St. Patrick's Day", "Holidays", "2026-03-17", "2026-03-17", "none", "", (), None, None,
     ""),
    ("Parent-teacher meeting", "Family", "2026-03-18 16:30", "2026-03-18 17:15", "none",
     "Greenfield High School", ("Victoria Hughes",), 60, None, ""),
    ("Flight to Denver", "Work", "2026-03-19 07:15", "2026-03-19 09:45", "none",
     "SFO Terminal 2", (), 1440, "Tangerine", "UA 318."),
    ("Logistics conference", "Work", "2026-03-19", "2026-03-20", "none",
     "Denver Convention Center", ("Hannah Schmidt",), None, None, ""),
    ("Return flight", "Work", "2026-03-20 18:40", "2026-03-20 21:55", "none",
     "Denver Airport", (), 60, "Tangerine", "UA 913."),
    ("Dentist follow-up", "Personal", "2026-03-24 16:00", "2026-03-24 16:30", "none",
     "Bayview Dental, 2100 Webster St", ("Nina Shah",), 60, None, ""),
    ("Quarterly review", "Work", "2026-03-26 13:00", "2026-03-26 14:30", "none",
     "Conference room A", ("Olivia Bennett", "Daniel Kim", "Carlos Rivera"), 10, None, ""),
    ("Budget planning", "Work", "2026-03-27 10:00", "2026-03-27 11:00", "none",
     "Room 4B", ("Aisha Patel",), 10, None, ""),
    ("Spring break", "Family", "2026-03-30", "2026-04-03", "none", "", (), None, None,
     "No school."),
)


def initial_state() -> dict[str, Any]:
    """Factory data: 4 calendars and 31 events (5 repeating, 7 all-day)."""
    events = []
    for i, (title, cal, start, end, repeat, location, guests, reminder, color,
            description) in enumerate(EVENTS, start=1):
        events.append({
            "id": i, "title": title, "calendar_id": _CAL[cal], "start": start, "end": end,
            "all_day": len(start) == 10, "repeat": repeat, "location": location,
            "guests": list(guests), "reminder": reminder, "color": color,
            "description": description, "updated_ms": UPDATED_MS,
        })
    return {
        "calendars": [{"id": cid, "name": name, "color": color}
                      for cid, name, color in CALENDARS],
        "events": events,
        "next_id": len(events) + 1,
        "view": "schedule",
    }
