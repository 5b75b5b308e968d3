"""An event's page, the create / edit form, and the ``.ics`` import screen.

Routes: ``/event/<id>?date=<day of the occurrence>``, ``/new?form=N``,
``/edit/<id>?form=N`` (``N`` numbers each opening of the form, so a stale form saves
nothing), ``/import`` (the target of ``ACTION_VIEW`` of ``text/calendar``). The form keeps its
values in the activity's UI state: the text fields under their ids (``title``, ``location``,
``description``), the rest under ``f_*`` keys, with both times as ``"YYYY-MM-DD HH:MM"``
while editing (an all-day event's times are dropped on save).
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    avatar,
    bar_action,
    bottom_sheet,
    button,
    col,
    date_picker,
    dialog,
    empty_state,
    icon,
    icon_button,
    popup_menu,
    radio,
    row,
    scaffold,
    spacer,
    switch,
    text,
    time_picker,
    top_app_bar,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import model

CONTACTS = "content://contacts"
FORM_SEQ = "form_seq"
PICKERS = {"start_date": "Start date", "end_date": "End date", "start_time": "Start time",
           "end_time": "End time"}


def _info(icon_name: str, *lines: View | None, id: str | None = None) -> View:
    return row(icon(icon_name, 20, T.TEXT_SECONDARY, w=24), col(*lines, w=FILL, gap=2),
               align="start", gap=20, pad=(20, 12), id=id)


def _line(value: str, size: int = 15, color: str = T.TEXT, **props: Any) -> View:
    return text(value, size, color=color, max_lines=None, **props)


# ----- the event page
def event_page(ctx: ScreenContext) -> View:
    ev = model.event(ctx.state, ctx.params.get("id"))
    if ev is None:
        return scaffold(empty_state("event_busy", "Event not found"),
                        top_bar=top_app_bar("", Call("back")))
    try:
        day = datetime.date.fromisoformat(ctx.query.get("date", ""))
    except ValueError:
        day = model.parse(ev["start"]).date()
    start, end = model.span(ev)
    first = day
    last = day + ((end - datetime.timedelta(minutes=1)).date() - start.date())
    if ev["all_day"]:
        when = model.date_text(first, True) if last == first else \
            f"{model.date_text(first)} – {model.date_text(last, True)}"
    elif end.date() == start.date():
        when = f"{model.date_text(first, True)} · {model.hm(start)} – {model.hm(end)}"
    else:
        when = f"{model.date_text(first)}, {model.hm(start)} – {model.date_text(last)}, " \
               f"{model.hm(end)}"
    cal = model.calendar(ctx.state, ev["calendar_id"])
    rows: list[View | None] = [
        row(View("box", w=18, h=18, radius=4, bg=model.color_of(ctx.state, ev)),
            col(text(ev["title"], 22, color=T.TEXT, max_lines=None, id="event_title"),
                _line(when, 14, T.TEXT_SECONDARY, id="event_when"),
                _line(model.REPEATS[ev["repeat"]], 14, T.TEXT_SECONDARY, id="event_repeat")
                if ev["repeat"] != "none" else None, w=FILL, gap=4),
            align="start", gap=20, pad=(23, 8, 20, 12)),
        _info("location_on", _line(ev["location"], id="event_location"))
        if ev["location"] else None,
        _info("group", _line(f"{len(ev['guests'])} guest" + ("s" if len(ev["guests"]) > 1
                                                             else "")),
              *[_line(g, 14, T.TEXT_SECONDARY, id=f"guest:{g}") for g in ev["guests"]])
        if ev["guests"] else None,
        _info("notifications", _line(model.REMINDERS.get(ev["reminder"], "No notification"),
                                     id="event_reminder")),
        _info("calendar_today", _line(cal["name"], id="event_calendar")),
        _info("notes", _line(ev["description"], id="event_description"))
        if ev["description"] else None,
    ]
    bar = top_app_bar("", Call("back"), [
        bar_action("edit", Call(open_edit, ev["id"]), "Edit event", id="edit"),
        bar_action("delete", Call("open_dialog", "delete"), "Delete event", id="delete"),
        bar_action("more_vert", Call("open_dialog", "menu"), "More options", id="more"),
    ])
    overlay = None
    kind = ctx.query.get("dialog")
    if kind == "delete":
        what = "all events in the series" if ev["repeat"] != "none" else "this event"
        overlay = dialog("Delete event?", f"This deletes {what}.",
                         [("Cancel", ctx.close_dialog, "delete_dialog:cancel"),
                          ("Delete", functools.partial(_delete, ctx, ev["id"]),
                           "delete_dialog:confirm")],
                         on_dismiss=ctx.close_dialog, id="delete_dialog")
    elif kind == "menu":
        overlay = popup_menu([
            ("Duplicate", functools.partial(_duplicate, ctx, ev["id"]), "menu:duplicate"),
            ("Share", functools.partial(_share, ctx, ev["id"], when), "menu:share"),
            ("Delete", functools.partial(ctx.replace, with_query(ctx.activity.route,
                                                                 dialog="delete")),
             "menu:delete"),
        ], ctx.close_dialog)
    return scaffold(ctx.scroll(*rows, id="event"), top_bar=bar, overlay=overlay,
                    bg=T.SURFACE)


def _delete(ctx: ScreenContext, event_id: int) -> None:
    model.delete(ctx.state, event_id)
    model.arm(ctx.os, event_id)
    ctx.close_dialog()
    ctx.pop()
    ctx.toast("Event deleted")


def _duplicate(ctx: ScreenContext, event_id: int) -> None:
    ctx.close_dialog()
    ev = model.event(ctx.state, event_id)
    if ev is not None:
        _fill(ctx, ev, None)


def _share(ctx: ScreenContext, event_id: int, when: str) -> None:
    ctx.close_dialog()
    ev = model.event(ctx.state, event_id)
    if ev is None:
        return
    summary = f"{ev['title']}: {when}" + (f" at {ev['location']}" if ev["location"] else "")
    ctx.start_activity({"action": "ACTION_SEND", "type": "text/plain",
                        "data": {"text": summary, "subject": ev["title"]}})


# ----- the form
def _fill(ctx: ScreenContext, ev: dict[str, Any] | None, event_id: int | None,
          day: datetime.date | None = None) -> None:
    """Fills the form's values (from ``ev``, else a new hour-long event on ``day``) and
    opens it, editing ``event_id`` (None: a new event)."""
    if ev is None:
        now = ctx.now()
        start = datetime.datetime.combine(day or now.date(), datetime.time(now.hour)) + \
            datetime.timedelta(hours=1)
        ev = {"title": "", "calendar_id": 1, "start": model.stamp(start),
              "end": model.stamp(start + datetime.timedelta(hours=1)), "all_day": False,
              "repeat": "none", "location": "", "guests": [], "reminder": 30, "color": None,
              "description": ""}
    start, end = model.parse(ev["start"]), model.parse(ev["end"])
    if ev["all_day"]:  # the times an all-day event would get if switched back
        start, end = start.replace(hour=9), end.replace(hour=10)
    for key in ("title", "location", "description"):
        ctx.set_value(key, ev[key])
    ctx.ui.update(f_calendar=ev["calendar_id"], f_all_day=ev["all_day"],
                  f_start=model.stamp(start), f_end=model.stamp(end), f_repeat=ev["repeat"],
                  f_guests=list(ev["guests"]), f_reminder=ev["reminder"], f_color=ev["color"])
    ctx.ui[FORM_SEQ] = seq = int(ctx.ui.get(FORM_SEQ, 0)) + 1
    ctx.push(f"/edit/{event_id}?form={seq}" if event_id is not None else f"/new?form={seq}")


def open_new(ctx: ScreenContext, day: datetime.date) -> None:
    """Opens an empty form for a new event on ``day``."""
    _fill(ctx, None, None, day)


def open_edit(ctx: ScreenContext, event_id: int) -> None:
    ev = model.event(ctx.state, event_id)
    if ev is None:
        ctx.toast("Event not found")
        return
    _fill(ctx, ev, event_id)


def new_page(ctx: ScreenContext) -> View:
    return _form(ctx, None)


def edit_page(ctx: ScreenContext) -> View:
    ev = model.event(ctx.state, ctx.params.get("id"))
    if ev is None:
        return scaffold(empty_state("event_busy", "Event not found"),
                        top_bar=top_app_bar("", Call("back")))
    return _form(ctx, ev["id"])


def _form(ctx: ScreenContext, event_id: int | None) -> View:
    ui = ctx.ui
    start, end = model.parse(ui.get("f_start", "2026-01-01 09:00")), \
        model.parse(ui.get("f_end", "2026-01-01 10:00"))
    all_day = bool(ui.get("f_all_day"))
    cal = model.calendar(ctx.state, int(ui.get("f_calendar", 1)))
    color_name = ui.get("f_color")
    shown_color = model.COLORS.get(color_name or "", cal["color"])

    def when_row(which: str, at: datetime.datetime) -> View:
        date_btn = _pill(at.strftime("%a, %b %-d, %Y"), f"{which}_date",
                         functools.partial(_open_picker, ctx, f"{which}_date"))
        time_btn = None if all_day else _pill(
            model.hm(at), f"{which}_time", functools.partial(_open_picker, ctx, f"{which}_time"))
        return row(spacer(w=44, flex=0), date_btn, spacer(), time_btn, h=44, pad=(0, 0, 16, 0))

    guests = ui.get("f_guests") or []
    rows: list[View | None] = [
        ctx.field("title", "Add title", id="title", w=FILL, size=22, pad=(16, 0)),
        _divider(),
        _choice("calendar_today", cal["name"], "calendar", "Calendar",
                View("box", w=14, h=14, radius=7, bg=cal["color"])),
        _divider(),
        row(icon("schedule", 20, T.TEXT_SECONDARY, w=24), text("All-day", 15, color=T.TEXT),
            spacer(), switch(all_day, functools.partial(_toggle_all_day, ctx), id="all_day",
                             label="All-day"),
            gap=20, h=52, pad=(20, 0, 16, 0)),
        when_row("start", start),
        when_row("end", end),
        _choice("repeat", model.REPEATS[ui.get("f_repeat", "none")], "repeat", "Repeat"),
        _divider(),
        row(icon("location_on", 20, T.TEXT_SECONDARY, w=24),
            ctx.field("location", "Add location", id="location", w=FILL),
            gap=16, pad=(20, 4, 16, 4)),
        _divider(),
        _choice("group", "Add people", "add_guests", "Add people",
                on_tap=functools.partial(_open_guests, ctx)),
        *[row(spacer(w=44, flex=0), text(g, 15, color=T.TEXT, w=FILL),
              icon_button("close", functools.partial(_remove_guest, ctx, g), f"Remove {g}",
                          T.TEXT_SECONDARY, id=f"guest_remove:{g}"),
              h=44, pad=(20, 0, 8, 0)) for g in guests],
        _divider(),
        _choice("notifications", model.REMINDERS.get(ui.get("f_reminder"), "No notification"),
                "reminder", "Notification"),
        _choice("palette", color_name or "Default color", "color", "Color",
                View("box", w=14, h=14, radius=7, bg=shown_color)),
        _divider(),
        row(icon("notes", 20, T.TEXT_SECONDARY, w=24),
            ctx.field("description", "Add description", id="description", w=FILL,
                      max_lines=None),
            gap=16, pad=(20, 4, 16, 4)),
    ]
    save = button("Save", functools.partial(_save, ctx, event_id), id="save", h=36)
    bar = row(icon_button("close", ctx.back, "Close", T.TEXT, id="close"), spacer(), save,
              h=T.APP_BAR_H, pad=(4, 0, 12, 0), bg=T.SURFACE, id="app_bar")
    return scaffold(ctx.scroll(*rows, id="form", pad=(0, 0, 0, 24)), top_bar=bar,
                    overlay=_form_overlay(ctx, start, end), bg=T.SURFACE)


def _divider() -> View:
    return View("box", h=1, bg=T.OUTLINE_VARIANT, pad=(64, 0, 0, 0))


def _pill(label: str, id: str, on_tap: Any) -> View:
    return text(label, 15, color=T.TEXT, role="button", id=id, on_tap=on_tap, h=40,
                pad=(0, 10), label=label)


def _choice(icon_name: str, value: str, id: str, label: str,
            extra: View | None = None, on_tap: Any = None) -> View:
    return row(icon(icon_name, 20, T.TEXT_SECONDARY, w=24), extra,
               text(value, 15, color=T.TEXT, role=None, w=FILL), gap=20, h=52,
               pad=(20, 0, 16, 0), role="button", text=f"{label}: {value}", id=id,
               on_tap=on_tap or Call("open_dialog", id))


def _open_guests(ctx: ScreenContext) -> None:
    """The people sheet opens with its search field focused."""
    ctx.set_value("guest_q", "")
    ctx.open_dialog("add_guests")
    ctx.os.keyboard.show(ctx.activity.activity_id, "guest_q")


def _open_picker(ctx: ScreenContext, kind: str) -> None:
    key = f"{kind}_picker."
    for stale in [k for k in ctx.ui if str(k).startswith(key)]:
        del ctx.ui[stale]  # a picker closed with Back opens afresh
    ctx.open_dialog(kind)


def _toggle_all_day(ctx: ScreenContext) -> None:
    ctx.ui["f_all_day"] = not ctx.ui.get("f_all_day")


def _set_when(ctx: ScreenContext, which: str, value: datetime.datetime) -> None:
    """Sets the start (moving the end with it, keeping the duration, as Calendar does) or
    the end."""
    start, end = model.parse(ctx.ui["f_start"]), model.parse(ctx.ui["f_end"])
    if which == "start":
        ctx.ui["f_end"] = model.stamp(value + (end - start))
        ctx.ui["f_start"] = model.stamp(value)
    else:
        ctx.ui["f_end"] = model.stamp(value)


def _set_date(ctx: ScreenContext, which: str, day: datetime.date) -> None:
    at = model.parse(ctx.ui[f"f_{which}"])
    _set_when(ctx, which, datetime.datetime.combine(day, at.time()))


def _set_time(ctx: ScreenContext, which: str, hour: int, minute: int) -> None:
    at = model.parse(ctx.ui[f"f_{which}"])
    _set_when(ctx, which, at.replace(hour=hour, minute=minute))


def _pick(ctx: ScreenContext, key: str, value: Any) -> None:
    ctx.ui[key] = value
    ctx.close_dialog()


def _options(ctx: ScreenContext, title: str, key: str, id: str,
             choices: list[tuple[Any, str]]) -> View:
    current = ctx.ui.get(key)
    rows = [row(radio(current == value, None), text(label, 15, color=T.TEXT, role=None),
                h=48, gap=16, role="radio", checked=current == value, text=label,
                id=f"{id}:{'none' if value is None else value}",
                on_tap=functools.partial(_pick, ctx, key, value))
            for value, label in choices]
    return dialog(title, col(*rows), [("Cancel", ctx.close_dialog, f"{id}_dialog:cancel")],
                  on_dismiss=ctx.close_dialog, id=f"{id}_dialog")


def _form_overlay(ctx: ScreenContext, start: datetime.datetime,
                  end: datetime.datetime) -> View | None:
    kind = ctx.query.get("dialog")
    if kind in PICKERS:
        which, part = kind.split("_")
        at = start if which == "start" else end
        if part == "date":
            return date_picker(ctx, f"{kind}_picker", at.date(),
                               functools.partial(_set_date, ctx, which), title=PICKERS[kind])
        return time_picker(ctx, f"{kind}_picker", (at.hour, at.minute),
                           functools.partial(_set_time, ctx, which), title=PICKERS[kind])
    if kind == "calendar":
        return _options(ctx, "Calendar", "f_calendar", "calendar",
                        [(c["id"], c["name"]) for c in ctx.state["calendars"]])
    if kind == "repeat":
        return _options(ctx, "Repeat", "f_repeat", "repeat", list(model.REPEATS.items()))
    if kind == "reminder":
        return _options(ctx, "Notification", "f_reminder", "reminder",
                        list(model.REMINDERS.items()))
    if kind == "color":
        return _options(ctx, "Color", "f_color", "color",
                        [(None, "Default color"), *((n, n) for n in model.COLORS)])
    if kind == "add_guests":
        return _guest_sheet(ctx)
    return None


def _guest_sheet(ctx: ScreenContext) -> View:
    query = ctx.value("guest_q").strip().lower()
    chosen = ctx.ui.get("f_guests") or []
    people = [c for c in ctx.os.providers.query(CONTACTS, order_by="name")
              if c["name"] not in chosen and (not query or query in c["name"].lower()
                                              or query in (c.get("email") or "").lower())]
    rows = [row(avatar(c["name"], 32),
                col(text(c["name"], 15, color=T.TEXT, role=None),
                    text(c.get("email") or c["phone"], 12, color=T.TEXT_SECONDARY, role=None),
                    w=FILL),
                h=52, gap=16, pad=(20, 0), role="list_item", text=c["name"],
                id=f"guest_pick:{c['id']}",
                on_tap=functools.partial(_add_guest, ctx, c["name"]))
            for c in people[:30]]
    field = ctx.field("guest_q", "Add people", id="guest_q", w=FILL)
    return bottom_sheet("Add people", [row(field, pad=(16, 0, 16, 8)),
                                       ctx.scroll(*rows, id="guest_list", h=320)],
                        _close_sheet_handler(ctx), id="guest_sheet")


def _close_sheet_handler(ctx: ScreenContext) -> Any:
    def close() -> None:
        ctx.os.keyboard.hide()
        ctx.close_dialog()
    return close


def _add_guest(ctx: ScreenContext, name: str) -> None:
    guests = ctx.ui.setdefault("f_guests", [])
    if name not in guests:
        guests.append(name)
    ctx.set_value("guest_q", "")
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def _remove_guest(ctx: ScreenContext, name: str) -> None:
    guests = ctx.ui.setdefault("f_guests", [])
    if name in guests:
        guests.remove(name)


def _values(ctx: ScreenContext) -> dict[str, Any]:
    ui = ctx.ui
    all_day = bool(ui.get("f_all_day"))
    start, end = model.parse(ui["f_start"]), model.parse(ui["f_end"])
    return {"title": ctx.value("title").strip(), "calendar_id": int(ui.get("f_calendar", 1)),
            "start": model.stamp(start, all_day), "end": model.stamp(end, all_day),
            "all_day": all_day, "repeat": ui.get("f_repeat", "none"),
            "location": ctx.value("location").strip(), "guests": list(ui.get("f_guests") or []),
            "reminder": ui.get("f_reminder"), "color": ui.get("f_color"),
            "description": ctx.value("description").strip()}


def _save(ctx: ScreenContext, event_id: int | None) -> None:
    if ctx.query.get("form") != str(ctx.ui.get(FORM_SEQ)) or "f_start" not in ctx.ui:
        ctx.pop()  # a form never filled for this event saves nothing
        return
    values = _values(ctx)
    problem = model.validate(values)
    if problem:
        ctx.toast(problem)
        return
    now = ctx.os.clock.now_ms()
    ctx.os.keyboard.hide()
    day = model.parse(values["start"]).date().isoformat()
    if event_id is None:
        rec = model.create(ctx.state, values, now)
        model.arm(ctx.os, rec["id"])
        ctx.replace(f"/event/{rec['id']}?date={day}")
        ctx.toast("Event saved")
        return
    rec = model.event(ctx.state, event_id)
    if rec is None:
        ctx.toast("Event not found")
        ctx.pop()
        return
    if model.update(rec, values, now):
        model.arm(ctx.os, event_id)
        ctx.toast("Event saved")
    ctx.pop()
    ctx.replace(f"/event/{event_id}?date={day}")


# ----- .ics import
def import_page(ctx: ScreenContext) -> View:
    data = (ctx.intent or {}).get("data") or {}
    path = str(data.get("path") or "")
    bar = top_app_bar("Add event", Call("back"))
    try:
        found = model.parse_ics(ctx.os.files.read_text(path), ctx.os.clock.tz_offset_minutes)
    except (ValueError, KeyError):
        found = []
    if not found:
        return scaffold(empty_state("event_busy", "No events found in this file"), top_bar=bar)
    cards = []
    for i, ev in enumerate(found):
        start, end = model.parse(ev["start"]), model.parse(ev["end"])
        if ev["all_day"]:
            when = model.date_text(start.date(), True) + (
                f" – {model.date_text(end.date(), True)}" if end != start else "")
        else:
            when = f"{model.date_text(start.date(), True)} · {model.hm(start)} – {model.hm(end)}"
        cards.append(col(text(ev["title"], 20, color=T.TEXT, max_lines=None),
                         _line(when, 14, T.TEXT_SECONDARY),
                         _line(ev["location"], 14, T.TEXT_SECONDARY) if ev["location"] else None,
                         pad=(16, 12), gap=4, radius=12, border=(T.OUTLINE_VARIANT, 1),
                         id=f"import:{i}"))
    label = "Add event" if len(found) == 1 else f"Add {len(found)} events"
    add = button(label, functools.partial(_import, ctx, path), id="save", icon="add")
    return scaffold(ctx.scroll(text(path.rsplit("/", 1)[-1], 13, color=T.TEXT_SECONDARY),
                               *cards, row(add, justify="end"), id="import",
                               pad=(16, 8), gap=12),
                    top_bar=bar, bg=T.SURFACE)


def _import(ctx: ScreenContext, path: str) -> None:
    try:
        found = model.parse_ics(ctx.os.files.read_text(path), ctx.os.clock.tz_offset_minutes)
    except (ValueError, KeyError):
        found = []
    if not found:
        ctx.toast("No events found in this file")
        return
    now, last = ctx.os.clock.now_ms(), None
    for ev in found:
        last = model.create(ctx.state, {"calendar_id": 1, "guests": [], "reminder": None,
                                        "color": None, **ev}, now)
    ctx.toast("Event added" if len(found) == 1 else f"{len(found)} events added")
    day = model.parse(last["start"]).date().isoformat()
    ctx.replace(f"/event/{last['id']}?date={day}")


ROUTES = {"/event/{id}": event_page, "/new": new_page, "/edit/{id}": edit_page,
          "/import": import_page}
