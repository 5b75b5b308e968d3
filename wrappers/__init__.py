"""Gymnasium wrappers for MobileGym (installed as ``mobilegym_env.wrappers``).

- ``UITreeInfo``: adds the visible UI tree (``device.ui_tree()``) to ``info`` every step, for
  agents that read structured screens instead of (or as well as) pixels.
"""

from .ui_tree import UITreeInfo

__all__ = ["UITreeInfo"]
