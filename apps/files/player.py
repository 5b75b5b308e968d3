"""Files' audio player: tapping a song plays its folder from there, on the system's media
service (``ctx.os.media``), so playback goes on in the background, shows in the shade's media
notification and pauses when another app takes the audio focus.

``/player`` is the "Now playing" page (title, progress, previous / play-pause / next); folders
and the home page show a "Now playing" bar while Files has a session.
"""

from __future__ import annotations

import functools
import posixpath

from mobilegym_env.kernel.filesystem import FileEntry
from mobilegym_env.kernel.media import MediaSession, clock_text
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    col,
    empty_state,
    icon,
    icon_button,
    progress_bar,
    row,
    scaffold,
    stack,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import display_path, entries, tile

APP = "files"
ROUTE = "/player"
TINT = "#9334E6"  # the Audio category's colour


def is_audio(entry: FileEntry) -> bool:
    return not entry.is_dir and (entry.mime or "").startswith("audio/")


def play_file(ctx: ScreenContext, entry: FileEntry) -> None:
    """Plays the folder's audio files in name order, starting at ``entry``; opens the
    player."""
    folder = posixpath.dirname(entry.path)
    queue = [e.path for e in entries(ctx, folder) or [] if is_audio(e)] or [entry.path]
    ctx.os.keyboard.hide()
    ctx.os.media.play(APP, queue, queue.index(entry.path) if entry.path in queue else 0,
                      route=ROUTE)
    ctx.push(ROUTE)


def _session(ctx: ScreenContext) -> MediaSession | None:
    s = ctx.os.media.sessions.get(APP)
    if s is not None:
        ctx.os.media.update()
    return s


def controls(ctx: ScreenContext, s: MediaSession, size: int = 28) -> View:
    media = ctx.os.media
    return row(
        icon_button("backward-step", functools.partial(media.skip, APP, -1), "Previous",
                    T.TEXT, size - 6, id="player:previous", w=size * 2, h=size * 2),
        icon_button("pause" if s.playing else "play", functools.partial(media.toggle, APP),
                    "Pause" if s.playing else "Play", T.ON_ACCENT, size - 4,
                    id="player:play_pause", w=size * 5 // 2, h=size * 5 // 2,
                    radius=size * 5 // 4, bg=TINT),
        icon_button("forward-step", functools.partial(media.skip, APP, 1), "Next", T.TEXT,
                    size - 6, id="player:next", w=size * 2, h=size * 2),
        gap=24, align="center")


def screen(ctx: ScreenContext) -> View:
    """The "Now playing" page."""
    s = _session(ctx)
    bar = top_app_bar("Now playing", Call("back"))
    if s is None:
        return scaffold(empty_state("music", "Nothing is playing"), top_bar=bar, bg=T.SURFACE)
    media = ctx.os.media
    pos, length = media.position_ms(APP), media.duration_ms(s.track)
    title = media.title(s.track)
    art = stack(icon("music", 96, TINT, gravity="center"), w=240, h=240, radius=32,
                bg=TINT + "22", id="player:art")
    body = col(
        art,
        col(text(title, 22, "medium", T.TEXT, text_align="center", w=FILL, id="player:title"),
            text(f"{display_path(posixpath.dirname(s.track))} · {s.index + 1} of "
                 f"{len(s.queue)}", 13, color=T.TEXT_SECONDARY, text_align="center", w=FILL,
                 id="player:where"), gap=6, w=FILL),
        col(progress_bar(pos, max(length, 1), track=TINT + "33"),
            row(text(clock_text(pos), 12, color=T.TEXT_SECONDARY, id="player:position"),
                View("box", w=FILL),
                text(clock_text(length), 12, color=T.TEXT_SECONDARY, id="player:duration")),
            gap=6, w=FILL, id="player:progress", role="progress",
            label=f"{clock_text(pos)} of {clock_text(length)}"),
        controls(ctx, s),
        w=FILL, h=FILL, align="center", gap=28, pad=(32, 24), bg=T.SURFACE,
    )
    return scaffold(body, top_bar=bar, bg=T.SURFACE)


def now_playing_bar(ctx: ScreenContext) -> View | None:
    """The mini player under a folder or the home page while Files has a session."""
    s = _session(ctx)
    if s is None:
        return None
    title = ctx.os.media.title(s.track)
    state = "Playing" if s.playing else "Paused"
    return row(
        tile("music", TINT, TINT + "22"),
        col(text(title, 15, "medium", T.TEXT), text(state, 12, color=T.TEXT_SECONDARY),
            w=FILL, gap=2),
        icon_button("pause" if s.playing else "play",
                    functools.partial(ctx.os.media.toggle, APP),
                    "Pause" if s.playing else "Play", T.TEXT, id="now_playing:play_pause"),
        icon_button("forward-step", functools.partial(ctx.os.media.skip, APP, 1), "Next",
                    T.TEXT, id="now_playing:next"),
        h=64, pad=(16, 0, 8, 0), gap=12, bg=T.SURFACE_VARIANT, w=FILL, role="button",
        on_tap=functools.partial(ctx.push, ROUTE), id="now_playing",
        label=f"Now playing: {title}, {state.lower()}",
    )
