"""Calendar's main screen in its views (schedule, day, 3 days, week, month), the navigation
drawer, "go to date" and search.

Route ``/`` shows the stored view (``state["view"]``) at ``?date=YYYY-MM-DD`` (default
today); ``?view=day`` overrides the view (a day tapped in the month grid). The event page,
the form and the ``.ics`` import live in ``event.py``. Event chips and blocks have the id
``event:<id>:<date>`` (the day of that occurrence).
"""

from __future__ import annotations

import datetime
import functools
import pickle
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    col,
    date_picker,
    empty_state,
    fab,
    icon,
    icon_button,
    retained,
    row,
    scaffold,
    scrim,
    spacer,
    stack,
    text,
    with_query,
)
from mobilegym_env.ui import theme as T

from . import event as event_pages
from . import model

VIEWS = (("schedule", "Schedule", "view_agenda"), ("day", "Day", "view_day"),
         ("3day", "3 days", "view_column"), ("week", "Week", "view_week"),
         ("month", "Month", "calendar_view_month"))
SCHEDULE_DAYS = 60
HOUR_H = 48
GUTTER = 44
WEEKDAYS = "SMTWTFS"


def _anchor(ctx: ScreenContext) -> datetime.date:
    try:
        return datetime.date.fromisoformat(ctx.query.get("date", ""))
    except ValueError:
        return ctx.now().date()


def _view(ctx: ScreenContext) -> str:
    names = [v[0] for v in VIEWS]
    chosen = ctx.query.get("view") or ctx.state.get("view")
    return chosen if chosen in names else "schedule"


def _go(ctx: ScreenContext, day: datetime.date) -> None:
    ctx.replace(with_query(ctx.activity.route, date=day.isoformat(), dialog=None))


def home(ctx: ScreenContext) -> View:
    view, anchor = _view(ctx), _anchor(ctx)
    today = ctx.now().date()
    if view == "schedule":
        body = _schedule(ctx, anchor, today)
    elif view == "month":
        body = _month(ctx, anchor, today)
    else:
        count = {"day": 1, "3day": 3, "week": 7}[view]
        first = anchor - datetime.timedelta(days=(anchor.isoweekday() % 7)) if count == 7 \
            else anchor
        body = _timeline(ctx, [first + datetime.timedelta(days=i) for i in range(count)],
                         today, count)
    title = anchor.strftime("%B") if anchor.year == today.year else anchor.strftime("%B %Y")
    bar = _bar(title, today.day)
    new = fab("add", functools.partial(event_pages.open_new, ctx, anchor), "Create event")
    return scaffold(body, top_bar=bar, fab=new, overlay=_overlay(ctx, view, anchor))


@retained(maxsize=16)
def _bar(title: str, today: int) -> View:
    return row(
        icon_button("menu", Call("open_dialog", "drawer"), "Open navigation drawer", T.TEXT,
                    id="drawer"),
        row(text(title, 22, color=T.TEXT, role=None), icon("arrow_drop_down", 20, T.TEXT),
            role="button", text=title, id="go_to_date", gap=2, h=48, pad=(4, 0),
            on_tap=Call("open_dialog", "goto")),
        spacer(),
        icon_button("search", Call(_open_search), "Search", T.TEXT, id="search"),
        row(stack(text(str(today), 11, "medium", T.TEXT, gravity="center", role=None),
                  w=22, h=22, radius=4, border=(T.TEXT, 2)),
            w=40, h=40, justify="center", role="button", text="Today", id="today",
            on_tap=Call(_today)),
        h=T.APP_BAR_H, pad=(4, 0, 8, 0), gap=4, bg=T.SURFACE, id="app_bar",
    )


def _today(ctx: ScreenContext) -> None:
    ctx.replace(with_query(ctx.activity.route, date=None, dialog=None))
    _scroll_to_morning(ctx)


def _open_search(ctx: ScreenContext) -> None:
    ctx.set_value("search_q", "")
    ctx.push("/search")
    ctx.os.keyboard.show(ctx.activity.activity_id, "search_q")


