"""The on-screen keyboard, Gboard-like: a suggestion strip (or its toolbar while no word is
being typed), the QWERTY rows, two symbol pages and the return-arrow Enter. Every key is a
tappable node, like on a phone.

Suggestions complete the word being typed from a fixed dictionary and the contacts' first
names, the best one in the middle; a tap puts it in place of the word, followed by a space.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..kernel.keyboard import MAX_TEXT_LEN, apply_key
from ..ui import selection
from ..ui import theme as T
from ..ui.retain import Call, retained
from ..ui.view import FILL, View, col, icon, row, text
from . import style as S
from .words import WORDS

if TYPE_CHECKING:
    from ..device import Device

LABELS = {"space": "space", "comma": ",", "period": ".", "enter": "", "backspace": "",
          "shift": "", "mode": "?123"}
ICONS = {"enter": "keyboard_return", "backspace": "backspace", "shift": "shift"}
KEYBOARD_BG = S.KEYBOARD_BG
WIDE = {"space": 4, "enter": 2, "mode": 2, "shift": 2, "backspace": 2, "more": 2}
STRIP_H = 40
TOOLBAR = (("apps", "Menu"), ("mood", "Emoji"), ("content_paste", "Clipboard"),
           ("settings", "Keyboard settings"), ("palette", "Theme"), ("mic", "Voice typing"))
_WORD_TAIL = re.compile(r"[A-Za-z']+\Z")


def press(device: Device, key: str) -> None:
    kb = device.kernel.keyboard
    if key == "shift":
        kb.toggle_shift()
    elif key == "mode":
        kb.set_mode("symbols" if kb.mode == "letters" else "letters")
    elif key == "more":
        kb.set_mode("more_symbols" if kb.mode == "symbols" else "symbols")
    elif key == "enter":
        device.press_enter()
    else:
        store_key = device._focused_store()
        if store_key is None:
            return
        # a key typed over selected text replaces it (Delete deletes it)
        if not selection.type_over(device.kernel, apply_key("", key, kb.shift)):
            store, field = store_key
            store[field] = apply_key(str(store.get(field, "")), key, kb.shift)
        if kb.shift and len(key) == 1:
            kb.toggle_shift()


def _key(key: str, shift: bool, mode: str) -> View:
    letters = mode == "letters"
    special = key in ICONS or key in LABELS or key == "more"
    bg = S.SPECIAL_KEY_BG if key in ("shift", "backspace", "mode", "more") else S.KEY_BG
    if key == "enter":
        bg = S.ENTER_BG
    if key == "shift" and shift:
        bg = S.SHIFT_ON_BG
    name = {"space": "Space", "enter": "Enter", "backspace": "Delete", "shift": "Shift",
            "mode": "Symbols" if letters else "Letters",
            "more": "More symbols" if mode == "symbols" else "Symbols"}.get(key)
    props = dict(w=FILL, h=FILL, flex=WIDE.get(key, 1), radius=8, bg=bg,
                 on_tap=Call(press, key, target="device"), role="key",
                 label=name or LABELS.get(key) or key, id=f"key:{key}")
    if key in ICONS:  # one node per key: the glyph is drawn centred on the key's own box
        return icon(ICONS[key], 20, T.TEXT, **props)
    label = LABELS.get(key, key.upper() if shift and letters else key)
    if key == "mode" and not letters:
        label = "ABC"
    if key == "more":
        label = "=\\<" if mode == "symbols" else "?123"
    return text(label, 20 if not special else 14, "regular" if not special else "medium",
                color=T.TEXT, text_align="center", **props)


def current_word(value: str) -> str:
    """The word being typed: the letters at the end of the text."""
    m = _WORD_TAIL.search(value)
    return m.group(0) if m else ""


def suggestions(device: Device, word: str) -> list[str]:
    """Up to three completions of ``word``, most likely first, in its capitalisation."""
    if not word:
        return []
    low = word.lower()
    names = tuple(str(c.get("name") or "").split(" ")[0]
                  for c in device.kernel.providers.query("content://contacts"))
    found: list[str] = []
    for w in (*names, *WORDS):
        if w and w.lower().startswith(low) and w.lower() != low and w.lower() not in found:
            found.append(w.lower() if w.islower() else w)
        if len(found) == 3:
            break
    if word[0].isupper():
        found = [w[0].upper() + w[1:] for w in found]
    return found


def _use(device: Device, word: str) -> None:
    """A tapped suggestion replaces the word being typed, followed by a space."""
    store_key = device._focused_store()
    if store_key is None:
        return
    store, field = store_key
    value = str(store.get(field, ""))
    head = value[: len(value) - len(current_word(value))]
    store[field] = (head + word + " ")[:MAX_TEXT_LEN]


def _suggested(device: Device) -> tuple[str, ...]:
    """The suggestions for the word being typed into the focused field."""
    store_key = device._focused_store()
    value = str(store_key[0].get(store_key[1], "")) if store_key else ""
    return tuple(suggestions(device, current_word(value)))


def _strip(words: tuple[str, ...]) -> View:
    if not words:
        return row(*[icon(name, 18, T.TEXT_SECONDARY, w=FILL, h=STRIP_H, label=label,
                          role=None) for name, label in TOOLBAR],
                   w=FILL, h=STRIP_H, pad=(8, 0), id="keyboard_toolbar")
    # the best suggestion sits in the middle, as on Gboard
    order = [words[1], words[0], words[2]] if len(words) == 3 else \
        ([words[1], words[0]] if len(words) == 2 else list(words))
    cells: list[View] = []
    for i, w in enumerate(order):
        if i:
            cells.append(View("box", w=1, h=20, bg=T.OUTLINE_VARIANT))
        cells.append(text(w, 16, "medium" if w == words[0] else "regular", T.TEXT,
                          text_align="center", w=FILL, h=STRIP_H, pad=(0, 10),
                          on_tap=Call(_use, w, target="device"), role="button",
                          id=f"suggestion:{words.index(w)}"))
    return row(*cells, w=FILL, h=STRIP_H, pad=(8, 0), id="suggestions")


def keyboard(device: Device) -> View:
    kb = device.kernel.keyboard
    return _keyboard(kb.mode, kb.shift, tuple(tuple(keys) for keys in kb.key_rows()),
                     _suggested(device))


@retained(maxsize=16)
def _keyboard(mode: str, shift: bool, key_rows: tuple[tuple[str, ...], ...],
              words: tuple[str, ...]) -> View:
    """The keyboard for a mode, shift state and suggestions: built, laid out and painted
    once, its keys bound to the device they are pressed on."""
    rows = []
    for i, keys in enumerate(key_rows):
        pad = (16, 0) if mode == "letters" and i == 1 else (3, 0)
        rows.append(row(*[_key(k, shift, mode) for k in keys], h=FILL, gap=5,
                        pad=pad, align="stretch"))
    return col(_strip(words), col(*rows, w=FILL, h=FILL, gap=8, pad=(3, 4, 3, 8)),
               w=FILL, h=T.KEYBOARD_H, bg=KEYBOARD_BG, id="keyboard", block=True)
