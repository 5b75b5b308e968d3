"""Observations: new arrays per call, the small-frame option, vector envs writing frames into
the batch, and the Recents thumbnail cache (content-keyed, bounded, exact)."""

from __future__ import annotations

import warnings
from fractions import Fraction

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mobilegym_env  # noqa: F401
from mobilegym_env import actions as A
from mobilegym_env.agents import RandomAgent
from mobilegym_env.device import Device
from mobilegym_env.system import thumbnails
from mobilegym_env.testing import tap
from mobilegym_env.wrappers import batch_actions, make_vec


def test_observations_are_new_arrays_even_when_the_frame_did_not_change():
    env = gym.make("MobileGym-v0", task="launcher.open_app")
    first, _ = env.reset(seed=0)
    second, *_ = env.step(A.wait())
    third, *_ = env.step(A.wait())
    assert np.array_equal(second, third) and not np.shares_memory(second, third)
    assert not np.shares_memory(first, second)
    second[...] = 0  # the agent's array: the env never reads it again
    assert env.step(A.wait())[0].any()


@pytest.mark.parametrize("obs_size", [None, (84, 84)])
def test_check_env_is_clean(obs_size, as_if_displayed):
    env = gym.make("MobileGym-v0", task="notes.*", render_mode="rgb_array", obs_size=obs_size)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=False)


def test_small_frames_space_dtype_and_determinism():
    env = gym.make("MobileGym-v0", task="notes.*", obs_size=(84, 64))
    assert env.observation_space == gym.spaces.Box(0, 255, (84, 64, 3), np.uint8)
    runs = []
    for _ in range(2):
        obs, info = env.reset(seed=3)
        agent, frames = RandomAgent(), [obs]
        agent.reset(info["instruction"], {"seed": 3})
        for _ in range(30):
            obs, _, terminated, truncated, info = env.step(agent.act(obs, info))
            assert obs.dtype == np.uint8 and env.observation_space.contains(obs)
            frames.append(obs)
            if terminated or truncated:
                break
        runs.append(frames)
    assert len(runs[0]) == len(runs[1])
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def _area_average(full: np.ndarray, h: int, w: int) -> np.ndarray:
    """The reference: each output pixel is the mean of the input area it covers (fractional
    pixels weighted by the part covered), in floating point."""

    def weights(n: int, size: int) -> np.ndarray:
        m = np.zeros((n, size))
        for i in range(n):
            a, b = i * size / n, (i + 1) * size / n
            for j in range(int(a), min(int(np.ceil(b)), size)):
                m[i, j] = min(b, j + 1) - max(a, j)
        return m / (size / n)

    rows = np.tensordot(weights(h, full.shape[0]), full.astype(float), axes=(1, 0))
    return np.tensordot(weights(w, full.shape[1]), rows, axes=(1, 1)).transpose(1, 0, 2)


def _frames_after(env: gym.Env, actions: list, reduction: int = 1
                  ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray | None]]:
    """(observation, full frame, small frame at 1/reduction or None) after each action."""
    out = []
    device = env.unwrapped.device
    for action in actions:
        obs, *_ = env.step(action)
        small = device.render_small(reduction)[0].copy() if reduction > 1 else None
        out.append((obs, env.render(), small))
    return out


@pytest.mark.parametrize(("size", "reduction"), [((400, 180), 2), ((84, 84), 4),
                                                 ((160, 90), 4), ((64, 64), 5)])
