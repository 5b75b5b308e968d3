"""Calculator's screens: the calculator (display and keypad, with the scientific panel folded
under a chevron as on a Pixel) and the history.

The expression being typed lives in the activity's UI state (``calc_expr``); ``=`` puts the
result on the display (``calc_result``) and appends the calculation to the store's history.
The keypad is retained (built once per panel state): its keys are ``Call`` s of :func:`press`.
Routes: ``/`` the calculator, ``/history`` the history (``?dialog=clear`` asks to clear it).
"""

from __future__ import annotations

import datetime
from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    col,
    dialog,
    empty_state,
    icon,
    popup_menu,
    retained,
    row,
    scaffold,
    section_header,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from . import engine, model

EXPR, RESULT, ERROR = "calc_expr", "calc_result", "calc_error"
SCI, INV = "calc_sci", "calc_inv"
MAX_EXPR = 80  # Android stops taking keys long before the display overflows
OPERATORS = ("+", engine.MINUS, "×", "÷", "^")

# key id -> (label shown, what it types)
DIGITS = {f"digit_{d}": (str(d), str(d)) for d in range(10)}
KEYS: dict[str, tuple[str, str]] = {
    **DIGITS, "dot": (".", "."), "op_add": ("+", "+"), "op_sub": (engine.MINUS, engine.MINUS),
    "op_mul": ("×", "×"), "op_div": ("÷", "÷"), "percent": ("%", "%"), "power": ("^", "^"),
    "factorial": ("!", "!"), "pi": ("π", "π"), "e": ("e", "e"), "sqrt": ("√", "√"),
    "open_paren": ("(", "("), "close_paren": (")", ")"),
    **{name.replace("⁻¹", "_inv"): (name, engine.INSERTS[name])
       for name in ("sin", "cos", "tan", "ln", "log", "sin⁻¹", "cos⁻¹", "tan⁻¹")},
    "exp": ("eˣ", "e^"), "pow10": ("10ˣ", "10^"), "square": ("x²", "^2"),
}
# The main pad, row by row (Pixel's layout), and the scientific rows.
PAD = (("clear", "paren", "percent", "op_div"), ("digit_7", "digit_8", "digit_9", "op_mul"),
       ("digit_4", "digit_5", "digit_6", "op_sub"), ("digit_1", "digit_2", "digit_3", "op_add"),
       ("digit_0", "dot", "backspace", "equals"))
SCI_FIRST = ("sqrt", "pi", "power", "factorial")
SCI_MORE = (("angle", "sin", "cos", "tan"), ("inv", "e", "ln", "log"),
            ("open_paren", "close_paren", "square", "pow10"))
INVERTED = {"sin": "sin_inv", "cos": "cos_inv", "tan": "tan_inv", "ln": "exp", "log": "pow10",
            "sqrt": "square"}


# --------------------------------------------------------------------------- input
def _expr(ctx: ScreenContext) -> str:
    return ctx.ui.get(EXPR, "")


def _set_expr(ctx: ScreenContext, expr: str) -> None:
    ctx.ui[EXPR], ctx.ui[RESULT], ctx.ui[ERROR] = expr, None, False


def press(ctx: ScreenContext, key: str) -> None:
    """A keypad key: types its symbol, or runs =, AC, ⌫, the smart parenthesis, INV, RAD/DEG,
    or the scientific panel's chevron."""
    if key == "equals":
        _equals(ctx)
    elif key == "clear":
        _set_expr(ctx, "")
    elif key == "backspace":
        _backspace(ctx)
    elif key == "expand":
        ctx.ui[SCI] = not ctx.ui.get(SCI, False)
    elif key == "inv":
        ctx.ui[INV] = not ctx.ui.get(INV, False)
    elif key == "angle":
        ctx.state["degrees"] = not ctx.state["degrees"]
    elif key == "paren":
        _type(ctx, _smart_paren(_continued(ctx, "(")))
    else:
        _type(ctx, KEYS[key][1])
        ctx.ui[INV] = False  # Android drops INV after one inverse function


