"""Browser: the built-in sites, the omnibox, links, Back/Forward in a tab, tabs, bookmarks,
history, find in page, downloads, share and ``http(s)`` VIEW intents."""

from __future__ import annotations

import pytest

from mobilegym_env.apps.browser import model, sites
from mobilegym_env.apps.browser.page_view import matches
from mobilegym_env.apps.browser.sites import help as help_site
from mobilegym_env.apps.browser.sites import recipes, shop
from mobilegym_env.apps.browser.state import initial_state
from mobilegym_env.device import Device
from mobilegym_env.testing import has, long_press, node, route, screen_text, tap

APP = "browser"  # what the ``device`` fixture (conftest.py) opens
NOW = 1_772_442_000_000  # the fresh device's clock (2026-03-02 09:00 UTC)


def store(device: Device) -> dict:
    return device.state()["apps"]["browser"]


def shown(device: Device) -> str:
    return model.current_url(store(device))


def go(device: Device, typed: str) -> None:
    tap(device, id="omnibox")
    device.type_text(typed)
    device.press_enter()


def menu(device: Device, item: str) -> None:
    tap(device, id="more")
    tap(device, id=f"menu:{item}")


@pytest.fixture(autouse=True)
def _no_crashes(device: Device):
    yield
    assert device.crashes == []


# ----- data and sites
def test_default_data_has_one_start_tab_bookmarks_and_history() -> None:
    s = initial_state()
    assert s["tabs"] == [{"id": 1, "history": [sites.NEWTAB], "index": 0}]
    assert s["current_tab"] == 1 and s["next_tab_id"] == 2
    assert len(s["bookmarks"]) == 4 and s["next_bookmark_id"] == 5
    assert len(s["history"]) == 8 and s["next_history_id"] == 9
    assert all(h["visited_ms"] < NOW for h in s["history"])
    pages = sites.all_pages()
    assert all(b["url"] in pages for b in s["bookmarks"])
    assert all(h["url"] in pages for h in s["history"])
    assert s["downloads"] == [] and s["next_download_id"] == 1


def test_every_link_of_every_site_leads_to_a_page() -> None:
    pages = sites.all_pages()
    assert len(pages) >= 30
    for url, page in pages.items():
        for b in page.blocks:
            target = b[2] if b[0] == "link" else b[3] if b[0] == "card" else None
            if target is not None:
                assert sites.host(target) == sites.SEARCH_HOST or target in pages, (url, target)


def test_addresses_typed_into_the_omnibox() -> None:
    assert sites.from_input("news.local") == "https://news.local/"
    assert sites.from_input("HTTP://Shop.local/product/x/") == "http://shop.local/product/x"
    assert sites.from_input("best headphones") == "https://search.local/?q=best+headphones"
    assert sites.from_input("   ") is None


def test_search_ranks_title_matches_first() -> None:
    found = [url for url, _ in sites.search("lemon")]
    assert found[0].startswith("https://recipes.local/lemon-")
    assert "https://recipes.local/red-lentil-soup" in found
    assert sites.search("no such thing xyz") == []


# ----- navigation
def test_start_page_shortcuts_open_sites(device: Device) -> None:
    assert has(device, text="Local Search")
    tap(device, id="shortcut:recipes.local")
    assert shown(device) == "https://recipes.local/"
    assert node(device, id="omnibox")["text"] == "recipes.local"
    assert store(device)["history"][-1] == {
        "id": 9, "title": "Home Kitchen - Easy recipes", "url": "https://recipes.local/",
        "visited_ms": NOW}


def test_links_back_and_forward_walk_the_tab(device: Device) -> None:
    tap(device, id="shortcut:news.local")
    tap(device, id="link:news.local/comet-visible", scroll=6)
    assert has(device, text="By Tom Becker · March 1, 2026")
    device.handle_back()
    assert shown(device) == "https://news.local/" and route(device) == "/"
    menu(device, "forward")
    assert shown(device) == "https://news.local/comet-visible"
    device.handle_back()
    device.handle_back()
    assert shown(device) == sites.NEWTAB
    device.handle_back()  # the tab's first page: Back leaves the app
    top = device.kernel.tasks.top_activity
    assert top is None or top.app_id != "browser"


