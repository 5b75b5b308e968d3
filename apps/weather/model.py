"""Weather's store operations, shared by the screens and the tasks' setup."""

from __future__ import annotations

from typing import Any

from .data import BY_KEY, BY_NAME, TEMP_UNITS, WIND_UNITS, City

MAX_CITIES = 20


def saved(store: dict[str, Any], key: str) -> dict[str, Any] | None:
    return next((c for c in store["cities"] if c["key"] == key), None)


def add_city(store: dict[str, Any], key: str) -> dict[str, Any]:
    """Saves city ``key`` at the end of the list; ValueError (the message a toast shows) if it
    is unknown, already saved or the list is full."""
    if key not in BY_KEY:
        raise ValueError("Unknown city")
    name = BY_KEY[key].name
    if saved(store, key) is not None:
        raise ValueError(f"{name} is already in your list")
    if len(store["cities"]) >= MAX_CITIES:
        raise ValueError(f"You can save up to {MAX_CITIES} cities")
    rec = {"id": store["next_id"], "key": key, "name": name}
    store["next_id"] += 1
    store["cities"].append(rec)
    return rec


def remove_city(store: dict[str, Any], city_id: int) -> dict[str, Any] | None:
    """Removes the saved city ``city_id``; returns it (None if there was none)."""
    rec = next((c for c in store["cities"] if c["id"] == city_id), None)
    if rec is not None:
        store["cities"].remove(rec)
    return rec


def set_unit(store: dict[str, Any], unit: str) -> None:
    if unit not in TEMP_UNITS:
        raise ValueError(f"unit must be one of {TEMP_UNITS}, got {unit!r}")
    store["unit"] = unit


def set_wind_unit(store: dict[str, Any], unit: str) -> None:
    if unit not in WIND_UNITS:
        raise ValueError(f"wind unit must be one of {WIND_UNITS}, got {unit!r}")
    store["wind_unit"] = unit


def located(kernel: Any) -> City | None:
    """The city the location service puts the phone in (None: location off, or a place
    outside the city table)."""
    fix = kernel.location.current()
    return BY_NAME.get(fix["city"]) if fix and fix.get("city") else None
