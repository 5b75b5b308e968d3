"""The status bar (virtual-clock time, connectivity and battery) and the gesture bar."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..ui import theme as T
from ..ui.view import FILL, View, icon, row, spacer, stack, text

if TYPE_CHECKING:
    from ..kernel import Kernel


def battery_icon(level: int) -> str:
    steps = ["battery-empty", "battery-quarter", "battery-half", "battery-three-quarters",
             "battery-full"]
    return steps[min(max(level, 0), 100) * 4 // 100 if level < 100 else 4]


def status_bar(k: Kernel, fg: str = T.TEXT, bg: str | None = None) -> View:
    get = k.os_state.get  # scalar leaves: read without copying whole subtrees every frame
    airplane = bool(get("settings.global.airplane_mode"))
    cellular = None if airplane or not get("settings.global.mobile_data_on") \
        else get("hardware.cellular.network_type")
    wifi = bool(get("settings.global.wifi_on") and get("hardware.wifi.connected"))
    flags = (bool(get("hardware.alarm_active")), bool(get("hardware.headset_plugged")),
             k.network.state()["vpn"])
    return _status_bar(k.clock.format("%H:%M"), int(get("hardware.battery.level")),
                       bool(get("hardware.battery.charging")),
                       bool(get("settings.global.bluetooth_on")), airplane, cellular, wifi,
                       fg, bg, flags)


# hardware flags shown left of the radios: (icon, node id, label)
FLAG_ICONS = (("clock", "sb_alarm", "Alarm ringing"), ("headphones", "sb_headset", "Headset"),
              ("key", "sb_vpn", "VPN on"))


@functools.lru_cache(maxsize=64)
def _status_bar(clock: str, level: int, charging: bool, bluetooth: bool, airplane: bool,
                cellular: str | None, wifi: bool, fg: str, bg: str | None,
                flags: tuple[bool, bool, bool] = (False, False, False)) -> View:
    """Built once per distinct look and reused (with its layout and pixels) across frames."""
    icons: list[View] = [icon(name, 12, fg, id=node, role="status_icon", label=label)
                         for (name, node, label), on in zip(FLAG_ICONS, flags, strict=True)
                         if on]
    if bluetooth:
        icons.append(icon("bluetooth-b", 12, fg, id="sb_bluetooth", role="status_icon",
                          label="Bluetooth on"))
    if airplane:
        icons.append(icon("plane", 12, fg, id="sb_airplane", role="status_icon",
                          label="Airplane mode"))
    elif cellular:
        icons.append(icon("signal", 12, fg, id="sb_cellular", role="status_icon",
                          label=f"Cellular {cellular}"))
    if wifi:
        icons.append(icon("wifi", 12, fg, id="sb_wifi", role="status_icon", label="Wi-Fi"))
    if charging:
        icons.append(icon("bolt", 11, fg))
    return row(
        text(clock, 14, "medium", fg, id="sb_clock"),
        spacer(),
        *icons,
        text(f"{level}%", 13, "medium", fg, id="sb_battery"),
        icon(battery_icon(level), 16, fg, w=24),
        w=FILL, h=T.STATUS_BAR_H, pad=(20, 0, 16, 0), gap=6, bg=bg, id="status_bar",
        gravity="top-left", reuse=bg is not None and len(bg) == 7,
    )


@functools.lru_cache(maxsize=32)
def gesture_bar(fg: str = "#1F1F1F", bg: str | None = None) -> View:
    pill = View("box", w=108, h=4, radius=2, bg=fg, gravity="center")
    return stack(pill, w=FILL, h=T.GESTURE_BAR_H, bg=bg, gravity="bottom-left",
                 id="gesture_bar", reuse=bg is not None and len(bg) == 7)


