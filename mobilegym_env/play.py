"""Human play: ``mobilegym play --task ... --seed ...`` opens a window where a person plays a
task, sees the instruction and the judge's live verdict, and every episode is recorded as a
trajectory (``mobilegym replay`` re-runs it).

Mouse on the phone: click = tap, hold (half a second) = long press, double click = double tap
(on views that take one; elsewhere it is two taps), drag = swipe, wheel = scroll, right click =
long press. Keyboard: typed text is sent as one TYPE when you pause, press Enter (then Enter
goes to the phone) or do anything else; Backspace deletes typed text, or presses the on-screen
keyboard's Delete key; Esc = Back, Home or F2 = Home, End or F3 = Recents, F5 = wait, F9 =
type an answer (Enter sends it), F10 = done; Ctrl+Q or closing the window quits. The panel's
buttons do the same.
"""

from __future__ import annotations

import os
import re
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from . import actions as A
from .agents import Agent

SWIPE_PX = 12       # a press that moves further than this (window pixels) is a swipe
LONG_MS = 500       # a press held this long is a long press
DOUBLE_MS = 300     # a second click within this is a double tap
TYPE_IDLE_MS = 1200  # typed text is sent after this pause
PANEL_W = 360
BG, INK, DIM, GOOD, BAD, KEY = "#F1F3F4", "#202124", "#5F6368", "#188038", "#C5221F", "#FFFFFF"


class NoDisplay(RuntimeError):
    """No screen to open a window on."""


# SDL's video drivers that draw into memory only, where a window is never seen ("evdev" is
# SDL 2's dummy driver with keyboard input from the console)
HEADLESS_DRIVERS = frozenset({"dummy", "offscreen", "evdev"})


def display_problem(headless_ok: bool = False) -> str | None:
    """Why a window opened now would not be seen, or None when there seems to be a display.

    Checked before SDL is asked, since SDL does not fail without a display: when ``DISPLAY``
    names no X server it falls back to its offscreen driver, and the window draws nowhere.
    (A window opened anyway should still check ``pygame.display.get_driver()``, see
    :class:`PlayWindow`: an X server may refuse the connection this only probes.)

    Args:
        headless_ok: A driver that draws nowhere, chosen with ``SDL_VIDEODRIVER`` (``dummy``,
            ``offscreen``), is no problem: ``render_mode="human"`` under CI. Without it, such
            a driver is the problem named (a person cannot play in no window).

    Returns:
        The problem, as the rest of a sentence ("there is no display (...)"), or None.
    """
    from .ui import _pygame

    linux = sys.platform.startswith("linux")
    x_display = os.environ.get("DISPLAY", "")
    wayland = os.environ.get("WAYLAND_DISPLAY", "")
    none_set = "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    if _pygame.NO_DISPLAY:  # the dummy driver is ours, chosen for lack of a display
        return none_set
    chosen = os.environ.get("SDL_VIDEODRIVER", "")
    drivers = [d.strip().lower() for d in chosen.split(",") if d.strip()]  # SDL takes a list
    if drivers and all(d in HEADLESS_DRIVERS for d in drivers):
        return None if headless_ok else (f"SDL_VIDEODRIVER={chosen} draws nowhere (unset it "
                                         f"to use the display)")
    if not linux or (drivers and not {"x11", "wayland"} & set(drivers)):
        return None  # elsewhere, or a driver chosen that needs neither (kmsdrm): SDL tells
    if not x_display and not wayland:
        return none_set
    # SDL 2 tries X11 first and Wayland after: a dead DISPLAY matters only without Wayland
    needs_x = drivers == ["x11"] or (not drivers and not wayland)
    if x_display and needs_x and _x_server_listens(x_display) is False:
        return f"no X server answers at DISPLAY={x_display}"
    return None


def _x_server_listens(display: str) -> bool | None:
    """Whether an X server listens at ``display`` (``:0``, ``:1.0``, ``unix:0``,
    ``localhost:10.0``); None when this cannot tell without reaching another host.

    Connecting is enough: what a server that listens refuses, SDL's fallback shows.
    """
    match = re.fullmatch(r"(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?", display)
    if match is None:
        return None
    host, number = match["host"], int(match["number"])
    if host in ("", "unix"):
        # Xlib tries the abstract socket (Linux) first, then the file in /tmp/.X11-unix
        for address in (f"\0/tmp/.X11-unix/X{number}", f"/tmp/.X11-unix/X{number}"):
            if _connects(socket.AF_UNIX, address):
                return True
        if host == "unix":
            return False
        host = "localhost"  # and a bare ":N" over TCP too
    if host not in ("localhost", "127.0.0.1"):
        return None  # another host (or IPv6): SDL's fallback check tells
    return _connects(socket.AF_INET, ("127.0.0.1", 6000 + number))


