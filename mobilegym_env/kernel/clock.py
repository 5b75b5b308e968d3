"""Virtual wall clock: the only source of time for the simulated device."""

from __future__ import annotations

import datetime as _dt
from typing import Any

_EPOCH = _dt.datetime.fromtimestamp(0, tz=_dt.timezone.utc)
# Real-world UTC offsets span UTC-12:00 .. UTC+14:00.
_MIN_OFFSET, _MAX_OFFSET = -12 * 60, 14 * 60


def _check_int(name: str, value: Any) -> int:
    """Return ``value`` if it is a real int (bools rejected), else raise ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an int, got {value!r}")
    return value


class VirtualClock:
    """A deterministic clock that only moves when told to.

    Args:
        start_ms: Initial time in milliseconds since the Unix epoch (UTC).
        tz_offset_minutes: Local time-zone offset from UTC, in minutes.
    """

    def __init__(self, start_ms: int, tz_offset_minutes: int = 0) -> None:
        _check_int("start_ms", start_ms)
        _check_int("tz_offset_minutes", tz_offset_minutes)
        if not _MIN_OFFSET <= tz_offset_minutes <= _MAX_OFFSET:
            raise ValueError(
                f"tz_offset_minutes must be in [{_MIN_OFFSET}, {_MAX_OFFSET}], "
                f"got {tz_offset_minutes}"
            )
        self._now_ms = start_ms
        self._tz_offset_minutes = tz_offset_minutes

    @property
    def tz_offset_minutes(self) -> int:
        """The local offset from UTC in minutes."""
        return self._tz_offset_minutes

    def now_ms(self) -> int:
        """Return the current virtual time in epoch milliseconds (UTC)."""
        return self._now_ms

    def advance(self, ms: int) -> None:
        """Move time forward.

        Args:
            ms: Milliseconds to advance; must be >= 0 (time never runs backwards).

        Raises:
            ValueError: If ``ms`` is negative or not an int.
        """
        _check_int("ms", ms)
        if ms < 0:
            raise ValueError(f"cannot advance the clock by a negative amount: {ms}")
        self._now_ms += ms

    def set_now(self, ms: int) -> None:
        """Jump to an absolute time (task setup, like the original's ``__SIM_TIME__``).

        Args:
            ms: New time in epoch milliseconds.
        """
        self._now_ms = _check_int("ms", ms)

    def local_datetime(self) -> _dt.datetime:
        """Return the current local time as a naive ``datetime`` (never the host clock)."""
        delta = _dt.timedelta(milliseconds=self._now_ms + self._tz_offset_minutes * 60_000)
        return (_EPOCH + delta).replace(tzinfo=None)

    def format(self, fmt: str) -> str:
        """Format the local time with ``strftime`` directives."""
        if not isinstance(fmt, str):
            raise ValueError(f"fmt must be a str, got {type(fmt).__name__}")
        return self.local_datetime().strftime(fmt)

    def state(self) -> dict[str, Any]:
        """Return a JSON-serializable snapshot."""
        return {
            "now_ms": self._now_ms,
            "iso": self.local_datetime().isoformat(timespec="seconds"),
            "tz_offset_minutes": self._tz_offset_minutes,
        }
