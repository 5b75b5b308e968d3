"""Settings suite: radios, Wi-Fi networks, Bluetooth devices, display and sound levels, app
permissions and notifications, and questions about the phone (storage, battery, build, network).

Every operate task is judged against what the kernel's managers would do: the expected end
state is simulated from the initial one with the same manager calls the Settings app makes
(``C.simulated``, or ``C.setting`` for one preference), so cascades (airplane mode turning
radios off, forgetting the connected network disconnecting it) are expected changes and
anything else is collateral. Setup writes each episode's starting values through the managers
too, always the opposite of what the task asks, and varies decoys per seed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.settings.display import FONT_SIZES, TIMEOUTS, VOLUMES
from mobilegym_env.apps.settings.system import HOURS_PER_PERCENT
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation
from mobilegym_env.kernel import installed_apps
from mobilegym_env.kernel.managers import (
    VOLUME_MAX,
    BatteryManager,
    ConnectivityManager,
    DeviceManager,
    NotificationManager,
    StorageManager,
)
from mobilegym_env.kernel.os_state import OsState
from mobilegym_env.kernel.permissions import PermissionService
from mobilegym_env.task import Start, Task

Action = dict[str, Any]

HOTSPOT_NAMES = ("Road Trip", "Maya's Hotspot", "Cabin-Net", "Studio Share", "Pixel Tether",
                 "Lakehouse", "Blue Van WiFi", "Guest Share")
PASSWORDS = ("otter-lantern-42", "saffron7ribbon", "quartz-meadow-19", "maple&pine88",
             "nimbus-harbor-5", "copper-fox-2031", "violet.tide.77", "Granite!Bay9")
DEVICE_NAMES = ("Ana's Pixel", "Work Phone", "Travel Phone", "Sam's Android", "Studio Phone",
                "Dad's Pixel", "Field Unit 7", "Kitchen Phone")
BT_NAMES = ("Gym Buds", "Kitchen Speaker", "My Car", "Office Keyboard", "Running Watch",
            "Bedroom Speaker", "Work Headset", "Bike Buds")
# How instructions name a permission ("allow Gallery to use ...").
PERMISSION_WORDS = {"camera": "the camera", "location": "location", "contacts": "contacts",
                    "sms": "SMS", "storage": "storage (files and media)", "microphone": "the microphone",
                    "phone": "the phone", "calendar": "the calendar"}
STORAGE_LABELS = {"images": "images", "videos": "videos", "audio": "audio files",
                  "documents": "documents and other files", "apps": "apps"}
ANDROID_VERSIONS = ("12", "13", "14", "15")
# Versions an episode's phone may run (spread, so that no answer is right on many seeds).
BUILD_VERSIONS = ("7", "8", "9", "10", "11", "12", "13", "14", "15", "16")
# The apps an episode may start in, when it starts away from Settings.
ELSEWHERE = ("clock", "calculator", "notes", "calendar", "contacts", "files", "weather",
             "gallery", "browser", "messages")
# The labels the Permissions pages show, by permission.
PERMISSION_LABELS = {"camera": "Camera", "location": "Location", "contacts": "Contacts",
                     "sms": "SMS", "storage": "Files and media", "microphone": "Microphone",
                     "phone": "Phone", "calendar": "Calendar"}


# --------------------------------------------------------------------------- the judge
# --------------------------------------------------------------------------- data helpers
def _os(device: Device) -> OsState:
    return device.kernel.os_state


def _net(device: Device) -> ConnectivityManager:
    return ConnectivityManager(_os(device))


def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _sample(rng: np.random.Generator, items: Sequence[Any], n: int) -> list[Any]:
    return [items[int(i)] for i in sorted(rng.choice(len(items), size=n, replace=False))]


def _nearby(device: Device) -> list[dict[str, Any]]:
    return _os(device).get("hardware.wifi.nearby")


def _saved(device: Device) -> list[dict[str, Any]]:
    return _os(device).get("hardware.wifi.saved_networks")


def _paired(device: Device) -> list[dict[str, Any]]:
    return _os(device).get("hardware.bluetooth.paired_devices")


def _apps(device: Device) -> list[str]:
    """The apps a user manages in Settings (every installed app but Settings itself)."""
    return sorted(a for a in device.kernel.packages.app_ids if a != "settings")


def _app_name(app_id: str) -> str:
    return installed_apps().manifest(app_id).name


# the rivals of an answer naming apps: every app's name
APP_NAMES = tuple(m.name for m in installed_apps().manifests())
IP_ADDRESS = r"\d{1,3}(?:\.\d{1,3}){3}"


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def _device_named(device: Device, address: str, name: str, where: str = "paired") -> None:
    devices = _paired(device) if where == "paired" else \
        _os(device).get("hardware.bluetooth.nearby")
    found = next((d for d in devices if d["id"] == address), None)
    _require(found is not None and found["name"] == name,
             f"no {where} Bluetooth device {name!r} at {address!r}")


def _check_paired(address: str | None, device: Device) -> None:
    _require(address in (None, *(d["id"] for d in _paired(device))),
             f"no paired Bluetooth device {address!r}")


def _random_permissions(device: Device, rng: np.random.Generator, skip: tuple[str, str]) -> None:
    """Per-seed decoys: a few other apps hold a few other permissions."""
    perms = device.kernel.permissions
    for app_id in _apps(device):
        for perm in PERMISSION_WORDS:
            if (app_id, perm) != skip and rng.random() < 0.2:
                perms.set_status(app_id, perm, _pick(rng, ("granted", "denied")))


# --------------------------------------------------------------------------- oracle helpers
def open_settings(device: Device) -> Iterator[Action]:
    """Brings Settings up on its main list, from wherever the phone is."""
    if O.find(device, id="search_settings") is not None:
        return
    # Home, then the Settings icon: Settings comes back where it was left, then Back to its
    # main list (the screen alone cannot tell a Settings page from another app's)
    yield from O.open_app(device, "settings")
    yield from O.back_to(device, id="search_settings")


def go(device: Device, *ids: str) -> Iterator[Action]:
    """From Settings' main list, taps through ``ids`` (scrolling to each)."""
    yield from open_settings(device)
    for target in ids:
        found = yield from O.scroll_to(device, id=target)
        yield O.tap(device, found)


