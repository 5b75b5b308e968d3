"""Nothing an agent does can crash the env or corrupt its state (property-based)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobilegym_env import actions as A
from mobilegym_env.device import Device
from mobilegym_env.env import MobileGymEnv

unit = st.floats(0.0, 1.0, allow_nan=False)
action = st.one_of(
    st.builds(A.tap, unit, unit),
    st.builds(A.long_press, unit, unit),
    st.builds(A.swipe, unit, unit, unit, unit),
    st.builds(A.type_text, st.text(min_size=1, max_size=20)),
    st.sampled_from([A.back(), A.home(), A.recents(), A.enter(), A.wait()]),
)

ENV = MobileGymEnv(task=None, max_steps=10_000)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), actions=st.lists(action, max_size=40))
def test_random_gestures_never_crash_and_state_stays_consistent(seed, actions):
    ENV.reset(seed=seed)
    for a in actions:
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
