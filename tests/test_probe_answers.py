"""benchmarks/probe_answers.py: over-broad answers and screen dumps against the judges of a few
query and hybrid tasks (no false positive, no natural answer refused), and the probe finds
the hole of a judge that reads text by "contains"."""

from __future__ import annotations

from typing import Any

import pytest

import mobilegym_env
from mobilegym_env import checks as C
from mobilegym_env.tasks.calendar import EventLocation

TASKS = ["calendar.event_location", "settings.ip_address", "files.locate_file",
         "notes.last_edited", "messages.meeting_plan", "weather.text_high",
         "cross_app.text_battery_level", "cross_app.checklist_to_message"]


@pytest.fixture
def probe(bench_script) -> Any:
    return bench_script("probe_answers")


def test_no_false_positive_and_natural_answers_pass(probe):
    report = probe.main(["--tasks", *TASKS, "--seeds", "2"])
    assert report["tasks"] == len(TASKS) and report["oracle_failed"] == {}
    assert all(report["tried"][k] > 0 for k in probe.KINDS), report["tried"]
    assert report["false_positives"] == dict.fromkeys(probe.KINDS, 0), report["by_task"]
    assert report["natural_refused"] == 0, report["by_task"]


class _ContainsOnly(EventLocation):
    """The judge before rivals: a location matched by "contains"."""

    name = "event_location_contains_only"

    def expect(self, initial: dict[str, Any]) -> list[Any]:
        return [C.answer_text(self.event(initial)["location"], contains=True)]


def test_the_probe_finds_a_judge_that_reads_text_by_contains(probe):
    mobilegym_env.register_task(_ContainsOnly)
    try:
        report = probe.main(["--tasks", _ContainsOnly.task_id(), "--seeds", "2"])
    finally:
        mobilegym_env.unregister_task(_ContainsOnly.task_id())
    assert report["false_positives"]["or"] == 2  # "<right place> or <another's>", both seeds
    example = report["by_task"][_ContainsOnly.task_id()]["examples"]["or"]
    assert " or " in example