def tap_in_list(device: Device, target: str) -> Iterator[Action]:
    found = yield from O.scroll_to(device, id=target)
    yield O.tap(device, found)


def type_and_submit(device: Device, field: str, text: str) -> Iterator[Action]:
    """Fills a dialog's text field and submits it with Enter (the dialog's confirm button can
    sit under the keyboard)."""
    yield from O.type_into(device, text, id=field, submit=True)


def answer_from(device: Device, node_id: str) -> Iterator[Action]:
    yield A.answer(O.node(device, id=node_id)["text"])


def _row_named(prefix: str, name: str) -> Any:
    """A row whose id starts with ``prefix`` and whose text is ``name`` then its kind
    ("Car Audio Car kit", "Camera Not requested")."""
    return lambda n: (n["id"] or "").startswith(prefix) and (
        n["text"] == name or n["text"].startswith(name + " "))


def tap_row(device: Device, prefix: str, name: str) -> Iterator[Action]:
    """Scrolls to the row named ``name`` (of the rows ``prefix``...) and taps it."""
    found = yield from O.scroll_to(device, where=_row_named(prefix, name))
    yield O.tap(device, found)


def _settings_on_page_two(device: Device) -> None:
    """Moves the Settings icon to a second home page (the user keeps it out of sight)."""
    device.kernel.launcher.move_to_page("settings", 1)


def _stable_pick(params: Any, items: Sequence[Any], salt: str = "") -> Any:
    """One of ``items``, picked by a stable hash of the params (no rng at start time)."""
    key = json.dumps(dataclasses.asdict(params), sort_keys=True, default=str)
    digest = hashlib.sha256(f"{salt}|{key}".encode()).digest()
    return items[int.from_bytes(digest[:4], "big") % len(items)]


# --------------------------------------------------------------------------- base classes
class _SettingsTask(Task):
    suite = "settings"
    apps = ("settings",)
    start = Start(app="settings")
    # Start in another app (drawn from the params), so the user opens Settings first.
    elsewhere = False

    def start_screen(self) -> Start:
        if self.elsewhere:
            return Start(app=_stable_pick(self.params, ELSEWHERE, self.task_id()))
        return self.start


class _Toggle(_SettingsTask):
    """Turn one switch on or off; the episode starts on the home screen with it the other way.

    Subclasses name the preference ``key`` and the ``path`` of the switch from the main list.
    """

    template = "Turn {state} {what}."
    phrasings = ("Please switch {what} {state}.", "Can you turn {state} {what} on my phone?")
    difficulty = 1
    max_steps = 14
    tags = ("settings", "toggle", "navigation")
    start = Start()
    key: str = ""
    what: str = ""
    path: tuple[str, ...] = ()

    @dataclass(frozen=True)
    class Params:
        on: bool

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(bool(rng.random() < 0.5))

    def template_values(self) -> dict[str, Any]:
        return {"state": "on" if self.params.on else "off", "what": self.what}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.set_preference(self.key, not self.params.on)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting(self.key, self.params.on)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, *self.path)


# --------------------------------------------------------------------------- radios
class WifiToggle(_Toggle):
    """Turn Wi-Fi on (it rejoins the saved network) or off (it disconnects)."""

    name = "wifi_toggle"
    difficulty, max_steps, elsewhere = 2, 20, True
    key, what = "wifi", "Wi-Fi"
    path = ("nav_network", "nav_internet", "wifi_switch")


class BluetoothToggle(_Toggle):
    """Turn Bluetooth on, or off while a device is connected (which drops it)."""

    name = "bluetooth_toggle"
    key, what = "bluetooth", "Bluetooth"
    path = ("nav_bluetooth", "bluetooth_switch")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        if self.params.on:
            device.kernel.set_preference("bluetooth", False)
        else:
            _net(device).connect_bluetooth(_pick(rng, _paired(device))["id"])


class LocationToggle(_Toggle):
    """Turn the system location setting on or off."""

    name = "location_toggle"
    difficulty, max_steps, elsewhere = 2, 20, True
    key, what = "location", "location access"
    path = ("nav_location", "location_switch")


class MobileDataToggle(_Toggle):
    """Turn mobile data on or off."""

    name = "mobile_data_toggle"
    key, what = "mobile_data", "mobile data"
    path = ("nav_network", "mobile_data_switch")


class DarkTheme(_Toggle):
    """Turn the dark theme on or off."""

    name = "dark_theme"
    key, what = "dark_mode", "the dark theme"
    path = ("nav_display", "dark_theme_switch")


class AirplaneMode(_SettingsTask):
    """Turn airplane mode on: Wi-Fi, Bluetooth (with its connected device), mobile data and
    the hotspot go off with it, and those cascades are expected, not collateral."""

    name = "airplane_mode"
    template = "Turn on airplane mode."
    phrasings = ("Put the phone in airplane mode.", "Switch airplane mode on, please.")
    difficulty = 1
    max_steps = 14
    tags = ("settings", "toggle", "navigation")
    start = Start()

    @dataclass(frozen=True)
    class Params:
        bluetooth_device: str | None
        hotspot: bool

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        address = _pick(rng, _paired(device))["id"] if rng.random() < 0.6 else None
        return cls.Params(address, bool(rng.random() < 0.4))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_paired(params.bluetooth_device, device)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        if self.params.bluetooth_device:
            _net(device).connect_bluetooth(self.params.bluetooth_device)
        device.kernel.set_preference("hotspot", self.params.hotspot)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting("airplane_mode", True)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_network", "airplane_switch")


