"""Clock's shared frame (the top bar with ⋮ and the five-tab navigation bar), its radio-list
dialog, and the full-screen alarm alert."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    button,
    col,
    dialog,
    icon,
    popup_menu,
    radio,
    raised,
    row,
    scaffold,
    spacer,
    stack,
    tab_bar,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from . import model

# (route, label, icon) of the navigation bar, in Pixel's order
TABS = (("/", "Alarm", "alarm"), ("/clock", "Clock", "schedule"),
        ("/timer", "Timer", "hourglass_empty"), ("/stopwatch", "Stopwatch", "timer"),
        ("/bedtime", "Bedtime", "bedtime"))


def _go_tab(ctx: ScreenContext, route: str) -> None:
    ctx.ui.pop("expanded", None)
    ctx.activity.replace(route)


def tabs(current: str) -> View:
    return tab_bar([(label, icon_name, route == current, Call(_go_tab, route))
                    for route, label, icon_name in TABS])


def _open_settings(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    ctx.push("/settings")


def page(ctx: ScreenContext, current: str, body: View, fab: View | None = None,
         overlay: View | None = None) -> View:
    """A tab's page: its title and ⋮ menu on top, the navigation bar at the bottom."""
    title = next(label for route, label, _ in TABS if route == current)
    bar = top_app_bar(title, actions=[
        bar_action("more_vert", Call("open_dialog", "menu"), "More options", id="more")])
    if overlay is None and ctx.query.get("dialog") == "menu":
        overlay = popup_menu([("Settings", functools.partial(_open_settings, ctx),
                               "menu:settings")], ctx.close_dialog)
    content = col(body, w=FILL, h=FILL)
    if fab is not None:
        content = stack(content, stack(fab, w=FILL, h=FILL, pad=(0, 0, 0, 16)), w=FILL, h=FILL)
    return scaffold(content, top_bar=bar, bottom=tabs(current), overlay=overlay)


def big_fab(icon_name: str, on_tap: Any, label: str) -> View:
    """Clock's large FAB, centred over the navigation bar (id ``fab``)."""
    button = icon(icon_name, 32, T.ON_PRIMARY_CONTAINER, w=80, h=80, radius=24,
                  bg=T.PRIMARY_CONTAINER, on_tap=on_tap, role="button", label=label, id="fab")
    return raised(button, 24, gravity="bottom-center")


def choice_dialog(ctx: ScreenContext, title: str, options: Sequence[tuple[str, Any]],
                  current: Any, on_pick: Callable[[Any], Any], id: str) -> View:
    """A dialog of radio rows (``<id>:option:<i>``); a tap picks and closes it."""
    def pick(value: Any) -> None:
        ctx.close_dialog()
        on_pick(value)

    rows = [row(radio(value == current, None), text(label, 16, color=T.ON_SURFACE, role=None),
                h=48, gap=16, w=FILL, on_tap=functools.partial(pick, value), role="radio",
                checked=value == current, text=label, id=f"{id}:option:{i}")
            for i, (label, value) in enumerate(options)]
    body = ctx.scroll(*rows, id=f"{id}_list", h=min(48 * len(rows), 336))
    return dialog(title, body, [("Cancel", ctx.close_dialog, f"{id}:cancel")],
                  on_dismiss=ctx.close_dialog, id=id)


# --------------------------------------------------------------------------- the alert
def ring(ctx: ScreenContext) -> View:
    """The full-screen alert of a ringing alarm (a tap on its notification opens it)."""
    alarm = model.find(ctx.state["alarms"], ctx.params.get("id"))
    now = ctx.now()
    twelve = model.twelve_hour(ctx.os)
    if alarm is None or not alarm["ringing"]:
        body = col(text("No alarm is ringing", 18, color="#E3E3E3", id="ring:none"),
                   button("Close", ctx.back, "tonal", id="ring:close"),
                   w=FILL, h=FILL, align="center", justify="center", gap=24)
        return scaffold(body, bg="#1B1B1F")
    clock, period = model.time_parts(now.hour, now.minute, twelve)
    aid = alarm["id"]
    body = col(
        spacer(h=96),
        text("Alarm", 16, color="#C4C7C5", id="ring:title"),
        row(text(clock, 64, color="#E3E3E3", role=None), text(period, 24, color="#E3E3E3",
                                                               role=None),
            gap=6, id="ring:time", role="text", text=f"{clock} {period}".strip()),
        text(alarm["label"] or "Alarm", 20, color="#E3E3E3", id="ring:label"),
        spacer(),
        row(button("Snooze", functools.partial(_ring_action, ctx, model.snooze, aid), "tonal",
                   id="ring:snooze", w=120, h=56),
            button("Stop", functools.partial(_ring_action, ctx, model.dismiss, aid),
                   id="ring:dismiss", w=120, h=56),
            gap=32, justify="center", w=FILL),
        spacer(h=96),
        w=FILL, h=FILL, align="center", gap=12)
    return scaffold(body, bg="#1B1B1F")


def _ring_action(ctx: ScreenContext, fn: Callable[[Any, Any], None], alarm_id: int) -> None:
    fn(ctx.os, alarm_id)
    ctx.pop()
