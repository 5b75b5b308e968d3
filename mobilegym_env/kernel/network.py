"""The network service: whether the phone is online, derived from the radios (volatile).

Connectivity is never stored; it follows from the persisted settings and hardware:

============  =============================================================================
status        when
============  =============================================================================
``online``    Wi-Fi is on and connected to a network (unmetered)
``metered``   otherwise, mobile data is on, airplane mode is off and there is a signal
``offline``   otherwise (airplane mode without Wi-Fi, both radios off, no signal...)
============  =============================================================================

Apps consult it (``ctx.os.network.online``) and show an offline state; when the status,
transport or VPN changes, the kernel announces ``ACTION_CONNECTIVITY_CHANGE`` on the broadcast
bus. The original's HTTP gateway (``netFetch``) has no counterpart: nothing leaves the process.
"""

from __future__ import annotations

from typing import Any

from .os_state import OsState
from .shared import CopyOnWrite

ONLINE, METERED, OFFLINE = "online", "metered", "offline"
_STATUS = {"wifi": ONLINE, "cellular": METERED, None: OFFLINE}  # transport -> status


class NetworkService(CopyOnWrite):
    """Reads connectivity off the device model.

    Args:
        os_state: The persisted settings and hardware it derives from.
    """

    _cache_attrs = ("_from_model",)

    def __init__(self, os_state: OsState) -> None:
        self._os = os_state
        # state() derived from one version of the model: (its data, its version, the state);
        # it is read at every settle, the model rarely changes
        self._from_model: tuple[Any, int, dict[str, Any]] | None = None
        self.last: dict[str, Any] = self.state()  # what was last announced

    @property
    def transport(self) -> str | None:
        """``"wifi"``, ``"cellular"``, or None when offline."""
        get = self._os.get
        if get("settings.global.wifi_on") and get("hardware.wifi.connected"):
            return "wifi"
        if get("settings.global.mobile_data_on") and not get("settings.global.airplane_mode") \
                and get("hardware.cellular.signal") > 0:
            return "cellular"
        return None

    @property
    def status(self) -> str:
        """``"online"``, ``"metered"`` or ``"offline"`` (see the module's table)."""
        return _STATUS[self.transport]

    @property
    def online(self) -> bool:
        """Whether apps can reach the network (over Wi-Fi or mobile data)."""
        return self.transport is not None

    def state(self) -> dict[str, Any]:
        """``{"status", "transport", "metered", "vpn"}`` (the VPN only counts when online)."""
        os, derived = self._os, self._from_model
        if derived is not None and derived[0] is os._data and derived[1] == os._version:
            return dict(derived[2])
        transport = self.transport
        now = {"status": _STATUS[transport],
               "transport": transport, "metered": transport == "cellular",
               "vpn": transport is not None and bool(self._os.get("hardware.vpn_on"))}
        self._from_model = (os._data, os._version, now)
        return dict(now)

    def changed(self) -> dict[str, Any] | None:
        """The new state if it differs from the last one seen (then it becomes the last)."""
        now = self.state()
        if now == self.last:
            return None
        self.last = now
        return now
