"""The Back chain (cross-app-launch.md "BackDispatcher Chain", os-overview.md "Back-key dispatch").

``handle_back`` returns the id of the consuming handler; every test asserts it.
"""

from __future__ import annotations

import pytest

from mobilegym_env.kernel.back_dispatcher import (
    BackDispatcher,
    activity_back,
    app_back,
    default_dispatcher,
)

# The spec's table, in order; ours adds recents.dismiss (750) and launcher.drawer (90), surfaces
# the original handled outside the chain.
SPEC_CHAIN = [
    ("permission.dialog", 1000),
    ("os.intentChooser", 900),
    ("shade.dismiss", 800),
    ("keyboard.dismiss", 700),
    ("os.mediaPicker", 600),
    ("os.appBack", 100),
    ("os.activityBack", 50),
    ("os.finishTopActivity", 25),
    ("os.returnToLauncherTask", 12),
    ("os.goHomeFallback", 0),
]

picked: list[tuple] = []


def on_pick(app_id, result_code, data):
    picked.append((app_id, result_code, data))


def on_perm(app_id, perm, status):
    picked.append((app_id, perm, status))


@pytest.fixture(autouse=True)
def _clear():
    picked.clear()


def test_chain_exact_priority_order(k):
    assert k.back.chain == [
        ("crash.dialog", 1100),
        ("permission.dialog", 1000),
        ("os.intentChooser", 900),
        ("shade.dismiss", 800),
        ("recents.dismiss", 750),
        ("keyboard.dismiss", 700),
        ("os.mediaPicker", 600),
        ("os.appBack", 100),
        ("launcher.drawer", 90),
        ("os.activityBack", 50),
        ("os.finishTopActivity", 25),
        ("os.returnToLauncherTask", 12),
        ("os.goHomeFallback", 0),
    ]
    spec_ids = {h for h, _ in SPEC_CHAIN}
    assert [e for e in k.back.chain if e[0] in spec_ids] == SPEC_CHAIN


def test_register_and_unregister():
    d = default_dispatcher()
    d.register("custom", lambda k: True, 650)
    ids = [h for h, _ in d.chain]
    assert ids.index("keyboard.dismiss") < ids.index("custom") < ids.index("os.mediaPicker")
    with pytest.raises(ValueError, match="custom"):
        d.register("custom", lambda k: True, 1)
    d.unregister("custom")
    assert d.chain == default_dispatcher().chain
    d2 = BackDispatcher()
    d2.register("a", lambda k: False, 5)
    d2.register("b", lambda k: False, 5)  # ties: first registered first
    assert d2.chain == [("a", 5), ("b", 5)]
    assert d2.handle_back(None) is None


def test_nothing_to_do_at_home(k):
    before = k.state()
    assert k.handle_back() is None
    assert k.state() == before


# ----- each overlay consumes Back when it is up
def test_permission_dialog(k):
    k.launch_app("gallery")
    assert k.permissions.request("gallery", "camera", on_perm) is None
    assert k.handle_back() == "permission.dialog"
    assert k.permissions.pending is None
    assert picked == [("gallery", "camera", "denied")]
    assert k.permissions.status("gallery", "camera") == "denied"
    assert k.tasks.active_task.root_app_id == "gallery"  # app untouched


def test_intent_chooser(k, view):
    k.launch_app("gallery")
    assert k.start_activity({"action": "ACTION_SEND", "type": "text/plain"})
    assert k.handle_back() == "os.intentChooser"
    assert k.intents.chooser is None
    assert view(k) == {"gallery": [("gallery", ["/"])]}


def test_shade(k):
    k.launch_app("gallery")
    k.system_ui.shade_open = True
    assert k.handle_back() == "shade.dismiss"
    assert k.system_ui.shade_open is False


def test_recents(k):
    k.launch_app("gallery")
    k.show_recents()
    assert k.handle_back() == "recents.dismiss"
    assert k.system_ui.recents_open is False
    assert k.tasks.active_task.root_app_id == "gallery"


def test_keyboard(k):
    t = k.launch_app("notes")
    t.top.push("/edit/1")
    k.keyboard.show(t.top.activity_id, "title")
    assert k.handle_back() == "keyboard.dismiss"
    assert k.keyboard.visible is False
    assert t.top.history == ["/", "/edit/1"]  # the route is not popped by the same Back


def test_media_picker(k):
    k.launch_app("wechat")
    k.media_picker.open("wechat", "image/*", on_pick)
    assert k.handle_back() == "os.mediaPicker"
    assert k.media_picker.is_open is False
    assert picked == [("wechat", "CANCELED", None)]


