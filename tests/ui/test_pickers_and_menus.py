"""Date and time pickers, popup menus, selection mode and the field clear button, driven
through agent actions."""

from __future__ import annotations

import datetime
import functools

import pytest

from mobilegym_env import actions as A
from mobilegym_env import oracle as O
from mobilegym_env.testing import has, node, tap
from mobilegym_env.ui import (
    ScreenContext,
    View,
    button,
    col,
    date_picker,
    icon_button,
    list_item,
    popup_menu,
    scaffold,
    selection_bar,
    time_picker,
    top_app_bar,
)

PICKED: dict = {}


def picker_screen(ctx: ScreenContext) -> View:
    overlay = None
    if ctx.query.get("dialog") == "date":
        overlay = date_picker(ctx, "d", datetime.date(2026, 3, 2),
                              functools.partial(PICKED.__setitem__, "date"))
    elif ctx.query.get("dialog") == "time":
        overlay = time_picker(ctx, "t", (9, 30), lambda h, m: PICKED.__setitem__("time", (h, m)))
    return scaffold(col(button("Date", functools.partial(ctx.open_dialog, "date"),
                               id="open_date"),
                        button("Time", functools.partial(ctx.open_dialog, "time"),
                               id="open_time"), ctx.field("name", "Name", id="name")),
                    top_bar=top_app_bar("Pickers"), overlay=overlay)


@pytest.fixture
def d(screen):
    PICKED.clear()
    return screen(picker_screen)


def run(d, actions) -> None:
    for action in actions:
        d.act(action)


def test_date_picker_month_grid(d):
    tap(d, id="open_date")
    assert node(d, id="date_picker:headline")["text"] == "Mon, Mar 2"
    assert node(d, id="date_picker:day:2")["selected"]
    tap(d, id="date_picker:next")
    assert node(d, id="date_picker:month")["text"] == "April 2026"
    tap(d, id="date_picker:day:14")
    assert node(d, id="date_picker:headline")["text"] == "Tue, Apr 14"
    tap(d, id="date_picker:ok")
    assert {"date": datetime.date(2026, 4, 14)} == PICKED
    assert not has(d, id="date_picker")


def test_date_picker_text_entry_validates_and_back_cancels(d):
    tap(d, id="open_date")
    tap(d, id="date_picker:mode")
    assert node(d, id="date_picker:input")["text"] == "03/02/2026"
    run(d, O.type_into(d, "13/40/2020", id="date_picker:input"))
    assert node(d, id="date_picker:supporting")["text"].startswith("Invalid format")
    assert not node(d, id="date_picker:ok")["enabled"]
    d.handle_back()  # hides the keyboard
    d.handle_back()  # closes the picker
    assert not has(d, id="date_picker") and PICKED == {}
    run(d, [O.tap(d, id="open_date")])
    run(d, O.pick_date(d, datetime.date(1990, 7, 4)))
    assert {"date": datetime.date(1990, 7, 4)} == PICKED
    assert not d.kernel.keyboard.visible


def test_time_picker_dial_and_text_entry(d):
    tap(d, id="open_time")
    tap(d, id="time_picker:dial:7")  # an hour, then the dial shows minutes
    tap(d, id="time_picker:dial:45")
    tap(d, id="time_picker:pm")
    assert node(d, id="time_picker:headline")["text"] == "7:45 PM"
    tap(d, id="time_picker:ok")
    assert PICKED == {"time": (19, 45)}
    tap(d, id="open_time")
    run(d, O.pick_time(d, 0, 7))
    assert PICKED == {"time": (0, 7)}
    tap(d, id="open_time")
    tap(d, id="time_picker:cancel")
    assert PICKED == {"time": (0, 7)} and not has(d, id="time_picker")


def test_focused_field_has_a_clear_button(d):
    assert not has(d, id="name:clear")
    run(d, O.type_into(d, "Ada", id="name"))
    assert node(d, id="name")["text"] == "Ada"
    run(d, O.type_into(d, "Grace", id="name"))  # clears first
    assert node(d, id="name")["text"] == "Grace"


ITEMS = ("alpha", "beta", "gamma")


def list_screen(ctx: ScreenContext) -> View:
    chosen = ctx.selection("rows")
    if ctx.selecting("rows"):
        bar = selection_bar(len(chosen), functools.partial(ctx.end_selection, "rows"),
                            [icon_button("trash", None, "Delete", id="delete_selected")])
    else:
        bar = top_app_bar("List", actions=[icon_button(
            "ellipsis-vertical", functools.partial(ctx.open_dialog, "menu"), "More options",
            id="more")])
    rows = [list_item(name, id=f"row:{name}", selected=name in chosen,
                      on_tap=functools.partial(ctx.toggle_selected, "rows", name)
                      if ctx.selecting("rows") else None,
                      on_long_press=functools.partial(ctx.toggle_selected, "rows", name))
            for name in ITEMS]
    menu = popup_menu([("Sort", functools.partial(_sort, ctx)), ("Help", None)],
                      ctx.close_dialog) if ctx.query.get("dialog") == "menu" else None
    return scaffold(col(*rows), top_bar=bar, overlay=menu)


def _sort(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    ctx.toast("sorted")


def test_selection_mode_enters_on_long_press_and_back_leaves_it(screen):
    d = screen(list_screen)
    d.act(O.long_press(d, id="row:beta"))
    assert node(d, id="selection_bar")["text"] == "1 selected"
    tap(d, id="row:gamma")
    assert node(d, role="heading", text="2 selected")
    assert [n["id"] for n in O.find_all(d, where=lambda n: n["selected"])] == [
        "row:beta", "row:gamma"]
    tap(d, id="row:beta")
    tap(d, id="row:gamma")  # deselecting the last one leaves selection mode
    assert not has(d, id="selection_bar")
    d.act(O.long_press(d, id="row:alpha"))
    d.handle_back()
    assert not has(d, id="selection_bar") and has(d, id="more")


def test_popup_menu_items_act_and_outside_tap_dismisses(screen):
    d = screen(list_screen)
    tap(d, id="more")
    assert node(d, id="menu")["role"] == "menu"
    assert not node(d, id="menu:help")["enabled"]
    tap(d, id="menu:sort")
    assert d.kernel.system_ui.toast.text == "sorted" and not has(d, id="menu")
    tap(d, id="more")
    tap(d, id="menu_scrim")
    assert not has(d, id="menu")
    tap(d, id="more")
    d.handle_back()
    assert not has(d, id="menu")


def form_screen(ctx: ScreenContext) -> View:
    fields = [ctx.field(f"f{i}", f"Field {i}", id=f"f{i}") for i in range(14)]
    return scaffold(ctx.scroll(*fields, id="form", gap=8, pad=8), top_bar=top_app_bar("Form"))


def test_a_field_focused_low_on_the_page_scrolls_above_the_keyboard(screen):
    d = screen(form_screen)
    field = node(d, id="f9")
    assert field["bounds"][3] < 776  # visible before the keyboard rises
    tap(d, id="f9")
    assert d.kernel.keyboard.visible
    shown = node(d, id="f9")
    keyboard_top = min(n["bounds"][1] for n in O.find_all(d, role="key"))
    assert shown["focused"] and shown["bounds"][3] <= keyboard_top
    assert shown["bounds"][3] - shown["bounds"][1] == 48  # wholly visible
    offset = d.kernel.tasks.top_activity.ui["scroll:form"]
    assert offset > 0
    d.act(A.swipe(0.5, 0.6, 0.5, 0.2))  # afterwards the user scrolls freely
    assert d.kernel.tasks.top_activity.ui["scroll:form"] > offset
