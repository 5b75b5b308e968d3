"""Imports pygame headless: the dummy video driver unless a display exists, no support prompt.

Only ``pygame.font`` is ever initialised for frames (drawing needs no display); the mixer never.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# True when there is no display and nobody chose a video driver: we chose the dummy one, so a
# window asked for would silently go nowhere (render_mode="human" refuses instead). The choice
# is marked in the environment too: child processes (workers, pytest-xdist's) inherit our
# SDL_VIDEODRIVER and must not take it for a user's.
_OURS = "MOBILEGYM_CHOSE_SDL_DUMMY"
NO_DISPLAY = (
    sys.platform.startswith("linux")
    and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    and ("SDL_VIDEODRIVER" not in os.environ
         or (os.environ.get(_OURS) == "1" and os.environ["SDL_VIDEODRIVER"] == "dummy"))
)
if NO_DISPLAY:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ[_OURS] = "1"

import pygame  # noqa: E402

__all__ = ["pygame"]
