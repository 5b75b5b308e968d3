"""MobileGym: an Android-like phone simulated in-process, as a Gymnasium environment.

    import gymnasium as gym, mobilegym_env
    env = gym.make("MobileGym-v0", task="launcher.open_app")
"""

from __future__ import annotations

from gymnasium.envs.registration import WrapperSpec, register, registry

from .evaluate import evaluate  # the function; the module stays importable by its full name
from .task import Start, Task, list_tasks, register_task, unregister_task

__version__ = "0.1.0"
ENV_ID = "MobileGym-v0"

if ENV_ID not in registry:
    # EnvCheckerRetry keeps Gymnasium's passive env checker (on by default) working after a
    # first reset or step that raised, e.g. bad reset options (see its docstring)
    register(id=ENV_ID, entry_point="mobilegym_env.env:MobileGymEnv",
             additional_wrappers=(WrapperSpec("EnvCheckerRetry",
                                              "mobilegym_env.env:EnvCheckerRetry", {}),))

__all__ = ["ENV_ID", "Start", "Task", "evaluate", "list_tasks", "register_task",
           "unregister_task"]
