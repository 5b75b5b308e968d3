import json
import pickle

import pytest

from mobilegym_env.kernel.clock import VirtualClock
from mobilegym_env.kernel.filesystem import (
    FileSystem,
    copy_scanned,
    delete_scanned,
    guess_mime,
    move_scanned,
    normalize,
)
from mobilegym_env.kernel.providers import MEDIA_SAMPLES, MediaProvider


def test_default_tree():
    fs = FileSystem()
    assert fs.list_dir("/sdcard") == [
        "DCIM", "Documents", "Download", "Movies", "Music", "Pictures"
    ]  # fmt: skip
    assert fs.list_dir("/sdcard/DCIM") == ["Camera"]
    assert fs.list_dir("/sdcard/Pictures") == [
        "Birthday party", "Screenshots", "Yosemite", "golden_gate_sunset.jpg"]
    assert fs.list_dir("/sdcard/Documents/Work") == ["q1_goals.md", "team_offsite.txt"]
    assert fs.read_text("/sdcard/Documents/notes.txt").startswith("Grocery list:")
    assert fs.stat("/sdcard/Download/report.pdf").mime == "application/pdf"
    for s in MEDIA_SAMPLES:
        assert fs.exists(s["path"]) and not fs.is_dir(s["path"])
        assert fs.stat(s["path"]).mime == s["mime"]
    assert FileSystem().state() == fs.state()  # deterministic
    assert FileSystem(empty=True).state() == {
        "/sdcard": {"is_dir": True, "size": 0, "mime": None, "mtime_ms": 0, "sha1": None}
    }


def test_normalize():
    assert normalize("/sdcard/Download/../Documents/./a.txt") == "/sdcard/Documents/a.txt"
    assert normalize("/sdcard/") == "/sdcard"
    for bad in ("sdcard/a", "/sdcard/../etc/passwd", "/etc", "//sdcard", "/sdcardx", "", 5):
        with pytest.raises(ValueError):
            normalize(bad)


def test_escape_rejected_state_unchanged():
    fs = FileSystem()
    before = fs.state()
    with pytest.raises(ValueError, match="escapes"):
        fs.write_text("/sdcard/../tmp/x.txt", "x")
    with pytest.raises(ValueError, match="absolute"):
        fs.write_text("Documents/x.txt", "x")
    with pytest.raises(ValueError):
        fs.move("/sdcard/Documents/notes.txt", "/notes.txt")
    with pytest.raises(ValueError):
        fs.delete("/sdcard")
    with pytest.raises(ValueError, match="parent"):
        fs.write_text("/sdcard/NoDir/x.txt", "x")
    with pytest.raises(ValueError, match="not empty"):
        fs.delete("/sdcard/Documents")
    with pytest.raises(ValueError, match="inside itself"):
        fs.move("/sdcard/Documents", "/sdcard/Documents/sub")
    with pytest.raises(ValueError, match="already exists"):
        fs.copy("/sdcard/Documents/notes.txt", "/sdcard/Documents/meeting_agenda.txt")
    with pytest.raises(ValueError, match="is a directory"):
        fs.write_text("/sdcard/Music", "x")
    assert fs.state() == before


def test_write_read_stat_with_clock():
    clock = VirtualClock(5000)
    fs = FileSystem(clock=clock)
    fs.write_text("/sdcard/Documents/a.txt", "héllo")
    e = fs.stat("/sdcard/Documents/a.txt")
    assert (e.size, e.mime, e.mtime_ms, e.is_dir) == (6, "text/plain", 5000, False)
    clock.advance(10)
    fs.write_text("/sdcard/Documents/a.txt", "bye", mtime_ms=7)
    st = fs.state()["/sdcard/Documents/a.txt"]
    assert st == {"is_dir": False, "size": 3, "mime": "text/plain", "mtime_ms": 7,
                  "sha1": "78c9a53e2f28"}  # fmt: skip
    fs.write_text("/sdcard/Documents/a.txt", "bye2")
    assert fs.stat("/sdcard/Documents/a.txt").mtime_ms == 5010


def test_a_binary_stand_in_may_carry_its_nominal_size():
    fs = FileSystem()
    fs.write_text("/sdcard/DCIM/Camera/PXL_1.jpg", "[image/jpeg 3072x4080] x", size=3_100_000)
    assert fs.stat("/sdcard/DCIM/Camera/PXL_1.jpg").size == 3_100_000
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ValueError):
            fs.write_text("/sdcard/Documents/b.txt", "x", size=bad)


def test_sha1_detects_edit():
    fs = FileSystem()
    before = fs.state()["/sdcard/Documents/notes.txt"]["sha1"]
    fs.write_text("/sdcard/Documents/notes.txt", "changed", mtime_ms=0)
    assert fs.state()["/sdcard/Documents/notes.txt"]["sha1"] != before


