"""The blocked-numbers provider (``content://blocked``) and the one phone-number comparison and
contact lookup every app shares (``number_key``, ``same_number``, ``contact_for``)."""

from __future__ import annotations

import pytest

from mobilegym_env.kernel import Kernel, providers
from mobilegym_env.kernel.providers import (
    DEFAULT_BLOCKED,
    BlockedNumbersProvider,
    blocked_numbers,
    contact_for,
    default_providers,
    number_key,
    same_number,
)

TELEMARKETER = "+1 888-555-0163"


def test_registered_with_the_factory_telemarketer() -> None:
    blocked = default_providers()["blocked"]
    assert isinstance(blocked, BlockedNumbersProvider) and blocked.authority == "blocked"
    assert blocked.query() == DEFAULT_BLOCKED
    assert blocked.query()[0]["number"] == TELEMARKETER
    assert Kernel.boot().state()["os"]["providers"]["blocked"] == DEFAULT_BLOCKED


@pytest.mark.parametrize("spelling", ["+1 888-555-0163", "(888) 555-0163", "8885550163",
                                      "+18885550163", "1 888 555 0163"])
def test_any_spelling_of_a_blocked_number_is_blocked(spelling: str) -> None:
    blocked = BlockedNumbersProvider()
    assert blocked.is_blocked(spelling)
    assert blocked.find(spelling)["id"] == 1


@pytest.mark.parametrize("other", ["555-0163", "+1 888-555-0164", "", "BayBank",
                                   "+44 888-555-0163 9"])
def test_other_numbers_are_not_blocked(other: str) -> None:
    blocked = BlockedNumbersProvider()
    assert not blocked.is_blocked(other)
    assert blocked.find(other) is None


def test_block_once_then_unblock_every_spelling() -> None:
    blocked = BlockedNumbersProvider([])
    assert blocked.block("(707) 555-0404", 5) == 1
    assert blocked.block("+1 707-555-0404", 6) is None  # the same line: nothing added
    assert blocked.query() == [{"id": 1, "number": "(707) 555-0404", "blocked_ms": 5}]
    assert blocked.block("555-0404", 7) == 2  # a short number is another line
    assert blocked.unblock("7075550404") == 1
    assert not blocked.is_blocked("(707) 555-0404") and blocked.is_blocked("555 0404")
    assert blocked.unblock("7075550404") == 0
    assert blocked.block("(707) 555-0404", 8) == 3  # ids are never reused


def test_schema_refuses_numbers_without_digits() -> None:
    blocked = BlockedNumbersProvider([])
    for bad in ("", "BayBank", "--"):
        with pytest.raises(ValueError, match="digits"):
            blocked.block(bad, 1)
    with pytest.raises(ValueError, match="expected"):
        blocked.insert({"number": 8885550163})
    assert blocked.query() == []


def test_resolver_access_reboot_and_the_factory_stays_untouched() -> None:
    k = Kernel.boot()
    rid = k.providers.insert("content://blocked", {"number": "+1 213-555-0199",
                                                   "blocked_ms": 9})
    assert blocked_numbers(k).is_blocked("213 555 0199")  # the index follows the write
    k.reboot()
    assert blocked_numbers(k).find("(213) 555-0199")["id"] == rid
    assert k.providers.delete("content://blocked", {}) == 2
    assert not blocked_numbers(k).is_blocked(TELEMARKETER)
    assert blocked_numbers(Kernel.boot()).is_blocked(TELEMARKETER)


def test_lookups_read_an_index_built_once_per_write(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = providers._blocked_keys

    def keys(row):  # counts how often rows are read to build the index
        seen.append(row["number"])
        return real(row)

    monkeypatch.setattr(providers, "_blocked_keys", keys)
    blocked = BlockedNumbersProvider([{"id": 1, "number": TELEMARKETER}])
    for _ in range(50):
        assert blocked.is_blocked("8885550163") and not blocked.is_blocked("5550163")
    assert seen == [TELEMARKETER]  # one build for a hundred lookups
    blocked.block("+1 213-555-0199", 3)
    assert blocked.is_blocked("2135550199") and len(seen) == 3  # rebuilt after the write


# --------------------------------------------------------------------------- number lookup
@pytest.mark.parametrize(("a", "b", "same"), [
    ("+1 415-555-0132", "(415) 555-0132", True), ("4155550132", "14155550132", True),
    ("555-0132", "5550132", True), ("555-0132", "+1 415-555-0132", False),
    ("26789", "26789", True), ("", "", False), ("BayBank", "BayBank", False),
])
def test_same_number_is_key_equality(a: str, b: str, same: bool) -> None:
    assert same_number(a, b) is same
    assert (number_key(a) is not None and number_key(a) == number_key(b)) is same


def test_contact_for_finds_either_number_of_a_contact() -> None:
    k = Kernel.boot()
    alice = contact_for(k, "(415) 555-0132")
    assert alice is not None and alice["name"] == "Alice Johnson"
    assert contact_for(k, "+1 415-555-0232")["id"] == alice["id"]  # her work number
    assert contact_for(k, "555-0132") is None and contact_for(k, "") is None


def test_phone_and_messages_share_the_one_lookup() -> None:
    from mobilegym_env.apps.messages import common as messages
    from mobilegym_env.apps.phone import common as phone

    assert phone.contact_for is messages.contact_for is contact_for
    assert messages.same_number is same_number and messages.number_key is number_key
