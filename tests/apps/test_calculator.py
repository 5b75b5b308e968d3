"""Calculator: the evaluator (precedence, percent, implicit multiplication, errors, formatting,
and a property test against Python's arithmetic), the keypad, the scientific panel, the
history (reuse, clear) and the factory data."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobilegym_env.apps.calculator import engine
from mobilegym_env.apps.calculator.state import initial_state
from mobilegym_env.device import Device
from mobilegym_env.testing import find, has, node, route, tap

APP = "calculator"  # what the ``device`` fixture (conftest.py) opens
M = engine.MINUS


@pytest.fixture(autouse=True)
def _no_crashes(device: Device):
    yield
    assert device.crashes == []


def store(device: Device) -> dict:
    return device.state()["apps"]["calculator"]


def press(device: Device, *keys: str) -> None:
    for key in keys:
        tap(device, id=key)


def formula(device: Device) -> str:
    """The expression on the display ("" when empty: an empty text has no node)."""
    found = find(device, id="formula")
    return found["text"] if found else ""


def type_digits(device: Device, digits: str) -> None:
    press(device, *[{".": "dot"}.get(d, f"digit_{d}") for d in digits])


# ----- the evaluator
@pytest.mark.parametrize("expr, shown", [
    ("2+3×4", "14"), ("(2+3)×4", "20"), ("10−4−3", "3"), ("100÷10÷5", "2"),
    ("2^3^2", "512"), (f"{M}2^2", f"{M}4"), (f"3×{M}2", f"{M}6"), (f"5{M}{M}3", "8"),
    ("50+10%", "55"), ("200×5%", "10"), (f"100{M}15%", "85"), ("10%", "0.1"),
    ("2(3)", "6"), ("2π", "6.28318530718"), ("(1+2)(3+4)", "21"), ("3√16", "12"),
    ("(1+2", "3"), ("0.1+0.2", "0.3"), (".5+.5", "1"), ("1÷3", "0.333333333333"),
    ("10!", "3,628,800"), ("√2", "1.41421356237"), ("2e", "5.43656365692"),
    ("123456789×987654321", "1.21932631113E17"), ("1÷4000000000000", "2.5E-13"),
    ("1234.5×2", "2,469"), (f"{M}1234.5", f"{M}1,234.5"), ("ln(e)", "1"), ("log(1000)", "3"),
])
def test_evaluates_like_android(expr: str, shown: str) -> None:
    assert engine.compute(expr) == (shown, True)


@pytest.mark.parametrize("expr, degrees, shown", [
    ("sin(30)", True, "0.5"), ("cos(60)", True, "0.5"), ("tan(45)", True, "1"),
    ("sin⁻¹(1)", True, "90"), ("sin(π÷2)", False, "1"), ("cos(0)", False, "1"),
])
def test_trigonometry_follows_the_angle_unit(expr: str, degrees: bool, shown: str) -> None:
    assert engine.compute(expr, degrees) == (shown, True)


@pytest.mark.parametrize("expr, message", [
    ("1÷0", "Can't divide by 0"), ("5÷(2−2)", "Can't divide by 0"), ("0^−1", "Can't divide by 0"),
    ("1+", "Bad expression"), ("×2", "Bad expression"), ("1..2", "Bad expression"),
    ("()", "Bad expression"), ("2)", "Bad expression"), ("sin", "Bad expression"),
    (f"√({M}1)", "Domain error"), ("ln(0)", "Domain error"), (f"({M}1)!", "Domain error"),
    ("tan(90)", "Domain error"), ("171!", "Value too large"), ("10^400", "Value too large"),
    ("abc", "Bad expression"), ("", "Bad expression"),
])
def test_errors_are_messages_never_exceptions(expr: str, message: str) -> None:
    assert engine.compute(expr, degrees=True) == (message, False)


def test_preview_is_empty_until_the_expression_has_a_value() -> None:
    assert engine.preview("12×") == "" and engine.preview("12×3") == "36"
    assert engine.preview("(") == "" and engine.preview("1÷0") == ""


def _tree(depth: int) -> st.SearchStrategy:
    leaf = st.integers(0, 999)
    if depth == 0:
        return leaf
    sub = _tree(depth - 1)
    return st.one_of(leaf, st.tuples(st.sampled_from("+−×÷"), sub, sub))


def _render(t: object) -> str:
    if isinstance(t, int):
        return str(t)
    op, a, b = t
    return f"({_render(a)}{op}{_render(b)})"


def _value(t: object) -> Fraction:
    if isinstance(t, int):
        return Fraction(t)
    op, a, b = t
    x, y = _value(a), _value(b)
    if op == "÷":
        if y == 0:
            raise ZeroDivisionError
        return x / y
    return x + y if op == "+" else x - y if op == "−" else x * y


@settings(max_examples=300, deadline=None)
@given(_tree(3), st.booleans())
def test_matches_exact_arithmetic_on_generated_expressions(tree: object, bare: bool) -> None:
    expr = _render(tree)
    if bare and expr.startswith("(") and expr.endswith(")"):
        expr = expr[1:-1]  # the outer parentheses are optional
    try:
        want = _value(tree)
    except ZeroDivisionError:
        assert engine.compute(expr) == ("Can't divide by 0", False)
        return
    got = engine.evaluate(expr)
    assert got == pytest.approx(float(want), rel=1e-9, abs=1e-9)


@given(st.lists(st.tuples(st.sampled_from("+−×÷"), st.integers(1, 99)), max_size=6),
       st.integers(0, 99))
def test_precedence_matches_python_without_parentheses(ops: list, first: int) -> None:
    expr = str(first) + "".join(f"{op}{n}" for op, n in ops)
    python = str(first) + "".join(f"{ {'−': '-', '×': '*', '÷': '/'}.get(op, op)}{n}"
                                  for op, n in ops)
    want = _python_value(python)
    assert engine.evaluate(expr) == pytest.approx(want, rel=1e-9, abs=1e-9)


def _python_value(expr: str) -> float:
    """Python's own arithmetic on + - * / of whole numbers (two passes: * / then + -)."""
    import re
    tokens = re.findall(r"\d+|[-+*/]", expr)
    terms, ops = [float(tokens[0])], []
    for op, num in zip(tokens[1::2], tokens[2::2], strict=True):
        if op == "*":
            terms[-1] *= float(num)
        elif op == "/":
            terms[-1] /= float(num)
        else:
            ops.append(op)
            terms.append(float(num))
    total = terms[0]
    for op, t in zip(ops, terms[1:], strict=True):
        total = total + t if op == "+" else total - t
    return total


