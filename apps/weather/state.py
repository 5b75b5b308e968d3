"""Weather's persisted store: the saved cities and the units.

``cities`` are ``{"id", "key", "name"}`` records in the order the list shows them (``key``
names a city of ``data.CITIES``); ``unit`` is ``"C"`` or ``"F"``, ``wind_unit`` one of
``data.WIND_UNITS``. The weather itself is not stored: it is a function of the city and the
virtual date (``data.py``), so the same state always shows the same forecast.
"""

from __future__ import annotations

from typing import Any

from .data import BY_KEY

DEFAULT_CITIES = ("new_york", "london", "paris", "tokyo", "sydney")


def initial_state() -> dict[str, Any]:
    """Factory data: five saved cities, °C and km/h."""
    cities = [{"id": i + 1, "key": key, "name": BY_KEY[key].name}
              for i, key in enumerate(DEFAULT_CITIES)]
    return {"cities": cities, "next_id": len(cities) + 1, "unit": "C", "wind_unit": "km/h"}