class AirplaneKeepWifi(_SettingsTask):
    """Airplane mode on, then Wi-Fi back on: the phone rejoins its network while the other
    radios stay off."""

    name = "airplane_keep_wifi"
    template = "Turn on airplane mode, but keep Wi-Fi on."
    phrasings = ("Put the phone in airplane mode while keeping Wi-Fi connected.",
                 "Switch airplane mode on, then get Wi-Fi back on.")
    difficulty = 2
    tags = ("settings", "toggle", "multi_step")
    start = Start()

    @dataclass(frozen=True)
    class Params:
        bluetooth_device: str | None

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _paired(device))["id"] if rng.random() < 0.5 else None)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_paired(params.bluetooth_device, device)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        if self.params.bluetooth_device:
            _net(device).connect_bluetooth(self.params.bluetooth_device)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        def ops(s: OsState) -> None:
            ConnectivityManager(s).set_airplane_mode(True)
            ConnectivityManager(s).set_wifi(True)
        return [C.simulated("airplane mode on, Wi-Fi on", ops)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_network", "airplane_switch", "nav_internet", "wifi_switch")


class HotspotSetup(_SettingsTask):
    """Name the hotspot, set its password and turn it on (two text dialogs)."""

    name = "hotspot_setup"
    template = ("Set up the Wi-Fi hotspot with the name '{hotspot_name}' and the password "
                "'{password}', and turn it on.")
    phrasings = ("Turn on a hotspot called '{hotspot_name}' protected by the password "
                 "'{password}'.",
                 "Share my connection: hotspot name '{hotspot_name}', password '{password}', "
                 "switched on.")
    difficulty = 3
    tags = ("settings", "typing", "dialog", "multi_step")

    @dataclass(frozen=True)
    class Params:
        hotspot_name: str
        password: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, HOTSPOT_NAMES), _pick(rng, PASSWORDS))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        probe = ConnectivityManager(OsState())
        probe.set_hotspot_name(params.hotspot_name)  # raises on a bad name or password
        probe.set_hotspot_password(params.password)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params

        def ops(s: OsState) -> None:
            c = ConnectivityManager(s)
            c.set_hotspot_name(p.hotspot_name)
            c.set_hotspot_password(p.password)
            c.set_hotspot(True)
        return [C.simulated("hotspot named, protected and on", ops)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_network", "nav_hotspot", "hotspot_name_row")
        yield from type_and_submit(device, "hotspot_name_input", self.params.hotspot_name)
        yield O.tap(device, id="hotspot_password_row")
        yield from type_and_submit(device, "hotspot_password_input", self.params.password)
        yield O.tap(device, id="hotspot_switch")


# --------------------------------------------------------------------------- Wi-Fi networks
class ConnectWifi(_SettingsTask):
    """Join a secured network in range that is not saved, typing its password (look-alike
    names such as TP-Link_3C8A / TP-Link_3C8A_5G are in the list)."""

    name = "connect_wifi"
    template = "Connect to the Wi-Fi network '{ssid}' using the password '{password}'."
    phrasings = ("Join the '{ssid}' Wi-Fi; its password is '{password}'.",
                 "Get the phone on the network '{ssid}' (password: '{password}').")
    difficulty = 2
    tags = ("settings", "typing", "dialog", "scroll")

    @dataclass(frozen=True)
    class Params:
        ssid: str
        password: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        saved = {n["id"] for n in _saved(device)}
        return [n for n in _nearby(device) if n["security"] != "open" and n["id"] not in saved]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        net = _pick(rng, cls.candidates(device))
        return cls.Params(net["id"], net["password"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        net = next((n for n in cls.candidates(device) if n["id"] == params.ssid), None)
        _require(net is not None, f"{params.ssid!r} is not an unsaved secured network in range")
        _require(net["password"] == params.password, f"wrong password for {params.ssid!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.simulated(f"connected to {p.ssid}",
                          lambda s: ConnectivityManager(s).connect_wifi(p.ssid, p.password))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_network", "nav_internet")
        yield from tap_in_list(device, f"wifi:{self.params.ssid}")
        yield from type_and_submit(device, "wifi_password", self.params.password)


class ForgetNetwork(_SettingsTask):
    """Forget a saved network other than the connected one; most are out of range, so only
    the Saved networks page lists them."""

    name = "forget_network"
    template = "Forget the saved Wi-Fi network '{ssid}'."
    phrasings = ("Remove '{ssid}' from the phone's saved Wi-Fi networks.",
                 "Make the phone forget the Wi-Fi network '{ssid}'.")
    difficulty = 2
    tags = ("settings", "scroll", "navigation")

    @dataclass(frozen=True)
    class Params:
        ssid: str

    @classmethod
    def candidates(cls, device: Device) -> list[str]:
        current = _os(device).get("hardware.wifi.ssid")
        return [n["id"] for n in _saved(device) if n["id"] != current]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, cls.candidates(device)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.ssid in cls.candidates(device),
                 f"{params.ssid!r} is not a saved network other than the connected one")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted("os.hardware.wifi.saved_networks", id=self.params.ssid)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_network", "nav_internet", "nav_saved_networks",
                      f"saved:{self.params.ssid}", "wifi_forget")


# --------------------------------------------------------------------------- Bluetooth
class _OneDevice(_SettingsTask):
    """A task about one saved Bluetooth device (``address``, called ``device_name``)."""

    @dataclass(frozen=True)
    class Params:
        address: str
        device_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        d = _pick(rng, _paired(device))
        return cls.Params(d["id"], d["name"])

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _device_named(device, params.address, params.device_name)

    def open_device(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_bluetooth")
        found = yield from O.scroll_to(device, where=lambda n: (n["id"] or "").startswith(
            "bt_settings:") and n["text"] == f"{self.params.device_name} settings")
        yield O.tap(device, found)


class BluetoothConnect(_OneDevice):
    """Connect a saved device; Bluetooth may be off (tapping the device turns it on) and
    another device may be connected."""

    name = "bluetooth_connect"
    template = "Connect the phone to the Bluetooth device '{device_name}'."
    phrasings = ("Connect to my Bluetooth device '{device_name}'.",
                 "Hook the phone up to '{device_name}' over Bluetooth.")
    difficulty = 2
    tags = ("settings", "navigation")
    elsewhere = True
    start = Start()

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _settings_on_page_two(device)
        others = [d["id"] for d in _paired(device) if d["id"] != self.params.address]
        if rng.random() < 0.5:
            _net(device).connect_bluetooth(_pick(rng, others))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        address = self.params.address
        return [C.simulated(f"{self.params.device_name} connected",
                          lambda s: ConnectivityManager(s).connect_bluetooth(address))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_bluetooth")
        yield from tap_row(device, "bt:", self.params.device_name)


class BluetoothForget(_OneDevice):
    """Forget (unpair) a device, confirming the dialog."""

    name = "bluetooth_forget"
    template = "Unpair the Bluetooth device '{device_name}' from this phone."
    phrasings = ("Forget the Bluetooth device '{device_name}'.",
                 "Remove '{device_name}' from the phone's paired Bluetooth devices.")
    difficulty = 2
    elsewhere = True
    tags = ("settings", "dialog", "navigation")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        address = self.params.address
        return [C.simulated(f"{self.params.device_name} forgotten",
                          lambda s: ConnectivityManager(s).forget_bluetooth(address))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_device(device)
        yield O.tap(device, id="bt_forget")
        yield O.tap(device, id="forget_confirm")


class BluetoothRename(_OneDevice):
    """Rename a saved device (the pencil, a text dialog)."""

    name = "bluetooth_rename"
    template = "Rename the Bluetooth device '{device_name}' to '{new_name}'."
    phrasings = ("Give the Bluetooth device '{device_name}' the name '{new_name}'.",
                 "Change the name of my Bluetooth device '{device_name}' to '{new_name}'.")
    difficulty = 2
    tags = ("settings", "typing", "dialog")

    @dataclass(frozen=True)
    class Params:
        address: str
        device_name: str
        new_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        d = _pick(rng, _paired(device))
        taken = {x["name"] for x in _paired(device)}
        return cls.Params(d["id"], d["name"], _pick(rng, [n for n in BT_NAMES if n not in taken]))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.modified("os.hardware.bluetooth.paired_devices", id=p.address,
                           fields={"name": p.new_name})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_device(device)
        yield O.tap(device, id="bt_rename")
        yield from type_and_submit(device, "bt_name_input", self.params.new_name)


class BluetoothPair(_SettingsTask):
    """Pair a discoverable device (Pair new device, confirm the code); it connects."""

    name = "bluetooth_pair"
    template = "Pair the phone with the Bluetooth device '{device_name}'."
    phrasings = ("Pair '{device_name}' with this phone over Bluetooth.",
                 "Set up the new Bluetooth device '{device_name}' with the phone.")
    difficulty = 2
    elsewhere = True
    tags = ("settings", "dialog", "navigation")

    @dataclass(frozen=True)
    class Params:
        address: str
        device_name: str
        bluetooth_on: bool

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        d = _pick(rng, _os(device).get("hardware.bluetooth.nearby"))
        return cls.Params(d["id"], d["name"], bool(rng.random() < 0.5))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _device_named(device, params.address, params.device_name, "nearby")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.set_preference("bluetooth", self.params.bluetooth_on)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        address = self.params.address
        return [C.simulated(f"{self.params.device_name} paired and connected",
                          lambda s: ConnectivityManager(s).pair_bluetooth(address))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_bluetooth", "nav_pair")
        yield from tap_row(device, "pair:", self.params.device_name)
        yield O.tap(device, id="pair_confirm")


# --------------------------------------------------------------------------- display, sound
class Brightness(_SettingsTask):
    """Set the brightness to a level that the slider's 5% steps may not hit (then - or +)."""

    name = "brightness"
    template = "Set the screen brightness to {level}%."
    phrasings = ("Change the display brightness to {level} percent.",
                 "Make the screen brightness {level}%.")
    difficulty = 2
    tags = ("settings", "slider")

    @dataclass(frozen=True)
    class Params:
        level: int
        start_level: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        start = int(rng.integers(10, 91))
        level = start
        while abs(level - start) < 10:
            level = int(rng.integers(5, 101))
        return cls.Params(level, start)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(0 <= params.level <= 100 and 0 <= params.start_level <= 100
                 and params.level != params.start_level, f"bad levels {params!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.set_preference("brightness", self.params.start_level)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting("brightness", self.params.level)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_display")
        yield from set_level(device, "brightness", self.params.level, 5)


def set_level(device: Device, key: str, level: int, step: int) -> Iterator[Action]:
    """Taps the slider segment at or below ``level``, then + until it reads ``level``
    (segments are multiples of ``step``; below the first one, - from it)."""
    base = level - level % step
    if base:
        yield O.tap(device, id=f"{key}_step:{base}")
        for _ in range(level - base):
            yield O.tap(device, id=f"{key}_up")
    else:
        yield O.tap(device, id=f"{key}_step:{step}")
        for _ in range(step - level):
            yield O.tap(device, id=f"{key}_down")


class Volume(_SettingsTask):
    """Set one stream's volume (of five; the lower ones need a scroll)."""

    name = "volume"
    template = "Set the {label} to {level} out of {maximum}."
    phrasings = ("Change the {label} to {level} (of {maximum}).",
                 "Put the {label} at level {level} out of {maximum}.")
    difficulty = 1
    max_steps = 14
    tags = ("settings", "slider")

    @dataclass(frozen=True)
    class Params:
        stream: Literal["media", "call", "ring", "notification", "alarm"]
        level: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        stream = _pick(rng, [s for s, _, _ in VOLUMES])
        current = _os(device).get(f"settings.system.volume_{stream}")
        return cls.Params(stream, _pick(rng, [v for v in range(VOLUME_MAX + 1) if v != current]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(0 <= params.level <= VOLUME_MAX, f"volume must be 0..{VOLUME_MAX}")

    def template_values(self) -> dict[str, Any]:
        label = next(lbl for s, lbl, _ in VOLUMES if s == self.params.stream)
        return {"label": label.lower(), "level": self.params.level, "maximum": VOLUME_MAX}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting(f"volume_{self.params.stream}", self.params.level)]

    def oracle(self, device: Device) -> Iterator[Action]:
        key = f"volume_{self.params.stream}"
        yield from go(device, "nav_sound")
        yield from O.scroll_to(device, id=f"{key}_up")
        if self.params.level == 0:
            yield O.tap(device, id=f"{key}_step:1")
            yield O.tap(device, id=f"{key}_down")
        else:
            yield O.tap(device, id=f"{key}_step:{self.params.level}")


class FontSize(_SettingsTask):
    """Pick a font size on the Font size page."""

    name = "font_size"
    template = "Change the font size to {label}."
    phrasings = ("Set the phone's font size to {label}.", "Make the text size {label}.")
    difficulty = 2
    tags = ("settings", "navigation")
    elsewhere = True

    @dataclass(frozen=True)
    class Params:
        size: Literal["small", "default", "large", "largest"]
        start_size: Literal["small", "default", "large", "largest"]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        keys = [k for k, _, _ in FONT_SIZES]
        size, start = _sample(rng, keys, 2)
        return cls.Params(*(size, start) if rng.random() < 0.5 else (start, size))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.size != params.start_size, "the size must change")

    def template_values(self) -> dict[str, Any]:
        return {"label": f"'{self._font(self.params.size)[1]}'"}

    @staticmethod
    def _font(key: str) -> tuple[str, str, float]:
        return next(f for f in FONT_SIZES if f[0] == key)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.set_preference("font_scale", self._font(self.params.start_size)[2])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting("font_scale", self._font(self.params.size)[2])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_display", "nav_font_size", f"font_row:{self.params.size}")


class ScreenTimeout(_SettingsTask):
    """Choose a screen timeout in the Display page's dialog."""

    name = "screen_timeout"
    template = "Make the screen turn off after {timeout} of inactivity."
    phrasings = ("Set the screen timeout to {timeout}.",
                 "Let the display go to sleep after {timeout} without use.")
    difficulty = 2
    tags = ("settings", "dialog")
    elsewhere = True

    @dataclass(frozen=True)
    class Params:
        timeout: str  # the option's label ("5 minutes")

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        current = _os(device).get("settings.system.screen_timeout_s")
        return cls.Params(_pick(rng, [label for s, label in TIMEOUTS if s != current]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.timeout in {label for _, label in TIMEOUTS},
                 f"no timeout option {params.timeout!r}")

    @property
    def seconds(self) -> int:
        return next(s for s, label in TIMEOUTS if label == self.params.timeout)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting("screen_timeout_s", self.seconds)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_display", "screen_timeout")
        yield O.tap(device, where=lambda n: (n["id"] or "").startswith("timeout:")
                    and n["role"] == "list_item" and n["text"] == self.params.timeout)


class DoNotDisturbAlarm(_SettingsTask):
    """Do Not Disturb on and the alarm loud enough to still wake the user."""

    name = "dnd_alarm"
    template = "Turn on Do Not Disturb and set the alarm volume to {level} out of {maximum}."
    phrasings = ("Switch Do Not Disturb on, with the alarm volume at {level} of {maximum}.",
                 "Silence the phone with Do Not Disturb but set the alarm volume to {level} "
                 "out of {maximum}.")
    difficulty = 2
    elsewhere = True
    tags = ("settings", "toggle", "slider", "multi_step")

    @dataclass(frozen=True)
    class Params:
        level: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        current = _os(device).get("settings.system.volume_alarm")
        return cls.Params(_pick(rng, [v for v in range(5, VOLUME_MAX + 1) if v != current]))

    def template_values(self) -> dict[str, Any]:
        return {"level": self.params.level, "maximum": VOLUME_MAX}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting("do_not_disturb", True),
                C.setting("volume_alarm", self.params.level)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_sound")
        yield from tap_in_list(device, f"volume_alarm_step:{self.params.level}")
        yield from tap_in_list(device, "dnd_switch")


class DeviceName(_SettingsTask):
    """Rename the phone in About phone."""

    name = "device_name"
    template = "Change this phone's device name to '{new_name}'."
    phrasings = ("Rename the phone to '{new_name}'.",
                 "Call this device '{new_name}' from now on (its device name).")
    difficulty = 2
    tags = ("settings", "typing", "dialog", "scroll")

    @dataclass(frozen=True)
    class Params:
        new_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, DEVICE_NAMES))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        DeviceManager(OsState()).set_device_name(params.new_name)  # raises on a bad name

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.setting("device_name", self.params.new_name)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_about", "device_name_row")
        yield from type_and_submit(device, "device_name_input", self.params.new_name)


# --------------------------------------------------------------------------- apps
class Permission(_SettingsTask):
    """Allow or deny one app one permission (App info > Permissions, a dialog); other apps
    hold decoy permissions."""

    name = "permission"
    template = "Please {verb} {app_name} to use {what}."
    phrasings = ("In the app permissions, {verb} {app_name} to use {what}.",
                 "Change the permissions so as to {verb} {app_name} to use {what}.")
    difficulty = 2
    tags = ("settings", "dialog", "navigation")

    @dataclass(frozen=True)
    class Params:
        app_id: str
        perm: str
        grant: bool

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _apps(device)), _pick(rng, list(PERMISSION_WORDS)),
                          bool(rng.random() < 0.5))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.app_id in _apps(device), f"no app {params.app_id!r} to manage")
        _require(params.perm in PERMISSION_WORDS, f"unknown permission {params.perm!r}")

    def template_values(self) -> dict[str, Any]:
        p = self.params
        return {"verb": "allow" if p.grant else "don't allow", "app_name": _app_name(p.app_id),
                "what": PERMISSION_WORDS[p.perm]}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        _random_permissions(device, rng, (p.app_id, p.perm))
        device.kernel.permissions.set_status(
            p.app_id, p.perm, _pick(rng, ("denied", "not_requested")) if p.grant else "granted")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params

        def ops(s: OsState) -> None:
            service = PermissionService(s)
            (service.grant if p.grant else service.revoke)(p.app_id, p.perm)
        return [C.simulated(f"{p.app_id} {p.perm} {'granted' if p.grant else 'revoked'}", ops)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_apps")
        yield from tap_row(device, "app:", _app_name(self.params.app_id))
        yield O.tap(device, id="app_permissions")
        yield from tap_row(device, "perm:", PERMISSION_LABELS[self.params.perm])
        yield O.tap(device, id="perm_allow_row" if self.params.grant else "perm_deny_row")


class AppNotifications(_SettingsTask):
    """Turn an app's notifications off (or back on); another app may be blocked already."""

    name = "app_notifications"
    template = "Turn {state} notifications from the {app_name} app."
    phrasings = ("Switch {state} the {app_name} app's notifications.",
                 "I want notifications from {app_name} turned {state}.")
    difficulty = 2
    tags = ("settings", "toggle", "navigation")
    start = Start()

    @dataclass(frozen=True)
    class Params:
        app_id: str
        on: bool
        also_blocked: str | None

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        app_id, other = _sample(rng, _apps(device), 2)
        return cls.Params(app_id, bool(rng.random() < 0.4),
                          other if rng.random() < 0.5 else None)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.app_id in _apps(device) and params.also_blocked in
                 (None, *_apps(device)) and params.also_blocked != params.app_id,
                 f"bad apps in {params!r}")

    def template_values(self) -> dict[str, Any]:
        return {"state": "on" if self.params.on else "off",
                "app_name": _app_name(self.params.app_id)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        manager = NotificationManager(_os(device))
        manager.set_app_notifications(self.params.app_id, not self.params.on)
        if self.params.also_blocked:
            manager.set_app_notifications(self.params.also_blocked, False)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.simulated(f"{p.app_id} notifications {'on' if p.on else 'off'}",
                          lambda s: NotificationManager(s).set_app_notifications(p.app_id, p.on))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_apps", f"app:{self.params.app_id}", "app_notifications",
                      "app_notifications_switch")


def _grant_to(device: Device, rng: np.random.Generator, perm: str, low: int,
              high: int) -> list[str]:
    """Grants ``perm`` to ``low..high`` random apps (and decoy permissions to others)."""
    _random_permissions(device, rng, ("", ""))
    apps = _apps(device)
    chosen = _sample(rng, apps, int(rng.integers(low, high + 1)))
    for app_id in apps:
        if app_id in chosen:
            device.kernel.permissions.grant(app_id, perm)
        elif device.kernel.permissions.status(app_id, perm) == "granted":
            device.kernel.permissions.revoke(app_id, perm)
    return chosen


def _granted(state: dict[str, Any], perm: str) -> list[str]:
    return sorted(app for app, perms in state["os"]["permissions"].items()
                  if perms.get(perm) == "granted")


class RevokeEverywhere(_SettingsTask):
    """Find every app holding a permission (Permission manager) and revoke it from each."""

    name = "revoke_everywhere"
    template = "Take away {what} access from every app that has it."
    phrasings = ("No app should be allowed to use {what} any more: revoke it everywhere.",
                 "Revoke the {what} permission from all the apps that hold it.")
    difficulty = 3
    objective = "hybrid"
    tags = ("settings", "dialog", "navigation", "multi_step")

    @dataclass(frozen=True)
    class Params:
        perm: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, ("camera", "location", "microphone", "contacts")))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.perm in PERMISSION_WORDS, f"unknown permission {params.perm!r}")

    def template_values(self) -> dict[str, Any]:
        words = PERMISSION_WORDS[self.params.perm].removeprefix("the ")
        return {"what": words}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _grant_to(device, rng, self.params.perm, 2, 4)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        perm, holders = self.params.perm, _granted(initial, self.params.perm)

        def ops(s: OsState) -> None:
            for app_id in holders:
                PermissionService(s).revoke(app_id, perm)
        return [C.simulated(f"{perm} revoked from {', '.join(holders)}", ops)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_apps", "nav_permission_manager",
                      f"perm_manager:{self.params.perm}")
        while True:  # the Allowed section lists the holders; each one denied leaves it
            holder = O.find(device, where=lambda n: (n["id"] or "").startswith("perm_app:")
                            and n["text"].endswith(" Allowed"))
            if holder is None:
                return
            yield O.tap(device, holder)
            yield O.tap(device, id="perm_deny_row")


