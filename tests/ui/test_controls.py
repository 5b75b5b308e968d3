"""Material 3 controls and components: what they put in the UI tree, how they react, how they
refuse bad arguments, and the pixels that make them M3 (the notch, the switch's check)."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from mobilegym_env.testing import has, node, tap
from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    button,
    card,
    checkbox,
    chip,
    col,
    dialog,
    editable_field,
    fab,
    icon_button,
    large_top_app_bar,
    radio,
    scaffold,
    slider,
    snackbar,
    switch,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T
from mobilegym_env.ui._pygame import pygame
from mobilegym_env.ui.color import hct, hex_of
from mobilegym_env.ui.layout import layout
from mobilegym_env.ui.painter import paint
from mobilegym_env.ui.tree import ui_tree

noop = lambda: None  # noqa: E731


def tree_of(root: View, w: int = 360, h: int = 400) -> dict:
    return {n["id"]: n for n in ui_tree(layout(root, 0, 0, w, h)[0]) if n["id"]}


def render(root: View, w: int = 360, h: int = 200, scale: int = 1) -> np.ndarray:
    frame = np.zeros((h * scale, w * scale, 3), np.uint8)
    surface = pygame.image.frombuffer(frame, (w * scale, h * scale), "RGB")
    placed, _ = layout(col(root, w=FILL, h=FILL, bg=T.SURFACE, pad=16), 0, 0, w, h)
    paint(surface, placed, scale)
    return frame


def has_color(frame: np.ndarray, color: str, tolerance: int = 8) -> bool:
    want = np.array(T.rgb(color)[:3])
    return bool((np.abs(frame.astype(int) - want).max(axis=2) <= tolerance).any())


# ----------------------------------------------------------------------------- controls
def test_controls_keep_one_node_each_in_the_ui_tree():
    root = col(switch(True, noop, id="sw"), checkbox(False, noop, id="cb"),
               radio(True, noop, id="rd"), button("Save", noop, id="save"),
               icon_button("plus", noop, "Add", style="filled", id="add"), w=FILL)
    placed = layout(root, 0, 0, 360, 400)[0]
    nodes = ui_tree(placed)
    assert [(n["id"], n["role"], n["checked"]) for n in nodes] == [
        ("sw", "switch", True), ("cb", "checkbox", False), ("rd", "radio", True),
        ("save", "button", None), ("add", "button", None)]
    sw = next(n for n in nodes if n["id"] == "sw")
    assert (sw["bounds"][2] - sw["bounds"][0], sw["bounds"][3] - sw["bounds"][1]) == (52, 32)


def test_a_switch_shows_a_check_on_its_thumb_only_when_on():
    on, off = render(switch(True, noop)), render(switch(False, noop))
    assert has_color(on, T.PRIMARY) and has_color(on, T.ON_PRIMARY_CONTAINER, 40)
    assert not has_color(off, T.PRIMARY) and has_color(off, T.OUTLINE)


def test_disabled_controls_are_greyed_and_inert():
    nodes = tree_of(col(button("Send", None, id="send"), switch(True, None, id="sw"),
                        icon_button("plus", None, "Add", id="add"), w=FILL))
    assert not nodes["send"]["enabled"] and not nodes["send"]["clickable"]
    assert not nodes["add"]["enabled"]
    assert not nodes["sw"]["clickable"]


def test_styles_are_checked():
    with pytest.raises(ValueError, match="button style"):
        button("x", noop, "raised")
    with pytest.raises(ValueError, match="icon button style"):
        icon_button("plus", noop, "x", style="big")
    with pytest.raises(ValueError, match="card style"):
        card(style="glass")
    with pytest.raises(ValueError, match="field style"):
        editable_field({}, "k", "Name", False, noop, style="dotted")


def test_a_slider_has_a_step_per_segment_that_sets_its_level():
    got: list[int] = []
    nodes = tree_of(col(slider(37, 100, got.append, id="brightness_slider", label="Brightness",
                               steps=20, step_id="brightness_step:{}"), w=FILL))
    steps = [k for k in nodes if k.startswith("brightness_step:")]
    assert steps == [f"brightness_step:{5 * i}" for i in range(1, 21)]
    assert nodes["brightness_slider"]["text"] == "Brightness 37"
    assert nodes["brightness_step:35"]["selected"] and not nodes["brightness_step:40"]["selected"]
    placed = layout(col(slider(0, 10, got.append, id="v", label="Volume"), w=FILL),
                    0, 0, 360, 100)[0]
    handler = next(p.view.on_tap for p in placed if p.view.id == "v_step:7")
    handler()
    assert got == [7]


def test_a_slider_refuses_bad_ranges():
    for kwargs in ({"maximum": 0}, {"maximum": 10, "steps": 11}, {"maximum": 10, "steps": 0},
                   {"maximum": 10, "style": "thin"}):
        with pytest.raises(ValueError, match="slider"):
            slider(1, on_set=print, id="s", label="S", **kwargs)  # type: ignore[arg-type]


def test_the_large_slider_fills_up_to_its_level():
    frame = render(slider(50, 100, print, id="q", label="Q", style="large", leading="sun",
                          steps=10), h=80)
    row_ = frame[16 + 24]
    primary = (np.abs(row_.astype(int) - np.array(T.rgb(T.PRIMARY)[:3])).max(axis=1) < 8)
    filled = np.flatnonzero(primary)
    assert filled.min() < 20 and 150 < filled.max() < 200  # half of the 328-px track


# ----------------------------------------------------------------------------- text fields
def field_tree(value: str, focused: bool = False, **props) -> tuple[View, dict]:
    store = {"name": value}
    root = col(editable_field(store, "name", "Name", focused, noop, **props), w=FILL)
    return root, tree_of(root)


def test_an_outlined_field_floats_its_hint_onto_the_edge_once_filled():
    empty, _ = field_tree("")
    filled, nodes = field_tree("Ada")
    assert nodes["name"]["text"] == "Ada" and nodes["name"]["hint"] == "Name"
    assert nodes["name"]["bounds"][1] == 8  # room for the label above the 48-px box
    frame = render(filled, h=90)
    label_row = frame[16 + 8, 16 + 14:16 + 40]  # the outline's top edge, under the label
    assert not has_color(label_row[None], T.OUTLINE, 4)  # the notch: the label cuts it
    assert has_color(frame[16 + 8:16 + 9, 200:300], T.OUTLINE, 30)  # the edge elsewhere
    assert not has_color(render(empty, h=90)[16:16 + 8], T.ON_SURFACE_VARIANT, 30)


def test_a_focused_field_has_a_primary_edge_and_a_clear_button():
    root, nodes = field_tree("Ada", focused=True)
    assert nodes["name"]["focused"] and "name:clear" in nodes
    assert has_color(render(root, h=90), T.PRIMARY)


def test_supporting_text_and_errors():
    _, nodes = field_tree("x", supporting="Use letters only", error=True)
    assert nodes["name:supporting"]["text"] == "Use letters only"
    root, _ = field_tree("x", supporting="Use letters only", error=True)
    assert has_color(render(root, h=120), T.ERROR)


def test_fields_given_a_look_keep_it():
    pill, nodes = field_tree("", radius=24, bg=T.SURFACE_CONTAINER_HIGH)
    assert nodes["name"]["bounds"][1] == 0  # no label room: a search pill
    assert has_color(render(pill, h=80), T.SURFACE_CONTAINER_HIGH, 0)
    plain = editable_field({"k": "t"}, "k", "Title", False, noop, style="plain")
    assert plain.bg is None and plain.border == (T.PRIMARY, 0)  # no edge, a primary caret


# ----------------------------------------------------------------------------- components
def test_dialog_buttons_and_hero_icon():
    root = dialog("Delete?", "Gone for good.", [("Cancel", noop), ("Delete", noop, "del")],
                  icon_name="trash")
    nodes = tree_of(root, 360, 800)
    assert nodes["dialog"]["role"] == "dialog" and nodes["dialog"]["text"] == "Delete?"
    assert nodes["dialog:cancel"]["clickable"] and nodes["del"]["clickable"]
    assert nodes["del"]["bounds"][0] > nodes["dialog:cancel"]["bounds"][0]


def test_chip_shows_a_check_when_selected():
    on, off = chip("Work", True, noop, id="c"), chip("Work", False, noop, id="c")
    assert [c.icon for c in on.children if c.kind == "icon"] == ["check"]
    assert not [c for c in off.children if c.kind == "icon"]
    assert tree_of(col(on, w=FILL))["c"]["selected"]


def test_fab_and_snackbar_keep_their_ids_above_a_shadow():
    root = scaffold(col(w=FILL), top_bar=top_app_bar("T"), fab=fab("plus", noop, "New"),
                    overlay=snackbar("Deleted", ("Undo", noop)))
    nodes = tree_of(root, 360, 800)
    x0, y0, x1, y1 = nodes["fab"]["bounds"]
    assert (x1 - x0, y1 - y0) == (56, 56) and 360 - 18 <= x1 <= 360 - 16
    assert nodes["snackbar"]["text"] == "Deleted" and nodes["snackbar:action"]["clickable"]
    wide = tree_of(scaffold(col(w=FILL), fab=fab("pen", noop, "Compose", extended=True)),
                   360, 800)["fab"]
    assert wide["bounds"][2] - wide["bounds"][0] > 100


def test_the_large_top_app_bar_collapses_once_the_page_scrolls(screen):
    def page(ctx: ScreenContext) -> View:
        bar = large_top_app_bar("Display", ctx.ui, "list", on_back=ctx.back)
        rows = [text(f"Row {i}", 16, h=56, id=f"row{i}") for i in range(30)]
        return scaffold(ctx.scroll(*rows, id="list"), top_bar=bar)

    d = screen(page)
    bar = node(d, id="app_bar")
    assert bar["bounds"][3] - bar["bounds"][1] == 120 and has(d, text="Display")
    d.swipe(180, 600, 180, 300)
    assert node(d, id="app_bar")["bounds"][3] - node(d, id="app_bar")["bounds"][1] == T.APP_BAR_H
    assert has(d, id="back") and d.crashes == []


def test_menus_and_pickers_in_the_dark_theme(screen):
    def page(ctx: ScreenContext) -> View:
        return scaffold(col(button("Go", functools.partial(ctx.open_dialog, "x"), id="go")),
                        overlay=dialog("Hello", "Body", [("OK", ctx.close_dialog)])
                        if ctx.query.get("dialog") else None)

    d = screen(page)
    d.kernel.set_preference("dark_mode", True)
    d.invalidate()
    tap(d, id="go")
    frame = d.render()
    x0, y0, x1, y1 = node(d, id="dialog")["bounds"]
    inside = frame[(y0 + y1) // 2, x0 + 4]
    assert hct(hex_of(inside))[2] < 25  # a dark dialog surface
    assert d.crashes == []


def test_a_focused_field_in_the_dark_theme_has_the_dark_primary_edge_and_caret(screen):
    def page(ctx: ScreenContext) -> View:
        return scaffold(col(ctx.field("q", "Query", id="q"), ctx.field("s", "Search", id="s",
                                                                        radius=24)))

    d = screen(page, scale=2)
    d.kernel.set_preference("dark_mode", True)
    d.invalidate()
    for field in ("q", "s"):
        tap(d, id=field)
        d.type_text("hi")
        x0, y0, x1, y1 = node(d, id=field)["bounds"]
        frame = d.render()[y0:y1, x0:x1]
        assert has_color(frame, T.scheme(True).primary, 4), field
        assert not has_color(frame, T.PRIMARY, 4), field  # no light-theme accent left
    assert d.crashes == []


def test_a_plain_field_draws_no_edge_but_a_primary_caret():
    store = {"t": "Groceries"}
    root = col(editable_field(store, "t", "Title", True, noop, style="plain", size=22,
                              max_lines=None, h=120), w=FILL)
    nodes = tree_of(root)
    assert nodes["t"]["focused"] and "t:clear" in nodes
    assert nodes["t:clear"]["bounds"][1] <= 8  # by the first line of a multi-line field
    frame = render(root, h=160)
    primary = (np.abs(frame.astype(int) - np.array(T.rgb(T.PRIMARY)[:3])).max(axis=2) < 8)
    ys, xs = np.nonzero(primary)
    assert len(xs) and xs.max() - xs.min() <= 2  # the caret alone: a 2-px bar, no edge
