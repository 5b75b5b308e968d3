"""The README's Quick start runs as written and shows a success."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_quick_start_runs_as_written():
    text = README.read_text()
    section = text[text.index("## Quick start"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README Quick start", "exec"), {})
    printed = out.getvalue().splitlines()
    expected = [line.split("# ")[1].split("  (")[0].strip() for line in code.splitlines()
                if line.startswith("print(")]
    assert printed == expected


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
