"""Camera suite: taking photos and videos with the right lens, flash, timer and length;
camera settings that persist; questions about the Camera album and the last capture; and
chains that go on with the new photo in Files, Gallery and Messages.

A capture is three records the judges read together: a new file
``/sdcard/DCIM/Camera/PXL_<date>_<time>.jpg`` (``.mp4``) in ``os.files``, its row in
``os.providers.media``, and the camera's log record in ``apps.camera.captures`` (lens, flash,
timer, a video's length: what only the camera knows, as EXIF would). Nothing else may change,
except the camera settings a task needs on the way (the lens for a selfie, the mode for a
video) and the camera permission where the task starts without it.
"""

from __future__ import annotations

import datetime
import posixpath
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation, Judged
from mobilegym_env.kernel.providers import media_album, media_placeholder, media_title
from mobilegym_env.task import Start, Task
from mobilegym_env.tasks import contacts, files, gallery

APP = "camera"
CAPTURES = "apps.camera.captures"
SETTINGS = "apps.camera.settings"
MEDIA = "os.providers.media"
FOLDER = "/sdcard/DCIM/Camera"
PICTURES = "/sdcard/Pictures"
PXL = r"PXL_\d{8}_\d{9}"
PERMISSION = "os.permissions.camera"


def _granted(value: Any) -> bool:
    """A permission's status (or the app's table of them) only ever granted."""
    return value == "granted" or (isinstance(value, dict) and bool(value)
                                  and all(v == "granted" for v in value.values()))


FLASH_WORDS = {"off": "off", "auto": "auto", "on": "on"}
RENAMES = ("parking_spot", "whiteboard_notes", "shelf_label", "bike_lock", "plant_check",
           "garden_bed", "fridge_magnet", "desk_setup")
ALBUMS = ("Yosemite", "Birthday party")


# ----- data
def _pick(rng: np.random.Generator, options: Any) -> Any:
    options = list(options)
    if not options:
        raise ValueError("nothing to choose from")
    return options[int(rng.integers(len(options)))]


def _check(field: str, value: Any, options: Any) -> None:
    if value not in tuple(options):
        raise ValueError(f"{field} must be one of {tuple(options)}, got {value!r}")


def _local(device: Device, ms: int) -> datetime.datetime:
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(
        milliseconds=ms, minutes=device.kernel.clock.tz_offset_minutes)


