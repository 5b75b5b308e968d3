"""The UI tree for agents that read structured screens: in ``info`` or in the observation."""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from mobilegym_env.llm import Screen

from .instruction import AnyText, dict_observation, merge


class UITreeInfo(gym.Wrapper):
    """Adds ``info["ui_tree"]``: the visible nodes (role, text, id, bounds, clickable...).

    Bounds are in frame pixels; divide by the frame size for the action space's normalized
    coordinates. The tree comes from the same layout the frame was drawn from.

    Example:
        >>> env = UITreeInfo(gym.make("MobileGym-v0", task="launcher.open_app"))
        >>> obs, info = env.reset(seed=0, options={"params": {"app_id": "notes"}})
        >>> [n["text"] for n in info["ui_tree"] if n["role"] == "app_icon"][:2]
        ['Calculator', 'Calendar']
    """

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        info["ui_tree"] = self.env.unwrapped.device.ui_tree()
        return obs, info

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        info["ui_tree"] = self.env.unwrapped.device.ui_tree()
        return obs, reward, terminated, truncated, info


class UITreeObservation(gym.Wrapper):
    """Puts the screen's elements in the observation as prompt-ready text.

    The observation becomes a ``Dict`` with ``"frame"`` (the env's observation; a ``Dict``
    keeps its keys) and ``"ui_tree"``: one numbered line per element, as
    :meth:`mobilegym_env.llm.Screen.describe` writes them (``[4] app_icon "Settings"
    clickable long-clickable``). The numbers are the indices that ``mobilegym_env.llm``
    commands and :class:`SetOfMarks` actions use on the same screen.

    Args:
        env: A MobileGym env or a wrapper of one.
        frame: Keep the frame (``False``: the observation is ``{"ui_tree": text}`` only).
        ids: Add each element's view id to its line.
        max_length: The ``"ui_tree"`` text space's length (longer texts are cut there).

    Example:
        >>> env = UITreeObservation(gym.make("MobileGym-v0", task="launcher.open_app"))
        >>> obs, info = env.reset(seed=0, options={"params": {"app_id": "notes"}})
        >>> [line.split("] ")[1] for line in obs["ui_tree"].splitlines() if "Settings" in line]
        ['app_icon "Settings" clickable long-clickable']
    """

    def __init__(self, env: gym.Env, frame: bool = True, ids: bool = False,
                 max_length: int = 65536) -> None:
        super().__init__(env)
        self.frame, self.ids, self.max_length = frame, ids, max_length
        space = dict_observation(env, {"ui_tree": AnyText(max_length)})
        if not frame:
            space = gym.spaces.Dict({"ui_tree": space["ui_tree"]})
        self.observation_space = space

    def _observe(self, obs: Any) -> dict[str, Any]:
        text = Screen.of(self.env.unwrapped.device).describe(self.ids)[:self.max_length]
        return merge(obs, {"ui_tree": text}) if self.frame else {"ui_tree": text}

    def reset(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        return self._observe(obs), info

    def step(self, action: Any) -> tuple[dict[str, Any], Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self._observe(obs), reward, terminated, truncated, info
