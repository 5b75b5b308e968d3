"""cross-app-launch.md as acceptance tests: the launch-mode tables, startActivityForResult, and
the four scenario traces, step by step."""

from __future__ import annotations

import functools

import pytest

from mobilegym_env.kernel.intent_resolver import Intent

SMS = {"action": "ACTION_SENDTO", "scheme": "sms", "data": {"address": "12306", "body": "999"}}
DIR = {"action": "ACTION_VIEW", "type": "inode/directory"}
PAY = {"action": "ACTION_PAY", "scheme": "alipays", "data": {"amount": 99}}
PICK = {"action": "ACTION_PICK"}


def share(**data):
    return {"action": "ACTION_SEND", "type": "image/jpeg", "data": data}


results: list[tuple] = []


def on_result(kernel, result):
    results.append(("cb", result))


def on_result_tagged(tag, kernel, result):
    results.append((tag, result))


@pytest.fixture(autouse=True)
def _clear():
    results.clear()


# ----- standard
def test_standard_without_new_task_pushes_onto_callers_task(k, view, tid):
    k.launch_app("railway")
    assert k.start_activity(SMS) is True
    assert view(k) == {"railway": [("railway", ["/"]), ("sms", ["/compose"])]}
    assert k.tasks.active_task_id == tid(k, "railway")
    assert k.tasks.top_activity.intent == {
        "action": "ACTION_SENDTO",
        "type": None,
        "scheme": "sms",
        "data": {"address": "12306", "body": "999"},
    }


def test_standard_without_new_task_ignores_receivers_own_task(k, view):
    k.launch_app("sms")
    k.go_home()
    k.launch_app("railway")
    k.start_activity(SMS)
    assert view(k) == {
        "sms": [("sms", ["/"])],
        "railway": [("railway", ["/"]), ("sms", ["/compose"])],
    }


def test_standard_new_task_target_absent_creates_task(k, view, tid):
    k.launch_app("railway")
    assert k.start_activity(SMS, new_task=True) is True
    sms = k.tasks.task_for_app("sms")
    assert view(k) == {"railway": [("railway", ["/"])], "sms": [("sms", ["/compose"])]}
    assert sms.launched_by_task_id == tid(k, "railway")
    assert sms.was_externally_routed is False
    assert k.tasks.active_task_id == sms.task_id
    assert sms.top.intent["data"] == {"address": "12306", "body": "999"}


def test_standard_new_task_target_present_pushes_onto_target_task(k, view, tid):
    sms = k.launch_app("sms")
    sms.top.push("/thread/5")
    k.go_home()
    k.launch_app("railway")
    k.start_activity(SMS, new_task=True)
    assert view(k) == {
        "sms": [("sms", ["/", "/thread/5"]), ("sms", ["/compose"])],
        "railway": [("railway", ["/"])],
    }
    assert k.tasks.active_task_id == sms.task_id
    assert sms.top.launched_by_task_id == tid(k, "railway")
    assert sms.launched_by_task_id is None
    assert k.handle_back() == "os.finishTopActivity"  # back to the caller
    assert k.tasks.active_task_id == tid(k, "railway")
    assert view(k)["sms"] == [("sms", ["/", "/thread/5"])]


def test_standard_from_home_creates_a_task(k, view):
    assert k.start_activity(DIR)
    assert view(k) == {"files": [("files", ["/"])]}
    assert k.tasks.task_for_app("files").launched_by_task_id is None


# ----- singleTask
def test_single_task_absent_history_root_then_base_route(k, view, tid):
    k.launch_app("gallery")
    assert k.start_activity(share(uri="content://media/1")) is True  # no new_task: promoted
    wechat = k.tasks.task_for_app("wechat")
    assert view(k) == {"gallery": [("gallery", ["/"])], "wechat": [("wechat", ["/", "/share"])]}
    assert wechat.launched_by_task_id == tid(k, "gallery")
    assert wechat.was_externally_routed is False
    assert k.tasks.active_task_id == wechat.task_id
    assert wechat.top.intent["data"] == {"uri": "content://media/1"}


