"""Write facades over :class:`OsState` that centralize range and cascade constraints.

Every setter validates its input before writing (bad input leaves the model untouched) and
returns the value actually stored (after clamping).
"""

from __future__ import annotations

import math
import zlib
from typing import Any

from . import broadcast as B
from .os_state import BLUETOOTH_NEARBY_PRESETS, OsState

VOLUME_STREAMS = ("media", "ring", "alarm", "call", "notification")
VOLUME_MAX = 15
FONT_SCALE_MIN, FONT_SCALE_MAX = 0.85, 1.3
NAME_MAX = 32  # device, Bluetooth and hotspot names (Android's SSID limit)
HOTSPOT_PASSWORD_LEN = (8, 63)  # WPA2-Personal passphrase bounds


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


def _check_name(name: str, value: Any, lo: int = 1, hi: int = NAME_MAX,
                strip: bool = True) -> str:
    """A user-typed name: a str, not blank, of ``lo..hi`` characters; returned stripped of
    surrounding spaces unless ``strip`` is False (a password's spaces count)."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty str, got {value!r}")
    value = value.strip() if strip else value
    if not lo <= len(value) <= hi:
        raise ValueError(f"{name} must be {lo} to {hi} characters long, got {len(value)}")
    return value


def _find(items: list[dict[str, Any]], record_id: Any, what: str) -> dict[str, Any]:
    for item in items:
        if item.get("id") == record_id:
            return item
    raise ValueError(f"no {what} {record_id!r}")


def _put(os_state: OsState, path: str, new: Any, action: str, /, **extras: Any) -> None:
    """Writes a value and, if it changed, announces ``action`` (with ``extras``)."""
    if os_state.get(path) != new:
        os_state._set(path, new)
        os_state.announce(action, **extras)


def lease_address(ssid: str) -> str:
    """The IP address a network's router hands this phone: fixed per network, so a run is
    reproducible (a stable checksum, not ``hash``, which varies between processes)."""
    h = zlib.crc32(ssid.encode())
    return f"192.168.{h % 200 + 1}.{h // 200 % 200 + 20}"


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
        _put(self._os, "settings.global.wifi_on", on, B.ACTION_WIFI_STATE_CHANGED, on=on)
        self._os._set("hardware.wifi.connected", on and self._os.get("hardware.wifi.ssid") in saved)
        return on

    def set_bluetooth(self, on: bool) -> bool:
        """Toggle Bluetooth; turning it off drops the connected device."""
        _check_bool("bluetooth", on)
        _put(self._os, "settings.global.bluetooth_on", on, B.ACTION_BLUETOOTH_STATE_CHANGED,
             on=on)
        if not on:
            self._set_connected_bluetooth(None)
        return on

    def _set_connected_bluetooth(self, device_id: str | None) -> None:
        _put(self._os, "hardware.bluetooth.connected", device_id,
             B.ACTION_BLUETOOTH_CONNECTION_CHANGED, device=device_id)

    def set_mobile_data(self, on: bool) -> bool:
        """Toggle mobile data."""
        _check_bool("mobile_data", on)
        _put(self._os, "settings.global.mobile_data_on", on, B.ACTION_MOBILE_DATA_CHANGED, on=on)
        return on

    def set_airplane_mode(self, on: bool) -> bool:
        """Toggle airplane mode.

        Turning it on cascades Wi-Fi, Bluetooth and mobile data off. Turning it off restores
        nothing: the user re-enables radios individually.
        """
        _check_bool("airplane_mode", on)
        _put(self._os, "settings.global.airplane_mode", on, B.ACTION_AIRPLANE_MODE_CHANGED, on=on)
        if on:
            self.set_wifi(False)
            self.set_bluetooth(False)
            self.set_mobile_data(False)
            self.set_hotspot(False)
        return on

    def set_hotspot(self, on: bool) -> bool:
        """Toggle the Wi-Fi hotspot."""
        _check_bool("hotspot", on)
        _put(self._os, "hardware.hotspot.on", on, B.ACTION_HOTSPOT_STATE_CHANGED, on=on)
        return on

    def set_hotspot_name(self, name: str) -> str:
        """Rename the hotspot (the network name other devices see): 1 to 32 characters."""
        name = _check_name("hotspot_name", name)
        self._os._set("hardware.hotspot.name", name)
        return name

    def set_hotspot_password(self, password: str) -> str:
        """Set the hotspot's WPA2 password: 8 to 63 characters."""
        password = _check_name("hotspot_password", password, *HOTSPOT_PASSWORD_LEN,
                               strip=False)
        self._os._set("hardware.hotspot.password", password)
        return password

    # ----- Wi-Fi networks
    def connect_wifi(self, ssid: str, password: str | None = None) -> bool:
        """Join a network in range.

        A saved network joins with its stored credentials and an open one needs none (it is
        saved on joining, as on Android); any other network needs its password, and joining
        saves it.

        Args:
            ssid: A network of ``hardware.wifi.nearby``.
            password: What the user typed, for a secured network that is not saved.

        Returns:
            True once connected; False if the password is missing or wrong (nothing changes).

        Raises:
            ValueError: Wi-Fi is off, or no such network is in range.
        """
        if not isinstance(ssid, str):
            raise ValueError(f"ssid must be a str, got {ssid!r}")
        if password is not None and not isinstance(password, str):
            raise ValueError(f"password must be a str or None, got {password!r}")
        if not self._os.get("settings.global.wifi_on"):
            raise ValueError("Wi-Fi is off: turn it on before joining a network")
        net = _find(self._os.get("hardware.wifi.nearby"), ssid, "Wi-Fi network in range")
        saved = self._os.get("hardware.wifi.saved_networks")
        if not any(n["id"] == ssid for n in saved):
            if net["security"] != "open" and password != net["password"]:
                return False
            saved.append({"id": ssid, "ssid": ssid, "security": net["security"],
                          "password": net["password"]})
            self._os._set("hardware.wifi.saved_networks", saved)
        self._os._set("hardware.wifi.ssid", ssid)
        self._os._set("hardware.wifi.signal", net["signal"])
        self._os._set("hardware.wifi.connected", True)
        self._os._set("hardware.wifi.ip_address", lease_address(ssid))
        return True

    def disconnect_wifi(self) -> None:
        """Drop the current network; it stays saved (turning Wi-Fi on again rejoins it)."""
        self._os._set("hardware.wifi.connected", False)

    def forget_wifi(self, ssid: str) -> None:
        """Delete a saved network; forgetting the current one disconnects from it.

        Raises:
            ValueError: The network is not saved.
        """
        saved = self._os.get("hardware.wifi.saved_networks")
        net = _find(saved, ssid, "saved Wi-Fi network")
        saved.remove(net)
        self._os._set("hardware.wifi.saved_networks", saved)
        if self._os.get("hardware.wifi.ssid") == ssid:
            self._os._set("hardware.wifi.connected", False)
            self._os._set("hardware.wifi.ssid", "")

    # ----- Bluetooth devices
    def connect_bluetooth(self, device_id: str) -> None:
        """Connect a paired device (by address), turning Bluetooth on first if it is off, as
        tapping a previously connected device does. One device is connected at a time.

        Raises:
            ValueError: No paired device has that address.
        """
        _find(self._os.get("hardware.bluetooth.paired_devices"), device_id, "paired device")
        if not self._os.get("settings.global.bluetooth_on"):
            self.set_bluetooth(True)
        self._set_connected_bluetooth(device_id)

    def disconnect_bluetooth(self) -> None:
        """Disconnect the connected device (if any); it stays paired."""
        self._set_connected_bluetooth(None)

    def forget_bluetooth(self, device_id: str) -> None:
        """Unpair a device (by address); forgetting the connected one disconnects it.

        Raises:
            ValueError: No paired device has that address.
        """
        paired = self._os.get("hardware.bluetooth.paired_devices")
        dev = _find(paired, device_id, "paired device")
        paired.remove(dev)
        self._os._set("hardware.bluetooth.paired_devices", paired)
        if self._os.get("hardware.bluetooth.connected") in (dev["address"], dev["name"]):
            self._set_connected_bluetooth(None)

    def rename_bluetooth(self, device_id: str, name: str) -> str:
        """Rename a paired device (1 to 32 characters); returns the stored name.

        Raises:
            ValueError: Unknown address or a bad name.
        """
        name = _check_name("device name", name)
        paired = self._os.get("hardware.bluetooth.paired_devices")
        dev = _find(paired, device_id, "paired device")
        if self._os.get("hardware.bluetooth.connected") == dev["name"]:
            self._os._set("hardware.bluetooth.connected", dev["address"])  # keep it connected
        dev["name"] = name
        self._os._set("hardware.bluetooth.paired_devices", paired)
        return name

    def pair_bluetooth(self, device_id: str) -> None:
        """Pair a discoverable device (by address) and connect it, turning Bluetooth on first
        if it is off (as opening "Pair new device" does).

        Raises:
            ValueError: No discoverable device has that address.
        """
        nearby = self._os.get("hardware.bluetooth.nearby")
        dev = _find(nearby, device_id, "discoverable device")
        if not self._os.get("settings.global.bluetooth_on"):
            self.set_bluetooth(True)
        nearby.remove(dev)
        paired = self._os.get("hardware.bluetooth.paired_devices")
        self._os._set("hardware.bluetooth.nearby", nearby)
        self._os._set("hardware.bluetooth.paired_devices", [*paired, dev])
        self._set_connected_bluetooth(device_id)

    def set_bluetooth_nearby(self, preset: str) -> list[str]:
        """Put the phone somewhere else: the discoverable devices become those of a preset of
        :data:`~.os_state.BLUETOOTH_NEARBY_PRESETS` (``"home"``, ``"office"``, ``"car"``,
        ``"cafe"``, ``"none"``), minus the ones already paired (task setup, or the
        ``hardware`` config section). Returns the addresses now discoverable.

        Raises:
            ValueError: An unknown preset.
        """
        if preset not in BLUETOOTH_NEARBY_PRESETS:
            raise ValueError(f"unknown Bluetooth preset {preset!r}; expected one of "
                             f"{tuple(BLUETOOTH_NEARBY_PRESETS)}")
        paired = {d["address"] for d in self._os.get("hardware.bluetooth.paired_devices")}
        nearby = [dict(d) for d in BLUETOOTH_NEARBY_PRESETS[preset] if d["address"] not in paired]
        self._os._set("hardware.bluetooth.nearby", nearby)
        return [d["address"] for d in nearby]

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
        _put(self._os, "settings.system.brightness", v, B.ACTION_CONFIGURATION_CHANGED,
             key="brightness", value=v)
        return v

    def set_auto_brightness(self, on: bool) -> bool:
        """Toggle adaptive brightness."""
        _check_bool("auto_brightness", on)
        self._os._set("settings.system.auto_brightness", on)
        return on

    def set_dark_mode(self, on: bool) -> bool:
        """Toggle the dark theme."""
        _check_bool("dark_mode", on)
        _put(self._os, "settings.system.dark_mode", on, B.ACTION_CONFIGURATION_CHANGED,
             key="dark_mode", value=on)
        return on

    def set_font_scale(self, value: float) -> float:
        """Set the font scale, clamped to 0.85..1.3."""
        v = float(min(max(_check_number("font_scale", value), FONT_SCALE_MIN), FONT_SCALE_MAX))
        _put(self._os, "settings.system.font_scale", v, B.ACTION_CONFIGURATION_CHANGED,
             key="font_scale", value=v)
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
        """Set a stream volume (one of :data:`VOLUME_STREAMS`), clamped to 0..15."""
        if stream not in VOLUME_STREAMS:
            raise ValueError(f"unknown volume stream {stream!r}; expected one of {VOLUME_STREAMS}")
        v = _clamp_int(f"volume_{stream}", value, 0, VOLUME_MAX)
        _put(self._os, f"settings.system.volume_{stream}", v, B.ACTION_VOLUME_CHANGED,
             stream=stream, value=v)
        return v

    def set_do_not_disturb(self, on: bool) -> bool:
        """Toggle Do Not Disturb."""
        _check_bool("do_not_disturb", on)
        _put(self._os, "settings.system.do_not_disturb", on,
             B.ACTION_INTERRUPTION_FILTER_CHANGED, do_not_disturb=on)
        return on