def _scroll_to_morning(ctx: ScreenContext) -> None:
    """The time grid opens at 07:00, as Calendar's does."""
    ctx.ui["scroll:grid"] = 7 * HOUR_H
    ctx.ui["scroll:schedule"] = 0


# ----- schedule
def _schedule(ctx: ScreenContext, anchor: datetime.date, today: datetime.date) -> View:
    data = pickle.dumps((ctx.state["events"], ctx.state["calendars"]), pickle.HIGHEST_PROTOCOL)
    blocks: list[View] = []
    month = None
    for day, chips in _schedule_days(data, anchor):
        if (day.year, day.month) != month:
            month = (day.year, day.month)
            blocks.append(_month_heading(day.strftime("%B %Y")))
        blocks.append(_day_block(day.isoformat(), day == today, chips))
    if not blocks:
        return empty_state("event_busy", "Nothing planned")
    return ctx.scroll(*blocks, id="schedule", pad=(0, 0, 0, 96))


@functools.lru_cache(maxsize=32)
def _schedule_days(data: bytes, anchor: datetime.date
                   ) -> tuple[tuple[datetime.date, tuple[tuple[int, str, str, str], ...]], ...]:
    """The schedule's days from ``anchor`` with events, and their chips, for the pickled
    (events, calendars): walking every event's occurrences over the days takes about a
    millisecond, and the same store is drawn again and again."""
    events, calendars = pickle.loads(data)
    state = {"calendars": calendars}
    last = anchor + datetime.timedelta(days=SCHEDULE_DAYS - 1)
    return tuple((day, tuple((ev["id"], ev["title"], _chip_when(ev, day),
                              model.color_of(state, ev)) for ev in evs))
                 for day, evs in model.by_day(events, anchor, last).items())


def _chip_when(ev: dict[str, Any], day: datetime.date) -> str:
    if ev["all_day"]:
        return ""
    start, end = model.span(ev)
    if model.occurrences(ev, day, day)[0] != day:  # a timed event that runs over midnight
        return f"Until {model.hm(end)}"
    return f"{model.hm(start)} – {model.hm(end)}"


@retained(maxsize=8)
def _month_heading(title: str) -> View:
    return text(title, 15, "medium", T.TEXT, pad=(16, 16, 16, 6), role="heading")


@retained(maxsize=96)
def _day_block(iso: str, is_today: bool, chips: tuple[tuple[int, str, str, str], ...]) -> View:
    day = datetime.date.fromisoformat(iso)
    number = text(str(day.day), 20, "medium", T.ON_PRIMARY if is_today else T.TEXT,
                  role=None, gravity="center")
    date_col = col(text(day.strftime("%a"), 12, color=T.PRIMARY if is_today else T.TEXT_SECONDARY,
                        role=None),
                   stack(number, w=36, h=36, radius=18, bg=T.PRIMARY if is_today else None),
                   w=48, align="center", gap=2)
    items = [_chip(event_id, title, when, color, iso) for event_id, title, when, color in chips]
    return row(date_col, col(*items, w=FILL, gap=4), align="start", pad=(8, 6, 12, 6), gap=8,
               label=model.date_text(day))


def _chip(event_id: int, title: str, when: str, color: str, iso: str) -> View:
    label = f"{title}, {when}" if when else title
    return col(text(title, 14, "medium", "#FFFFFF", role=None),
               text(when, 12, color="#FFFFFF", role=None) if when else None,
               w=FILL, pad=(10, 6), radius=8, bg=color, role="button", text=label,
               id=f"event:{event_id}:{iso}", on_tap=Call("push", f"/event/{event_id}?date={iso}"))


