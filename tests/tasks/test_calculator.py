"""Calculator judges on hand-built states: each episode's initial state comes from a reset
with fixed params; the final state is that state edited by hand."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from mobilegym_env.apps.calculator import engine
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task
from mobilegym_env.tasks.calculator import keys_for

NOW = 1_772_442_000_000


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def start(env: MobileGymEnv, task_id: str, **params: Any) -> tuple[Task, dict, dict]:
    env.reset(seed=0, options={"task": f"calculator.{task_id}", "params": params})
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def calc(state: dict) -> dict:
    return state["apps"]["calculator"]


def computed(state: dict, expr: str, degrees: bool = False) -> dict:
    """``state`` after pressing = on ``expr`` (as the app does)."""
    store = calc(state)
    rec = {"id": store["next_id"], "expression": expr,
           "result": engine.compute(expr, degrees)[0], "time_ms": NOW}
    store["next_id"] += 1
    store["history"].append(rec)
    store["degrees"] = degrees
    return state


def passes(task: Task, initial: dict, final: dict, answer: str | None) -> bool:
    return task.judge(initial, final, answer).success


def test_keys_for_types_functions_as_one_key() -> None:
    assert keys_for("sin(30)") == ["sin", "digit_3", "digit_0", "paren"]
    assert keys_for("√2×π") == ["sqrt", "digit_2", "op_mul", "pi"]
    with pytest.raises(ValueError):
        keys_for("2&3")


def test_evaluate_reads_the_number_in_any_form(env):
    task, initial, final = start(env, "evaluate", expression="1250×12−96÷8")
    assert "1250 × 12 − 96 ÷ 8" in task.instruction
    computed(final, "1250×12−96÷8")
    for answer in ("14988", "14,988", "The result is 14988.", "14988.0"):
        assert passes(task, initial, final, answer)
    assert passes(task, initial, initial, "14988")  # reading it off needs no =
    for near in ("14989", "15000", "14988 or 14989", None, ""):
        assert not passes(task, initial, final, near)


def test_evaluate_rejects_collateral_damage(env):
    task, initial, final = start(env, "evaluate", expression="(12+8)×3")
    computed(final, "(12+8)×3")
    del calc(final)["history"][0]  # an old calculation lost
    v = task.judge(initial, final, "60")
    assert not v.success and not v.clean


def test_evaluate_refuses_params_without_a_value(env):
    with pytest.raises(ValueError):
        start(env, "evaluate", expression="5÷0")


def test_tip_allows_a_cent_of_rounding(env):
    task, initial, final = start(env, "tip", bill="84.60", percent=18)
    assert "$84.60" in task.instruction and "18%" in task.instruction
    computed(final, "84.60×18%")
    for answer in ("15.228", "$15.23", "15.23 dollars"):
        assert passes(task, initial, final, answer)
    for near in ("15.25", "12.69", "99.83"):  # a 15% tip, the bill plus tip
        assert not passes(task, initial, final, near)


def test_split_bill(env):
    task, initial, final = start(env, "split_bill", bill="120.00", percent=20, people=4)
    assert passes(task, initial, computed(final, "(120+20%)÷4"), "$36.00")
    assert not passes(task, initial, final, "30")  # without the tip
    assert not passes(task, initial, final, "144")  # not split


def test_percent_change_accepts_the_sign_free_value(env):
    task, initial, final = start(env, "percent_change", old=80, new=92)
    assert "rise" in task.instruction
    assert passes(task, initial, final, "15%") and passes(task, initial, final, "15.0")
    assert not passes(task, initial, final, "13.0")  # (92-80)/92
    task, initial, final = start(env, "percent_change", old=250, new=200)
    assert "fall" in task.instruction
    assert passes(task, initial, final, "20%")
    assert not passes(task, initial, final, "25%")


def test_square_root_to_two_decimals(env):
    task, initial, final = start(env, "square_root", n=2026)
    assert passes(task, initial, computed(final, "√2026"), "45.01")
    assert passes(task, initial, final, "45.0111")
    assert not passes(task, initial, final, "45.02") and not passes(task, initial, final, "45")


def test_compound_growth(env):
    task, initial, final = start(env, "compound_growth", principal=1000, rate="5", years=10)
    want = 1000 * 1.05 ** 10  # 1628.89
    assert passes(task, initial, computed(final, "1000×1.05^10"), f"${want:,.2f}")
    assert not passes(task, initial, final, "1500")  # simple interest


def test_sine_degrees_allows_the_unit_switch(env):
    task, initial, final = start(env, "sine_degrees", fn="sine", angle=37)
    computed(final, "sin(37)", degrees=True)
    assert calc(initial)["degrees"] is False
    assert passes(task, initial, final, "0.6018")
    assert not passes(task, initial, final, f"{math.sin(37):.4f}")  # radians: -0.6435
    task, initial, final = start(env, "sine_degrees", fn="cosine", angle=37)
    assert passes(task, initial, final, "0.7986")
    assert not passes(task, initial, final, "0.6018")


def test_history_value_reads_the_written_entry(env):
    task, initial, final = start(env, "history_value", expression="4821×37")
    [rec] = [h for h in calc(initial)["history"] if h["expression"] == "4821×37"]
    assert rec["result"] == "178,377"
    assert passes(task, initial, final, "178,377") and passes(task, initial, final, "178377")
    assert not passes(task, initial, final, "178378")
    decoys = [h["expression"] for h in calc(initial)["history"][6:]]
    assert len(decoys) == 4 and "4821×37" in decoys


def test_reuse_history_multiplies_the_past_result(env):
    task, initial, final = start(env, "reuse_history", expression="250×4", factor=12)
    assert passes(task, initial, computed(final, "1000×12"), "12000")
    assert not passes(task, initial, final, "1000")


def test_clear_history_needs_every_entry_gone(env):
    task, initial, final = start(env, "clear_history")
    calc(final)["history"] = []
    assert passes(task, initial, final, None)
    partly = copy.deepcopy(initial)
    del calc(partly)["history"][:3]
    assert not passes(task, initial, partly, None)
    dirty = copy.deepcopy(final)
    dirty["apps"]["notes"]["notes"].pop()
    v = task.judge(initial, dirty)
    assert not v.success and not v.clean


def test_total_to_note(env):
    task, initial, final = start(env, "total_to_note", title="Party budget",
                                 prices=["19.99", "4.50", "23.25", "8.99"])
    assert "cake for $19.99" in task.instruction and "snacks for $8.99" in task.instruction
    notes = final["apps"]["notes"]
    rec = {"id": notes["next_id"], "kind": "text", "title": "Party budget", "body": "$56.73",
           "items": [], "pinned": False, "folder_id": None, "created_ms": NOW,
           "updated_ms": NOW}
    notes["next_id"] += 1
    notes["notes"].append(rec)
    assert passes(task, initial, final, None)
    rec["body"] = "56.72"
    assert not passes(task, initial, final, None)
    rec["body"], rec["title"] = "56.73", "Party"
    assert not passes(task, initial, final, None)


def _sent(state: dict, address: str, body: str) -> None:
    rows = state["os"]["providers"]["sms"]
    rows.append({"id": max(r["id"] for r in rows) + 1, "thread_address": address,
                 "address": address, "body": body, "timestamp_ms": NOW, "type": "sent",
                 "read": True})


def test_text_share_goes_to_the_contact(env):
    task, initial, final = start(env, "text_share", bill="90.00", people=4, contact_id=1,
                                 name=_name(env, 1))
    phone = _phone(initial, 1)
    _sent(final, phone, "Each of us owes $22.50")
    assert passes(task, initial, final, None)
    other = copy.deepcopy(initial)
    _sent(other, _phone(initial, 2), "Each of us owes $22.50")
    assert not passes(task, initial, other, None)
    wrong = copy.deepcopy(initial)
    _sent(wrong, phone, "Each of us owes $30")
    assert not passes(task, initial, wrong, None)


def _name(env: MobileGymEnv, contact_id: int) -> str:
    env.reset(seed=0, options={"task": "calculator.clear_history"})
    return next(c["name"] for c in env.initial_state["os"]["providers"]["contacts"]
                if c["id"] == contact_id)


def _phone(state: dict, contact_id: int) -> str:
    return next(c["phone"] for c in state["os"]["providers"]["contacts"]
                if c["id"] == contact_id)


def test_average(env):
    task, initial, final = start(env, "average", scores=[87, 92, 78, 95])
    assert "87, 92, 78 and 95" in task.instruction
    assert passes(task, initial, computed(final, "(87+92+78+95)÷4"), "88")
    assert passes(task, initial, final, "88.00")
    assert not passes(task, initial, final, "352")  # the sum
    with pytest.raises(ValueError):
        start(env, "average", scores=[90])


def test_discount_is_the_price_less_the_percent(env):
    task, initial, final = start(env, "discount", bill="129.99", percent=35)
    assert passes(task, initial, computed(final, "129.99−35%"), "$84.49")
    assert passes(task, initial, final, "84.4935")
    assert not passes(task, initial, final, "45.50")  # the amount off
    with pytest.raises(ValueError):
        start(env, "discount", bill="129.99", percent=33)


def test_convert_temperature(env):
    task, initial, final = start(env, "convert_temperature", f=-4)
    assert passes(task, initial, computed(final, f"({engine.MINUS}4−32)×5÷9"), "-20")
    assert passes(task, initial, final, "-20.0 °C")
    assert not passes(task, initial, final, "20") and not passes(task, initial, final, "-15.6")