class BatteryManager:
    """Battery level, charging and power saving."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_power_save(self, on: bool) -> bool:
        """Toggle battery saver."""
        _check_bool("power_save", on)
        _put(self._os, "hardware.battery.power_save", on, B.ACTION_POWER_SAVE_MODE_CHANGED, on=on)
        return on

    def set_level(self, value: float) -> int:
        """Set the battery level, clamped to 0..100."""
        v = _clamp_int("battery_level", value, 0, 100)
        _put(self._os, "hardware.battery.level", v, B.ACTION_BATTERY_CHANGED, level=v,
             charging=self._os.get("hardware.battery.charging"))
        return v

    def set_usage(self, app_id: str, percent: float) -> int:
        """Set an app's share of battery use since the last full charge (task setup); 0
        removes the app from the list.

        Raises:
            ValueError: A bad app id or percentage.
        """
        if not isinstance(app_id, str) or not app_id:
            raise ValueError(f"app_id must be a non-empty str, got {app_id!r}")
        pct = _clamp_int("battery usage", percent, 0, 100)
        usage = [u for u in self._os.get("hardware.battery.usage") if u["id"] != app_id]
        if pct:
            usage.append({"id": app_id, "percent": pct})
        usage.sort(key=lambda u: (-u["percent"], u["id"]))
        self._os._set("hardware.battery.usage", usage)
        return pct

    def set_charging(self, on: bool) -> bool:
        """Set whether the charger is plugged in."""
        _check_bool("charging", on)
        _put(self._os, "hardware.battery.charging", on, B.ACTION_BATTERY_CHANGED,
             level=self._os.get("hardware.battery.level"), charging=on)
        return on


class DeviceManager:
    """The device's own name (shown in About phone, to Bluetooth peers and as the hotspot's
    default name)."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_device_name(self, name: str) -> str:
        """Rename the device: 1 to 32 characters, surrounding spaces dropped."""
        name = _check_name("device_name", name)
        self._os._set("settings.global.device_name", name)
        return name

    def set_build_info(self, field: str, value: str) -> str:
        """Set one field of ``hardware.build`` (Android version, build number...: task setup).

        Raises:
            ValueError: An unknown field or a value that is not a non-empty str.
        """
        build = self._os.get("hardware.build")
        if field not in build:
            raise ValueError(f"unknown build field {field!r}; expected one of {tuple(build)}")
        value = _check_name(f"build {field}", value, hi=64)
        self._os._set(("hardware", "build", field), value)
        return value


