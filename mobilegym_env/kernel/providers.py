"""ContentResolver-style shared data: contacts, SMS, media, the call log and the blocked
numbers (each persisted), and the one phone-number comparison and contact lookup every app uses.

``MEDIA_SAMPLES`` is the single source of the default photos: the media provider's rows and
the file system's default files are both derived from it, so every media row's path exists.
"""

from __future__ import annotations

import copy
import datetime
import functools
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from . import shared
from .data import plain_copy

_NONE = type(None)
# Column spec: name -> (accepted types, default used when an insert omits the column).
ColumnSpec = Mapping[str, tuple[tuple[type, ...], Any]]

OWN_NUMBER = "+1 415-555-0100"  # this device's number: the address of sent SMS


def _row_type_ok(value: Any, types: tuple[type, ...]) -> bool:
    # bool is an int subclass; a bool in an int column is a bug, not data.
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


class ContentProvider(shared.CopyOnWrite):
    """A table of dict rows keyed by an integer id.

    Args:
        authority: Name used in ``content://<authority>`` URIs.
        rows: Initial rows (deep-copied and validated).
        id_field: The integer primary-key column.
        columns: Column spec; None derives untyped columns from ``rows``.
        choices: Optional allowed values per column.
    """

    _shared_attrs = ("_rows", "_columns", "_choices")  # the schema is never edited
    _cache_attrs = ("_view", "_indexes")

    def __init__(
        self,
        authority: str,
        rows: Sequence[Mapping[str, Any]],
        id_field: str = "id",
        columns: ColumnSpec | None = None,
        choices: Mapping[str, Sequence[Any]] | None = None,
    ) -> None:
        if columns is None:
            names = {id_field} | {k for r in rows for k in r}
            columns = {n: ((int,), None) if n == id_field else ((object,), None) for n in names}
        if id_field not in columns:
            raise ValueError(f"id_field {id_field!r} is not a declared column of {authority!r}")
        self.authority = authority
        self.id_field = id_field
        self._columns = {k: (tuple(v[0]), v[1]) for k, v in columns.items()}
        self._choices = {k: tuple(v) for k, v in (choices or {}).items()}
        self._rows: dict[int, dict[str, Any]] = {}
        for row in rows:
            full = self._complete(row)
            rid = full[id_field]
            if not isinstance(rid, int) or isinstance(rid, bool) or rid in self._rows:
                raise ValueError(
                    f"{authority}: row id {rid!r} is missing, not an int or duplicated"
                )
            self._rows[rid] = full
        # Ids are never reused after deletion (like SQLite AUTOINCREMENT).
        self._next_id = max(self._rows, default=0) + 1
        self._version = 0  # bumped by every write: keys the cached judge view
        self._view: tuple[int, list[dict[str, Any]]] | None = None
        self._indexes: tuple[int, dict[str, dict[Hashable, int]]] | None = None

    # ----- copy-on-write (see kernel.shared) and pickling
    def _own(self) -> dict[int, dict[str, Any]]:
        """The rows, made this provider's own before a write (a booted kernel shares the
        factory's until then).

        Rows are never edited in place: a write puts a new row dict in the table. So owning
        copies only the table, rows are shared with the factory and with the judge views
        (an unchanged row is the same object in every state, which the diff skips).
        """
        if shared.token_of(self._rows) is not None:
            self._rows = dict(self._rows)
        self._version += 1
        return self._rows

    @property
    def columns(self) -> tuple[str, ...]:
        """Declared column names."""
        return tuple(self._columns)

    def _check_values(self, values: Mapping[str, Any]) -> None:
        if not isinstance(values, Mapping):
            raise ValueError(f"{self.authority}: values must be a dict, got {values!r}")
        for key, value in values.items():
            if key not in self._columns:
                raise ValueError(f"{self.authority}: unknown column {key!r}")
            types = self._columns[key][0]
            if not _row_type_ok(value, types):
                names = "/".join(t.__name__ for t in types)
                raise ValueError(f"{self.authority}.{key}: expected {names}, got {value!r}")
            if key in self._choices and value not in self._choices[key]:
                raise ValueError(
                    f"{self.authority}.{key}: {value!r} not one of {self._choices[key]}"
                )

    def _complete(self, values: Mapping[str, Any]) -> dict[str, Any]:
        self._check_values(values)
        row = {k: copy.deepcopy(spec[1]) for k, spec in self._columns.items()}
        row.update(copy.deepcopy(dict(values)))
        return row

    def _check_where(self, where: Mapping[str, Any] | None) -> None:
        if where is None:
            return
        if not isinstance(where, Mapping):
            raise ValueError(f"{self.authority}: where must be a dict, got {where!r}")
        for key in where:
            if key not in self._columns:
                raise ValueError(f"{self.authority}: unknown column {key!r} in where")

    @staticmethod
    def _matches(row: Mapping[str, Any], where: Mapping[str, Any] | None) -> bool:
        for key, want in (where or {}).items():
            if isinstance(want, (list, tuple)):
                if row[key] not in want:
                    return False
            elif row[key] != want:
                return False
        return True

    def query(
        self,
        where: Mapping[str, Any] | None = None,
        order_by: str | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """Return copies of matching rows.

        Args:
            where: Exact column matches; a list/tuple value means "in".
            order_by: Column to sort by (None sorts first); ties keep id order.
            desc: Reverse the sort.
            limit: Maximum number of rows (>= 0).
        """
        self._check_where(where)
        if order_by is not None and order_by not in self._columns:
            raise ValueError(f"{self.authority}: unknown order_by column {order_by!r}")
        if limit is not None and (
            not isinstance(limit, int) or isinstance(limit, bool) or limit < 0
        ):
            raise ValueError(f"limit must be a non-negative int, got {limit!r}")
        rows = [r for _, r in sorted(self._rows.items()) if self._matches(r, where)]
        if order_by is not None:
            rows.sort(key=lambda r: (r[order_by] is not None, r[order_by]), reverse=desc)
        elif desc:
            rows.reverse()
        if limit is not None:
            rows = rows[:limit]
        return plain_copy(rows)

    def first(self, predicate: Callable[[Mapping[str, Any]], bool]) -> dict[str, Any] | None:
        """Return a copy of the first row (in id order) for which ``predicate`` holds, or None.

        Unlike ``query``, rows that do not match are not copied: a lookup by a computed key
        (a phone number's digits) costs one copy, not one per row.
        """
        for _, row in sorted(self._rows.items()):
            if predicate(row):
                return plain_copy(row)
        return None

    def index(self, keys: Callable[[Mapping[str, Any]], Iterable[Hashable]]
              ) -> Mapping[Hashable, int]:
        """Each key ``keys(row)`` yields, mapped to the id of the first row (in id order) that
        yields it: a lookup by a computed key (a phone number's national digits) without a
        scan. Built once per write of the table (once per process while it is the factory's);
        ``keys`` is a module-level function, and the mapping is read-only."""
        kind = f"index:{keys.__module__}.{keys.__qualname__}"

        def build() -> dict[Hashable, int]:
            out: dict[Hashable, int] = {}
            for rid, row in sorted(self._rows.items()):
                for key in keys(row):
                    out.setdefault(key, rid)
            return out

        common = shared.view(self._rows, build, kind)
        if common is not None:
            return common
        if self._indexes is None or self._indexes[0] != self._version:
            self._indexes = (self._version, {})
        found = self._indexes[1].get(kind)
        if found is None:
            found = self._indexes[1][kind] = build()
        return found

    def get(self, row_id: int) -> dict[str, Any] | None:
        """Return a copy of one row, or None."""
        row = self._rows.get(row_id)
        return None if row is None else plain_copy(row)

    def insert(self, values: Mapping[str, Any]) -> int:
        """Insert a row (missing columns take defaults) and return its id."""
        row = self._complete(values)
        rid = row[self.id_field]
        if rid is None:
            rid = row[self.id_field] = self._next_id
        elif rid in self._rows:
            raise ValueError(f"{self.authority}: id {rid} already exists")
        self._own()[rid] = row
        self._next_id = max(self._next_id, rid + 1)
        return rid

    def _check_update(self, values: Mapping[str, Any]) -> None:
        self._check_values(values)
        if self.id_field in values:
            raise ValueError(f"{self.authority}: the id column {self.id_field!r} is read-only")

    def update(self, row_id: int, values: Mapping[str, Any]) -> bool:
        """Update one row; return whether it existed."""
        self._check_update(values)
        if row_id not in self._rows:
            return False
        rows = self._own()
        rows[row_id] = {**rows[row_id], **copy.deepcopy(dict(values))}
        return True

    def update_where(self, where: Mapping[str, Any], values: Mapping[str, Any]) -> int:
        """Update all matching rows (``{}`` matches all); return the count."""
        self._check_where(where)
        self._check_update(values)
        hits = [rid for rid, r in self._rows.items() if self._matches(r, where)]
        rows = self._own() if hits else self._rows
        for rid in hits:
            rows[rid] = {**rows[rid], **copy.deepcopy(dict(values))}
        return len(hits)

    def delete(self, row_id: int) -> bool:
        """Delete one row; return whether it existed."""
        return row_id in self._rows and self._own().pop(row_id) is not None

    def delete_where(self, where: Mapping[str, Any]) -> int:
        """Delete all matching rows (``{}`` matches all); return the count."""
        self._check_where(where)
        if where is None:
            raise ValueError(f"{self.authority}: delete_where needs a where dict ({{}} for all)")
        hits = [rid for rid, r in self._rows.items() if self._matches(r, where)]
        rows = self._own() if hits else self._rows
        for rid in hits:
            del rows[rid]
        return len(hits)

    def state(self, shared_view: bool = False) -> list[dict[str, Any]]:
        """The rows in id order; ``shared_view`` returns the cached view, rebuilt only after
        a write and shared with earlier results (and other kernels): read-only."""
        if not shared_view:
            return self._build_state()
        return self._derived(self._rows, self._in_order)

    def _in_order(self) -> list[dict[str, Any]]:
        """The rows themselves in id order (never edited in place, see ``_own``)."""
        return [r for _, r in sorted(self._rows.items())]

    def _build_state(self) -> list[dict[str, Any]]:
        """Return copies of all rows in id order."""
        return plain_copy(self._in_order())


# --------------------------------------------------------------------------- default data

def _taken_ms(local: str) -> int:
    """``"YYYY-MM-DD HH:MM:SS"`` (UTC, the default zone) in epoch milliseconds."""
    when = datetime.datetime.strptime(local, "%Y-%m-%d %H:%M:%S")
    return int(when.replace(tzinfo=datetime.timezone.utc).timestamp()) * 1000


def _photo(path: str, width: int, height: int, taken: str, size: int) -> dict[str, Any]:
    mime = "image/png" if path.endswith(".png") else "image/jpeg"
    return {"path": f"/sdcard/{path}", "mime": mime, "album": media_album(f"/sdcard/{path}"),
            "width": width, "height": height, "taken_ms": _taken_ms(taken), "size": size}


def media_album(path: str) -> str:
    """The album (bucket) of a media file: the name of the folder holding it."""
    folder = path.rsplit("/", 1)[0]
    return "Internal storage" if folder in ("", "/sdcard") else folder.rsplit("/", 1)[-1]


def media_title(path: str) -> str:
    """Display title of a media file: its base name without extension."""
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0]


