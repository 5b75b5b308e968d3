"""Weather suite: reading the forecast (now, today, tomorrow, a weekday; UV, humidity, sunset),
comparing saved cities, changing units, adding and removing cities, and texting the weather.

Every episode starts in Weather on the current location's page (San Francisco). The weather is
a function of (city, date) (``apps/weather/data.py``) and the episode's start date differs per
seed, so the answers do too; judges compute them with the same public functions, from the
initial state's clock. A value that depends on the hour (the temperature now) or the day may
roll over during an episode: an answer matching any instant of the episode's time budget is
accepted (``_over_episode``).
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.weather import data, model
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation
from mobilegym_env.task import Start, Task
from mobilegym_env.tasks import contacts, messages

Action = dict[str, Any]
CITIES = "apps.weather.cities"
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
LONGEST_STEP_MS = 5_000  # a WAIT; the episode's time budget is its steps times this
# The apps an episode may start in, when it starts away from Weather.
ELSEWHERE = ("calculator", "notes", "calendar", "contacts", "files", "settings", "gallery",
             "browser", "messages")


# --------------------------------------------------------------------------- reading state
def _pick(rng: np.random.Generator, items: Sequence[Any], n: int | None = None) -> Any:
    if n is None:
        return items[int(rng.integers(len(items)))]
    return [items[int(i)] for i in rng.choice(len(items), size=n, replace=False)]


def _store(device: Device) -> dict[str, Any]:
    return device.kernel.app_state("weather")


def _saved(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The saved cities of a ``device.state()``."""
    return state["apps"]["weather"]["cities"]


def _here(device: Device) -> str | None:
    city = model.located(device.kernel)
    return city.key if city else None


def _instants(initial: dict[str, Any], steps: int) -> list[int]:
    """The virtual instants an episode may read the weather at: its start, then every
    minute of its time budget."""
    start = initial["os"]["time"]["now_ms"]
    return [start + m * 60_000 for m in range(steps * LONGEST_STEP_MS // 60_000 + 2)]


def _over_episode(task: Task, initial: dict[str, Any], fn: Callable[[int], Any]) -> list[Any]:
    """``fn(now_ms)`` at every instant of the episode, distinct values in order."""
    seen: list[Any] = []
    for ms in _instants(initial, task.step_limit()):
        value = fn(ms)
        if value not in seen:
            seen.append(value)
    return seen


def answer_any(values: Sequence[float], name: str = "answer",
               unit: str | None = None) -> Expectation:
    """The answer names exactly one number, one of ``values`` (what it was at some instant
    of the episode), in ``unit`` (numbers of other units are incidental)."""
    return C.answer_number(values, name=name, unit=unit)


def degrees_unit(initial: dict[str, Any]) -> str:
    """The unit the app shows temperatures in at the start: ``°C`` or ``°F``."""
    return f"°{initial['apps']['weather']['unit']}"


CONDITION_NAMES = tuple(dict.fromkeys((*data.CONDITIONS, *data.NIGHT_NAMES.values())))


def today(c: data.City, now_ms: int) -> data.Day:
    """The city's forecast for its local today."""
    return data.day(c, data.local_now(c, now_ms).date())


# --------------------------------------------------------------------------- oracle steps
def _in_weather(device: Device) -> bool:
    """Whether Weather is on screen (its forecast, settings, cities or search)."""
    return any(O.find(device, id=i) is not None for i in ("current_temp", "temp_unit")) or \
        O.find(device, where=lambda n: (n["id"] or "").startswith(("city:", "result:"))) \
        is not None


def city_list(device: Device) -> Iterator[Action]:
    """The saved cities page, from any Weather screen (or anywhere else: Weather is opened)."""
    if not _in_weather(device):
        yield from O.open_app(device, "weather")
    yield from O.back_to(device, id="cities")
    yield O.tap(device, id="cities")


def open_city(device: Device, key: str) -> Iterator[Action]:
    """A city's page, through the saved cities (the current location is first there)."""
    yield from city_list(device)
    row = yield from O.scroll_to(device, id=f"city:{key}")
    yield O.tap(device, row)


def _city_row(name: str) -> Callable[[O.Node], bool]:
    """The saved cities' row of a city, by the name it shows ("Tokyo, Japan: 11°, ...")."""
    return lambda n: (n["id"] or "").startswith("city:") and n["text"].startswith(name + ", ")


def open_city_named(device: Device, name: str) -> Iterator[Action]:
    """A city's page, found by its name in the saved cities."""
    yield from city_list(device)
    row = yield from O.scroll_to(device, where=_city_row(name))
    yield O.tap(device, row)


def add_city_named(device: Device, name: str) -> Iterator[Action]:
    """From the saved cities: searches for the city by its name (without accents) and taps
    the result showing it ("São Paulo Brazil")."""
    yield O.tap(device, id="fab")
    yield A.type_text(data.plain(name))
    row = yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith(
        "result:") and n["text"].startswith(name + " "))
    yield O.tap(device, row)


def remove_city_named(device: Device, name: str) -> Iterator[Action]:
    """From the saved cities: the city's remove button (by its label), then Remove."""
    button = yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith(
        "city_more:") and n["text"] == f"Remove {name}")
    yield O.tap(device, button)
    yield O.tap(device, id="city_menu:remove")


