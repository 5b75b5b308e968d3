"""The launcher through public gestures: pages, dock, drawer, folders, long-press menus, drag
and drop, removing and adding icons, and the layout's persistence."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.kernel import Kernel
from mobilegym_env.kernel.kernel import installed_apps
from mobilegym_env.kernel.package_manager import InstalledApp, PackageManager
from mobilegym_env.kernel.system_ui import DOCK_SIZE, PAGE_SIZE, LauncherLayout
from mobilegym_env.system.launcher import drawer_matches
from mobilegym_env.testing import center, find_all, has, ids, long_press, node, tap


def top(d: Device):
    return d.kernel.tasks.top_activity


def layout(d: Device) -> dict:
    return d.state()["os"]["launcher"]


def drag(d: Device, src: str, dst: str | None = None, to: tuple[float, float] | None = None,
         hold: bool = True) -> str:
    """Long-presses ``src`` (unless ``hold`` is False) and swipes from it to ``dst`` or ``to``."""
    if hold:
        long_press(d, id=src)
    x0, y0 = center(d, node(d, id=src))  # normalized, like agents' points
    x1, y1 = (to[0] / d.width, to[1] / d.height) if to is not None \
        else center(d, node(d, id=dst))
    return d.swipe(x0 * d.width, y0 * d.height, x1 * d.width, y1 * d.height)


# The home screen these tests arrange: the first six apps (the other apps are in the drawer
# only), so each test's layout stays small enough to spell out.
HOME_APPS = ["contacts", "files", "gallery", "notes", "settings"]


@pytest.fixture
def d() -> Iterator[Device]:
    device = Device()
    device.kernel.launcher = LauncherLayout.default([*HOME_APPS, "messages"], ("messages",))
    device.invalidate()
    yield device
    assert device.crashes == []


@pytest.fixture
def work(d: Device) -> Device:
    """Page 1: Contacts, folder 'Work' (Files, Notes, Gallery), Settings; dock: Messages."""
    d.kernel.launcher.create_folder(["files", "notes", "gallery"], "Work")
    d.invalidate()
    assert layout(d)["pages"] == [["contacts", "folder:1", "settings"]]
    return d


# ----- pages, dock, drawer
def test_launcher_icon_tap_launches_the_app_and_home_returns(d):
    tap(d, id="grid:notes")
    assert (top(d).app_id, top(d).route) == ("notes", "/")
    assert has(d, role="heading", text="Notes")
    d.go_home()
    assert d.active_task_id is None and has(d, id="grid:notes")


def test_dock_icon_launches_its_app(d):
    dock = node(d, id="dock:messages")
    assert dock["bounds"][3] < node(d, id="launcher_search")["bounds"][1]  # above the search bar
    tap(d, id="dock:messages")
    assert top(d).app_id == "messages"


def test_launcher_pages_swipe_between_and_launch(d):
    d.kernel.launcher.move_to_page("settings", 1)
    d.kernel.launcher.move_to_page("files", 2)
    d.invalidate()
    assert node(d, role="page_indicator")["text"] == "Page 1 of 3"
    assert has(d, id="grid:notes") and not has(d, id="grid:settings")
    assert d.swipe(300, 400, 60, 400) == "page"
    assert node(d, role="page_indicator")["text"] == "Page 2 of 3"
    assert has(d, id="grid:settings") and not has(d, id="grid:notes")
    assert d.swipe(300, 400, 60, 400) == "page"
    assert has(d, id="grid:files")
    assert d.swipe(300, 400, 60, 400) == "none"  # already on the last page
    assert d.swipe(60, 400, 300, 400) == "page"
    tap(d, id="grid:settings")
    assert top(d).app_id == "settings"
    d.go_home()  # home always opens on the first page
    assert node(d, role="page_indicator")["text"] == "Page 1 of 3"


def test_drawer_by_swipe_up_lists_every_app_alphabetically(work):
    d = work
    d.kernel.launcher.remove("settings")
    assert d.swipe(180, 600, 180, 300) == "drawer"
    assert d.kernel.system_ui.drawer_open
    # apps in folders and apps off the home screen are listed too
    names = [n["text"] for n in find_all(d, role="app_icon")]
    assert names == sorted((m.name for m in d.kernel.packages.manifests()), key=str.lower)
    assert not d.kernel.keyboard.visible
    assert d.handle_back() == "launcher.drawer"
    assert not d.kernel.system_ui.drawer_open


def test_drawer_search_pill_types_filters_and_opens(d):
    tap(d, id="launcher_search")
    assert d.kernel.system_ui.drawer_open and d.kernel.keyboard.visible
    assert node(d, id="drawer_search")["focused"] is True
    assert d.type_text("note")
    assert node(d, id="drawer_search")["text"] == "note"
    shown = [n["text"] for n in find_all(d, role="app_icon")]
    assert shown == [m.name for m in drawer_matches(d.kernel, "note")]
    assert "Notes" in shown and "Settings" not in shown
    d.type_text("zzz")
    assert not find_all(d, role="app_icon") and has(d, text="No apps found")
    # the on-screen Delete key edits the query
    for _ in range(3):
        tap(d, role="key", text="Delete")
    assert node(d, id="drawer_search")["text"] == "note"
    tap(d, id="drawer:notes")
    assert top(d).app_id == "notes" and not d.kernel.keyboard.visible
    # the drawer closed behind the app: Back lands on the home screen
    d.handle_back()
    assert d.active_task_id is None and not d.kernel.system_ui.drawer_open
    assert has(d, id="grid:notes")


def test_drawer_search_clear_button_empties_the_query(d):
    tap(d, id="launcher_search")
    assert not has(d, id="drawer_search:clear")  # nothing to clear yet
    d.type_text("gal")
    assert [n["text"] for n in find_all(d, role="app_icon")] == ["Gallery"]
    tap(d, id="drawer_search:clear")
    assert node(d, id="drawer_search")["text"] == ""
    assert len(find_all(d, role="app_icon")) == len(d.kernel.packages.app_ids)


def test_a_full_launcher_page_fits_above_the_page_dots(d):
    app_ids = [m.id for m in d.kernel.packages.manifests()]
    d.kernel.launcher.pages[0] = (app_ids * 20)[:PAGE_SIZE]  # ids repeat; fine for layout
    d.invalidate()
    grid = [t for t in find_all(d, role="app_icon") if t["id"].startswith("grid:")]
    assert len(grid) == PAGE_SIZE
    dots = node(d, id="page_dots")["bounds"]
    assert max(t["bounds"][3] for t in grid) <= dots[1]
    assert min(t["bounds"][1] for t in grid) >= node(d, id="home_date")["bounds"][3]


# ----- folders on the home screen
def test_folder_icon_in_the_ui_tree_opens_a_panel_with_its_apps(work):
    d = work
    folder = node(d, id="folder:1")
    assert (folder["role"], folder["text"], folder["clickable"]) == ("folder", "Work", True)
    assert not has(d, id="grid:files")  # apps in a folder are not on the grid
    tap(d, id="folder:1")
    assert node(d, role="folder_panel")["text"] == "Work"
    assert node(d, id="folder_title")["text"] == "Work"
    assert ids(d, "folder_app:") == ["folder_app:files", "folder_app:notes", "folder_app:gallery"]
    panel = node(d, id="folder_panel")["bounds"]
    for n in find_all(d, role="app_icon", where=lambda n: n["id"].startswith("folder_app:")):
        b = n["bounds"]
        assert panel[0] <= b[0] and b[2] <= panel[2] and panel[1] <= b[1] and b[3] <= panel[3]
    tap(d, id="folder_app:notes")  # launching closes the folder behind the app
    assert top(d).app_id == "notes"
    d.handle_back()
    assert d.active_task_id is None and not has(d, role="folder_panel")
    assert d.crashes == []


def test_back_tapping_outside_and_home_close_the_folder(work):
    d = work
    tap(d, id="folder:1")
    assert d.handle_back() == "launcher.drawer"  # the launcher's own Back handler
    assert not has(d, role="folder_panel") and has(d, id="folder:1")
    tap(d, id="folder:1")
    d.tap(180, 120)  # the scrim above the panel
    assert not has(d, role="folder_panel")
    tap(d, id="folder:1")
    assert d.swipe(180, 790, 180, 100) == "home"
    assert not has(d, role="folder_panel")
    tap(d, id="folder:1")
    assert d.swipe(300, 400, 60, 400) == "none"  # no page flips under an open folder
    assert has(d, role="folder_panel")


def test_an_unnamed_folder_shows_a_placeholder_name(d):
    d.kernel.launcher.create_folder(["files", "notes"])
    d.invalidate()
    assert node(d, id="folder:1")["text"] == "Unnamed folder"
    assert layout(d)["folders"] == [{"id": 1, "name": "", "apps": ["files", "notes"]}]


def test_rename_a_folder_with_the_keyboard_and_enter(work):
    d = work
    tap(d, id="folder:1")
    tap(d, id="folder_title")
    field = node(d, id="folder_name")
    assert field["focused"] and field["text"] == "Work" and d.kernel.keyboard.visible
    tap(d, id="folder_name:clear")
    assert node(d, id="folder_name")["text"] == ""
    d.type_text("Office  tools ")
    assert layout(d)["folders"][0]["name"] == "Work"  # saved when editing ends
    d.press_enter()
    assert layout(d)["folders"][0]["name"] == "Office tools"
    assert not d.kernel.keyboard.visible and node(d, id="folder_title")["text"] == "Office tools"
    d.handle_back()
    assert node(d, id="folder:1")["text"] == "Office tools"


def test_closing_the_folder_saves_the_name_being_edited(work):
    d = work
    tap(d, id="folder:1")
    tap(d, id="folder_title")
    d.type_text("s")
    assert d.handle_back() == "keyboard.dismiss"  # Back hides the keyboard first
    assert has(d, id="folder_name") and layout(d)["folders"][0]["name"] == "Work"
    assert d.handle_back() == "launcher.drawer"
    assert layout(d)["folders"][0]["name"] == "Works"
    tap(d, id="folder:1")
    tap(d, id="folder_title")
    tap(d, id="folder_name:clear")
    d.tap(180, 120)  # tapping outside closes it, and the keyboard with it
    assert layout(d)["folders"][0]["name"] == ""
    assert node(d, id="folder:1")["text"] == "Unnamed folder" and not d.kernel.keyboard.visible


def test_the_oracle_helper_opens_an_app_kept_in_a_folder(work):
    d = work
    d.kernel.launcher.move_to_page("folder:1", 1)
    d.launch_app("settings")
    for action in O.open_app(d, "gallery"):  # not on any page: it searches the drawer
        d.act(action)
    assert top(d).app_id == "gallery" and d.kernel.tasks.active_task.root_app_id == "gallery"


# ----- long-press menus
def _menu_bounds(d: Device) -> tuple:
    return node(d, role="menu", id="launcher_menu")["bounds"]


@pytest.mark.parametrize("icon_id", ["grid:contacts", "folder:1", "dock:messages"])
def test_long_press_picks_the_icon_up_and_its_menu_sits_next_to_it(work, icon_id):
    d = work
    long_press(d, id=icon_id)
    icon = node(d, id=icon_id)
    assert icon["selected"] is True  # armed for a drag
    menu = _menu_bounds(d)
    assert menu[3] <= icon["bounds"][1] or menu[1] >= icon["bounds"][3]  # above or below it
    assert min(abs(menu[3] - icon["bounds"][1]), abs(menu[1] - icon["bounds"][3])) <= 6
    assert menu[0] <= icon["bounds"][2] and icon["bounds"][0] <= menu[2]  # over the same column
    items = [n["text"] for n in find_all(d, role="menu_item")]
    assert items == (["Remove"] if icon_id.startswith("folder:") else ["App info", "Remove"])
    assert d.handle_back() == "launcher.drawer"
    assert not has(d, role="menu") and node(d, id=icon_id)["selected"] is False


def _many_apps(n: int) -> Device:
    """A phone with ``n`` copies of Notes (named App 00...), so that the drawer scrolls."""
    notes = installed_apps().get("notes")
    apps = {f"app{i:02}": InstalledApp(replace(notes.manifest, id=f"app{i:02}",
                                               name=f"App {i:02}"), notes.module)
            for i in range(n)}
    return Device(Kernel(PackageManager(apps)))


def test_menus_sit_next_to_icons_in_an_open_folder_and_in_a_scrolled_drawer(work):
    d = work
    tap(d, id="folder:1")
    long_press(d, id="folder_app:gallery")
    icon, menu = node(d, id="folder_app:gallery")["bounds"], _menu_bounds(d)
    assert menu[3] <= icon[1] and icon[1] - menu[3] <= 6
    d = _many_apps(30)
    d.swipe(180, 600, 180, 300)
    assert d.swipe(180, 600, 180, 430) == "scroll"
    for app in ("drawer:app09", "drawer:app13", "drawer:app28"):
        long_press(d, id=app)
        icon, menu = node(d, id=app)["bounds"], _menu_bounds(d)
        assert (0 <= icon[1] - menu[3] <= 6) or (0 <= menu[1] - icon[3] <= 6), app
        d.handle_back()


def test_tapping_outside_or_swiping_elsewhere_dismisses_the_menu(work):
    d = work
    long_press(d, id="grid:contacts")
    d.tap(300, 500)  # the menu's clear scrim
    assert not has(d, role="menu")
    long_press(d, id="grid:contacts")
    assert d.swipe(300, 400, 60, 400) == "none"  # not from the armed icon: no page flip, no drag
    assert not has(d, role="menu") and layout(d)["pages"] == [["contacts", "folder:1", "settings"]]


def test_the_menu_closes_when_an_app_opens_over_it(work):
    d = work
    d.kernel.launcher.move_to_page("settings", 1)
    long_press(d, id="grid:contacts")
    d.open_app("notes")  # as a notification does, from under the menu
    d.handle_back()
    assert d.active_task_id is None and not has(d, role="menu")
    assert d.swipe(300, 400, 60, 400) == "page"
    assert layout(d)["pages"] == [["contacts", "folder:1"], ["settings"]]


def test_app_info_opens_the_app_page_in_settings(work):
    d = work
    long_press(d, id="grid:contacts")
    tap(d, id="launcher_menu:app_info")
    assert (top(d).app_id, top(d).route) == ("settings", "/apps/contacts")
    d.handle_back()
    assert top(d).route == "/"


# ----- drag and drop
def test_dropping_an_app_on_another_makes_a_folder_in_its_place(d):
    assert drag(d, "grid:notes", "grid:files") == "drop"
    assert layout(d) == {"pages": [["contacts", "folder:1", "gallery", "settings"]],
                         "dock": ["messages"],
                         "folders": [{"id": 1, "name": "", "apps": ["files", "notes"]}],
                         "next_folder_id": 2}
    assert node(d, id="folder:1")["role"] == "folder" and not has(d, role="menu")


def test_a_swipe_from_an_icon_without_a_long_press_flips_the_page(d):
    d.kernel.launcher.move_to_page("settings", 1)
    d.invalidate()
    assert drag(d, "grid:files", "grid:notes", hold=False) == "none"  # already leftmost page
    assert drag(d, "grid:notes", "grid:files", hold=False) == "page"
    assert layout(d)["folders"] == [] and layout(d)["pages"][0][3] == "notes"


def test_dropping_an_app_on_a_folder_adds_it(work):
    d = work
    assert drag(d, "grid:contacts", "folder:1") == "drop"
    assert layout(d)["pages"] == [["folder:1", "settings"]]
    assert layout(d)["folders"][0]["apps"] == ["files", "notes", "gallery", "contacts"]


def test_dropping_on_the_dock_or_an_empty_cell_moves_the_icon(work):
    d = work
    assert drag(d, "grid:contacts", to=(330, 660)) == "drop"  # the dock's empty right end
    assert layout(d)["dock"] == ["messages", "contacts"]
    assert drag(d, "dock:messages", to=(250, 500)) == "drop"  # an empty cell of the grid
    assert layout(d)["pages"] == [["folder:1", "settings", "messages"]]
    assert layout(d)["dock"] == ["contacts"]
    assert drag(d, "folder:1", to=(330, 660)) == "drop"  # folders go in the dock too
    assert layout(d)["dock"] == ["contacts", "folder:1"]
    assert node(d, id="folder:1")["text"] == "Work"


def test_a_full_dock_refuses_a_drop(d):
    d.kernel.launcher.dock = ["messages", "files", "gallery", "notes"]
    d.kernel.launcher.pages = [["contacts", "settings"]]
    d.invalidate()
    assert len(d.kernel.launcher.dock) == DOCK_SIZE
    dock = node(d, id="dock")["bounds"]
    # the strip above the icons: the dock but no icon (elsewhere a drop makes a folder)
    assert drag(d, "grid:contacts", to=(100, dock[1] + 3)) == "none"
    assert d.kernel.system_ui.toast.text == "No more room in the dock"
    assert layout(d)["dock"] == ["messages", "files", "gallery", "notes"]
    assert layout(d)["pages"] == [["contacts", "settings"]]


def test_dropping_at_the_screen_edges_moves_to_the_next_or_previous_page(work):
    d = work
    assert drag(d, "grid:settings", to=(355, 300)) == "drop"
    assert layout(d)["pages"] == [["contacts", "folder:1"], ["settings"]]
    assert node(d, role="page_indicator")["text"] == "Page 2 of 2"  # it follows the icon
    assert drag(d, "grid:settings", to=(355, 300)) == "drop"  # alone on the last page
    assert layout(d)["pages"] == [["contacts", "folder:1"], ["settings"]]
    assert drag(d, "grid:settings", to=(2, 300)) == "drop"
    assert layout(d)["pages"] == [["contacts", "folder:1", "settings"]]  # the empty page goes
    assert node(d, role="page_indicator")["text"] == "Page 1 of 1"
    assert drag(d, "grid:settings", to=(2, 300)) == "none"  # no page before the first
    assert drag(d, "dock:messages", to=(355, 300)) == "drop"
    assert layout(d)["pages"][1] == ["messages"] and layout(d)["dock"] == []


def test_dropping_a_folder_on_an_icon_moves_it_there(work):
    d = work
    assert drag(d, "folder:1", "grid:contacts") == "drop"
    assert layout(d)["pages"] == [["folder:1", "contacts", "settings"]]
    assert len(layout(d)["folders"]) == 1


def test_dropping_an_icon_back_on_itself_changes_nothing(work):
    d = work
    before = layout(d)
    assert drag(d, "grid:contacts", "grid:contacts") == "none"
    assert drag(d, "grid:contacts", to=(180, 100)) == "none"  # on the clock widget
    assert layout(d) == before and not has(d, role="menu")


def test_dragging_an_app_out_of_a_folder(work):
    d = work
    tap(d, id="folder:1")
    assert drag(d, "folder_app:notes", "folder_app:files") == "none"  # still inside the panel
    assert d.kernel.system_ui.open_folder == 1
    assert drag(d, "folder_app:notes", to=(250, 520)) == "drop"
    assert not has(d, role="folder_panel")
    assert layout(d)["pages"] == [["contacts", "folder:1", "settings", "notes"]]
    assert layout(d)["folders"][0]["apps"] == ["files", "gallery"]


def test_a_folder_left_with_one_app_dissolves_into_it(work):
    d = work
    tap(d, id="folder:1")
    assert drag(d, "folder_app:notes", "grid:settings") == "drop"  # a second folder
    assert layout(d)["folders"][1] == {"id": 2, "name": "", "apps": ["settings", "notes"]}
    tap(d, id="folder:1")
    long_press(d, id="folder_app:gallery")
    tap(d, id="launcher_menu:remove")
    assert not has(d, role="folder_panel")  # the folder is gone: Files took its place
    assert layout(d)["pages"] == [["contacts", "files", "folder:2"]]
    assert [f["id"] for f in layout(d)["folders"]] == [2]


# ----- removing and adding icons
def test_remove_takes_an_icon_off_the_home_screen_but_not_the_phone(work):
    d = work
    long_press(d, id="grid:contacts")
    tap(d, id="launcher_menu:remove")
    assert layout(d)["pages"] == [["folder:1", "settings"]]
    assert "contacts" in d.kernel.packages.app_ids
    d.swipe(180, 600, 180, 300)
    assert has(d, id="drawer:contacts")
    long_press(d, id="drawer:contacts")
    assert [n["text"] for n in find_all(d, role="menu_item")] == ["App info",
                                                                  "Add to home screen"]
    tap(d, id="launcher_menu:add_to_home")
    assert layout(d)["pages"] == [["folder:1", "settings", "contacts"]]
    assert d.kernel.system_ui.toast.text == "Added to home screen"
    assert d.kernel.system_ui.drawer_open and not has(d, role="menu")


def test_add_to_home_is_disabled_for_apps_already_there(work):
    d = work
    d.swipe(180, 600, 180, 300)
    long_press(d, id="drawer:notes")  # in a folder: it is on the home screen
    item = node(d, id="launcher_menu:add_to_home")
    assert item["enabled"] is False
    tap(d, id="launcher_menu:add_to_home")
    assert has(d, role="menu") and len(layout(d)["pages"][0]) == 3
    assert d.swipe(180, 600, 180, 300) == "none"  # a swipe only dismisses the menu
    assert not has(d, role="menu") and d.kernel.system_ui.drawer_open


def test_removing_a_folder_removes_its_apps_from_the_home_screen(work):
    d = work
    long_press(d, id="folder:1")
    tap(d, id="launcher_menu:remove")
    assert layout(d)["pages"] == [["contacts", "settings"]] and layout(d)["folders"] == []


def test_added_apps_go_to_the_first_page_with_room(d):
    lay = d.kernel.launcher
    lay.pages = [["contacts"] * PAGE_SIZE, ["settings"]]
    lay.dock = []
    assert lay.add("notes") == 1 and lay.pages[1] == ["settings", "notes"]


# ----- the layout as data
def test_layout_persists_across_reboot_and_snapshots(work):
    d = work
    drag(d, "grid:settings", to=(355, 300))
    before = layout(d)
    assert before["pages"] == [["contacts", "folder:1"], ["settings"]]
    d.go_home()
    tap(d, id="folder:1")
    d.kernel.reboot()
    d.invalidate()
    assert layout(d) == before
    assert not has(d, role="folder_panel") and node(d, id="page_dots")["text"] == "Page 1 of 2"
    copy = d.clone()
    assert copy.state()["os"]["launcher"] == before
    copy.kernel.launcher.rename_folder(1, "Other")
    assert layout(d)["folders"][0]["name"] == "Work"  # the copy is independent
    restored = Device.restore(d.snapshot())
    assert restored.state()["os"]["launcher"] == before


def test_bad_layout_edits_raise_before_changing_anything():
    lay = LauncherLayout([["contacts", "files", "notes"]], ["messages"])
    fid = lay.create_folder(["files", "notes"], "  Work  ")
    assert lay.folder(fid)["name"] == "Work"
    before = lay.state()
    with pytest.raises(ValueError, match="two or more"):
        lay.create_folder(["contacts"])
    with pytest.raises(ValueError, match="two or more"):
        lay.create_folder(["contacts", "contacts"])
    with pytest.raises(KeyError, match="no launcher folder"):
        lay.add_to_folder("contacts", 9)
    with pytest.raises(ValueError, match="do not nest"):
        lay.add_to_folder(f"folder:{fid}", fid)
    with pytest.raises(ValueError, match="page must be"):
        lay.move_to_page("contacts", -1)
    with pytest.raises(ValueError, match="already on the home screen"):
        lay.add("contacts")
    with pytest.raises(ValueError, match="not on the home screen"):
        lay.remove("gallery")
    with pytest.raises(ValueError, match="folder name"):
        lay.rename_folder(fid, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="launcher item"):
        lay.move_to_dock("")
    lay.dock = ["a", "b", "c", "d"]
    with pytest.raises(ValueError, match="dock is full"):
        lay.move_to_dock("contacts")
    lay.dock = ["messages"]
    assert lay.state() == before


def test_page_of_and_on_home_see_apps_inside_folders():
    lay = LauncherLayout([["contacts"], ["files", "notes"]], ["messages"])
    fid = lay.create_folder(["notes", "files"], "Docs")
    assert lay.pages == [["contacts"], [f"folder:{fid}"]]
    assert lay.page_of("files") == 1 and lay.page_of(f"folder:{fid}") == 1
    assert lay.page_of("messages") is None and lay.on_home("messages")
    assert lay.apps_on_home() == ["contacts", "notes", "files", "messages"]
    lay.move_to_page("files", 0)  # out of the folder, which dissolves into Notes
    assert lay.pages == [["contacts", "files"], ["notes"]] and lay.folders == []
