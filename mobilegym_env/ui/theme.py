"""Colours and sizes shared by system chrome and apps (a light Material-like palette)."""

from __future__ import annotations

import functools

ACCENT = "#3D7BF7"
ON_ACCENT = "#FFFFFF"
SURFACE = "#FFFFFF"
BACKGROUND = "#F6F7FB"
SURFACE_VARIANT = "#EEF0F5"
TEXT = "#1F1F1F"
TEXT_SECONDARY = "#5F6368"
TEXT_HINT = "#9AA0A6"
OUTLINE = "#C4C7C5"
DIVIDER = "#E8E8EC"
SCRIM = "#00000066"
DANGER = "#D93025"

SCREEN_W = 360
SCREEN_H = 800
STATUS_BAR_H = 40
GESTURE_BAR_H = 24
APP_BAR_H = 56
TAB_BAR_H = 64
KEYBOARD_H = 260


@functools.cache
def rgb(color: str) -> tuple[int, ...]:
    """``"#RRGGBB"`` or ``"#RRGGBBAA"`` to a tuple; ValueError names a malformed colour."""
    if not (isinstance(color, str) and color.startswith("#") and len(color) in (7, 9)):
        raise ValueError(f"colour must be '#RRGGBB' or '#RRGGBBAA', got {color!r}")
    return tuple(int(color[i : i + 2], 16) for i in range(1, len(color), 2))
