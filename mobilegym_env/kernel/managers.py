"""Write facades over :class:`OsState` that centralize range and cascade constraints.

Every setter validates its input before writing (bad input leaves the model untouched) and
returns the value actually stored (after clamping).
"""

from __future__ import annotations

import math
from typing import Any

from .os_state import OsState

VOLUME_STREAMS = ("media", "ring", "alarm")
VOLUME_MAX = 15
FONT_SCALE_MIN, FONT_SCALE_MAX = 0.85, 1.3


def _check_bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be a bool, got {value!r}")
    return value


def _check_number(name: str, value: Any) -> float:
    # bool is an int subclass, but True as a brightness is certainly a bug.
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        raise ValueError(f"{name} must be a number, got {value!r}")
    return value


def _clamp_int(name: str, value: Any, lo: int, hi: int) -> int:
    v = _check_number(name, value)
    return int(round(min(max(v, lo), hi)))


class ConnectivityManager:
    """Radios: Wi-Fi, Bluetooth, mobile data, airplane mode, hotspot, NFC, location."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_wifi(self, on: bool) -> bool:
        """Toggle Wi-Fi (allowed during airplane mode, as on Android).

        Turning Wi-Fi on reconnects to the current network if it is a saved one.
        """
        _check_bool("wifi", on)
        saved = {n["ssid"] for n in self._os.get("hardware.wifi.saved_networks")}
        self._os._set("settings.global.wifi_on", on)
        self._os._set("hardware.wifi.connected", on and self._os.get("hardware.wifi.ssid") in saved)
        return on

    def set_bluetooth(self, on: bool) -> bool:
        """Toggle Bluetooth; turning it off drops the connected device."""
        _check_bool("bluetooth", on)
        self._os._set("settings.global.bluetooth_on", on)
        if not on:
            self._os._set("hardware.bluetooth.connected", None)
        return on

    def set_mobile_data(self, on: bool) -> bool:
        """Toggle mobile data."""
        _check_bool("mobile_data", on)
        self._os._set("settings.global.mobile_data_on", on)
        return on

    def set_airplane_mode(self, on: bool) -> bool:
        """Toggle airplane mode.

        Turning it on cascades Wi-Fi, Bluetooth and mobile data off. Turning it off restores
        nothing: the user re-enables radios individually.
        """
        _check_bool("airplane_mode", on)
        self._os._set("settings.global.airplane_mode", on)
        if on:
            self.set_wifi(False)
            self.set_bluetooth(False)
            self.set_mobile_data(False)
        return on

    def set_hotspot(self, on: bool) -> bool:
        """Toggle the Wi-Fi hotspot."""
        _check_bool("hotspot", on)
        self._os._set("hardware.hotspot.on", on)
        return on

    def set_nfc(self, on: bool) -> bool:
        """Toggle NFC."""
        _check_bool("nfc", on)
        self._os._set("hardware.nfc_on", on)
        return on

    def set_location(self, on: bool) -> bool:
        """Toggle the system location setting."""
        _check_bool("location", on)
        self._os._set("settings.global.location_on", on)
        return on


class DisplayManager:
    """Brightness, theme and text size."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_brightness(self, value: float) -> int:
        """Set brightness, clamped to 0..100 and rounded to an int."""
        v = _clamp_int("brightness", value, 0, 100)
        self._os._set("settings.system.brightness", v)
        return v

    def set_auto_brightness(self, on: bool) -> bool:
        """Toggle adaptive brightness."""
        _check_bool("auto_brightness", on)
        self._os._set("settings.system.auto_brightness", on)
        return on

    def set_dark_mode(self, on: bool) -> bool:
        """Toggle the dark theme."""
        _check_bool("dark_mode", on)
        self._os._set("settings.system.dark_mode", on)
        return on

    def set_font_scale(self, value: float) -> float:
        """Set the font scale, clamped to 0.85..1.3."""
        v = float(min(max(_check_number("font_scale", value), FONT_SCALE_MIN), FONT_SCALE_MAX))
        self._os._set("settings.system.font_scale", v)
        return v

    def set_screen_timeout(self, seconds: int) -> int:
        """Set the screen timeout in whole seconds (> 0)."""
        if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds <= 0:
            raise ValueError(f"screen_timeout_s must be a positive int, got {seconds!r}")
        self._os._set("settings.system.screen_timeout_s", seconds)
        return seconds


