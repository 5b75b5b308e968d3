"""Notes: default data, the editors, pin, delete, selection mode, folders, checklists, search,
and the text share target."""

from __future__ import annotations

import pytest

from mobilegym_env.apps.notes import model
from mobilegym_env.apps.notes.state import initial_state
from mobilegym_env.device import Device
from mobilegym_env.testing import has, ids, long_press, node, route, screen_text, tap

APP = "notes"  # what the ``device`` fixture (conftest.py) opens
NOW = 1_772_442_000_000  # the fresh device's clock (2026-03-02 09:00 UTC)


def store(device: Device) -> dict:
    return device.state()["apps"]["notes"]


def by_id(device: Device, note_id: int) -> dict | None:
    return next((n for n in store(device)["notes"] if n["id"] == note_id), None)


def titled(device: Device, title: str) -> dict:
    return next(n for n in store(device)["notes"] if n["title"] == title)


def keyboard_on(device: Device) -> str | None:
    kb = device.kernel.keyboard
    return kb.target[1] if kb.visible and kb.target else None


@pytest.fixture(autouse=True)
def _no_crashes(device: Device):
    yield
    assert device.crashes == []


# ----- data
def test_default_data_has_folders_checklists_pinned_notes_and_unique_ids() -> None:
    s = initial_state()
    assert len(s["notes"]) == 15 and [f["name"] for f in s["folders"]] == [
        "Personal", "Work", "Travel", "Recipes"]
    kinds = [n["kind"] for n in s["notes"]]
    assert kinds.count("checklist") == 4 and kinds.count("text") == 11
    assert [n["title"] for n in s["notes"] if n["pinned"]] == ["Groceries", "Team meeting notes"]
    assert sum(n["folder_id"] is None for n in s["notes"]) == 4
    for n in s["notes"]:
        assert set(n) == {"id", "kind", "title", "body", "items", "pinned", "folder_id",
                          "created_ms", "updated_ms"}
        assert n["created_ms"] <= n["updated_ms"] < NOW
        assert (n["body"] == "") == (n["kind"] == "checklist") == bool(n["items"])
    item_ids = [i["id"] for n in s["notes"] for i in n["items"]]
    assert len(set(item_ids)) == len(item_ids) == 19
    assert s["next_id"] > max(item_ids + [n["id"] for n in s["notes"]])


def test_home_lists_pinned_notes_first_then_by_last_edit(device: Device) -> None:
    assert "Notes | Search | More options |  | All notes | Personal" in screen_text(device)
    order = ids(device, "note:")
    assert order[:3] == ["note:1", "note:5", "note:15"]  # pinned by last edit, then the newest
    assert node(device, text="Pinned")["role"] == "heading"
    assert node(device, id="note:1")["text"].startswith("Groceries Milk Eggs Spinach")


# ----- new notes
def test_new_note_is_saved_and_the_editor_closes(device: Device) -> None:
    tap(device, id="fab")
    assert route(device) == "/new"
    tap(device, id="title")
    device.type_text("Call mom")
    tap(device, id="body")
    device.type_text("Sunday 5pm")
    tap(device, id="save")
    assert store(device)["notes"][-1] == {
        "id": 120, "kind": "text", "title": "Call mom", "body": "Sunday 5pm", "items": [],
        "pinned": False, "folder_id": None, "created_ms": NOW, "updated_ms": NOW}
    assert store(device)["next_id"] == 121
    assert device.kernel.tasks.top_activity.history == ["/"]
    assert not device.kernel.keyboard.visible
    assert device.kernel.system_ui.toast.text == "Note saved"
    assert ids(device, "note:")[2] == "note:120"  # the newest unpinned note comes first


def test_empty_note_is_discarded(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="save")
    assert store(device) == initial_state()
    assert device.kernel.system_ui.toast.text == "Empty note discarded"


def test_a_new_note_starts_empty_even_after_an_abandoned_draft(device: Device) -> None:
    tap(device, id="fab")
    tap(device, id="title")
    device.type_text("Abandoned")
    device.handle_back()  # keyboard
    device.handle_back()  # the page: nothing saved
    assert route(device) == "/" and store(device) == initial_state()
    tap(device, id="fab")
    assert node(device, id="title")["text"] == ""


