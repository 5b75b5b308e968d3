"""Composes one frame's view tree: the foreground surface, system bars and overlays.

Paint order (bottom to top) follows the Back priorities: content, keyboard, media picker,
toast, heads-up, shade, chooser, permission dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ui import selection
from ..ui import theme as T
from ..ui.components import empty_state, scaffold, top_app_bar
from ..ui.view import FILL, View, col, stack
from . import dialogs, keyboard, launcher, recents, shade, sheets
from .status_bar import gesture_bar, status_bar

CRASHED = "crashed_app"  # the id of a crashed app's empty page

if TYPE_CHECKING:
    from ..device import Device
    from ..kernel.task_manager import Activity


def screen(device: Device) -> View:
    k = device.kernel
    ui = k.system_ui
    top = k.tasks.top_activity
    crashed_app = None
    kb_visible = k.keyboard.visible
    kb_h = T.KEYBOARD_H if kb_visible else 0
    # a surface's menus and modes end with it, however it was left (Back, Home, a gesture):
    # forgotten with the first frame built without it
    if not ui.shade_open:
        shade.forget(k)
    if not ui.recents_open:
        recents.forget(k)
    if not k.media_picker.is_open:
        sheets.forget_media_picker(k)
    if ui.recents_open:
        page = recents.recents(device)
    elif top is None:
        page = launcher.drawer(k) if ui.drawer_open else launcher.home(k)
    else:
        # adjustResize: the app gets the space above the keyboard; the bars take the page's
        # colour (a dark page such as a photo viewer gets dark bars with light icons)
        content = device.app_screen(top)
        if content.id == CRASHED:
            crashed_app = top.app_id
        page_bg = content.bg if content.bg and len(content.bg) == 7 else T.SURFACE
        page = col(content, w=FILL, h=FILL, pad=(0, T.STATUS_BAR_H, 0, T.GESTURE_BAR_H + kb_h),
                   bg=page_bg)
    bar_bg: str | None = page.bg if page.bg and len(page.bg) == 7 else T.SURFACE
    fg = "#FFFFFF" if _dark(bar_bg) else T.TEXT
    if ui.recents_open or (top is None and not ui.drawer_open):
        bar_bg = None  # the bars are see-through over the wallpaper
    # over the bare home screen the see-through bars carry their strip of the wallpaper
    wallpaper = top is None and not ui.recents_open and not ui.drawer_open \
        and launcher.bare(page)
    dark = bool(k.os_state.get("settings.system.dark_mode"))
    bar = status_bar(k, fg, bar_bg)
    layers: list[View | None] = [page, selection.layer(k, page),
                                 launcher.over_wallpaper(bar, dark) if wallpaper else bar]
    if kb_visible:
        layers.append(col(keyboard.keyboard(device), w=FILL, h=kb_h + T.GESTURE_BAR_H,
                          pad=(0, 0, 0, T.GESTURE_BAR_H), bg=keyboard.KEYBOARD_BG,
                          gravity="bottom-left"))
        bar_bg, fg = keyboard.KEYBOARD_BG, T.TEXT
    bar = gesture_bar(fg, bar_bg)
    layers.append(launcher.over_wallpaper(bar, dark) if wallpaper and bar_bg is None else bar)
    if k.media_picker.is_open:
        layers.append(sheets.media_picker(k))
    layers.append(sheets.toast(k))
    layers.append(sheets.heads_up(k))
    if ui.shade_open:
        layers.append(shade.shade(k))
        layers.append(gesture_bar(T.TEXT))
    if k.intents.chooser is not None:
        layers.append(sheets.chooser(k))
    if k.permissions.pending is not None:
        layers.append(dialogs.permission_dialog(k))
    if crashed_app is not None:
        layers.append(dialogs.crash_dialog(k, crashed_app))
    elif ui.crashed_app is not None:
        layers.append(dialogs.crash_dialog(k, ui.crashed_app, stopped=True))
    return stack(*layers, w=T.SCREEN_W, h=T.SCREEN_H)


def app_alone(root: View) -> bool:
    """Whether a frame ``screen`` composed shows its page with nothing over it (no keyboard,
    selection toolbar, sheet, toast, heads-up, shade or dialog): the page and the two bars."""
    return len(root.children) == 3


def _dark(color: str) -> bool:
    r, g, b = T.rgb(color)[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b < 128


def not_found(device: Device, activity: Activity) -> View:
    """What an app shows for a route it does not define (an app bug, never a crash)."""
    name = device.kernel.packages.manifest(activity.app_id).name
    return scaffold(empty_state("circle-exclamation", f"Page not found\n{activity.route}"),
                    top_bar=top_app_bar(name, device.kernel.handle_back))


def crashed(device: Device, activity: Activity) -> View:
    """What an app shows when its screen function raised (recorded in ``device.crashes``):
    nothing, under the system's "keeps stopping" dialog (``screen`` adds it on top)."""
    return View("box", w=FILL, h=FILL, bg=T.SURFACE, id=CRASHED)


def surface_swipe(device: Device, x0: float, y0: float, x1: float, y1: float) -> str | None:
    """Swipes that system surfaces interpret before generic scrolling."""
    k = device.kernel
    if k.permissions.pending is not None or k.intents.chooser is not None:
        return "none"
    if k.system_ui.shade_open:
        # None: a drag in the notification list, which scrolls (the shade blocks what is under)
        return shade.swipe(k, device.placed(), x0, y0, x1, y1)
    heads_up = sheets.swipe_heads_up(k, device.placed(), x0, y0, x1, y1)
    if heads_up:
        return heads_up
    if k.system_ui.recents_open:
        return recents.swipe(k, device.placed(), x0, y0, x1, y1)
    if k.tasks.active_task is None:
        return launcher.swipe(k, device.placed(), x0, y0, x1, y1)
    return None