class HardwareManager:
    """The hardware flags: VPN, a wired headset, a ringing alarm (task setup, the quick
    settings and the ``hardware`` config section set them)."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_vpn(self, on: bool) -> bool:
        """Bring the VPN tunnel up or down (the status bar shows a key while it is up)."""
        _check_bool("vpn", on)
        _put(self._os, "hardware.vpn_on", on, B.ACTION_VPN_STATE_CHANGED, on=on)
        return on

    def set_headset(self, plugged: bool) -> bool:
        """Plug a wired headset in or out. Unplugging also announces "audio becoming noisy",
        which pauses media playback (as on Android)."""
        _check_bool("headset", plugged)
        was = self._os.get("hardware.headset_plugged")
        _put(self._os, "hardware.headset_plugged", plugged, B.ACTION_HEADSET_PLUG,
             plugged=plugged)
        if was and not plugged:
            self._os.announce(B.ACTION_AUDIO_BECOMING_NOISY)
        return plugged

    def set_alarm_active(self, on: bool) -> bool:
        """An alarm starts (or stops) ringing."""
        _check_bool("alarm_active", on)
        _put(self._os, "hardware.alarm_active", on, B.ACTION_ALARM_STATE_CHANGED, active=on)
        return on


class NotificationManager:
    """Per-app notification switches (``settings.app_notifications``: absent means on)."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def app_notifications(self, app_id: str) -> bool:
        """Whether ``app_id`` may post notifications."""
        return self._os.get("settings.app_notifications").get(app_id, True) is not False

    def set_app_notifications(self, app_id: str, on: bool) -> bool:
        """Allow or block an app's notifications.

        Only blocked apps are stored, so turning one back on restores the default state
        exactly rather than leaving a ``True`` behind.
        """
        if not isinstance(app_id, str) or not app_id:
            raise ValueError(f"app_id must be a non-empty str, got {app_id!r}")
        _check_bool("app notifications", on)
        path = ("settings", "app_notifications", app_id)  # app ids may contain dots
        if not on:
            self._os._set(path, False)
        elif app_id in self._os.get("settings.app_notifications"):
            self._os._delete(path)
        return on


