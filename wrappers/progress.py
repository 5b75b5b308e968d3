"""``ProgressReward``: a dense reward from the judge's progress."""

from __future__ import annotations

from typing import Any

import gymnasium as gym


class ProgressReward(gym.Wrapper):
    """Replaces the sparse reward with the change in the judge's progress each step.

    ``progress`` is the fraction of the task's checks that pass (``info["progress"]``). The
    reward is ``phi(after) - phi(before)`` with ``phi = progress - unclean_penalty * (not
    clean)``: a potential, so an episode's rewards add up to its final ``phi`` minus its
    first, whatever the path, and undoing a step takes back its reward. A check that passes
    gives ``1 / n_checks``; collateral damage (a change the task did not ask for) costs
    ``unclean_penalty`` when it happens and gives it back if it is undone. The env's own
    reward is kept in ``info["sparse_reward"]``.

    Args:
        env: A MobileGym env or a wrapper of one.
        unclean_penalty: The cost of leaving the state unclean (0 ignores cleanliness).
        success_bonus: Added on the step the episode ends with the judge's success.

    Example:
        >>> env = ProgressReward(gym.make("MobileGym-v0", task="notes.*"), unclean_penalty=0.5)
    """

    def __init__(self, env: gym.Env, unclean_penalty: float = 0.0,
                 success_bonus: float = 0.0) -> None:
        super().__init__(env)
        if unclean_penalty < 0 or success_bonus < 0:
            raise ValueError("unclean_penalty and success_bonus must be >= 0")
        self.unclean_penalty, self.success_bonus = float(unclean_penalty), float(success_bonus)
        self._phi = 0.0

    def _potential(self, info: dict[str, Any]) -> float:
        return float(info["progress"]) - self.unclean_penalty * (not info["clean"])

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._phi = self._potential(info)
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, sparse, terminated, truncated, info = self.env.step(action)
        phi = self._potential(info)
        reward = phi - self._phi
        self._phi = phi
        if (terminated or truncated) and info["success"]:
            reward += self.success_bonus
        info["sparse_reward"] = sparse
        return obs, reward, terminated, truncated, info
