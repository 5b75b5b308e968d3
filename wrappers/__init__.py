"""Gymnasium wrappers for MobileGym (installed as ``mobilegym_env.wrappers``), one concern each.

Observations:
- ``InstructionObservation``: a ``Dict`` observation with the instruction as text and as a
  fixed-length token-id vector, so that a pixel policy knows its goal.
- ``UITreeObservation``: the UI tree as prompt-ready text (element indices) in the observation.
- ``SetOfMarks``: numbered boxes drawn on the interactive elements; ``Discrete`` actions
  "tap element k" plus system keys.
- ``UITreeInfo``: the visible UI tree (a list of dicts) in ``info["ui_tree"]``.

Actions:
- ``DiscreteActions``: ``Discrete(n)`` over a grid of taps, system keys and swipes.
- ``batch_actions`` / ``unbatch_actions``: lists of action dicts to and from a vector env's
  batched action; ``make_vec``: a vector env with its own task per sub-env.

Rewards and records:
- ``ProgressReward``: reward = change in the judge's progress (optional unclean penalty).
- ``RecordTrajectory``: each episode as a replayable trajectory file, with PNG frames or an
  MP4.

Observation and record wrappers that read the phone (``UITreeObservation``, ``SetOfMarks``,
``RecordTrajectory``) read ``env.unwrapped.device``; they compose with each other and with
Gymnasium's own wrappers (see the README's "Training" section).
"""

from .discrete import DiscreteActions
from .instruction import AnyText, InstructionObservation, tokenize
from .marks import SetOfMarks
from .progress import ProgressReward
from .record import RecordTrajectory
from .ui_tree import UITreeInfo, UITreeObservation
from .vector import batch_actions, make_vec, unbatch_actions

__all__ = ["AnyText", "DiscreteActions", "InstructionObservation", "ProgressReward",
           "RecordTrajectory", "SetOfMarks", "UITreeInfo", "UITreeObservation",
           "batch_actions", "make_vec", "tokenize", "unbatch_actions"]