def test_small_frames_are_drawn_small_then_area_averaged(size, reduction):
    env = gym.make("MobileGym-v0", task="launcher.open_app", obs_size=size,
                   render_mode="rgb_array")
    env.reset(seed=0)
    actions = [A.wait(), A.tap(0.5, 0.85), A.home(), A.recents()]
    for obs, full, small in _frames_after(env, actions, reduction):
        assert small.shape == (800 // reduction, 360 // reduction, 3)
        if small.shape[:2] == size:  # drawn at exactly that size: the observation itself
            assert np.array_equal(obs, small)
        else:
            diff = obs - _area_average(small, *size)
            # pygame's smoothscale truncates in each of its two passes (the more, the less it
            # shrinks): a few levels darker at most
            assert np.abs(diff).max() <= 5 and -3.5 <= diff.mean() <= 0.5
        # the picture of the full frame shrunk (text and edges drawn at their size differ
        # where they fall; two different screens differ by tens of levels)
        assert np.abs(obs - _area_average(full, *size)).mean() < 10


@pytest.mark.parametrize("size", [(600, 300), (800, 200)])
def test_small_frames_near_the_screen_size_are_the_frame_area_averaged(size):
    env = gym.make("MobileGym-v0", task="launcher.open_app", obs_size=size,
                   render_mode="rgb_array")
    env.reset(seed=0)
    for obs, full, _ in _frames_after(env, [A.wait(), A.home(), A.recents()]):
        diff = obs - _area_average(full, *size)
        # pygame's smoothscale truncates in each pass: the less it shrinks, the more levels
        assert np.abs(diff).max() <= 7 and -3.5 <= diff.mean() <= 0.5, diff


@pytest.mark.parametrize("dark", [False, True])
def test_small_frames_are_a_function_of_the_state(dark):
    """Kept pixels of retained rows are reused only where they sit alike within a device
    pixel: a list scrolled by any amount shows what a fresh paint of the state shows."""
    from mobilegym_env.ui import retain

    env = gym.make("MobileGym-v0", task="contacts.*", obs_size=(84, 84))
    env.reset(seed=1)
    device = env.unwrapped.device
    device.launch_app("contacts")
    device.kernel.set_preference("dark_mode", dark)
    device.invalidate()
    swipes = [A.swipe(0.5, 0.7, 0.5, 0.7 - dy) for dy in (0.013, 0.031, -0.022, 0.05, 0.007)]
    for action in [A.wait(), *swipes, A.back()]:
        env.step(action)
        shown = device.render_small(4)[0].copy()
        fresh = Device.restore(device.snapshot())
        retain.clear()  # no kept pixels: everything painted afresh
        assert np.array_equal(fresh.render_small(4)[0], shown)


def test_small_frames_ignore_the_screen_scale_and_pass_check_env(as_if_displayed):
    env = gym.make("MobileGym-v0", task="contacts.*", screen_scale=2, obs_size=(84, 84),
                   render_mode="rgb_array")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=False)
    obs, _ = env.reset(seed=2)
    device = env.unwrapped.device
    assert obs.shape == (84, 84, 3) and env.render().shape == (1600, 720, 3)
    one = Device.restore(device.snapshot())  # scale 1: the same small frame
    assert np.array_equal(device.render_small(4)[0], one.render_small(4)[0])


def test_a_small_scale_is_one_object_per_reduction_hashed_as_its_fraction():
    from mobilegym_env.ui.painter import reduced

    assert reduced(4) is reduced(4) and reduced(4) == Fraction(1, 4)
    assert hash(reduced(4)) == hash(Fraction(1, 4)) and {Fraction(1, 4): 1}[reduced(4)] == 1
    assert type(reduced(4) * 8) is Fraction  # arithmetic gives plain fractions


def test_render_small_refuses_a_bad_reduction():
    device = Device()
    for bad in (1, 17, 2.0, True, "4"):
        with pytest.raises(ValueError, match="reduction"):
            device.render_small(bad)
    assert device.render_small(2)[0].shape == (400, 180, 3)


def test_bad_obs_size_is_refused():
    for bad in ((0, 84), (84,), "84x84", (84.0, 84), (True, 84)):
        with pytest.raises(ValueError, match="obs_size"):
            gym.make("MobileGym-v0", task="launcher.open_app", obs_size=bad)


def _single_env_frames(task: str, seed: int, actions: list, max_steps: int,
                       obs_size: tuple[int, int] | None) -> list[np.ndarray]:
    """What a sub-env should show: the same actions on a lone env, reset as the vector env
    does (next-step autoreset, unseeded after the first)."""
    env = gym.make("MobileGym-v0", task=task, max_steps=max_steps, obs_size=obs_size)
    obs, _ = env.reset(seed=seed)
    frames, ended = [obs], False
    for action in actions:
        if ended:
            obs, _ = env.reset()
            ended = False
        else:
            obs, _, terminated, truncated, _ = env.step(action)
            ended = terminated or truncated
        frames.append(obs)
    return frames


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("obs_size", [None, (96, 48)])
def test_make_vec_frames_equal_lone_envs(mode, obs_size):
    tasks, steps = ["launcher.open_app", "notes.*"], 14
    agents = [RandomAgent(seed=i) for i in range(2)]
    actions = [[agents[i].act(None, {}) for i in range(2)] for _ in range(steps)]
    actions[3] = [A.wait(), A.wait()]  # unchanged frames too
    actions[4] = [A.wait(), A.wait()]
    envs = make_vec(tasks, vectorization_mode=mode, max_steps=5, obs_size=obs_size)
    try:
        obs, _ = envs.reset(seed=7)
        got = [obs.copy()]
        for batch in actions:
            obs, *_ = envs.step(batch_actions(batch))
            got.append(obs.copy())
    finally:
        envs.close()
    for i, task in enumerate(tasks):
        want = _single_env_frames(task, 7 + i, [a[i] for a in actions], 5, obs_size)
        for step, (g, w) in enumerate(zip(got, want, strict=True)):
            assert np.array_equal(g[i], w), f"sub-env {i} differs at step {step}"