# Ids follow this order. Albums are folders (Android's buckets): Camera 11, Yosemite 5,
# Screenshots 4, Birthday party 3, Download 2, Pictures 1; taken Oct 2025 to Mar 2026.
MEDIA_SAMPLES: list[dict[str, Any]] = [
    _photo("DCIM/Camera/IMG_20251218_093015.jpg", 4032, 3024, "2025-12-18 09:30:15", 3_418_112),
    _photo("DCIM/Camera/IMG_20251218_093102.jpg", 4032, 3024, "2025-12-18 09:31:02", 3_377_804),
    _photo("DCIM/Camera/IMG_20260110_184540.jpg", 3024, 4032, "2026-01-10 18:45:40", 2_904_331),
    _photo("DCIM/Camera/IMG_20260225_120509.jpg", 4032, 3024, "2026-02-25 12:05:09", 4_102_775),
    _photo("Pictures/golden_gate_sunset.jpg", 1920, 1080, "2025-10-29 08:00:00", 1_206_450),
    _photo("Pictures/Screenshots/Screenshot_20260227_211433.png", 1080, 2400,
           "2026-02-27 21:14:33", 612_904),
    _photo("DCIM/Camera/IMG_20251018_171204.jpg", 4032, 3024, "2025-10-18 17:12:04", 3_655_020),
    _photo("DCIM/Camera/IMG_20251102_083347.jpg", 3024, 4032, "2025-11-02 08:33:47", 2_871_466),
    _photo("DCIM/Camera/IMG_20251124_194512.jpg", 4032, 3024, "2025-11-24 19:45:12", 2_210_938),
    _photo("DCIM/Camera/IMG_20251225_102233.jpg", 4032, 2268, "2025-12-25 10:22:33", 3_020_117),
    _photo("DCIM/Camera/IMG_20260124_121908.jpg", 4032, 3024, "2026-01-24 12:19:08", 3_981_250),
    _photo("DCIM/Camera/IMG_20260214_200115.jpg", 3024, 4032, "2026-02-14 20:01:15", 2_498_803),
    _photo("DCIM/Camera/IMG_20260301_163022.jpg", 4032, 3024, "2026-03-01 16:30:22", 4_377_541),
    _photo("Pictures/Screenshots/Screenshot_20251207_141522.png", 1080, 2400,
           "2025-12-07 14:15:22", 455_318),
    _photo("Pictures/Screenshots/Screenshot_20260115_083010.png", 1080, 2400,
           "2026-01-15 08:30:10", 803_662),
    _photo("Pictures/Screenshots/Screenshot_20260302_081245.png", 1080, 2400,
           "2026-03-02 08:12:45", 527_089),
    _photo("Pictures/Yosemite/half_dome.jpg", 4032, 3024, "2025-10-11 09:14:05", 4_611_902),
    _photo("Pictures/Yosemite/yosemite_falls.jpg", 3024, 4032, "2025-10-11 11:02:41", 3_840_377),
    _photo("Pictures/Yosemite/tunnel_view_panorama.jpg", 8064, 2268, "2025-10-11 16:40:18",
           7_902_615),
    _photo("Pictures/Yosemite/el_capitan.jpg", 4032, 3024, "2025-10-12 08:25:50", 4_250_009),
    _photo("Pictures/Yosemite/mirror_lake.jpg", 4032, 3024, "2025-10-12 13:50:33", 3_733_480),
    _photo("Pictures/Birthday party/cake.jpg", 3024, 4032, "2026-01-17 15:05:12", 2_760_145),
    _photo("Pictures/Birthday party/balloons.jpg", 4032, 3024, "2026-01-17 15:12:47", 3_102_998),
    _photo("Pictures/Birthday party/group_photo.jpg", 4032, 3024, "2026-01-17 15:40:03",
           3_566_721),
    _photo("Download/concert_poster.png", 1080, 1350, "2026-02-03 19:22:10", 1_874_336),
    _photo("Download/floor_plan.jpg", 2000, 1500, "2026-02-19 10:48:57", 968_204),
]


