"""Clock's Alarm tab and its routes.

Routes: ``/`` alarms, ``/clock`` world clock (``/clock/add`` picks a city), ``/timer``
(``/timer?new=1`` the keypad for another timer), ``/stopwatch``, ``/bedtime``, ``/settings``,
``/ring/<id>`` the full-screen alert of a ringing alarm. Dialogs and pickers live in the query
(``dialog=...``), so Back closes them. The expanded alarm card is UI state (``expanded``).
"""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    checkbox,
    col,
    dialog,
    empty_state,
    icon,
    icon_button,
    retained,
    row,
    spacer,
    stack,
    switch,
    text,
    time_picker,
)
from mobilegym_env.ui import theme as T

from . import model, parts, timers, world
from .state import DAYS, DEFAULT_SOUND, SOUNDS, alarm_record

DAY_NAMES = {"Sun": "Sunday", "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday",
             "Thu": "Thursday", "Fri": "Friday", "Sat": "Saturday"}
CARD_BG = T.SURFACE_CONTAINER


def home(ctx: ScreenContext) -> View:
    """The Alarm tab: a card per alarm, soonest time of day first; ``+`` adds one."""
    alarms = sorted(ctx.state["alarms"], key=lambda a: (a["hour"], a["minute"], a["id"]))
    expanded = ctx.ui.get("expanded")
    twelve = model.twelve_hour(ctx.os)
    cards = [_card(ctx, a, twelve, a["id"] == expanded) for a in alarms]
    body = ctx.scroll(*cards, id="alarms", gap=12, pad=(16, 8, 16, 96)) if cards else \
        empty_state("alarm", "No alarms")
    add = parts.big_fab("add", Call("open_dialog", "new_time"), "Add alarm")
    return parts.page(ctx, "/", body, add, _overlay(ctx))


def _summary(ctx: ScreenContext, alarm: dict[str, Any], twelve: bool) -> str:
    if alarm["ringing"]:
        return "Ringing"
    snooze = alarm["snoozed_until_ms"]
    if alarm["enabled"] and snooze is not None and snooze > ctx.os.clock.now_ms():
        at = model.local_time(ctx.os, snooze)
        return f"Snoozing until {model.time_text(at.hour, at.minute, twelve)}"
    if alarm["days"]:
        return model.days_summary(alarm["days"])
    if not alarm["enabled"]:
        return "Not scheduled"
    at = model.next_ring_ms(alarm, ctx.os.clock.now_ms(), ctx.os.clock.tz_offset_minutes)
    return "Today" if model.local_time(ctx.os, at).date() == ctx.now().date() else "Tomorrow"


def _card(ctx: ScreenContext, alarm: dict[str, Any], twelve: bool, expanded: bool) -> View:
    clock, period = model.time_parts(alarm["hour"], alarm["minute"], twelve)
    head = _alarm_head(alarm["id"], clock, period, alarm["label"], _summary(ctx, alarm, twelve),
                       alarm["enabled"], expanded)
    if not expanded:
        return head
    return col(head, _details(alarm), w=FILL, bg=CARD_BG, radius=28, pad=(0, 0, 0, 8),
               id=f"alarm:{alarm['id']}:card")


