"""Text selection: long-press a field or a selectable text, then Cut / Copy / Paste / Select all
from the floating toolbar, wired to the clipboard; typing over a selection; Back and taps
elsewhere dismiss it. Driven through agent actions and the UI tree."""

from __future__ import annotations

import functools

import pytest

import mobilegym_env.kernel.clipboard as clipboard_module
from mobilegym_env import actions as A
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.kernel.keyboard import MAX_TEXT_LEN
from mobilegym_env.testing import has, ids, long_press, node, route, tap
from mobilegym_env.ui import ScreenContext, View, button, col, dialog, scaffold, top_app_bar

PRESSED: list[str] = []
QUOTE = "Meet at Pier 39 at noon"


def home(ctx: ScreenContext) -> View:
    overlay = None
    if ctx.query.get("dialog") == "rename":
        overlay = dialog("Rename", ctx.field("new_name", "Name", id="new_name",
                                             on_submit=ctx.close_dialog),
                         [("OK", ctx.close_dialog, "rename_ok")], ctx.close_dialog)
    return scaffold(col(
        ctx.field("name", "Name", id="name"),
        ctx.field("other", "Other", id="other"),
        ctx.field("pin", "PIN", id="pin", secret=True),
        ctx.selectable_text(QUOTE, 15, id="quote"),
        button("Press me", functools.partial(PRESSED.append, "pressed"), id="press_me"),
        button("Rename", functools.partial(ctx.open_dialog, "rename"), id="open_rename"),
        pad=16, gap=12), top_bar=top_app_bar("Selection"), overlay=overlay)


@pytest.fixture
def d(screen) -> Device:
    PRESSED.clear()
    return screen(home)


def typed(d: Device, text: str, field: str) -> None:
    for action in O.type_into(d, text, id=field):
        d.act(action)


def toolbar(d: Device) -> list[str]:
    return ids(d, "text_action:")


def test_long_press_selects_a_fields_text_and_copy_puts_it_on_the_clipboard(d):
    typed(d, "Hello world", "name")
    d.handle_back()  # keyboard down: a long press on an unfocused field focuses it too
    long_press(d, id="name")
    assert toolbar(d) == ["text_action:cut", "text_action:copy", "text_action:select_all"]
    assert node(d, id="name")["selected"] and node(d, id="name")["focused"]
    assert node(d, id="text_actions")["text"] == "Text actions"
    assert route(d) == "/?textsel=name"
    tap(d, id="text_action:copy")
    assert d.kernel.clipboard.read() == "Hello world"
    assert d.state()["os"]["clipboard"] == {"text": "Hello world"}
    assert node(d, id="name")["text"] == "Hello world" and not node(d, id="name")["selected"]
    assert toolbar(d) == [] and route(d) == "/"
    assert d.crashes == []


def test_cut_empties_the_field_and_keeps_the_keyboard_on_it(d):
    typed(d, "Pier 39", "name")
    long_press(d, id="name")
    tap(d, id="text_action:cut")
    assert d.kernel.clipboard.read() == "Pier 39"
    assert node(d, id="name")["text"] == "" and node(d, id="name")["focused"]
    d.act(A.type_text("x"))
    assert node(d, id="name")["text"] == "x"


def test_paste_replaces_the_selection_and_fills_an_empty_field(d):
    d.kernel.clipboard.write("Ada")
    typed(d, "Grace", "name")
    long_press(d, id="name")
    assert "text_action:paste" in toolbar(d)
    tap(d, id="text_action:paste")
    assert node(d, id="name")["text"] == "Ada" and toolbar(d) == []
    long_press(d, id="other")  # empty: only Paste is offered
    assert toolbar(d) == ["text_action:paste"]
    assert node(d, id="other")["focused"] and not node(d, id="other")["selected"]
    tap(d, id="text_action:paste")
    assert node(d, id="other")["text"] == "Ada"
    assert d.kernel.clipboard.read() == "Ada"


def test_an_empty_field_with_an_empty_clipboard_is_only_focused(d):
    long_press(d, id="other")
    assert node(d, id="other")["focused"]
    assert not has(d, id="text_actions") and route(d) == "/"


