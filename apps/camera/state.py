"""Camera's store: the capture settings, which persist (as Pixel Camera keeps its last flash,
timer and grid choices), and the log of what this app captured.

The captures themselves are files in ``/sdcard/DCIM/Camera`` with their media provider rows;
the log keeps what only the camera knows about each one (lens, flash, timer, a video's
length), as a JPEG's EXIF data would.
"""

from __future__ import annotations

from typing import Any

FLASH_MODES = ("off", "auto", "on")
TIMERS = (0, 3, 10)  # seconds
GRIDS = ("off", "3x3", "4x4")
RATIOS = ("4:3", "16:9")
LENSES = ("back", "front")
MODES = ("photo", "video")

DEFAULT_SETTINGS: dict[str, Any] = {
    "flash": "off", "timer": 0, "grid": "off", "ratio": "4:3", "lens": "back", "mode": "photo",
}


def initial_state() -> dict[str, Any]:
    return {"settings": dict(DEFAULT_SETTINGS), "captures": [], "next_capture_id": 1}
