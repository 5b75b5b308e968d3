"""Whether a window would be seen: ``mobilegym play`` exits with a message naming the reason
(no display set, ``SDL_VIDEODRIVER`` drawing nowhere, a ``DISPLAY`` no X server answers at,
or SDL falling back to drawing offscreen) rather than running in a window nobody sees, and
``render_mode="human"`` warns for the same reasons (``play.display_problem``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from mobilegym_env.env import MobileGymEnv
from mobilegym_env.play import display_problem
from mobilegym_env.ui import _pygame

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="X display numbers and abstract sockets are Linux's")


def _answers(number: int) -> bool:
    """Whether anything listens for X display ``number`` (checked here independently of the
    code under test)."""
    for family, address in ((socket.AF_UNIX, f"\0/tmp/.X11-unix/X{number}"),
                            (socket.AF_UNIX, f"/tmp/.X11-unix/X{number}"),
                            (socket.AF_INET, ("127.0.0.1", 6000 + number))):
        with socket.socket(family) as sock:
            sock.settimeout(1.0)
            if sock.connect_ex(address) == 0:
                return True
    return False


def _free_display() -> int:
    """A display number nothing listens at (far above xvfb-run -a's :99 and up)."""
    return next(n for n in range(421, 521) if not _answers(n))


@pytest.fixture
def fake_x_server() -> Iterator[int]:
    """A display number where something accepts connections and hangs up at once, as an X
    server refusing the client: a socket connects, SDL cannot open the display."""
    number = _free_display()
    server = socket.socket(socket.AF_UNIX)
    server.bind(f"\0/tmp/.X11-unix/X{number}")  # abstract: no file left behind
    server.listen(8)

    def hang_up() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:  # closed: the test is over
                return
            conn.close()

    thread = threading.Thread(target=hang_up, daemon=True)
    thread.start()
    yield number
    server.shutdown(socket.SHUT_RDWR)
    server.close()
    thread.join(5)


def _play(tmp_path: Path, **env_vars: str) -> subprocess.CompletedProcess[str]:
    """``mobilegym play`` in a process whose display settings are only ``env_vars``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER",
                        "MOBILEGYM_CHOSE_SDL_DUMMY")}
    env.update(env_vars)
    return subprocess.run([sys.executable, "-m", "mobilegym_env.cli", "play", "--task",
                           "launcher.open_app", "--out", str(tmp_path)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


@linux_only
def test_play_with_a_display_no_x_server_answers_at_exits_naming_it(tmp_path):
    number = _free_display()
    done = _play(tmp_path, DISPLAY=f":{number}")
    assert done.returncode == 2, done
    assert f"no X server answers at DISPLAY=:{number}" in done.stdout
    assert "xvfb-run -a mobilegym play" in done.stdout
    assert not list(tmp_path.iterdir())  # no episode was started


@linux_only
def test_play_where_sdl_falls_back_to_offscreen_exits_naming_the_display(tmp_path,
                                                                        fake_x_server):
    """The socket answers but no X server speaks there: SDL quietly picks its offscreen
    driver, which the window checks after opening SDL's display."""
    done = _play(tmp_path, DISPLAY=f":{fake_x_server}")
    assert done.returncode == 2, done
    assert f"SDL could not open the display :{fake_x_server} (it fell back to its " \
        f"offscreen driver" in done.stdout


@pytest.mark.parametrize("driver", ["dummy", "offscreen"])
def test_play_with_a_video_driver_drawing_nowhere_names_the_driver(tmp_path, driver):
    done = _play(tmp_path, SDL_VIDEODRIVER=driver, DISPLAY=":0")  # DISPLAY is no reason here
    assert done.returncode == 2, done
    assert f"SDL_VIDEODRIVER={driver} draws nowhere (unset it" in done.stdout
    assert "DISPLAY" not in done.stdout.split("draws nowhere")[0]


@linux_only
def test_play_without_any_display_says_so(tmp_path):
    done = _play(tmp_path)
    assert done.returncode == 2, done
    assert "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)" in done.stdout


@pytest.fixture
def displayed(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """As if the process had been started with a display set and no video driver chosen."""
    monkeypatch.setattr(_pygame, "NO_DISPLAY", False)
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@linux_only
def test_display_problem_probes_the_x_server_only_where_sdl_needs_it(displayed,
                                                                    fake_x_server):
    dead = _free_display()
    displayed.setenv("DISPLAY", f":{dead}.0")
    assert display_problem() == f"no X server answers at DISPLAY=:{dead}.0"
    displayed.setenv("DISPLAY", f"localhost:{dead}")
    assert display_problem() == f"no X server answers at DISPLAY=localhost:{dead}"
    displayed.setenv("DISPLAY", f":{fake_x_server}")  # something listens: SDL will tell
    assert display_problem() is None
    displayed.setenv("DISPLAY", f":{dead}")
    displayed.setenv("WAYLAND_DISPLAY", "wayland-0")  # SDL goes on to Wayland
    assert display_problem() is None
    displayed.setenv("SDL_VIDEODRIVER", "x11")  # unless told to use X11 only
    assert display_problem() == f"no X server answers at DISPLAY=:{dead}"
    displayed.setenv("SDL_VIDEODRIVER", "kmsdrm")  # a driver that needs no display server
    assert display_problem() is None


def test_display_problem_names_a_chosen_headless_driver_unless_it_is_ok(displayed):
    displayed.setenv("SDL_VIDEODRIVER", "Offscreen")
    assert display_problem() == "SDL_VIDEODRIVER=Offscreen draws nowhere (unset it to use " \
        "the display)"
    assert display_problem(headless_ok=True) is None
    displayed.setenv("SDL_VIDEODRIVER", "x11,dummy")  # a list: SDL may find a display
    assert display_problem() == "there is no display (neither DISPLAY nor WAYLAND_DISPLAY " \
        "is set)"
    displayed.setattr(_pygame, "NO_DISPLAY", True)  # the dummy driver is ours: no display
    displayed.setenv("SDL_VIDEODRIVER", "dummy")
    assert display_problem(headless_ok=True).startswith("there is no display")


@linux_only
def test_human_render_mode_warns_about_a_display_no_x_server_answers_at(displayed):
    dead = _free_display()
    displayed.setenv("DISPLAY", f":{dead}")
    with pytest.warns(UserWarning, match=f'render_mode="human" opens a window, but no X '
                                         f'server answers at DISPLAY=:{dead}, so nothing'):
        MobileGymEnv(task="launcher.open_app", render_mode="human")


def test_human_render_mode_takes_a_dummy_driver_as_meant(displayed, recwarn):
    displayed.setenv("SDL_VIDEODRIVER", "dummy")
    MobileGymEnv(task="launcher.open_app", render_mode="human")
    assert [str(w.message) for w in recwarn] == []


def test_a_child_process_knows_the_dummy_driver_was_ours_not_a_users(tmp_path):
    """A worker (or pytest-xdist's) inherits the SDL_VIDEODRIVER=dummy we chose for lack of a
    display: it must still say there is no display, not blame a driver the user never set."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER",
                        "MOBILEGYM_CHOSE_SDL_DUMMY")}
    code = ("import os, subprocess, sys\n"
            "from mobilegym_env.ui import _pygame\n"
            "assert _pygame.NO_DISPLAY and os.environ['SDL_VIDEODRIVER'] == 'dummy'\n"
            "sys.exit(subprocess.run([sys.executable, '-m', 'mobilegym_env.cli', 'play', "
            "'--task', 'launcher.open_app']).returncode)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)" in done.stdout