def test_paste_is_cut_to_the_fields_length_limit(d):
    d.kernel.clipboard.write("y" * (MAX_TEXT_LEN + 50))
    typed(d, "abc", "name")
    long_press(d, id="name")
    tap(d, id="text_action:paste")
    assert d.kernel.tasks.top_activity.ui["name"] == "y" * MAX_TEXT_LEN


def test_typing_over_a_selection_replaces_it(d):
    typed(d, "old text", "name")
    long_press(d, id="name")
    d.act(A.type_text("new"))  # the agent's TYPE action
    assert d.kernel.tasks.top_activity.ui["name"] == "new"  # at once, not at the next frame
    assert node(d, id="name")["text"] == "new"
    assert toolbar(d) == [] and route(d) == "/"
    d.act(A.type_text("er"))  # no selection any more: typing appends
    assert node(d, id="name")["text"] == "newer"


def test_keys_typed_over_a_selection_replace_it_and_delete_deletes_it(d):
    typed(d, "old", "name")
    long_press(d, id="name")
    tap(d, id="key:shift")
    tap(d, id="key:z")
    assert node(d, id="name")["text"] == "Z" and not d.kernel.keyboard.shift
    assert route(d) == "/"
    long_press(d, id="name")
    tap(d, id="key:backspace")
    assert node(d, id="name")["text"] == "" and toolbar(d) == []


def test_back_hides_the_keyboard_then_ends_the_selection(d):
    typed(d, "Hello", "name")
    long_press(d, id="name")
    d.act(A.back())
    assert not d.kernel.keyboard.visible and has(d, id="text_actions")
    d.act(A.back())
    assert not has(d, id="text_actions") and route(d) == "/"
    assert d.kernel.tasks.top_activity.app_id == "notes"  # the page stays
    assert node(d, id="name")["text"] == "Hello"


def test_a_tap_elsewhere_dismisses_without_acting_on_what_is_under_it(d):
    typed(d, "Hello", "name")
    long_press(d, id="name")
    tap(d, id="press_me")
    assert PRESSED == [] and not has(d, id="text_actions") and route(d) == "/"
    tap(d, id="press_me")
    assert PRESSED == ["pressed"]
    long_press(d, id="name")
    long_press(d, id="press_me")  # a long press elsewhere dismisses as well
    assert not has(d, id="text_actions") and PRESSED == ["pressed"]


def test_selectable_text_offers_copy_and_select_all(d):
    typed(d, "draft", "name")
    long_press(d, id="quote")
    assert toolbar(d) == ["text_action:copy", "text_action:select_all"]
    assert node(d, id="quote")["selected"] and not d.kernel.keyboard.visible
    tap(d, id="text_action:select_all")
    assert node(d, id="quote")["selected"]
    tap(d, id="text_action:copy")
    assert d.kernel.clipboard.read() == QUOTE
    assert not node(d, id="quote")["selected"] and node(d, id="name")["text"] == "draft"


def test_a_secret_field_can_be_pasted_into_but_not_copied(d):
    d.kernel.clipboard.write("1234")
    typed(d, "9876", "pin")
    long_press(d, id="pin")
    assert toolbar(d) == ["text_action:paste", "text_action:select_all"]
    tap(d, id="text_action:paste")
    assert d.kernel.tasks.top_activity.ui["pin"] == "1234"


def test_enter_on_a_selected_dialog_field_submits_and_closes_the_dialog(d):
    tap(d, id="open_rename")
    typed(d, "Trip", "new_name")
    long_press(d, id="new_name")
    assert route(d) == "/?dialog=rename&textsel=new_name"
    d.act(A.enter())
    assert route(d) == "/" and not has(d, id="dialog")


def test_the_selection_survives_rebuilds_and_snapshots(d):
    typed(d, "keep", "name")
    long_press(d, id="name")
    d.invalidate()
    assert node(d, id="name")["selected"]
    twin = d.clone()
    assert toolbar(twin) == toolbar(d)
    tap(twin, id="text_action:cut")
    assert twin.kernel.clipboard.read() == "keep" and d.kernel.clipboard.read() is None