@pytest.mark.parametrize("value, shown", [
    (0.0, "0"), (15.0, "15"), (-2.5, f"{M}2.5"), (1234567.0, "1,234,567"),
    (1e15, "1E15"), (2.5e-13, "2.5E-13"), (0.1 + 0.2, "0.3"),
])
def test_format_number(value: float, shown: str) -> None:
    assert engine.format_number(value) == shown
    assert engine.as_plain(shown) == shown.replace(M, "-").replace(",", "")


# ----- factory data
def test_default_history_is_six_computed_entries() -> None:
    s = initial_state()
    assert [h["id"] for h in s["history"]] == [1, 2, 3, 4, 5, 6] and s["next_id"] == 7
    assert s["degrees"] is False
    for h in s["history"]:
        assert engine.compute(h["expression"]) == (h["result"], True)
    assert [h["result"] for h in s["history"]][:2] == ["15,000", "15.228"]


# ----- the keypad
def test_typing_shows_the_expression_and_a_live_preview(device: Device) -> None:
    type_digits(device, "12")
    press(device, "op_mul", "paren")
    type_digits(device, "3")
    press(device, "op_add")
    type_digits(device, "4")
    assert formula(device) == "12×(3+4"
    assert node(device, id="result_preview")["text"] == "84"
    assert node(device, id="clear")["text"] == "C"
    before = len(store(device)["history"])
    press(device, "equals")
    assert node(device, id="result")["text"] == "84"
    assert formula(device) == "12×(3+4)"  # the group closed
    last = store(device)["history"][-1]
    assert len(store(device)["history"]) == before + 1
    assert (last["expression"], last["result"], last["id"]) == ("12×(3+4)", "84", 7)
    assert store(device)["next_id"] == 8


def test_after_a_result_an_operator_continues_and_a_digit_starts_over(device: Device) -> None:
    type_digits(device, "6")
    press(device, "op_mul")
    type_digits(device, "7")
    press(device, "equals", "op_add")
    type_digits(device, "8")
    assert formula(device) == "42+8"
    press(device, "equals")
    type_digits(device, "5")
    assert formula(device) == "5"


def test_a_second_operator_replaces_the_first_but_minus_makes_a_negative(device) -> None:
    type_digits(device, "9")
    press(device, "op_add", "op_mul")
    assert formula(device) == "9×"
    press(device, "op_sub")
    type_digits(device, "2")
    assert formula(device) == f"9×{M}2"
    assert node(device, id="result_preview")["text"] == f"{M}18"


def test_keys_refuse_what_android_refuses(device: Device) -> None:
    press(device, "op_mul", "percent")  # nothing to operate on
    assert formula(device) == ""
    type_digits(device, "1.5")
    press(device, "dot")  # a second point in one number
    assert formula(device) == "1.5"


def test_backspace_and_clear(device: Device) -> None:
    type_digits(device, "123")
    press(device, "backspace")
    assert formula(device) == "12"
    press(device, "clear")
    assert formula(device) == ""
    assert node(device, id="clear")["text"] == "AC"


