"""The README's Evaluation examples run as written (its Human play commands run in
tests/test_play.py, under Xvfb)."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
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
