"""Copying plain (JSON-like) data fast: state snapshots are taken every judged step."""

from __future__ import annotations

import pickle
from typing import TypeVar

T = TypeVar("T")


def plain_copy(value: T) -> T:
    """A deep copy of plain data; a pickle round trip is several times faster than deepcopy."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