def _stable_pick(params: Any, items: Sequence[Any], salt: str = "") -> Any:
    """One of ``items``, picked by a stable hash of the params."""
    key = json.dumps(dataclasses.asdict(params), sort_keys=True, default=str)
    digest = hashlib.sha256(f"{salt}|{key}".encode()).digest()
    return items[int.from_bytes(digest[:4], "big") % len(items)]


def add_city(device: Device, key: str) -> Iterator[Action]:
    """From the saved cities: searches for the city (without accents: "Sao Paulo" finds São
    Paulo) and taps its result."""
    yield O.tap(device, id="fab")
    yield A.type_text(data.plain(data.city(key).name))
    row = yield from O.scroll_to(device, id=f"result:{key}")
    yield O.tap(device, row)


def remove_city(device: Device, key: str) -> Iterator[Action]:
    """From the saved cities: the city's delete button, then Remove."""
    rec = model.saved(_store(device), key)
    button = yield from O.scroll_to(device, id=f"city_more:{rec['id']}")
    yield O.tap(device, button)
    yield O.tap(device, id="city_menu:remove")


def _number(text: str) -> str:
    """The first number of a shown text: ``"High 14°"`` -> ``"14"``."""
    found = re.search(r"-?\d+", text)
    if found is None:
        raise O.OracleError(f"no number in {text!r}")
    return found.group()


def _shown(device: Device, node_id: str) -> str:
    return O.node(device, id=node_id)["text"]


class _WeatherTask(Task):
    suite = "weather"
    apps = ("weather",)
    start = Start(app="weather")
    objective = "query"
    difficulty = 2
    # Start in another app (drawn from the params), so the user opens Weather first.
    elsewhere = False

    def start_screen(self) -> Start:
        if self.elsewhere:
            return Start(app=_stable_pick(self.params, ELSEWHERE, self.task_id()))
        return self.start


@dataclass(frozen=True)
class _CityParams:
    key: str
    city: str


class _SavedCityTask(_WeatherTask):
    """A task about one of the saved cities (``key``, named ``city``)."""

    Params = _CityParams

    @classmethod
    def candidates(cls, device: Device) -> list[str]:
        """Any city of the table but the current location (one not saved yet is saved at the
        episode's start), so that answers spread over climates."""
        here = _here(device)
        return [c.key for c in data.CITIES if c.key != here]

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        if model.saved(_store(device), self.params.key) is None:
            model.add_city(_store(device), self.params.key)

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, key: str) -> dict[str, Any]:
        return {}

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        key = _pick(rng, cls.candidates(device))
        return cls.Params(key, data.city(key).name, **cls.more(rng, device, key))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        if params.key not in cls.candidates(device):
            raise ValueError(f"{params.key!r} is not a city {cls.task_id()} can use")
        if data.city(params.key).name != params.city:
            raise ValueError(f"city {params.key!r} is {data.city(params.key).name!r}")

    @property
    def place(self) -> data.City:
        return data.city(self.params.key)


