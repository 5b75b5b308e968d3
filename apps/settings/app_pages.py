"""Apps: the app list, App info, an app's permissions and notifications, the permission manager
(apps per permission) and the Notifications page (a switch per app)."""

from __future__ import annotations

import functools

from mobilegym_env.kernel.managers import NotificationManager
from mobilegym_env.kernel.permissions import KNOWN_PERMISSIONS
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    button,
    col,
    dialog,
    divider,
    empty_state,
    list_item,
    radio,
    row,
    scaffold,
    section_header,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import app_tile, call, get, hint, nav_row, page, switch_row, toggle_row

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


def perm_label(perm: str) -> str:
    return PERMISSION_LABELS.get(perm, (perm.title(), ""))[0]


def _apps(ctx: ScreenContext) -> list:
    return sorted(ctx.os.packages.manifests(), key=lambda m: m.name.lower())


def status(ctx: ScreenContext, app_id: str, perm: str) -> str:
    try:
        return ctx.os.permissions.status(app_id, perm)
    except ValueError:
        return "not_requested"


def _notifications_on(ctx: ScreenContext, app_id: str) -> bool:
    return NotificationManager(ctx.os.os_state).app_notifications(app_id)


def _set_notifications(ctx: ScreenContext, app_id: str, on: bool) -> None:
    call(ctx, NotificationManager(ctx.os.os_state).set_app_notifications, app_id, on)


def _allowed_summary(labels: list[str]) -> str:
    if not labels:
        return "No permissions allowed"
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + " and " + labels[-1]


# ----- the app list
def apps(ctx: ScreenContext) -> View:
    manifests = _apps(ctx)
    rows: list[View | None] = [
        nav_row(ctx, "Permission manager", "Control app access to your data",
                "/apps/permissions", "nav_permission_manager", "shield-halved"),
        divider(),
        section_header(f"All apps · {len(manifests)}"),
    ]
    rows += [list_item(m.name, "System app" if m.system else None, app_tile(ctx, m.id),
                       on_tap=functools.partial(ctx.push, f"/apps/{m.id}"), id=f"app:{m.id}")
             for m in manifests]
    return page(ctx, "Apps", *rows, scroll_id="apps")


def _missing(ctx: ScreenContext, title: str) -> View:
    return scaffold(empty_state("circle-exclamation", "App not found"),
                    top_bar=top_app_bar(title, Call("back")), bg=T.SURFACE)


# ----- App info
def app_info(ctx: ScreenContext) -> View:
    app_id = ctx.params.get("id", "")
    if app_id not in ctx.os.packages:
        return _missing(ctx, "App info")
    m = ctx.os.packages.manifest(app_id)
    running = ctx.os.tasks.task_for_app(app_id) is not None
    can_stop = running and app_id != ctx.app_id
    header = col(app_tile(ctx, app_id, 72),
                 text(m.name, 22, "medium", T.TEXT, id="app_name", text_align="center"),
                 text("System app" if m.system else "Installed app", 13,
                      color=T.TEXT_SECONDARY),
                 row(button("Open", functools.partial(ctx.os.launch_app, app_id), "tonal",
                            icon="play", id="open_app", w=FILL),
                     button("Force stop", functools.partial(_force_stop, ctx, app_id) if can_stop
                            else None, "outlined", icon="circle-stop", id="force_stop", w=FILL),
                     w=FILL, gap=12, pad=(0, 12, 0, 0)),
                 align="center", pad=(24, 16, 24, 8), gap=6)
    allowed = [perm_label(p) for p in KNOWN_PERMISSIONS if status(ctx, app_id, p) == "granted"]
    usage = next((u for u in get(ctx, "hardware.battery.usage", []) if u.get("id") == app_id),
                 None)
    rows: list[View | None] = [
        header, divider(),
        nav_row(ctx, "Notifications", "On" if _notifications_on(ctx, app_id) else "Off",
                f"/apps/{app_id}/notifications", "app_notifications", "bell"),
        nav_row(ctx, "Permissions", _allowed_summary(allowed), f"/apps/{app_id}/permissions",
                "app_permissions", "shield-halved"),
        list_item("Battery", f"{usage.get('percent', 0)}% use since last full charge" if usage
                  else "No battery use since last full charge", "battery-three-quarters",
                  id="app_battery"),
    ]
    return page(ctx, "App info", *rows, scroll_id="app_info")


def _force_stop(ctx: ScreenContext, app_id: str) -> None:
    try:
        ctx.os.close_app(app_id)
    except KeyError:
        return
    ctx.toast(f"{ctx.os.packages.manifest(app_id).name} stopped")


# ----- an app's permissions
def app_permissions(ctx: ScreenContext) -> View:
    app_id = ctx.params.get("id", "")
    if app_id not in ctx.os.packages:
        return _missing(ctx, "App permissions")
    statuses = {p: status(ctx, app_id, p) for p in KNOWN_PERMISSIONS}
    allowed = [p for p in KNOWN_PERMISSIONS if statuses[p] == "granted"]
    others = [p for p in KNOWN_PERMISSIONS if statuses[p] != "granted"]

    def perm_row(p: str) -> View:
        label, icon_name = PERMISSION_LABELS.get(p, (p.title(), "shield-halved"))
        return list_item(label, STATUS_LABELS.get(statuses[p], statuses[p]), icon_name,
                         on_tap=functools.partial(ctx.open_dialog, "permission", perm=p),
                         id=f"perm:{p}")

    rows: list[View | None] = [
        text(ctx.os.packages.manifest(app_id).name, 14, color=T.TEXT_SECONDARY, pad=(16, 8),
             id="permissions_app"),
        section_header("Allowed"),
        *([perm_row(p) for p in allowed] or [hint("No permissions allowed")]),
        section_header("Not allowed"),
        *[perm_row(p) for p in others],
    ]
    perm = ctx.query.get("perm", "")
    overlay = permission_dialog(ctx, app_id, perm) \
        if ctx.query.get("dialog") == "permission" and perm in KNOWN_PERMISSIONS else None
    return page(ctx, "App permissions", *rows, overlay=overlay, scroll_id="app_permissions")


