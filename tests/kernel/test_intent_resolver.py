"""Intent matching, route priority and the chooser (cross-app-launch.md; os-overview.md "Intent
system")."""

from __future__ import annotations

import pytest

from mobilegym_env.kernel.intent_resolver import Intent, filter_matches, mime_matches
from mobilegym_env.kernel.package_manager import IntentFilter

results: list[dict] = []


def on_result(kernel, result):
    results.append(result)


@pytest.fixture(autouse=True)
def _clear():
    results.clear()


# ----- matching
@pytest.mark.parametrize(
    ("pattern", "mime", "ok"),
    [
        ("image/*", "image/png", True),
        ("image/png", "image/png", True),
        ("image/png", "image/jpeg", False),
        ("image/*", "text/plain", False),
        ("*/*", "video/mp4", True),
        ("text/plain", "text/*", True),
    ],
)
def test_mime_matches(pattern, mime, ok):
    assert mime_matches(pattern, mime) is ok


def test_filter_matches_action_scheme_type():
    sms = IntentFilter("ACTION_SENDTO", route="/compose", scheme="sms")
    assert filter_matches(sms, Intent("ACTION_SENDTO", scheme="sms"))
    assert not filter_matches(sms, Intent("ACTION_SENDTO", scheme="mailto"))
    assert not filter_matches(sms, Intent("ACTION_SENDTO"))  # filter needs a scheme
    assert not filter_matches(sms, Intent("ACTION_VIEW", scheme="sms"))
    share = IntentFilter("ACTION_SEND", type="image/*")
    assert filter_matches(share, Intent("ACTION_SEND", type="image/jpeg"))
    assert not filter_matches(share, Intent("ACTION_SEND"))
    plain = IntentFilter("ACTION_PICK")
    assert filter_matches(plain, Intent("ACTION_PICK"))
    assert not filter_matches(plain, Intent("ACTION_PICK", type="vnd/contact"))


def test_resolve(k):
    r = k.intents.resolve
    assert [a for a, _ in r(Intent("ACTION_SENDTO", scheme="sms"))] == ["sms"]
    assert [a for a, _ in r(Intent("ACTION_SEND", type="image/png"))] == ["wechat"]
    assert [a for a, _ in r(Intent("ACTION_SEND", type="text/plain"))] == ["notes", "mail"]
    assert [a for a, _ in r(Intent("ACTION_PAY", scheme="alipays"))] == ["alipay"]
    assert r(Intent("ACTION_PAY", scheme="weixin")) == []
    assert r(Intent("ACTION_DIAL", scheme="tel")) == []
    # Explicit app id skips matching; an app without a matching filter lands on "/".
    assert r(Intent("ACTION_SENDTO", scheme="sms", app_id="sms"))[0][1].route == "/compose"
    assert r(Intent(app_id="gallery"))[0][1].route == "/"
    with pytest.raises(KeyError, match="nope"):
        r(Intent(app_id="nope"))


def test_intent_coerce():
    i = Intent.coerce({"action": "ACTION_VIEW", "type": "inode/directory", "route": "/x"})
    assert (i.action, i.type, i.route, i.data) == ("ACTION_VIEW", "inode/directory", "/x", {})
    assert Intent.coerce(i) is i
    with pytest.raises(ValueError, match="bogus"):
        Intent.coerce({"action": "ACTION_VIEW", "bogus": 1})
    with pytest.raises(ValueError, match="action"):
        Intent.coerce({"type": "text/plain"})
    with pytest.raises(ValueError):
        Intent.coerce("ACTION_VIEW")


def test_filter_validation():
    with pytest.raises(ValueError, match="launch_mode"):
        IntentFilter("ACTION_VIEW", launch_mode="singleTop")
    with pytest.raises(ValueError, match="route"):
        IntentFilter("ACTION_VIEW", route="x")


# ----- route priority: intent.route ?? filter.route ?? '/'
def test_caller_route_wins_over_filter_route(k, view):
    k.launch_app("settings")
    k.start_activity(
        {"action": "ACTION_VIEW", "type": "inode/directory", "route": "/category/images"}
    )
    assert view(k) == {"settings": [("settings", ["/"]), ("files", ["/category/images"])]}


def test_filter_route_when_caller_gives_none(k, view):
    k.launch_app("railway")
    k.start_activity({"action": "ACTION_PAY", "scheme": "alipays", "data": {"amount": 99}})
    assert view(k) == {"railway": [("railway", ["/"]), ("alipay", ["/pay"])]}
    assert k.tasks.top_activity.intent == {
        "action": "ACTION_PAY",
        "type": None,
        "scheme": "alipays",
        "data": {"amount": 99},
    }


