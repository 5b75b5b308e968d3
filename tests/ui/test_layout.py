"""Layout: linear containers, stacks, text wrapping and scroll containers, with exact boxes."""

from __future__ import annotations

import pytest

from mobilegym_env.ui import (
    FILL,
    col,
    fonts,
    hscroll,
    row,
    scroll,
    spacer,
    stack,
    text,
    text_field,
)
from mobilegym_env.ui.layout import layout, measure
from mobilegym_env.ui.view import View


def box(id: str, w: int | None = None, h: int | None = None, **props) -> View:
    return View("box", w=w, h=h, id=id, **props)


def _size(root: View, w: int, h: int) -> tuple[int, int]:
    """The root is placed in the box given to layout(); use its own fixed size if it has one."""
    return (root.w if root.w not in (None, FILL) else w, root.h if root.h not in (None, FILL) else h)


def boxes(root: View, w: int = 360, h: int = 800) -> dict[str, tuple[int, int, int, int]]:
    placed, _ = layout(root, 0, 0, *_size(root, w, h))
    return {p.view.id: (p.x, p.y, p.w, p.h) for p in placed if p.view.id}


# ----- columns and rows
def test_col_fixed_wrap_and_fill_children_share_space():
    root = col(box("a", h=100), col(box("inner", w=50, h=30), id="wrap"), box("fill", h=FILL),
               box("b", h=50), w=FILL, h=FILL, id="root")
    b = boxes(root)
    assert b["root"] == (0, 0, 360, 800)
    assert b["a"] == (0, 0, 360, 100)  # align=stretch: full width
    assert b["wrap"] == (0, 100, 360, 30)
    assert b["inner"] == (0, 100, 50, 30)
    assert b["fill"] == (0, 130, 360, 620)
    assert b["b"] == (0, 750, 360, 50)


def test_flex_weights_gap_and_padding():
    root = row(box("a", w=FILL, flex=1), box("b", w=FILL, flex=2), box("c", w=40),
               w=FILL, h=60, pad=(10, 5, 10, 5), gap=10, align="stretch", id="r")
    b = boxes(root)
    # inner width 340, gaps 20, fixed 40 -> 280 shared 1:2
    assert b["a"] == (10, 5, 93, 50)
    assert b["b"] == (113, 5, 187, 50)
    assert b["c"] == (310, 5, 40, 50)


def test_flex_remainder_goes_to_later_children_and_sums_exactly():
    root = row(*[box(f"k{i}", w=FILL) for i in range(3)], w=100, h=10)
    b = boxes(root)
    assert [b[f"k{i}"][2] for i in range(3)] == [33, 33, 34]
    assert [b[f"k{i}"][0] for i in range(3)] == [0, 33, 66]


@pytest.mark.parametrize("justify,xs", [
    ("start", [0, 60]),
    ("center", [120, 180]),
    ("end", [240, 300]),
    ("between", [0, 300]),
])
def test_row_justify(justify, xs):
    root = row(box("a", w=60, h=20), box("b", w=60, h=20), w=360, h=40, justify=justify)
    b = boxes(root)
    assert [b["a"][0], b["b"][0]] == xs


def test_justify_between_three_children_with_gap():
    root = row(box("a", w=20), box("b", w=20), box("c", w=20), w=200, h=10, gap=10,
               justify="between")
    b = boxes(root)
    # free = 200 - 60 - 20 = 120 -> step 10 + 60
    assert [b[k][0] for k in "abc"] == [0, 90, 180]


def test_col_justify_center_and_end():
    b = boxes(col(box("a", h=100), w=FILL, h=FILL, justify="center"))
    assert b["a"][1] == 350
    b = boxes(col(box("a", h=100), w=FILL, h=FILL, justify="end"))
    assert b["a"][1] == 700


@pytest.mark.parametrize("align,y", [("start", 0), ("center", 30), ("end", 60)])
def test_row_cross_align(align, y):
    b = boxes(row(box("a", w=10, h=40), w=FILL, h=100, align=align))
    assert b["a"] == (0, y, 10, 40)


def test_row_stretch_fills_cross_axis_for_wrap_height():
    b = boxes(row(box("a", w=10), box("f", w=10, h=FILL), w=FILL, h=100, align="stretch"))
    assert b["a"] == (0, 0, 10, 100)
    assert b["f"] == (10, 0, 10, 100)


@pytest.mark.parametrize("align,x", [("start", 0), ("center", 130), ("end", 260)])
def test_col_cross_align(align, x):
    b = boxes(col(box("a", w=100, h=10), w=FILL, h=FILL, align=align))
    assert b["a"] == (x, 0, 100, 10)


