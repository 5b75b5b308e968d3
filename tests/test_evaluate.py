"""The evaluation harness: identical results for any worker count, resume, agent faults as
failed trials, argument checks before any work, outputs, and the agent protocol."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time

import numpy as np
import pytest

from mobilegym_env import actions as A
from mobilegym_env.agents import PUBLIC_INFO, RandomAgent, load_factory, make_agent
from mobilegym_env.evaluate import Evaluation, evaluate
from mobilegym_env.results import pass_at_k, summary_csv
from mobilegym_env.trajectory import replay

TASKS = ["launcher.open_app", "launcher.page_count_query", "notes.pin_note"]


def _strip(records):
    return [{k: v for k, v in r.items() if k != "wall_s"} for r in records]


def test_pass_at_k_is_the_unbiased_estimator():
    assert pass_at_k(5, 0, 1) == 0.0 and pass_at_k(5, 5, 3) == 1.0
    assert pass_at_k(5, 2, 1) == pytest.approx(0.4)
    assert pass_at_k(5, 1, 3) == pytest.approx(1 - 4 * 3 * 2 / (5 * 4 * 3))  # 1 - C(4,3)/C(5,3)
    with pytest.raises(ValueError, match="needs at least 6 episodes"):
        pass_at_k(5, 1, 6)


def test_results_are_identical_whatever_the_worker_count():
    one = evaluate(["oracle", "random"], TASKS, episodes=3, k=[2])
    two = evaluate(["oracle", "random"], TASKS, episodes=3, k=[2], workers=2)
    assert _strip(one.records) == _strip(two.records)
    assert one.summary == two.summary
    oracle = one.summary["agents"]["oracle"]["overall"]
    assert (oracle["trials"], oracle["successes"], oracle["pass@2"]) == (9, 9, 1.0)
    assert [r["seed"] for r in one.records[:3]] == [0, 1, 2]


def test_a_record_has_every_field_the_issue_names():
    record = evaluate("oracle", "notes.pin_note", episodes=1).records[0]
    assert set(record) >= {"agent", "task", "seed", "params", "success", "reward", "clean",
                           "progress", "steps", "answer", "checks", "unexpected_changes",
                           "error", "wall_s", "suite", "difficulty", "objective", "split"}
    assert record["success"] and record["reward"] == 1.0 and record["error"] is None
    assert all(c["passed"] and c["detail"] for c in record["checks"].values())
    json.dumps(record)


def test_resumed_run_equals_an_uninterrupted_one(tmp_path):
    full = evaluate("random", TASKS, episodes=2, out=tmp_path / "full")
    part = tmp_path / "part"
    evaluate("random", TASKS[:1], episodes=2, out=part)
    with (part / "results.jsonl").open("a") as f:  # a run killed while writing a line
        f.write('{"agent": "random", "task": "launcher.page_co')
    ev = Evaluation("random", TASKS, episodes=2, out=part, resume=True)
    assert len(ev.pending) == 4
    resumed = ev.run()
    assert _strip(resumed.records) == _strip(full.records)
    assert resumed.summary == full.summary
    for name in ("results.jsonl", "summary.json", "summary.csv"):
        a, b = (d / name for d in (tmp_path / "full", part))
        if name == "results.jsonl":
            assert _strip(map(json.loads, a.read_text().splitlines())) == \
                _strip(map(json.loads, b.read_text().splitlines()))
        else:
            assert a.read_text() == b.read_text()


class Faulty:
    """Raises on task B, returns garbage on task C, hangs on task D, else waits."""

    name = "faulty"

    def reset(self, instruction, info):
        self.task = info["task_id"]

    def act(self, observation, info):
        if self.task == "launcher.page_count_query":
            raise RuntimeError("model server down")
        if self.task == "notes.pin_note":
            return {"action_type": "TAP", "point": [3, 3]}
        if self.task == "launcher.clear_recents":
            time.sleep(5)
        return A.wait()


def test_agent_errors_timeouts_and_invalid_actions_fail_their_trial_only():
    result = evaluate(Faulty(), TASKS + ["launcher.clear_recents"], episodes=1,
                      agent_timeout=0.3)
    errors = {r["task"]: r["error"] for r in result.records}
    assert errors["launcher.open_app"] is None
    assert errors["launcher.page_count_query"] == \
        "agent error in act (step 1): RuntimeError: model server down"
    assert errors["notes.pin_note"].startswith("invalid action at step 1: 'point' must be "
                                               "normalized")
    assert errors["launcher.clear_recents"] == "agent timeout: act (step 1) took over 0.3 s"
    assert not any(r["success"] for r in result.records)
    assert result.summary["agents"]["faulty"]["overall"]["errors"] == 3


def test_agent_timeout_works_in_worker_processes_too():
    result = evaluate(Faulty(), ["launcher.clear_recents", "launcher.open_app"], episodes=1,
                      agent_timeout=0.3, workers=2)
    assert [r["error"] for r in result.records] == [
        "agent timeout: act (step 1) took over 0.3 s", None]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"tasks": ["nope.task"]}, "unknown task or suite 'nope.task'"),
    ({"k": [6]}, "pass@6 needs episodes >= 6, got 5"),
    ({"k": [0]}, "k must be ints >= 1"),
    ({"episodes": 0}, "episodes must be an int >= 1"),
    ({"workers": 0}, "workers must be an int >= 1"),
    ({"agents": "gpt"}, "unknown agent 'gpt'"),
    ({"agents": "nowhere.mod:Agent"}, "cannot import 'nowhere.mod'"),
    ({"agents": "mobilegym_env.agents:Nope"}, "has no attribute 'Nope'"),
    ({"resume": True}, "resume needs an output folder"),
    ({"split": "test", "tasks": ["launcher.open_app"], "difficulty": 4}, "no task matches"),
    ({"agent_timeout": -1}, "agent_timeout must be a positive number"),
    ({"backend": "slurm"}, "backend must be 'local' or 'ray'"),
])
def test_bad_arguments_fail_at_once(kwargs, message):
    kwargs = {"agents": "random", "tasks": TASKS, **kwargs}
    with pytest.raises((ValueError, KeyError), match=message.replace("(", r"\(")):
        Evaluation(kwargs.pop("agents"), kwargs.pop("tasks"), **kwargs)


def test_existing_results_need_resume_and_the_same_step_budget(tmp_path):
    evaluate("random", "launcher.open_app", episodes=1, out=tmp_path, max_steps=3)
    with pytest.raises(ValueError, match="already holds results.jsonl: pass --resume"):
        Evaluation("random", "launcher.open_app", episodes=1, out=tmp_path, max_steps=3)
    with pytest.raises(ValueError, match="was run with max_steps=3"):
        Evaluation("random", "launcher.open_app", episodes=1, out=tmp_path, resume=True)


def test_duplicate_selections_count_once_and_filters_apply():
    ev = Evaluation(["random", "random"], ["launcher.open_app", "launcher", "launcher.*"],
                    episodes=1)
    assert list(ev.agents) == ["random"]
    assert len(ev.task_ids) == len(set(ev.task_ids)) == len(Evaluation(
        "random", "launcher", episodes=1).task_ids)
    ev = Evaluation("random", "launcher", episodes=1, split="test", difficulty=[2, 3])
    from mobilegym_env.task import registry
    assert ev.task_ids and all(registry()[t].split_name() == "test"
                               and registry()[t].difficulty in (2, 3) for t in ev.task_ids)


def test_outputs_summary_json_csv_and_a_plot(tmp_path):
    pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")
    result = evaluate(["oracle", "random"], TASKS, episodes=2, k=[2], out=tmp_path, plot=True)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary == result.summary
    assert set(summary["agents"]["oracle"]) == {"overall", "by_suite", "by_difficulty",
                                                "by_objective", "by_task"}
    assert summary["agents"]["oracle"]["by_suite"]["launcher"]["tasks"] == 2
    rows = (tmp_path / "summary.csv").read_text().splitlines()
    assert rows[0].startswith("agent,by,group,tasks,trials,successes,success_rate,pass@1,"
                              "pass@2,mean_progress,clean_rate,mean_steps,errors,"
                              "false_complete_rate,side_effect_rate,over_step_rate,"
                              "steps_over_oracle")
    assert "oracle,overall,all,3,6,6,1.0,1.0,1.0,1.0,1.0," in rows[1]
    assert (tmp_path / "summary.csv").read_text() == summary_csv(summary)
    png = (tmp_path / "passk.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_plot_without_matplotlib_says_how_to_install_it(monkeypatch, tmp_path):
    import sys
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError, match=r'pip install "mobilegym-env\[plot\]"'):
        Evaluation("random", TASKS, episodes=1, out=tmp_path, plot=True)
    assert not (tmp_path / "results.jsonl").exists()


def test_recorded_trials_replay_identically(tmp_path):
    evaluate(["oracle", "random"], ["notes.pin_note"], episodes=1, out=tmp_path, record=True)
    files = sorted((tmp_path / "trajectories").rglob("*.jsonl"))
    assert [f.relative_to(tmp_path / "trajectories").as_posix() for f in files] == [
        "oracle/notes.pin_note/seed0.jsonl", "random/notes.pin_note/seed0.jsonl"]
    for f in files:
        report = replay(f)
        assert report.ok and report.steps > 0, report


class Spy:
    """Keeps what the harness tells it."""

    wants_ui_tree = True

    def __init__(self):
        self.seen = []

    def reset(self, instruction, info):
        self.seen.append(("reset", instruction, dict(info)))

    def act(self, observation, info):
        self.seen.append(("act", observation.shape, dict(info)))
        return A.done()


def test_agents_get_the_instruction_and_ui_tree_but_never_the_verdict():
    spy = Spy()
    evaluate(spy, "launcher.open_app", episodes=1, seed=7)
    (_, instruction, info), (_, shape, act_info) = spy.seen
    assert instruction == info["instruction"] and shape == (800, 360, 3)
    assert set(info) == {*PUBLIC_INFO, "ui_tree"} == set(act_info)
    assert (info["seed"], info["step"], info["max_steps"], info["task_id"]) == \
        (7, 0, 14, "launcher.open_app")
    assert any(n["clickable"] and n["text"] for n in info["ui_tree"])


def test_agents_from_a_module_or_a_file_spec(tmp_path):
    path = tmp_path / "my_agent.py"
    path.write_text("from mobilegym_env import actions as A\n"
                    "class Back:\n"
                    "    def reset(self, instruction, info): pass\n"
                    "    def act(self, observation, info): return A.back()\n"
                    "def make(): return Back()\n")
    spec = f"{path}:make"
    result = evaluate(spec, "launcher.open_app", episodes=2, workers=2)
    assert [r["agent"] for r in result.records] == ["make", "make"]  # the factory's name
    assert all(r["steps"] == 14 and r["error"] is None for r in result.records)  # the budget
    assert type(make_agent("mobilegym_env.agents:RandomAgent")) is RandomAgent
    with pytest.raises(ValueError, match="has no reset or act method"):
        make_agent("builtins:dict")  # callable, but what it returns is no agent
    assert load_factory("random") is RandomAgent


def test_random_agent_mix_is_valid_sensible_and_seeded():
    agent = RandomAgent()
    agent.reset("", {"seed": 3})
    obs = np.zeros((800, 360, 3), np.uint8)
    kinds = [A.parse(agent.act(obs, {})).kind.name for _ in range(2000)]
    counts = {k: kinds.count(k) for k in set(kinds)}
    assert "DONE" not in counts and "ANSWER" not in counts
    assert counts["TAP"] > 900 and 10 < counts["DOUBLE_TAP"] < 100
    assert {"SWIPE", "TYPE", "BACK", "HOME", "RECENTS", "ENTER", "LONG_PRESS"} <= set(counts)
    again = RandomAgent()
    again.reset("", {"seed": 3})
    assert [A.parse(again.act(obs, {})).kind.name for _ in range(50)] == kinds[:50]


def test_ray_backend_gives_the_same_results(tmp_path):
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install "
                                            "'mobilegym-env[ray]'); the ray backend is "
                                            "tested where it is")
    local = evaluate(["oracle", "random"], TASKS, episodes=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = evaluate(["oracle", "random"], TASKS, episodes=2, backend="ray",
                          out=tmp_path)
    finally:
        ray.shutdown()
    assert _strip(remote.records) == _strip(local.records)
    assert remote.summary == local.summary
    assert (tmp_path / "summary.json").exists()


NO_RAY = importlib.util.find_spec("ray") is None


@pytest.mark.parametrize(("argv", "message"), [
    (["-k", "0", "--out", "out"], "error: k must be ints >= 1, got [0]"),
    (["--tasks", "nope", "--out", "out"], "error: unknown task or suite 'nope'"),
    (["--agent", "gpt", "--out", "out"], "error: unknown agent 'gpt'"),
    (["--episodes", "2", "-k", "3", "--out", "out"], "error: pass@3 needs episodes >= 3, got 2"),
    (["--resume"], "error: resume needs an output folder"),
    (["--episodes", "x", "--out", "out"],
     "mobilegym eval: error: argument --episodes: invalid int value: 'x'"),
    pytest.param(["--backend", "ray", "--out", "out"],
                 'error: the ray backend needs Ray: pip install "mobilegym-env[ray]"',
                 marks=pytest.mark.skipif(not NO_RAY, reason="Ray is installed here")),
])
def test_cli_bad_arguments_fail_at_once_in_one_line(argv, message, capsys, tmp_path,
                                                    monkeypatch):
    from mobilegym_env.cli import main

    monkeypatch.chdir(tmp_path)
    try:
        code = main(["eval", *argv])
    except SystemExit as stop:  # argparse's own errors
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []  # nothing ran, nothing was written


def test_cli_tables_per_suite_difficulty_objective_and_narrow_terminals(capsys, monkeypatch,
                                                                        tmp_path):
    from mobilegym_env.cli import main

    monkeypatch.setenv("COLUMNS", "60")
    ids = ["launcher.switch_to_recent_app", "notes.pin_note"]
    assert main(["eval", "--agent", "oracle", "--tasks", *ids, "--episodes", "1", "-k", "1",
                 "--per-task", "--quiet", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "…" not in out  # folded onto more lines, never cut
    flat = "".join(line.strip().split(" ")[0] for line in out.splitlines())
    assert all(i in flat for i in ids)
    for row in ("suite", "launcher", "notes", "difficulty", "L2", "objective", "operate",
                "all"):
        assert f"\n {row} " in out or f"\n  {row} " in out, row


AGENT_FILE = """\
from mobilegym_env import actions as A


