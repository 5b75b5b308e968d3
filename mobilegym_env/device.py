"""The phone: the kernel plus its screen (view tree, input dispatch, renderer).

``Device`` composes system chrome and the foreground activity into one view tree each frame,
lays it out once, and uses that same layout to draw, to hit-test gestures and to export
``ui_tree()``. Frames are cached: when nothing an action could change has changed, the previous
tree and pixels are reused.
"""

from __future__ import annotations

import functools
import importlib
from fractions import Fraction
from typing import Any

import numpy as np

from .kernel import Kernel
from .kernel.lifecycle import PAUSED
from .kernel.system_ui import FOLDER_NAME_FIELD
from .kernel.task_manager import Activity
from .system import compose
from .system.recents import CARD_W
from .system.recents import THUMB_H as CARD_H
from .ui import appearance, painter
from .ui import theme as T
from .ui.context import Router, ScreenContext
from .ui.layout import Placed, ScrollInfo, layout, scroll_offset
from .ui.retain import Call
from .ui.tree import hit_test, scroll_target, touchable, ui_tree
from .ui.view import View

EDGE = 16  # px from the left edge where a rightward swipe means Back
LONG_SWIPE = 40  # px of movement below which a swipe is treated as a tap-and-drag no-op
# the frame's pixel format: 24-bit RGB in memory order (what pygame.image.frombuffer makes)
FRAME_MASKS = (0xFF, 0xFF00, 0xFF0000, 0)


@functools.cache
def app_router(module: str) -> Router | None:
    """The ``ROUTES`` of an app's ``screens`` module (None for apps without screens)."""
    try:
        screens = importlib.import_module(f"{module}.screens")
    except ModuleNotFoundError as err:
        if err.name == f"{module}.screens":
            return None
        raise
    return Router(screens.ROUTES)


@functools.lru_cache(maxsize=8)
def _scratch(size: tuple[int, int], depth: int = 32) -> Any:
    """A surface a thumbnail is drawn or scaled in (one per size and depth, reused: a fresh
    full-screen surface costs more to allocate and first touch than to paint). 24-bit ones
    are in the frame's pixel format."""
    from .ui._pygame import pygame

    return pygame.Surface(size, 0, 32) if depth == 32 else \
        pygame.Surface(size, 0, 24, FRAME_MASKS)


def _hears_pause(manifest: Any) -> bool:
    return manifest.on_lifecycle is not None and PAUSED in manifest.lifecycle_events


