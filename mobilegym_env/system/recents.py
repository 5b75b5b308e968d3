"""Recents: a horizontal carousel with one card per Task, most recent first.

Each card shows a live thumbnail of the Task's top activity. Tap a card to switch to it,
fling it up (or tap its ✕) to close the Task, swipe sideways to browse.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..ui import theme as T
from ..ui.view import (
    FILL,
    View,
    button,
    col,
    hscroll,
    icon,
    icon_button,
    row,
    spacer,
    stack,
    text,
)
from .launcher import app_icon

if TYPE_CHECKING:
    from ..device import Device
    from ..kernel import Kernel

CARD_ID = "recents_card:"
CARD_W = 216
THUMB_H = 442  # the app area's aspect ratio (360 x 736) at the card's width
BG = "#2A2E36"
FLING = 80  # px upwards that dismiss a card


def _switch_to(k: Kernel, task_id: str) -> None:
    k.switch_to_task(task_id)  # keeps the Task's caller pointer, unlike a launcher tap


def close_task(k: Kernel, task_id: str) -> None:
    k.close_task(task_id)
    if not k.tasks.tasks:
        k.go_home()


def clear_all(k: Kernel) -> None:
    for task_id in list(k.tasks.tasks):
        k.close_task(task_id)
    k.go_home()


def _card(device: Device, task_id: str) -> View:
    k = device.kernel
    task = k.tasks.tasks[task_id]
    m = k.packages.manifest(task.root_app_id)
    # resolved only if the card is painted (cards scrolled out of view are culled)
    thumb = View("picture", picture=functools.partial(device.thumbnail, task_id), w=CARD_W,
                 h=THUMB_H)
    return col(
        row(app_icon(m, 28), text(m.name, 15, "medium", "#FFFFFF", w=FILL, role=None),
            icon_button("xmark", functools.partial(close_task, k, task_id), f"Close {m.name}",
                        "#FFFFFF", 16, w=32, h=32), h=40, gap=10),
        stack(thumb, radius=16, bg=T.SURFACE, w=CARD_W, h=THUMB_H),
        w=CARD_W, gap=10, on_tap=functools.partial(_switch_to, k, task_id),
        role="recents_card", label=m.name, id=f"{CARD_ID}{task_id}",
    )


def recents(device: Device) -> View:
    k = device.kernel
    cards = [_card(device, task_id) for task_id in k.tasks.recents]
    if cards:
        side = (T.SCREEN_W - CARD_W) // 2
        body: View = hscroll(*cards, store=k.system_ui.ui, id="recents", gap=20,
                             pad=(side, 0), h=FILL, align="center")
    else:
        body = col(icon("clone", 36, "#FFFFFF99"),
                   text("No recent items", 15, color="#FFFFFFCC", role="text"),
                   w=FILL, h=FILL, align="center", justify="center", gap=12)
    return col(
        spacer(h=T.STATUS_BAR_H, w=1, flex=0),
        body,
        row(button("Clear all", functools.partial(clear_all, k), "tonal", id="recents_clear_all")
            if cards else None, h=64, justify="center"),
        spacer(h=T.GESTURE_BAR_H, w=1, flex=0),
        w=FILL, h=FILL, bg=BG, id="recents",
    )


def swipe(k: Kernel, placed: list, x0: float, y0: float, x1: float, y1: float) -> str | None:
    """An upward fling on a card closes its Task, as on Android; sideways swipes scroll."""
    dx, dy = x1 - x0, y1 - y0
    if dy > -FLING or abs(dx) >= abs(dy):
        return None
    for p in reversed(placed):
        if p.view.id and p.view.id.startswith(CARD_ID):
            r = p.visible_rect()
            if r and r[0] <= x0 < r[2] and r[1] <= y0 < r[3]:
                close_task(k, p.view.id[len(CARD_ID):])
                return "close_task"
    return None
