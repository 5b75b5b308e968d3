"""Settings' screens: the main list, search, and the routes of every page.

Settings keeps no data of its own: the pages read the OS model fresh on every frame and write
through the kernel's managers (see :mod:`.common`). The pages live in one module per group.
"""

from __future__ import annotations

import functools

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    empty_state,
    icon,
    icon_button,
    large_top_app_bar,
    list_item,
    row,
    scaffold,
    text,
)
from mobilegym_env.ui import theme as T

from . import app_pages, devices, display, network, system
from .common import gb, get, nav_row, tile

# (key, title, icon, tile colour): the main list, in Pixel order
CATEGORIES: tuple[tuple[str, str, str, str], ...] = (
    ("network", "Network & internet", "wifi", "#1A73E8"),
    ("bluetooth", "Connected devices", "bluetooth", "#0B8043"),
    ("apps", "Apps", "table-cells-large", "#12B5CB"),
    ("notifications", "Notifications", "bell", "#E8710A"),
    ("battery", "Battery", "battery-three-quarters", "#188038"),
    ("storage", "Storage", "hard-drive", "#5F6368"),
    ("sound", "Sound & vibration", "volume-high", "#9334E6"),
    ("display", "Display", "sun", "#E37400"),
    ("location", "Location", "location-dot", "#D93025"),
    ("about", "About phone", "circle-info", "#3C4043"),
)

# What search finds: (title, where it is, route)
SEARCH_INDEX: tuple[tuple[str, str, str], ...] = (
    ("Internet", "Network & internet", "/network/internet"),
    ("Wi-Fi", "Network & internet > Internet", "/network/internet"),
    ("Saved networks", "Network & internet > Internet", "/network/saved"),
    ("Mobile data", "Network & internet", "/network"),
    ("Airplane mode", "Network & internet", "/network"),
    ("Hotspot & tethering", "Network & internet", "/network/hotspot"),
    ("Bluetooth", "Connected devices", "/bluetooth"),
    ("Pair new device", "Connected devices", "/bluetooth/pair"),
    ("All apps", "Apps", "/apps"),
    ("Permission manager", "Apps", "/apps/permissions"),
    ("App notifications", "Notifications", "/notifications"),
    ("Battery Saver", "Battery", "/battery"),
    ("Battery usage", "Battery", "/battery"),
    ("Storage", "Storage", "/storage"),
    ("Media volume", "Sound & vibration", "/sound"),
    ("Call volume", "Sound & vibration", "/sound"),
    ("Ring volume", "Sound & vibration", "/sound"),
    ("Notification volume", "Sound & vibration", "/sound"),
    ("Alarm volume", "Sound & vibration", "/sound"),
    ("Do Not Disturb", "Sound & vibration", "/sound"),
    ("Brightness level", "Display", "/display"),
    ("Adaptive brightness", "Display", "/display"),
    ("Dark theme", "Display", "/display"),
    ("Font size", "Display", "/display/font"),
    ("Screen timeout", "Display", "/display"),
    ("Location", "Location", "/location"),
    ("Device name", "About phone", "/about"),
    ("Phone number", "About phone", "/about"),
    ("Android version", "About phone", "/about"),
    ("Build number", "About phone", "/about"),
)


def _summaries(ctx: ScreenContext) -> dict[str, str]:
    """Each category's subtitle on the main list: its current state at a glance."""
    used, total = system.storage_numbers(get(ctx, "hardware.storage", {}))
    bt = devices.connected_name(ctx)
    bt_on = bool(get(ctx, "settings.global.bluetooth_on"))
    dnd = bool(get(ctx, "settings.system.do_not_disturb"))
    return {
        "network": network.internet_summary(ctx),
        "bluetooth": f"Connected to {bt}" if bt else f"Bluetooth {'on' if bt_on else 'off'}",
        "apps": "Permissions, notifications, app info",
        "notifications": "App notifications" + (", Do Not Disturb on" if dnd else ""),
        "battery": system.battery_summary(ctx),
        "storage": f"{system.pct(used, total)}% used · {gb(total - used)} GB free",
        "sound": "Volume" + (", Do Not Disturb on" if dnd else ", Do Not Disturb"),
        "display": "Dark theme, font size, brightness",
        "location": "On" if get(ctx, "settings.global.location_on") else "Off",
        "about": str(get(ctx, "settings.global.device_name", "")),
    }


