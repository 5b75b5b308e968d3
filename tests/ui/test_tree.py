"""Hit-testing and the UI-tree observation, read from the same placed nodes as painting."""

from __future__ import annotations

from mobilegym_env.ui import (
    FILL,
    button,
    checkbox,
    col,
    list_item,
    radio,
    row,
    scrim,
    stack,
    switch,
    text,
    text_field,
)
from mobilegym_env.ui.layout import layout
from mobilegym_env.ui.tree import hit_test, scroll_target, ui_tree
from mobilegym_env.ui.view import View, scroll


def place(root: View, w: int = 360, h: int = 800):
    return layout(root, 0, 0, w, h)[0]


def box(id: str, w=None, h=None, **props) -> View:
    return View("box", w=w, h=h, id=id, **props)


def hit_id(placed, x, y, long_press=False):
    p = hit_test(placed, x, y, long_press)
    return None if p is None else p.view.id


def noop() -> None:
    pass


def test_topmost_handler_wins_and_misses_return_none():
    placed = place(stack(box("under", FILL, FILL, on_tap=noop),
                         box("over", 100, 100, on_tap=noop, gravity="center")))
    assert hit_id(placed, 180, 400) == "over"
    assert hit_id(placed, 130, 350) == "over"   # top-left corner is inside
    assert hit_id(placed, 230, 450) == "under"  # right/bottom edges are exclusive
    assert hit_id(placed, 10, 10) == "under"
    assert hit_id(place(box("plain", FILL, FILL)), 10, 10) is None


def test_innermost_clickable_child_beats_its_clickable_parent():
    placed = place(col(box("child", 50, 50, on_tap=noop), w=FILL, h=FILL, on_tap=noop, id="p"))
    assert hit_id(placed, 25, 25) == "child"
    assert hit_id(placed, 100, 100) == "p"


def test_scrim_swallows_taps_beneath():
    placed = place(stack(box("under", FILL, FILL, on_tap=noop), scrim(None),
                         box("dialog", 100, 100, gravity="center", block=True)))
    assert hit_id(placed, 10, 10) == "scrim"
    assert hit_id(placed, 10, 10, long_press=True) == "scrim"
    assert hit_id(placed, 180, 400) == "dialog"  # a dialog's body swallows too


def test_disabled_control_swallows_without_acting():
    calls: list[str] = []
    placed = place(stack(
        box("under", FILL, FILL, on_tap=lambda: calls.append("under")),
        box("off", 100, 100, on_tap=lambda: calls.append("off"), enabled=False),
        button("Send", None, id="send", gravity="bottom-left"),
    ))
    assert hit_id(placed, 50, 50) == "off"
    # a disabled button (no handler) still takes the tap instead of its background
    assert hit_id(placed, 20, 780) == "send"
    (node,) = [n for n in ui_tree(placed) if n["id"] == "send"]
    assert (node["role"], node["text"], node["enabled"], node["clickable"]) == (
        "button", "Send", False, False)
    assert calls == []


def test_long_press_falls_through_tap_only_nodes():
    placed = place(stack(box("lp", FILL, FILL, on_long_press=noop),
                         box("tap", 100, 100, on_tap=noop)))
    assert hit_id(placed, 50, 50) == "tap"
    assert hit_id(placed, 50, 50, long_press=True) == "lp"
    # a node with both takes both
    placed = place(stack(box("lp", FILL, FILL, on_long_press=noop),
                         box("both", 100, 100, on_tap=noop, on_long_press=noop)))
    assert hit_id(placed, 50, 50, long_press=True) == "both"


def test_hidden_part_of_a_scrolled_child_is_not_hit():
    store = {"scroll:l": 60}
    root = col(box("head", h=100, on_tap=noop),
               scroll(*[box(f"i{k}", h=100, on_tap=noop) for k in range(8)], store=store,
                      id="l"), w=FILL, h=FILL)
    placed = place(root, 360, 400)
    # i0 spans y=40..140 on screen but is clipped to the list's viewport (y >= 100)
    assert hit_id(placed, 10, 50) == "head"
    assert hit_id(placed, 10, 120) == "i0"
    assert hit_id(placed, 10, 150) == "i1"
    placed, scrolls = layout(root, 0, 0, 360, 400)
    s = scroll_target(placed, scrolls, 10, 150, horizontal=False)
    assert s is not None and s.view.id == "l"
    assert scroll_target(placed, scrolls, 10, 150, horizontal=True) is None


def test_ui_tree_roles_text_bounds_and_states():
    store = {"name": "Ada"}
    root = col(
        text("Title", 20, id="title", role="heading"),
        row(switch(True, noop, id="sw"), checkbox(False, noop, id="cb"), radio(True, noop, id="rd"),
            h=30, gap=10),
        text_field(store, "name", "Your name", focused=True, on_tap=noop),
        button("OK", noop, id="ok", w=100),
        text("", id="empty"),
        w=FILL, h=FILL, pad=10, gap=5,
    )
    nodes = {n["id"]: n for n in ui_tree(place(root), scale=2)}
    assert "empty" not in nodes  # empty texts are not exported
    t = nodes["title"]
    assert (t["role"], t["text"], t["bounds"], t["clickable"]) == (
        "heading", "Title", (20, 20, 700, 20 + 2 * 24), False)
    assert (nodes["sw"]["role"], nodes["sw"]["checked"], nodes["sw"]["bounds"]) == (
        "switch", True, (20, 76, 124, 140))  # 52x32, centred on the 30-px row
    assert (nodes["cb"]["role"], nodes["cb"]["checked"]) == ("checkbox", False)
    assert (nodes["rd"]["role"], nodes["rd"]["checked"]) == ("radio", True)
    f = nodes["name"]
    assert (f["role"], f["text"], f["hint"], f["focused"], f["clickable"]) == (
        "text_field", "Ada", "Your name", True, True)
    assert f["bounds"] == (20, 2 * (10 + 24 + 5 + 30 + 5), 700, 2 * (10 + 24 + 5 + 30 + 5 + 48))
    ok = nodes["ok"]
    assert (ok["role"], ok["text"], ok["clickable"], ok["enabled"]) == ("button", "OK", True, True)


def test_clickable_container_gets_the_joined_text_of_its_children():
    item = list_item("Groceries", "Milk, eggs", "note-sticky", on_tap=noop, id="item")
    nodes = {n["id"]: n for n in ui_tree(place(col(item, w=FILL, h=FILL)))}
    assert nodes["item"]["text"] == "Groceries Milk, eggs"
    assert nodes["item"]["role"] == "list_item"
    assert nodes["item"]["bounds"] == (0, 0, 360, 72)


def test_joined_text_excludes_overlays_painted_inside_the_box():
    """Only the container's own descendants label it, not a later layer drawn over it."""
    item = list_item("Groceries", None, on_tap=noop, id="item")
    overlay = text("Heads-up title", id="hu", pad=(100, 20, 0, 0))
    nodes = {n["id"]: n for n in ui_tree(place(stack(col(item, w=FILL), overlay)))}
    assert nodes["item"]["text"] == "Groceries"


def test_scroll_nodes_are_scrollable_and_culled_nodes_absent():
    store = {"scroll:l": 0}
    root = scroll(*[text(f"Row {k}", h=100, id=f"r{k}") for k in range(20)], store=store, id="l")
    nodes = ui_tree(place(root, 360, 250))
    assert [n["id"] for n in nodes] == ["l", "r0", "r1", "r2"]
    assert nodes[0]["scrollable"] is True and nodes[0]["role"] == "list"
    assert nodes[3]["bounds"] == (0, 200, 360, 250)  # clipped to the viewport
