"""The on-screen QWERTY keyboard: every key is a tappable node, like on a phone."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..kernel.keyboard import apply_key
from ..ui import selection
from ..ui import theme as T
from ..ui.view import FILL, View, col, icon, row, text

if TYPE_CHECKING:
    from ..device import Device

LABELS = {"space": "space", "comma": ",", "period": ".", "enter": "", "backspace": "",
          "shift": "", "mode": "?123"}
ICONS = {"enter": "arrow-turn-down", "backspace": "delete-left", "shift": "arrow-up"}
KEYBOARD_BG = "#E4E7EC"
WIDE = {"space": 4, "enter": 2, "mode": 2, "shift": 2, "backspace": 2}


def press(device: Device, key: str) -> None:
    kb = device.kernel.keyboard
    if key == "shift":
        kb.toggle_shift()
    elif key == "mode":
        kb.set_mode("symbols" if kb.mode == "letters" else "letters")
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


def _key(device: Device, key: str, shift: bool, letters: bool) -> View:
    special = key in ICONS or key in LABELS
    bg = "#C9CED6" if key in ("shift", "backspace", "mode", "enter") else "#FFFFFF"
    if key == "shift" and shift:
        bg = "#9FB8F5"
    name = {"space": "Space", "enter": "Enter", "backspace": "Delete", "shift": "Shift",
            "mode": "Symbols" if letters else "Letters"}.get(key)
    props = dict(w=FILL, h=FILL, flex=WIDE.get(key, 1), radius=6, bg=bg,
                 on_tap=functools.partial(press, device, key), role="key",
                 label=name or LABELS.get(key) or key, id=f"key:{key}")
    if key in ICONS:  # one node per key: the glyph is drawn centred on the key's own box
        return icon(ICONS[key], 16, T.TEXT, **props)
    label = LABELS.get(key, key.upper() if shift and letters else key)
    if key == "mode" and not letters:
        label = "ABC"
    return text(label, 18 if not special else 14, color=T.TEXT, text_align="center", **props)


def keyboard(device: Device) -> View:
    kb = device.kernel.keyboard
    letters = kb.mode == "letters"
    rows = []
    for i, keys in enumerate(kb.key_rows()):
        pad = (16, 0) if letters and i == 1 else (3, 0)
        rows.append(row(*[_key(device, k, kb.shift, letters) for k in keys], h=FILL, gap=5,
                        pad=pad, align="stretch"))
    return col(*rows, w=FILL, h=T.KEYBOARD_H, bg=KEYBOARD_BG, pad=(3, 8, 3, 8), gap=8,
               id="keyboard", block=True)
