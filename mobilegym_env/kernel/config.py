"""The simulator's own configuration (the original's SIMULATOR_CONFIG): not device data.

``KernelConfig`` says how a device boots: the virtual time and time zone, the location preset,
and sections a task may override: ``display``, ``locale``, ``intent`` (chooser behaviour),
``build`` and ``telephony`` info, and ``hardware`` flags. A section left at its default
changes nothing, so the factory device stays as ``os_state.default_os_state`` describes it.

A task overrides sections with plain data, validated before anything boots::

    config = KernelConfig(start_ms=...).with_overrides(
        {"locale": {"language": "de-DE", "tz_offset_minutes": 60},
         "intent": {"chooser": "first_match"},
         "build": {"android_version": "13"}})
    kernel = Kernel.boot(config)

Boot applies the device-facing sections through the managers (so values are clamped and
checked as a user's would be), before a task's ``initialize`` runs: they are part of the
episode's initial state, never a change the judge sees. They are written to the persisted
model, so they survive a reboot, like the original's ``__os_scenario_overrides__``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .clock import VirtualClock
from .location import LOCATION_PRESETS
from .managers import (
    ConnectivityManager,
    DeviceManager,
    DisplayManager,
    HardwareManager,
    set_language,
)
from .os_state import OsState

# 2026-03-02 09:00:00 UTC: a Monday morning, so calendars and alarms start somewhere ordinary.
DEFAULT_START_MS = 1_772_442_000_000
CHOOSER_MODES = ("always", "first_match")


@dataclass(frozen=True)
class DisplayConfig:
    """Display settings the device boots with (None: the factory value)."""

    dark_mode: bool | None = None
    font_scale: float | None = None
    brightness: int | None = None


@dataclass(frozen=True)
class LocaleConfig:
    """The system language tag (None: the factory ``en-US``)."""

    language: str | None = None


@dataclass(frozen=True)
class IntentConfig:
    """How intents resolve: ``chooser="always"`` shows the chooser when several apps match
    (the default); ``"first_match"`` starts the first of them, as if it were the default app."""

    chooser: Literal["always", "first_match"] = "always"

    def __post_init__(self) -> None:
        if self.chooser not in CHOOSER_MODES:
            raise ValueError(f"intent.chooser must be one of {CHOOSER_MODES}, "
                             f"got {self.chooser!r}")


@dataclass(frozen=True)
class BuildConfig:
    """About-phone build info (None: the factory value)."""

    model: str | None = None
    android_version: str | None = None
    build_number: str | None = None
    security_patch: str | None = None
    baseband: str | None = None


@dataclass(frozen=True)
class TelephonyConfig:
    """The mobile network (None: the factory value): carrier name, network type (``"5G"``,
    ``"LTE"``...), signal bars 0..4 (0: no service, so mobile data cannot connect)."""

    carrier: str | None = None
    network_type: str | None = None
    signal: int | None = None


@dataclass(frozen=True)
class HardwareConfig:
    """Hardware flags and the Bluetooth surroundings (None: the factory value)."""

    vpn_on: bool | None = None
    headset_plugged: bool | None = None
    alarm_active: bool | None = None
    bluetooth_nearby: str | None = None  # a preset of os_state.BLUETOOTH_NEARBY_PRESETS


SECTIONS: dict[str, type] = {"display": DisplayConfig, "locale": LocaleConfig,
                             "intent": IntentConfig, "build": BuildConfig,
                             "telephony": TelephonyConfig, "hardware": HardwareConfig}
_TYPES = {"bool | None": (bool,), "float | None": (int, float), "int | None": (int,),
          "str | None": (str,)}


@dataclass(frozen=True)
class KernelConfig:
    """How the simulated device boots.

    Attributes:
        start_ms: Virtual time at boot (ms since the Unix epoch, UTC) (section ``time``).
        tz_offset_minutes: The local time zone's offset from UTC (section ``time``).
        location_preset: A ``location.LOCATION_PRESETS`` key (section ``location``).
        display, locale, intent, build, telephony, hardware: The other sections.
    """

    start_ms: int = DEFAULT_START_MS
    tz_offset_minutes: int = 0
    location_preset: str = "san_francisco"
    display: DisplayConfig = field(default_factory=DisplayConfig)
    locale: LocaleConfig = field(default_factory=LocaleConfig)
    intent: IntentConfig = field(default_factory=IntentConfig)
    build: BuildConfig = field(default_factory=BuildConfig)
    telephony: TelephonyConfig = field(default_factory=TelephonyConfig)
    hardware: HardwareConfig = field(default_factory=HardwareConfig)

    def with_overrides(self, overrides: Mapping[str, Mapping[str, Any]] | None) -> KernelConfig:
        """A copy with some fields of some sections replaced.

        Args:
            overrides: ``{section: {field: value}}``; sections are ``time`` (``start_ms``,
                ``tz_offset_minutes``), ``location`` (``preset``) and those of
                :data:`SECTIONS`.

        Raises:
            KeyError: An unknown section or field.
            ValueError: A value of the wrong type or out of range.
        """
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise ValueError(f"config overrides must be a dict of sections, got {overrides!r}")
        changes: dict[str, Any] = {}
        for section, values in overrides.items():
            if not isinstance(values, Mapping):
                raise ValueError(f"config section {section!r} must be a dict, got {values!r}")
            if section == "time":
                changes.update(_fields(section, values, {"start_ms": "start_ms",
                                                         "tz_offset_minutes": "tz_offset_minutes"}))
            elif section == "location":
                changes.update(_fields(section, values, {"preset": "location_preset"}))
            elif section in SECTIONS:
                current = getattr(self, section)
                names = {f.name: f.name for f in dataclasses.fields(current)}
                replaced = _fields(section, values, names)
                for f in dataclasses.fields(current):
                    if f.name in replaced:
                        _check_type(section, f.name, replaced[f.name], str(f.type))
                changes[section] = dataclasses.replace(current, **replaced)
            else:
                raise KeyError(f"unknown config section {section!r}; expected one of "
                               f"{['time', 'location', *SECTIONS]}")
        config = dataclasses.replace(self, **changes)
        config.check()
        return config

    def check(self) -> None:
        """Raises ``ValueError`` naming the first bad field (time, location, telephony)."""
        VirtualClock(self.start_ms, self.tz_offset_minutes)  # validates both
        if not isinstance(self.location_preset, str) \
                or self.location_preset not in LOCATION_PRESETS:
            raise ValueError(f"unknown location preset {self.location_preset!r}; expected one "
                             f"of {sorted(LOCATION_PRESETS)}")
        t = self.telephony
        if t.signal is not None and not 0 <= t.signal <= 4:
            raise ValueError(f"telephony.signal must be 0..4 bars, got {t.signal}")
        for name in ("carrier", "network_type"):
            if getattr(t, name) is not None and not getattr(t, name).strip():
                raise ValueError(f"telephony.{name} must not be blank")

    def apply(self, os_state: OsState) -> None:
        """Writes the device-facing sections into the device model, through its managers
        (boot; a section at its defaults writes nothing).

        Raises:
            ValueError: A value a manager refuses (a blank build field, an unknown preset).
        """
        d, h = self.display, self.hardware
        display, hardware = DisplayManager(os_state), HardwareManager(os_state)
        for value, setter in ((d.dark_mode, display.set_dark_mode),
                              (d.font_scale, display.set_font_scale),
                              (d.brightness, display.set_brightness),
                              (self.locale.language, functools.partial(set_language, os_state)),
                              (h.vpn_on, hardware.set_vpn),
                              (h.headset_plugged, hardware.set_headset),
                              (h.alarm_active, hardware.set_alarm_active),
                              (h.bluetooth_nearby,
                               ConnectivityManager(os_state).set_bluetooth_nearby)):
            if value is not None:
                setter(value)
        for f in dataclasses.fields(self.build):
            value = getattr(self.build, f.name)
            if value is not None:
                DeviceManager(os_state).set_build_info(f.name, value)
        for f in dataclasses.fields(self.telephony):
            value = getattr(self.telephony, f.name)
            if value is not None:
                os_state._set(("hardware", "cellular", f.name), value)


def _fields(section: str, values: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    unknown = sorted(set(values) - set(names))
    if unknown:
        raise KeyError(f"unknown field(s) {unknown} in config section {section!r}; expected "
                       f"{sorted(names)}")
    return {names[k]: v for k, v in values.items()}


def _check_type(section: str, name: str, value: Any, annotation: str) -> None:
    """Checks a section field's value against its annotation (a Literal field is checked by
    its section's ``__post_init__``); a bool is no number here."""
    types = _TYPES.get(annotation)
    if types is None or value is None:
        return
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        raise ValueError(f"config {section}.{name} must be {annotation}, got {value!r}")
