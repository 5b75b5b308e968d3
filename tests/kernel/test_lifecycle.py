"""Activity lifecycle (os-overview.md "Lifecycle"): created / resumed / paused / destroyed,
derived from the task stacks after every kernel operation, seen by apps' ``on_lifecycle`` hooks
and in ``os.tasks`` as each activity's ``state``."""

from __future__ import annotations

import pickle

import pytest

from mobilegym_env.kernel import Kernel
from mobilegym_env.kernel.package_manager import (
    AppManifest,
    InstalledApp,
    IntentFilter,
    PackageManager,
)

seen: list[tuple[str, str, str]] = []  # (app id, activity id, event)


def record(kernel, activity, event):
    seen.append((activity.app_id, activity.activity_id, event))


def broken(kernel, activity, event):
    raise RuntimeError("hook bug")


def opens_settings_on_resume(kernel, activity, event):
    if event == "resumed" and activity.route == "/jump":
        kernel.open_app("settings")


def kernel_with(**hooks) -> Kernel:
    filters = {"sms": (IntentFilter("ACTION_SENDTO", "/compose", scheme="sms"),),
               "wechat": (IntentFilter("ACTION_SEND", "/share", type="image/*",
                                       launch_mode="singleTask"),)}
    apps = {a: InstalledApp(AppManifest(a, a.title(), "app", intent_filters=filters.get(a, ()),
                                        on_lifecycle=hooks.get(a, record)), f"synthetic.{a}")
            for a in ("settings", "sms", "wechat", "railway")}
    return Kernel(PackageManager(apps))


@pytest.fixture(autouse=True)
def _clear():
    seen.clear()


def events():
    out = [(app, ev) for app, _, ev in seen]
    seen.clear()
    return out


def states(k):
    return {a["activity_id"]: a["state"] for t in k.state()["os"]["tasks"]["tasks"]
            for a in t["stack"]}


def test_launch_home_and_back_again():
    k = kernel_with()
    k.launch_app("settings")
    assert events() == [("settings", "created"), ("settings", "resumed")]
    assert states(k) == {"a1": "resumed"}
    k.go_home()
    assert events() == [("settings", "paused")]
    assert states(k) == {"a1": "paused"}
    k.launch_app("settings")
    assert events() == [("settings", "resumed")]


def test_switching_apps_pauses_one_and_resumes_the_other_in_order():
    k = kernel_with()
    k.launch_app("settings")
    k.launch_app("railway")
    assert events() == [("settings", "created"), ("settings", "resumed"),
                        ("settings", "paused"), ("railway", "created"), ("railway", "resumed")]
    assert states(k) == {"a1": "paused", "a2": "resumed"}


def test_same_task_push_and_back_destroys_the_borrowed_activity():
    k = kernel_with()
    k.launch_app("railway")
    events()
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"})
    assert events() == [("railway", "paused"), ("sms", "created"), ("sms", "resumed")]
    assert k.handle_back() == "os.finishTopActivity"
    assert events() == [("sms", "paused"), ("railway", "resumed"), ("sms", "destroyed")]
    assert [ev for a, _, ev in k.lifecycle.log if a == "a2"] == [
        "created", "resumed", "paused", "destroyed"]


def test_in_app_navigation_is_no_lifecycle_event():
    k = kernel_with()
    t = k.launch_app("settings")
    events()
    t.top.push("/wifi")
    k.handle_back()  # pops the route: the activity stays in front
    assert events() == []


def test_recents_pauses_and_closing_a_task_destroys():
    k = kernel_with()
    k.launch_app("settings")
    events()
    k.show_recents()
    assert events() == [("settings", "paused")]
    k.handle_back()  # Recents closes: back to the app
    assert events() == [("settings", "resumed")]
    k.close_app("settings")
    assert events() == [("settings", "paused"), ("settings", "destroyed")]
    assert k.lifecycle.resumed is None


def test_the_shade_does_not_pause():
    k = kernel_with()
    k.launch_app("settings")
    events()
    k.system_ui.shade_open = True
    k.tick(100)
    assert events() == []


def test_a_notification_route_pushed_onto_the_foreground_activity_renews_it():
    k = kernel_with()
    k.launch_app("sms")
    events()
    k.open_app("sms", "/thread/5")  # the user taps a notification while in the app
    assert events() == [("sms", "paused"), ("sms", "resumed")]
    k.go_home()
    events()
    k.open_app("sms", "/thread/6")  # warm, from home: an ordinary resume
    assert events() == [("sms", "resumed")]


def test_a_single_task_re_entry_renews_the_root_it_delivers_to():
    k = kernel_with()
    k.launch_app("wechat")
    k.start_activity({"action": "ACTION_SEND", "type": "image/png"})
    assert [ev for app, ev in events() if app == "wechat"][-2:] == ["paused", "resumed"]


def test_a_hook_that_raises_is_that_apps_crash():
    k = kernel_with(sms=broken)
    k.launch_app("railway")
    k.launch_app("sms")  # its "created" hook raises: the app stops
    assert k.crashes == ["sms: RuntimeError: hook bug"]
    assert k.tasks.task_for_app("sms") is None
    assert k.system_ui.crashed_app == "sms"  # its "has stopped" dialog shows
    assert k.tasks.active_task_id is None  # as after any crash, the launcher shows


def test_hooks_may_run_kernel_operations():
    k = kernel_with(railway=opens_settings_on_resume)
    t = k.launch_app("railway")
    t.top.push("/jump")
    k.go_home()
    events()
    k.launch_app("railway")
    assert k.tasks.top_activity.app_id == "settings"
    assert events() == [("settings", "created"), ("settings", "resumed")]
    assert states(k)["a1"] == "paused"


def test_reboot_forgets_activities_and_snapshots_keep_the_tracker():
    k = kernel_with()
    k.launch_app("settings")
    clone = pickle.loads(k.snapshot())
    clone.go_home()
    assert clone.lifecycle.resumed is None and k.lifecycle.resumed == "a1"
    k.reboot()
    assert k.lifecycle.resumed is None and k.lifecycle.log == []
    events()
    k.launch_app("settings")
    assert events() == [("settings", "created"), ("settings", "resumed")]


def test_on_lifecycle_must_be_picklable():
    with pytest.raises(ValueError, match="lambda"):
        AppManifest("x", "X", "app", on_lifecycle=lambda k, a, e: None)


def test_a_hook_hears_only_the_events_its_manifest_names():
    apps = {a: InstalledApp(AppManifest(a, a.title(), "app", on_lifecycle=record,
                                        lifecycle_events=frozenset(ev)), f"synthetic.{a}")
            for a, ev in (("sms", {"resumed"}), ("railway", {"created", "destroyed"}))}
    k = Kernel(PackageManager(apps))
    k.launch_app("sms")
    k.launch_app("railway")  # sms is paused: not heard
    k.show_recents()  # railway is paused: not heard
    k.handle_back()  # railway is resumed again: not heard
    k.close_app("railway")
    assert events() == [("sms", "resumed"), ("railway", "created"), ("railway", "destroyed")]
    assert states(k) == {"a1": "paused"}  # the state follows every event, heard or not


@pytest.mark.parametrize("bad", ["resumed", {"resumed", "stopped"}])
def test_lifecycle_events_must_be_a_set_of_known_events(bad):
    with pytest.raises(ValueError, match="lifecycle_events"):
        AppManifest("x", "X", "app", on_lifecycle=record, lifecycle_events=bad)
