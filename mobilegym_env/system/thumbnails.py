"""Recents thumbnails, content-keyed and shared across visits, episodes and devices.

A card's thumbnail is an offscreen render of its task's top activity, scaled to the card. It
is a pure function of the kernel's state (the snapshot contract: a restored copy draws the same
frame), so it is cached under a fingerprint of that state: a hash of the kernel pickled without
the clock's time. A screen that reads the time while it is built (a conversation list's "10:30")
depends on the clock too: its entry then holds only while the clock shows the same millisecond.
Entries are stored pre-scaled in the frame's 24-bit pixel format (a plain-copy blit, ~0.33 MB
at scale 1) in one LRU cache bounded in bytes, so they never grow with the number of envs.

A picture is kept from its state's second visit on: most states are seen once, and storing
takes a second fingerprint, to check that the build changed nothing (a crash recorded, a
default written to a store): a build that did is not cached, so a hit never skips a side
effect. Equal fingerprints mean equal states, so one device's pictures never show another's
data.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import pickle
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from ..kernel.broadcast import BroadcastBus
from ..kernel.clock import VirtualClock
from ..kernel.lifecycle import Lifecycle

if TYPE_CHECKING:
    from ..kernel import Kernel

LIMIT_BYTES = 8 * 2**20  # about 23 thumbnails at scale 1: 3 tasks for each of 8 envs

# fingerprint -> (picture, the clock's ms when the screen read it, else None)
_cache: OrderedDict[tuple, tuple[Any, int | None]] = OrderedDict()
_size = [0]
_seen: OrderedDict[tuple, None] = OrderedDict()  # keys drawn once, not stored (bounded)
SEEN_LIMIT = 4096


def _without_log(obj: Any) -> tuple:
    return object.__new__, (type(obj),), {k: v for k, v in vars(obj).items() if k != "log"}


# the pickler's reducers: copyreg's, plus the clock without its time and the services without
# their diagnostic logs (what a screen draws never depends on them)
_TABLE = dict(copyreg.dispatch_table)
_TABLE[VirtualClock] = lambda c: (VirtualClock, (0, c.tz_offset_minutes))
_TABLE[Lifecycle] = _without_log
_TABLE[BroadcastBus] = _without_log


def fingerprint(kernel: Kernel) -> bytes | None:
    """A digest of the kernel's whole state except the clock's time; None when something in
    it cannot be pickled (an app's own object: then nothing is cached)."""
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _TABLE
    try:
        pickler.dump(kernel)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return hashlib.blake2b(buf.getbuffer(), digest_size=20).digest()


class _WatchedClock(VirtualClock):
    """The kernel's clock while a thumbnail's screen is built: notes any use of the time."""

    used = False

    def now_ms(self) -> int:
        _WatchedClock.used = True
        return super().now_ms()

    def local_datetime(self) -> Any:
        _WatchedClock.used = True
        return super().local_datetime()

    def advance(self, ms: int) -> None:
        _WatchedClock.used = True
        super().advance(ms)

    def set_now(self, ms: int) -> None:
        _WatchedClock.used = True
        super().set_now(ms)


def seen_before(key: tuple) -> bool:
    """Whether a picture for ``key`` was drawn before (and not kept); notes it if not. Only a
    state that recurs is worth the second fingerprint that storing it takes."""
    if key in _seen:
        return True
    _seen[key] = None
    if len(_seen) > SEEN_LIMIT:
        _seen.popitem(last=False)
    return False


def get(key: tuple, now_ms: int) -> Any:
    """The cached picture for ``key`` (a fingerprint plus what else selects the picture), or
    None."""
    entry = _cache.get(key)
    if entry is None or (entry[1] is not None and entry[1] != now_ms):
        return None
    _cache.move_to_end(key)
    return entry[0]


def put(key: tuple, picture: Any, clock_ms: int | None) -> None:
    """Stores a picture, evicting the least recently used ones beyond ``LIMIT_BYTES``."""
    old = _cache.pop(key, None)
    if old is not None:
        _size[0] -= _bytes(old[0])
    _cache[key] = (picture, clock_ms)
    _size[0] += _bytes(picture)
    while _size[0] > LIMIT_BYTES and len(_cache) > 1:
        _size[0] -= _bytes(_cache.popitem(last=False)[1][0])


def clear() -> None:
    _cache.clear()
    _seen.clear()
    _size[0] = 0


def stats() -> dict[str, int]:
    """Entries and bytes held (for tests and benchmarks)."""
    return {"entries": len(_cache), "bytes": _size[0]}


def _bytes(picture: Any) -> int:
    return picture.get_bytesize() * picture.get_width() * picture.get_height()


def watch(kernel: Kernel) -> _Watch:
    """``with watch(kernel) as w:`` builds a screen; ``w.used_clock`` says if it read the
    time."""
    return _Watch(kernel)


class _Watch:
    """Watches the clock while a screen is built; nests (an outer watch sees an inner one's
    reads too)."""

    def __init__(self, kernel: Kernel) -> None:
        self.clock = kernel.clock
        self.used_clock = False
        self._outer: bool | None = None  # the outer watch's reads so far, when nested

    def __enter__(self) -> _Watch:
        if type(self.clock) is VirtualClock:
            _WatchedClock.used = False
            self.clock.__class__ = _WatchedClock
        elif type(self.clock) is _WatchedClock:
            self._outer, _WatchedClock.used = _WatchedClock.used, False
        return self

    def __exit__(self, *exc: object) -> None:
        if type(self.clock) is not _WatchedClock:  # a clock of another kind: treat it as read
            self.used_clock = True
            return
        self.used_clock = _WatchedClock.used
        if self._outer is None:
            self.clock.__class__ = VirtualClock
        else:
            _WatchedClock.used = self._outer or self.used_clock