def test_a_note_made_inside_a_folder_is_filed_there(device: Device) -> None:
    tap(device, id="folder:4")
    tap(device, id="fab")
    assert route(device) == "/new?folder=4" and node(device, id="note_folder")["text"] == "Recipes"
    tap(device, id="title")
    device.type_text("Pancakes")
    tap(device, id="save")
    assert titled(device, "Pancakes")["folder_id"] == 4
    assert route(device) == "/?folder=4" and has(device, id="note:120")


# ----- editing
def test_a_note_opens_in_an_editor_with_its_text_filled_in(device: Device) -> None:
    tap(device, id="note:5")
    assert route(device) == "/note/5"
    assert node(device, id="title")["text"] == "Team meeting notes"
    body = node(device, id="body")
    assert body["role"] == "text_field" and body["text"] == by_id(device, 5)["body"]
    assert node(device, id="note_folder")["text"] == "Work"
    assert node(device, id="edited")["text"] == "Edited Feb 26"


def test_editing_title_and_body_saves_with_the_edit_time(device: Device) -> None:
    before = store(device)
    tap(device, id="note:2", scroll=8)
    tap(device, id="title")
    tap(device, id="title:clear")
    device.type_text("Portugal trip")
    tap(device, id="body")
    assert keyboard_on(device) == "edit_body"
    device.press_enter()  # a new line, not a submit
    assert keyboard_on(device) == "edit_body"
    device.type_text("Book the Lisbon hotel.")
    tap(device, id="save")
    after = store(device)
    note = by_id(device, 2)
    assert note["title"] == "Portugal trip" and note["updated_ms"] == NOW
    assert note["body"] == before["notes"][1]["body"] + "\nBook the Lisbon hotel."
    assert after["notes"][2:] == before["notes"][2:] and after["folders"] == before["folders"]
    assert route(device) == "/" and device.kernel.system_ui.toast.text == "Note saved"
    # edited now: the first of the unpinned notes
    assert model.in_folder(after, None)[2]["id"] == 2


def test_copy_the_title_and_paste_it_over_the_body(device: Device) -> None:
    tap(device, id="note:5")
    long_press(device, id="title")
    tap(device, id="text_action:copy")
    assert device.kernel.clipboard.read() == "Team meeting notes"
    device.handle_back()  # the keyboard
    long_press(device, id="body")  # the body shows as text while unfocused: still selectable
    assert keyboard_on(device) == "edit_body" and node(device, id="body")["selected"]
    tap(device, id="text_action:paste")
    tap(device, id="save")
    assert by_id(device, 5)["body"] == "Team meeting notes"
    assert device.crashes == []


def test_saving_an_unchanged_note_changes_nothing(device: Device) -> None:
    tap(device, id="note:3", scroll=8)
    tap(device, id="save")
    assert store(device) == initial_state() and route(device) == "/"


def test_back_leaves_the_editor_without_saving_and_a_reopen_starts_fresh(device: Device) -> None:
    tap(device, id="note:4", scroll=8)
    tap(device, id="title")
    device.type_text(" (old)")
    device.handle_back()
    device.handle_back()
    assert route(device) == "/" and store(device) == initial_state()
    tap(device, id="note:4", scroll=8)
    assert node(device, id="title")["text"] == "Wi-Fi at the cabin"


def test_a_note_opened_by_route_fills_its_fields(device: Device) -> None:
    device.kernel.open_app("notes", "/note/12")
    assert node(device, id="title")["text"] == "Car service"
    assert node(device, id="body")["text"].startswith("Next service at 60,000 km.")


def test_an_unknown_note_shows_not_found(device: Device) -> None:
    device.kernel.open_app("notes", "/note/999")
    assert has(device, text="Note not found")


# ----- pin, move, delete from the editor
def test_pin_and_unpin_in_the_editor_keep_the_edit_time(device: Device) -> None:
    tap(device, id="note:3", scroll=8)
    assert node(device, id="pin")["text"] == "Pin"
    tap(device, id="pin")
    assert by_id(device, 3)["pinned"] is True and node(device, id="pin")["text"] == "Unpin"
    assert by_id(device, 3)["updated_ms"] == initial_state()["notes"][2]["updated_ms"]
    tap(device, id="pin")
    assert store(device) == initial_state()