def test_division_by_zero_shows_a_message_and_keeps_no_history(device: Device) -> None:
    before = store(device)["history"]
    type_digits(device, "7")
    press(device, "op_div")
    type_digits(device, "0")
    press(device, "equals")
    assert node(device, id="result")["text"] == "Can't divide by 0"
    assert store(device)["history"] == before
    type_digits(device, "2")  # the message never carries on
    assert formula(device) == "2"


def test_bad_expression_message(device: Device) -> None:
    type_digits(device, "5")
    press(device, "op_add", "equals")
    assert node(device, id="result")["text"] == "Bad expression"


def test_percent_key_as_android(device: Device) -> None:
    type_digits(device, "50")
    press(device, "op_add")
    type_digits(device, "10")
    press(device, "percent", "equals")
    assert node(device, id="result")["text"] == "55"


def test_scientific_panel_unit_and_inverse(device: Device) -> None:
    assert find(device, id="sin") is None and has(device, id="sqrt")
    press(device, "expand")
    assert node(device, id="angle")["text"] == "RAD"
    press(device, "angle")
    assert store(device)["degrees"] is True and node(device, id="unit")["text"] == "DEG"
    press(device, "sin")
    type_digits(device, "30")
    press(device, "paren")  # closes the function's group
    assert formula(device) == "sin(30)"
    press(device, "equals")
    assert node(device, id="result")["text"] == "0.5"
    press(device, "inv")
    assert has(device, id="sin_inv") and not has(device, id="sin")
    press(device, "sin_inv")
    assert not has(device, id="sin_inv")  # INV lasts one key
    type_digits(device, "1")
    press(device, "equals")
    assert node(device, id="result")["text"] == "90"
    press(device, "backspace")  # back to the expression; ⌫ takes the function in one go
    press(device, "backspace", "backspace")  # ")" closed at =, then "1"
    assert formula(device) == "sin⁻¹("
    press(device, "backspace")
    assert formula(device) == ""
    press(device, "expand")
    assert find(device, id="sin") is None


def test_power_and_square_root_keys(device: Device) -> None:
    type_digits(device, "2")
    press(device, "power")
    type_digits(device, "10")
    press(device, "equals")
    assert node(device, id="result")["text"] == "1,024"
    press(device, "clear", "sqrt")
    type_digits(device, "81")
    press(device, "equals")
    assert node(device, id="result")["text"] == "9"


def test_long_expressions_are_refused_with_a_toast(device: Device) -> None:
    type_digits(device, "9" * 80)
    type_digits(device, "9")
    assert len(formula(device)) == 80


# ----- history
def test_history_lists_newest_first_by_day_and_reuses_a_result(device: Device) -> None:
    press(device, "more", "menu:history")
    assert route(device) == "/history"
    rows = [n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("history:")]
    assert rows[:2] == ["history:6", "history:5"]
    assert has(device, text="Yesterday")
    tap(device, id="history:5")  # 2^10 = 1,024
    assert route(device) == "/"
    assert formula(device) == "1024"
    press(device, "op_add")
    type_digits(device, "1")
    assert node(device, id="result_preview")["text"] == "1,025"


def test_reusing_after_a_value_multiplies(device: Device) -> None:
    type_digits(device, "2")
    press(device, "more", "menu:history")
    tap(device, id="history:3")  # 150
    assert formula(device) == "2×150"


def test_clear_history_asks_first(device: Device) -> None:
    press(device, "more", "menu:history", "clear_history")
    press(device, "clear_dialog:cancel")
    assert len(store(device)["history"]) == 6
    press(device, "clear_history", "clear_dialog:clear")
    assert store(device)["history"] == [] and has(device, text="No history yet")
    press(device, "clear_history")  # nothing left to clear: no dialog
    assert find(device, id="clear_dialog") is None


def test_history_is_bounded() -> None:
    from mobilegym_env.apps.calculator import model
    s = initial_state()
    for i in range(120):
        model.add_history(s, f"{i}+1", str(i + 1), i)
    assert len(s["history"]) == model.MAX_HISTORY and s["history"][-1]["expression"] == "119+1"


def test_a_result_in_e_notation_carries_on(device: Device) -> None:
    type_digits(device, "123456789")
    press(device, "op_mul")
    type_digits(device, "987654321")
    press(device, "equals")
    assert node(device, id="result")["text"] == "1.21932631113E17"
    press(device, "op_div")
    type_digits(device, "2")
    assert formula(device) == "1.21932631113×10^17÷2"
    press(device, "equals")
    assert node(device, id="result")["text"] == "6.09663155565E16"
    press(device, "more", "menu:history")
    tap(device, id=f"history:{store(device)['history'][-2]['id']}")
    press(device, "equals")
    assert node(device, id="result")["text"] == "1.21932631113E17"