class Device:
    """A phone: kernel state, what its screen shows, and the gestures it understands.

    Args:
        kernel: Device state; a factory-fresh one when omitted.
        scale: Pixels per logical pixel of the 360x800 screen (2 gives 720x1600 frames).
    """

    def __init__(self, kernel: Kernel | None = None, scale: int = 1) -> None:
        if not isinstance(scale, int) or not 1 <= scale <= 4:
            raise ValueError(f"screen scale must be an int in 1..4, got {scale!r}")
        self.kernel = kernel or Kernel.boot()
        self.scale = scale
        self.width, self.height = T.SCREEN_W, T.SCREEN_H
        self._frame = np.zeros((self.height * scale, self.width * scale, 3), np.uint8)
        self._surface: Any = None
        self.frame_count = 0  # frames painted into the buffer: unchanged -> same pixels
        self._version = 0
        self._last_version = 0  # versions are never reused (a no-op action restores one)
        self._built_key: tuple | None = None
        self._painted_key: tuple | None = None
        self._placed: list[Placed] = []
        self._scrolls: list[ScrollInfo] = []
        self._touch: list[Placed] | None = None  # the nodes of _placed that take gestures
        self._screen_activity: Activity | None = None  # whose screen the frame shows
        # task id -> ((activity id, route, media tick), picture), kept while Recents is open
        self._thumbs: dict[str, tuple[tuple, Any]] = {}
        # (kernel, its fingerprint) while a frame is painted: one fingerprint per Recents frame
        self._thumb_state: tuple[Kernel, bytes | None] | None = None
        # whether the last app screen built read the clock
        self._read_clock = True
        # the frame's app page when nothing covers it: (activity id, route, read the clock)
        self._frame_app: tuple[str, str, bool] | None = None
        # what Recents opened over, while its first frame can still cut the front card from
        # the frame on screen (see ``_card_on_screen``)
        self._front_seen: tuple | None = None
        # small frames (render_small): reduction -> [pixels, surface, painted key, count]
        self._small: dict[int, list[Any]] = {}
        self._painting: int | Fraction = scale  # the scale of the frame being painted

    @property
    def crashes(self) -> list[str]:
        """App crashes since boot, ``"app: Error: message"``: handlers and screens that raised
        (the device records them) and receivers or lifecycle hooks that raised (the kernel
        does). One list, the kernel's: clearing it clears both."""
        return self.kernel.crashes

    def load(self, kernel: Kernel) -> None:
        """Swaps in another kernel (a new episode), keeping the frame buffer."""
        self.kernel = kernel
        self._thumbs.clear()
        self._built_key = self._painted_key = None
        for small in self._small.values():
            small[2] = None
        self._placed, self._scrolls = [], []
        self._touch = None
        self._screen_activity = None
        self._frame_app = self._front_seen = None
        self.invalidate()

    # ----- pickling: the screen is rebuilt, never pickled
    def __getstate__(self) -> dict[str, Any]:
        return {"kernel": self.kernel, "scale": self.scale}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["kernel"], state["scale"])  # type: ignore[misc]

    # ----- spec-named facade over the kernel
    def start_activity(self, intent: Any, new_task: bool = False) -> bool:
        return self._mutate(self.kernel.start_activity, intent, new_task)

    def start_activity_for_result(self, intent: Any, callback: Any) -> bool:
        return self._mutate(self.kernel.start_activity_for_result, intent, callback)

    def set_result(self, result_code: str = "OK", data: dict | None = None) -> None:
        self._mutate(self.kernel.set_result, result_code, data)

    def finish_activity(self) -> None:
        self._mutate(self.kernel.finish_activity)

    def open_app(self, app_id: str, route: str | None = None) -> Any:
        return self._mutate(self.kernel.open_app, app_id, route)

    def launch_app(self, app_id: str) -> Any:
        return self._mutate(self.kernel.launch_app, app_id)

    def close_app(self, app_id: str) -> None:
        self._mutate(self.kernel.close_app, app_id)

    def go_home(self) -> None:
        self._mutate(self.kernel.go_home)

    def handle_back(self) -> str | None:
        return self._mutate(self.kernel.handle_back)

    def show_recents(self) -> None:
        seen, marks = self._card_on_screen(), self._app_code_marks()[1:]
        self._mutate(self.kernel.show_recents)
        # only the front activity paused (no hook hears it: ``_card_on_screen``), no receiver ran
        quiet = all(a is b for a, b in zip(marks, self._app_code_marks()[1:], strict=True))
        self._front_seen = (*seen, self._version) if seen and quiet else None

    @property
    def tasks(self) -> list[Any]:
        return list(self.kernel.tasks.tasks.values())

    @property
    def active_task_id(self) -> str | None:
        return self.kernel.tasks.active_task_id

    def state(self, shared: bool = False) -> dict[str, Any]:
        """What judges read (see ``Kernel.state``; ``shared=True`` is the fast, read-only
        form)."""
        return self.kernel.state(shared)

    def snapshot(self) -> bytes:
        return self.kernel.snapshot()

    @classmethod
    def restore(cls, snap: bytes, scale: int = 1) -> Device:
        return cls(Kernel.restore(snap), scale)

    def clone(self) -> Device:
        return Device.restore(self.snapshot(), self.scale)

    def _mutate(self, fn: Any, *args: Any) -> Any:
        self.invalidate()
        return fn(*args)

    def tick(self, ms: int) -> None:
        """Advances the virtual clock (``Kernel.tick``); app code it ran (an alarm's receiver
        posting a notification or opening its alert) marks the screen stale, so the frame and
        the verdict follow what it changed."""
        marks = self._app_code_marks()
        self.kernel.tick(ms)
        if not self._quiet(marks):
            self.invalidate()

    def invalidate(self) -> None:
        """Marks the screen stale (call after changing kernel state from outside)."""
        self._last_version += 1
        self._version = self._last_version

    def _surfaces(self) -> tuple:
        """What Home and Recents can change (the foreground Task, system surfaces, overlays,
        the keyboard): equal before and after means the key changed nothing."""
        k = self.kernel
        ui, kb = k.system_ui, k.keyboard
        return (k.tasks.active_task_id, ui.shade_open, ui.recents_open, ui.drawer_open,
                ui.launcher_page, ui.launcher_menu, ui.open_folder, ui.folder_editing,
                FOLDER_NAME_FIELD in ui.ui, ui.crashed_app, kb.visible, kb.target, kb.mode,
                kb.shift, k.intents.chooser is None, k.permissions.pending is None,
                k.media_picker.is_open, len(k.crashes))

    def _app_code_marks(self) -> tuple:
        """Logs that settling replaces when it runs app code (lifecycle hooks, broadcast
        receivers, a connectivity change): the same objects after an action mean none ran."""
        k = self.kernel
        return k.lifecycle.log, k.broadcasts.log, k.network.last

    def _quiet(self, marks: tuple) -> bool:
        return all(a is b for a, b in zip(marks, self._app_code_marks(), strict=True))

    # ----- composing the screen
    def _key(self) -> tuple:
        k = self.kernel
        heads_up = k.notifications.heads_up
        return (self._version, k.clock.now_ms() // 60_000, k.system_ui.toast is not None,
                heads_up.id if heads_up else None, self._media_tick(), self._app_tick())

    def _media_tick(self) -> int | None:
        """The clock's second while media plays (the player and the shade's card show its
        position by the second), else None."""
        k = self.kernel
        playing = any(s.playing for s in k.media.sessions.values())
        return k.clock.now_ms() // 1000 if playing else None

    def _app_tick(self) -> int | None:
        """The clock's time while a screen on show is ticking (its app's manifest says so:
        a running stopwatch): the front one, or with Recents open any card's, else None."""
        k = self.kernel
        if k.system_ui.recents_open:
            shown = [t.top for t in k.tasks.tasks.values()]
        else:
            shown = [k.tasks.top_activity]
        return next((tick for act in shown if (tick := self._ticks(act)) is not None), None)

    def _ticks(self, act: Activity | None) -> int | None:
        """The clock's time (ms) if the activity's screen is ticking now, else None: its
        frame is redrawn whenever the clock moved (a timer's seconds turn over at its own
        start's phase, not on the clock's whole seconds)."""
        k = self.kernel
        if act is None or act.app_id not in k.packages:
            return None
        ticking = k.packages.manifest(act.app_id).ticking
        if ticking is None or not k.run_app_code(act.app_id, ticking, k, act):
            return None
        return k.clock.now_ms()

    def _build(self) -> None:
        self.kernel.complete_boot()  # a fresh device's first frame shows its armed alarms
        key = self._key()
        if key == self._built_key:
            return
        self._sync_focus()
        if not self.kernel.system_ui.recents_open:
            self._thumbs.clear()
        k = self.kernel
        self._screen_activity = None if k.system_ui.recents_open else k.tasks.top_activity
        root = compose.screen(self)
        act = self._screen_activity
        self._frame_app = (act.activity_id, act.route, self._read_clock) \
            if act is not None and compose.app_alone(root) else None
        self._placed, self._scrolls = layout(root, 0, 0, self.width, self.height)
        self._touch = None
        self._built_key = key

    def _touchable(self) -> list[Placed]:
        """The frame's nodes that can take a gesture (``ui.tree.touchable``), kept with it."""
        if self._touch is None:
            self._touch = touchable(self._placed)
        return self._touch

    def _sync_focus(self) -> None:
        """The keyboard follows its field: it hides when that activity left the foreground."""
        kb = self.kernel.keyboard
        if kb.visible and kb.target and kb.target[0] != "system":
            top = self.kernel.tasks.top_activity
            if top is None or top.activity_id != kb.target[0] or self.kernel.system_ui.recents_open:
                kb.hide()

    def app_screen(self, activity: Activity) -> View:
        """The view tree the activity's app draws for its current route."""
        self._read_clock = True  # unless the screen is seen not to
        found = self._screen_of(activity)
        if found is None:
            return compose.not_found(self, activity)
        screen_fn, ctx = found
        from .system import thumbnails

        try:
            with T.font_scale(self._font_scale()), thumbnails.watch(self.kernel) as watch:
                screen = screen_fn(ctx)
            self._read_clock = watch.used_clock
            return screen
        except Exception as err:  # noqa: BLE001 - a broken screen must not break the device
            self.kernel.crashes.append(f"{activity.app_id}: {type(err).__name__}: {err}")
            return compose.crashed(self, activity)

    def _screen_of(self, activity: Activity) -> tuple[Any, ScreenContext] | None:
        """The screen function of the activity's route and the context it is drawn with
        (None for a route its app does not define)."""
        installed = self.kernel.packages.get(activity.app_id)
        router = app_router(installed.module)
        matched = router.match(activity.route.partition("?")[0]) if router else None
        if matched is None:
            return None
        return matched[0], ScreenContext(self.kernel, activity, matched[1])

    def handler(self, handler: Any) -> Any:
        """A view's handler ready to run: a late-bound ``Call`` (what retained subtrees
        hold) is bound to this device's kernel, itself, or the context of the screen the
        frame shows."""
        if not isinstance(handler, Call):
            return handler
        if handler.target == "kernel":
            return handler.bind(self.kernel)
        if handler.target == "device":
            return handler.bind(self)
        act = self._screen_activity
        found = self._screen_of(act) if act is not None else None
        if found is None:
            raise RuntimeError(f"{handler!r}: no app screen is shown to bind it to")
        return handler.bind(found[1])

    def thumbnail(self, task_id: str, from_frame: bool | None = None,
                  scale: int | Fraction | None = None) -> Any:
        """A picture of what the task shows, for its Recents card: an offscreen render of its
        top activity scaled to the card, a pure function of device state (so a restored copy
        draws the same). Kept while nothing changes in Recents (an action there, such as its
        Screenshot button writing a picture that a card's screen lists, may change what a
        background task shows), and in ``system.thumbnails``' cache under a fingerprint of
        the state, so a later visit, episode or device in the same state draws it with one
        blit. ``from_frame`` is set when the frame on screen shows the task's screen as it is
        now (``_card_on_screen``): the card is cut from it instead of painted afresh; it says
        whether that screen read the clock. ``scale``: of the frame the card is for (by
        default the one being painted: a small frame's cards are drawn small)."""
        scale = self._painting if scale is None else scale
        act = self.kernel.tasks.tasks[task_id].top
        key = (act.activity_id, act.route, self._media_tick(), self._ticks(act), self._version)
        snap = self._thumbs.get((task_id, scale))
        if snap is not None and snap[0] == key:
            return snap[1]
        from .system import thumbnails

        k = self.kernel
        if self._thumb_state is None or self._thumb_state[0] is not k:
            self._thumb_state = (k, thumbnails.fingerprint(k))
        size = painter.device_rect(0, 0, CARD_W, CARD_H, *painter.scale_ratio(scale)).size
        content = (self._thumb_state[1], act.activity_id, scale)
        picture = None if content[0] is None else thumbnails.get(content, k.clock.now_ms())
        if picture is None and from_frame is not None:  # nothing is built, so nothing runs
            surface = next(f[1] for f in self._frames() if f[0] == scale)
            picture = self._card_picture(surface, self._page_area(scale, T.STATUS_BAR_H), size)
            if content[0] is not None and thumbnails.seen_before(content):
                thumbnails.put(content, picture,
                               k.clock.now_ms() if from_frame else None)
        elif picture is None:
            with thumbnails.watch(k) as watch:
                picture = self._draw_thumbnail(act, size, scale)
            # kept from a state's second visit on (most states are seen once), and only when
            # the build changed nothing: a hit must not skip a side effect
            if content[0] is not None and thumbnails.seen_before(content):
                after = thumbnails.fingerprint(k)
                if after == content[0]:
                    thumbnails.put(content, picture,
                                   k.clock.now_ms() if watch.used_clock else None)
                self._thumb_state = (k, after)
            else:  # the build may have changed the state: no more cache in this frame
                self._thumb_state = (k, None)
        self._thumbs[(task_id, scale)] = (key, picture)
        return picture

    def _page_area(self, scale: int | Fraction, top: int) -> Any:
        """Where an app's page lies in a frame at ``scale`` whose page starts ``top`` logical
        pixels down (below the status bar in the frame)."""
        h = self.height - T.STATUS_BAR_H - T.GESTURE_BAR_H
        return painter.device_rect(0, top, self.width, h, *painter.scale_ratio(scale))

    def _draw_thumbnail(self, act: Activity, size: tuple[int, int],
                        scale: int | Fraction) -> Any:
        """The activity's screen drawn at ``scale``, scaled to ``size`` and kept in the frame's
        pixel format (24-bit RGB), so the card blits it as a plain copy."""
        # laid out where it falls within a device pixel in the frame (below the status bar),
        # so that a small frame's page cut from the frame is the same picture
        top = T.STATUS_BAR_H % painter.scale_ratio(scale)[1]
        area = self._page_area(scale, top)
        placed, _ = layout(self.app_screen(act), 0, top, self.width,
                           self.height - T.STATUS_BAR_H - T.GESTURE_BAR_H)
        # in the frame's own pixel format, so retained rows and bars are blitted from the
        # pixels the frame keeps (and paint exactly as they would in the frame)
        picture = _scratch((area.w, area.bottom), 24)
        picture.fill(T.rgb(appearance.page_color(T.SURFACE, self._dark())))
        painter.paint(picture, self._themed(placed, picture, scale), scale, self._dark())
        return self._card_picture(picture, area, size)

    @staticmethod
    def _card_picture(source: Any, area: Any, size: tuple[int, int]) -> Any:
        """``area`` of ``source`` (a full-size screen) scaled to ``size``, in the frame's pixel
        format (24-bit RGB), so the card blits it as a plain copy."""
        from .ui._pygame import pygame

        area = pygame.Rect(area)
        # pygame's SSE smoothscale is 3x faster on 32-bit pixels than on 24-bit ones
        wide = _scratch(area.size)
        wide.blit(source, (0, 0), area)
        scaled = pygame.transform.smoothscale(wide, size, _scratch(size))
        rgb = pygame.Surface(size, 0, 24, FRAME_MASKS)  # kept: a new one
        rgb.blit(scaled, (0, 0))
        return rgb

    def _card_on_screen(self) -> tuple[str, str, str, int, bool] | None:
        """What the frame on screen can give the Recents card of the task in front, as Android
        snapshots a task when it leaves the screen: (task, activity, route, minute, whether the
        screen read the clock), if the frame is current and shows the app's page with nothing
        over it, and the app's lifecycle hook does not hear ``"paused"`` (what it shows could
        change when Recents pauses it), else None.

        Recents' first frame cuts the card from it (``_front_card``) if nothing but Recents
        opening happened since: then the page is what the card would paint afresh (a screen
        depends on the clock by the minute, as frame caching assumes, unless it ticks)."""
        k = self.kernel
        act = k.tasks.top_activity
        if self._frame_app is None or act is None or k.system_ui.recents_open \
                or (act.activity_id, act.route) != self._frame_app[:2] \
                or self._media_tick() is not None or self._ticks(act) is not None \
                or _hears_pause(k.packages.manifest(act.app_id)):
            return None
        current = self._key()
        shown = {scale for scale, _, painted in self._frames() if painted == current}
        if not shown:
            return None
        task_id = k.tasks.active_task_id
        assert task_id is not None
        return task_id, act.activity_id, act.route, k.clock.now_ms() // 60_000, \
            self._frame_app[2], shown

    def _frames(self) -> list[tuple[int | Fraction, Any, tuple | None]]:
        """(scale, surface, key of what it shows) of each frame this device paints: the
        frame, and the small ones (``render_small``)."""
        frames = [(self.scale, self._surface, self._painted_key)]
        frames += [(painter.reduced(k), small[1], small[2]) for k, small in self._small.items()]
        return frames

    def _front_card(self, scale: int | Fraction) -> None:
        """Before Recents' first frame at ``scale`` paints over the frame Recents opened on:
        the front task's card, cut from it if it still shows that task as it is
        (``_card_on_screen``)."""
        seen = self._front_seen
        if seen is None or scale not in seen[5]:
            return
        seen[5].discard(scale)  # painted over now
        task_id, activity_id, route, minute, read_clock, _, version = seen
        k = self.kernel
        task = k.tasks.tasks.get(task_id)
        if task is not None and version == self._version and k.system_ui.recents_open \
                and (task.top.activity_id, task.top.route) == (activity_id, route) \
                and k.clock.now_ms() // 60_000 == minute and self._media_tick() is None \
                and self._ticks(task.top) is None:
            self.thumbnail(task_id, from_frame=read_clock, scale=scale)

    def _dark(self) -> bool:
        return bool(self.kernel.os_state.get("settings.system.dark_mode"))

    def _font_scale(self) -> float:
        return float(self.kernel.os_state.get("settings.system.font_scale") or 1.0)

    def _themed(self, placed: list[Placed], surface: Any, scale: int | Fraction | None = None
                ) -> list[Placed]:
        """The nodes as the current theme paints them onto ``surface`` at ``scale`` (the
        device's by default; the dark theme maps their colours; None: a surface that keeps no
        retained pixels)."""
        if not self._dark():
            return placed
        slot = painter.pixel_slot(surface, True, self.scale if scale is None else scale) \
            if surface is not None else None
        return appearance.night(placed, slot)

    def placed(self) -> list[Placed]:
        self._build()
        return self._placed

    def ui_tree(self) -> list[dict[str, Any]]:
        """The visible nodes: role, text, id, bounds in frame pixels, clickable, focused..."""
        self._build()
        return ui_tree(self._placed, self.scale)

    def render(self) -> np.ndarray:
        """The current frame as a (H, W, 3) uint8 array (a view; copy it to keep it).

        ``frame_count`` counts the frames painted into it: while it stays the same, so do the
        pixels (observers copy or downscale a frame only when it changed)."""
        self._build()
        if self._painted_key != self._built_key:
            if self._surface is None:
                from .ui._pygame import pygame

                self._surface = pygame.image.frombuffer(
                    self._frame, (self.width * self.scale, self.height * self.scale), "RGB")
            # no clearing fill: the page layer is opaque and covers the whole screen
            self._thumb_state = None  # the state may have changed since the last frame
            self._front_card(self.scale)
            painter.paint(self._surface, self._themed(self._placed, self._surface), self.scale,
                          self._dark())
            self._painted_key = self._built_key
            self.frame_count += 1
        return self._frame

    def render_small(self, reduction: int) -> tuple[np.ndarray, int]:
        """The current frame drawn at 1/``reduction`` of the logical screen (``360 //
        reduction`` x ``800 // reduction``, whatever the device's scale), and how many times
        it was painted: while that count stays the same, so do the pixels.

        A small frame is painted from the same placed nodes as the frame, not shrunk from it
        (an observation at 84x84 does not pay for 288,000 pixels and their area-average):
        boxes, text and icons are drawn at that size (``painter.paint`` with a ``Fraction``
        scale). A pure function of the state, as the frame is. The array is the device's
        own: copy it to keep it.

        Raises:
            ValueError: ``reduction`` is not an int in 2..16.
        """
        if isinstance(reduction, bool) or not isinstance(reduction, int) \
                or not 2 <= reduction <= 16:
            raise ValueError(f"reduction must be an int in 2..16, got {reduction!r}")
        self._build()
        small = self._small.get(reduction)
        if small is None:
            from .ui._pygame import pygame

            w, h = self.width // reduction, self.height // reduction
            pixels = np.zeros((h, w, 3), np.uint8)
            small = self._small[reduction] = [
                pixels, pygame.image.frombuffer(pixels, (w, h), "RGB"), None, 0]
        if small[2] != self._built_key:
            self._thumb_state = None  # the state may have changed since the last frame
            scale = painter.reduced(reduction)
            self._front_card(scale)
            self._painting = scale
            try:  # the cards of Recents are drawn small too
                painter.paint(small[1], self._themed(self._placed, small[1], scale), scale,
                              self._dark())
            finally:
                self._painting = self.scale
            small[2] = self._built_key
            small[3] += 1
        return small[0], small[3]

    # ----- input
    def act(self, action: Any) -> str | None:
        """Performs one agent action (a dict as ``mobilegym_env.actions`` builds it, or a
        parsed ``Action``), with points normalized to the screen as agents give them.

        Does not advance the clock (the environment does). Returns the ANSWER text for
        ANSWER actions, else None.

        Raises:
            ValueError, KeyError: The action is malformed (nothing has changed).
        """
        from . import actions as A

        act = action if isinstance(action, A.Action) else A.parse(action)
        kind, (x, y), (x1, y1) = act.kind, act.point, act.end_point
        sw, sh = self.width, self.height
        if kind == A.ActionType.TAP:
            self.tap(x * sw, y * sh)
        elif kind == A.ActionType.DOUBLE_TAP:
            self.double_tap(x * sw, y * sh)
        elif kind == A.ActionType.LONG_PRESS:
            self.tap(x * sw, y * sh, long_press=True)
        elif kind == A.ActionType.SWIPE:
            self.swipe(x * sw, y * sh, x1 * sw, y1 * sh)
        elif kind == A.ActionType.TYPE and act.text:
            self.type_text(act.text)
        elif kind == A.ActionType.BACK:
            version, marks = self._version, self._app_code_marks()
            if self.handle_back() is None and self._quiet(marks):  # no handler took it
                self._version = version
        elif kind in (A.ActionType.HOME, A.ActionType.RECENTS):
            # Home with no app in front, Recents already open: nothing moves in the foreground;
            # the same surfaces after, and no app code run, mean a no-op
            k, version = self.kernel, self._version
            before, marks = self._surfaces(), self._app_code_marks()
            if kind == A.ActionType.HOME:
                idle = k.tasks.active_task_id is None
                self.go_home()
            else:
                idle = k.system_ui.recents_open
                self.show_recents()
            if idle and self._surfaces() == before and self._quiet(marks):
                self._version = version
        elif kind == A.ActionType.ENTER:
            self.press_enter()
        elif kind == A.ActionType.ANSWER:
            return act.text
        return None

    def tap(self, x: float, y: float, long_press: bool = False) -> bool:
        """Taps at logical pixel (x, y); returns True if something took the tap."""
        self._build()
        hit = hit_test(self._touchable(), x, y, long_press)
        if hit is None:
            return False
        v = hit.view
        handler = (v.on_long_press or v.on_tap) if long_press else v.on_tap
        if handler is not None and v.enabled:  # a node without a live handler changes nothing
            self.invalidate()
            area = self._scroll_area_of(hit) if v.kind == "field" else None
            self._run_handler(handler)
            if area is not None and self.kernel.keyboard.visible:
                self._reveal(hit, area)
        return True

    def double_tap(self, x: float, y: float) -> bool:
        """Two quick taps at logical pixel (x, y). A view with ``on_double_tap`` (a zoomable
        photo) takes it as one gesture; anywhere else it is two taps, the second on whatever
        the first one showed. Returns True if something took it."""
        self._build()
        hit = hit_test(self._touchable(), x, y, double=True)
        if hit is not None and hit.view.on_double_tap is not None and hit.view.enabled:
            self.invalidate()
            self._run_handler(hit.view.on_double_tap)
            return True
        first = self.tap(x, y)
        return self.tap(x, y) or first

    def _scroll_area_of(self, p: Placed) -> ScrollInfo | None:
        """The innermost vertical scroll area a placed node sits in."""
        cx, cy = p.x + p.w // 2, p.y + p.h // 2
        inside = [s for s in self._scrolls if not s.view.horizontal
                  and s.rect[0] <= cx < s.rect[2] and s.rect[1] <= cy < s.rect[3]]
        return min(inside, key=lambda s: (s.rect[2] - s.rect[0]) * (s.rect[3] - s.rect[1]),
                   default=None)

    def _reveal(self, field: Placed, area: ScrollInfo) -> None:
        """Scrolls a field that was just focused into view above the keyboard, as Android
        does when the window resizes for the IME (else an agent would type blind)."""
        store, key = area.view.store, area.view.key
        assert store is not None and key is not None
        offset = store.get(key, 0)
        in_content = field.y - area.rect[1] + offset
        self._build()  # the layout with the keyboard up
        now = next((s for s in self._scrolls if s.view.store is store and s.view.key == key),
                   None)
        if now is None:
            return
        top = now.rect[1] + in_content - offset
        bottom = top + field.h + 8
        if top >= now.rect[1] and bottom <= now.rect[3]:
            return
        shift = bottom - now.rect[3] if bottom > now.rect[3] else top - now.rect[1]
        new = int(min(max(offset + shift, 0), max(now.content - now.viewport, 0)))
        if new != offset:
            store[key] = new
            self.invalidate()

    def _run_handler(self, handler: Any) -> None:
        """Runs an app's event handler; an exception is an app crash, not an env crash.

        As on Android, the crashed app's Task is closed and the "has stopped" dialog says so;
        the error is recorded in ``crashes`` so tests and training code can see it.
        """
        try:
            self.handler(handler)()
        except Exception as err:  # noqa: BLE001 - any app bug must leave the device usable
            k = self.kernel
            top = k.tasks.top_activity
            if top is None:  # the launcher's or a system surface's own code
                k.crashes.append(f"system: {type(err).__name__}: {err}")
                k.toast("System UI has stopped")
            else:
                k.app_crashed(top.app_id, f"{type(err).__name__}: {err}")

    def swipe(self, x0: float, y0: float, x1: float, y1: float) -> str:
        """A swipe; returns what it did (``back``, ``home``, ``recents``, ``shade``, ``scroll``,
        or what a surface made of it, or ``none``)."""
        self._build()
        dx, dy = x1 - x0, y1 - y0
        k = self.kernel
        if x0 < EDGE and dx > LONG_SWIPE and abs(dx) > abs(dy):
            self.handle_back()
            return "back"
        if y0 >= self.height - T.GESTURE_BAR_H and dy < -LONG_SWIPE:
            # a fling to the upper part is Home; stopping mid-screen ("up and hold") is Recents
            if y1 < self.height * 0.4:
                self.go_home()
                return "home"
            self.show_recents()
            return "recents"
        if y0 < T.STATUS_BAR_H and dy > LONG_SWIPE and not k.system_ui.shade_open:
            self.invalidate()
            k.keyboard.hide()
            k.system_ui.shade_open = True
            return "shade"
        before, marks = self._surfaces(), self._app_code_marks()
        gesture = compose.surface_swipe(self, x0, y0, x1, y1)
        if gesture:
            # "none": a surface took the swipe and did nothing (the last launcher page
            # flicked on), unless it closed something on the way (a menu)
            if gesture != "none" or before != self._surfaces() or not self._quiet(marks):
                self.invalidate()
            return gesture
        horizontal = abs(dx) > abs(dy)
        area = scroll_target(self._placed, self._scrolls, x0, y0, horizontal)
        if area is None or max(abs(dx), abs(dy)) < 8:
            return "none"
        v = area.view
        assert v.store is not None and v.key is not None
        delta = -(dx if horizontal else dy)
        shown = scroll_offset(v.store.get(v.key, 0), area.content, area.viewport)
        offset = scroll_offset(shown + delta, area.content, area.viewport)
        if v.store.get(v.key, 0) != offset:  # at an end it stays put
            v.store[v.key] = offset
            self.invalidate()
        return "scroll"

    def type_text(self, text: str) -> bool:
        """Inserts text into the focused field; False when no field has focus."""
        store_key = self._focused_store()
        if store_key is None:
            return False
        from .kernel.keyboard import insert_text
        from .ui import selection

        self.invalidate()
        if selection.type_over(self.kernel, text):  # typing over a selection replaces it
            return True
        store, key = store_key
        store[key] = insert_text(str(store.get(key, "")), text)
        return True

    def press_enter(self) -> bool:
        """The keyboard's Enter: submits the focused field (or just hides the keyboard)."""
        if self._focused_store() is None:
            return False
        self._build()
        kb = self.kernel.keyboard
        submit = next((p.view.on_submit for p in self._placed
                       if p.view.kind == "field" and p.view.focused), None)
        self.invalidate()
        kb.hide()
        if submit is not None:
            self._run_handler(submit)
        return True

    def _focused_store(self) -> tuple[dict[str, Any], str] | None:
        kb = self.kernel.keyboard
        if not kb.visible or kb.target is None:
            return None
        owner, key = kb.target
        if owner == "system":
            return self.kernel.system_ui.ui, key
        act = self.kernel.find_focus_activity()
        return (act.ui, key) if act is not None else None
