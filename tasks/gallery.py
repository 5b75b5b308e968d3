"""Gallery suite: favorites, deleting the right photo, albums (create, move into, rename),
sharing a photo into Messages, and questions about the library (counts, resolution, albums).

Photos are rows of ``os.providers.media`` whose files are in ``os.files``; an album is the
folder holding them, so moving a photo changes its row's ``path`` and ``album`` and moves its
file. Photos are identified by file name (shown in the viewer and its details).
"""

from __future__ import annotations

import datetime
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation, Judged
from mobilegym_env.kernel.filesystem import delete_scanned
from mobilegym_env.task import Start, Task

GALLERY = Start(app="gallery")
MEDIA = "os.providers.media"
PICTURES = "/sdcard/Pictures"


# ----- data
def photos(device: Device) -> list[dict[str, Any]]:
    """Every photo, newest first (as the Photos tab shows them)."""
    return device.kernel.providers.query("content://media", order_by="taken_ms", desc=True)


def _rows(state: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {r["id"]: r for r in state["os"]["providers"]["media"]}


def _photo(device: Device, photo_id: int) -> dict[str, Any]:
    rows = device.kernel.providers.query(f"content://media/{photo_id}")
    if not rows:
        raise ValueError(f"no photo with id {photo_id}")
    return rows[0]


def _album_rows(device: Device, album: str) -> list[dict[str, Any]]:
    return [p for p in photos(device) if p["album"] == album]


def _check_photo(device: Device, params: Any) -> None:
    """``params.photo_id`` is the photo ``params.file_name`` in ``params.album``."""
    row = _photo(device, params.photo_id)
    if (_file(row), row["album"]) != (params.file_name, params.album):
        raise ValueError(f"photo {params.photo_id} is {_file(row)} in {row['album']}")


def _file(row: dict[str, Any]) -> str:
    return posixpath.basename(row["path"])


def _pick(rng: np.random.Generator, options: list[Any]) -> Any:
    if not options:
        raise ValueError("nothing to choose from")
    return options[int(rng.integers(len(options)))]


MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")


def _date_of(text: str) -> datetime.date:
    """"January 20, 2026" -> the date (a locale-free parse)."""
    m = re.fullmatch(r"([A-Z][a-z]+) (\d{1,2}), (\d{4})", text)
    if m is None or m[1] not in MONTH_NAMES:
        raise ValueError(f"want a date like 'January 20, 2026', got {text!r}")
    return datetime.date(int(m[3]), MONTH_NAMES.index(m[1]) + 1, int(m[2]))


def _month_of(ms: int, tz_minutes: int = 0) -> tuple[int, int]:
    when = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms,
                                                              minutes=tz_minutes)
    return when.year, when.month


def _deep(device: Device) -> list[dict[str, Any]]:
    """Photos off the Photos tab's first screen (so one random tap cannot reach them)."""
    return photos(device)[12:]


def _favorites_were(initial: dict[str, Any]) -> list[int]:
    return list(initial["apps"]["gallery"]["favorites"])


def _moved_photo(initial: dict[str, Any], photo_id: int, folder: str) -> list[Expectation]:
    """The photo's row points into ``folder`` and its file moved there, unchanged."""
    row = _rows(initial)[photo_id]
    dst = posixpath.join(folder, _file(row))
    e = initial["os"]["files"][row["path"]]
    return [C.modified(MEDIA, id=photo_id, fields={"path": dst,
                                                   "album": posixpath.basename(folder)}),
            C.deleted("os.files", key=row["path"], name=f"{_file(row)} left its folder"),
            C.created("os.files", key=dst, where={"sha1": e["sha1"], "size": e["size"],
                                                  "mtime_ms": e["mtime_ms"]},
                      name=f"{_file(row)} in {posixpath.basename(folder)}")]