def media_placeholder(sample: Mapping[str, Any]) -> str:
    """Text stand-in for an image's bytes (the virtual FS stores text; ``size`` is nominal)."""
    return f"[{sample['mime']} {sample['width']}x{sample['height']}] {sample['path']}"


CONTACT_COLUMNS: ColumnSpec = {
    "id": ((int, _NONE), None),
    "name": ((str,), ""),
    "phone": ((str,), ""),
    "phone_type": ((str,), "mobile"),
    "phone2": ((str, _NONE), None),
    "phone2_type": ((str,), "work"),
    "email": ((str, _NONE), None),
    "starred": ((bool,), False),
    "company": ((str, _NONE), None),
    "job_title": ((str, _NONE), None),
    "address": ((str, _NONE), None),
    "birthday": ((str, _NONE), None),  # "YYYY-MM-DD", or "MM-DD" when the year is unknown
    "labels": ((list,), []),
    "note": ((str, _NONE), None),
}
PHONE_TYPES = ("mobile", "work", "home")
# The labels Contacts offers (Google Contacts' defaults plus a few); a row may carry others.
CONTACT_LABELS = ("Family", "Friends", "Work", "Book club", "Neighbors")
_BIRTHDAY_RE = re.compile(r"(?:(\d{4})-)?(\d{2})-(\d{2})")

SMS_COLUMNS: ColumnSpec = {
    "id": ((int, _NONE), None),
    "thread_address": ((str,), ""),
    "address": ((str,), ""),
    "body": ((str,), ""),
    "timestamp_ms": ((int,), 0),
    "type": ((str,), "inbox"),
    "read": ((bool,), False),
}
SMS_TYPES = ("inbox", "sent")

MEDIA_COLUMNS: ColumnSpec = {
    "id": ((int, _NONE), None),
    "path": ((str,), ""),
    "mime": ((str,), "image/jpeg"),
    "title": ((str,), ""),
    "album": ((str, _NONE), None),
    "width": ((int,), 0),
    "height": ((int,), 0),
    "taken_ms": ((int,), 0),
    "size": ((int,), 0),
}


def _contact(i: int, name: str, phone: str, email: str | None, starred: bool = False,
             company: str | None = None, note: str | None = None, **more: Any) -> dict[str, Any]:
    return {"id": i, "name": name, "phone": phone, "email": email, "starred": starred,
            "company": company, "note": note, **more}  # fmt: skip