def _continued(ctx: ScreenContext, symbol: str) -> str:
    """The expression a key continues: after ``=``, an operator goes on from the result and
    anything else starts afresh (the error message never carries on)."""
    result = ctx.ui.get(RESULT)
    if result is None:
        return _expr(ctx)
    if ctx.ui.get(ERROR):
        return ""
    starts_operation = symbol in OPERATORS or symbol in ("%", "!", "^2")
    return _as_input(result) if starts_operation else ""


def _as_input(shown: str) -> str:
    """A displayed result as keys would type it: no grouping, ``1.5E17`` as ``1.5×10^17``."""
    return shown.replace(",", "").replace("E", "×10^")


def _type(ctx: ScreenContext, symbol: str) -> None:
    expr = _continued(ctx, symbol)
    if symbol in OPERATORS[:4] and expr and expr[-1] in OPERATORS and \
            not (symbol == engine.MINUS and expr[-1] != engine.MINUS):
        expr = expr[:-1]  # a second operator replaces the first (but "×−" is a negative)
    elif symbol in ("×", "÷", "+", "^", "%", "!") and not expr:
        return  # Android ignores an operator with nothing before it
    if symbol == "." and _last_number(expr).count("."):
        return
    if len(expr) + len(symbol) > MAX_EXPR:
        ctx.toast("Expression too long")
        return
    _set_expr(ctx, expr + symbol)


def _last_number(expr: str) -> str:
    i = len(expr)
    while i and (expr[i - 1].isdigit() or expr[i - 1] == "."):
        i -= 1
    return expr[i:]


def _smart_paren(expr: str) -> str:
    """Pixel's () key: opens a group unless one is open and the last thing is a value."""
    depth = expr.count("(") - expr.count(")")
    closes = depth > 0 and expr and (expr[-1].isdigit() or expr[-1] in ").%!πe")
    return ")" if closes else "("


def _backspace(ctx: ScreenContext) -> None:
    if ctx.ui.get(RESULT) is not None:  # ⌫ on a result goes back to its expression
        _set_expr(ctx, _expr(ctx))
        return
    expr = _expr(ctx)
    for insert in sorted(engine.INSERTS.values(), key=len, reverse=True):
        if len(insert) > 1 and expr.endswith(insert):  # a function name goes as one key
            _set_expr(ctx, expr[:-len(insert)])
            return
    _set_expr(ctx, expr[:-1])


def _equals(ctx: ScreenContext) -> None:
    expr = _expr(ctx)
    if not expr or ctx.ui.get(RESULT) is not None:
        return
    expr += ")" * max(0, expr.count("(") - expr.count(")"))  # Android closes open groups
    ctx.ui[EXPR] = expr
    shown, ok = engine.compute(expr, ctx.state["degrees"])
    ctx.ui[RESULT], ctx.ui[ERROR] = shown, not ok
    if ok:
        model.add_history(ctx.state, expr, shown, ctx.os.clock.now_ms())


def reuse(ctx: ScreenContext, entry_id: int) -> None:
    """A history entry tapped: its result joins the expression on the calculator."""
    rec = next((h for h in ctx.state["history"] if h["id"] == entry_id), None)
    if rec is None:
        return
    value = _as_input(rec["result"])
    expr = _continued(ctx, value)
    if expr and (expr[-1].isdigit() or expr[-1] in ".)πe%!"):
        expr += "×"  # a value after a value multiplies, as the display would read it
    _set_expr(ctx, (expr + value)[:MAX_EXPR])
    ctx.back()


