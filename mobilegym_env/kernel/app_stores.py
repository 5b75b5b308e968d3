"""The apps' persisted data stores, shared with the factory image until an app uses its own.

Every boot starts from the factory's stores without copying them: a store is copied the
first time its app (or anyone) takes it to read or write (``[app_id]``, what
``Kernel.app_state`` and a screen's ``ctx.state`` do), because apps write their stores
directly and nothing could tell a read from a write afterwards. Until then the store is the
factory's object, so a snapshot pickles it as a short reference (``kernel.shared``) and the
judge reads the factory's view of it; an episode pays only for the apps it opened.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

from . import shared


def token(app_id: str) -> str:
    """The shared-object token of the app's factory store."""
    return f"app:{app_id}"


class AppStores:
    """App id -> the app's data store (a plain, JSON-like dict)."""

    def __init__(self, stores: dict[str, dict[str, Any]]) -> None:
        self._stores = stores

    def __getitem__(self, app_id: str) -> dict[str, Any]:
        store = self._stores[app_id]
        if shared.token_of(store) is not None:  # the factory's: take a copy of one's own
            # stores are plain data: a pickle round trip copies them 5x faster than deepcopy
            store = self._stores[app_id] = pickle.loads(
                pickle.dumps(store, pickle.HIGHEST_PROTOCOL))
        return store

    def view(self, app_id: str) -> dict[str, Any]:
        """The app's store to read only: the factory's own while it is still shared."""
        return self._stores[app_id]

    def __contains__(self, app_id: object) -> bool:
        return app_id in self._stores

    def __iter__(self) -> Iterator[str]:
        return iter(self._stores)

    def __len__(self) -> int:
        return len(self._stores)

    def peek(self) -> Iterator[tuple[str, dict[str, Any], bool]]:
        """(app id, store, whether it is still the factory's) for each app, without taking
        copies: read-only."""
        for app_id, store in self._stores.items():
            yield app_id, store, shared.token_of(store) is not None

    def share_all(self) -> None:
        """Registers every store as the factory's (when the factory image is made)."""
        for app_id, store in self._stores.items():
            shared.share(token(app_id), store)

    def __getstate__(self) -> dict[str, Any]:
        return {"_stores": {a: shared.pack(s) for a, s in self._stores.items()}}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._stores = {a: shared.unpack(s) for a, s in state["_stores"].items()}
