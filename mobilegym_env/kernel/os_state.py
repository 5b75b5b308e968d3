"""Unified Android-style data model: settings, hardware, permissions, preferences (persisted)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from . import shared
from .data import plain_copy

# Subtrees whose keys are open-ended (app ids, preference names): writes may add keys there.
# Everywhere else the default shape is fixed, so a write to a missing key is a typo.
_OPEN_SUBTREES = ("permissions", "preferences")
# Open subtrees below the top level, as key paths: per-app switches keyed by app id.
_OPEN_NESTED = (("settings", "app_notifications"),)


def _wifi(ssid: str, security: str, signal: int, ghz: str, password: str) -> dict[str, Any]:
    """A network in range; ``password`` is the access point's (what a join must type)."""
    return {"id": ssid, "ssid": ssid, "security": security, "signal": signal,
            "frequency": ghz, "password": password}


def _saved(ssid: str, security: str, password: str) -> dict[str, Any]:
    return {"id": ssid, "ssid": ssid, "security": security, "password": password}


def _bt(name: str, address: str, kind: str) -> dict[str, Any]:
    return {"id": address, "name": name, "address": address, "type": kind}


# Discoverable (not yet paired) Bluetooth devices around the phone, by place. "home" is the
# factory default of ``hardware.bluetooth.nearby``; a task or the ``hardware`` config section
# picks another (``ConnectivityManager.set_bluetooth_nearby``).
BLUETOOTH_NEARBY_PRESETS: dict[str, tuple[dict[str, Any], ...]] = {
    "home": (
        _bt("JBL Charge 5", "F8:DF:15:B1:42:7C", "speaker"),
        _bt("WH-1000XM5", "AC:80:0A:5D:33:E9", "headset"),
        _bt("Galaxy Buds2", "D0:65:44:8A:1F:02", "headset"),
        _bt("Fitbit Charge 6", "E4:1A:2C:99:6B:D5", "watch"),
        _bt("Echo Dot-8QK", "68:54:FD:20:C3:4A", "speaker"),
    ),
    "office": (
        _bt("Jabra Evolve2 65", "50:C2:ED:1B:7A:04", "headset"),
        _bt("MX Keys", "D4:1B:81:6C:22:9E", "keyboard"),
        _bt("Poly Sync 20", "64:16:7F:A0:3D:58", "speaker"),
        _bt("Galaxy Watch6", "9C:2E:A1:47:B0:13", "watch"),
        _bt("Meeting Room 4B", "00:0C:8A:F2:19:66", "speaker"),
        _bt("WH-1000XM4", "AC:80:0A:11:5E:C2", "headset"),
    ),
    "car": (
        _bt("Toyota RAV4", "00:1E:7C:9A:01:D3", "car"),
        _bt("Garmin DriveSmart", "C8:3E:99:4D:70:2A", "car"),
    ),
    "cafe": (
        _bt("AirPods Pro", "F4:0F:24:8E:3B:61", "headset"),
        _bt("Bose QC45", "4C:87:5D:77:C0:19", "headset"),
        _bt("Pixel Buds Pro", "4C:87:5D:90:2F:AA", "headset"),
    ),
    "none": (),
}