def photo_sent(phone: str, file_name: str) -> list[Expectation]:
    """One new sent message to ``phone`` carrying the photo ``file_name``."""
    image = f"[Image: {file_name}]"

    def carries_the_photo(rec: dict[str, Any]) -> bool:
        return (rec.get("thread_address") == phone and rec.get("type") == "sent"
                and image in str(rec.get("body") or ""))
    return [C.created("os.providers.sms", carries_the_photo,
                      name=f"sent {file_name} to {phone}"),
            # the conversation opens after sending: its messages count as read
            C.may_change("os.providers.sms[id=*].read", to=True)]


# ----- oracle steps (Gallery is on screen)
def open_album(device: Device, album: str) -> Iterator[dict[str, Any]]:
    """From a Gallery tab: the Albums tab, then the album's card."""
    yield O.tap(device, text="Albums", role="tab")
    card = yield from O.scroll_to(device, id=f"album:{album}")
    yield O.tap(device, card)


def open_photo(device: Device, photo_id: int) -> Iterator[dict[str, Any]]:
    tile = yield from O.scroll_to(device, id=f"photo:{photo_id}")
    yield O.tap(device, tile)


def _stem(file_name: str) -> str:
    """What a grid tile shows of a photo: its file name without the extension."""
    return posixpath.splitext(file_name)[0]


def open_photo_named(device: Device, file_name: str) -> Iterator[dict[str, Any]]:
    """Taps the grid tile showing ``file_name`` (tiles read the name without extension)."""
    tile = yield from O.scroll_to(device, text=_stem(file_name), role="image")
    yield O.tap(device, tile)


def share_to_named(device: Device, contact: str) -> Iterator[dict[str, Any]]:
    """In the photo viewer: Share, Messages (if a chooser asks), the contact found by the
    name its suggestion shows, Send."""
    yield O.tap(device, id="share")
    if O.find(device, id="choose:messages") is not None:
        yield O.tap(device, id="choose:messages")
    yield from O.type_into(device, contact, id="to")
    yield O.tap(device, where=lambda n: (n["id"] or "").startswith("suggest:")
                and (n["text"] or "").startswith(contact + " "))
    yield O.tap(device, id="send")


def share_to(device: Device, contact: str, contact_id: int) -> Iterator[dict[str, Any]]:
    """In the photo viewer: Share, Messages (if a chooser asks), the contact, Send."""
    yield O.tap(device, id="share")
    if O.find(device, id="choose:messages") is not None:
        yield O.tap(device, id="choose:messages")
    yield from O.type_into(device, contact, id="to")
    yield O.tap(device, id=f"suggest:{contact_id}")
    yield O.tap(device, id="send")


# ----- favorites
class _FavoriteTask(Task):
    suite = "gallery"
    apps = ("gallery",)
    start = GALLERY

    @dataclass(frozen=True)
    class Params:
        photo_id: int
        file_name: str
        album: str
        others: tuple[int, ...] = ()

    @classmethod
    def _sample(cls, rng: np.random.Generator, device: Device, pool: list[dict[str, Any]],
                ) -> Params:
        target = _pick(rng, pool)
        rest = [p["id"] for p in photos(device) if p["id"] != target["id"]]
        others = sorted(int(rest[int(i)]) for i in rng.choice(len(rest), size=2, replace=False))
        return cls.Params(target["id"], _file(target), target["album"], tuple(others))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_photo(device, params)
        if params.photo_id in params.others:
            raise ValueError("others must not hold the photo itself")
        for other in params.others:
            _photo(device, other)


class FavoritePhoto(_FavoriteTask):
    """Add a photo, found by its file name in its album, to the favorites (other favorites
    stay)."""

    name = "favorite_photo"
    template = "Add the photo {file_name} from the {album} album to your favorites."
    phrasings = ("Mark {file_name} in my {album} album as a favorite.",
                 "In the {album} album, favorite the picture {file_name}.")
    difficulty = 2
    objective = "operate"
    tags = ("navigation",)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return cls._sample(rng, device, _deep(device))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.app_state("gallery")["favorites"] = sorted(self.params.others)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals("apps.gallery.favorites",
                         sorted({*_favorites_were(initial), self.params.photo_id}))]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_album(device, self.params.album)
        yield from open_photo_named(device, self.params.file_name)
        yield O.tap(device, id="favorite")


