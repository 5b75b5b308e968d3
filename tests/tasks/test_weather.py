"""Weather judges on hand-built states: each episode's initial state comes from a reset with
fixed params; the final state is that state edited by hand. Expected values come from the
weather's public functions at the episode's start."""

from __future__ import annotations

import copy
import datetime
from typing import Any

import pytest

from mobilegym_env.apps.weather import data
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task
from mobilegym_env.tasks.weather import WEEKDAYS, today

NOW = 1_772_442_000_000


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def start(env: MobileGymEnv, task_id: str, **params: Any) -> tuple[Task, dict, dict]:
    options: dict[str, Any] = {"task": f"weather.{task_id}"}
    if params:
        options["params"] = params
    env.reset(seed=0, options=options)
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def now_ms(state: dict) -> int:
    return state["os"]["time"]["now_ms"]


def weather(state: dict) -> dict:
    return state["apps"]["weather"]


def passes(task: Task, initial: dict, final: dict, answer: str | None = None) -> bool:
    return task.judge(initial, final, answer).success


def city_day(key: str, state: dict) -> data.Day:
    return today(data.city(key), now_ms(state))


def test_uv_index(env):
    task, initial, final = start(env, "uv_index", key="sydney", city="Sydney")
    uv = city_day("sydney", initial).uv
    assert passes(task, initial, final, str(uv)) and passes(task, initial, final, f"UV {uv}")
    assert not passes(task, initial, final, str(uv + 1))
    assert not passes(task, initial, final, f"{uv} or {uv + 1}")
    assert not passes(task, initial, final, None)


def test_humidity_and_collateral_damage(env):
    task, initial, final = start(env, "humidity", key="london", city="London")
    h = city_day("london", initial).humidity
    assert passes(task, initial, final, f"{h}%")
    weather(final)["unit"] = "F"
    v = task.judge(initial, final, f"{h}%")
    assert not v.success and not v.clean


def test_sunset_reads_times_leniently(env):
    task, initial, final = start(env, "sunset", key="tokyo", city="Tokyo")
    h, m = city_day("tokyo", initial).sunset
    assert passes(task, initial, final, f"{h}:{m:02d}")
    assert passes(task, initial, final, f"{(h % 12) or 12}:{m:02d} PM")
    assert not passes(task, initial, final, f"{h - 1}:{m:02d}")
    assert not passes(task, initial, final, "{}:{:02d}".format(*city_day("tokyo", initial).sunrise))


def test_rain_tomorrow_asks_for_the_condition(env):
    for key in ("london", "new_york", "paris", "tokyo", "sydney"):
        task, initial, final = start(env, "rain_tomorrow", key=key,
                                     city=data.city(key).name)
        local = data.local_now(data.city(key), now_ms(initial)).date()
        condition = data.day(data.city(key), local + datetime.timedelta(days=1)).condition
        assert passes(task, initial, final, condition)
        assert passes(task, initial, final, f"{condition.lower()}.")
        for wrong in ("yes", "no", "Thunderstorms" if condition != "Thunderstorms" else "Fog"):
            assert not passes(task, initial, final, wrong)


def test_high_on_weekday_finds_the_date_ahead(env):
    task, initial, _ = start(env, "high_on_weekday", key="paris", city="Paris", weekday="Friday")
    local = data.local_now(data.city("paris"), now_ms(initial)).date()
    ahead = next(local + datetime.timedelta(days=k) for k in range(2, 9)
                 if (local + datetime.timedelta(days=k)).weekday() == 4)
    high = data.degrees(data.day(data.city("paris"), ahead).high, "C")
    assert passes(task, initial, initial, f"{high}°C") and passes(task, initial, initial, str(high))
    low = data.degrees(data.day(data.city("paris"), ahead).low, "C")
    if low != high:
        assert not passes(task, initial, initial, str(low))
    with pytest.raises(ValueError):
        start(env, "high_on_weekday", key="paris", city="Paris", weekday="Funday")
    assert WEEKDAYS[ahead.weekday()] == "Friday"


def test_warmest_city_names_the_winner(env):
    keys = ["cairo", "moscow", "reykjavik", "stockholm"]
    task, initial, final = start(env, "warmest_city", keys=keys)
    assert [c["key"] for c in weather(initial)["cities"]] == keys  # written at setup
    highs = {k: city_day(k, initial).high for k in keys}
    best = max(highs, key=highs.__getitem__)
    other = next(k for k in keys if k != best)
    assert passes(task, initial, final, data.city(best).name)
    assert passes(task, initial, final, data.city(best).name.lower() + ".")
    assert not passes(task, initial, final, data.city(other).name)


def test_fahrenheit_temperature_needs_the_setting_and_the_answer(env):
    task, initial, final = start(env, "fahrenheit_temperature", key="new_york",
                                 city="New York")
    cur = data.current(data.city("new_york"), now_ms(initial))
    weather(final)["unit"] = "F"
    f, c = data.degrees(cur.temp, "F"), data.degrees(cur.temp, "C")
    assert passes(task, initial, final, f"{f}°F")
    assert not passes(task, initial, final, f"{c}")  # still Celsius
    assert not passes(task, initial, initial, f"{f}")  # the setting unchanged
    v = task.judge(initial, final, None)
    assert not v.success and v.progress == 0.5