def test_move_a_note_from_the_editor_folder_tag(device: Device) -> None:
    tap(device, id="note:4", scroll=8)
    assert node(device, id="note_folder")["text"] == "No folder"
    tap(device, id="note_folder")
    assert node(device, id="move:none")["text"] == "No folder"
    tap(device, id="move:3")
    assert by_id(device, 4)["folder_id"] == 3 and route(device) == "/note/4"
    assert node(device, id="note_folder")["text"] == "Travel"
    tap(device, id="more")
    tap(device, id="menu:move")
    tap(device, id="move:none")
    assert store(device) == initial_state()
    assert device.kernel.system_ui.toast.text == "Removed from folder"


def test_delete_from_the_menu_asks_first_and_back_cancels(device: Device) -> None:
    tap(device, id="note:3", scroll=8)
    tap(device, id="more")
    assert route(device) == "/note/3?dialog=menu"
    tap(device, id="menu:delete")
    assert route(device) == "/note/3?dialog=delete"
    assert node(device, id="delete_dialog")["text"] == "Delete this note?"
    assert device.handle_back() == "os.appBack"  # closes the dialog; the menu is gone too
    assert route(device) == "/note/3" and store(device) == initial_state()
    tap(device, id="more")
    tap(device, id="menu:delete")
    tap(device, id="delete_dialog:confirm")
    assert by_id(device, 3) is None and len(store(device)["notes"]) == 14
    assert device.kernel.tasks.top_activity.history == ["/"]
    assert device.kernel.system_ui.toast.text == "Note deleted"


# ----- selection mode
def test_long_press_selects_and_back_leaves_selection(device: Device) -> None:
    long_press(device, id="note:5")
    assert route(device) == "/?select=notes" and node(device, id="note:5")["selected"]
    assert has(device, text="1 selected") and not has(device, id="fab")
    tap(device, id="note:1")
    assert has(device, text="2 selected") and route(device) == "/?select=notes"
    tap(device, id="note:1")
    assert has(device, text="1 selected")
    assert device.handle_back() == "os.appBack"
    assert route(device) == "/" and not node(device, id="note:5")["selected"]
    assert store(device) == initial_state()


def test_pin_the_selected_notes(device: Device) -> None:
    long_press(device, id="note:15")
    tap(device, id="note:1")  # already pinned: the bar still offers Pin, for the other one
    assert node(device, id="sel_pin")["text"] == "Pin"
    tap(device, id="sel_pin")
    assert by_id(device, 15)["pinned"] and by_id(device, 1)["pinned"] and route(device) == "/"
    long_press(device, id="note:15")
    assert node(device, id="sel_pin")["text"] == "Unpin"
    tap(device, id="sel_pin")
    assert store(device) == initial_state()


def test_move_the_selected_notes_to_a_folder(device: Device) -> None:
    long_press(device, id="note:4", scroll=8)
    tap(device, id="note:12")
    tap(device, id="sel_move")
    assert route(device) == "/?select=notes&dialog=move"
    assert node(device, id="move:none")["text"] == "No folder"
    tap(device, id="move:2")
    assert by_id(device, 4)["folder_id"] == by_id(device, 12)["folder_id"] == 2
    assert route(device) == "/" and device.kernel.system_ui.toast.text == "Moved to “Work”"


def test_delete_the_selected_notes_after_confirming(device: Device) -> None:
    long_press(device, id="note:4", scroll=8)
    tap(device, id="note:12")
    tap(device, id="sel_delete")
    assert node(device, id="delete_dialog")["text"] == "Delete 2 notes?"
    tap(device, id="delete_dialog:cancel")
    assert route(device) == "/?select=notes" and store(device) == initial_state()
    tap(device, id="sel_delete")
    tap(device, id="delete_dialog:confirm")
    assert [n["id"] for n in store(device)["notes"]] == [1, 2, 3, *range(5, 12), 13, 14, 15]
    assert route(device) == "/" and device.kernel.system_ui.toast.text == "2 notes deleted"


# ----- folders
def test_folder_chips_filter_the_list(device: Device) -> None:
    tap(device, id="folder:2")
    assert route(device) == "/?folder=2" and node(device, id="folder:2")["selected"]
    assert sorted(ids(device, "note:")) == ["note:13", "note:5", "note:6"]
    assert has(device, text="Work", role="heading")
    tap(device, id="folder:all")
    assert route(device) == "/" and device.kernel.tasks.top_activity.history == ["/"]


