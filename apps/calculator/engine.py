"""The calculator's evaluator: a tokenizer and a recursive-descent parser over the keys'
symbols, never ``eval``, and Android's result formatting.

Expressions are written with the keypad's symbols: ``+ − × ÷ ^ % ! ( ) . π e √`` and the
functions ``sin cos tan ln log`` with their inverses ``sin⁻¹ cos⁻¹ tan⁻¹``. The grammar, from
the loosest binding:

    expr    := term (("+" | "−") term)*        a ± b% is a ± a·b/100 (Android's percent)
    term    := unary (("×" | "÷") unary | unary)*   a bare juxtaposition multiplies: 2π, 2(3)
    unary   := ("−" | "+") unary | power       so −2^2 = −4
    power   := postfix ("^" unary)?            right-associative: 2^3^2 = 2^9
    postfix := primary ("!" | "%")*
    primary := number | π | e | func "(" expr ")" | "√" postfix | "(" expr ")"

Unclosed parentheses close at the end, as Android does. Errors are a :class:`CalcError` whose
message is what the display shows ("Can't divide by 0", "Bad expression", "Domain error",
"Value too large").
"""

from __future__ import annotations

import math
from collections.abc import Callable

MINUS = "−"  # U+2212, the keypad's minus (results too, as Android shows them)
FUNCTIONS: dict[str, Callable[[float, bool], float]] = {}  # filled below
INVERSES = {"sin": "sin⁻¹", "cos": "cos⁻¹", "tan": "tan⁻¹", "ln": "eˣ", "log": "10ˣ",
            "√": "x²"}
# What each function key appends to the expression.
INSERTS = {"sin": "sin(", "cos": "cos(", "tan": "tan(", "ln": "ln(", "log": "log(",
           "sin⁻¹": "sin⁻¹(", "cos⁻¹": "cos⁻¹(", "tan⁻¹": "tan⁻¹(", "eˣ": "e^", "10ˣ": "10^",
           "x²": "^2", "√": "√"}
_NAMES = ("sin⁻¹", "cos⁻¹", "tan⁻¹", "sin", "cos", "tan", "ln", "log")  # longest first
_LIMIT = 1e300


class CalcError(ValueError):
    """An expression that has no value; ``str(err)`` is the display's message."""


def _angle_in(x: float, deg: bool) -> float:
    return math.radians(x) if deg else x


def _angle_out(x: float, deg: bool) -> float:
    return math.degrees(x) if deg else x


def _tan(x: float, deg: bool) -> float:
    if deg and x % 180 == 90:
        raise CalcError("Domain error")
    return math.tan(_angle_in(x, deg))


def _exact_trig(fn: Callable[[float], float]) -> Callable[[float, bool], float]:
    """sin and cos of whole degrees that are multiples of 30/45 come out exact (sin 30° is 0.5,
    not 0.49999999999999994), as a calculator shows them."""
    def value(x: float, deg: bool) -> float:
        v = fn(_angle_in(x, deg))
        return round(v, 15) if deg else v
    return value


def _asin(x: float, deg: bool) -> float:
    if not -1 <= x <= 1:
        raise CalcError("Domain error")
    return _angle_out(math.asin(x), deg)


def _acos(x: float, deg: bool) -> float:
    if not -1 <= x <= 1:
        raise CalcError("Domain error")
    return _angle_out(math.acos(x), deg)


def _log(base: float | None) -> Callable[[float, bool], float]:
    def value(x: float, deg: bool) -> float:
        if x <= 0:
            raise CalcError("Domain error")
        return math.log(x) if base is None else math.log10(x)
    return value


FUNCTIONS.update({
    "sin": _exact_trig(math.sin), "cos": _exact_trig(math.cos), "tan": _tan,
    "sin⁻¹": _asin, "cos⁻¹": _acos, "tan⁻¹": lambda x, deg: _angle_out(math.atan(x), deg),
    "ln": _log(None), "log": _log(10),
})


def tokenize(expr: str) -> list[str]:
    """The expression's tokens: numbers, symbols and function names (``CalcError`` on a
    character no key types)."""
    tokens: list[str] = []
    i = 0
    while i < len(expr):
        ch = expr[i]
        if ch.isdigit() or ch == ".":
            j = i
            while j < len(expr) and (expr[j].isdigit() or expr[j] == "."):
                j += 1
            if expr[i:j].count(".") > 1 or expr[i:j] == ".":
                raise CalcError("Bad expression")
            tokens.append(expr[i:j])
            i = j
            continue
        name = next((n for n in _NAMES if expr.startswith(n, i)), None)
        if name is not None:
            tokens.append(name)
            i += len(name)
            continue
        if ch in "+-−×*÷/^%!()πe√":
            tokens.append({"-": MINUS, "*": "×", "/": "÷"}.get(ch, ch))
        elif not ch.isspace():
            raise CalcError("Bad expression")
        i += 1
    return tokens


