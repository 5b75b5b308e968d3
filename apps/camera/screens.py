"""Camera's screens: the viewfinder with its controls and quick settings, the screen that
explains a denied permission, and a small viewer for a just-recorded video (photos open in
Gallery's viewer, through an explicit intent).

Layout as Pixel Camera: a black page; a settings pill on top showing the flash, timer and
grid choices (a tap opens the quick-settings panel); the viewfinder; the Photo / Video
switcher; the thumbnail of the last capture, the shutter and the lens flip.
"""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import (
    FILL,
    ScreenContext,
    View,
    button,
    col,
    icon,
    icon_button,
    image,
    row,
    scaffold,
    scrim,
    stack,
    text,
    text_button,
)

from . import capture as K
from .state import FLASH_MODES, GRIDS, RATIOS, TIMERS

BG = "#000000"
FG = "#FFFFFF"
DIM = "#BDC1C6"
PANEL = "#202124"
SELECTED = "#4A4458"  # a chosen option's tonal pill on the dark panel
ACCENT = "#A8C7FA"
RED = "#EA4335"
FLASH_ICONS = {"off": "flash_off", "auto": "flash_auto", "on": "flash_on"}
TIMER_ICONS = {0: "timer_off", 3: "timer_3", 10: "timer_10"}
GRID_ICONS = {"off": "grid_off", "3x3": "grid_3x3", "4x4": "grid_4x4"}
TIMER_LABELS = {0: "Off", 3: "3 s", 10: "10 s"}
GRID_LABELS = {"off": "None", "3x3": "3 x 3", "4x4": "4 x 4"}


def home(ctx: ScreenContext) -> View:
    if ctx.os.permissions.status(K.APP, K.PERMISSION) != "granted":
        return _no_permission(ctx)
    conf = K.settings(ctx.os)
    recording = K.recording_since(ctx.activity)
    # while recording or counting down, the mode, the lens and the settings stay put
    busy = recording is not None or K.timer_at(ctx.os) is not None
    body = col(_top(ctx, conf, recording, busy), _viewfinder(ctx, conf, recording),
               _modes(ctx, conf, busy), _controls(ctx, conf, recording, busy),
               w=FILL, h=FILL, bg=BG)
    overlay = _quick_settings(ctx, conf) if ctx.query.get("dialog") == "settings" else None
    return scaffold(body, overlay=overlay, bg=BG)


# ----- top: the settings pill, or the recording's counter
def _top(ctx: ScreenContext, conf: dict[str, Any], recording: int | None, busy: bool) -> View:
    if recording is not None:
        secs = max(ctx.os.clock.now_ms() - recording, 0) // 1000
        counter = row(View("box", w=10, h=10, radius=5, bg=RED),
                      text(f"{secs // 60:02d}:{secs % 60:02d}", 16, "medium", FG,
                           id="rec_duration"),
                      gap=8, pad=(14, 6), radius=16, bg="#3C1F1E")
        return row(counter, w=FILL, h=56, justify="center")
    pill = row(icon(FLASH_ICONS[conf["flash"]], 20, FG), icon(TIMER_ICONS[conf["timer"]], 20, FG),
               icon(GRID_ICONS[conf["grid"]], 20, FG), icon("expand_more", 20, DIM),
               gap=14, pad=(16, 8), radius=20, bg=PANEL, role="button",
               label=f"Settings: flash {conf['flash']}, timer {TIMER_LABELS[conf['timer']]}, "
                     f"grid {GRID_LABELS[conf['grid']]}",
               id="camera_settings", enabled=not busy,
               on_tap=None if busy else functools.partial(ctx.open_dialog, "settings"))
    return row(pill, w=FILL, h=56, justify="center")


