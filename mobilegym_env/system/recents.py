"""Recents, as on a Pixel: a carousel of rounded cards, one per Task, most recent first, each
under its app's icon, over the dimmed wallpaper; Screenshot and Select under the carousel and
Clear all after the last card.

Tap a card to switch to it, fling it up to close the Task, swipe sideways to browse. The icon
above a card opens its menu (App info). Screenshot saves the centred card's screen to
Pictures/Screenshots (a new file and media row, as Android's screenshot does); Select outlines
the texts on the centred card, and a tap on one copies it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..kernel.providers import media_placeholder
from ..ui import theme as T
from ..ui.components import popup_menu
from ..ui.layout import layout
from ..ui.view import FILL, View, button, col, hscroll, icon, row, spacer, stack, text
from . import style as S
from .launcher import app_icon, wallpaper

if TYPE_CHECKING:
    from ..device import Device
    from ..kernel import Kernel

CARD_ID = "recents_card:"
CARD_W = 240
THUMB_H = CARD_W * (T.SCREEN_H - T.STATUS_BAR_H - T.GESTURE_BAR_H) // T.SCREEN_W
GAP = 20
ICON = 40
BG = "#262A36"  # the dimmed wallpaper's colour, where one colour stands for it
FLING = 80  # px upwards that dismiss a card
MENU = "recents_menu"  # the task whose icon menu is open (system UI store)
SELECTING = "recents_select"  # the task whose card is in Select mode
SCROLL = "scroll:recents"
SHOT_DIR = "/sdcard/Pictures/Screenshots"


def _switch_to(k: Kernel, task_id: str) -> None:
    k.switch_to_task(task_id)  # keeps the Task's caller pointer, unlike a launcher tap


def close_task(k: Kernel, task_id: str) -> None:
    k.close_task(task_id)
    forget(k)
    if not k.tasks.tasks:
        k.go_home()


def clear_all(k: Kernel) -> None:
    for task_id in list(k.tasks.tasks):
        k.close_task(task_id)
    forget(k)
    k.go_home()


def forget(k: Kernel) -> None:
    """The icon menu and Select mode end when Recents closes."""
    k.system_ui.ui.pop(MENU, None)
    k.system_ui.ui.pop(SELECTING, None)



def centred_task(k: Kernel) -> str | None:
    """The Task whose card is in the middle of the carousel."""
    order = k.tasks.recents
    if not order:
        return None
    i = round(int(k.system_ui.ui.get(SCROLL, 0)) / (CARD_W + GAP))
    return order[min(max(i, 0), len(order) - 1)]


def _card_left(k: Kernel, task_id: str) -> int:
    side = (T.SCREEN_W - CARD_W) // 2
    return side + k.tasks.recents.index(task_id) * (CARD_W + GAP) \
        - int(k.system_ui.ui.get(SCROLL, 0))


def _open_menu(k: Kernel, task_id: str) -> None:
    k.system_ui.ui[MENU] = task_id


def _app_info(k: Kernel, app_id: str) -> None:
    forget(k)
    k.open_app("settings", f"/apps/{app_id}")


def screenshot(device: Device) -> None:
    """Saves the centred card's screen as a PNG in Pictures/Screenshots, with its media row."""
    k = device.kernel
    task_id = centred_task(k)
    if task_id is None:
        return
    m = k.packages.manifest(k.tasks.tasks[task_id].root_app_id)
    stamp = k.clock.local_datetime().strftime("%Y%m%d-%H%M%S")
    if not k.files.exists(SHOT_DIR):
        k.files.mkdir(SHOT_DIR, parents=True)
    path = k.files.free_name(SHOT_DIR, f"Screenshot_{stamp}_{m.name}.png")
    path = f"{SHOT_DIR}/{path.rsplit('/', 1)[-1]}"
    row_ = {"path": path, "mime": "image/png", "width": 1080, "height": 2400,
            "taken_ms": k.clock.now_ms(), "size": 1_048_576}
    k.files.write_text(path, media_placeholder(row_), "image/png")
    k.providers.insert("content://media", {**row_, "title": path.rsplit("/", 1)[-1][:-4],
                                           "album": "Screenshots"})
    k.toast("Screenshot saved")


def _select(k: Kernel) -> None:
    task_id = centred_task(k)
    if task_id is not None:
        k.system_ui.ui[SELECTING] = task_id


def _copy(k: Kernel, value: str) -> None:
    k.clipboard.write(value)
    k.system_ui.ui.pop(SELECTING, None)
    k.toast("Copied")