def test_a_new_link_drops_forward_entries(device: Device) -> None:
    tap(device, id="shortcut:help.local")
    tap(device, id="link:help.local/hours")
    device.handle_back()
    tap(device, id="link:help.local/faq")
    assert store(device)["tabs"][0]["history"] == [
        sites.NEWTAB, "https://help.local/", "https://help.local/faq"]


def test_omnibox_goes_to_addresses_and_searches(device: Device) -> None:
    go(device, "shop.local/product/boom-max-speaker")
    assert shown(device) == "https://shop.local/product/boom-max-speaker"
    assert "Price: $149.00" in screen_text(device)
    go(device, "kalamata olives")
    assert shown(device) == "https://search.local/?q=kalamata+olives"
    assert has(device, id="link:recipes.local/greek-salad")


def test_unknown_sites_and_pages_are_explained(device: Device) -> None:
    go(device, "www.example.com")
    assert has(device, text="This site can’t be reached")
    go(device, "news.local/nope")
    assert has(device, text="404")


def test_the_search_page_searches(device: Device) -> None:
    tap(device, id="shortcut:search.local")
    tap(device, id="search_q")
    device.type_text("power bank")
    device.press_enter()
    assert shown(device) == "https://search.local/?q=power+bank"
    assert has(device, id="link:shop.local/product/voltpack-10000-power-bank")


# ----- tabs
def test_new_tab_switch_and_close(device: Device) -> None:
    tap(device, id="shortcut:news.local")
    menu(device, "new_tab")
    assert node(device, id="tabs")["text"] == "2 open tabs"
    tab = store(device)["current_tab"]
    assert tab == 2 and shown(device) == sites.NEWTAB
    tap(device, id="tabs")
    assert route(device) == "/tabs" and has(device, text="2 open tabs")
    tap(device, id="tab:1")
    assert route(device) == "/" and shown(device) == "https://news.local/"
    tap(device, id="tabs")
    tap(device, id="close_tab:1")
    assert [t["id"] for t in store(device)["tabs"]] == [2]
    assert store(device)["current_tab"] == 2


def test_close_all_tabs_leaves_a_new_tab(device: Device) -> None:
    tap(device, id="shortcut:news.local")
    menu(device, "new_tab")
    tap(device, id="tabs")
    tap(device, id="tabs_more")
    tap(device, id="tabs_menu:close_all")
    s = store(device)
    assert [t["history"] for t in s["tabs"]] == [[sites.NEWTAB]] and route(device) == "/"


# ----- bookmarks and history
def test_bookmark_and_unbookmark_the_page(device: Device) -> None:
    go(device, "recipes.local/greek-salad")
    menu(device, "bookmark")
    rec = store(device)["bookmarks"][-1]
    assert rec == {"id": 5, "title": "Greek Salad - Home Kitchen",
                   "url": "https://recipes.local/greek-salad", "created_ms": rec["created_ms"]}
    tap(device, id="more")
    assert node(device, id="menu:bookmark")["text"] == "Remove bookmark"
    tap(device, id="menu:bookmark")
    assert len(store(device)["bookmarks"]) == 4


def test_bookmarks_page_opens_deletes_and_opens_in_new_tab(device: Device) -> None:
    menu(device, "bookmarks")
    tap(device, id="bookmark:2")
    assert route(device) == "/" and shown(device) == "https://shop.local/"
    menu(device, "bookmarks")
    tap(device, id="bookmark_more:4")
    tap(device, id="bookmark_menu:new_tab")
    assert len(store(device)["tabs"]) == 2 and shown(device) == "https://help.local/contact"
    menu(device, "bookmarks")
    tap(device, id="bookmark_more:1")
    tap(device, id="bookmark_menu:delete")
    assert [b["id"] for b in store(device)["bookmarks"]] == [2, 3, 4]


def test_history_lists_visits_by_day_and_deletes(device: Device) -> None:
    menu(device, "history")
    assert has(device, text="Today - Monday, March 2, 2026")
    assert node(device, id="history:8")["text"].startswith("The Daily Ledger")
    tap(device, id="history_delete:8")
    assert 8 not in [h["id"] for h in store(device)["history"]]
    tap(device, id="history:7")
    assert shown(device) == "https://help.local/hours"


