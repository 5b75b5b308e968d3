"""Files judges on hand-built states: a booted episode's initial state, edited by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task

DL = "/sdcard/Download"
DOCS = "/sdcard/Documents"


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def begin(env: MobileGymEnv, task_id: str, params: dict[str, Any]) -> tuple[Task, dict, dict]:
    """The task, its initial state, and a copy of it to edit into a final state."""
    env.reset(seed=0, options={"task": task_id, "params": params})
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def files(state: dict) -> dict[str, Any]:
    return state["os"]["files"]


def move(state: dict, src: str, dst: str) -> None:
    files(state)[dst] = files(state).pop(src)


def unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# ----- operate
def test_create_folder_in_the_right_place(env):
    task, initial, final = begin(env, "files.create_folder",
                                 {"parent": "Documents/Work", "folder_name": "Scans"})
    assert "'Scans'" in task.instruction and "the Work folder (Documents/Work)" in \
        task.instruction
    assert not task.judge(initial, final).success
    files(final)[f"{DOCS}/Work/Scans"] = {"is_dir": True, "size": 0, "mime": None,
                                          "mtime_ms": 5, "sha1": None}
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    files(wrong)[f"{DOCS}/Scans"] = files(final)[f"{DOCS}/Work/Scans"]
    v = task.judge(initial, wrong)
    assert not v.success and unexpected(v) == ['os.files["/sdcard/Documents/Scans"] (created)']
    as_file = copy.deepcopy(initial)
    files(as_file)[f"{DOCS}/Work/Scans"] = {**files(final)[f"{DOCS}/Work/Scans"],
                                            "is_dir": False}
    assert not task.judge(initial, as_file).success


def test_rename_keeps_the_content(env):
    task, initial, final = begin(env, "files.rename_file", {
        "folder": "Documents", "old_name": "notes.txt", "new_name": "notes_final.txt"})
    move(final, f"{DOCS}/notes.txt", f"{DOCS}/notes_final.txt")
    assert task.judge(initial, final).success
    edited = copy.deepcopy(final)
    files(edited)[f"{DOCS}/notes_final.txt"]["sha1"] = "0" * 12  # renamed, but rewritten
    assert not task.judge(initial, edited).success
    decoy = copy.deepcopy(final)  # the right rename, and the look-alike deleted too
    del files(decoy)[f"{DOCS}/notes_old.txt"]
    v = task.judge(initial, decoy)
    assert not v.success and v.progress == 1.0
    assert unexpected(v) == ['os.files["/sdcard/Documents/notes_old.txt"] (deleted)']


def test_move_and_copy_differ(env):
    params = {"file_name": "lease_agreement.pdf", "source": "Download", "dest": "Documents"}
    mover, initial, moved = begin(env, "files.move_file", params)
    move(moved, f"{DL}/lease_agreement.pdf", f"{DOCS}/lease_agreement.pdf")
    copied = copy.deepcopy(initial)
    files(copied)[f"{DOCS}/lease_agreement.pdf"] = {
        **files(initial)[f"{DL}/lease_agreement.pdf"], "mtime_ms": 1_772_500_000_000}
    assert mover.judge(initial, moved).success
    assert not mover.judge(initial, copied).success  # the original is still in Download
    copier, initial, _ = begin(env, "files.copy_file", params)
    assert "lease_agreement.pdf" in copier.instruction and "cop" in copier.instruction.lower()
    assert copier.judge(initial, copied).success
    v = copier.judge(initial, moved)
    assert not v.success and unexpected(v) == [
        'os.files["/sdcard/Download/lease_agreement.pdf"] (deleted)']


def test_delete_file_spares_the_look_alike(env):
    task, initial, final = begin(env, "files.delete_file",
                                 {"folder": "Documents", "file_name": "notes.txt"})
    del files(final)[f"{DOCS}/notes.txt"]
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    del files(wrong)[f"{DOCS}/notes_old.txt"]
    v = task.judge(initial, wrong)
    assert not v.success and not v.checks[0].passed and not v.clean


def test_delete_matching_needs_all_targets_and_no_decoy(env):
    task, initial, final = begin(env, "files.delete_matching", {
        "year": 2025, "extra": ["Invoice-2025-ACME.pdf"],
        "decoys": ["invoice_2025_draft.docx", "invoice_2024_final.pdf"]})
    assert f"{DL}/Invoice-2025-ACME.pdf" in files(initial)  # initialize wrote the extras
    assert f"{DL}/invoice_2025_draft.docx" in files(initial)
    targets = ["Invoice-2025-ACME.pdf", "invoice_2025 (1).pdf", "invoice_2025.pdf",
               "invoice_2025_Q4.pdf"]
    for name in targets:
        del files(final)[f"{DL}/{name}"]
    assert task.judge(initial, final).success
    missed = copy.deepcopy(final)
    files(missed)[f"{DL}/invoice_2025_Q4.pdf"] = files(initial)[f"{DL}/invoice_2025_Q4.pdf"]
    assert not task.judge(initial, missed).success
    for decoy in ("invoice_2025_notes.txt", "invoice_2025_draft.docx", "invoice_2024_final.pdf",
                  "Invoice_2024.pdf", "receipt_2025_01.pdf"):
        greedy = copy.deepcopy(final)
        del files(greedy)[f"{DL}/{decoy}"]
        v = task.judge(initial, greedy)
        assert not v.success and unexpected(v) == [f'os.files["{DL}/{decoy}"] (deleted)']


def test_organize_invoices_needs_the_folder_and_every_move(env):
    task, initial, final = begin(env, "files.organize_invoices",
                                 {"year": 2024, "folder_name": "Bills 2024"})
    folder = f"{DOCS}/Bills 2024"
    files(final)[folder] = {"is_dir": True, "size": 0, "mime": None, "mtime_ms": 9, "sha1": None}
    for name in ("Invoice_2024.pdf", "invoice_2024_december.pdf"):
        move(final, f"{DL}/{name}", f"{folder}/{name}")
    assert task.judge(initial, final).success
    half = copy.deepcopy(final)
    move(half, f"{folder}/Invoice_2024.pdf", f"{DL}/Invoice_2024.pdf")
    v = task.judge(initial, half)
    assert not v.success and v.clean and 0 < v.progress < 1


# ----- query
def test_count_pdfs_counts_the_added_files(env):
    task, initial, final = begin(env, "files.count_pdfs",
                                 {"folder": "Documents/Work", "added": ["w2_2025.pdf",
                                                                        "scan_0412.pdf"]})
    assert task.judge(initial, final, "2").success
    assert task.judge(initial, final, "There are two PDFs.").success
    assert not task.judge(initial, final, "3").success
    assert not task.judge(initial, final, None).success
    task, initial, final = begin(env, "files.count_pdfs", {"folder": "Download"})
    assert task.judge(initial, final, "10").success and not task.judge(initial, final,
                                                                       "12").success


def test_largest_file_answers(env):
    task, initial, final = begin(env, "files.largest_file", {"folder": "Download"})
    for good in ("photos_backup.zip", "photos_backup", "Photos_Backup.ZIP"):
        assert task.judge(initial, final, good).success, good
    for bad in ("podcast_player_2.4.1.apk", "photos", ""):
        assert not task.judge(initial, final, bad).success, bad


def test_read_text_file_answers(env):
    task, initial, final = begin(env, "files.read_text_file",
                                 {"folder": "Documents", "file_name": "book_club.md"})
    assert "book_club.md" in task.instruction and "the Documents folder" in task.instruction
    assert "which book is the book club reading?" in task.instruction
    assert task.judge(initial, final, "the remains of the day").success
    assert not task.judge(initial, final, "The Remains").success
    task, initial, final = begin(env, "files.read_text_file",
                                 {"folder": "Documents", "file_name": "car_service.txt"})
    for good in ("48,000", "48000 miles", "48000"):
        assert task.judge(initial, final, good).success, good
    assert not task.judge(initial, final, "45,870").success
    task, initial, final = begin(env, "files.read_text_file",
                                 {"folder": "Documents", "file_name": "wifi_password.txt"})
    assert task.judge(initial, final, "blue-heron-2291").success
    assert not task.judge(initial, final, "blue-heron-2290").success


def test_modified_date_answers(env):
    task, initial, final = begin(env, "files.modified_date",
                                 {"folder": "Download", "file_name": "invoice_2025.pdf"})
    for good in ("Nov 3, 2025", "2025-11-03", "November 3", "11/3/2025"):
        assert task.judge(initial, final, good).success, good
    for bad in ("Nov 4, 2025", "Nov 3, 2024", "yesterday"):
        assert not task.judge(initial, final, bad).success, bad


def test_locate_file_answers(env):
    task, initial, final = begin(env, "files.locate_file", {"file_name": "q1_goals.md"})
    for good in ("Work", "the Work folder", "Documents/Work", "It's in Work."):
        assert task.judge(initial, final, good).success, good
    for bad in ("Documents", "Work or Download", "Work, Music, Download, Recipes",
                "Work or Documents"):
        assert not task.judge(initial, final, bad).success, bad
    task, initial, final = begin(env, "files.locate_file", {"file_name": "group_photo.jpg"})
    assert task.judge(initial, final, "Birthday party").success
    assert not task.judge(initial, final, "Birthday").success


# ----- hybrid
def test_delete_largest_finds_the_right_file(env):
    task, initial, final = begin(env, "files.delete_largest", {"folder": "Music"})
    del files(final)["/sdcard/Music/road_trip_mix.mp3"]
    assert task.judge(initial, final).success
    second = copy.deepcopy(initial)
    del files(second)["/sdcard/Music/rainy_day_jazz.mp3"]
    v = task.judge(initial, second)
    assert not v.success and not v.clean


def test_move_newest_follows_the_touched_file(env):
    task, initial, final = begin(env, "files.move_newest", {
        "newest": "resume_draft.docx", "minutes_ago": 30, "dest": "Documents/Work"})
    entry = files(initial)[f"{DL}/resume_draft.docx"]
    assert entry["mtime_ms"] == initial["os"]["time"]["now_ms"] - 30 * 60_000
    assert entry["size"] == 58_430  # touched, not rewritten
    move(final, f"{DL}/resume_draft.docx", f"{DOCS}/Work/resume_draft.docx")
    assert task.judge(initial, final).success
    old_newest = copy.deepcopy(initial)
    move(old_newest, f"{DL}/boarding_pass_SFO_JFK.pdf", f"{DOCS}/Work/boarding_pass_SFO_JFK.pdf")
    assert not task.judge(initial, old_newest).success


def test_bad_params_are_refused(env):
    for task_id, params in (
            ("files.create_folder", {"parent": "Documents", "folder_name": "Work"}),
            ("files.rename_file", {"folder": "Download", "old_name": "floor_plan.jpg",
                                   "new_name": "x.jpg"}),
            ("files.move_file", {"file_name": "nope.pdf", "source": "Download",
                                 "dest": "Documents"}),
            ("files.delete_matching", {"year": 2025, "decoys": ["invoice_2025.pdf"]}),
            ("files.read_text_file", {"folder": "Download", "file_name": "book_club.md"}),
            ("files.move_newest", {"newest": "report.pdf", "minutes_ago": 0,
                                   "dest": "Music"})):
        with pytest.raises(ValueError):
            env.reset(seed=0, options={"task": task_id, "params": params})