class _BatteryUsage(_SettingsTask):
    """Per seed, ``top_app`` has used the most battery since the last full charge."""

    @dataclass(frozen=True)
    class Params:
        top_app: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _apps(device)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.top_app in _apps(device), f"no app {params.top_app!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        battery = BatteryManager(_os(device))
        shares = _sample(rng, list(range(2, 20)), len(_apps(device)))
        for app_id, share in zip(_apps(device), shares, strict=True):
            battery.set_usage(app_id, share)
        battery.set_usage(self.params.top_app, max(shares) + int(rng.integers(2, 9)))

    def top_on_screen(self, device: Device) -> Iterator[Action]:
        """Opens Battery; returns the app id of its first usage row (the heaviest user)."""
        yield from go(device, "nav_battery")
        rows = O.find_all(device, where=lambda n: (n["id"] or "").startswith("usage:"))
        return rows[0]["id"].split(":", 1)[1]  # in paint order: the list's first row


class MuteBatteryHog(_BatteryUsage):
    """Find the app that used the most battery and turn its notifications off."""

    name = "mute_battery_hog"
    template = ("Turn off notifications for the app that has used the most battery since the "
                "last full charge.")
    phrasings = ("Find the app that drained the most battery since the last full charge and "
                 "mute its notifications.",
                 "Whichever app has used the most battery since the last charge: switch its "
                 "notifications off.")
    difficulty = 3
    objective = "hybrid"
    tags = ("settings", "toggle", "navigation", "multi_step")
    start = Start()

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        app_id = self.params.top_app
        return [C.simulated(f"{app_id} notifications off",
                          lambda s: NotificationManager(s).set_app_notifications(app_id, False))]

    def oracle(self, device: Device) -> Iterator[Action]:
        top = yield from self.top_on_screen(device)
        yield A.back()
        yield from go(device, "nav_notifications", f"notif_switch:{top}")