# Near-duplicates (Alice Johnson/Johnston, Daniel/Daniela Kim, Acme Corp/Acme Foods) are
# deliberate decoys for tasks; the first eight rows are referenced by other apps and tests.
DEFAULT_CONTACTS: list[dict[str, Any]] = [
    _contact(1, "Alice Johnson", "+1 415-555-0132", "alice.johnson@example.com", True,
             "Northwind Traders", job_title="Account Manager", birthday="1990-04-12",
             phone2="+1 415-555-0232", labels=["Friends"],
             address="742 Valencia St, San Francisco, CA 94110"),
    _contact(2, "Benjamin Carter", "+1 628-555-0147", "ben.carter@example.com",
             birthday="07-23", labels=["Friends"],
             address="1180 Folsom St, San Francisco, CA 94103"),
    _contact(3, "Chloe Martinez", "+1 415-555-0178", "chloe.martinez@example.com", True,
             "Lumen Studio", job_title="Graphic Designer", birthday="1994-11-02",
             labels=["Friends", "Book club"]),
    _contact(4, "Daniel Kim", "+1 650-555-0110", "daniel.kim@example.com", False, "Acme Corp",
             job_title="Software Engineer", birthday="1988-05-19", labels=["Work"]),
    _contact(5, "Emily Davis", "+1 510-555-0193", "emily.davis@example.com", note="Book club",
             birthday="1992-06-30", labels=["Book club"]),
    _contact(6, "Frank Wilson", "+1 408-555-0125", None, False, "Wilson Plumbing", "Plumber",
             phone_type="work", job_title="Owner", address="88 Mission Rd, Daly City, CA 94014"),
    _contact(7, "Grace Lee", "+1 415-555-0166", "grace.lee@example.com", True,
             "Bayview Dental", "Dentist", job_title="Dentist", phone_type="work",
             address="2100 Webster St, San Francisco, CA 94115"),
    _contact(8, "Henry Thompson", "+1 925-555-0154", "henry.thompson@example.com",
             birthday="1958-09-14", labels=["Family"], phone2="+1 925-555-0254",
             phone2_type="home", address="19 Orchard Ln, Walnut Creek, CA 94595"),
    _contact(9, "Aisha Patel", "+1 415-555-0187", "aisha.patel@acmecorp.com", False,
             "Acme Corp", job_title="Product Manager", birthday="1991-08-05", labels=["Work"]),
    _contact(10, "Alice Johnston", "+1 707-555-0119", "alice.johnston@example.com", False,
             "Bright Spark Electric", "Electrician", job_title="Electrician"),
    _contact(11, "Carlos Rivera", "+1 650-555-0141", "carlos.rivera@acmecorp.com", False,
             "Acme Corp", job_title="Sales Director", birthday="12-08", labels=["Work"],
             phone2="+1 650-555-0241"),
    _contact(12, "Daniela Kim", "+1 650-555-0117", "daniela.kim@example.com", note="Cousin",
             birthday="1996-03-21", labels=["Family"]),
    _contact(13, "Ethan Brooks", "+1 510-555-0162", "ethan.brooks@example.com", False,
             "Greenfield High School", job_title="Math Teacher", labels=["Neighbors"],
             address="47 Linden Ave, Oakland, CA 94611"),
    _contact(14, "Fatima Noor", "+1 408-555-0173", "fatima.noor@example.com",
             note="Babysitter", birthday="2001-05-17"),
    _contact(15, "George Alvarez", "+1 415-555-0108", None, note="Landlord",
             address="355 Dolores St, San Francisco, CA 94110", phone2="+1 415-555-0208",
             phone2_type="home"),
    _contact(16, "Hannah Schmidt", "+1 628-555-0139", "hannah.schmidt@northwind.com", False,
             "Northwind Traders", job_title="Logistics Coordinator", labels=["Work"]),
    _contact(17, "Isabel Moreno", "+1 707-555-0182", "isabel.moreno@example.com", False,
             "Marina Animal Hospital", "Vet", job_title="Veterinarian", phone_type="work"),
    _contact(18, "Jack Nguyen", "+1 925-555-0128", "jack.nguyen@example.com", True,
             birthday="1985-10-09", labels=["Family"]),
    _contact(19, "Kevin Osei", "+1 510-555-0115", "kevin.osei@example.com", False,
             "CoreFit Gym", "Personal trainer", job_title="Trainer"),
    _contact(20, "Laura Chen", "+1 415-555-0191", "laura.chen@example.com",
             birthday="1993-01-27", labels=["Friends", "Book club"]),
    _contact(21, "Liam Walsh", "+1 650-555-0106", "liam.walsh@acmefoods.com", False,
             "Acme Foods", job_title="Chef"),
    _contact(22, "Maya Singh", "+1 408-555-0144", "maya.singh@example.com", True,
             birthday="1999-03-15", labels=["Family"]),
    _contact(23, "Marcus Reed", "+1 628-555-0176", "marcus.reed@northwind.com", False,
             "Northwind Traders", job_title="Warehouse Manager", birthday="1983-06-11"),
    _contact(24, "Nina Shah", "+1 415-555-0158", "nina.shah@bayviewdental.com", False,
             "Bayview Dental", job_title="Dental Hygienist"),
    _contact(25, "Olivia Bennett", "+1 650-555-0184", "olivia.bennett@acmecorp.com", False,
             "Acme Corp", job_title="UX Researcher", labels=["Work"], birthday="04-02"),
    _contact(26, "Oscar Diaz", "+1 510-555-0137", None, False, "Diaz Auto Repair",
             "Mechanic", phone_type="work", address="1500 E 12th St, Oakland, CA 94606"),
    _contact(27, "Priya Raman", "+1 408-555-0169", "priya.raman@example.com",
             birthday="1987-07-02", labels=["Neighbors"],
             address="51 Linden Ave, Oakland, CA 94611"),
    _contact(28, "Samuel Okafor", "+1 925-555-0197", "sam.okafor@example.com",
             note="Piano teacher"),
    _contact(29, "Sofia Rossi", "+1 628-555-0122", "sofia.rossi@northwind.com", False,
             "Northwind Traders", job_title="Marketing Lead", birthday="1995-12-24",
             labels=["Friends"]),
    _contact(30, "Victoria Hughes", "+1 415-555-0112", "victoria.hughes@example.com", False,
             "Greenfield High School", job_title="Principal", labels=["Neighbors"]),
]  # fmt: skip