def test_create_a_folder_from_the_menu(device: Device) -> None:
    tap(device, id="more")
    tap(device, id="menu:new_folder")
    assert route(device) == "/?dialog=new_folder" and keyboard_on(device) == "folder_name"
    device.type_text("work")  # a name taken in another case
    tap(device, id="new_folder_dialog:confirm")
    assert device.kernel.system_ui.toast.text == "“work” already exists"
    assert route(device) == "/?dialog=new_folder" and store(device) == initial_state()
    tap(device, id="folder_name:clear")
    device.type_text("Garden")
    device.press_enter()
    assert store(device)["folders"][-1] == {"id": 120, "name": "Garden"}
    assert route(device) == "/?folder=120" and has(device, text="No notes in this folder")
    assert not device.kernel.keyboard.visible


def test_rename_and_delete_a_folder(device: Device) -> None:
    tap(device, id="folder:3")
    tap(device, id="more")
    tap(device, id="menu:rename_folder")
    assert node(device, id="folder_name")["text"] == "Travel"
    tap(device, id="folder_name:clear")
    device.type_text("Trips")
    tap(device, id="rename_dialog:confirm")
    assert store(device)["folders"][2] == {"id": 3, "name": "Trips"}
    assert node(device, id="folder:3")["text"] == "Trips" and route(device) == "/?folder=3"
    tap(device, id="more")
    tap(device, id="menu:delete_folder")
    tap(device, id="delete_folder_dialog:confirm")
    assert [f["id"] for f in store(device)["folders"]] == [1, 2, 4]
    assert by_id(device, 2)["folder_id"] is None and by_id(device, 7)["folder_id"] is None
    assert route(device) == "/"


def test_the_menu_has_folder_actions_only_inside_a_folder(device: Device) -> None:
    tap(device, id="more")
    assert ids(device, "menu:") == ["menu:new_list", "menu:new_folder"]
    device.handle_back()
    tap(device, id="folder:1")
    tap(device, id="more")
    assert ids(device, "menu:") == ["menu:new_list", "menu:new_folder", "menu:rename_folder",
                                    "menu:delete_folder"]


# ----- checklists
def test_tick_untick_and_delete_items_apply_at_once(device: Device) -> None:
    tap(device, id="note:1")
    milk = node(device, id="item:101")
    assert (milk["role"], milk["text"], milk["checked"]) == ("checkbox", "Milk", False)
    tap(device, id="item:101")
    assert by_id(device, 1)["items"][0] == {"id": 101, "text": "Milk", "checked": True}
    assert by_id(device, 1)["updated_ms"] == NOW and node(device, id="item:101")["checked"]
    tap(device, id="item:102")  # Eggs: ticked by default
    assert by_id(device, 1)["items"][1]["checked"] is False
    tap(device, id="item:103:delete")
    assert [i["text"] for i in by_id(device, 1)["items"]] == [
        "Milk", "Eggs", "Coffee beans", "Sourdough bread", "Bananas"]
    device.handle_back()  # no Save needed
    assert by_id(device, 1)["items"][0]["checked"] is True


def test_ticked_items_are_listed_after_the_others(device: Device) -> None:
    tap(device, id="note:1")
    assert ids(device, "item:1")[::2] == ["item:101", "item:103", "item:104", "item:106",
                                           "item:102", "item:105"]
    assert has(device, text="2 ticked items")


def test_add_items_with_enter_and_with_save(device: Device) -> None:
    tap(device, id="note:7")
    tap(device, id="new_item")
    device.type_text("Sunglasses")
    device.press_enter()
    assert keyboard_on(device) == "new_item" and node(device, id="new_item")["text"] == ""
    device.type_text("Hat")
    tap(device, id="save")  # the typed item is kept
    items = by_id(device, 7)["items"]
    assert items[-2:] == [{"id": 120, "text": "Sunglasses", "checked": False},
                          {"id": 121, "text": "Hat", "checked": False}]
    assert route(device) == "/" and store(device)["next_id"] == 122


