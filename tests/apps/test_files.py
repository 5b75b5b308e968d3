"""Files app: driven through public gestures only (taps on nodes found in ``ui_tree()``)."""

from __future__ import annotations

from typing import Any

from mobilegym_env.device import Device
from mobilegym_env.testing import center, has, ids, long_press, node, route, screen_text, tap
from mobilegym_env.ui import split_route

APP = "files"  # what the ``device`` fixture (conftest.py) opens
DL = "/sdcard/Download"


def files(device: Device) -> dict[str, Any]:
    return device.state()["os"]["files"]


def media(device: Device) -> dict[int, dict[str, Any]]:
    return {m["id"]: m for m in device.state()["os"]["providers"]["media"]}


def query(device: Device) -> dict[str, str]:
    return split_route(route(device))[1]


def toast(device: Device) -> str:
    shown = device.kernel.system_ui.toast
    return shown.text if shown is not None else ""


def type_into(device: Device, field_id: str, value: str, clear: bool = False) -> None:
    """Focuses a field by tapping it, optionally deletes its text with the Delete key, types."""
    tap(device, id=field_id)
    if clear:
        while node(device, id=field_id)["text"]:
            tap(device, id="key:backspace")
    assert device.type_text(value)


def open_menu(device: Device, name: str) -> None:
    """Opens the ⋮ menu of the row ``name`` in the shown folder (scrolling to it)."""
    node(device, where=lambda n: n["id"] in (f"file:{name}", f"dir:{name}"), scroll=6)
    tap(device, id=f"more:{name}")
    assert "dialog=item" in route(device)


def pick(device: Device, *folders: str, confirm: bool = True) -> None:
    """In the Move to / Copy to picker (it opens at the storage root): walk into ``folders``."""
    assert route(device).startswith("/pick?")
    for name in folders:
        tap(device, id=f"pickdir:{name}", scroll=4)
    if confirm:
        tap(device, id="pick_confirm")


def without(state: dict[str, Any], *paths: str) -> dict[str, Any]:
    return {p: e for p, e in state.items() if p not in paths}


# ----- browsing
def test_home_categories_open_their_folders(device: Device) -> None:
    assert "Images" in screen_text(device) and "Downloads" in screen_text(device)
    for key, path in (("images", "/sdcard/Pictures"), ("downloads", DL),
                      ("documents", "/sdcard/Documents"), ("camera", "/sdcard/DCIM/Camera"),
                      ("videos", "/sdcard/Movies"), ("audio", "/sdcard/Music")):
        tap(device, id=f"category:{key}")
        assert route(device) == f"/dir?path={path}"
        device.handle_back()
        assert route(device) == "/"
    assert node(device, id="category:downloads")["text"] == "Downloads 16 items"
    tap(device, id="internal_storage")
    assert route(device) == "/dir"
    for name in ("DCIM", "Documents", "Download", "Movies", "Music", "Pictures"):
        assert has(device, id=f"dir:{name}")


def test_browse_nested_folders_and_open_a_text_file(device: Device) -> None:
    tap(device, id="internal_storage")
    tap(device, id="dir:DCIM")
    tap(device, id="dir:Camera")
    assert route(device) == "/dir?path=/sdcard/DCIM/Camera"
    assert has(device, id="file:IMG_20251018_171204.jpg")
    assert "Internal storage › DCIM › Camera" in screen_text(device)
    device.handle_back()
    device.handle_back()
    tap(device, id="dir:Documents")
    assert ids(device, "dir:") == ["dir:Recipes", "dir:Work"]  # folders first
    tap(device, id="dir:Work")
    tap(device, id="file:team_offsite.txt")
    assert route(device) == "/file?path=/sdcard/Documents/Work/team_offsite.txt"
    assert node(device, id="file_content")["text"] == (
        "Team offsite\nDate: April 8\nPlace: Sausalito\nBring your laptop and a jacket.\n")
    tap(device, text="Back", role="button")
    assert route(device) == "/dir?path=/sdcard/Documents/Work"


