"""Media playback (the spec's MediaService): play / pause / next over audio files, with audio
focus and the media notification's session (volatile: a reboot stops playback).

Each app that plays has one session: a queue of audio file paths, the track index, whether it
is playing and where in the track it is. Position runs on the virtual clock, so playback is
deterministic: a track's duration follows from its file size at 128 kbit/s, a track that ends
moves on to the next one, and the last one stops at its end.

Audio focus: one app at a time plays. ``play`` or ``resume`` takes the focus, and the app that
held it is paused (as a second player pauses the first on Android). Unplugging a wired headset
("audio becoming noisy") pauses playback. The system shows the session that holds the focus
(or was used last) as the media notification, with previous / play-pause / next controls;
tapping it opens the player's route.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import broadcast as B
from .clock import VirtualClock
from .filesystem import FileSystem

BYTES_PER_MS = 16  # 128 kbit/s
MIN_DURATION_MS = 1000
_TITLE = re.compile(r"\[[^\]]*\]\s*(.+)")  # placeholder audio files: "[audio/mpeg ...] Title"


def clock_text(ms: int) -> str:
    """A position or duration as players show it: ``4:05``, ``1:02:09``."""
    secs = max(int(ms), 0) // 1000
    hours, rest = divmod(secs, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


@dataclass
class MediaSession:
    """One app's playback.

    Attributes:
        app_id: The player app.
        queue: Audio file paths, in play order.
        index: The current track's index in ``queue``.
        playing: Whether it plays (else paused).
        position_ms: Position in the track at ``anchor_ms``.
        anchor_ms: Virtual time of the last play / pause / seek.
        route: The player's route, opened by a tap on the media notification.
        used_ms: When the session was last played or controlled (which one the notification
            shows when no app holds the focus).
    """

    app_id: str
    queue: list[str]
    index: int
    playing: bool
    position_ms: int
    anchor_ms: int
    route: str | None
    used_ms: int

    @property
    def track(self) -> str:
        return self.queue[self.index]


class MediaService:
    """Sessions per app and the audio focus.

    Args:
        files: Where tracks are read from (durations, titles).
        clock: The virtual clock positions run on.
        announce: ``announce(action, **extras)`` for ``ACTION_MEDIA_STATE_CHANGED``.
    """

    def __init__(self, files: FileSystem, clock: VirtualClock,
                 announce: Callable[..., Any] | None = None) -> None:
        self._files = files
        self._clock = clock
        self._announce = announce
        self.sessions: dict[str, MediaSession] = {}
        self.focus: str | None = None

    # ----- tracks
    def duration_ms(self, path: str) -> int:
        """A track's length (0 if the file is gone)."""
        try:
            size = self._files.stat(path).size
        except ValueError:
            return 0
        return max(size // BYTES_PER_MS, MIN_DURATION_MS)

    def title(self, path: str) -> str:
        """A track's title: the tag in the file, else its name (``road_trip_mix.mp3`` ->
        ``Road Trip Mix``)."""
        try:
            found = _TITLE.match(self._files.stat(path).content)
        except ValueError:
            found = None
        if found:
            return found.group(1).splitlines()[0].strip()
        stem = posixpath.basename(path).rsplit(".", 1)[0]
        return stem.replace("_", " ").replace("-", " ").strip().title() or stem

    def _check_queue(self, queue: Any, index: Any) -> list[str]:
        if not isinstance(queue, list | tuple) or not queue:
            raise ValueError(f"a play queue must be a non-empty list of paths, got {queue!r}")
        for path in queue:
            try:
                entry = self._files.stat(path)
            except ValueError as err:
                raise ValueError(f"cannot play {path!r}: {err}") from None
            if entry.is_dir or not (entry.mime or "").startswith("audio/"):
                raise ValueError(f"cannot play {path!r}: not an audio file")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(queue):
            raise ValueError(f"track index must be an int in 0..{len(queue) - 1}, got {index!r}")
        return list(queue)

    # ----- control
    def play(self, app_id: str, queue: list[str], index: int = 0,
             route: str | None = None) -> MediaSession:
        """Starts ``queue[index]`` from its beginning for ``app_id``, taking the audio focus.

        Raises:
            ValueError: A bad app id, queue, index or route (nothing changes).
        """
        if not isinstance(app_id, str) or not app_id:
            raise ValueError(f"app_id must be a non-empty str, got {app_id!r}")
        queue = self._check_queue(queue, index)
        if route is not None and (not isinstance(route, str) or not route.startswith("/")):
            raise ValueError(f"a route must be a str starting with '/', got {route!r}")
        now = self._clock.now_ms()
        self.sessions[app_id] = MediaSession(app_id, queue, index, False, 0, now, route, now)
        self._start(app_id)
        return self.sessions[app_id]

    def session(self, app_id: str) -> MediaSession:
        """The app's session (KeyError naming the app if it has none)."""
        self.update()
        if app_id not in self.sessions:
            raise KeyError(f"{app_id!r} has no media session")
        return self.sessions[app_id]

    def pause(self, app_id: str) -> None:
        """Pauses the app's playback (a no-op when paused)."""
        s = self.session(app_id)
        if s.playing:
            s.position_ms, s.anchor_ms = self.position_ms(app_id), self._clock.now_ms()
            s.playing = False
            self._changed(s)

    def resume(self, app_id: str) -> None:
        """Resumes the app's playback (from the start if the queue had ended)."""
        s = self.session(app_id)
        if not s.playing:
            if s.position_ms >= self.duration_ms(s.track):
                s.position_ms = 0
            self._start(app_id)

    def toggle(self, app_id: str) -> None:
        """Play / pause, as the notification's middle button."""
        (self.pause if self.session(app_id).playing else self.resume)(app_id)

    def skip(self, app_id: str, step: int = 1) -> None:
        """Moves ``step`` tracks on (``-1``: back), wrapping around the queue; playback goes on
        if it was playing. Previous within the first 3 s restarts the track instead, as
        players do."""
        s = self.session(app_id)
        if step < 0 and self.position_ms(app_id) > 3000:
            step = 0
        s.index = (s.index + step) % len(s.queue)
        s.position_ms, s.anchor_ms, s.used_ms = 0, self._clock.now_ms(), self._clock.now_ms()
        self._changed(s)

    def stop(self, app_id: str) -> None:
        """Ends the session (the media notification goes away)."""
        s = self.session(app_id)
        del self.sessions[app_id]
        if self.focus == app_id:
            self.focus = None
        s.playing = False
        self._changed(s)

    def pause_all(self) -> None:
        """Pauses every session ("audio becoming noisy": the headphones were unplugged)."""
        for app_id in list(self.sessions):
            self.pause(app_id)

    def _start(self, app_id: str) -> None:
        holder = self.focus
        if holder is not None and holder != app_id and holder in self.sessions:
            self.pause(holder)  # it loses the audio focus
        s = self.sessions[app_id]
        s.playing, s.anchor_ms, s.used_ms = True, self._clock.now_ms(), self._clock.now_ms()
        self.focus = app_id
        self._changed(s)

    def _changed(self, s: MediaSession) -> None:
        if self._announce is not None:
            self._announce(B.ACTION_MEDIA_STATE_CHANGED, app_id=s.app_id, playing=s.playing,
                           track=s.track)

    # ----- time
    def position_ms(self, app_id: str) -> int:
        """Where the app's current track is now."""
        s = self.sessions[app_id]
        pos = s.position_ms + (self._clock.now_ms() - s.anchor_ms if s.playing else 0)
        return min(pos, self.duration_ms(s.track))

    def update(self) -> None:
        """Plays on to the present: finished tracks give way to the next; the last one stops
        at its end."""
        for s in self.sessions.values():
            while s.playing:
                length = self.duration_ms(s.track)
                end_ms = s.anchor_ms + length - s.position_ms
                if end_ms > self._clock.now_ms():
                    break
                if s.index + 1 < len(s.queue):
                    s.index, s.position_ms, s.anchor_ms = s.index + 1, 0, end_ms
                else:
                    s.playing, s.position_ms, s.anchor_ms = False, length, end_ms
                self._changed(s)

    @property
    def current(self) -> MediaSession | None:
        """The session the media notification shows: the focus holder's, else the one used
        last."""
        self.update()
        if self.focus in self.sessions:
            return self.sessions[self.focus]
        return max(self.sessions.values(), key=lambda s: s.used_ms, default=None)

    def state(self) -> dict[str, Any]:
        """``{"focus", "sessions": [{app_id, track, title, index, queue, playing, position_ms,
        duration_ms}]}``, sessions by app id."""
        self.update()
        return {"focus": self.focus, "sessions": [
            {"app_id": s.app_id, "track": s.track, "title": self.title(s.track),
             "index": s.index, "queue": list(s.queue), "playing": s.playing,
             "position_ms": self.position_ms(s.app_id),
             "duration_ms": self.duration_ms(s.track)}
            for _, s in sorted(self.sessions.items())]}
