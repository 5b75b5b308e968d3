"""Retained subtrees (ui/retain.py): late-bound handlers, sharing across devices, and frames
drawn from cached layouts and pixels equal to frames drawn afresh."""

from __future__ import annotations

import numpy as np
import pytest

from mobilegym_env.device import Device
from mobilegym_env.system import launcher
from mobilegym_env.testing import long_press, node, tap
from mobilegym_env.ui import Call, ScreenContext, View, col, retain, retained, scaffold, text


def _fresh_frame(d: Device) -> np.ndarray:
    """The frame of a copy of ``d`` with every retained subtree forgotten (drawn afresh)."""
    retain.clear()
    return d.clone().render().copy()


def test_a_call_is_equal_by_value_and_runs_only_bound():
    a, b = Call("push", "/x"), Call("push", "/x")
    assert a == b and hash(a) == hash(b) and a != Call("push", "/y")
    assert Call(len, target="kernel") != Call(len, target="device")
    with pytest.raises(TypeError, match="bound to the live device"):
        a()
    with pytest.raises(ValueError, match="target"):
        Call("push", target="phone")
    with pytest.raises(ValueError, match="ScreenContext method"):
        Call("push", target="kernel")


def test_a_retained_builder_gives_one_view_per_distinct_arguments():
    @retained
    def label(value: str) -> View:
        return text(value, on_tap=Call("push", f"/{value}"))

    assert label("a") is label("a") and label("a") is not label("b")
    assert label("a").reuse


def test_a_retained_builder_refuses_closures_and_stores():
    @retained
    def closure(value: str) -> View:
        return text(value, on_tap=lambda: None)

    @retained
    def stored(value: str) -> View:
        return col(text(value), View("field", store={}, key="k"))

    with pytest.raises(ValueError, match="must be Call"):
        closure("a")
    with pytest.raises(ValueError, match="store"):
        stored("a")


def _go(ctx: ScreenContext, route: str) -> None:
    ctx.push(route)


@retained
def _row(route: str) -> View:
    return text(f"go {route}", id="go", on_tap=Call(_go, route), h=48, w=200)


def test_a_call_runs_against_the_screen_shown_when_tapped(screen):
    d = screen({"/": lambda ctx: scaffold(col(_row("/next"))),
                "/next": lambda ctx: scaffold(text("next", id="next"))})
    tap(d, id="go")
    assert node(d, id="next")
    assert d.kernel.tasks.top_activity.route == "/next" and d.crashes == []


def test_devices_share_retained_tiles_without_sharing_state():
    a, b = Device(), Device()
    a.go_home()
    b.go_home()
    a.render(), b.render()
    grid = [p.view for p in a.placed() if (p.view.id or "").startswith("grid:")]
    assert grid and all(any(p.view is v for p in b.placed()) for v in grid)  # shared nodes
    tap(b, id=grid[0].id)
    assert b.kernel.tasks.top_activity is not None
    assert a.kernel.tasks.top_activity is None  # a's phone did not move


@pytest.mark.parametrize("dark", [False, True])
def test_home_from_cached_layers_equals_home_drawn_afresh(dark):
    d = Device()
    d.kernel.set_preference("dark_mode", dark)
    d.go_home()
    first = d.render().copy()
    d.invalidate()
    again = d.render().copy()  # from the cached page, bars and wallpaper
    page = next(p.view for p in d.placed() if p.view.reuse and p.nodes > 20)
    assert any(slot[0] == dark for slot in page.__dict__["_pixels"])
    assert np.array_equal(first, again)
    assert np.array_equal(again, _fresh_frame(d))


def test_scrolled_retained_rows_are_drawn_as_if_afresh():
    d = Device()
    d.launch_app("messages")
    d.render()
    d.swipe(180, 600, 180, 450)  # the rows move: their layouts and pixels move with them
    moved = d.render().copy()
    assert np.array_equal(moved, _fresh_frame(d))


def test_a_retained_node_keeps_its_caches_in_the_dark_theme():
    d = Device()
    d.kernel.set_preference("dark_mode", True)
    d.launch_app("messages")
    d.render()
    rows = [p.view for p in d.placed() if (p.view.id or "").startswith("thread:")]
    assert rows and all(any(slot[0] for slot in v.__dict__.get("_pixels", {}))
                        for v in rows[:3])
    d.invalidate()
    assert np.array_equal(d.render(), _fresh_frame(d))


