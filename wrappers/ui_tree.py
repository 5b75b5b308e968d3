"""``UITreeInfo``: the accessibility-style UI tree alongside each observation."""

from __future__ import annotations

from typing import Any

import gymnasium as gym


class UITreeInfo(gym.Wrapper):
    """Adds ``info["ui_tree"]``: the visible nodes (role, text, id, bounds, clickable...).

    Bounds are in frame pixels; divide by the frame size for the action space's normalized
    coordinates. The tree comes from the same layout the frame was drawn from.

    Example:
        >>> env = UITreeInfo(gym.make("MobileGym-v0", task="launcher.open_app"))
        >>> obs, info = env.reset(seed=0)
        >>> [n["text"] for n in info["ui_tree"] if n["role"] == "app_icon"][:2]
        ['Contacts', 'Files']
    """

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        info["ui_tree"] = self.env.unwrapped.device.ui_tree()
        return obs, info

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        info["ui_tree"] = self.env.unwrapped.device.ui_tree()
        return obs, reward, terminated, truncated, info
