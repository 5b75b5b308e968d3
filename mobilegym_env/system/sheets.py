"""System overlays: intent chooser, permission dialog, media picker, toast and heads-up."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..ui import theme as T
from ..ui.components import bottom_sheet, dialog, list_item
from ..ui.pictures import media_photo
from ..ui.view import FILL, View, col, icon, image, row, stack, text
from .launcher import app_icon

if TYPE_CHECKING:
    from ..kernel import Kernel

PERMISSION_TEXT = {
    "camera": "take pictures and record video", "location": "access this device's location",
    "contacts": "access your contacts", "sms": "send and view SMS messages",
    "storage": "access photos and media on your device", "microphone": "record audio",
    "notifications": "send you notifications", "phone": "make and manage phone calls",
    "calendar": "access your calendar",
}


def chooser(k: Kernel) -> View:
    c = k.intents.chooser
    assert c is not None
    rows = []
    for app_id, f in c.candidates:
        m = k.packages.manifest(app_id)
        rows.append(list_item(m.name, f.description, app_icon(m, 40),
                              on_tap=functools.partial(k.choose, app_id), id=f"choose:{app_id}"))
    return bottom_sheet("Open with", rows, k.cancel_chooser, id="chooser")


def permission_dialog(k: Kernel) -> View:
    req = k.permissions.pending
    assert req is not None
    name = k.packages.manifest(req.app_id).name if req.app_id in k.packages else req.app_id
    what = PERMISSION_TEXT.get(req.perm, f"use {req.perm}")
    return dialog(
        f"Allow {name} to {what}?", None,
        [("Don't allow", functools.partial(k.permissions.respond, False)),
         ("Allow", functools.partial(k.permissions.respond, True))],
        on_dismiss=None, id="permission_dialog",
    )


def media_picker(k: Kernel) -> View:
    tiles = [
        image(m["title"], 100, 100, source=media_photo(m, k.files),
              on_tap=functools.partial(k.media_picker.pick, m["id"]), id=f"media:{m['id']}")
        for m in k.media_picker.candidates()
    ]
    grid = [row(*tiles[i : i + 3], gap=6, justify="start") for i in range(0, len(tiles), 3)]
    body = col(*grid, pad=(16, 0), gap=6) if grid else text(
        "No photos", 14, color=T.TEXT_SECONDARY, pad=(24, 16))
    return bottom_sheet("Choose a photo", [body], k.media_picker.cancel, id="media_picker")


def toast(k: Kernel) -> View | None:
    t = k.system_ui.toast
    if t is None:
        return None
    pill = row(text(t.text, 14, color="#FFFFFF", max_lines=2), bg="#323232E6", radius=20,
               pad=(18, 10), gravity="bottom-center", id="toast", role="toast", label=t.text)
    # on the home screen it sits above the dock and the search pill instead of over them
    lift = 64 if k.tasks.active_task is not None or k.system_ui.recents_open else 190
    return stack(pill, w=FILL, h=FILL, pad=(24, 0, 24, T.GESTURE_BAR_H + lift))


def heads_up(k: Kernel) -> View | None:
    n = k.notifications.heads_up
    if n is None:
        return None
    m = k.packages.manifest(n.app_id) if n.app_id in k.packages else None
    card = row(
        icon(m.icon if m else "bell", 14, "#FFFFFF", w=36, h=36, radius=18,
             bg=m.color if m else T.ACCENT),
        col(text(n.title, 14, "medium", T.TEXT), text(n.body, 13, color=T.TEXT_SECONDARY)
            if n.body else None, w=FILL, gap=2),
        w=FILL, gap=12, pad=(14, 12), bg=T.SURFACE, radius=20, border=("#E0E3EA", 1),
        on_tap=functools.partial(k.open_notification, n.id), role="notification",
        id=f"heads_up:{n.id}",
    )
    return stack(card, w=FILL, h=FILL, pad=(8, T.STATUS_BAR_H + 4, 8, 0))