def test_spacer_pushes_to_the_end():
    b = boxes(row(box("a", w=30, h=10), spacer(), box("b", w=30, h=10), w=FILL, h=10))
    assert b["b"][0] == 330


# ----- stack gravity
@pytest.mark.parametrize("gravity,xy", [
    ("top-left", (10, 10)), ("top-right", (290, 10)), ("center", (150, 190)),
    ("bottom-left", (10, 370)), ("bottom-right", (290, 370)), ("bottom-center", (150, 370)),
    ("center-left", (10, 190)),
])
def test_stack_gravity(gravity, xy):
    root = stack(box("c", w=60, h=20, gravity=gravity), w=360, h=400, pad=10)
    assert boxes(root)["c"] == (*xy, 60, 20)


def test_stack_fill_child_takes_inner_box():
    root = stack(box("f", w=FILL, h=FILL), w=200, h=100, pad=(1, 2, 3, 4))
    assert boxes(root)["f"] == (1, 2, 196, 94)


# ----- text
def test_text_measures_to_its_content():
    w, h = fonts.text_size("hello", 14)
    assert measure(text("hello"), 360) == (w, h) == (30, 17)
    assert measure(text("hello", pad=(4, 2)), 360) == (38, 21)


def test_text_wraps_and_ellipsizes_to_max_lines():
    s = "the quick brown fox jumps over the lazy dog"
    assert fonts.wrap_text(s, 14, "regular", 90, None) == [
        "the quick", "brown fox", "jumps over", "the lazy dog"]
    assert fonts.wrap_text(s, 14, "regular", 90, 2) == ["the quick", "brown fox…"]
    assert fonts.wrap_text("supercalifragilisticexpialidocious", 14, "regular", 60, 1) == [
        "superca…"]
    # a free-wrapping text gets 4 lines of height, the default single line gets one
    b = boxes(col(text(s, max_lines=None, id="free"), text(s, id="one"), w=90, h=400))
    assert b["free"] == (0, 0, 90, 17 * 4)
    assert b["one"] == (0, 68, 90, 17)
    b = boxes(col(text(s, max_lines=2, id="two"), w=90, h=400))
    assert b["two"][3] == 34


def test_a_word_wider_than_the_line_breaks_between_characters():
    lines = fonts.wrap_text("a supercalifragilisticexpialidocious b", 14, "regular", 60, None)
    assert lines == ["a", "supercali", "fragilistic", "expialido", "cious b"]
    assert all(fonts.text_size(ln, 14)[0] <= 60 for ln in lines)


def test_break_lines_keeps_spaces_and_empty_lines():
    assert fonts.break_lines("  two  spaces \n\nend\n", 14, "regular", 300) == (
        "  two  spaces ", "", "end", "")


def test_text_lines_never_exceed_width():
    s = "Lisbon in May? Check flights and the tram museum. " * 3
    for width in (40, 80, 150):
        for ln in fonts.wrap_text(s, 14, "regular", width, 3):
            assert fonts.text_size(ln, 14)[0] <= width or " " not in ln


def test_newlines_start_new_lines():
    assert fonts.wrap_text("a\nb", 14, "regular", 300, None) == ["a", "b"]


# ----- nested wrap containers
def test_measure_of_nested_wrap_containers():
    inner = row(box("x", w=30, h=10), box("y", w=20, h=25), gap=5, pad=2)
    outer = col(inner, box("z", w=100, h=5), gap=3, pad=(4, 6))
    assert measure(inner, 360) == (2 + 30 + 5 + 20 + 2, 2 + 25 + 2)
    assert measure(outer, 360) == (4 + 100 + 4, 6 + 29 + 3 + 5 + 6)
    b = boxes(row(outer, w=FILL, h=200, align="start"))
    assert b["z"] == (4, 6 + 29 + 3, 100, 5)




def test_wrap_row_with_spacer_in_a_row_does_not_take_infinite_width():
    """A wrap-width column inside a row, holding a FILL spacer, is measured to its content."""
    inner = col(box("a", w=40, h=10), spacer(h=4), id="inner")
    b = boxes(row(inner, box("after", w=10, h=10), w=FILL, h=50))
    assert b["inner"][2] == 40
    assert b["after"][0] == 40


# ----- scroll containers
def _list(n: int, store: dict, **props) -> View:
    return scroll(*[box(f"i{k}", h=100) for k in range(n)], store=store, id="l", **props)


