"""Oracle helpers: opening apps from anywhere, scrolling to a node, typing into a field, going
back to a screen, and errors that say what is on screen."""

from __future__ import annotations

import pytest

from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.ui import ScreenContext, View, list_item, scaffold, top_app_bar


def run(d: Device, actions) -> int:
    """Performs a helper's actions; returns how many there were (its return value is in
    ``run.result``)."""
    steps = 0
    try:
        while True:
            d.act(next(actions) if steps == 0 else actions.send(None))
            steps += 1
    except StopIteration as stop:
        run.result = stop.value
    return steps


def foreground(d: Device) -> str | None:
    top = d.kernel.tasks.top_activity
    return top.app_id if top is not None and not d.kernel.system_ui.recents_open else None


@pytest.mark.parametrize("where", ["home", "other_app", "page_2", "drawer_only", "recents"])
def test_open_app_from_anywhere(where):
    d = Device()
    k = d.kernel
    if where == "other_app":
        d.launch_app("settings")
    elif where == "page_2":
        k.launcher.move_to_page("gallery", 1)
    elif where == "drawer_only":
        for page in k.launcher.pages:
            if "gallery" in page:
                page.remove("gallery")
    elif where == "recents":
        d.launch_app("files")
        d.show_recents()
    steps = run(d, O.open_app(d, "gallery"))
    assert foreground(d) == "gallery"
    assert steps <= {"home": 1, "other_app": 2, "page_2": 2, "drawer_only": 3,
                     "recents": 2}[where]
    with pytest.raises(O.OracleError, match="no app 'nope'"):
        next(O.open_app(d, "nope"))


def long_list(ctx: ScreenContext) -> View:
    rows = [list_item(f"Row {i}", id=f"row:{i}") for i in range(60)]
    return scaffold(ctx.scroll(*rows, id="rows"), top_bar=top_app_bar("Rows"))


def test_scroll_to_finds_rows_below_and_above_and_fails_clearly(screen):
    d = screen(long_list)
    run(d, O.scroll_to(d, id="row:41"))
    found = run.result
    assert found["id"] == "row:41" and O.find(d, id="row:0") is None
    x0, y0, x1, y1 = found["bounds"]
    assert y1 - y0 == 56  # wholly visible, not clipped by the list's edge
    run(d, O.scroll_to(d, id="row:2", up=True))
    assert run.result["id"] == "row:2"
    with pytest.raises(O.OracleError, match="scrolled but found no node id='row:99'"):
        run(d, O.scroll_to(d, id="row:99"))


def test_scroll_to_turns_back_for_a_row_scrolled_past(screen):
    d = screen(long_list)
    run(d, O.scroll_to(d, id="row:41"))
    steps = run(d, O.scroll_to(d, id="row:3"))  # above: down to the end, then back up
    assert run.result["id"] == "row:3" and steps > 1


class _Screen:
    def __init__(self, nodes):
        self.nodes = nodes

    def ui_tree(self):
        return self.nodes


def _node(id, bounds, clickable=True):
    return {"id": id, "bounds": bounds, "clickable": clickable, "text": id}


def test_a_node_under_a_floating_button_is_covered_but_not_by_its_own_children():
    photo = _node("photo:7", (240, 640, 360, 760))
    star = _node("photo:7:star", (330, 650, 350, 670))  # its own child, drawn after it
    fab = _node("fab", (287, 672, 343, 728))            # over the photo's centre (300, 700)
    label = _node("caption", (0, 690, 360, 710), clickable=False)
    assert O._covered(_Screen([photo, star, label, fab]), photo)
    assert not O._covered(_Screen([photo, star, label]), photo)
    assert not O._covered(_Screen([fab, photo]), photo)  # drawn before it: under it


def test_node_errors_list_the_screen_and_back_to_returns():
    d = Device()
    with pytest.raises(O.OracleError, match="no node id='nope' on screen; visible ids: "):
        O.node(d, id="nope")
    d.launch_app("settings")
    d.kernel.tasks.top_activity.push("/display")
    run(d, O.back_to(d, id="launcher"))
    assert foreground(d) is None and run.result["id"] == "launcher"


def test_tap_finds_its_target_by_criteria():
    d = Device()
    action = O.tap(d, id="grid:notes")
    assert list(action["point"]) == list(O.tap(d, O.node(d, id="grid:notes"))["point"])
    d.act(action)
    assert foreground(d) == "notes"
