"""Painting: exact pixels for a fixed tree, determinism, and scaled frames."""

from __future__ import annotations

import hashlib

import numpy as np

from mobilegym_env.device import Device
from mobilegym_env.ui import (
    FILL,
    button,
    checkbox,
    col,
    icon,
    image,
    radio,
    row,
    stack,
    switch,
    text,
    text_field,
)
from mobilegym_env.ui import theme as T
from mobilegym_env.ui._pygame import pygame
from mobilegym_env.ui.layout import layout
from mobilegym_env.ui.painter import paint

W, H = 200, 180
# sha256 of the frame below; checked by eye (see render_png) before being pinned here
GOLDEN = "556d5ad09ecbe746ce0246bd42413c2d8cc4f09e2f6567080ff306200c9e0c5b"


def sample_tree() -> object:
    store = {"q": "hi there"}
    return col(
        row(icon("wifi", 16, T.ACCENT), text("Hello, world", 14, "medium"), gap=6, h=24),
        text("A longer line of text that has to wrap", 12, max_lines=2, color="#5F6368"),
        row(switch(True, None), switch(False, None), checkbox(True, None), radio(True, None),
            gap=6, h=28),
        text_field(store, "q", "Search", focused=True, h=32),
        stack(image("cat", 40, 28), button("OK", print, h=28, gravity="center-right"), h=28),
        w=FILL, h=FILL, pad=8, gap=4, bg="#FFFFFF",
    )


def render(scale: int = 1) -> np.ndarray:
    frame = np.zeros((H * scale, W * scale, 3), np.uint8)
    surface = pygame.image.frombuffer(frame, (W * scale, H * scale), "RGB")
    surface.fill(T.rgb(T.BACKGROUND))
    placed, _ = layout(sample_tree(), 0, 0, W, H)
    paint(surface, placed, scale)
    return frame


def render_png(path: str) -> None:  # pragma: no cover - a helper for eyeballing the golden
    from PIL import Image

    Image.fromarray(render()).save(path)


def test_fixed_tree_renders_to_the_golden_hash():
    frame = render()
    assert frame.shape == (H, W, 3)
    assert hashlib.sha256(frame.tobytes()).hexdigest() == GOLDEN


def test_same_tree_renders_identical_bytes_twice():
    assert render().tobytes() == render().tobytes()


def test_scale_two_is_the_same_picture_at_twice_the_pixels():
    big = render(2)
    assert big.shape == (2 * H, 2 * W, 3)
    # solid areas (the white card, the background) agree with the 1x frame
    small = render()
    assert (big[::2, ::2][:4, :4] == small[:4, :4]).all()


def test_device_frames_are_deterministic_and_scaled():
    a, b = Device(), Device()
    fa = a.render().copy()
    assert fa.shape == (800, 360, 3) and fa.dtype == np.uint8
    assert fa.tobytes() == b.render().tobytes()
    assert a.render() is a.render()  # unchanged screen: the cached frame is reused
    big = Device(scale=2).render()
    assert big.shape == (1600, 720, 3)


def test_reused_subtrees_paint_exactly_what_a_full_repaint_would(monkeypatch):
    """Status and gesture bars are cached (layout and pixels); frames must not change."""
    from mobilegym_env.system import status_bar
    from mobilegym_env.ui.view import View

    def frames() -> list[bytes]:
        d = Device()
        out = [d.render().tobytes()]
        for app in ("notes", "settings"):
            d.launch_app(app)
            out.append(d.render().tobytes())
        d.kernel.set_preference("airplane_mode", True)
        d.invalidate()
        out.append(d.render().tobytes())
        d.go_home()
        out.append(d.render().tobytes())
        return out

    cached = frames()
    cached_again = frames()  # now every bar comes from the caches
    monkeypatch.setattr(View, "reuse", property(lambda self: False, lambda self, v: None))
    status_bar._status_bar.cache_clear()
    status_bar.gesture_bar.cache_clear()
    assert cached == cached_again == frames()