class AudioManager:
    """Stream volumes and Do Not Disturb."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_volume(self, stream: str, value: float) -> int:
        """Set a stream volume (media/ring/alarm), clamped to 0..15."""
        if stream not in VOLUME_STREAMS:
            raise ValueError(f"unknown volume stream {stream!r}; expected one of {VOLUME_STREAMS}")
        v = _clamp_int(f"volume_{stream}", value, 0, VOLUME_MAX)
        self._os._set(f"settings.system.volume_{stream}", v)
        return v

    def set_do_not_disturb(self, on: bool) -> bool:
        """Toggle Do Not Disturb."""
        _check_bool("do_not_disturb", on)
        self._os._set("settings.system.do_not_disturb", on)
        return on


class BatteryManager:
    """Battery level, charging and power saving."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_power_save(self, on: bool) -> bool:
        """Toggle battery saver."""
        _check_bool("power_save", on)
        self._os._set("hardware.battery.power_save", on)
        return on

    def set_level(self, value: float) -> int:
        """Set the battery level, clamped to 0..100."""
        v = _clamp_int("battery_level", value, 0, 100)
        self._os._set("hardware.battery.level", v)
        return v

    def set_charging(self, on: bool) -> bool:
        """Set whether the charger is plugged in."""
        _check_bool("charging", on)
        self._os._set("hardware.battery.charging", on)
        return on


def set_language(os_state: OsState, language: str) -> str:
    """Set the system locale tag (e.g. ``"en-US"``, ``"zh-CN"``)."""
    if not isinstance(language, str) or not language:
        raise ValueError(f"language must be a non-empty str, got {language!r}")
    os_state._set("settings.global.language", language)
    return language


# Preference key -> (manager class, method name, leading args). Plain data keeps it picklable.
_PREFERENCE_ROUTES: dict[str, tuple[type, str, tuple[Any, ...]]] = {
    "wifi": (ConnectivityManager, "set_wifi", ()),
    "bluetooth": (ConnectivityManager, "set_bluetooth", ()),
    "mobile_data": (ConnectivityManager, "set_mobile_data", ()),
    "airplane_mode": (ConnectivityManager, "set_airplane_mode", ()),
    "hotspot": (ConnectivityManager, "set_hotspot", ()),
    "nfc": (ConnectivityManager, "set_nfc", ()),
    "location": (ConnectivityManager, "set_location", ()),
    "brightness": (DisplayManager, "set_brightness", ()),
    "auto_brightness": (DisplayManager, "set_auto_brightness", ()),
    "dark_mode": (DisplayManager, "set_dark_mode", ()),
    "font_scale": (DisplayManager, "set_font_scale", ()),
    "screen_timeout_s": (DisplayManager, "set_screen_timeout", ()),
    "volume_media": (AudioManager, "set_volume", ("media",)),
    "volume_ring": (AudioManager, "set_volume", ("ring",)),
    "volume_alarm": (AudioManager, "set_volume", ("alarm",)),
    "do_not_disturb": (AudioManager, "set_do_not_disturb", ()),
    "power_save": (BatteryManager, "set_power_save", ()),
    "battery_level": (BatteryManager, "set_level", ()),
    "charging": (BatteryManager, "set_charging", ()),
}

PREFERENCE_KEYS = tuple(sorted([*_PREFERENCE_ROUTES, "language"]))


def set_preference(os_state: OsState, key: str, value: Any) -> Any:
    """Route a preference key to the manager that owns its constraints.

    Args:
        os_state: The model to write.
        key: One of :data:`PREFERENCE_KEYS`.
        value: The requested value.

    Returns:
        The value actually stored (after clamping).

    Raises:
        KeyError: For an unknown key.
        ValueError: For a value the manager rejects.
    """
    if key == "language":
        return set_language(os_state, value)
    if not isinstance(key, str) or key not in _PREFERENCE_ROUTES:
        raise KeyError(f"unknown preference key {key!r}; expected one of {PREFERENCE_KEYS}")
    manager_cls, method, lead = _PREFERENCE_ROUTES[key]
    return getattr(manager_cls(os_state), method)(*lead, value)
