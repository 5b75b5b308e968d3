"""Weather's world: a fixed table of cities and their weather, generated from (city, date).

Nothing here is random: every number is a function of the city's climate (mean temperature,
seasonal swing, day-night range, how wet each season is...), the date, and a stable hash of
(city, date, what), so the same city on the same date always has the same weather, on every
device and in every process. Tasks compute their expected answers with these same public
functions. Temperatures are °C floats; the screens round them in the chosen unit.

Each city has its own time zone (standard time, no daylight saving): its "today" and its
hours are local to it, as a weather app shows them.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import math
import unicodedata
from dataclasses import dataclass

DAY_MS = 86_400_000


@dataclass(frozen=True)
class City:
    """A city and its climate (°C, km/h, fractions)."""

    key: str
    name: str
    country: str
    lat: float
    lon: float
    tz: float  # hours from UTC
    mean: float  # annual mean temperature
    swing: float  # half the summer-winter difference of the daily mean
    spread: float  # the day-night range
    wet: float  # the chance of a rainy day, on average
    wet_season: str  # "summer", "winter" or "" (all year)
    humid: int  # the typical relative humidity, %
    wind: float  # the typical wind, km/h

    @property
    def label(self) -> str:
        return f"{self.name}, {self.country}"


_C = City
CITIES: tuple[City, ...] = (
    _C("san_francisco", "San Francisco", "United States", 37.77, -122.42, -8, 14.5, 3.5, 8,
       0.18, "winter", 72, 16),
    _C("san_diego", "San Diego", "United States", 32.72, -117.16, -8, 18, 4, 8, 0.08,
       "winter", 68, 10),
    _C("san_jose", "San Jose", "United States", 37.34, -121.89, -8, 16, 5.5, 13, 0.12,
       "winter", 62, 9),
    _C("los_angeles", "Los Angeles", "United States", 34.05, -118.24, -8, 18.5, 4.5, 10,
       0.07, "winter", 62, 9),
    _C("new_york", "New York", "United States", 40.71, -74.01, -5, 13, 12, 8, 0.3, "",
       63, 17),
    _C("chicago", "Chicago", "United States", 41.88, -87.63, -6, 10.5, 14, 9, 0.3, "summer",
       67, 19),
    _C("miami", "Miami", "United States", 25.76, -80.19, -5, 25.5, 4, 7, 0.35, "summer", 74,
       15),
    _C("toronto", "Toronto", "Canada", 43.65, -79.38, -5, 8.5, 14, 9, 0.3, "", 70, 17),
    _C("vancouver", "Vancouver", "Canada", 49.28, -123.12, -8, 11, 7.5, 7, 0.42, "winter", 78,
       12),
    _C("mexico_city", "Mexico City", "Mexico", 19.43, -99.13, -6, 17, 3, 14, 0.3, "summer",
       55, 9),
    _C("sao_paulo", "São Paulo", "Brazil", -23.55, -46.63, -3, 20, 3.5, 9, 0.35, "summer", 78,
       11),
    _C("buenos_aires", "Buenos Aires", "Argentina", -34.6, -58.38, -3, 18, 6.5, 9, 0.22, "",
       72, 14),
    _C("santiago", "Santiago", "Chile", -33.45, -70.67, -4, 15, 6.5, 15, 0.1, "winter", 60,
       10),
    _C("london", "London", "United Kingdom", 51.51, -0.13, 0, 11.5, 7, 7, 0.4, "", 78, 17),
    _C("paris", "Paris", "France", 48.86, 2.35, 1, 12.5, 8, 8, 0.35, "", 74, 14),
    _C("berlin", "Berlin", "Germany", 52.52, 13.4, 1, 10, 9.5, 8, 0.33, "summer", 75, 15),
    _C("madrid", "Madrid", "Spain", 40.42, -3.7, 1, 15, 10, 12, 0.15, "winter", 57, 11),
    _C("lisbon", "Lisbon", "Portugal", 38.72, -9.14, 0, 17.5, 6, 8, 0.22, "winter", 70, 16),
    _C("rome", "Rome", "Italy", 41.9, 12.5, 1, 15.5, 8.5, 10, 0.2, "winter", 72, 12),
    _C("stockholm", "Stockholm", "Sweden", 59.33, 18.07, 1, 7.5, 10, 6, 0.33, "summer", 77,
       14),
    _C("reykjavik", "Reykjavik", "Iceland", 64.15, -21.94, 0, 5, 5.5, 4, 0.5, "winter", 79,
       24),
    _C("moscow", "Moscow", "Russia", 55.76, 37.62, 3, 6, 14, 7, 0.35, "summer", 76, 13),
    _C("cairo", "Cairo", "Egypt", 30.04, 31.24, 2, 22.5, 7.5, 12, 0.02, "winter", 52, 13),
    _C("nairobi", "Nairobi", "Kenya", -1.29, 36.82, 3, 19, 1.5, 11, 0.3, "", 68, 14),
    _C("cape_town", "Cape Town", "South Africa", -33.92, 18.42, 2, 17, 5, 9, 0.22, "winter",
       72, 20),
    _C("dubai", "Dubai", "United Arab Emirates", 25.2, 55.27, 4, 28.5, 7.5, 9, 0.03,
       "winter", 58, 14),
    _C("mumbai", "Mumbai", "India", 19.08, 72.88, 5.5, 27.5, 2.5, 7, 0.3, "summer", 75, 12),
    _C("delhi", "Delhi", "India", 28.61, 77.21, 5.5, 25, 9, 12, 0.15, "summer", 60, 9),
    _C("singapore", "Singapore", "Singapore", 1.35, 103.82, 8, 27.5, 0.8, 7, 0.45, "", 83,
       10),
    _C("bangkok", "Bangkok", "Thailand", 13.76, 100.5, 7, 29, 2, 8, 0.35, "summer", 74, 10),
    _C("hong_kong", "Hong Kong", "China", 22.32, 114.17, 8, 23.5, 5.5, 5, 0.33, "summer", 78,
       15),
    _C("shanghai", "Shanghai", "China", 31.23, 121.47, 8, 17, 11, 7, 0.33, "summer", 74, 14),
    _C("beijing", "Beijing", "China", 39.9, 116.41, 8, 13, 15, 11, 0.2, "summer", 55, 12),
    _C("seoul", "Seoul", "South Korea", 37.57, 126.98, 9, 12.5, 14, 9, 0.25, "summer", 64,
       11),
    _C("tokyo", "Tokyo", "Japan", 35.68, 139.69, 9, 16, 10, 8, 0.3, "summer", 66, 13),
    _C("sydney", "Sydney", "Australia", -33.87, 151.21, 10, 18, 5, 8, 0.3, "", 68, 17),
    _C("melbourne", "Melbourne", "Australia", -37.81, 144.96, 10, 15, 5.5, 10, 0.3, "", 66,
       18),
    _C("auckland", "Auckland", "New Zealand", -36.85, 174.76, 12, 15.5, 4.5, 7, 0.38,
       "winter", 78, 18),
)
BY_KEY = {c.key: c for c in CITIES}
BY_NAME = {c.name: c for c in CITIES}

RAINY = ("Rain", "Showers", "Thunderstorms")
CONDITIONS = ("Sunny", "Mostly sunny", "Partly cloudy", "Cloudy", "Fog", *RAINY, "Snow")
ICONS = {"Sunny": "sunny", "Mostly sunny": "partly_cloudy_day",
         "Partly cloudy": "partly_cloudy_day", "Cloudy": "cloud", "Fog": "foggy",
         "Rain": "rainy", "Showers": "rainy", "Thunderstorms": "thunderstorm",
         "Snow": "weather_snowy"}
NIGHT_ICONS = {"Sunny": "clear_night", "Mostly sunny": "partly_cloudy_night",
               "Partly cloudy": "partly_cloudy_night"}
NIGHT_NAMES = {"Sunny": "Clear", "Mostly sunny": "Mostly clear"}


def city(key: str) -> City:
    """The city ``key`` (KeyError naming it if unknown)."""
    if key not in BY_KEY:
        raise KeyError(f"unknown city {key!r}")
    return BY_KEY[key]


def plain(text: str) -> str:
    """``text`` without accents, folded for matching (``"São Paulo"`` -> ``"sao paulo"``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def search(query: str) -> list[City]:
    """Cities whose name (or country) starts a word with ``query`` (accents optional),
    names first."""
    q = plain(query.strip())
    if not q:
        return []
    by_name = [c for c in CITIES if any(w.startswith(q) for w in [plain(c.name)] +
                                        plain(c.name).split())]
    by_country = [c for c in CITIES if c not in by_name and plain(c.country).startswith(q)]
    return sorted(by_name, key=lambda c: c.name) + sorted(by_country, key=lambda c: c.name)


# --------------------------------------------------------------------------- hashing
def _unit(*parts: object) -> float:
    """A stable number in [0, 1) from the parts (blake2b; never Python's salted hash)."""
    digest = hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2 ** 64


# --------------------------------------------------------------------------- days
def local_now(c: City, now_ms: int) -> datetime.datetime:
    """The city's local time (naive) at the virtual instant ``now_ms``."""
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=now_ms,
                                                              hours=c.tz)


