"""What the camera does, on the kernel: the scene in front of each lens, captures into
``/sdcard/DCIM/Camera`` and the media provider, video recording, the self-timer (an alarm of
the kernel's alarm service), and the camera permission.

These functions take the kernel (not a screen context) because the self-timer's shot and the
lifecycle hook run outside any screen. Volatile per-activity state (a recording's start, the
shutter's feedback) lives in the activity's ``ui``; the timer is the pending alarm itself.
"""

from __future__ import annotations

import contextlib
import datetime
import re
import zlib
from typing import Any

from mobilegym_env.kernel.lifecycle import RESUMED
from mobilegym_env.kernel.providers import media_album, media_title
from mobilegym_env.ui.pictures import Photo
from mobilegym_env.ui.pictures.choose import aspect_of, photo_key

from .state import DEFAULT_SETTINGS, FLASH_MODES, GRIDS, LENSES, MODES, RATIOS, TIMERS

APP = "camera"
PERMISSION = "camera"
FOLDER = "/sdcard/DCIM/Camera"
MEDIA = "content://media"
TIMER_SHOT = "camera.TIMER_SHOT"  # the self-timer alarm's broadcast
TIMER_KEY = "self_timer"
REC_KEY = "rec_start_ms"  # activity.ui: when the running recording started
# Sensor sizes as the phone is held upright (width x height): Pixel's 50 MP main camera
# binned to 12.5 MP, the 10.5 MP selfie camera, and 1080p video.
SIZES = {("back", "4:3"): (3072, 4080), ("back", "16:9"): (2296, 4080),
         ("front", "4:3"): (2736, 3648), ("front", "16:9"): (2052, 3648)}
VIDEO_SIZE = (1080, 1920)
VIDEO_BYTES_PER_S = 2_100_000  # ~17 Mbit/s, Pixel's 1080p30
# What the back camera looks at, by the light: words that choose a picture's scene
# (``ui.pictures.choose.KEYWORDS``).
DAY_VIEWS = ("landscape", "lake", "beach", "waterfall", "street")
PLACEHOLDER = re.compile(r"\[(?:image|video)/[\w.+-]+ (\d+)x(\d+)\] (\S.*)")


# ----- settings
def settings(kernel: Any) -> dict[str, Any]:
    """The app's capture settings; an odd stored value reads as its default."""
    stored = kernel.app_state(APP).get("settings")
    stored = stored if isinstance(stored, dict) else {}
    allowed = {"flash": FLASH_MODES, "timer": TIMERS, "grid": GRIDS, "ratio": RATIOS,
               "lens": LENSES, "mode": MODES}
    return {k: stored[k] if stored.get(k) in allowed[k] else v
            for k, v in DEFAULT_SETTINGS.items()}


def set_setting(kernel: Any, key: str, value: Any) -> None:
    store = kernel.app_state(APP)
    current = store.get("settings")
    if not isinstance(current, dict):
        current = store["settings"] = dict(DEFAULT_SETTINGS)
    current[key] = value


# ----- what a lens sees
def local(kernel: Any, ms: int) -> datetime.datetime:
    return datetime.datetime(1970, 1, 1) + datetime.timedelta(
        milliseconds=ms, minutes=kernel.clock.tz_offset_minutes)


def scene_key(lens: str, when: datetime.datetime) -> str:
    """The picture in front of ``lens`` at the local time ``when``: a face for the front
    camera; for the back one the street at night, a sunset at golden hour, else a view of the
    hour. It changes every ten minutes (a new picture costs tens of milliseconds to draw, so
    not every minute); its words choose the scene (``ui.pictures``)."""
    stamp = f"{when:%Y%m%d %H}{when.minute // 10}"
    if lens == "front":
        return f"selfie {stamp}"
    hour = when.hour
    if hour < 7 or hour >= 20:
        word = "street night"
    elif hour in (17, 18, 19):
        word = "sunset"
    else:
        word = DAY_VIEWS[zlib.crc32(stamp[:-1].encode()) % len(DAY_VIEWS)]
    return f"{word} {stamp}"


def live_photo(kernel: Any, lens: str, size: tuple[int, int]) -> Photo:
    """The viewfinder's picture now."""
    key = scene_key(lens, local(kernel, kernel.clock.now_ms()))
    return Photo(photo_key(key), aspect_of(*size), "cover")


def capture_photo_of(kernel: Any, row: dict[str, Any]) -> Photo:
    """The picture of a capture's media row (a video shows its first frame): the scene its
    file's stand-in names, else its file name's."""
    path = str(row.get("path") or "")
    try:
        found = PLACEHOLDER.fullmatch(kernel.files.read_text(path).strip())
    except ValueError:
        found = None
    key = photo_key(found.group(3)) if found else photo_key(path)
    return Photo(key, aspect_of(row.get("width"), row.get("height")), "cover")


def photo_size(lens: str, ratio: str) -> tuple[int, int]:
    return SIZES.get((lens, ratio), SIZES[("back", "4:3")])


# ----- captures
def file_name(when: datetime.datetime, ext: str) -> str:
    """Pixel's name: ``PXL_20260305_093015123.jpg`` (local time to the millisecond)."""
    return f"PXL_{when:%Y%m%d_%H%M%S}{when.microsecond // 1000:03d}.{ext}"


