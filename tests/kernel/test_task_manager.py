"""Tasks and Activities: LAUNCH_APP, openApp, Task lifetime, finishActivity, close_app.

Spec: cross-app-launch.md (openApp, Task Lifetime, finishActivity) and os-overview.md (Tasks and
Activities, Returning vs. destroying).
"""

from __future__ import annotations

import pytest

from mobilegym_env.kernel.task_manager import TaskManager


# ----- TaskManager reducer-level operations
def test_create_activate_recents_and_close():
    tm = TaskManager()
    a = tm.create_task("settings", ["/"])
    b = tm.create_task("sms", ["/compose"], launched_by_task_id=a.task_id)
    assert (a.task_id, b.task_id) == ("t1", "t2")
    assert [act.activity_id for act in (a.top, b.top)] == ["a1", "a2"]
    assert tm.active_task_id == "t2"
    assert tm.recents == ["t2", "t1"]
    tm.activate("t1")
    assert tm.recents == ["t1", "t2"]
    assert tm.top_activity is a.top
    assert tm.find_activity("a2") == (b, b.top)
    assert tm.find_activity("a9") is None
    with pytest.raises(KeyError):
        tm.activate("t9")
    # Destroying a caller Task drops the pointers at it.
    tm.close_task("t1")
    assert tm.active_task_id is None
    assert tm.recents == ["t2"]
    assert b.launched_by_task_id is None
    assert tm.state() == {
        "active_task_id": None,
        "recents": ["t2"],
        "tasks": [
            {
                "task_id": "t2",
                "root_app_id": "sms",
                "launched_by_task_id": None,
                "was_externally_routed": False,
                "stack": [
                    {
                        "activity_id": "a2",
                        "app_id": "sms",
                        "route": "/compose",
                        "history": ["/compose"],
                        "intent": None,
                        "for_result": False,
                        "launched_by_task_id": None,
                        "state": "created",
                        "drafts": {},
                    }
                ],
            }
        ],
    }


def test_activity_route_history_ops():
    act = TaskManager().new_activity("notes", ["/"])
    assert act.pop() is False
    act.push("/list")
    act.push("/edit/1")
    act.replace("/edit/2")
    assert act.history == ["/", "/list", "/edit/2"]
    assert act.route == "/edit/2"
    assert act.pop() is True
    assert act.history == ["/", "/list"]
    act.pop_to_root()
    assert act.history == ["/"]
    for bad in ("edit", "", None, 3):
        with pytest.raises(ValueError):
            act.push(bad)
    assert act.history == ["/"]


# ----- LAUNCH_APP
def test_launch_app_cold_and_warm(k, view):
    t = k.launch_app("settings")
    assert view(k) == {"settings": [("settings", ["/"])]}
    assert (t.launched_by_task_id, t.was_externally_routed) == (None, False)
    assert k.tasks.active_task_id == t.task_id
    t.top.push("/wifi")
    k.go_home()
    assert k.tasks.active_task_id is None
    assert k.launch_app("settings") is t
    assert view(k) == {"settings": [("settings", ["/", "/wifi"])]}  # page kept
    with pytest.raises(KeyError, match="nope"):
        k.launch_app("nope")


def test_launch_app_clears_launched_by_unless_externally_routed(k, tid):
    k.launch_app("railway")
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    sms = k.tasks.task_for_app("sms")
    assert sms.launched_by_task_id == tid(k, "railway")
    k.go_home()
    k.launch_app("sms")  # launcher tap, no caller, not externally routed: cleared
    assert sms.launched_by_task_id is None

    k.launch_app("gallery")
    k.open_app("wechat", "/chat/wxid_1")  # openApp creates the Task: externally routed
    wechat = k.tasks.task_for_app("wechat")
    assert (wechat.launched_by_task_id, wechat.was_externally_routed) == (tid(k, "gallery"), True)
    k.go_home()
    k.launch_app("wechat")  # caller relationship preserved across Launcher reactivation
    assert wechat.launched_by_task_id == tid(k, "gallery")
    assert k.handle_back() == "os.appBack"  # /chat/wxid_1 -> /
    assert k.handle_back() == "os.returnToLauncherTask"
    assert k.tasks.active_task_id == tid(k, "gallery")
    assert wechat.launched_by_task_id is None


# ----- openApp table
def test_open_app_cold_creates_root_then_pushes_route(k, view):
    t = k.open_app("wechat", "/chat/wxid_123")
    assert view(k) == {"wechat": [("wechat", ["/", "/chat/wxid_123"])]}
    assert t.was_externally_routed is True
    assert t.launched_by_task_id is None  # opened from the launcher: no caller
    assert k.tasks.active_task_id == t.task_id


def test_open_app_cold_from_another_task_records_caller(k, tid):
    k.launch_app("settings")
    t = k.open_app("wechat", "/chat/1")
    assert t.launched_by_task_id == tid(k, "settings")


def test_open_app_without_route_is_not_externally_routed(k, view):
    t = k.open_app("wechat")
    assert view(k) == {"wechat": [("wechat", ["/"])]}
    assert t.was_externally_routed is False


def test_open_app_warm_pushes_on_top_of_current_page(k, view):
    t = k.launch_app("wechat")
    t.top.push("/contacts")
    k.go_home()
    assert k.open_app("wechat", "/chat/wxid_123") is t
    assert view(k) == {"wechat": [("wechat", ["/", "/contacts", "/chat/wxid_123"])]}
    assert t.was_externally_routed is False  # only set when openApp creates the Task
    assert k.tasks.active_task_id == t.task_id
    k.open_app("wechat", "/chat/wxid_123")  # always pushes
    assert t.top.history == ["/", "/contacts", "/chat/wxid_123", "/chat/wxid_123"]