def add_photo(device: Device, folder: str, name: str, taken_ms: int,
              size: tuple[int, int] = (4032, 3024), mime: str = "image/jpeg") -> int:
    """A media file in ``folder`` and its provider row (as the camera left it); its id."""
    path = f"{folder}/{name}"
    row = {"path": path, "mime": mime, "title": media_title(path), "album": media_album(path),
           "width": size[0], "height": size[1], "taken_ms": taken_ms,
           "size": size[0] * size[1] // 3}
    device.kernel.files.write_text(path, media_placeholder(row), mime, taken_ms)
    return device.kernel.providers.insert("content://media", row)


def camera_photos(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The Camera album's photos in a state (Gallery shows images only), newest first."""
    rows = [r for r in state["os"]["providers"]["media"]
            if r["album"] == "Camera" and str(r["mime"]).startswith("image/")]
    return sorted(rows, key=lambda r: -r["taken_ms"])


def ready(device: Device, **settings: Any) -> None:
    """The camera was used before: its permission granted, these settings chosen."""
    device.kernel.permissions.grant(APP, "camera")
    device.kernel.app_state(APP)["settings"].update(settings)


# ----- checks
def _new(initial: list[dict[str, Any]], final: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records of ``final`` whose ids ``initial`` lacks."""
    before = {r["id"] for r in initial}
    return [r for r in final if r["id"] not in before]


def captured(count: int = 1, kind: str = "photo", name: str | None = None,
             kept: bool = True, **fields: Any) -> list[Expectation]:
    """``count`` new captures of ``kind`` whose log records have ``fields`` (values or
    predicates); with ``kept``, each is still a file in the Camera folder with its media row.
    """
    ext, mime = ("mp4", "video/mp4") if kind == "video" else ("jpg", "image/jpeg")
    where = {"kind": kind, **fields}
    what = name or f"{count} new {kind}{'s' if count > 1 else ''}" + "".join(
        f", {k} {v}" for k, v in fields.items() if not callable(v))
    log = C.created(CAPTURES, lambda r: all(v(r.get(k)) if callable(v) else r.get(k) == v
                                            for k, v in where.items()),
                    count=count, name=what)
    if not kept:
        return [log]
    pattern = re.compile(f"{FOLDER}/{PXL}\\.{ext}")
    row = C.created(MEDIA, lambda r: bool(pattern.fullmatch(str(r.get("path"))))
                    and r.get("mime") == mime and r.get("album") == "Camera",
                    count=count, name=f"{count} new {kind} row(s) in the Camera album")

    def files_written(j: Judged) -> tuple[bool, str]:
        new = [p for p in j.final["os"]["files"] if pattern.fullmatch(p)
               and p not in j.initial["os"]["files"]]
        return len(new) == count, f"expected {count} new {ext} file(s) in {FOLDER}; found {new}"
    return [log, row, C.holds(f"{count} new file(s) in DCIM/Camera", files_written,
                              allows=[f'os.files["{FOLDER}/PXL_*"]'])]


def _at_least(ms: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, int) and v >= ms


# ----- oracle steps
def open_camera(device: Device) -> Iterator[dict[str, Any]]:
    """Opens Camera and allows it the camera if it asks."""
    yield from O.open_app(device, APP)
    if O.find(device, id="permission_allow") is not None:
        yield O.tap(device, id="permission_allow")


def choose(device: Device, key: str, value: Any) -> Iterator[dict[str, Any]]:
    """Picks an option in the quick-settings panel (unless it is already chosen)."""
    yield O.tap(device, id="camera_settings")
    option = O.node(device, id=f"{key}:{value}")
    yield O.tap(device, option) if not option["selected"] else A.back()


def set_lens(device: Device, lens: str) -> Iterator[dict[str, Any]]:
    if O.node(device, id="flip_lens")["text"] == f"Switch to {lens} camera":
        yield O.tap(device, id="flip_lens")


def newest_capture(device: Device) -> dict[str, Any]:
    return device.kernel.app_state(APP)["captures"][-1]


def _new_shot_name(device: Device) -> Iterator[dict[str, Any]]:
    """In Files' DCIM/Camera folder: the name of the photo the camera just took (the only
    PXL_ file; older photos are IMG_); scrolls to it."""
    row = yield from O.scroll_to(device, role="list_item",
                                 where=lambda n: (n["id"] or "").startswith("file:PXL_"))
    return row["id"].removeprefix("file:")


def shoot_and_view(device: Device) -> Iterator[dict[str, Any]]:
    """In Camera: the shutter, then the thumbnail (the photo opens in Gallery's viewer)."""
    yield O.tap(device, id="shutter")
    yield O.tap(device, id="thumbnail")


# ----- base
class _CameraTask(Task):
    suite = "camera"
    apps = (APP,)
    difficulty = 2
    start = Start()

    # params drawn per seed from these options (values, or a range of ints), and checked to
    # be among them when given
    drawn: ClassVar[dict[str, Sequence[Any]]] = {}

    @dataclass(frozen=True)
    class Params:
        pass

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return cls.Params(**{f: _pick(rng, options) for f, options in cls.drawn.items()})

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        for f, options in cls.drawn.items():
            _check(f, getattr(params, f), options)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device)


# ----- photos
class TakePhoto(_CameraTask):
    """Take a photo the first time: the camera asks for its permission on the way."""

    name = "take_photo"
    template = "Open the camera and take a photo."
    same_instruction = ("the camera's first use: its permission dialog is what the task "
                        "exercises, and a photo is all it asks for")
    difficulty = 1
    max_steps = 14
    tags = ("dialog",)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        pass  # never used: the permission dialog comes first

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*captured(), C.may_change(PERMISSION, to=_granted)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield O.tap(device, id="shutter")


class TakeSelfie(_CameraTask):
    """A selfie: flip to the front camera first."""

    name = "take_selfie"
    template = "Take a selfie with the flash set to {flash}."
    phrasings = ("Use the front camera to take a photo of me, flash on {flash}.",
                 "Snap a selfie; set the flash to {flash} first.")
    tags = ("toggle", "settings")

    @dataclass(frozen=True)
    class Params:
        flash: str = "on"

    drawn = {"flash": ("on", "auto")}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*captured(lens="front", flash=self.params.flash),
                C.may_change(f"{SETTINGS}.lens", to="front"),
                C.may_change(f"{SETTINGS}.flash", to=self.params.flash)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from set_lens(device, "front")
        yield from choose(device, "flash", self.params.flash)
        yield O.tap(device, id="shutter")


class PhotoWithFlash(_CameraTask):
    """A photo with the flash forced on or on auto (it is off)."""

    name = "photo_with_flash"
    template = "Take a photo with the flash set to {flash}."
    phrasings = ("Set the camera's flash to {flash} and take a picture.",
                 "Take a picture, with the flash on {flash}.")
    difficulty = 1
    max_steps = 14
    tags = ("settings", "menu")

    @dataclass(frozen=True)
    class Params:
        flash: str

    drawn = {"flash": ("on", "auto")}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*captured(flash=self.params.flash), C.may_change(f"{SETTINGS}.flash", to=self.params.flash)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from choose(device, "flash", self.params.flash)
        yield O.tap(device, id="shutter")


class PhotoWithTimer(_CameraTask):
    """A photo on the self-timer: the shot is taken when the countdown ends."""

    name = "photo_with_timer"
    template = "Take a photo using the {seconds}-second timer."
    phrasings = ("Set the camera's self-timer to {seconds} seconds and take a photo.",
                 "Take a picture on a {seconds}-second self-timer.")
    tags = ("settings", "menu")

    @dataclass(frozen=True)
    class Params:
        seconds: int

    drawn = {"seconds": (3, 10)}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*captured(timer=self.params.seconds), C.may_change(f"{SETTINGS}.timer", to=self.params.seconds)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from choose(device, "timer", self.params.seconds)
        yield O.tap(device, id="shutter")
        while O.find(device, id="countdown") is not None:
            yield A.wait()


class TakePhotos(_CameraTask):
    """Several photos in a row (exactly that many)."""

    name = "take_photos"
    template = "Take {count} photos with the back camera."
    phrasings = ("Use the rear camera to take {count} pictures.",
                 "Snap exactly {count} photos with the back camera.")

    @dataclass(frozen=True)
    class Params:
        count: int

    drawn = {"count": range(2, 5)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device, lens="front")  # the last photo was a selfie

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*captured(self.params.count, lens="back"),
                C.may_change(f"{SETTINGS}.lens", to="back")]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from set_lens(device, "back")
        for _ in range(self.params.count):
            yield O.tap(device, id="shutter")


class RecordVideo(_CameraTask):
    """A video at least so long, with a given lens: Video mode, record, wait, stop."""

    name = "record_video"
    template = "Record a video of at least {seconds} seconds with the {lens} camera."
    phrasings = ("Film a clip of {seconds} seconds or more using the {lens} camera.",
                 "With the {lens} camera, record a video at least {seconds} seconds long.")
    tags = ("toggle", "multi_step")

    @dataclass(frozen=True)
    class Params:
        seconds: int
        lens: str

    drawn = {"seconds": range(5, 16), "lens": ("back", "front")}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device, lens="front" if self.params.lens == "back" else "back")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [*captured(kind="video", lens=self.params.lens,
                          duration_ms=_at_least(self.params.seconds * 1000),
                          name=f"a video of {self.params.seconds}+ s, {self.params.lens} lens"),
                C.may_change(f"{SETTINGS}.lens", to=self.params.lens),
                C.may_change(f"{SETTINGS}.mode", to="video")]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from set_lens(device, self.params.lens)
        yield O.tap(device, id="mode:video")
        yield O.tap(device, id="shutter")
        while True:
            shown = O.node(device, id="rec_duration")["text"]
            if int(shown[:2]) * 60 + int(shown[3:]) >= self.params.seconds:
                break
            yield A.wait()
        yield O.tap(device, id="shutter")


