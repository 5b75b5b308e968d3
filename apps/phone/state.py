"""Phone's persisted data store: voicemails (calls are in the call-log provider,
``content://calls``; people in ``content://contacts``; blocked numbers in the system-wide
``content://blocked``, shared with Messages and Contacts).

A voicemail is ``{"id", "number", "date_ms", "duration_s", "transcript", "read"}``; its id
comes from ``next_id``.
"""

from __future__ import annotations

import datetime
from typing import Any


def _at(month: int, day: int, hour: int, minute: int) -> int:
    """Epoch ms of a UTC time in 2026 (before the factory clock, 2026-03-02 09:00)."""
    when = datetime.datetime(2026, month, day, hour, minute, tzinfo=datetime.timezone.utc)
    return int(when.timestamp()) * 1000


# (number, when, seconds, transcript, read): each follows a missed call of the default log.
VOICEMAILS = (
    ("+1 415-555-0166", _at(2, 25, 10, 16), 22,
     "Hi, this is Grace from Bayview Dental calling to confirm your cleaning on March 10 at "
     "2:15 PM. Call us back if you need to reschedule.", True),
    ("+1 213-555-0199", _at(2, 25, 17, 51), 35,
     "Hello, this is Tom from Sunrise Realty about the apartment on Linden Avenue. The viewing "
     "moved to Friday at 5 PM. Please call me back at this number.", False),
    ("+1 510-555-0193", _at(3, 1, 10, 21), 18,
     "Hey, it's Emily. Book club is moving to Thursday. Can you bring the wine? Call me!",
     False),
    ("+1 628-555-0147", _at(3, 2, 7, 51), 14,
     "Ben here. I'm running late tomorrow, let's meet at the trailhead at 8:15.", False),
)


def initial_state() -> dict[str, Any]:
    """Factory data: four voicemails (three unheard)."""
    voicemails = [{"id": i, "number": n, "date_ms": t, "duration_s": s, "transcript": words,
                   "read": read}
                  for i, (n, t, s, words, read) in enumerate(VOICEMAILS, 1)]
    return {"voicemails": voicemails, "next_id": len(voicemails) + 1}