def default_os_state() -> dict[str, Any]:
    """Return a fresh copy of the factory-default device data model."""
    return {
        "settings": {
            "global": {
                "airplane_mode": False,
                "wifi_on": True,
                "bluetooth_on": False,
                "mobile_data_on": True,
                "location_on": True,
                "language": "en-US",
                "auto_time": True,
                "device_name": "MobileGym Phone",
            },
            "system": {
                "brightness": 60,
                "auto_brightness": False,
                "volume_media": 7,
                "volume_ring": 5,
                "volume_alarm": 6,
                "volume_call": 5,
                "volume_notification": 5,
                "dark_mode": False,
                "font_scale": 1.0,
                "screen_timeout_s": 60,
                "do_not_disturb": False,
            },
            # app id -> False for an app whose notifications are off (absent = on)
            "app_notifications": {},
        },
        "hardware": {
            "battery": {
                "level": 78, "charging": False, "power_save": False,
                # share of use since the last full charge, per app (percent)
                "usage": [{"id": "gallery", "percent": 14}, {"id": "messages", "percent": 11},
                          {"id": "files", "percent": 6}, {"id": "contacts", "percent": 4},
                          {"id": "notes", "percent": 3}, {"id": "settings", "percent": 2}],
            },
            "wifi": {
                "ssid": "Home-5G",
                "signal": 4,
                "connected": True,
                "ip_address": "192.168.149.212",  # what Home-5G leases (managers.lease_address)
                "saved_networks": [
                    _saved("Home-5G", "WPA2", "sunflower42"),
                    _saved("Office-WiFi", "WPA2-Enterprise", "corp-7731"),
                    _saved("Cafe-Guest", "open", ""),
                    _saved("Home-2.4G", "WPA2", "sunflower42"),
                    _saved("Airport_Free_WiFi", "open", ""),
                    _saved("Grandma's WiFi", "WPA2", "cookies&tea1"),
                ],
                # networks in range, strongest first (signal 0..4)
                "nearby": [
                    _wifi("Home-5G", "WPA2", 4, "5 GHz", "sunflower42"),
                    _wifi("Home-2.4G", "WPA2", 3, "2.4 GHz", "sunflower42"),
                    _wifi("NETGEAR-7F21", "WPA2", 3, "5 GHz", "quietriver88"),
                    _wifi("TP-Link_3C8A", "WPA2", 2, "2.4 GHz", "marble-owl-17"),
                    _wifi("TP-Link_3C8A_5G", "WPA3", 2, "5 GHz", "marble-owl-17"),
                    _wifi("xfinitywifi", "open", 2, "2.4 GHz", ""),
                    _wifi("Neighbor-Net", "WPA3", 1, "5 GHz", "lemonade-stand"),
                    _wifi("Linksys-Guest", "open", 1, "2.4 GHz", ""),
                    _wifi("DIRECT-4F-HP OfficeJet", "WPA2", 1, "2.4 GHz", "hpjet2024"),
                    _wifi("Galaxy-A54-Hotspot", "WPA2", 0, "5 GHz", "galaxy5454"),
                ],
            },
            "cellular": {"carrier": "Mobile", "signal": 4, "network_type": "5G"},
            "bluetooth": {
                "paired_devices": [
                    _bt("Pixel Buds Pro", "4C:87:5D:12:A0:3F", "headset"),
                    _bt("Car Audio", "00:1E:7C:44:B2:91", "car"),
                    _bt("Pixel Watch 2", "A8:3B:76:0E:5C:21", "watch"),
                    _bt("JBL Flip 6", "F8:DF:15:6A:90:0B", "speaker"),
                    _bt("Pixel Buds A-Series", "4C:87:5D:3E:11:C8", "headset"),
                    _bt("Logitech K380", "34:88:5D:C2:07:AE", "keyboard"),
                ],
                "connected": None,
                # discoverable, not yet paired (the "Pair new device" list)
                "nearby": [dict(d) for d in BLUETOOTH_NEARBY_PRESETS["home"]],
            },
            "storage": {
                "total_gb": 128,
                "used_gb": 46.3,
                # what the used space is made of (sums to used_gb)
                "categories": {"system": 11.2, "apps": 9.8, "images": 8.4, "videos": 12.1,
                               "audio": 2.6, "documents": 1.5, "trash": 0.7},
            },
            "hotspot": {"on": False, "name": "MobileGym Phone", "password": "mg-hotspot-2048"},
            "build": {"model": "MG-1", "android_version": "14", "build_number": "MG1A.260302.001",
                      "security_patch": "March 2, 2026", "baseband": "g5300q-230927-B-11034"},
            "flashlight": False,
            "nfc_on": True,
            # hardware flags (HardwareManager): a VPN tunnel is up, a wired headset is plugged
            # in, an alarm is ringing
            "vpn_on": False,
            "headset_plugged": False,
            "alarm_active": False,
        },
        "permissions": {},
        "preferences": {},
    }


def _is_open(keys: list[str]) -> bool:
    """Whether ``keys`` lies strictly inside a subtree whose keys are open-ended."""
    if keys[0] in _OPEN_SUBTREES and len(keys) > 1:
        return True
    return any(len(keys) > len(p) and tuple(keys[: len(p)]) == p for p in _OPEN_NESTED)


def _split(path: str | Sequence[str]) -> list[str]:
    """Turn a dotted path (or a key sequence, for keys containing dots) into keys."""
    if isinstance(path, str):
        keys = path.split(".")
    elif isinstance(path, Sequence) and all(isinstance(k, str) for k in path):
        keys = list(path)
    else:
        raise KeyError(f"path must be a dotted str or a sequence of str, got {path!r}")
    if not keys or any(k == "" for k in keys):
        raise KeyError(f"invalid path {path!r}")
    return keys