def _sms(i: int, thread: str, kind: str, body: str, ts: int, read: bool) -> dict[str, Any]:
    address = OWN_NUMBER if kind == "sent" else thread
    return {"id": i, "thread_address": thread, "address": address, "body": body,
            "timestamp_ms": ts, "type": kind, "read": read}  # fmt: skip


def _at(month: int, day: int, hour: int, minute: int) -> int:
    """Epoch ms of a UTC time in 2026 (every default message predates the clock's start)."""
    when = datetime.datetime(2026, month, day, hour, minute, tzinfo=datetime.timezone.utc)
    return int(when.timestamp()) * 1000


_ALICE, _BEN, _CHLOE, _DANIEL = ("+1 415-555-0132", "+1 628-555-0147", "+1 415-555-0178",
                                 "+1 650-555-0110")
_EMILY, _FRANK, _GRACE, _HENRY = ("+1 510-555-0193", "+1 408-555-0125", "+1 415-555-0166",
                                  "+1 925-555-0154")
_CODES, _PARCEL, _BANK, _NEW_NUMBER = "72345", "26789", "33210", "+1 312-555-0186"
# (month, day, hour, minute, thread, type, body, read), oldest first: ids follow time.
_SMS_LOG: list[tuple[int, int, int, int, str, str, str, bool]] = [
    (2, 14, 10, 2, _BANK, "inbox", "Bay Bank: your statement for card ending 4821 is ready. "
     "Balance due $312.45 by March 9.", True),
    (2, 18, 16, 20, _CHLOE, "inbox", "Save the date: my birthday party is Saturday, March 14!",
     True),
    (2, 18, 16, 31, _CHLOE, "sent", "Wouldn't miss it!", True),
    (2, 20, 11, 5, _GRACE, "inbox", "Bayview Dental: reminder, your cleaning is on March 10 "
     "at 2:15 PM. Reply C to confirm.", True),
    (2, 20, 11, 40, _GRACE, "sent", "C", True),
    (2, 20, 11, 41, _GRACE, "inbox", "Thank you, your appointment is confirmed.", True),
    (2, 21, 9, 30, _EMILY, "inbox", "Book club is reading The Overstory this month. "
     "Don't skip the ending!", True),
    (2, 21, 9, 48, _EMILY, "sent", "Already on chapter 3.", True),
    (2, 23, 14, 12, _DANIEL, "inbox", "Are you coming to the Acme offsite on March 12?", True),
    (2, 23, 14, 30, _DANIEL, "sent", "Yes, I'll be there.", True),
    (2, 23, 14, 33, _DANIEL, "inbox", "Great. Let's meet Wednesday at 4:30 PM at Blue Bottle "
     "on Mint Plaza to go over the proposal first.", True),
    (2, 24, 8, 10, _FRANK, "sent", "Hi Frank, the kitchen sink is leaking again. Could you "
     "take a look this week?", True),
    (2, 24, 9, 2, _FRANK, "inbox", "Sure. I can come by Thursday between 9 and 11 AM.", True),
    (2, 24, 17, 45, _FRANK, "inbox", "The estimate for the new faucet is $240, parts included.",
     True),
    (2, 25, 7, 15, _CODES, "inbox", "Your verification code is 730164. It expires in 10 "
     "minutes.", True),
    (2, 25, 19, 20, _BEN, "inbox", "Hike on Saturday, March 7? Thinking Mount Tam.", True),
    (2, 25, 19, 26, _BEN, "sent", "I'm in! What time?", True),
    (2, 25, 19, 28, _BEN, "sent", "The view from last time\n[Image: golden_gate_sunset.jpg]",
     True),
    (2, 25, 19, 30, _BEN, "inbox", "Let's meet at the Pantoll parking lot at 7:45 AM. Bring "
     "water.", True),
    (2, 26, 12, 0, _HENRY, "inbox", "Do you still have my ladder?", True),
    (2, 26, 12, 10, _HENRY, "sent", "Yes! I'll drop it off on Sunday.", True),
    (2, 26, 12, 12, _HENRY, "inbox", "Thanks. If I'm out, the side gate code is 5580.", True),
    (2, 27, 18, 40, _PARCEL, "inbox", "Parcel Express: your package has shipped. Tracking "
     "number PX-88421-US.", True),
    (2, 28, 8, 15, _ALICE, "inbox", "Are we still on for lunch tomorrow at 12:30?", True),
    (2, 28, 8, 17, _ALICE, "sent", "Yes! See you at Luigi's.", True),
    (2, 28, 13, 5, _BANK, "inbox", "Bay Bank: a purchase of $56.20 at Green Leaf Market was "
     "made with card ending 4821. Not you? Reply NO.", True),
    (2, 28, 21, 30, _CHLOE, "inbox", "Party starts at 7 PM at 1420 Valencia Street, "
     "apartment 3.", True),
    (2, 28, 21, 34, _CHLOE, "sent", "Can't wait! Should I bring anything?", True),
    (2, 28, 21, 36, _CHLOE, "inbox", "Just snacks. Grace is coming too!", True),
    (3, 1, 14, 20, _ALICE, "inbox", "Thanks for lunch! I think I left my umbrella at Luigi's. "
     "Did you see it?", True),
    (3, 1, 14, 26, _ALICE, "sent", "No, but I'll call them tomorrow.", True),
    (3, 1, 16, 3, _BEN, "inbox", "Change of plans: let's meet at 8:15 AM instead, same "
     "place.", False),
    (3, 1, 18, 50, _DANIEL, "inbox", "Can you send me the slides from today's meeting?", True),
    (3, 1, 19, 5, _DANIEL, "sent", "Sure, sending them tonight.", True),
    (3, 1, 19, 10, _DANIEL, "inbox", "Got them, thanks!", False),
    (3, 1, 20, 45, _EMILY, "inbox", "Book club moved to Thursday at 6:30 PM at the Rockridge "
     "library.", False),
    (3, 1, 21, 10, _NEW_NUMBER, "inbox", "Hi! It's Priya, this is my new number.", False),
    (3, 1, 21, 11, _NEW_NUMBER, "inbox", "Coffee on Friday at 9 at Sightglass?", False),
    (3, 2, 7, 30, _PARCEL, "inbox", "Parcel Express: your package PX-88421-US will arrive "
     "today between 2 PM and 5 PM.", True),
    (3, 2, 7, 58, _CODES, "inbox", "Your verification code is 482913. It expires in 10 "
     "minutes.", False),
    (3, 2, 8, 20, _ALICE, "inbox", "The quarterly review is Thursday at 10:00 AM in room 4B. "
     "Can you bring the printed agenda?", False),
]  # fmt: skip

