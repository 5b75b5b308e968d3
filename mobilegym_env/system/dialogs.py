"""System dialogs: Android 14's runtime-permission dialog and the "App keeps stopping" dialog.

The permission dialog says which app asks in bold, under the permission group's icon, with
stacked buttons: "While using the app" / "Only this time" / "Don't allow" for the
foreground-only groups (camera, location, microphone), "Allow" / "Don't allow" for the others.
Both grant buttons grant (the service has no one-time grant); "Don't allow" denies.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..ui import theme as T
from ..ui.components import scrim
from ..ui.fonts import text_size
from ..ui.view import FILL, Handler, View, col, icon, row, stack, text
from . import style as S

if TYPE_CHECKING:
    from ..kernel import Kernel

# permission: (icon, what the app asks to do, whether it is a foreground-only group)
PERMISSIONS = {
    "camera": ("camera", "take pictures and record video", True),
    "location": ("location-dot", "access this device's location", True),
    "microphone": ("microphone", "record audio", True),
    "contacts": ("address-book", "access your contacts", False),
    "sms": ("comment-sms", "send and view SMS messages", False),
    "storage": ("photo_library", "access photos and videos on this device", False),
    "notifications": ("bell", "send you notifications", False),
    "phone": ("phone", "make and manage phone calls", False),
    "calendar": ("calendar", "access your calendar", False),
}
DIALOG_W = 312
TITLE_SIZE = 18


def rich_lines(runs: list[tuple[str, str]], size: int, width: int, color: str) -> list[View]:
    """Wraps text runs of mixed weights (``(text, weight)``) at spaces into centred rows of
    plain text views, since one text view has one weight."""
    words = [(w, weight) for chunk, weight in runs for w in chunk.split()]
    space = text_size(" ", size)[0]
    lines: list[list[tuple[str, str]]] = [[]]
    used = 0
    for word, weight in words:
        w = text_size(word, size, weight)[0]
        if lines[-1] and used + space + w > width:
            lines.append([])
            used = 0
        used += (space if lines[-1] else 0) + w
        lines[-1].append((word, weight))
    rows = []
    for line in lines:
        # consecutive words of one weight are one run, so spacing is the font's own
        merged: list[tuple[str, str]] = []
        for word, weight in line:
            if merged and merged[-1][1] == weight:
                merged[-1] = (f"{merged[-1][0]} {word}", weight)
            else:
                merged.append((word, weight))
        rows.append(row(*[text(t, size, weight, color, role=None) for t, weight in merged],
                        gap=space, justify="center", w=FILL))
    return rows


def stacked_button(label: str, on_tap: Handler, node_id: str) -> View:
    """One of a system dialog's full-width stacked buttons."""
    return row(text(label, 15, "medium", S.TONAL_FG, role=None), w=FILL, h=48, radius=24,
               bg=S.TONAL_BG, justify="center", on_tap=on_tap, role="button", text=label,
               id=node_id)


def system_dialog(body: list[View | None], buttons: list[View], node_id: str, label: str,
                  on_dismiss: Handler | None) -> View:
    """A centred system dialog: its body over full-width stacked buttons."""
    box = col(*body, col(*buttons, gap=6, w=FILL, pad=(0, 12, 0, 0)), w=DIALOG_W,
              bg=S.DIALOG_BG, radius=28, pad=(24, 24, 24, 20), gap=14, align="center",
              gravity="center", block=True, id=node_id, role="dialog", label=label)
    return stack(scrim(on_dismiss), box, w=FILL, h=FILL)


def permission_dialog(k: Kernel) -> View:
    req = k.permissions.pending
    assert req is not None
    name = k.packages.manifest(req.app_id).name if req.app_id in k.packages else req.app_id
    glyph, what, foreground = PERMISSIONS.get(req.perm, ("shield-halved", f"use {req.perm}",
                                                         False))
    respond = k.permissions.respond
    if foreground:
        buttons = [stacked_button("While using the app", functools.partial(respond, True),
                                  "permission_allow"),
                   stacked_button("Only this time", functools.partial(respond, True),
                                  "permission_allow_once")]
    else:
        buttons = [stacked_button("Allow", functools.partial(respond, True),
                                  "permission_allow")]
    buttons.append(stacked_button("Don't allow", functools.partial(respond, False),
                                  "permission_deny"))
    title = f"Allow {name} to {what}?"
    lines = rich_lines([("Allow", "regular"), (name, "bold"), (f"to {what}?", "regular")],
                       TITLE_SIZE, DIALOG_W - 48, T.TEXT)
    return system_dialog([icon(glyph, 24, T.ACCENT, w=32, h=32),
                          col(*lines, w=FILL, gap=2, role="heading", label=title)],
                         buttons, "permission_dialog", title, None)


def crash_dialog(k: Kernel, app_id: str, stopped: bool = False) -> View:
    """Android's app-error dialog as icon rows under a headline: "<App> keeps stopping" over
    a screen that fails every time it is drawn (App info, Close app), or ``stopped``, "<App>
    has stopped" after its code raised and its Task was closed (App info, Open app again)."""
    name = k.packages.manifest(app_id).name if app_id in k.packages else app_id

    def choice(label: str, glyph: str, on_tap: Handler, node_id: str) -> View:
        return row(icon(glyph, 20, T.TEXT_SECONDARY), text(label, 15, color=T.TEXT, role=None),
                   w=FILL, h=48, gap=16, pad=(4, 0), on_tap=on_tap, role="button", text=label,
                   id=node_id)
    if stopped:
        title = f"{name} has stopped"
        rows = [choice("Open app again", "refresh", functools.partial(k.launch_app, app_id),
                       "reopen_crashed_app")] if app_id in k.packages else []
    else:
        title = f"{name} keeps stopping"
        rows = [choice("Close app", "close", functools.partial(k.close_app, app_id),
                       "close_crashed_app")]
    if "settings" in k.packages and app_id in k.packages:
        rows.insert(0, choice("App info", "info", functools.partial(_app_info, k, app_id),
                              "crashed_app_info"))
    box = col(text(title, 20, color=T.TEXT, role="heading", max_lines=2, w=FILL),
              col(*rows, w=FILL), w=DIALOG_W, bg=S.DIALOG_BG, radius=28, pad=(24, 24, 20, 12),
              gap=12, gravity="center", block=True, id="crash_dialog", role="dialog",
              label=title)
    return stack(scrim(None), box, w=FILL, h=FILL)


def _app_info(k: Kernel, app_id: str) -> None:
    # opening Settings leaves the overlays, the "has stopped" dialog among them
    if k.tasks.task_for_app(app_id) is not None:  # a screen that keeps stopping
        k.close_app(app_id)
    k.open_app("settings", f"/apps/{app_id}")
