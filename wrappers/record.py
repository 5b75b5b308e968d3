"""``RecordTrajectory``: each episode as a trajectory file, with its frames as PNGs or an MP4."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym

from mobilegym_env import actions as A
from mobilegym_env.trajectory import TrajectoryWriter


class RecordTrajectory(gym.Wrapper):
    """Writes every episode (or those ``episode_trigger`` picks) to ``folder``.

    Each episode is ``<folder>/<name_prefix>-<episode>.jsonl`` in the format of
    :mod:`mobilegym_env.trajectory` (a header with the task, seed, params and instruction;
    one line per step with the action, reward, ``terminated``/``truncated``, the judge's
    verdict, the answer and a frame hash; a closing line), so ``mobilegym replay FILE``
    re-runs it. ``frames="png"`` also saves each frame in ``<name>.frames/``;
    ``frames="mp4"`` writes ``<name>.mp4`` (needs ``imageio`` and ``imageio-ffmpeg``). An
    episode reset before it ended keeps its lines but gets no closing line (interrupted).

    Wrap the MobileGym env itself (inside any action or observation wrapper): the file holds
    the env's actions and frames, which is what replay needs.

    Args:
        env: A MobileGym env (``gym.make`` wrappers such as the env checker are fine).
        folder: Where the files go (created).
        frames: ``None``, ``"png"`` or ``"mp4"``.
        episode_trigger: ``episode_index -> bool`` (from 0); default: every episode.
        name_prefix: The files' name prefix.
        fps: The MP4's frame rate.

    Raises:
        ValueError: ``frames`` is not one of the above, or ``env`` does not take MobileGym's
            action dicts (an action wrapper sits below).
        ImportError: ``frames="mp4"`` without imageio and imageio-ffmpeg.

    Example:
        >>> env = RecordTrajectory(gym.make("MobileGym-v0", task="launcher.open_app"),
        ...                        "runs")  # doctest: +SKIP
        >>> obs, info = env.reset(seed=0)  # doctest: +SKIP
    """

    def __init__(self, env: gym.Env, folder: str | Path, frames: str | None = None,
                 episode_trigger: Callable[[int], bool] | None = None,
                 name_prefix: str = "episode", fps: int = 4) -> None:
        super().__init__(env)
        if frames not in (None, "png", "mp4"):
            raise ValueError(f"frames must be None, 'png' or 'mp4', got {frames!r}")
        if not isinstance(env.action_space, A.ActionSpace):
            raise ValueError("RecordTrajectory must wrap the MobileGym env below any action "
                             f"wrapper (its action space is {env.action_space})")
        if frames == "mp4":
            try:
                import imageio.v2  # noqa: F401
                import imageio_ffmpeg  # noqa: F401
            except ImportError:
                raise ImportError('frames="mp4" needs imageio and imageio-ffmpeg: '
                                  "pip install imageio imageio-ffmpeg") from None
        self.folder = Path(folder)
        self.frames, self.fps, self.name_prefix = frames, fps, name_prefix
        self.episode_trigger = episode_trigger or (lambda i: True)
        self.episode = -1
        self.paths: list[Path] = []  # every trajectory file written, in order
        self._writer: TrajectoryWriter | None = None
        self._video: Any = None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        self._finish(ended=False)
        self.episode += 1
        base = self.env.unwrapped
        rng_state = None if seed is not None else base.np_random.bit_generator.state
        obs, info = self.env.reset(seed=seed, options=options)
        if self.episode_trigger(self.episode):
            path = self.folder / f"{self.name_prefix}-{self.episode:06d}.jsonl"
            self._writer = TrajectoryWriter(path, frames=self.frames == "png")
            self._writer.begin(base, seed, options, self._frame(), info, rng_state=rng_state)
            self.paths.append(path)
            if self.frames == "mp4":
                import imageio.v2 as imageio

                # 8 divides 360 and 800: no resizing to the codec's block size
                self._video = imageio.get_writer(path.with_suffix(".mp4"), fps=self.fps,
                                                 macro_block_size=8)
                self._video.append_data(self._frame())
        return obs, info

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if self._writer is not None:
            self._writer.record(action, self._frame(), float(reward), terminated, truncated,
                                info)
            if self._video is not None:
                self._video.append_data(self._frame())
            if terminated or truncated:
                self._finish(ended=True)
        return obs, reward, terminated, truncated, info

    def close(self) -> None:
        self._finish(ended=False)
        super().close()

    def _frame(self) -> Any:
        return self.env.unwrapped.device.render()

    def _finish(self, ended: bool) -> None:
        if self._writer is not None:
            if ended:
                self._writer.end()
            else:
                self._writer.close()
            self._writer = None
        if self._video is not None:
            self._video.close()
            self._video = None
