"""Location, Storage, Battery and About phone."""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.kernel.managers import StorageManager
from mobilegym_env.kernel.providers import OWN_NUMBER
from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    col,
    dialog,
    divider,
    icon,
    list_item,
    progress_bar,
    row,
    section_header,
    text,
)
from mobilegym_env.ui import theme as T

from .common import (
    CHEVRON,
    TRACK,
    app_tile,
    call,
    gb,
    get,
    hint,
    info_row,
    open_text_dialog,
    page,
    save_text_pref,
    switch_row,
    text_dialog,
    tile,
)

# The Files app's directory route that "Browse files" opens (caller route wins over the filter's).
DOWNLOADS_ROUTE = "/dir?path=/sdcard/Download"
STORAGE_CATEGORIES: tuple[tuple[str, str, str], ...] = (
    ("system", "System", "gear"),
    ("apps", "Apps", "table-cells-large"),
    ("images", "Images", "image"),
    ("videos", "Videos", "film"),
    ("audio", "Audio", "music"),
    ("documents", "Documents & other", "file-lines"),
    ("trash", "Trash", "trash"),
)
HOURS_PER_PERCENT = 0.2  # the battery estimate: 100% lasts about 20 hours


# ----- Location
def location(ctx: ScreenContext) -> View:
    on = bool(get(ctx, "settings.global.location_on", False))
    with_access = [m for m in sorted(ctx.os.packages.manifests(), key=lambda m: m.name.lower())
                   if _granted(ctx, m.id, "location")]
    rows: list[View | None] = [
        switch_row(ctx, "location", on, "Use location", "On" if on else "Off",
                   "location_switch", "location-dot"),
        divider(),
        section_header("Apps with location access"),
    ]
    rows += [list_item(m.name, "Allowed", app_tile(ctx, m.id),
                       on_tap=functools.partial(ctx.push, f"/apps/{m.id}/permissions"),
                       id=f"location_app:{m.id}") for m in with_access]
    if not with_access:
        rows.append(hint("No apps have location access", id="no_location_apps"))
    return page(ctx, "Location", *rows)


def _granted(ctx: ScreenContext, app_id: str, perm: str) -> bool:
    try:
        return ctx.os.permissions.status(app_id, perm) == "granted"
    except ValueError:
        return False


# ----- Storage
def storage_numbers(storage: dict[str, Any]) -> tuple[float, float]:
    """(used, total) in GB, with used clamped into 0..total."""
    total = float(storage.get("total_gb") or 0)
    used = min(max(float(storage.get("used_gb") or 0), 0.0), total)
    return used, total


def pct(used: float, total: float) -> int:
    return int(round(100 * used / total)) if total > 0 else 0


def storage(ctx: ScreenContext) -> View:
    s = get(ctx, "hardware.storage", {})
    used, total = storage_numbers(s)
    summary = col(
        row(text(gb(used), 32, "medium", T.TEXT, id="storage_used"),
            text(f"GB used of {gb(total)} GB", 15, color=T.TEXT_SECONDARY, id="storage_total",
                 pad=(0, 0, 0, 5)),
            align="end", gap=6),
        progress_bar(pct(used, total), 100, 10, track=TRACK),
        text(f"{pct(used, total)}% used · {gb(total - used)} GB free", 13,
             color=T.TEXT_SECONDARY, id="storage_free"),
        pad=(16, 16), gap=10,
    )
    categories = s.get("categories") or {}
    rows: list[View | None] = [summary, divider()]
    for key, label, icon_name in STORAGE_CATEGORIES:
        if key not in categories:
            continue
        size = float(categories[key])
        on_tap = functools.partial(ctx.open_dialog, "trash") if key == "trash" and size > 0 \
            else None
        rows.append(list_item(label, f"{gb(size)} GB", icon_name, on_tap=on_tap,
                              id=f"storage:{key}"))
    rows += [divider(),
             list_item("Browse files", "Open the Downloads folder in Files", "folder-open",
                       trailing=icon(CHEVRON, 14, T.TEXT_SECONDARY),
                       on_tap=functools.partial(_browse_files, ctx), id="browse_files")]
    overlay = None
    if ctx.query.get("dialog") == "trash":
        overlay = dialog("Empty trash?", f"{gb(float(categories.get('trash', 0)))} GB of "
                         "deleted files will be removed permanently.",
                         [("Cancel", ctx.close_dialog, "trash_cancel"),
                          ("Delete", functools.partial(_empty_trash, ctx), "trash_confirm")],
                         on_dismiss=ctx.close_dialog, id="trash_dialog")
    return page(ctx, "Storage", *rows, overlay=overlay, scroll_id="storage")


