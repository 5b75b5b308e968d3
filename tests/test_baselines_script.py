"""benchmarks/baselines.py: the best constant answer of a query task, judged for real."""

from __future__ import annotations


def test_a_constant_count_wins_where_the_answers_repeat(bench_script):
    baselines = bench_script("baselines")
    report = baselines.baselines(["calendar.count_events_on_day"], seeds=4)
    row = report["tasks"]["calendar.count_events_on_day"]
    # the constant is one of the seeds' right answers, so it wins at least that seed
    assert row["best_constant_success"] >= 0.25
    assert row["most_common_answer_share"] >= 0.25
    assert report["overall"]["best_constant_success"] == row["best_constant_success"]
    assert set(report["suites"]) == {"calendar"}


def test_the_cli_keeps_query_tasks_only(bench_script, capsys):
    import json

    import pytest

    baselines = bench_script("baselines")
    with pytest.raises(SystemExit):
        baselines.main(["--tasks", "launcher.open_app", "--seeds", "1"])
    assert "no query task" in capsys.readouterr().err
    assert baselines.main(["--tasks", "launcher.open_app", "weather.rain_tomorrow",
                           "--seeds", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report["tasks"]) == ["weather.rain_tomorrow"]
