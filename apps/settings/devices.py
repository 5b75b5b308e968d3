"""Connected devices: Bluetooth on/off, paired devices, device details (rename, forget) and
pairing a new device. Devices are keyed by their Bluetooth address in routes and ids."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import quote, unquote

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    button,
    col,
    dialog,
    divider,
    icon,
    icon_button,
    list_item,
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
    switch_row,
    text_dialog,
)

DEVICE_ICONS = {"headset": "headphones", "car": "car", "watch": "clock", "speaker": "volume-high",
                "keyboard": "keyboard"}
DEVICE_TYPES = {"headset": "Headphones", "car": "Car kit", "watch": "Watch",
                "speaker": "Speaker", "keyboard": "Keyboard"}


def device_route(address: str) -> str:
    return f"/bluetooth/device/{quote(address, safe='')}"


def _connected_id(ctx: ScreenContext) -> str | None:
    """The connected device's address (older data names it by name), if Bluetooth is on."""
    if not get(ctx, "settings.global.bluetooth_on"):
        return None
    connected = get(ctx, "hardware.bluetooth.connected")
    for d in get(ctx, "hardware.bluetooth.paired_devices", []):
        if connected in (d.get("id"), d.get("name")):
            return str(d.get("id"))
    return None


def _paired(ctx: ScreenContext) -> list[dict[str, Any]]:
    return get(ctx, "hardware.bluetooth.paired_devices", [])


def connected_name(ctx: ScreenContext) -> str | None:
    current = _connected_id(ctx)
    return next((str(d.get("name")) for d in _paired(ctx) if d.get("id") == current), None)


def _device_icon(d: dict[str, Any], lit: bool, size: int = 40) -> View:
    return icon(DEVICE_ICONS.get(str(d.get("type")), "bluetooth"), size * 9 // 20,
                T.ACCENT if lit else T.TEXT_SECONDARY, w=size, h=size, radius=size // 2,
                bg=T.SECONDARY_CONTAINER if lit else T.SURFACE_VARIANT)


# ----- Connected devices
def bluetooth(ctx: ScreenContext) -> View:
    on = bool(get(ctx, "settings.global.bluetooth_on"))
    current = _connected_id(ctx)
    rows: list[View | None] = [
        switch_row(ctx, "bluetooth", on, "Bluetooth", "On" if on else "Off", "bluetooth_switch",
                   "bluetooth"),
        nav_row(ctx, "Pair new device", None, "/bluetooth/pair", "nav_pair", "plus"),
        divider(),
        section_header("Saved devices"),
    ]
    devices = _paired(ctx)
    for d in devices:
        address = str(d.get("id"))
        here = address == current
        sub = "Connected" if here else DEVICE_TYPES.get(str(d.get("type")), "Device")
        gear = icon_button("gear", functools.partial(ctx.push, device_route(address)),
                           f"{d.get('name')} settings", T.TEXT_SECONDARY, 18,
                           id=f"bt_settings:{address}")
        rows.append(list_item(str(d.get("name")), sub, _device_icon(d, here), trailing=gear,
                              on_tap=functools.partial(_tap_device, ctx, address),
                              id=f"bt:{address}"))
    if not devices:
        rows.append(hint("No saved devices", id="no_devices"))
    if not on:
        rows.append(hint("Bluetooth is off. Tapping a saved device turns it on and connects."))
    return page(ctx, "Connected devices", *rows, scroll_id="bluetooth")


def _tap_device(ctx: ScreenContext, address: str) -> None:
    """A connected device opens its details; another one connects."""
    if address == _connected_id(ctx):
        ctx.push(device_route(address))
    else:
        call(ctx, connectivity(ctx).connect_bluetooth, address)


