import json
import pickle

import pytest

from mobilegym_env.kernel.clipboard import MAX_CLIPBOARD_CHARS, ClipboardService


def test_write_read_clear():
    c = ClipboardService()
    assert c.read() is None
    c.write("hello")
    assert c.read() == "hello"
    assert c.state() == {"text": "hello"}
    c.clear()
    assert c.state() == {"text": None}
    assert ClipboardService("seed").read() == "seed"


def test_limits_and_types():
    c = ClipboardService("keep")
    c.write("x" * MAX_CLIPBOARD_CHARS)
    c.write("keep")
    with pytest.raises(ValueError, match="too long"):
        c.write("x" * (MAX_CLIPBOARD_CHARS + 1))
    with pytest.raises(ValueError, match="str"):
        c.write(123)
    assert c.read() == "keep"


def test_json_pickle():
    c = ClipboardService("abc")
    json.dumps(c.state())
    assert pickle.loads(pickle.dumps(c)).state() == {"text": "abc"}