DEFAULT_SMS: list[dict[str, Any]] = [
    _sms(i, thread, kind, body, _at(month, day, hour, minute), read)
    for i, (month, day, hour, minute, thread, kind, body, read) in enumerate(_SMS_LOG, start=1)
]


CALL_COLUMNS: ColumnSpec = {
    "id": ((int, _NONE), None),
    "number": ((str,), ""),
    "name": ((str, _NONE), None),  # the contact's name when the call was logged (cached)
    "type": ((str,), "outgoing"),
    "date_ms": ((int,), 0),  # when the call started (rang)
    "duration_s": ((int,), 0),  # talk time; 0 for missed, rejected and blocked calls
}
# Android's CallLog.Calls types (INCOMING, OUTGOING, MISSED, REJECTED, BLOCKED).
CALL_TYPES = ("incoming", "outgoing", "missed", "rejected", "blocked")
_UNKNOWN_CALLER, _SPAM, _REALTOR, _TELEMARKETER = ("+1 646-555-0123", "+1 800-555-0142",
                                                   "+1 213-555-0199", "+1 888-555-0163")
_MAYA, _JACK, _DANIELA, _CARLOS, _LAURA, _JOHNSTON = (
    "+1 408-555-0144", "+1 925-555-0128", "+1 650-555-0117", "+1 650-555-0141",
    "+1 415-555-0191", "+1 707-555-0119")
# (month, day, hour, minute, number, type, seconds), oldest first: ids follow time. The week
# before the factory clock (2026-03-02 09:00 UTC); numbers of default contacts (their names are
# cached as Android does) and a few unknown ones, several missed calls among them.
_CALL_LOG: list[tuple[int, int, int, int, str, str, int]] = [
    (2, 23, 9, 12, _ALICE, "outgoing", 245), (2, 23, 13, 40, _DANIEL, "incoming", 612),
    (2, 23, 18, 5, _SPAM, "missed", 0), (2, 24, 8, 2, _FRANK, "outgoing", 95),
    (2, 24, 8, 47, _FRANK, "incoming", 180), (2, 24, 19, 30, _HENRY, "incoming", 1420),
    (2, 25, 10, 15, _GRACE, "missed", 0), (2, 25, 10, 32, _GRACE, "outgoing", 130),
    (2, 25, 17, 50, _REALTOR, "missed", 0), (2, 26, 9, 5, _BEN, "outgoing", 320),
    (2, 26, 12, 44, _MAYA, "incoming", 905), (2, 26, 20, 10, _SPAM, "rejected", 0),
    (2, 27, 8, 30, _DANIELA, "missed", 0), (2, 27, 11, 11, _CARLOS, "incoming", 450),
    (2, 27, 13, 0, _TELEMARKETER, "blocked", 0), (2, 27, 16, 20, _JOHNSTON, "outgoing", 75),
    (2, 28, 9, 40, _JACK, "incoming", 1200), (2, 28, 14, 2, _UNKNOWN_CALLER, "incoming", 60),
    (2, 28, 21, 15, _CHLOE, "outgoing", 540), (3, 1, 10, 5, _EMILY, "missed", 0),
    (3, 1, 10, 20, _EMILY, "missed", 0), (3, 1, 12, 30, _DANIEL, "outgoing", 210),
    (3, 1, 15, 45, _REALTOR, "missed", 0), (3, 1, 19, 0, _LAURA, "incoming", 380),
    (3, 1, 21, 5, _NEW_NUMBER, "missed", 0), (3, 2, 7, 50, _BEN, "missed", 0),
    (3, 2, 8, 35, _ALICE, "incoming", 95),
]  # fmt: skip


def _default_calls() -> list[dict[str, Any]]:
    names = {c["phone"]: c["name"] for c in DEFAULT_CONTACTS}
    return [{"id": i, "number": number, "name": names.get(number), "type": kind,
             "date_ms": _at(month, day, hour, minute), "duration_s": seconds}
            for i, (month, day, hour, minute, number, kind, seconds)
            in enumerate(_CALL_LOG, start=1)]  # fmt: skip


def _default_media() -> list[dict[str, Any]]:
    return [
        {"id": i, "path": s["path"], "mime": s["mime"], "title": media_title(s["path"]),
         "album": s["album"], "width": s["width"], "height": s["height"],
         "taken_ms": s["taken_ms"], "size": s["size"]}
        for i, s in enumerate(MEDIA_SAMPLES, start=1)
    ]  # fmt: skip


