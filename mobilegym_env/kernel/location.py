"""Simulated GPS (volatile, re-seeded from its preset on every boot)."""

from __future__ import annotations

import math
from typing import Any

LOCATION_PRESETS: dict[str, dict[str, Any]] = {
    "beijing": {"lat": 39.9042, "lon": 116.4074, "city": "Beijing", "accuracy_m": 15.0},
    "shanghai": {"lat": 31.2304, "lon": 121.4737, "city": "Shanghai", "accuracy_m": 15.0},
    "san_francisco": {
        "lat": 37.7749,
        "lon": -122.4194,
        "city": "San Francisco",
        "accuracy_m": 10.0,
    },
    "new_york": {"lat": 40.7128, "lon": -74.006, "city": "New York", "accuracy_m": 10.0},
    "london": {"lat": 51.5074, "lon": -0.1278, "city": "London", "accuracy_m": 12.0},
}

# Accuracy reported for hand-set coordinates (no preset to take it from).
DEFAULT_ACCURACY_M = 10.0


def _check_coord(name: str, value: Any, limit: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    if not -limit <= value <= limit:
        raise ValueError(f"{name} must be in [-{limit}, {limit}], got {value}")
    return float(value)


class LocationService:
    """Current simulated position.

    Args:
        preset: Key of :data:`LOCATION_PRESETS` to start at.
    """

    def __init__(self, preset: str = "san_francisco") -> None:
        self._enabled = True
        self._preset: str | None = None
        self._lat = self._lon = 0.0
        self._accuracy_m = DEFAULT_ACCURACY_M
        self._city: str | None = None
        self.set_preset(preset)

    def set_preset(self, name: str) -> None:
        """Jump to a preset city (KeyError naming it if unknown)."""
        if not isinstance(name, str) or name not in LOCATION_PRESETS:
            raise KeyError(
                f"unknown location preset {name!r}; expected one of {sorted(LOCATION_PRESETS)}"
            )
        p = LOCATION_PRESETS[name]
        self._preset = name
        self._lat, self._lon = p["lat"], p["lon"]
        self._accuracy_m, self._city = p["accuracy_m"], p["city"]

    def set_coords(self, lat: float, lon: float, accuracy_m: float = DEFAULT_ACCURACY_M) -> None:
        """Set arbitrary coordinates; the city becomes unknown (None)."""
        lat_v = _check_coord("lat", lat, 90.0)
        lon_v = _check_coord("lon", lon, 180.0)
        acc = _check_coord("accuracy_m", accuracy_m, 1e7)
        if acc < 0:
            raise ValueError(f"accuracy_m must be >= 0, got {accuracy_m}")
        self._preset, self._city = None, None
        self._lat, self._lon, self._accuracy_m = lat_v, lon_v, acc

    def set_enabled(self, enabled: bool) -> None:
        """Enable or disable fixes (disabled: :meth:`current` returns None)."""
        if not isinstance(enabled, bool):
            raise ValueError(f"enabled must be a bool, got {enabled!r}")
        self._enabled = enabled

    @property
    def enabled(self) -> bool:
        """Whether location fixes are available."""
        return self._enabled

    def current(self) -> dict[str, Any] | None:
        """Return ``{lat, lon, accuracy_m, city}``, or None while disabled."""
        if not self._enabled:
            return None
        return {
            "lat": self._lat,
            "lon": self._lon,
            "accuracy_m": self._accuracy_m,
            "city": self._city,
        }

    def state(self) -> dict[str, Any]:
        """Return a JSON-serializable snapshot."""
        return {
            "enabled": self._enabled,
            "preset": self._preset,
            "lat": self._lat,
            "lon": self._lon,
            "accuracy_m": self._accuracy_m,
            "city": self._city,
        }
