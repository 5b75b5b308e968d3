"""The ``mobilegym`` command as a user runs it: agents and tasks from modules in the current
folder or a file, stopping with Ctrl-C or ``kill`` (no worker left, results resumable, one
line said), progress where stderr is no terminal, defaults and one-line errors."""

from __future__ import annotations

import importlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mobilegym_env import __version__
from mobilegym_env.cli import _PlainProgress, main

# -I: neither the current folder nor PYTHON* variables on sys.path, as for the installed
# `mobilegym` script (whose sys.path[0] is the script's folder): `python -m` alone would hide
# a module that is found only because the current folder happens to be on sys.path
CLI = [sys.executable, "-I", "-m", "mobilegym_env.cli"]

TAP_THE_ICON = '''\
from mobilegym_env import actions as A


class TapTheIcon:
    wants_ui_tree = True

    def reset(self, instruction, info):
        self.app = instruction.removeprefix("Open the ").removesuffix(" app.")

    def act(self, observation, info):
        icons = [n for n in info["ui_tree"] if n["role"] == "app_icon" and n["text"] == self.app]
        if info["step"] == 0 or not icons:
            return A.home()
        x0, y0, x1, y1 = icons[0]["bounds"]
        h, w = observation.shape[:2]
        return A.tap((x0 + x1) / 2 / w, (y0 + y1) / 2 / h)
'''

SLOW = '''\
import os
import time

from mobilegym_env import actions as A


class Slow:
    """Waits SLOW seconds (default 0.2) per step: a run long enough to be stopped."""

    def reset(self, instruction, info):
        pass

    def act(self, observation, info):
        time.sleep(float(os.environ.get("SLOW", "0.2")))
        return A.wait()
'''

# a task defined outside the package, registered when its module is imported (as
# docs/authoring.md shows); {suite} makes each test's ids its own
USER_TASKS = '''\
from dataclasses import dataclass

import mobilegym_env
from mobilegym_env import checks as C
from mobilegym_env import oracle as O


@mobilegym_env.register_task
class PinNote(mobilegym_env.Task):
    """Pin a note (a task a user registers)."""

    suite = "{suite}"
    name = "pin_note"
    template = "Pin the note titled '{{title}}'."
    difficulty = 2
    objective = "operate"
    apps = ("notes",)
    start = mobilegym_env.Start(app="notes")

    @dataclass(frozen=True)
    class Params:
        note_id: int
        title: str

    @classmethod
    def sample_params(cls, rng, device):
        notes = [n for n in device.kernel.app_state("notes")["notes"] if not n["pinned"]]
        note = notes[int(rng.integers(len(notes)))]
        return cls.Params(note["id"], note["title"])

    def checks(self, initial):
        return [C.modified("apps.notes.notes", id=self.params.note_id,
                           fields={{"pinned": True}})]

    def oracle(self, device):
        row = yield from O.scroll_to(device, text_contains=self.params.title, role="list_item")
        yield O.tap(device, row)
        yield O.tap(device, O.node(device, where=lambda n: n["text"] in ("Pin", "Pin note")))
'''


def _cli(args, cwd, env=None, **kwargs):
    return subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})}, **kwargs)


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# ----- modules from the current folder or a file
def test_an_agent_module_in_the_current_folder_is_found_also_by_worker_processes(tmp_path):
    (tmp_path / "my_agents.py").write_text(TAP_THE_ICON)
    done = _cli(["eval", "--agent", "my_agents:TapTheIcon", "--tasks", "launcher.open_app",
                 "--episodes", "2", "--workers", "2", "--quiet", "--out", "out"], tmp_path)
    assert done.returncode == 0, done.stderr
    records = _records(tmp_path / "out" / "results.jsonl")
    assert [(r["agent"], r["success"], r["error"]) for r in records] == \
        [("TapTheIcon", True, None)] * 2
    run = json.loads((tmp_path / "out" / "run.json").read_text())
    assert run["agent_specs"] == {"TapTheIcon": "my_agents:TapTheIcon"}


