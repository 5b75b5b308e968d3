"""Messages finds a contact by number through the contacts provider's index, exactly as the
pairwise rule ``same_number`` would, and the index follows every write."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mobilegym_env.apps.messages.common import contact_for, number_key, same_number
from mobilegym_env.device import Device

NUMBERS = st.text(alphabet="0123456789 +-()", min_size=0, max_size=16)


@given(NUMBERS, NUMBERS)
@settings(max_examples=300, deadline=None)
def test_equal_keys_are_exactly_same_numbers(a, b):
    ka, kb = number_key(a), number_key(b)
    assert (ka is not None and ka == kb) == same_number(a, b)


def _scan(kernel, address):
    rows = kernel.providers.provider("contacts").query()
    return next((c for c in sorted(rows, key=lambda c: c["id"]) if any(
        same_number(c.get(k) or "", address) for k in ("phone", "phone2"))), None)


def test_the_lookup_equals_a_scan_and_follows_writes():
    d = Device()
    k = d.kernel
    contacts = k.providers.provider("contacts")
    numbers = [c["phone"] for c in contacts.query()] + ["5550132", "+44 20 7946 0018", ""]
    for n in numbers:
        assert contact_for(k, n) == _scan(k, n)
    first = contacts.query()[0]
    contacts.update(first["id"], {"phone": "+1 212-555-0199"})  # the index is rebuilt
    assert contact_for(k, "212 555 0199")["id"] == first["id"]
    assert contact_for(k, first["phone"]) == _scan(k, first["phone"])
    new = contacts.insert({"name": "Zed", "phone": "+1 646-555-0100"})
    assert contact_for(k, "6465550100")["id"] == new
    contacts.delete(new)
    assert contact_for(k, "6465550100") is None