# ----- settings
class _SettingTask(_CameraTask):
    """One quick setting (``key``) set to a drawn ``value``."""

    tags = ("settings", "menu")
    key = ""

    @dataclass(frozen=True)
    class Params:
        value: str

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals(f"{SETTINGS}.{self.key}", self.params.value)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from choose(device, self.key, self.params.value)


class DefaultFlash(_SettingTask):
    """The flash choice persists: set it without taking a photo."""

    name = "set_default_flash"
    template = ("Set the camera's flash to {value} and its self-timer to {timer} seconds for "
                "future photos (no need to take one).")
    phrasings = ("For my next photos, have the camera's flash on {value} and the timer at "
                 "{timer} seconds. Don't take a picture.",
                 "Change the camera's defaults: flash {value}, self-timer {timer} seconds (no "
                 "photo needed).")
    drawn = {"value": ("auto", "on"), "timer": (3, 10)}
    key = "flash"

    @dataclass(frozen=True)
    class Params:
        value: str
        timer: int = 3

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals(f"{SETTINGS}.flash", self.params.value),
                C.equals(f"{SETTINGS}.timer", self.params.timer)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from choose(device, "flash", self.params.value)
        yield from choose(device, "timer", self.params.timer)


class TurnOnGrid(_SettingTask):
    """Grid lines over the viewfinder, of a given type."""

    name = "turn_on_grid"
    template = "Turn on the camera's {value} grid lines and set its aspect ratio to {ratio}."
    phrasings = ("In the camera, show the {value} grid and switch the aspect ratio to {ratio}.",
                 "Set up the camera: {value} grid lines on, {ratio} aspect ratio.")
    drawn = {"value": ("3x3", "4x4"), "ratio": ("4:3", "16:9")}
    key = "grid"

    @dataclass(frozen=True)
    class Params:
        value: str
        ratio: str = "16:9"

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device, ratio="16:9" if self.params.ratio == "4:3" else "4:3")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals(f"{SETTINGS}.grid", self.params.value),
                C.equals(f"{SETTINGS}.ratio", self.params.ratio)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from choose(device, "grid", self.params.value)
        yield from choose(device, "ratio", self.params.ratio)