def _season(c: City, day: datetime.date) -> float:
    """+1 at the height of the city's summer, -1 in the depth of its winter."""
    t = math.cos(2 * math.pi * (_yday(day) - 200) / 365.25)
    return t if c.lat >= 0 else -t


def _declination(day: datetime.date) -> float:
    return 23.44 * math.sin(2 * math.pi * (_yday(day) - 81) / 365.25)


def _yday(day: datetime.date) -> int:
    return day.toordinal() - datetime.date(day.year, 1, 1).toordinal() + 1


@dataclass(frozen=True)
class Day:
    """One day's forecast for a city (°C, %, km/h; times are local ``(hour, minute)``)."""

    date: datetime.date
    high: float
    low: float
    condition: str
    precip: int  # chance of precipitation, %
    humidity: int
    wind: int
    uv: int
    sunrise: tuple[int, int]
    sunset: tuple[int, int]

    @property
    def rainy(self) -> bool:
        """Rain is expected (rain, showers or storms)."""
        return self.condition in RAINY


@functools.lru_cache(maxsize=8192)  # a page asks for the same few days many times
def day(c: City, date: datetime.date) -> Day:
    """The forecast of city ``c`` on ``date`` (its local date)."""
    season = _season(c, date)
    base = c.mean + c.swing * season + (_unit(c.key, date, "temp") - 0.5) * 7
    wet = c.wet
    if c.wet_season:
        wet *= 1 + 0.6 * (season if c.wet_season == "summer" else -season)
    rain = _unit(c.key, date, "rain") < wet
    sky = _unit(c.key, date, "sky")
    spread = c.spread * (0.6 if rain else 0.8 + 0.4 * sky)
    high = base + spread / 2 - (1.5 if rain else 0)
    low = base - spread / 2
    if rain:
        kind = _unit(c.key, date, "kind")
        condition = "Snow" if high < 1.5 else "Thunderstorms" if high > 22 and kind < 0.35 \
            else "Showers" if kind < 0.6 else "Rain"
        precip = 60 + int(_unit(c.key, date, "precip") * 36)
    else:
        condition = "Sunny" if sky < 0.3 else "Mostly sunny" if sky < 0.5 else \
            "Partly cloudy" if sky < 0.72 else "Cloudy" if sky < 0.93 or c.humid < 70 \
            else "Fog"
        precip = int(_unit(c.key, date, "precip") * (25 if sky > 0.72 else 12))
    cloud = {"Sunny": 1.0, "Mostly sunny": 0.9, "Partly cloudy": 0.75}.get(condition, 0.45)
    humidity = c.humid + (12 if rain else -6 * (1 - sky)) + (_unit(c.key, date, "hum") - 0.5) \
        * 16
    wind = c.wind * (0.55 + _unit(c.key, date, "wind") * (1.1 if rain else 0.8))
    decl = _declination(date)
    elevation = math.radians(max(0.0, 90 - abs(c.lat - decl)))
    uv = round(12 * math.sin(elevation) ** 2.4 * cloud)
    rise, set_ = _sun(c, date, decl)
    return Day(date, round(high, 1), round(low, 1), condition, precip,
               int(min(100, max(15, round(humidity)))), round(wind), uv, rise, set_)


