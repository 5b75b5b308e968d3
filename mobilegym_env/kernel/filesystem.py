"""Virtual file system rooted at ``/sdcard`` (persisted; text content only).

Binary files (PDFs, photos, music) hold a short text stand-in and a nominal ``size``.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import hashlib
import posixpath
from dataclasses import dataclass
from typing import Any, Protocol

from . import shared
from .clock import VirtualClock
from .providers import MEDIA_SAMPLES, media_placeholder

ROOT = "/sdcard"
MAX_FILE_CHARS = 1_000_000
DEFAULT_DIRS = ("DCIM", "DCIM/Camera", "Download", "Documents", "Documents/Recipes",
                "Documents/Work", "Music", "Pictures", "Movies")

# A fixed table instead of the stdlib ``mimetypes``, whose answers depend on the host's files.
MIME_BY_EXT = {
    "txt": "text/plain",
    "md": "text/markdown",
    "csv": "text/csv",
    "json": "application/json",
    "ics": "text/calendar",
    "html": "text/html",
    "pdf": "application/pdf",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "epub": "application/epub+zip",
    "apk": "application/vnd.android.package-archive",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "png": "image/png",
    "gif": "image/gif",
    "webp": "image/webp",
    "mp3": "audio/mpeg",
    "m4a": "audio/mp4",
    "mp4": "video/mp4",
    "zip": "application/zip",
}
DEFAULT_MIME = "application/octet-stream"


def _ms(local: str) -> int:
    """``"YYYY-MM-DD HH:MM"`` (UTC, the default zone) in epoch milliseconds."""
    when = datetime.datetime.strptime(local, "%Y-%m-%d %H:%M")
    return int(when.replace(tzinfo=datetime.timezone.utc).timestamp()) * 1000


_T0 = 1770567600000  # 2026-02-08 16:20 UTC: mtime of the first default documents
_INVOICE_2025 = "%PDF-1.7 placeholder: Invoice INV-2025-0117, Harbor Web Services, $1,240.00"
# (path under /sdcard, content, mtime, nominal size or None for the content's size). Binary
# files hold a short text stand-in; their nominal size is what Files shows and sorts by.
DEFAULT_FILES: list[tuple[str, str, int, int | None]] = [
    ("Documents/notes.txt", "Grocery list:\n- milk\n- eggs\n- coffee beans\n", _T0, None),
    ("Documents/meeting_agenda.txt", "Q2 planning\n1. Budget review\n2. Hiring\n",
     _T0 + 60_000, None),
    ("Documents/notes_old.txt", "Grocery list:\n- bread\n- butter\n- apples\n",
     _ms("2025-11-30 18:42"), None),
    ("Documents/wifi_password.txt", "Home Wi-Fi\nNetwork: Maple-5G\nPassword: blue-heron-2291\n"
     "\nGuest network: Maple-Guest\nPassword: welcome2026\n", _ms("2025-09-21 20:03"), None),
    ("Documents/book_club.md", "# Book club\nNext meeting: Thursday, March 12 at 7 pm\n"
     "Host: Laura\nBook: The Remains of the Day by Kazuo Ishiguro\n",
     _ms("2026-02-22 21:15"), None),
    ("Documents/car_service.txt", "Honda Civic service log\n"
     "2025-06-18: oil change at 41,200 miles\n2025-12-09: tire rotation at 45,870 miles\n"
     "Next oil change due at 48,000 miles\n", _ms("2025-12-09 17:30"), None),
    ("Documents/packing_list.txt", "Denver trip, March 14-17\n- hiking boots\n- rain jacket\n"
     "- phone charger\n- 2 novels\n", _ms("2026-02-26 22:48"), None),
    ("Documents/budget_2026.csv", "category,monthly_usd\nrent,2150\ngroceries,520\n"
     "transport,180\nutilities,140\nfun,250\n", _ms("2026-01-02 11:05"), None),
    ("Documents/Work/team_offsite.txt", "Team offsite\nDate: April 8\nPlace: Sausalito\n"
     "Bring your laptop and a jacket.\n", _ms("2026-02-17 09:12"), None),
    ("Documents/Work/q1_goals.md", "# Q1 goals\n1. Ship the billing page\n2. Hire two "
     "engineers\n3. Cut page load time to 1.5 s\n", _ms("2026-01-06 10:30"), None),
    ("Documents/Recipes/banana_bread.txt", "Banana bread\nOven: 350°F\nBake for 60 minutes\n"
     "3 ripe bananas, 2 eggs, 1/3 cup melted butter, 3/4 cup sugar, 1 1/2 cups flour\n",
     _ms("2025-10-05 15:20"), None),
    ("Documents/Recipes/pancakes.txt", "Pancakes\nMakes 8\n1 1/2 cups flour, 1 1/4 cups milk, "
     "1 egg, 1 tbsp sugar\nCook 2 minutes per side\n", _ms("2025-11-16 09:45"), None),
    ("Download/report.pdf", "%PDF-1.4 placeholder: Quarterly Report Q1 2024", 1763892000000,
     1_284_556),
    ("Download/invoice_2025.pdf", _INVOICE_2025, _ms("2025-11-03 10:15"), 182_340),
    ("Download/invoice_2025 (1).pdf", _INVOICE_2025, _ms("2025-11-03 10:16"), 182_340),
    ("Download/invoice_2025_Q4.pdf", "%PDF-1.7 placeholder: Invoice INV-2025-0342, $980.00",
     _ms("2026-01-08 14:02"), 164_918),
    ("Download/Invoice_2024.pdf", "%PDF-1.7 placeholder: Invoice INV-2024-0881, $1,105.00",
     _ms("2024-12-02 09:40"), 176_912),
    ("Download/invoice_2024_december.pdf", "%PDF-1.7 placeholder: Invoice INV-2024-0930",
     _ms("2024-12-31 16:25"), 171_503),
    ("Download/invoice_2025_notes.txt", "Invoices 2025: INV-2025-0117 paid Nov 10, "
     "INV-2025-0342 due Feb 7.\n", _ms("2026-01-08 14:10"), None),
    ("Download/receipt_2025_01.pdf", "%PDF-1.7 placeholder: Receipt, Blue Bottle Coffee",
     _ms("2025-01-19 08:55"), 88_106),
    ("Download/boarding_pass_SFO_JFK.pdf", "%PDF-1.7 placeholder: Boarding pass UA 1532",
     _ms("2026-02-20 07:05"), 96_214),
    ("Download/bank_statement_2026_01.pdf", "%PDF-1.7 placeholder: Statement January 2026",
     _ms("2026-02-02 08:30"), 241_877),
    ("Download/lease_agreement.pdf", "%PDF-1.7 placeholder: Residential lease, 12 months",
     _ms("2025-08-01 12:00"), 2_480_112),
    ("Download/resume_draft.docx", "[docx placeholder] Resume draft", _ms("2025-09-14 19:20"),
     58_430),
    ("Download/photos_backup.zip", "[zip placeholder] 412 photos", _ms("2026-01-05 22:10"),
     48_203_115),
    ("Download/podcast_player_2.4.1.apk", "[apk placeholder] Podcast Player 2.4.1",
     _ms("2026-02-11 13:37"), 31_554_902),
    ("Music/morning_walk.mp3", "[audio/mpeg placeholder] Morning Walk", 1763892000000,
     4_812_044),
    ("Music/rainy_day_jazz.mp3", "[audio/mpeg placeholder] Rainy Day Jazz",
     _ms("2025-12-14 20:11"), 7_305_618),
    ("Music/road_trip_mix.mp3", "[audio/mpeg placeholder] Road Trip Mix",
     _ms("2025-07-30 18:00"), 9_840_223),
    ("Music/voice_memo_20260210.m4a", "[audio/mp4 placeholder] Voice memo",
     _ms("2026-02-10 12:31"), 1_203_377),
    ("Movies/birthday_party.mp4", "[video/mp4 placeholder] Birthday party",
     _ms("2026-01-17 16:02"), 148_330_912),
    ("Movies/yosemite_timelapse.mp4", "[video/mp4 placeholder] Yosemite timelapse",
     _ms("2025-10-12 19:45"), 86_114_530),
    ("Movies/screen_recording_20260201.mp4", "[video/mp4 placeholder] Screen recording",
     _ms("2026-02-01 15:27"), 12_660_281),
]


@dataclass
class FileEntry:
    """A file or directory."""

    path: str
    is_dir: bool
    content: str = ""
    mime: str | None = None
    size: int = 0
    mtime_ms: int = 0


@functools.lru_cache(maxsize=1024)
def _digest(content: str) -> str:
    """Short content hash for ``state()``; cached since state is read every judged step."""
    return hashlib.sha1(content.encode("utf-8")).hexdigest()[:12]


def guess_mime(path: str) -> str:
    """Return the MIME type for ``path``'s extension."""
    name = posixpath.basename(path)
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    return MIME_BY_EXT.get(ext, DEFAULT_MIME)


