"""Network & internet: the Internet page (Wi-Fi networks in range), network details, saved
networks, and the hotspot.

Network routes carry the SSID URL-quoted (SSIDs have spaces and apostrophes).
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import quote, unquote

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    button,
    col,
    divider,
    icon,
    list_item,
    popup_menu,
    row,
    section_header,
    text,
)
from mobilegym_env.ui import theme as T

from .common import (
    call,
    close,
    connectivity,
    fail,
    get,
    hint,
    info_row,
    nav_row,
    open_text_dialog,
    page,
    save_text_pref,
    switch_row,
    text_dialog,
)

SIGNAL = ("No signal", "Weak", "Fair", "Good", "Excellent")
HOTSPOT_SECURITY = "WPA2-Personal"


def wifi_route(ssid: str) -> str:
    return f"/network/wifi/{quote(ssid, safe='')}"


def _status(ctx: ScreenContext) -> tuple[bool, bool, str]:
    """(Wi-Fi on, connected, current SSID)."""
    wifi_on = bool(get(ctx, "settings.global.wifi_on"))
    ssid = str(get(ctx, "hardware.wifi.ssid") or "")
    return wifi_on, wifi_on and bool(get(ctx, "hardware.wifi.connected")) and bool(ssid), ssid


def internet_summary(ctx: ScreenContext) -> str:
    """What the Internet row and the main list say about the connection."""
    wifi_on, connected, ssid = _status(ctx)
    if connected:
        return ssid
    if get(ctx, "settings.global.airplane_mode"):
        return "Airplane mode"
    if not wifi_on:
        return "Wi-Fi is off"
    return "Not connected"


def _saved_ids(ctx: ScreenContext) -> set[str]:
    return {str(n.get("id")) for n in get(ctx, "hardware.wifi.saved_networks", [])}


# ----- Network & internet
def network(ctx: ScreenContext) -> View:
    g = get(ctx, "settings.global", {})
    cell = get(ctx, "hardware.cellular", {})
    airplane, data_on = bool(g.get("airplane_mode")), bool(g.get("mobile_data_on"))
    hotspot_on = bool(get(ctx, "hardware.hotspot.on"))
    rows: list[View | None] = [
        nav_row(ctx, "Internet", internet_summary(ctx), "/network/internet", "nav_internet",
                "wifi"),
        switch_row(ctx, "mobile_data", data_on, "Mobile data",
                   f"{cell.get('carrier', 'Mobile')} · {cell.get('network_type', '')}"
                   if data_on else "Off", "mobile_data_switch", "signal"),
        switch_row(ctx, "airplane_mode", airplane, "Airplane mode", "On" if airplane else "Off",
                   "airplane_switch", "plane"),
        nav_row(ctx, "Hotspot & tethering", "Hotspot on" if hotspot_on else "Off",
                "/network/hotspot", "nav_hotspot", "tower-broadcast"),
    ]
    return page(ctx, "Network & internet", *rows)


# ----- Internet (Wi-Fi)
def internet(ctx: ScreenContext) -> View:
    wifi_on, connected, current = _status(ctx)
    saved = _saved_ids(ctx)
    rows: list[View | None] = [
        switch_row(ctx, "wifi", wifi_on, "Wi-Fi", "Connected" if connected else
                   ("On" if wifi_on else "Off"), "wifi_switch", "wifi"),
    ]
    if wifi_on:
        nearby = get(ctx, "hardware.wifi.nearby", [])
        ordered = sorted(nearby, key=lambda n: (n.get("id") != current or not connected,
                                                -int(n.get("signal", 0))))
        rows.append(divider())
        rows.append(section_header("Networks in range"))
        for n in ordered:
            rows.append(_network_row(ctx, n, connected and n.get("id") == current,
                                     n.get("id") in saved))
        rows += [divider(), nav_row(ctx, "Saved networks", f"{len(saved)} networks",
                                    "/network/saved", "nav_saved_networks", "bookmark")]
    else:
        rows.append(hint("To see available networks, turn Wi-Fi on."))
    return page(ctx, "Internet", *rows, overlay=_internet_dialog(ctx), scroll_id="internet")


def _network_row(ctx: ScreenContext, n: dict[str, Any], here: bool, saved: bool) -> View:
    ssid = str(n.get("id", ""))
    secured = n.get("security") != "open"
    if here:
        sub = "Connected"
    elif saved:
        sub = "Saved"
    else:
        sub = "Secured" if secured else "Open"
    trailing = icon("gear", 18, T.TEXT_SECONDARY) if here else \
        (icon("lock", 14, T.TEXT_SECONDARY) if secured else None)
    return list_item(ssid, sub, icon("wifi", 18, T.ACCENT if here else T.TEXT_SECONDARY, w=40,
                                     h=40, radius=20,
                                     bg=T.SECONDARY_CONTAINER if here else T.SURFACE_VARIANT),
                     trailing=trailing, on_tap=functools.partial(_tap_network, ctx, ssid),
                     on_long_press=functools.partial(ctx.open_dialog, "wifi_menu", ssid=ssid),
                     id=f"wifi:{ssid}")


def _tap_network(ctx: ScreenContext, ssid: str) -> None:
    """Android's tap: the connected network opens its details, a saved or open one joins, a
    secured one asks for its password."""
    _, connected, current = _status(ctx)
    if connected and ssid == current:
        ctx.push(wifi_route(ssid))
        return
    _join(ctx, ssid)


def _join(ctx: ScreenContext, ssid: str) -> None:
    net = next((n for n in get(ctx, "hardware.wifi.nearby", []) if n.get("id") == ssid), None)
    if net is None:
        ctx.toast(f"{ssid} is not in range")
        return
    if ssid in _saved_ids(ctx) or net.get("security") == "open":
        if call(ctx, connectivity(ctx).connect_wifi, ssid):
            ctx.toast(f"Connected to {ssid}")
        return
    ctx.set_value("join:show", "")
    open_text_dialog(ctx, "join", "wifi_password", "", ssid=ssid)


def _submit_password(ctx: ScreenContext, ssid: str) -> None:
    password = ctx.value("wifi_password")
    if not password:
        fail(ctx, "Enter the password")
        return
    joined = call(ctx, connectivity(ctx).connect_wifi, ssid, password)
    if joined:
        close(ctx)
        ctx.toast(f"Connected to {ssid}")
    elif joined is False:
        fail(ctx, "Incorrect password. Try again.")


def _internet_dialog(ctx: ScreenContext) -> View | None:
    kind, ssid = ctx.query.get("dialog"), ctx.query.get("ssid", "")
    if not ssid:
        return None
    if kind == "join":
        return text_dialog(ctx, ssid, "wifi_password", "Password", "Connect",
                           functools.partial(_submit_password, ctx, ssid), "join", secret=True)
    if kind == "wifi_menu":
        saved = ssid in _saved_ids(ctx)
        return popup_menu([
            ("Connect", functools.partial(_menu_then, ctx, _join, ssid), "wifi_menu:connect"),
            ("Forget", functools.partial(_menu_then, ctx, _forget, ssid) if saved else None,
             "wifi_menu:forget"),
            ("Network details", functools.partial(_menu_then, ctx, _details, ssid),
             "wifi_menu:details"),
        ], ctx.close_dialog, id="wifi_menu", anchor="center")
    return None


def _menu_then(ctx: ScreenContext, action: Any, ssid: str) -> None:
    ctx.close_dialog()
    action(ctx, ssid)


def _details(ctx: ScreenContext, ssid: str) -> None:
    ctx.push(wifi_route(ssid))


def _forget(ctx: ScreenContext, ssid: str) -> None:
    call(ctx, connectivity(ctx).forget_wifi, ssid,
         then=functools.partial(ctx.toast, f"{ssid} forgotten"))


# ----- network details
def wifi_details(ctx: ScreenContext) -> View:
    ssid = unquote(ctx.params.get("ssid", ""))
    nearby = {n.get("id"): n for n in get(ctx, "hardware.wifi.nearby", [])}
    saved = {n.get("id"): n for n in get(ctx, "hardware.wifi.saved_networks", [])}
    net = nearby.get(ssid) or saved.get(ssid)
    if net is None:
        return page(ctx, "Network details", hint(f"{ssid} is not saved or in range.",
                                                 id="wifi_missing"))
    wifi_on, connected, current = _status(ctx)
    here = connected and ssid == current
    status = "Connected" if here else ("Saved" if ssid in saved else "Not saved")
    if ssid not in nearby:
        status += " · Not in range"
    joinable = wifi_on and ssid in nearby and not here
    actions = row(
        button("Forget", functools.partial(_forget_and_leave, ctx, ssid) if ssid in saved
               else None, "outlined", icon="trash", id="wifi_forget", w=FILL),
        button("Disconnect", functools.partial(call, ctx, connectivity(ctx).disconnect_wifi),
               "tonal", icon="link-slash", id="wifi_disconnect", w=FILL) if here else
        button("Connect", functools.partial(_join, ctx, ssid) if joinable else None, "tonal",
               icon="link", id="wifi_connect", w=FILL),
        w=FILL, gap=12, pad=(16, 8))
    header = col(icon("wifi", 28, T.ON_PRIMARY_CONTAINER, w=64, h=64, radius=32,
                      bg=T.PRIMARY_CONTAINER),
                 text(ssid, 22, "medium", T.TEXT, id="wifi_name", text_align="center"),
                 text(status, 14, color=T.TEXT_SECONDARY, id="wifi_status"),
                 align="center", pad=(24, 16, 24, 4), gap=6, w=FILL)
    rows: list[View | None] = [header, actions, divider()]
    if ssid in nearby:
        rows += [info_row("Signal strength", SIGNAL[min(max(int(net.get("signal", 0)), 0), 4)],
                          "wifi_signal"),
                 info_row("Frequency", str(net.get("frequency", "")), "wifi_frequency")]
    rows.append(info_row("Security", str(net.get("security", "")).replace("open", "None"),
                         "wifi_security"))
    if here:
        rows.append(info_row("IP address", str(get(ctx, "hardware.wifi.ip_address", "")),
                             "wifi_ip"))
    rows.append(info_row("Privacy", "Use randomized MAC", "wifi_privacy"))
    joining = text_dialog(ctx, ssid, "wifi_password", "Password", "Connect",
                          functools.partial(_submit_password, ctx, ssid), "join", secret=True) \
        if ctx.query.get("dialog") == "join" else None
    return page(ctx, "Network details", *rows, overlay=joining, scroll_id="wifi_details")


def _forget_and_leave(ctx: ScreenContext, ssid: str) -> None:
    call(ctx, connectivity(ctx).forget_wifi, ssid, then=ctx.pop)


def saved_networks(ctx: ScreenContext) -> View:
    _, connected, current = _status(ctx)
    saved = get(ctx, "hardware.wifi.saved_networks", [])
    rows: list[View | None] = [
        list_item(str(n.get("id")), "Connected" if connected and n.get("id") == current
                  else str(n.get("security", "")).replace("open", "Open"), "wifi",
                  on_tap=functools.partial(ctx.push, wifi_route(str(n.get("id")))),
                  id=f"saved:{n.get('id')}")
        for n in saved
    ]
    if not saved:
        rows.append(hint("No saved networks", id="no_saved_networks"))
    return page(ctx, "Saved networks", *rows, scroll_id="saved_networks")


# ----- hotspot
def hotspot(ctx: ScreenContext) -> View:
    hs = get(ctx, "hardware.hotspot", {})
    on = bool(hs.get("on"))
    name, password = str(hs.get("name", "")), str(hs.get("password", ""))
    rows: list[View | None] = [
        switch_row(ctx, "hotspot", on, "Use Wi-Fi hotspot", "On" if on else "Off",
                   "hotspot_switch", "tower-broadcast"),
        hint("Share this phone's mobile data with other devices over Wi-Fi."),
        divider(),
        info_row("Hotspot name", name, "hotspot_name", on_tap=functools.partial(
            open_text_dialog, ctx, "hotspot_name", "hotspot_name_input", name)),
        info_row("Security", HOTSPOT_SECURITY, "hotspot_security"),
        info_row("Hotspot password", password, "hotspot_password", on_tap=functools.partial(
            open_text_dialog, ctx, "hotspot_password", "hotspot_password_input", password)),
    ]
    overlay = None
    kind = ctx.query.get("dialog")
    if kind == "hotspot_name":
        overlay = text_dialog(ctx, "Hotspot name", "hotspot_name_input", "Hotspot name", "OK",
                              functools.partial(save_text_pref, ctx, "hotspot_name",
                                                "hotspot_name_input"), "hotspot_name_dialog")
    elif kind == "hotspot_password":
        overlay = text_dialog(ctx, "Hotspot password", "hotspot_password_input", "Password",
                              "OK", functools.partial(save_text_pref, ctx, "hotspot_password",
                                                      "hotspot_password_input"),
                              "hotspot_password_dialog",
                              message="Must have at least 8 characters")
    return page(ctx, "Hotspot & tethering", *rows, overlay=overlay, scroll_id="hotspot")
