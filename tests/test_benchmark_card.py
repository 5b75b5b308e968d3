"""The benchmark card (docs/benchmark.md) is the rendering of its measurements
(docs/benchmark.json), and the script that makes both runs end to end."""

from __future__ import annotations

import json
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_the_card_is_its_data_rendered(bench_script):
    card = bench_script("benchmark_card")
    data = json.loads((DOCS / "benchmark.json").read_text(encoding="utf-8"))
    assert (DOCS / "benchmark.md").read_text(encoding="utf-8") == card.render(data), \
        "docs/benchmark.md is stale: python benchmarks/benchmark_card.py --render-only"


def test_the_script_measures_and_renders(bench_script, tmp_path):
    card = bench_script("benchmark_card")
    assert card.main(["--tasks", "launcher.open_app", "weather.uv_index", "--episodes", "1",
                      "--seeds", "2", "--workers", "1", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "benchmark.json").read_text())
    assert data["agents"]["oracle"]["overall"] == 1.0
    assert data["agents"]["random"]["overall"] == 0.0
    assert set(data["constant"]["tasks"]) == {"weather.uv_index"}
    text = (tmp_path / "benchmark.md").read_text()
    assert "| launcher | 1 | 100.0% | 0.0% |" in text and "| **all** | 2 |" in text