def normalize(path: str) -> str:
    """Normalize an absolute path and check it stays under ``/sdcard``.

    Raises:
        ValueError: For non-str, relative, NUL-containing or escaping paths.
    """
    if not isinstance(path, str):
        raise ValueError(f"path must be a str, got {type(path).__name__}")
    if not path.startswith("/") or "\0" in path:
        raise ValueError(f"path must be absolute (under {ROOT}): {path!r}")
    norm = posixpath.normpath(path)
    if norm != ROOT and not norm.startswith(ROOT + "/"):
        raise ValueError(f"path escapes {ROOT}: {path!r}")
    return norm


def _file(path: str, content: str, mime: str | None, mtime_ms: int,
          size: int | None = None) -> FileEntry:
    if size is None:
        size = len(content.encode("utf-8"))
    return FileEntry(path, False, content, mime or guess_mime(path), size, mtime_ms)


class FileSystem(shared.CopyOnWrite):
    """In-memory tree of :class:`FileEntry` keyed by normalized path.

    Args:
        clock: Optional clock that stamps mtimes of writes and copies.
        empty: Start with only ``/sdcard`` instead of the default tree.
    """

    _shared_attrs = ("_entries",)
    _cache_attrs = ("_view", "_children")

    def __init__(self, clock: VirtualClock | None = None, empty: bool = False) -> None:
        self.clock = clock
        self._entries: dict[str, FileEntry] = {ROOT: FileEntry(ROOT, True)}
        self._version = 0  # bumped by every write: keys the cached judge view
        self._view: tuple[int, dict[str, dict[str, Any]]] | None = None
        # directory -> sorted child names, for one version of the entries (list_dir runs in
        # screen builds; a scan of every path per call was the cost)
        self._children: tuple[int, dict[str, list[str]]] | None = None
        if not empty:
            self._populate()

    # ----- copy-on-write (see kernel.shared) and pickling
    def _own(self) -> dict[str, FileEntry]:
        """The entries, made this file system's own before a write (a booted kernel shares
        the factory's until then)."""
        if shared.token_of(self._entries) is not None:
            # entries are never edited in place (a write stores a new FileEntry), so the
            # table is copied, not the entries
            self._entries = dict(self._entries)
        self._version += 1
        return self._entries

    def _index(self) -> dict[str, list[str]]:
        """Sorted child names by directory path (read-only)."""
        return self._derived(self._entries, self._build_index, "_children", "children")

    def _build_index(self) -> dict[str, list[str]]:
        tree: dict[str, list[str]] = {}
        for p in self._entries:
            if p != ROOT:
                tree.setdefault(posixpath.dirname(p), []).append(posixpath.basename(p))
        for names in tree.values():
            names.sort()
        return tree

    def _populate(self) -> None:
        for d in DEFAULT_DIRS:
            self._entries[f"{ROOT}/{d}"] = FileEntry(f"{ROOT}/{d}", True)
        for rel, text, mtime, size in DEFAULT_FILES:
            self._entries[f"{ROOT}/{rel}"] = _file(f"{ROOT}/{rel}", text, None, mtime, size)
        for s in MEDIA_SAMPLES:
            folder = posixpath.dirname(s["path"])  # album folders such as Pictures/Yosemite
            self._entries.setdefault(folder, FileEntry(folder, True))
            self._entries[s["path"]] = _file(
                s["path"], media_placeholder(s), s["mime"], s["taken_ms"], s["size"]
            )

    def _stamp(self, fallback: int) -> int:
        return self.clock.now_ms() if self.clock is not None else fallback

    def _get(self, path: str) -> FileEntry:
        norm = normalize(path)
        if norm not in self._entries:
            raise ValueError(f"no such file or directory: {norm}")
        return self._entries[norm]

    def _parent_dir(self, norm: str) -> str:
        if norm == ROOT:
            raise ValueError(f"{ROOT} itself cannot be created, moved or deleted")
        parent = posixpath.dirname(norm)
        if parent not in self._entries or not self._entries[parent].is_dir:
            raise ValueError(f"parent directory does not exist: {parent}")
        return parent

    def _subtree(self, norm: str) -> list[str]:
        prefix = norm + "/"
        return sorted(p for p in self._entries if p == norm or p.startswith(prefix))

    def exists(self, path: str) -> bool:
        """Whether ``path`` exists."""
        return normalize(path) in self._entries

    def is_dir(self, path: str) -> bool:
        """Whether ``path`` exists and is a directory."""
        entry = self._entries.get(normalize(path))
        return entry is not None and entry.is_dir

    def list_dir(self, path: str) -> list[str]:
        """Return the sorted child names of a directory."""
        entry = self._get(path)
        if not entry.is_dir:
            raise ValueError(f"not a directory: {entry.path}")
        return list(self._index().get(entry.path, ()))

    def read_text(self, path: str) -> str:
        """Return a file's content."""
        entry = self._get(path)
        if entry.is_dir:
            raise ValueError(f"is a directory: {entry.path}")
        return entry.content

    def write_text(
        self, path: str, text: str, mime: str | None = None, mtime_ms: int | None = None,
        size: int | None = None,
    ) -> None:
        """Create or overwrite a file; its parent directory must exist.

        Args:
            path: Absolute path under ``/sdcard``.
            text: New content.
            mime: MIME type; None keeps an existing file's type or guesses from the extension.
            mtime_ms: Explicit mtime; None uses the clock (or 0 without one).
            size: The nominal size in bytes of a binary file whose content is a text stand-in
                (a new photo); None: the text's size.
        """
        norm = normalize(path)
        if not isinstance(text, str):
            raise ValueError(f"file content must be a str, got {type(text).__name__}")
        if len(text) > MAX_FILE_CHARS:
            raise ValueError(f"file too large: {len(text)} chars (max {MAX_FILE_CHARS})")
        if mime is not None and (not isinstance(mime, str) or "/" not in mime):
            raise ValueError(f"mime must look like 'type/subtype', got {mime!r}")
        if mtime_ms is not None and (isinstance(mtime_ms, bool) or not isinstance(mtime_ms, int)):
            raise ValueError(f"mtime_ms must be an int, got {mtime_ms!r}")
        if size is not None and (isinstance(size, bool) or not isinstance(size, int)
                                 or size < 0):
            raise ValueError(f"size must be a non-negative int, got {size!r}")
        self._parent_dir(norm)
        old = self._entries.get(norm)
        if old is not None and old.is_dir:
            raise ValueError(f"is a directory: {norm}")
        if mime is None and old is not None:
            mime = old.mime
        stamp = mtime_ms if mtime_ms is not None else self._stamp(0)
        self._own()[norm] = _file(norm, text, mime, stamp, size)

    def mkdir(self, path: str, parents: bool = False) -> None:
        """Create a directory (``parents`` behaves like ``mkdir -p``)."""
        norm = normalize(path)
        existing = self._entries.get(norm)
        if existing is not None:
            if parents and existing.is_dir:
                return
            raise ValueError(f"already exists: {norm}")
        missing = [norm]
        if parents:
            parent = posixpath.dirname(norm)
            while parent not in self._entries:
                missing.append(parent)
                parent = posixpath.dirname(parent)
            if not self._entries[parent].is_dir:
                raise ValueError(f"not a directory: {parent}")
        else:
            self._parent_dir(norm)
        entries = self._own()
        for p in reversed(missing):
            entries[p] = FileEntry(p, True, mtime_ms=self._stamp(0))

    def delete(self, path: str, recursive: bool = False) -> None:
        """Delete a file, an empty directory, or (``recursive``) a whole subtree."""
        entry = self._get(path)
        self._parent_dir(entry.path)  # refuses the root
        victims = self._subtree(entry.path)
        if len(victims) > 1 and not recursive:
            raise ValueError(f"directory not empty: {entry.path}")
        entries = self._own()
        for p in victims:
            del entries[p]

    def _check_transfer(self, src: str, dst: str) -> tuple[FileEntry, str]:
        entry = self._get(src)
        dst_norm = normalize(dst)
        self._parent_dir(entry.path)
        self._parent_dir(dst_norm)
        if dst_norm in self._entries:
            raise ValueError(f"destination already exists: {dst_norm}")
        if dst_norm.startswith(entry.path + "/"):
            raise ValueError(f"cannot put {entry.path} inside itself: {dst_norm}")
        return entry, dst_norm

    def move(self, src: str, dst: str) -> None:
        """Rename a file or directory (mtimes kept, like ``rename(2)``)."""
        entry, dst_norm = self._check_transfer(src, dst)
        entries = self._own()
        for p in self._subtree(entry.path):
            moved = dst_norm + p[len(entry.path) :]
            entries[moved] = dataclasses.replace(entries.pop(p), path=moved)

    def copy(self, src: str, dst: str) -> None:
        """Copy a file or directory tree; copies get the clock's time (source mtime without one)."""
        entry, dst_norm = self._check_transfer(src, dst)
        entries = self._own()
        for p in self._subtree(entry.path):
            old = entries[p]
            new = dst_norm + p[len(entry.path) :]
            entries[new] = dataclasses.replace(
                old, path=new, mtime_ms=self._stamp(old.mtime_ms)
            )

    def touch(self, path: str, mtime_ms: int | None = None) -> None:
        """Sets an existing entry's modification time (the clock's now by default), keeping
        its content and size, like ``touch -d``."""
        norm = self._get(path).path
        if mtime_ms is not None and (isinstance(mtime_ms, bool) or not isinstance(mtime_ms, int)):
            raise ValueError(f"mtime_ms must be an int, got {mtime_ms!r}")
        entries = self._own()
        entries[norm] = dataclasses.replace(
            entries[norm], mtime_ms=mtime_ms if mtime_ms is not None else self._stamp(0))

    def free_name(self, folder: str, name: str, is_dir: bool = False) -> str:
        """``name`` if ``folder`` has no entry of that name, else the first free of
        ``name (1).ext``, ``name (2).ext``... (a folder's whole name takes the number), the way
        Android names a second copy."""
        norm = normalize(folder)
        stem, dot, ext = name.rpartition(".")
        if not stem or is_dir:
            stem, dot, ext = name, "", ""
        candidate, n = name, 0
        while posixpath.join(norm, candidate) in self._entries:
            n += 1
            candidate = f"{stem} ({n}){dot}{ext}"
        return candidate

    def stat(self, path: str) -> FileEntry:
        """Return a copy of the entry at ``path``."""
        return dataclasses.replace(self._get(path))

    def state(self, shared_view: bool = False) -> dict[str, dict[str, Any]]:
        """Return ``{path: {is_dir, size, mime, mtime_ms, sha1}}`` (content hashed, not copied).

        Args:
            shared_view: Return the cached view, rebuilt only after a write and shared with
                earlier results (and, while the entries are the factory's, with other
                kernels): read-only.
        """
        if not shared_view:
            return self._build_state()
        return self._derived(self._entries, self._build_state)

    def _build_state(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for p in sorted(self._entries):
            e = self._entries[p]
            digest = None if e.is_dir else _digest(e.content)
            out[p] = {
                "is_dir": e.is_dir,
                "size": e.size,
                "mime": e.mime,
                "mtime_ms": e.mtime_ms,
                "sha1": digest,
            }
        return out


class MediaScanner(Protocol):
    """What the file operations below report to (the media provider's scan methods)."""

    def scan_moved(self, src: str, dst: str) -> list[int]: ...
    def scan_copied(self, src: str, dst: str) -> list[int]: ...
    def scan_deleted(self, path: str) -> list[int]: ...


# Apps that change files call these rather than FileSystem directly, so the media provider's
# rows keep naming existing files (Android apps likewise tell the media scanner).
def delete_scanned(files: FileSystem, media: MediaScanner, path: str) -> None:
    """Deletes a file or folder tree and its media rows; raises ValueError if it cannot."""
    files.delete(path, recursive=True)
    media.scan_deleted(normalize(path))


def move_scanned(files: FileSystem, media: MediaScanner, src: str, dst: str) -> None:
    """Moves (renames) a file or folder tree and re-points its media rows."""
    files.move(src, dst)
    media.scan_moved(normalize(src), normalize(dst))


def copy_scanned(files: FileSystem, media: MediaScanner, src: str, dst: str) -> None:
    """Copies a file or folder tree and adds media rows for the copied pictures."""
    files.copy(src, dst)
    media.scan_copied(normalize(src), normalize(dst))