# --------------------------------------------------------------------------- calculator
def home(ctx: ScreenContext) -> View:
    expr, result = _expr(ctx), ctx.ui.get(RESULT)
    degrees = ctx.state["degrees"]
    if result is None:
        main, small = expr, engine.preview(expr, degrees)
        main_id, small_id = "formula", "result_preview"
    else:  # after =, the result is the big line and the expression moves up small
        main, small = result, expr
        main_id, small_id = "result", "formula"
    sci = bool(ctx.ui.get(SCI))
    big = 56 if len(main) <= 9 else 44 if len(main) <= 12 else 32
    if sci:  # the open panel leaves the display ~150 px: both lines must fit in it
        big = min(big, 40)
    display = col(
        row(text("DEG" if degrees else "RAD", 14, "medium", T.ON_SURFACE_VARIANT, id="unit"),
            text("", w=FILL), bar_action("more_vert", Call("open_dialog", "menu"),
                                         "More options", id="more"), h=48, pad=(16, 0, 4, 0)),
        text("", h=FILL) if result is None else None,
        text(small, 24, color=T.ON_SURFACE_VARIANT, w=FILL, text_align="right", id=small_id,
             max_lines=2, pad=(24, 0)) if result is not None else None,
        text(main, big, color=T.ERROR if ctx.ui.get(ERROR) else T.ON_SURFACE, w=FILL,
             text_align="right", max_lines=3, id=main_id, pad=(24, 0)),
        text(small, 22 if sci else 28, color=T.ON_SURFACE_VARIANT, w=FILL,
             text_align="right", id=small_id, pad=(24, 0)) if result is None
        else text("", h=FILL),
        w=FILL, h=FILL, gap=6, pad=(0, 0, 0, 12), id="display",
        bg=T.SURFACE_CONTAINER_LOW, radius=0)
    keys = keypad(sci, bool(ctx.ui.get(INV)), degrees,
                  "AC" if not expr or result is not None else "C")
    overlay = None
    if ctx.query.get("dialog") == "menu":
        overlay = popup_menu([("History", Call(_open_history), "menu:history")],
                             ctx.close_dialog)
    return scaffold(col(display, keys, w=FILL, h=FILL), overlay=overlay,
                    bg=T.SURFACE_CONTAINER_LOW)


def _open_history(ctx: ScreenContext) -> None:
    ctx.close_dialog()
    ctx.push("/history")


_STYLE = {  # key kind -> (container, label colour)
    "digit": (T.SURFACE_CONTAINER_HIGHEST, T.ON_SURFACE),
    "op": (T.SECONDARY_CONTAINER, T.ON_SECONDARY_CONTAINER),
    "clear": (T.TERTIARY_CONTAINER, T.ON_TERTIARY_CONTAINER),
    "equals": (T.PRIMARY, T.ON_PRIMARY),
    "sci": (T.SURFACE_CONTAINER_LOW, T.ON_SURFACE),
}
_NAMES = {"paren": "Parentheses", "backspace": "Backspace",
          "equals": "Equals", "inv": "Inverse",
          "expand": "More functions", "percent": "Percent", "op_add": "Plus",
          "op_sub": "Minus", "op_mul": "Multiply", "op_div": "Divide", "dot": "Point",
          "sqrt": "Square root", "power": "Power", "factorial": "Factorial", "pi": "Pi"}


def _kind(key: str) -> str:
    if key.startswith("digit_") or key in ("dot", "backspace"):
        return "digit"
    return key if key in ("clear", "equals") else "op"


def _key(key: str, label: str, kind: str, h: int, selected: bool = False) -> View:
    bg, fg = _STYLE[kind]
    if selected:
        bg, fg = T.PRIMARY_CONTAINER, T.ON_PRIMARY_CONTAINER
    content = text(label, 28 if kind != "sci" else 18, "regular", fg) if key != "backspace" \
        else icon("backspace", 26, fg)
    return col(content, w=FILL, h=h, bg=bg, radius=h // 2, align="center", justify="center",
               id=key, role="button", label=_NAMES.get(key, label), on_tap=Call(press, key),
               selected=selected)