# --------------------------------------------------------------------------- questions
class _Query(_SettingsTask):
    objective = "query"
    difficulty = 2
    tags = ("settings", "navigation")


class BatteryLevel(_Query):
    """The battery level: the status bar shows it on every screen."""

    name = "battery_level"
    template = "About how many hours of battery does the phone have left, according to Settings?"
    phrasings = ("How many hours of battery life are left, as Settings estimates it?",
                 "According to Settings, roughly how many hours will the battery still last?")
    difficulty = 1
    max_steps = 14
    tags = ("settings",)
    start = Start()

    @dataclass(frozen=True)
    class Params:
        level: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(rng.integers(10, 100)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(0 <= params.level <= 100, f"battery level must be 0..100, got {params.level}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.set_preference("battery_level", self.params.level)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        level = initial["os"]["hardware"]["battery"]["level"]
        return [C.answer_number(int(level * HOURS_PER_PERCENT), unit="h")]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from open_settings(device)
        summary = O.node(device, id="nav_battery")["text"]  # "Battery 78% · About 15 hr left"
        yield A.answer(summary.split(" · ", 1)[1].removesuffix(" left"))


def _join_random(device: Device, rng: np.random.Generator) -> None:
    """Per seed, the phone is on one of the networks in range (it knew the password)."""
    _join(device, _pick(rng, _nearby(device))["id"])


def _join(device: Device, ssid: str) -> None:
    net = next(n for n in _nearby(device) if n["id"] == ssid)
    _net(device).connect_wifi(net["id"], net["password"] or None)


class _OnNetwork(_SettingsTask):
    """Per seed, the phone is on one of the networks in range (``ssid``, not told)."""

    @dataclass(frozen=True)
    class Params:
        ssid: str | None = None  # None: drawn from the episode's rng

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _nearby(device))["id"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.ssid in (None, *(n["id"] for n in _nearby(device))),
                 f"no network {params.ssid!r} in range")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        if self.params.ssid is None:
            _join_random(device, rng)
        else:
            _join(device, self.params.ssid)


class ConnectedNetwork(_Query, _OnNetwork):
    """Which Wi-Fi network the phone is on (varies per seed)."""

    name = "connected_network"
    template = "Which Wi-Fi network is the phone connected to?"
    phrasings = ("What's the name of the Wi-Fi network the phone is on right now?",
                 "Tell me which Wi-Fi network this phone is using.")
    elsewhere = True

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_text(initial["os"]["hardware"]["wifi"]["ssid"], rivals=[
            C.at("os.hardware.wifi.saved_networks[*].ssid"),
            C.at("os.hardware.wifi.nearby[*].ssid")])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_network", "nav_internet")
        yield A.answer(connected_row(device)["id"].split(":", 1)[1])


def connected_row(device: Device) -> O.Node:
    """The Internet page's row of the connected network (it leads the list)."""
    return O.node(device, where=lambda n: (n["id"] or "").startswith("wifi:")
                  and n["text"].endswith(" Connected"))


class IpAddress(_Query, _OnNetwork):
    """The phone's IP address on its current network (Network details)."""

    name = "ip_address"
    template = "What IP address does the phone have on its current Wi-Fi network?"
    phrasings = ("Find the phone's IP address on the Wi-Fi network it is connected to.",
                 "Which IP address has the connected Wi-Fi network given this phone?")
    elsewhere = True

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        # an address is unambiguous inside a sentence ("It's 192.168.44.114")
        # one IP address, the right one ("192.168.0.12 or 192.168.0.1" names two)
        return [C.answer_code(initial["os"]["hardware"]["wifi"]["ip_address"], IP_ADDRESS)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_network", "nav_internet")
        yield O.tap(device, connected_row(device))
        yield from answer_from(device, "wifi_ip")


class AndroidVersion(_Query):
    """The Android version in About phone (varies per seed)."""

    name = "android_version"
    template = "Which Android version is this phone running?"
    phrasings = ("What version of Android is installed on this phone?",
                 "Check About phone: which Android version does it have?")
    elsewhere = True

    @dataclass(frozen=True)
    class Params:
        version: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, BUILD_VERSIONS))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.version.isdigit(), f"an Android version is a number, got "
                                           f"{params.version!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        DeviceManager(_os(device)).set_build_info("android_version", self.params.version)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(float(initial["os"]["hardware"]["build"]["android_version"]))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_about")
        found = yield from O.scroll_to(device, id="android_version")
        yield A.answer(found["text"])


