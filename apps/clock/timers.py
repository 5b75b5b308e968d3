"""Clock's Timer and Stopwatch tabs. Both read the virtual clock, and the manifest's
``ticking`` hook rebuilds them every second while something runs."""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    button,
    col,
    dialog,
    divider,
    icon,
    icon_button,
    progress_bar,
    row,
    spacer,
    stack,
    text,
)
from mobilegym_env.ui import theme as T

from . import model, parts

INPUT = "timer_input"  # ui key: the digits typed on the keypad, at most six (hhmmss)
KEYS = (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"), ("00", "0", "backspace"))


# --------------------------------------------------------------------------- timer
def timer_page(ctx: ScreenContext) -> View:
    """The keypad (no timer yet, or ``?new=1``), else the timers, each with its controls."""
    timers = ctx.state["timers"]
    if not timers or ctx.query.get("new"):
        return _keypad_page(ctx)
    now = ctx.os.clock.now_ms()
    cards = [_timer_card(ctx, t, now) for t in timers]
    add = parts.big_fab("add", functools.partial(_new_timer, ctx), "Add timer")
    return parts.page(ctx, "/timer", ctx.scroll(*cards, id="timers", gap=12,
                                                pad=(16, 8, 16, 96)), add, _label_dialog(ctx))


def _label_dialog(ctx: ScreenContext) -> View | None:
    """The timer's "Add label" dialog (``?dialog=timer_label&id=<timer>``)."""
    timer = model.find(ctx.state["timers"], ctx.query.get("id"))
    if ctx.query.get("dialog") != "timer_label" or timer is None:
        return None
    save = functools.partial(_save_label, ctx, timer["id"])
    field = ctx.field("timer_label", "Label", id="timer_label_field", on_submit=save,
                      style="outlined")
    close = functools.partial(_close_label, ctx)
    return dialog("Add label", field, [("Cancel", close, "timer_label_dialog:cancel"),
                                       ("OK", save, "timer_label_dialog:ok")],
                  on_dismiss=close, id="timer_label_dialog")


def _open_label(ctx: ScreenContext, tid: int) -> None:
    timer = model.find(ctx.state["timers"], tid)
    ctx.set_value("timer_label", timer["label"] if timer else "")
    ctx.open_dialog("timer_label", id=tid)


def _save_label(ctx: ScreenContext, tid: int) -> None:
    value = " ".join(ctx.value("timer_label").split())
    if len(value) > model.MAX_LABEL:
        ctx.toast(f"A label has at most {model.MAX_LABEL} characters")
        return
    timer = model.find(ctx.state["timers"], tid)
    if timer is not None:
        timer["label"] = value
    _close_label(ctx)


def _close_label(ctx: ScreenContext) -> None:
    ctx.os.keyboard.hide()
    ctx.close_dialog()


def _digits(ctx: ScreenContext) -> str:
    return str(ctx.ui.get(INPUT, ""))


def _entered_ms(digits: str) -> int:
    d = digits.rjust(6, "0")
    return (int(d[:2]) * 3600 + int(d[2:4]) * 60 + int(d[4:])) * 1000


def _keypad_page(ctx: ScreenContext) -> View:
    digits = _digits(ctx).rjust(6, "0")
    typed = bool(_digits(ctx))
    color = T.PRIMARY if typed else T.ON_SURFACE_VARIANT
    shown = f"{digits[:2]}h {digits[2:4]}m {digits[4:]}s"
    display = row(*[text(part, 44 if part[-1] != " " else 20, color=color, role=None)
                    for part in (digits[:2], "h ", digits[2:4], "m ", digits[4:], "s")],
                  align="end", justify="center", w=FILL, h=88, role="text", text=shown,
                  id="timer:display")
    keys = [row(*[_key(ctx, k) for k in line], gap=20, justify="center", w=FILL) for line in KEYS]
    start = parts.big_fab("play_arrow", functools.partial(_start_new, ctx), "Start") \
        if typed else None
    body = col(display, divider(inset=48), spacer(h=16), *keys, w=FILL, gap=12, pad=(0, 16))
    return parts.page(ctx, "/timer", body, start)


def _key(ctx: ScreenContext, key: str) -> View:
    if key == "backspace":
        return icon_button("backspace", functools.partial(_type_key, ctx, key), "Delete",
                           T.ON_SURFACE, 28, "standard", w=76, h=76, radius=38,
                           id="key:backspace")
    return stack(text(key, 28, color=T.ON_SURFACE, role=None, gravity="center"), w=76, h=76,
                 radius=38, bg=T.SURFACE_CONTAINER_HIGH, role="button", text=key,
                 on_tap=functools.partial(_type_key, ctx, key), id=f"key:{key}")


def _type_key(ctx: ScreenContext, key: str) -> None:
    digits = _digits(ctx)
    if key == "backspace":
        digits = digits[:-1]
    elif digits or key.strip("0"):  # leading zeros are not digits yet
        digits = (digits + key)[:6]
    ctx.ui[INPUT] = digits


def _start_new(ctx: ScreenContext) -> None:
    ms = _entered_ms(_digits(ctx))
    if ms <= 0:
        ctx.toast("Enter a time")
        return
    model.add_timer(ctx.os, ms)
    ctx.ui[INPUT] = ""
    if ctx.query.get("new"):
        ctx.back()


def _new_timer(ctx: ScreenContext) -> None:
    ctx.ui[INPUT] = ""
    ctx.push("/timer?new=1")


def _timer_card(ctx: ScreenContext, timer: dict[str, Any], now: int) -> View:
    tid = timer["id"]
    left = model.remaining_ms(timer, now)
    state = timer["state"]
    running = state == "running"
    title = timer["label"] or model.duration_label(timer["duration_ms"])
    status = {"running": "", "paused": "Paused", "idle": "", "expired": "Time's up"}[state]
    call = functools.partial(_timer_op, ctx, tid)
    controls = row(
        button("+1:00", call(model.add_minute), "tonal", id=f"timer:{tid}:add_minute"),
        spacer(),
        icon_button("restart_alt", call(model.reset_timer), "Reset", T.ON_SURFACE, 24,
                    id=f"timer:{tid}:reset") if state in ("paused", "expired") else None,
        icon_button("pause" if running else ("stop" if state == "expired" else "play_arrow"),
                    call(model.toggle_timer), "Pause" if running else
                    ("Stop" if state == "expired" else "Start"), size=28, style="filled",
                    w=64, h=64, radius=32, id=f"timer:{tid}:toggle"),
        w=FILL, gap=12)
    return col(
        row(row(text(title, 14, color=T.ON_SURFACE_VARIANT, role=None),
                icon("edit", 14, T.ON_SURFACE_VARIANT) if not timer["label"] else None,
                gap=6, h=40, on_tap=functools.partial(_open_label, ctx, tid), role="button",
                text=title, id=f"timer:{tid}:label"),
            spacer(),
            icon_button("close", call(model.delete_timer), "Delete timer",
                        id=f"timer:{tid}:delete"), w=FILL),
        text(model.duration_text(left), 56, color=T.ERROR if state == "expired" else
             T.ON_SURFACE, id=f"timer:{tid}:time"),
        text(status, 14, color=T.ON_SURFACE_VARIANT, id=f"timer:{tid}:status") if status
        else None,
        progress_bar(timer["duration_ms"] - left, max(1, timer["duration_ms"])),
        controls,
        w=FILL, gap=8, bg=T.SURFACE_CONTAINER, radius=28, pad=(20, 8, 16, 16),
        id=f"timer:{tid}", label=f"{title} {model.duration_text(left)} {status}".strip())


def _timer_op(ctx: ScreenContext, tid: int, op: Any) -> Any:
    def run() -> None:
        timer = model.find(ctx.state["timers"], tid)
        if timer is not None:
            op(ctx.os, timer)
    return run


# --------------------------------------------------------------------------- stopwatch
def stopwatch_page(ctx: ScreenContext) -> View:
    """The elapsed time, Start/Pause, Lap (running) or Reset (paused), and the laps."""
    watch = ctx.state["stopwatch"]
    state = watch["state"]
    shown = model.stopwatch_text(model.elapsed_ms(watch, ctx.os.clock.now_ms()))
    ring = col(text(shown, 52, color=T.ON_SURFACE, id="stopwatch:time"), w=260, h=260,
               radius=130, border=(T.PRIMARY if state == "running" else T.OUTLINE_VARIANT, 6),
               align="center", justify="center")
    laps = [row(text(f"Lap {n}", 15, color=T.ON_SURFACE, w=80, role=None),
                text(model.stopwatch_text(lp["lap_ms"]), 15, color=T.ON_SURFACE_VARIANT,
                     w=FILL, role=None),
                text(model.stopwatch_text(lp["total_ms"]), 15, color=T.ON_SURFACE, role=None),
                h=40, w=FILL, pad=(24, 0), id=f"lap:{n}", role="text",
                text=f"Lap {n} {model.stopwatch_text(lp['lap_ms'])}")
            for n, lp in reversed(list(enumerate(watch["laps"], 1)))]
    side = None
    if state == "running":
        side = button("Lap", functools.partial(_watch, ctx, model.lap), "tonal",
                      id="stopwatch:lap", w=96, h=56)
    elif state == "paused":
        side = button("Reset", functools.partial(_watch, ctx, model.reset_stopwatch), "tonal",
                      id="stopwatch:reset", w=96, h=56)
    label = {"running": "Pause", "paused": "Resume", "idle": "Start"}[state]
    main = button(label, functools.partial(_watch, ctx, model.toggle_stopwatch), "filled",
                  id="stopwatch:toggle", w=128, h=72, radius=36,
                  icon="pause" if state == "running" else "play_arrow")
    controls = row(side or spacer(w=96), main, gap=24, justify="center", w=FILL, h=88)
    body = col(spacer(h=16), ring, ctx.scroll(*laps, id="laps", h=FILL, w=FILL)
               if laps else spacer(), controls, w=FILL, h=FILL, align="center", gap=12)
    return parts.page(ctx, "/stopwatch", body)


def _watch(ctx: ScreenContext, op: Any) -> None:
    op(ctx.os)
