"""Settings' screens: the main list and one page per category.

Settings keeps no data of its own: every switch writes through ``ctx.os.set_preference`` (so the
managers' clamps and cascades apply) and every permission change goes through
``ctx.os.permissions``. Pages read the OS model fresh on every frame.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mobilegym_env.kernel.managers import FONT_SCALE_MAX, FONT_SCALE_MIN, VOLUME_MAX
from mobilegym_env.kernel.permissions import KNOWN_PERMISSIONS
from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    box,
    button,
    col,
    dialog,
    divider,
    empty_state,
    icon,
    icon_button,
    list_item,
    progress_bar,
    radio,
    row,
    scaffold,
    section_header,
    stack,
    switch,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

# The Files app's directory route that "Browse files" opens (caller route wins over the filter's).
DOWNLOADS_ROUTE = "/dir?path=/sdcard/Download"

DEVICE_NAME = "MobileGym Phone"
MODEL = "MG-1 (360x800)"
ANDROID_VERSION = "14"
BUILD_NUMBER = "MG1A.260302.001"
SECURITY_PATCH = "March 2, 2026"

FONT_SIZES: tuple[tuple[str, str, float], ...] = (
    ("small", "Small", FONT_SCALE_MIN),
    ("default", "Default", 1.0),
    ("large", "Large", 1.15),
    ("largest", "Largest", FONT_SCALE_MAX),
)
VOLUMES: tuple[tuple[str, str, str], ...] = (
    ("media", "Media volume", "music"),
    ("ring", "Ring volume", "bell"),
    ("alarm", "Alarm volume", "clock"),
)
PERMISSION_LABELS: dict[str, tuple[str, str]] = {
    "camera": ("Camera", "camera"),
    "location": ("Location", "location-dot"),
    "contacts": ("Contacts", "address-book"),
    "sms": ("SMS", "comment-sms"),
    "storage": ("Files and media", "folder"),
    "microphone": ("Microphone", "microphone"),
    "notifications": ("Notifications", "bell"),
    "phone": ("Phone", "phone"),
    "calendar": ("Calendar", "calendar"),
}
STATUS_LABELS = {
    "granted": "Allowed",
    "denied": "Not allowed",
    "denied_forever": "Not allowed · don't ask again",
    "not_requested": "Not requested",
}
TRACK = "#E1E3E8"


# ----- small helpers
def _get(ctx: ScreenContext, path: str, default: Any = None) -> Any:
    """Reads the OS model; a missing key gives ``default`` rather than an exception."""
    try:
        return ctx.os.os_state.get(path)
    except KeyError:
        return default


def _set_pref(ctx: ScreenContext, key: str, value: Any) -> None:
    try:
        ctx.os.set_preference(key, value)
    except (KeyError, ValueError) as err:
        ctx.toast(f"Can't change this setting: {err}")


def _tile(name: str, color: str, size: int = 40) -> View:
    """A round, tinted icon tile (the leading icon of a top-level settings row)."""
    return stack(icon(name, size * 9 // 20, "#FFFFFF", gravity="center"), w=size, h=size,
                 radius=size // 2, bg=color)


def _page(ctx: ScreenContext, title: str, *rows: View | None, overlay: View | None = None,
          scroll_id: str = "page") -> View:
    """A subpage: app bar with a back arrow over a scrolling list of rows."""
    body = ctx.scroll(*rows, id=scroll_id, bg=T.SURFACE, pad=(0, 0, 0, 16))
    return scaffold(body, top_bar=top_app_bar(title, ctx.back), overlay=overlay, bg=T.SURFACE)


def _switch_row(ctx: ScreenContext, key: str, on: bool, title: str, subtitle: str | None,
                id: str, leading: View | str | None = None) -> View:
    """A row whose trailing switch (and the row itself) turns the preference ``key`` on or off.

    ``on`` is its current value; a tap writes the opposite through ``_set_pref``. The switch is
    ``id`` and the row ``<id>_row``.
    """
    toggle = functools.partial(_set_pref, ctx, key, not on)
    sw = switch(on, toggle, id=id, label=title)
    return list_item(title, subtitle, leading, trailing=sw, on_tap=toggle, id=f"{id}_row")


def _step_button(name: str, on_tap: Callable[[], Any], label: str, id: str,
                 enabled: bool) -> View:
    """A round -/+ button, greyed out (and inert) at the end of its range."""
    return icon_button(name, on_tap, label, T.TEXT if enabled else T.OUTLINE, 18, id=id,
                       bg=T.SURFACE_VARIANT, enabled=enabled)


def _info_row(title: str, value: str, id: str) -> View:
    """A read-only two-line row (title over value)."""
    return col(text(title, 16, color=T.TEXT), text(value, 14, color=T.TEXT_SECONDARY,
                                                   id=id, max_lines=2),
               pad=(16, 14), gap=2)


# ----- the main list
def home(ctx: ScreenContext) -> View:
    g = _get(ctx, "settings.global", {})
    s = _get(ctx, "settings.system", {})
    wifi = _get(ctx, "hardware.wifi", {})
    storage = _get(ctx, "hardware.storage", {})
    if g.get("airplane_mode"):
        network = "Airplane mode is on"
    elif g.get("wifi_on") and wifi.get("connected"):
        network = f"Wi-Fi · {wifi.get('ssid', '')}"
    else:
        network = "Wi-Fi off" if not g.get("wifi_on") else "Wi-Fi · not connected"
    used, total = _storage(storage)
    entries = [
        ("network", "Network & internet", network, "wifi", "#1A73E8"),
        ("bluetooth", "Connected devices",
         f"Bluetooth {'on' if g.get('bluetooth_on') else 'off'}", "bluetooth", "#0B8043"),
        ("display", "Display", "Dark theme, font size, brightness", "sun", "#E37400"),
        ("sound", "Sound", "Volume, Do Not Disturb" + (" · on" if s.get("do_not_disturb")
                                                       else ""), "volume-high", "#9334E6"),
        ("apps", "Apps", "Installed apps, permissions", "table-cells-large", "#12B5CB"),
        ("location", "Location", "On" if g.get("location_on") else "Off", "location-dot",
         "#D93025"),
        ("storage", "Storage", f"{_pct(used, total)}% used · {_gb(total - used)} GB free",
         "hard-drive", "#5F6368"),
        ("about", "About phone", DEVICE_NAME, "circle-info", "#3C4043"),
    ]
    rows = [
        list_item(title, sub, _tile(icon_name, color), on_tap=functools.partial(ctx.push, f"/{key}"),
                  id=f"nav_{key}")
        for key, title, sub, icon_name, color in entries
    ]
    body = ctx.scroll(*rows, id="settings", bg=T.SURFACE, pad=(0, 4, 0, 16))
    return scaffold(body, top_bar=top_app_bar("Settings"), bg=T.SURFACE)


# ----- Network & internet
def network(ctx: ScreenContext) -> View:
    g = _get(ctx, "settings.global", {})
    wifi = _get(ctx, "hardware.wifi", {})
    cell = _get(ctx, "hardware.cellular", {})
    wifi_on, airplane = bool(g.get("wifi_on")), bool(g.get("airplane_mode"))
    data_on = bool(g.get("mobile_data_on"))
    connected = wifi_on and bool(wifi.get("connected"))
    ssid = str(wifi.get("ssid") or "")
    wifi_sub = f"Connected to {ssid}" if connected else ("Not connected" if wifi_on else "Off")
    rows: list[View | None] = [
        _switch_row(ctx, "wifi", wifi_on, "Wi-Fi", wifi_sub, "wifi_switch", "wifi"),
        _switch_row(ctx, "mobile_data", data_on, "Mobile data",
                    f"{cell.get('carrier', 'Mobile')} · {cell.get('network_type', '')}"
                    if data_on else "Off", "mobile_data_switch", "signal"),
        _switch_row(ctx, "airplane_mode", airplane, "Airplane mode", "On" if airplane else "Off",
                    "airplane_switch", "plane"),
    ]
    if wifi_on:
        rows.append(divider())
        rows.append(section_header("Saved networks"))
        for n in wifi.get("saved_networks") or []:
            name = str(n.get("ssid", ""))
            here = connected and name == ssid
            rows.append(list_item(name, "Connected" if here else str(n.get("security", "")),
                                  "wifi" if n.get("security") == "open" else "lock",
                                  trailing=icon("circle-check", 18, T.ACCENT) if here else None,
                                  id=f"network:{name}"))
    return _page(ctx, "Network & internet", *rows)


# ----- Connected devices (Bluetooth)
DEVICE_ICONS = {"headset": "headphones", "car": "car", "watch": "clock", "speaker": "volume-high"}


def bluetooth(ctx: ScreenContext) -> View:
    on = bool(_get(ctx, "settings.global.bluetooth_on", False))
    bt = _get(ctx, "hardware.bluetooth", {})
    connected = bt.get("connected")
    rows: list[View | None] = [
        _switch_row(ctx, "bluetooth", on, "Bluetooth", "On" if on else "Off", "bluetooth_switch",
                    "bluetooth"),
        divider(),
        section_header("Paired devices"),
    ]
    devices = bt.get("paired_devices") or []
    for d in devices:
        name = str(d.get("name", ""))
        is_conn = on and connected in (name, d.get("address"))
        sub = "Connected" if is_conn else ("Paired" if on else "Paired · Bluetooth is off")
        rows.append(list_item(name, sub, DEVICE_ICONS.get(str(d.get("type")), "bluetooth"),
                              id=f"device:{name}"))
    if not devices:
        rows.append(text("No paired devices", 14, color=T.TEXT_SECONDARY, pad=(16, 12)))
    if not on:
        rows.append(text("Turn on Bluetooth to connect to your devices.", 13,
                         color=T.TEXT_SECONDARY, pad=(16, 12), max_lines=None))
    return _page(ctx, "Connected devices", *rows)


# ----- Display
def display(ctx: ScreenContext) -> View:
    s = _get(ctx, "settings.system", {})
    level = int(s.get("brightness", 0))
    dark = bool(s.get("dark_mode"))
    auto = bool(s.get("auto_brightness"))
    scale = float(s.get("font_scale", 1.0))
    steps = []
    for i in range(1, 11):
        lit = level >= i * 10
        steps.append(stack(box(w=FILL, h=8, radius=4, bg=T.ACCENT if lit else TRACK,
                               gravity="center-left"),
                           w=FILL, h=32, on_tap=functools.partial(_set_pref, ctx, "brightness",
                                                                  i * 10),
                           role="button", label=f"Brightness {i * 10}%",
                           id=f"brightness_step:{i * 10}", selected=lit))
    brightness = col(
        row(text("Brightness level", 16, color=T.TEXT, w=FILL),
            text(f"{level}%", 16, "medium", T.ACCENT, id="brightness_value")),
        row(_step_button("minus", functools.partial(_set_pref, ctx, "brightness", level - 10),
                         "Decrease brightness", "brightness_down", level > 0),
            row(*steps, w=FILL, gap=3),
            _step_button("plus", functools.partial(_set_pref, ctx, "brightness", level + 10),
                         "Increase brightness", "brightness_up", level < 100),
            gap=4),
        pad=(16, 12, 8, 4), gap=4,
    )
    fonts = []
    for key, label, value in FONT_SIZES:
        chosen = abs(scale - value) < 1e-6
        pick = functools.partial(_set_pref, ctx, "font_scale", value)
        fonts.append(row(radio(chosen, pick, id=f"font_size:{key}", label=label),
                         text(label, 16, color=T.TEXT, w=FILL),
                         text(f"{int(round(value * 100))}%", 13, color=T.TEXT_SECONDARY),
                         h=52, pad=(20, 0, 16, 0), gap=16, on_tap=pick, id=f"font_row:{key}",
                         role="list_item"))
    rows: list[View | None] = [
        section_header("Brightness"),
        brightness,
        _switch_row(ctx, "auto_brightness", auto, "Adaptive brightness",
                    "Adjusts to your environment", "auto_brightness_switch"),
        divider(),
        section_header("Appearance"),
        _switch_row(ctx, "dark_mode", dark, "Dark theme",
                    "Use a dark background" if not dark else "On", "dark_theme_switch", "moon"),
        divider(),
        section_header("Font size"),
        *fonts,
    ]
    return _page(ctx, "Display", *rows)


# ----- Sound
def sound(ctx: ScreenContext) -> View:
    s = _get(ctx, "settings.system", {})
    rows: list[View | None] = [section_header("Volume")]
    for stream, label, icon_name in VOLUMES:
        key = f"volume_{stream}"
        v = int(s.get(key, 0))
        rows.append(row(
            icon(icon_name if v else "volume-xmark", 18, T.TEXT_SECONDARY),
            col(row(text(label, 16, color=T.TEXT, w=FILL),
                    text(f"{v}/{VOLUME_MAX}", 14, "medium", T.ACCENT, id=f"{key}_value")),
                progress_bar(v, VOLUME_MAX, track=TRACK), w=FILL, gap=10),
            _step_button("minus", functools.partial(_set_pref, ctx, key, v - 1),
                         f"Decrease {label.lower()}", f"{key}_down", v > 0),
            _step_button("plus", functools.partial(_set_pref, ctx, key, v + 1),
                         f"Increase {label.lower()}", f"{key}_up", v < VOLUME_MAX),
            h=72, pad=(20, 0, 8, 0), gap=12, id=f"{key}_row",
        ))
    dnd = bool(s.get("do_not_disturb"))
    rows += [
        divider(),
        _switch_row(ctx, "do_not_disturb", dnd, "Do Not Disturb",
                    "Only alarms can interrupt" if dnd else "Off", "dnd_switch", "bell-slash"),
    ]
    return _page(ctx, "Sound", *rows)


# ----- Apps and app info
def _app_tile(ctx: ScreenContext, app_id: str, size: int = 40) -> View:
    m = ctx.os.packages.manifest(app_id)
    return stack(icon(m.icon, size * 9 // 20, "#FFFFFF", gravity="center"), w=size, h=size,
                 radius=size * 3 // 10, bg=m.color)


def apps(ctx: ScreenContext) -> View:
    manifests = sorted(ctx.os.packages.manifests(), key=lambda m: m.name.lower())
    rows = [
        list_item(m.name, "System app" if m.system else None, _app_tile(ctx, m.id),
                  on_tap=functools.partial(ctx.push, f"/apps/{m.id}"), id=f"app:{m.id}")
        for m in manifests
    ]
    header = text(f"{len(manifests)} apps installed", 13, color=T.TEXT_SECONDARY, pad=(16, 12))
    return _page(ctx, "Apps", header, *rows, scroll_id="apps")


def app_info(ctx: ScreenContext) -> View:
    app_id = ctx.params.get("id", "")
    if app_id not in ctx.os.packages:
        return scaffold(empty_state("circle-exclamation", "App not found"),
                        top_bar=top_app_bar("App info", ctx.back), bg=T.SURFACE)
    m = ctx.os.packages.manifest(app_id)
    statuses = {p: _status(ctx, app_id, p) for p in KNOWN_PERMISSIONS}
    running = ctx.os.tasks.task_for_app(app_id) is not None
    can_stop = running and app_id != ctx.app_id
    header = col(_app_tile(ctx, app_id, 72),
                 text(m.name, 22, "medium", T.TEXT, id="app_name", text_align="center"),
                 text("System app" if m.system else "Installed app", 13,
                      color=T.TEXT_SECONDARY),
                 row(button("Open", functools.partial(_open, ctx, app_id), "tonal", icon="play",
                            id="open_app", w=FILL),
                     button("Force stop", functools.partial(_force_stop, ctx, app_id) if can_stop
                            else None, "outlined", icon="circle-stop", id="force_stop", w=FILL),
                     w=FILL, gap=12, pad=(0, 12, 0, 0)),
                 align="center", pad=(24, 16, 24, 8), gap=6)
    allowed = [p for p in KNOWN_PERMISSIONS if statuses[p] == "granted"]
    others = [p for p in KNOWN_PERMISSIONS if statuses[p] != "granted"]

    def perm_row(p: str) -> View:
        label, icon_name = PERMISSION_LABELS.get(p, (p.title(), "shield-halved"))
        return list_item(label, STATUS_LABELS.get(statuses[p], statuses[p]), icon_name,
                         on_tap=functools.partial(ctx.open_dialog, "permission", perm=p),
                         id=f"perm:{p}")

    rows: list[View | None] = [header, divider(), section_header("Permissions · Allowed")]
    rows += [perm_row(p) for p in allowed] or [
        text("No permissions allowed", 14, color=T.TEXT_SECONDARY, pad=(16, 8))]
    rows += [section_header("Permissions · Not allowed"), *[perm_row(p) for p in others]]
    overlay = None
    perm = ctx.query.get("perm", "")
    if ctx.query.get("dialog") == "permission" and perm in KNOWN_PERMISSIONS:
        overlay = _permission_dialog(ctx, app_id, perm, statuses[perm])
    return _page(ctx, "App info", *rows, overlay=overlay, scroll_id="app_info")


def _status(ctx: ScreenContext, app_id: str, perm: str) -> str:
    try:
        return ctx.os.permissions.status(app_id, perm)
    except ValueError:
        return "not_requested"


def _permission_dialog(ctx: ScreenContext, app_id: str, perm: str, status: str) -> View:
    label = PERMISSION_LABELS.get(perm, (perm.title(), ""))[0]
    granted = status == "granted"
    choices = []
    for key, text_label, chosen, grant in (("allow", "Allow", granted, True),
                                           ("deny", "Don't allow", not granted, False)):
        pick = functools.partial(_choose_permission, ctx, app_id, perm, grant)
        choices.append(row(radio(chosen, pick, id=f"perm_{key}", label=text_label),
                           text(text_label, 16, color=T.TEXT, w=FILL), h=48, gap=16,
                           on_tap=pick, id=f"perm_{key}_row", role="list_item"))
    name = ctx.os.packages.manifest(app_id).name
    body = col(text(f"{name} · {STATUS_LABELS.get(status, status)}", 14,
                    color=T.TEXT_SECONDARY), *choices, gap=4)
    return dialog(f"{label} permission", body, [("Cancel", ctx.close_dialog, "perm_cancel")],
                  on_dismiss=ctx.close_dialog, id="permission_dialog")


def _choose_permission(ctx: ScreenContext, app_id: str, perm: str, grant: bool) -> None:
    status = _status(ctx, app_id, perm)
    try:
        if grant and status != "granted":
            ctx.os.permissions.grant(app_id, perm)
        elif not grant and status == "granted":
            ctx.os.permissions.revoke(app_id, perm)
    except ValueError as err:
        ctx.toast(f"Can't change this permission: {err}")
    ctx.close_dialog()


def _open(ctx: ScreenContext, app_id: str) -> None:
    ctx.os.launch_app(app_id)


def _force_stop(ctx: ScreenContext, app_id: str) -> None:
    try:
        ctx.os.close_app(app_id)
    except KeyError:
        return
    ctx.toast(f"{ctx.os.packages.manifest(app_id).name} stopped")


# ----- Location
def location(ctx: ScreenContext) -> View:
    on = bool(_get(ctx, "settings.global.location_on", False))
    with_access = [m for m in sorted(ctx.os.packages.manifests(), key=lambda m: m.name.lower())
                   if _status(ctx, m.id, "location") == "granted"]
    rows: list[View | None] = [
        _switch_row(ctx, "location", on, "Use location", "On" if on else "Off",
                    "location_switch", "location-dot"),
        divider(),
        section_header("Apps with location access"),
    ]
    rows += [list_item(m.name, "Allowed", _app_tile(ctx, m.id),
                       on_tap=functools.partial(ctx.push, f"/apps/{m.id}"),
                       id=f"location_app:{m.id}") for m in with_access]
    if not with_access:
        rows.append(text("No apps have location access", 14, color=T.TEXT_SECONDARY,
                         pad=(16, 8)))
    return _page(ctx, "Location", *rows)


# ----- Storage
def _storage(storage: dict[str, Any]) -> tuple[float, float]:
    total = float(storage.get("total_gb") or 0)
    used = min(max(float(storage.get("used_gb") or 0), 0.0), total)
    return used, total


def _gb(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _pct(used: float, total: float) -> int:
    return int(round(100 * used / total)) if total > 0 else 0


def storage(ctx: ScreenContext) -> View:
    used, total = _storage(_get(ctx, "hardware.storage", {}))
    summary = col(
        row(text(_gb(used), 32, "medium", T.TEXT, id="storage_used"),
            text(f"GB used of {_gb(total)} GB", 15, color=T.TEXT_SECONDARY, id="storage_total",
                 pad=(0, 0, 0, 5)),
            align="end", gap=6),
        progress_bar(_pct(used, total), 100, 10, track=TRACK),
        text(f"{_pct(used, total)}% used · {_gb(total - used)} GB free", 13,
             color=T.TEXT_SECONDARY),
        pad=(16, 16), gap=10,
    )
    rows: list[View | None] = [
        summary,
        divider(),
        list_item("Browse files", "Open the Downloads folder in Files", "folder-open",
                  trailing=icon("chevron-right", 14, T.TEXT_SECONDARY),
                  on_tap=functools.partial(_browse_files, ctx), id="browse_files"),
    ]
    return _page(ctx, "Storage", *rows)


def _browse_files(ctx: ScreenContext) -> None:
    # Same-Task viewer push: no new_task, so Files is pushed onto the Settings Task and Back at
    # its root pops it (cross-app-launch.md, "Same-Task viewer push").
    if not ctx.start_activity({"action": "ACTION_VIEW", "type": "inode/directory",
                               "route": DOWNLOADS_ROUTE}):
        ctx.toast("No app can browse files")


# ----- About phone
def about(ctx: ScreenContext) -> View:
    rows: list[View | None] = [
        col(_tile("mobile-screen-button", T.ACCENT, 64),
            text(DEVICE_NAME, 22, "medium", T.TEXT, text_align="center"),
            align="center", pad=(16, 24, 16, 16), gap=12),
        divider(),
        _info_row("Device name", DEVICE_NAME, "device_name"),
        _info_row("Model", MODEL, "model"),
        _info_row("Android version", ANDROID_VERSION, "android_version"),
        _info_row("Android security update", SECURITY_PATCH, "security_patch"),
        _info_row("Build number", BUILD_NUMBER, "build_number"),
    ]
    return _page(ctx, "About phone", *rows)


ROUTES = {
    "/": home,
    "/network": network,
    "/bluetooth": bluetooth,
    "/display": display,
    "/sound": sound,
    "/apps": apps,
    "/apps/{id}": app_info,
    "/location": location,
    "/storage": storage,
    "/about": about,
}