def test_a_text_files_content_can_be_selected_and_copied(device: Device) -> None:
    device.open_app("files", "/file?path=/sdcard/Documents/Work/team_offsite.txt")
    long_press(device, id="file_content")
    assert ids(device, "text_action:") == ["text_action:copy", "text_action:select_all"]
    tap(device, id="text_action:copy")
    assert device.kernel.clipboard.read() == (
        "Team offsite\nDate: April 8\nPlace: Sausalito\nBring your laptop and a jacket.\n")
    assert not has(device, id="text_actions")


def test_non_text_file_shows_details(device: Device) -> None:
    tap(device, id="category:downloads")
    tap(device, id="file:report.pdf", scroll=6)
    assert "application/pdf" in screen_text(device)
    assert "1.3 MB" in screen_text(device)
    assert has(device, id="open_with")


def test_info_dialog_shows_exact_size_and_time(device: Device) -> None:
    tap(device, id="category:downloads")
    open_menu(device, "invoice_2025.pdf")
    tap(device, id="item_info")
    assert node(device, id="info_size")["text"] == "182.3 kB (182,340 bytes)"
    assert node(device, id="info_modified")["text"] == "Nov 3, 2025, 10:15"
    assert node(device, id="info_location")["text"] == "Internal storage › Download"
    device.handle_back()  # the menu was replaced by the dialog: one Back closes it
    assert route(device) == f"/dir?path={DL}"
    # from a text file's page, and for a folder
    tap(device, id="file:invoice_2025_notes.txt", scroll=6)
    tap(device, id="file_info")
    assert node(device, id="info_type")["text"] == "text/plain"
    assert node(device, id="info_modified")["text"] == "Jan 8, 2026, 14:10"
    tap(device, id="info_close")
    assert route(device) == "/file?path=/sdcard/Download/invoice_2025_notes.txt"
    device.open_app("files", "/dir?path=/sdcard/Documents")
    open_menu(device, "Work")
    tap(device, id="item_info")
    assert node(device, id="info_size")["text"] == "Contains 2 items"


def test_sort_by_size_date_and_name(device: Device) -> None:
    tap(device, id="category:downloads")
    assert ids(device, "file:")[:2] == ["file:bank_statement_2026_01.pdf",
                                        "file:boarding_pass_SFO_JFK.pdf"]
    tap(device, id="sort")
    assert node(device, id="sort:name_asc")["checked"] is True
    assert node(device, id="sort:size_desc")["checked"] is False
    tap(device, id="sort:size_desc")
    assert route(device) == f"/dir?path={DL}"
    assert ids(device, "file:")[:3] == ["file:photos_backup.zip",
                                        "file:podcast_player_2.4.1.apk",
                                        "file:lease_agreement.pdf"]
    assert node(device, id="sort")["text"] == "Sort by Size (largest first)"
    tap(device, id="sort")
    tap(device, id="sort:date_desc")
    assert ids(device, "file:")[:2] == ["file:boarding_pass_SFO_JFK.pdf",
                                        "file:floor_plan.jpg"]
    tap(device, id="sort")
    tap(device, id="sort:name_desc")
    assert ids(device, "file:")[0] == "file:resume_draft.docx"
    # the order holds in other folders of the same window; folders stay first
    device.handle_back()
    tap(device, id="category:documents")
    assert ids(device, "dir:") == ["dir:Recipes", "dir:Work"]
    assert ids(device, "file:")[0] == "file:wifi_password.txt"


# ----- a single item's ⋮ menu
def test_delete_from_the_item_menu(device: Device) -> None:
    tap(device, id="category:documents")
    before = files(device)
    open_menu(device, "notes.txt")
    tap(device, id="item_delete")
    assert "dialog=delete" in route(device)
    tap(device, id="delete_confirm")
    assert files(device) == without(before, "/sdcard/Documents/notes.txt")
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, id="file:notes.txt") and has(device, id="file:notes_old.txt")
    assert toast(device) == "Deleted “notes.txt”"
    # the dialog replaced the menu: one Back leaves the folder
    device.handle_back()
    assert route(device) == "/"