def test_make_vec_without_copy_hands_out_the_batch_itself():
    envs = make_vec(["launcher.open_app"] * 2, vector_kwargs={"copy": False})
    try:
        first, _ = envs.reset(seed=0)
        second, *_ = envs.step(batch_actions([A.home(), A.wait()]))
        assert second is first or np.shares_memory(first, second)
    finally:
        envs.close()


# ----- Recents thumbnails
def _recents_frame(d: Device) -> np.ndarray:
    d.show_recents()
    return d.render().copy()


def _close(d: Device) -> None:
    """Back from Recents, and a frame without it (a visit's thumbnails are kept until then)."""
    d.handle_back()
    d.render()


def _three_tasks(d: Device) -> None:
    for app in ("notes", "messages", "contacts"):
        d.launch_app(app)
        d.go_home()


def _visits(d: Device, n: int) -> np.ndarray:
    """``n`` visits to Recents (a state is cached from its second visit on, and a visit that
    leaves state behind, such as the first one's scroll, makes a new state); the last frame."""
    for _ in range(n):
        frame = _recents_frame(d)
        _close(d)
    return frame


def test_a_restored_snapshot_draws_the_same_recents_frame_with_or_without_the_cache():
    d = Device()
    _three_tasks(d)
    _visits(d, 1)
    snap = d.snapshot()
    thumbnails.clear()
    cold = _recents_frame(Device.restore(snap))
    frames = [_recents_frame(Device.restore(snap)) for _ in range(3)]  # stored, then hits
    assert thumbnails.stats()["entries"] >= 1
    assert all(np.array_equal(cold, f) for f in frames)
    assert np.array_equal(cold, _recents_frame(d))


def test_one_devices_thumbnails_never_show_in_anothers_frames():
    a, b = Device(), Device()
    for d in (a, b):
        _three_tasks(d)
        _visits(d, 1)
    notes = b.kernel.app_state("notes")["notes"]
    notes[0]["title"] = "Only on device b"
    b.invalidate()
    thumbnails.clear()
    frame_a = _visits(a, 4)  # a's cards cached
    frame_b = _visits(b, 1)  # must not reuse a's
    thumbnails.clear()
    assert np.array_equal(frame_b, _visits(Device.restore(b.snapshot()), 1))
    assert np.array_equal(frame_a, _visits(Device.restore(a.snapshot()), 1))


def test_a_screen_that_reads_the_clock_is_redrawn_when_time_passed():
    d = Device()
    d.launch_app("contacts")
    d.go_home()
    d.launch_app("messages")  # its list shows times and dates
    thumbnails.clear()
    _visits(d, 4)
    entries = thumbnails.stats()["entries"]
    assert entries
    _visits(d, 1)
    assert thumbnails.stats()["entries"] == entries  # hits, while the time is the same
    d.kernel.clock.advance(3 * 24 * 3600 * 1000)  # only the time: "10:30" becomes a date
    d.invalidate()
    warm = _visits(d, 1)
    thumbnails.clear()
    assert np.array_equal(warm, _visits(d, 1))


def test_the_thumbnail_cache_is_bounded(monkeypatch):
    thumbnails.clear()
    d = Device()
    _three_tasks(d)
    _visits(d, 4)
    one = thumbnails.stats()["bytes"] // thumbnails.stats()["entries"]
    assert one <= 360 * 800 * 3 // 2  # stored pre-scaled, 24-bit
    monkeypatch.setattr(thumbnails, "LIMIT_BYTES", 2 * one)
    for i in range(4):  # new states: new entries
        d.kernel.app_state("notes")["notes"][0]["title"] = f"title {i}"
        _visits(d, 3)
        assert thumbnails.stats()["bytes"] <= 2 * one
    thumbnails.clear()


