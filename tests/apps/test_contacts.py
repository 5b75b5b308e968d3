"""Contacts: list (favorites, letters, search), detail, create/edit, star, delete (one, several),
labels, share, "Message" into a new Messages Task, and the ACTION_PICK picker."""

from __future__ import annotations

from typing import Any

from mobilegym_env.device import Device
from mobilegym_env.testing import find, has, ids, long_press, node, route, screen_text, tap

APP = "contacts"  # what the ``device`` fixture (conftest.py) opens


def _contacts(device: Device) -> list[dict[str, Any]]:
    return device.state()["os"]["providers"]["contacts"]


def _row(device: Device, contact_id: int) -> dict[str, Any]:
    return next(c for c in _contacts(device) if c["id"] == contact_id)


def _changed(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[int, dict]:
    """{id: {column: new value}} for rows present in both whose values differ."""
    old = {c["id"]: c for c in before}
    return {c["id"]: {k: v for k, v in c.items() if old[c["id"]][k] != v}
            for c in after if c["id"] in old and c != old[c["id"]]}


def _pick_birthday(device: Device, mm_dd_yyyy: str) -> None:
    tap(device, id="birthday", scroll=4)
    tap(device, id="date_picker:mode")  # the keyboard-entry mode
    _type_into(device, "date_picker:input", mm_dd_yyyy)
    tap(device, id="date_picker:ok")


def _hide_keyboard(device: Device) -> None:
    if device.kernel.keyboard.visible:
        device.handle_back()


def _type_into(device: Device, field_id: str, value: str) -> None:
    """Replaces a form field's text, scrolling the form to it as a user would."""
    if not has(device, id=field_id):
        _hide_keyboard(device)  # the keyboard covers where a scroll would start
    tap(device, id=field_id, scroll=6)
    for _ in range(4):  # the raised keyboard may cover the field: drag the form above it
        if has(device, id=field_id):
            break
        device.swipe(180, 300, 180, 150)
    if node(device, id=field_id)["text"]:
        tap(device, id=f"{field_id}:clear")
    device.type_text(value)


# --------------------------------------------------------------------------- list
def test_favorites_first_then_alphabetical_with_letter_headers(device: Device) -> None:
    starred = sorted(c["name"] for c in _contacts(device) if c["starred"])
    assert len(starred) == 5
    assert [n["text"] for n in device.ui_tree() if (n["id"] or "").startswith("fav:")] == starred
    assert node(device, id="favorites")["role"] == "heading"
    names = sorted(c["name"] for c in _contacts(device))
    seen: list[str] = []
    for _ in range(12):  # scroll to the end, collecting the alphabetical rows in order
        for n in device.ui_tree():
            if (n["id"] or "").startswith("contact:") and n["text"] not in seen:
                seen.append(n["text"])
        if device.swipe(180, 600, 180, 300) != "scroll":
            break
    assert seen == names and len(names) == 30
    assert has(device, text="V", role="heading")


def test_search_by_name_company_and_number(device: Device) -> None:
    tap(device, id="search")
    device.type_text("kim")
    assert ids(device, "contact:") == ["contact:4", "contact:12"]
    tap(device, id="contact:12")
    assert route(device) == "/contact/12" and not device.kernel.keyboard.visible
    device.handle_back()
    assert ids(device, "contact:") == ["contact:4", "contact:12"]  # the search is kept
    tap(device, id="search")
    assert not ids(device, "fav:") and not has(device, text="D", role="heading")
    tap(device, id="search:clear")
    device.type_text("acme corp")
    assert sorted(ids(device, "contact:")) == ["contact:11", "contact:25", "contact:4",
                                               "contact:9"]
    tap(device, id="search:clear")
    device.type_text("555-0241")  # Carlos Rivera's second (work) number
    assert ids(device, "contact:") == ["contact:11"]
    tap(device, id="search:clear")
    device.type_text("plumber")  # a note
    assert ids(device, "contact:") == ["contact:6"]
    tap(device, id="search:clear")
    device.type_text("linden ave")  # an address
    assert ids(device, "contact:") == ["contact:13", "contact:27"]
    tap(device, id="search:clear")
    device.type_text("zzz")
    assert ids(device, "contact:") == []
    assert node(device, text="No matching contacts")


# --------------------------------------------------------------------------- detail
def test_detail_shows_every_field_with_captions(device: Device) -> None:
    tap(device, id="contact:1")
    assert node(device, id="contact_name")["text"] == "Alice Johnson"
    assert node(device, id="role_line")["text"] == "Account Manager, Northwind Traders"
    assert node(device, id="phone")["text"] == "Mobile: +1 415-555-0132"
    assert node(device, id="phone2")["text"] == "Work: +1 415-555-0232"
    assert node(device, id="birthday", scroll=3)["text"] == "Birthday: April 12, 1990"
    assert node(device, id="labels", scroll=3)["text"] == "Labels: Friends"
    device.open_app("contacts", "/contact/2")
    assert node(device, id="birthday")["text"] == "Birthday: July 23"  # no year stored
    assert not has(device, id="company") and not has(device, id="role_line")
    assert device.crashes == []


def test_star_toggle_updates_provider(device: Device) -> None:
    tap(device, id="contact:2")
    assert node(device, id="contact_name")["text"] == "Benjamin Carter"
    before = _contacts(device)
    tap(device, id="star")
    assert _changed(before, _contacts(device)) == {2: {"starred": True}}
    assert node(device, id="star")["selected"] is True
    device.handle_back()
    assert "fav:2" in ids(device, "fav:")
    tap(device, id="fav:2")
    tap(device, id="star")
    assert _contacts(device) == before


def test_delete_from_menu_back_then_confirm(device: Device) -> None:
    tap(device, id="contact:6", scroll=4)
    tap(device, id="more")
    assert node(device, id="menu")["role"] == "menu"
    device.handle_back()  # Back closes the menu
    assert route(device) == "/contact/6"
    tap(device, id="more")
    tap(device, id="menu:delete")
    assert node(device, text="Delete this contact?")
    assert route(device) == "/contact/6?dialog=delete"
    device.handle_back()  # Back closes the dialog, deletes nothing
    assert route(device) == "/contact/6"
    assert any(c["id"] == 6 for c in _contacts(device))
    tap(device, id="more")
    tap(device, id="menu:delete")
    tap(device, id="dialog:delete")
    assert [c["id"] for c in _contacts(device)] == [i for i in range(1, 31) if i != 6]
    assert device.kernel.tasks.active_task.top.history == ["/"]
    assert device.crashes == []


def test_share_offers_apps_and_sends_the_contact_as_text(device: Device) -> None:
    tap(device, id="contact:1")
    tap(device, id="share")
    chooser = device.state()["os"]["chooser"]
    assert {"notes", "messages"} <= {c["app_id"] for c in chooser["candidates"]}
    assert device.kernel.intents.chooser.intent.data["text"] == (
        "Alice Johnson\nMobile: +1 415-555-0132\nWork: +1 415-555-0232\n"
        "Email: alice.johnson@example.com")
    assert device.kernel.intents.chooser.intent.data["subject"] == "Alice Johnson"
    tap(device, id="choose:notes")
    assert device.kernel.tasks.top_activity.app_id == "notes"
    assert node(device, id="title")["text"] == "Alice Johnson"
    assert device.crashes == []


# --------------------------------------------------------------------------- create
def test_create_contact_with_every_field(device: Device) -> None:
    tap(device, id="fab")
    assert route(device) == "/new?form=1" and node(device, id="name")["text"] == ""
    _type_into(device, "name", "Zoe Park")
    _type_into(device, "phone", "+1 415-555-0199")
    tap(device, id="phone_type")
    tap(device, id="phone_type:home")
    assert node(device, id="phone_type")["text"] == "Home"
    _type_into(device, "email", "zoe@example.com")
    _type_into(device, "company", "Lumen Studio")
    _hide_keyboard(device)
    _pick_birthday(device, "03/09/1990")
    assert node(device, id="birthday")["text"] == "March 9, 1990"
    _hide_keyboard(device)
    tap(device, id="edit_labels", scroll=4)
    tap(device, id="label_check:Work")
    tap(device, id="label_check:Family")
    tap(device, id="label_check:Work")  # unchecked again
    assert node(device, id="label_check:Family")["checked"] is True
    tap(device, id="labels_done")
    assert node(device, id="edit_labels")["text"] == "Family"
    tap(device, id="save")
    new = _contacts(device)[-1]
    assert new == {"id": 31, "name": "Zoe Park", "phone": "+1 415-555-0199",
                   "phone_type": "home", "phone2": None, "phone2_type": "work",
                   "email": "zoe@example.com", "starred": False, "company": "Lumen Studio",
                   "job_title": None, "address": None, "birthday": "1990-03-09",
                   "labels": ["Family"], "note": None}
    assert device.kernel.tasks.active_task.top.history == ["/", "/contact/31"]
    assert not device.kernel.keyboard.visible
    device.handle_back()
    assert device.kernel.tasks.active_task.top.history == ["/"]


def test_create_without_name_saves_nothing(device: Device) -> None:
    before = _contacts(device)
    tap(device, id="fab")
    tap(device, id="save")
    assert _contacts(device) == before and route(device) == "/new?form=1"
    assert "Add a name" in screen_text(device)
    assert device.crashes == []


def test_birthday_picker_rejects_a_non_date_and_back_keeps_the_birthday(device: Device) -> None:
    tap(device, id="contact:2", scroll=3)
    tap(device, id="edit")
    assert node(device, id="birthday", scroll=4)["text"] == "July 23"
    tap(device, id="birthday")
    assert node(device, id="date_picker:headline")["text"].endswith("Jul 23")  # this year
    tap(device, id="date_picker:mode")
    _type_into(device, "date_picker:input", "02/30/1990")
    assert node(device, id="date_picker:ok")["enabled"] is False
    device.handle_back()  # the keyboard
    device.handle_back()  # the picker
    assert node(device, id="birthday")["text"] == "July 23"
    tap(device, id="birthday")  # reopens fresh, in calendar mode
    assert not has(device, id="date_picker:input")
    device.handle_back()
    before = _contacts(device)
    tap(device, id="birthday:clear")
    assert node(device, id="birthday")["text"] == "Birthday"
    tap(device, id="save")
    assert _changed(before, _contacts(device)) == {2: {"birthday": None}}
    assert device.crashes == []


# --------------------------------------------------------------------------- edit
def test_edit_is_prefilled_and_saves_only_the_changed_field(device: Device) -> None:
    tap(device, id="contact:3", scroll=3)
    tap(device, id="edit")
    assert route(device) == "/edit/3?form=1"
    assert node(device, id="name")["text"] == "Chloe Martinez"
    assert node(device, id="email")["text"] == "chloe.martinez@example.com"
    before = _contacts(device)
    _type_into(device, "email", "chloe@lumen.studio")
    tap(device, id="save")
    assert _changed(before, _contacts(device)) == {3: {"email": "chloe@lumen.studio"}}
    assert route(device) == "/contact/3"
    assert node(device, id="email")["text"] == "Email: chloe@lumen.studio"


def test_edit_phone_type_label_and_clearing_a_field(device: Device) -> None:
    tap(device, id="contact:3", scroll=3)
    tap(device, id="edit")
    before = _contacts(device)
    tap(device, id="phone_type")
    tap(device, id="phone_type:work")
    _type_into(device, "company", "")
    _hide_keyboard(device)
    tap(device, id="edit_labels", scroll=4)
    tap(device, id="label_check:Friends")
    tap(device, id="labels_done")
    tap(device, id="save")
    assert _changed(before, _contacts(device)) == {
        3: {"phone_type": "work", "company": None, "labels": ["Book club"]}}


def test_edit_save_unchanged_and_back_discard_change_nothing(device: Device) -> None:
    before = _contacts(device)
    tap(device, id="contact:3", scroll=3)
    tap(device, id="edit")
    tap(device, id="save")
    assert route(device) == "/contact/3"
    tap(device, id="edit")
    _type_into(device, "name", "Someone Else")
    device.handle_back()  # hides the keyboard
    device.handle_back()  # leaves the form without saving
    assert route(device) == "/contact/3"
    assert _contacts(device) == before
    device.open_app("contacts", "/edit/3")  # a form never filled for this contact
    tap(device, id="save")
    assert _contacts(device) == before
    assert device.crashes == []


# --------------------------------------------------------------------------- selection
def test_long_press_selects_and_deletes_several(device: Device) -> None:
    long_press(device, id="contact:2", scroll=3)
    assert route(device) == "/?select=contacts"
    assert node(device, text="1 selected")
    tap(device, id="contact:4", scroll=3)
    tap(device, id="contact:12", scroll=3)
    tap(device, id="contact:4")  # deselected again
    assert node(device, text="2 selected")
    assert node(device, id="contact:12")["selected"] is True
    tap(device, id="delete_selected")
    assert node(device, text="Delete 2 contacts?")
    tap(device, id="delete_confirm")
    left = {c["id"] for c in _contacts(device)}
    assert left == set(range(1, 31)) - {2, 12}
    assert device.kernel.tasks.active_task.top.history == ["/"]
    assert node(device, id="app_bar")


def test_selection_back_and_last_deselect_leave_selection_mode(device: Device) -> None:
    before = _contacts(device)
    long_press(device, id="fav:1")
    assert node(device, id="fav:1")["selected"] is True
    device.handle_back()
    assert route(device) == "/" and not has(device, id="selection_bar")
    long_press(device, id="fav:3")
    tap(device, id="fav:3")
    assert route(device) == "/" and not has(device, id="selection_bar")
    tap(device, id="fav:3")  # outside selection mode a tap opens the contact
    assert route(device) == "/contact/3"
    assert _contacts(device) == before


# --------------------------------------------------------------------------- labels
def test_labels_list_counts_and_members(device: Device) -> None:
    tap(device, id="labels")
    assert node(device, id="label:Work")["text"] == "Work 5 contacts"
    assert node(device, id="label:Book club")["text"] == "Book club 3 contacts"
    tap(device, id="label:Family")
    assert ids(device, "contact:") == ["contact:12", "contact:8", "contact:18", "contact:22"]
    tap(device, id="contact:18")
    assert route(device) == "/contact/18"
    assert device.kernel.tasks.active_task.top.history == ["/", "/labels", "/label/Family",
                                                           "/contact/18"]


# --------------------------------------------------------------------------- cross-app
def test_message_opens_messages_in_new_task_and_back_returns(device: Device) -> None:
    contacts_task = device.kernel.tasks.task_for_app("contacts")
    tap(device, id="contact:1")
    tap(device, id="message")
    messages_task = device.kernel.tasks.task_for_app("messages")
    assert device.active_task_id == messages_task.task_id != contacts_task.task_id
    assert messages_task.launched_by_task_id == contacts_task.task_id
    top = messages_task.top
    assert top.history == ["/compose"]
    assert top.intent["action"] == "ACTION_SENDTO" and top.intent["scheme"] == "sms"
    assert node(device, id="to")["text"] == "+1 415-555-0132"

    device.handle_back()  # root of the Messages Task: back to the caller, pointer consumed
    assert device.active_task_id == contacts_task.task_id
    assert messages_task.task_id in device.kernel.tasks.tasks
    assert messages_task.launched_by_task_id is None
    assert messages_task.top.history == ["/"]  # transient compose route reset
    assert contacts_task.top.route == "/contact/1"

    device.launch_app("messages")  # later from the launcher: Back now goes home
    device.handle_back()
    assert device.active_task_id is None
    assert messages_task.task_id in device.kernel.tasks.tasks


RESULTS: list[dict[str, Any]] = []


def _record(kernel: Any, result: dict[str, Any]) -> None:
    RESULTS.append(result)


def test_pick_returns_contact_to_caller(device: Device) -> None:
    RESULTS.clear()
    device.start_activity_for_result(
        {"action": "ACTION_PICK", "type": "vnd.android.cursor.dir/contact"}, _record)
    task = device.kernel.tasks.active_task
    assert [a.app_id for a in task.stack] == ["contacts", "contacts"]
    assert task.top.route == "/pick"
    assert node(device, id="pick:3")["text"] == "Chloe Martinez +1 415-555-0178"
    tap(device, id="search")
    device.type_text("grace")
    assert ids(device, "pick:") == ["pick:7"]
    tap(device, id="pick:7")
    assert RESULTS == [{"result_code": "OK", "caller_app_id": "contacts",
                        "data": {"contact_id": 7, "name": "Grace Lee",
                                 "phone": "+1 415-555-0166"}}]
    assert len(task.stack) == 1 and task.top.history == ["/"]


def test_pick_back_cancels(device: Device) -> None:
    RESULTS.clear()
    device.start_activity_for_result(
        {"action": "ACTION_PICK", "type": "vnd.android.cursor.dir/contact"}, _record)
    tap(device, text="Back")
    assert RESULTS == [{"result_code": "CANCELED", "data": None, "caller_app_id": "contacts"}]
    assert len(device.kernel.tasks.active_task.stack) == 1


def test_missing_contact_routes_do_not_crash(device: Device) -> None:
    for path in ("/contact/999", "/contact/abc", "/edit/999"):
        device.open_app("contacts", path)
        assert node(device, text="Contact not found")
    device.open_app("contacts", "/label/Nobody")
    assert node(device, text="No contacts with this label")
    assert find(device, id="contact:1") is None
    assert device.crashes == []