class ConfigureCamera(_CameraTask):
    """Three settings in one go; each starts on another value."""

    name = "configure_camera"
    template = ("In the camera, set the flash to {flash}, the timer to {timer} seconds and "
                "the aspect ratio to {ratio}.")
    phrasings = ("Camera settings: flash {flash}, a {timer}-second timer and a {ratio} aspect "
                 "ratio.",
                 "Change three camera settings: the flash to {flash}, the self-timer to "
                 "{timer} seconds, the aspect ratio to {ratio}.")
    tags = ("settings", "menu", "multi_step")

    @dataclass(frozen=True)
    class Params:
        flash: str
        timer: int
        ratio: str

    drawn = {"flash": ("off", "auto", "on"), "timer": (3, 10), "ratio": ("4:3", "16:9")}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        ready(device, flash=_pick(rng, [f for f in ("off", "auto", "on") if f != p.flash]),
              timer=_pick(rng, [t for t in (0, 3, 10) if t != p.timer]),
              ratio="16:9" if p.ratio == "4:3" else "4:3")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.equals(f"{SETTINGS}.flash", p.flash), C.equals(f"{SETTINGS}.timer", p.timer),
                C.equals(f"{SETTINGS}.ratio", p.ratio)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        for key in ("flash", "timer", "ratio"):
            yield from choose(device, key, getattr(self.params, key))


