import json
import pickle

import pytest

from mobilegym_env.kernel.location import LOCATION_PRESETS, LocationService


def test_default_and_presets():
    loc = LocationService()
    assert loc.current() == {
        "lat": 37.7749, "lon": -122.4194, "accuracy_m": 10.0, "city": "San Francisco"
    }  # fmt: skip
    for name in ("beijing", "shanghai", "san_francisco", "new_york", "london"):
        assert name in LOCATION_PRESETS
    loc.set_preset("london")
    assert loc.state() == {
        "enabled": True, "preset": "london", "lat": 51.5074, "lon": -0.1278,
        "accuracy_m": 12.0, "city": "London",
    }  # fmt: skip
    assert LocationService("beijing").current()["city"] == "Beijing"


def test_set_coords_and_enabled():
    loc = LocationService()
    loc.set_coords(10, -20.5)
    assert loc.current() == {"lat": 10.0, "lon": -20.5, "accuracy_m": 10.0, "city": None}
    assert loc.state()["preset"] is None
    loc.set_enabled(False)
    assert loc.current() is None
    assert loc.state()["enabled"] is False


def test_bad_input_no_change():
    loc = LocationService("new_york")
    before = loc.state()
    with pytest.raises(KeyError, match="atlantis"):
        loc.set_preset("atlantis")
    for lat, lon in ((91, 0), (0, -180.5), (float("nan"), 0), ("1", 2), (True, 0)):
        with pytest.raises(ValueError):
            loc.set_coords(lat, lon)
    with pytest.raises(ValueError):
        loc.set_enabled("no")
    assert loc.state() == before
    with pytest.raises(KeyError):
        LocationService("nowhere")


def test_json_pickle_copy():
    loc = LocationService("shanghai")
    s = loc.state()
    json.dumps(s)
    s["lat"] = 0
    assert loc.current()["lat"] == 31.2304
    assert pickle.loads(pickle.dumps(loc)).state() == loc.state()
