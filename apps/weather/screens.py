"""Weather's screens: a city's weather page, the saved cities, city search and settings.

Routes: ``/`` the weather where the phone is (the location service's city; a prompt when
location is off), ``/city/<key>`` a city's page, ``/cities`` the saved cities (``?dialog=
city_menu&id=<id>`` asks to remove one), ``/search`` adding a city, ``/settings`` the units
(``?dialog=unit`` / ``wind``). Every number comes from ``data.py``, for the city's local date
and hour on the virtual clock; the rows and cells are retained by their shown values.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    button,
    card,
    col,
    dialog,
    empty_state,
    fab,
    hscroll,
    icon,
    icon_button,
    list_item,
    radio,
    retained,
    row,
    scaffold,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from . import data, model
from .data import City

HOURS = 24
DAYS = 10
UV_WORDS = ((2, "Low"), (5, "Moderate"), (7, "High"), (10, "Very high"), (99, "Extreme"))


# --------------------------------------------------------------------------- formatting
def clock_text(h: int, m: int) -> str:
    """``(17, 5)`` -> ``"5:05 PM"`` (the app's 12-hour times)."""
    return f"{(h % 12) or 12}:{m:02d} {'AM' if h < 12 else 'PM'}"


def uv_word(uv: int) -> str:
    return next(word for limit, word in UV_WORDS if uv <= limit)


def day_label(i: int, date: datetime.date) -> str:
    return "Today" if i == 0 else "Tomorrow" if i == 1 else f"{date:%A}"


def _deg(ctx: ScreenContext, celsius: float) -> str:
    return f"{data.degrees(celsius, ctx.state['unit'])}°"


# --------------------------------------------------------------------------- weather page
def home(ctx: ScreenContext) -> View:
    here = model.located(ctx.os)
    bar = top_app_bar(here.name if here else "Weather", actions=_bar_actions())
    if here is None:
        body = _no_location(ctx)
        return scaffold(body, top_bar=bar)
    return scaffold(_page(ctx, here, current=True), top_bar=bar)


def city_page(ctx: ScreenContext) -> View:
    c = data.BY_KEY.get(ctx.params.get("key", ""))
    if c is None:
        return scaffold(empty_state("location_off", "Unknown city"),
                        top_bar=top_app_bar("Weather", Call("back")))
    here = model.located(ctx.os)
    saved = model.saved(ctx.state, c.key)
    actions = list(_bar_actions())
    if saved is None and (here is None or here.key != c.key):
        actions.insert(0, bar_action("add", Call(_add, c.key, False), "Add to saved cities",
                                     id="add_city"))
    return scaffold(_page(ctx, c, current=here is not None and here.key == c.key),
                    top_bar=top_app_bar(c.name, Call("back"), actions))


def _bar_actions() -> tuple[View, ...]:
    return (bar_action("format_list_bulleted", Call("push", "/cities"), "Saved cities",
                       id="cities"),
            bar_action("settings", Call("push", "/settings"), "Settings", id="settings"))


def _no_location(ctx: ScreenContext) -> View:
    fix = ctx.os.location.current()
    why = "Location is off. Turn it on to see the weather where you are." if fix is None \
        else "Weather isn't available for your location."
    return col(icon("location_off", 56, T.ON_SURFACE_VARIANT),
               text(why, 16, color=T.ON_SURFACE, max_lines=None, text_align="center", w=FILL,
                    id="location_prompt"),
               button("Location settings", Call(_location_settings), "tonal",
                      id="location_settings") if fix is None else None,
               button("Saved cities", Call("push", "/cities"), "outlined", id="open_cities"),
               w=FILL, h=FILL, align="center", justify="center", gap=20, pad=(32, 0))


def _location_settings(ctx: ScreenContext) -> None:
    if not ctx.start_activity({"app_id": "settings", "route": "/location"}):
        ctx.toast("Can't open Settings")


def _page(ctx: ScreenContext, c: City, current: bool) -> View:
    unit, now = ctx.state["unit"], data.local_now(c, ctx.os.clock.now_ms())
    cond = data.conditions(c, now)
    days = data.forecast(c, now.date(), DAYS)
    d = days[0]
    header = _header(c.label, current, f"{now:%a} {clock_text(now.hour, now.minute)}",
                     _deg(ctx, cond.temp), cond.condition, cond.icon,
                     f"High {_deg(ctx, d.high)} · Low {_deg(ctx, d.low)}",
                     f"Feels like {_deg(ctx, cond.feels_like)}")
    start = now.replace(minute=0, second=0, microsecond=0)
    cells = []
    for i in range(HOURS):
        when = start + datetime.timedelta(hours=i)
        hc = data.conditions(c, when)
        cells.append(_hour_cell(i, "Now" if i == 0 else clock_text(when.hour, 0).replace(
            ":00", ""), hc.icon, _deg(ctx, hc.temp), hc.day.precip))
    hourly = card(text("Hourly forecast", 14, "medium", T.ON_SURFACE_VARIANT, pad=(4, 0)),
                  hscroll(*cells, store=ctx.ui, id="hours", h=100),
                  style="filled", w=FILL, id="hourly", pad=(12, 12, 12, 4))
    rows = [_day_row(i, day_label(i, x.date), x.condition, data.ICONS[x.condition], x.precip,
                     data.degrees(x.high, unit), data.degrees(x.low, unit))
            for i, x in enumerate(days)]
    daily = card(text(f"{DAYS}-day forecast", 14, "medium", T.ON_SURFACE_VARIANT,
                      pad=(16, 0)), *rows, style="filled", w=FILL, id="daily",
                 pad=(0, 12, 0, 8))
    wind = f"{data.wind_speed(d.wind, ctx.state['wind_unit'])} {ctx.state['wind_unit']}"
    details = _details(f"{d.humidity}%", wind, f"{d.uv} {uv_word(d.uv)}",
                       clock_text(*d.sunrise), clock_text(*d.sunset), f"{d.precip}%")
    return ctx.scroll(header, hourly, daily, details, id="weather", gap=12,
                      pad=(12, 0, 12, 24))


@retained(maxsize=8)
def _header(place: str, current: bool, local: str, temp: str, condition: str, glyph: str,
            high_low: str, feels: str) -> View:
    return col(
        row(icon("near_me:fill", 16, T.PRIMARY) if current else None,
            text(place, 14, color=T.ON_SURFACE_VARIANT, w=FILL), text(local, 14,
                                                                        color=T.ON_SURFACE_VARIANT),
            gap=6, w=FILL),
        row(text(temp, 88, "regular", T.ON_PRIMARY_CONTAINER, id="current_temp"),
            text("", w=FILL),
            icon(glyph, 80, T.ON_PRIMARY_CONTAINER, id="condition_icon", label=condition),
            w=FILL),
        text(condition, 22, "medium", T.ON_PRIMARY_CONTAINER, id="condition"),
        text(high_low, 16, color=T.ON_PRIMARY_CONTAINER, id="high_low"),
        text(feels, 16, color=T.ON_PRIMARY_CONTAINER, id="feels_like"),
        w=FILL, gap=4, pad=(20, 16, 20, 20), radius=28, bg=T.PRIMARY_CONTAINER, id="now")


@retained(maxsize=128)
def _hour_cell(i: int, label: str, glyph: str, temp: str, precip: int) -> View:
    return col(text(label, 13, color=T.ON_SURFACE_VARIANT),
               icon(glyph, 28, T.PRIMARY),
               text(temp, 16, "medium"),
               text(f"{precip}%" if precip >= 20 else "", 12, color=T.PRIMARY),
               w=64, h=100, align="center", gap=4, pad=(0, 6), id=f"hour:{i}",
               label=f"{label}: {temp}" + (f", {precip}% rain" if precip >= 20 else ""))


@retained(maxsize=256)
def _day_row(i: int, label: str, condition: str, glyph: str, precip: int, high: int,
             low: int) -> View:
    chance = f"{precip}%" if precip >= 20 else ""
    return row(text(label, 16, w=FILL), text(chance, 13, color=T.PRIMARY, w=40),
               icon(glyph, 24, T.PRIMARY, label=condition),
               text(f"{high}°", 16, "medium", w=44, text_align="right"),
               text(f"{low}°", 16, color=T.ON_SURFACE_VARIANT, w=40, text_align="right"),
               h=48, gap=8, pad=(16, 0), w=FILL, id=f"day:{i}",
               label=f"{label}: {condition}, high {high}°, low {low}°" +
               (f", {precip}% chance of rain" if chance else ""))


@retained(maxsize=8)
def _details(humidity: str, wind: str, uv: str, sunrise: str, sunset: str,
             precip: str) -> View:
    tiles = (("humidity", "humidity_percentage", "Humidity", humidity),
             ("wind", "air", "Wind", wind), ("uv", "wb_sunny", "UV index", uv),
             ("precip", "umbrella", "Chance of rain", precip),
             ("sunrise", "wb_twilight", "Sunrise", sunrise),
             ("sunset", "wb_twilight", "Sunset", sunset))

    def tile(key: str, glyph: str, title: str, value: str) -> View:
        return col(row(icon(glyph, 18, T.ON_SURFACE_VARIANT), text(title, 13,
                                                                   color=T.ON_SURFACE_VARIANT),
                       gap=6),
                   text(value, 20, "medium", id=key, label=f"{title}: {value}"),
                   w=FILL, gap=8, pad=16, radius=16, bg=T.SURFACE_CONTAINER_HIGHEST)

    pairs = [row(tile(*a), tile(*b), gap=12, w=FILL, align="stretch")
             for a, b in zip(tiles[::2], tiles[1::2], strict=True)]
    return col(*pairs, gap=12, w=FILL, id="details")


# --------------------------------------------------------------------------- saved cities
def cities(ctx: ScreenContext) -> View:
    now_ms, unit = ctx.os.clock.now_ms(), ctx.state["unit"]
    here = model.located(ctx.os)
    rows = []
    if here is not None:
        rows.append(_city_row(here.key, 0, here.name, "Current location",
                              *_summary(here, now_ms, unit)))
    for rec in ctx.state["cities"]:
        c = data.BY_KEY.get(rec["key"])
        if c is not None:
            rows.append(_city_row(c.key, rec["id"], c.name, c.country,
                                  *_summary(c, now_ms, unit)))
    body = ctx.scroll(*rows, id="city_list", pad=(12, 8, 12, 96), gap=8) if rows else \
        empty_state("location_city", "No saved cities")
    overlay = None
    chosen = _menu_city(ctx)
    if ctx.query.get("dialog") == "city_menu" and chosen is not None:
        overlay = dialog(f"Remove {chosen['name']}?", "It leaves your saved cities.",
                         [("Cancel", ctx.close_dialog, "city_menu:cancel"),
                          ("Remove", functools.partial(_remove, ctx, chosen["id"]),
                           "city_menu:remove")], on_dismiss=ctx.close_dialog, id="city_menu")
    return scaffold(body, top_bar=top_app_bar("Saved cities", Call("back")),
                    fab=fab("add", Call(_open_search), "Add city", extended=True),
                    overlay=overlay)


def _summary(c: City, now_ms: int, unit: str) -> tuple[str, str, str]:
    now = data.current(c, now_ms)
    return (f"{data.degrees(now.temp, unit)}°", now.icon,
            f"{now.condition} · H {data.degrees(now.day.high, unit)}° "
            f"L {data.degrees(now.day.low, unit)}°")


@retained(maxsize=32)
def _city_row(key: str, city_id: int, name: str, where: str, temp: str, glyph: str,
              summary: str) -> View:
    more = icon_button("delete", Call(_open_menu, city_id), f"Remove {name}",
                       id=f"city_more:{city_id}") \
        if city_id else icon("near_me:fill", 20, T.PRIMARY, w=40)
    return row(col(text(name, 18, "medium"), text(where, 13, color=T.ON_SURFACE_VARIANT),
                   text(summary, 13, color=T.ON_SURFACE_VARIANT), w=FILL, gap=2),
               icon(glyph, 32, T.PRIMARY), text(temp, 28, w=56, text_align="right"), more,
               h=88, gap=8, pad=(20, 0, 4, 0), radius=20, bg=T.SURFACE_CONTAINER,
               id=f"city:{key}", role="list_item", label=f"{name}, {where}: {temp}, {summary}",
               on_tap=Call("push", f"/city/{key}"))


def _open_menu(ctx: ScreenContext, city_id: int) -> None:
    ctx.open_dialog("city_menu", id=city_id)


def _menu_city(ctx: ScreenContext) -> dict[str, Any] | None:
    try:
        city_id = int(ctx.query.get("id", ""))
    except ValueError:
        return None
    return next((c for c in ctx.state["cities"] if c["id"] == city_id), None)


def _remove(ctx: ScreenContext, city_id: int) -> None:
    ctx.close_dialog()
    rec = model.remove_city(ctx.state, city_id)
    if rec is not None:
        ctx.toast(f"{rec['name']} removed")


# --------------------------------------------------------------------------- search
def _open_search(ctx: ScreenContext) -> None:
    ctx.set_value("city_q", "")
    ctx.push("/search")
    ctx.os.keyboard.show(ctx.activity.activity_id, "city_q")


def search(ctx: ScreenContext) -> View:
    query = ctx.value("city_q")
    found = data.search(query)
    field = ctx.field("city_q", "Search for a city", id="search_field", w=FILL, radius=24)
    bar = row(icon_button("arrow_back", ctx.back, "Back", T.ON_SURFACE, id="back"), field,
              h=T.APP_BAR_H + 8, pad=(4, 4, 12, 4), gap=4, bg=T.SURFACE, id="app_bar")
    if found:
        body = ctx.scroll(*[list_item(c.name, c.country, "location_on", id=f"result:{c.key}",
                                      on_tap=Call(_add, c.key, True)) for c in found],
                          id="results")
    else:
        body = empty_state("search", "No cities found" if query.strip()
                           else "Type a city's name")
    return scaffold(body, top_bar=bar)


def _add(ctx: ScreenContext, key: str, from_search: bool) -> None:
    try:
        rec = model.add_city(ctx.state, key)
    except ValueError as err:
        ctx.toast(str(err))
        return
    if from_search:
        ctx.pop()
    ctx.toast(f"{rec['name']} added")


# --------------------------------------------------------------------------- settings
UNIT_LABELS = {"C": "Celsius (°C)", "F": "Fahrenheit (°F)"}


def settings(ctx: ScreenContext) -> View:
    loc = "On" if ctx.os.location.enabled else "Off"
    body = ctx.scroll(
        list_item("Temperature unit", UNIT_LABELS[ctx.state["unit"]], "thermostat",
                  on_tap=Call("open_dialog", "unit"), id="temp_unit"),
        list_item("Wind speed unit", ctx.state["wind_unit"], "air",
                  on_tap=Call("open_dialog", "wind"), id="wind_unit"),
        list_item("Location", f"{loc} · managed in system Settings", "my_location",
                  on_tap=Call(_location_settings), id="location"),
        id="settings_list")
    overlay = None
    kind = ctx.query.get("dialog")
    if kind == "unit":
        overlay = _choice(ctx, "Temperature unit",
                          [(u, UNIT_LABELS[u], u == ctx.state["unit"]) for u in data.TEMP_UNITS],
                          functools.partial(model.set_unit, ctx.state), "unit_dialog")
    elif kind == "wind":
        overlay = _choice(ctx, "Wind speed unit",
                          [(u, u, u == ctx.state["wind_unit"]) for u in data.WIND_UNITS],
                          functools.partial(model.set_wind_unit, ctx.state), "wind_dialog")
    return scaffold(body, top_bar=top_app_bar("Settings", Call("back")), overlay=overlay)


def _choice(ctx: ScreenContext, title: str, choices: list[tuple[str, str, bool]],
            on_pick: Callable[[str], Any], id: str) -> View:
    """A dialog of radio rows ``<id>:<key>``; picking one applies it and closes."""
    rows = []
    for key, label, chosen in choices:
        pick = functools.partial(_pick, ctx, on_pick, key)
        rows.append(row(radio(chosen, pick, id=f"{id}:{key}:radio", label=label),
                        text(label, 16, w=FILL), h=48, gap=16, on_tap=pick, id=f"{id}:{key}",
                        role="list_item", selected=chosen, label=label))
    return dialog(title, col(*rows, w=FILL), [("Cancel", ctx.close_dialog, f"{id}:cancel")],
                  on_dismiss=ctx.close_dialog, id=id)


def _pick(ctx: ScreenContext, on_pick: Callable[[str], Any], key: str) -> None:
    ctx.close_dialog()
    on_pick(key)


ROUTES = {"/": home, "/city/{key}": city_page, "/cities": cities, "/search": search,
          "/settings": settings}