def test_clear_browsing_data_asks_first(device: Device) -> None:
    menu(device, "history")
    tap(device, id="clear_data")
    tap(device, id="clear_dialog:cancel")
    assert len(store(device)["history"]) == 8
    tap(device, id="clear_data")
    tap(device, id="clear_dialog:clear")
    assert store(device)["history"] == [] and len(store(device)["bookmarks"]) == 4
    assert has(device, text="Pages you visit appear here")


# ----- find in page
def test_find_in_page_counts_and_steps_through_matches(device: Device) -> None:
    go(device, "recipes.local/lemon-drizzle-cake")
    menu(device, "find")
    device.type_text("lemon")
    want = len(matches(sites.page("https://recipes.local/lemon-drizzle-cake").blocks, "lemon"))
    assert want >= 3 and node(device, id="find_count")["text"] == f"1/{want}"
    tap(device, id="find_next")
    assert node(device, id="find_count")["text"] == f"2/{want}"
    tap(device, id="find_prev")
    tap(device, id="find_prev")
    assert node(device, id="find_count")["text"] == f"{want}/{want}"
    tap(device, id="find_close")
    assert route(device) == "/" and has(device, id="omnibox")


def test_find_without_matches_shows_zero(device: Device) -> None:
    go(device, "help.local/faq")
    menu(device, "find")
    device.type_text("zebra")
    assert node(device, id="find_count")["text"] == "0/0"


# ----- downloads, share, intents
def test_download_link_saves_into_download(device: Device) -> None:
    r = recipes.RECIPES[0]
    go(device, f"recipes.local{r.path}")
    tap(device, id=f"download:{r.card_file}", scroll=8)
    path = f"/sdcard/Download/{r.card_file}"
    assert device.kernel.files.read_text(path) == recipes.card_text(r)
    tap(device, id=f"download:{r.card_file}")
    assert device.kernel.files.exists(path.replace(".pdf", " (1).pdf"))
    assert [d["name"] for d in store(device)["downloads"]] == [
        r.card_file, r.card_file.replace(".pdf", " (1).pdf")]
    menu(device, "downloads")
    assert has(device, id="download_item:2")


def test_download_page_saves_an_html_file(device: Device) -> None:
    go(device, "help.local/contact")
    menu(device, "download_page")
    assert device.kernel.files.exists("/sdcard/Download/contact-us.html")
    assert store(device)["downloads"][0]["url"] == "https://help.local/contact"


def test_share_sends_the_address_as_text(device: Device) -> None:
    go(device, "shop.local")
    menu(device, "share")
    chooser = device.kernel.intents.chooser
    assert chooser is not None and chooser.intent.data["text"] == "https://shop.local/"
    assert "messages" in {c["app_id"] for c in device.state()["os"]["chooser"]["candidates"]}


def test_view_intent_opens_a_new_tab() -> None:
    d = Device()
    d.launch_app("notes")
    d.kernel.start_activity({"action": "ACTION_VIEW", "scheme": "https",
                             "data": {"url": "https://help.local/hours"}})
    d.render()
    s = d.state()["apps"]["browser"]
    assert model.current_url(s) == "https://help.local/hours" and len(s["tabs"]) == 2
    assert has(d, text="Opening hours") and d.crashes == []


def test_facts_the_tasks_ask_for_are_on_the_pages() -> None:
    hours = sites.page("https://help.local/hours").text()
    assert all(d.hours in hours for d in help_site.DESKS)
    contact = sites.page("https://help.local/contact").text()
    assert all(d.phone in contact for d in help_site.DESKS)
    for p in shop.PRODUCTS:
        assert f"Price: {p.price_text}" in sites.page(f"https://shop.local{p.path}").text()


