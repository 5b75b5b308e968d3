"""The README's commands run as written (its Python examples are the files in examples/, run by
tests/test_examples.py; its Human play commands run in tests/test_play.py, under Xvfb)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from mobilegym_env.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def _section(title: str) -> str:
    text = README.read_text()
    start = text.index(f"## {title}\n")
    return text[start:text.index("\n## ", start + 3)]


def test_the_two_commands_lead_the_readme_and_ci_runs_the_second():
    blocks = re.findall(r"```bash\n(.*?)\n```", README.read_text(), re.S)
    assert "mobilegym eval" in blocks[0] and "pytest" in blocks[1]
    ci = (README.parent / ".ci" / "run").read_text()
    assert blocks[1] in ci


def test_the_task_count_is_current():
    import mobilegym_env
    from mobilegym_env.task import suites

    count = f"{len(mobilegym_env.list_tasks())} task templates in {len(suites())} suites"
    assert count in README.read_text(), f"README should say: {count}"


def test_the_eval_command_runs_as_written(capsys):
    (command,) = re.findall(r"```bash\n(.*?)```", _section("Evaluation"), re.S)
    argv = shlex.split(command.strip())
    assert argv[:2] == ["mobilegym", "eval"]
    assert main(argv[1:]) == 0
    out = capsys.readouterr().out
    for heading in ("agent: oracle", "agent: random", "suite", "difficulty", "objective",
                    "launcher", "pass@3"):
        assert heading in out