def _connects(family: int, address: Any) -> bool:
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.settimeout(1.0)
        try:
            sock.connect(address)
        except OSError:
            return False
    return True


class HumanQuit(KeyboardInterrupt):
    """The person closed the window or pressed Ctrl+Q: the run stops."""


class Gestures:
    """Turns pointer presses into actions (pure logic: times and positions come in).

    Args:
        size: The phone's size in window pixels (width, height).
        double_clickable: Whether a view at a normalized point takes double taps; a click
            elsewhere is a tap at once, without waiting to see if a second one follows.
    """

    def __init__(self, size: tuple[int, int],
                 double_clickable: Callable[[float, float], bool] = lambda x, y: False) -> None:
        self.size = size
        self.double_clickable = double_clickable
        self._down: tuple[tuple[int, int], int] | None = None
        self._pending: tuple[tuple[int, int], int] | None = None  # a click that may double

    def _norm(self, pos: tuple[int, int]) -> tuple[float, float]:
        w, h = self.size
        return (min(max(pos[0] / w, 0.0), 1.0), min(max(pos[1] / h, 0.0), 1.0))

    def down(self, pos: tuple[int, int], t: int) -> list[dict[str, Any]]:
        self._down = (pos, t)
        return []

    def up(self, pos: tuple[int, int], t: int) -> list[dict[str, Any]]:
        if self._down is None:
            return []
        (x0, y0), t0 = self._down
        self._down = None
        if abs(pos[0] - x0) + abs(pos[1] - y0) > SWIPE_PX:
            return self.flush() + [A.swipe(*self._norm((x0, y0)), *self._norm(pos))]
        if t - t0 >= LONG_MS:
            return self.flush() + [A.long_press(*self._norm((x0, y0)))]
        if self._pending is not None:
            (px, py), pt = self._pending
            if t - pt <= DOUBLE_MS and abs(px - x0) + abs(py - y0) <= 2 * SWIPE_PX:
                self._pending = None
                return [A.double_tap(*self._norm((px, py)))]
        out = self.flush()
        if self.double_clickable(*self._norm((x0, y0))):
            self._pending = ((x0, y0), t)
            return out
        return out + [A.tap(*self._norm((x0, y0)))]

    def tick(self, t: int) -> list[dict[str, Any]]:
        """A waiting click becomes a tap once no second click can follow."""
        if self._pending is not None and t - self._pending[1] > DOUBLE_MS:
            return self.flush()
        return []

    def flush(self) -> list[dict[str, Any]]:
        if self._pending is None:
            return []
        pos, _ = self._pending
        self._pending = None
        return [A.tap(*self._norm(pos))]