def test_make_vec_writes_into_the_batch_only_when_the_wrappers_pass_frames_through():
    from mobilegym_env.wrappers import DiscreteActions, SetOfMarks
    from mobilegym_env.wrappers.vector import FrameSlots

    envs = make_vec(["launcher.open_app"] * 2, wrappers=[DiscreteActions])
    try:
        assert isinstance(envs.single_observation_space, FrameSlots)
        envs.reset(seed=0)
        for _ in range(2):
            envs.step(np.array([35, 35]))
        sub = envs.envs[0].unwrapped
        assert sub._slot is not None and np.shares_memory(sub._slot, envs._observations)
    finally:
        envs.close()
    envs = make_vec(["launcher.open_app"] * 2, wrappers=[SetOfMarks])  # draws on the frame
    try:
        assert not isinstance(envs.single_observation_space, FrameSlots)
    finally:
        envs.close()
    envs = make_vec(["launcher.open_app"] * 2, vector_kwargs={"autoreset_mode": "SameStep"})
    try:  # the final frame must survive the reset: no writing into the batch
        assert not isinstance(envs.single_observation_space, FrameSlots)
    finally:
        envs.close()


@pytest.mark.parametrize("depth", [24, 32])
def test_scrims_blend_exactly_as_the_reference_formula(depth):
    from mobilegym_env.ui import shapes
    from mobilegym_env.ui._pygame import pygame

    rng = np.random.default_rng(0)
    frame = rng.integers(0, 256, (50, 40, 3), dtype=np.uint8)
    for color, rect in (((0, 0, 0, 0x52), (0, 0, 40, 50)), ((10, 200, 30, 128), (5, 7, 20, 30)),
                        ((255, 255, 255, 200), (-5, 45, 60, 20))):
        if depth == 24:
            pixels = frame.copy()
            surface = pygame.image.frombuffer(pixels, (40, 50), "RGB")
        else:
            surface = pygame.Surface((40, 50), 0, 32)
            pygame.surfarray.blit_array(surface, frame.swapaxes(0, 1))
        shapes.blend_rect(surface, color, pygame.Rect(rect))
        got = pygame.surfarray.array3d(surface).swapaxes(0, 1)
        want = frame.astype(np.int64)
        area = pygame.Rect(rect).clip(pygame.Rect(0, 0, 40, 50))
        region = want[area.top:area.bottom, area.left:area.right]
        region[...] = (region * (255 - color[3]) + np.array(color[:3]) * color[3] + 127) // 255
        assert np.array_equal(got, want)


def test_a_large_bar_collapsed_over_content_that_then_fits_draws_the_same_in_a_clone():
    """Layout never writes a clamped scroll offset back: the bar is built from the stored
    offset (collapsed), and a restored copy builds it from the same one."""
    d = Device()
    d.open_app("settings", "/bluetooth")
    d.render()
    d.swipe(180, 560, 180, 240)  # collapses the bar; collapsed, the page fits
    frame = d.render().copy()
    assert d.kernel.tasks.top_activity.ui["scroll:bluetooth"] > 0
    assert np.array_equal(frame, Device.restore(d.snapshot()).render())
    d.swipe(180, 240, 180, 560)  # back up: the bar opens again
    assert d.kernel.tasks.top_activity.ui["scroll:bluetooth"] == 0


@pytest.mark.parametrize("recents", [False, True])
def test_a_ticking_screen_is_redrawn_whenever_the_clock_moves(recents):
    """A call's timer turns over at its own start's phase: every step's frame is the one a
    restored copy draws, in front and in a Recents card."""
    from mobilegym_env.apps.phone import calls

    d = Device()
    d.kernel.clock.advance(437)  # the call starts off the clock's whole seconds
    d.launch_app("notes")
    calls.ring(d.kernel, "+1 415-555-0178")
    d.invalidate()
    tap(d, id="answer")
    if recents:
        d.show_recents()
    for _ in range(6):
        d.kernel.tick(300)
        assert np.array_equal(d.render(), Device.restore(d.snapshot()).render())


