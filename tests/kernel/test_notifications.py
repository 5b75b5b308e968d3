import json
import pickle

import pytest

from mobilegym_env.kernel.clock import VirtualClock
from mobilegym_env.kernel.notifications import HEADS_UP_MS, NotificationService

T0 = 1_000_000


@pytest.fixture
def clock():
    return VirtualClock(T0)


@pytest.fixture
def svc(clock):
    return NotificationService(clock)


def test_post_ids_order_and_state(svc, clock):
    a = svc.post("messages", "Alice", "hi", route="/thread/1")
    clock.advance(10)
    b = svc.post("clock", "Alarm", heads_up=False)
    assert (a, b) == (1, 2)
    assert [n.id for n in svc.items] == [2, 1]
    assert svc.state() == {
        "items": [
            {"id": 2, "app_id": "clock", "title": "Alarm", "body": "", "route": None,
             "posted_ms": T0 + 10, "read": False, "actions": []},
            {"id": 1, "app_id": "messages", "title": "Alice", "body": "hi",
             "route": "/thread/1", "posted_ms": T0, "read": False, "actions": []},
        ],
        "heads_up_id": 1,
    }  # fmt: skip


def test_actions_are_checked_and_kept(svc):
    actions = [{"label": "Reply", "route": "/thread/1"},
               {"label": "Mark as read", "broadcast": "messages.MARK_READ",
                "extras": {"address": "1"}}]
    nid = svc.post("messages", "Alice", "hi", actions=actions)
    actions[0]["label"] = "changed later"  # the service keeps its own copy
    assert [a["label"] for a in svc.get(nid).actions] == ["Reply", "Mark as read"]
    for bad in ([{"label": "Reply"}], [{"label": "", "route": "/"}],
                [{"label": "x", "route": "/", "broadcast": "b"}], [{"label": "x", "url": "/"}],
                [{"label": "x", "route": "/", "extras": []}], "Reply",
                [{"label": str(i), "route": "/"} for i in range(4)]):
        with pytest.raises(ValueError):
            svc.post("messages", "Alice", actions=bad)
    assert [n.id for n in svc.items] == [nid]  # nothing posted by a refused call


def test_heads_up_expiry(svc, clock):
    nid = svc.post("messages", "Alice")
    clock.advance(HEADS_UP_MS - 1)
    assert svc.heads_up is not None and svc.heads_up.id == nid
    clock.advance(2)  # 5001 ms after posting
    assert svc.heads_up is None
    assert svc.state()["heads_up_id"] is None
    assert len(svc.items) == 1


def test_newer_heads_up_replaces_and_dismiss(svc):
    svc.post("a", "first")
    second = svc.post("b", "second")
    assert svc.heads_up.id == second
    svc.dismiss_heads_up()
    assert svc.heads_up is None
    third = svc.post("c", "third")
    svc.dismiss(third)
    assert svc.heads_up is None
    assert [n.id for n in svc.items] == [2, 1]


def test_mark_read_get_clear(svc):
    nid = svc.post("a", "t")
    svc.mark_read(nid)
    assert svc.get(nid).read is True
    svc.get(nid).read = False  # a copy
    assert svc.get(nid).read is True
    svc.clear_all()
    assert svc.state() == {"items": [], "heads_up_id": None}
    assert svc.post("a", "t") == 2  # ids are not reused


def test_bad_input(svc):
    with pytest.raises(KeyError, match="99"):
        svc.dismiss(99)
    with pytest.raises(KeyError):
        svc.mark_read(99)
    for kwargs in ({"app_id": ""}, {"title": 3}, {"route": 5}, {"heads_up": "yes"}):
        args = {"app_id": "a", "title": "t", **kwargs}
        with pytest.raises(ValueError):
            svc.post(**args)
    assert svc.state() == {"items": [], "heads_up_id": None}
    assert svc.post("a", "t") == 1


def test_state_copy_json_pickle(svc):
    svc.post("a", "t", "b")
    s = svc.state()
    json.dumps(s)
    s["items"][0]["title"] = "x"
    assert svc.items[0].title == "t"
    svc.items[0].title = "y"
    assert svc.items[0].title == "t"
    assert pickle.loads(pickle.dumps(svc)).state() == svc.state()