def test_launcher_drawer(k):
    k.system_ui.drawer_open = True
    assert k.handle_back() == "launcher.drawer"
    assert k.system_ui.drawer_open is False


# ----- priority between surfaces that are up together
def test_keyboard_and_shade_first_back_closes_shade_only(k):
    t = k.launch_app("notes")
    k.keyboard.show(t.top.activity_id, "body")
    k.system_ui.shade_open = True
    assert k.handle_back() == "shade.dismiss"
    assert (k.system_ui.shade_open, k.keyboard.visible) == (False, True)
    assert k.handle_back() == "keyboard.dismiss"
    assert k.keyboard.visible is False


def test_all_surfaces_up_close_in_priority_order(k):
    t = k.launch_app("gallery")
    t.top.push("/album/1")
    k.start_activity({"action": "ACTION_SEND", "type": "text/plain"})  # chooser
    k.permissions.request("gallery", "storage")
    k.system_ui.shade_open = True
    k.keyboard.show(t.top.activity_id, "caption")
    k.media_picker.open("gallery")
    order = [k.handle_back() for _ in range(7)]
    assert order == [
        "permission.dialog",
        "os.intentChooser",
        "shade.dismiss",
        "keyboard.dismiss",
        "os.mediaPicker",
        "os.appBack",
        "os.goHomeFallback",
    ]
    assert t.top.history == ["/"]


# ----- app-level Back and the Activity/Task fallbacks
def test_app_back_pops_route_history(k, view):
    t = k.launch_app("notes")
    t.top.push("/list")
    t.top.push("/edit/1")
    assert k.handle_back() == "os.appBack"
    assert view(k) == {"notes": [("notes", ["/", "/list"])]}
    assert k.handle_back() == "os.appBack"
    assert view(k) == {"notes": [("notes", ["/"])]}
    assert k.handle_back() == "os.goHomeFallback"


def test_foreign_task_gate(k, view, tid):
    """Borrowed Activity of app B on app A's Task: os.activityBack, then os.finishTopActivity."""
    k.launch_app("settings")
    k.start_activity({"action": "ACTION_VIEW", "type": "inode/directory", "route": "/sdcard"})
    files = k.tasks.active_task.top
    files.push("/sdcard/DCIM")
    assert view(k) == {"settings": [("settings", ["/"]), ("files", ["/sdcard", "/sdcard/DCIM"])]}
    assert k.handle_back() == "os.activityBack"
    assert view(k) == {"settings": [("settings", ["/"]), ("files", ["/sdcard"])]}
    assert k.handle_back() == "os.finishTopActivity"
    assert view(k) == {"settings": [("settings", ["/"])]}
    assert k.tasks.active_task_id == tid(k, "settings")


def test_app_back_is_gated_off_in_a_foreign_task(k):
    """os.appBack declines for a borrowed Activity even when it could pop its history."""
    k.launch_app("settings")
    k.tasks.active_task.stack[0].push("/wifi")
    k.start_activity({"action": "ACTION_VIEW", "type": "inode/directory"})
    k.tasks.top_activity.push("/sdcard")
    assert app_back(k) is False
    assert k.tasks.active_task.stack[0].history == ["/", "/wifi"]
    assert activity_back(k) is True
    assert k.tasks.top_activity.history == ["/"]


def test_return_to_launcher_task_resets_route_before_returning(k, view, tid):
    k.launch_app("railway")
    k.start_activity(
        {"action": "ACTION_SENDTO", "scheme": "sms", "data": {"address": "12306"}},
        new_task=True,
    )
    assert view(k)["sms"] == [("sms", ["/compose"])]
    assert k.handle_back() == "os.returnToLauncherTask"
    assert view(k)["sms"] == [("sms", ["/"])]
    assert k.tasks.active_task_id == tid(k, "railway")
    assert k.tasks.task_for_app("sms").launched_by_task_id is None


def test_go_home_fallback_keeps_task_in_recents(k, view):
    t = k.launch_app("notes")
    k.handle_back()
    assert k.tasks.active_task_id is None
    assert view(k) == {"notes": [("notes", ["/"])]}
    assert k.tasks.recents == [t.task_id]
    assert k.handle_back() is None


def test_go_home_fallback_when_caller_was_closed(k, view):
    k.launch_app("railway")
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    k.close_app("railway")
    assert k.handle_back() == "os.goHomeFallback"
    assert view(k) == {"sms": [("sms", ["/"])]}
    assert k.tasks.active_task_id is None
