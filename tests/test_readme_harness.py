"""The README's Evaluation and Human play examples run as written."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mobilegym_env.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def _section(title: str) -> str:
    text = README.read_text()
    start = text.index(f"## {title}\n")
    return text[start:text.index("\n## ", start + 3)]


def _blocks(title: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", _section(title), re.S)


def _run_python(code: str) -> None:
    """Runs a README block and checks each print against the comment after it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README", "exec"), {"__name__": "readme"})
    expected = [line.split("# ")[1].strip() for line in code.splitlines()
                if line.startswith("print(")]
    assert out.getvalue().splitlines() == expected


def test_the_eval_command_runs_as_written(capsys):
    (command,) = _blocks("Evaluation", "bash")
    argv = shlex.split(command.strip())
    assert argv[:2] == ["mobilegym", "eval"]
    assert main(argv[1:]) == 0
    out = capsys.readouterr().out
    for heading in ("agent: oracle", "agent: random", "suite", "difficulty", "objective",
                    "launcher", "pass@3"):
        assert heading in out


def test_the_custom_agent_example_runs_as_written():
    _run_python(_blocks("Evaluation", "python")[0])


def test_the_ray_example_runs_as_written():
    ray = pytest.importorskip("ray", reason="Ray is not installed (the ray extra)")
    try:
        _run_python(_blocks("Evaluation", "python")[1])
    finally:
        ray.shutdown()


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                    reason="Xvfb and xdotool are not installed (apt-get install xvfb xdotool)")
def test_the_play_and_replay_commands_run_as_written(tmp_path):
    play, replay = (shlex.split(b.strip()) for b in _blocks("Human play", "bash"))
    display = f":{190 + os.getpid() % 100}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1024x900x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["DISPLAY"] = display
    cli = [sys.executable, "-m", "mobilegym_env.cli"]
    game = None
    try:
        time.sleep(0.5)
        game = subprocess.Popen(cli + play[1:], cwd=tmp_path, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wid = subprocess.run(["xdotool", "search", "--sync", "--class", "MobileGym"], env=env,
                             capture_output=True, text=True, timeout=60).stdout.split()[0]
        for key in ("F10", "q"):  # give up at once, then quit
            subprocess.run(["xdotool", "key", "--window", wid, key], env=env, check=True)
            time.sleep(0.5)
        _, err = game.communicate(timeout=30)
        assert game.returncode == 0, err
    finally:
        if game is not None and game.poll() is None:
            game.kill()
        server.terminate()
        server.wait()
    done = subprocess.run(cli + replay[1:], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "1 steps replayed, identical" in done.stdout, done