def test_single_task_present_pops_above_root_and_redelivers(k, view, tid):
    wechat = k.launch_app("wechat")
    root = wechat.top
    root.push("/chat/1")
    k.start_activity(PAY, new_task=False)  # an Activity above root (alipay on wechat's task)
    assert view(k)["wechat"] == [("wechat", ["/", "/chat/1"]), ("alipay", ["/pay"])]
    k.go_home()
    k.launch_app("gallery")
    assert k.start_activity(share(uri="content://media/2")) is True
    assert view(k) == {"wechat": [("wechat", ["/", "/share"])], "gallery": [("gallery", ["/"])]}
    assert wechat.top is root  # the root Activity instance is reused
    assert root.intent == {
        "action": "ACTION_SEND",
        "type": "image/jpeg",
        "scheme": None,
        "data": {"uri": "content://media/2"},
    }
    assert k.tasks.active_task_id == wechat.task_id
    # Re-entry does not rewrite the Task's back-stack origin (set only at creation).
    assert wechat.launched_by_task_id is None
    assert k.tasks.recents == [wechat.task_id, tid(k, "gallery")]


def test_single_task_present_redelivery_replaces_previous_payload(k):
    k.launch_app("gallery")
    k.start_activity(share(n=1))
    k.handle_back()  # /share -> /
    k.launch_app("gallery")
    k.start_activity(share(n=2))
    root = k.tasks.task_for_app("wechat").stack[0]
    assert (root.history, root.intent["data"]) == (["/", "/share"], {"n": 2})


def test_single_task_from_its_own_task(k, view):
    wechat = k.launch_app("wechat")
    wechat.top.push("/moments")
    k.start_activity(share(n=1))
    assert view(k) == {"wechat": [("wechat", ["/", "/share"])]}
    assert wechat.launched_by_task_id is None


# ----- startActivityForResult
def test_for_result_ok_delivers_to_module_level_callback(k, view, tid):
    k.launch_app("settings")
    assert k.start_activity_for_result(PICK, on_result) is True
    assert view(k) == {"settings": [("settings", ["/"]), ("contacts", ["/pick"])]}
    assert k.state()["os"]["tasks"]["tasks"][0]["stack"][1]["for_result"] is True
    assert results == []
    k.set_result("OK", {"contact_id": 3})
    assert results == [
        ("cb", {"result_code": "OK", "data": {"contact_id": 3}, "caller_app_id": "settings"})
    ]
    assert view(k) == {"settings": [("settings", ["/"])]}
    assert k.tasks.active_task_id == tid(k, "settings")


def test_for_result_partial_callback(k):
    k.launch_app("railway")
    k.start_activity_for_result(PAY, functools.partial(on_result_tagged, "pay"))
    k.set_result("OK", {"transaction_id": "tx1"})
    assert results == [
        (
            "pay",
            {"result_code": "OK", "data": {"transaction_id": "tx1"}, "caller_app_id": "railway"},
        )
    ]


def test_for_result_set_result_data_is_copied(k):
    k.launch_app("settings")
    k.start_activity_for_result(PICK, on_result)
    data = {"ids": [1]}
    k.set_result("OK", data)
    data["ids"].append(2)
    assert results[0][1]["data"] == {"ids": [1]}


def test_for_result_back_out_delivers_canceled(k, view):
    k.launch_app("settings")
    k.start_activity_for_result(PICK, on_result)
    k.tasks.top_activity.push("/pick/search")
    assert k.handle_back() == "os.activityBack"
    assert results == []
    assert k.handle_back() == "os.finishTopActivity"
    assert results == [
        ("cb", {"result_code": "CANCELED", "data": None, "caller_app_id": "settings"})
    ]
    assert view(k) == {"settings": [("settings", ["/"])]}
    assert k.handle_back() == "os.goHomeFallback"
    assert len(results) == 1  # delivered exactly once


def test_for_result_explicit_canceled(k):
    k.launch_app("settings")
    k.start_activity_for_result(PICK, on_result)
    k.set_result("CANCELED")
    assert results == [
        ("cb", {"result_code": "CANCELED", "data": None, "caller_app_id": "settings"})
    ]


def test_for_result_by_app_id(k, view):
    k.launch_app("settings")
    assert k.start_activity_for_result("contacts", on_result)
    # An explicit app id without an action starts the app's home route.
    assert view(k) == {"settings": [("settings", ["/"]), ("contacts", ["/"])]}
    assert k.start_activity_for_result("gallery", on_result)  # no filters: "/"
    assert k.tasks.top_activity.history == ["/"]


