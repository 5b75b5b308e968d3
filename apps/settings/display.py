"""Display (brightness, dark theme, font size, screen timeout) and Sound & vibration (stream
volumes, Do Not Disturb)."""

from __future__ import annotations

import functools

from mobilegym_env.kernel.managers import FONT_SCALE_MAX, FONT_SCALE_MIN, VOLUME_MAX
from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    card,
    col,
    divider,
    list_item,
    radio,
    row,
    section_header,
    text,
)
from mobilegym_env.ui import theme as T

from .common import choice_dialog, get, level_slider, nav_row, page, set_pref, switch_row

FONT_SIZES: tuple[tuple[str, str, float], ...] = (
    ("small", "Small", FONT_SCALE_MIN),
    ("default", "Default", 1.0),
    ("large", "Large", 1.15),
    ("largest", "Largest", FONT_SCALE_MAX),
)
TIMEOUTS: tuple[tuple[int, str], ...] = (
    (15, "15 seconds"), (30, "30 seconds"), (60, "1 minute"), (120, "2 minutes"),
    (300, "5 minutes"), (600, "10 minutes"), (1800, "30 minutes"),
)
VOLUMES: tuple[tuple[str, str, str], ...] = (
    ("media", "Media volume", "music"),
    ("call", "Call volume", "phone"),
    ("ring", "Ring volume", "bell"),
    ("notification", "Notification volume", "comment"),
    ("alarm", "Alarm volume", "clock"),
)
BRIGHTNESS_STEPS = 20  # the track sets multiples of 5%; - and + move by 1%


def font_label(scale: float) -> str:
    return next((label for _, label, value in FONT_SIZES if abs(scale - value) < 1e-6),
                f"{int(round(scale * 100))}%")


def timeout_label(seconds: int) -> str:
    return next((label for s, label in TIMEOUTS if s == seconds), f"{seconds} seconds")


# ----- Display
def display(ctx: ScreenContext) -> View:
    s = get(ctx, "settings.system", {})
    level = int(s.get("brightness", 0))
    dark, auto = bool(s.get("dark_mode")), bool(s.get("auto_brightness"))
    timeout = int(s.get("screen_timeout_s", 60))
    brightness = col(
        row(text("Brightness level", 16, color=T.TEXT, w=FILL),
            text(f"{level}%", 16, "medium", T.ACCENT, id="brightness_value")),
        level_slider(ctx, "brightness", level, 100, BRIGHTNESS_STEPS, "Brightness"),
        pad=(16, 12, 8, 4), gap=4,
    )
    rows: list[View | None] = [
        section_header("Brightness"),
        brightness,
        switch_row(ctx, "auto_brightness", auto, "Adaptive brightness",
                   "Adjusts to your environment", "auto_brightness_switch"),
        divider(),
        section_header("Appearance"),
        switch_row(ctx, "dark_mode", dark, "Dark theme",
                   "On" if dark else "Use a dark background", "dark_theme_switch", "moon"),
        nav_row(ctx, "Font size", font_label(float(s.get("font_scale", 1.0))), "/display/font",
                "nav_font_size", "font"),
        divider(),
        section_header("Lock display"),
        list_item("Screen timeout", f"After {timeout_label(timeout)} of inactivity",
                  "hourglass-half", on_tap=functools.partial(ctx.open_dialog, "timeout"),
                  id="screen_timeout"),
    ]
    overlay = None
    if ctx.query.get("dialog") == "timeout":
        overlay = choice_dialog(ctx, "Screen timeout",
                                [(str(sec), label, sec == timeout) for sec, label in TIMEOUTS],
                                functools.partial(_set_timeout, ctx), "timeout")
    return page(ctx, "Display", *rows, overlay=overlay, scroll_id="display")


def _set_timeout(ctx: ScreenContext, seconds: str) -> None:
    set_pref(ctx, "screen_timeout_s", int(seconds))


def font(ctx: ScreenContext) -> View:
    scale = float(get(ctx, "settings.system.font_scale", 1.0))
    preview = card(text("Preview", 13, "medium", T.ACCENT),
                   text("The quick brown fox jumps over the lazy dog.",
                        int(round(16 * scale)), color=T.TEXT, max_lines=None),
                   bg=T.SURFACE_VARIANT, gap=8, id="font_preview")
    rows: list[View | None] = [col(preview, pad=(16, 12)), section_header("Font size")]
    for key, label, value in FONT_SIZES:
        chosen = abs(scale - value) < 1e-6
        pick = functools.partial(set_pref, ctx, "font_scale", value)
        rows.append(row(radio(chosen, pick, id=f"font_size:{key}", label=label),
                        text(label, 16, color=T.TEXT, w=FILL),
                        text(f"{int(round(value * 100))}%", 13, color=T.TEXT_SECONDARY),
                        h=52, pad=(20, 0, 16, 0), gap=16, on_tap=pick, id=f"font_row:{key}",
                        role="list_item"))
    return page(ctx, "Font size", *rows, scroll_id="font")


# ----- Sound & vibration
def sound(ctx: ScreenContext) -> View:
    s = get(ctx, "settings.system", {})
    rows: list[View | None] = [section_header("Volume")]
    for stream, label, _icon in VOLUMES:
        key = f"volume_{stream}"
        v = int(s.get(key, 0))
        rows.append(col(
            row(text(label, 16, color=T.TEXT, w=FILL),
                text(f"{v}/{VOLUME_MAX}", 14, "medium", T.ACCENT, id=f"{key}_value")),
            level_slider(ctx, key, v, VOLUME_MAX, VOLUME_MAX, label.removesuffix(" volume")),
            pad=(16, 8, 8, 4), gap=2, id=f"{key}_row"))
    dnd = bool(s.get("do_not_disturb"))
    rows += [
        divider(),
        switch_row(ctx, "do_not_disturb", dnd, "Do Not Disturb",
                   "On · only alarms can interrupt" if dnd else "Off", "dnd_switch",
                   "bell-slash"),
    ]
    return page(ctx, "Sound & vibration", *rows, scroll_id="sound")