# ----- questions
class CountCameraPhotos(_CameraTask):
    """How many photos the Camera album holds (a few were added per seed; videos and other
    albums do not count)."""

    name = "count_camera_photos"
    template = "How many photos are in the Camera album?"
    phrasings = ("Count the photos in Gallery's Camera album and tell me the number.",
                 "What's the number of pictures in my Camera album?")
    objective = "query"
    difficulty = 1
    max_steps = 14
    apps = ("gallery",)
    tags = ("counting", "scroll")

    @dataclass(frozen=True)
    class Params:
        added: int

    drawn = {"added": range(1, 13)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device)
        now = device.kernel.clock.now_ms()
        for i in range(self.params.added):
            taken = now - int(rng.integers(1, 40 * 24 * 60)) * 60_000 - i
            add_photo(device, FOLDER, f"IMG_{_local(device, taken):%Y%m%d_%H%M%S}.jpg", taken)
        # decoys: a video in the Camera folder, a screenshot elsewhere
        taken = now - int(rng.integers(60, 600)) * 60_000
        add_photo(device, FOLDER, f"VID_{_local(device, taken):%Y%m%d_%H%M%S}.mp4", taken,
                  (1080, 1920), "video/mp4")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(camera_photos(initial)))]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, "gallery")
        yield O.tap(device, text="Albums", role="tab")
        card = O.node(device, id="album:Camera")
        yield A.answer(str(int(re.search(r"(\d+) item", card["text"]).group(1))))


class LastPhotoTime(_CameraTask):
    """When the newest Camera photo was taken (a screenshot was taken after it)."""

    name = "last_photo_time"
    template = "At what time was the last photo in the Camera album taken?"
    phrasings = ("What time did I take my most recent photo with the camera?",
                 "When (what time of day) was the newest picture in the Camera album taken?")
    objective = "query"
    difficulty = 3
    apps = ("gallery", APP)
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        minutes_ago: int

    drawn = {"minutes_ago": range(20, 300)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device)
        now = device.kernel.clock.now_ms()
        taken = now - self.params.minutes_ago * 60_000 - int(rng.integers(0, 60)) * 1000
        add_photo(device, FOLDER, f"IMG_{_local(device, taken):%Y%m%d_%H%M%S}.jpg", taken)
        later = taken + int(rng.integers(3, 15)) * 60_000
        add_photo(device, f"{PICTURES}/Screenshots",
                  f"Screenshot_{_local(device, later):%Y%m%d_%H%M%S}.png", later, (1080, 2400),
                  "image/png")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        newest = camera_photos(initial)[0]
        tz = initial["os"]["time"]["tz_offset_minutes"]
        when = datetime.datetime(1970, 1, 1) + datetime.timedelta(
            milliseconds=newest["taken_ms"], minutes=tz)
        return [C.answer_time(when.hour, when.minute)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield O.tap(device, id="thumbnail")
        [when, *_] = O.find_all(device, where=lambda n: re.search(r"· \d{2}:\d{2}$",
                                                                   n["text"] or "") is not None)
        yield A.answer(when["text"].rsplit(" ", 1)[1])


class LastVideoLength(_CameraTask):
    """How long the video just recorded is (the camera's last capture, shown in its
    viewer)."""

    name = "last_video_length"
    template = "How many seconds long is the video you just recorded with the camera?"
    phrasings = ("What's the length, in seconds, of the clip I just filmed with the camera?",
                 "The camera's last video: how many seconds does it last?")
    objective = "query"
    difficulty = 1
    max_steps = 14
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        seconds: int

    drawn = {"seconds": range(4, 120)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device, mode="video")
        length = self.params.seconds * 1000 + int(rng.integers(0, 1000))
        start = device.kernel.clock.now_ms() - length - int(rng.integers(2, 30)) * 60_000
        when = _local(device, start)
        name = f"PXL_{when:%Y%m%d_%H%M%S}{when.microsecond // 1000:03d}.mp4"
        media_id = add_photo(device, FOLDER, name, start, (1080, 1920), "video/mp4")
        store = device.kernel.app_state(APP)
        store["captures"].append({
            "id": store["next_capture_id"], "path": f"{FOLDER}/{name}", "media_id": media_id,
            "kind": "video", "lens": "back", "flash": "off", "timer": 0,
            "duration_ms": length, "taken_ms": start})
        store["next_capture_id"] += 1

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(self.params.seconds, unit="s")]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield O.tap(device, id="thumbnail")
        shown = O.node(device, id="video_length")["text"]  # "01:03"
        m, s = shown.split(":")
        yield A.answer(f"{shown}, that is {int(m) * 60 + int(s)} seconds")


