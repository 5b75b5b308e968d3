"""Material date and time pickers, shown as dialogs.

A picker is an overlay a screen returns while its dialog is open; it keeps what the user has
picked so far in the activity's UI state (under ``<key>.``), so it survives rebuilds and Back
closes it like any dialog::

    if ctx.query.get("dialog") == "birthday":
        overlay = date_picker(ctx, "birthday", current, functools.partial(_set_birthday, ctx))

Both pickers have two modes, as on Android: a visual one (a month grid; a clock dial) and a
keyboard-entry one (the pencil / keyboard icon), which is the precise way to enter any date or
time. Control ids are fixed (``date_picker:ok``, ``time_picker:hour``...) so oracles and agents
find them; :func:`mobilegym_env.oracle.pick_date` and ``pick_time`` drive them.
"""

from __future__ import annotations

import calendar
import datetime
import functools
import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import theme as T
from .components import scrim, text_button
from .view import FILL, View, col, icon_button, row, spacer, stack, text

if TYPE_CHECKING:
    from .context import ScreenContext

SURFACE = T.SURFACE_CONTAINER_HIGH  # M3 pickers are dialogs: surface-container-high
SELECTED_TEXT = T.ON_PRIMARY
DIAL_BG = T.SURFACE_CONTAINER_HIGHEST
DIAL_SIZE = 232
HAND_STEP = 2  # the dial's hand is drawn as a run of 2-px squares, this far apart
_DATE_INPUT = re.compile(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*")


def _text_button(label: str, on_tap: Callable[[], Any] | None, id: str) -> View:
    return text_button(label, on_tap, id)


def _frame(title: str, headline: View, mode_button: View, body: View, actions: View,
           on_dismiss: Callable[[], Any], id: str) -> View:
    box = col(
        text(title, 14, "medium", T.ON_SURFACE_VARIANT, pad=(24, 16, 24, 0), role="heading"),
        row(headline, spacer(), mode_button, pad=(24, 4, 12, 8)),
        View("box", h=1, bg=T.OUTLINE_VARIANT),
        body,
        actions,
        w=328, bg=SURFACE, radius=28, gravity="center", block=True, id=id, role="dialog",
        label=title,
    )
    return stack(scrim(on_dismiss), box, w=FILL, h=FILL)


def _clear(ctx: ScreenContext, key: str) -> None:
    """Forgets the picker's state and hides the keyboard if one of its fields had it."""
    kb = ctx.os.keyboard
    if kb.visible and kb.target and kb.target[0] == ctx.activity.activity_id \
            and str(kb.target[1]).startswith(f"{key}."):
        kb.hide()
    for name in [k for k in ctx.ui if isinstance(k, str) and k.startswith(f"{key}.")]:
        del ctx.ui[name]


def _finish(ctx: ScreenContext, key: str, on_confirm: Callable[..., Any] | None,
            *value: Any) -> None:
    _clear(ctx, key)
    ctx.close_dialog()
    if on_confirm is not None:
        on_confirm(*value)


# --------------------------------------------------------------------------- date picker
def date_picker(ctx: ScreenContext, key: str, initial: datetime.date,
                on_confirm: Callable[[datetime.date], Any], title: str = "Select date") -> View:
    """A modal date picker; ``on_confirm(date)`` runs on OK (after the dialog closed).

    Args:
        ctx: The screen's context (the picker's state lives in its UI state).
        key: Names this picker's state (one picker per key at a time).
        initial: The date selected when the picker opens.
        on_confirm: Called with the chosen date.
        title: The small heading.
    """
    ui = ctx.ui
    chosen = datetime.date.fromisoformat(ui.get(f"{key}.date", initial.isoformat()))
    shown = datetime.date.fromisoformat(ui.get(f"{key}.month", chosen.replace(day=1).isoformat()))
    typing = ui.get(f"{key}.mode") == "input"
    cancel = functools.partial(_finish, ctx, key, None)
    mode = icon_button("calendar" if typing else "pen",
                       functools.partial(_toggle_date_mode, ui, key, chosen),
                       "Switch to calendar" if typing else "Switch to text input",
                       T.TEXT_SECONDARY, id="date_picker:mode")
    if typing:
        raw = str(ui.get(f"{key}.text", ""))
        parsed = _parse_date(raw)
        body = col(
            ctx.field(f"{key}.text", "Date", id="date_picker:input"),
            text("Invalid format. Use mm/dd/yyyy." if raw and parsed is None else "mm/dd/yyyy",
                 12, color=T.ERROR if raw and parsed is None else T.ON_SURFACE_VARIANT,
                 pad=(16, 0, 0, 0),
                 id="date_picker:supporting"),
            pad=(24, 16, 24, 8), gap=6)
        ok = functools.partial(_finish, ctx, key, on_confirm, parsed) if parsed else None
        headline_date = parsed or chosen
    else:
        body = _month_grid(ctx, key, shown, chosen)
        ok = functools.partial(_finish, ctx, key, on_confirm, chosen)
        headline_date = chosen
    headline = text(headline_date.strftime("%a, %b %-d"), 32, color=T.ON_SURFACE,
                    id="date_picker:headline")
    actions = row(spacer(), _text_button("Cancel", cancel, "date_picker:cancel"),
                  _text_button("OK", ok, "date_picker:ok"), pad=(12, 0, 12, 8), gap=4)
    return _frame(title, headline, mode, body, actions, cancel, "date_picker")


def _toggle_date_mode(ui: dict[str, Any], key: str, chosen: datetime.date) -> None:
    """Text entry starts from the chosen date; back in the calendar, a valid typed date is
    the chosen one and its month is shown."""
    if ui.get(f"{key}.mode") != "input":
        _set(ui, f"{key}.mode", "input", f"{key}.text", chosen.strftime("%m/%d/%Y"))
        return
    typed = _parse_date(str(ui.get(f"{key}.text", "")))
    _set(ui, f"{key}.mode", None, f"{key}.text", None)
    if typed is not None:
        _set(ui, f"{key}.date", typed.isoformat(), f"{key}.month",
             typed.replace(day=1).isoformat())


def _parse_date(raw: str) -> datetime.date | None:
    m = _DATE_INPUT.fullmatch(raw)
    if not m:
        return None
    try:
        return datetime.date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    except ValueError:
        return None


def _set(ui: dict[str, Any], name: str, value: Any, *more: Any) -> None:
    """Sets UI state keys (pairs after the first); a None value removes the key."""
    pairs = [(name, value), *zip(more[::2], more[1::2], strict=True)]
    for k, v in pairs:
        if v is None:
            ui.pop(k, None)
        else:
            ui[k] = v


def _month_grid(ctx: ScreenContext, key: str, shown: datetime.date,
                chosen: datetime.date) -> View:
    ui = ctx.ui
    prev_month = (shown - datetime.timedelta(days=1)).replace(day=1)
    next_month = (shown + datetime.timedelta(days=31)).replace(day=1)
    header = row(
        text(shown.strftime("%B %Y"), 14, "medium", T.ON_SURFACE_VARIANT, w=FILL,
             id="date_picker:month"),
        icon_button("chevron-left", functools.partial(_set, ui, f"{key}.month",
                                                      prev_month.isoformat()),
                    "Previous month", id="date_picker:prev"),
        icon_button("chevron-right", functools.partial(_set, ui, f"{key}.month",
                                                       next_month.isoformat()),
                    "Next month", id="date_picker:next"),
        pad=(24, 8, 12, 0), h=48)
    week = row(*[text(d, 14, color=T.ON_SURFACE, text_align="center", w=40, role=None)
                 for d in "SMTWTFS"], justify="center", h=32)
    weeks = calendar.Calendar(firstweekday=6).monthdayscalendar(shown.year, shown.month)
    today = ctx.now().date()
    grid = [row(*[_day(ui, key, shown, d, chosen, today) for d in days], justify="center",
                h=40) for days in weeks]
    return col(header, week, *grid, pad=(0, 0, 0, 8))


def _day(ui: dict[str, Any], key: str, shown: datetime.date, day: int,
         chosen: datetime.date, today: datetime.date) -> View:
    if day == 0:
        return spacer(w=40, h=40, flex=0)
    date = shown.replace(day=day)
    selected = date == chosen
    return text(str(day), 14, "medium" if selected else "regular",
                SELECTED_TEXT if selected else (T.PRIMARY if date == today else T.ON_SURFACE),
                text_align="center", w=40, h=40, radius=20, pad=(0, 10),
                bg=T.PRIMARY if selected else None,
                border=(T.PRIMARY, 1) if date == today and not selected else None,
                on_tap=functools.partial(_set, ui, f"{key}.date", date.isoformat()),
                role="button", selected=selected, id=f"date_picker:day:{day}",
                label=date.strftime("%A, %B %-d, %Y"))


# --------------------------------------------------------------------------- time picker
def time_picker(ctx: ScreenContext, key: str, initial: tuple[int, int],
                on_confirm: Callable[[int, int], Any], title: str = "Select time") -> View:
    """A modal time picker (12-hour dial with AM/PM); ``on_confirm(hour, minute)`` gets
    24-hour values on OK.

    Args:
        ctx: The screen's context (the picker's state lives in its UI state).
        key: Names this picker's state.
        initial: ``(hour, minute)`` in 24-hour time, selected when the picker opens.
        on_confirm: Called with the chosen hour (0-23) and minute.
        title: The small heading.
    """
    ui = ctx.ui
    hour = int(ui.get(f"{key}.hour", initial[0]))
    minute = int(ui.get(f"{key}.minute", initial[1]))
    typing = ui.get(f"{key}.mode") == "input"
    editing = ui.get(f"{key}.editing", "hour")
    cancel = functools.partial(_finish, ctx, key, None)
    mode = icon_button("clock" if typing else "keyboard", functools.partial(
        _toggle_time_mode, ctx, key, hour, minute),
        "Switch to clock" if typing else "Switch to text input", T.ON_SURFACE_VARIANT,
        id="time_picker:mode")
    pm = hour >= 12
    if typing:
        h_raw, m_raw = str(ui.get(f"{key}.h_text", "")), str(ui.get(f"{key}.m_text", ""))
        h_ok = h_raw.isdigit() and 1 <= int(h_raw) <= 12
        m_ok = m_raw.isdigit() and len(m_raw) <= 2 and 0 <= int(m_raw) <= 59
        fields = row(ctx.field(f"{key}.h_text", "hh", id="time_picker:hour", w=100, h=72,
                               bg=DIAL_BG, size=28, pad=(10, 0)),
                     text(":", 40, color=T.ON_SURFACE, role=None),
                     ctx.field(f"{key}.m_text", "mm", id="time_picker:minute", w=100, h=72,
                               bg=DIAL_BG, size=28, pad=(10, 0)),
                     _am_pm(ui, key, hour), gap=8, pad=(24, 16, 24, 0))
        valid = h_ok and m_ok
        body = col(fields, text("Enter a valid time" if (h_raw or m_raw) and not valid
                                else "Hour · Minute", 12,
                                color=T.ERROR if (h_raw or m_raw) and not valid
                                else T.ON_SURFACE_VARIANT, pad=(24, 6, 24, 8),
                                id="time_picker:supporting"))
        final = (int(h_raw) % 12 + (12 if pm else 0), int(m_raw)) if valid else None
    else:
        boxes = row(_time_box(ui, key, "hour", f"{hour % 12 or 12}", editing == "hour"),
                    text(":", 40, color=T.ON_SURFACE, role=None),
                    _time_box(ui, key, "minute", f"{minute:02d}", editing == "minute"),
                    _am_pm(ui, key, hour), gap=8, pad=(24, 16, 24, 0))
        body = col(boxes, _dial(ui, key, hour, minute, editing), align="center", gap=12,
                   pad=(0, 0, 0, 8))
        final = (hour, minute)
    ok = functools.partial(_finish, ctx, key, on_confirm, *final) if final else None
    headline = text(f"{hour % 12 or 12}:{minute:02d} {'PM' if pm else 'AM'}", 28,
                    color=T.ON_SURFACE, id="time_picker:headline")
    actions = row(spacer(), _text_button("Cancel", cancel, "time_picker:cancel"),
                  _text_button("OK", ok, "time_picker:ok"), pad=(12, 0, 12, 8), gap=4)
    return _frame(title, headline, mode, body, actions, cancel, "time_picker")


def _toggle_time_mode(ctx: ScreenContext, key: str, hour: int, minute: int) -> None:
    """Text entry starts from the current time; back on the dial, valid typed values stay."""
    ui = ctx.ui
    if ui.get(f"{key}.mode") != "input":
        _set(ui, f"{key}.mode", "input", f"{key}.h_text", str(hour % 12 or 12),
             f"{key}.m_text", f"{minute:02d}")
        return
    h_raw, m_raw = str(ui.get(f"{key}.h_text", "")), str(ui.get(f"{key}.m_text", ""))
    if h_raw.isdigit() and 1 <= int(h_raw) <= 12:
        ui[f"{key}.hour"] = int(h_raw) % 12 + (12 if hour >= 12 else 0)
    if m_raw.isdigit() and int(m_raw) <= 59:
        ui[f"{key}.minute"] = int(m_raw)
    kb = ctx.os.keyboard
    if kb.visible and kb.target and str(kb.target[1]).startswith(f"{key}."):
        kb.hide()
    _set(ui, f"{key}.mode", None, f"{key}.h_text", None, f"{key}.m_text", None)


def _time_box(ui: dict[str, Any], key: str, part: str, value: str, active: bool) -> View:
    return text(value, 40, color=T.ON_PRIMARY_CONTAINER if active else T.ON_SURFACE,
                text_align="center", w=96, h=72, radius=8,
                bg=T.PRIMARY_CONTAINER if active else DIAL_BG,
                on_tap=functools.partial(_set, ui, f"{key}.editing", part), role="button",
                selected=active, id=f"time_picker:{part}_box",
                label=f"{'Hour' if part == 'hour' else 'Minute'} {value}")


def _am_pm(ui: dict[str, Any], key: str, hour: int) -> View:
    def half(label: str, pm: bool) -> View:
        on = (hour >= 12) == pm
        new_hour = hour % 12 + (12 if pm else 0)
        return text(label, 14, "medium", T.ON_TERTIARY_CONTAINER if on else T.ON_SURFACE_VARIANT,
                    text_align="center", w=52, h=36,
                    bg=T.TERTIARY_CONTAINER if on else None, selected=on, role="button",
                    on_tap=functools.partial(_set, ui, f"{key}.hour", new_hour),
                    id=f"time_picker:{label.lower()}")
    return col(half("AM", False), View("box", h=1, bg=T.OUTLINE), half("PM", True),
               border=(T.OUTLINE, 1), radius=8, pad=1, clip=True)


def _dial(ui: dict[str, Any], key: str, hour: int, minute: int, editing: str) -> View:
    """The clock face: 12 numbers on a circle (hours 1-12, or minutes by fives)."""
    r, size = DIAL_SIZE // 2 - 24, 40
    marks: list[View] = [View("box", w=DIAL_SIZE, h=DIAL_SIZE, radius=DIAL_SIZE // 2,
                              bg=DIAL_BG)]
    marks += _hand(math.radians(30 * (hour % 12) if editing == "hour" else 6 * minute), r)
    for i in range(12):
        angle = math.radians(30 * i)
        x = round(DIAL_SIZE / 2 + r * math.sin(angle) - size / 2)
        y = round(DIAL_SIZE / 2 - r * math.cos(angle) - size / 2)
        if editing == "hour":
            value = i or 12
            selected = hour % 12 == i
            label = str(value)
            target = (f"{key}.hour", value % 12 + (12 if hour >= 12 else 0), f"{key}.editing",
                      "minute")
        else:
            value = 5 * i
            selected = minute == value
            label = f"{value:02d}"
            target = (f"{key}.minute", value)
        mark = text(label, 16, "medium" if selected else "regular",
                    SELECTED_TEXT if selected else T.ON_SURFACE, text_align="center", w=size,
                    h=size, radius=size // 2, bg=T.PRIMARY if selected else None,
                    on_tap=functools.partial(_set, ui, *target), role="button",
                    selected=selected, id=f"time_picker:dial:{label}")
        marks.append(col(mark, w=FILL, h=FILL, pad=(x, y, 0, 0)))
    return stack(*marks, w=DIAL_SIZE, h=DIAL_SIZE, id="time_picker:dial", role="dial",
                 label="Hours" if editing == "hour" else "Minutes")


def _hand(angle: float, length: int) -> list[View]:
    """The dial's hand from the centre towards ``angle`` (clockwise from 12), as a run of
    small squares (views are axis-aligned boxes), and the centre dot."""
    c = DIAL_SIZE / 2
    dx, dy = math.sin(angle), -math.cos(angle)
    dots = [col(View("box", w=HAND_STEP, h=HAND_STEP, bg=T.PRIMARY), w=FILL, h=FILL,
                pad=(round(c + t * dx - HAND_STEP / 2), round(c + t * dy - HAND_STEP / 2), 0, 0))
            for t in range(0, length, HAND_STEP)]
    dots.append(col(View("box", w=8, h=8, radius=4, bg=T.PRIMARY), w=FILL, h=FILL,
                    pad=(round(c) - 4, round(c) - 4, 0, 0)))
    return dots