def test_mkdir_delete_move_copy():
    fs = FileSystem()
    fs.mkdir("/sdcard/Documents/Work/2024", parents=True)
    fs.mkdir("/sdcard/Documents/Work/2024", parents=True)  # mkdir -p is idempotent
    with pytest.raises(ValueError):
        fs.mkdir("/sdcard/Documents/Work")
    with pytest.raises(ValueError, match="parent"):
        fs.mkdir("/sdcard/X/Y")
    fs.write_text("/sdcard/Documents/Work/2024/plan.md", "# Plan")
    assert fs.stat("/sdcard/Documents/Work/2024/plan.md").mime == "text/markdown"
    fs.copy("/sdcard/Documents/Work", "/sdcard/Download/WorkCopy")
    assert fs.read_text("/sdcard/Download/WorkCopy/2024/plan.md") == "# Plan"
    fs.move("/sdcard/Documents/Work", "/sdcard/Work")
    assert not fs.exists("/sdcard/Documents/Work/2024/plan.md")
    assert fs.list_dir("/sdcard/Work/2024") == ["plan.md"]
    fs.delete("/sdcard/Work", recursive=True)
    assert not fs.exists("/sdcard/Work") and not fs.exists("/sdcard/Work/2024")
    fs.delete("/sdcard/Download/report.pdf")
    assert "report.pdf" not in fs.list_dir("/sdcard/Download")
    assert "WorkCopy" in fs.list_dir("/sdcard/Download")
    with pytest.raises(ValueError, match="no such"):
        fs.read_text("/sdcard/Download/report.pdf")


def test_guess_mime():
    assert guess_mime("/sdcard/a.JPG") == "image/jpeg"
    assert guess_mime("/sdcard/noext") == "application/octet-stream"


def test_json_pickle_copy():
    fs = FileSystem(clock=VirtualClock(1))
    s = fs.state()
    json.dumps(s)
    s["/sdcard"]["size"] = 99
    assert fs.state()["/sdcard"]["size"] == 0
    fs.stat("/sdcard/Documents/notes.txt").content = "x"
    assert fs.read_text("/sdcard/Documents/notes.txt") != "x"
    assert pickle.loads(pickle.dumps(fs)).state() == fs.state()


def test_default_download_has_decoys_and_nominal_sizes():
    fs = FileSystem()
    names = fs.list_dir("/sdcard/Download")
    assert {"invoice_2025.pdf", "invoice_2025 (1).pdf", "Invoice_2024.pdf",
            "invoice_2025_notes.txt"} <= set(names)
    assert len(names) == 16 and sum(n.endswith(".pdf") for n in names) == 10
    sizes = {n: fs.stat(f"/sdcard/Download/{n}").size for n in names}
    assert max(sizes, key=sizes.__getitem__) == "photos_backup.zip"
    assert len(set(sizes.values())) == 15  # only the duplicate download shares its size
    apk = fs.stat("/sdcard/Download/podcast_player_2.4.1.apk")
    assert (apk.mime, apk.size) == ("application/vnd.android.package-archive", 31_554_902)
    assert apk.content.startswith("[apk placeholder]")  # a stand-in, smaller than its size
    # a copy keeps the nominal size; a rewrite takes the new content's
    fs.copy("/sdcard/Download/photos_backup.zip", "/sdcard/Documents/b.zip")
    assert fs.stat("/sdcard/Documents/b.zip").size == 48_203_115
    fs.write_text("/sdcard/Documents/b.zip", "xy")
    assert fs.stat("/sdcard/Documents/b.zip").size == 2
    text = fs.stat("/sdcard/Documents/wifi_password.txt")
    assert text.size == len(text.content.encode("utf-8"))
    assert "Password: blue-heron-2291" in text.content


def test_free_name_numbers_a_taken_name():
    fs = FileSystem()
    assert fs.free_name("/sdcard/Download", "new.pdf") == "new.pdf"
    assert fs.free_name("/sdcard/Download", "invoice_2025.pdf") == "invoice_2025 (2).pdf"
    assert fs.free_name("/sdcard", "Music", is_dir=True) == "Music (1)"
    fs.mkdir("/sdcard/Documents/v1.0")
    assert fs.free_name("/sdcard/Documents", "v1.0", is_dir=True) == "v1.0 (1)"
    assert fs.free_name("/sdcard/Documents", "v1.0") == "v1 (1).0"  # a file's extension stays


def test_scanned_operations_keep_the_media_rows_in_step():
    fs, media = FileSystem(), MediaProvider()
    move_scanned(fs, media, "/sdcard/Pictures/Yosemite/", "/sdcard/DCIM/Yosemite")
    assert media.get(17)["path"] == "/sdcard/DCIM/Yosemite/half_dome.jpg"
    copy_scanned(fs, media, "/sdcard/Download/floor_plan.jpg", "/sdcard/Documents/plan.jpg")
    assert media.get(27)["path"] == "/sdcard/Documents/plan.jpg"
    delete_scanned(fs, media, "/sdcard/DCIM")
    assert not fs.exists("/sdcard/DCIM")
    paths = {r["path"] for r in media.state()}
    assert paths == {p for p, e in fs.state().items() if (e["mime"] or "").startswith("image/")}
    assert len(paths) == 26 + 1 - 11 - 5
    before = (fs.state(), media.state())
    with pytest.raises(ValueError):  # a failing file operation leaves the rows alone
        move_scanned(fs, media, "/sdcard/Download/floor_plan.jpg", "/sdcard/Documents/plan.jpg")
    assert (fs.state(), media.state()) == before


def test_touch_sets_the_date_only():
    clock = VirtualClock(9_000)
    fs = FileSystem(clock=clock)
    before = fs.stat("/sdcard/Download/report.pdf")
    fs.touch("/sdcard/Download/report.pdf", 1234)
    after = fs.stat("/sdcard/Download/report.pdf")
    assert (after.mtime_ms, after.size, after.content) == (1234, before.size, before.content)
    fs.touch("/sdcard/Music")
    assert fs.stat("/sdcard/Music").mtime_ms == 9_000
    state = fs.state()
    for bad in (("/sdcard/nope.txt", 1), ("/sdcard/Music", "soon"), ("/sdcard/Music", True)):
        with pytest.raises(ValueError):
            fs.touch(*bad)
    assert fs.state() == state