def test_for_result_rejects_lambda_and_local_function_before_any_change(k):
    k.launch_app("settings")
    before = k.state()

    def local(kernel, result):  # pragma: no cover - never called
        pass

    for bad in (lambda kernel, result: None, local, "not callable"):
        with pytest.raises(ValueError):
            k.start_activity_for_result(PICK, bad)
    assert k.state() == before


def test_set_result_errors(k):
    with pytest.raises(ValueError, match="foreground"):
        k.set_result("OK")
    k.launch_app("settings")
    k.start_activity_for_result(PICK, on_result)
    before = k.state()
    with pytest.raises(ValueError, match="OK"):
        k.set_result("MAYBE")
    assert k.state() == before
    assert results == []


def test_set_result_without_for_result_just_finishes(k, view):
    k.launch_app("railway")
    k.start_activity(PAY)
    k.set_result("OK", {"x": 1})
    assert view(k) == {"railway": [("railway", ["/"])]}
    assert results == []


# ----- scenario traces
def test_scenario_caller_opens_sms_in_a_new_task(k, view, tid):
    k.launch_app("railway")
    railway = tid(k, "railway")
    # 1. Caller invokes startActivity(intent, { newTask: true }).
    assert k.start_activity(SMS, new_task=True) is True
    # 2. IntentResolver matches a standard SMS filter.
    [(app, f)] = k.intents.resolve(Intent.coerce(SMS))
    assert (app, f.launch_mode) == ("sms", "standard")
    # 3. The SMS Task is created with launchedByTaskId pointing to the caller Task.
    sms = k.tasks.task_for_app("sms")
    assert sms.launched_by_task_id == railway
    assert k.tasks.active_task_id == sms.task_id
    assert view(k) == {"railway": [("railway", ["/"])], "sms": [("sms", ["/compose"])]}
    # 4. The SMS route cannot handle Back itself: os.returnToLauncherTask returns and consumes.
    assert k.handle_back() == "os.returnToLauncherTask"
    assert k.tasks.active_task_id == railway
    assert sms.launched_by_task_id is None
    # 5. SMS remains in Recents. Reopening SMS later and pressing Back goes home.
    assert k.tasks.recents == [railway, sms.task_id]
    assert view(k)["sms"] == [("sms", ["/"])]
    k.show_recents()
    k.launch_app("sms")
    assert k.handle_back() == "os.goHomeFallback"
    assert k.tasks.active_task_id is None
    assert set(view(k)) == {"railway", "sms"}


def test_scenario_caller_opens_sms_when_sms_task_exists(k, view, tid):
    """Step 3's "or activated" branch: the pushed SMS Activity points back at the caller."""
    k.launch_app("sms")
    k.go_home()
    k.launch_app("railway")
    k.start_activity(SMS, new_task=True)
    assert view(k)["sms"] == [("sms", ["/"]), ("sms", ["/compose"])]
    assert k.handle_back() == "os.finishTopActivity"
    assert k.tasks.active_task_id == tid(k, "railway")
    assert view(k)["sms"] == [("sms", ["/"])]
    k.launch_app("sms")
    assert k.handle_back() == "os.goHomeFallback"


def test_scenario_share_target_with_single_task(k, view, tid):
    # Cold: 1-3.
    k.launch_app("gallery")
    gallery = tid(k, "gallery")
    assert k.start_activity(share(uri="content://media/1"))  # 1. ACTION_SEND image/*
    [(app, f)] = k.intents.resolve(Intent.coerce(share()))
    assert (app, f.launch_mode) == ("wechat", "singleTask")  # 2.
    wechat = k.tasks.task_for_app("wechat")
    assert view(k)["wechat"] == [("wechat", ["/", "/share"])]  # 3. from / to the share route
    # 5. After send, app code replaces the share route with the chat route; Back -> home page.
    wechat.top.replace("/chat/wxid_1")
    assert k.handle_back() == "os.appBack"
    assert view(k)["wechat"] == [("wechat", ["/"])]
    assert k.handle_back() == "os.returnToLauncherTask"
    assert k.tasks.active_task_id == gallery
    # 4. Warm: Activities above root popped, payload delivered to root, share route pushed.
    wechat.top.push("/chat/wxid_2")
    k.launch_app("wechat")
    k.start_activity(PAY)  # alipay borrowed on wechat's Task
    assert [a.app_id for a in wechat.stack] == ["wechat", "alipay"]
    k.launch_app("gallery")
    k.start_activity(share(uri="content://media/9"))
    assert view(k) == {"gallery": [("gallery", ["/"])], "wechat": [("wechat", ["/", "/share"])]}
    assert wechat.stack[0].intent["data"] == {"uri": "content://media/9"}
    assert k.tasks.active_task_id == wechat.task_id