class UnfavoritePhoto(_FavoriteTask):
    """Take one photo out of the favorites, keeping the others."""

    name = "unfavorite_photo"
    template = "Remove the photo {file_name} from your favorites; keep the other favorites."
    phrasings = ("Unfavorite {file_name} in Gallery, but leave my other favorites alone.",
                 "Take {file_name} out of my favorite photos; the rest stay favorites.")
    difficulty = 2
    objective = "operate"
    tags = ("navigation",)
    start = Start()  # from the home screen

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return cls._sample(rng, device, _deep(device))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.app_state("gallery")["favorites"] = sorted(
            {*self.params.others, self.params.photo_id})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals("apps.gallery.favorites",
                         [i for i in _favorites_were(initial) if i != self.params.photo_id])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, "gallery")
        yield O.tap(device, text="Albums", role="tab")
        yield O.tap(device, id="favorites")
        yield from open_photo_named(device, self.params.file_name)
        yield O.tap(device, id="favorite")


class FavoriteNewestInAlbum(Task):
    """Find the most recent photo of an album (its grid is newest first) and favorite it."""

    suite = "gallery"
    name = "favorite_newest_in_album"
    template = "Add the most recent photo in the {album} album to your favorites."
    phrasings = ("Favorite the newest picture of my {album} album.",
                 "Find the latest photo in the {album} album and mark it as a favorite.")
    difficulty = 3
    objective = "hybrid"
    apps = ("gallery",)
    tags = ("navigation",)
    start = GALLERY
    ALBUMS = ("Camera", "Yosemite", "Birthday party", "Download", "Screenshots")

    @dataclass(frozen=True)
    class Params:
        album: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, list(cls.ALBUMS)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not _album_rows(device, params.album):
            raise ValueError(f"no album {params.album!r} with photos")

    def _newest(self, initial: dict[str, Any]) -> int:
        rows = [r for r in _rows(initial).values() if r["album"] == self.params.album]
        return max(rows, key=lambda r: (r["taken_ms"], r["id"]))["id"]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals("apps.gallery.favorites",
                         sorted({*_favorites_were(initial), self._newest(initial)}))]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_album(device, self.params.album)
        first = O.find_all(device, where=lambda n: (n["id"] or "").startswith("photo:"))[0]
        yield O.tap(device, first)
        yield O.tap(device, id="favorite")


