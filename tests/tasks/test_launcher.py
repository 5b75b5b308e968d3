"""Launcher judges on hand-built states."""

from __future__ import annotations

import copy

from mobilegym_env.task import registry


def _state(tasks: list[dict], active: str | None, recents_open: bool = False) -> dict:
    return {"os": {"tasks": {"active_task_id": active, "recents": [t["task_id"] for t in tasks],
                             "tasks": tasks},
                   "system_ui": {"recents_open": recents_open},
                   "launcher": {"pages": [["notes", "files"]], "dock": ["messages"]}},
            "apps": {}}


def _task(tid: str, app: str) -> dict:
    return {"task_id": tid, "root_app_id": app, "stack": [{"app_id": app}]}


def test_open_app_needs_the_app_in_front_and_nothing_else_changed():
    task = registry()["launcher.open_app"]({"app_id": "notes"})
    home = _state([], None)
    notes = _state([_task("t1", "notes")], "t1")
    assert task.judge(home, notes).success
    assert not task.judge(home, _state([_task("t1", "files")], "t1")).success
    assert not task.judge(home, _state([_task("t1", "notes")], "t1", recents_open=True)).success
    assert not task.judge(home, home).success
    moved = copy.deepcopy(notes)
    moved["os"]["launcher"]["dock"] = []  # collateral: the dock lost an icon
    v = task.judge(home, moved)
    assert v.checks[0].passed and not v.clean
    assert [str(c) for c in v.unexpected_changes] == ['os.launcher.dock: ["messages"] -> []']


def test_switch_back_accepts_the_same_session_only():
    task = registry()["launcher.switch_to_recent_app"](
        {"app_id": "notes", "others": ["files", "gallery"], "end_home": True})
    before = _state([_task("t1", "notes"), _task("t2", "files"), _task("t3", "gallery")], None)
    same = copy.deepcopy(before)
    same["os"]["tasks"]["active_task_id"] = "t1"
    assert task.judge(before, same).success
    reopened = _state([_task("t4", "notes"), _task("t2", "files"), _task("t3", "gallery")], "t4")
    assert not task.judge(before, reopened).success


def test_close_from_recents_keeps_the_others():
    task = registry()["launcher.close_from_recents"](
        {"app_id": "notes", "others": ["files", "gallery"], "end_home": False})
    before = _state([_task("t1", "notes"), _task("t2", "files"), _task("t3", "gallery")], "t3")
    closed = _state([_task("t2", "files"), _task("t3", "gallery")], None, recents_open=True)
    assert task.judge(before, closed).success
    too_much = _state([_task("t3", "gallery")], None, recents_open=True)
    v = task.judge(before, too_much)
    assert not v.success and not v.checks[1].passed
    assert "expected tasks ['t2', 't3'] kept" in v.checks[1].detail
