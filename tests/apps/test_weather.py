"""Weather: the generated weather (deterministic, believable by climate and season), city
search, the city page, saved cities (add, remove), units, and the location prompt."""

from __future__ import annotations

import datetime

import pytest

from mobilegym_env.apps.weather import data, model
from mobilegym_env.apps.weather.state import initial_state
from mobilegym_env.device import Device
from mobilegym_env.testing import find, has, ids, node, route, tap

APP = "weather"  # what the ``device`` fixture (conftest.py) opens
NOW = 1_772_442_000_000  # the fresh device's clock (2026-03-02 09:00 UTC)
SF = data.city("san_francisco")


@pytest.fixture(autouse=True)
def _no_crashes(device: Device):
    yield
    assert device.crashes == []


def store(device: Device) -> dict:
    return device.state()["apps"]["weather"]


# ----- the weather
def test_the_same_city_and_date_always_give_the_same_weather() -> None:
    day = datetime.date(2026, 3, 5)
    assert data.day(data.city("tokyo"), day) == data.day(data.city("tokyo"), day)
    assert data.day(data.city("tokyo"), day) != data.day(data.city("seoul"), day)
    assert data.current(SF, NOW) == data.current(SF, NOW)


def test_every_day_is_believable() -> None:
    start = datetime.date(2026, 1, 1)
    for c in data.CITIES:
        for d in data.forecast(c, start, 365)[::7]:
            assert d.low <= d.high and d.low > -40 and d.high < 50
            assert 15 <= d.humidity <= 100 and 0 <= d.uv <= 12 and d.wind > 0
            assert (d.sunrise < d.sunset or c.lat > 60) and d.condition in data.CONDITIONS
            assert (d.precip >= 60) == (d.rainy or d.condition == "Snow")
            assert d.condition != "Snow" or d.high <= 1.5


def test_seasons_follow_the_hemisphere() -> None:
    def mean_high(key: str, month: int) -> float:
        days = data.forecast(data.city(key), datetime.date(2026, month, 1), 28)
        return sum(d.high for d in days) / len(days)
    assert mean_high("london", 7) > mean_high("london", 1) + 8
    assert mean_high("sydney", 1) > mean_high("sydney", 7) + 5
    assert mean_high("singapore", 1) > mean_high("moscow", 1) + 25
    cairo = data.forecast(data.city("cairo"), datetime.date(2026, 6, 1), 60)
    assert sum(d.rainy for d in cairo) <= 3  # a desert stays dry


def test_daylight_is_longer_in_summer_and_near_the_pole() -> None:
    def length(key: str, day: datetime.date) -> int:
        d = data.day(data.city(key), day)
        return (d.sunset[0] * 60 + d.sunset[1]) - (d.sunrise[0] * 60 + d.sunrise[1])
    june, dec = datetime.date(2026, 6, 21), datetime.date(2026, 12, 21)
    assert length("stockholm", june) > 17 * 60 and length("stockholm", dec) < 7 * 60
    assert abs(length("singapore", june) - 12 * 60) < 15


def test_hourly_temperatures_run_from_the_low_to_the_high() -> None:
    day = datetime.date(2026, 3, 5)
    d = data.day(SF, day)
    temps = [data.temp_at(SF, datetime.datetime(2026, 3, 5, h)) for h in range(5, 16)]
    assert temps[0] == pytest.approx(d.low) and temps[-1] == pytest.approx(d.high)
    assert temps == sorted(temps)


def test_a_sunset_after_midnight_leaves_a_short_night() -> None:
    d = data.day(data.city("reykjavik"), datetime.date(2026, 6, 21))
    assert d.sunset < d.sunrise  # 00:0x, then 02:5x
    assert data.is_night(d, datetime.datetime(2026, 6, 21, 1, 0))
    assert not data.is_night(d, datetime.datetime(2026, 6, 21, 23, 0))


def test_units() -> None:
    assert data.degrees(0, "F") == 32 and data.degrees(21.5, "C") == 22
    assert data.degrees(-3.5, "C") == -3 and data.degrees(37.0, "F") == 99
    assert data.wind_speed(36, "m/s") == 10 and data.wind_speed(16.1, "mph") == 10


def test_search_matches_word_starts_and_ignores_accents() -> None:
    assert [c.name for c in data.search("san")] == ["San Diego", "San Francisco", "San Jose",
                                                     "Santiago"]
    assert [c.name for c in data.search("sao")] == ["São Paulo"]
    assert [c.name for c in data.search("paulo")] == ["São Paulo"]
    assert [c.name for c in data.search("japan")] == ["Tokyo"]
    assert data.search("  ") == [] and data.search("zzz") == []


# ----- store
def test_default_cities_and_units() -> None:
    s = initial_state()
    assert [c["name"] for c in s["cities"]] == ["New York", "London", "Paris", "Tokyo",
                                                "Sydney"]
    assert s["next_id"] == 6 and (s["unit"], s["wind_unit"]) == ("C", "km/h")


def test_model_refuses_bad_input() -> None:
    s = initial_state()
    for bad in ("atlantis", "london"):
        with pytest.raises(ValueError):
            model.add_city(s, bad)
    with pytest.raises(ValueError):
        model.set_unit(s, "K")
    with pytest.raises(ValueError):
        model.set_wind_unit(s, "knots")
    assert model.remove_city(s, 99) is None