def test_cancel_delete_keeps_the_file(device: Device) -> None:
    tap(device, id="category:documents")
    before = files(device)
    open_menu(device, "notes.txt")
    tap(device, id="item_delete")
    tap(device, id="delete_cancel")
    assert files(device) == before
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_delete_a_photo_folder_drops_its_media_rows(device: Device) -> None:
    tap(device, id="category:images")
    before, rows = files(device), media(device)
    open_menu(device, "Yosemite")
    tap(device, id="item_delete")
    assert "its 5 items" in screen_text(device)
    tap(device, id="delete_confirm")
    gone = [p for p in before if p.startswith("/sdcard/Pictures/Yosemite")]
    assert len(gone) == 6
    assert files(device) == without(before, *gone)
    assert media(device) == {i: m for i, m in rows.items() if i not in (17, 18, 19, 20, 21)}
    assert not has(device, id="dir:Yosemite")


def test_rename_from_the_item_menu(device: Device) -> None:
    tap(device, id="category:documents")
    old = files(device)["/sdcard/Documents/notes.txt"]
    open_menu(device, "notes.txt")
    tap(device, id="item_rename")
    assert device.kernel.keyboard.visible  # the field is focused at once
    assert node(device, id="rename_field")["text"] == "notes.txt"
    type_into(device, "rename_field", "groceries.txt", clear=True)
    tap(device, id="rename_confirm")
    state = files(device)
    assert "/sdcard/Documents/notes.txt" not in state
    assert state["/sdcard/Documents/groceries.txt"] == old  # same content, size and mtime
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert has(device, id="file:groceries.txt")
    assert not device.kernel.keyboard.visible


def test_renaming_a_photo_renames_its_media_row(device: Device) -> None:
    tap(device, id="category:downloads")
    row = media(device)[26]
    open_menu(device, "floor_plan.jpg")
    tap(device, id="item_rename")
    type_into(device, "rename_field", "apartment.jpg", clear=True)
    assert device.press_enter()  # Enter submits the dialog
    assert media(device)[26] == {**row, "path": f"{DL}/apartment.jpg", "title": "apartment"}
    assert "dialog" not in route(device)


def test_rename_to_an_existing_name_is_refused(device: Device) -> None:
    tap(device, id="category:documents")
    before = files(device)
    open_menu(device, "notes.txt")
    tap(device, id="item_rename")
    type_into(device, "rename_field", "meeting_agenda.txt", clear=True)
    tap(device, id="rename_confirm")
    assert files(device) == before
    assert "dialog=rename" in route(device)  # still open, with a toast explaining why
    assert "already exists" in toast(device)


def test_new_folder_from_the_app_bar(device: Device) -> None:
    tap(device, id="category:downloads")
    tap(device, id="new_folder")
    assert "dialog=new_folder" in route(device)
    type_into(device, "new_folder_field", "Receipts")
    tap(device, id="new_folder_create")
    entry = files(device)["/sdcard/Download/Receipts"]
    assert entry["is_dir"] is True
    assert route(device) == f"/dir?path={DL}"
    assert ids(device, "dir:") == ["dir:Receipts"]
    tap(device, id="dir:Receipts")
    assert "This folder is empty" in screen_text(device)


def test_new_folder_with_empty_or_bad_name_does_nothing(device: Device) -> None:
    tap(device, id="category:downloads")
    before = files(device)
    tap(device, id="new_folder")
    tap(device, id="new_folder_create")
    assert toast(device) == "Enter a name"
    type_into(device, "new_folder_field", "a/b")
    tap(device, id="new_folder_create")
    assert toast(device) == "Name contains invalid characters"
    assert files(device) == before
    assert "dialog=new_folder" in route(device)