def test_long_press_on_a_link_opens_it_in_a_background_tab(device: Device) -> None:
    tap(device, id="shortcut:news.local")
    long_press(device, id="link:news.local/comet-visible", scroll=6)
    tap(device, id="link_menu:new_tab")
    s = store(device)
    assert [model.url_of(t) for t in s["tabs"]] == [
        "https://news.local/", "https://news.local/comet-visible"]
    assert s["current_tab"] == 1 and route(device) == "/"
    long_press(device, id="link:news.local/comet-visible")
    tap(device, id="link_menu:copy")
    assert device.kernel.clipboard.read() == "https://news.local/comet-visible"
    long_press(device, id="link:news.local/comet-visible")
    tap(device, id="link_menu:open")
    assert shown(device) == "https://news.local/comet-visible"


def test_edit_bookmark_renames_and_refuses_a_blank_name(device: Device) -> None:
    menu(device, "bookmarks")
    tap(device, id="bookmark_more:3")
    tap(device, id="bookmark_menu:edit")
    assert node(device, id="bookmark_name")["text"] == "Banana Pancakes - Home Kitchen"
    tap(device, id="bookmark_name:clear")
    tap(device, id="edit_bookmark:save")
    assert has(device, id="edit_bookmark")  # refused: still open
    device.type_text("Sunday pancakes")
    tap(device, id="edit_bookmark:save")
    assert not has(device, id="edit_bookmark")
    assert store(device)["bookmarks"][2]["title"] == "Sunday pancakes"


def test_back_closes_menus_and_the_find_bar_before_leaving_the_page(device: Device) -> None:
    tap(device, id="shortcut:news.local")
    tap(device, id="more")
    device.handle_back()
    assert route(device) == "/" and shown(device) == "https://news.local/"
    long_press(device, id="link:news.local/comet-visible", scroll=6)
    device.handle_back()
    assert route(device) == "/" and shown(device) == "https://news.local/"
    menu(device, "find")
    device.handle_back()  # the keyboard
    device.handle_back()  # the find bar
    assert route(device) == "/" and shown(device) == "https://news.local/"
    device.handle_back()
    assert shown(device) == sites.NEWTAB


def test_view_intent_from_another_task_goes_back_there() -> None:
    d = Device()
    d.launch_app("notes")
    d.kernel.start_activity({"action": "ACTION_VIEW", "scheme": "http",
                             "data": {"url": "http://shop.local/"}})
    d.render()
    tap(d, id="link:shop.local/product/boom-max-speaker", scroll=8)
    d.handle_back()
    assert model.current_url(d.state()["apps"]["browser"]) == "http://shop.local/"
    d.handle_back()
    assert d.kernel.tasks.top_activity.app_id == "notes" and d.crashes == []



def test_a_download_shows_in_files(device: Device) -> None:
    go(device, "help.local/hours")
    tap(device, id="download:opening-hours.pdf", scroll=8)
    menu(device, "downloads")
    tap(device, id="download_item:1")
    top = device.kernel.tasks.top_activity
    assert top.app_id == "files" and route(device) == "/dir?path=/sdcard/Download"
    assert node(device, text="opening-hours.pdf", scroll=8)


def test_every_product_has_its_own_product_shot() -> None:
    """The store's pictures are product shots, one per product, each unlike the others (they
    were all the same concert-poster scene)."""
    import numpy as np

    from mobilegym_env.ui import pictures

    names = [p.picture for p in shop.PRODUCTS]
    assert len(set(names)) == len(names)
    keys = [pictures.photo_key(n) for n in names]
    assert {pictures.scene_of(k)[0] for k in keys} == {"product"}
    shots = [pictures.render(k, 64, 48, 4 / 3, keep=False).astype(int) for k in keys]
    for i, a in enumerate(shots):
        for j in range(i + 1, len(shots)):
            assert np.abs(a - shots[j]).mean() > 3, (names[i], names[j])
    banner = next(b[1] for b in shop.pages()["/"].blocks if b[0] == "img")
    assert pictures.scene_of(pictures.photo_key(banner))[0] == "product"


def test_a_product_page_shows_its_product_shot(device: Device) -> None:
    p = next(p for p in shop.PRODUCTS if p.kind == "keyboards")
    tap(device, id="omnibox")
    device.type_text(f"shop.local{p.path}")
    device.press_enter()
    assert has(device, text=p.name)
    assert any(n["text"] == p.picture for n in device.ui_tree())