class Back:
    def reset(self, instruction, info): pass
    def act(self, observation, info): return A.back()


class Named(Back):
    name = "{name}"


def make_agent(): return Named()
def make_unnamed(): return Back()
"""


def test_agents_given_by_spec_get_short_unique_names_and_run_json_keeps_the_specs(tmp_path):
    for folder, name in (("a", "alpha"), ("b", "alpha")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / f"{folder}_agents.py").write_text(AGENT_FILE.format(name=name))
    a, b = (f"{tmp_path}/{f}/{f}_agents.py" for f in "ab")
    ev = Evaluation(["oracle", f"{a}:Back", f"{a}:make_unnamed", "random", f"{a}:make_agent",
                     f"{b}:make_agent", f"{a}:Back"], "launcher.open_app", episodes=1,
                    out=tmp_path / "out")
    # a class by its name, a factory by its agent's name or else its own; the built-in
    # names stay; a name two specs share gets the module's stem; a spec named twice runs once
    assert list(ev.agents) == ["oracle", "Back", "make_unnamed", "random", "a_agents.alpha",
                               "b_agents.alpha"]
    result = ev.run()
    assert [r["agent"] for r in result.records] == list(ev.agents)
    run = json.loads((tmp_path / "out" / "run.json").read_text())
    assert run["agent_specs"] == {"oracle": "oracle", "Back": f"{a}:Back",
                                  "make_unnamed": f"{a}:make_unnamed", "random": "random",
                                  "a_agents.alpha": f"{a}:make_agent",
                                  "b_agents.alpha": f"{b}:make_agent"}
    # resumed with one of the two, whose name alone would be "alpha": it keeps its records'
    resumed = Evaluation([f"{a}:make_agent"], "launcher.open_app", episodes=2,
                         out=tmp_path / "out", resume=True)
    assert list(resumed.agents) == ["a_agents.alpha"] and len(resumed.pending) == 1
    # the same name for another agent is refused, not mixed with the other's records
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "a_agents.py").write_text(AGENT_FILE.format(name="alpha"))
    with pytest.raises(ValueError, match=r"agent 'Back' was .*a_agents.py:Back in .*, not "
                                         r".*c/a_agents.py:Back: resume with that agent"):
        Evaluation([f"{tmp_path}/c/a_agents.py:Back"], "launcher.open_app", episodes=1,
                   out=tmp_path / "out", resume=True)


def test_resume_matches_records_named_by_their_whole_spec(tmp_path):
    """Results of a version that named an agent by its spec resume under that name."""
    spec = "mobilegym_env.agents:RandomAgent"
    first = evaluate(spec, "launcher.open_app", episodes=1, out=tmp_path)
    assert [r["agent"] for r in first.records] == ["RandomAgent"]
    lines = (tmp_path / "results.jsonl").read_text().replace('"RandomAgent"', f'"{spec}"')
    (tmp_path / "results.jsonl").write_text(lines)
    (tmp_path / "run.json").unlink()
    ev = Evaluation(spec, "launcher.open_app", episodes=2, out=tmp_path, resume=True)
    assert list(ev.agents) == [spec] and ev.pending == [(spec, "launcher.open_app", 1)]


def test_an_interrupted_run_stops_its_workers_and_keeps_whole_records(tmp_path):
    import multiprocessing
    from pathlib import Path

    seen: list[int] = []

    def children() -> set[int]:
        found = set()
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                if stat.read_text().rpartition(")")[2].split()[1] == str(os.getpid()):
                    found.add(int(stat.parent.name))
            except OSError:  # a process that ended meanwhile
                pass
        return found

    # earlier tests in this process may have left children of their own (a display server,
    # the resource tracker): only the pool's workers are this run's
    before = children() if sys.platform.startswith("linux") else set()

    def interrupt(record):
        seen.extend(children() - before)
        raise KeyboardInterrupt  # as Ctrl-C does, at the first record

    ev = Evaluation("random", TASKS, episodes=3, workers=2, out=tmp_path)
    with pytest.raises(KeyboardInterrupt):
        ev.run(interrupt)
    assert multiprocessing.active_children() == []
    if sys.platform.startswith("linux"):
        assert len(seen) >= 2 and not any(Path(f"/proc/{pid}").exists() for pid in seen)
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["agent"] == "random"
    resumed = Evaluation("random", TASKS, episodes=3, workers=2, out=tmp_path,
                         resume=True).run()
    full = evaluate("random", TASKS, episodes=3)
    assert _strip(resumed.records) == _strip(full.records)


def test_resume_with_fewer_episodes_keeps_the_other_seeds(tmp_path):
    evaluate("random", "launcher.open_app", episodes=3, out=tmp_path)
    fewer = evaluate("random", "launcher.open_app", episodes=1, out=tmp_path, resume=True)
    assert [r["seed"] for r in fewer.records] == [0]
    stored = [json.loads(line)["seed"] for line in
              (tmp_path / "results.jsonl").read_text().splitlines()]
    assert stored == [0, 1, 2]


def _rec(success, clean=True, terminated=True, truncated=False, error=None, steps=4,
         oracle_steps=4):
    return {"task": "t", "success": success, "clean": clean, "terminated": terminated,
            "truncated": truncated, "error": error, "steps": steps,
            "oracle_steps": oracle_steps, "progress": 1.0 if success else 0.0}


def test_behaviour_rates_count_false_completions_side_effects_and_budgets():
    from mobilegym_env.results import behaviour_stats

    records = [
        _rec(True, steps=8, oracle_steps=4),                # passed in twice the oracle's
        _rec(True, steps=4, oracle_steps=None),             # no oracle run to compare with
        _rec(False),                                        # DONE while failing
        _rec(False, clean=False, terminated=False, truncated=True),  # out of steps
        _rec(False, terminated=False, error="agent error"),  # an error is no false DONE
    ]
    assert behaviour_stats(records) == {"false_complete_rate": 0.2, "side_effect_rate": 0.2,
                                        "over_step_rate": 0.2, "steps_over_oracle": 2.0}
    assert behaviour_stats([_rec(False)])["steps_over_oracle"] is None


def test_records_carry_the_oracles_steps_on_the_same_seed():
    result = evaluate(["oracle", "greedy"], "launcher.open_app", episodes=2, k=[1])
    oracle = [r for r in result.records if r["agent"] == "oracle"]
    greedy = [r for r in result.records if r["agent"] == "greedy"]
    assert [r["oracle_steps"] for r in greedy] == [r["steps"] for r in oracle]
    stats = result.summary["agents"]["greedy"]["overall"]
    assert stats["steps_over_oracle"] == sum(
        g["steps"] / o["steps"] for g, o in zip(greedy, oracle, strict=True)
        if g["success"]) / sum(g["success"] for g in greedy)