class _Parser:
    def __init__(self, tokens: list[str], degrees: bool) -> None:
        self.tokens, self.i, self.deg = tokens, 0, degrees

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise CalcError("Bad expression")
        self.i += 1
        return tok

    def expr(self) -> float:
        value, _ = self.term()
        while self.peek() in ("+", MINUS):
            op = self.take()
            rhs, percent = self.term()
            if percent:  # 50 + 10% = 55: the percent is of the left-hand side
                rhs = value * rhs
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self) -> tuple[float, bool]:
        """A product, and whether it is one factor ending in % (what a ± b% needs)."""
        value, percent = self.unary()
        while True:
            tok = self.peek()
            if tok in ("×", "÷"):
                self.take()
                rhs, _ = self.unary()
                if tok == "÷" and rhs == 0:
                    raise CalcError("Can't divide by 0")
                value = value * rhs if tok == "×" else value / rhs
            elif tok is not None and _starts_primary(tok):
                rhs, _ = self.unary()  # implicit multiplication
                value *= rhs
            else:
                return value, percent
            percent = False

    def unary(self) -> tuple[float, bool]:
        if self.peek() in (MINUS, "+"):
            sign = -1.0 if self.take() == MINUS else 1.0
            value, percent = self.unary()
            return sign * value, percent
        return self.power()

    def power(self) -> tuple[float, bool]:
        base, percent = self.postfix()
        if self.peek() != "^":
            return base, percent
        self.take()
        exp, _ = self.unary()
        if base == 0 and exp < 0:
            raise CalcError("Can't divide by 0")
        if base < 0 and exp != int(exp):
            raise CalcError("Domain error")
        try:
            return math.pow(base, exp), False
        except OverflowError:
            raise CalcError("Value too large") from None

    def postfix(self) -> tuple[float, bool]:
        value, percent = self.primary(), False
        while self.peek() in ("!", "%"):
            if self.take() == "!":
                value, percent = _factorial(value), False
            else:
                value, percent = value / 100, True
        return value, percent

    def primary(self) -> float:
        tok = self.take()
        if tok[0].isdigit() or tok[0] == ".":
            return float(tok)
        if tok == "π":
            return math.pi
        if tok == "e":
            return math.e
        if tok == "√":
            value, _ = self.postfix()
            if value < 0:
                raise CalcError("Domain error")
            return math.sqrt(value)
        if tok in FUNCTIONS:
            if self.peek() != "(":
                raise CalcError("Bad expression")
            return FUNCTIONS[tok](self.group(), self.deg)
        if tok == "(":
            self.i -= 1
            return self.group()
        raise CalcError("Bad expression")

    def group(self) -> float:
        self.take()  # "("
        value = self.expr()
        if self.peek() == ")":
            self.take()
        elif self.peek() is not None:
            raise CalcError("Bad expression")
        return value  # an unclosed group closes at the end


def _starts_primary(tok: str) -> bool:
    return tok[0].isdigit() or tok[0] == "." or tok in ("π", "e", "√", "(") or tok in FUNCTIONS


def _factorial(x: float) -> float:
    if x < 0 or x > 170:
        raise CalcError("Domain error" if x < 0 else "Value too large")
    if x == int(x):
        return float(math.factorial(int(x)))
    return math.gamma(x + 1)


def evaluate(expr: str, degrees: bool = False) -> float:
    """The value of ``expr`` (angles in degrees when ``degrees``); ``CalcError`` when it has
    none. An empty expression is a ``CalcError`` too."""
    tokens = tokenize(expr)
    if not tokens:
        raise CalcError("Bad expression")
    parser = _Parser(tokens, degrees)
    try:
        value = parser.expr()
    except (OverflowError, ZeroDivisionError):
        raise CalcError("Value too large") from None
    if parser.peek() is not None:  # a stray ")" or a dangling operator
        raise CalcError("Bad expression")
    if math.isnan(value):
        raise CalcError("Domain error")
    if math.isinf(value) or abs(value) > _LIMIT:
        raise CalcError("Value too large")
    return value


def format_number(value: float, digits: int = 12) -> str:
    """A result as Android shows it: at most ``digits`` significant digits, no trailing
    ``.0``, thousands grouped, ``E`` notation for very large or small magnitudes, and the
    keypad's minus sign."""
    if value == 0:
        return "0"
    text = f"{abs(value):.{digits}g}"
    if "e" in text:
        mantissa, exp = text.split("e")
        text = f"{mantissa}E{int(exp)}"
    else:
        whole, _, frac = text.partition(".")
        text = f"{int(whole):,}" + (f".{frac}" if frac else "")
    return (MINUS if value < 0 else "") + text


def preview(expr: str, degrees: bool = False) -> str:
    """The live result under the expression: the formatted value, or "" while the expression
    is incomplete or wrong (Android shows nothing until ``=``)."""
    try:
        if not any(ch.isdigit() or ch in "πe" for ch in expr):
            return ""
        return format_number(evaluate(expr, degrees))
    except CalcError:
        return ""


def compute(expr: str, degrees: bool = False) -> tuple[str, bool]:
    """What ``=`` shows: ``(formatted result, True)`` or ``(error message, False)``."""
    try:
        return format_number(evaluate(expr, degrees)), True
    except CalcError as err:
        return str(err), False


def as_plain(shown: str) -> str:
    """A displayed result as plain text for other apps and answers: ASCII minus, no
    grouping (``−1,234.5`` -> ``-1234.5``)."""
    return shown.replace(MINUS, "-").replace(",", "")
