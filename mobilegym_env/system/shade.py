"""The notification shade, as on a Pixel: an opaque full-height panel with the clock, date and
status icons, quick-settings tiles, the brightness slider, the edit / power / settings buttons,
then the notifications (app, time, expand chevron, actions) with Manage and Clear all.

A tile's tap toggles it and its long press opens its Settings page; the power button opens the
power menu (Restart, or Power off, which a simulated phone comes back from at once).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..kernel.media import MediaSession
from ..kernel.media import clock_text as media_time
from ..ui import theme as T
from ..ui.components import progress_bar
from ..ui.layout import measure
from ..ui.view import (
    FILL,
    View,
    button,
    col,
    icon,
    icon_button,
    row,
    scroll,
    slider,
    spacer,
    stack,
    text,
)
from . import style as S
from .status_bar import battery_icon, clock_text, status_icons

if TYPE_CHECKING:
    from ..kernel import Kernel
    from ..kernel.notifications import Notification

NOTIFICATION_ID = "notification:"
CLEAR_ROW_H = 48
POWER_MENU = "power_menu"  # key in the system UI store while the power menu is open
EDITING = "qs_editing"  # ... while the tiles are being edited

# (label, icon, preference key, os_state path, the Settings page its long press opens)
TILES = (
    ("Wi-Fi", "wifi", "wifi", "settings.global.wifi_on", "/network/internet"),
    ("Bluetooth", "bluetooth-b", "bluetooth", "settings.global.bluetooth_on", "/bluetooth"),
    ("Airplane mode", "plane", "airplane_mode", "settings.global.airplane_mode", "/network"),
    ("Mobile data", "signal", "mobile_data", "settings.global.mobile_data_on",
     "/network/internet"),
    ("Do not disturb", "circle-minus", "do_not_disturb", "settings.system.do_not_disturb",
     "/sound"),
    ("Location", "location-dot", "location", "settings.global.location_on", "/location"),
    ("Dark theme", "circle-half-stroke", "dark_mode", "settings.system.dark_mode", "/display"),
    ("Battery saver", "battery-half", "power_save", "hardware.battery.power_save", "/battery"),
)
TILE_H = 60
SLIDER_STEPS = 10


def _toggle(k: Kernel, key: str, path: str) -> None:
    k.set_preference(key, not k.os_state.get(path))


def _open_settings(k: Kernel, route: str | None = None) -> None:
    """Leaves the shade for a Settings page (a tile's long press, the gear, Manage)."""
    k.system_ui.shade_open = False
    forget(k)
    k.open_app("settings", route)


def _tile_state(k: Kernel, key: str, on: bool) -> str:
    """A tile's second line: the network it is on, or On / Off."""
    get = k.os_state.get
    if key == "wifi" and on and get("hardware.wifi.connected"):
        return str(get("hardware.wifi.ssid"))
    if key == "mobile_data" and on:
        return str(get("hardware.cellular.carrier"))
    return "On" if on else "Off"


def _tile(k: Kernel, label: str, icon_name: str, key: str, path: str, page: str) -> View:
    on = bool(k.os_state.get(path))
    fg = S.TILE_ON_FG if on else S.TILE_OFF_FG
    state = _tile_state(k, key, on)
    return row(
        icon(icon_name, 18, fg, w=24, h=24),
        col(text(label, 14, "medium", fg, role=None),
            text(state, 12, color=fg if on else T.TEXT_SECONDARY, role=None), w=FILL, gap=1),
        w=FILL, h=TILE_H, gap=10, pad=(16, 0, 8, 0), radius=TILE_H // 2 - 6,
        bg=S.TILE_ON if on else S.TILE_OFF,
        on_tap=functools.partial(_toggle, k, key, path),
        on_long_press=functools.partial(_open_settings, k, page) if "settings" in k.packages
        else None,
        role="switch", checked=on, label=label, id=f"qs:{key}",
    )


def brightness_slider(k: Kernel) -> View:
    """The quick-settings brightness bar (the large M3 slider), in tenths: ``brightness:<n>``."""
    return slider(int(k.os_state.get("settings.system.brightness")), 100,
                  functools.partial(k.set_preference, "brightness"), id="brightness_slider",
                  label="Brightness", steps=SLIDER_STEPS, step_id="brightness:{}",
                  style="large", leading="sun")


def when(k: Kernel, posted_ms: int) -> str:
    """How long ago, as a notification header says it: now, 5m, 2h, 3d."""
    minutes = max(0, k.clock.now_ms() - posted_ms) // 60_000
    if minutes < 1:
        return "now"
    if minutes < 60:
        return f"{minutes}m"
    return f"{minutes // 60}h" if minutes < 24 * 60 else f"{minutes // (24 * 60)}d"


def _app(k: Kernel, app_id: str) -> tuple[str, str, str]:
    """(name, icon, colour) of the posting app; a bell for one no longer installed."""
    if app_id in k.packages:
        m = k.packages.manifest(app_id)
        return m.name, m.icon, m.color
    return app_id, "bell", T.ACCENT


def _toggle_expanded(k: Kernel, nid: int) -> None:
    ui = k.system_ui.ui
    ui[f"expanded:{nid}"] = not ui.get(f"expanded:{nid}", False)


def is_expanded(k: Kernel, nid: int) -> bool:
    return bool(k.system_ui.ui.get(f"expanded:{nid}"))


def notification_card(k: Kernel, n: Notification, kind: str, expanded: bool,
                      show_actions: bool | None = None) -> View:
    """One notification: the app's round icon, "App · 5m", the title and body, the expand
    chevron, and (expanded) the whole body and the action buttons (``show_actions`` shows
    them collapsed too, as a heads-up does). ``kind`` (``notification`` or ``heads_up``)
    names its nodes: ``<kind>:<id>``, ``<kind>_expand:<id>``, ``<kind>_action:<id>:<i>``."""
    node_id = f"{kind}:{n.id}"
    name, glyph, color = _app(k, n.app_id)
    head = row(text(name, 12, "medium", T.TEXT, role=None),
               text(f"· {when(k, n.posted_ms)}", 12, color=T.TEXT_SECONDARY, role=None),
               gap=4)
    lines = col(head, text(n.title, 14, "medium", T.TEXT, role=None),
                text(n.body, 14, color=T.TEXT_SECONDARY, max_lines=6 if expanded else 1,
                     role=None) if n.body else None, w=FILL, gap=2)
    toggle = icon_button("expand_less" if expanded else "expand_more",
                         functools.partial(_toggle_expanded, k, n.id),
                         "Collapse" if expanded else "Expand", T.TEXT, 11, w=32, h=22,
                         radius=11, bg=S.CHIP_BG, id=f"{kind}_expand:{n.id}")
    actions = row(*[
        text(a["label"], 14, "medium", T.ACCENT, pad=(12, 8), role="button",
             on_tap=functools.partial(k.run_notification_action, n.id, i),
             id=f"{kind}_action:{n.id}:{i}")
        for i, a in enumerate(n.actions)
    ], gap=4, pad=(40, 0, 0, 0)) if n.actions and (expanded if show_actions is None
                                                  else show_actions) else None
    return col(
        row(icon(glyph, 15, "#FFFFFF", w=32, h=32, radius=16, bg=color), lines,
            toggle, gap=12, align="start", w=FILL),
        actions,
        w=FILL, bg=S.CARD_BG, radius=24, pad=(14, 14, 12, 12 if actions else 14), gap=4,
        on_tap=functools.partial(k.open_notification, n.id), role="notification",
        id=node_id, label=" ".join(t for t in (name, n.title, n.body) if t),
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
    name, glyph, color = _app(k, s.app_id)
    title, pos, length = k.media.title(s.track), k.media.position_ms(s.app_id), \
        k.media.duration_ms(s.track)
    media, app = k.media, s.app_id

    def button_(icon_name: str, fn: object, label: str, node: str, main: bool = False) -> View:
        return icon_button(icon_name, fn, label, S.TILE_ON_FG if main else T.TEXT, 16,
                           bg=S.TILE_ON if main else None, id=f"media:{node}")

    head = row(icon(glyph, 12, "#FFFFFF", w=22, h=22, radius=11, bg=color),
               text(name, 12, "medium", T.TEXT, role=None, w=FILL),
               None if s.playing else icon_button("xmark", functools.partial(media.stop, app),
                                                  "Stop playback", T.TEXT_SECONDARY, 14, w=28,
                                                  h=28, id="media:close"),
               gap=8)
    info = col(text(title, 15, "medium", T.TEXT, id="media:title"),
               text(f"{'Playing' if s.playing else 'Paused'} · {media_time(pos)} / "
                    f"{media_time(length)}", 12, color=T.TEXT_SECONDARY, id="media:status"),
               w=FILL, gap=2, on_tap=functools.partial(_open_player, k, s), role="button",
               label=f"Open {name}", id="media:open")
    buttons = row(button_("backward-step", functools.partial(media.skip, app, -1), "Previous",
                          "previous"),
                  button_("pause" if s.playing else "play", functools.partial(media.toggle, app),
                          "Pause" if s.playing else "Play", "play_pause", main=True),
                  button_("forward-step", functools.partial(media.skip, app, 1), "Next",
                          "next"), gap=4)
    return col(head, row(info, buttons, gap=8, w=FILL), progress_bar(pos, max(length, 1), h=4),
               bg=S.CARD_BG, radius=24, pad=(14, 12), gap=8, role="notification",
               id="media_notification", w=FILL)


def _header(k: Kernel) -> View:
    """The shade covers the status bar: a large clock, the date and the status icons."""
    level = int(k.os_state.get("hardware.battery.level"))
    now = k.clock.local_datetime()
    return row(
        col(text(clock_text(k), 30, "regular", T.TEXT, id="shade_clock"),
            text(f"{now:%a}, {now:%b} {now.day}", 13, "medium", T.TEXT_SECONDARY,
                 id="shade_date"), gap=0),
        spacer(),
        *status_icons(k, T.TEXT, "shade_"),
        text(f"{level}%", 13, "medium", T.TEXT, role=None),
        icon(battery_icon(level), 16, T.TEXT, w=24),
        w=FILL, pad=(24, 14, 20, 10), gap=6, align="center",
    )


def _footer(k: Kernel) -> View:
    has_settings = "settings" in k.packages
    return row(
        icon_button("pen", functools.partial(_toggle_edit, k), "Edit tiles", T.TEXT, 16,
                    id="qs_edit", bg=S.CHIP_BG if k.system_ui.ui.get(EDITING) else None),
        spacer(),
        icon_button("power_settings_new", functools.partial(_power_menu, k, True), "Power menu",
                    T.TEXT, 16, id="qs_power"),
        icon_button("gear", functools.partial(_open_settings, k) if has_settings else None,
                    "Settings", T.TEXT, 16, id="qs_settings"),
        w=FILL, h=44, pad=(8, 0), gap=4,
    )


def _toggle_edit(k: Kernel) -> None:
    """Edit says how a tile is changed here (its long press opens its settings); tapping it
    again ends editing."""
    ui = k.system_ui.ui
    ui[EDITING] = not ui.get(EDITING, False)


def _power_menu(k: Kernel, show: bool) -> None:
    if show:
        k.system_ui.ui[POWER_MENU] = True
    else:
        k.system_ui.ui.pop(POWER_MENU, None)


def _restart(k: Kernel) -> None:
    k.reboot()


def power_menu(k: Kernel) -> View:
    """Android 14's power menu: big round tonal buttons over a dark scrim."""

    def big(label: str, icon_name: str, node: str) -> View:
        return col(icon(icon_name, 24, S.TONAL_FG, w=72, h=72, radius=36, bg=S.TONAL_BG),
                   text(label, 13, "medium", "#FFFFFF", role=None), align="center", gap=10,
                   on_tap=functools.partial(_restart, k), role="button", label=label, id=node)
    buttons = row(big("Power off", "power_settings_new", "power_off"),
                  big("Restart", "restart_alt", "restart"), gap=48, gravity="center",
                  block=True, id=POWER_MENU, role="dialog", label="Power menu")
    return stack(View("box", w=FILL, h=FILL, bg="#000000CC", block=True, id="power_scrim",
                      on_tap=functools.partial(_power_menu, k, False)), buttons, w=FILL, h=FILL)


def shade(k: Kernel) -> View:
    items = k.notifications.items
    ui = k.system_ui.ui
    tiles = [_tile(k, *t) for t in TILES]
    editing = bool(ui.get(EDITING))
    panel = col(
        _header(k),
        col(*[row(*tiles[i : i + 2], gap=8, w=FILL) for i in range(0, len(tiles), 2)],
            gap=8, pad=(16, 0), w=FILL, id="quick_settings"),
        text("Hold a tile to open its settings", 12, color=T.TEXT_SECONDARY, pad=(24, 0),
             id="qs_edit_hint") if editing else None,
        col(brightness_slider(k), pad=(16, 4, 16, 0), w=FILL),
        _footer(k),
        w=FILL, gap=8,
    )
    player = media_card(k)
    if items or player:
        cards = [player, *(notification_card(k, n, "notification", is_expanded(k, n.id))
                           for n in items)]
        # the list wraps its cards, but never runs past the gesture bar: then it scrolls
        room = (T.SCREEN_H - measure(panel, T.SCREEN_W)[1] - CLEAR_ROW_H - T.GESTURE_BAR_H)
        wanted = measure(col(*cards, gap=6, pad=(12, 4)), T.SCREEN_W)[1]
        footer = row(
            button("Manage", functools.partial(_open_settings, k, "/notifications"),
                   "outlined", h=36, id="manage_notifications")
            if "settings" in k.packages else None,
            spacer(),
            button("Clear all", k.notifications.clear_all, "tonal", h=36,
                   id="clear_notifications") if items else None,
            pad=(16, 0), h=CLEAR_ROW_H, w=FILL)
        notes: View = col(
            scroll(*cards, store=k.system_ui.ui, id="notifications", gap=6, pad=(12, 4),
                   h=room if wanted > room else None),
            footer, w=FILL)
    else:
        notes = text("No notifications", 14, color=T.TEXT_SECONDARY, text_align="center",
                     pad=(0, 24), w=FILL, id="no_notifications")
    empty = View("box", w=FILL, h=FILL, on_tap=functools.partial(close, k), id="shade_empty",
                 label="Close the shade")
    body = col(panel, notes, empty, w=FILL, h=FILL, bg=S.SHADE_BG, block=True, id="shade")
    return stack(body, power_menu(k) if ui.get(POWER_MENU) else None, w=FILL, h=FILL)


def close(k: Kernel) -> None:
    """A tap on the shade's empty part closes it, as on a Pixel."""
    k.system_ui.shade_open = False
    forget(k)


def forget(k: Kernel) -> None:
    """The power menu and tile editing end when the shade closes."""
    k.system_ui.ui.pop(POWER_MENU, None)
    k.system_ui.ui.pop(EDITING, None)


def swipe(k: Kernel, placed: list, x0: float, y0: float, x1: float, y1: float) -> str | None:
    """Swiping up closes the shade; swiping a notification sideways dismisses it."""
    dx, dy = x1 - x0, y1 - y0
    if k.system_ui.ui.get(POWER_MENU):
        return "none"
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
        close(k)
        return "close_shade"
    return None


def _in_scrolling_list(placed: list, x: float, y: float) -> bool:
    for p in placed:
        if p.view.id == "notifications" and p.view.kind == "scroll" and p.view.h is not None:
            r = p.visible_rect()
            return bool(r and r[0] <= x < r[2] and r[1] <= y < r[3])
    return False