def test_a_screenshot_taken_in_recents_shows_on_the_gallery_card_as_in_a_clone():
    d = Device()
    d.launch_app("gallery")
    d.go_home()
    d.launch_app("notes")
    d.show_recents()
    before = d.render().copy()
    tap(d, id="recents_screenshot")
    after = d.render().copy()
    assert not np.array_equal(before, after)
    assert np.array_equal(after, Device.restore(d.snapshot()).render())


def _painted_cards(monkeypatch) -> list[str]:
    """The apps whose Recents cards are painted afresh (not cut from a frame), in order."""
    painted: list[str] = []
    real = Device._draw_thumbnail

    def spy(self, act, size, scale):
        painted.append(act.app_id)
        return real(self, act, size, scale)

    monkeypatch.setattr(Device, "_draw_thumbnail", spy)
    return painted


@pytest.mark.parametrize(("scale", "dark"), [(1, False), (1, True), (2, False)])
def test_recents_cuts_the_front_card_from_the_frame_it_opened_on(monkeypatch, scale, dark):
    painted = _painted_cards(monkeypatch)
    d = Device(scale=scale)
    d.kernel.set_preference("dark_mode", dark)
    d.launch_app("contacts")
    d.go_home()
    d.launch_app("browser")  # its hook is deaf to "paused": Recents pausing it is silent
    d.render()
    thumbnails.clear()
    d.show_recents()
    d.kernel.tick(1000)
    frame = d.render().copy()
    assert painted == ["contacts"]
    thumbnails.clear()  # a restored copy paints both cards: the same frame
    assert np.array_equal(frame, Device.restore(d.snapshot(), scale).render())
    assert painted == ["contacts", "browser", "contacts"]


def test_an_app_that_hears_its_pause_gets_its_card_painted_afresh(monkeypatch):
    """Messages keeps a draft when paused: its hook may change what its card shows, so the
    card is painted from the state after the pause, not cut from the frame before it."""
    painted = _painted_cards(monkeypatch)
    d = Device()
    d.launch_app("contacts")
    d.go_home()
    d.launch_app("messages")
    d.render()
    thumbnails.clear()
    d.show_recents()
    d.render()
    assert sorted(painted) == ["contacts", "messages"]


@pytest.mark.parametrize("reduction", [4, 3])
def test_small_frames_cut_the_front_card_too(monkeypatch, reduction):
    """A small frame's Recents cards are drawn small; the front one is cut from the small
    frame Recents opened on (below the status bar at the same phase within a device pixel,
    so it is the picture a fresh paint gives)."""
    painted = _painted_cards(monkeypatch)
    d = Device()
    d.launch_app("contacts")
    d.go_home()
    d.launch_app("browser")
    d.render_small(reduction)
    thumbnails.clear()
    d.show_recents()
    d.kernel.tick(1000)
    frame = d.render_small(reduction)[0].copy()
    assert painted == ["contacts"]
    card = d.thumbnail(d.tasks[-1].task_id, scale=Fraction(1, reduction))
    assert card.get_size() == (240 // reduction, 490 // reduction)
    thumbnails.clear()
    assert np.array_equal(frame, Device.restore(d.snapshot()).render_small(reduction)[0])
    assert painted == ["contacts", "browser", "contacts"]


@pytest.mark.parametrize("case", ["keyboard up", "minute turned", "hook hears paused",
                                  "frame not shown"])
def test_recents_paints_the_front_card_when_the_frame_may_not_show_it(monkeypatch, case):
    painted = _painted_cards(monkeypatch)
    d = Device()
    d.kernel.clock.set_now(d.kernel.clock.now_ms() // 60_000 * 60_000 + 59_500)
    if case == "hook hears paused":  # the camera stops a recording when it is left
        d.kernel.permissions.grant("camera", "camera")
        d.launch_app("camera")
    else:
        d.launch_app("notes")
    d.render()
    if case == "keyboard up":  # the page is laid out above it, and covered by it
        tap(d, id="search")
        d.render()
    if case == "frame not shown":  # changed behind the device's back: the frame is stale
        d.kernel.app_state("notes")["notes"][0]["title"] = "Changed"
        d.invalidate()
    thumbnails.clear()
    d.show_recents()
    d.kernel.tick(1000 if case == "minute turned" else 100)
    frame = d.render().copy()
    assert painted == ["camera" if case == "hook hears paused" else "notes"]
    thumbnails.clear()
    assert np.array_equal(frame, Device.restore(d.snapshot()).render())