def test_open_app_warm_keeps_launched_by(k, tid):
    """A caller reactivating an existing Task does not overwrite its back-stack origin."""
    k.launch_app("railway")
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    sms = k.tasks.task_for_app("sms")
    k.launch_app("settings")
    k.open_app("sms", "/thread/1")
    assert sms.launched_by_task_id == tid(k, "railway")
    k.go_home()
    k.open_app("sms", "/thread/2")  # from home (no caller): like a launcher tap, cleared
    assert sms.launched_by_task_id is None


def test_open_app_warm_pushes_onto_the_apps_own_activity(k, view):
    """A borrowed Activity of another app on top keeps its own route history."""
    k.launch_app("settings")
    k.start_activity({"action": "ACTION_VIEW", "type": "inode/directory"})
    k.open_app("settings", "/about")
    assert view(k) == {"settings": [("settings", ["/", "/about"]), ("files", ["/"])]}


def test_open_app_bad_input_changes_nothing(k):
    before = k.state()
    with pytest.raises(ValueError):
        k.open_app("wechat", "chat/1")
    with pytest.raises(KeyError):
        k.open_app("nope", "/x")
    assert k.state() == before


# ----- Task lifetime
def test_one_shot_launched_by_rule_steps_1_to_5(k, view, tid):
    # 1. App A opens app B in B's own Task.
    k.launch_app("railway")
    a = tid(k, "railway")
    assert k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    b = k.tasks.task_for_app("sms")
    assert b.launched_by_task_id == a
    assert k.tasks.active_task_id == b.task_id
    # 2. User backs out at B's root.
    assert k.handle_back() == "os.returnToLauncherTask"
    # 3. OS reactivates A and clears B's launchedByTaskId.
    assert k.tasks.active_task_id == a
    assert b.launched_by_task_id is None
    assert view(k)["sms"] == [("sms", ["/"])]  # bridge route reset before returning
    # 4. Later, user opens B from Recents.
    k.show_recents()
    k.launch_app("sms")
    assert k.tasks.active_task_id == b.task_id
    # 5. Back from B now goes home, not back to the old A Task.
    assert k.handle_back() == "os.goHomeFallback"
    assert k.tasks.active_task_id is None
    assert set(view(k)) == {"railway", "sms"}


def test_tasks_are_never_destroyed_by_back(k, view):
    k.launch_app("settings")
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    k.open_app("wechat", "/chat/1")
    handlers = [k.handle_back() for _ in range(6)]
    assert handlers == [
        "os.appBack",
        "os.returnToLauncherTask",  # wechat -> sms
        "os.returnToLauncherTask",  # sms -> settings
        "os.goHomeFallback",
        None,
        None,
    ]
    assert view(k) == {
        "settings": [("settings", ["/"])],
        "sms": [("sms", ["/"])],
        "wechat": [("wechat", ["/"])],
    }
    assert k.tasks.recents == ["t1", "t2", "t3"]


def test_close_app_destroys_the_task(k, view):
    k.launch_app("settings")
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    sms = k.tasks.task_for_app("sms")
    k.close_app("settings")
    assert view(k) == {"sms": [("sms", ["/compose"])]}
    assert sms.launched_by_task_id is None  # its caller is gone
    assert k.tasks.recents == [sms.task_id]
    k.close_app("sms")
    assert view(k) == {}
    assert (k.tasks.active_task_id, k.tasks.recents) == (None, [])
    with pytest.raises(KeyError, match="sms"):
        k.close_app("sms")


def test_close_app_hides_a_keyboard_whose_field_died(k):
    t = k.launch_app("notes")
    k.keyboard.show(t.top.activity_id, "title")
    k.close_app("notes")
    assert k.keyboard.visible is False


# ----- finishActivity's three branches
def test_finish_activity_stack_gt_1_pops_top(k, view, tid):
    k.launch_app("settings")
    k.start_activity({"action": "ACTION_VIEW", "type": "inode/directory"})
    k.finish_activity()
    assert view(k) == {"settings": [("settings", ["/"])]}
    assert k.tasks.active_task_id == tid(k, "settings")


def test_finish_activity_stack_gt_1_returns_to_the_activitys_caller(k, view, tid):
    """Stack > 1 and the popped Activity has launchedByTaskId: activate that caller."""
    k.launch_app("sms")
    k.go_home()
    k.launch_app("railway")
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    sms = k.tasks.task_for_app("sms")
    assert sms.top.launched_by_task_id == tid(k, "railway")
    assert sms.launched_by_task_id is None  # the Task's own origin is untouched
    k.finish_activity()
    assert view(k)["sms"] == [("sms", ["/"])]
    assert k.tasks.active_task_id == tid(k, "railway")
    assert sms.launched_by_task_id is None


def test_finish_activity_root_with_caller_returns_and_consumes(k, view, tid):
    k.launch_app("railway")
    k.start_activity({"action": "ACTION_PAY", "scheme": "alipays"}, new_task=True)
    alipay = k.tasks.task_for_app("alipay")
    alipay.top.push("/pay/confirm")
    k.finish_activity()
    assert k.tasks.active_task_id == tid(k, "railway")
    assert alipay.launched_by_task_id is None
    assert view(k)["alipay"] == [("alipay", ["/"])]  # route reset to /, Task in Recents
    assert k.tasks.recents == [tid(k, "railway"), alipay.task_id]


def test_finish_activity_root_without_caller_goes_home(k, view):
    t = k.launch_app("notes")
    t.top.push("/edit/1")
    k.finish_activity()
    assert k.tasks.active_task_id is None
    assert view(k) == {"notes": [("notes", ["/"])]}
    assert k.tasks.recents == [t.task_id]


def test_finish_activity_at_home_is_a_no_op(k):
    before = k.state()
    k.finish_activity()
    assert k.state() == before