def test_scroll_offset_moves_children_and_culls_outside_viewport():
    store = {"scroll:l": 250}
    placed, scrolls = layout(col(box("top", h=100), _list(10, store), w=FILL, h=FILL,
                                 id="root"), 0, 0, 360, 400)
    ids_ = [p.view.id for p in placed]
    # viewport y=100..400, content 0..1000 offset 250: items 2..5 are visible
    assert [i for i in ids_ if i.startswith("i")] == ["i2", "i3", "i4", "i5"]
    b = {p.view.id: (p.x, p.y, p.w, p.h, p.clip) for p in placed}
    assert b["i2"] == (0, 100 - 50, 360, 100, (0, 100, 360, 400))
    assert b["i5"][1] == 350
    (s,) = scrolls
    assert (s.rect, s.content, s.viewport) == ((0, 100, 360, 400), 1000, 300)


def _last_y(store: dict, n: int) -> int:
    placed, _ = layout(_list(n, store, h=300), 0, 0, 360, 300)
    return next(p.y for p in placed if p.view.id == f"i{n - 1}")


def test_scroll_offset_is_clamped_to_content_and_the_store_is_left_alone():
    """Layout shows the stored offset within range and never writes it back (a screen may
    have read it while it was built)."""
    store = {"scroll:l": 5000}
    assert _last_y(store, 10) == 900 - 700 and store["scroll:l"] == 5000
    store["scroll:l"] = -20
    assert _last_y(store, 3) == 200 and store["scroll:l"] == -20
    store["scroll:l"] = 50
    assert _last_y(store, 2) == 100 and store["scroll:l"] == 50  # content fits: no scrolling


def test_padded_scroll_clamps_so_the_last_item_ends_at_the_bottom_padding():
    """Scrolled to the end, the last child sits ``pad`` above the viewport's bottom edge."""
    store = {"scroll:l": 10_000}
    placed, scrolls = layout(_list(10, store, h=300, pad=(0, 8, 0, 8)), 0, 0, 360, 300)
    last = next(p for p in placed if p.view.id == "i9")
    assert last.y + last.h == 300 - 8
    assert store["scroll:l"] == 10_000  # shown within range, stored as it was


def test_nested_scroll_horizontal_inside_vertical():
    outer_store: dict = {"scroll:v": 40}
    inner_store: dict = {"scroll:h": 30}
    chips = hscroll(*[box(f"c{k}", w=100, h=40) for k in range(6)], store=inner_store, id="h",
                    h=40, gap=10)
    root = scroll(box("head", h=100), chips, *[box(f"r{k}", h=100) for k in range(5)],
                  store=outer_store, id="v")
    placed, scrolls = layout(root, 0, 0, 360, 300)
    b = {p.view.id: (p.x, p.y, p.w, p.h) for p in placed}
    assert b["head"] == (0, -40, 360, 100)
    assert b["h"] == (0, 60, 360, 40)
    assert b["c0"] == (-30, 60, 100, 40)
    assert b["c1"] == (80, 60, 100, 40)
    assert "c4" not in b and "c5" not in b  # culled to the right of the viewport
    by_id = {s.view.id: s for s in scrolls}
    assert (by_id["v"].content, by_id["v"].viewport) == (640, 300)
    assert (by_id["h"].content, by_id["h"].viewport) == (650, 360)
    assert by_id["h"].rect == (0, 60, 360, 100)


def test_scroll_clip_intersects_parent_clip():
    inner_store: dict = {}
    inner = scroll(*[box(f"i{k}", h=50) for k in range(10)], store=inner_store, id="in", h=200)
    outer_store = {"scroll:out": 250}
    root = scroll(box("pad", h=200), inner, box("tail", h=200), store=outer_store, id="out")
    placed, scrolls = layout(root, 0, 0, 360, 300)
    by_id = {s.view.id: s for s in scrolls}
    # the inner list spans y=-50..150: only its part inside the outer viewport is live
    assert by_id["in"].rect == (0, 0, 360, 150)
    assert [p.view.id for p in placed if p.view.id in {f"i{k}" for k in range(10)}] == [
        "i1", "i2", "i3"]
    assert all(p.clip == (0, 0, 360, 150) for p in placed if p.view.id == "i1")


def test_hscroll_content_length_matches_placed_children():
    store: dict = {}
    root = hscroll(text("word " * 40, id="t"), box("b", w=50, h=10), store=store, id="h", h=40)
    placed, (s,) = layout(root, 0, 0, 360, 40)
    t = next(p for p in placed if p.view.id == "t")
    assert s.content == t.w + 50


