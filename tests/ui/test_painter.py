"""Painting: exact pixels for a fixed tree, determinism, scaled frames, anti-aliased shapes and
rounded clipping, text laid out alike at every scale, the caret, multi-line fields."""

from __future__ import annotations

import hashlib
from fractions import Fraction

import numpy as np
import pytest

from mobilegym_env.device import Device
from mobilegym_env.testing import long_press, node, tap
from mobilegym_env.ui import (
    FILL,
    button,
    checkbox,
    col,
    fonts,
    icon,
    image,
    radio,
    row,
    shapes,
    stack,
    switch,
    text,
    text_field,
)
from mobilegym_env.ui import painter as painter_module
from mobilegym_env.ui import theme as T
from mobilegym_env.ui._pygame import pygame
from mobilegym_env.ui.layout import field_lines, field_top, layout, measure
from mobilegym_env.ui.painter import paint
from mobilegym_env.ui.selection import HIGHLIGHT
from mobilegym_env.ui.view import View

W, H = 200, 180
# sha256 of the frame below; checked by eye (see render_png) before being pinned here
GOLDEN = "318c985953fc49c96faa9002a753135e363c0f43b32493495863d0a96fbbc857"
# the same tree drawn at scale 1/2 (render_png(path, Fraction(1, 2)))
GOLDEN_HALF = "a9c9469a8bfe3f730322915841eed98c501c7e9a7f60b721c6093d2bf778ee04"


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


def render(scale: int | Fraction = 1) -> np.ndarray:
    w, h = int(W * scale), int(H * scale)
    frame = np.zeros((h, w, 3), np.uint8)
    surface = pygame.image.frombuffer(frame, (w, h), "RGB")
    surface.fill(T.rgb(T.BACKGROUND))
    placed, _ = layout(sample_tree(), 0, 0, W, H)
    paint(surface, placed, scale)
    return frame


def render_png(path: str, scale: int | Fraction = 1) -> None:  # pragma: no cover - a helper
    from PIL import Image  # for eyeballing the goldens

    Image.fromarray(render(scale)).save(path)


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