@retained(maxsize=8)  # ~0.6 MB of pixels each
def keypad(expanded: bool, inverse: bool, degrees: bool, clear_label: str) -> View:
    """The scientific rows (the first always, the rest under the chevron) and the main pad."""
    def sci_key(key: str) -> View:
        if inverse and key in INVERTED:
            key = INVERTED[key]
        if key == "angle":
            return _key(key, "DEG" if degrees else "RAD", "sci", 40)
        label = KEYS[key][0] if key in KEYS else "INV"
        return _key(key, label, "sci", 40, selected=key == "inv" and inverse)

    first = row(*[sci_key(k) for k in SCI_FIRST],
                col(icon("expand_less" if expanded else "expand_more", 24), w=44,
                    h=40, align="center", justify="center", id="expand", role="button",
                    label="Fewer functions" if expanded else "More functions",
                    on_tap=Call(press, "expand")),
                gap=8, w=FILL)
    more = [row(*[sci_key(k) for k in keys], gap=8, w=FILL, pad=(0, 0, 52, 0))
            for keys in SCI_MORE] if expanded else []
    key_h = 64 if expanded else 76
    pad_rows = [row(*[_key(k, clear_label if k == "clear" else "( )" if k == "paren"
                           else "=" if k == "equals" else KEYS[k][0] if k in KEYS else "", _kind(k), key_h) for k in keys],
                    gap=10, w=FILL) for keys in PAD]
    return col(first, *more, col(*pad_rows, gap=10, w=FILL, pad=(0, 8, 0, 0)),
               w=FILL, gap=8, pad=(12, 8, 12, 16), bg=T.SURFACE_CONTAINER_LOW, id="keypad")


# --------------------------------------------------------------------------- history
def history(ctx: ScreenContext) -> View:
    entries = ctx.state["history"]
    now = ctx.now().date()
    rows: list[View | None] = []
    day = None
    for rec in reversed(entries):  # newest first
        when = _local(rec["time_ms"], ctx.os.clock.tz_offset_minutes).date()
        label = _day_label(when, now)
        if label != day:
            rows.append(section_header(label))
            day = label
        rows.append(_entry(rec["id"], rec["expression"], rec["result"]))
    body = ctx.scroll(*rows, id="history", pad=(0, 0, 0, 16)) if entries else \
        empty_state("history", "No history yet")
    bar = top_app_bar("History", Call("back"), [
        bar_action("delete", Call("open_dialog", "clear") if entries else None,
                   "Clear history", id="clear_history")])
    overlay = None
    if ctx.query.get("dialog") == "clear" and entries:
        overlay = dialog("Clear history?", "All your past calculations are removed.",
                         [("Cancel", ctx.close_dialog, "clear_dialog:cancel"),
                          ("Clear", Call(_clear), "clear_dialog:clear")],
                         on_dismiss=ctx.close_dialog, id="clear_dialog")
    return scaffold(body, top_bar=bar, overlay=overlay)


def _local(ms: int, tz_offset_minutes: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).replace(
        tzinfo=None) + datetime.timedelta(minutes=tz_offset_minutes)


def _day_label(when: Any, today: Any) -> str:
    days = (today - when).days
    if days == 0:
        return "Today"
    if days == 1:
        return "Yesterday"
    return f"{when:%a, %b} {when.day}"


@retained(maxsize=32)
def _entry(entry_id: int, expression: str, result: str) -> View:
    return col(text(expression, 16, color=T.ON_SURFACE_VARIANT, w=FILL, text_align="right"),
               text(result, 26, color=T.ON_SURFACE, w=FILL, text_align="right"),
               w=FILL, pad=(24, 10), gap=2, id=f"history:{entry_id}", role="list_item",
               label=f"{expression} = {result}", on_tap=Call(reuse, entry_id))


def _clear(ctx: ScreenContext) -> None:
    count = model.clear_history(ctx.state)
    ctx.close_dialog()
    ctx.toast("History cleared" if count else "No history")


ROUTES = {"/": home, "/history": history}
