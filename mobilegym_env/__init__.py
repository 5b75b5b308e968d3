"""MobileGym: an Android-like phone simulated in-process, as a Gymnasium environment."""

from __future__ import annotations

__version__ = "0.1.0"