# ----- day, 3 days, week: a time grid
def _timeline(ctx: ScreenContext, days: list[datetime.date], today: datetime.date,
              count: int) -> View:
    width = (T.SCREEN_W - GUTTER) // count
    heads, all_day, columns = [], [], []
    for day in days:
        evs = model.on_day(ctx.state["events"], day)
        heads.append(_day_head(day.isoformat(), day == today, width))
        all_day.append(col(*[_mini_chip(ev["id"], ev["title"], model.color_of(ctx.state, ev),
                                        day.isoformat()) for ev in evs if ev["all_day"]],
                           w=width, gap=2, pad=(1, 0)))
        timed = tuple((ev["id"], ev["title"], *_minutes(ev, day),
                       model.color_of(ctx.state, ev)) for ev in evs if not ev["all_day"])
        columns.append(_day_column(day.isoformat(), timed, width))
    nav = row(icon_button("chevron_left", functools.partial(_shift, ctx, -count),
                          "Previous", T.TEXT, id="prev"),
              spacer(),
              icon_button("chevron_right", functools.partial(_shift, ctx, count), "Next",
                          T.TEXT, id="next"), h=36, pad=(4, 0))
    grid = row(_hours(), *columns, align="start")
    return col(nav, row(spacer(w=GUTTER, flex=0), *heads, align="start"),
               row(spacer(w=GUTTER, flex=0), *all_day, align="start", pad=(0, 4)),
               View("box", h=1, bg=T.OUTLINE_VARIANT),
               ctx.scroll(grid, id="grid"), w=FILL, h=FILL)


def _shift(ctx: ScreenContext, days: int) -> None:
    _go(ctx, _anchor(ctx) + datetime.timedelta(days=days))


def _minutes(ev: dict[str, Any], day: datetime.date) -> tuple[int, int]:
    """The occurrence's minutes on ``day`` (clipped to the day)."""
    start, end = model.span(ev)
    first = model.occurrences(ev, day, day)[0]
    begin = datetime.datetime.combine(first, start.time())
    finish = begin + (end - start)
    midnight = datetime.datetime.combine(day, datetime.time())
    a = max(0, int((begin - midnight).total_seconds() // 60))
    b = min(1440, int((finish - midnight).total_seconds() // 60))
    return a, max(b, a + 15)


@retained(maxsize=32)
def _day_head(iso: str, is_today: bool, width: int) -> View:
    day = datetime.date.fromisoformat(iso)
    return col(text(day.strftime("%a"), 11, color=T.PRIMARY if is_today else T.TEXT_SECONDARY,
                    role=None),
               stack(text(str(day.day), 16, "medium", T.ON_PRIMARY if is_today else T.TEXT,
                          role=None, gravity="center"),
                     w=30, h=30, radius=15, bg=T.PRIMARY if is_today else None),
               w=width, align="center", label=model.date_text(day), role="heading",
               text=model.date_text(day))


@retained(maxsize=4)
def _hours() -> View:
    return col(*[col(text(f"{h:02d}:00" if h else "", 10, color=T.TEXT_SECONDARY, role=None),
                     h=HOUR_H, pad=(6, 2, 0, 0)) for h in range(24)], w=GUTTER)


def _mini_chip(event_id: int, title: str, color: str, iso: str) -> View:
    return text(title, 11, "medium", "#FFFFFF", w=FILL, h=18, pad=(4, 2), radius=4, bg=color,
                role="button", id=f"event:{event_id}:{iso}",
                on_tap=Call("push", f"/event/{event_id}?date={iso}"))


@retained(maxsize=48)
def _day_column(iso: str, timed: tuple[tuple[int, str, int, int, str], ...],
                width: int) -> View:
    lanes: list[int] = []  # each lane's end minute: overlapping events sit side by side
    placed = []
    for event_id, title, a, b, color in timed:
        lane = next((i for i, end in enumerate(lanes) if end <= a), None)
        if lane is None:
            lanes.append(b)
            lane = len(lanes) - 1
        else:
            lanes[lane] = b
        placed.append((event_id, title, a, b, color, lane))
    lane_w = (width - 4) // max(1, len(lanes))
    blocks = []
    for event_id, title, a, b, color, lane in placed:
        top = a * HOUR_H // 60
        height = max(18, (b - a) * HOUR_H // 60 - 2)
        label = f"{title}, {a // 60:02d}:{a % 60:02d}"
        wrap = {"max_lines": None} if lane_w >= 100 else {}  # narrow: one ellipsized line
        block = col(text(title, 11, "medium", "#FFFFFF", role=None, **wrap),
                    w=lane_w - 2, h=height, pad=(4, 2), radius=4, bg=color, role="button",
                    text=label, id=f"event:{event_id}:{iso}",
                    on_tap=Call("push", f"/event/{event_id}?date={iso}"))
        blocks.append(col(block, gravity="top-left", pad=(2 + lane * lane_w, top, 0, 0)))
    lines = [col(View("box", h=1, bg=T.OUTLINE_VARIANT), gravity="top-left",
                 pad=(0, h * HOUR_H, 0, 0), w=width) for h in range(1, 24)]
    return stack(*lines, *blocks, w=width, h=24 * HOUR_H)


# ----- month
def _month(ctx: ScreenContext, anchor: datetime.date, today: datetime.date) -> View:
    first = anchor.replace(day=1)
    start = first - datetime.timedelta(days=first.isoweekday() % 7)
    last = start + datetime.timedelta(days=41)
    days = model.by_day(ctx.state["events"], start, last)
    weeks = []
    for w in range(6):
        cells = []
        for d in range(7):
            day = start + datetime.timedelta(days=w * 7 + d)
            chips = tuple((ev["title"], model.color_of(ctx.state, ev))
                          for ev in days.get(day, []))
            cells.append(_month_cell(day.isoformat(), day.month == anchor.month,
                                     day == today, chips))
        weeks.append(row(*cells, align="start", w=FILL, h=FILL, flex=1))
    head = row(*[row(text(ch, 11, "medium", T.TEXT_SECONDARY, role=None), w=FILL, flex=1,
                     justify="center") for ch in WEEKDAYS], h=24, w=FILL)
    nav = row(icon_button("chevron_left", functools.partial(_shift_month, ctx, -1),
                          "Previous month", T.TEXT, id="prev"),
              spacer(),
              icon_button("chevron_right", functools.partial(_shift_month, ctx, 1),
                          "Next month", T.TEXT, id="next"), h=36, pad=(4, 0))
    return col(nav, head, *weeks, w=FILL, h=FILL)


def _shift_month(ctx: ScreenContext, step: int) -> None:
    day = _anchor(ctx).replace(day=1)
    month = day.month - 1 + step
    _go(ctx, datetime.date(day.year + month // 12, month % 12 + 1, 1))


@retained(maxsize=96)
def _month_cell(iso: str, in_month: bool, is_today: bool,
                chips: tuple[tuple[str, str], ...]) -> View:
    day = datetime.date.fromisoformat(iso)
    shown = chips if len(chips) <= 4 else chips[:3]
    more = len(chips) - len(shown)
    color = T.ON_PRIMARY if is_today else (T.TEXT if in_month else T.TEXT_HINT)
    number = stack(text(str(day.day), 12, "medium", color, role=None, gravity="center"),
                   w=22, h=22, radius=11, bg=T.PRIMARY if is_today else None)
    label = model.date_text(day) + (f", {len(chips)} events" if chips else ", no events")
    return col(number,
               *[text(t, 10, color="#FFFFFF", w=FILL, h=15, pad=(2, 1), radius=3, bg=c,
                      role=None) for t, c in shown],
               text(f"+{more}", 10, color=T.TEXT_SECONDARY, role=None) if more else None,
               w=FILL, h=FILL, flex=1, align="center", gap=2, pad=(1, 2),
               role="button", text=label,
               id=f"day:{iso}", on_tap=Call(_open_day, iso))


def _open_day(ctx: ScreenContext, iso: str) -> None:
    _scroll_to_morning(ctx)
    ctx.push(f"/?view=day&date={iso}")


# ----- overlays: drawer, go to date
def _overlay(ctx: ScreenContext, view: str, anchor: datetime.date) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "drawer":
        return _drawer(view, tuple((c["name"], c["color"]) for c in ctx.state["calendars"]))
    if kind == "goto":
        return date_picker(ctx, "goto_picker", anchor, functools.partial(_go_to, ctx),
                           title="Go to date")
    return None


def _go_to(ctx: ScreenContext, day: datetime.date) -> None:
    _scroll_to_morning(ctx)
    ctx.replace(with_query(ctx.activity.route, date=day.isoformat()))


@retained(maxsize=8)
def _drawer(view: str, calendars: tuple[tuple[str, str], ...]) -> View:
    items = [row(icon(ic, 22, T.ON_SECONDARY_CONTAINER if key == view else T.TEXT_SECONDARY),
                 text(label, 14, "medium", T.TEXT, role=None),
                 h=48, gap=12, pad=(16, 0), radius=24,
                 bg=T.SECONDARY_CONTAINER if key == view else None, role="button", text=label,
                 selected=key == view, id=f"view:{key}", on_tap=Call(_set_view, key))
             for key, label, ic in VIEWS]
    cals = [row(View("box", w=18, h=18, radius=3, bg=color),
                text(name, 14, color=T.TEXT, role=None), h=40, gap=16, pad=(20, 0),
                text=name, id=f"calendar:{name}") for name, color in calendars]
    panel = col(text("Calendar", 22, color=T.TEXT, pad=(24, 20, 24, 12), role="heading"),
                *items, View("box", h=1, bg=T.OUTLINE_VARIANT),
                text("Calendars", 14, "medium", T.TEXT_SECONDARY, pad=(24, 12, 24, 4)),
                *cals,
                w=300, h=FILL, pad=(12, 0), gap=2, bg=T.SURFACE_CONTAINER_LOW,
                gravity="top-left", block=True, id="drawer_panel", role="dialog",
                label="Navigation drawer")
    return stack(scrim(Call("close_dialog")), panel, w=FILL, h=FILL)


def _set_view(ctx: ScreenContext, view: str) -> None:
    ctx.state["view"] = view
    ctx.close_dialog()
    _scroll_to_morning(ctx)
    ctx.replace(with_query(ctx.activity.route, view=None))


# ----- search
def search(ctx: ScreenContext) -> View:
    query = ctx.value("search_q")
    found = model.search(ctx.state, query)
    field = ctx.field("search_q", "Search", id="search_field", w=FILL, radius=24)
    bar = row(icon_button("arrow_back", ctx.back, "Back", T.TEXT, id="back"), field,
              h=T.APP_BAR_H + 8, pad=(4, 4, 12, 4), gap=4, bg=T.SURFACE, id="app_bar")
    if not found:
        body = empty_state("search", "No results" if query.strip()
                           else "Search by title, location or description")
        return scaffold(body, top_bar=bar)
    today = ctx.now().date()
    shown = []
    for ev in found:  # a repeating event shows its next occurrence
        day = model.next_start(ev, today) if ev["repeat"] != "none" else None
        shown.append((day or model.parse(ev["start"]).date(), ev))
    shown.sort(key=lambda p: (p[0], model.span(p[1])[0].time(), p[1]["id"]))
    rows = [_result(ev["id"], ev["title"],
                    f"{model.date_text(day, True)} · {model.when_text(ev, day)}",
                    model.color_of(ctx.state, ev), day.isoformat()) for day, ev in shown]
    return scaffold(ctx.scroll(*rows, id="results", pad=(0, 4, 0, 16)), top_bar=bar)


@retained(maxsize=32)
def _result(event_id: int, title: str, when: str, color: str, iso: str) -> View:
    return row(View("box", w=12, h=12, radius=6, bg=color),
               col(text(title, 16, color=T.TEXT, role=None),
                   text(when, 13, color=T.TEXT_SECONDARY, role=None), w=FILL, gap=2),
               h=64, gap=16, pad=(20, 0), role="list_item", text=f"{title} {when}",
               id=f"result:{event_id}", on_tap=Call("push", f"/event/{event_id}?date={iso}"))


ROUTES = {"/": home, "/search": search, **event_pages.ROUTES}
