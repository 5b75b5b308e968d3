"""``InstructionObservation``: the task's instruction in the observation, as text and token ids."""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

_WORDS = re.compile(r"\w+|[^\w\s]")


class AnyText(spaces.Text):
    """A ``Text`` space that contains any ``str`` up to ``max_length`` characters (Gymnasium's
    own only contains its sampling charset, alphanumerics by default, which rules out the
    spaces and punctuation of an instruction)."""

    def __init__(self, max_length: int) -> None:
        charset = "".join(chr(c) for c in range(32, 127))
        super().__init__(max_length, min_length=0, charset=charset)

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and len(x) <= self.max_length


def tokenize(text: str, max_tokens: int = 32, vocab_size: int = 1024) -> np.ndarray:
    """Hashes lower-cased words and punctuation to ids in ``1 .. vocab_size - 1`` (CRC-32, so
    the same on every machine and run), truncated or padded with 0 to ``max_tokens``.

    Example:
        >>> tokenize("Open the Notes app.", max_tokens=6).tolist()[-1]
        0
    """
    ids = [1 + zlib.crc32(w.encode()) % (vocab_size - 1) for w in _WORDS.findall(text.lower())]
    out = np.zeros(max_tokens, dtype=np.int64)
    out[:min(len(ids), max_tokens)] = ids[:max_tokens]
    return out


def dict_observation(env: gym.Env, extra: dict[str, spaces.Space]) -> spaces.Dict:
    """The env's observation space as a ``Dict`` (a plain frame becomes ``"frame"``) with
    ``extra`` keys added; shared by the wrappers that add to the observation."""
    base = env.observation_space
    inner = dict(base.spaces) if isinstance(base, spaces.Dict) else {"frame": base}
    clash = set(inner) & set(extra)
    if clash:
        raise ValueError(f"the observation already has keys {sorted(clash)}")
    return spaces.Dict({**inner, **extra})


def merge(obs: Any, extra: dict[str, Any]) -> dict[str, Any]:
    """``obs`` (a frame or a dict) with ``extra`` keys added."""
    return {**obs, **extra} if isinstance(obs, dict) else {"frame": obs, **extra}


class InstructionObservation(gym.Wrapper):
    """Puts the instruction in the observation, so that a policy knows its goal.

    The observation becomes a ``Dict``: ``"frame"`` (the env's observation; if it is already a
    ``Dict``, its keys are kept), ``"instruction"`` (the text, an :class:`AnyText`) and
    ``"tokens"`` (``MultiDiscrete([vocab_size] * max_tokens)``: the instruction's token ids,
    0-padded; Stable-Baselines3 one-hot encodes such a space).

    Args:
        env: A MobileGym env or a wrapper of one (the instruction is read from ``info``).
        max_tokens: Length of the token vector (longer instructions are truncated).
        vocab_size: Token ids are in ``0 .. vocab_size - 1``; 0 is padding.
        tokenizer: ``text -> list of ids`` (e.g. a Hugging Face tokenizer's ``encode``); the
            default hashes words (:func:`tokenize`). Ids must be below ``vocab_size``.
        text: Include the ``"instruction"`` text key (SB3 policies accept no ``Text`` space:
            pass ``False`` for them).

    Example:
        >>> env = InstructionObservation(gym.make("MobileGym-v0", task="launcher.open_app"))
        >>> obs, info = env.reset(seed=0, options={"params": {"app_id": "notes"}})
        >>> obs["instruction"], obs["frame"].shape, obs["tokens"].shape
        ('Open the Notes app.', (800, 360, 3), (32,))
    """

    def __init__(self, env: gym.Env, max_tokens: int = 32, vocab_size: int = 1024,
                 tokenizer: Callable[[str], list[int]] | None = None, text: bool = True) -> None:
        super().__init__(env)
        if max_tokens < 1 or vocab_size < 2:
            raise ValueError(f"need max_tokens >= 1 and vocab_size >= 2, got {max_tokens} and "
                             f"{vocab_size}")
        self.max_tokens, self.vocab_size, self.tokenizer, self.text = \
            max_tokens, vocab_size, tokenizer, text
        extra: dict[str, spaces.Space] = {
            "tokens": spaces.MultiDiscrete([vocab_size] * max_tokens)}
        if text:
            extra["instruction"] = AnyText(4096)
        self.observation_space = dict_observation(env, extra)
        self._extra: dict[str, Any] = {}

    def encode(self, instruction: str) -> np.ndarray:
        """The token vector for ``instruction``."""
        if self.tokenizer is None:
            return tokenize(instruction, self.max_tokens, self.vocab_size)
        ids = list(self.tokenizer(instruction))[:self.max_tokens]
        if any(not 0 <= int(i) < self.vocab_size for i in ids):
            raise ValueError(f"the tokenizer gave ids outside 0..{self.vocab_size - 1}: {ids}")
        out = np.zeros(self.max_tokens, dtype=np.int64)
        out[:len(ids)] = ids
        return out

    def reset(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        instruction = info["instruction"]
        self._extra = {"tokens": self.encode(instruction)}
        if self.text:
            self._extra["instruction"] = instruction
        return merge(obs, self._extra), info

    def step(self, action: Any) -> tuple[dict[str, Any], Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        extra = {**self._extra, "tokens": self._extra["tokens"].copy()}
        return merge(obs, extra), reward, terminated, truncated, info