# ----- chains
class PhotoThenRename(_CameraTask):
    """Take a photo, then rename its file in Files (Gallery follows the rename)."""

    name = "photo_then_rename"
    template = "Take a photo, then use Files to rename it to {new_name}.jpg."
    phrasings = ("Snap a picture and, in the Files app, rename it {new_name}.jpg.",
                 "Take a photo with the camera; then give its file the name {new_name}.jpg "
                 "using Files.")
    difficulty = 3
    objective = "hybrid"
    apps = (APP, "files")
    tags = ("typing", "menu", "scroll", "cross_app")

    @dataclass(frozen=True)
    class Params:
        new_name: str

    drawn = {"new_name": RENAMES}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        path = f"{FOLDER}/{self.params.new_name}.jpg"
        return [*captured(kept=False),
                C.created(MEDIA, {"path": path, "album": "Camera", "mime": "image/jpeg",
                                  "title": self.params.new_name}),
                C.created("os.files", key=path, where={"mime": "image/jpeg"})]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield O.tap(device, id="shutter")
        yield from O.open_app(device, "files")
        yield from files.browse(device, "DCIM/Camera")
        shot = yield from _new_shot_name(device)
        yield from files.item_menu(device, shot, "item_rename")
        yield from O.type_into(device, f"{self.params.new_name}.jpg", id="rename_field")
        yield O.tap(device, id="rename_confirm")


