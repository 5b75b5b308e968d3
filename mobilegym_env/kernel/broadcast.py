"""The broadcast bus (the spec's BroadcastBus): system announcements that apps receive.

Managers announce the changes they make (airplane mode, connectivity, battery...) through
``OsState.announce``; the kernel's services send their own (``send``). Apps receive them by
declaring receivers in their manifest (``AppManifest.receivers``, like a manifest
``<receiver>``) or by registering at run time (``register``, like ``registerReceiver``; volatile:
a reboot forgets them).

Delivery is deterministic and never happens in the middle of a change: a broadcast is queued
and delivered when the kernel operation that caused it has finished (or, for a manager called
directly by an app, when the step's clock tick runs), in the order sent. For one broadcast the
manifest receivers run first, in app-discovery order, then the registered ones, in registration
order. A receiver is ``receiver(kernel, broadcast)``, a module-level function (picklable); a
receiver that raises is an app crash, recorded in ``Kernel.crashes``, and delivery goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .callbacks import check_callback

if TYPE_CHECKING:
    from .kernel import Kernel
    from .package_manager import PackageManager

# What the system announces, with the extras each carries.
ACTION_AIRPLANE_MODE_CHANGED = "ACTION_AIRPLANE_MODE_CHANGED"  # on
ACTION_WIFI_STATE_CHANGED = "ACTION_WIFI_STATE_CHANGED"  # on
ACTION_BLUETOOTH_STATE_CHANGED = "ACTION_BLUETOOTH_STATE_CHANGED"  # on
ACTION_BLUETOOTH_CONNECTION_CHANGED = "ACTION_BLUETOOTH_CONNECTION_CHANGED"  # device (or None)
ACTION_MOBILE_DATA_CHANGED = "ACTION_MOBILE_DATA_CHANGED"  # on
ACTION_HOTSPOT_STATE_CHANGED = "ACTION_HOTSPOT_STATE_CHANGED"  # on
ACTION_CONNECTIVITY_CHANGE = "ACTION_CONNECTIVITY_CHANGE"  # status, transport, metered, vpn
ACTION_BATTERY_CHANGED = "ACTION_BATTERY_CHANGED"  # level, charging
ACTION_POWER_SAVE_MODE_CHANGED = "ACTION_POWER_SAVE_MODE_CHANGED"  # on
ACTION_CONFIGURATION_CHANGED = "ACTION_CONFIGURATION_CHANGED"  # key, value (theme, font, ...)
ACTION_LOCALE_CHANGED = "ACTION_LOCALE_CHANGED"  # language
ACTION_VOLUME_CHANGED = "ACTION_VOLUME_CHANGED"  # stream, value
ACTION_INTERRUPTION_FILTER_CHANGED = "ACTION_INTERRUPTION_FILTER_CHANGED"  # do_not_disturb
ACTION_VPN_STATE_CHANGED = "ACTION_VPN_STATE_CHANGED"  # on
ACTION_HEADSET_PLUG = "ACTION_HEADSET_PLUG"  # plugged
ACTION_AUDIO_BECOMING_NOISY = "ACTION_AUDIO_BECOMING_NOISY"  # (headphones unplugged)
ACTION_ALARM_STATE_CHANGED = "ACTION_ALARM_STATE_CHANGED"  # active
ACTION_MEDIA_STATE_CHANGED = "ACTION_MEDIA_STATE_CHANGED"  # app_id, playing, track
SYSTEM_ACTIONS = tuple(v for k, v in dict(globals()).items() if k.startswith("ACTION_"))

LOG_SIZE = 50  # recent broadcasts kept for inspection (tests, debugging)
SYSTEM = "android"  # the owner of the kernel's own receivers

Handler = Callable[["Kernel", "Broadcast"], Any]


@dataclass(frozen=True)
class Broadcast:
    """One announcement: an action and its extras (plain data)."""

    action: str
    extras: dict[str, Any] = field(default_factory=dict)
    sent_ms: int = 0


@dataclass(frozen=True)
class Receiver:
    """A receiver declared in an app's manifest: ``handler(kernel, broadcast)`` runs for every
    broadcast of ``action``."""

    action: str
    handler: Handler

    def __post_init__(self) -> None:
        _check_action(self.action)
        check_callback(self.handler)


def _check_action(action: Any) -> None:
    if not isinstance(action, str) or not action:
        raise ValueError(f"a broadcast action must be a non-empty str, got {action!r}")


class BroadcastBus:
    """Queues broadcasts and delivers them to receivers, in a fixed order.

    Args:
        packages: Installed apps (their manifest receivers).
    """

    def __init__(self, packages: PackageManager) -> None:
        self._packages = packages
        self._registered: list[tuple[str, str, Handler]] = []  # (app id, action, handler)
        self._queue: list[Broadcast] = []
        self.log: list[Broadcast] = []  # the last LOG_SIZE delivered, oldest first

    def register(self, app_id: str, action: str, handler: Handler) -> None:
        """Registers ``handler`` for ``action`` on behalf of ``app_id`` (until a reboot or
        :meth:`unregister`). Registering the same triple twice is a no-op.

        Raises:
            ValueError: A bad app id or action, or an unpicklable handler (nothing changes).
        """
        if not isinstance(app_id, str) or not app_id:
            raise ValueError(f"app_id must be a non-empty str, got {app_id!r}")
        _check_action(action)
        check_callback(handler)
        if (app_id, action, handler) not in self._registered:
            self._registered.append((app_id, action, handler))

    def unregister(self, app_id: str, action: str | None = None) -> int:
        """Removes the app's registered receivers (of one action, or all); returns how many."""
        before = len(self._registered)
        self._registered = [r for r in self._registered
                            if not (r[0] == app_id and action in (None, r[1]))]
        return before - len(self._registered)

    def send(self, action: str, extras: dict[str, Any] | None = None, now_ms: int = 0) -> None:
        """Queues a broadcast; it is delivered by :meth:`deliver`.

        Raises:
            ValueError: A bad action or extras that are not a dict (nothing is queued).
        """
        _check_action(action)
        if extras is not None and not isinstance(extras, dict):
            raise ValueError(f"broadcast extras must be a dict, got {type(extras).__name__}")
        self._queue.append(Broadcast(action, dict(extras or {}), now_ms))

    @property
    def pending(self) -> int:
        """How many broadcasts wait for delivery."""
        return len(self._queue)

    def receivers(self, action: str) -> list[tuple[str, Handler]]:
        """(app id, handler) of every receiver of ``action``, in delivery order."""
        found = [(m.id, r.handler) for m in self._packages.manifests()
                 for r in m.receivers if r.action == action]
        found += [(app, h) for app, act, h in self._registered if act == action]
        return found

    def deliver(self, kernel: Kernel) -> int:
        """Delivers every queued broadcast, including those receivers send meanwhile, oldest
        first; returns how many were delivered."""
        delivered = 0
        while self._queue:
            b = self._queue.pop(0)
            self.log = [*self.log[-(LOG_SIZE - 1):], b]
            delivered += 1
            for app_id, handler in self.receivers(b.action):
                kernel.run_app_code(app_id, handler, kernel, b)
        return delivered

    def clear(self) -> None:
        """Drops queued broadcasts and registered receivers (reboot)."""
        self._queue.clear()
        self._registered.clear()
        self.log = []
