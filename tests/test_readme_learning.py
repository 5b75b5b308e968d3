"""The README's "LLM agents", "Training" and "Vector envs" examples run as written and print
what their comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def _blocks(section: str) -> list[str]:
    text = README.read_text()
    start = text.index(f"## {section}\n")
    end = text.find("\n## ", start + 1)
    return re.findall(r"```python\n(.*?)```", text[start:end], re.S)


def _run(code: str, name: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, name, "exec"), {"__name__": name})
    printed = out.getvalue().splitlines()
    expected = [line.split("# ")[-1].strip() for line in code.splitlines()
                if line.startswith("print(")]
    assert printed == expected


def test_llm_agent_example():
    (code,) = _blocks("LLM agents")
    _run(code, "README LLM agents")


def test_training_wrappers_example():
    code = _blocks("Training")[0]
    _run(code, "README Training")


def test_training_sb3_example():
    pytest.importorskip("stable_baselines3", reason='SB3 is in the train extra: '
                                                    'pip install -e ".[train]"')
    import torch

    torch.set_num_threads(1)
    _run(_blocks("Training")[1], "README SB3")


def test_vector_envs_example():
    (code,) = _blocks("Vector envs")
    _run(code, "README Vector envs")
