"""Calculator suite: arithmetic people do on a phone (a sum, a tip, a split bill, a percent
change, a square root, compound growth, a sine in degrees), reading and reusing the history,
clearing it, and carrying a result into Notes or Messages.

Every episode starts in Calculator with an empty display. Numbers are drawn per seed; answers
are read leniently in form ("15.23", "$15.23", "15.228") and strictly in value (a tolerance of
a cent where money is rounded). Pressing = appends to the history and the angle unit is
remembered, so answering tasks let exactly those change (:func:`calculating`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.calculator import engine, model
from mobilegym_env.apps.calculator.screens import KEYS
from mobilegym_env.device import Device
from mobilegym_env.judge import Change, Check, Expectation, Judged
from mobilegym_env.task import Start, Task
from mobilegym_env.tasks import contacts, messages, notes

Action = dict[str, Any]
HISTORY = "apps.calculator.history"
DEGREES = "apps.calculator.degrees"


class _Calculating(Expectation):
    """Not a check: working something out appends calculations to the history (the oldest go
    once it is full) and may switch the angle unit. Deleting or editing past entries is
    still collateral damage."""

    counts = False
    name = "may calculate"

    def check(self, j: Judged) -> Check:
        return Check(self.name, True)

    def allows(self, change: Change, j: Judged) -> bool:
        path = change.path
        if path == DEGREES:
            return True
        if path == "apps.calculator.next_id":  # a counter: only up
            return isinstance(change.before, int) and isinstance(change.after, int) and \
                change.after > change.before
        if not path.startswith(f"{HISTORY}[id="):
            return False
        full = len(j.final["apps"]["calculator"]["history"]) >= model.MAX_HISTORY
        return change.kind == "created" or (change.kind == "deleted" and full)


def calculating(*more: str) -> list[Expectation]:
    """What answering by calculating may change (and ``more`` patterns)."""
    return [_Calculating(), *([C.may_change(*more)] if more else [])]
DAY_MS = 86_400_000

# key id of each symbol the oracle types (functions are typed by their key)
_SYMBOL_KEYS = {sym: key for key, (_, sym) in KEYS.items() if len(sym) == 1}
_SYMBOL_KEYS.update({"(": "paren", ")": "paren"})
_FUNCTION_KEYS = {"sin(": "sin", "cos(": "cos", "tan(": "tan", "ln(": "ln", "log(": "log"}
_PANEL_KEYS = {"e", "sin", "cos", "tan", "ln", "log", "open_paren", "close_paren", "angle",
               "inv"}


# --------------------------------------------------------------------------- helpers
def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _store(device: Device) -> dict[str, Any]:
    return device.kernel.app_state("calculator")


def keys_for(expr: str) -> list[str]:
    """The key ids that type ``expr`` (keypad symbols and function names)."""
    out: list[str] = []
    i = 0
    while i < len(expr):
        fn = next((f for f in _FUNCTION_KEYS if expr.startswith(f, i)), None)
        if fn is not None:
            out.append(_FUNCTION_KEYS[fn])
            i += len(fn)
            continue
        ch = expr[i]
        if ch not in _SYMBOL_KEYS:
            raise ValueError(f"no key types {ch!r}")
        out.append(_SYMBOL_KEYS[ch])
        i += 1
    return out


def calculate(device: Device, expr: str, degrees: bool | None = None) -> Iterator[Action]:
    """On the calculator: clears, types ``expr`` key by key (opening the scientific panel and
    switching the angle unit if needed), presses = and returns the result as plain text
    (``"-1234.5"``)."""
    yield from O.back_to(device, id="keypad")
    keys = keys_for(expr)
    unit = O.find(device, id="unit")  # the display reads DEG or RAD
    if degrees is not None and degrees != (unit is not None and unit["text"] == "DEG"):
        keys = ["angle", *keys]
    if any(k in _PANEL_KEYS for k in keys) and O.find(device, id="angle") is None:
        yield O.tap(device, id="expand")
    if O.find(device, id="clear") is not None:
        yield O.tap(device, id="clear")
    for key in keys:
        yield O.tap(device, id=key)
    yield O.tap(device, id="equals")
    return engine.as_plain(O.node(device, id="result")["text"])


def _shown(device: Device) -> str:
    """The result as the display shows it ("1,303,800", "0.17364817767"): the answer, read
    off the screen (every task's tolerance takes its full precision)."""
    return O.node(device, id="result")["text"]


def history_entry(device: Device, expr: str) -> Iterator[Action]:
    """From the calculator: opens the history and scrolls to the newest entry of ``expr``;
    returns its node (text ``"<expression> = <result>"``)."""
    yield O.tap(device, id="more")
    yield O.tap(device, id="menu:history")
    return (yield from O.scroll_to(device, role="list_item",
                                   where=lambda n: (n["text"] or "").startswith(expr + " = ")))


def _money(x: float) -> str:
    return f"{x:,.2f}"


def _dollars(cents: int) -> str:
    """12345 -> "123.45" (no thousands separator: the oracle types it as stated)."""
    return f"{cents // 100}.{cents % 100:02d}"


def _cents(dollars: str) -> int:
    """ "123.45" -> 12345."""
    if re.fullmatch(r"\d+\.\d\d", dollars) is None:
        raise ValueError(f"want dollars and cents like '84.60', got {dollars!r}")
    whole, cents = dollars.split(".")
    return int(whole) * 100 + int(cents)


def _check_choice(what: str, value: Any, options: Sequence[Any]) -> None:
    if value not in options:
        raise ValueError(f"{what} {value!r} is not one of {list(options)}")


def _check_range(what: str, value: float, low: float, high: float) -> None:
    if not low <= value <= high:
        raise ValueError(f"{what} must be in [{low}, {high}], got {value}")


class _CalcTask(Task):
    suite = "calculator"
    apps = ("calculator",)
    start = Start(app="calculator")
    objective = "query"
    difficulty = 2


# --------------------------------------------------------------------------- arithmetic
FORMS = ("{a}×{b}−{c}÷{d}", "({a}+{b})×{c}", "{a}×{b}+{c}×{d}", "({a}−{b})÷{d}",
         "{a}+{b}×{c}−{d}")


class Evaluate(_CalcTask):
    """Work out an expression whose precedence matters (× and ÷ before + and −)."""

    name = "evaluate"
    template = "Use the calculator to work out {shown}. What is the result?"
    phrasings = ("What does {shown} come to? Work it out on the calculator.",
                 "Calculate {shown} for me with the calculator and tell me the answer.")
    difficulty = 3
    max_steps = 40
    tags = ("multi_step",)

    @dataclass(frozen=True)
    class Params:
        expression: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        form = _pick(rng, FORMS)
        d = int(rng.integers(3, 13))
        a, b = int(rng.integers(120, 4000)), int(rng.integers(11, 99))
        c = d * int(rng.integers(12, 300))  # c ÷ d and (a − b) ÷ d come out whole
        if form == "({a}−{b})÷{d}":  # b stays positive: a − b is a whole multiple of d
            b = a - d * int(rng.integers(1, (a - 11) // d + 1))
        return cls.Params(form.format(a=a, b=b, c=c, d=d))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        value = engine.evaluate(params.expression)  # CalcError (a ValueError) if it has none
        if value != round(value, 2):
            raise ValueError(f"{params.expression} must come out to at most two decimals")

    def template_values(self) -> dict[str, Any]:
        shown = self.params.expression
        for op in "+−×÷":
            shown = shown.replace(op, f" {op} ")
        return {"shown": shown.replace("( ", "(").replace(" )", ")")}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(engine.evaluate(self.params.expression), 0.005),
                *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from calculate(device, self.params.expression)
        yield A.answer(_shown(device))


class _Bill(_CalcTask):
    """A bill in cents and a tip percent."""

    tips: Sequence[int] = (15, 18, 20)

    @dataclass(frozen=True)
    class Params:
        bill: str  # dollars and cents as the instruction states them: "84.60"
        percent: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return cls.Params(_dollars(int(rng.integers(1800, 24000))), _pick(rng, cls.tips))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_range("bill", _cents(params.bill) / 100, 1, 9_999)
        _check_choice("percent", params.percent, cls.tips)

    @property
    def cents(self) -> int:
        return _cents(self.params.bill)

    @property
    def bill(self) -> str:
        return self.params.bill

    def template_values(self) -> dict[str, Any]:
        return {**vars(self.params), "bill": f"${self.params.bill}"}


class Tip(_Bill):
    """Compute a tip on a bill (Android's percent: bill × 15%)."""

    name = "tip"
    template = "My restaurant bill is {bill}. How much should I leave for a tip of {percent}%?"
    phrasings = ("What's a {percent}% tip on a {bill} restaurant bill?",
                 "The bill came to {bill}. How much is a {percent}% tip on that?")
    difficulty = 3
    max_steps = 30

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        tip = self.cents * self.params.percent / 10_000
        return [C.answer_number(tip, 0.01, unit="$"), *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from calculate(device, f"{self.bill}×{self.params.percent}%")
        yield A.answer(_shown(device))


class SplitBill(_Bill):
    """Add a tip to a bill and split the total evenly."""

    name = "split_bill"
    template = ("The dinner bill is {bill}. We add a {percent}% tip and split the total evenly "
                "between {people} people. How much does each person pay?")
    phrasings = ("Dinner for {people} came to {bill}, plus a {percent}% tip, shared equally. "
                 "What does each of us pay?",
                 "Split a {bill} bill with a {percent}% tip added evenly {people} ways: how "
                 "much per person?")
    difficulty = 3
    max_steps = 40
    tags = ("multi_step",)

    @dataclass(frozen=True)
    class Params:
        bill: str
        percent: int
        people: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_dollars(int(rng.integers(1800, 24000))), _pick(rng, cls.tips),
                          int(rng.integers(2, 7)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        _check_range("people", params.people, 2, 20)

    def share(self) -> float:
        return self.cents * (100 + self.params.percent) / 10_000 / self.params.people

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(self.share(), 0.01, unit="$"), *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from calculate(
            device, f"({self.bill}+{self.params.percent}%)÷{self.params.people}")
        yield A.answer(_shown(device))


class Discount(_Bill):
    """A sale price: the price less a percent (Android's a − b% is a − a·b/100)."""

    name = "discount"
    template = "A jacket costs {bill} and is {percent}% off in the sale. What is the sale price?"
    phrasings = ("With {percent}% off, what does a {bill} jacket cost in the sale?",
                 "A {bill} jacket is marked {percent}% off. What's the sale price?")
    difficulty = 3
    max_steps = 30
    tips = (15, 20, 25, 30, 35, 40, 45)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        price = self.cents * (100 - self.params.percent) / 10_000
        return [C.answer_number(price, 0.01, unit="$"), *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from calculate(device, f"{self.bill}−{self.params.percent}%")
        yield A.answer(_shown(device))


class ConvertTemperature(_CalcTask):
    """Fahrenheit to Celsius by the formula, on the calculator."""

    name = "convert_temperature"
    template = "Use the calculator to convert {f}°F to degrees Celsius. Round to one decimal."
    phrasings = ("What is {f}°F in Celsius? Work it out on the calculator, to one decimal.",
                 "Convert a temperature of {f}°F to °C with the calculator (one decimal).")
    difficulty = 3
    max_steps = 32
    tags = ("multi_step",)

    @dataclass(frozen=True)
    class Params:
        f: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        # above freezing: the result's minus sign (U+2212) is not read by the judge's numbers
        return cls.Params(int(rng.integers(33, 120)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_range("f", params.f, -459, 10_000)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number((self.params.f - 32) * 5 / 9, 0.051, unit="°C"), *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        f = str(self.params.f).replace("-", engine.MINUS)
        yield from calculate(device, f"({f}−32)×5÷9")
        yield A.answer(_shown(device))


class PercentChange(_CalcTask):
    """The percent a price rose or fell by."""

    name = "percent_change"
    template = ("A price went from ${old} to ${new}. By what percent did it {way}? "
                "Round to one decimal place.")
    phrasings = ("Something that cost ${old} now costs ${new}. By what percent did the price "
                 "{way}? One decimal place.",
                 "The price changed from ${old} to ${new}. What percent did it {way} by, to "
                 "one decimal?")
    difficulty = 3
    tags = ("multi_step",)
    max_steps = 42  # "(new−old)÷old×100 =" alone is up to 20 key presses

    @dataclass(frozen=True)
    class Params:
        old: int
        new: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        old = int(rng.integers(40, 900))
        new = old
        while abs(new - old) < 3:
            new = int(old * rng.uniform(0.55, 1.6))
        return cls.Params(old, new)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.old <= 0 or params.new <= 0 or params.old == params.new:
            raise ValueError("prices must be positive and differ")

    def template_values(self) -> dict[str, Any]:
        return {"old": self.params.old, "new": self.params.new,
                "way": "rise" if self.params.new > self.params.old else "fall"}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        change = abs(self.params.new - self.params.old) / self.params.old * 100
        return [C.answer_number(change, 0.051, unit="%"), *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        old, new = self.params.old, self.params.new
        yield from calculate(device, f"({max(old, new)}−{min(old, new)})÷{old}×100")
        yield A.answer(_shown(device))


class Average(_CalcTask):
    """The mean of a few scores (a sum in parentheses, divided)."""

    name = "average"
    template = "What is the average of these test scores: {shown}? Give two decimals."
    phrasings = ("My test scores were {shown}. What's my average, to two decimals?",
                 "Work out the mean of the scores {shown} (two decimal places).")
    difficulty = 3
    max_steps = 42
    tags = ("multi_step",)

    @dataclass(frozen=True)
    class Params:
        scores: tuple[int, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(tuple(int(x) for x in rng.integers(55, 100,
                                                             size=int(rng.integers(3, 5)))))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not 2 <= len(params.scores) <= 12 or not all(0 <= x <= 1000 for x in params.scores):
            raise ValueError("need 2 to 12 scores in 0..1000")

    def template_values(self) -> dict[str, Any]:
        *rest, last = self.params.scores
        return {"shown": ", ".join(map(str, rest)) + f" and {last}"}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(sum(self.params.scores) / len(self.params.scores), 0.0051),
                *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        expr = f"({'+'.join(map(str, self.params.scores))})÷{len(self.params.scores)}"
        yield from calculate(device, expr)
        yield A.answer(_shown(device))


# --------------------------------------------------------------------------- scientific
class SquareRoot(_CalcTask):
    """A square root (the √ key of the scientific row)."""

    name = "square_root"
    template = "What is the square root of {n}, to two decimal places?"
    phrasings = ("Find √{n} on the calculator and give it to two decimals.",
                 "To two decimal places, what's the square root of {n}?")

    @dataclass(frozen=True)
    class Params:
        n: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        n = int(rng.integers(20, 99999))
        while math.isqrt(n) ** 2 == n:
            n += 1
        return cls.Params(n)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_range("n", params.n, 2, 10**9)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(math.sqrt(self.params.n), 0.0051),
                *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from calculate(device, f"√{self.params.n}")
        yield A.answer(_shown(device))


class CompoundGrowth(_CalcTask):
    """Compound growth: a principal times (1 + rate)^years (the ^ key)."""

    name = "compound_growth"
    template = ("I put ${principal} in a savings account that pays {rate}% interest a year, "
                "compounded yearly. How much will it be worth after {years} years, to the "
                "cent?")
    phrasings = ("If ${principal} earns {rate}% a year, compounded yearly, what is it worth "
                 "after {years} years? Give dollars and cents.",
                 "What will ${principal} grow to in {years} years at {rate}% annual interest "
                 "(compounded once a year), to the cent?")
    difficulty = 3
    max_steps = 36
    tags = ("multi_step",)

    @dataclass(frozen=True)
    class Params:
        principal: int
        rate: str  # a percent as the instruction states it: "2.5", "5"
        years: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(rng.integers(5, 100)) * 100,
                          _pick(rng, ("1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5", "6")),
                          int(rng.integers(3, 21)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_range("principal", params.principal, 1, 10**7)
        if re.fullmatch(r"\d+(\.\d+)?", params.rate) is None:
            raise ValueError(f"rate must be a percent like '2.5', got {params.rate!r}")
        _check_range("rate", float(params.rate), 0.1, 20)
        _check_range("years", params.years, 1, 60)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.params
        return [C.answer_number(p.principal * (1 + float(p.rate) / 100) ** p.years, 0.01,
                                unit="$"),
                *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        p = self.params
        growth = 1 + float(p.rate) / 100
        yield from calculate(device, f"{p.principal}×{growth:g}^{p.years}")
        yield A.answer(_shown(device))


class SineDegrees(_CalcTask):
    """A sine or cosine of an angle in degrees: the scientific panel, in DEG (the app starts
    in radians)."""

    name = "sine_degrees"
    template = "Using the calculator, what is the {fn} of {angle} degrees? Give four decimals."
    phrasings = ("What's the {fn} of a {angle}° angle (in degrees)? Four decimal places.",
                 "Work out the {fn} of {angle} degrees on the calculator, to four decimals.")
    difficulty = 2
    tags = ("toggle",)

    @dataclass(frozen=True)
    class Params:
        fn: str
        angle: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        angle = int(rng.integers(5, 85))
        while angle % 15 == 0:
            angle += 1
        return cls.Params(_pick(rng, ("sine", "cosine")), angle)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("fn", params.fn, ("sine", "cosine"))
        _check_range("angle", params.angle, 1, 89)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        fn = math.sin if self.params.fn == "sine" else math.cos
        return [C.answer_number(fn(math.radians(self.params.angle)), 0.00006),
                *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        fn = "sin" if self.params.fn == "sine" else "cos"
        yield from calculate(device, f"{fn}({self.params.angle})", degrees=True)
        yield A.answer(_shown(device))


# --------------------------------------------------------------------------- history
# (what was being worked out, its expression) for past calculations written at setup
PAST = (("the rent split", "{a}÷3"), ("the fuel cost", "{a}×1.89"),
        ("the discount", "{a}−20%"), ("the tax", "{a}×8.25%"), ("the total", "{a}+{b}"),
        ("the average", "({a}+{b})÷2"))


def _past_history(device: Device, rng: np.random.Generator, target: str) -> None:
    """Writes a day of past calculations: ``target`` among decoys that share its numbers."""
    store = _store(device)
    now = device.kernel.clock.now_ms()
    a = int(rng.integers(100, 999))
    decoys = [f"{a + 1}×3", f"{a}×2", f"{int(rng.integers(100, 999))}÷4"]
    order = [target, *decoys]
    rng.shuffle(order)
    for i, expr in enumerate(order):
        model.add_history(store, expr, engine.compute(expr)[0],
                          now - DAY_MS // 2 + i * 600_000)


class HistoryValue(_CalcTask):
    """Read a past result off the history (decoy entries share its numbers)."""

    name = "history_value"
    template = "A while ago I calculated {shown} on the calculator. What was the result?"
    phrasings = ("What did {shown} come out to when I worked it out on the calculator "
                 "recently? It's in the history.",
                 "Look up my recent calculation {shown} in the calculator: what was its "
                 "result?")
    difficulty = 1
    max_steps = 14
    tags = ("menu", "scroll", "memory")

    @dataclass(frozen=True)
    class Params:
        expression: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        a = int(rng.integers(1000, 9999))
        b = int(rng.integers(13, 97))
        form = _pick(rng, ("{a}×{b}", "{a}÷{b}", "{a}−{b}%", "{a}×{b}%"))
        return cls.Params(form.format(a=a, b=b))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        engine.evaluate(params.expression)

    def template_values(self) -> dict[str, Any]:
        return {"shown": self.params.expression}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _past_history(device, rng, self.params.expression)

    def result(self, initial: dict[str, Any]) -> str:
        apps = initial["apps"]["calculator"]["history"]
        return next(h["result"] for h in reversed(apps)
                    if h["expression"] == self.params.expression)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        value = float(engine.as_plain(self.result(initial)))
        return [C.answer_number(value, 0.0005), *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        node = yield from history_entry(device, self.params.expression)
        yield A.answer(node["text"].split(" = ")[1])  # as the history shows it: "1,131"


class ReuseHistory(HistoryValue):
    """Take a past result from the history and work on with it."""

    name = "reuse_history"
    template = ("Take the result of the calculation {shown} from the calculator's history and "
                "multiply it by {factor}. What do you get?")
    phrasings = ("In the calculator's history there's {shown}. Multiply its result by "
                 "{factor}: what is it?",
                 "What is {factor} times the result of my earlier calculation {shown} (it's in "
                 "the calculator's history)?")
    difficulty = 2
    max_steps = 20

    @dataclass(frozen=True)
    class Params:
        expression: str
        factor: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        a, b = int(rng.integers(100, 999)), int(rng.integers(3, 9))
        return cls.Params(f"{a}×{b}", int(rng.integers(12, 99)))

    def template_values(self) -> dict[str, Any]:
        return {"shown": self.params.expression, "factor": self.params.factor}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        value = float(engine.as_plain(self.result(initial))) * self.params.factor
        return [C.answer_number(value, 0.0005), *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        node = yield from history_entry(device, self.params.expression)
        yield O.tap(device, node)  # back on the calculator with the result typed
        for key in ["op_mul", *keys_for(str(self.params.factor))]:
            yield O.tap(device, id=key)
        yield O.tap(device, id="equals")
        yield A.answer(_shown(device))


class ClearHistory(_CalcTask):
    """Clear the calculation history (a menu, the history page, a confirmation)."""

    name = "clear_history"
    template = "Clear the calculator's history."
    phrasings = ("Wipe all the past calculations from the calculator's history.",
                 "Delete everything in the calculator's history list.")
    objective = "operate"
    tags = ("menu", "dialog")
    start = Start()  # from the home screen

    @dataclass(frozen=True)
    class Params:
        entries: int = 0  # past calculations written first (the history differs per seed)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(rng.integers(1, 6)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_range("entries", params.entries, 0, 10)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        store = _store(device)
        now = device.kernel.clock.now_ms()
        for i in range(self.params.entries):
            a, b = int(rng.integers(12, 999)), int(rng.integers(2, 99))
            expr = f"{a}{_pick(rng, '+−×')}{b}"
            model.add_history(store, expr, engine.compute(expr)[0],
                              now - DAY_MS // 4 + i * 600_000)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.equals(HISTORY, []), C.may_change(DEGREES)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, "calculator")
        yield O.tap(device, id="more")
        yield O.tap(device, id="menu:history")
        yield O.tap(device, id="clear_history")
        yield O.tap(device, id="clear_dialog:clear")


# --------------------------------------------------------------------------- with other apps
# (note title, what the prices are for)
SHOPPING = (("Hardware store", ("paint", "brushes", "tape", "a ladder")),
            ("Party budget", ("cake", "balloons", "drinks", "snacks")),
            ("Camping gear", ("a tent", "a lantern", "a stove", "sleeping bags")),
            ("School supplies", ("notebooks", "pens", "a backpack", "a calculator")))


class TotalToNote(_CalcTask):
    """Add up prices on the calculator and keep the total in a new note."""

    name = "total_to_note"
    template = ('I bought {items}. Add up the prices with the calculator and save the total in '
                'a new note titled "{title}".')
    phrasings = ('I paid {items}. Total them on the calculator and put the sum in a new note '
                 'called "{title}".',
                 'Make a new note titled "{title}" with the total of what I spent: {items}. '
                 'Use the calculator to add it up.')
    difficulty = 4
    max_steps = 70
    objective = "hybrid"
    apps = ("calculator", "notes")
    tags = ("cross_app", "typing", "memory")

    @dataclass(frozen=True)
    class Params:
        title: str
        prices: tuple[str, ...]  # dollars and cents ("19.99"), one per item of the title's list

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        title, _ = _pick(rng, SHOPPING)
        return cls.Params(title, tuple(_dollars(int(rng.integers(199, 8999))) for _ in range(4)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("title", params.title, [t for t, _ in SHOPPING])
        if len(params.prices) != 4 or not all(1 <= _cents(p) <= 10**6 for p in params.prices):
            raise ValueError("need four prices in dollars and cents")

    def template_values(self) -> dict[str, Any]:
        names = dict(SHOPPING)[self.params.title]
        parts = [f"{n} for ${p}" for n, p in zip(names, self.params.prices, strict=True)]
        return {"title": self.params.title, "items": ", ".join(parts[:-1]) + f" and {parts[-1]}"}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        total = sum(_cents(p) for p in self.params.prices) / 100
        return [C.created(notes.NOTES, {"title": C.text_like(self.params.title),
                                        "body": C.number_like(total, 0.001)}),
                *calculating()]

    def oracle(self, device: Device) -> Iterator[Action]:
        expr = "+".join(self.params.prices)
        value = yield from calculate(device, expr)
        yield from O.open_app(device, "notes")
        yield from O.back_to(device, id="fab")
        yield O.tap(device, id="fab")
        yield from O.type_into(device, self.params.title, id="title")
        yield from O.type_into(device, f"{float(value):.2f}", id="body")
        yield O.tap(device, id="save")


class TextShare(_CalcTask):
    """Split a bill on the calculator and text one person what each owes."""

    name = "text_share"
    template = ("We split a {bill} bill evenly between {people} of us. Text {name} how much "
                "each person owes.")
    phrasings = ("A {bill} bill gets split equally {people} ways. Send {name} a text saying "
                 "what each of us owes.",
                 "Text {name} each person's share of a {bill} bill divided evenly among "
                 "{people} people.")
    difficulty = 3
    max_steps = 40
    objective = "hybrid"
    apps = ("calculator", "messages")
    tags = ("cross_app", "typing", "memory")

    @dataclass(frozen=True)
    class Params:
        bill: str  # "123.45"
        people: int
        contact_id: int
        name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        people = [c for c in contacts.contacts(device) if c["phone"]]
        c = _pick(rng, people)
        return cls.Params(_dollars(int(rng.integers(3000, 40000))), int(rng.integers(2, 7)),
                          c["id"], c["name"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_range("bill", _cents(params.bill) / 100, 1, 9_999)
        _check_range("people", params.people, 2, 20)
        c = contacts.contact(device, params.contact_id)
        if c["name"] != params.name or not c["phone"]:
            raise ValueError(f"contact {params.contact_id} is not {params.name!r} with a number")

    def template_values(self) -> dict[str, Any]:
        return {"bill": f"${self.params.bill}", "people": self.params.people,
                "name": self.params.name}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        phone = next(c["phone"] for c in initial["os"]["providers"]["contacts"]
                     if c["id"] == self.params.contact_id)
        share = _cents(self.params.bill) / 100 / self.params.people
        return [messages.sent(C.digits_like(phone), C.number_like(share, 0.01, unit="$")),
                *calculating(messages.LOOKING)]

    def oracle(self, device: Device) -> Iterator[Action]:
        value = yield from calculate(device, f"{self.params.bill}÷{self.params.people}")
        yield from messages.compose(device, self.params.name,
                                    f"Each of us owes ${float(value):.2f}")
