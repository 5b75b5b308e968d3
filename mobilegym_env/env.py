"""``MobileGymEnv``: the Gymnasium environment."""

from __future__ import annotations

import copy
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import actions as A
from .actions import ActionType
from .device import Device
from .judge import Verdict
from .kernel import Kernel, KernelConfig
from .kernel.data import plain_copy
from .kernel.kernel import DEFAULT_START_MS
from .task import Task, resolve_tasks, task_class
from .ui import theme as T

# Simulated time each action takes; the virtual clock is the only clock.
ACTION_MS = {
    ActionType.TAP: 1000, ActionType.LONG_PRESS: 1500, ActionType.SWIPE: 1000,
    ActionType.TYPE: 2000, ActionType.BACK: 500, ActionType.HOME: 500, ActionType.RECENTS: 500,
    ActionType.ENTER: 500, ActionType.WAIT: 5000, ActionType.ANSWER: 0, ActionType.DONE: 0,
    ActionType.DOUBLE_TAP: 1000,
}
START_SPREAD_MINUTES = 14 * 24 * 60  # reset dates spread over two weeks, per seed


class MobileGymEnv(gym.Env[np.ndarray, dict[str, Any]]):
    """An Android-like phone, simulated in-process.

    ## Description
    The agent sees the phone's screen and acts with taps, long presses, swipes, typing and the
    system keys. Each episode runs one task (e.g. "Open the Notes app.") whose judge reads the
    device state, never the pixels.

    ## Action Space
    ``Dict(action_type=Discrete(12), point=Box(0, 1, (2,)), end_point=Box(0, 1, (2,)),
    text=Text(512))``. ``action_type`` indexes ``ActionType``: TAP, LONG_PRESS, SWIPE, TYPE,
    BACK, HOME, RECENTS, ENTER, WAIT, ANSWER, DONE, DOUBLE_TAP. Points are normalized (x, y) of the
    screen. Build actions with ``mobilegym_env.actions`` (``tap(x, y)``, ``type_text(s)``...);
    plain dicts with ``action_type`` as int or name are accepted.

    ## Observation Space
    ``Box(0, 255, (800 * scale, 360 * scale, 3), uint8)``: the RGB frame; with ``obs_size=(h,
    w)``, ``Box(0, 255, (h, w, 3), uint8)``: a small frame. When the screen is at least twice
    as large as ``obs_size`` each way, the small frame is drawn at 1/k of the screen (k =
    ``min(360 // w, 800 // h, 16)``: 90x200 for 84x84, ``Device.render_small``), then area-averaged
    (pygame's ``smoothscale``) to ``obs_size``; else the full frame is area-averaged. Either is
    redone only when the frame changed, into a buffer kept for it. ``render()`` still gives
    the full frame.

    Each observation is a new array that the env never writes again (Gymnasium's contract:
    ``check_env`` checks it), so an agent may keep it. The copy is the only one: the frame is
    drawn once into the device's buffer, downscaled only when it changed. In a vector env made
    by ``mobilegym_env.wrappers.make_vec`` each sub-env writes its frame straight into its
    slot of the batch (in the async mode, the shared memory), and only when it changed.

    ## Rewards
    Sparse: 1.0 on the step the episode ends if the judge passes then, else 0. By default the
    episode ends as soon as the judge passes; with ``terminate_on_success=False`` it ends on
    DONE/ANSWER or truncation, so the agent must decide when it is finished.

    ## Episode End
    Terminated when the judge passes (if ``terminate_on_success``) or on DONE/ANSWER;
    truncated after the task's ``max_steps`` (or ``max_steps`` given here). Stepping an ended
    episode raises ``RuntimeError`` (reset first; vector envs do so automatically). ``info`` has
    ``success``, ``progress`` (fraction of checks passed), ``clean`` (no unexpected state
    change), ``checks`` (name -> ``{"passed", "detail"}``), ``unexpected_changes`` (readable
    paths of changes the task did not ask for), ``instruction``, ``task_id``, ``step``, and
    ``answer`` on ANSWER.

    ## Arguments
    - ``task``: a task id, a suite name, a glob, a list of those, or None for all tasks; with
      several, each reset draws one with the env's ``np_random``.
    - ``render_mode``: ``"rgb_array"`` or ``"human"`` (a window; without a display, or with
      a ``DISPLAY`` that no X server answers at, it warns that nothing will be seen, unless
      ``SDL_VIDEODRIVER`` is set to ``dummy``).
    - ``screen_scale``: pixels per logical pixel (1 gives 360x800 frames).
    - ``obs_size``: ``(height, width)`` of the observation, for pixel RL (e.g. ``(84, 84)``);
      None (default) for the full frame.
    - ``max_steps``: overrides the task's step budget.
    - ``terminate_on_success``: end the episode as soon as the judge passes (default True).
    """

    metadata = {"render_modes": ["rgb_array", "human"], "render_fps": 4}

    def __init__(self, task: str | list[str] | None = None, render_mode: str | None = None,
                 screen_scale: int = 1, max_steps: int | None = None,
                 terminate_on_success: bool = True,
                 obs_size: tuple[int, int] | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if render_mode == "human":
            from .play import display_problem

            # the play window's test (no display, or a DISPLAY no X server answers at, where
            # SDL would silently draw offscreen); a driver chosen to draw nowhere is taken
            # as meant. A warning, not an error: check_env makes every render mode
            problem = display_problem(headless_ok=True)
            if problem is not None:
                gym.logger.warn(
                    f'render_mode="human" opens a window, but {problem}, so nothing will be '
                    'seen: use render_mode="rgb_array", or run under a virtual display '
                    "(xvfb-run -a python ...); SDL_VIDEODRIVER=dummy silences this")
        if not _is_int(screen_scale) or not 1 <= screen_scale <= 4:
            raise ValueError(f"screen_scale must be an int in 1..4, got {screen_scale!r}")
        if max_steps is not None and (not _is_int(max_steps) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive int, got {max_steps!r}")
        if obs_size is not None and (
                not isinstance(obs_size, (tuple, list)) or len(obs_size) != 2
                or not all(_is_int(v) and 1 <= v <= 4096 for v in obs_size)):
            raise ValueError(f"obs_size must be (height, width), two ints in 1..4096, got "
                             f"{obs_size!r}")
        if not isinstance(terminate_on_success, bool):
            raise ValueError(f"terminate_on_success must be a bool, got "
                             f"{terminate_on_success!r}")
        self.task_ids = resolve_tasks(task)
        self.render_mode = render_mode
        self.screen_scale = screen_scale
        self.max_steps_override = max_steps
        self.terminate_on_success = terminate_on_success
        self.obs_size = None if obs_size is None else (int(obs_size[0]), int(obs_size[1]))
        h, w = self.obs_size or (T.SCREEN_H * screen_scale, T.SCREEN_W * screen_scale)
        self.observation_space = frame_space(h, w)
        # the small frame (obs_size): drawn at 1/reduction of the screen when that is at
        # least twice obs_size each way (else the full frame is shrunk); its buffer, the
        # surfaces over it and the device's frame, and which device frame it shows
        self._reduction = 1 if self.obs_size is None else \
            max(min(T.SCREEN_W // w, T.SCREEN_H // h, 16), 1)
        self._small: np.ndarray | None = None
        self._small_from: tuple[Any, Any, Any, Any] | None = None
        # a vector env's batch slot this env writes into (see attach_observation_buffer)
        self._slot: np.ndarray | None = None
        self._slot_shows: tuple[Any, ...] | None = None
        self.action_space = A.action_space()
        self.device: Device | None = None
        self.task: Task | None = None
        # the episode's initial state as the judge reads it: shared with the kernel's state
        # cache (read-only); ``initial_state`` hands out a copy
        self._initial: dict[str, Any] = {}
        self._initial_copy: dict[str, Any] | None = None
        self._steps = 0
        self._max_steps = 0
        self._ended = False
        self._verdict: Verdict | None = None
        self._instruction = ""
        self._judged_version: tuple[int, int] | None = None
        self._window: Any = None

    # ----- gymnasium API
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Boots a fresh phone and sets up a task.

        Args:
            seed: Seeds the env's ``np_random`` (task choice, params, start date, data).
            options: ``{"task": spec}`` picks the task (an id, a suite, a glob or a list: one
                is drawn); ``{"params": {...}}`` fixes its params (validated against the
                task's ``Params``).

        Raises:
            KeyError, ValueError: Bad options or params; the env keeps its previous episode
                and its random generator.
        """
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise ValueError(f"options must be a dict, got {type(options).__name__}")
        unknown = set(options) - {"task", "params"}
        if unknown:
            raise KeyError(f"unknown reset options {sorted(unknown)}; use 'task' and 'params'")
        candidates = resolve_tasks(options["task"]) if "task" in options else self.task_ids
        saved_rng = (self._np_random, self._np_random_seed,
                     None if self._np_random is None else self._np_random.bit_generator.state)
        previous = self.device.kernel if self.device is not None else None
        super().reset(seed=seed)
        rng = self.np_random
        try:
            task_id = candidates[int(rng.integers(len(candidates)))] if len(candidates) > 1 \
                else candidates[0]
            cls = task_class(task_id)
            minutes = int(rng.integers(START_SPREAD_MINUTES))
            config = KernelConfig(start_ms=DEFAULT_START_MS + minutes * 60_000)
            kernel = Kernel.boot(config.with_overrides(cls.config))
            if self.device is None:
                device = Device(kernel, self.screen_scale)
            else:  # reuse the frame buffer and its surface
                device = self.device
                device.load(kernel)
            params = cls.parse_params(options["params"]) if "params" in options \
                else cls.parse_params(cls.sample_params(rng, device))
            cls.validate_params(params, device)
            task = cls(params)
            instruction = task.instruction  # a template the params cannot fill fails here
            task.initialize(device, rng)
            _check_data_only(device, task)
            task.start_screen().apply(device)
        except Exception:
            self._np_random, self._np_random_seed, bits = saved_rng
            if self._np_random is not None:  # undo the draws made on the kept generator
                self._np_random.bit_generator.state = bits
            if previous is not None:  # the env keeps its previous episode
                self.device.load(previous)
            raise
        device.invalidate()
        self.device, self.task = device, task
        self._instruction = instruction  # the params are fixed for the episode
        self._initial, self._initial_copy = device.state(shared=True), None
        self._steps = 0
        self._ended = False
        self._max_steps = self.max_steps_override or cls.step_limit()
        self._verdict = None
        obs = self._observe()
        self._verdict = task.judge(self._initial, self._initial)
        self._judged_version = (device._version, device.kernel.clock.now_ms() // 60_000)
        info = self._info(self._verdict)
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action: dict[str, Any]) -> tuple[np.ndarray, SupportsFloat, bool, bool,
                                                     dict[str, Any]]:
        if self.device is None or self.task is None:
            raise RuntimeError("call reset() before step()")
        if self._ended:
            raise RuntimeError("the episode has ended (terminated or truncated): call reset() "
                               "before stepping again")
        act = A.parse(action)  # raises before any state changes
        device = self.device
        kind = act.kind
        answer = device.act(act)
        device.tick(ACTION_MS[kind])
        self._steps += 1
        verdict = self._judge(answer, force=kind in (ActionType.ANSWER, ActionType.DONE))
        ended = kind in (ActionType.ANSWER, ActionType.DONE)
        terminated = ended or (self.terminate_on_success and verdict.success)
        truncated = not terminated and self._steps >= self._max_steps
        # sparse: the judge's verdict, paid once, on the step the episode ends
        reward = 1.0 if verdict.success and (terminated or truncated) else 0.0
        self._ended = terminated or truncated
        info = self._info(verdict)
        if answer is not None:
            info["answer"] = answer
        obs = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, info

    def render(self) -> np.ndarray | None:
        if self.device is None:
            raise RuntimeError("call reset() before render()")
        frame = self.device.render()
        if self.render_mode == "human":
            self._show(frame)
            return None
        return frame.copy()

    def close(self) -> None:
        if self._window is not None:
            from .ui._pygame import pygame

            pygame.display.quit()
            self._window = None

    @property
    def initial_state(self) -> dict[str, Any]:
        """The device state at the start of the episode (what the judge compares with), as
        an independent copy: editing it changes neither the episode nor its judge."""
        if self._initial_copy is None:
            self._initial_copy = plain_copy(self._initial)
        return self._initial_copy

    # ----- helpers
    def _observe(self) -> np.ndarray:
        """The observation: a new array (Gymnasium's contract), or the batch slot this env
        writes into (a vector env's, see ``attach_observation_buffer``), rewritten only when
        the frame changed."""
        device = self.device
        assert device is not None
        if self._reduction > 1:
            frame, count = device.render_small(self._reduction)
            shown: tuple[Any, ...] = (device, self._reduction, count)
        else:
            frame = device.render()
            shown = (device, device.frame_count)
        source = frame if self.obs_size is None or frame.shape[:2] == self.obs_size \
            else self._downscaled(frame, shown)
        if self._slot is None:
            return source.copy()
        if self._slot_shows != shown:
            if source is not self._slot:  # a small frame is drawn in the slot itself
                np.copyto(self._slot, source)
            self._slot_shows = shown
        return self._slot

    def _downscaled(self, frame: np.ndarray, shown: tuple[Any, ...]) -> np.ndarray:
        """The frame at ``obs_size``, area-averaged into its buffer when the frame changed."""
        from .ui._pygame import pygame

        if self._small is None:
            h, w = self.observation_space.shape[:2]
            self._small = np.zeros((h, w, 3), np.uint8) if self._slot is None else self._slot
        src = self._small_from
        if src is None or src[0] is not frame or src[1] is not self._small:
            fh, fw = frame.shape[:2]
            h, w = self._small.shape[:2]
            # scaled in 32-bit pixels: pygame's SSE path, 1.5-2x faster, the same pixels
            src = (frame, self._small, (pygame.image.frombuffer(frame, (fw, fh), "RGB"),
                                        pygame.Surface((fw, fh), 0, 32),
                                        pygame.Surface((w, h), 0, 32),
                                        pygame.image.frombuffer(self._small, (w, h), "RGB")),
                   None)
        if src[3] != shown:
            source, wide, small, target = src[2]
            wide.blit(source, (0, 0))
            pygame.transform.smoothscale(wide, small.get_size(), small)
            target.blit(small, (0, 0))
            src = (*src[:3], shown)
        self._small_from = src
        return self._small

    def attach_observation_buffer(self, slot: np.ndarray | None) -> None:
        """Makes ``step``/``reset`` write the observation into ``slot`` (an array of the
        observation's shape and dtype, e.g. a vector env's batch row) and return it, writing
        only when the frame changed; None goes back to a new array per call.

        The slot's owner takes over Gymnasium's contract (``make_vec`` does: its vector env
        copies the batch unless asked not to). The env never keeps a reference to any array
        it returned otherwise."""
        if slot is not None and (slot.shape != self.observation_space.shape
                                 or slot.dtype != np.uint8 or not slot.flags.c_contiguous):
            raise ValueError(f"the slot must be a C-contiguous uint8 array of shape "
                             f"{self.observation_space.shape}")
        self._slot, self._slot_shows = slot, None
        self._small, self._small_from = None, None

    def _judge(self, answer: str | None = None, force: bool = False) -> Verdict:
        """Judges the current state; cached while nothing changed (no action took effect and
        the clock is within the same minute, the granularity screens show time at)."""
        assert self.device is not None and self.task is not None
        version = (self.device._version, self.device.kernel.clock.now_ms() // 60_000)
        if force or self._verdict is None or version != self._judged_version:
            self._verdict = self.task.judge(self._initial, self.device.state(shared=True),
                                            answer)
            self._judged_version = version
        return self._verdict

    def _info(self, verdict: Verdict) -> dict[str, Any]:
        assert self.task is not None
        info = verdict.info()
        info.update(instruction=self._instruction, task_id=self.task.task_id(),
                    step=self._steps)
        return info


    def _show(self, frame: np.ndarray) -> None:
        from .ui._pygame import pygame

        if self._window is None:
            pygame.display.init()
            self._window = pygame.display.set_mode((frame.shape[1], frame.shape[0]))
            pygame.display.set_caption("MobileGym")
        pygame.surfarray.blit_array(self._window, frame.swapaxes(0, 1))
        pygame.event.pump()
        pygame.display.flip()


class EnvCheckerRetry(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """Has Gymnasium's passive env checker check the first ``reset``, ``step`` and
    ``render`` that succeed, rather than the first ones tried.

    ``gym.make("MobileGym-v0")`` puts it on top of the other wrappers (the registration's
    ``additional_wrappers``); it changes no result. Why: Gymnasium's ``PassiveEnvChecker``
    (``gymnasium/wrappers/common.py``, 1.x) sets its ``checked_reset`` (``checked_step``,
    ``checked_render``) flag before making its first, checked call, so when that call raises
    the flag stays set. After a first ``reset`` that raised (bad ``options``: a
    ``ValueError`` by design), no reset's ``(obs, info)`` is ever stored for the checker's
    data-reuse check (its ``_previous_data`` stays None: only the checked reset stores it),
    and the first ``step``, which is checked, unpacks that None: ``TypeError: cannot unpack
    non-iterable NoneType object``, on that step and on every later one (the data-reuse
    check is retried until it has passed once). A first ``step`` or ``render`` that raised
    (a malformed action) left the step or render checks never run. Clearing the flag again
    when the checked call raised has the checker check the next call instead, as if the
    failed one had not been made.
    """

    def __init__(self, env: gym.Env) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)
        from gymnasium.wrappers import PassiveEnvChecker

        checkers, inner = [], env
        while isinstance(inner, gym.Wrapper):  # none with disable_env_checker=True
            if isinstance(inner, PassiveEnvChecker):
                checkers.append(inner)
            inner = inner.env
        self._checkers: tuple[Any, ...] = tuple(checkers)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        unchecked = [c for c in self._checkers if not c.checked_reset]
        try:
            return self.env.reset(seed=seed, options=options)
        except BaseException:
            for checker in unchecked:
                checker.checked_reset = False
            raise

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        unchecked = [c for c in self._checkers if not c.checked_step]
        try:
            return self.env.step(action)
        except BaseException:
            for checker in unchecked:
                checker.checked_step = False
            raise

    def render(self) -> Any:
        unchecked = [c for c in self._checkers if not c.checked_render]
        try:
            return self.env.render()
        except BaseException:
            for checker in unchecked:
                checker.checked_render = False
            raise


_FRAME_SPACES: dict[tuple[int, int], spaces.Box] = {}


def frame_space(h: int, w: int) -> spaces.Box:
    """``Box(0, 255, (h, w, 3), uint8)``: a space of its own (its own random stream), whose
    bounds arrays are shared, read-only, with every env's of that size. Gymnasium's ``Box``
    keeps four arrays of the frame's size (3.3 MB at 800x360): one set per process rather
    than per env."""
    shared = _FRAME_SPACES.get((h, w))
    if shared is None:
        shared = _FRAME_SPACES[(h, w)] = spaces.Box(0, 255, (h, w, 3), np.uint8)
        for bounds in (shared.low, shared.high, shared.bounded_below, shared.bounded_above):
            bounds.setflags(write=False)
    space = copy.copy(shared)
    space._np_random = None  # seeded on first use, independently of the other envs'
    return space


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_data_only(device: Device, task: Task) -> None:
    """``initialize`` writes data; where the episode starts is declared with ``start``."""
    k = device.kernel
    if k.tasks.tasks or k.system_ui.recents_open or k.system_ui.shade_open \
            or k.system_ui.drawer_open:
        raise RuntimeError(f"{task.task_id()}: initialize() opened apps or system surfaces; "
                           f"declare the start screen with `start` / start_screen() instead")
