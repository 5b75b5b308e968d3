import functools
import json
import pickle

import pytest

from mobilegym_env.kernel.os_state import OsState
from mobilegym_env.kernel.permissions import PermissionService

calls: list[tuple] = []


def record(app_id, perm, status):
    calls.append((app_id, perm, status))


def tagged(tag, app_id, perm, status):
    calls.append((tag, app_id, perm, status))


@pytest.fixture(autouse=True)
def _reset_calls():
    calls.clear()


@pytest.fixture
def os_state():
    return OsState()


@pytest.fixture
def svc(os_state):
    return PermissionService(os_state)


def test_request_grant_persists(svc, os_state):
    assert svc.status("camera_app", "camera") == "not_requested"
    assert svc.request("camera_app", "camera", record) is None
    assert svc.state() == {"pending": {"app_id": "camera_app", "perm": "camera"}}
    assert svc.respond(True) == "granted"
    assert svc.pending is None
    assert calls == [("camera_app", "camera", "granted")]
    assert os_state.state()["permissions"] == {"camera_app": {"camera": "granted"}}
    # Already granted: resolved at once, callback called immediately, no dialog.
    assert svc.request("camera_app", "camera", record) == "granted"
    assert svc.pending is None
    assert calls[-1] == ("camera_app", "camera", "granted")


def test_second_denial_is_forever(svc, os_state):
    svc.request("maps", "location", record)
    assert svc.respond(False) == "denied"
    svc.request("maps", "location", record)
    assert svc.pending is not None  # a plain denial may be asked again
    assert svc.respond(False) == "denied_forever"
    assert svc.request("maps", "location", record) == "denied_forever"
    assert svc.pending is None
    assert calls == [
        ("maps", "location", "denied"),
        ("maps", "location", "denied_forever"),
        ("maps", "location", "denied_forever"),
    ]
    assert os_state.get(("permissions", "maps", "location")) == "denied_forever"


def test_dont_ask_again_and_dismiss(svc):
    svc.request("a", "sms")
    assert svc.respond(False, dont_ask_again=True) == "denied_forever"
    svc.request("a", "contacts", functools.partial(tagged, "t"))
    assert svc.dismiss() is True
    assert svc.status("a", "contacts") == "denied"
    assert calls == [("t", "a", "contacts", "denied")]
    assert svc.dismiss() is False
    # Back counts as a denial: a second one escalates, as a second "Don't allow" does.
    svc.request("a", "contacts")
    svc.dismiss()
    assert svc.status("a", "contacts") == "denied_forever"
    assert svc.request("a", "contacts") == "denied_forever"  # never asked again


def test_cancel_interrupts_without_changing_the_status(svc):
    svc.request("a", "camera", functools.partial(tagged, "t"))
    assert svc.cancel() is True
    assert (svc.pending, svc.status("a", "camera")) == (None, "not_requested")
    assert calls == [("t", "a", "camera", "not_requested")]
    assert svc.cancel() is False
    svc.request("a", "camera")  # the app may ask again
    assert svc.pending is not None


def test_lambda_rejected_before_any_change(svc, os_state):
    before = os_state.state()
    with pytest.raises(ValueError, match="lambda"):
        svc.request("a", "camera", lambda *a: None)
    assert svc.pending is None and os_state.state() == before


def test_bad_input(svc, os_state):
    before = os_state.state()
    with pytest.raises(ValueError, match="teleport"):
        svc.request("a", "teleport")
    with pytest.raises(ValueError, match="app_id"):
        svc.grant("", "camera")
    with pytest.raises(ValueError, match="pending"):
        svc.respond(True)
    with pytest.raises(ValueError):
        svc.set_status("a", "camera", "maybe")
    assert os_state.state() == before
    svc.request("a", "camera")
    assert svc.request("a", "camera") is None  # same dialog again: no-op
    with pytest.raises(ValueError, match="already pending"):
        svc.request("b", "camera")
    with pytest.raises(ValueError):
        svc.respond("yes")
    assert svc.pending is not None


def test_grant_revoke_set_status_clear_pending(svc, os_state):
    svc.grant("a", "camera")
    svc.revoke("a", "microphone")
    svc.set_status("b", "phone", "denied_forever")
    assert os_state.state()["permissions"] == {
        "a": {"camera": "granted", "microphone": "denied"},
        "b": {"phone": "denied_forever"},
    }
    svc.request("c", "calendar", record)
    svc.clear_pending()
    assert svc.pending is None and calls == []


def test_json_pickle_with_pending(svc):
    svc.request("a", "storage", functools.partial(tagged, "x"))
    json.dumps(svc.state())
    clone = pickle.loads(pickle.dumps(svc))
    assert clone.state() == svc.state()
    clone.respond(True)
    assert calls == [("x", "a", "storage", "granted")]
    assert svc.pending is not None  # the original is independent