def test_wind_unit(env):
    task, initial, final = start(env, "wind_unit", unit="mph")
    weather(final)["wind_unit"] = "mph"
    assert passes(task, initial, final)
    weather(final)["wind_unit"] = "m/s"
    assert not passes(task, initial, final)
    with pytest.raises(ValueError):
        start(env, "wind_unit", unit="km/h")  # already the setting


def _add(state: dict, key: str) -> None:
    w = weather(state)
    w["cities"].append({"id": w["next_id"], "key": key, "name": data.city(key).name})
    w["next_id"] += 1


def test_add_city_needs_that_city_once(env):
    task, initial, final = start(env, "add_city", key="san_jose", city="San Jose")
    _add(final, "san_jose")
    assert passes(task, initial, final)
    near = copy.deepcopy(initial)
    _add(near, "san_diego")
    assert not passes(task, initial, near)
    both = copy.deepcopy(final)
    _add(both, "santiago")
    v = task.judge(initial, both)
    assert not v.success
    with pytest.raises(ValueError):
        start(env, "add_city", key="london", city="London")  # saved already


def test_add_city_temperature(env):
    task, initial, final = start(env, "add_city_temperature", key="cairo", city="Cairo")
    _add(final, "cairo")
    temp = data.degrees(data.current(data.city("cairo"), now_ms(initial)).temp, "C")
    assert passes(task, initial, final, f"It's {temp} degrees")
    assert not passes(task, initial, final, None)
    assert not passes(task, initial, initial, str(temp))


def test_remove_city_rejects_removing_another_too(env):
    task, initial, final = start(env, "remove_city", key="paris", city="Paris")
    weather(final)["cities"] = [c for c in weather(final)["cities"] if c["key"] != "paris"]
    assert passes(task, initial, final)
    more = copy.deepcopy(final)
    weather(more)["cities"].pop()
    v = task.judge(initial, more)
    assert not v.success and not v.clean
    wrong = copy.deepcopy(initial)
    weather(wrong)["cities"] = [c for c in weather(wrong)["cities"] if c["key"] != "london"]
    assert not passes(task, initial, wrong)


def test_text_high(env):
    env.reset(seed=0, options={"task": "weather.wind_unit"})
    contact = next(c for c in env.initial_state["os"]["providers"]["contacts"] if c["phone"])
    task, initial, final = start(env, "text_high", key="tokyo", city="Tokyo",
                                 contact_id=contact["id"], name=contact["name"])
    high = data.degrees(city_day("tokyo", initial).high, "C")
    rows = final["os"]["providers"]["sms"]
    row = {"id": max(r["id"] for r in rows) + 1, "thread_address": contact["phone"],
           "address": contact["phone"], "body": f"The high in Tokyo today is {high}°",
           "timestamp_ms": NOW, "type": "sent", "read": True}
    rows.append(row)
    assert passes(task, initial, final)
    row["body"] = f"The high in Tokyo today is {high + 3}°"
    assert not passes(task, initial, final)
    row["body"] = f"High {high}, low {high - 5}"  # two numbers
    assert not passes(task, initial, final)


def test_feels_like(env):
    task, initial, final = start(env, "feels_like", key="new_york", city="New York")
    cur = data.current(data.city("new_york"), now_ms(initial))
    assert passes(task, initial, final, f"{data.degrees(cur.feels_like, 'C')}°")
    if data.degrees(cur.temp, "C") != data.degrees(cur.feels_like, "C"):
        assert not passes(task, initial, final, str(data.degrees(cur.temp, "C")))


def test_rainy_days_counts_the_ten_days(env):
    task, initial, final = start(env, "rainy_days", key="london", city="London")
    c = data.city("london")
    days = data.forecast(c, data.local_now(c, now_ms(initial)).date(), 10)
    count = sum(d.rainy for d in days)
    assert passes(task, initial, final, str(count))
    assert passes(task, initial, final, f"{count} days")
    assert not passes(task, initial, final, str(count + 1))


def test_weather_here_follows_the_location(env):
    task, initial, final = start(env, "weather_here", preset="beijing")
    assert initial["os"]["location"]["city"] == "Beijing"
    cond = data.current(data.city("beijing"), now_ms(initial)).condition
    assert passes(task, initial, final, cond) and passes(task, initial, final, cond.upper())
    sf = data.current(data.city("san_francisco"), now_ms(initial)).condition
    if sf != cond:
        assert not passes(task, initial, final, sf)
    assert not passes(task, initial, final, "Raining cats")
    with pytest.raises(ValueError):
        start(env, "weather_here", preset="paris")


def test_saved_count_counts_the_cities_written_at_setup(env):
    task, initial, final = start(env, "saved_count", extra=["cairo", "rome"])
    assert len(weather(initial)["cities"]) == 7
    assert passes(task, initial, final, "7") and passes(task, initial, final, "seven")
    assert not passes(task, initial, final, "8")  # with the current location
    with pytest.raises(ValueError):
        start(env, "saved_count", extra=["london"])


def test_replace_city_needs_both_halves(env):
    task, initial, final = start(env, "replace_city", key="paris", city="Paris",
                                 new_key="rome", new_city="Rome")
    weather(final)["cities"] = [c for c in weather(final)["cities"] if c["key"] != "paris"]
    only_removed = copy.deepcopy(final)
    _add(final, "rome")
    assert passes(task, initial, final)
    v = task.judge(initial, only_removed)
    assert not v.success and v.progress == 0.5
    only_added = copy.deepcopy(initial)
    _add(only_added, "rome")
    assert not passes(task, initial, only_added)