# ----- the viewfinder
def _viewfinder(ctx: ScreenContext, conf: dict[str, Any], recording: int | None) -> View:
    lens = conf["lens"]
    size = K.VIDEO_SIZE if conf["mode"] == "video" else K.photo_size(lens, conf["ratio"])
    h = 480 if conf["ratio"] == "4:3" and conf["mode"] == "photo" else 520
    view = "Front camera" if lens == "front" else "Back camera"
    layers: list[View | None] = [
        image(f"Viewfinder: {view}", w=FILL, h=FILL, source=K.live_photo(ctx.os, lens, size),
              radius=0, id="viewfinder")]
    if conf["grid"] != "off":
        layers.append(_grid(3 if conf["grid"] == "3x3" else 4))
    fires = K.timer_at(ctx.os)
    if fires is not None:
        left = max(-(-(fires - ctx.os.clock.now_ms()) // 1000), 1)
        layers.append(text(str(left), 96, "medium", FG, gravity="center", id="countdown",
                           label=f"Photo in {left} seconds"))
    return stack(*layers, w=FILL, h=h, bg=BG)


def _grid(n: int) -> View:
    """Guide lines splitting the frame into ``n`` x ``n``."""
    line = "#9AA0A6"
    cols = row(*[View("box", w=FILL, h=FILL, border=(line, 1)) for _ in range(n)],
               w=FILL, h=FILL, align="stretch")
    rows_ = col(*[View("box", w=FILL, h=FILL, border=(line, 1)) for _ in range(n)],
                w=FILL, h=FILL)
    return stack(cols, rows_, w=FILL, h=FILL, id="grid_lines", label=f"Grid {n} x {n}",
                 role="image")


# ----- mode switcher and the bottom controls
def _modes(ctx: ScreenContext, conf: dict[str, Any], busy: bool) -> View:
    def tab(mode: str, label: str) -> View:
        chosen = conf["mode"] == mode
        handler = None if busy or chosen else \
            functools.partial(K.set_setting, ctx.os, "mode", mode)
        return row(text(label, 14, "medium", "#1F1F1F" if chosen else FG, role=None),
                   pad=(16, 6), radius=16, bg="#E8EAED" if chosen else None, role="tab",
                   text=label, selected=chosen, id=f"mode:{mode}", on_tap=handler,
                   enabled=not busy)
    return row(tab("photo", "Photo"), tab("video", "Video"), w=FILL, h=52,
               justify="center", gap=8)


def _controls(ctx: ScreenContext, conf: dict[str, Any], recording: int | None,
              busy: bool) -> View:
    return row(_thumbnail(ctx, recording), _shutter(ctx, conf, recording),
               _flip(ctx, conf, busy), w=FILL, h=FILL, justify="center", gap=44,
               pad=(0, 0, 0, 12))


def _thumbnail(ctx: ScreenContext, recording: int | None) -> View:
    last = K.last_capture(ctx.os)
    if last is None or recording is not None:
        return View("box", w=52, h=52, radius=26, bg=PANEL, id="thumbnail", role="image",
                    label="No photos yet")
    label = f"Last capture: {last['path'].rsplit('/', 1)[-1]}"
    return image(label, w=52, h=52, source=K.capture_photo_of(ctx.os, last), radius=26,
                 border=(FG, 2), role="button", id="thumbnail",
                 on_tap=functools.partial(open_capture, ctx, last["id"]))


def _glyph(name: str, size: int, color: str) -> View:
    # drawn as icons, not filled boxes: the dark theme keeps a light foreground light but
    # darkens light backgrounds, and the shutter stays white in both themes
    return icon(name, size, color, gravity="center")


def _shutter(ctx: ScreenContext, conf: dict[str, Any], recording: int | None) -> View:
    """Pixel's shutter: a white disc in a white ring; red for video (a red square while
    recording); a cross while the self-timer counts down (a press cancels it)."""
    press = functools.partial(K.shutter, ctx.os, ctx.activity)
    if conf["mode"] == "video":
        inner = _glyph("stop:fill", 40, RED) if recording is not None else \
            _glyph("circle:fill", 60, RED)
        label = "Stop recording" if recording is not None else "Start recording"
    elif K.timer_at(ctx.os) is not None:
        inner = _glyph("close", 32, FG)
        label = "Cancel timer"
    else:
        inner = _glyph("circle:fill", 60, FG)
        label = "Take photo"
    return stack(_glyph("circle", 88, FG), inner, w=80, h=80, role="button", label=label,
                 id="shutter", on_tap=press)


def _flip(ctx: ScreenContext, conf: dict[str, Any], busy: bool) -> View:
    other = "back" if conf["lens"] == "front" else "front"
    handler = None if busy else \
        functools.partial(K.set_setting, ctx.os, "lens", other)
    return stack(icon("cameraswitch", 26, FG if handler else "#5F6368", gravity="center"),
                 w=52, h=52, radius=26, bg=PANEL, role="button",
                 label=f"Switch to {other} camera", id="flip_lens", on_tap=handler,
                 enabled=handler is not None)


def open_capture(ctx: ScreenContext, media_id: int) -> None:
    """The thumbnail: a photo opens in Gallery's viewer, a video in the camera's own."""
    rows = ctx.os.providers.query(f"{K.MEDIA}/{media_id}")
    if not rows:
        ctx.toast("This capture was deleted")
        return
    if str(rows[0].get("mime") or "").startswith("image/"):
        if not ctx.start_activity({"app_id": "gallery", "route": f"/photo/{media_id}"}):
            ctx.toast("No app can show this photo")
        return
    ctx.push(f"/video/{media_id}")


# ----- quick settings
def _quick_settings(ctx: ScreenContext, conf: dict[str, Any]) -> View:
    def option_row(title: str, key: str, values: tuple[Any, ...], icons: dict[Any, str],
                   labels: dict[Any, str]) -> View:
        options = []
        for v in values:
            chosen = conf[key] == v
            options.append(col(
                icon(icons[v], 22, "#1F1F1F" if chosen else FG),
                text(labels[v], 12, color="#1F1F1F" if chosen else DIM, role=None),
                w=FILL, h=60, gap=4, align="center", justify="center", radius=16,
                bg=ACCENT if chosen else None, role="button", text=f"{title}: {labels[v]}",
                selected=chosen, id=f"{key}:{v}",
                on_tap=functools.partial(_choose, ctx, key, v)))
        return col(text(title, 13, "medium", DIM, role="heading"), row(*options, w=FILL, gap=6),
                   w=FILL, gap=6)

    panel = col(
        option_row("Flash", "flash", FLASH_MODES, FLASH_ICONS,
                   {"off": "Off", "auto": "Auto", "on": "On"}),
        option_row("Timer", "timer", TIMERS, TIMER_ICONS, TIMER_LABELS),
        option_row("Ratio", "ratio", RATIOS, {"4:3": "crop_landscape", "16:9": "crop_16_9"},
                   {r: r for r in RATIOS}),
        option_row("Grid type", "grid", GRIDS, GRID_ICONS, GRID_LABELS),
        w=FILL, gap=14, pad=(20, 16, 20, 20), bg=PANEL, radius=24, block=True,
        id="quick_settings", role="dialog", label="Camera settings")
    return stack(scrim(ctx.close_dialog), col(panel, w=FILL, pad=(8, 8, 8, 0)), w=FILL,
                 h=FILL)


def _choose(ctx: ScreenContext, key: str, value: Any) -> None:
    K.set_setting(ctx.os, key, value)
    ctx.close_dialog()


# ----- permission denied
def _no_permission(ctx: ScreenContext) -> View:
    forever = ctx.os.permissions.status(K.APP, K.PERMISSION) == "denied_forever"
    note = ("Camera permission was denied. Allow it in Settings to take photos and videos."
            if forever else "Camera needs permission to use the camera to take photos and "
            "record videos.")
    body = col(
        icon("no_photography", 48, DIM),
        text("Camera permission needed", 20, "medium", FG, role="heading"),
        text(note, 14, color=DIM, text_align="center", max_lines=None, w=280),
        button("Grant", functools.partial(_grant, ctx), id="grant_permission"),
        text_button("Open settings", functools.partial(_open_settings, ctx),
                    id="open_settings", color=ACCENT),
        w=FILL, h=FILL, gap=16, align="center", justify="center", bg=BG)
    return scaffold(body, bg=BG)


def _grant(ctx: ScreenContext) -> None:
    if ctx.os.permissions.status(K.APP, K.PERMISSION) == "denied_forever":
        _open_settings(ctx)
    else:
        K.ask_permission(ctx.os)


def _open_settings(ctx: ScreenContext) -> None:
    if not ctx.start_activity({"app_id": "settings", "route": f"/apps/{K.APP}/permissions"}):
        ctx.toast("Settings is not available")


# ----- a recorded video
def video(ctx: ScreenContext) -> View:
    raw = ctx.params.get("id", "")
    rows = ctx.os.providers.query(f"{K.MEDIA}/{raw}") if raw.isdigit() else []
    back = icon_button("arrow-left", ctx.back, "Back", FG, id="back")
    if not rows:
        body: View = col(text("Video not found", 16, color=DIM), w=FILL, h=FILL,
                         align="center", justify="center")
        return scaffold(body, top_bar=row(back, h=56, pad=(4, 0)), bg=BG)
    v = rows[0]
    length = next((c.get("duration_ms", 0) for c in ctx.state.get("captures", [])
                   if c.get("media_id") == v["id"]), 0) // 1000
    name = v["path"].rsplit("/", 1)[-1]
    bar = row(back, col(text(name, 16, "medium", FG, role="heading"),
                        text(_when(ctx, v), 12,
                             color=DIM), w=FILL, gap=2), h=56, pad=(4, 0, 8, 0), gap=4)
    stage = stack(image(name, w=FILL, h=FILL, source=K.capture_photo_of(ctx.os, v), radius=0,
                        id="video_frame"),
                  icon("play_circle:fill", 64, FG, gravity="center"),
                  text(f"{length // 60}:{length % 60:02d}", 14, "medium", FG,
                       gravity="bottom-right", pad=(0, 0, 12, 12), id="video_length"),
                  w=FILL, h=FILL)
    share = row(button("Share", functools.partial(_share, ctx, v["id"]), "tonal",
                       icon="share-nodes", id="share"),
                text(f"{v['width']} × {v['height']}  ·  {int(v.get('size') or 0) / 1e6:.1f} MB",
                     12, color=DIM, id="video_details"),
                h=72, pad=(16, 0), gap=16, bg=BG)
    return scaffold(stage, top_bar=bar, bottom=share, bg=BG)


def _share(ctx: ScreenContext, media_id: int) -> None:
    """``ACTION_SEND`` of the video (whoever takes ``video/*``; none may)."""
    rows = ctx.os.providers.query(f"{K.MEDIA}/{media_id}")
    if not rows:
        ctx.toast("This video was deleted")
        return
    intent = {"action": "ACTION_SEND", "type": rows[0]["mime"],
              "data": {"media_id": media_id, "path": rows[0]["path"]}}
    if not ctx.start_activity(intent):
        ctx.toast("No app can share this video")


def _when(ctx: ScreenContext, row_: dict[str, Any]) -> str:
    when = K.local(ctx.os, int(row_.get("taken_ms") or 0))
    return f"{when:%b} {when.day}, {when:%H:%M}"


ROUTES = {"/": home, "/video/{id}": video}
