"""Every file in examples/ is a README example, word for word, and runs as a script printing
what its comments say (``print(x)   # expected``)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
# what an example needs beyond the core install, and where that comes from
NEEDS = {"sb3_ppo.py": ("stable_baselines3", 'the train extra: pip install -e ".[train]"'),
         "ray_eval.py": ("ray", 'the ray extra: pip install -e ".[ray]"')}


def expected_output(code: str) -> list[str]:
    """The comment after each ``print(...)``, a parenthesised aside ("  (...)") left out."""
    return [line.split("# ", 1)[1].split("  (")[0].strip() for line in code.splitlines()
            if line.lstrip().startswith("print(")]


def test_the_examples_are_the_readme_examples():
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert len(EXAMPLES) >= 7
    for path in EXAMPLES:
        assert path.read_text() in blocks, f"{path.name} is not a README block as written"
        assert expected_output(path.read_text()), f"{path.name} checks nothing it prints"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs_and_prints_what_it_says(path: Path, tmp_path: Path):
    module, extra = NEEDS.get(path.name, (None, ""))
    if module and importlib.util.find_spec(module) is None:
        pytest.skip(f"{path.name} needs {extra}")
    env = {**os.environ, "OMP_NUM_THREADS": "1", "SDL_VIDEODRIVER": "dummy"}
    run = subprocess.run([sys.executable, str(path)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.splitlines() == expected_output(path.read_text()), run.stderr[-3000:]
