"""The frame of Phone's four tabs: the app bar, the navigation bar and the keypad FAB."""

from __future__ import annotations

from collections.abc import Sequence

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    col,
    fab,
    icon,
    row,
    scaffold,
    stack,
    tab_bar,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import CALL, caller_name
from .dialer import CALL_GREEN, open_keypad

TABS = (("Favourites", "star", "/"), ("Recents", "schedule", "/recents"),
        ("Contacts", "group", "/contacts"), ("Voicemail", "voicemail", "/voicemail"))


def _go(ctx: ScreenContext, route: str) -> None:
    ctx.os.keyboard.hide()
    ctx.activity.replace(route)


def tab_page(ctx: ScreenContext, current: str, body: View, actions: Sequence[View] = (),
             overlay: View | None = None, keypad: bool = True) -> View:
    """A tab's page: its title bar, ``body``, the navigation bar and the keypad FAB."""
    title = next(label for label, _, route in TABS if route == current)
    bar = tab_bar([(label, icon_name if route != current else f"{icon_name}:fill",
                    route == current, Call(_go, route)) for label, icon_name, route in TABS])
    call = ctx.ui.get(CALL)
    if call:  # a call left with Back goes on: a bar leads back to it (Google's green banner)
        who = caller_name(ctx.os, call["number"])
        body = col(row(icon("call:fill", 18, "#FFFFFF"),
                       text(f"Ongoing call · {who}", 14, "medium", "#FFFFFF", w=FILL),
                       text("Return", 14, "medium", "#FFFFFF", role=None),
                       w=FILL, h=44, pad=(16, 0), gap=12, bg=CALL_GREEN,
                       on_tap=Call("push", "/call"), role="button",
                       label=f"Return to the call with {who}", id="ongoing_call"),
                   body, w=FILL, h=FILL)
    if keypad:  # the FAB floats over the body, above the navigation bar
        body = stack(body, stack(fab("dialpad", Call(open_keypad), "Keypad"), w=FILL, h=FILL,
                                 pad=(0, 0, 16, 16)), w=FILL, h=FILL)
    return scaffold(body, top_bar=top_app_bar(title, None, list(actions)), bottom=bar,
                    overlay=overlay, bg=T.SURFACE)