def home(ctx: ScreenContext) -> View:
    subtitles = _summaries(ctx)
    search = row(icon("magnifying-glass", 16, T.TEXT_SECONDARY),
                 text("Search settings", 16, color=T.TEXT_SECONDARY, role=None), w=FILL, h=52,
                 radius=26, bg=T.SURFACE_VARIANT, pad=(20, 0), gap=16,
                 on_tap=functools.partial(_open_search, ctx), id="search_settings",
                 role="button", text="Search settings")
    rows = [row(search, pad=(16, 4, 16, 12))]
    rows += [nav_row(ctx, title, subtitles[key], f"/{key}", f"nav_{key}", tile(icon_name, color))
             for key, title, icon_name, color in CATEGORIES]
    body = ctx.scroll(*rows, id="settings", bg=T.SURFACE, pad=(0, 4, 0, 16))
    return scaffold(body, top_bar=large_top_app_bar("Settings", ctx.ui, "settings"),
                    bg=T.SURFACE)


def _open_search(ctx: ScreenContext) -> None:
    ctx.set_value("search_q", "")
    ctx.push("/search")
    ctx.os.keyboard.show(ctx.activity.activity_id, "search_q")


def search_results(query: str) -> list[tuple[str, str, str]]:
    """The index entries whose title or place contains every word of ``query``."""
    words = query.casefold().split()
    if not words:
        return []
    return [e for e in SEARCH_INDEX
            if all(w in f"{e[0]} {e[1]}".casefold() for w in words)]


def search(ctx: ScreenContext) -> View:
    query = ctx.value("search_q")
    field = ctx.field("search_q", "Search settings", id="search_field", w=FILL, radius=24)
    bar = row(icon_button("arrow-left", ctx.back, "Back", T.TEXT, id="back"), field,
              h=T.APP_BAR_H + 8, pad=(4, 4, 12, 4), gap=4, bg=T.SURFACE, id="app_bar")
    found = search_results(query)
    if found:
        body = ctx.scroll(*[list_item(title, place, "magnifying-glass",
                                      on_tap=functools.partial(_go, ctx, route),
                                      id=f"result:{title}")
                            for title, place, route in found],
                          id="results", bg=T.SURFACE, pad=(0, 4, 0, 16))
    else:
        body = empty_state("magnifying-glass", "No results" if query.strip()
                           else "Search for a setting")
    return scaffold(body, top_bar=bar, bg=T.SURFACE)


def _go(ctx: ScreenContext, route: str) -> None:
    ctx.os.keyboard.hide()
    ctx.push(route)


ROUTES = {
    "/": home,
    "/search": search,
    "/network": network.network,
    "/network/internet": network.internet,
    "/network/saved": network.saved_networks,
    "/network/wifi/{ssid}": network.wifi_details,
    "/network/hotspot": network.hotspot,
    "/bluetooth": devices.bluetooth,
    "/bluetooth/pair": devices.pair,
    "/bluetooth/device/{address}": devices.device,
    "/apps": app_pages.apps,
    "/apps/permissions": app_pages.permission_manager,
    "/apps/permissions/{perm}": app_pages.permission_apps,
    "/apps/{id}": app_pages.app_info,
    "/apps/{id}/permissions": app_pages.app_permissions,
    "/apps/{id}/notifications": app_pages.app_notifications,
    "/notifications": app_pages.notifications,
    "/display": display.display,
    "/display/font": display.font,
    "/sound": display.sound,
    "/battery": system.battery,
    "/storage": system.storage,
    "/location": system.location,
    "/about": system.about,
}