def permission_dialog(ctx: ScreenContext, app_id: str, perm: str) -> View:
    """Allow / Don't allow for one app's permission; choosing closes it."""
    current = status(ctx, app_id, perm)
    granted = current == "granted"
    choices = []
    for key, label, chosen, grant in (("allow", "Allow", granted, True),
                                      ("deny", "Don't allow", not granted, False)):
        pick = functools.partial(_choose_permission, ctx, app_id, perm, grant)
        choices.append(row(radio(chosen, pick, id=f"perm_{key}", label=label),
                           text(label, 16, color=T.TEXT, w=FILL), h=48, gap=16,
                           on_tap=pick, id=f"perm_{key}_row", role="list_item"))
    name = ctx.os.packages.manifest(app_id).name
    body = col(text(f"{name} · {STATUS_LABELS.get(current, current)}", 14,
                    color=T.TEXT_SECONDARY), *choices, gap=4)
    return dialog(f"{perm_label(perm)} permission", body,
                  [("Cancel", ctx.close_dialog, "perm_cancel")],
                  on_dismiss=ctx.close_dialog, id="permission_dialog")


def _choose_permission(ctx: ScreenContext, app_id: str, perm: str, grant: bool) -> None:
    current = status(ctx, app_id, perm)
    try:
        if grant and current != "granted":
            ctx.os.permissions.grant(app_id, perm)
        elif not grant and current == "granted":
            ctx.os.permissions.revoke(app_id, perm)
    except ValueError as err:
        ctx.toast(f"Can't change this permission: {err}")
    ctx.close_dialog()


# ----- an app's notifications
def app_notifications(ctx: ScreenContext) -> View:
    app_id = ctx.params.get("id", "")
    if app_id not in ctx.os.packages:
        return _missing(ctx, "Notifications")
    name = ctx.os.packages.manifest(app_id).name
    on = _notifications_on(ctx, app_id)
    rows: list[View | None] = [
        toggle_row(functools.partial(_set_notifications, ctx, app_id, not on), on,
                   f"All {name} notifications", "On" if on else "Off",
                   "app_notifications_switch", "bell"),
        hint(f"{name} can't show notifications while this is off." if not on else
             f"Notifications from {name} appear in the shade and as pop-ups."),
    ]
    return page(ctx, "Notifications", *rows, scroll_id="app_notifications")


# ----- permission manager
def permission_manager(ctx: ScreenContext) -> View:
    manifests = _apps(ctx)
    rows: list[View | None] = []
    for p in KNOWN_PERMISSIONS:
        label, icon_name = PERMISSION_LABELS.get(p, (p.title(), "shield-halved"))
        n = sum(status(ctx, m.id, p) == "granted" for m in manifests)
        rows.append(nav_row(ctx, label, f"{n} of {len(manifests)} apps allowed",
                            f"/apps/permissions/{p}", f"perm_manager:{p}", icon_name))
    return page(ctx, "Permission manager", *rows, scroll_id="permission_manager")


def permission_apps(ctx: ScreenContext) -> View:
    perm = ctx.params.get("perm", "")
    if perm not in KNOWN_PERMISSIONS:
        return page(ctx, "Permission manager", hint("Unknown permission", id="perm_missing"))
    manifests = _apps(ctx)
    allowed = [m for m in manifests if status(ctx, m.id, perm) == "granted"]
    others = [m for m in manifests if status(ctx, m.id, perm) != "granted"]

    def app_row(m) -> View:
        return list_item(m.name, STATUS_LABELS.get(status(ctx, m.id, perm)), app_tile(ctx, m.id),
                         on_tap=functools.partial(ctx.open_dialog, "permission", app=m.id),
                         id=f"perm_app:{m.id}")

    rows: list[View | None] = [
        section_header("Allowed"),
        *([app_row(m) for m in allowed] or [hint("No apps allowed", id="none_allowed")]),
        section_header("Not allowed"),
        *([app_row(m) for m in others] or [hint("No apps denied", id="none_denied")]),
    ]
    app_id = ctx.query.get("app", "")
    overlay = permission_dialog(ctx, app_id, perm) \
        if ctx.query.get("dialog") == "permission" and app_id in ctx.os.packages else None
    return page(ctx, f"{perm_label(perm)} permission", *rows, overlay=overlay,
                scroll_id="permission_apps")


# ----- Notifications
def notifications(ctx: ScreenContext) -> View:
    dnd = bool(get(ctx, "settings.system.do_not_disturb"))
    rows: list[View | None] = [section_header("App notifications")]
    for m in _apps(ctx):
        on = _notifications_on(ctx, m.id)
        rows.append(toggle_row(functools.partial(_set_notifications, ctx, m.id, not on), on,
                               m.name, "On" if on else "Off", f"notif_switch:{m.id}",
                               app_tile(ctx, m.id)))
    rows += [divider(), section_header("General"),
             switch_row(ctx, "do_not_disturb", dnd, "Do Not Disturb", "On" if dnd else "Off",
                        "notifications_dnd_switch", "bell-slash")]
    return page(ctx, "Notifications", *rows, scroll_id="notifications")