def test_the_keyboard_is_retained_and_its_keys_type_into_the_device_they_are_on():
    a, b = Device(), Device()
    for d in (a, b):
        d.go_home()
        launcher.open_drawer(d.kernel, True)
        d.invalidate()
    keys_a = {p.view.id: p.view for p in a.placed() if p.view.role == "key"}
    keys_b = {p.view.id: p.view for p in b.placed() if p.view.role == "key"}
    assert keys_a["key:q"] is keys_b["key:q"]
    tap(b, id="key:q")
    assert b.kernel.system_ui.ui[launcher.DRAWER_FIELD] == "q"
    assert a.kernel.system_ui.ui[launcher.DRAWER_FIELD] == ""
    assert a.crashes == [] and b.crashes == []


def test_rows_kept_from_a_recents_thumbnail_are_not_used_in_the_frame():
    first = Device()
    first.launch_app("notes")
    first.render()
    first.show_recents()
    first.render()  # the thumbnail paints the notes' cards offscreen, in its own pixel format
    other = Device()
    other.launch_app("notes")
    assert np.array_equal(other.render(), _fresh_frame(other))


def _bar(d: Device) -> View:
    return next(p.view for p in d.placed() if p.view.id in ("app_bar", "selection_bar"))


@pytest.mark.parametrize("app", ["contacts", "files", "gallery", "messages", "notes", "settings"])
def test_every_apps_home_bar_is_retained_and_shared(app):
    a, b = Device(), Device()
    for d in (a, b):
        d.launch_app(app)
        d.render()
    assert _bar(a).reuse and _bar(a) is _bar(b)


def test_a_retained_bars_back_and_actions_act_on_the_device_tapped():
    a, b = Device(), Device()
    for d in (a, b):
        d.launch_app("messages")
        d.render()
    tap(b, id="more")  # the home bar's ⋮, shared by both devices
    assert "dialog=menu" in b.kernel.tasks.top_activity.route
    assert "dialog" not in a.kernel.tasks.top_activity.route
    tap(b, id="menu_archived")
    assert _bar(b).reuse and node(b, id="back")
    tap(b, id="back")
    assert b.kernel.tasks.top_activity.route == "/" and a.crashes == [] and b.crashes == []
    assert np.array_equal(b.render(), _fresh_frame(b))


def test_a_contacts_retained_page_scrolls_as_drawn_afresh_and_acts_on_its_device():
    a, b = Device(), Device()
    for d in (a, b):
        d.launch_app("contacts")
        d.kernel.tasks.top_activity.push("/contact/1")
        d.invalidate()
        d.render()
    b.swipe(180, 600, 180, 400)
    assert np.array_equal(b.render().copy(), _fresh_frame(b))
    before_a, before_b = a.state(), b.state()
    tap(b, id="share")  # the shared page's button opens the share sheet on b only
    assert a.state() == before_a and b.state() != before_b
    assert a.crashes == [] and b.crashes == []


def test_text_bubbles_are_shared_and_a_long_press_opens_the_menu_on_its_device():
    a, b = Device(), Device()
    for d in (a, b):
        d.launch_app("messages")
        d.render()
        tap(d, role="list_item")
        d.render()
    bubbles = [p.view for p in b.placed() if (p.view.id or "").startswith("sms:")]
    assert bubbles and {p.view.id: p.view for p in a.placed()}[bubbles[-1].id] is bubbles[-1]
    long_press(b, id=bubbles[-1].id)
    assert "dialog=message" in b.kernel.tasks.top_activity.route
    assert "dialog" not in a.kernel.tasks.top_activity.route
    assert np.array_equal(b.render().copy(), _fresh_frame(b))


@pytest.mark.parametrize("dark", [False, True])
def test_kept_pixels_stay_within_the_budget_and_frames_stay_the_same(monkeypatch, dark):
    """Pixels beyond ``PIXEL_BUDGET`` are dropped least recently used first, once the frame
    is painted; a layer that lost them is painted afresh, to the same frame. The dark theme
    decides before painting which layers it blits, so dropping must never happen mid-frame."""
    d = Device()
    d.kernel.set_preference("dark_mode", dark)
    frames = []
    for app in ("contacts", "messages", "settings"):
        d.open_app(app)
        frames.append(d.render().copy())
    retain.clear()
    monkeypatch.setattr(retain, "PIXEL_BUDGET", 200_000)  # about three list rows
    d.open_app("contacts")
    d.invalidate()
    assert np.array_equal(d.render(), frames[0])
    stats = retain.pixel_stats()
    assert 0 < stats["bytes"] <= 200_000
    for app, frame in zip(("messages", "settings", "contacts"), frames[1:] + frames[:1],
                          strict=True):
        d.open_app(app)
        assert np.array_equal(d.render(), frame)
        d.invalidate()
        assert np.array_equal(d.render(), frame)  # from whatever pixels are still kept
        assert retain.pixel_stats()["bytes"] <= 200_000
    retain.clear()
    assert retain.pixel_stats()["bytes"] == 0 and retain.pixel_stats()["layers"] == 0
