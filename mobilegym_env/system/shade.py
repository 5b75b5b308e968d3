"""The notification shade: quick-settings tiles, brightness, and the notification list."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..kernel.media import MediaSession, clock_text
from ..ui import theme as T
from ..ui.components import progress_bar, scrim
from ..ui.layout import measure
from ..ui.view import FILL, View, button, col, icon, icon_button, row, scroll, spacer, stack, text

if TYPE_CHECKING:
    from ..kernel import Kernel

NOTIFICATION_ID = "notification:"
CLEAR_ROW_H = 40

# (label, icon, preference key, os_state path)
TILES = (
    ("Wi-Fi", "wifi", "wifi", "settings.global.wifi_on"),
    ("Bluetooth", "bluetooth-b", "bluetooth", "settings.global.bluetooth_on"),
    ("Airplane mode", "plane", "airplane_mode", "settings.global.airplane_mode"),
    ("Mobile data", "signal", "mobile_data", "settings.global.mobile_data_on"),
    ("Do not disturb", "moon", "do_not_disturb", "settings.system.do_not_disturb"),
    ("Location", "location-dot", "location", "settings.global.location_on"),
    ("Dark theme", "circle-half-stroke", "dark_mode", "settings.system.dark_mode"),
    ("Battery saver", "battery-half", "power_save", "hardware.battery.power_save"),
)


def _toggle(k: Kernel, key: str, path: str) -> None:
    k.set_preference(key, not k.os_state.get(path))


def _tile(k: Kernel, label: str, icon_name: str, key: str, path: str) -> View:
    on = bool(k.os_state.get(path))
    fg = T.ON_ACCENT if on else T.TEXT
    return col(
        icon(icon_name, 18, fg, w=56, h=48, radius=16, bg=T.ACCENT if on else "#E3E6EC"),
        text(label, 11, color=T.TEXT, text_align="center", w=80, role=None),
        w=80, align="center", gap=6, on_tap=functools.partial(_toggle, k, key, path),
        role="switch", checked=on, label=label, id=f"qs:{key}",
    )


def _brightness(k: Kernel) -> View:
    level = int(k.os_state.get("settings.system.brightness"))
    segments = []
    for i in range(10):
        value = (i + 1) * 10
        segments.append(View("box", w=FILL, h=FILL, bg=T.ACCENT if value <= max(level, 10)
                             else "#D5DAE3", on_tap=functools.partial(k.set_preference,
                             "brightness", value), label=f"Brightness {value}%",
                             role="slider_step", id=f"brightness:{value}"))
    return row(icon("sun", 14, T.TEXT_SECONDARY),
               row(*segments, w=FILL, h=28, radius=14, gap=2, id="brightness_slider",
                   label=f"Brightness {level}%", role="slider"),
               h=40, gap=12, pad=(20, 0))


def _notification(k: Kernel, n) -> View:
    m = k.packages.manifest(n.app_id) if n.app_id in k.packages else None
    return col(
        row(icon(m.icon if m else "bell", 11, m.color if m else T.TEXT_SECONDARY),
            text(m.name if m else n.app_id, 11, color=T.TEXT_SECONDARY, role=None), gap=6),
        text(n.title, 15, "medium", T.TEXT),
        text(n.body, 13, color=T.TEXT_SECONDARY, max_lines=2) if n.body else None,
        bg=T.SURFACE, radius=20, pad=(16, 12), gap=4,
        on_tap=functools.partial(k.open_notification, n.id), role="notification",
        id=f"{NOTIFICATION_ID}{n.id}",
    )


def _open_player(k: Kernel, s: MediaSession) -> None:
    """A tap on the media notification opens the player (its page is not pushed twice)."""
    task = k.tasks.task_for_app(s.app_id)
    showing = task is not None and task.top.app_id == s.app_id and task.top.route == s.route
    k.open_app(s.app_id, None if showing else s.route)


def media_card(k: Kernel) -> View | None:
    """The media notification: the session that holds the audio focus (or was used last),
    with previous / play-pause / next, and a close button once paused. Media notifications
    are silent (no heads-up), as on Android."""
    s = k.media.current
    if s is None:
        return None
    m = k.packages.manifest(s.app_id) if s.app_id in k.packages else None
    title, pos, length = k.media.title(s.track), k.media.position_ms(s.app_id), \
        k.media.duration_ms(s.track)
    media, app = k.media, s.app_id

    def button_(name: str, fn: object, label: str, node: str, main: bool = False) -> View:
        return icon_button(name, fn, label, T.ON_ACCENT if main else T.TEXT, 16,
                           bg=T.ACCENT if main else None, id=f"media:{node}")

    head = row(icon(m.icon if m else "music", 11, m.color if m else T.TEXT_SECONDARY),
               text(m.name if m else app, 11, color=T.TEXT_SECONDARY, role=None, w=FILL),
               None if s.playing else icon_button("xmark", functools.partial(media.stop, app),
                                                  "Stop playback", T.TEXT_SECONDARY, 14, w=28,
                                                  h=28, id="media:close"),
               gap=6)
    info = col(text(title, 15, "medium", T.TEXT, id="media:title"),
               text(f"{'Playing' if s.playing else 'Paused'} · {clock_text(pos)} / "
                    f"{clock_text(length)}", 12, color=T.TEXT_SECONDARY, id="media:status"),
               w=FILL, gap=2, on_tap=functools.partial(_open_player, k, s), role="button",
               label=f"Open {m.name if m else app}", id="media:open")
    buttons = row(button_("backward-step", functools.partial(media.skip, app, -1), "Previous",
                          "previous"),
                  button_("pause" if s.playing else "play", functools.partial(media.toggle, app),
                          "Pause" if s.playing else "Play", "play_pause", main=True),
                  button_("forward-step", functools.partial(media.skip, app, 1), "Next",
                          "next"), gap=4)
    return col(head, row(info, buttons, gap=8, w=FILL), progress_bar(pos, max(length, 1), h=4),
               bg=T.SURFACE, radius=20, pad=(16, 12), gap=8, role="notification",
               id="media_notification", w=FILL)


def shade(k: Kernel) -> View:
    tiles = [_tile(k, *t) for t in TILES]
    items = k.notifications.items
    # the shade covers the status bar, so its header repeats the time and date
    header = row(text(k.clock.format("%H:%M"), 14, "medium", T.TEXT, id="shade_clock"),
                 text(k.clock.local_datetime().strftime("%a, %b %-d"), 13,
                      color=T.TEXT_SECONDARY, id="shade_date"),
                 h=T.STATUS_BAR_H, pad=(20, 0), gap=8)
    panel = col(
        header,
        row(*tiles[:4], justify="between", pad=(8, 0)),
        row(*tiles[4:], justify="between", pad=(8, 0)),
        _brightness(k),
        w=FILL, bg="#F3F5F9", radius=28, pad=(0, 0, 0, 16), gap=14, id="quick_settings",
    )
    player = media_card(k)
    if items or player:
        cards = [player, *(_notification(k, n) for n in items)]
        # the list wraps its cards, but never runs past the gesture bar: then it scrolls
        room = (T.SCREEN_H - measure(panel, T.SCREEN_W)[1] - 8 - CLEAR_ROW_H
                - T.GESTURE_BAR_H)
        wanted = measure(col(*cards, gap=8, pad=(12, 4)), T.SCREEN_W)[1]
        notes: View = col(
            scroll(*cards, store=k.system_ui.ui, id="notifications", gap=8, pad=(12, 4),
                   h=room if wanted > room else None),
            row(spacer(), button("Clear all", k.notifications.clear_all, "tonal", h=32,
                                 id="clear_notifications"), pad=(12, 0), h=CLEAR_ROW_H)
            if items else None,
            w=FILL)
    else:
        notes = text("No notifications", 14, color="#FFFFFFCC", text_align="center",
                     pad=(0, 24), id="no_notifications")
    body = col(panel, notes, w=FILL, gap=8, gravity="top-left", block=True, id="shade")
    return stack(scrim(functools.partial(setattr, k.system_ui, "shade_open", False)), body,
                 w=FILL, h=FILL)


def swipe(k: Kernel, placed: list, x0: float, y0: float, x1: float, y1: float) -> str | None:
    """Swiping up closes the shade; swiping a notification sideways dismisses it."""
    dx, dy = x1 - x0, y1 - y0
    if abs(dx) > abs(dy) and abs(dx) >= 60:
        for p in reversed(placed):
            if p.view.id and p.view.id.startswith(NOTIFICATION_ID):
                r = p.visible_rect()
                if r and r[0] <= x0 < r[2] and r[1] <= y0 < r[3]:
                    k.notifications.dismiss(int(p.view.id[len(NOTIFICATION_ID):]))
                    return "dismiss_notification"
        return None
    if _in_scrolling_list(placed, x0, y0):
        return None  # the notification list scrolls under the finger
    if dy < -60:
        k.system_ui.shade_open = False
        return "close_shade"
    return None


def _in_scrolling_list(placed: list, x: float, y: float) -> bool:
    for p in placed:
        if p.view.id == "notifications" and p.view.kind == "scroll" and p.view.h is not None:
            r = p.visible_rect()
            return bool(r and r[0] <= x < r[2] and r[1] <= y < r[3])
    return False
