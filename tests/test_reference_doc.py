"""docs/reference.md (app stores, screens and node ids for task authors) is current."""

from __future__ import annotations

import importlib.util
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _generator():
    spec = importlib.util.spec_from_file_location("reference", DOCS / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_is_current():
    assert (DOCS / "reference.md").read_text(encoding="utf-8") == _generator().reference(), \
        "docs/reference.md is stale: run python docs/reference.py"


def test_state_rows_walk_records_and_values():
    rows = _generator().state_rows({"notes": [{"id": 1, "title": "A"}, {"id": 2}], "n": 3},
                                   "apps.x")
    assert rows == [("apps.x.notes", "list of 2 records", "keyed by id"),
                    ("apps.x.notes[id=…].id", "int", "1"),
                    ("apps.x.notes[id=…].title", "str", '"A"'),
                    ("apps.x.n", "int", "3")]