STORED = ("images", "videos", "audio", "documents")  # the categories a seed varies


def _vary_storage(device: Device, rng: np.random.Generator) -> None:
    storage = StorageManager(_os(device))
    for category in STORED:
        storage.set_category(category, round(float(rng.uniform(0.5, 20)), 1))


class StorageUsed(_Query):
    """Used storage in GB (the main list shows a percentage and the free space)."""

    name = "storage_used"
    template = "How many GB of storage are used on this phone?"
    phrasings = ("How much storage, in GB, is in use on the phone?",
                 "Tell me how many gigabytes of the phone's storage are taken.")
    difficulty = 1
    max_steps = 14

    @dataclass(frozen=True)
    class Params:
        sizes: tuple[float, ...] = ()  # GB of images, videos, audio, documents (() keeps them)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(tuple(round(float(rng.uniform(0.5, 20)), 1) for _ in STORED))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(len(params.sizes) in (0, len(STORED)) and all(0 <= x <= 30 for x in params.sizes),
                 f"sizes must be {len(STORED)} sizes of 0..30 GB (or none)")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        storage = StorageManager(_os(device))
        for category, gb in zip(STORED, self.params.sizes, strict=False):
            storage.set_category(category, gb)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(initial["os"]["hardware"]["storage"]["used_gb"], 0.05, unit="GB")]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_storage")
        yield from answer_from(device, "storage_used")


