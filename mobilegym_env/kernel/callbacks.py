"""Validation and invocation of service callbacks.

Services keep callbacks inside their state (a pending permission request, an open media
picker), and the whole device must stay picklable for ``snapshot()``/``clone()``. Lambdas and
closures cannot be pickled, so they are rejected up front instead of failing at snapshot time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any


def _unwrap(fn: Any) -> Any:
    """Strip (possibly nested) ``functools.partial`` wrappers to reach the real callable."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return fn


def check_callback(fn: Any) -> None:
    """Raise ``ValueError`` unless ``fn`` is a picklable callable.

    Accepted: module-level functions, methods of module-level classes, instances of
    module-level callable classes, and ``functools.partial`` of any of those.

    Args:
        fn: The candidate callback.

    Raises:
        ValueError: If ``fn`` is not callable, or is a lambda or a nested (local) function.
    """
    if not callable(fn):
        raise ValueError(f"callback must be callable, got {type(fn).__name__}")
    inner = _unwrap(fn)
    qualname = getattr(inner, "__qualname__", None)
    if qualname is None:
        # A callable instance: its class decides whether it can be pickled.
        qualname = type(inner).__qualname__
    if "<lambda>" in qualname or "<locals>" in qualname:
        raise ValueError(
            f"callback {qualname!r} is a lambda or local function and cannot be pickled; "
            "use a module-level function or functools.partial of one"
        )


def invoke(fn: Callable[..., Any] | None, *args: Any) -> Any:
    """Call ``fn(*args)`` if a callback was given.

    Args:
        fn: A callback previously accepted by :func:`check_callback`, or ``None``.
        *args: Positional arguments for the callback.

    Returns:
        The callback's return value, or ``None`` when there is no callback.
    """
    if fn is None:
        return None
    return fn(*args)
