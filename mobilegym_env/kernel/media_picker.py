"""System media picker sheet (volatile): an app asks for an image, the user picks or cancels."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .callbacks import check_callback, invoke
from .intent_resolver import RESULT_CANCELED, RESULT_OK, mime_matches
from .providers import ContentProvider

_MIME_FILTER_RE = re.compile(r"(\*/\*|[a-z]+/(\*|[a-z0-9.+-]+))")

# Signature of picker callbacks: callback(requester_app_id, result_code, data_or_None).
PickerCallback = Callable[[str, str, dict[str, Any] | None], Any]


@dataclass
class PickerRequest:
    """The open picker's request."""

    requester_app_id: str
    mime_filter: str
    callback: PickerCallback | None = None


class MediaPickerService:
    """Picker over the media provider's rows.

    Args:
        media: The media provider (rows with ``id``, ``path``, ``mime``, ``taken_ms``). Without
            one, :meth:`candidates` is empty and :meth:`pick` needs an explicit ``path``.
    """

    def __init__(self, media: ContentProvider | None = None) -> None:
        self._media = media
        self.request: PickerRequest | None = None

    @property
    def is_open(self) -> bool:
        """Whether the picker sheet is showing."""
        return self.request is not None

    def open(
        self,
        requester_app_id: str,
        mime_filter: str = "image/*",
        callback: PickerCallback | None = None,
    ) -> None:
        """Show the picker for ``requester_app_id``.

        Raises:
            ValueError: Bad ids/filter, an unpicklable callback, or a picker already open.
        """
        if not isinstance(requester_app_id, str) or not requester_app_id:
            raise ValueError(f"requester_app_id must be a non-empty str, got {requester_app_id!r}")
        if not isinstance(mime_filter, str) or not _MIME_FILTER_RE.fullmatch(mime_filter):
            raise ValueError(f"invalid mime filter {mime_filter!r}")
        if callback is not None:
            check_callback(callback)
        if self.request is not None:
            raise ValueError(f"media picker already open for {self.request.requester_app_id}")
        self.request = PickerRequest(requester_app_id, mime_filter, callback)

    def candidates(self) -> list[dict[str, Any]]:
        """Media rows the open picker offers, newest first (empty when closed)."""
        if self.request is None or self._media is None:
            return []
        rows = self._media.query(order_by="taken_ms", desc=True)
        return [r for r in rows if mime_matches(self.request.mime_filter, r["mime"])]

    def pick(self, media_id: int, path: str | None = None) -> dict[str, Any]:
        """Choose an item: close, then call ``callback(requester, "OK", {media_id, path})``.

        Args:
            media_id: Id of a media row.
            path: The item's path; looked up from the provider when omitted.

        Returns:
            The result data.

        Raises:
            ValueError: If the picker is closed, ``media_id`` is not offered, or ``path``
                is missing/inconsistent.
        """
        if self.request is None:
            raise ValueError("media picker is not open")
        if isinstance(media_id, bool) or not isinstance(media_id, int):
            raise ValueError(f"media_id must be an int, got {media_id!r}")
        if self._media is not None:
            row = self._media.get(media_id)
            if row is None or not mime_matches(self.request.mime_filter, row["mime"]):
                raise ValueError(
                    f"media id {media_id!r} is not offered for filter {self.request.mime_filter!r}"
                )
            if path is not None and path != row["path"]:
                raise ValueError(f"path {path!r} does not match media id {media_id}")
            path = row["path"]
        elif not isinstance(path, str) or not path:
            raise ValueError("no media provider attached: pick() needs the item's path")
        req, self.request = self.request, None
        data = {"media_id": media_id, "path": path}
        # Close before calling back so the callback may open a new picker.
        invoke(req.callback, req.requester_app_id, RESULT_OK, dict(data))
        return data

    def cancel(self) -> bool:
        """Close without a pick (Back at priority 600).

        Returns:
            True if the picker was open (Back consumed), else False.
        """
        if self.request is None:
            return False
        req, self.request = self.request, None
        invoke(req.callback, req.requester_app_id, RESULT_CANCELED, None)
        return True

    def state(self) -> dict[str, Any]:
        """Return a JSON-serializable snapshot."""
        req = self.request
        return {
            "open": req is not None,
            "requester": None if req is None else req.requester_app_id,
            "mime_filter": None if req is None else req.mime_filter,
        }
