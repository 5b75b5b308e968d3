"""Unified Android-style data model: settings, hardware, permissions, preferences (persisted)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from .data import plain_copy

# Subtrees whose keys are open-ended (app ids, preference names): writes may add keys there.
# Everywhere else the default shape is fixed, so a write to a missing key is a typo.
_OPEN_SUBTREES = ("permissions", "preferences")


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
            },
            "system": {
                "brightness": 60,
                "auto_brightness": False,
                "volume_media": 7,
                "volume_ring": 5,
                "volume_alarm": 6,
                "dark_mode": False,
                "font_scale": 1.0,
                "screen_timeout_s": 60,
                "do_not_disturb": False,
            },
        },
        "hardware": {
            "battery": {"level": 78, "charging": False, "power_save": False},
            "wifi": {
                "ssid": "Home-5G",
                "signal": 4,
                "connected": True,
                "saved_networks": [
                    {"ssid": "Home-5G", "security": "WPA2"},
                    {"ssid": "Office-WiFi", "security": "WPA2-Enterprise"},
                    {"ssid": "Cafe-Guest", "security": "open"},
                ],
            },
            "cellular": {"carrier": "Mobile", "signal": 4, "network_type": "5G"},
            "bluetooth": {
                "paired_devices": [
                    {"name": "Pixel Buds Pro", "address": "4C:87:5D:12:A0:3F", "type": "headset"},
                    {"name": "Car Audio", "address": "00:1E:7C:44:B2:91", "type": "car"},
                ],
                "connected": None,
            },
            "storage": {"total_gb": 128, "used_gb": 46.3},
            "hotspot": {"on": False},
            "flashlight": False,
            "nfc_on": True,
        },
        "permissions": {},
        "preferences": {},
    }


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


class OsState:
    """The persisted device data model; write through managers or ``_set``.

    Args:
        data: Initial model (deep-copied); defaults to :func:`default_os_state`.
    """

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self._data = copy.deepcopy(data) if data is not None else default_os_state()

    def get(self, path: str | Sequence[str]) -> Any:
        """Read a value by dotted path, e.g. ``"settings.global.wifi_on"``.

        Returns:
            The value; a dict or list comes as a deep copy, so callers cannot mutate the
            model by accident.

        Raises:
            KeyError: Naming the path if any segment is missing.
        """
        node: Any = self._data
        for key in _split(path):
            if not isinstance(node, dict) or key not in node:
                raise KeyError(f"no OS state at path {path!r}")
            node = node[key]
        return node if isinstance(node, str | int | float | bool | None) else plain_copy(node)

    def _set(self, path: str | Sequence[str], value: Any) -> None:
        """Write a value (for managers and services only; they own the constraints).

        Intermediate dicts are created only inside ``permissions``/``preferences``; elsewhere
        the key must already exist.

        Raises:
            KeyError: Naming the path if it does not exist where it must.
        """
        keys = _split(path)
        open_tree = keys[0] in _OPEN_SUBTREES and len(keys) > 1
        if keys[0] not in self._data:
            raise KeyError(f"no OS state at path {path!r}")
        node = self._data
        for key in keys[:-1]:
            if key not in node and open_tree:
                node[key] = {}
            if key not in node or not isinstance(node[key], dict):
                raise KeyError(f"no OS state at path {path!r}")
            node = node[key]
        if keys[-1] not in node and not open_tree:
            raise KeyError(f"no OS state at path {path!r}")
        node[keys[-1]] = copy.deepcopy(value)

    def state(self) -> dict[str, Any]:
        """Return a deep-copied, JSON-serializable snapshot."""
        return plain_copy(self._data)