# ----- the city page
def test_home_shows_the_current_location(device: Device) -> None:
    now = data.current(SF, NOW)
    assert node(device, id="current_temp")["text"] == f"{data.degrees(now.temp, 'C')}°"
    assert node(device, id="condition")["text"] == now.condition
    d = now.day
    assert node(device, id="high_low")["text"] == \
        f"High {data.degrees(d.high, 'C')}° · Low {data.degrees(d.low, 'C')}°"
    assert has(device, text="San Francisco, United States")
    assert node(device, id="hour:0")["text"].startswith("Now: ")
    assert node(device, id="day:0")["text"].startswith("Today: ")
    assert node(device, id="day:1")["text"].startswith("Tomorrow: ")


def test_details_and_forecast_scroll_into_view(device: Device) -> None:
    d = data.current(SF, NOW).day
    assert node(device, id="sunset", scroll=6)["text"] == \
        f"Sunset: {(d.sunset[0] % 12) or 12}:{d.sunset[1]:02d} PM"
    assert node(device, id="uv", scroll=6)["text"].startswith(f"UV index: {d.uv} ")
    assert node(device, id="humidity", scroll=6)["text"] == f"Humidity: {d.humidity}%"
    assert find(device, id="day:9", scroll=6)


def test_a_city_page_shows_its_local_time_and_can_be_added(device: Device) -> None:
    device.kernel.open_app("weather", "/city/cairo")
    assert node(device, id="current_temp")["text"] == \
        f"{data.degrees(data.current(data.city('cairo'), NOW).temp, 'C')}°"
    assert has(device, text="Mon 11:00 AM")  # UTC+2
    tap(device, id="add_city")
    assert store(device)["cities"][-1] == {"id": 6, "key": "cairo", "name": "Cairo"}
    assert find(device, id="add_city") is None


def test_unknown_city_route_is_an_empty_page(device: Device) -> None:
    device.kernel.open_app("weather", "/city/atlantis")
    assert has(device, text="Unknown city")


# ----- saved cities
def test_cities_list_current_location_first_then_saved(device: Device) -> None:
    tap(device, id="cities")
    rows = [i for i in ids(device, "city:")]
    assert rows[:4] == ["city:san_francisco", "city:new_york", "city:london", "city:paris"]
    assert "Current location" in node(device, id="city:san_francisco")["text"]
    tap(device, id="city:london")
    assert route(device) == "/city/london"


def test_add_a_city_by_search(device: Device) -> None:
    tap(device, id="cities")
    tap(device, id="fab")
    device.type_text("san")
    assert ids(device, "result:") == ["result:san_diego", "result:san_francisco",
                                      "result:san_jose", "result:santiago"]
    tap(device, id="result:san_jose")
    assert route(device) == "/cities"
    assert store(device)["cities"][-1] == {"id": 6, "key": "san_jose", "name": "San Jose"}
    assert store(device)["next_id"] == 7
    assert find(device, id="city:san_jose", scroll=3)


def test_adding_a_saved_city_again_is_refused(device: Device) -> None:
    tap(device, id="cities")
    tap(device, id="fab")
    device.type_text("Tokyo")
    tap(device, id="result:tokyo")
    assert len(store(device)["cities"]) == 5 and route(device) == "/search"
    assert device.kernel.system_ui.toast is not None


def test_no_results(device: Device) -> None:
    tap(device, id="cities")
    tap(device, id="fab")
    device.type_text("Gotham")
    assert has(device, text="No cities found")


def test_remove_a_city_from_its_menu(device: Device) -> None:
    tap(device, id="cities")
    tap(device, id="city_more:2")
    tap(device, id="city_menu:remove")
    assert [c["key"] for c in store(device)["cities"]] == ["new_york", "paris", "tokyo",
                                                           "sydney"]
    assert find(device, id="city:london") is None


# ----- settings
def test_fahrenheit_changes_every_temperature(device: Device) -> None:
    tap(device, id="settings")
    tap(device, id="temp_unit")
    tap(device, id="unit_dialog:F")
    assert store(device)["unit"] == "F"
    assert node(device, id="temp_unit")["text"] == "Temperature unit Fahrenheit (°F)"
    device.handle_back()
    assert node(device, id="current_temp")["text"] == \
        f"{data.degrees(data.current(SF, NOW).temp, 'F')}°"


def test_wind_unit(device: Device) -> None:
    tap(device, id="settings")
    tap(device, id="wind_unit")
    tap(device, id="wind_dialog:mph")
    assert store(device)["wind_unit"] == "mph"
    device.handle_back()
    kmh = data.current(SF, NOW).day.wind
    assert node(device, id="wind", scroll=6)["text"] == \
        f"Wind: {data.wind_speed(kmh, 'mph')} mph"


def test_cancel_keeps_the_unit(device: Device) -> None:
    tap(device, id="settings")
    tap(device, id="temp_unit")
    tap(device, id="unit_dialog:cancel")
    assert store(device)["unit"] == "C"


# ----- location
def test_location_off_shows_a_prompt_that_opens_settings(device: Device) -> None:
    device.kernel.set_preference("location", False)
    device.kernel.open_app("weather", "/")
    assert has(device, id="location_prompt") and find(device, id="current_temp") is None
    tap(device, id="location_settings")
    top = device.kernel.tasks.top_activity
    assert (top.app_id, top.route) == ("settings", "/location")


def test_a_place_outside_the_table_has_no_weather(device: Device) -> None:
    device.kernel.location.set_coords(10.0, 10.0)
    device.kernel.open_app("weather", "/")
    assert "isn't available" in node(device, id="location_prompt")["text"]
    tap(device, id="open_cities")
    assert route(device) == "/cities" and find(device, id="city:san_francisco") is None


def test_another_preset_city_is_home(device: Device) -> None:
    device.kernel.location.set_preset("london")
    device.kernel.open_app("weather", "/")
    assert has(device, text="London, United Kingdom")
