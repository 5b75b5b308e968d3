"""The status bar (virtual-clock time, connectivity and battery) and the gesture bar."""

from __future__ import annotations

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
    g = k.os_state.get("settings.global")
    hw = k.os_state.get("hardware")
    level = int(hw["battery"]["level"])
    icons: list[View] = []
    if g["bluetooth_on"]:
        icons.append(icon("bluetooth-b", 12, fg, id="sb_bluetooth", role="status_icon",
                          label="Bluetooth on"))
    if g["airplane_mode"]:
        icons.append(icon("plane", 12, fg, id="sb_airplane", role="status_icon",
                          label="Airplane mode"))
    elif g["mobile_data_on"]:
        icons.append(icon("signal", 12, fg, id="sb_cellular", role="status_icon",
                          label=f"Cellular {hw['cellular']['network_type']}"))
    if g["wifi_on"] and hw["wifi"]["connected"]:
        icons.append(icon("wifi", 12, fg, id="sb_wifi", role="status_icon", label="Wi-Fi"))
    if hw["battery"]["charging"]:
        icons.append(icon("bolt", 11, fg))
    return row(
        text(k.clock.format("%H:%M"), 14, "medium", fg, id="sb_clock"),
        spacer(),
        *icons,
        text(f"{level}%", 13, "medium", fg, id="sb_battery"),
        icon(battery_icon(level), 16, fg, w=24),
        w=FILL, h=T.STATUS_BAR_H, pad=(20, 0, 16, 0), gap=6, bg=bg, id="status_bar",
        gravity="top-left",
    )


def gesture_bar(fg: str = "#1F1F1F", bg: str | None = None) -> View:
    pill = View("box", w=108, h=4, radius=2, bg=fg, gravity="center")
    return stack(pill, w=FILL, h=T.GESTURE_BAR_H, bg=bg, gravity="bottom-left",
                 id="gesture_bar")