class StorageCategory(_Query):
    """How much space one kind of file takes (Storage's categories)."""

    name = "storage_category"
    template = "How many GB of storage do {what} take up?"
    phrasings = ("How much space, in GB, do {what} use on this phone?",
                 "Tell me the storage taken by {what}, in GB.")
    difficulty = 1
    max_steps = 14

    @dataclass(frozen=True)
    class Params:
        category: Literal["images", "videos", "audio", "documents", "apps"]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        # the categories a seed varies (apps keep their factory size)
        return cls.Params(_pick(rng, ["images", "videos", "audio", "documents"]))

    def template_values(self) -> dict[str, Any]:
        return {"what": STORAGE_LABELS[self.params.category]}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _vary_storage(device, rng)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        size = initial["os"]["hardware"]["storage"]["categories"][self.params.category]
        return [C.answer_number(size, 0.05, unit="GB")]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_storage")
        found = yield from O.scroll_to(device, id=f"storage:{self.params.category}")
        yield A.answer(found["text"].rsplit(" ", 2)[-2] + " GB")


class PermissionHolders(_Query):
    """Which apps hold a permission (per-seed grants; decoys hold others)."""

    name = "permission_holders"
    template = "Which apps are allowed to use {what}?"
    phrasings = ("List the apps that have permission to use {what}.",
                 "Which of my apps may access {what}?")
    difficulty = 2
    elsewhere = True
    tags = ("settings", "navigation", "counting")

    @dataclass(frozen=True)
    class Params:
        perm: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, ("camera", "location", "microphone", "contacts")))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _require(params.perm in PERMISSION_WORDS, f"unknown permission {params.perm!r}")

    def template_values(self) -> dict[str, Any]:
        return {"what": PERMISSION_WORDS[self.params.perm]}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _grant_to(device, rng, self.params.perm, 1, 3)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_items([_app_name(a) for a in _granted(initial, self.params.perm)],
                               rivals=APP_NAMES)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_apps", "nav_permission_manager",
                      f"perm_manager:{self.params.perm}")
        allowed = [n["text"].removesuffix(" Allowed") for n in device.ui_tree()
                   if (n["id"] or "").startswith("perm_app:") and n["text"].endswith(" Allowed")]
        yield A.answer(", ".join(allowed))