class PlayWindow:
    """The window: the phone on the left, the instruction, verdict and buttons on the right.

    Args:
        show_verdict: Show the judge's live verdict (``mobilegym play``; hidden when a person
            is evaluated as an agent).
        allow_headless: Accept SDL's dummy video driver (tests drive the window with
            synthetic events); otherwise a missing display raises :class:`NoDisplay`.
        clock: Milliseconds now (tests pass a fake clock).

    Raises:
        NoDisplay: There is no display to open a window on: none is set, ``SDL_VIDEODRIVER``
            names a driver that draws nowhere, or SDL cannot open the one set (``DISPLAY``
            names no X server) and would fall back to such a driver.
    """

    BUTTONS = (("Back", "Esc", A.back), ("Home", "F2", A.home), ("Recents", "F3", A.recents),
               ("Wait", "F5", A.wait), ("Answer", "F9", None), ("Done", "F10", A.done))

    def __init__(self, show_verdict: bool = True, allow_headless: bool = False,
                 clock: Callable[[], int] | None = None) -> None:
        from .ui._pygame import pygame

        hint = "on a headless machine run it under a virtual one: xvfb-run -a mobilegym play ..."
        problem = None if allow_headless else display_problem()
        if problem is not None:
            raise NoDisplay(f"cannot open the play window: {problem}; {hint}")
        os.environ["SDL_VIDEO_X11_WMCLASS"] = "MobileGym"  # pygame sets it from argv[0]
        try:
            pygame.display.init()
        except pygame.error as err:
            raise NoDisplay(f"cannot open the play window: {err}; {hint}") from None
        driver = pygame.display.get_driver()
        if driver in HEADLESS_DRIVERS and not allow_headless:
            # SDL found no display it could use and fell back to drawing into memory: the
            # window would never be seen, and the person would wait for it forever
            pygame.display.quit()
            where = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "?"
            raise NoDisplay(f"cannot open the play window: SDL could not open the display "
                            f"{where} (it fell back to its {driver} driver, which draws "
                            f"nowhere); {hint}")
        self.pg = pygame
        self.show_verdict = show_verdict
        self.clock = clock or pygame.time.get_ticks
        self.screen: Any = None
        self.info: dict[str, Any] = {}
        self.device: Any = None
        self.frame: np.ndarray | None = None
        self.text = ""          # typed, not sent yet
        self.answering = False  # F9: the text is an answer
        self.last_key = 0
        self.last_action = ""
        self.banner = ""
        self.queue: list[dict[str, Any]] = []
        self.gestures: Gestures | None = None
        self.buttons: list[tuple[Any, str, Any]] = []
        pygame.key.start_text_input()

    # ----- episodes
    def begin(self, info: dict[str, Any]) -> None:
        """A new episode: shows its instruction (``info`` as an agent gets it)."""
        self.info, self.device = info, info.get("device")
        self.text, self.answering, self.queue, self.banner = "", False, [], ""
        self.last_action = ""

    def next_action(self, frame: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        """Shows the frame and waits for the person's next action.

        Raises:
            HumanQuit: The window was closed or Ctrl+Q pressed.
        """
        self.info, self.frame = info, frame
        self.device = info.get("device", self.device)
        self._ensure_screen(frame)
        while not self.queue:
            for event in self.pg.event.get():
                self.queue += self.handle(event)
            now = self.clock()
            assert self.gestures is not None
            self.queue += self.gestures.tick(now)
            if self.text and not self.answering and now - self.last_key > TYPE_IDLE_MS:
                self.queue += self._flush_text()
            self.draw()
            if not self.queue:
                self.pg.time.wait(15)
        action = self.queue.pop(0)
        self.last_action = _describe(action)
        return action

    def show_end(self, success: bool, steps: int, error: str | None = None) -> str:
        """Shows the outcome and waits: ``"again"`` (R), ``"next"`` (N, the next seed) or
        ``"quit"`` (Q, Esc, closing the window)."""
        if self.screen is None or self.frame is None:  # it failed before its first frame
            return "quit"
        self.banner = (f"{'SUCCESS' if success else 'FAILED'} in {steps} steps"
                       + (f" ({error})" if error else "")
                       + " - R: again, N: next seed, Q: quit")
        while True:
            self.draw()
            for event in self.pg.event.get():
                if event.type == self.pg.QUIT:
                    return "quit"
                if event.type == self.pg.KEYDOWN:
                    choice = {self.pg.K_r: "again", self.pg.K_n: "next", self.pg.K_q: "quit",
                              self.pg.K_ESCAPE: "quit"}.get(event.key)
                    if choice:
                        return choice
            self.pg.time.wait(15)

    def close(self) -> None:
        self.pg.display.quit()

    # ----- input
    def handle(self, event: Any) -> list[dict[str, Any]]:
        """The actions one pygame event makes (often none)."""
        pg, now = self.pg, self.clock()
        assert self.gestures is not None and self.frame is not None
        w = self.frame.shape[1]
        if event.type == pg.QUIT:
            raise HumanQuit("window closed")
        if event.type == pg.MOUSEBUTTONDOWN and event.button in (1, 3):
            if event.pos[0] >= w:
                return self._button(event.pos)
            if event.button == 3:
                return self._flush_text() + [A.long_press(*self.gestures._norm(event.pos))]
            return self.gestures.down(event.pos, now)
        if event.type == pg.MOUSEBUTTONUP and event.button == 1:
            actions = self.gestures.up((min(event.pos[0], w - 1), event.pos[1]), now)
            return (self._flush_text() if actions else []) + actions
        if event.type == pg.MOUSEWHEEL:
            x, y = self.gestures._norm(pg.mouse.get_pos())
            dy = 0.2 if event.y > 0 else -0.2  # wheel up shows what is above
            y0 = min(max(y, 0.25), 0.75)
            return self._flush_text() + [A.swipe(x, y0, x, y0 + dy)]
        if event.type == pg.TEXTINPUT:
            self.text += event.text
            self.last_key = now
            return []
        if event.type == pg.KEYDOWN:
            return self._key(event)
        return []

    def _key(self, event: Any) -> list[dict[str, Any]]:
        pg = self.pg
        key, ctrl = event.key, bool(event.mod & pg.KMOD_CTRL)
        self.last_key = self.clock()
        if ctrl and key == pg.K_q:
            raise HumanQuit("Ctrl+Q")
        if key in (pg.K_RETURN, pg.K_KP_ENTER):
            if self.answering:
                text, self.text, self.answering = self.text, "", False
                return [A.answer(text)]
            return self._flush_text() + [A.enter()]
        if key == pg.K_BACKSPACE:
            if self.text:
                self.text = self.text[:-1]
                return []
            return self._tap_node("key:backspace")
        if key == pg.K_ESCAPE and self.answering:
            self.answering, self.text = False, ""
            return []
        if key == pg.K_F9:
            self.answering, self.text = True, ""
            return []
        simple = {pg.K_ESCAPE: A.back, pg.K_HOME: A.home, pg.K_F2: A.home, pg.K_END: A.recents,
                  pg.K_F3: A.recents, pg.K_F5: A.wait, pg.K_F10: A.done}
        if key in simple:
            return self._flush_text() + [simple[key]()]
        return []

    def _button(self, pos: tuple[int, int]) -> list[dict[str, Any]]:
        for rect, label, make in self.buttons:
            if rect.collidepoint(pos):
                if label == "Answer":
                    self.answering, self.text = True, ""
                    return []
                return self._flush_text() + [make()]
        return []

    def _flush_text(self) -> list[dict[str, Any]]:
        if not self.text or self.answering:
            return []
        text, self.text = self.text, ""
        return [A.type_text(text)]

    def _tap_node(self, node_id: str) -> list[dict[str, Any]]:
        if self.device is None or self.frame is None:
            return []
        h, w = self.frame.shape[:2]
        for node in self.device.ui_tree():
            if node.get("id") == node_id:
                x0, y0, x1, y1 = node["bounds"]
                return [A.tap((x0 + x1) / 2 / w, (y0 + y1) / 2 / h)]
        return []

    def _double_clickable(self, x: float, y: float) -> bool:
        if self.device is None or self.frame is None:
            return False
        h, w = self.frame.shape[:2]
        px, py = x * w, y * h
        return any(n.get("double_clickable") and n["bounds"][0] <= px < n["bounds"][2]
                   and n["bounds"][1] <= py < n["bounds"][3] for n in self.device.ui_tree())

    # ----- drawing
    def _ensure_screen(self, frame: np.ndarray) -> None:
        h, w = frame.shape[:2]
        if self.screen is None or self.screen.get_size() != (w + PANEL_W, h):
            self.screen = self.pg.display.set_mode((w + PANEL_W, h))
            self.pg.display.set_caption("MobileGym")
            self.gestures = Gestures((w, h), self._double_clickable)

    def draw(self) -> None:
        """Paints the phone and the panel."""
        from .ui.fonts import font

        pg, frame = self.pg, self.frame
        assert frame is not None
        h, w = frame.shape[:2]
        self.screen.blit(pg.image.frombuffer(np.ascontiguousarray(frame).tobytes(), (w, h),
                                             "RGB"), (0, 0))
        pg.draw.rect(self.screen, BG, (w, 0, PANEL_W, h))
        x, y, width = w + 16, 16, PANEL_W - 32

        def line(text: str, size: int = 14, color: str = INK, weight: str = "regular") -> None:
            nonlocal y
            f = font(size, weight)
            for part in _wrap(text, f, width):
                self.screen.blit(f.render(part, True, color), (x, y))
                y += f.get_linesize()

        info = self.info
        line(f"{info.get('task_id', '')}  seed {info.get('seed', '')}", 13, DIM)
        line(f"step {info.get('step', 0)} of {info.get('max_steps', '?')}", 13, DIM)
        y += 8
        line(info.get("instruction", ""), 17, INK, "medium")
        y += 12
        verdict = info.get("verdict")
        if self.show_verdict and verdict:
            ok = verdict["success"]
            line(f"judge: {'success' if ok else 'not yet'}  |  progress "
                 f"{verdict['progress']:.0%}  |  {'clean' if verdict['clean'] else 'UNCLEAN'}",
                 14, GOOD if ok else DIM, "medium")
            for name, check in list(verdict["checks"].items())[:8]:
                line(f"{'[x]' if check['passed'] else '[-]'} {name}", 12,
                     GOOD if check["passed"] else DIM)
            for change in verdict["unexpected_changes"][:4]:
                line(f"unexpected: {change}", 12, BAD)
            y += 8
        if self.answering:
            line(f"answer: {self.text}|  (Enter sends, Esc cancels)", 15, INK, "medium")
        elif self.text:
            line(f"typing: {self.text}|", 15, INK)
        if self.last_action:
            line(f"last: {self.last_action}", 12, DIM)
        if self.banner:
            y += 6
            line(self.banner, 16, GOOD if self.banner.startswith("SUCCESS") else BAD, "bold")
        self._draw_buttons(w, h)
        line_y = h - 150
        y = max(y, line_y)
        for text in ("Mouse: click = tap, hold = long press, double click,",
                     "drag = swipe, wheel = scroll, right click = long press.",
                     "Keys: type, then pause or press Enter. Esc = Back,",
                     "Home/F2 = Home, End/F3 = Recents, F5 = wait,",
                     "F9 = answer, F10 = done, Ctrl+Q = quit."):
            line(text, 11, DIM)
        pg.display.flip()

    def _draw_buttons(self, w: int, h: int) -> None:
        from .ui.fonts import font

        f = font(13, "medium")
        self.buttons = []
        bw, bh = (PANEL_W - 32 - 2 * 8) // 3, 34
        for i, (label, key, make) in enumerate(self.BUTTONS):
            rect = self.pg.Rect(w + 16 + (i % 3) * (bw + 8), h - 240 + (i // 3) * (bh + 8),
                                bw, bh)
            self.pg.draw.rect(self.screen, KEY, rect, border_radius=8)
            self.pg.draw.rect(self.screen, "#DADCE0", rect, width=1, border_radius=8)
            surf = f.render(f"{label} ({key})", True, INK)
            self.screen.blit(surf, surf.get_rect(center=rect.center))
            self.buttons.append((rect, label, make))


def _wrap(text: str, f: Any, width: int) -> list[str]:
    lines, current = [], ""
    for word in text.split(" "):
        candidate = f"{current} {word}".strip()
        if current and f.size(candidate)[0] > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return lines + [current]


def _describe(action: dict[str, Any]) -> str:
    from .trajectory import action_to_json

    data = action_to_json(action)
    parts = [data["action_type"]]
    parts += [f"({p[0]:.2f}, {p[1]:.2f})" for p in (data.get("point"), data.get("end_point"))
              if p is not None]
    if "text" in data:
        parts.append(repr(data["text"]))
    return " ".join(parts)


class HumanAgent(Agent):
    """A person, through a :class:`PlayWindow` (``--agent human``).

    Args:
        window: The window to use (default: a new one, without the judge's verdict).

    Raises:
        NoDisplay: No display to open a window on.
    """

    name = "human"
    privileged = True  # the window reads the device (double-tappable views, keys)

    def __init__(self, window: PlayWindow | None = None) -> None:
        self.window = window or PlayWindow(show_verdict=False)

    def reset(self, instruction: str, info: dict[str, Any]) -> None:
        self.window.begin(info)

    def act(self, observation: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        return self.window.next_action(observation, info)


def play(task: str, seed: int = 0, out: str | Path = "mobilegym-play",
         max_steps: int | None = None, window: PlayWindow | None = None,
         log: Callable[[str], Any] = print) -> int:
    """Lets a person play ``task`` from ``seed`` on; each episode is recorded to
    ``out/<task>-seed<seed>[-n].jsonl``. Returns 0 when the person quits, 2 without a
    display.

    Raises:
        KeyError: Unknown task.
    """
    from .env import MobileGymEnv
    from .evaluate import run_episode
    from .task import resolve_tasks
    from .trajectory import TrajectoryWriter

    ids = resolve_tasks(task)
    try:
        window = window or PlayWindow(show_verdict=True)
    except NoDisplay as err:
        log(f"error: {err}")
        return 2
    env = MobileGymEnv(task=ids, max_steps=max_steps)
    agent = HumanAgent(window)
    try:
        while True:
            pick = int(np.random.default_rng(seed).integers(len(ids))) if len(ids) > 1 else 0
            task_id = ids[pick]
            path = _free_path(Path(out) / f"{task_id}-seed{seed}.jsonl")
            try:
                ep = run_episode(env, agent, task_id, seed, agent_name="human",
                                 recorder=TrajectoryWriter(path))
            except HumanQuit:
                log(f"quit; the unfinished episode is in {path}")
                return 0
            log(f"{task_id} seed {seed}: {'success' if ep.success else 'failed'} in "
                f"{ep.steps} steps; trajectory: {path}")
            choice = window.show_end(ep.success, ep.steps, ep.error)
            if choice == "quit":
                return 0
            if choice == "next":
                seed += 1
    finally:
        env.close()
        window.close()


def _free_path(path: Path) -> Path:
    n = 1
    candidate = path
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate

