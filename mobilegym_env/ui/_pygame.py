"""Imports pygame headless: the dummy video driver unless a display exists, no support prompt.

Only ``pygame.font`` is ever initialised for frames (drawing needs no display); the mixer never.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux") and not (
    os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

__all__ = ["pygame"]
