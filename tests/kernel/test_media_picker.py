import functools
import json
import pickle

import pytest

from mobilegym_env.kernel.media_picker import (
    RESULT_CANCELED,
    RESULT_OK,
    MediaPickerService,
    mime_matches,
)
from mobilegym_env.kernel.providers import MediaProvider

calls: list[tuple] = []


def record(requester, code, data):
    calls.append((requester, code, data))


@pytest.fixture(autouse=True)
def _reset_calls():
    calls.clear()


@pytest.fixture
def picker():
    return MediaPickerService(MediaProvider())


def test_pick_flow(picker):
    assert picker.state() == {"open": False, "requester": None, "mime_filter": None}
    picker.open("notes", callback=record)
    assert picker.is_open
    assert picker.state() == {"open": True, "requester": "notes", "mime_filter": "image/*"}
    cands = picker.candidates()
    assert [c["id"] for c in cands] == [16, 13, 6, 4, 26, 12, 25, 11, 24, 23, 22, 15, 3,
                                        10, 2, 1, 14, 9, 8, 5, 7, 21, 20, 19, 18, 17]  # newest first
    data = picker.pick(1)
    assert data == {"media_id": 1, "path": "/sdcard/DCIM/Camera/IMG_20251218_093015.jpg"}
    assert not picker.is_open
    assert calls == [("notes", RESULT_OK, data)]


def test_cancel(picker):
    picker.open("notes", "image/png", functools.partial(record))
    assert [c["id"] for c in picker.candidates()] == [16, 6, 25, 15, 14]
    assert picker.cancel() is True
    assert picker.cancel() is False
    assert calls == [("notes", RESULT_CANCELED, None)]
    assert picker.state()["open"] is False


def test_bad_input(picker):
    with pytest.raises(ValueError, match="lambda"):
        picker.open("notes", callback=lambda *a: None)
    with pytest.raises(ValueError, match="mime"):
        picker.open("notes", "images")
    with pytest.raises(ValueError):
        picker.open("", "image/*")
    assert not picker.is_open
    with pytest.raises(ValueError, match="not open"):
        picker.pick(1)
    picker.open("notes", "image/png", record)
    with pytest.raises(ValueError, match="already open"):
        picker.open("chat")
    with pytest.raises(ValueError, match="not offered"):
        picker.pick(1)  # a jpeg under an image/png filter
    with pytest.raises(ValueError, match="not offered"):
        picker.pick(999)
    with pytest.raises(ValueError, match="does not match"):
        picker.pick(6, path="/sdcard/other.png")
    assert picker.state() == {"open": True, "requester": "notes", "mime_filter": "image/png"}
    assert calls == []


def test_without_provider():
    p = MediaPickerService()
    p.open("notes", callback=record)
    assert p.candidates() == []
    with pytest.raises(ValueError, match="path"):
        p.pick(3)
    assert p.pick(3, "/sdcard/x.jpg") == {"media_id": 3, "path": "/sdcard/x.jpg"}


def test_mime_matches():
    assert mime_matches("image/*", "image/png")
    assert mime_matches("*/*", "video/mp4")
    assert not mime_matches("image/*", "video/mp4")
    assert not mime_matches("image/png", "image/jpeg")


def test_json_pickle(picker):
    picker.open("notes", callback=record)
    json.dumps(picker.state())
    clone = pickle.loads(pickle.dumps(picker))
    assert clone.state() == picker.state()
    clone.pick(2)
    assert picker.is_open and calls[0][1] == RESULT_OK


# ----- through the kernel: results look like activity results
picked: list = []


def _on_pick(kernel, result):
    picked.append(result)


def test_kernel_media_picker_delivers_activity_style_results():
    from mobilegym_env.kernel import Kernel

    picked.clear()
    k = Kernel.boot()
    k.launch_app("notes")
    k.open_media_picker("image/*", _on_pick)
    first = k.media_picker.candidates()[0]
    assert k.handle_back() == "os.mediaPicker"
    k.open_media_picker("image/*", _on_pick)
    k.media_picker.pick(first["id"])
    assert picked == [
        {"result_code": "CANCELED", "data": None, "caller_app_id": "notes"},
        {"result_code": "OK", "data": {"media_id": first["id"], "path": first["path"]},
         "caller_app_id": "notes"},
    ]
    assert Kernel.restore(k.snapshot()).state() == k.state()