# ----- device details
def device(ctx: ScreenContext) -> View:
    address = unquote(ctx.params.get("address", ""))
    d = next((d for d in _paired(ctx) if d.get("id") == address), None)
    if d is None:
        return page(ctx, "Device details", hint("This device is no longer saved.",
                                                id="device_missing"))
    name = str(d.get("name"))
    here = address == _connected_id(ctx)
    c = connectivity(ctx)
    actions = row(
        button("Forget", functools.partial(ctx.open_dialog, "forget"), "outlined", icon="trash",
               id="bt_forget", w=FILL),
        button("Disconnect", functools.partial(call, ctx, c.disconnect_bluetooth), "tonal",
               icon="link-slash", id="bt_disconnect", w=FILL) if here else
        button("Connect", functools.partial(call, ctx, c.connect_bluetooth, address), "tonal",
               icon="link", id="bt_connect", w=FILL),
        w=FILL, gap=12, pad=(16, 8))
    header = col(_device_icon(d, here, 64),
                 text(name, 22, "medium", T.TEXT, id="bt_name", text_align="center"),
                 text("Connected" if here else "Not connected", 14, color=T.TEXT_SECONDARY,
                      id="bt_status"),
                 align="center", pad=(24, 16, 24, 4), gap=6, w=FILL)
    rename = functools.partial(open_text_dialog, ctx, "rename", "bt_name_input", name)
    rows: list[View | None] = [
        header, actions, divider(),
        info_row("Device name", name, "bt_device_name", on_tap=rename),
        info_row("Type", DEVICE_TYPES.get(str(d.get("type")), "Device"), "bt_type"),
        info_row("Bluetooth address", address, "bt_address"),
    ]
    pencil = bar_action("pen", Call(open_text_dialog, "rename", "bt_name_input", name),
                        "Rename", "bt_rename", T.TEXT)
    overlay = None
    if ctx.query.get("dialog") == "rename":
        overlay = text_dialog(ctx, "Rename device", "bt_name_input", "Device name", "Rename",
                              functools.partial(_rename, ctx, address), "rename_dialog")
    elif ctx.query.get("dialog") == "forget":
        overlay = dialog("Forget device?", f"Your phone will no longer be paired with {name}.",
                         [("Cancel", ctx.close_dialog, "forget_cancel"),
                          ("Forget device", functools.partial(_forget, ctx, address),
                           "forget_confirm")],
                         on_dismiss=ctx.close_dialog, id="forget_dialog")
    return page(ctx, "Device details", *rows, overlay=overlay, scroll_id="device",
                actions=(pencil,))


def _rename(ctx: ScreenContext, address: str) -> None:
    try:
        connectivity(ctx).rename_bluetooth(address, ctx.value("bt_name_input"))
    except ValueError:
        fail(ctx, "Enter a name of 1 to 32 characters")
        return
    close(ctx)


def _forget(ctx: ScreenContext, address: str) -> None:
    ctx.close_dialog()
    call(ctx, connectivity(ctx).forget_bluetooth, address, then=ctx.pop)


# ----- pair new device
def pair(ctx: ScreenContext) -> View:
    nearby = get(ctx, "hardware.bluetooth.nearby", [])
    rows: list[View | None] = [
        info_row("Device name", str(get(ctx, "settings.global.device_name", "")),
                 "pair_device_name"),
        divider(),
        section_header("Available devices"),
    ]
    rows += [list_item(str(d.get("name")), DEVICE_TYPES.get(str(d.get("type")), "Device"),
                       _device_icon(d, False),
                       on_tap=functools.partial(ctx.open_dialog, "pair", address=d.get("id")),
                       id=f"pair:{d.get('id')}")
             for d in nearby]
    if not nearby:
        rows.append(hint("No devices found nearby", id="no_nearby"))
    rows.append(hint("Your phone is visible to nearby devices while this page is open."))
    overlay = None
    address = ctx.query.get("address", "")
    target = next((d for d in nearby if d.get("id") == address), None)
    if ctx.query.get("dialog") == "pair" and target is not None:
        overlay = dialog(f"Pair with {target.get('name')}?",
                         col(text("Bluetooth pairing code", 14, color=T.TEXT_SECONDARY),
                             text(pairing_code(address), 28, "medium", T.TEXT, id="pair_code"),
                             text("Make sure this code appears on the other device.", 13,
                                  color=T.TEXT_SECONDARY, max_lines=None), gap=8),
                         [("Cancel", ctx.close_dialog, "pair_cancel"),
                          ("Pair", functools.partial(_pair, ctx, address), "pair_confirm")],
                         on_dismiss=ctx.close_dialog, id="pair_dialog")
    return page(ctx, "Pair new device", *rows, overlay=overlay, scroll_id="pair")


def pairing_code(address: str) -> str:
    """A six-digit code derived from the address, so it is the same on every run."""
    return f"{int(address.replace(':', ''), 16) % 1_000_000:06d}" if address else "000000"


def _pair(ctx: ScreenContext, address: str) -> None:
    ctx.close_dialog()
    # back on the device list, the new device shows as connected
    call(ctx, connectivity(ctx).pair_bluetooth, address, then=ctx.pop)
