"""Copy-on-write sharing of the factory image's big, read-mostly tables.

Every reset boots a kernel from the same factory image. Its large tables (the file system's
entries, the content providers' rows, the OS data model) are not copied per boot: each booted
kernel starts out *sharing* the factory's object, and the first write through the owning
service copies it (``own``). Snapshots pickle a still-shared table as a short reference
(:class:`Ref`) that resolves to the same object in any process running the same code (the
factory is rebuilt there on demand), so a snapshot costs what an episode changed.

Shared objects are never mutated: every write path of a service that holds one calls its
``_own`` first. Their judge views (``state(shared=True)``) are computed once per process and
shared too, read-only by contract.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_BY_TOKEN: dict[str, Any] = {}  # token -> the shared object (kept alive for the process)
_TOKEN_OF: dict[int, str] = {}  # id(shared object) -> token
_VIEWS: dict[tuple[str, str], Any] = {}  # (token, kind) -> a derived view, built once


@dataclass(frozen=True)
class Ref:
    """A shared object in a pickle: its token."""

    token: str


def share(token: str, obj: Any) -> Any:
    """Registers ``obj`` as the process's shared (never mutated) object for ``token``."""
    old = _BY_TOKEN.get(token)
    if old is not None:
        _TOKEN_OF.pop(id(old), None)
        for key in [key for key in _VIEWS if key[0] == token]:
            del _VIEWS[key]
    _BY_TOKEN[token] = obj
    _TOKEN_OF[id(obj)] = token
    return obj


def token_of(obj: Any) -> str | None:
    """The token of a shared object; None when ``obj`` is a kernel's own (mutable) copy."""
    token = _TOKEN_OF.get(id(obj))
    return token if token is not None and _BY_TOKEN[token] is obj else None


def resolve(token: str) -> Any:
    """The shared object of ``token``, building the factory image first if needed (a
    snapshot restored in a fresh process)."""
    if token not in _BY_TOKEN:
        from .kernel import factory_image

        factory_image()
    try:
        return _BY_TOKEN[token]
    except KeyError:
        raise KeyError(f"snapshot refers to shared factory data {token!r} this process does "
                       f"not have (a snapshot from other code?)") from None


def pack(obj: Any) -> Any:
    """What to pickle for a table: a :class:`Ref` while it is shared, else the table."""
    token = token_of(obj)
    return obj if token is None else Ref(token)


def unpack(value: Any) -> Any:
    """The inverse of :func:`pack`."""
    return resolve(value.token) if isinstance(value, Ref) else value


def view(obj: Any, build: Callable[[], Any], kind: str = "state") -> Any | None:
    """A read-only view derived from a shared object (its judge ``state``, an index...),
    built once per process; None when ``obj`` is not shared."""
    token = token_of(obj)
    if token is None:
        return None
    cached = _VIEWS.get((token, kind))
    if cached is None:
        cached = _VIEWS[(token, kind)] = build()
    return cached


class CopyOnWrite:
    """Base of a service whose tables may be shared. Pickling writes ``_shared_attrs`` as
    :class:`Ref` while shared and leaves out ``_cache_attrs`` (views derived on demand: they
    come back as None); ``_derived`` keeps such a view."""

    _shared_attrs: tuple[str, ...] = ()
    _cache_attrs: tuple[str, ...] = ()
    _version: int  # bumped by every write of a subclass that derives views

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for name in self._shared_attrs:
            state[name] = pack(state[name])
        for name in self._cache_attrs:
            state[name] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        for name in self._shared_attrs:
            setattr(self, name, unpack(state[name]))

    def _derived(self, table: Any, build: Callable[[], Any], attr: str = "_view",
                 kind: str = "state") -> Any:
        """A read-only view derived from ``table`` (one of ``_shared_attrs``): the
        process-wide one while the table is shared, else this object's, kept in ``attr``
        and rebuilt after each write (the object's ``_version``)."""
        common = view(table, build, kind)
        if common is not None:
            return common
        cached = getattr(self, attr)
        if cached is None or cached[0] != self._version:
            cached = (self._version, build())
            setattr(self, attr, cached)
        return cached[1]
