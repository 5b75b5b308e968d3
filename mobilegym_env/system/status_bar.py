"""The status bar (virtual-clock time, notification icons, connectivity and battery) and the
gesture bar."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..ui import theme as T
from ..ui.view import FILL, View, icon, row, spacer, stack, text

if TYPE_CHECKING:
    from ..kernel import Kernel

# Locales whose clock is 12-hour (language tag or its region); the rest use 24 hours.
TWELVE_HOUR_TAGS = frozenset({"en-US", "en-CA", "en-AU", "en-NZ", "en-IN", "en-PH", "es-MX",
                              "es-US", "hi-IN", "bn-IN", "ar-EG", "ar-SA", "ko-KR", "zh-TW"})
LOW_BATTERY = 15  # at or below it the battery turns red (unless charging), as on a Pixel
BATTERY_RED = T.ERROR
MAX_NOTIFICATION_ICONS = 3  # more apps than this show a dot after the last icon


def uses_12_hour(language: str) -> bool:
    return language in TWELVE_HOUR_TAGS


def clock_text(k: Kernel, seconds: bool = False) -> str:
    """The time as the status bar shows it: ``9:05`` in a 12-hour locale (no AM/PM, as on a
    Pixel), ``09:05`` in a 24-hour one."""
    now = k.clock.local_datetime()
    if uses_12_hour(str(k.os_state.get("settings.global.language"))):
        return f"{(now.hour % 12) or 12}:{now.minute:02d}"
    return f"{now.hour:02d}:{now.minute:02d}"


def battery_icon(level: int) -> str:
    steps = ["battery-empty", "battery-quarter", "battery-half", "battery-three-quarters",
             "battery-full"]
    return steps[min(max(level, 0), 100) * 4 // 100 if level < 100 else 4]


def notification_apps(k: Kernel) -> tuple[str, ...]:
    """The apps with a notification in the shade, newest first, each once."""
    apps: list[str] = []
    for n in k.notifications.items:
        if n.app_id not in apps:
            apps.append(n.app_id)
    return tuple(apps)


def _radios(k: Kernel) -> tuple:
    """What the right-hand icons show: (flags, bluetooth, wifi, airplane, cellular, charging)."""
    get = k.os_state.get  # scalar leaves: read without copying whole subtrees every frame
    airplane = bool(get("settings.global.airplane_mode"))
    cellular = None if airplane or not get("settings.global.mobile_data_on") \
        else get("hardware.cellular.network_type")
    wifi = bool(get("settings.global.wifi_on") and get("hardware.wifi.connected"))
    # the alarm icon: an alarm clock is set (not a timer or a reminder), or one rings
    alarm = bool(get("hardware.alarm_active")) or k.alarms.next_alarm_clock() is not None
    flags = (alarm, bool(get("settings.system.do_not_disturb")),
             bool(get("hardware.headset_plugged")), k.network.state()["vpn"])
    return (flags, bool(get("settings.global.bluetooth_on")), wifi, airplane, cellular,
            bool(get("hardware.battery.charging")))


def status_bar(k: Kernel, fg: str = T.TEXT, bg: str | None = None) -> View:
    apps = notification_apps(k)
    notes = tuple((a, *_app_glyph(k, a)) for a in apps[:MAX_NOTIFICATION_ICONS])
    return _status_bar(clock_text(k), int(k.os_state.get("hardware.battery.level")),
                       _radios(k), fg, bg, notes, len(apps) > MAX_NOTIFICATION_ICONS)


def status_icons(k: Kernel, fg: str, prefix: str = "sb_") -> list[View]:
    """The flag and radio icons (alarm, DND, Bluetooth, Wi-Fi, cellular...): ``<prefix>wifi``..."""
    return _icons(*_radios(k), fg, prefix)


def _app_glyph(k: Kernel, app_id: str) -> tuple[str, str]:
    """(icon name, app name) of an app, or a bell for one that is not installed."""
    if app_id in k.packages:
        m = k.packages.manifest(app_id)
        return m.icon, m.name
    return "bell", app_id


# flags shown left of the radios: (icon, node id, label)
FLAG_ICONS = (("alarm", "alarm", "Alarm set"), ("circle-minus", "dnd", "Do not disturb"),
              ("headphones", "headset", "Headset"), ("key", "vpn", "VPN on"))


def _icons(flags: tuple[bool, ...], bluetooth: bool, wifi: bool, airplane: bool,
           cellular: str | None, charging: bool, fg: str, prefix: str) -> list[View]:
    shown = [(name, node, label) for (name, node, label), on in zip(FLAG_ICONS, flags,
                                                                     strict=True) if on]
    if bluetooth:
        shown.append(("bluetooth-b", "bluetooth", "Bluetooth on"))
    if wifi:
        shown.append(("wifi", "wifi", "Wi-Fi"))
    if airplane:
        shown.append(("plane", "airplane", "Airplane mode"))
    elif cellular:
        shown.append(("signal", "cellular", f"Cellular {cellular}"))
    icons = [icon(name, 12, fg, id=f"{prefix}{node}", role="status_icon", label=label)
             for name, node, label in shown]
    if charging:
        icons.append(icon("bolt", 11, fg))
    return icons


@functools.lru_cache(maxsize=64)
def _status_bar(clock: str, level: int, radios: tuple, fg: str, bg: str | None,
                notes: tuple[tuple[str, str, str], ...] = (), more: bool = False) -> View:
    """Built once per distinct look and reused (with its layout and pixels) across frames."""
    left: list[View] = [icon(name, 12, fg, id=f"sb_notification:{app}", role="status_icon",
                             label=f"{label} notification") for app, name, label in notes]
    if more:
        left.append(View("box", w=4, h=4, radius=2, bg=fg, id="sb_more_notifications",
                         role="status_icon", label="More notifications"))
    charging = radios[-1]
    low = level <= LOW_BATTERY and not charging
    return row(
        text(clock, 14, "medium", fg, id="sb_clock"),
        row(*left, gap=4, pad=(6, 0, 0, 0)) if left else None,
        spacer(),
        *_icons(*radios, fg, "sb_"),
        text(f"{level}%", 13, "medium", fg, id="sb_battery"),
        icon(battery_icon(level), 16, BATTERY_RED if low else fg, w=24, id="sb_battery_icon",
             role="status_icon", label="Battery low" if low else "Battery"),
        w=FILL, h=T.STATUS_BAR_H, pad=(20, 0, 16, 0), gap=6, bg=bg, id="status_bar",
        gravity="top-left", reuse=bg is not None and len(bg) == 7,
    )


@functools.lru_cache(maxsize=32)
def gesture_bar(fg: str = "#1F1F1F", bg: str | None = None) -> View:
    pill = View("box", w=108, h=4, radius=2, bg=fg, gravity="center")
    return stack(pill, w=FILL, h=T.GESTURE_BAR_H, bg=bg, gravity="bottom-left",
                 id="gesture_bar", reuse=bg is not None and len(bg) == 7)