def _sun(c: City, date: datetime.date, decl: float) -> tuple[tuple[int, int], tuple[int, int]]:
    """Sunrise and sunset, local standard time (the sunrise equation, no refraction
    tables: minutes off at most, which a believable forecast allows)."""
    lat, d = math.radians(c.lat), math.radians(decl)
    cos_h = -math.tan(lat) * math.tan(d) - 0.0145 / (math.cos(lat) * math.cos(d))
    half = math.degrees(math.acos(max(-1.0, min(1.0, cos_h)))) / 15  # hours
    noon = 12 + c.tz - c.lon / 15
    return _hm(noon - half), _hm(noon + half)


def _hm(hours: float) -> tuple[int, int]:
    minutes = round(hours * 60) % 1440
    return minutes // 60, minutes % 60


def forecast(c: City, start: datetime.date, days: int = 10) -> list[Day]:
    """``days`` days from ``start``."""
    return [day(c, start + datetime.timedelta(days=i)) for i in range(days)]


# --------------------------------------------------------------------------- hours
def temp_at(c: City, when: datetime.datetime) -> float:
    """The temperature at a local hour: lowest near 05:00, highest near 15:00, easing from
    one day's high to the next day's low overnight."""
    h = when.hour + when.minute / 60
    today = day(c, when.date())
    if 5 <= h <= 15:
        return today.low + (today.high - today.low) * (1 - math.cos(math.pi * (h - 5) / 10)) / 2
    if h > 15:
        nxt = day(c, when.date() + datetime.timedelta(days=1))
        return today.high - (today.high - nxt.low) * (1 - math.cos(math.pi * (h - 15) / 14)) / 2
    prev = day(c, when.date() - datetime.timedelta(days=1))
    return prev.high - (prev.high - today.low) * (1 - math.cos(math.pi * (h + 9) / 14)) / 2