def test_an_agent_module_that_is_nowhere_says_where_it_was_looked_for(tmp_path, monkeypatch,
                                                                      capsys):
    monkeypatch.setattr(sys, "path", list(sys.path))  # the lookup adds the folder to it
    monkeypatch.chdir(tmp_path)
    assert main(["eval", "--agent", "no_such_agents:Agent", "--tasks", "launcher.open_app"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot import 'no_such_agents'" in err
    assert f"in the current folder ({tmp_path})" in err.replace("\n", "") and "sys.path" in err
    assert main(["eval", "--agent", "sub/agents.py:make", "--tasks", "launcher.open_app"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"no such file {tmp_path / 'sub' / 'agents.py'}" in err


def test_import_registers_tasks_from_a_module_name_or_a_file(tmp_path):
    (tmp_path / "my_tasks.py").write_text(USER_TASKS.format(suite="mine"))
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "tasks.py").write_text(USER_TASKS.format(suite="theirs"))
    done = _cli(["eval", "--import", "my_tasks", "more/tasks.py", "--tasks", "mine.pin_note",
                 "theirs.pin_note", "--agent", "oracle", "--episodes", "2", "--workers", "2",
                 "--quiet", "--out", "out"], tmp_path)
    assert done.returncode == 0, done.stderr
    records = _records(tmp_path / "out" / "results.jsonl")
    assert [(r["task"], r["seed"], r["success"]) for r in records] == [
        ("mine.pin_note", 0, True), ("mine.pin_note", 1, True), ("theirs.pin_note", 0, True),
        ("theirs.pin_note", 1, True)]
    assert all(r["instruction"].startswith("Pin the note titled") for r in records)
    # without --import the ids are unknown; a module that is not there is a one-line error
    done = _cli(["eval", "--tasks", "mine.pin_note", "--episodes", "1", "--quiet"], tmp_path)
    assert done.returncode == 2 and "unknown task or suite 'mine.pin_note'" in done.stderr
    done = _cli(["eval", "--import", "nowhere.py", "--episodes", "1"], tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"--import: cannot import 'nowhere.py': no such file {tmp_path}" in done.stderr


# ----- stopping
def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: no psutil needed)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)],
                         ids=["kill", "ctrl-c"])
def test_a_stopped_eval_leaves_no_worker_and_whole_results_that_resume(tmp_path, signum,
                                                                         code):
    (tmp_path / "slow.py").write_text(SLOW)
    argv = ["eval", "--agent", "slow:Slow", "--tasks", "launcher.open_app", "notes.pin_note",
            "--episodes", "10", "--max-steps", "3", "--workers", "2", "--out", "out",
            "--quiet"]
    # a session of its own: Ctrl-C is sent to the whole group, as a terminal does; and SIGINT
    # as Python expects it, whatever the test runner left it at
    proc = subprocess.Popen([*CLI, *argv], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    results = tmp_path / "out" / "results.jsonl"
    deadline = time.monotonic() + 120
    while not (results.exists() and results.read_text().count("\n") >= 1):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no result within 120 s"
        time.sleep(0.05)
    workers = _children(proc.pid)
    assert len(workers) >= 2, workers
    if signum == signal.SIGINT:
        os.killpg(proc.pid, signum)  # Ctrl-C: the eval and its workers get it
    else:
        os.kill(proc.pid, signum)  # `kill PID`: the eval alone
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    assert out == "" and "Traceback" not in err
    (line,) = err.splitlines()
    match = re.fullmatch(r"interrupted: (\d+) of 20 trials done; results so far in "
                         r"out/results.jsonl \(resume with --resume\)", line)
    assert match, line
    deadline = time.monotonic() + 10
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)], "workers outlived the eval"
    records = _records(results)  # every line whole
    assert len(records) == int(match[1]) < 20
    done = _cli([*argv, "--resume"], tmp_path, env={"SLOW": "0"})
    assert done.returncode == 0, done.stderr
    records = _records(results)
    assert sorted((r["task"], r["seed"]) for r in records) == sorted(
        (t, s) for t in ("launcher.open_app", "notes.pin_note") for s in range(10))
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["agents"]["Slow"]["overall"]["trials"] == 20


def test_interrupted_without_out_says_nothing_was_saved(monkeypatch, capsys):
    from mobilegym_env.evaluate import Evaluation

    def stop(self, on_record=None):
        self.done[self.trials[0]] = {}
        raise KeyboardInterrupt

    monkeypatch.setattr(Evaluation, "run", stop)
    code = main(["eval", "--agent", "random", "--tasks", "launcher.open_app", "--episodes", "2"])
    assert code == 130
    assert capsys.readouterr().err == \
        "interrupted: 1 of 2 trials done; nothing was saved (no --out)\n"


# ----- progress
def test_without_a_terminal_progress_is_plain_lines_on_stderr(tmp_path):
    argv = ["eval", "--agent", "oracle", "--tasks", "launcher.open_app", "--episodes", "2"]
    done = _cli(argv, tmp_path, env={"MOBILEGYM_PROGRESS_EVERY": "0"})
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 2, lines
    assert re.fullmatch(r"eval: 1/2 trials \(50\.0%\), [\dhms]+ elapsed, ETA [\dhms]+, last: "
                        r"oracle launcher\.open_app seed 0", lines[0]), lines[0]
    assert re.fullmatch(r"eval: 2/2 trials \(100\.0%\), [\dhms]+ elapsed, ETA 0s, last: "
                        r"oracle launcher\.open_app seed 1", lines[1]), lines[1]
    assert "agent: oracle" in done.stdout
    quiet = _cli([*argv, "--quiet"], tmp_path, env={"MOBILEGYM_PROGRESS_EVERY": "0"})
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_plain_progress_runs_on_a_clock_while_a_trial_is_slow(capsys):
    progress = _PlainProgress(total=4, done=1, every=0.05)
    time.sleep(0.3)  # no trial ends meanwhile
    progress.update({"agent": "a", "task": "t", "seed": 5})
    progress.close()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) >= 3
    assert re.fullmatch(r"eval: 1/4 trials \(25\.0%\), \d+s elapsed, ETA \?", lines[0])
    assert re.fullmatch(r"eval: 2/4 trials \(50\.0%\), \d+s elapsed, ETA \d+s, last: a t "
                        r"seed 5", lines[-1]), lines[-1]