def test_create_a_checklist_with_a_ticked_draft_item(device: Device) -> None:
    tap(device, id="more")
    tap(device, id="menu:new_list")
    assert route(device) == "/new?kind=checklist" and has(device, text="New list")
    tap(device, id="title")
    device.type_text("Camping")
    tap(device, id="new_item")
    for label in ("Tent", "Stove", "Matches"):
        device.type_text(label)
        device.press_enter()
    tap(device, id="item:draft1")
    tap(device, id="item:draft2:delete")
    tap(device, id="add_item")  # an empty item is not added
    tap(device, id="save")
    note = titled(device, "Camping")
    assert (note["kind"], note["body"], note["folder_id"]) == ("checklist", "", None)
    assert [(i["text"], i["checked"]) for i in note["items"]] == [("Tent", False),
                                                                  ("Stove", True)]


# ----- search
def test_search_matches_titles_bodies_and_items_in_any_case(device: Device) -> None:
    tap(device, id="search")
    assert route(device) == "/search" and keyboard_on(device) == "search_q"
    assert has(device, text="Search by title, text or list item")
    device.type_text("COFFEE")
    assert ids(device, "note:") == ["note:1"]
    tap(device, id="search_field:clear")
    device.type_text("team")
    assert sorted(ids(device, "note:")) == ["note:5", "note:6"]
    device.type_text(" lunch")
    assert ids(device, "note:") == ["note:6"]
    device.type_text("zz")
    assert has(device, text="No matching notes")


def test_a_search_result_opens_its_note(device: Device) -> None:
    tap(device, id="search")
    device.type_text("wingspan")
    tap(device, id="note:11")
    assert route(device) == "/note/11" and node(device, id="title")["text"] == "Gift ideas"
    assert not device.kernel.keyboard.visible  # typing must not go to the search field


# ----- the share target
def test_text_share_prefills_the_note_body(device: Device) -> None:
    assert device.start_activity({"action": "ACTION_SEND", "type": "text/plain",
                                  "data": {"text": "shared words"}})
    if device.kernel.intents.chooser is not None:
        device.kernel.choose("notes")
    top = device.kernel.tasks.top_activity
    assert (top.app_id, top.history) == ("notes", ["/new"])
    device.render()
    assert node(device, id="body")["text"] == "shared words"
    tap(device, id="save")
    assert store(device)["notes"][-1]["body"] == "shared words"


def test_create_note_intent_fills_title_and_text(device: Device) -> None:
    assert device.start_activity({"action": "ACTION_CREATE_NOTE",
                                  "data": {"title": "Parking", "text": "Level 3, B12"}})
    assert node(device, id="title")["text"] == "Parking"
    assert node(device, id="body")["text"] == "Level 3, B12"


# ----- the store's checks
def test_store_writes_reject_bad_input_before_changing_anything() -> None:
    s = initial_state()
    with pytest.raises(ValueError, match="no folder with id 99"):
        model.create_note(s, NOW, "x", folder_id=99)
    with pytest.raises(ValueError, match="no folder with id 99"):
        model.move_notes(s, [1], 99)
    with pytest.raises(ValueError, match="already exists"):
        model.create_folder(s, "personal")
    with pytest.raises(ValueError, match="Enter a folder name"):
        model.rename_folder(s, s["folders"][0], "")
    with pytest.raises(ValueError, match="at most 200"):
        model.create_note(s, NOW, "x" * 201)
    with pytest.raises(ValueError, match="not a checklist"):
        model.add_item(s, s["notes"][1], NOW, "x")
    assert s == initial_state()


def test_a_folder_chip_ends_selection_mode(device: Device) -> None:
    long_press(device, id="note:5")
    tap(device, id="folder:1")
    assert route(device) == "/?folder=1" and not has(device, id="selection_bar")
    assert device.kernel.tasks.top_activity.history == ["/?folder=1"]


def test_an_over_long_title_is_refused_with_a_message_not_a_crash(device):
    from mobilegym_env import actions as A

    tap(device, id="fab")
    tap(device, id="title")
    device.act(A.type_text("x" * 300))
    before = device.state()["apps"]["notes"]
    tap(device, id="save")
    assert device.crashes == []
    assert device.kernel.system_ui.toast.text.startswith("Title is too long")
    assert device.state()["apps"]["notes"] == before
