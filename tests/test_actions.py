"""The action contract at its edges: what ``step`` refuses (points that are not real numbers,
non-characters of every plane) it refuses before anything changes, and
``action_space.contains`` agrees with ``step`` on every action, as the README promises."""

from __future__ import annotations

import warnings
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobilegym_env import actions as A
from mobilegym_env.env import MobileGymEnv

ENV = MobileGymEnv(task="launcher.open_app", max_steps=100_000)
ENV.reset(seed=0)

# every non-character: U+FDD0..U+FDEF and the last two code points of each of the 17 planes
NONCHARACTERS = [*range(0xFDD0, 0xFDF0)] + [plane << 16 | low for plane in range(17)
                                             for low in (0xFFFE, 0xFFFF)]


def _steps(action: Any) -> bool:
    """Whether ``ENV.step`` takes ``action``; a refusal must change nothing (and raise
    ValueError or KeyError, nothing else)."""
    if ENV._ended:
        ENV.reset(seed=1)
    state, frame = ENV.device.state(), ENV.render().copy()
    try:
        ENV.step(action)
    except (ValueError, KeyError):
        assert ENV.device.state() == state
        assert np.array_equal(ENV.render(), frame)
        return False
    return True


@pytest.mark.parametrize("point", [
    np.array([0.5 + 1j, 0.5]), [0.5 + 1j, 0.5], (0.5, 0.5j), [0.5, complex(0.5, 0)],
    np.array([0.5, 0.5], np.complex64)], ids=repr)
def test_complex_points_are_refused_not_played_as_their_real_part(point):
    """numpy dropped the imaginary part with only a ComplexWarning: a tap at (0.5, 0.5)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # and no ComplexWarning on the way
        for action in ({"action_type": "TAP", "point": point},
                       {"action_type": "SWIPE", "point": [0.5, 0.5], "end_point": point}):
            with pytest.raises(ValueError, match="must be real numbers"):
                A.parse(action)
            assert not ENV.action_space.contains(action)
            assert not _steps(action)


BAD_POINTS = [
    ([True, False], "real numbers"), (np.array([True, False]), "real numbers"),
    ([np.bool_(True), 0.5], "real numbers"), (["0.5", "0.5"], "real numbers"),
    (np.array(["0.5", "0.5"]), "real numbers"), ("0.5", "real numbers"), (b"01", "real numbers"),
    (np.array([0.5, 0.5], dtype=object), "real numbers"), ([None, 0.5], "real numbers"),
    ([Decimal("0.5"), 0.5], "real numbers"), ({"x": 0.5, "y": 0.5}, "real numbers"),
    (np.array([1, 0], dtype="datetime64[s]"), "real numbers"),
    ([float("nan"), 0.5], "finite"), (np.array([0.5, np.inf]), "finite"),
    ([-float("inf"), 0.5], "finite"), ([10**400, 0.5], r"\[0, 1\]"), ([1.5, 0.5], r"\[0, 1\]"),
    ([[0.5, 0.5]], "shape"), (np.zeros((1, 2)), "shape"), ([0.5, 0.5, 0.5], "shape"),
]


@pytest.mark.parametrize(("point", "problem"), BAD_POINTS, ids=repr)
def test_points_must_be_two_real_numbers_in_the_unit_square(point, problem):
    action = {"action_type": "TAP", "point": point}
    with pytest.raises(ValueError, match=problem):
        A.parse(action)
    assert not ENV.action_space.contains(action)
    assert not _steps(action)


GOOD_POINTS = [[0.5, 0.5], (0, 1), (np.float32(0.25), np.int64(1)), np.array([0, 1], np.uint8),
               np.array([0.5, 0.5], np.float16), [Fraction(1, 2), 0.0], [np.array(0.5), 0.5],
               np.array([0.5, 0.5])]


@pytest.mark.parametrize("point", GOOD_POINTS, ids=repr)
def test_real_points_of_any_numeric_type_are_taken(point):
    action = {"action_type": "TAP", "point": point}
    expected = tuple(float(v) for v in np.asarray(point, dtype=np.float64))
    assert A.parse(action).point == expected
    assert ENV.action_space.contains(action)
    assert _steps(action)


@pytest.mark.parametrize("code", NONCHARACTERS, ids=lambda c: f"U+{c:04X}")
def test_noncharacters_of_every_plane_are_refused(code):
    text = f"ok {chr(code)}"
    for build in (A.type_text, A.answer):
        with pytest.raises(ValueError, match=f"U\\+{code:04X} at position 3"):
            A.parse(build(text))
        assert not ENV.action_space.contains(build(text))
        assert not ENV.action_space["text"].contains(text)
    assert not _steps(A.type_text(text))


@pytest.mark.parametrize("code", [0xFFFD, 0x1FFFD, 0x1F600, 0x2FFFD, 0x10FFFD, 0xFDCF, 0xFDF0,
                                  0x1FFF0, 0xE0041], ids=lambda c: f"U+{c:04X}")
def test_characters_next_to_them_are_typable(code):
    action = A.type_text(f"ok {chr(code)}")
    assert A.parse(action).text == f"ok {chr(code)}"
    assert ENV.action_space.contains(action)
    assert _steps(action)


def test_mixed_type_unknown_keys_are_a_key_error_not_a_type_error():
    action = {"action_type": "BACK", 5: 1, "colour": "red"}
    with pytest.raises(KeyError, match="unknown action keys"):
        A.parse(action)
    assert not ENV.action_space.contains(action)


def test_a_sample_charset_no_keyboard_types_is_refused():
    with pytest.raises(ValueError, match="U\\+10FFFF"):
        A.action_space(sample_charset="ab\U0010ffff")
    space = A.action_space(sample_charset="aé\U0001f600")
    space.seed(0)
    assert all(A.parse(space.sample()) for _ in range(200))


# ----- contains agrees with step, on hostile actions too
unit = st.floats(0.0, 1.0)
number = st.one_of(unit, st.floats(), st.integers(-2, 2), st.booleans(),
                   st.complex_numbers(max_magnitude=1.0), st.text(max_size=3), st.none(),
                   st.sampled_from([np.float32(0.5), np.int64(1), np.bool_(False),
                                    np.complex128(0.5)]))
point = st.one_of(
    st.tuples(unit, unit),
    st.lists(number, min_size=0, max_size=3),
    st.tuples(number, number).map(lambda p: np.array(p)),
    st.tuples(unit, unit).map(lambda p: np.array(p, np.float32)),
    st.tuples(unit, unit).map(lambda p: np.array(p, np.complex64)),
    st.tuples(unit, unit).map(lambda p: np.array(p, object)),
    st.just("0.5"),
)
text = st.one_of(
    st.text(max_size=20),  # every code point: controls, surrogates, all planes
    st.lists(st.sampled_from([chr(c) for c in NONCHARACTERS] + ["a", "\n", "\U0001f600"]),
             max_size=5).map("".join),
    st.integers(),
)
any_action = st.fixed_dictionaries(
    {"action_type": st.one_of(st.integers(-1, 12), st.sampled_from(
        ["tap", "SWIPE", "type", "answer", "back", "fly", ""]), st.booleans())},
    optional={"point": point, "end_point": point, "text": text},
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=any_action)
def test_contains_is_true_exactly_for_the_actions_step_takes(action):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no ComplexWarning: a complex point is refused first
        assert ENV.action_space.contains(action) == _steps(action)


def test_every_sample_is_an_action_step_takes():
    space = MobileGymEnv(task="launcher.open_app").action_space
    space.seed(7)
    for _ in range(300):
        action = space.sample()
        assert space.contains(action)
        assert _steps(action)