def test_half_scale_draws_the_same_tree_small():
    """A small frame (``Fraction`` scale) is drawn, not shrunk: boxes round down at both
    edges, so neighbours still meet; text and icons are drawn at their small size."""
    half = render(Fraction(1, 2))
    assert half.shape == (H // 2, W // 2, 3)
    assert hashlib.sha256(half.tobytes()).hexdigest() == GOLDEN_HALF
    assert (half[:3, :3] == render()[:6:2, :6:2]).all()  # the solid card, as at 1x
    third = render(Fraction(1, 3))
    assert third.shape == (H // 3, W // 3, 3)
    assert third.tobytes() == render(Fraction(1, 3)).tobytes()


def test_small_scales_keep_boxes_edge_to_edge():
    from mobilegym_env.ui.painter import device_rect

    for d in (2, 3, 4, 7):
        for x in range(-20, 40):
            a, b = device_rect(x, 0, 13, 5, 1, d), device_rect(x + 13, 0, 9, 5, 1, d)
            assert a.right == b.left and a.w >= 0  # no gap, no overlap
        assert device_rect(-5, -5, 10, 10, 1, d).topleft == (-5 // d, -5 // d)


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


# ----- anti-aliased shapes
def canvas(w: int, h: int, color: str = "#FFFFFF") -> tuple[np.ndarray, pygame.Surface]:
    frame = np.zeros((h, w, 3), np.uint8)
    surface = pygame.image.frombuffer(frame, (w, h), "RGB")
    surface.fill(T.rgb(color))
    return frame, surface


def test_a_disc_has_soft_symmetric_edges_and_a_solid_middle():
    frame, surface = canvas(40, 40)
    shapes.fill_circle(surface, "#000000", (20, 20), 16)
    g = frame[..., 0].astype(int)
    assert g[20, 20] == 0 and g[0, 0] == 255 and g[2, 20] == 255  # solid inside, clear outside
    edge = set(g[4:36, 4:36].ravel()) - {0, 255}
    assert len(edge) >= 6  # partial coverage along the rim: anti-aliased, not stair-stepped
    assert (g == g[::-1]).all() and (g == g[:, ::-1]).all() and (g == g.T).all()


def test_corners_over_a_known_colour_match_blended_corners():
    known, s1 = canvas(60, 30, "#F6FAFF")
    unknown, s2 = canvas(60, 30, "#F6FAFF")
    rect = pygame.Rect(5, 5, 50, 20)
    shapes.fill_rect(s1, "#0B57D0", rect, 10, under="#F6FAFF")  # opaque cached patches
    shapes.fill_rect(s2, "#0B57D0", rect, 10)  # per-pixel alpha over whatever is there
    assert np.abs(known.astype(int) - unknown.astype(int)).max() <= 1
    assert tuple(known[5, 5]) == (0xF6, 0xFA, 0xFF)  # the very corner stays the page


def test_translucent_rounded_fill_blends_and_rounds():
    frame, surface = canvas(40, 40)
    shapes.fill_rect(surface, "#00000080", pygame.Rect(0, 0, 40, 40), 12)
    assert tuple(frame[20, 20]) == (127, 127, 127)  # half black over white
    assert tuple(frame[0, 0]) == (255, 255, 255)  # outside the rounded corner


def test_an_outline_leaves_the_inside_alone():
    frame, surface = canvas(40, 40)
    shapes.stroke_circle(surface, "#000000", (20, 20), 16, 2)
    g = frame[..., 0]
    assert g[20, 20] == 255 and g[20, 4] < 64 and g[20, 2] == 255
    assert (g == g[:, ::-1]).all()
    frame, surface = canvas(40, 30)
    shapes.stroke_rect(surface, "#000000", pygame.Rect(0, 0, 40, 30), 1, 8)
    assert frame[15, 0, 0] == 0 and frame[15, 20, 0] == 255 and frame[0, 0, 0] == 255


def clipped_card(clip: bool, first: bool) -> list:
    card = col(View("box", w=FILL, h=FILL, bg="#FF0000"), w=60, h=40, radius=12, clip=clip,
               bg="#00FF00")
    # first in a stack, the colour beneath the card is known; later, it is not
    parts = (card,) if first else (View("box", w=1, h=1), card)
    placed, _ = layout(stack(*parts, w=80, h=60, pad=10, bg="#FFFFFF"), 0, 0, 80, 60)
    return placed


def test_a_clipping_container_rounds_off_its_children():
    for first in (True, False):
        frame, surface = canvas(80, 60)
        paint(surface, clipped_card(True, first))
        assert tuple(frame[10, 10]) == (255, 255, 255), first  # the card's corner: cut away
        assert tuple(frame[30, 40]) == (255, 0, 0)  # the child inside
        assert tuple(frame[10, 40]) == (255, 0, 0)  # the straight top edge is not cut
        frame, surface = canvas(80, 60)
        paint(surface, clipped_card(False, first))
        assert tuple(frame[10, 10]) == (255, 0, 0)  # without clip the child covers the corner


def test_clipped_children_are_culled_to_the_box():
    inner = View("box", w=50, h=60, bg="#FF0000", id="inside")
    far = View("box", w=50, h=50, bg="#FF0000", id="beyond")
    card = col(inner, far, w=60, h=60, clip=True, radius=8, id="card")
    placed, _ = layout(col(card, w=100, h=200), 0, 0, 100, 200)
    by_id = {p.view.id: p for p in placed if p.view.id}
    assert "beyond" not in by_id  # wholly below the card: not placed at all
    assert by_id["inside"].clip == (0, 0, 60, 60)
    assert by_id["card"].nodes == 2  # the card and its one visible child


def test_a_registered_painter_draws_its_kind(monkeypatch):
    monkeypatch.setattr(painter_module, "PAINTERS", {})
    calls = []

    def dot(surface, p, rect, s, under):
        calls.append((p.view.kind, tuple(rect), s, under))
        shapes.fill_circle(surface, "#000000", rect.center, rect.w // 2)
    painter_module.register("dot", dot)
    frame, surface = canvas(40, 40)
    placed, _ = layout(col(View("dot", w=20, h=20), pad=10, bg="#FFFFFF", w=40, h=40), 0, 0,
                       40, 40)
    paint(surface, placed, 1)
    assert calls == [("dot", (10, 10, 20, 20), 1, "#FFFFFF")] and frame[20, 20, 0] == 0
    with pytest.raises(TypeError, match="callable"):
        painter_module.register("dot", "not a function")


# ----- text
SENTENCE = "First after the fifth test: Sunday, filter affiliated"


def test_text_runs_are_the_same_layout_at_every_scale():
    """Hinting at each pixel size rounds every advance ("Firs t" at 1x) and makes a 2x run
    a different width from twice the 1x run; runs drawn from one 4x master do not."""
    for size, weight in ((12, "regular"), (14, "regular"), (14, "medium"), (20, "bold"),
                         (28, "regular")):
        one = fonts.text_surface(SENTENCE, size, weight, (0, 0, 0), (255, 255, 255), 1)
        two = fonts.text_surface(SENTENCE, size, weight, (0, 0, 0), (255, 255, 255), 2)
        w1 = fonts.advance(SENTENCE, size, weight, 1)
        assert abs(one.get_width() - w1) <= 1
        assert abs(two.get_width() - 2 * one.get_width()) <= 2
        assert abs(fonts.advance(SENTENCE, size, weight, 2) - 2 * w1) <= 1
        assert one.get_height() == fonts.text_size("Ag", size, weight)[1]
        assert two.get_height() == 2 * one.get_height()
    hinted = fonts.font(14).size(SENTENCE)[0]
    assert hinted - fonts.text_size(SENTENCE, 14)[0] > 8  # what the 1x run used to take


def ink_columns(frame: np.ndarray, y0: int, y1: int, x0: int, x1: int, color: tuple) -> list:
    area = frame[y0:y1, x0:x1].astype(int)
    hits = (np.abs(area - np.array(color)).sum(axis=2) <= 30).any(axis=0)
    return [x0 + int(x) for x in np.nonzero(hits)[0]]


def test_the_caret_sits_right_after_the_text_at_2x():
    frame = np.zeros((2 * 60, 2 * 200, 3), np.uint8)
    surface = pygame.image.frombuffer(frame, (400, 120), "RGB")
    surface.fill((255, 255, 255))
    store = {"q": "Lisbon trip"}
    field = text_field(store, "q", "Search", focused=True, h=48, bg="#FFFFFF",
                       color="#000000")
    placed, _ = layout(col(field, w=200, h=60, pad=(0, 6)), 0, 0, 200, 60)
    paint(surface, placed, 2)
    p = next(q for q in placed if q.view.kind == "field")
    y0, y1 = 2 * p.y + 20, 2 * (p.y + p.h) - 20
    ink = ink_columns(frame, y0, y1, 2 * p.x + 10, 2 * (p.x + p.w) - 10, (0, 0, 0))
    caret = ink_columns(frame, y0, y1, 2 * p.x + 10, 2 * (p.x + p.w) - 10, T.rgb(T.ACCENT))
    assert ink and caret
    assert 0 <= caret[0] - ink[-1] <= 4  # just after the last glyph, not inside the text
    assert caret[0] == 2 * (p.x + p.view.pad[0]) + fonts.advance("Lisbon trip", 15, "regular", 2)


# ----- fields
def test_a_multi_line_field_wraps_breaks_at_newlines_and_puts_the_hint_at_the_top():
    note = "Pack the tent\nand the two sleeping bags for the trip up north"
    store = {"body": note, "empty": ""}
    grown = text_field(store, "body", "Note", max_lines=None, h=None, w=FILL)
    lines = field_lines(grown, 200 - 28)
    assert lines[0] == "Pack the tent" and len(lines) >= 3
    line_h = fonts.text_size("Ag", 15)[1]
    assert measure(grown, 200) == (200, len(lines) * line_h + 2 * field_top(grown))
    capped = text_field(store, "body", "Note", max_lines=2, h=None, w=FILL)
    assert measure(capped, 200)[1] == 2 * line_h + 2 * field_top(capped)
    single = text_field(store, "body", "Note", w=FILL)
    assert measure(single, 200)[1] == 48 and "\n" not in field_lines(single, 172)[0]
    # drawn: the hint of an empty tall multi-line field is at its top, not its middle
    frame, surface = canvas(200, 240)
    empty = text_field(store, "empty", "Note", max_lines=None, h=FILL, bg="#FFFFFF")
    placed, _ = layout(col(empty, w=200, h=240), 0, 0, 200, 240)
    paint(surface, placed, 1)
    rows = np.nonzero((frame.astype(int).sum(axis=2) < 3 * 230).any(axis=1))[0]
    assert rows.size and rows.min() >= field_top(empty) - 2 and rows.max() < 40


def test_a_focused_multi_line_field_shows_its_last_lines_and_the_caret_on_a_new_line():
    store = {"body": "\n".join(f"line {i}" for i in range(12)) + "\n"}
    field = text_field(store, "body", "", max_lines=None, h=120, focused=True,
                       bg="#FFFFFF", color="#000000")
    frame, surface = canvas(200, 120)
    placed, _ = layout(col(field, w=200, h=120), 0, 0, 200, 120)
    paint(surface, placed, 1)
    accent = (np.abs(frame.astype(int) - np.array(T.rgb(T.ACCENT))).sum(axis=2) <= 30)
    caret_rows = np.nonzero(accent[:, 14:17].any(axis=1))[0]
    line_h = fonts.text_size("Ag", 15)[1]
    assert caret_rows.size and caret_rows.max() > 120 - field_top(field) - line_h - 4


def test_a_selected_multi_line_field_is_marked_line_by_line():
    d = Device()
    d.launch_app("notes")
    tap(d, id="fab")
    tap(d, id="body")
    d.type_text("Pack the tent")
    d.press_enter()
    d.type_text("and the two sleeping bags for the long trip up north")
    long_press(d, id="body")
    frame = d.render()
    x0, y0, x1, y1 = node(d, id="body")["bounds"]
    marked = (frame[y0:y1, x0:x1] == T.rgb(HIGHLIGHT)).all(axis=2).any(axis=1)
    rows = np.nonzero(marked)[0]
    line_h = fonts.text_size("Ag", 15)[1]
    assert rows.size >= 3 * line_h - 3  # three lines, each marked behind its text
    assert rows.max() < 12 + 3 * line_h + 2  # from the top down, not a bar across the middle
    assert d.crashes == []


@pytest.mark.parametrize("size", [11, 15, 30, 60])
@pytest.mark.parametrize("scale", [1, 2, 3, 4])
def test_text_draws_at_any_size_and_scale_with_its_line_height(size, scale):
    img = fonts.text_surface("Quarterly review", size, "medium", (0, 0, 0), (255, 255, 255),
                             scale)
    line_h = fonts.text_size("Ag", size, "medium")[1] * scale
    assert line_h <= img.get_height() <= line_h + 1  # a descender's tail may take a row more
    # scales the oversampling does not divide render a master of their own: within 1%
    width = fonts.advance("Quarterly review", size, "medium", scale)
    assert abs(img.get_width() - width) <= max(1 + scale, width // 100)
    ink = pygame.surfarray.array3d(img)[..., 0] < 128
    assert ink.any() and not ink[:, 0].all()
