"""The keypad: digits, * and #, backspace, T9 contact suggestions and the call button.

The typed number is the activity's UI state ``dial`` (``ACTION_DIAL`` with ``tel:`` prefills
it); a suggestion matches the digits of a contact's number or its name's letters on the keys.
"""

from __future__ import annotations

from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    avatar,
    col,
    icon,
    list_item,
    retained,
    row,
    scaffold,
    spacer,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import (
    MAX_NUMBER,
    avatar_color,
    contacts,
    digits,
    new_intent,
    pretty,
    start_call,
    valid_number,
)

DIAL = "dial"  # ui key of the typed number
KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#")
LETTERS = {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV",
           "9": "WXYZ", "0": "+"}
T9 = {ch.lower(): k for k, letters in LETTERS.items() if k != "0" for ch in letters}
CALL_GREEN = "#1E8E3E"


def t9(name: str) -> str:
    """A name spelled on the keys (``"Ben"`` -> ``"236"``); other characters are dropped."""
    return "".join(T9.get(ch, "") for ch in name.lower())


def suggestions(rows: list[dict[str, Any]], typed: str, limit: int = 3
                ) -> list[tuple[dict[str, Any], str]]:
    """Contacts matching typed keys, with the number to call: a number containing the
    digits, or a name whose words (or whole name) start with them on the keys."""
    keys = digits(typed)
    if not keys:
        return []
    out = []
    for c in rows:
        numbers = [c[k] for k in ("phone", "phone2") if c.get(k)]
        hit = next((n for n in numbers if keys in digits(n)), None)
        if hit is None and numbers:
            name = (c.get("name") or "").lower()
            words = [t9(w) for w in name.split()] + [t9(name)]
            if any(w.startswith(keys) for w in words if w):
                hit = numbers[0]
        if hit is not None:
            out.append((c, hit))
            if len(out) == limit:
                break
    return out


def keypad(ctx: ScreenContext) -> View:
    """The keypad page: suggestions, the typed number, the dial pad, Call and backspace."""
    _apply_intent(ctx)
    typed = ctx.ui.get(DIAL, "")
    found = suggestions(contacts(ctx), typed) if typed else []
    rows = [_suggestion(c.get("name") or hit, c["id"], hit) for c, hit in found]
    shown = text(pretty(typed), 32 if len(typed) < 14 else 24, color=T.ON_SURFACE, text_align="center",
                 w=FILL, h=56, id="dial_number", label=pretty(typed) or "Enter a number")
    call = icon("call:fill", 26, "#FFFFFF", w=64, h=64, radius=32, bg=CALL_GREEN,
                on_tap=Call(_call), role="button", label="Call", id="dial_call")
    erase = icon("backspace", 24, T.ON_SURFACE_VARIANT, w=48, h=48, radius=24,
                 on_tap=Call(_backspace) if typed else None, on_long_press=Call(_clear),
                 role="button", label="Backspace", id="backspace", enabled=bool(typed))
    bottom = row(spacer(w=64), call, col(erase if typed else None, w=64, align="center"),
                 justify="center", gap=40, w=FILL, pad=(0, 12, 0, 16))
    page = col(col(*rows, w=FILL, h=3 * 56), spacer(), shown, dial_pad("key", _press),
               bottom, w=FILL, h=FILL)
    return scaffold(page, top_bar=top_app_bar("Keypad", Call("back")), bg=T.SURFACE)


@retained(maxsize=8)
def _suggestion(name: str, contact_id: int, number: str) -> View:
    return list_item(name, number, avatar(name, 40, avatar_color(contact_id)),
                     on_tap=Call(_call_suggestion, number), id=f"suggest:{contact_id}",
                     height=56)


@retained(maxsize=4)
def dial_pad(prefix: str, on_key: Any) -> View:
    """A 3x4 dial pad with letters; each key is ``<prefix>:<key>`` calling ``on_key(ctx, k)``."""
    lines = []
    for i in range(0, 12, 3):
        keys = []
        for k in KEYS[i:i + 3]:
            keys.append(col(text(k, 26, color=T.ON_SURFACE, role=None),
                            text(LETTERS.get(k, " "), 10, "medium", T.ON_SURFACE_VARIANT,
                                 role=None),
                            w=84, h=58, radius=29, bg=T.SURFACE_CONTAINER_HIGH, align="center",
                            justify="center", on_tap=Call(on_key, k), role="button", label=k,
                            id=f"{prefix}:{k}"))
        lines.append(row(*keys, gap=16, justify="center", w=FILL))
    return col(*lines, gap=10, w=FILL)


def _apply_intent(ctx: ScreenContext) -> None:
    """ACTION_DIAL prefills the number once per delivered intent."""
    data = new_intent(ctx, "ACTION_DIAL")
    if data is not None:
        ctx.ui[DIAL] = "".join(ch for ch in str(data.get("number") or "")
                               if ch.isdigit() or ch in "+*#")[:MAX_NUMBER]


def open_keypad(ctx: ScreenContext) -> None:
    """Opens an empty keypad."""
    ctx.ui[DIAL] = ""
    ctx.push("/dial")


def _press(ctx: ScreenContext, key: str) -> None:
    typed = ctx.ui.get(DIAL, "")
    if len(typed) >= MAX_NUMBER:
        ctx.toast("Number is too long")
        return
    ctx.ui[DIAL] = typed + key


def _backspace(ctx: ScreenContext) -> None:
    ctx.ui[DIAL] = ctx.ui.get(DIAL, "")[:-1]


def _clear(ctx: ScreenContext) -> None:
    ctx.ui[DIAL] = ""


def _call(ctx: ScreenContext) -> None:
    typed = ctx.ui.get(DIAL, "")
    if not valid_number(typed):
        ctx.toast("Enter a number to call" if not typed else "Enter a valid number")
        return
    ctx.ui[DIAL] = ""
    start_call(ctx, typed)


def _call_suggestion(ctx: ScreenContext, number: str) -> None:
    ctx.ui[DIAL] = ""
    start_call(ctx, number)
