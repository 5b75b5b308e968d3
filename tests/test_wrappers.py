"""Wrappers shipped in mobilegym_env.wrappers."""

from __future__ import annotations

import gymnasium as gym

from mobilegym_env import actions as A
from mobilegym_env.oracle import center
from mobilegym_env.wrappers import UITreeInfo


def test_ui_tree_info_lets_an_agent_act_on_what_it_reads():
    env = UITreeInfo(gym.make("MobileGym-v0", task="launcher.open_app"))
    _, info = env.reset(seed=2, options={"params": {"app_id": "files"}})
    icon = next(n for n in info["ui_tree"] if n["role"] == "app_icon" and n["text"] == "Files")
    _, reward, terminated, _, info = env.step(A.tap(*center(env.unwrapped.device, icon)))
    assert (reward, terminated, info["success"]) == (1.0, True, True)
    assert any(n["text"] == "Files" and n["role"] == "heading" for n in info["ui_tree"])