@retained(maxsize=48)
def _alarm_head(aid: int, clock: str, period: str, label: str, summary: str, enabled: bool,
                expanded: bool) -> View:
    """An alarm card's always-shown part: label, time, repeat summary, switch, chevron."""
    fg = T.ON_SURFACE if enabled else T.ON_SURFACE_VARIANT
    time_view = row(text(clock, 56, color=fg, role=None), text(period, 20, color=fg, role=None),
                    gap=4, align="end", on_tap=Call(_open_edit_time, aid), role="button",
                    text=f"{clock} {period}".strip(), id=f"alarm:{aid}:time")
    return col(
        row(text(label, 14, color=T.ON_SURFACE_VARIANT, id=f"alarm:{aid}:label_text",
                 w=FILL) if label else spacer(),
            icon_button("keyboard_arrow_up" if expanded else "keyboard_arrow_down",
                        Call(_toggle_expand, aid), "Collapse alarm" if expanded else
                        "Expand alarm", id=f"alarm:{aid}:expand"),
            w=FILL, h=40),
        row(time_view, spacer(), w=FILL),
        row(text(summary, 14, color=T.ON_SURFACE_VARIANT, id=f"alarm:{aid}:summary", w=FILL),
            switch(enabled, Call(_toggle, aid), id=f"alarm:{aid}:switch",
                   label=f"{clock} {period} alarm".replace("  ", " ")),
            w=FILL, h=40),
        w=FILL, pad=(20, 4, 16, 12), bg=None if expanded else CARD_BG,
        radius=0 if expanded else 28, on_tap=Call(_toggle_expand, aid), id=f"alarm:{aid}",
        role="list_item", label=" ".join(x for x in (label, f"{clock} {period}".strip(),
                                                     summary) if x))


def _details(alarm: dict[str, Any]) -> View:
    """The expanded card: repeat days, label, sound, vibrate, delete."""
    aid = alarm["id"]
    chips = row(*[_day_chip(aid, d, d in alarm["days"]) for d in DAYS],
                w=FILL, justify="between", pad=(16, 4, 16, 8))

    def line(icon_name: str, title: str, rid: str, handler: Any,
             trailing: View | None = None) -> View:
        return row(icon(icon_name, 22, T.ON_SURFACE_VARIANT),
                   text(title, 15, color=T.ON_SURFACE, w=FILL, role=None), trailing,
                   h=48, gap=16, pad=(20, 0, 16, 0), w=FILL, on_tap=handler, role="button",
                   text=title, id=f"alarm:{aid}:{rid}")

    vib = checkbox(alarm["vibrate"], None)
    return col(
        chips,
        line("label", alarm["label"] or "Add label", "label",
             Call(_open_label, aid)),
        line("notifications", alarm["sound"] if alarm["sound"] != DEFAULT_SOUND else
             f"Default ({DEFAULT_SOUND})", "sound", Call(_open_sound, aid)),
        row(line("vibration", "Vibrate", "vibrate", Call(_toggle_vibrate, aid), vib),
            w=FILL, checked=alarm["vibrate"]),
        line("delete", "Delete", "delete", Call(_delete, aid)),
        w=FILL)


def _day_chip(aid: int, day: str, on: bool) -> View:
    letter = text(day[0], 14, "medium", T.ON_PRIMARY if on else T.ON_SURFACE_VARIANT,
                  role=None, gravity="center")
    return stack(letter, w=36, h=36, radius=18, bg=T.PRIMARY if on else None,
                 border=None if on else (T.OUTLINE, 1), on_tap=Call(_toggle_day, aid, day),
                 role="checkbox", checked=on, label=DAY_NAMES[day], id=f"alarm:{aid}:day:{day}")


# --------------------------------------------------------------------------- handlers
def _alarm(ctx: ScreenContext, aid: Any) -> dict[str, Any] | None:
    return model.find(ctx.state["alarms"], aid)


def _toggle_expand(ctx: ScreenContext, aid: int) -> None:
    ctx.ui["expanded"] = None if ctx.ui.get("expanded") == aid else aid


def _toggle(ctx: ScreenContext, aid: int) -> None:
    alarm = _alarm(ctx, aid)
    if alarm is not None:
        model.set_enabled(ctx.os, alarm, not alarm["enabled"])


def _toggle_day(ctx: ScreenContext, aid: int, day: str) -> None:
    alarm = _alarm(ctx, aid)
    if alarm is None:
        return
    days = set(alarm["days"]) ^ {day}
    alarm["days"] = [d for d in DAYS if d in days]
    model.sync(ctx.os)


