"""The call-log provider (``content://calls``): default rows, schema checks, resolver access."""

from __future__ import annotations

import pytest

from mobilegym_env.kernel import Kernel
from mobilegym_env.kernel.config import DEFAULT_START_MS
from mobilegym_env.kernel.providers import (
    CALL_TYPES,
    DEFAULT_CONTACTS,
    CallLogProvider,
    default_providers,
)


def test_registered_with_a_week_of_calls_before_the_factory_clock() -> None:
    calls = default_providers()["calls"]
    assert calls.authority == "calls"
    rows = calls.query()
    assert len(rows) == 27
    assert all(DEFAULT_START_MS - 8 * 86_400_000 < r["date_ms"] < DEFAULT_START_MS
               for r in rows)
    assert [r["date_ms"] for r in rows] == sorted(r["date_ms"] for r in rows)  # ids follow time
    assert sum(r["type"] == "missed" for r in rows) >= 5
    assert {r["type"] for r in rows} == set(CALL_TYPES)
    assert all(r["duration_s"] == 0 for r in rows if r["type"] != "incoming"
               and r["type"] != "outgoing")


def test_names_are_cached_for_contacts_and_none_for_unknown_numbers() -> None:
    by_phone = {c["phone"]: c["name"] for c in DEFAULT_CONTACTS}
    rows = CallLogProvider().query()
    assert all(r["name"] == by_phone.get(r["number"]) for r in rows)
    assert any(r["name"] is None for r in rows) and any(r["name"] for r in rows)


def test_schema_refuses_bad_rows() -> None:
    calls = CallLogProvider([])
    with pytest.raises(ValueError, match="type"):
        calls.insert({"number": "123", "type": "voicemail"})
    with pytest.raises(ValueError, match="duration_s"):
        calls.insert({"number": "123", "duration_s": -1})
    with pytest.raises(ValueError, match="expected"):
        calls.insert({"number": 123})
    assert calls.insert({"number": "123", "type": "missed", "date_ms": 5}) == 1
    assert calls.query()[0] == {"id": 1, "number": "123", "name": None, "type": "missed",
                                "date_ms": 5, "duration_s": 0}


def test_resolver_state_and_reboot_keep_the_log() -> None:
    k = Kernel.boot()
    rid = k.providers.insert("content://calls", {"number": "+1 415-555-0100",
                                                 "type": "outgoing", "duration_s": 30})
    assert k.state()["os"]["providers"]["calls"][-1]["id"] == rid
    k.reboot()
    assert k.providers.query(f"content://calls/{rid}")[0]["duration_s"] == 30
    assert k.providers.delete("content://calls", {}) == 28
    assert k.state()["os"]["providers"]["calls"] == []
    assert len(Kernel.boot().providers.query("content://calls")) == 27  # factory untouched