def is_night(d: Day, when: datetime.datetime) -> bool:
    minutes = when.hour * 60 + when.minute
    rise, set_ = d.sunrise[0] * 60 + d.sunrise[1], d.sunset[0] * 60 + d.sunset[1]
    if set_ < rise:  # a sunset after midnight (Reykjavik in June): night is in between
        return set_ <= minutes < rise
    return not rise <= minutes < set_


@dataclass(frozen=True)
class Now:
    """The conditions at an hour (what the big header shows)."""

    temp: float
    feels_like: float
    condition: str
    icon: str
    day: Day


def conditions(c: City, when: datetime.datetime) -> Now:
    """The city's conditions at local time ``when`` (the whole hour's)."""
    hour = when.replace(minute=0, second=0, microsecond=0)
    d = day(c, hour.date())
    temp = round(temp_at(c, hour), 1)
    feels = temp
    if temp < 12:
        feels -= d.wind / 8
    elif temp > 25:
        feels += (d.humidity - 40) / 8
    night = is_night(d, hour)
    name = NIGHT_NAMES.get(d.condition, d.condition) if night else d.condition
    glyph = NIGHT_ICONS.get(d.condition, ICONS[d.condition]) if night else ICONS[d.condition]
    return Now(temp, round(feels, 1), name, glyph, d)


def current(c: City, now_ms: int) -> Now:
    """The conditions in ``c`` now (the virtual clock's ``now_ms``)."""
    return conditions(c, local_now(c, now_ms))


# --------------------------------------------------------------------------- units
TEMP_UNITS = ("C", "F")
WIND_UNITS = ("km/h", "mph", "m/s")


def degrees(celsius: float, unit: str) -> int:
    """A temperature rounded in the unit the app shows (``"C"`` or ``"F"``)."""
    value = celsius * 9 / 5 + 32 if unit == "F" else celsius
    return int(math.floor(value + 0.5))


def wind_speed(kmh: float, unit: str) -> int:
    """A wind speed in the unit the app shows."""
    factor = {"km/h": 1.0, "mph": 0.621371, "m/s": 1 / 3.6}[unit]
    return int(math.floor(kmh * factor + 0.5))
