"""Nothing an agent does can crash the env or corrupt its state (property-based)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobilegym_env import actions as A
from mobilegym_env.device import Device
from mobilegym_env.env import MobileGymEnv

unit = st.floats(0.0, 1.0, allow_nan=False)
any_text = st.text(max_size=40)  # every code point, surrogates and controls included
action = st.one_of(
    st.builds(A.tap, unit, unit),
    st.builds(A.double_tap, unit, unit),
    st.builds(A.long_press, unit, unit),
    st.builds(A.swipe, unit, unit, unit, unit),
    st.builds(A.type_text, any_text),
    st.sampled_from([A.back(), A.home(), A.recents(), A.enter(), A.wait()]),
)

ENV = MobileGymEnv(task=None, max_steps=10_000)


def _accepted(a: dict) -> bool:
    try:
        A.parse(a)
    except (ValueError, KeyError):
        return False
    return True


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), actions=st.lists(action, max_size=40))
def test_random_gestures_never_crash_and_state_stays_consistent(seed, actions):
    ENV.reset(seed=seed)
    for a in actions:
        if not _accepted(a):  # untypable text: refused before anything changes
            before = ENV.device.state()
            with pytest.raises(ValueError):
                ENV.step(a)
            assert ENV.device.state() == before
            continue
        obs, reward, terminated, truncated, info = ENV.step(a)
        assert ENV.observation_space.contains(obs)
        if terminated:
            break
    device = ENV.device
    assert device.crashes == []
    state = device.state()
    json.dumps(state)
    clone = Device.restore(device.snapshot())
    assert clone.state() == state
    assert (clone.render() == device.render()).all()


SPACE_ENV = MobileGymEnv(task="launcher", max_steps=10_000)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), n=st.integers(1, 30))
def test_every_action_the_space_samples_is_accepted(seed, n):
    SPACE_ENV.reset(seed=seed)
    SPACE_ENV.action_space.seed(seed)
    for _ in range(n):
        a = SPACE_ENV.action_space.sample()
        assert SPACE_ENV.action_space.contains(a)
        _, _, terminated, truncated, _ = SPACE_ENV.step(a)
        if terminated or truncated:
            break


bad_action = st.one_of(
    st.fixed_dictionaries({"action_type": st.integers(12, 99)}),
    st.fixed_dictionaries({"action_type": st.sampled_from(["TAPP", "", "swipe_up"])}),
    st.fixed_dictionaries({"action_type": st.just(0), "point": st.tuples(
        st.floats(allow_nan=True), st.floats(allow_nan=True)).filter(
        lambda p: not all(0 <= v <= 1 for v in p))}),
    st.fixed_dictionaries({"action_type": st.just(3), "text": st.one_of(
        st.text(min_size=513, max_size=600), st.integers(), st.just("a\x00b"),
        st.just("\ud800"))}),
    st.fixed_dictionaries({"action_type": st.just(0), "point": st.just([0.5, 0.5]),
                           "color": st.just("red")}),
    st.just({"point": [0.5, 0.5]}),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), bad=bad_action)
def test_a_rejected_action_changes_nothing(seed, bad):
    SPACE_ENV.reset(seed=seed)
    state, rng = SPACE_ENV.device.state(), SPACE_ENV.np_random.bit_generator.state
    frame = SPACE_ENV.render().copy()
    assert not SPACE_ENV.action_space.contains(bad)
    with pytest.raises((ValueError, KeyError)):
        SPACE_ENV.step(bad)
    assert SPACE_ENV.device.state() == state
    assert SPACE_ENV.np_random.bit_generator.state == rng
    assert np.array_equal(SPACE_ENV.render(), frame)
    SPACE_ENV.step(A.wait())  # and the env is still usable