class ContactsProvider(ContentProvider):
    """``content://contacts``; defaults to :data:`DEFAULT_CONTACTS`."""

    def __init__(self, rows: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__("contacts", DEFAULT_CONTACTS if rows is None else rows,
                         columns=CONTACT_COLUMNS,
                         choices={"phone_type": PHONE_TYPES, "phone2_type": PHONE_TYPES})

    def _check_values(self, values: Mapping[str, Any]) -> None:
        super()._check_values(values)
        birthday = values.get("birthday")
        if birthday is not None and not valid_birthday(birthday):
            raise ValueError(f"contacts.birthday: expected 'YYYY-MM-DD' or 'MM-DD', "
                             f"got {birthday!r}")
        labels = values.get("labels", [])
        if not all(isinstance(x, str) and x.strip() for x in labels) \
                or len(set(labels)) != len(labels):
            raise ValueError(f"contacts.labels: expected distinct non-empty names, got {labels!r}")


def valid_birthday(value: str) -> bool:
    """Whether ``value`` is a real date as ``"YYYY-MM-DD"`` or a yearless ``"MM-DD"``."""
    m = _BIRTHDAY_RE.fullmatch(value)
    if m is None:
        return False
    year = int(m.group(1)) if m.group(1) else 2000  # a leap year, so "02-29" is allowed
    try:
        datetime.date(year, int(m.group(2)), int(m.group(3)))
    except ValueError:
        return False
    return True


class SmsProvider(ContentProvider):
    """``content://sms``; defaults to :data:`DEFAULT_SMS`."""

    def __init__(self, rows: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__("sms", DEFAULT_SMS if rows is None else rows,
                         columns=SMS_COLUMNS, choices={"type": SMS_TYPES})  # fmt: skip


class MediaProvider(ContentProvider):
    """``content://media``; defaults derive from :data:`MEDIA_SAMPLES`."""

    def __init__(self, rows: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__("media", _default_media() if rows is None else rows,
                         columns=MEDIA_COLUMNS)  # fmt: skip

    # The media scanner: apps that move, copy or delete files report it here (as Android apps
    # call MediaScannerConnection.scanFile), so every row's path keeps naming an existing file.
    def _under(self, path: str) -> list[dict[str, Any]]:
        return [r for _, r in sorted(self._rows.items())
                if r["path"] == path or r["path"].startswith(path.rstrip("/") + "/")]

    def scan_moved(self, src: str, dst: str) -> list[int]:
        """Re-points the rows of the file (or folder tree) moved from ``src`` to ``dst``.

        Ids, and so favorites and attachments, survive; ``title`` and ``album`` follow the new
        name and folder. Returns the ids of the rows that moved.
        """
        moved = []
        under = self._under(src)
        rows = self._own() if under else self._rows
        for row in under:
            path = dst + row["path"][len(src):]
            rows[row[self.id_field]] = {**row, "path": path, "title": media_title(path),
                                        "album": media_album(path)}
            moved.append(row[self.id_field])
        return moved

    def scan_copied(self, src: str, dst: str) -> list[int]:
        """Adds rows for the copies at ``dst`` of the media at or under ``src`` (same picture,
        size and date taken, new ids). Returns the new ids."""
        added = []
        for row in self._under(src):
            path = dst + row["path"][len(src):]
            copy_row = {k: v for k, v in row.items() if k != self.id_field}
            copy_row.update(path=path, title=media_title(path), album=media_album(path))
            added.append(self.insert(copy_row))
        return added

    def scan_deleted(self, path: str) -> list[int]:
        """Drops the rows of the deleted file or folder tree at ``path``; returns their ids."""
        gone = [r[self.id_field] for r in self._under(path)]
        rows = self._own() if gone else self._rows
        for rid in gone:
            del rows[rid]
        return gone


class CallLogProvider(ContentProvider):
    """``content://calls`` (Android's CallLog.Calls): one row per call; defaults to the week
    of :data:`_CALL_LOG`."""

    def __init__(self, rows: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__("calls", _default_calls() if rows is None else rows,
                         columns=CALL_COLUMNS, choices={"type": CALL_TYPES})  # fmt: skip

    def _check_values(self, values: Mapping[str, Any]) -> None:
        super()._check_values(values)
        if values.get("duration_s", 0) < 0:
            raise ValueError(f"calls.duration_s: must be >= 0, got {values['duration_s']!r}")


# --------------------------------------------------------------------------- phone numbers
@functools.lru_cache(maxsize=4096)  # every list row compares its number with each contact
def digits(number: str) -> str:
    """Only the digits of a phone number (``"+1 415-555-0132"`` -> ``"14155550132"``)."""
    return re.sub(r"\D", "", number or "")


def number_key(number: str) -> str | None:
    """What ``same_number`` compares: the national number (last ten digits) of a long number,
    all the digits of a short one (fewer than ten, so never equal to a national key); two
    numbers are the same line exactly when their keys are equal (None: no digits)."""
    d = digits(number)
    return (d[-10:] if len(d) >= 10 else d) or None


def same_number(a: str, b: str) -> bool:
    """Whether two phone numbers are the same line (Android's ``PhoneNumberUtils.compare``,
    simplified): equal digits, or equal national numbers (the last ten digits), so
    ``415-555-0132`` is ``+1 415-555-0132`` but ``555-0132`` is not."""
    da, db = digits(a), digits(b)
    if not da or not db:
        return False
    return da == db or (min(len(da), len(db)) >= 10 and da[-10:] == db[-10:])


def _contact_number_keys(contact: Mapping[str, Any]) -> Iterator[str]:
    for field in ("phone", "phone2"):
        key = number_key(contact.get(field) or "")
        if key is not None:
            yield key


def contact_for(kernel: Any, number: str) -> dict[str, Any] | None:
    """The contact with ``number`` as one of their numbers (the first by id), or None:
    Android's ``PhoneLookup``, shared by Phone, Messages and Contacts.

    Args:
        kernel: Anything with ``providers`` (the kernel, ``ctx.os`` in a screen).
        number: A phone number as typed or stored, in any punctuation.

    One dict lookup in the contacts provider's index (rebuilt only after a write), not a scan.
    """
    key = number_key(number)
    contacts = kernel.providers.provider("contacts")
    rid = None if key is None else contacts.index(_contact_number_keys).get(key)
    return None if rid is None else contacts.get(rid)


# --------------------------------------------------------------------------- blocked numbers
BLOCKED_COLUMNS: ColumnSpec = {
    "id": ((int, _NONE), None),
    "number": ((str,), ""),  # as the user typed or the call log showed it
    "blocked_ms": ((int,), 0),  # when it was blocked
}
# The factory's one blocked number: the telemarketer whose call the default log shows blocked.
DEFAULT_BLOCKED: list[dict[str, Any]] = [
    {"id": 1, "number": _TELEMARKETER, "blocked_ms": _at(2, 20, 18, 30)},
]


def _blocked_keys(row: Mapping[str, Any]) -> Iterator[str]:
    key = number_key(row["number"])
    if key is not None:
        yield key


class BlockedNumbersProvider(ContentProvider):
    """``content://blocked`` (Android's ``BlockedNumberContract``): numbers that can neither
    call nor text; system-wide, so Phone, Messages and Contacts read and write the same rows.

    Numbers compare as ``same_number`` does: blocking ``(415) 555-0132`` blocks
    ``+1 415-555-0132``, and blocking a number already blocked (in any punctuation) adds
    nothing. Defaults to :data:`DEFAULT_BLOCKED`.
    """

    def __init__(self, rows: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__("blocked", DEFAULT_BLOCKED if rows is None else rows,
                         columns=BLOCKED_COLUMNS)  # fmt: skip

    def _check_values(self, values: Mapping[str, Any]) -> None:
        super()._check_values(values)
        if "number" in values and number_key(values["number"]) is None:
            raise ValueError(f"blocked.number: needs digits, got {values['number']!r}")

    def find(self, number: str) -> dict[str, Any] | None:
        """The row blocking ``number`` (in any punctuation), or None."""
        key = number_key(number)
        rid = None if key is None else self.index(_blocked_keys).get(key)
        return None if rid is None else self.get(rid)

    def is_blocked(self, number: str) -> bool:
        """Whether calls and texts from ``number`` are blocked (``BlockedNumberContract.
        isBlocked``): one index lookup."""
        key = number_key(number)
        return key is not None and key in self.index(_blocked_keys)

    def block(self, number: str, at_ms: int) -> int | None:
        """Blocks ``number`` from ``at_ms``; returns the new row's id, or None when it was
        already blocked (nothing changes).

        Raises:
            ValueError: ``number`` has no digits.
        """
        if self.is_blocked(number):
            return None
        return self.insert({"number": number, "blocked_ms": at_ms})

    def unblock(self, number: str) -> int:
        """Unblocks ``number`` (every row that is the same line); returns how many rows went."""
        key = number_key(number)
        gone = [rid for rid, r in self._rows.items()
                if key is not None and number_key(r["number"]) == key]
        for rid in gone:
            self.delete(rid)
        return len(gone)


def blocked_numbers(kernel: Any) -> BlockedNumbersProvider:
    """The kernel's blocked-numbers provider (``kernel.providers.provider("blocked")``),
    typed."""
    found = kernel.providers.provider("blocked")
    if not isinstance(found, BlockedNumbersProvider):
        raise TypeError(f"content://blocked is a {type(found).__name__}")
    return found


def default_providers() -> dict[str, ContentProvider]:
    """Return fresh providers with factory-default rows, keyed by authority."""
    return {"contacts": ContactsProvider(), "sms": SmsProvider(), "media": MediaProvider(),
            "calls": CallLogProvider(), "blocked": BlockedNumbersProvider()}


# --------------------------------------------------------------------------- resolver

_URI_RE = re.compile(r"content://([A-Za-z0-9_.]+)(?:/(\d+))?")


class ContentResolver:
    """Routes ``content://<authority>[/<id>]`` URIs to providers.

    Args:
        providers: Providers keyed by authority.
    """

    def __init__(self, providers: Mapping[str, ContentProvider]) -> None:
        self._providers = dict(providers)

    def provider(self, authority: str) -> ContentProvider:
        """Return the provider for ``authority`` (KeyError naming it if unknown)."""
        if authority not in self._providers:
            raise KeyError(f"unknown content authority {authority!r}")
        return self._providers[authority]

    def _parse(self, uri: str) -> tuple[ContentProvider, int | None]:
        m = _URI_RE.fullmatch(uri) if isinstance(uri, str) else None
        if m is None:
            raise ValueError(
                f"malformed content URI {uri!r}; expected content://<authority>[/<id>]"
            )
        return self.provider(m.group(1)), None if m.group(2) is None else int(m.group(2))

    def query(
        self,
        uri: str,
        where: Mapping[str, Any] | None = None,
        order_by: str | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """Query a table, or fetch one row when the URI carries an id."""
        prov, rid = self._parse(uri)
        if rid is not None:
            prov._check_where(where)
            row = prov.get(rid)
            return [] if row is None or not prov._matches(row, where) else [row]
        return prov.query(where, order_by, desc, limit)

    def insert(self, uri: str, values: Mapping[str, Any]) -> int:
        """Insert into the table named by ``uri`` (which must not carry an id)."""
        prov, rid = self._parse(uri)
        if rid is not None:
            raise ValueError(f"cannot insert into a row URI {uri!r}")
        return prov.insert(values)

    def update(
        self, uri: str, values: Mapping[str, Any], where: Mapping[str, Any] | None = None
    ) -> int:
        """Update one row (id URI) or the rows matching ``where``; return the count."""
        prov, rid = self._parse(uri)
        if rid is not None:
            return int(prov.update(rid, values))
        if where is None:
            raise ValueError(f"update of {uri!r} needs a where dict ({{}} for all rows)")
        return prov.update_where(where, values)

    def delete(self, uri: str, where: Mapping[str, Any] | None = None) -> int:
        """Delete one row (id URI) or the rows matching ``where``; return the count."""
        prov, rid = self._parse(uri)
        if rid is not None:
            return int(prov.delete(rid))
        if where is None:
            raise ValueError(f"delete of {uri!r} needs a where dict ({{}} for all rows)")
        return prov.delete_where(where)

    def state(self, shared_view: bool = False) -> dict[str, list[dict[str, Any]]]:
        """Return every provider's rows keyed by authority (``shared_view``: the cached,
        read-only views, see ``ContentProvider.state``)."""
        return {name: prov.state(shared_view) for name, prov in self._providers.items()}