class PhotoToAlbum(_CameraTask):
    """Take a photo and move it into another album from Gallery's viewer."""

    name = "photo_to_album"
    template = "Take a photo, then move it to the {album} album in Gallery."
    phrasings = ("Snap a picture and put it in my {album} album (move it there in Gallery).",
                 "Take a photo with the camera, then use Gallery to move it into {album}.")
    difficulty = 3
    objective = "hybrid"
    apps = (APP, "gallery")
    tags = ("menu", "dialog", "cross_app")

    @dataclass(frozen=True)
    class Params:
        album: str

    drawn = {"album": ALBUMS}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = f"{PICTURES}/{self.params.album}"
        pattern = re.compile(f"{re.escape(folder)}/{PXL}\\.jpg")

        def moved_file(j: Judged) -> tuple[bool, str]:
            new = [p for p in j.final["os"]["files"] if pattern.fullmatch(p)
                   and p not in j.initial["os"]["files"]]
            return len(new) == 1, f"expected one new photo file in {folder}; found {new}"
        return [*captured(kept=False),
                C.created(MEDIA, lambda r: bool(pattern.fullmatch(str(r.get("path"))))
                          and r.get("album") == self.params.album,
                          name=f"the new photo's row in {self.params.album}"),
                C.holds(f"the new photo's file in {self.params.album}", moved_file,
                        allows=[f'os.files["{folder}/PXL_*"]'])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from shoot_and_view(device)
        yield O.tap(device, id="photo_more")
        yield O.tap(device, id="photo_move")
        row = yield from O.scroll_to(device, id=f"to_album:{self.params.album}")
        yield O.tap(device, row)


class PhotoAndDeleteOldest(_CameraTask):
    """Take a photo, then delete the Camera album's oldest photo (an older one per seed)."""

    name = "photo_and_delete_oldest"
    template = "Take a photo, then delete the oldest photo of the Camera album in Gallery."
    phrasings = ("Snap a new picture, then in Gallery delete the oldest photo of the Camera "
                 "album to make room.",
                 "Take a photo; after that, remove the Camera album's oldest picture in "
                 "Gallery.")
    difficulty = 3
    objective = "hybrid"
    apps = (APP, "gallery")
    tags = ("scroll", "dialog", "cross_app")
    max_steps = 40

    @dataclass(frozen=True)
    class Params:
        days_before: int

    drawn = {"days_before": range(0, 60)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        """With ``days_before`` > 0 a photo that many days older than the oldest one."""
        ready(device)
        if self.params.days_before:
            oldest = camera_photos(device.state())[-1]["taken_ms"]
            taken = oldest - self.params.days_before * 86_400_000 - int(rng.integers(0, 86_400)
                                                                        ) * 1000
            add_photo(device, FOLDER, f"IMG_{_local(device, taken):%Y%m%d_%H%M%S}.jpg", taken,
                      (3024, 4032))

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        oldest = camera_photos(initial)[-1]
        return [*captured(), C.deleted(MEDIA, id=oldest["id"]),
                C.deleted("os.files", key=oldest["path"])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield O.tap(device, id="shutter")
        yield from O.open_app(device, "gallery")
        yield from gallery.open_album(device, "Camera")
        last = None
        for _ in range(12):  # the grid is newest first: the oldest is its last tile
            tiles = O.find_all(device, where=lambda n: (n["id"] or "").startswith("photo:"))
            if tiles and tiles[-1]["text"] == last:
                break
            last = tiles[-1]["text"] if tiles else None
            yield O.scroll_down()
        tile = yield from O.scroll_to(device, text=last, role="image")
        yield O.tap(device, tile)
        yield O.tap(device, id="delete")
        yield O.tap(device, id="delete_confirm")


class SendNewPhoto(_CameraTask):
    """Take a photo with a given lens and text it to a contact: the thumbnail, Gallery's
    Share, Messages."""

    name = "send_new_photo"
    template = "Take a photo with the {lens} camera and send it to {name} in a text message."
    phrasings = ("Snap a picture with the {lens} camera and text it to {name}.",
                 "Use the {lens} camera to take a photo, then send that photo to {name} by "
                 "message.")
    difficulty = 4
    objective = "hybrid"
    apps = (APP, "gallery", "messages")
    tags = ("share", "typing", "cross_app", "multi_step")

    @dataclass(frozen=True)
    class Params:
        contact_id: int
        name: str
        lens: str = "back"

    drawn = {"lens": ("back", "front")}

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        c = _pick(rng, [c for c in contacts.contacts(device) if c["phone"]])
        return cls.Params(c["id"], c["name"], _pick(rng, cls.drawn["lens"]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        c = contacts.contact(device, params.contact_id)
        if c["name"] != params.name or not c["phone"]:
            raise ValueError(f"contact {params.contact_id} is not {params.name!r} with a number")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        phone = next(c["phone"] for c in initial["os"]["providers"]["contacts"]
                     if c["id"] == self.params.contact_id)
        image = re.compile(rf"\[Image: {PXL}\.jpg\]")

        def carries_new_photo(rec: dict[str, Any]) -> bool:
            return (rec.get("thread_address") == phone and rec.get("type") == "sent"
                    and image.search(str(rec.get("body") or "")) is not None)

        def same_photo(j: Judged) -> tuple[bool, str]:
            shots = {posixpath.basename(r["path"]) for r in _new(
                j.initial["apps"]["camera"]["captures"], j.final["apps"]["camera"]["captures"])}
            sent = [m for m in _new(j.initial["os"]["providers"]["sms"],
                                    j.final["os"]["providers"]["sms"]) if carries_new_photo(m)]
            names = {n for m in sent for n in re.findall(rf"{PXL}\.jpg", m["body"])}
            return bool(names) and names <= shots, f"sent {sorted(names)}; taken {sorted(shots)}"
        return [*captured(lens=self.params.lens),
                C.may_change(f"{SETTINGS}.lens", to=self.params.lens),
                C.created("os.providers.sms", carries_new_photo,
                          name=f"the new photo sent to {phone}"),
                C.holds("the photo sent is the one just taken", same_photo),
                C.may_change("os.providers.sms[id=*].read", to=True)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from set_lens(device, self.params.lens)
        yield from shoot_and_view(device)
        yield from gallery.share_to_named(device, self.params.name)


class FavoriteNewPhoto(_CameraTask):
    """Take a photo and mark it a favorite in Gallery (the favorites are Gallery's store)."""

    name = "favorite_new_photo"
    template = "Take a photo, then mark it as a favorite in Gallery."
    phrasings = ("Snap a picture and add it to my favorites in Gallery.",
                 "Take a photo with the camera; then favorite it in Gallery (keep my other "
                 "favorites).")
    difficulty = 3
    objective = "hybrid"
    apps = (APP, "gallery")
    tags = ("cross_app", "navigation")

    @dataclass(frozen=True)
    class Params:
        favorites: tuple[int, ...] = ()  # the favorites already there (per seed)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        ids = [int(p["id"]) for p in gallery.photos(device)]
        return cls.Params(tuple(sorted(int(ids[int(i)]) for i in
                                       rng.choice(len(ids), size=2, replace=False))))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        ids = {int(p["id"]) for p in gallery.photos(device)}
        if not set(params.favorites) <= ids:
            raise ValueError(f"favorites must be photo ids, got {params.favorites}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device)
        device.kernel.app_state("gallery")["favorites"] = sorted(self.params.favorites)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        def favorite(j: Judged) -> tuple[bool, str]:
            new = [r["media_id"] for r in _new(j.initial["apps"]["camera"]["captures"],
                                               j.final["apps"]["camera"]["captures"])]
            want = sorted([*j.initial["apps"]["gallery"]["favorites"], *new[-1:]])
            got = j.final["apps"]["gallery"]["favorites"]
            return bool(new) and got == want, f"favorites {got}; expected {want}"
        return [*captured(), C.holds("the new photo is a favorite, the others stay", favorite,
                                     allows=["apps.gallery.favorites"])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from open_camera(device)
        yield from shoot_and_view(device)
        yield O.tap(device, id="favorite")


class PhotosTakenToday(_CameraTask):
    """Count today's camera photos: the file names and the viewer give the dates (Gallery
    groups by month); yesterday's shots, a video and a screenshot of today are decoys."""

    name = "photos_taken_today"
    template = "How many photos did you take with the camera today?"
    phrasings = ("Count the pictures I've taken with the camera so far today.",
                 "How many camera photos are from today? Answer with a number.")
    objective = "query"
    difficulty = 3
    apps = ("gallery", "files")
    tags = ("counting", "scroll")

    @dataclass(frozen=True)
    class Params:
        today: int
        yesterday: int

    drawn = {"today": range(1, 13), "yesterday": range(1, 4)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        ready(device)
        now = device.kernel.clock.now_ms()
        since = _local(device, now)
        midnight = now - (since.hour * 3600 + since.minute * 60 + since.second) * 1000 - \
            since.microsecond // 1000
        step = max((now - midnight) // (self.params.today + 2), 1)
        shots = [midnight + step * (i + 1) for i in range(self.params.today)]
        shots += [midnight - int(rng.integers(1, 20 * 3600)) * 1000
                  for _ in range(self.params.yesterday)]
        for taken in shots:
            when = _local(device, taken)
            add_photo(device, FOLDER, f"PXL_{when:%Y%m%d_%H%M%S}{when.microsecond // 1000:03d}"
                      ".jpg", taken, (3072, 4080))
        clip = midnight + step * (self.params.today + 1)
        when = _local(device, clip)
        add_photo(device, FOLDER, f"PXL_{when:%Y%m%d_%H%M%S}{when.microsecond // 1000:03d}.mp4",
                  clip, (1080, 1920), "video/mp4")
        add_photo(device, f"{PICTURES}/Screenshots",
                  f"Screenshot_{_local(device, clip):%Y%m%d_%H%M%S}.png", clip, (1080, 2400),
                  "image/png")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        tz = initial["os"]["time"]["tz_offset_minutes"]

        def day(ms: int) -> datetime.date:
            return (datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms,
                                                                       minutes=tz)).date()
        today = day(initial["os"]["time"]["now_ms"])
        return [C.answer_number(sum(day(r["taken_ms"]) == today
                                    for r in camera_photos(initial)))]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        day = O.node(device, id="home_date")["text"].split(", ", 1)[1]  # "Sat, Mar 14"
        yield from O.open_app(device, "files")
        yield from files.browse(device, "DCIM/Camera")
        seen: set[str] = set()
        last: tuple[str, ...] | None = None
        while True:  # down the folder's list until a scroll shows nothing new
            shown = tuple(n["id"] for n in O.find_all(
                device, where=lambda n: (n["id"] or "").startswith("file:")))
            seen |= {n["id"] for n in O.find_all(device, role="list_item")
                     if (n["id"] or "").startswith("file:PXL_") and n["id"].endswith(".jpg")
                     and n["text"].endswith(f"· {day}")}
            if shown == last:
                break
            last = shown
            yield O.scroll_down()
        yield A.answer(str(len(seen)))