# ----- move and copy
def test_move_one_file_into_a_subfolder(device: Device) -> None:
    tap(device, id="category:downloads")
    before = files(device)
    open_menu(device, "boarding_pass_SFO_JFK.pdf")
    tap(device, id="item_move")
    assert node(device, text="Move boarding_pass_SFO_JFK.pdf to", role="heading")
    pick(device, "Documents", "Work")
    src, dst = f"{DL}/boarding_pass_SFO_JFK.pdf", "/sdcard/Documents/Work/boarding_pass_SFO_JFK.pdf"
    after = files(device)
    assert after[dst] == before[src]  # same size, content and date
    assert without(after, dst) == without(before, src)
    assert route(device) == f"/dir?path={DL}"
    assert device.kernel.tasks.top_activity.history == ["/", f"/dir?path={DL}"]
    assert toast(device) == "Moved 1 item to Work"


def test_picker_back_goes_up_and_cancel_changes_nothing(device: Device) -> None:
    tap(device, id="category:downloads")
    before = files(device)
    open_menu(device, "report.pdf")
    tap(device, id="item_copy")
    pick(device, "Documents", "Recipes", confirm=False)
    device.handle_back()
    assert route(device) == "/pick?op=copy&path=/sdcard/Documents"
    tap(device, id="pick_cancel")
    assert route(device) == f"/dir?path={DL}"
    assert files(device) == before


def test_move_several_photos_with_selection_mode_keeps_media_ids(device: Device) -> None:
    tap(device, id="category:camera")
    rows = media(device)
    long_press(device, id="file:IMG_20251218_093015.jpg")
    assert "select=items" in route(device)
    tap(device, id="file:IMG_20251218_093102.jpg")
    assert "2 selected" in screen_text(device)
    tap(device, id="sel_more")
    tap(device, id="sel_move")
    pick(device, "Pictures", "Yosemite")
    moved = {1: "IMG_20251218_093015", 2: "IMG_20251218_093102"}
    after = media(device)
    for i, title in moved.items():
        assert after[i] == {**rows[i], "path": f"/sdcard/Pictures/Yosemite/{title}.jpg",
                            "album": "Yosemite"}
    assert {i: m for i, m in after.items() if i not in moved} == {
        i: m for i, m in rows.items() if i not in moved}
    assert route(device) == "/dir?path=/sdcard/DCIM/Camera"  # selection mode ended
    assert toast(device) == "Moved 2 items to Yosemite"


def test_copy_into_the_same_folder_numbers_the_copy(device: Device) -> None:
    tap(device, id="category:downloads")
    before, rows = files(device), media(device)
    open_menu(device, "concert_poster.png")
    tap(device, id="item_copy")
    pick(device, "Download")
    after = files(device)
    copy = after.pop(f"{DL}/concert_poster (1).png")
    assert after == before
    assert {k: copy[k] for k in ("size", "mime", "sha1")} == {
        k: before[f"{DL}/concert_poster.png"][k] for k in ("size", "mime", "sha1")}
    assert copy["mtime_ms"] == device.kernel.clock.now_ms()  # a copy is a new file
    new = media(device)
    added = new.pop(27)
    assert new == rows
    assert (added["path"], added["title"], added["album"]) == (
        f"{DL}/concert_poster (1).png", "concert_poster (1)", "Download")


def test_moving_onto_an_existing_name_is_refused(device: Device) -> None:
    device.open_app("files", "/dir?path=/sdcard/Documents")
    tap(device, id="new_folder")
    type_into(device, "new_folder_field", "Old")
    tap(device, id="new_folder_create")
    tap(device, id="dir:Old")
    tap(device, id="new_folder")
    type_into(device, "new_folder_field", "notes.txt")  # a folder named like the file
    tap(device, id="new_folder_create")
    device.handle_back()
    before = files(device)
    open_menu(device, "notes.txt")
    tap(device, id="item_move")
    pick(device, "Documents", "Old")
    assert files(device) == before
    assert toast(device) == "“notes.txt” already exists in Old"