class BatteryHog(_BatteryUsage):
    """The app that used the most battery since the last full charge."""

    name = "battery_hog"
    template = "Which app has used the most battery since the last full charge?"
    phrasings = ("Since the last full charge, which app has drained the most battery?",
                 "Tell me the app that has used the most battery since the phone was last fully "
                 "charged.")
    elsewhere = True

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        super().initialize(device, rng)
        _settings_on_page_two(device)
    objective = "query"
    tags = ("settings", "navigation")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        usage = initial["os"]["hardware"]["battery"]["usage"]
        name = _app_name(max(usage, key=lambda u: u["percent"])["id"])
        return [C.answer_text(name, rivals=APP_NAMES)]

    def oracle(self, device: Device) -> Iterator[Action]:
        top = yield from self.top_on_screen(device)
        yield A.answer(_app_name(top))


class PairedCount(_Query):
    """How many Bluetooth devices are saved (some forgotten per seed; the list scrolls)."""

    name = "paired_count"
    template = "How many Bluetooth devices are saved on this phone?"
    phrasings = ("How many Bluetooth devices has this phone been paired with (saved devices)?",
                 "Count the saved Bluetooth devices on the phone.")
    tags = ("settings", "counting", "scroll")

    @dataclass(frozen=True)
    class Params:
        forget: tuple[str, ...]
        pair: tuple[str, ...] = ()  # nearby devices paired before the episode

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        ids = [d["id"] for d in _paired(device)]
        near = [d["id"] for d in _os(device).get("hardware.bluetooth.nearby")]
        # the count first, uniformly (1 .. all), then how many are forgotten and paired
        count = int(rng.integers(1, len(ids) + len(near) + 1))
        paired = _pick(rng, [p for p in range(len(near) + 1) if 0 <= len(ids) + p - count
                             < len(ids)])
        return cls.Params(tuple(_sample(rng, ids, len(ids) + paired - count)),
                          tuple(_sample(rng, near, paired)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        ids = {d["id"] for d in _paired(device)}
        near = {d["id"] for d in _os(device).get("hardware.bluetooth.nearby")}
        _require(set(params.forget) <= ids, f"unknown devices in {params.forget}")
        _require(set(params.pair) <= near, f"no such nearby devices in {params.pair}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for address in self.params.forget:
            _net(device).forget_bluetooth(address)
        for address in self.params.pair:
            _net(device).pair_bluetooth(address)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(initial["os"]["hardware"]["bluetooth"]["paired_devices"]))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go(device, "nav_bluetooth")
        seen: set[str] = set()
        for _ in range(4):
            seen |= {n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("bt:")}
            yield O.scroll_down()
        seen |= {n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("bt:")}
        yield A.answer(str(len(seen)))