# ----- rows too narrow for their content
LONG = "Couldn't send the message to Alexandra because the network is unavailable"


def test_a_long_text_in_a_row_wraps_beside_fixed_children_instead_of_running_off():
    r = row(box("lead", w=24, h=24), text(LONG, max_lines=2, id="t"), box("end", w=40, h=40),
            gap=8, id="row", w=FILL)
    b = boxes(col(r, w=240, h=400))
    assert b["lead"][2] == 24 and b["end"][2] == 40  # fixed children keep their size
    assert b["t"][2] == 240 - 24 - 40 - 16  # the text takes what is left
    assert b["end"][0] + 40 == 240  # the trailing child is still on screen
    line_h = fonts.text_size("Ag", 14)[1]
    assert b["t"][3] == 2 * line_h  # two lines: wrapped, then ellipsized
    r2 = row(box("lead", w=24, h=24), text(LONG, max_lines=3), gap=8, id="row2", w=FILL)
    assert boxes(col(r2, w=120, h=400))["row2"][3] == 3 * line_h == measure(r2, 120)[1]


def test_a_toast_like_pill_wraps_within_the_screen():
    message = LONG + " at the moment; try again once you are back online"
    pill = row(text(message, max_lines=2, id="t"), pad=(18, 10), gravity="bottom-center",
               id="pill")
    b = boxes(stack(pill, w=FILL, h=FILL, pad=(24, 0, 24, 88)))
    x, y, w, h = b["pill"]
    assert x >= 24 and x + w <= 360 - 24  # inside the screen's margins
    tx, _, tw, th = b["t"]
    assert tx + tw <= x + w - 18 and th == 2 * fonts.text_size("Ag", 14)[1]
    lines = fonts.wrap_text(message, 14, "regular", tw, 2)
    assert lines[-1].endswith("…") and message.startswith(lines[0] + " ")  # cut at a word


def test_overflowing_wrap_children_give_way_widest_first_to_a_common_width():
    r = row(text("Short", id="a"), text(LONG, id="b"), text(LONG + LONG, id="c"), w=300)
    b = boxes(col(r, w=300, h=100))
    short = fonts.text_size("Short", 14)[0]
    assert b["a"][2] == short  # narrow enough: untouched
    assert b["b"][2] == b["c"][2] == (300 - short) // 2  # the two wide ones share the rest
    assert sum(v[2] for v in b.values() if v[1] == 0 and v[3] == 17) <= 300


def test_rows_that_fit_and_fill_children_are_unchanged_by_shrinking():
    b = boxes(row(text("Wi-Fi", id="a"), box("f", w=FILL, h=10), text("On", id="b"), w=200))
    assert b["f"][2] == 200 - fonts.text_size("Wi-Fi", 14)[0] - fonts.text_size("On", 14)[0]
    # a FILL child beside overflowing text gets no width; the text gets it all
    b = boxes(row(box("f", w=FILL, h=10), text(LONG, id="t"), w=200))
    assert b["t"][2] == 200 and b.get("f", (0, 0, 0, 0))[2] == 0


def test_a_composer_field_grows_with_its_text_to_max_lines_beside_its_buttons():
    line_h = fonts.text_size("Ag", 15)[1]

    def composer(value: str) -> dict:
        store = {"body": value}
        field = text_field(store, "body", "Text message", w=FILL, h=None, max_lines=4,
                           pad=(18, 0), id="body")
        return boxes(col(row(box("attach", w=40, h=40), field, box("send", w=40, h=40),
                             gap=6, id="composer", w=FILL), w=360, h=800))

    assert composer("")["body"][3] == 48  # one line: a field's usual height
    three = composer("I'll bring the printed agenda and the slides, and I can also book "
                     "the room")
    assert three["body"][2] == 360 - 80 - 12  # its share of the row
    assert three["body"][3] == 3 * line_h + 30 == three["composer"][3]
    long = composer("word " * 80)
    assert long["body"][3] == 4 * line_h + 30  # capped at max_lines; it shows the end


def test_a_long_toast_on_the_phone_wraps_inside_the_screen():
    from mobilegym_env.device import Device
    from mobilegym_env.testing import node

    d = Device()
    d.launch_app("notes")
    d.kernel.toast(LONG + " at the moment; try again once you are back online")
    d.invalidate()
    x0, y0, x1, y1 = node(d, id="toast")["bounds"]
    assert x0 > 0 and x1 < 360  # not cut by the screen's edge
    assert y1 - y0 >= 2 * fonts.text_size("Ag", 14)[1]  # two lines, not one run cut mid-word
    assert d.crashes == []
