"""Launcher judges on hand-built states, and the per-seed layouts the suite draws."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

import mobilegym_env
from mobilegym_env.device import Device
from mobilegym_env.kernel import installed_apps
from mobilegym_env.kernel.system_ui import DOCK_SIZE, PAGE_SIZE
from mobilegym_env.task import registry

APPS = installed_apps().app_ids


def _state(pages: list[list[str]], dock: list[str], folders: list[dict] | None = None,
           tasks: list[dict] | None = None, active: str | None = None,
           recents_open: bool = False) -> dict[str, Any]:
    tasks = tasks or []
    folders = folders or []
    return {"os": {"tasks": {"active_task_id": active, "recents": [t["task_id"] for t in tasks],
                             "tasks": tasks},
                   "system_ui": {"recents_open": recents_open},
                   "launcher": {"pages": pages, "dock": dock, "folders": folders,
                                "next_folder_id": max([f["id"] for f in folders], default=0) + 1}},
            "apps": {}}


def _task(tid: str, app: str) -> dict:
    return {"task_id": tid, "root_app_id": app, "stack": [{"app_id": app}]}


def _folder(fid: int, name: str, apps: list[str]) -> dict:
    return {"id": fid, "name": name, "apps": apps}


def _judge(task_id: str, params: dict, initial: dict, final: dict, answer: str | None = None):
    return registry()[task_id](params).judge(initial, final, answer)


def _edit(state: dict, **launcher: Any) -> dict:
    out = copy.deepcopy(state)
    out["os"]["launcher"].update(copy.deepcopy(launcher))
    return out


# ----- opening apps and Recents
def test_open_app_needs_the_app_in_front_and_nothing_else_changed():
    task = registry()["launcher.open_app"]({"app_id": "notes"})
    home = _state([["notes", "files"]], ["messages"])
    notes = _state([["notes", "files"]], ["messages"], tasks=[_task("t1", "notes")], active="t1")
    assert task.judge(home, notes).success
    assert not task.judge(home, _state([["notes"]], [], tasks=[_task("t1", "files")],
                                       active="t1")).success
    assert not task.judge(home, _state([["notes", "files"]], ["messages"],
                                       tasks=[_task("t1", "notes")], active="t1",
                                       recents_open=True)).success
    assert not task.judge(home, home).success
    moved = _edit(notes, dock=[])  # collateral: the dock lost an icon
    v = task.judge(home, moved)
    assert v.checks[0].passed and not v.clean
    assert [str(c) for c in v.unexpected_changes] == ['os.launcher.dock: ["messages"] -> []']


def test_switch_back_accepts_the_same_session_only():
    task = registry()["launcher.switch_to_recent_app"](
        {"app_id": "notes", "others": ["files", "gallery"], "end_home": True})
    tasks = [_task("t1", "notes"), _task("t2", "files"), _task("t3", "gallery")]
    before = _state([["notes"]], [], tasks=tasks)
    same = copy.deepcopy(before)
    same["os"]["tasks"]["active_task_id"] = "t1"
    assert task.judge(before, same).success
    reopened = _state([["notes"]], [], tasks=[_task("t4", "notes"), *tasks[1:]], active="t4")
    assert not task.judge(before, reopened).success


def test_close_from_recents_keeps_the_others():
    task = registry()["launcher.close_from_recents"](
        {"app_id": "notes", "others": ["files", "gallery"], "end_home": False})
    tasks = [_task("t1", "notes"), _task("t2", "files"), _task("t3", "gallery")]
    before = _state([["notes"]], [], tasks=tasks, active="t3")
    closed = _state([["notes"]], [], tasks=tasks[1:], recents_open=True)
    assert task.judge(before, closed).success
    too_much = _state([["notes"]], [], tasks=tasks[2:], recents_open=True)
    v = task.judge(before, too_much)
    assert not v.success and not v.checks[1].passed
    assert "expected tasks ['t2', 't3'] kept" in v.checks[1].detail


def test_clear_recents_needs_every_task_gone():
    params = {"app_id": "notes", "others": ["files"], "end_home": True}
    before = _state([["notes"]], [], tasks=[_task("t1", "notes"), _task("t2", "files")])
    assert _judge("launcher.clear_recents", params, before, _state([["notes"]], [])).success
    one_left = _state([["notes"]], [], tasks=[_task("t2", "files")])
    assert not _judge("launcher.clear_recents", params, before, one_left).success


# ----- folders
WORK = _state([["contacts", "notes"], ["folder:1", "settings"]], ["messages"],
              [_folder(1, "Work", ["files", "gallery"])])
PAIR = {"apps": ["contacts", "notes"], "folder": "Focus"}


def test_create_folder_passes_with_exactly_those_apps_and_the_name():
    made = _edit(WORK, pages=[["folder:2"], ["folder:1", "settings"]],
                 folders=[_folder(1, "Work", ["files", "gallery"]),
                          _folder(2, "focus", ["notes", "contacts"])], next_folder_id=3)
    v = _judge("launcher.create_folder", PAIR, WORK, made)
    assert v.success, v.explain()  # name in another case, apps in another order
    in_dock = _edit(made, pages=[["folder:1", "settings"]], dock=["messages", "folder:2"])
    assert _judge("launcher.create_folder", PAIR, WORK, in_dock).success  # anywhere on home


def test_create_folder_fails_on_a_near_miss_or_collateral():
    def made(**changes: Any) -> dict:
        base = dict(pages=[["folder:2"], ["folder:1", "settings"]],
                    folders=[_folder(1, "Work", ["files", "gallery"]),
                             _folder(2, "Focus", ["contacts", "notes"])], next_folder_id=3)
        return _edit(WORK, **{**base, **changes})
    assert not _judge("launcher.create_folder", PAIR, WORK, WORK).success
    unnamed = made(folders=[_folder(1, "Work", ["files", "gallery"]),
                            _folder(2, "", ["contacts", "notes"])])
    assert not _judge("launcher.create_folder", PAIR, WORK, unnamed).success
    extra = made(pages=[["folder:2"], ["folder:1"]],
                 folders=[_folder(1, "Work", ["files", "gallery"]),
                          _folder(2, "Focus", ["contacts", "notes", "settings"])])
    assert not _judge("launcher.create_folder", PAIR, WORK, extra).success
    moved_other = made(pages=[["folder:2", "settings"], ["folder:1"]])
    v = _judge("launcher.create_folder", PAIR, WORK, moved_other)
    assert v.progress == 1 and not v.clean  # the folder is right; Settings moved too
    assert [c.path for c in v.unexpected_changes] == ["os.launcher.pages"]
    renamed_decoy = made(folders=[_folder(1, "Tools", ["files", "gallery"]),
                                  _folder(2, "Focus", ["contacts", "notes"])])
    v = _judge("launcher.create_folder", PAIR, WORK, renamed_decoy)
    assert not v.clean and str(v.unexpected_changes[0]).startswith(
        "os.launcher.folders[id=1].name")


def test_create_folder_of_three():
    params = {"apps": ["contacts", "notes", "messages"], "folder": "Team"}
    made = _edit(WORK, pages=[["folder:2"], ["folder:1", "settings"]], dock=[],
                 folders=[_folder(1, "Work", ["files", "gallery"]),
                          _folder(2, "Team", ["contacts", "notes", "messages"])])
    assert _judge("launcher.create_folder_of_three", params, WORK, made).success
    two = _edit(made, dock=["messages"], folders=[_folder(1, "Work", ["files", "gallery"]),
                                                  _folder(2, "Team", ["contacts", "notes"])])
    assert not _judge("launcher.create_folder_of_three", params, WORK, two).success


def test_rename_folder():
    two = _edit(WORK, folders=[_folder(1, "Work", ["files", "gallery"]),
                               _folder(2, "Tools", ["contacts", "notes"])],
                pages=[["folder:2"], ["folder:1", "settings"]])
    params = {"old": "Work", "new": "Home stuff"}
    renamed = _edit(two, folders=[_folder(1, "home  stuff", ["files", "gallery"]),
                                  _folder(2, "Tools", ["contacts", "notes"])])
    assert _judge("launcher.rename_folder", params, two, renamed).success
    near = _edit(renamed, folders=[_folder(1, "Home stuf", ["files", "gallery"]),
                                   _folder(2, "Tools", ["contacts", "notes"])])
    assert not _judge("launcher.rename_folder", params, two, near).success
    both = _edit(renamed, folders=[_folder(1, "Home stuff", ["files", "gallery"]),
                                   _folder(2, "Home stuff", ["contacts", "notes"])])
    v = _judge("launcher.rename_folder", params, two, both)
    assert v.checks[0].passed and not v.clean
    assert not _judge("launcher.rename_folder", params, two, two).success


def test_rename_the_folder_that_holds_an_app():
    two = _edit(WORK, folders=[_folder(1, "Work", ["files", "gallery"]),
                               _folder(2, "Tools", ["contacts", "notes"])],
                pages=[["folder:2"], ["folder:1", "settings"]])
    params = {"app_id": "notes", "new": "Reading"}
    right = _edit(two, folders=[_folder(1, "Work", ["files", "gallery"]),
                                _folder(2, "Reading", ["contacts", "notes"])])
    wrong = _edit(two, folders=[_folder(1, "Reading", ["files", "gallery"]),
                                _folder(2, "Tools", ["contacts", "notes"])])
    assert _judge("launcher.rename_folder_of_app", params, two, right).success
    assert not _judge("launcher.rename_folder_of_app", params, two, wrong).success


def test_add_to_folder_in_any_order_from_another_page():
    params = {"app_id": "contacts", "folder": "Work"}
    added = _edit(WORK, pages=[["notes"], ["folder:1", "settings"]],
                  folders=[_folder(1, "Work", ["contacts", "files", "gallery"])])
    assert _judge("launcher.add_to_folder", params, WORK, added).success
    also_notes = _edit(WORK, pages=[["folder:1", "settings"]],
                       folders=[_folder(1, "Work", ["files", "gallery", "contacts", "notes"])])
    assert not _judge("launcher.add_to_folder", params, WORK, also_notes).success
    moved_only = _edit(WORK, pages=[["notes"], ["folder:1", "settings", "contacts"]])
    assert not _judge("launcher.add_to_folder", params, WORK, moved_only).success


def test_take_out_of_folder_keeps_the_folder_and_the_app_on_the_home_screen():
    three = _edit(WORK, folders=[_folder(1, "Work", ["files", "gallery", "notes"])],
                  pages=[["contacts"], ["folder:1", "settings"]])
    params = {"app_id": "gallery", "folder": "Work"}
    out = _edit(three, pages=[["contacts"], ["folder:1", "settings", "gallery"]],
                folders=[_folder(1, "Work", ["files", "notes"])])
    assert _judge("launcher.take_out_of_folder", params, three, out).success
    in_dock = _edit(out, pages=[["contacts"], ["folder:1", "settings"]],
                    dock=["messages", "gallery"])
    assert _judge("launcher.take_out_of_folder", params, three, in_dock).success
    removed = _edit(out, pages=[["contacts"], ["folder:1", "settings"]])
    v = _judge("launcher.take_out_of_folder", params, three, removed)
    assert not v.success and not v.checks[1].passed  # it left the home screen too
    two_out = _edit(out, pages=[["contacts"], ["folder:1", "settings", "gallery", "notes"]],
                    folders=[_folder(1, "Work", ["files"])])
    assert not _judge("launcher.take_out_of_folder", params, three, two_out).success


# ----- moving, removing and adding icons
def test_move_to_page():
    start = _state([["contacts", "notes"], ["files"], ["gallery"]], ["messages"])
    params = {"app_id": "notes", "page": 3, "from_page": 1}
    moved = _edit(start, pages=[["contacts"], ["files"], ["notes", "gallery"]])
    assert _judge("launcher.move_to_page", params, start, moved).success  # any slot on it
    wrong_page = _edit(start, pages=[["contacts"], ["files", "notes"], ["gallery"]])
    assert not _judge("launcher.move_to_page", params, start, wrong_page).success
    collateral = _edit(start, pages=[["contacts"], ["files"], ["gallery", "notes"]],
                       dock=[])
    v = _judge("launcher.move_to_page", params, start, collateral)
    assert v.progress == 1 and not v.clean
    assert not _judge("launcher.move_to_page", params, start, start).success


def test_move_to_dock_and_the_last_page_app():
    start = _state([["contacts", "notes"], ["files"]], ["messages"])
    for task_id in ("launcher.move_to_dock", "launcher.move_last_page_app_to_dock"):
        params = {"app_id": "files"}
        docked = _edit(start, pages=[["contacts", "notes"]], dock=["files", "messages"])
        assert _judge(task_id, params, start, docked).success  # its page empties and goes
        swapped = _edit(start, pages=[["contacts", "notes"], ["messages"]], dock=["files"])
        v = _judge(task_id, params, start, swapped)
        assert v.progress == 1 and not v.clean  # Messages left the dock for it
        assert not _judge(task_id, params, start, start).success


def test_remove_from_home():
    start = _state([["contacts", "notes"], ["files"]], ["messages"],
                   [_folder(1, "Work", ["gallery", "settings"])])
    start["os"]["launcher"]["pages"][1].append("folder:1")
    params = {"app_id": "notes"}
    gone = _edit(start, pages=[["contacts"], ["files", "folder:1"]])
    assert _judge("launcher.remove_from_home", params, start, gone).success
    two_gone = _edit(start, pages=[["notes"], ["files", "folder:1"]])
    assert not _judge("launcher.remove_from_home", params, start, two_gone).success
    filed = _edit(gone, folders=[_folder(1, "Work", ["gallery", "settings", "notes"])])
    v = _judge("launcher.remove_from_home", params, start, filed)
    assert not v.success and not v.checks[0].passed  # hidden in a folder is not removed


def test_add_to_home():
    start = _state([["contacts"], ["files"]], ["messages"])
    params = {"app_id": "notes"}
    assert _judge("launcher.add_to_home", params, start,
                  _edit(start, pages=[["contacts", "notes"], ["files"]])).success
    assert _judge("launcher.add_to_home", params, start,
                  _edit(start, pages=[["contacts"], ["files"], ["notes"]])).success
    assert not _judge("launcher.add_to_home", params, start, start).success
    displaced = _edit(start, pages=[["notes"], ["files", "contacts"]])
    assert not _judge("launcher.add_to_home", params, start, displaced).success


# ----- questions
def test_folder_apps_query():
    state = _state([["folder:1", "folder:2"]], [], [_folder(1, "Work", ["files", "gallery"]),
                                                    _folder(2, "Tools", ["notes", "settings"])])
    params = {"folder": "Work"}
    for answer in ("Gallery and Files", "files, gallery", "Files;Gallery"):
        assert _judge("launcher.folder_apps_query", params, state, state, answer).success
    for answer in ("Files", "Files, Gallery, Notes", "Notes and Settings", None):
        assert not _judge("launcher.folder_apps_query", params, state, state, answer).success


def test_page_count_dock_and_page_queries():
    state = _state([["contacts"], ["files", "notes"], ["gallery"]], ["settings", "messages"])
    assert _judge("launcher.page_count_query", {"pages": 3}, state, state, "three").success
    assert _judge("launcher.page_count_query", {"pages": 3}, state, state, "3 pages").success
    assert not _judge("launcher.page_count_query", {"pages": 3}, state, state, "2").success
    dock = {"dock": ["settings", "messages"]}
    for answer in ("Messages", "the messages app", "Messages app"):
        assert _judge("launcher.dock_rightmost_query", dock, state, state, answer).success
    for answer in ("Settings", "Messages and Settings", ""):
        assert not _judge("launcher.dock_rightmost_query", dock, state, state, answer).success
    page = {"app_id": "notes", "page": 2}
    assert _judge("launcher.app_page_query", page, state, state, "Page 2").success
    assert _judge("launcher.app_page_query", page, state, state, "two").success
    assert not _judge("launcher.app_page_query", page, state, state, "3").success


def test_folder_of_app_query():
    state = _state([["folder:1"], ["folder:2"]], [], [_folder(1, "Work", ["files", "gallery"]),
                                                      _folder(2, "Tools", ["notes", "settings"])])
    params = {"app_id": "notes"}
    for answer in ("Tools", "the Tools folder", "tools"):
        assert _judge("launcher.folder_of_app_query", params, state, state, answer).success
    for answer in ("Work", "Tools or Work"):
        assert not _judge("launcher.folder_of_app_query", params, state, state, answer).success


# ----- the layouts the suite draws
HOME_TASKS = [t for t in mobilegym_env.list_tasks("launcher")]


@pytest.mark.parametrize("task_id", HOME_TASKS)
def test_every_seed_draws_a_valid_layout(task_id):
    cls = registry()[task_id]
    seen = set()
    for seed in range(40):
        rng = np.random.default_rng(seed)
        d = Device()
        params = cls.sample_params(rng, d)
        cls.validate_params(params, d)
        cls(params).initialize(d, rng)
        lay = d.state()["os"]["launcher"]
        on_pages = [e for p in lay["pages"] for e in p]
        in_folders = [a for f in lay["folders"] for a in f["apps"]]
        shown = on_pages + lay["dock"]
        apps = [e for e in shown if not e.startswith("folder:")] + in_folders
        assert len(apps) == len(set(apps)) and set(apps) <= set(APPS), lay
        assert sorted(e for e in shown if e.startswith("folder:")) == \
            sorted(f"folder:{f['id']}" for f in lay["folders"])
        assert all(lay["pages"]) and all(len(p) <= PAGE_SIZE for p in lay["pages"])
        assert len(lay["dock"]) <= DOCK_SIZE
        assert all(len(f["apps"]) >= 2 and f["name"] for f in lay["folders"])
        assert len({f["name"] for f in lay["folders"]}) == len(lay["folders"])
        seen.add(repr(lay))
    if task_id != "launcher.open_app":  # open_app plays the factory layout (README)
        assert len(seen) >= 10  # layouts vary with the seed


def test_layouts_meet_each_task_s_premise():
    for seed in range(30):
        for task_id, premise in PREMISES.items():
            cls = registry()[task_id]
            rng = np.random.default_rng(seed)
            d = Device()
            task = cls(cls.sample_params(rng, d))
            task.initialize(d, rng)
            assert premise(task.params, d.kernel.launcher), (task_id, seed, d.kernel.launcher)


PREMISES = {
    "launcher.open_app": lambda p, lay: lay.page_of(p.app_id) in (p.page, None),
    "launcher.open_app_in_folder": lambda p, lay: lay.folder(lay.folder_of(p.app_id))["name"]
    == p.folder and len(lay.folders) == 2,
    "launcher.open_app_from_drawer": lambda p, lay: not lay.on_home(p.app_id),
    "launcher.switch_to_recent_app": lambda p, lay: lay.page_of(p.app_id) == 1,
    "launcher.create_folder": lambda p, lay: lay.page_of(p.apps[0]) == lay.page_of(p.apps[1])
    == 0 and lay.folder_of(p.apps[0]) is None,
    "launcher.create_folder_of_three": lambda p, lay: (lay.page_of(p.apps[0]),
                                                       lay.page_of(p.apps[1]), lay.dock)
    == (0, 1, [p.apps[2]]),
    "launcher.add_to_folder": lambda p, lay: lay.folder_of(p.app_id) is None
    and lay.on_home(p.app_id) and any(f["name"] == p.folder for f in lay.folders),
    "launcher.take_out_of_folder": lambda p, lay: len(lay.folder(lay.folder_of(p.app_id))
                                                      ["apps"]) == 3,
    "launcher.move_to_page": lambda p, lay: lay.page_of(p.app_id) == p.from_page - 1
    and len(lay.pages) == 3 and len(lay.pages[p.from_page - 1]) >= 2,
    "launcher.move_to_dock": lambda p, lay: lay.page_of(p.app_id) is not None
    and len(lay.dock) < DOCK_SIZE,
    "launcher.move_last_page_app_to_dock": lambda p, lay: lay.pages[-1] == [p.app_id],
    "launcher.remove_from_home": lambda p, lay: p.app_id in [e for q in lay.pages for e in q]
    + lay.dock,
    "launcher.add_to_home": lambda p, lay: not lay.on_home(p.app_id),
    "launcher.rename_folder_of_app": lambda p, lay: lay.folder_of(p.app_id) is not None
    and len(lay.folders) >= 2,
    "launcher.page_count_query": lambda p, lay: len(lay.pages) == p.pages,
    "launcher.dock_rightmost_query": lambda p, lay: lay.dock == list(p.dock),
    "launcher.app_page_query": lambda p, lay: lay.page_of(p.app_id) == p.page - 1
    and lay.folder_of(p.app_id) is None,
}
