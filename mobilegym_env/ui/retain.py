"""Retained subtrees: views built once per distinct input and shared across frames and devices.

A frame is rebuilt, laid out and painted after every action that took effect, yet most of it
(the status bar, the keyboard, a list's rows, the launcher's page, an app bar) usually shows
the same thing as before. A builder decorated with :func:`retained` returns the very same
``View`` for the same arguments, marked ``reuse``: layout then replays the subtree's placed
nodes (``ui/layout.py``) and the painter blits its cached pixels (``ui/painter.py``) while
its box is unchanged. Such a subtree may be shared by several ``Device`` instances in one
process (vector envs, forks), so it must hold nothing of any one device:

- it is a function of its arguments only (hashable plain values, or other retained views);
- its handlers are :class:`Call` objects: a function and its arguments, bound to the live
  device (its kernel, or the screen's ``ScreenContext``) only when a gesture is dispatched,
  so a cached tree holds no stale closure;
- it holds no store-bound node (a scroll area or a text field keeps its state in a store).

``retained`` checks these rules whenever it builds (a cache miss), never on a hit.

Each builder keeps at most ``maxsize`` views; the pixels the painter keeps for them (a row's
~60 KB, a home page's 0.9 MB at scale 1) are bounded process-wide instead, by
:data:`PIXEL_BUDGET` bytes: the least recently blitted go first (their views stay, and are
painted afresh when next shown). So a builder can keep every row of a long list without the
memory growing with the pixels of rows that are rarely seen.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from . import theme as T

if TYPE_CHECKING:
    from .layout import Placed
    from .view import View

TARGETS = ("ctx", "kernel", "device")
F = TypeVar("F", bound=Callable[..., "View"])


class Call:
    """A handler named by a function and its arguments, bound when a gesture is dispatched.

    ``Call(fn, *args)`` runs ``fn(ctx, *args)`` with the ``ScreenContext`` of the screen the
    node is on; ``target="kernel"`` runs ``fn(kernel, *args)`` (system surfaces) and
    ``target="device"`` ``fn(device, *args)``. ``fn`` may be a ``ScreenContext`` method
    named by a string (``Call("push", "/note/3")``). Two calls are equal when their function,
    arguments and target are, so a view built with one can be cached by its arguments.
    """

    __slots__ = ("_hash", "args", "fn", "target")

    def __init__(self, fn: Callable[..., Any] | str, *args: Any, target: str = "ctx") -> None:
        if target not in TARGETS:
            raise ValueError(f"Call target must be one of {TARGETS}, got {target!r}")
        if isinstance(fn, str) and target != "ctx":
            raise ValueError("a method name is a ScreenContext method: only for target 'ctx'")
        self.fn, self.args, self.target = fn, args, target
        self._hash = hash((fn, args, target))  # raises TypeError for unhashable arguments

    def bind(self, target: Any) -> Callable[[], Any]:
        """The handler to run now, given the live context, kernel or device."""
        fn = getattr(target, self.fn) if isinstance(self.fn, str) else \
            functools.partial(self.fn, target)
        return functools.partial(fn, *self.args)

    def __call__(self) -> Any:
        raise TypeError(f"{self!r} is bound to the live device when dispatched "
                        "(Device.tap / Device.handler), it cannot be called directly")

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Call) and self._hash == other._hash
                                 and self.fn == other.fn and self.args == other.args
                                 and self.target == other.target)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        name = self.fn if isinstance(self.fn, str) else getattr(self.fn, "__qualname__", self.fn)
        return f"Call({name}, {', '.join(map(repr, self.args))}, target={self.target!r})"


_HANDLERS = ("on_tap", "on_long_press", "on_double_tap", "on_submit")


def check_shareable(v: View, where: str = "") -> None:
    """Raises ``ValueError`` if the subtree holds device state: a handler that is not a
    :class:`Call`, or a store-bound node (scroll area, text field)."""
    stack = [v]
    while stack:
        node = stack.pop()
        for name in _HANDLERS:
            handler = getattr(node, name)
            if handler is not None and not isinstance(handler, Call):
                raise ValueError(f"{where or 'a retained view'}: {name} of {node!r} is "
                                 f"{handler!r}; a retained subtree's handlers must be Call(...)")
        if node.store is not None:
            raise ValueError(f"{where or 'a retained view'}: {node!r} is bound to a store "
                             "(a scroll area or a field); keep it out of retained subtrees")
        stack.extend(node.children)


_CACHES: list[OrderedDict] = []  # every retained builder's views, least recently used first

PIXEL_BUDGET = 64 * 2**20  # bytes of kept pixels, process-wide
# (id of the view holding them, pixel slot) -> (that view, bytes); least recently used first
_kept: OrderedDict[tuple[int, tuple], tuple[View, int]] = OrderedDict()
_kept_bytes = [0]


def keep_pixels(owner: View, slot: tuple, key: tuple, picture: Any) -> None:
    """Keeps a retained subtree's painted ``picture`` (a pygame Surface) for ``slot`` (the
    theme, scale and pixel format it was painted in), valid while its box is ``key``. The
    budget is enforced by :func:`trim`, never here: a frame being painted may rely on pixels
    it already found."""
    entry = (id(owner), slot)
    old = _kept.pop(entry, None)
    if old is not None:
        _kept_bytes[0] -= old[1]
    n = picture.get_bytesize() * picture.get_width() * picture.get_height()
    owner.__dict__.setdefault("_pixels", {})[slot] = (key, picture)
    _kept[entry] = (owner, n)
    _kept_bytes[0] += n


def scale_ratio(scale: Any) -> tuple[int, int]:
    """(n, d) of a paint's scale (an int, or a ``Fraction`` 1/k in a small frame): n / d
    device pixels per logical pixel."""
    if type(scale) is int:  # a frame's (``isinstance`` of a Fraction, an ABC, is slow)
        return scale, 1
    return scale.numerator, scale.denominator


def pixel_key(p: Placed, under: str | None, d: int = 1) -> tuple:
    """What a retained subtree's kept pixels are valid for: its size and the colour beneath
    it, and in a small frame (scale 1/d) where it sits within a device pixel (its edges and
    its nodes' round down differently elsewhere)."""
    if d == 1:
        return (p.w, p.h, under)
    return (p.w, p.h, under, p.x % d, p.y % d)


def touch_pixels(owner: View, slot: tuple) -> None:
    """Marks the pixels as just used (a frame blitted them)."""
    entry = (id(owner), slot)
    if entry in _kept:
        _kept.move_to_end(entry)


def trim() -> None:
    """Drops the least recently used pixels beyond :data:`PIXEL_BUDGET` (their views stay)."""
    while _kept_bytes[0] > PIXEL_BUDGET and len(_kept) > 1:
        (_, slot), (owner, n) = _kept.popitem(last=False)
        owner.__dict__.get("_pixels", {}).pop(slot, None)
        _kept_bytes[0] -= n


def pixel_stats() -> dict[str, int]:
    """Kept pixels: layers and bytes (for tests and benchmarks)."""
    return {"layers": len(_kept), "bytes": _kept_bytes[0], "budget": PIXEL_BUDGET}


def forget(v: View) -> None:
    """Drops what a retained view keeps (its layout, pixels and dark copy): they hold the
    view in reference cycles, so a view the cache let go would keep its pixels until the
    cyclic garbage collector ran."""
    for slot in v.__dict__.get("_pixels", ()):
        gone = _kept.pop((id(v), slot), None)
        if gone is not None:
            _kept_bytes[0] -= gone[1]
    for name in ("_layout", "_pixels", "_night", "_measured"):
        v.__dict__.pop(name, None)


def clear() -> None:
    """Forgets every retained subtree (with its layout and pixels): the next frames build,
    lay out and paint them afresh."""
    for cache in _CACHES:
        for v in cache.values():
            forget(v)
        cache.clear()
    for owner, _ in list(_kept.values()):  # pixels of reusable views kept elsewhere
        forget(owner)
    _kept.clear()
    _kept_bytes[0] = 0


def retained(fn: F | None = None, *, maxsize: int = 64) -> Any:
    """Decorates a builder so that equal arguments give the same, reusable ``View``.

    The builder must read only its arguments (hashable: str, int, tuples, ``Call``s, other
    retained views), and give its handlers as :class:`Call`. The font size setting is part
    of the key. At most ``maxsize`` subtrees are kept per builder (least recently used go).
    """
    def decorate(builder: F) -> F:
        cache: OrderedDict[tuple, View] = OrderedDict()
        _CACHES.append(cache)

        @functools.wraps(builder)
        def wrapper(*args: Any, **kwargs: Any) -> View:
            key = (T.current_font_scale(), args, tuple(kwargs.items()) if kwargs else ())
            v = cache.get(key)
            if v is not None:
                cache.move_to_end(key)
                return v
            with T.font_scale(key[0]):
                v = builder(*args, **kwargs)
            check_shareable(v, builder.__qualname__)
            v.reuse = True
            cache[key] = v
            if len(cache) > maxsize:
                forget(cache.popitem(last=False)[1])
            return v

        def cache_clear() -> None:
            for v in cache.values():
                forget(v)
            cache.clear()

        wrapper.cache_clear = cache_clear  # type: ignore[attr-defined]
        wrapper.cache = cache  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorate(fn) if fn is not None else decorate


__all__ = ["PIXEL_BUDGET", "Call", "check_shareable", "clear", "forget", "keep_pixels",
           "pixel_key", "pixel_stats", "retained", "scale_ratio", "touch_pixels", "trim"]
