"""Phone: tabs, keypad (T9 suggestions, backspace, call), in-call screen (timer, mute, end ->
call log), Recents (details, call back, block, delete, clear), blocked numbers, favourites,
contacts tab, adding a caller, voicemail, incoming calls (answer, decline, reply), and the
DIAL / CALL intents from Contacts."""

from __future__ import annotations

from typing import Any

from mobilegym_env.apps.phone.calls import ring, ticking
from mobilegym_env.apps.phone.dialer import suggestions, t9
from mobilegym_env.device import Device
from mobilegym_env.testing import find, has, long_press, node, route, tap

APP = "phone"  # what the ``device`` fixture (conftest.py) opens


def _calls(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["calls"]


def _store(device: Device) -> dict[str, Any]:
    return device.state()["apps"]["phone"]


def _blocked(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["blocked"]


def _tab(device: Device, label: str) -> None:
    tap(device, text=label, role="tab")


def _dial(device: Device, keys: str) -> None:
    tap(device, id="fab")
    for k in keys:
        tap(device, id=f"key:{k}")


# --------------------------------------------------------------------------- keypad and calls
def test_keypad_types_erases_and_suggests_by_number_and_letters(device: Device) -> None:
    _dial(device, "2360")
    assert node(device, id="dial_number")["text"] == "2360"
    tap(device, id="backspace")
    assert node(device, id="dial_number")["text"] == "236"
    assert has(device, id="suggest:2")  # Ben(jamin): B-E-N is 2-3-6
    assert t9("Ben") == "236"
    rows = [{"id": 1, "name": "Ann Lee", "phone": "+1 415-555-0100", "phone2": None},
            {"id": 2, "name": "Zed", "phone": "+1 650-555-0266", "phone2": None}]
    assert [c["id"] for c, _ in suggestions(rows, "266")] == [1, 2]  # "Ann", then digits
    assert suggestions(rows, "") == []
    assert device.crashes == []


def test_call_from_keypad_ticks_and_ending_logs_an_outgoing_call(device: Device) -> None:
    before = len(_calls(device))
    _dial(device, "4155550999")
    tap(device, id="dial_call")
    assert route(device) == "/call"
    assert ticking(device.kernel, device.kernel.tasks.active_task.top)
    device.kernel.tick(12_000)
    assert node(device, id="call_timer")["text"] == "0:12"
    tap(device, id="mute")
    assert node(device, id="mute")["checked"]
    tap(device, id="keypad")
    tap(device, id="dtmf:5")
    assert node(device, id="tones")["text"] == "5"
    tap(device, id="end_call")
    log = _calls(device)
    assert len(log) == before + 1
    assert log[-1] | {"id": 0} == {"id": 0, "number": "(415) 555-0999", "name": None,
                                   "type": "outgoing", "date_ms": 1772442000000,
                                   "duration_s": 12}
    assert route(device) == "/dial"
    assert not ticking(device.kernel, device.kernel.tasks.active_task.top)


def test_numbers_are_shown_and_logged_formatted() -> None:
    from mobilegym_env.apps.phone.common import pretty

    assert pretty("4155550199") == "(415) 555-0199"
    assert pretty("+14155550199") == "+1 415-555-0199"
    assert pretty("14155550199") == "+1 415-555-0199"
    assert pretty("*#06#") == "*#06#" and pretty("72345") == "72345"
    assert pretty("+1 415-555-0199") == "+1 415-555-0199"


def test_call_button_refuses_empty_and_short_numbers(device: Device) -> None:
    before = len(_calls(device))
    tap(device, id="fab")
    tap(device, id="dial_call")
    _dial_keys = ["1", "2"]
    for k in _dial_keys:
        tap(device, id=f"key:{k}")
    tap(device, id="dial_call")
    assert route(device) == "/dial" and len(_calls(device)) == before
    assert device.crashes == []


def test_suggestion_tap_calls_that_contact_and_caches_the_name(device: Device) -> None:
    _dial(device, "236")
    tap(device, id="suggest:2")
    tap(device, id="end_call")
    assert _calls(device)[-1]["name"] == "Benjamin Carter"
    assert _calls(device)[-1]["number"] == "+1 628-555-0147"


# --------------------------------------------------------------------------- recents
def test_recents_newest_first_with_sections(device: Device) -> None:
    _tab(device, "Recents")
    rows = [n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("call:")]
    assert rows[:3] == ["call:27", "call:26", "call:25"]
    assert has(device, text="Today") and has(device, text="Yesterday")
    assert "Missed" in node(device, id="call:26")["text"]


def test_call_back_button_calls_that_number(device: Device) -> None:
    _tab(device, "Recents")
    tap(device, id="call_back:26")
    tap(device, id="end_call")
    assert _calls(device)[-1]["number"] == "+1 628-555-0147"
    assert _calls(device)[-1]["type"] == "outgoing"


def test_details_show_history_and_add_unknown_caller_as_contact(device: Device) -> None:
    _tab(device, "Recents")
    tap(device, id="call:25")  # +1 312-555-0186, unknown
    assert node(device, id="number")["text"] == "Unknown number"
    assert has(device, id="history:25")
    tap(device, id="detail_add")
    tap(device, id="save")  # no name: refused
    contacts_before = len(device.state()["os"]["providers"]["contacts"])
    assert len(device.state()["os"]["providers"]["contacts"]) == contacts_before
    tap(device, id="new_name")
    device.type_text("Priya New")
    tap(device, id="save")
    new = device.state()["os"]["providers"]["contacts"][-1]
    assert (new["name"], new["phone"]) == ("Priya New", "+1 312-555-0186")
    assert route(device) == f"/contact/{new['id']}"
    assert device.crashes == []


def test_block_from_details_then_unblock(device: Device) -> None:
    _tab(device, "Recents")
    tap(device, id="call:23")  # +1 213-555-0199
    tap(device, id="detail_block")
    tap(device, id="block_dialog:block")
    blocked = _blocked(device)
    assert [b["number"] for b in blocked] == ["+1 888-555-0163", "+1 213-555-0199"]
    tap(device, id="detail_unblock")
    tap(device, id="unblock_dialog:unblock")
    assert [b["number"] for b in _blocked(device)] == ["+1 888-555-0163"]


def test_long_press_menu_blocks_and_deletes_a_row(device: Device) -> None:
    _tab(device, "Recents")
    long_press(device, id="call:27")
    tap(device, id="row_menu:delete")
    assert 27 not in [c["id"] for c in _calls(device)]
    long_press(device, id="call:26")
    tap(device, id="row_menu:block")
    tap(device, id="block_dialog:block")
    assert _blocked(device)[-1]["number"] == "+1 628-555-0147"


def test_delete_from_details_and_clear_history(device: Device) -> None:
    _tab(device, "Recents")
    tap(device, id="call:27")
    tap(device, id="delete")
    assert route(device) == "/recents" and len(_calls(device)) == 26
    tap(device, id="more")
    tap(device, id="clear_history")
    tap(device, id="clear_dialog:cancel")
    assert len(_calls(device)) == 26
    tap(device, id="more")
    tap(device, id="clear_history")
    tap(device, id="clear_dialog:clear")
    assert _calls(device) == []
    assert has(device, text="No recent calls")


def test_blocked_numbers_add_refuses_bad_input_and_unblocks(device: Device) -> None:
    _tab(device, "Recents")
    tap(device, id="more")
    tap(device, id="blocked_numbers")
    tap(device, id="add_blocked")
    tap(device, id="block_number")
    device.type_text("hello")
    tap(device, id="add_dialog:block")
    assert len(_blocked(device)) == 1  # refused
    tap(device, id="block_number:clear")
    device.type_text("(707) 555-0404")
    tap(device, id="add_dialog:block")
    assert _blocked(device)[-1]["number"] == "(707) 555-0404"
    tap(device, id="unblock:1")
    tap(device, id="unblock_dialog:unblock")
    assert [b["number"] for b in _blocked(device)] == ["(707) 555-0404"]
    assert device.crashes == []


# --------------------------------------------------------------------------- people
def test_favourites_are_starred_contacts_tap_calls_long_press_removes(device: Device) -> None:
    tiles = [n["id"] for n in device.ui_tree() if (n["id"] or "").startswith("fav:")]
    assert tiles == ["fav:1", "fav:3", "fav:7", "fav:18", "fav:22"]
    tap(device, id="fav:3")
    tap(device, id="end_call")
    assert _calls(device)[-1]["number"] == "+1 415-555-0178"
    long_press(device, id="fav:7")
    tap(device, id="fav_menu:remove")
    grace = next(c for c in device.state()["os"]["providers"]["contacts"] if c["id"] == 7)
    assert not grace["starred"]


def test_add_favourite_picks_a_contact(device: Device) -> None:
    tap(device, id="add_favourite")
    tap(device, id="fav_search")
    device.type_text("Daniela")
    assert not has(device, id="pick:4")  # Daniel Kim is filtered out
    tap(device, id="pick:12")
    assert next(c for c in device.state()["os"]["providers"]["contacts"]
                if c["id"] == 12)["starred"]
    assert route(device) == "/"


def test_contacts_tab_search_person_page_second_number_and_star(device: Device) -> None:
    _tab(device, "Contacts")
    tap(device, id="search")
    device.type_text("henry")
    tap(device, id="contact:8")
    tap(device, id="star")
    assert next(c for c in device.state()["os"]["providers"]["contacts"]
                if c["id"] == 8)["starred"]
    tap(device, id="number:phone2")
    tap(device, id="end_call")
    assert _calls(device)[-1]["number"] == "+1 925-555-0254"


def test_open_in_contacts_shows_the_contacts_page(device: Device) -> None:
    _tab(device, "Contacts")
    tap(device, id="contact:2")
    tap(device, id="open_contacts")
    assert device.kernel.tasks.active_task.top.app_id == "contacts"
    assert route(device) == "/contact/2"


# --------------------------------------------------------------------------- voicemail
def test_voicemail_opening_marks_heard_and_delete(device: Device) -> None:
    _tab(device, "Voicemail")
    assert [v["read"] for v in _store(device)["voicemails"]] == [True, False, False, False]
    tap(device, id="voicemail:2")
    assert "Linden Avenue" in node(device, id="transcript")["text"]
    assert _store(device)["voicemails"][1]["read"]
    tap(device, id="play")
    assert node(device, id="play")["text"] == "Pause"
    tap(device, id="vm_delete")
    assert [v["id"] for v in _store(device)["voicemails"]] == [1, 3, 4]
    assert route(device) == "/voicemail"


# --------------------------------------------------------------------------- incoming
def test_ring_answer_then_end_logs_incoming(device: Device) -> None:
    assert ring(device.kernel, "+1 415-555-0178")
    assert route(device).startswith("/incoming")
    assert node(device, id="call_name")["text"] == "Chloe Martinez"
    tap(device, id="answer")
    device.kernel.tick(20_000)
    tap(device, id="end_call")
    row = _calls(device)[-1]
    assert (row["type"], row["duration_s"], row["name"]) == ("incoming", 20, "Chloe Martinez")


def test_decline_logs_rejected_and_quick_reply_texts(device: Device) -> None:
    ring(device.kernel, "+1 650-555-0110")
    tap(device, id="decline")
    assert _calls(device)[-1]["type"] == "rejected"
    ring(device.kernel, "+1 650-555-0117")
    tap(device, id="reply")
    tap(device, id="reply:1")
    sms = device.state()["os"]["providers"]["sms"][-1]
    assert (sms["thread_address"], sms["type"], sms["body"]) == \
        ("+1 650-555-0117", "sent", "I'll call you right back.")
    assert _calls(device)[-1]["type"] == "rejected"
    assert device.crashes == []


def test_blocked_number_rings_silently_as_blocked(device: Device) -> None:
    assert not ring(device.kernel, "+1 888-555-0163")
    assert _calls(device)[-1]["type"] == "blocked"
    assert not route(device).startswith("/incoming")


def test_reply_custom_opens_messages_compose(device: Device) -> None:
    ring(device.kernel, "+1 650-555-0110")
    tap(device, id="reply")
    tap(device, id="reply:custom")
    assert device.kernel.tasks.active_task.top.app_id == "messages"
    assert node(device, id="to")["text"] == "+1 650-555-0110"


# --------------------------------------------------------------------------- intents
def test_contacts_call_button_opens_the_dialer_prefilled() -> None:
    d = Device()
    d.launch_app("contacts")
    tap(d, id="contact:2")
    tap(d, id="call")
    assert d.kernel.tasks.active_task.top.app_id == "phone"
    assert route(d) == "/dial"
    assert node(d, id="dial_number")["text"] == "+1 628-555-0147"
    d.handle_back()
    assert route(d) == "/contact/2"


def test_action_call_intent_starts_a_call() -> None:
    d = Device()
    d.launch_app("contacts")
    assert d.kernel.start_activity({"action": "ACTION_CALL", "scheme": "tel",
                                    "data": {"number": "+1 510-555-0193"}}, new_task=True)
    assert route(d) == "/call"
    assert node(d, id="call_name")["text"] == "Emily Davis"
    tap(d, id="end_call")
    assert d.state()["os"]["providers"]["calls"][-1]["number"] == "+1 510-555-0193"
    assert find(d, id="end_call") is None


def test_a_call_not_taken_rings_out_as_missed(device: Device) -> None:
    before = len(_calls(device))
    ring(device.kernel, "+1 510-555-0193")
    device.kernel.tick(10_000)
    assert route(device).startswith("/incoming") and len(_calls(device)) == before
    device.kernel.tick(25_000)
    assert not route(device).startswith("/incoming")
    row = _calls(device)[-1]
    assert (row["type"], row["number"], row["date_ms"]) == ("missed", "+1 510-555-0193",
                                                            1772442000000)
    assert device.crashes == []


def test_answering_cancels_the_ring_out(device: Device) -> None:
    ring(device.kernel, "+1 510-555-0193")
    tap(device, id="answer")
    device.kernel.tick(40_000)
    assert route(device) == "/call"
    tap(device, id="end_call")
    assert [c["type"] for c in _calls(device)[-1:]] == ["incoming"]


def test_ring_event_from_an_alarm_and_bad_numbers(device: Device) -> None:
    import pytest

    from mobilegym_env.apps.phone.calls import RING

    with pytest.raises(ValueError):
        ring(device.kernel, "not a number")
    device.kernel.alarms.set("phone", "test", 1772442005000, RING, {"number": "4155550178"})
    device.kernel.tick(6_000)
    assert route(device).startswith("/incoming")
    assert node(device, id="call_name")["text"] == "Chloe Martinez"


def test_back_from_a_call_keeps_it_going_behind_a_banner(device: Device) -> None:
    tap(device, id="fav:1")
    device.handle_back()
    assert route(device) == "/"
    assert "Alice Johnson" in node(device, id="ongoing_call")["text"]
    device.kernel.tick(9_000)
    tap(device, id="ongoing_call")
    tap(device, id="end_call")
    assert _calls(device)[-1]["duration_s"] == 9
    assert not has(device, id="ongoing_call")


def test_answering_during_a_call_ends_the_first_one(device: Device) -> None:
    tap(device, id="fav:1")
    device.kernel.tick(30_000)
    ring(device.kernel, "+1 415-555-0178")
    tap(device, id="answer")
    device.kernel.tick(5_000)
    tap(device, id="end_call")
    first, second = _calls(device)[-2:]
    assert (first["name"], first["type"], first["duration_s"]) == \
        ("Alice Johnson", "outgoing", 30)
    assert (second["name"], second["type"], second["duration_s"]) == \
        ("Chloe Martinez", "incoming", 5)


def test_favourite_menu_calls_and_opens_info(device: Device) -> None:
    long_press(device, id="fav:18")
    tap(device, id="fav_menu:info")
    assert route(device) == "/contact/18"
    device.handle_back()
    long_press(device, id="fav:18")
    tap(device, id="fav_menu:call")
    assert route(device) == "/call"
    assert node(device, id="call_name")["text"] == "Jack Nguyen"


def test_person_page_message_and_details_contact_link(device: Device) -> None:
    _tab(device, "Recents")
    tap(device, id="call:26")
    tap(device, id="detail_contact")
    assert route(device) == "/contact/2"
    tap(device, id="text:phone")
    assert device.kernel.tasks.active_task.top.app_id == "messages"
    assert node(device, id="to")["text"] == "+1 628-555-0147"


def test_row_menu_details_and_voicemail_call_back(device: Device) -> None:
    _tab(device, "Recents")
    long_press(device, id="call:24")
    tap(device, id="row_menu:details")
    assert route(device) == "/log/24"
    tap(device, id="detail_call")
    tap(device, id="speaker")
    assert node(device, id="speaker")["checked"]
    tap(device, id="end_call")
    assert _calls(device)[-1]["number"] == "+1 415-555-0191"  # Laura Chen
    device.handle_back()
    _tab(device, "Voicemail")
    tap(device, id="voicemail:4")
    tap(device, id="vm_call")
    tap(device, id="end_call")
    assert _calls(device)[-1]["number"] == "+1 628-555-0147"
    assert device.crashes == []