def test_singletask_caller_route_wins(k, view):
    k.launch_app("gallery")
    k.start_activity({"action": "ACTION_SEND", "type": "image/png", "route": "/share/moments"})
    assert view(k)["wechat"] == [("wechat", ["/", "/share/moments"])]


# ----- chooser
def test_several_matches_open_the_chooser(k, view):
    k.launch_app("gallery")
    assert k.start_activity({"action": "ACTION_SEND", "type": "text/plain", "data": {"t": "hi"}})
    assert view(k) == {"gallery": [("gallery", ["/"])]}  # nothing launched yet
    assert k.state()["os"]["chooser"] == {
        "action": "ACTION_SEND",
        "candidates": [
            {"app_id": "notes", "label": "Save to Notes"},  # filter description
            {"app_id": "mail", "label": "Mail"},  # falls back to the app name
        ],
    }


def test_choose_dispatches(k, view, tid):
    k.launch_app("gallery")
    k.start_activity({"action": "ACTION_SEND", "type": "text/plain", "data": {"t": "hi"}})
    k.choose("mail")
    assert k.intents.chooser is None
    assert view(k) == {"gallery": [("gallery", ["/"]), ("mail", ["/compose"])]}
    assert k.tasks.top_activity.intent["data"] == {"t": "hi"}
    assert k.tasks.active_task_id == tid(k, "gallery")


def test_choose_keeps_new_task_option(k, view, tid):
    k.launch_app("gallery")
    k.start_activity({"action": "ACTION_SEND", "type": "text/plain"}, new_task=True)
    k.choose("notes")
    assert view(k) == {"gallery": [("gallery", ["/"])], "notes": [("notes", ["/new"])]}
    assert k.tasks.task_for_app("notes").launched_by_task_id == tid(k, "gallery")


def test_choose_errors(k):
    with pytest.raises(ValueError, match="chooser"):
        k.choose("notes")
    k.launch_app("gallery")
    k.start_activity({"action": "ACTION_SEND", "type": "text/plain"})
    with pytest.raises(KeyError, match="wechat"):
        k.choose("wechat")
    assert k.intents.chooser is not None  # still open


def test_back_cancels_chooser(k, view):
    k.launch_app("gallery")
    k.start_activity({"action": "ACTION_SEND", "type": "text/plain"})
    assert k.handle_back() == "os.intentChooser"
    assert k.state()["os"]["chooser"] is None
    assert view(k) == {"gallery": [("gallery", ["/"])]}


def test_back_on_for_result_chooser_delivers_canceled(k, view):
    k.launch_app("gallery")
    assert k.start_activity_for_result({"action": "ACTION_SEND", "type": "text/plain"}, on_result)
    assert results == []
    assert k.handle_back() == "os.intentChooser"
    assert results == [{"result_code": "CANCELED", "data": None, "caller_app_id": "gallery"}]
    assert view(k) == {"gallery": [("gallery", ["/"])]}


def test_for_result_through_chooser_then_ok(k, view):
    k.launch_app("gallery")
    k.start_activity_for_result({"action": "ACTION_SEND", "type": "text/plain"}, on_result)
    k.choose("notes")
    assert view(k) == {"gallery": [("gallery", ["/"]), ("notes", ["/new"])]}
    k.set_result("OK", {"note_id": 7})
    assert results == [{"result_code": "OK", "data": {"note_id": 7}, "caller_app_id": "gallery"}]
    assert view(k) == {"gallery": [("gallery", ["/"])]}


def test_non_matching_intent_returns_false_without_state_change(k):
    k.launch_app("gallery")
    before = k.state()
    assert k.start_activity({"action": "ACTION_DIAL", "scheme": "tel"}) is False
    assert k.start_activity({"action": "ACTION_SEND", "type": "video/mp4"}, new_task=True) is False
    assert k.start_activity_for_result({"action": "ACTION_PICK", "type": "x/y"}, on_result) is False
    assert k.state() == before
    assert results == []


def test_non_matching_intent_keeps_overlays(k):
    t = k.launch_app("notes")
    k.keyboard.show(t.top.activity_id, "title")
    assert k.start_activity({"action": "ACTION_DIAL", "scheme": "tel"}) is False
    assert k.keyboard.visible is True
