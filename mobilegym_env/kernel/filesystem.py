"""Virtual file system rooted at ``/sdcard`` (persisted; text content only)."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import posixpath
from dataclasses import dataclass
from typing import Any

from .clock import VirtualClock
from .providers import MEDIA_SAMPLES, media_placeholder

ROOT = "/sdcard"
MAX_FILE_CHARS = 1_000_000
DEFAULT_DIRS = ("DCIM", "DCIM/Camera", "Download", "Documents", "Music", "Pictures", "Movies")

# A fixed table instead of the stdlib ``mimetypes``, whose answers depend on the host's files.
MIME_BY_EXT = {
    "txt": "text/plain",
    "md": "text/markdown",
    "csv": "text/csv",
    "json": "application/json",
    "html": "text/html",
    "pdf": "application/pdf",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
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

_T0 = 1770567600000  # 2026-02-08 16:20 UTC: mtime of the default documents
DEFAULT_FILES: list[tuple[str, str, int]] = [
    ("Documents/notes.txt", "Grocery list:\n- milk\n- eggs\n- coffee beans\n", _T0),
    ("Documents/meeting_agenda.txt", "Q2 planning\n1. Budget review\n2. Hiring\n", _T0 + 60_000),
    ("Download/report.pdf", "%PDF-1.4 placeholder: Quarterly Report Q1 2024", 1763892000000),
    ("Music/morning_walk.mp3", "[audio/mpeg placeholder] Morning Walk", 1763892000000),
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


def _file(path: str, content: str, mime: str | None, mtime_ms: int) -> FileEntry:
    size = len(content.encode("utf-8"))
    return FileEntry(path, False, content, mime or guess_mime(path), size, mtime_ms)


class FileSystem:
    """In-memory tree of :class:`FileEntry` keyed by normalized path.

    Args:
        clock: Optional clock that stamps mtimes of writes and copies.
        empty: Start with only ``/sdcard`` instead of the default tree.
    """

    def __init__(self, clock: VirtualClock | None = None, empty: bool = False) -> None:
        self.clock = clock
        self._entries: dict[str, FileEntry] = {ROOT: FileEntry(ROOT, True)}
        if not empty:
            self._populate()

    def _populate(self) -> None:
        for d in DEFAULT_DIRS:
            self._entries[f"{ROOT}/{d}"] = FileEntry(f"{ROOT}/{d}", True)
        for rel, text, mtime in DEFAULT_FILES:
            self._entries[f"{ROOT}/{rel}"] = _file(f"{ROOT}/{rel}", text, None, mtime)
        for s in MEDIA_SAMPLES:
            self._entries[s["path"]] = _file(
                s["path"], media_placeholder(s), s["mime"], s["taken_ms"]
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
        return sorted(
            posixpath.basename(p)
            for p in self._entries
            if p != entry.path and posixpath.dirname(p) == entry.path
        )

    def read_text(self, path: str) -> str:
        """Return a file's content."""
        entry = self._get(path)
        if entry.is_dir:
            raise ValueError(f"is a directory: {entry.path}")
        return entry.content

    def write_text(
        self, path: str, text: str, mime: str | None = None, mtime_ms: int | None = None
    ) -> None:
        """Create or overwrite a file; its parent directory must exist.

        Args:
            path: Absolute path under ``/sdcard``.
            text: New content.
            mime: MIME type; None keeps an existing file's type or guesses from the extension.
            mtime_ms: Explicit mtime; None uses the clock (or 0 without one).
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
        self._parent_dir(norm)
        old = self._entries.get(norm)
        if old is not None and old.is_dir:
            raise ValueError(f"is a directory: {norm}")
        if mime is None and old is not None:
            mime = old.mime
        stamp = mtime_ms if mtime_ms is not None else self._stamp(0)
        self._entries[norm] = _file(norm, text, mime, stamp)

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
        for p in reversed(missing):
            self._entries[p] = FileEntry(p, True, mtime_ms=self._stamp(0))

    def delete(self, path: str, recursive: bool = False) -> None:
        """Delete a file, an empty directory, or (``recursive``) a whole subtree."""
        entry = self._get(path)
        self._parent_dir(entry.path)  # refuses the root
        victims = self._subtree(entry.path)
        if len(victims) > 1 and not recursive:
            raise ValueError(f"directory not empty: {entry.path}")
        for p in victims:
            del self._entries[p]

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
        for p in self._subtree(entry.path):
            moved = dst_norm + p[len(entry.path) :]
            self._entries[moved] = dataclasses.replace(self._entries.pop(p), path=moved)

    def copy(self, src: str, dst: str) -> None:
        """Copy a file or directory tree; copies get the clock's time (source mtime without one)."""
        entry, dst_norm = self._check_transfer(src, dst)
        for p in self._subtree(entry.path):
            old = self._entries[p]
            new = dst_norm + p[len(entry.path) :]
            self._entries[new] = dataclasses.replace(
                old, path=new, mtime_ms=self._stamp(old.mtime_ms)
            )

    def stat(self, path: str) -> FileEntry:
        """Return a copy of the entry at ``path``."""
        return dataclasses.replace(self._get(path))

    def state(self) -> dict[str, dict[str, Any]]:
        """Return ``{path: {is_dir, size, mime, mtime_ms, sha1}}`` (content hashed, not copied)."""
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