# ----- delete
class DeletePhoto(Task):
    """Delete one photo (its file and its media row), found by name in its album."""

    suite = "gallery"
    name = "delete_photo"
    template = "Delete the photo {file_name} from the {album} album."
    phrasings = ("Delete {file_name} in my {album} album.",
                 "Get rid of the picture {file_name} in the {album} album.")
    difficulty = 2
    objective = "operate"
    apps = ("gallery",)
    tags = ("dialog", "navigation")
    start = GALLERY

    @dataclass(frozen=True)
    class Params:
        photo_id: int
        file_name: str
        album: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        p = _pick(rng, _deep(device))
        return cls.Params(p["id"], _file(p), p["album"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_photo(device, params)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        row = _rows(initial)[self.params.photo_id]
        return [C.deleted(MEDIA, id=self.params.photo_id),
                C.deleted("os.files", key=row["path"])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_album(device, self.params.album)
        yield from open_photo_named(device, self.params.file_name)
        yield O.tap(device, id="delete")
        yield O.tap(device, id="delete_confirm")


class DeleteOldScreenshots(Task):
    """Delete the screenshots taken before a date, keeping the newer ones."""

    suite = "gallery"
    name = "delete_old_screenshots"
    template = "Delete every screenshot taken before {cutoff}; keep the newer ones."
    phrasings = ("Clean up my screenshots: delete the ones taken before {cutoff}, keep the "
                 "rest.",
                 "Remove all screenshots older than {cutoff} from Gallery, but not the newer "
                 "ones.")
    difficulty = 3
    objective = "hybrid"
    apps = ("gallery",)
    tags = ("selection", "long_press", "dialog")
    start = GALLERY

    @dataclass(frozen=True)
    class Params:
        cutoff: str  # "January 20, 2026", local time

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, ["January 1, 2026", "February 1, 2026", "March 1, 2026",
                                      "January 20, 2026", "December 20, 2025",
                                      "February 28, 2026"]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _date_of(params.cutoff)

    def _old(self, initial: dict[str, Any]) -> list[dict[str, Any]]:
        day = _date_of(self.params.cutoff)
        midnight = datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc)
        cut = int(midnight.timestamp()) * 1000 - initial["os"]["time"]["tz_offset_minutes"] * 60_000
        return [r for r in _rows(initial).values()
                if r["album"] == "Screenshots" and r["taken_ms"] < cut]

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        old = self._old(initial)
        return [C.deleted(MEDIA, ids=[r["id"] for r in old]),
                C.deleted("os.files", keys=[r["path"] for r in old])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        cut = _date_of(self.params.cutoff)
        yield from open_album(device, "Screenshots")
        names = [n["text"] for n in O.find_all(device, role="image")
                 if (n["text"] or "").startswith("Screenshot_")]  # the album fits one screen
        first = True
        for name in names:  # Screenshot_20251207_141522: taken on Dec 7, 2025
            if datetime.datetime.strptime(name.split("_")[1], "%Y%m%d").date() < cut:
                tile = yield from O.scroll_to(device, text=name, role="image")
                yield (O.long_press if first else O.tap)(device, tile)
                first = False
        yield O.tap(device, id="sel_delete")
        yield O.tap(device, id="delete_confirm")


# ----- albums
class MovePhotoToAlbum(Task):
    """Move a photo into another existing album (its file moves to that folder)."""

    suite = "gallery"
    name = "move_photo_to_album"
    template = "Move the photo {file_name} from the {album} album to the {dest} album."
    phrasings = ("Put {file_name}, now in my {album} album, into the {dest} album instead.",
                 "In Gallery, move {file_name} out of {album} and into {dest}.")
    difficulty = 2
    objective = "operate"
    apps = ("gallery",)
    tags = ("menu", "picker", "navigation")
    start = GALLERY
    DESTS = {"Yosemite": f"{PICTURES}/Yosemite", "Birthday party": f"{PICTURES}/Birthday party",
             "Screenshots": f"{PICTURES}/Screenshots", "Camera": "/sdcard/DCIM/Camera"}

    @dataclass(frozen=True)
    class Params:
        photo_id: int
        file_name: str
        album: str
        dest: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        p = _pick(rng, [p for p in photos(device) if p["album"] != "Screenshots"])
        dest = _pick(rng, [d for d in cls.DESTS if d != p["album"] and d != "Screenshots"])
        return cls.Params(p["id"], _file(p), p["album"], dest)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_photo(device, params)
        if params.dest not in cls.DESTS or params.dest == params.album:
            raise ValueError(f"dest must be another of {sorted(cls.DESTS)}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return _moved_photo(initial, self.params.photo_id, self.DESTS[self.params.dest])

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_album(device, self.params.album)
        yield from open_photo_named(device, self.params.file_name)
        yield O.tap(device, id="photo_more")
        yield O.tap(device, id="photo_move")
        row = yield from O.scroll_to(device, id=f"to_album:{self.params.dest}")
        yield O.tap(device, row)


class CreateAlbumWithPhotos(Task):
    """Make a new album and move given photos into it (the album is a new folder in
    Pictures)."""

    suite = "gallery"
    name = "create_album_with_photos"
    template = "Create a new album named '{album_name}' and move these photos into it: {names}."
    phrasings = ("Make an album called '{album_name}' and move {names} into it.",
                 "I want a new '{album_name}' album holding these photos (moved, not copied): "
                 "{names}.")
    difficulty = 3
    objective = "operate"
    apps = ("gallery",)
    tags = ("typing", "dialog", "selection", "multi_step", "scroll")
    max_steps = 40
    start = GALLERY
    NAMES = ("Holidays", "Best of 2025", "Family", "To print", "Weekend", "Winter")

    @dataclass(frozen=True)
    class Params:
        album_name: str
        photo_ids: tuple[int, ...]
        file_names: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        camera = _album_rows(device, "Camera")
        n = int(rng.integers(2, 4))
        chosen = sorted((camera[int(i)] for i in rng.choice(len(camera), size=n, replace=False)),
                        key=lambda r: r["id"])
        return cls.Params(_pick(rng, list(cls.NAMES)), tuple(r["id"] for r in chosen),
                          tuple(_file(r) for r in chosen))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not params.album_name or "/" in params.album_name or device.kernel.files.exists(
                f"{PICTURES}/{params.album_name}"):
            raise ValueError(f"bad or taken album name {params.album_name!r}")
        if not params.photo_ids or len(set(params.photo_ids)) != len(params.photo_ids):
            raise ValueError("photo_ids must be distinct and not empty")
        if [_file(_photo(device, pid)) for pid in params.photo_ids] != list(params.file_names):
            raise ValueError("file_names must be the names of photo_ids' files, in order")

    def template_values(self) -> dict[str, Any]:
        return {"album_name": self.params.album_name, "names": ", ".join(self.params.file_names)}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = f"{PICTURES}/{self.params.album_name}"
        out = [C.created("os.files", key=folder, where={"is_dir": True})]
        for pid in self.params.photo_ids:
            out += _moved_photo(initial, pid, folder)
        return out

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield O.tap(device, text="Albums", role="tab")
        yield O.tap(device, id="new_album")
        yield from O.type_into(device, self.params.album_name, id="album_name_field")
        yield O.tap(device, id="new_album_create")
        yield O.tap(device, id="empty_add")
        for name in sorted(self.params.file_names, reverse=True):  # the grid is newest first
            tile = yield from O.scroll_to(device, text=_stem(name), role="image")
            yield O.tap(device, tile)
        yield O.tap(device, id="add_move")


class RenameAlbum(Task):
    """Rename an album (its folder): every photo keeps its id and follows the new name."""

    suite = "gallery"
    name = "rename_album"
    template = "Rename the album '{album}' to '{new_name}'."
    phrasings = ("Change the name of my '{album}' album to '{new_name}'.",
                 "In Gallery, call the '{album}' album '{new_name}' from now on.")
    difficulty = 2
    objective = "operate"
    apps = ("gallery",)
    tags = ("typing", "menu", "dialog")
    start = GALLERY
    RENAMES = {"Yosemite": ("Yosemite 2025", "Yosemite trip", "National parks"),
               "Birthday party": ("Emma's birthday", "Party", "Birthday 2026"),
               "Screenshots": ("Screen captures", "Screens")}

    @dataclass(frozen=True)
    class Params:
        album: str
        new_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        album = _pick(rng, list(cls.RENAMES))
        return cls.Params(album, _pick(rng, list(cls.RENAMES[album])))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.album not in cls.RENAMES or not device.kernel.files.is_dir(
                f"{PICTURES}/{params.album}"):
            raise ValueError(f"album must be one of {sorted(cls.RENAMES)}")
        if not params.new_name or "/" in params.new_name or device.kernel.files.exists(
                f"{PICTURES}/{params.new_name}"):
            raise ValueError(f"bad or taken new name {params.new_name!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        old, new = f"{PICTURES}/{self.params.album}", f"{PICTURES}/{self.params.new_name}"
        files = initial["os"]["files"]
        under = sorted(p for p in files if p == old or p.startswith(old + "/"))
        out: list[Expectation] = [C.deleted("os.files", keys=under,
                                            name=f"{self.params.album} folder gone")]
        for p in under:
            e = files[p]
            out.append(C.created("os.files", key=new + p[len(old):],
                                 where={"is_dir": e["is_dir"], "sha1": e["sha1"]},
                                 name=f"{new + p[len(old):]} there"))
        for r in _rows(initial).values():
            if r["path"].startswith(old + "/"):
                out.append(C.modified(MEDIA, id=r["id"], fields={
                    "path": new + r["path"][len(old):], "album": self.params.new_name}))
        return out

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_album(device, self.params.album)
        yield O.tap(device, id="album_more")
        yield O.tap(device, id="album_rename")
        yield from O.type_into(device, self.params.new_name, id="album_name_field")
        yield O.tap(device, id="rename_album_confirm")


# ----- sharing
class SharePhoto(Task):
    """Share a photo from Gallery to a contact by message: the Messages thread gets a sent
    message carrying the image."""

    suite = "gallery"
    name = "share_photo"
    template = "Send the photo {file_name} from the {album} album to {contact} in a message."
    phrasings = ("Text {contact} the picture {file_name} from my {album} album.",
                 "Share {file_name} (in the {album} album) with {contact} by message.")
    difficulty = 3
    objective = "operate"
    apps = ("gallery", "messages")
    tags = ("share", "cross_app", "typing", "navigation")
    start = Start()  # from the home screen

    @dataclass(frozen=True)
    class Params:
        photo_id: int
        file_name: str
        album: str
        contact_id: int
        contact: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        p = _pick(rng, [p for p in photos(device) if p["album"] in
                        ("Yosemite", "Birthday party", "Pictures", "Download")])
        people = [c for c in device.kernel.providers.query("content://contacts")
                  if c.get("name") and c.get("phone")]
        c = _pick(rng, people)
        return cls.Params(p["id"], _file(p), p["album"], c["id"], c["name"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_photo(device, params)
        found = device.kernel.providers.query(f"content://contacts/{params.contact_id}")
        if not found or found[0]["name"] != params.contact or not found[0].get("phone"):
            raise ValueError(f"contact {params.contact_id} is not {params.contact!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        phone = next(c["phone"] for c in initial["os"]["providers"]["contacts"]
                     if c["id"] == self.params.contact_id)
        return photo_sent(phone, self.params.file_name)

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, "gallery")
        yield from open_album(device, self.params.album)
        yield from open_photo_named(device, self.params.file_name)
        yield from share_to_named(device, self.params.contact)


# ----- questions
class CountAlbum(Task):
    """Count the photos in an album (some may have been deleted from it)."""

    suite = "gallery"
    name = "count_album"
    template = "How many photos are in the {album} album? Answer with a number."
    difficulty = 1
    max_steps = 14
    phrasings = ("Count the pictures in my {album} album and tell me the number.",
                 "What's the number of photos in the {album} album right now?")
    objective = "query"
    apps = ("gallery",)
    tags = ("counting", "navigation", "scroll")
    start = Start()  # from the home screen
    ALBUMS = ("Camera", "Yosemite", "Screenshots", "Birthday party", "Download")

    @dataclass(frozen=True)
    class Params:
        album: str
        removed: tuple[int, ...] = ()

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        sizes = {a: len(_album_rows(device, a)) for a in cls.ALBUMS}
        left = int(rng.integers(1, max(sizes.values()) + 1))  # the answer, spread evenly
        album = _pick(rng, [a for a in cls.ALBUMS if sizes[a] >= left])
        rows = _album_rows(device, album)
        gone = sorted(int(rows[int(i)]["id"])
                      for i in rng.choice(len(rows), size=len(rows) - left, replace=False))
        return cls.Params(album, tuple(gone))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        rows = {p["id"] for p in _album_rows(device, params.album)}
        if not rows or not set(params.removed) < rows:
            raise ValueError(f"removed must be some (not all) photos of {params.album!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        media = device.kernel.providers.provider("media")
        for pid in self.params.removed:
            delete_scanned(device.kernel.files, media, _photo(device, pid)["path"])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        n = sum(r["album"] == self.params.album for r in _rows(initial).values())
        return [C.answer_number(n)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, "gallery")
        yield from open_album(device, self.params.album)
        subtitle = O.node(device, where=lambda n: re.fullmatch(r"\d+ items?", n["text"]))
        yield A.answer(subtitle["text"].split()[0])  # the album's bar: "5 items"


class CountMonth(Task):
    """Count the photos taken in a month (the Photos tab groups them by month)."""

    suite = "gallery"
    name = "count_month"
    template = "How many photos in the Gallery were taken in {month}? Answer with a number."
    phrasings = ("Count the photos in my Gallery from {month} and give me the number.",
                 "How many pictures did I take (or save) in {month}? Answer with a number.")
    difficulty = 2
    objective = "query"
    apps = ("gallery",)
    tags = ("counting", "scroll")
    start = GALLERY
    MONTHS = ("October 2025", "November 2025", "December 2025", "January 2026",
              "February 2026", "March 2026")

    @dataclass(frozen=True)
    class Params:
        month: str  # "October 2025", as the Photos tab's headers read
        removed: tuple[int, ...] = ()  # photos of that month deleted first (per seed)

    @classmethod
    def _in_month(cls, device: Device, month: str) -> list[dict[str, Any]]:
        tz = device.kernel.clock.tz_offset_minutes
        y, m = cls._parse(month)
        return [p for p in photos(device) if _month_of(p["taken_ms"], tz) == (y, m)]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        sizes = {m: len(cls._in_month(device, m)) for m in cls.MONTHS}
        left = int(rng.integers(1, max(sizes.values()) + 1))  # the answer, spread evenly
        month = _pick(rng, [m for m in cls.MONTHS if sizes[m] >= left])
        rows = cls._in_month(device, month)
        gone = sorted(int(rows[int(i)]["id"])
                      for i in rng.choice(len(rows), size=len(rows) - left, replace=False))
        return cls.Params(month, tuple(gone))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.month not in cls.MONTHS:
            raise ValueError(f"month must be one of {cls.MONTHS}")
        rows = {p["id"] for p in cls._in_month(device, params.month)}
        if not set(params.removed) < rows:
            raise ValueError(f"removed must be some (not all) photos of {params.month}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        media = device.kernel.providers.provider("media")
        for pid in self.params.removed:
            delete_scanned(device.kernel.files, media, _photo(device, pid)["path"])

    @staticmethod
    def _parse(month: str) -> tuple[int, int]:
        name, year = month.split()
        return int(year), MONTH_NAMES.index(name) + 1

    def _year_month(self) -> tuple[int, int]:
        return self._parse(self.params.month)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        tz = initial["os"]["time"]["tz_offset_minutes"]
        n = sum(_month_of(r["taken_ms"], tz) == self._year_month()
                for r in _rows(initial).values())
        return [C.answer_number(n)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        header = self.params.month
        seen: set[str] = set()
        for _ in range(15):  # walk the grid: tiles under the month's header
            current = None
            for n in device.ui_tree():
                if n["role"] == "heading" and n["text"] != "Gallery":
                    current = n["text"]
                elif (n["id"] or "").startswith("photo:") and current == header:
                    seen.add(n["id"])
            before = [n["id"] for n in device.ui_tree()]
            yield O.scroll_down()
            if [n["id"] for n in device.ui_tree()] == before:
                break
        yield A.answer(str(len(seen)))


class PhotoResolution(Task):
    """Read a photo's resolution (width × height) from the viewer or its details."""

    suite = "gallery"
    name = "photo_resolution"
    template = ("What is the resolution of the photo {file_name} in the {album} album? "
                "Answer as width × height in pixels.")
    phrasings = ("How big, in pixels, is {file_name} from my {album} album? Give width × "
                 "height.",
                 "Tell me the pixel dimensions (width × height) of the picture {file_name} in "
                 "the {album} album.")
    difficulty = 2
    objective = "query"
    apps = ("gallery",)
    tags = ("navigation",)
    start = Start()  # from the home screen

    @dataclass(frozen=True)
    class Params:
        photo_id: int
        file_name: str
        album: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        sizes = sorted({(p["width"], p["height"]) for p in photos(device)})
        size = _pick(rng, sizes)  # the answer, spread over the sizes the library has
        p = _pick(rng, [p for p in photos(device) if (p["width"], p["height"]) == size])
        return cls.Params(p["id"], _file(p), p["album"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_photo(device, params)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        row = _rows(initial)[self.params.photo_id]
        want = [row["width"], row["height"]]

        def same_size(j: Judged) -> tuple[bool, str]:
            # "4032 × 3024", "4032x3024", "4,032 by 3,024": exactly the two numbers, in order
            got = [int(d.replace(",", "")) for d in re.findall(r"\d[\d,]*", j.answer or "")]
            return got == want, f"expected {row['width']} × {row['height']}; found {got}"
        return [C.holds("answer: width × height", same_size)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, "gallery")
        yield from open_album(device, self.params.album)
        yield from open_photo_named(device, self.params.file_name)
        yield A.answer(O.node(device, id="photo_details")["text"].split("·")[0].strip())


class LargestAlbum(Task):
    """Compare albums by size: which of three has the most photos."""

    suite = "gallery"
    name = "largest_album"
    template = "Which of these albums has the {most} photos: {a}, {b} or {c}?"
    phrasings = ("Of the albums {a}, {b} and {c}, which one holds the {most} pictures?",
                 "Compare my {a}, {b} and {c} albums: which has the {most} photos?")
    difficulty = 1
    max_steps = 14
    objective = "query"
    apps = ("gallery",)
    tags = ("counting", "navigation")
    start = GALLERY
    ALBUMS = ("Camera", "Yosemite", "Screenshots", "Birthday party", "Download", "Pictures")

    @dataclass(frozen=True)
    class Params:
        a: str
        b: str
        c: str
        most: str = "most"  # or "fewest"
        removed: tuple[int, ...] = ()  # photos deleted first, so the sizes vary per seed

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        sizes = {n: len(_album_rows(device, n)) for n in cls.ALBUMS}
        answer = _pick(rng, list(cls.ALBUMS))  # the answer, spread over every album
        most = _pick(rng, ["most", "fewest"]) if sizes[answer] >= 3 else "fewest"
        while True:  # new sizes for three albums, all different, the answer's the extreme
            others = [str(n) for n in rng.choice([n for n in cls.ALBUMS if n != answer],
                                                 size=2, replace=False)]
            keep = {n: int(rng.integers(1, sizes[n] + 1)) for n in (answer, *others)}
            values = [keep[n] for n in others]
            extreme = max(values) < keep[answer] if most == "most" else \
                min(values) > keep[answer]
            if len(set(keep.values())) == 3 and extreme:
                break
        gone: list[int] = []
        for name, n in keep.items():
            rows = _album_rows(device, name)
            gone += [int(rows[int(i)]["id"])
                     for i in rng.choice(len(rows), size=len(rows) - n, replace=False)]
        names = [answer, *others]
        order = rng.permutation(3)
        return cls.Params(*(names[int(i)] for i in order), most, tuple(sorted(gone)))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        media = device.kernel.providers.provider("media")
        for pid in self.params.removed:
            delete_scanned(device.kernel.files, media, _photo(device, pid)["path"])

    @classmethod
    def _counts(cls, rows: list[dict[str, Any]], names: tuple[str, ...]) -> dict[str, int]:
        return {n: sum(r["album"] == n for r in rows) for n in names}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        gone = set(params.removed)
        counts = cls._counts([p for p in photos(device) if p["id"] not in gone],
                             (params.a, params.b, params.c))
        if params.most not in ("most", "fewest"):
            raise ValueError(f"most must be 'most' or 'fewest', got {params.most!r}")
        if len(set(counts.values())) != 3 or not all(counts.values()):
            raise ValueError(f"three albums with different, non-zero counts needed: {counts}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        counts = self._counts(list(_rows(initial).values()),
                              (self.params.a, self.params.b, self.params.c))
        pick = max if self.params.most == "most" else min
        best = pick(counts, key=counts.__getitem__)
        return [C.answer_text(best, rivals=[*counts, C.at("os.providers.media[*].album")])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield O.tap(device, text="Albums", role="tab")
        wanted = (self.params.a, self.params.b, self.params.c)
        counts: dict[str, int] = {}
        for _ in range(6):  # read the cards ("Yosemite 5 items") down the page
            for name in wanted:
                card = O.find(device, id=f"album:{name}")
                if card is not None:
                    counts[name] = int(card["text"].rsplit(" ", 2)[-2])
            if len(counts) == 3:
                break
            yield O.scroll_down()
        pick = max if self.params.most == "most" else min
        yield A.answer(pick(counts, key=counts.__getitem__))
