"""Runtime permissions: a facade over ``OsState.permissions`` plus the volatile dialog request.

Statuses persist across reboots (as in Android's package manager database); the pending
dialog does not, so the kernel calls :meth:`PermissionService.clear_pending` on reboot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .callbacks import check_callback, invoke
from .os_state import OsState

KNOWN_PERMISSIONS = (
    "camera",
    "location",
    "contacts",
    "sms",
    "storage",
    "microphone",
    "notifications",
    "phone",
    "calendar",
)
STATUSES = ("not_requested", "granted", "denied", "denied_forever")

# Signature of permission callbacks: callback(app_id, perm, status).
PermissionCallback = Callable[[str, str, str], Any]


@dataclass
class PermissionRequest:
    """The request currently shown as a system dialog."""

    app_id: str
    perm: str
    callback: PermissionCallback | None = None


def _check(app_id: Any, perm: Any) -> None:
    if not isinstance(app_id, str) or not app_id:
        raise ValueError(f"app_id must be a non-empty str, got {app_id!r}")
    if perm not in KNOWN_PERMISSIONS:
        raise ValueError(f"unknown permission {perm!r}; expected one of {KNOWN_PERMISSIONS}")


class PermissionService:
    """Android-11-style runtime permission flow.

    Args:
        os_state: Where statuses are persisted (``permissions.<app_id>.<perm>``).
    """

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state
        self.pending: PermissionRequest | None = None

    def status(self, app_id: str, perm: str) -> str:
        """Return the stored status (``"not_requested"`` if never asked)."""
        _check(app_id, perm)
        perms = self._os.get("permissions")
        return perms.get(app_id, {}).get(perm, "not_requested")

    def _store(self, app_id: str, perm: str, status: str) -> None:
        # Key sequence, not a dotted path: app ids may contain dots (e.g. "com.example").
        self._os._set(("permissions", app_id, perm), status)

    def request(
        self, app_id: str, perm: str, callback: PermissionCallback | None = None
    ) -> str | None:
        """Ask for a permission.

        Already-granted and permanently-denied permissions resolve at once (the callback is
        invoked immediately); otherwise a dialog request becomes ``pending``.

        Args:
            app_id: The requesting app.
            perm: One of :data:`KNOWN_PERMISSIONS`.
            callback: Module-level function called as ``callback(app_id, perm, status)``.

        Returns:
            ``"granted"`` or ``"denied_forever"`` when resolved at once, else None.

        Raises:
            ValueError: Bad ids, an unpicklable callback, or another app's dialog pending.
        """
        _check(app_id, perm)
        if callback is not None:
            check_callback(callback)
        current = self.status(app_id, perm)
        if current in ("granted", "denied_forever"):
            invoke(callback, app_id, perm, current)
            return current
        if self.pending is not None:
            if (self.pending.app_id, self.pending.perm) == (app_id, perm):
                return None  # the same dialog is already up (e.g. a double tap)
            raise ValueError(
                f"permission dialog already pending for {self.pending.app_id}/{self.pending.perm}"
            )
        self.pending = PermissionRequest(app_id, perm, callback)
        return None

    def respond(self, grant: bool, dont_ask_again: bool = False) -> str:
        """Answer the pending dialog.

        A denial becomes ``denied_forever`` when ``dont_ask_again`` is set or the permission
        was already denied once (Android 11+ behaviour).

        Returns:
            The new status.

        Raises:
            ValueError: If no request is pending or the flags are not bools.
        """
        if not isinstance(grant, bool) or not isinstance(dont_ask_again, bool):
            raise ValueError("grant and dont_ask_again must be bools")
        req = self._take_pending()
        if grant:
            new = "granted"
        elif dont_ask_again or self.status(req.app_id, req.perm) == "denied":
            new = "denied_forever"
        else:
            new = "denied"
        return self._resolve(req, new)

    def dismiss(self) -> bool:
        """Back on the dialog counts as a denial (Android 11+): ``denied``, or
        ``denied_forever`` if the permission had been denied once already.

        Returns:
            True if a dialog was dismissed (the Back event is consumed), else False.
        """
        if self.pending is None:
            return False
        self.respond(False)
        return True

    def cancel(self) -> bool:
        """The user left the dialog's app (Home, Recents, another app): the request is
        interrupted, the status stays as it was and the callback gets that status (a
        cancellation, as Android's empty result arrays).

        Returns:
            True if a dialog was pending, else False.
        """
        if self.pending is None:
            return False
        req = self._take_pending()
        invoke(req.callback, req.app_id, req.perm, self.status(req.app_id, req.perm))
        return True

    def _take_pending(self) -> PermissionRequest:
        if self.pending is None:
            raise ValueError("no permission request is pending")
        req, self.pending = self.pending, None
        return req

    def _resolve(self, req: PermissionRequest, status: str) -> str:
        self._store(req.app_id, req.perm, status)
        invoke(req.callback, req.app_id, req.perm, status)
        return status

    def grant(self, app_id: str, perm: str) -> None:
        """Grant without a dialog (Settings screen, task setup)."""
        _check(app_id, perm)
        self._store(app_id, perm, "granted")

    def revoke(self, app_id: str, perm: str) -> None:
        """Revoke from Settings: the app may ask again, so the status becomes ``denied``."""
        _check(app_id, perm)
        self._store(app_id, perm, "denied")

    def set_status(self, app_id: str, perm: str, status: str) -> None:
        """Set any status directly (task setup)."""
        _check(app_id, perm)
        if status not in STATUSES:
            raise ValueError(f"unknown permission status {status!r}; expected one of {STATUSES}")
        self._store(app_id, perm, status)

    def clear_pending(self) -> None:
        """Drop the pending dialog without a callback (reboot)."""
        self.pending = None

    def state(self) -> dict[str, Any]:
        """Return the volatile part; statuses are in ``OsState.state()["permissions"]``."""
        if self.pending is None:
            return {"pending": None}
        return {"pending": {"app_id": self.pending.app_id, "perm": self.pending.perm}}
