"""Blocked numbers are system-wide (``content://blocked``): Messages blocks and unblocks from a
conversation (confirm dialog, "Blocked" banner), files texts from blocked numbers away from the
inbox without a notification, moves a blocked conversation out of the inbox (and Archived) and
lists both under Spam & blocked, and refuses to send to a blocked number from compose; Contacts blocks a contact's
numbers; what one app blocks, the others honour."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mobilegym_env.apps.messages import inbox
from mobilegym_env.apps.phone.calls import ring
from mobilegym_env.device import Device
from mobilegym_env.testing import find, has, node, route, tap

APP = "messages"  # what the ``device`` fixture (conftest.py) opens

BEN = "+1 628-555-0147"  # Benjamin Carter, contact 2
ALICE, ALICE_WORK = "+1 415-555-0132", "+1 415-555-0232"  # contact 1
TELEMARKETER = "+1 888-555-0163"  # blocked in the factory data


@pytest.fixture(autouse=True)
def _no_crashes(device: Device) -> Iterator[None]:
    yield
    assert device.crashes == []


def _blocked(device: Device) -> list[str]:
    return [b["number"] for b in device.state()["os"]["providers"]["blocked"]]


def _sms(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["sms"]


def _toast(device: Device) -> str | None:
    toast = device.kernel.system_ui.toast
    return toast.text if toast else None


def _thread_menu(device: Device, address: str) -> None:
    tap(device, id=f"thread:{address}")
    tap(device, id="more")


# --------------------------------------------------------------------------- Messages
def test_block_from_the_thread_menu_asks_first_then_shows_the_banner(device: Device) -> None:
    _thread_menu(device, BEN)
    assert not has(device, id="menu_unblock")
    tap(device, id="menu_block")
    assert node(device, id="block_dialog")["text"] == "Block Benjamin Carter?"
    tap(device, id="block_cancel")
    assert _blocked(device) == [TELEMARKETER] and has(device, id="reply")
    tap(device, id="more")
    tap(device, id="menu_block")
    device.handle_back()  # Back closes the confirmation: nothing blocked
    assert _blocked(device) == [TELEMARKETER]
    tap(device, id="more")
    tap(device, id="menu_block")
    tap(device, id="block_confirm")
    assert _blocked(device) == [TELEMARKETER, BEN]
    assert _toast(device) == f"{BEN} blocked"
    assert node(device, id="blocked_banner")["text"] == "Blocked. You blocked Benjamin Carter"
    assert not has(device, id="reply") and not has(device, id="send")  # no texting them
    tap(device, id="more")
    assert has(device, id="menu_unblock") and not has(device, id="menu_block")


def test_unblock_from_the_banner_and_from_the_menu(device: Device) -> None:
    device.open_app("messages", "/thread/%2B1%20888-555-0163")
    tap(device, id="banner_unblock")
    assert node(device, id="unblock_dialog")["text"].startswith("Unblock +1 888-555-0163?")
    tap(device, id="unblock_confirm")
    assert _blocked(device) == [] and has(device, id="reply")
    assert not has(device, id="blocked_banner")
    tap(device, id="more")
    tap(device, id="menu_block")
    tap(device, id="block_confirm")
    tap(device, id="more")
    tap(device, id="menu_unblock")
    tap(device, id="unblock_cancel")
    assert _blocked(device) == [TELEMARKETER]
    tap(device, id="more")
    tap(device, id="menu_unblock")
    tap(device, id="unblock_confirm")
    assert _blocked(device) == []


def test_a_text_from_a_blocked_number_never_reaches_the_inbox(device: Device) -> None:
    before = _sms(device)
    device.go_home()
    now = device.kernel.clock.now_ms()
    assert inbox.deliver_sms(device.kernel, "(888) 555-0163", "You won a cruise!") is None
    assert _sms(device) == before  # not in the sms provider
    assert device.state()["os"]["notifications"]["items"] == []  # and nothing notified
    assert device.state()["apps"]["messages"]["blocked"] == [
        {"address": "(888) 555-0163", "body": "You won a cruise!", "timestamp_ms": now}]
    device.launch_app("messages")
    assert not has(device, id="thread:(888) 555-0163")
    tap(device, id="more")
    tap(device, id="menu_blocked")
    assert route(device) == "/blocked"
    assert node(device, id="blocked_sms:0")["text"].startswith(
        "(888) 555-0163 You won a cruise!")
    tap(device, id="blocked_sms:0")  # opens the conversation, blocked
    assert has(device, id="blocked_banner")


def test_spam_and_blocked_is_empty_at_first(device: Device) -> None:
    tap(device, id="more")
    tap(device, id="menu_blocked")
    assert has(device, text="No spam or blocked messages")


def test_after_unblocking_texts_arrive_again(device: Device) -> None:
    _thread_menu(device, BEN)
    tap(device, id="menu_block")
    tap(device, id="block_confirm")
    assert inbox.deliver_sms(device.kernel, BEN, "Are you there?") is None
    tap(device, id="banner_unblock")
    tap(device, id="unblock_confirm")
    sms_id = inbox.deliver_sms(device.kernel, BEN, "Hello again")
    assert _sms(device)[-1]["id"] == sms_id and _sms(device)[-1]["body"] == "Hello again"
    assert [m["body"] for m in device.state()["apps"]["messages"]["blocked"]] == [
        "Are you there?"]


def test_a_named_sender_has_no_block_item(device: Device) -> None:
    inbox.deliver_sms(device.kernel, "BayBank", "Your statement is ready.", notify=False)
    device.open_app("messages", "/thread/BayBank")
    tap(device, id="more")
    assert not has(device, id="menu_block") and not has(device, id="menu_unblock")
    assert has(device, id="menu_delete_thread")


# --------------------------------------------------------------------------- one list, every app
def test_blocked_in_messages_cannot_call(device: Device) -> None:
    _thread_menu(device, BEN)
    tap(device, id="menu_block")
    tap(device, id="block_confirm")
    assert not ring(device.kernel, "628 555 0147")
    assert device.state()["os"]["providers"]["calls"][-1]["type"] == "blocked"
    device.launch_app("phone")
    tap(device, text="Recents", role="tab")
    tap(device, id="more")
    tap(device, id="blocked_numbers")
    assert has(device, id="blocked:2") and has(device, text=BEN)


def test_blocked_in_phone_shows_blocked_in_messages(device: Device) -> None:
    device.launch_app("phone")
    tap(device, text="Recents", role="tab")
    tap(device, id="more")
    tap(device, id="blocked_numbers")
    tap(device, id="add_blocked")
    tap(device, id="block_number")
    device.type_text("(628) 555-0147")
    tap(device, id="add_dialog:block")
    device.launch_app("messages")
    assert find(device, id=f"thread:{BEN}", scroll=5) is None  # out of the inbox: in Spam & blocked
    tap(device, id="more")
    tap(device, id="menu_blocked")
    tap(device, id=f"blocked_thread:{BEN}")
    assert has(device, id="blocked_banner")


# --------------------------------------------------------------------------- Contacts
def test_contacts_blocks_and_unblocks_every_number_of_a_contact(device: Device) -> None:
    device.open_app("contacts", "/contact/1")  # Alice: a mobile and a work number
    tap(device, id="more")
    assert not has(device, id="menu:unblock")
    tap(device, id="menu:block")
    assert node(device, id="block_dialog")["text"].startswith("Block numbers?")
    tap(device, id="block_dialog:cancel")
    assert _blocked(device) == [TELEMARKETER]
    tap(device, id="more")
    tap(device, id="menu:block")
    tap(device, id="block_dialog:block")
    assert _blocked(device) == [TELEMARKETER, ALICE, ALICE_WORK]
    assert _toast(device) == "Numbers blocked"
    tap(device, id="more")
    assert not has(device, id="menu:block")
    tap(device, id="menu:unblock")
    assert _blocked(device) == [TELEMARKETER]
    assert _toast(device) == "Numbers unblocked"


def test_contacts_offers_unblock_when_any_number_is_blocked(device: Device) -> None:
    inbox.block(device.kernel, "4155550232")  # Alice's work number only
    device.open_app("contacts", "/contact/1")
    tap(device, id="more")
    tap(device, id="menu:unblock")
    assert _blocked(device) == [TELEMARKETER]


def test_contacts_without_a_number_has_no_block_item(device: Device) -> None:
    rid = device.kernel.providers.insert("content://contacts", {"name": "No Phone"})
    device.open_app("contacts", f"/contact/{rid}")
    tap(device, id="more")
    assert not has(device, id="menu:block") and not has(device, id="menu:unblock")
    assert has(device, id="menu:delete")


# --------------------------------------------------------------------------- no texting them
def _state(device: Device) -> dict[str, Any]:
    s = device.state()
    return {"sms": s["os"]["providers"]["sms"], "blocked": s["os"]["providers"]["blocked"],
            "store": s["apps"]["messages"]}


def test_compose_refuses_a_blocked_number_and_offers_unblock(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="to")
    device.type_text("(888) 555-0163")  # the factory-blocked telemarketer, in other spelling
    tap(device, id="body")
    device.type_text("Stop calling")
    before = _state(device)
    tap(device, id="send")
    assert _state(device) == before  # refused before anything changed
    assert route(device) == "/compose" and node(device, id="body")["text"] == "Stop calling"
    assert node(device, id="blocked_snackbar")["text"] == \
        "Unblock (888) 555-0163 to send a message"
    tap(device, id="blocked_snackbar:action")  # Unblock asks first
    assert node(device, id="unblock_dialog")["text"].startswith("Unblock (888) 555-0163?")
    tap(device, id="unblock_cancel")
    assert _blocked(device) == [TELEMARKETER] and has(device, id="blocked_snackbar")
    tap(device, id="blocked_snackbar:action")
    tap(device, id="unblock_confirm")
    assert _blocked(device) == [] and not has(device, id="blocked_snackbar")
    tap(device, id="send")
    assert _sms(device)[-1]["body"] == "Stop calling"
    assert route(device) == "/thread/%28888%29%20555-0163"


def _retype_to(device: Device, to: str) -> None:
    """Replaces what "To" holds (as selecting it all and typing over it would)."""
    compose = device.kernel.tasks.top_activity
    compose.ui["to"] = ""
    device.invalidate()
    tap(device, id="to")
    device.type_text(to)


def test_compose_refuses_a_blocked_contact_by_name_and_from_sendto(device: Device) -> None:
    inbox.block(device.kernel, BEN)
    before = _state(device)
    device.start_activity({"action": "ACTION_SENDTO", "scheme": "sms",
                           "data": {"address": "628-555-0147", "body": "Hi Ben"}})
    tap(device, id="send")
    assert _state(device) == before
    assert node(device, id="blocked_snackbar")["text"] == f"Unblock {BEN} to send a message"
    _retype_to(device, "Benjamin Carter")
    assert has(device, id="blocked_snackbar")  # the same blocked line, by name
    tap(device, id="send")
    assert _state(device) == before
    _retype_to(device, "Emily Davis")  # another recipient: the notice goes, and they can be
    assert not has(device, id="blocked_snackbar")  # texted
    tap(device, id="send")
    assert _sms(device)[-1]["body"] == "Hi Ben" and _sms(device)[-1]["thread_address"] != BEN


def test_a_blocked_conversation_moves_to_spam_and_blocked_and_back(device: Device) -> None:
    _thread_menu(device, BEN)
    tap(device, id="menu_block")
    tap(device, id="block_confirm")
    device.handle_back()
    assert route(device) == "/" and find(device, id=f"thread:{BEN}", scroll=5) is None
    tap(device, id="more")
    tap(device, id="menu_blocked")
    assert node(device, id=f"blocked_thread:{BEN}")["text"].startswith("Benjamin Carter")
    assert not has(device, text="No spam or blocked messages")
    tap(device, id=f"blocked_thread:{BEN}")
    tap(device, id="banner_unblock")
    tap(device, id="unblock_confirm")
    device.handle_back()
    assert route(device) == "/blocked" and has(device, text="No spam or blocked messages")
    device.handle_back()
    assert find(device, id=f"thread:{BEN}", scroll=5)  # back in the inbox


def test_a_blocked_archived_conversation_returns_to_archived(device: Device) -> None:
    inbox.archive(device.kernel, BEN)
    inbox.block(device.kernel, BEN)
    device.open_app("messages", "/archived")
    assert not has(device, id=f"thread:{BEN}")
    device.open_app("messages", "/blocked")
    assert has(device, id=f"blocked_thread:{BEN}")
    inbox.unblock(device.kernel, BEN)
    device.open_app("messages", "/archived")
    assert has(device, id=f"thread:{BEN}")
    assert device.state()["apps"]["messages"]["archived"] == [BEN]


def test_spam_and_blocked_lists_conversations_and_filed_texts_newest_first(
        device: Device) -> None:
    inbox.block(device.kernel, BEN)
    device.kernel.clock.advance(60_000)  # filed after Ben's last message
    inbox.deliver_sms(device.kernel, TELEMARKETER, "Final notice", notify=False)
    device.open_app("messages", "/blocked")
    ids = [n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("blocked_")]
    assert ids == ["blocked_list", "blocked_sms:0", f"blocked_thread:{BEN}"]