class StorageManager:
    """Used space by category; ``used_gb`` is always their sum."""

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state

    def set_category(self, category: str, gb: float) -> float:
        """Set one category's size in GB (task setup), rounded to 0.1 GB.

        Raises:
            ValueError: Unknown category, a negative size, or more than the total capacity.
        """
        categories = self._os.get("hardware.storage.categories")
        if category not in categories:
            raise ValueError(f"unknown storage category {category!r}; expected one of "
                             f"{tuple(categories)}")
        if _check_number(f"storage {category}", gb) < 0:
            raise ValueError(f"storage {category} must be >= 0 GB, got {gb!r}")
        categories[category] = round(float(gb), 1)
        used = round(sum(categories.values()), 1)
        if used > self._os.get("hardware.storage.total_gb"):
            raise ValueError(f"{used} GB used would exceed the storage's capacity")
        self._os._set("hardware.storage.categories", categories)
        self._os._set("hardware.storage.used_gb", used)
        return categories[category]

    def empty_trash(self) -> float:
        """Delete what is in the trash; returns the GB freed."""
        freed = self._os.get("hardware.storage.categories.trash")
        self.set_category("trash", 0)
        return freed


def set_language(os_state: OsState, language: str) -> str:
    """Set the system locale tag (e.g. ``"en-US"``, ``"zh-CN"``)."""
    if not isinstance(language, str) or not language:
        raise ValueError(f"language must be a non-empty str, got {language!r}")
    _put(os_state, "settings.global.language", language, B.ACTION_LOCALE_CHANGED,
         language=language)
    return language