def test_scenario_same_task_viewer_push(k, view, tid):
    k.launch_app("settings")
    settings = tid(k, "settings")
    # 1-2. Settings starts a viewer without new_task; FileManager's standard filter matches.
    assert k.start_activity({**DIR, "route": "/category/images"}) is True
    # 3. A FileManager Activity is pushed onto the Settings Task.
    assert view(k) == {"settings": [("settings", ["/"]), ("files", ["/category/images"])]}
    assert k.tasks.active_task_id == settings
    # 4. Back at FileManager's route root falls through to os.finishTopActivity.
    assert k.handle_back() == "os.finishTopActivity"
    assert view(k) == {"settings": [("settings", ["/"])]}
    assert k.tasks.active_task_id == settings
    # 5. No standalone FileManager Task is left in Recents.
    assert k.tasks.task_for_app("files") is None
    assert k.tasks.recents == [settings]


def test_scenario_notification_route_cold(k, view):
    # 1-2. User taps a notification; its handler calls openApp(appId, route).
    nid = k.notifications.post("wechat", "Alice", "hi", route="/chat/alice")
    k.system_ui.shade_open = True
    k.open_notification(nid)
    assert k.notifications.items == []  # auto-cancelled
    assert k.system_ui.shade_open is False
    # 3. Cold: the Task is created at / and the route pushed.
    wechat = k.tasks.task_for_app("wechat")
    assert view(k) == {"wechat": [("wechat", ["/", "/chat/alice"])]}
    assert wechat.was_externally_routed is True
    # 5. Back pops to the previous in-app route; root Back follows home fallback.
    assert k.handle_back() == "os.appBack"
    assert view(k) == {"wechat": [("wechat", ["/"])]}
    assert k.handle_back() == "os.goHomeFallback"
    assert k.tasks.active_task_id is None


def test_scenario_notification_route_warm(k, view, tid):
    wechat = k.launch_app("wechat")
    wechat.top.push("/contacts")
    k.launch_app("settings")
    nid = k.notifications.post("wechat", "Bob", route="/chat/bob")
    k.open_notification(nid)
    # 4. Warm: the route is pushed above the current page.
    assert view(k)["wechat"] == [("wechat", ["/", "/contacts", "/chat/bob"])]
    assert k.tasks.active_task_id == wechat.task_id
    # 5. Back pops to the previous in-app route, then to /, then home (no caller pointer).
    assert [k.handle_back() for _ in range(3)] == [
        "os.appBack",
        "os.appBack",
        "os.goHomeFallback",
    ]
    assert view(k)["wechat"] == [("wechat", ["/"])]
    assert k.tasks.active_task_id is None


def test_scenario_notification_route_cold_from_another_app_returns_to_it(k, tid):
    k.launch_app("settings")
    nid = k.notifications.post("sms", "12306", route="/thread/1")
    k.open_notification(nid)
    assert [k.handle_back() for _ in range(2)] == ["os.appBack", "os.returnToLauncherTask"]
    assert k.tasks.active_task_id == tid(k, "settings")


def test_notification_without_route_opens_app_as_is(k, view):
    t = k.launch_app("wechat")
    t.top.push("/moments")
    k.go_home()
    k.open_notification(k.notifications.post("wechat", "x"))
    assert view(k) == {"wechat": [("wechat", ["/", "/moments"])]}
    with pytest.raises(KeyError):
        k.open_notification(999)


def test_notification_with_bad_route_changes_nothing(k):
    nid = k.notifications.post("wechat", "x", route="chat/1")
    before = k.state()
    with pytest.raises(ValueError, match="route"):
        k.open_notification(nid)
    assert k.state() == before



