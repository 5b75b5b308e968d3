"""Browser judges on hand-built states: each episode's initial state comes from a reset with
fixed params; the final state is that state edited by hand."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from mobilegym_env.apps.browser import sites
from mobilegym_env.apps.browser.page_view import matches
from mobilegym_env.apps.browser.sites import help as help_site
from mobilegym_env.env import MobileGymEnv
from mobilegym_env.task import Task
from mobilegym_env.tasks.browser import FIND_WORDS

NOW = 1_772_442_000_000
NEWS = "https://news.local/"


@pytest.fixture(scope="module")
def env() -> MobileGymEnv:
    return MobileGymEnv()


def start(env: MobileGymEnv, task_id: str, **params: Any) -> tuple[Task, dict, dict]:
    """The task, its initial state, and a copy of it to edit into a final state."""
    options: dict[str, Any] = {"task": f"browser.{task_id}"}
    if params:
        options["params"] = params
    env.reset(seed=0, options=options)
    return env.task, env.initial_state, copy.deepcopy(env.initial_state)


def browser(state: dict) -> dict:
    return state["apps"]["browser"]


def visit(state: dict, url: str, new_tab: bool = False) -> None:
    """Browses to ``url`` in the current tab (or a new one), as the app records it."""
    b = browser(state)
    if new_tab:
        b["tabs"].append({"id": b["next_tab_id"], "history": [url], "index": 0})
        b["current_tab"] = b["next_tab_id"]
        b["next_tab_id"] += 1
    else:
        tab = next(t for t in b["tabs"] if t["id"] == b["current_tab"])
        tab["history"] = tab["history"][:tab["index"] + 1] + [url]
        tab["index"] = len(tab["history"]) - 1
    b["history"].append({"id": b["next_history_id"], "title": sites.page(url).title,
                         "url": url, "visited_ms": NOW})
    b["next_history_id"] += 1


def add(state: dict, what: str, **fields: Any) -> None:
    b = browser(state)
    counter = {"bookmarks": "next_bookmark_id", "downloads": "next_download_id"}[what]
    b[what].append({"id": b[counter], **fields})
    b[counter] += 1


def unexpected(verdict: Any) -> list[str]:
    return [str(c) for c in verdict.unexpected_changes]


# ----- pages
def test_open_article_needs_that_article_in_the_current_tab(env):
    title = "Harbor Bridge repairs will close two lanes until April"
    task, initial, final = start(env, "open_article", title=title)
    visit(final, NEWS)
    visit(final, "https://news.local/harbor-bridge-repairs")
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    visit(near, "https://news.local/bus-lanes-vote-delayed")
    assert not task.judge(initial, near).success
    elsewhere = copy.deepcopy(final)
    visit(elsewhere, NEWS, new_tab=True)  # opened, then left for another tab
    assert not task.judge(initial, elsewhere).success
    damage = copy.deepcopy(final)
    browser(damage)["bookmarks"].pop()
    v = task.judge(initial, damage)
    assert not v.success and not v.clean


def test_open_address_accepts_the_canonical_url(env):
    task, initial, final = start(env, "open_address", address="help.local/hours")
    visit(final, "https://help.local/hours")
    assert task.judge(initial, final).success
    visit(final, "https://help.local/")
    assert not task.judge(initial, final).success


# ----- facts
@pytest.mark.parametrize("answer, ok", [
    ("Maria Okafor", True), ("maria okafor.", True), ("Mario Okafor", False),
    ("Okafor", False)])
def test_article_author_answers(env, answer, ok):
    task, initial, final = start(env, "article_author",
                                 title="City council approves 12 km of new bike lanes")
    visit(final, NEWS)
    assert task.judge(initial, final, answer=answer).success is ok


@pytest.mark.parametrize("answer, ok", [
    ("$39.49", True), ("39.49", True), ("39.49 dollars", True), ("$24.99", False),
    ("39", False)])
def test_product_price_answers(env, answer, ok):
    task, initial, final = start(env, "product_price", product="VoltPack 20000 Power Bank")
    assert task.judge(initial, final, answer=answer).success is ok


def test_product_price_fails_with_collateral_damage(env):
    task, initial, final = start(env, "product_price", product="VoltPack 20000 Power Bank")
    add(final, "bookmarks", title="x", url="https://shop.local/", created_ms=NOW)
    v = task.judge(initial, final, answer="39.49")
    assert not v.success and not v.clean


@pytest.mark.parametrize("answer, ok", [
    ("16:00", True), ("4 PM", True), ("4:00 pm", True), ("17:30", False), ("9:00", False)])
def test_desk_closing_time_answers(env, answer, ok):
    task, initial, final = start(env, "desk_closing_time", desk="lost and found")
    assert task.judge(initial, final, answer=answer).success is ok


@pytest.mark.parametrize("answer, ok", [
    ("90", True), ("90 minutes", True), ("ninety", True), ("110", False), ("1.5", False)])
def test_cooking_time_is_in_minutes(env, answer, ok):
    task, initial, final = start(env, "cooking_time", recipe="Slow Beef Chili")
    assert task.judge(initial, final, answer=answer).success is ok


@pytest.mark.parametrize("answer, ok", [
    ("Greek Salad", True), ("the greek salad", True), ("Greek salad recipe", True),
    ("It's the Greek Salad.", True), ("Lemon Garlic Pasta", False),
    ("Greek Salad or Lemon Garlic Pasta", False)])
def test_recipe_with_ingredient_answers(env, answer, ok):
    task, initial, final = start(env, "recipe_with_ingredient", ingredient="kalamata olives")
    assert task.judge(initial, final, answer=answer).success is ok


def test_count_word_counts_every_case(env):
    url, word = "https://recipes.local/lemon-garlic-pasta", "garlic"
    task, initial, final = start(env, "count_word", url=url, word=word)
    n = len(sites.page(url).text().lower().split(word)) - 1
    assert n == 4 and task.judge(initial, final, answer=str(n)).success
    assert task.judge(initial, final, answer="four").success
    assert not task.judge(initial, final, answer=str(n - 1)).success


# ----- bookmarks
def test_bookmark_recipe_needs_that_page_bookmarked(env):
    task, initial, final = start(env, "bookmark_recipe", recipe="Greek Salad")
    url = "https://recipes.local/greek-salad"
    visit(final, url)
    add(final, "bookmarks", title="Greek Salad - Home Kitchen", url=url, created_ms=NOW)
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    add(near, "bookmarks", title="x", url="https://recipes.local/", created_ms=NOW)
    assert not task.judge(initial, near).success
    damage = copy.deepcopy(final)
    browser(damage)["bookmarks"] = browser(damage)["bookmarks"][1:]
    v = task.judge(initial, damage)
    assert not v.success and not v.clean


def test_delete_bookmark_only_that_one(env):
    task, initial, final = start(env, "delete_bookmark", bookmark_id=2,
                                 title="Gadget Corner - Electronics and gadgets")
    browser(final)["bookmarks"] = [b for b in browser(final)["bookmarks"] if b["id"] != 2]
    assert task.judge(initial, final).success
    both = copy.deepcopy(final)
    browser(both)["bookmarks"] = [b for b in browser(both)["bookmarks"] if b["id"] != 3]
    v = task.judge(initial, both)
    assert not v.success and "apps.browser.bookmarks[id=3] (deleted)" in unexpected(v)


def test_cheapest_bookmark_wants_the_cheapest_of_the_kind(env):
    task, initial, final = start(env, "cheapest_bookmark", kind="headphones")
    cheap = "https://shop.local/product/pulse-sport-earbuds"
    add(final, "bookmarks", title="Pulse", url=cheap, created_ms=NOW)
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    add(near, "bookmarks", title="Studio", url="https://shop.local/product/studio-pro-headphones",
        created_ms=NOW)
    assert not task.judge(initial, near).success


# ----- tabs
def test_bookmark_in_new_tab_keeps_the_old_tab(env):
    task, initial, final = start(env, "bookmark_in_new_tab", bookmark_id=4,
                                 title="Contact us - Riverside Help Center")
    visit(final, "https://help.local/contact", new_tab=True)
    assert task.judge(initial, final).success
    same_tab = copy.deepcopy(initial)
    visit(same_tab, "https://help.local/contact")
    assert not task.judge(initial, same_tab).success


def test_close_other_tabs_leaves_exactly_that_tab(env):
    url = "https://help.local/contact"
    task, initial, final = start(env, "close_other_tabs", url=url,
                                 title="Contact us - Riverside Help Center")
    b = browser(final)
    assert len(b["tabs"]) == 5
    b["tabs"] = [t for t in b["tabs"] if t["history"][t["index"]] == url]
    b["current_tab"] = b["tabs"][0]["id"]
    assert task.judge(initial, final).success
    wrong = copy.deepcopy(initial)
    browser(wrong)["tabs"] = browser(wrong)["tabs"][:1]
    assert not task.judge(initial, wrong).success
    damage = copy.deepcopy(final)
    browser(damage)["history"] = []  # the earlier visits are not the task's to delete
    v = task.judge(initial, damage)
    assert not v.success and v.progress < 1


# ----- history
def test_clear_history_keeps_bookmarks(env):
    task, initial, final = start(env, "clear_history")
    browser(final)["history"] = []
    assert task.judge(initial, final).success
    damage = copy.deepcopy(final)
    browser(damage)["bookmarks"] = []
    v = task.judge(initial, damage)
    assert not v.success and not v.clean
    partial = copy.deepcopy(initial)
    browser(partial)["history"] = browser(partial)["history"][:1]
    assert not task.judge(initial, partial).success


def test_delete_visit_keeps_the_other_visits(env):
    task, initial, final = start(env, "delete_visit", visit_id=7,
                                 title="Opening hours - Riverside Help Center")
    browser(final)["history"] = [h for h in browser(final)["history"] if h["id"] != 7]
    assert task.judge(initial, final).success
    visit(final, NEWS)  # browsing afterwards adds visits: fine
    assert task.judge(initial, final).success
    more = copy.deepcopy(final)
    browser(more)["history"] = [h for h in browser(more)["history"] if h["id"] != 6]
    assert not task.judge(initial, more).success


# ----- downloads
def _download(state: dict, name: str, content: str) -> None:
    path = f"/sdcard/Download/{name}"
    state["os"]["files"][path] = {"is_dir": False, "size": len(content.encode()),
                                  "mime": "application/pdf", "mtime_ms": NOW}
    add(state, "downloads", name=name, path=path, url="https://recipes.local/", created_ms=NOW)


def test_download_recipe_card_needs_file_and_record(env):
    from mobilegym_env.apps.browser.sites import recipes
    r = next(r for r in recipes.RECIPES if r.title == "Red Lentil Soup")
    task, initial, final = start(env, "download_recipe_card", recipe=r.title)
    _download(final, r.card_file, recipes.card_text(r))
    assert task.judge(initial, final).success
    other = next(x for x in recipes.RECIPES if x.title == "Greek Salad")
    near = copy.deepcopy(initial)
    _download(near, other.card_file, recipes.card_text(other))
    assert not task.judge(initial, near).success


# ----- other apps
def test_save_desk_number_needs_the_number_of_that_desk(env):
    task, initial, final = start(env, "save_desk_number", desk="billing",
                                 name="Riverside Billing")
    contacts = final["os"]["providers"]["contacts"]
    row = copy.deepcopy(contacts[-1])
    row.update(id=max(c["id"] for c in contacts) + 1, name="Riverside Billing",
               phone="(415) 555 0168")
    contacts.append(row)
    v = task.judge(initial, final)
    assert v.checks[0].passed, v.explain()
    near = copy.deepcopy(initial)
    row2 = dict(row, phone="+1 415-555-0147")
    near["os"]["providers"]["contacts"].append(row2)
    assert not task.judge(initial, near).checks[0].passed


def _sms(state: dict, address: str, body: str) -> None:
    rows = state["os"]["providers"]["sms"]
    rows.append({"id": max(r["id"] for r in rows) + 1, "thread_address": address,
                 "address": address, "body": body, "timestamp_ms": NOW, "type": "sent",
                 "read": True})


def test_text_recipe_link_needs_the_link_sent_to_that_contact(env):
    task, initial, final = start(env, "text_recipe_link")
    phone, url = task.params.phone, task.url()
    _sms(final, phone, url)
    v = task.judge(initial, final)
    assert v.success, v.explain()
    bare = copy.deepcopy(initial)
    _sms(bare, phone, f"Try this: {sites.short(url)}")  # without the scheme: fine
    assert task.judge(initial, bare).success
    near = copy.deepcopy(initial)
    _sms(near, phone, "https://recipes.local/")
    assert not task.judge(initial, near).success


def test_ingredients_to_note_needs_every_ingredient(env):
    from mobilegym_env.apps.browser.sites import recipes
    task, initial, final = start(env, "ingredients_to_note", recipe="Greek Salad")
    items = next(r for r in recipes.RECIPES if r.title == "Greek Salad").ingredients
    store = final["apps"]["notes"]
    note = {"id": store["next_id"], "kind": "text", "title": "Greek salad",
            "body": "\n".join(i.lower() for i in items), "items": [], "pinned": False,
            "folder_id": None, "created_ms": NOW, "updated_ms": NOW}
    store["notes"].append(note)
    store["next_id"] += 1
    v = task.judge(initial, final)
    assert v.success, v.explain()
    note["body"] = ", ".join(items[:-1])
    assert not task.judge(initial, final).success


@pytest.mark.parametrize("answer, ok", [
    ("2026-02-27", True), ("February 27", True), ("Feb 27, 2026", True), ("2/27/2026", True),
    ("February 26", False), ("2026-03-01", False)])
def test_article_date_answers(env, answer, ok):
    task, initial, final = start(env, "article_date",
                                 title="Harbor Bridge repairs will close two lanes until April")
    assert task.judge(initial, final, answer=answer).success is ok


def test_reopen_from_history_needs_that_page(env):
    task, initial, final = start(env, "reopen_from_history", visit_id=4, day="February 28",
                                 time="21:07")
    visit(final, "https://shop.local/product/boom-mini-speaker")
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    visit(near, "https://shop.local/")  # the visit two minutes before
    assert not task.judge(initial, near).success


def test_text_desk_hours_needs_both_times_in_any_format(env):
    task, initial, final = start(env, "text_desk_hours")
    hours = next(d.hours for d in help_site.DESKS if d.name.lower() == task.params.desk)
    opens, closes = hours.split(" - ")
    _sms(final, task.params.phone, f"They're open {opens} to {closes} Mon-Fri")
    assert task.judge(initial, final).success
    h, m = (int(x) for x in closes.split(":"))
    twelve = copy.deepcopy(initial)
    _sms(twelve, task.params.phone,
         f"{opens} - {h - 12 if h > 12 else h}:{m:02d} {'pm' if h >= 12 else 'am'}")
    assert task.judge(initial, twelve).success
    half = copy.deepcopy(initial)
    _sms(half, task.params.phone, f"They close at {closes}")
    assert not task.judge(initial, half).success
    other = copy.deepcopy(final)
    _sms(other, "+1 415-555-0000", "hi")  # a text to someone else too
    assert not task.judge(initial, other).clean


def test_article_in_new_tab_keeps_the_front_page(env):
    task, initial, final = start(env, "article_in_new_tab",
                                 title="Comet visible to the naked eye next week")
    visit(final, "https://news.local/comet-visible", new_tab=True)
    assert task.judge(initial, final).success
    same_tab = copy.deepcopy(initial)
    visit(same_tab, "https://news.local/comet-visible")
    assert not task.judge(initial, same_tab).success
    wrong = copy.deepcopy(initial)
    visit(wrong, "https://news.local/marathon-record", new_tab=True)
    assert not task.judge(initial, wrong).success


def test_rename_bookmark_changes_only_its_title(env):
    task, initial, final = start(env, "rename_bookmark", bookmark_id=1,
                                 title="The Daily Ledger", new_title="Check later")
    browser(final)["bookmarks"][0]["title"] = "check later"
    assert task.judge(initial, final).success
    near = copy.deepcopy(initial)
    browser(near)["bookmarks"][0]["title"] = "Check later today"
    assert not task.judge(initial, near).success
    damage = copy.deepcopy(final)
    browser(damage)["bookmarks"][0]["url"] = "https://news.local/comet-visible"
    v = task.judge(initial, damage)
    assert not v.success and not v.clean


def test_the_words_to_count_show_as_whole_words_only() -> None:
    for url, word in FIND_WORDS:
        blocks = sites.page(url).blocks
        whole = sum(len(re.findall(rf"\b{word}\b", sites.visible_text(b).lower()))
                    for b in blocks)
        assert 2 <= len(matches(blocks, word)) == whole <= 7, (url, word)


def test_link_to_note_needs_the_article_link_in_the_note(env):
    task, initial, final = start(env, "link_to_note",
                                 title="Public library ends late fees for good")
    store = final["apps"]["notes"]
    note = {"id": store["next_id"], "kind": "text", "title": "Read later",
            "body": "https://news.local/library-ends-late-fees", "items": [], "pinned": False,
            "folder_id": None, "created_ms": NOW, "updated_ms": NOW}
    store["notes"].append(note)
    store["next_id"] += 1
    final["os"]["clipboard"] = "https://news.local/library-ends-late-fees"
    v = task.judge(initial, final)
    assert v.success, v.explain()
    note["body"] = "https://news.local/"
    assert not task.judge(initial, final).success


def test_close_site_tabs_keeps_the_other_tabs_in_order(env):
    task, initial, final = start(env, "close_site_tabs", site="Gadget Corner")
    b = browser(final)
    assert len(b["tabs"]) == 6
    b["tabs"] = [t for t in b["tabs"] if "shop.local" not in t["history"][t["index"]]]
    assert len(b["tabs"]) == 4 and task.judge(initial, final).success
    one_left = copy.deepcopy(initial)
    shop_tabs = [t for t in browser(one_left)["tabs"]
                 if "shop.local" in t["history"][t["index"]]]
    browser(one_left)["tabs"].remove(shop_tabs[0])
    assert not task.judge(initial, one_left).success
    too_many = copy.deepcopy(final)
    browser(too_many)["tabs"].pop()
    assert not task.judge(initial, too_many).success