# Preference key -> (manager class, method name, leading args). Plain data keeps it picklable.
_PREFERENCE_ROUTES: dict[str, tuple[type, str, tuple[Any, ...]]] = {
    "wifi": (ConnectivityManager, "set_wifi", ()),
    "bluetooth": (ConnectivityManager, "set_bluetooth", ()),
    "mobile_data": (ConnectivityManager, "set_mobile_data", ()),
    "airplane_mode": (ConnectivityManager, "set_airplane_mode", ()),
    "hotspot": (ConnectivityManager, "set_hotspot", ()),
    "hotspot_name": (ConnectivityManager, "set_hotspot_name", ()),
    "hotspot_password": (ConnectivityManager, "set_hotspot_password", ()),
    "device_name": (DeviceManager, "set_device_name", ()),
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
    "volume_call": (AudioManager, "set_volume", ("call",)),
    "volume_notification": (AudioManager, "set_volume", ("notification",)),
    "do_not_disturb": (AudioManager, "set_do_not_disturb", ()),
    "power_save": (BatteryManager, "set_power_save", ()),
    "battery_level": (BatteryManager, "set_level", ()),
    "charging": (BatteryManager, "set_charging", ()),
    "vpn": (HardwareManager, "set_vpn", ()),
    "headset": (HardwareManager, "set_headset", ()),
    "alarm_active": (HardwareManager, "set_alarm_active", ()),
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