def test_closing_a_task_cancels_a_pending_result(k):
    k.launch_app("settings")
    assert k.start_activity_for_result(PICK, on_result)
    k.close_app("settings")
    assert results == [
        ("cb", {"result_code": "CANCELED", "data": None, "caller_app_id": "settings"})]
    assert k.tasks.tasks == {}


# ----- the deviations, written from the spec's wording
def test_recents_switch_keeps_the_caller_pointer(k, tid):
    """Only a Back-return or a launcher icon tap clears launchedByTaskId ("Task Lifetime"):
    Contacts -> SENDTO sms (new task) -> Recents -> the SMS card -> Back returns to Contacts."""
    k.launch_app("contacts")
    k.start_activity(SMS, new_task=True)
    sms = k.tasks.task_for_app("sms")
    k.show_recents()
    k.switch_to_task(sms.task_id)
    assert (k.tasks.active_task_id, sms.launched_by_task_id) == (sms.task_id, tid(k, "contacts"))
    assert k.handle_back() == "os.returnToLauncherTask"
    assert k.tasks.active_task_id == tid(k, "contacts")
    assert sms.launched_by_task_id is None  # consumed by the Back-return


def test_recents_switch_then_launcher_tap_clears_the_pointer(k):
    k.launch_app("contacts")
    k.start_activity(SMS, new_task=True)
    sms = k.tasks.task_for_app("sms")
    k.show_recents()
    k.switch_to_task(k.tasks.recents[1])  # over to Contacts, then back to SMS by its icon
    k.launch_app("sms")
    assert sms.launched_by_task_id is None
    assert k.handle_back() == "os.goHomeFallback"


def test_switch_to_unknown_task_changes_nothing(k):
    k.launch_app("contacts")
    before = k.state()
    with pytest.raises(KeyError, match="t9"):
        k.switch_to_task("t9")
    assert k.state() == before


TEXT = {"action": "ACTION_SEND", "type": "text/plain", "data": {"text": "hi"}}


def test_second_start_while_a_for_result_chooser_is_open_cancels_the_first(k, view):
    k.launch_app("railway")
    assert k.start_activity_for_result(TEXT, functools.partial(on_result_tagged, "first"))
    assert k.intents.chooser is not None
    assert k.start_activity_for_result(PICK, functools.partial(on_result_tagged, "second"))
    assert results == [("first", {"result_code": "CANCELED", "data": None,
                                  "caller_app_id": "railway"})]
    assert k.intents.chooser is None
    assert view(k)["railway"] == [("railway", ["/"]), ("contacts", ["/pick"])]
    k.set_result("OK", {"contact_id": 1})
    assert [tag for tag, _ in results] == ["first", "second"]  # each answered exactly once
    assert results[1][1]["result_code"] == "OK"


def test_a_new_chooser_replaces_an_open_one_only_after_cancelling_it(k):
    k.launch_app("railway")
    k.start_activity_for_result(TEXT, functools.partial(on_result_tagged, "first"))
    k.start_activity_for_result(TEXT, functools.partial(on_result_tagged, "second"))
    assert [tag for tag, r in results if r["result_code"] == "CANCELED"] == ["first"]
    k.handle_back()  # dismisses the second chooser
    assert [tag for tag, _ in results] == ["first", "second"]


def test_for_result_into_a_single_task_receiver_pushes_onto_the_callers_task(k, view, tid):
    wechat = k.launch_app("wechat")
    wechat.top.push("/chat/1")
    k.launch_app("railway")
    assert k.start_activity_for_result(share(uri="content://media/1"), on_result)
    # the receiver's own Task is untouched; the result activity sits on the caller's Task
    assert view(k) == {"wechat": [("wechat", ["/", "/chat/1"])],
                       "railway": [("railway", ["/"]), ("wechat", ["/share"])]}
    assert k.tasks.active_task_id == tid(k, "railway")
    k.set_result("OK", {"sent": True})
    assert results == [("cb", {"result_code": "OK", "data": {"sent": True},
                               "caller_app_id": "railway"})]
    assert view(k)["railway"] == [("railway", ["/"])]
    assert k.tasks.active_task_id == tid(k, "railway")