class OsState(shared.CopyOnWrite):
    """The persisted device data model; write through managers or ``_set``.

    Args:
        data: Initial model (deep-copied); defaults to :func:`default_os_state`.
    """

    _shared_attrs = ("_data",)
    _cache_attrs = ("_view", "_reads")

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self._data = plain_copy(data) if data is not None else default_os_state()
        # Where managers' announcements go (the kernel's broadcast bus); a standalone model,
        # as judges simulate managers on, announces to nobody.
        self.listener: Callable[[str, dict[str, Any]], Any] | None = None
        self._version = 0  # bumped by every write: keys the cached judge view
        self._view: tuple[int, dict[str, Any]] | None = None
        # scalar reads by dotted path since the last write (the status bar reads a dozen
        # settings per frame)
        self._reads: dict[str, Any] = {}

    # ----- copy-on-write (see kernel.shared) and pickling
    def _own(self) -> dict[str, Any]:
        """The model, made this device's own before a write (a booted kernel shares the
        factory's until then)."""
        if shared.token_of(self._data) is not None:
            self._data = plain_copy(self._data)
        self._version += 1
        self._reads.clear()
        return self._data

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._reads = {}

    def announce(self, action: str, **extras: Any) -> None:
        """A manager tells the system about a change it made (a broadcast, queued by the
        kernel's bus and delivered once the operation that caused it has finished)."""
        if self.listener is not None:
            self.listener(action, extras)

    def get(self, path: str | Sequence[str]) -> Any:
        """Read a value by dotted path, e.g. ``"settings.global.wifi_on"``.

        Returns:
            The value; a dict or list comes as a deep copy, so callers cannot mutate the
            model by accident.

        Raises:
            KeyError: Naming the path if any segment is missing.
        """
        reads = self._reads
        if isinstance(path, str) and path in reads:
            return reads[path]
        node: Any = self._data
        for key in _split(path):
            if not isinstance(node, dict) or key not in node:
                raise KeyError(f"no OS state at path {path!r}")
            node = node[key]
        if isinstance(node, str | int | float | bool | None):
            if isinstance(path, str):
                reads[path] = node
            return node
        return plain_copy(node)

    def _set(self, path: str | Sequence[str], value: Any) -> None:
        """Write a value (for managers and services only; they own the constraints).

        Intermediate dicts are created only inside ``permissions``/``preferences`` (and the
        per-app ``settings.app_notifications``); elsewhere the key must already exist.

        Raises:
            KeyError: Naming the path if it does not exist where it must.
        """
        keys = _split(path)
        open_tree = _is_open(keys)
        if keys[0] not in self._data:
            raise KeyError(f"no OS state at path {path!r}")
        node = self._own()
        for key in keys[:-1]:
            if key not in node and open_tree:
                node[key] = {}
            if key not in node or not isinstance(node[key], dict):
                raise KeyError(f"no OS state at path {path!r}")
            node = node[key]
        if keys[-1] not in node and not open_tree:
            raise KeyError(f"no OS state at path {path!r}")
        node[keys[-1]] = copy.deepcopy(value)

    def _delete(self, path: str | Sequence[str]) -> None:
        """Remove a key from an open-ended subtree (for managers and services only).

        Raises:
            KeyError: Naming the path if it is missing or not inside an open subtree (the
                fixed shape never loses keys).
        """
        keys = _split(path)
        if not _is_open(keys):
            raise KeyError(f"cannot delete {path!r}: only keys of open subtrees can be removed")
        node: Any = self._data
        for key in keys[:-1]:
            if not isinstance(node, dict) or key not in node:
                raise KeyError(f"no OS state at path {path!r}")
            node = node[key]
        if not isinstance(node, dict) or keys[-1] not in node:
            raise KeyError(f"no OS state at path {path!r}")
        node = self._own()
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    def state(self, shared_view: bool = False) -> dict[str, Any]:
        """Return a deep-copied, JSON-serializable snapshot (``shared_view``: the cached
        one, rebuilt only after a write and shared with earlier results: read-only)."""
        if not shared_view:
            return plain_copy(self._data)
        return self._derived(self._data, lambda: plain_copy(self._data))
