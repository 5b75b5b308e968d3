"""Recents: one card per Task, most recent first; tap a card to switch, swipe it to close."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..ui import theme as T
from ..ui.view import FILL, View, button, col, icon, icon_button, row, scroll, spacer, stack, text
from .launcher import app_icon

if TYPE_CHECKING:
    from ..kernel import Kernel

CARD_ID = "recents_card:"


def _switch_to(k: Kernel, task_id: str) -> None:
    k.launch_app(k.tasks.tasks[task_id].root_app_id)


def close_task(k: Kernel, task_id: str) -> None:
    k.close_task(task_id)
    if not k.tasks.tasks:
        k.go_home()


def clear_all(k: Kernel) -> None:
    for task_id in list(k.tasks.tasks):
        k.close_task(task_id)
    k.go_home()


def recents(k: Kernel) -> View:
    cards = []
    for task_id in k.tasks.recents:
        task = k.tasks.tasks[task_id]
        m = k.packages.manifest(task.root_app_id)
        top = task.top
        top_name = k.packages.manifest(top.app_id).name
        preview = stack(
            col(icon(k.packages.manifest(top.app_id).icon, 40, "#FFFFFF"),
                text(f"{top_name}  {top.route}", 13, color="#FFFFFF", text_align="center", role=None),
                align="center", gap=10, gravity="center"),
            w=FILL, h=FILL, bg=m.color, radius=16,
        )
        cards.append(col(
            row(app_icon(m, 28), text(m.name, 15, "medium", "#FFFFFF", w=FILL, role=None),
                icon_button("xmark", functools.partial(close_task, k, task_id), f"Close {m.name}",
                            "#FFFFFF", 16), h=44, gap=10),
            preview,
            h=260, pad=(12, 4, 12, 12), bg="#3A3F4A", radius=24, gap=4,
            on_tap=functools.partial(_switch_to, k, task_id), role="recents_card",
            label=m.name, id=f"{CARD_ID}{task_id}",
        ))
    if not cards:
        body: View = col(icon("clone", 36, "#FFFFFF99"),
                         text("No recent items", 15, color="#FFFFFFCC", role="text"),
                         w=FILL, h=FILL, align="center", justify="center", gap=12)
    else:
        body = scroll(*cards, store=k.system_ui.ui, id="recents", gap=16, pad=(28, 8, 28, 8))
    return col(
        spacer(h=T.STATUS_BAR_H, w=1, flex=0),
        body,
        row(button("Clear all", functools.partial(clear_all, k), "tonal", id="recents_clear_all")
            if cards else None, h=64, justify="center"),
        spacer(h=T.GESTURE_BAR_H, w=1, flex=0),
        w=FILL, h=FILL, bg="#2A2E36", id="recents",
    )


def swipe(k: Kernel, placed: list, x0: float, y0: float, x1: float, y1: float) -> str | None:
    """A sideways fling on a card closes its Task (as swiping it away does on Android)."""
    dx, dy = x1 - x0, y1 - y0
    if abs(dx) <= abs(dy) or abs(dx) < 60:
        return None
    for p in reversed(placed):
        if p.view.id and p.view.id.startswith(CARD_ID):
            r = p.visible_rect()
            if r and r[0] <= x0 < r[2] and r[1] <= y0 < r[3]:
                close_task(k, p.view.id[len(CARD_ID):])
                return "close_task"
    return None