def test_navigation_leaves_a_selection_behind(d):
    typed(d, "Hello", "name")
    long_press(d, id="name")
    d.kernel.tasks.top_activity.push("/elsewhere")  # the app navigates on its own
    d.invalidate()
    assert not has(d, id="text_actions")
    d.kernel.tasks.top_activity.pop()
    d.invalidate()
    assert has(d, id="text_actions")  # back on the page that had it


def test_copying_text_too_long_for_the_clipboard_only_says_so(d, monkeypatch):
    monkeypatch.setattr(clipboard_module, "MAX_CLIPBOARD_CHARS", 5)
    d.kernel.clipboard.write("short")
    long_press(d, id="quote")
    tap(d, id="text_action:copy")
    assert d.kernel.clipboard.read() == "short"
    assert d.kernel.system_ui.toast.text == "Text is too long to copy"
    assert d.crashes == []


def highlighted(d: Device, field: str) -> int:
    """How many pixels of the field show the selection's highlight colour."""
    x0, y0, x1, y1 = node(d, id=field)["bounds"]
    return int((d.render()[y0:y1, x0:x1] == (0xC2, 0xD5, 0xFC)).all(axis=2).sum())


def test_the_toolbar_and_the_highlight_are_drawn(screen):
    d = screen(home, scale=2)
    typed(d, "Hello world", "name")
    assert highlighted(d, "name") == 0
    long_press(d, id="name")
    frame = d.render()
    x0, y0, x1, y1 = node(d, id="text_actions")["bounds"]
    assert y1 <= node(d, id="name")["bounds"][1]  # above the selected field
    assert tuple(frame[(y0 + y1) // 2, x0 + 30]) == (255, 255, 255)  # its surface
    assert highlighted(d, "name") > 1000
    tap(d, id="text_action:copy")
    assert highlighted(d, "name") == 0


def test_oracle_helpers_copy_a_text_and_paste_it_over_a_field(d):
    typed(d, "to be replaced", "name")
    d.handle_back()
    for action in O.copy_text(d, id="quote"):
        d.act(action)
    for action in O.paste_into(d, id="name"):
        d.act(action)
    assert node(d, id="name")["text"] == QUOTE and node(d, id="name")["focused"]
    assert d.kernel.clipboard.read() == QUOTE and route(d) == "/"


def test_a_double_tap_selects_like_a_long_press(d):
    typed(d, "Hello", "name")
    d.handle_back()
    assert node(d, id="name")["double_clickable"] and node(d, id="quote")["double_clickable"]
    x, y = O.center(d, node(d, id="name"))
    d.act(A.double_tap(x, y))
    assert node(d, id="name")["selected"] and node(d, id="name")["focused"]
    d.act(A.back())
    d.act(A.back())
    x, y = O.center(d, node(d, id="quote"))
    d.act(A.double_tap(x, y))
    assert node(d, id="quote")["selected"] and toolbar(d)[0] == "text_action:copy"


def long_page(ctx: ScreenContext) -> View:
    rows = [button(f"Row {i}", None, id=f"row:{i}") for i in range(30)]
    return scaffold(ctx.scroll(ctx.field("top", "Top", id="top"), *rows, id="page", gap=8,
                               pad=16), top_bar=top_app_bar("Long"))


def test_the_toolbar_follows_a_scroll_and_hides_while_its_text_is_out_of_sight(screen):
    d = screen(long_page)
    typed(d, "Hello", "top")
    d.act(A.back())  # keyboard down
    long_press(d, id="top")
    d.act(A.back())
    field = node(d, id="top")["bounds"]
    assert node(d, id="text_actions")["bounds"][3] == field[1] - 8  # above the field
    d.act(A.swipe(0.5, 0.6, 0.5, 0.55))  # a short drag scrolls the page under the toolbar
    moved = node(d, id="top")["bounds"]
    assert moved[3] == field[3] - 40  # no room above the field any more: below it
    assert node(d, id="text_actions")["bounds"][1] == moved[3] + 8
    d.act(O.scroll_down())
    assert not has(d, id="text_actions") and not has(d, id="text_actions_dismiss")
    assert route(d) == "/?textsel=top"  # still selected, out of sight
    d.act(A.swipe(0.5, 0.3, 0.5, 0.9))
    assert has(d, id="text_actions") and node(d, id="top")["selected"]
