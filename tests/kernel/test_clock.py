import datetime
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobilegym_env.kernel.clock import VirtualClock

T0 = 1_710_063_015_000  # 2024-03-10 09:30:15 UTC


def test_state_and_iso_at_fixed_epoch():
    c = VirtualClock(T0)
    assert c.state() == {"now_ms": T0, "iso": "2024-03-10T09:30:15", "tz_offset_minutes": 0}
    c8 = VirtualClock(T0, tz_offset_minutes=480)
    assert c8.state()["iso"] == "2024-03-10T17:30:15"
    assert VirtualClock(T0, -300).local_datetime() == datetime.datetime(2024, 3, 10, 4, 30, 15)
    assert VirtualClock(0).state()["iso"] == "1970-01-01T00:00:00"


def test_advance_and_format():
    c = VirtualClock(T0)
    c.advance(0)
    c.advance(15 * 60_000 + 999)
    assert c.now_ms() == T0 + 15 * 60_000 + 999
    assert c.format("%Y-%m-%d %H:%M:%S") == "2024-03-10 09:45:15"
    assert c.format("%a %H:%M") == "Sun 09:45"
    assert c.local_datetime().tzinfo is None


def test_bad_input_leaves_state_unchanged():
    c = VirtualClock(T0)
    before = c.state()
    for bad in (-1, 1.5, True, "5"):
        with pytest.raises(ValueError):
            c.advance(bad)
    assert c.state() == before
    with pytest.raises(ValueError, match="tz_offset_minutes"):
        VirtualClock(T0, 24 * 60)
    with pytest.raises(ValueError, match="start_ms"):
        VirtualClock(1.0)


def test_set_now():
    c = VirtualClock(T0)
    c.set_now(0)
    assert c.now_ms() == 0


def test_json_and_pickle_roundtrip():
    c = VirtualClock(T0, 60)
    c.advance(1234)
    json.dumps(c.state())
    assert pickle.loads(pickle.dumps(c)).state() == c.state()


def test_state_is_a_copy():
    c = VirtualClock(T0)
    s = c.state()
    s["now_ms"] = 0
    assert c.now_ms() == T0


@given(st.integers(0, 4_000_000_000_000), st.integers(-720, 840))
def test_local_matches_stdlib(ms, offset):
    c = VirtualClock(ms, offset)
    tz = datetime.timezone(datetime.timedelta(minutes=offset))
    expected = datetime.datetime.fromtimestamp(ms / 1000, tz=tz).replace(tzinfo=None)
    assert abs((c.local_datetime() - expected).total_seconds()) < 0.001