def test_picker_blocks_moving_into_the_same_folder_or_into_itself(device: Device) -> None:
    device.open_app("files", "/dir?path=/sdcard/Documents")
    open_menu(device, "Work")
    tap(device, id="item_move")
    tap(device, id="pickdir:Documents")
    assert node(device, id="pick_confirm")["enabled"] is False  # already there
    before = route(device)
    x, y = center(device, node(device, id="pickdir:Work"))
    assert not device.tap(x * device.width, y * device.height)  # it is moving
    assert route(device) == before
    tap(device, id="pickdir:Recipes")
    assert node(device, id="pick_confirm")["enabled"] is True


def test_odd_picker_routes_show_an_empty_state(device: Device) -> None:
    device.open_app("files", "/pick?op=move&path=/sdcard")
    assert "Nothing to move or copy" in screen_text(device)
    device.open_app("files", "/pick?op=warp&path=/etc")
    assert "Nothing to move or copy" in screen_text(device)


# ----- selection mode
def test_selection_mode_enters_toggles_and_leaves(device: Device) -> None:
    tap(device, id="category:documents")
    long_press(device, id="file:notes.txt")
    assert query(device) == {"path": "/sdcard/Documents", "select": "items"}
    assert node(device, id="file:notes.txt")["selected"] is True
    assert "1 selected" in screen_text(device)
    assert not has(device, id="more:notes.txt")  # row menus hide while selecting
    tap(device, id="file:book_club.md")
    assert "2 selected" in screen_text(device)
    tap(device, id="file:book_club.md")
    tap(device, id="file:notes.txt")  # deselecting the last leaves selection mode
    assert route(device) == "/dir?path=/sdcard/Documents"
    long_press(device, id="dir:Work")
    device.handle_back()  # Back leaves selection mode, then the folder
    assert route(device) == "/dir?path=/sdcard/Documents"
    long_press(device, id="dir:Work")
    tap(device, id="clear_selection")
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_delete_several_keeps_the_decoys(device: Device) -> None:
    tap(device, id="category:downloads")
    before = files(device)
    long_press(device, id="file:invoice_2025.pdf", scroll=6)
    tap(device, id="file:invoice_2025 (1).pdf", scroll=6)
    tap(device, id="file:invoice_2025_Q4.pdf", scroll=6)
    tap(device, id="sel_delete")
    assert node(device, text="Delete 3 items?")
    tap(device, id="delete_confirm")
    assert files(device) == without(before, *(f"{DL}/{n}" for n in (
        "invoice_2025.pdf", "invoice_2025 (1).pdf", "invoice_2025_Q4.pdf")))
    assert route(device) == f"/dir?path={DL}"
    assert toast(device) == "Deleted 3 items"


def test_select_all_then_copy_and_rename_from_the_selection_menu(device: Device) -> None:
    device.open_app("files", "/dir?path=/sdcard/Documents/Recipes")
    long_press(device, id="file:pancakes.txt")
    tap(device, id="sel_more")
    assert node(device, id="sel_rename")["enabled"] is True
    tap(device, id="sel_all")
    assert "2 selected" in screen_text(device)
    tap(device, id="sel_more")
    assert node(device, id="sel_rename")["enabled"] is False  # only for one item
    tap(device, id="sel_copy")
    pick(device, "Documents", "Work")
    state = files(device)
    assert "/sdcard/Documents/Work/pancakes.txt" in state
    assert "/sdcard/Documents/Work/banana_bread.txt" in state
    assert "select" not in route(device)
    long_press(device, id="file:pancakes.txt")
    tap(device, id="sel_more")
    tap(device, id="sel_rename")
    type_into(device, "rename_field", "crepes.txt", clear=True)
    tap(device, id="rename_confirm")
    assert route(device) == "/dir?path=/sdcard/Documents/Recipes"
    assert has(device, id="file:crepes.txt") and not has(device, id="file:pancakes.txt")