def _free_path(kernel: Any, ms: int, ext: str) -> tuple[str, int]:
    """A capture's path; a name taken by another capture that same millisecond moves on a
    millisecond (as two shots can never share one)."""
    while True:
        path = f"{FOLDER}/{file_name(local(kernel, ms), ext)}"
        if not kernel.files.exists(path):
            return path, ms
        ms += 1


def save_capture(kernel: Any, kind: str, start_ms: int, duration_ms: int = 0) -> int:
    """Writes a capture's file and media row and logs it; returns the log record's id.

    Args:
        kernel: The kernel.
        kind: ``"photo"`` or ``"video"``.
        start_ms: When the shot was taken (a video: when recording started), which names it.
        duration_ms: A video's length.
    """
    conf = settings(kernel)
    lens = conf["lens"]
    files = kernel.files
    if not files.exists(FOLDER):
        files.mkdir(FOLDER, parents=True)  # the user may have deleted it in Files
    video = kind == "video"
    path, start_ms = _free_path(kernel, start_ms, "mp4" if video else "jpg")
    width, height = VIDEO_SIZE if video else photo_size(lens, conf["ratio"])
    mime = "video/mp4" if video else "image/jpeg"
    scene = scene_key(lens, local(kernel, start_ms))
    size = (max(duration_ms, 1000) * VIDEO_BYTES_PER_S // 1000 if video
            else width * height // 4 + zlib.crc32(path.encode()) % 400_000)
    files.write_text(path, f"[{mime} {width}x{height}] {scene}", mime,
                     start_ms + duration_ms, size)
    media_id = kernel.providers.insert(MEDIA, {
        "path": path, "mime": mime, "title": media_title(path), "album": media_album(path),
        "width": width, "height": height, "taken_ms": start_ms, "size": size})
    store = kernel.app_state(APP)
    capture_id = int(store.get("next_capture_id") or 1)
    store["next_capture_id"] = capture_id + 1
    store.setdefault("captures", []).append({
        "id": capture_id, "path": path, "media_id": media_id, "kind": kind, "lens": lens,
        "flash": conf["flash"], "timer": conf["timer"] if not video else 0,
        "duration_ms": duration_ms, "taken_ms": start_ms})
    return capture_id


def last_capture(kernel: Any) -> dict[str, Any] | None:
    """The newest photo or video in the Camera folder (what the thumbnail shows)."""
    rows = kernel.providers.query(MEDIA, order_by="taken_ms", desc=True)
    for row in rows:
        if str(row.get("path") or "").startswith(FOLDER + "/"):
            return row
    return None


# ----- the shutter
def timer_at(kernel: Any) -> int | None:
    """When the running self-timer fires, or None."""
    alarm = kernel.alarms.get(APP, TIMER_KEY)
    return alarm.at_ms if alarm is not None else None


def shutter(kernel: Any, activity: Any) -> None:
    """The shutter button: a photo (now or after the self-timer; a second press cancels a
    running timer), or start / stop a recording."""
    conf = settings(kernel)
    now = kernel.clock.now_ms()
    if conf["mode"] == "video":
        if recording_since(activity) is None:
            activity.ui[REC_KEY] = now
        else:
            stop_recording(kernel, activity)
        return
    if timer_at(kernel) is not None:
        kernel.alarms.cancel(APP, TIMER_KEY)
    elif conf["timer"]:
        kernel.alarms.set(APP, TIMER_KEY, now + conf["timer"] * 1000, TIMER_SHOT)
    else:
        save_capture(kernel, "photo", now)


def on_timer(kernel: Any, broadcast: Any) -> None:
    """The self-timer ran out: the shot."""
    save_capture(kernel, "photo", int(broadcast.extras.get("at_ms") or kernel.clock.now_ms()))


def recording_since(activity: Any) -> int | None:
    started = activity.ui.get(REC_KEY) if activity is not None else None
    return started if isinstance(started, int) and not isinstance(started, bool) else None


def stop_recording(kernel: Any, activity: Any) -> int | None:
    """Ends the recording: its file, row and log record (None if none was running)."""
    started = recording_since(activity)
    if started is None:
        return None
    del activity.ui[REC_KEY]
    return save_capture(kernel, "video", started, max(kernel.clock.now_ms() - started, 0))


# ----- the system around it
def on_lifecycle(kernel: Any, activity: Any, event: str) -> None:
    """Coming to the front, the camera asks for its permission until it has it (once denied
    for good, the screen explains instead); going away, it saves a running recording and
    cancels the self-timer, as the camera closes."""
    if event == RESUMED:
        status = kernel.permissions.status(APP, PERMISSION)
        if status in ("not_requested", "denied"):
            ask_permission(kernel)
        return
    stop_recording(kernel, activity)
    kernel.alarms.cancel(APP, TIMER_KEY)


def ask_permission(kernel: Any) -> None:
    # another app's dialog may be up (ValueError); the camera asks again when it comes back
    with contextlib.suppress(ValueError):
        kernel.permissions.request(APP, PERMISSION)


def ticking(kernel: Any, activity: Any) -> bool:
    """A recording's counter or the self-timer's countdown shows the seconds."""
    return recording_since(activity) is not None or timer_at(kernel) is not None
