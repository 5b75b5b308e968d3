"""The frame of Phone's four tabs: the app bar, the navigation bar and the keypad FAB."""

from __future__ import annotations

from collections.abc import Sequence

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    fab,
    scaffold,
    stack,
    tab_bar,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .dialer import open_keypad

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
    if keypad:  # the FAB floats over the body, above the navigation bar
        body = stack(body, stack(fab("dialpad", Call(open_keypad), "Keypad"), w=FILL, h=FILL,
                                 pad=(0, 0, 16, 16)), w=FILL, h=FILL)
    return scaffold(body, top_bar=top_app_bar(title, None, list(actions)), bottom=bar,
                    overlay=overlay, bg=T.SURFACE)
