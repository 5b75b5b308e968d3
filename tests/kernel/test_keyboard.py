import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobilegym_env.kernel.keyboard import (
    KEY_ROWS_LETTERS,
    KEY_ROWS_MORE_SYMBOLS,
    KEY_ROWS_SYMBOLS,
    KeyboardService,
    apply_key,
    insert_text,
)

ALL_KEYS = sorted({k for rows in (KEY_ROWS_LETTERS, KEY_ROWS_SYMBOLS, KEY_ROWS_MORE_SYMBOLS)
                   for r in rows for k in r})


def test_rows():
    assert KEY_ROWS_LETTERS[0] == list("qwertyuiop")
    for rows in (KEY_ROWS_LETTERS, KEY_ROWS_SYMBOLS, KEY_ROWS_MORE_SYMBOLS):
        flat = [k for r in rows for k in r]
        for special in ("backspace", "mode", "space", "enter"):
            assert special in flat
    # shift on the letters page; =\< and ?123 flip between the two symbol pages (Gboard)
    assert "shift" in KEY_ROWS_LETTERS[2] and KEY_ROWS_SYMBOLS[2][0] == "more" \
        and KEY_ROWS_MORE_SYMBOLS[2][0] == "more"


def test_apply_key():
    assert apply_key("hi", "a", False) == "hia"
    assert apply_key("hi", "a", True) == "hiA"
    assert apply_key("hi", "backspace", False) == "h"
    assert apply_key("", "backspace", False) == ""
    assert apply_key("hi", "space", False) == "hi "
    assert apply_key("hi", "comma", True) == "hi,"
    assert apply_key("hi", "period", False) == "hi."
    assert apply_key("hi", "7", True) == "hi7"
    for control in ("shift", "mode", "enter"):
        assert apply_key("hi", control, False) == "hi"
    assert apply_key("ab", "c", False, max_len=2) == "ab"
    with pytest.raises(ValueError, match="unknown key"):
        apply_key("hi", "escape", False)


def test_insert_text():
    assert insert_text("ab", "cd") == "abcd"
    assert insert_text("ab", "cdef", max_len=4) == "abcd"
    assert insert_text("abcdef", "x", max_len=4) == "abcdef"  # never deletes existing text
    assert len(insert_text("", "x" * 5000)) == 2000
    with pytest.raises(ValueError):
        insert_text("a", 5)
    with pytest.raises(ValueError):
        insert_text("a", "b", max_len=-1)


@given(st.text(max_size=50), st.lists(st.sampled_from(ALL_KEYS), max_size=30), st.booleans())
def test_apply_key_never_crashes(text, keys, shift):
    for key in keys:
        text = apply_key(text, key, shift)
    assert isinstance(text, str) and len(text) <= max(2000, len(text))


def test_service_flow():
    kb = KeyboardService()
    assert kb.state() == {"visible": False, "target": None, "mode": "letters", "shift": False}
    kb.show("act-1", "title")
    kb.set_mode("symbols")
    assert kb.toggle_shift() is True
    kb.show("act-1", "title")  # same field: keeps mode/shift
    assert kb.state() == {"visible": True, "target": ["act-1", "title"], "mode": "symbols",
                          "shift": True}  # fmt: skip
    assert kb.key_rows() == KEY_ROWS_SYMBOLS
    kb.show("act-1", "body")  # new field: resets
    assert (kb.mode, kb.shift, kb.target) == ("letters", False, ("act-1", "body"))
    assert kb.hide() is True
    assert kb.hide() is False
    assert kb.state() == {"visible": False, "target": None, "mode": "letters", "shift": False}


def test_service_bad_input():
    kb = KeyboardService()
    kb.show("a", "f")
    before = kb.state()
    with pytest.raises(ValueError):
        kb.set_mode("emoji")
    with pytest.raises(ValueError):
        kb.show("", "f")
    with pytest.raises(ValueError):
        kb.show("a", None)
    assert kb.state() == before


def test_json_pickle_copy():
    kb = KeyboardService()
    kb.show("a", "f")
    s = kb.state()
    json.dumps(s)
    s["target"][0] = "z"
    assert kb.target == ("a", "f")
    assert pickle.loads(pickle.dumps(kb)).state() == kb.state()