# ----- defaults, errors, version
def test_k_defaults_to_3_or_the_episodes_if_fewer(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    argv = ["eval", "--agent", "oracle", "--tasks", "launcher.open_app", "--quiet"]
    assert main([*argv, "--episodes", "1"]) == 0
    out = capsys.readouterr().out
    assert "pass@1" in out and "pass@3" not in out
    assert main([*argv, "--episodes", "1", "-k", "3"]) == 2
    err = capsys.readouterr().err
    assert err == "error: pass@3 needs episodes >= 3, got 1\n"


def test_tasks_needs_a_value(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["eval", "--tasks", "--episodes", "1"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == \
        "mobilegym eval: error: argument --tasks: expected at least one argument\n"
    with pytest.raises(SystemExit) as stop:  # the same for gallery's selection
        main(["gallery", "--apps", "--quiet"])
    assert stop.value.code == 2
    assert "argument --apps: expected at least one argument" in capsys.readouterr().err


def test_file_errors_say_which_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "missing.jsonl"]) == 2
    assert capsys.readouterr().err == "error: no such file: missing.jsonl\n"
    # an OSError's args[0] is its errno: the reason and the file are said instead
    target = tmp_path / "no" / "dir" / "shot.png"
    assert main(["screenshot", "--task", "launcher.open_app", "--out", str(target)]) == 2
    assert capsys.readouterr().err == f"error: No such file or directory: {target}\n"


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"mobilegym {__version__}\n"


def test_help_documents_run_json_import_and_stopping(capsys):
    with pytest.raises(SystemExit):
        main(["eval", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("run.json", "--import MODULE", "MOBILEGYM_PROGRESS_EVERY", "SIGTERM",
                  "--resume continues"):
        assert words in text, words


# ----- the plot of an earlier run
def test_resume_without_plot_deletes_the_earlier_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")
    argv = ["eval", "--agent", "oracle", "--tasks", "launcher.open_app", "--quiet", "--out",
            str(tmp_path)]
    assert main([*argv, "--episodes", "1", "--plot"]) == 0
    assert (tmp_path / "passk.png").exists()
    assert "passk.png" in capsys.readouterr().out
    assert main([*argv, "--episodes", "2", "--resume"]) == 0
    assert not (tmp_path / "passk.png").exists()
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == (f"results: {tmp_path}/results.jsonl, summary.json, summary.csv, run.json; "
                    f"deleted the earlier passk.png, which summary.json no longer matches "
                    f"(--plot redraws it)")


def test_spawned_workers_load_agents_and_tasks_from_files_and_the_current_folder(
        tmp_path, monkeypatch):
    """macOS and Windows start workers with spawn: they get agents given by spec as the spec,
    and tasks from a file --import loaded as that file, and load them again."""
    from mobilegym_env.agents import import_module

    # the module (the package's attribute of that name is the function)
    evaluate_module = importlib.import_module("mobilegym_env.evaluate")
    from mobilegym_env.task import unregister_task

    monkeypatch.setattr(evaluate_module, "_START_METHOD", "spawn")
    monkeypatch.setattr(sys, "path", list(sys.path))  # import_module adds the folder to it
    monkeypatch.chdir(tmp_path)
    (tmp_path / "spawn_agents.py").write_text(TAP_THE_ICON)
    (tmp_path / "spawn_tasks.py").write_text(USER_TASKS.format(suite="spawned"))
    import_module(str(tmp_path / "spawn_tasks.py"))
    try:
        result = evaluate_module.evaluate(["spawn_agents:TapTheIcon", "oracle"],
                                          ["launcher.open_app", "spawned.pin_note"],
                                          episodes=2, workers=2)
    finally:
        unregister_task("spawned.pin_note")
        sys.modules.pop("spawn_agents", None)
    outcome = {(r["agent"], r["task"]): r["success"] for r in result.records}
    assert [r["error"] for r in result.records] == [None] * 8
    assert outcome[("TapTheIcon", "launcher.open_app")]
    assert outcome[("oracle", "spawned.pin_note")]