# ----- search
def test_search_finds_by_name_and_opens_results(device: Device) -> None:
    tap(device, id="search")
    assert route(device) == "/search" and device.kernel.keyboard.visible
    assert "Search files and folders by name" in screen_text(device)
    device.type_text("INVOICE_2025")
    found = ids(device, "result:")
    assert found == [f"result:{DL}/{n}" for n in (
        "invoice_2025 (1).pdf", "invoice_2025.pdf", "invoice_2025_Q4.pdf",
        "invoice_2025_notes.txt")]
    assert node(device, id="result_count")["text"] == "4 results"
    tap(device, id=f"result:{DL}/invoice_2025_notes.txt")
    assert route(device) == f"/file?path={DL}/invoice_2025_notes.txt"
    assert not device.kernel.keyboard.visible
    device.handle_back()
    tap(device, id="search_field")
    tap(device, id="search_field:clear")
    device.type_text("recipes")
    tap(device, id="result:/sdcard/Documents/Recipes")
    assert route(device) == "/dir?path=/sdcard/Documents/Recipes"
    device.handle_back()
    tap(device, id="search_field")
    tap(device, id="search_field:clear")
    device.type_text("zzz")
    assert "No results for “zzz”" in screen_text(device)


# ----- dialogs and odd input
def test_back_closes_menus_and_dialogs(device: Device) -> None:
    tap(device, id="category:documents")
    open_menu(device, "notes.txt")
    assert has(device, id="item_rename")
    device.handle_back()
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, id="item_rename")
    # with the keyboard up, the first Back hides it and the second closes the dialog
    tap(device, id="new_folder")
    assert device.kernel.keyboard.visible
    assert device.handle_back() == "keyboard.dismiss"
    assert "dialog=new_folder" in route(device)
    device.handle_back()
    assert route(device) == "/dir?path=/sdcard/Documents"
    assert not has(device, id="new_folder_field")


def test_tapping_outside_dismisses_menus_and_dialogs(device: Device) -> None:
    tap(device, id="category:documents")
    open_menu(device, "notes.txt")
    assert device.tap(20, 140)  # beside the menu
    assert route(device) == "/dir?path=/sdcard/Documents"
    open_menu(device, "notes.txt")
    tap(device, id="item_delete")
    assert device.tap(180, 120)  # on the scrim, above the dialog
    assert route(device) == "/dir?path=/sdcard/Documents"


def test_odd_routes_show_empty_states(device: Device) -> None:
    for r in ("/dir?path=/sdcard/Nope", "/dir?path=/etc", "/dir?path=/sdcard/Documents/notes.txt"):
        device.open_app("files", r)
        assert "Folder not found" in screen_text(device)
    for r in ("/file?path=/sdcard/nope.txt", "/file?path=/sdcard/DCIM", "/file"):
        device.open_app("files", r)
        assert "File not found" in screen_text(device)
    for r in ("/dir?path=/sdcard/Documents&dialog=item&item=/sdcard/Documents/ghost.txt",
              "/dir?path=/sdcard/Documents&dialog=item&item=/etc/passwd",
              "/dir?path=/sdcard/Documents&dialog=sel_menu",
              "/dir?path=/sdcard/Documents&dialog=info&item=/sdcard"):
        device.open_app("files", r)
        assert not has(device, role="menu") and not has(device, role="dialog")
    assert device.crashes == []


def test_view_intent_lands_on_caller_route() -> None:
    d = Device()
    d.launch_app("notes")
    assert d.start_activity({"action": "ACTION_VIEW", "type": "inode/directory",
                             "route": "/dir?path=/sdcard/Music"})
    task = d.kernel.tasks.active_task
    assert [a.app_id for a in task.stack] == ["notes", "files"]
    assert has(d, id="file:morning_walk.mp3")
    d.handle_back()
    assert [a.app_id for a in task.stack] == ["notes"]


def test_every_screen_renders(device: Device) -> None:
    for r in ("/", "/dir", "/dir?path=/sdcard/DCIM/Camera", "/file?path=/sdcard/Download/report.pdf",
              "/file?path=/sdcard/Documents/notes.txt", "/dir?path=/sdcard/Movies&dialog=new_folder",
              "/dir?path=/sdcard/Movies&dialog=sort", "/search"):
        device.open_app("files", r)
        frame = device.render()
        assert frame.shape == (800, 360, 3)
        assert frame.std() > 5
    assert device.crashes == []