def _selectable(device: Device, task_id: str) -> list[View]:
    """Outlines over the texts of a card's screen (Select mode); a tap copies one."""
    act = device.kernel.tasks.tasks[task_id].top
    w, h = T.SCREEN_W, T.SCREEN_H - T.STATUS_BAR_H - T.GESTURE_BAR_H
    placed, _ = layout(device.app_screen(act), 0, 0, w, h)
    boxes = []
    for p in placed:
        r = p.visible_rect()
        if p.view.kind != "text" or not p.view.text.strip() or r is None:
            continue
        x0, y0, x1, y1 = (c * CARD_W // T.SCREEN_W for c in r)
        boxes.append(stack(View("box", w=max(x1 - x0, 8), h=max(y1 - y0, 8), radius=4,
                                bg=S.SELECT_OUTLINE + "33", border=(S.SELECT_OUTLINE, 1),
                                on_tap=functools.partial(_copy, device.kernel, p.view.text),
                                role="button", label=f"Copy {p.view.text}",
                                id=f"recents_text:{len(boxes)}"),
                           w=FILL, h=FILL, pad=(x0, y0, 0, 0)))
    return boxes


def _card(device: Device, task_id: str) -> View:
    k = device.kernel
    task = k.tasks.tasks[task_id]
    m = k.packages.manifest(task.root_app_id)
    # resolved only if the card is painted (cards scrolled out of view are culled)
    thumb = View("picture", picture=functools.partial(device.thumbnail, task_id), w=CARD_W,
                 h=THUMB_H)
    badge = app_icon(m, ICON)
    badge.on_tap = functools.partial(_open_menu, k, task_id)
    badge.role, badge.label, badge.id = "button", f"{m.name} options", f"recents_icon:{task_id}"
    selecting = k.system_ui.ui.get(SELECTING) == task_id
    return col(
        badge,
        stack(thumb, *(_selectable(device, task_id) if selecting else ()), radius=24,
              clip=True, bg=T.SURFACE, w=CARD_W, h=THUMB_H),
        w=CARD_W, gap=12, align="center", on_tap=functools.partial(_switch_to, k, task_id),
        role="recents_card", label=m.name, id=f"{CARD_ID}{task_id}",
    )


def _menu(k: Kernel) -> View | None:
    task_id = k.system_ui.ui.get(MENU)
    if task_id not in k.tasks.tasks:
        return None
    app_id = k.tasks.tasks[task_id].root_app_id
    info = functools.partial(_app_info, k, app_id) if "settings" in k.packages else None
    x = _card_left(k, task_id) + (CARD_W - 200) // 2
    return popup_menu([("App info", info, f"{MENU}:app_info")],
                      functools.partial(k.system_ui.ui.pop, MENU, None), id=MENU,
                      at=(min(max(x, 8), T.SCREEN_W - 208), T.STATUS_BAR_H + ICON + 60))


def recents(device: Device) -> View:
    k = device.kernel
    cards = [_card(device, task_id) for task_id in k.tasks.recents]
    if cards:
        side = (T.SCREEN_W - CARD_W) // 2
        end = col(button("Clear all", functools.partial(clear_all, k), "tonal",
                         id="recents_clear_all"), w=CARD_W // 2, align="center",
                  justify="center", h=THUMB_H)
        body: View = hscroll(*cards, end, store=k.system_ui.ui, id="recents", gap=GAP,
                             pad=(side, 0), h=FILL, align="center")
    else:
        body = col(icon("clone", 36, "#FFFFFF99"),
                   text("No recent items", 15, color="#FFFFFFCC", role="text"),
                   w=FILL, h=FILL, align="center", justify="center", gap=12)
    selecting = SELECTING in k.system_ui.ui
    actions = row(
        button("Screenshot", functools.partial(screenshot, device), "tonal", icon="screenshot",
               h=36, id="recents_screenshot"),
        button("Done" if selecting else "Select",
               functools.partial(k.system_ui.ui.pop, SELECTING, None) if selecting
               else functools.partial(_select, k), "tonal", icon="select", h=36,
               id="recents_select"),
        h=64, gap=12, justify="center", w=FILL) if cards else spacer(h=64, w=1, flex=0)
    return stack(
        wallpaper(k, dim=True),
        col(spacer(h=T.STATUS_BAR_H, w=1, flex=0), body, actions,
            spacer(h=T.GESTURE_BAR_H, w=1, flex=0), w=FILL, h=FILL),
        _menu(k), w=FILL, h=FILL, bg=BG, id="recents_screen",
    )


def swipe(k: Kernel, placed: list, x0: float, y0: float, x1: float, y1: float) -> str | None:
    """An upward fling on a card closes its Task, as on Android; sideways swipes scroll."""
    dx, dy = x1 - x0, y1 - y0
    if MENU in k.system_ui.ui:
        k.system_ui.ui.pop(MENU)
        return "none"
    if dy > -FLING or abs(dx) >= abs(dy):
        return None
    for p in reversed(placed):
        if p.view.id and p.view.id.startswith(CARD_ID):
            r = p.visible_rect()
            if r and r[0] <= x0 < r[2] and r[1] <= y0 < r[3]:
                close_task(k, p.view.id[len(CARD_ID):])
                return "close_task"
    return None
