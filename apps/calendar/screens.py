"""Calendar's screens."""

from __future__ import annotations

from mobilegym_env.ui import ScreenContext, View, empty_state, scaffold, top_app_bar


def home(ctx: ScreenContext) -> View:
    return scaffold(empty_state("calendar_month", "Calendar"), top_bar=top_app_bar("Calendar"))


ROUTES = {"/": home}