# --------------------------------------------------------------------------- reading
def _spread_pick(rng: np.random.Generator, keys: Sequence[str],
                 answer: Callable[[str], Any]) -> str:
    """A city drawn so that the answers spread: first one of the answers the cities give,
    uniformly, then a city giving it."""
    by_answer: dict[Any, list[str]] = {}
    for key in keys:
        by_answer.setdefault(answer(key), []).append(key)
    return _pick(rng, by_answer[_pick(rng, sorted(by_answer, key=str))])


class _DayValue(_SavedCityTask):
    """A value of the city's forecast for today, read off its page."""

    node = ""  # the detail tile the oracle reads
    unit: str | None = None  # the value's unit (other numbers in an answer are incidental)

    def value(self, d: data.Day) -> float:
        raise NotImplementedError

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        now = device.kernel.clock.now_ms()
        # value() reads only the day: called on the class, so that the answers spread
        key = _spread_pick(rng, cls.candidates(device),
                           lambda k: cls.value(cls, today(data.city(k), now)))  # type: ignore
        return cls.Params(key, data.city(key).name)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [answer_any(_over_episode(self, initial,
                                         lambda ms: self.value(today(self.place, ms))),
                           unit=self.unit)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_city_named(device, self.params.city)
        tile = yield from O.scroll_to(device, id=self.node)
        yield A.answer(_number(tile["text"]))


class UvIndex(_DayValue):
    """Today's UV index in a saved city (a tile at the bottom of its page)."""

    name = "uv_index"
    template = "What is today's UV index in {city}?"
    phrasings = ("How strong is the UV in {city} today? Give me the UV index.",
                 "Tell me the UV index for {city} today.")
    tags = ("scroll",)
    node = "uv"

    def value(self, d: data.Day) -> float:
        return d.uv


class Humidity(_DayValue):
    """Today's humidity in a saved city."""

    name = "humidity"
    template = "What's the humidity in {city} today, in percent?"
    phrasings = ("How humid is it in {city} today (in percent)?",
                 "Tell me today's humidity in {city}, as a percentage.")
    elsewhere = True
    tags = ("scroll",)
    node = "humidity"
    unit = "%"

    def value(self, d: data.Day) -> float:
        return d.humidity


class Sunset(_SavedCityTask):
    """When the sun sets today in a saved city (its local time)."""

    name = "sunset"
    template = "What time is sunset in {city} today (local time there)?"
    phrasings = ("When does the sun set in {city} today, in local time?",
                 "Tell me today's sunset time in {city} (the local time there).")
    tags = ("scroll",)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        h, m = today(self.place, initial["os"]["time"]["now_ms"]).sunset
        return [C.answer_time(h, m, within_minutes=2)]  # a day's roll-over moves it a minute

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_city_named(device, self.params.city)
        tile = yield from O.scroll_to(device, id="sunset")
        yield A.answer(tile["text"].split(": ", 1)[1])


class FeelsLike(_SavedCityTask):
    """What the temperature feels like now in a saved city (under the big number)."""

    name = "feels_like"
    template = "According to the Weather app, what does it feel like in {city} right now?"
    phrasings = ("What's the feels-like temperature in {city} right now, per the Weather app?",
                 "How warm does it feel in {city} at the moment, according to Weather?")
    elsewhere = True

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        unit = initial["apps"]["weather"]["unit"]
        return [answer_any(_over_episode(self, initial, lambda ms: data.degrees(
            data.current(self.place, ms).feels_like, unit)), unit=degrees_unit(initial))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_city_named(device, self.params.city)
        yield A.answer(_number(_shown(device, "feels_like")))


class RainyDays(_SavedCityTask):
    """Count the rainy days of a saved city's 10-day forecast (reading every row)."""

    name = "rainy_days"
    template = "How many of the next {days} days (today included) have rain in the forecast " \
               "for {city}?"
    phrasings = ("Count the rainy days in the first {days} days of {city}'s forecast, today "
                 "included.",
                 "In the next {days} days, counting today, on how many days is rain forecast in "
                 "{city}?")
    difficulty = 2
    elsewhere = True
    tags = ("counting", "scroll")

    @dataclass(frozen=True)
    class Params(_CityParams):
        days: int = 10  # the first days of the 10-day list to count

    @staticmethod
    def rainy_days(place: data.City, ms: int, days: int) -> int:
        start = data.local_now(place, ms).date()
        return sum(d.rainy for d in data.forecast(place, start, days))

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        now = device.kernel.clock.now_ms()
        # a count first (uniformly, of those some city and window give), then such a pair
        pairs = [(k, days) for days in range(3, 11) for k in cls.candidates(device)]
        key, days = _spread_pick(rng, pairs,
                                 lambda kd: cls.rainy_days(data.city(kd[0]), now, kd[1]))
        return cls.Params(key, data.city(key).name, days)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if not 2 <= params.days <= 10:
            raise ValueError(f"days must be 2..10, got {params.days}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [answer_any(_over_episode(
            self, initial, lambda ms: self.rainy_days(self.place, ms, self.params.days)))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_city_named(device, self.params.city)
        rainy = 0
        for i in range(self.params.days):
            row = yield from O.scroll_to(device, id=f"day:{i}")
            rainy += any(f": {word}," in row["text"] for word in data.RAINY)
        yield A.answer(str(rainy))


# Where the phone may be (location presets that are cities of the weather table)
PLACES = ("london", "new_york", "beijing", "shanghai")


class WeatherHere(_WeatherTask):
    """The sky where the phone is: the app's first page follows the location service."""

    name = "weather_here"
    difficulty = 1
    max_steps = 14
    elsewhere = True
    template = "What's the weather like where I am right now? Answer with the condition the " \
               "Weather app shows (for example: Cloudy)."
    phrasings = ("What are the conditions outside where I am right now? Answer with what the "
                 "Weather app shows (for example: Cloudy).",
                 "Is it sunny, cloudy or something else here right now? Tell me the condition "
                 "the Weather app shows for my location (for example: Cloudy).")

    @dataclass(frozen=True)
    class Params:
        preset: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        now = device.kernel.clock.now_ms()  # a condition first, so that the answers spread
        return cls.Params(_spread_pick(rng, PLACES,
                                       lambda p: data.current(data.city(p), now).condition))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.preset not in PLACES:
            raise ValueError(f"preset must be one of {PLACES}, got {params.preset!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.location.set_preset(self.params.preset)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        c = data.city(self.params.preset)
        return [C.answer_text(_over_episode(self, initial,
                                            lambda ms: data.current(c, ms).condition),
                              rivals=CONDITION_NAMES)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "weather")
        yield A.answer(_shown(device, "condition"))


class RainTomorrow(_SavedCityTask):
    """Whether it will rain tomorrow in a city: asked as the forecast's condition for tomorrow
    (the value that decides it), so a bare yes or no never passes."""

    name = "rain_tomorrow"
    template = "Will it rain in {city} tomorrow? Tell me the condition the forecast shows for " \
               "tomorrow (for example: Showers)."
    phrasings = ("What's tomorrow's forecast for {city}: rain or not? Answer with the condition "
                 "it shows (for example: Showers).",
                 "Check whether rain is expected in {city} tomorrow: which condition does the "
                 "forecast give for tomorrow (for example: Showers)?")
    elsewhere = True

    @staticmethod
    def tomorrow(place: data.City, ms: int) -> str:
        d = data.local_now(place, ms).date() + datetime.timedelta(days=1)
        return data.day(place, d).condition

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        now = device.kernel.clock.now_ms()
        key = _spread_pick(rng, cls.candidates(device),
                           lambda k: cls.tomorrow(data.city(k), now))
        return cls.Params(key, data.city(key).name)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        def condition(ms: int) -> str:
            return self.tomorrow(self.place, ms)
        return [C.answer_text(_over_episode(self, initial, condition),
                              rivals=(*CONDITION_NAMES, "yes", "no"))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_city_named(device, self.params.city)
        row = yield from O.scroll_to(device, id="day:1")  # "Tomorrow: Showers, high 12°, ..."
        yield A.answer(row["text"].split(": ", 1)[1].split(",", 1)[0])


class HighOnWeekday(_SavedCityTask):
    """The forecast high on a weekday 3-6 days ahead (the 10-day list, scrolled)."""

    name = "high_on_weekday"
    template = "What is the forecast high temperature in {city} on {weekday}?"
    phrasings = ("How warm will it get in {city} on {weekday}? Give me the forecast high.",
                 "Tell me {city}'s forecast high for {weekday}.")
    difficulty = 2
    elsewhere = True
    tags = ("scroll",)

    @dataclass(frozen=True)
    class Params(_CityParams):
        weekday: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, key: str) -> dict[str, Any]:
        local = data.local_now(data.city(key), device.kernel.clock.now_ms()).date()
        ahead = local + datetime.timedelta(days=int(rng.integers(3, 7)))
        return {"weekday": WEEKDAYS[ahead.weekday()]}

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if params.weekday not in WEEKDAYS:
            raise ValueError(f"weekday must be one of {WEEKDAYS}, got {params.weekday!r}")

    def date(self, now_ms: int) -> datetime.date:
        """The next date on that weekday, two to eight days after the city's today."""
        local = data.local_now(self.place, now_ms).date()
        return next(local + datetime.timedelta(days=k) for k in range(2, 9)
                    if WEEKDAYS[(local + datetime.timedelta(days=k)).weekday()] ==
                    self.params.weekday)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        unit = initial["apps"]["weather"]["unit"]
        return [answer_any(_over_episode(self, initial, lambda ms: data.degrees(
            data.day(self.place, self.date(ms)).high, unit)), unit=degrees_unit(initial))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_city_named(device, self.params.city)
        # the weekday is 2 to 8 days ahead: the only row of the 10-day list that names it
        row = yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith(
            "day:") and n["text"].startswith(f"{self.params.weekday}:"))
        yield A.answer(_number(row["text"].split("high ", 1)[1]))


class WarmestCity(_WeatherTask):
    """Which saved city has today's highest high (the cities list shows each one's)."""

    name = "warmest_city"
    template = "Which of my saved cities in the Weather app has the highest temperature " \
               "forecast for today?"
    phrasings = ("Of the cities saved in Weather, which one will be the warmest today (highest "
                 "forecast high)?",
                 "Look through my saved Weather cities: where is today's forecast high the "
                 "highest?")
    difficulty = 2
    elsewhere = True
    tags = ("counting", "scroll")

    @dataclass(frozen=True)
    class Params:
        keys: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        now = device.kernel.clock.now_ms()
        here = _here(device)
        pool = [c.key for c in data.CITIES if c.key != here]
        high = {k: today(data.city(k), now).high for k in pool}
        n = int(rng.integers(7, 10))
        # the winner first (any city with enough cooler ones), then cities two degrees cooler
        winners = [k for k in pool if sum(high[o] <= high[k] - 2 for o in pool) >= n - 1]
        winner = _pick(rng, winners)
        others = _pick(rng, [o for o in pool if high[o] <= high[winner] - 2], n - 1)
        return cls.Params(tuple(_pick(rng, [winner, *others], n)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not 2 <= len(set(params.keys)) == len(params.keys) <= model.MAX_CITIES:
            raise ValueError("need 2 or more distinct cities")
        for key in params.keys:
            data.city(key)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        store = _store(device)
        store["cities"].clear()
        for key in self.params.keys:
            model.add_city(store, key)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        def warmest(ms: int) -> str:
            highs = {k: today(data.city(k), ms).high for k in self.params.keys}
            return data.city(max(highs, key=highs.__getitem__)).name
        return [C.answer_text(_over_episode(self, initial, warmest),
                              rivals=[c.name for c in data.CITIES])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from city_list(device)
        highs: dict[str, int] = {}  # the saved cities' rows, read as the list scrolls
        while True:
            rows = {n["text"].split(", ", 1)[0]: int(re.search(r"H (-?\d+)°", n["text"]).group(1))
                    for n in device.ui_tree() if (n["id"] or "").startswith("city:")
                    and "Current location" not in n["text"]}
            if set(rows) <= set(highs) and highs:
                break
            highs.update(rows)
            yield O.scroll_down()
        yield A.answer(max(highs, key=highs.__getitem__))


# --------------------------------------------------------------------------- settings
class FahrenheitTemperature(_SavedCityTask):
    """Switch to °F in settings, then read a saved city's temperature now."""

    name = "fahrenheit_temperature"
    template = "Switch the Weather app to Fahrenheit, then tell me the current temperature " \
               "in {city}."
    phrasings = ("Set Weather to show °F, and tell me how warm it is in {city} right now.",
                 "Change the Weather app's unit to Fahrenheit, then read me {city}'s current "
                 "temperature.")
    difficulty = 3
    objective = "hybrid"
    tags = ("settings", "dialog")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        temps = _over_episode(self, initial, lambda ms: data.degrees(
            data.current(self.place, ms).temp, "F"))
        return [C.equals("apps.weather.unit", "F"), answer_any(temps, unit="°F")]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield O.tap(device, id="settings")
        yield O.tap(device, id="temp_unit")
        yield O.tap(device, id="unit_dialog:F")
        yield A.back()
        yield from open_city_named(device, self.params.city)
        yield A.answer(_number(_shown(device, "current_temp")))


class WindUnit(_WeatherTask):
    """Change the wind speed unit in the app's settings."""

    name = "wind_unit"
    template = "Show wind speeds in {unit} in the Weather app."
    phrasings = ("Change the Weather app's wind speed unit to {unit}.",
                 "I'd like Weather to give wind speeds in {unit}.")
    objective = "operate"
    elsewhere = True
    tags = ("settings", "dialog")

    @dataclass(frozen=True)
    class Params:
        unit: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, [u for u in data.WIND_UNITS
                                      if u != _store(device)["wind_unit"]]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.unit not in data.WIND_UNITS or params.unit == _store(device)["wind_unit"]:
            raise ValueError(f"unit must be another of {data.WIND_UNITS}, got {params.unit!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals("apps.weather.wind_unit", self.params.unit)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "weather")
        yield O.tap(device, id="settings")
        yield O.tap(device, id="wind_unit")
        yield O.tap(device, id=f"wind_dialog:{self.params.unit}")


# --------------------------------------------------------------------------- cities
class AddCity(_WeatherTask):
    """Add a city by searching the city table (look-alike names are decoys)."""

    name = "add_city"
    template = "Add {city} to my saved cities in the Weather app."
    phrasings = ("Save {city} as a city in Weather.",
                 "I want to follow the weather in {city}: add it to my Weather cities.")
    objective = "operate"
    elsewhere = True
    tags = ("search", "typing")
    Params = _CityParams

    @classmethod
    def candidates(cls, device: Device) -> list[str]:
        taken = {c["key"] for c in _store(device)["cities"]} | {_here(device)}
        return [c.key for c in data.CITIES if c.key not in taken]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        key = _pick(rng, cls.candidates(device))
        return cls.Params(key, data.city(key).name)

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        if params.key not in cls.candidates(device):
            raise ValueError(f"{params.key!r} is saved already, the current location or unknown")
        if data.city(params.key).name != params.city:
            raise ValueError(f"city {params.key!r} is {data.city(params.key).name!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(CITIES, {"key": self.params.key})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from city_list(device)
        yield from add_city_named(device, self.params.city)


class AddCityTemperature(AddCity):
    """Add a city, then report its temperature now."""

    name = "add_city_temperature"
    template = "Add {city} to my Weather cities and tell me the temperature there right now."
    phrasings = ("Save {city} in Weather, then tell me its current temperature.",
                 "Put {city} on my list of Weather cities and read me how warm it is there now.")
    difficulty = 3
    objective = "hybrid"
    elsewhere = False

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        unit = initial["apps"]["weather"]["unit"]
        temps = _over_episode(self, initial, lambda ms: data.degrees(
            data.current(data.city(self.params.key), ms).temp, unit))
        return [*super().checks(initial), answer_any(temps, unit=degrees_unit(initial))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from super().oracle(device)
        row = yield from O.scroll_to(device, where=_city_row(self.params.city))
        yield O.tap(device, row)
        yield A.answer(_number(_shown(device, "current_temp")))


class SavedCount(_WeatherTask):
    """Count the saved cities (more are saved per seed; the current location is not one)."""

    name = "saved_count"
    template = "How many cities have I saved in the Weather app, not counting my current " \
               "location?"
    phrasings = ("Count my saved cities in Weather (leave out the current location).",
                 "Apart from my current location, how many cities does my Weather app list?")
    tags = ("counting", "scroll")
    elsewhere = True

    @dataclass(frozen=True)
    class Params:
        extra: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        free = AddCity.candidates(device)
        room = model.MAX_CITIES - len(_store(device)["cities"])
        return cls.Params(tuple(_pick(rng, free, int(rng.integers(0, min(room, 10) + 1)))))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        free = AddCity.candidates(device)
        if len(set(params.extra)) != len(params.extra) or not set(params.extra) <= set(free):
            raise ValueError("extra cities must be distinct, unsaved cities of the table")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for key in self.params.extra:
            model.add_city(_store(device), key)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(_saved(initial)))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from city_list(device)
        seen: set[str] = set()
        while True:  # rows are read as they scroll into view, until a scroll shows no new one
            shown = {n["id"] for n in O.find_all(device, where=lambda n: (
                n["id"] or "").startswith("city_more:"))}
            if seen and shown <= seen:
                break
            seen |= shown
            yield O.scroll_down()
        yield A.answer(str(len(seen)))


class ReplaceCity(_SavedCityTask):
    """Swap one saved city for another (a removal and a search)."""

    name = "replace_city"
    template = "In the Weather app, replace {city} with {new_city} in my saved cities."
    phrasings = ("Swap {city} for {new_city} in my Weather cities.",
                 "Take {city} off my saved Weather cities and add {new_city} instead.")
    difficulty = 2
    objective = "operate"
    tags = ("search", "typing", "dialog", "multi_step")

    @dataclass(frozen=True)
    class Params(_CityParams):
        new_key: str
        new_city: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, key: str) -> dict[str, Any]:
        new = _pick(rng, [k for k in AddCity.candidates(device) if k != key])
        return {"new_key": new, "new_city": data.city(new).name}

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        if params.new_key not in AddCity.candidates(device) or params.new_key == params.key or \
                data.city(params.new_key).name != params.new_city:
            raise ValueError(f"{params.new_key!r} is not an unsaved city named "
                             f"{params.new_city!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        rec = next(c for c in _saved(initial) if c["key"] == self.params.key)
        return [C.deleted(CITIES, id=rec["id"]), C.created(CITIES, {"key": self.params.new_key})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from city_list(device)
        yield from remove_city_named(device, self.params.city)
        yield from add_city_named(device, self.params.new_city)


class RemoveCity(_SavedCityTask):
    """Remove a saved city (its row's menu)."""

    name = "remove_city"
    template = "Remove {city} from my saved cities in the Weather app."
    phrasings = ("Delete {city} from my Weather cities.",
                 "I no longer need {city} in the Weather app: remove it from my cities.")
    objective = "operate"
    elsewhere = True
    tags = ("menu",)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        rec = next(c for c in _saved(initial) if c["key"] == self.params.key)
        return [C.deleted(CITIES, id=rec["id"])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from city_list(device)
        yield from remove_city_named(device, self.params.city)


# --------------------------------------------------------------------------- with Messages
class TextHigh(_SavedCityTask):
    """Text a contact today's high in a saved city."""

    name = "text_high"
    template = "Text {name} today's high temperature in {city}."
    phrasings = ("Send {name} a message with the forecast high for {city} today.",
                 "Let {name} know by text how warm it gets in {city} today (the high).")
    difficulty = 3
    objective = "hybrid"
    apps = ("weather", "messages")
    tags = ("cross_app", "typing", "memory")

    @dataclass(frozen=True)
    class Params(_CityParams):
        contact_id: int
        name: str

    @classmethod
    def more(cls, rng: np.random.Generator, device: Device, key: str) -> dict[str, Any]:
        c = _pick(rng, [c for c in contacts.contacts(device) if c["phone"]])
        return {"contact_id": c["id"], "name": c["name"]}

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        super().validate_params(params, device)
        c = contacts.contact(device, params.contact_id)
        if c["name"] != params.name or not c["phone"]:
            raise ValueError(f"contact {params.contact_id} is not {params.name!r} with a number")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        unit = initial["apps"]["weather"]["unit"]
        phone = next(c["phone"] for c in initial["os"]["providers"]["contacts"]
                     if c["id"] == self.params.contact_id)
        highs = _over_episode(self, initial, lambda ms: data.degrees(
            today(self.place, ms).high, unit))
        return [messages.sent(C.digits_like(phone), C.number_like(highs, unit=f"°{unit}")),
                messages.READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_city_named(device, self.params.city)
        high = _number(_shown(device, "high_low"))
        yield from messages.compose(device, self.params.name,
                                    f"The high in {self.params.city} today is {high}°")