def _empty_trash(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    freed = call(ctx, StorageManager(ctx.os.os_state).empty_trash)
    if freed is not None:
        ctx.toast(f"{gb(freed)} GB freed")


def _browse_files(ctx: ScreenContext) -> None:
    # Same-Task viewer push: no new_task, so Files is pushed onto the Settings Task and Back at
    # its root pops it (cross-app-launch.md, "Same-Task viewer push").
    if not ctx.start_activity({"action": "ACTION_VIEW", "type": "inode/directory",
                               "route": DOWNLOADS_ROUTE}):
        ctx.toast("No app can browse files")


# ----- Battery
def battery_summary(ctx: ScreenContext) -> str:
    b = get(ctx, "hardware.battery", {})
    level = int(b.get("level", 0))
    if b.get("charging"):
        return f"{level}% · Charging"
    return f"{level}% · About {_hours(level)} left"


def _hours(level: int) -> str:
    hours = int(level * HOURS_PER_PERCENT)
    return f"{hours} hr" if hours else "less than 1 hr"


def battery(ctx: ScreenContext) -> View:
    b = get(ctx, "hardware.battery", {})
    level, saver = int(b.get("level", 0)), bool(b.get("power_save"))
    status = "Charging" if b.get("charging") else f"About {_hours(level)} left"
    header = col(
        row(text(f"{level}%", 40, "medium", T.TEXT, id="battery_level"),
            icon("bolt" if b.get("charging") else "battery-three-quarters", 22, T.ACCENT),
            align="center", gap=12),
        text(status, 14, color=T.TEXT_SECONDARY, id="battery_status"),
        progress_bar(level, 100, 10, track=TRACK),
        pad=(16, 16), gap=10,
    )
    usage = [u for u in b.get("usage") or [] if u.get("id") in ctx.os.packages]
    usage.sort(key=lambda u: -int(u.get("percent", 0)))
    rows: list[View | None] = [
        header, divider(),
        switch_row(ctx, "power_save", saver, "Battery Saver",
                   "On · extends battery life" if saver else "Off", "battery_saver_switch",
                   "leaf"),
        divider(),
        section_header("Battery usage since last full charge"),
    ]
    rows += [list_item(ctx.os.packages.manifest(u["id"]).name, f"{int(u.get('percent', 0))}%",
                       app_tile(ctx, u["id"]), id=f"usage:{u['id']}") for u in usage]
    if not usage:
        rows.append(hint("No app usage since the last full charge", id="no_usage"))
    return page(ctx, "Battery", *rows, scroll_id="battery")


# ----- About phone
def about(ctx: ScreenContext) -> View:
    build = get(ctx, "hardware.build", {})
    name = str(get(ctx, "settings.global.device_name", ""))
    rename = functools.partial(open_text_dialog, ctx, "device_name", "device_name_input", name)
    rows: list[View | None] = [
        col(tile("mobile-screen-button", T.ACCENT, 64),
            text(name, 22, "medium", T.TEXT, text_align="center", id="about_title"),
            align="center", pad=(16, 24, 16, 16), gap=12, w=FILL),
        divider(),
        info_row("Device name", name, "device_name", on_tap=rename),
        info_row("Phone number", OWN_NUMBER, "phone_number"),
        info_row("Model", str(build.get("model", "")), "model"),
        divider(),
        info_row("Android version", str(build.get("android_version", "")), "android_version"),
        info_row("Android security update", str(build.get("security_patch", "")),
                 "security_patch"),
        info_row("Baseband version", str(build.get("baseband", "")), "baseband"),
        info_row("Build number", str(build.get("build_number", "")), "build_number"),
    ]
    overlay = None
    if ctx.query.get("dialog") == "device_name":
        overlay = text_dialog(ctx, "Device name", "device_name_input", "Device name", "OK",
                              functools.partial(save_text_pref, ctx, "device_name",
                                                "device_name_input"), "device_name_dialog",
                              message="Your device name is visible to apps on your phone and "
                                      "to other people when you connect over Bluetooth.")
    return page(ctx, "About phone", *rows, overlay=overlay, scroll_id="about")