def test_two_for_result_callers_of_a_single_task_receiver_are_both_answered(k, view):
    k.launch_app("railway")
    k.start_activity_for_result(share(n=1), functools.partial(on_result_tagged, "railway"))
    k.launch_app("gallery")
    k.start_activity_for_result(share(n=2), functools.partial(on_result_tagged, "gallery"))
    assert k.tasks.task_for_app("wechat") is None  # never promoted into its own Task
    k.set_result("OK", {"n": 2})
    k.launch_app("railway")
    k.handle_back()  # backs out of the first share: CANCELED
    assert results == [
        ("gallery", {"result_code": "OK", "data": {"n": 2}, "caller_app_id": "gallery"}),
        ("railway", {"result_code": "CANCELED", "data": None, "caller_app_id": "railway"})]


def test_for_result_from_home_still_follows_the_launch_mode(k, view):
    assert k.start_activity_for_result(share(n=1), on_result)  # no caller Task to push onto
    assert view(k) == {"wechat": [("wechat", ["/", "/share"])]}


def test_set_result_on_an_activity_not_started_for_result_is_ignored(k, view):
    k.launch_app("settings")
    k.start_activity_for_result(PICK, on_result)
    k.start_activity(PAY)  # contacts opens a payment screen on top, not for a result
    k.set_result("OK", {"transaction_id": "tx"})
    assert results == []  # the waiting picker below is not answered by someone else's result
    assert view(k)["settings"] == [("settings", ["/"]), ("contacts", ["/pick"])]
    k.set_result("OK", {"contact_id": 2})
    assert results == [("cb", {"result_code": "OK", "data": {"contact_id": 2},
                               "caller_app_id": "settings"})]


def test_overlays_belong_to_their_task_and_leaving_cancels_them(k):
    k.launch_app("railway")
    k.start_activity_for_result(TEXT, on_result)
    k.go_home()
    assert k.intents.chooser is None and k.state()["os"]["chooser"] is None
    assert results == [("cb", {"result_code": "CANCELED", "data": None,
                               "caller_app_id": "railway"})]
    k.launch_app("railway")
    k.open_media_picker("image/*", functools.partial(on_result_tagged, "picker"))
    k.show_recents()
    assert k.media_picker.is_open is False
    assert results[-1] == ("picker", {"result_code": "CANCELED", "data": None,
                                      "caller_app_id": "railway"})
    k.switch_to_task(k.tasks.recents[0])
    k.permissions.request("railway", "camera")
    k.open_app("settings")  # e.g. a notification
    assert k.permissions.pending is None
    assert k.permissions.status("railway", "camera") == "not_requested"


def test_closing_the_foreground_task_cancels_its_chooser(k):
    k.launch_app("railway")
    k.start_activity_for_result(TEXT, on_result)
    k.close_app("railway")
    assert k.intents.chooser is None
    assert [r["result_code"] for _, r in results] == ["CANCELED"]


def test_back_on_the_permission_dialog_is_a_denial_and_the_second_is_forever(k):
    k.launch_app("railway")
    k.permissions.request("railway", "location")
    assert k.handle_back() == "permission.dialog"
    assert k.permissions.status("railway", "location") == "denied"
    k.permissions.request("railway", "location")
    assert k.handle_back() == "permission.dialog"
    assert k.permissions.status("railway", "location") == "denied_forever"
    assert k.permissions.request("railway", "location") == "denied_forever"
    assert k.permissions.pending is None


def test_intent_filters_document_their_params_without_enforcing_them():
    from mobilegym_env.kernel.package_manager import IntentFilter

    f = IntentFilter("ACTION_SENDTO", "/compose", scheme="sms",
                     params=(("address", "phone number"), ("body", "text to prefill")))
    assert dict(f.params) == {"address": "phone number", "body": "text to prefill"}
    with pytest.raises(ValueError, match="params"):
        IntentFilter("ACTION_VIEW", params=("address",))


def test_filter_params_are_not_enforced(k):
    k.launch_app("railway")
    assert k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms", "data": {"x": 1}})
    assert k.tasks.top_activity.intent["data"] == {"x": 1}


def test_chooser_first_match_config_starts_the_first_candidate(kernel_factory, view):
    from mobilegym_env.kernel import KernelConfig

    k = kernel_factory(KernelConfig().with_overrides({"intent": {"chooser": "first_match"}}))
    k.launch_app("railway")
    assert k.start_activity(TEXT)
    assert k.intents.chooser is None
    assert view(k)["railway"] == [("railway", ["/"]), ("notes", ["/new"])]
