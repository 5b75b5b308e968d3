"""Human play: gestures from pointer presses, keys and typing to actions, the window driven by
synthetic pygame events under SDL's dummy driver, a clear error without a display, and one
smoke test through a real X server (Xvfb + xdotool) where they exist."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time

import pytest

from mobilegym_env import actions as A
from mobilegym_env.cli import main
from mobilegym_env.play import (
    DOUBLE_MS,
    LONG_MS,
    TYPE_IDLE_MS,
    Gestures,
    HumanQuit,
    NoDisplay,
    PlayWindow,
    play,
)
from mobilegym_env.trajectory import load, replay
from mobilegym_env.ui._pygame import pygame

pytestmark = pytest.mark.skipif(
    os.environ.get("SDL_VIDEODRIVER") != "dummy",
    reason="these tests drive the window under SDL's dummy video driver (no DISPLAY)")


def kinds(actions):
    return [A.parse(a).kind.name for a in actions]


def point(action):
    return tuple(round(v, 3) for v in A.parse(action).point)


# ----- gestures (pure logic)
def test_click_hold_drag_and_double_click():
    g = Gestures((360, 800), double_clickable=lambda x, y: y > 0.5)
    assert g.down((36, 80), 0) == [] and kinds(g.up((36, 80), 100)) == ["TAP"]
    g.down((36, 80), 1000)
    (press,) = g.up((38, 81), 1000 + LONG_MS)
    assert kinds([press]) == ["LONG_PRESS"] and point(press) == (0.1, 0.1)
    g.down((180, 700), 2000)
    (swipe,) = g.up((180, 200), 2200)
    assert kinds([swipe]) == ["SWIPE"] and A.parse(swipe).end_point == (0.5, 0.25)
    # on a double-tappable view a click waits to see whether a second follows
    g.down((180, 600), 3000)
    assert g.up((180, 600), 3050) == []
    g.down((182, 601), 3100)
    (double,) = g.up((182, 601), 3150)
    assert kinds([double]) == ["DOUBLE_TAP"] and point(double) == (0.5, 0.75)
    g.down((180, 600), 4000)
    g.up((180, 600), 4050)
    assert g.tick(4050 + DOUBLE_MS) == [] and kinds(g.tick(4051 + DOUBLE_MS)) == ["TAP"]


# ----- the window, driven by synthetic events
class FakeDevice:
    def __init__(self, nodes=()):
        self.nodes = list(nodes)

    def ui_tree(self):
        return self.nodes


@pytest.fixture
def window():
    now = [0]

    def clock():  # 100 ms pass between two looks at the clock
        now[0] += 100
        return now[0]

    w = PlayWindow(allow_headless=True, clock=clock)
    w.now = now
    w.begin({"instruction": "Do it.", "task_id": "x.y", "seed": 0, "step": 0,
             "max_steps": 10, "device": FakeDevice()})
    w._ensure_screen(_frame())
    w.frame = _frame()
    pygame.event.clear()
    yield w
    pygame.event.clear()


def _frame():
    import numpy as np
    return np.zeros((800, 360, 3), np.uint8)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def text(s):
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def click(x, y, button=1):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=button)]


def feed(w, *events):
    out = []
    for e in events:
        out += w.handle(e)
    return out


def test_system_keys(window):
    got = feed(window, key(pygame.K_ESCAPE), key(pygame.K_HOME), key(pygame.K_F2),
               key(pygame.K_END), key(pygame.K_F5), key(pygame.K_F10))
    assert kinds(got) == ["BACK", "HOME", "HOME", "RECENTS", "WAIT", "DONE"]
    with pytest.raises(HumanQuit):
        feed(window, key(pygame.K_q, pygame.KMOD_CTRL))
    with pytest.raises(HumanQuit):
        feed(window, pygame.event.Event(pygame.QUIT))


def test_typing_is_sent_as_one_type_action(window):
    assert feed(window, text("h"), text("é"), text("y"), key(pygame.K_BACKSPACE)) == []
    got = feed(window, key(pygame.K_RETURN))
    assert kinds(got) == ["TYPE", "ENTER"] and A.parse(got[0]).text == "hé"
    # a click flushes what was typed first
    got = feed(window, text("ab"), *click(180, 400))
    assert kinds(got) == ["TYPE", "TAP"] and A.parse(got[0]).text == "ab"


def test_typed_text_is_sent_after_a_pause(window):
    pygame.event.post(text("ok"))
    action = window.next_action(_frame(), window.info)
    assert kinds([action]) == ["TYPE"] and A.parse(action).text == "ok"
    assert window.last_key + TYPE_IDLE_MS < window.now[0] <= window.last_key + TYPE_IDLE_MS + 300


def test_backspace_with_nothing_typed_presses_the_keyboards_delete_key(window):
    window.device = FakeDevice([{"id": "key:backspace", "bounds": (300, 700, 340, 740)}])
    (tap,) = feed(window, key(pygame.K_BACKSPACE))
    assert kinds([tap]) == ["TAP"] and point(tap) == (0.889, 0.9)
    window.device = FakeDevice()
    assert feed(window, key(pygame.K_BACKSPACE)) == []  # no keyboard on screen


def test_answer_mode(window):
    got = feed(window, key(pygame.K_F9), text("3 photos"), key(pygame.K_RETURN))
    assert kinds(got) == ["ANSWER"] and A.parse(got[0]).text == "3 photos"
    assert feed(window, key(pygame.K_F9), text("x"), key(pygame.K_ESCAPE)) == []
    assert not window.answering and window.text == ""


def test_right_click_wheel_and_panel_buttons(window):
    (press,) = feed(window, click(90, 200, button=3)[0])
    assert kinds([press]) == ["LONG_PRESS"] and point(press) == (0.25, 0.25)
    window.draw()  # lays the buttons out
    rects = {label: rect for rect, label, _ in window.buttons}
    assert set(rects) == {"Back", "Home", "Recents", "Wait", "Answer", "Done"}
    got = feed(window, *click(*rects["Recents"].center)[:1], *click(*rects["Done"].center)[:1])
    assert kinds(got) == ["RECENTS", "DONE"]
    pygame.mouse.set_pos((180, 400))
    (scroll,) = feed(window, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert kinds([scroll]) == ["SWIPE"]


def test_a_person_plays_an_episode_and_it_is_recorded(tmp_path):
    """Home, then a click on the Settings icon (found in the UI tree), then Q at the end."""
    w = PlayWindow(allow_headless=True)
    script = []

    def next_action(frame, info, original=w.next_action):
        if not w.queue and not pygame.event.peek():
            device = info["device"]
            icons = [n for n in device.ui_tree() if n.get("role") == "app_icon"
                     and n["text"] == "Files"]
            if not icons:
                pygame.event.post(key(pygame.K_HOME))
            else:
                x0, y0, x1, y1 = icons[0]["bounds"]
                for e in click((x0 + x1) // 2, (y0 + y1) // 2):
                    pygame.event.post(e)
            script.append(len(icons))
        return original(frame, info)

    w.next_action = next_action
    pygame.event.clear()
    real_show_end = w.show_end

    def show_end(*args):
        pygame.event.post(key(pygame.K_q))
        return real_show_end(*args)

    w.show_end = show_end
    logs = []
    assert play("launcher.open_app", 0, out=tmp_path, window=w, log=logs.append) == 0
    (path,) = tmp_path.glob("*.jsonl")
    traj = load(path)
    assert [s["action"]["action_type"] for s in traj.steps] == ["HOME", "TAP"]
    assert traj.end["success"] and traj.header["agent"] == "human"
    assert logs == [f"launcher.open_app seed 0: success in 2 steps; trajectory: {path}"]
    assert replay(path).ok


def test_no_display_is_a_clear_error(capsys):
    with pytest.raises(NoDisplay, match="xvfb-run"):
        PlayWindow()
    assert main(["play", "--task", "launcher.open_app"]) == 2
    assert "cannot open the play window: there is no display (neither DISPLAY nor " \
        "WAYLAND_DISPLAY is set)" in capsys.readouterr().out
    assert main(["eval", "--agent", "human", "--tasks", "launcher.open_app"]) == 2
    assert "no display" in capsys.readouterr().err


XVFB = shutil.which("Xvfb")
XDOTOOL = shutil.which("xdotool")
needs_xvfb = pytest.mark.skipif(not (XVFB and XDOTOOL), reason="Xvfb and xdotool are not "
                                "installed (apt-get install xvfb xdotool)")


def _play_under_xvfb(argv, gestures, cwd):
    """Runs ``mobilegym play`` (argv after ``mobilegym``) on a fresh X server and sends it
    xdotool gestures (each a list of xdotool arguments after the window id is known)."""
    # -displayfd: the server picks a free display and says which once it is ready
    server = subprocess.Popen([XVFB, "-displayfd", "1", "-screen", "0", "1024x900x24",
                               "-nolisten", "tcp"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "MOBILEGYM_CHOSE_SDL_DUMMY")}
    env["DISPLAY"] = f":{server.stdout.readline().strip()}"
    game = None
    try:
        game = subprocess.Popen([sys.executable, "-m", "mobilegym_env.cli", *argv], cwd=cwd,
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wid = subprocess.run([XDOTOOL, "search", "--sync", "--onlyvisible", "--class",
                              "MobileGym"], env=env,
                             capture_output=True, text=True, timeout=60).stdout.split()[0]
        subprocess.run([XDOTOOL, "windowfocus", "--sync", wid], env=env, timeout=20)
        for args in gestures:
            cmd = [a.replace("WID", wid) for a in args]
            sent = subprocess.run([XDOTOOL, *cmd], env=env, capture_output=True, timeout=20)
            if sent.returncode != 0:  # the window is gone: the game must have ended
                out, err = game.communicate(timeout=30)
                assert game.returncode is not None, (sent.stderr, out, err)
                break
            time.sleep(0.4)
        out, err = game.communicate(timeout=30)
        assert game.returncode == 0, (out, err)
    finally:
        if game is not None and game.poll() is None:
            game.kill()
        server.terminate()
        server.wait()
    return env


@needs_xvfb
def test_smoke_real_window_under_xvfb(tmp_path):
    """A real X server: keys and a click sent by xdotool become recorded actions."""
    _play_under_xvfb(["play", "--task", "launcher.open_app", "--out", str(tmp_path)], [
        ["key", "--window", "WID", "F2"],
        ["mousemove", "--window", "WID", "180", "400", "click", "1"],
        ["key", "--window", "WID", "F10"], ["key", "--window", "WID", "q"]], tmp_path)
    (path,) = tmp_path.glob("*.jsonl")
    steps = load(path).steps
    assert [s["action"]["action_type"] for s in steps] == ["HOME", "TAP", "DONE"]
    assert steps[1]["action"]["point"] == pytest.approx([0.5, 0.5], abs=0.01)


@needs_xvfb
def test_the_readme_play_and_replay_commands_run_as_written(tmp_path):
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("## Human play\n"):]
    section = section[:section.index("\n## ")]
    play_cmd, replay_cmd = (shlex.split(b) for b in re.findall(r"```bash\n(.*?)\n```",
                                                                section, re.S))
    env = _play_under_xvfb(play_cmd[1:], [["key", "--window", "WID", "F10"],
                                          ["key", "--window", "WID", "q"]], tmp_path)
    done = subprocess.run([sys.executable, "-m", "mobilegym_env.cli", *replay_cmd[1:]],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "1 steps replayed, identical" in done.stdout, done
