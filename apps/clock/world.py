"""Clock's world clock (and its city search), the Bedtime tab, and Settings."""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    col,
    icon,
    list_item,
    popup_menu,
    retained,
    row,
    scaffold,
    section_header,
    stack,
    switch,
    text,
    time_picker,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from . import model, parts
from .state import DAYS

SEARCH = "city_query"  # ui key: the city search text
SNOOZE_CHOICES = (1, 5, 10, 15, 20, 25, 30)
SILENCE_CHOICES = (1, 5, 10, 15, 20, 25, 0)  # 0: never


# --------------------------------------------------------------------------- world clock
def world(ctx: ScreenContext) -> View:
    """The local time and date, then each chosen city with its time and offset."""
    now = ctx.now()
    now_ms = ctx.os.clock.now_ms()
    twelve = model.twelve_hour(ctx.os)
    clock, period = model.time_parts(now.hour, now.minute, twelve)
    header = col(
        row(text(clock, 64, color=T.ON_SURFACE, role=None), text(period, 24, color=T.ON_SURFACE,
                                                                 role=None),
            gap=6, align="end", id="world:local_time", role="text",
            text=f"{clock} {period}".strip()),
        text(now.strftime("%a, %b ") + str(now.day), 16, color=T.ON_SURFACE_VARIANT,
             id="world:local_date"),
        _next_alarm(ctx, twelve),
        w=FILL, align="center", pad=(0, 24, 0, 24), gap=4)
    tz = ctx.os.clock.tz_offset_minutes
    shown = [(c["id"], c["name"], c["name"]) for c in ctx.state["cities"]]
    home = ctx.state["settings"]["home_zone"]
    if ctx.state["settings"]["home_clock"] and model.CITY_OFFSET.get(home, tz) != tz:
        shown.insert(0, ("home", "Home", home))  # travelling: the home zone's clock leads
    cards = []
    for cid, title, zone in shown:
        at = model.city_time(zone, now_ms)
        sub = model.offset_text(model.CITY_OFFSET[zone], tz, at.date(), now.date())
        cards.append(_city_card(cid, title, sub, model.time_text(at.hour, at.minute, twelve)))
    body = ctx.scroll(header, *cards, id="cities", gap=8, pad=(16, 0, 16, 96))
    add = parts.big_fab("public", Call(_open_add), "Add city")
    return parts.page(ctx, "/clock", body, add, _world_overlay(ctx))


def _next_alarm(ctx: ScreenContext, twelve: bool) -> View | None:
    """The next alarm under the date ("Tue 6:30 AM"), as on a Pixel."""
    found = model.next_alarm(ctx.os)
    if found is None:
        return None
    when = model.local_time(ctx.os, found[1])
    shown = f"{when.strftime('%a')} {model.time_text(when.hour, when.minute, twelve)}"
    return row(icon("alarm", 16, T.ON_SURFACE_VARIANT),
               text(shown, 14, color=T.ON_SURFACE_VARIANT, role=None),
               gap=6, id="world:next_alarm", role="text", text=f"Next alarm {shown}")


@retained(maxsize=32)
def _city_card(cid: int | str, name: str, sub: str, at: str) -> View:
    return row(col(text(name, 20, color=T.ON_SURFACE, role=None),
                   text(sub, 14, color=T.ON_SURFACE_VARIANT, role=None), w=FILL, gap=2),
               text(at, 28, color=T.ON_SURFACE, role=None),
               w=FILL, h=88, pad=(20, 0), bg=T.SURFACE_CONTAINER, radius=28, role="list_item",
               on_long_press=None if cid == "home" else Call(_open_city_menu, cid),
               id=f"city:{cid}",
               label=f"{name} {at} {sub}")


def _open_city_menu(ctx: ScreenContext, cid: int) -> None:
    ctx.open_dialog("city_menu", id=cid)


def _open_add(ctx: ScreenContext) -> None:
    ctx.set_value(SEARCH, "")
    ctx.push("/clock/add")
    ctx.os.keyboard.show(ctx.activity.activity_id, SEARCH)


def _world_overlay(ctx: ScreenContext) -> View | None:
    if ctx.query.get("dialog") != "city_menu":
        return None
    city = model.find(ctx.state["cities"], ctx.query.get("id"))
    if city is None:
        return None
    return popup_menu([("Remove", functools.partial(_remove_city, ctx, city["id"]),
                        "menu:remove")], ctx.close_dialog, anchor="center")


def _remove_city(ctx: ScreenContext, cid: int) -> None:
    ctx.close_dialog()
    ctx.state["cities"] = [c for c in ctx.state["cities"] if c["id"] != cid]


def add_city(ctx: ScreenContext) -> View:
    """A searchable list of the cities not shown yet; a tap adds one."""
    query = ctx.value(SEARCH).strip().lower()
    shown = {c["name"] for c in ctx.state["cities"]}
    now_ms, twelve = ctx.os.clock.now_ms(), model.twelve_hour(ctx.os)

    def at(name: str) -> View:
        t = model.city_time(name, now_ms)
        return text(model.time_text(t.hour, t.minute, twelve), 14, color=T.ON_SURFACE_VARIANT,
                    role=None)

    rows = [list_item(name, country, trailing=at(name), on_tap=functools.partial(_add, ctx, name),
                      id=f"add_city:{name}")
            for name, country, _ in model.CITY_TABLE
            if name not in shown and (not query or query in name.lower()
                                      or query in country.lower())]
    field = ctx.field(SEARCH, "Search for a city", id="city_search", w=FILL)
    bar = row(field, w=FILL, h=64, pad=(4, 8, 16, 8), gap=4)
    body = ctx.scroll(*rows, id="city_list") if rows else \
        text("No matching cities", 16, color=T.ON_SURFACE_VARIANT, pad=24, id="no_cities")
    return scaffold(col(bar, body, w=FILL, h=FILL),
                    top_bar=top_app_bar("Add city", Call("back")))


def _add(ctx: ScreenContext, name: str) -> None:
    st = ctx.state
    if any(c["name"] == name for c in st["cities"]):
        return
    st["cities"].append({"id": model.new_id(st), "name": name})
    ctx.os.keyboard.hide()
    ctx.pop()


# --------------------------------------------------------------------------- bedtime
def bedtime(ctx: ScreenContext) -> View:
    """The bedtime schedule: bedtime, wake-up, days, on/off."""
    bed = ctx.state["bedtime"]
    twelve = model.twelve_hour(ctx.os)
    sleep = ((bed["wake_hour"] * 60 + bed["wake_minute"])
             - (bed["bed_hour"] * 60 + bed["bed_minute"])) % (24 * 60)
    hours, minutes = divmod(sleep, 60)

    def slot(title: str, icon_name: str, key: str) -> View:
        at = model.time_text(bed[f"{key}_hour"], bed[f"{key}_minute"], twelve)
        return col(text(title, 14, color=T.ON_SURFACE_VARIANT, role=None),
                   text(at, 24, color=T.ON_SURFACE, role=None),
                   w=FILL, pad=16, gap=4, radius=20, bg=T.SURFACE_CONTAINER_HIGH,
                   on_tap=Call("open_dialog", f"{key}_time"), role="button",
                   text=f"{title} {at}", id=f"bedtime:{key}")

    chips = row(*[stack(text(d[0], 14, "medium", T.ON_PRIMARY if d in bed["days"]
                             else T.ON_SURFACE_VARIANT, role=None, gravity="center"),
                        w=36, h=36, radius=18, bg=T.PRIMARY if d in bed["days"] else None,
                        border=None if d in bed["days"] else (T.OUTLINE, 1),
                        on_tap=Call(_toggle_bed_day, d), role="checkbox",
                        checked=d in bed["days"], label=d, id=f"bedtime:day:{d}")
                  for d in DAYS], w=FILL, justify="between")
    schedule = col(
        row(text("Schedule", 22, color=T.ON_SURFACE, w=FILL, role="heading"),
            switch(bed["enabled"], Call(_toggle_bedtime), id="bedtime:switch",
                   label="Bedtime schedule"), w=FILL),
        row(slot("Bedtime", "bedtime", "bed"), slot("Wake-up", "alarm", "wake"), gap=12,
            w=FILL),
        text(f"{hours} hr {minutes} min of sleep" if minutes else f"{hours} hr of sleep", 14,
             color=T.ON_SURFACE_VARIANT, id="bedtime:length"),
        chips,
        w=FILL, gap=16, pad=20, bg=T.SURFACE_CONTAINER, radius=28)
    body = ctx.scroll(schedule, id="bedtime_page", pad=16)
    return parts.page(ctx, "/bedtime", body, overlay=_bedtime_overlay(ctx, bed))


def _bedtime_overlay(ctx: ScreenContext, bed: dict[str, Any]) -> View | None:
    kind = ctx.query.get("dialog")
    for key, title in (("bed", "Bedtime"), ("wake", "Wake-up time")):
        if kind == f"{key}_time":
            return time_picker(ctx, "bed_time", (bed[f"{key}_hour"], bed[f"{key}_minute"]),
                               functools.partial(_set_bed_time, ctx, key), title=title)
    return None


def _set_bed_time(ctx: ScreenContext, key: str, hour: int, minute: int) -> None:
    ctx.state["bedtime"].update({f"{key}_hour": hour, f"{key}_minute": minute})


def _toggle_bedtime(ctx: ScreenContext) -> None:
    bed = ctx.state["bedtime"]
    bed["enabled"] = not bed["enabled"]


def _toggle_bed_day(ctx: ScreenContext, day: str) -> None:
    bed = ctx.state["bedtime"]
    days = set(bed["days"]) ^ {day}
    bed["days"] = [d for d in DAYS if d in days]


# --------------------------------------------------------------------------- settings
def _minutes(n: int) -> str:
    return "Never" if n == 0 else f"{n} minute" + ("" if n == 1 else "s")


def settings(ctx: ScreenContext) -> View:
    """Clock style, home clock, snooze length, silence after."""
    s = ctx.state["settings"]
    rows = [
        section_header("Clock"),
        list_item("Style", s["clock_style"], on_tap=Call("open_dialog", "style"),
                  id="settings:style"),
        list_item("Automatic home clock", "While traveling, add a clock for home",
                  trailing=switch(s["home_clock"], Call(_toggle_home_clock)), on_tap=Call(_toggle_home_clock),
                  id="settings:home_clock"),
        list_item("Home time zone", s["home_zone"], on_tap=Call("open_dialog", "zone"),
                  id="settings:home_zone"),
        section_header("Alarms"),
        list_item("Silence after", _minutes(s["silence_after_minutes"]),
                  on_tap=Call("open_dialog", "silence"), id="settings:silence"),
        list_item("Snooze length", _minutes(s["snooze_minutes"]),
                  on_tap=Call("open_dialog", "snooze"), id="settings:snooze"),
    ]
    return scaffold(ctx.scroll(*rows, id="settings_list"),
                    top_bar=top_app_bar("Settings", Call("back")),
                    overlay=_settings_overlay(ctx, s))


def _settings_overlay(ctx: ScreenContext, s: dict[str, Any]) -> View | None:
    kind = ctx.query.get("dialog")
    options: list[tuple[str, Any]]
    if kind == "style":
        options, key, title = [("Analog", "Analog"), ("Digital", "Digital")], "clock_style", \
            "Style"
    elif kind == "zone":
        options = [(f"{n} (GMT{'+' if o >= 0 else '-'}{abs(o) // 60}:{abs(o) % 60:02d})", n)
                   for n, _, o in sorted(model.CITY_TABLE, key=lambda c: (c[2], c[0]))]
        key, title = "home_zone", "Home time zone"
    elif kind == "silence":
        options, key, title = [(_minutes(n), n) for n in SILENCE_CHOICES], \
            "silence_after_minutes", "Silence after"
    elif kind == "snooze":
        options, key, title = [(_minutes(n), n) for n in SNOOZE_CHOICES], "snooze_minutes", \
            "Snooze length"
    else:
        return None
    return parts.choice_dialog(ctx, title, options, s[key],
                               functools.partial(_set_setting, ctx, key), f"{kind}_dialog")


def _set_setting(ctx: ScreenContext, key: str, value: Any) -> None:
    ctx.state["settings"][key] = value


def _toggle_home_clock(ctx: ScreenContext) -> None:
    s = ctx.state["settings"]
    s["home_clock"] = not s["home_clock"]