def _toggle_vibrate(ctx: ScreenContext, aid: int) -> None:
    alarm = _alarm(ctx, aid)
    if alarm is not None:
        alarm["vibrate"] = not alarm["vibrate"]


def _delete(ctx: ScreenContext, aid: int) -> None:
    st = ctx.state
    st["alarms"] = [a for a in st["alarms"] if a["id"] != aid]
    ctx.ui.pop("expanded", None)
    model.sync(ctx.os)
    ctx.toast("Alarm deleted")


def _open_edit_time(ctx: ScreenContext, aid: int) -> None:
    ctx.open_dialog("edit_time", id=aid)


def _add(ctx: ScreenContext, hour: int, minute: int) -> None:
    st = ctx.state
    alarm = alarm_record(model.new_id(st), hour, minute)
    st["alarms"].append(alarm)
    ctx.ui["expanded"] = alarm["id"]
    model.set_enabled(ctx.os, alarm, True)


def _set_time(ctx: ScreenContext, aid: int, hour: int, minute: int) -> None:
    alarm = _alarm(ctx, aid)
    if alarm is None:
        return
    alarm.update(hour=hour, minute=minute, ringing=False)
    model.set_enabled(ctx.os, alarm, True)  # a changed alarm is on, as on a Pixel


def _save_label(ctx: ScreenContext, aid: int) -> None:
    alarm = _alarm(ctx, aid)
    value = " ".join(ctx.value("alarm_label").split())
    if len(value) > model.MAX_LABEL:
        ctx.toast(f"A label has at most {model.MAX_LABEL} characters")
        return
    if alarm is not None:
        alarm["label"] = value
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def _open_label(ctx: ScreenContext, aid: int) -> None:
    alarm = _alarm(ctx, aid)
    ctx.set_value("alarm_label", alarm["label"] if alarm else "")
    ctx.open_dialog("label", id=aid)


def _open_sound(ctx: ScreenContext, aid: int) -> None:
    ctx.open_dialog("sound", id=aid)


def _set_sound(ctx: ScreenContext, aid: int, sound: str) -> None:
    alarm = _alarm(ctx, aid)
    if alarm is not None:
        alarm["sound"] = sound


def _overlay(ctx: ScreenContext) -> View | None:
    kind = ctx.query.get("dialog")
    if kind == "new_time":
        now = ctx.now()
        return time_picker(ctx, "alarm_time", (now.hour, now.minute),
                           functools.partial(_add, ctx))
    alarm = _alarm(ctx, ctx.query.get("id"))
    if alarm is None:
        return None
    aid = alarm["id"]
    if kind == "edit_time":
        return time_picker(ctx, "alarm_time", (alarm["hour"], alarm["minute"]),
                           functools.partial(_set_time, ctx, aid))
    if kind == "label":
        save = functools.partial(_save_label, ctx, aid)
        field = ctx.field("alarm_label", "Label", id="label_field", on_submit=save,
                          style="outlined")
        close = functools.partial(_close_label, ctx)
        return dialog("Add label", field, [("Cancel", close, "label_dialog:cancel"),
                                           ("OK", save, "label_dialog:ok")],
                      on_dismiss=close, id="label_dialog")
    if kind == "sound":
        return parts.choice_dialog(ctx, "Alarm sound", [(s, s) for s in SOUNDS], alarm["sound"],
                                   functools.partial(_set_sound, ctx, aid), "sound_dialog")
    return None


def _close_label(ctx: ScreenContext) -> None:
    ctx.os.keyboard.hide()
    ctx.close_dialog()


ROUTES = {
    "/": home,
    "/clock": world.world,
    "/clock/add": world.add_city,
    "/timer": timers.timer_page,
    "/stopwatch": timers.stopwatch_page,
    "/bedtime": world.bedtime,
    "/settings": world.settings,
    "/ring/{id}": parts.ring,
}
