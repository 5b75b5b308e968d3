"""Media playback (os-overview.md "MediaService: play(uri) / pause()"): sessions over audio
files, positions on the virtual clock, audio focus, "audio becoming noisy", and the state."""

from __future__ import annotations

import pickle

import pytest

from mobilegym_env.kernel import Kernel
from mobilegym_env.kernel import broadcast as B

MUSIC = "/sdcard/Music"
WALK, JAZZ, TRIP = (f"{MUSIC}/{n}.mp3" for n in ("morning_walk", "rainy_day_jazz",
                                                  "road_trip_mix"))
WALK_MS = 4_812_044 // 16  # 128 kbit/s


@pytest.fixture
def k() -> Kernel:
    return Kernel.boot()


def session(k, app="files"):
    return next(s for s in k.state()["os"]["media"]["sessions"] if s["app_id"] == app)


def test_play_runs_on_the_virtual_clock(k):
    k.media.play("files", [WALK, JAZZ, TRIP], 0, route="/player")
    assert session(k) == {"app_id": "files", "track": WALK, "title": "Morning Walk", "index": 0,
                          "queue": [WALK, JAZZ, TRIP], "playing": True, "position_ms": 0,
                          "duration_ms": WALK_MS}
    k.tick(90_000)
    assert session(k)["position_ms"] == 90_000
    k.media.pause("files")
    k.tick(60_000)
    assert (session(k)["playing"], session(k)["position_ms"]) == (False, 90_000)
    k.media.resume("files")
    k.tick(10_000)
    assert session(k)["position_ms"] == 100_000


def test_a_finished_track_gives_way_to_the_next_and_the_last_stops(k):
    k.media.play("files", [WALK, JAZZ], 0)
    k.tick(WALK_MS + 5_000)
    assert (session(k)["track"], session(k)["position_ms"]) == (JAZZ, 5_000)
    k.tick(10_000_000)
    s = session(k)
    assert (s["track"], s["playing"], s["position_ms"]) == (JAZZ, False, s["duration_ms"])
    k.media.toggle("files")  # play again after the end: from the start
    assert (session(k)["playing"], session(k)["position_ms"]) == (True, 0)


def test_next_previous_and_restart(k):
    k.media.play("files", [WALK, JAZZ, TRIP], 2)
    k.media.skip("files")  # wraps around
    assert session(k)["index"] == 0
    k.media.skip("files", -1)
    assert session(k)["index"] == 2
    k.tick(30_000)
    k.media.skip("files", -1)  # past 3 s: previous restarts the track
    assert (session(k)["index"], session(k)["position_ms"]) == (2, 0)
    k.media.pause("files")
    k.media.skip("files")
    assert (session(k)["index"], session(k)["playing"]) == (0, False)


def test_audio_focus_a_second_player_pauses_the_first(k):
    k.media.play("files", [WALK], 0)
    k.tick(1_000)
    k.media.play("podcasts", [JAZZ], 0)
    assert (session(k)["playing"], session(k, "podcasts")["playing"]) == (False, True)
    assert k.state()["os"]["media"]["focus"] == "podcasts"
    assert k.media.current.app_id == "podcasts"
    k.media.resume("files")  # taking the focus back pauses the other one
    assert session(k, "podcasts")["playing"] is False
    assert session(k)["position_ms"] == 1_000


def test_unplugging_headphones_pauses_playback(k):
    k.set_preference("headset", True)
    k.media.play("files", [WALK], 0)
    k.set_preference("headset", False)  # "audio becoming noisy"
    assert session(k)["playing"] is False
    assert [b.action for b in k.broadcasts.log][-2:] == [B.ACTION_AUDIO_BECOMING_NOISY,
                                                         B.ACTION_MEDIA_STATE_CHANGED]


def test_stop_ends_the_session_and_current_falls_back(k):
    k.media.play("files", [WALK], 0)
    k.tick(1)
    k.media.play("podcasts", [JAZZ], 0)
    k.media.stop("podcasts")
    assert k.state()["os"]["media"]["focus"] is None
    assert k.media.current.app_id == "files"  # the one used last
    k.media.stop("files")
    assert k.media.current is None and k.state()["os"]["media"]["sessions"] == []
    with pytest.raises(KeyError, match="files"):
        k.media.pause("files")


@pytest.mark.parametrize(("queue", "index", "match"), [
    ([], 0, "non-empty"), ("/sdcard/Music", 0, "non-empty"),
    ([f"{MUSIC}/nope.mp3"], 0, "nope.mp3"), (["/sdcard/Download/lease_agreement.pdf"], 0,
                                             "not an audio file"),
    ([MUSIC], 0, "not an audio file"), ([WALK], 1, "index"), ([WALK], True, "index"),
])
def test_bad_play_requests_change_nothing(k, queue, index, match):
    with pytest.raises(ValueError, match=match):
        k.media.play("files", queue, index)
    assert k.state()["os"]["media"] == {"focus": None, "sessions": []}


def test_a_deleted_track_does_not_break_the_state(k):
    k.media.play("files", [WALK, JAZZ], 0)
    k.files.delete(WALK)
    k.tick(1_000)
    s = session(k)
    assert s["index"] == 1 and s["title"] == "Rainy Day Jazz"


def test_titles_come_from_the_tag_or_the_name(k):
    assert k.media.title(f"{MUSIC}/voice_memo_20260210.m4a") == "Voice memo"
    k.files.write_text(f"{MUSIC}/late_night-drive.mp3", "")
    assert k.media.title(f"{MUSIC}/late_night-drive.mp3") == "Late Night Drive"


def test_playback_is_volatile_and_snapshots_fork_it(k):
    k.media.play("files", [WALK], 0)
    clone = pickle.loads(k.snapshot())
    clone.tick(5_000)
    assert session(clone)["position_ms"] == 5_000 and session(k)["position_ms"] == 0
    k.reboot()
    assert k.state()["os"]["media"] == {"focus": None, "sessions": []}
