"""Browser suite: opening pages, finding facts on the built-in sites, bookmarks, tabs, history,
downloads, and carrying what a page says into Contacts, Messages and Notes.

Tasks start in the Browser on its start page (one tab), unless ``initialize`` opens pages in
tabs first. Browsing always changes the tabs and adds visits to the history: every task lets
those change (``browsing``), yet a visit of the initial history deleted is collateral damage
unless the task asks for it.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.apps.browser import model, sites
from mobilegym_env.apps.browser.page_view import link_id, matches
from mobilegym_env.apps.browser.sites import help as help_site
from mobilegym_env.apps.browser.sites import news, recipes, shop
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation, Judged
from mobilegym_env.task import Start, Task

from . import contacts, messages, notes

APP = "apps.browser"
BOOKMARKS = f"{APP}.bookmarks"
HISTORY = f"{APP}.history"
DOWNLOADS = f"{APP}.downloads"
TABS_MOVE = (f"{APP}.tabs*", f"{APP}.current_tab", f"{APP}.next_tab_id")
VISITS = (f"{HISTORY}*", f"{APP}.next_history_id")
BROWSING = (*TABS_MOVE, *VISITS)
Action = dict[str, Any]


# --------------------------------------------------------------------------- helpers
def _store(device: Device) -> dict[str, Any]:
    return device.kernel.app_state("browser")


def _browser(state: dict[str, Any]) -> dict[str, Any]:
    return state["apps"]["browser"]


def _pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _check_choice(what: str, value: Any, options: Sequence[Any]) -> None:
    if value not in options:
        raise ValueError(f"unknown {what} {value!r}")


def _url(site: str, path: str) -> str:
    return sites.canonical(f"https://{site}{path}")


def _open_tabs(device: Device, urls: Sequence[str], current: int = -1) -> None:
    """Replaces the tabs with one tab per URL (each opened from the start page), showing
    ``urls[current]``; visits are not recorded (they happened long ago)."""
    store = _store(device)
    first = store["next_tab_id"]
    store["tabs"] = [{"id": first + i, "history": [sites.NEWTAB, u], "index": 1}
                     for i, u in enumerate(urls)]
    store["next_tab_id"] = first + len(urls)
    store["current_tab"] = first + (current % len(urls))


def current_url(state: dict[str, Any]) -> str:
    """The URL the Browser shows in a state."""
    b = _browser(state)
    return model.url_of(next((t for t in b["tabs"] if t["id"] == b["current_tab"]),
                             b["tabs"][0]))


def _tab_urls(state: dict[str, Any]) -> list[str]:
    return [model.url_of(t) for t in _browser(state)["tabs"]]


def shows(url: str) -> Expectation:
    """The Browser's current tab shows ``url``."""
    def test(j: Judged) -> tuple[bool, str]:
        got = current_url(j.final)
        return got == url, f"expected the current tab on {url}; found {got}"
    return C.holds(f"current tab shows {sites.short(url)}", test, allows=TABS_MOVE)


def browsing(initial: dict[str, Any], gone: Sequence[int] = ()) -> Expectation:
    """What browsing may change: tabs move and visits are added, but the visits of the initial
    history stay (all but ``gone``, which must be deleted)."""
    before = {h["id"] for h in _browser(initial)["history"]}

    def test(j: Judged) -> tuple[bool, str]:
        kept = before & {h["id"] for h in _browser(j.final)["history"]}
        want = before - set(gone)
        missing = sorted(want - kept)
        left = sorted(kept & set(gone))
        detail = f"expected visits {sorted(gone)} deleted and the others kept; " \
                 f"missing {missing}, still there {left}"
        return kept == want, detail
    name = "those visits deleted, the others kept" if gone else "earlier visits kept"
    return C.holds(name, test, allows=BROWSING)


def _someone(rng: np.random.Generator, device: Device) -> dict[str, Any]:
    """A contact with a phone number."""
    return _pick(rng, [c for c in contacts.contacts(device) if c["phone"]])


def _check_contact(device: Device, name: str, phone: str) -> None:
    if not any(c["name"] == name and c["phone"] == phone for c in contacts.contacts(device)):
        raise ValueError(f"no contact {name!r} with number {phone}")


# --------------------------------------------------------------------------- oracle steps
def go_to(device: Device, url: str) -> Iterator[Action]:
    """Types an address into the omnibox and goes there."""
    if O.find(device, id="page_dots") is not None:  # on the home screen
        yield from open_browser(device)
    yield O.tap(device, id="omnibox")
    yield from O.type_into(device, sites.short(url), id="omnibox_q", submit=True)


def follow(device: Device, url: str) -> Iterator[Action]:
    """Scrolls the page to a link and taps it."""
    node = yield from O.scroll_to(device, id=link_id(url))
    yield O.tap(device, node)


def menu(device: Device, item: str) -> Iterator[Action]:
    """Opens the ⋮ menu of the tab page and taps an item (``menu:<item>``)."""
    if O.find(device, id="page_dots") is not None:  # on the home screen
        yield from open_browser(device)
    yield from O.back_to(device, id="more")
    yield O.tap(device, id="more")
    yield O.tap(device, id=f"menu:{item}")


def shortcut(device: Device, site: str) -> Iterator[Action]:
    """From the start page (reached first when it is not on screen): a site's shortcut
    tile."""
    if O.find(device, id=f"shortcut:{site}") is None:
        yield from to_start_page(device)
    yield O.tap(device, id=f"shortcut:{site}")


def to_start_page(device: Device) -> Iterator[Action]:
    """From the home screen: opens the Browser (left on another page) and goes to its start
    page, where the sites' shortcuts are."""
    yield from O.open_app(device, "browser")
    if O.find(device, id="home_button") is not None and \
            O.find(device, where=lambda n: (n["id"] or "").startswith("shortcut:")) is None:
        yield O.tap(device, id="home_button")


def open_browser(device: Device) -> Iterator[Action]:
    """From the home screen: opens the Browser on the page it was left on."""
    yield from O.open_app(device, "browser")


def bookmark_menu(device: Device, title: str) -> Iterator[Action]:
    """Opens the bookmarks page, then the ⋮ menu of the bookmark titled ``title``."""
    yield from menu(device, "bookmarks")
    node = yield from O.scroll_to(device, text=f"More options for {title}")
    yield O.tap(device, node)


def close_tabs(device: Device, closing: Any) -> Iterator[Action]:
    """On the tab grid: closes every tab whose title ``closing(title)`` accepts."""
    yield O.tap(device, id="tabs")
    while True:
        node = next((n for n in O.find_all(device, where=lambda n: (n["id"] or "").startswith(
            "close_tab:")) if closing(n["text"].removeprefix("Close "))), None)
        if node is None:
            node = yield from _scroll_for_tab(device, closing)
            if node is None:
                return
        yield O.tap(device, node)


def _scroll_for_tab(device: Device, closing: Any) -> Iterator[Action]:
    def test(n: dict[str, Any]) -> bool:
        return (n["id"] or "").startswith("close_tab:") and \
            closing(n["text"].removeprefix("Close "))
    try:
        return (yield from O.scroll_to(device, where=test, max_swipes=4))
    except O.OracleError:
        return None


def visit_rows(device: Device, day: str, time: str) -> set[str]:
    """The history rows on screen of visits at ``time`` ("21:07") under the heading of
    ``day`` ("February 28": "Saturday, February 28, 2026")."""
    found, heading = set(), ""
    for n in device.ui_tree():
        if n["role"] == "heading":
            heading = n["text"]
        elif (n["id"] or "").startswith("history:") and n["text"].endswith(f" · {time}") \
                and f" {day}, " in heading:
            found.add(n["id"])
    return found


def _fact(device: Device, label: str) -> str:
    """A labelled fact of the page on screen: ``"Price: $149.00"`` -> ``"$149.00"``."""
    node = yield from O.scroll_to(device, where=lambda n: n["text"].startswith(f"{label}: "))
    return node["text"].split(": ", 1)[1]


# --------------------------------------------------------------------------- base
class _BrowserTask(Task):
    suite = "browser"
    apps = ("browser",)
    start = Start(app="browser")


# pages the Browser is left on by tasks that start on the home screen (``_Away``)
AWAY_PAGES = ("https://help.local/faq", "https://shop.local/", "https://news.local/marathon-record",
              "https://recipes.local/red-lentil-soup", "https://help.local/returns",
              "https://shop.local/product/boom-mini-speaker", "https://news.local/comet-visible",
              "https://recipes.local/greek-salad")


class _Away(_BrowserTask):
    """Starts on the home screen, the Browser used before and left on a page of another site
    (drawn per seed): the agent opens it and finds its way from there."""

    start = Start(background=("browser",))
    away_from: ClassVar[str] = ""  # a host the page left open is not on

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        pages = [u for u in AWAY_PAGES if sites.host(u) != self.away_from]
        _open_tabs(device, [_pick(rng, pages)])


class _OneOf(_BrowserTask):
    """A task whose one param is drawn from the fixed ``options()`` (the sites' records)."""

    @classmethod
    def options(cls) -> list[Any]:
        raise NotImplementedError

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return cls.Params(_pick(rng, cls.options()))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        field = fields(params)[0].name
        _check_choice(field, getattr(params, field), cls.options())


# --------------------------------------------------------------------------- opening pages
class _ArticleTask(_OneOf):
    """A task about one news article, named by its title."""

    @dataclass(frozen=True)
    class Params:
        title: str

    @classmethod
    def options(cls) -> list[str]:
        return [a.title for a in news.ARTICLES]

    def url(self) -> str:
        art = next(a for a in news.ARTICLES if a.title == self.params.title)
        return _url(news.HOST, art.path)

    def open_article(self, device: Device) -> Iterator[Action]:
        yield from shortcut(device, news.HOST)
        yield from follow(device, self.url())


class OpenArticle(_Away, _ArticleTask):
    """Open a news article from the news site's front page (a headline on the same topic is a
    decoy)."""

    name = "open_article"
    template = 'In the browser, open the Daily Ledger (news.local) article "{title}".'
    phrasings = ("Open the article \"{title}\" of the Daily Ledger (news.local) in the browser.",
                 "I want to read \"{title}\" on the Daily Ledger site (news.local): open it in the browser.")
    difficulty = 2
    away_from = news.HOST
    objective = "operate"
    tags = ("navigation", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [shows(self.url()), browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_article(device)


class OpenAddress(_OneOf):
    """Type a web address into the address bar."""

    name = "open_address"
    template = "Go to {address} in the browser."
    phrasings = ("Open {address} in the browser.",
                 "In the browser, load the page {address}.")
    difficulty = 1
    max_steps = 14
    objective = "operate"
    tags = ("typing",)
    ADDRESSES = ("help.local/hours", "help.local/faq", "shop.local", "recipes.local/greek-salad",
                 "news.local/comet-visible", "help.local/returns")

    @dataclass(frozen=True)
    class Params:
        address: str

    @classmethod
    def options(cls) -> list[str]:
        return list(cls.ADDRESSES)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [shows(str(sites.from_input(self.params.address))), browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go_to(device, str(sites.from_input(self.params.address)))


# --------------------------------------------------------------------------- facts
class _Query(_BrowserTask):
    objective = "query"

    def answer(self) -> Expectation:
        raise NotImplementedError

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [self.answer(), browsing(initial)]


class ArticleAuthor(_Away, _ArticleTask, _Query):
    """Who wrote an article (another article's author has a near-identical name)."""

    name = "article_author"
    template = 'Who wrote the Daily Ledger article "{title}"? Answer with the name.'
    phrasings = ("Find the Daily Ledger article \"{title}\" and tell me who wrote it (the name).",
                 "What is the name of the author of \"{title}\" in the Daily Ledger (news.local)?")
    difficulty = 2
    away_from = news.HOST
    tags = ("navigation", "scroll")

    def answer(self) -> Expectation:
        art = next(a for a in news.ARTICLES if a.title == self.params.title)
        return C.answer_text(art.author, rivals=[a.author for a in news.ARTICLES])

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_article(device)
        line = O.node(device, text_contains=" · ", where=lambda n: n["text"].startswith("By "))
        yield A.answer(line["text"][3:].split(" · ")[0])


class _ProductTask(_OneOf):
    """A task about one product of the store, named by its name."""

    @dataclass(frozen=True)
    class Params:
        product: str

    @classmethod
    def options(cls) -> list[str]:
        return [p.name for p in shop.PRODUCTS]

    def product(self) -> shop.Product:
        return next(p for p in shop.PRODUCTS if p.name == self.params.product)

    def url(self) -> str:
        return _url(shop.HOST, self.product().path)

    def open_product(self, device: Device) -> Iterator[Action]:
        yield from shortcut(device, shop.HOST)
        yield from follow(device, self.url())


class ProductPrice(_ProductTask, _Query):
    """The price of a product in the store (products of one family have close names)."""

    name = "product_price"
    template = "How much does the {product} cost on Gadget Corner (shop.local)?"
    phrasings = ("What is the price of the {product} at Gadget Corner (shop.local)?",
                 "Look up the {product} on Gadget Corner (shop.local): how much is it?")
    difficulty = 2
    tags = ("navigation", "scroll")

    def answer(self) -> Expectation:
        return C.answer_number(self.product().price, tolerance=0.001, unit="$")

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_product(device)
        price = yield from _fact(device, "Price")
        yield A.answer(price)


class DeskClosingTime(_Away, _Query):
    """When a help desk opens or closes on weekdays or on Saturdays (five desks list their
    hours on one long page)."""

    name = "desk_closing_time"
    template = ("At what time does the {desk} of the Riverside Help Center (help.local) {edge} "
                "on {day}?")
    phrasings = ("When does the Riverside Help Center's {desk} (help.local) {edge} on {day}?",
                 "Check help.local: on {day}, at what time does the {desk} of the Riverside "
                 "Help Center {edge}?")
    difficulty = 2
    away_from = help_site.HOST
    tags = ("navigation", "scroll")
    DAYS: ClassVar[dict[str, str]] = {"weekdays": "Monday - Friday", "Saturdays": "Saturday"}

    @dataclass(frozen=True)
    class Params:
        desk: str  # a desk's name, lower case
        day: str = "weekdays"  # or "Saturdays"
        edge: str = "close"  # or "open"

    @classmethod
    def options(cls) -> list[tuple[str, str, str]]:
        return [(d.name.lower(), day, edge) for d in help_site.DESKS
                for day in cls.DAYS for edge in ("open", "close")
                if day == "weekdays" or d.saturday != "Closed"]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        """A time first, then a question it answers: no time is the answer more often."""
        by_time: dict[str, list[tuple[str, str, str]]] = {}
        for option in cls.options():
            by_time.setdefault(cls(cls.Params(*option)).time(), []).append(option)
        return cls.Params(*_pick(rng, by_time[_pick(rng, sorted(by_time))]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("desk, day and edge", (params.desk, params.day, params.edge),
                      cls.options())

    def desk(self) -> help_site.Desk:
        return next(d for d in help_site.DESKS if d.name.lower() == self.params.desk)

    def time(self) -> str:
        hours = self.desk().hours if self.params.day == "weekdays" else self.desk().saturday
        return hours.split(" - ")[self.params.edge == "close"]

    def answer(self) -> Expectation:
        h, m = (int(x) for x in self.time().split(":"))
        return C.answer_time(h, m)

    def oracle(self, device: Device) -> Iterator[Action]:
        p = self.params
        yield from shortcut(device, help_site.HOST)
        yield from follow(device, _url(help_site.HOST, "/hours"))
        heading = yield from O.scroll_to(device, role="heading",
                                         where=lambda n: n["text"].casefold() == p.desk)
        block = int(heading["id"].split(":")[1]) + (1 if p.day == "weekdays" else 2)
        row = yield from O.scroll_to(device, id=f"block:{block}")  # "Saturday: 10:00 - 14:00"
        yield A.answer(row["text"].split(": ", 1)[1].split(" - ")[p.edge == "close"])


def _recipe(title: str) -> recipes.Recipe:
    return next(r for r in recipes.RECIPES if r.title == title)


class _RecipeTask(_OneOf):
    cooked_only = False
    exclude: tuple[str, ...] = ()

    @dataclass(frozen=True)
    class Params:
        recipe: str

    @classmethod
    def options(cls) -> list[str]:
        return [r.title for r in recipes.RECIPES
                if (r.cook_min or not cls.cooked_only) and r.title not in cls.exclude]

    def url(self) -> str:
        return _url(recipes.HOST, _recipe(self.params.recipe).path)

    def open_recipe(self, device: Device) -> Iterator[Action]:
        yield from shortcut(device, recipes.HOST)
        yield from follow(device, self.url())


class CookingTime(_Away, _RecipeTask, _Query):
    """A recipe's cooking time in minutes (the page may say "1 h 30 min")."""

    name = "cooking_time"
    template = "According to Home Kitchen (recipes.local), how many minutes does the {recipe} " \
               "need to cook? Give the cooking time only, not the preparation."
    phrasings = ("How long, in minutes, does the {recipe} cook according to Home Kitchen (recipes.local)? Just the cooking time, not the preparation.",
                 "On recipes.local (Home Kitchen), what is the cooking time of the {recipe} in minutes? Leave out the preparation time.")
    difficulty = 2
    away_from = recipes.HOST
    tags = ("navigation", "scroll")
    cooked_only = True

    def answer(self) -> Expectation:
        return C.answer_number(_recipe(self.params.recipe).cook_min)

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_recipe(device)
        yield from _fact(device, "Cook time")
        yield A.answer(str(_recipe(self.params.recipe).cook_min))


INGREDIENTS = {"kalamata olives": "Greek Salad", "tikka paste": "Chicken Tikka Masala",
               "cocoa powder": "Slow Beef Chili", "red lentils": "Red Lentil Soup",
               "icing sugar": "Lemon Drizzle Cake", "spaghetti": "Lemon Garlic Pasta",
               "baking powder": "Banana Pancakes"}


class RecipeWithIngredient(_Away, _OneOf, _Query):
    """Search the local web for the one recipe that uses an ingredient."""

    name = "recipe_with_ingredient"
    template = "Which Home Kitchen recipe uses {ingredient}? Use the browser and answer with " \
               "the recipe's name."
    phrasings = ("In the browser, find the Home Kitchen recipe that needs {ingredient} and tell me its name.",
                 "Which recipe on Home Kitchen has {ingredient} among its ingredients? Look it up in the browser; answer with the recipe's name.")
    difficulty = 2
    tags = ("search", "typing")

    @dataclass(frozen=True)
    class Params:
        ingredient: str

    @classmethod
    def options(cls) -> list[str]:
        return sorted(INGREDIENTS)

    def answer(self) -> Expectation:
        title = INGREDIENTS[self.params.ingredient]
        return C.answer_text(title, rivals=[r.title for r in recipes.RECIPES])

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go_to(device, sites.search_url(self.params.ingredient))
        top = O.node(device, where=lambda n: (n["id"] or "").startswith("link:recipes.local/")
                     and n["id"] != "link:recipes.local/")
        yield A.answer(top["text"].split(" - ")[0])


# (page, word) pairs counted by find in page: each word shows 3 to 6 times on its page, always
# as a whole word (no "lemons" for "lemon"), so counting words and counting matches agree
# (counts 2 to 7, none more common than two pairs, so that no count is a good guess)
FIND_WORDS = (("https://news.local/", "february"),
              ("https://news.local/harbor-bridge-repairs", "bridge"),
              ("https://news.local/library-ends-late-fees", "library"),
              ("https://recipes.local/lemon-garlic-pasta", "garlic"),
              ("https://recipes.local/chicken-tikka-masala", "chicken"),
              ("https://news.local/comet-visible", "march"),
              ("https://help.local/hours", "saturday"),
              ("https://news.local/bike-lanes-approved", "council"),
              ("https://news.local/bus-lanes-vote-delayed", "vote"),
              ("https://recipes.local/", "serves"))


def find_count(url: str, word: str) -> int:
    return len(matches(sites.page(url).blocks, word))


class CountWord(_Query):
    """Count a word on a long page (find in page shows "1/5")."""

    name = "count_word"
    template = 'How many times does the word "{word}" appear on the page that is open in the ' \
               "browser? Count every occurrence, whatever its case."
    phrasings = ("Count the occurrences of the word \"{word}\" on the page open in the browser, whatever their case. How many are there?",
                 "On the page the browser has open, how often does \"{word}\" appear (any case)?")
    difficulty = 2
    tags = ("menu", "typing", "counting")
    start = Start(background=("browser",))  # the Browser was left on that page

    @dataclass(frozen=True)
    class Params:
        url: str
        word: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(*_pick(rng, FIND_WORDS))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("page and word", (params.url, params.word), FIND_WORDS)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _open_tabs(device, [self.params.url])

    def answer(self) -> Expectation:
        return C.answer_number(find_count(self.params.url, self.params.word))

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from menu(device, "find")
        yield A.type_text(self.params.word)
        yield A.answer(O.node(device, id="find_count")["text"].split("/")[1])


# --------------------------------------------------------------------------- bookmarks
class BookmarkRecipe(_RecipeTask):
    """Bookmark a recipe page (another recipe is bookmarked already)."""

    name = "bookmark_recipe"
    template = "Bookmark the Home Kitchen recipe page for {recipe}."
    phrasings = ("Add a bookmark for the {recipe} recipe page on Home Kitchen.",
                 "Save the Home Kitchen recipe for {recipe} as a browser bookmark.")
    difficulty = 2
    objective = "operate"
    tags = ("menu", "navigation", "scroll")
    exclude = ("Banana Pancakes",)  # bookmarked at the factory

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(BOOKMARKS, {"url": self.url()}), browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_recipe(device)
        yield from menu(device, "bookmark")


class _BookmarkTask(_BrowserTask):
    """A task about one bookmark, named by its title."""

    @dataclass(frozen=True)
    class Params:
        bookmark_id: int
        title: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        b = _pick(rng, _store(device)["bookmarks"])
        return cls.Params(b["id"], b["title"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not any(b["id"] == params.bookmark_id and b["title"] == params.title
                   for b in _store(device)["bookmarks"]):
            raise ValueError(f"no bookmark {params.bookmark_id} titled {params.title!r}")


class DeleteBookmark(_Away, _BookmarkTask):
    """Delete one bookmark from the bookmarks page."""

    name = "delete_bookmark"
    template = 'Delete the browser bookmark "{title}".'
    phrasings = ("Remove \"{title}\" from my browser bookmarks.",
                 "I no longer need the bookmark \"{title}\" in the browser: delete it.")
    difficulty = 2
    objective = "operate"
    tags = ("menu",)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted(BOOKMARKS, id=self.params.bookmark_id), browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from bookmark_menu(device, self.params.title)
        yield O.tap(device, id="bookmark_menu:delete")


class CheapestBookmark(_OneOf):
    """Compare the prices of one kind of product and bookmark the cheapest."""

    name = "cheapest_bookmark"
    template = "Find the cheapest {kind} on Gadget Corner (shop.local) and bookmark its page."
    phrasings = ("Which {kind} is the cheapest on Gadget Corner (shop.local)? Bookmark its page.",
                 "On shop.local (Gadget Corner), bookmark the page of the least expensive {kind}.")
    difficulty = 3
    objective = "hybrid"
    tags = ("scroll", "menu", "memory")
    KINDS = tuple(k for k in shop.KINDS if sum(p.kind == k for p in shop.PRODUCTS) > 1)

    @dataclass(frozen=True)
    class Params:
        kind: str

    @classmethod
    def options(cls) -> list[str]:
        return list(cls.KINDS)

    def cheapest(self) -> shop.Product:
        return min((p for p in shop.PRODUCTS if p.kind == self.params.kind),
                   key=lambda p: p.price)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(BOOKMARKS, {"url": _url(shop.HOST, self.cheapest().path)}),
                browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from shortcut(device, shop.HOST)
        yield from follow(device, _url(shop.HOST, self.cheapest().path))
        yield from menu(device, "bookmark")


# --------------------------------------------------------------------------- tabs
class BookmarkInNewTab(_BookmarkTask):
    """Open a bookmark in a new tab while another page stays open in the first."""

    name = "bookmark_in_new_tab"
    template = 'Open the bookmark "{title}" in a new tab, keeping the page that is open now ' \
               "in its own tab."
    phrasings = ("Open my bookmark \"{title}\" in a new browser tab, and keep the page open now in its own tab.",
                 "Without closing the page the browser shows now, open the bookmark \"{title}\" in another tab.")
    difficulty = 2
    objective = "operate"
    tags = ("menu", "navigation")
    start = Start(background=("browser",))  # the Browser was left on that page
    PAGES = ("https://help.local/faq", "https://news.local/comet-visible",
             "https://recipes.local/greek-salad")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _open_tabs(device, [_pick(rng, self.PAGES)])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        before = current_url(initial)
        target = next(b["url"] for b in _browser(initial)["bookmarks"]
                      if b["id"] == self.params.bookmark_id)

        def test(j: Judged) -> tuple[bool, str]:
            urls = _tab_urls(j.final)
            ok = sorted(urls) == sorted([before, target]) and current_url(j.final) == target
            return ok, f"expected tabs on {before} and {target} (current); found {urls}"
        return [C.holds("bookmark open in a second tab", test, allows=TABS_MOVE),
                browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from bookmark_menu(device, self.params.title)
        yield O.tap(device, id="bookmark_menu:new_tab")


class CloseOtherTabs(_BrowserTask):
    """Close every tab but one (five tabs open, two on the same site)."""

    name = "close_other_tabs"
    template = 'Close all browser tabs except the one showing "{title}".'
    phrasings = ("In the browser, close every tab but the one on \"{title}\".",
                 "Keep only the browser tab showing \"{title}\" and close all the others.")
    difficulty = 2
    objective = "operate"
    tags = ("navigation", "multi_step")
    PAGES = ("https://news.local/harbor-bridge-repairs", "https://news.local/marathon-record",
             "https://shop.local/product/boom-mini-speaker", "https://recipes.local/red-lentil-soup",
             "https://help.local/contact", "https://recipes.local/lemon-garlic-pasta")

    @dataclass(frozen=True)
    class Params:
        url: str
        title: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        url = _pick(rng, cls.PAGES)
        return cls.Params(url, sites.page(url).title)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("page", params.url, cls.PAGES)
        if sites.page(params.url).title != params.title:
            raise ValueError(f"{params.url} is not titled {params.title!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        others = [u for u in self.PAGES if u != self.params.url]
        chosen = [others[i] for i in rng.choice(len(others), size=4, replace=False)]
        chosen.insert(int(rng.integers(1, 5)), self.params.url)  # never the first tab
        _open_tabs(device, chosen, current=0)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        def test(j: Judged) -> tuple[bool, str]:
            urls = _tab_urls(j.final)
            return urls == [self.params.url], f"expected one tab on {self.params.url}; " \
                                              f"found {urls}"
        return [C.holds("only that tab left", test, allows=TABS_MOVE), browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        title = self.params.title
        yield from close_tabs(device, lambda shown: shown != title)


# --------------------------------------------------------------------------- history
class ClearHistory(_Away):
    """Clear the browsing history (bookmarks stay)."""

    name = "clear_history"
    template = "Clear the browser's browsing history."
    same_instruction = "the whole history goes: there is no target to vary"
    difficulty = 2
    objective = "operate"
    tags = ("menu", "dialog")

    @dataclass(frozen=True)
    class Params:
        pass

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params()

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        def test(j: Judged) -> tuple[bool, str]:
            left = _browser(j.final)["history"]
            return not left, f"expected no history; found {len(left)} visits"
        return [C.holds("history cleared", test, allows=BROWSING)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from menu(device, "history")
        yield O.tap(device, id="clear_data")
        yield O.tap(device, id="clear_dialog:clear")


class DeleteVisit(_Away):
    """Remove one visit from the history (the site's other pages were visited too)."""

    name = "delete_visit"
    template = 'Remove the visit to "{title}" from the browser history, keeping the rest.'
    phrasings = ("Delete \"{title}\" from the browser's history, and nothing else.",
                 "In the browser history, remove the entry \"{title}\" but keep every other visit.")
    difficulty = 2
    objective = "operate"
    tags = ("scroll",)

    @dataclass(frozen=True)
    class Params:
        visit_id: int
        title: str

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        visits = _store(device)["history"]
        return [h for h in visits if sum(v["title"] == h["title"] for v in visits) == 1]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        h = _pick(rng, cls.candidates(device))
        return cls.Params(h["id"], h["title"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not any(h["id"] == params.visit_id and h["title"] == params.title
                   for h in cls.candidates(device)):
            raise ValueError(f"no single visit {params.visit_id} titled {params.title!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [browsing(initial, gone=[self.params.visit_id])]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from menu(device, "history")
        node = yield from O.scroll_to(device, text=f"Remove {self.params.title}")
        yield O.tap(device, node)


# --------------------------------------------------------------------------- downloads
def downloaded(initial: dict[str, Any], name: str, content: str) -> list[Expectation]:
    path = f"{model.DOWNLOADS}/{name}"
    return [C.created("os.files", key=path, where={"is_dir": False, "size": len(content.encode())},
                      name=f"{path} downloaded"),
            C.created(DOWNLOADS, {"name": name, "path": path}),
            browsing(initial)]


class DownloadRecipeCard(_Away, _RecipeTask):
    """Download a recipe's printable card into Download."""

    name = "download_recipe_card"
    template = "Download the recipe card PDF for {recipe} from Home Kitchen."
    phrasings = ("From Home Kitchen, download the {recipe} recipe card (PDF).",
                 "Get the PDF recipe card of the {recipe} from Home Kitchen onto the phone.")
    difficulty = 2
    away_from = recipes.HOST
    objective = "operate"
    tags = ("navigation", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        r = _recipe(self.params.recipe)
        return downloaded(initial, r.card_file, recipes.card_text(r))

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_recipe(device)
        node = yield from O.scroll_to(device, id=f"download:{_recipe(self.params.recipe).card_file}")
        yield O.tap(device, node)


class DownloadManual(_ProductTask):
    """Find a product with the store's search and download its manual."""

    name = "download_manual"
    template = "Download the user manual of the {product} from Gadget Corner."
    phrasings = ("From Gadget Corner, download the {product}'s user manual.",
                 "Get the user manual for the {product} from Gadget Corner (download it).")
    difficulty = 2
    objective = "operate"
    tags = ("search", "typing", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        p = self.product()
        return downloaded(initial, p.manual_file, shop.manual_text(p))

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from go_to(device, sites.search_url(self.params.product))
        yield from follow(device, self.url())
        node = yield from O.scroll_to(device, id=f"download:{self.product().manual_file}")
        yield O.tap(device, node)


# --------------------------------------------------------------------------- other apps
class SaveDeskNumber(_BrowserTask):
    """Save a help desk's phone number from the contact page as a contact."""

    name = "save_desk_number"
    template = "Save the phone number of the Riverside Help Center's {desk} (help.local) as " \
               'a new contact named "{name}".'
    phrasings = ("Add a contact \"{name}\" with the phone number of the {desk} of the Riverside Help Center (help.local).",
                 "Look up the Riverside Help Center's {desk} phone number on help.local and save it as a new contact called \"{name}\".")
    difficulty = 3
    objective = "hybrid"
    apps = ("browser", "contacts")
    tags = ("cross_app", "memory", "typing")

    @dataclass(frozen=True)
    class Params:
        desk: str
        name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        desk = _pick(rng, help_site.DESKS)
        return cls.Params(desk.name.lower(), f"Riverside {desk.name}")

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("desk", params.desk, [d.name.lower() for d in help_site.DESKS])
        if not params.name.strip():
            raise ValueError("the contact needs a name")

    def phone(self) -> str:
        return next(d.phone for d in help_site.DESKS if d.name.lower() == self.params.desk)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(contacts.CONTACTS, {"name": C.text_like(self.params.name),
                                              "phone": C.digits_like(self.phone())}),
                browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        from .cross_app import _add_contact
        yield from shortcut(device, help_site.HOST)
        yield from follow(device, _url(help_site.HOST, "/contact"))
        desk = next(d.name for d in help_site.DESKS if d.name.lower() == self.params.desk)
        number = yield from _fact(device, desk)
        yield from _add_contact(device, self.params.name, number)


@dataclass(frozen=True)
class _LinksTo(C.Matcher):
    """A message body holding a page's address (with or without its scheme)."""

    url: str

    def __call__(self, value: Any) -> bool:
        return isinstance(value, str) and sites.short(self.url) in value

    def describe(self) -> str:
        return f"a text with the link {sites.short(self.url)}"


class TextRecipeLink(_RecipeTask):
    """Share a recipe page's link to a contact by text (Share, the chooser, Messages)."""

    name = "text_recipe_link"
    template = "Text {contact} the link to the Home Kitchen recipe for {recipe}."
    phrasings = ("Send {contact} a text with the link to Home Kitchen's {recipe} recipe.",
                 "Share the Home Kitchen recipe page for {recipe} with {contact} by text message.")
    difficulty = 3
    objective = "operate"
    apps = ("browser", "messages")
    tags = ("cross_app", "share", "menu", "typing")

    @dataclass(frozen=True)
    class Params:
        recipe: str
        contact: str
        phone: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        person = _someone(rng, device)
        return cls.Params(_pick(rng, cls.options()), person["name"], person["phone"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("recipe", params.recipe, cls.options())
        _check_contact(device, params.contact, params.phone)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [messages.sent(C.digits_like(self.params.phone), _LinksTo(self.url())),
                browsing(initial), messages.READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_recipe(device)
        yield from menu(device, "share")
        yield O.tap(device, id="choose:messages")
        yield from messages.choose_recipient(device, self.params.contact)
        yield O.tap(device, id="send")


@dataclass(frozen=True)
class _Lists(C.Matcher):
    """A text naming every item (each as words of its own; order and punctuation free)."""

    items: tuple[str, ...]

    def __call__(self, value: Any) -> bool:
        if not isinstance(value, str):
            return False
        body = f" {C.normalize_text(value)} "
        return all(f" {C.normalize_text(i)} " in body for i in self.items)

    def describe(self) -> str:
        return "a text listing " + ", ".join(self.items)


class IngredientsToNote(_RecipeTask):
    """Copy a recipe's ingredients into a new note."""

    name = "ingredients_to_note"
    template = 'Make a note titled "{recipe}" that lists every ingredient of the Home ' \
               "Kitchen recipe for {recipe}."
    phrasings = ("Create a note \"{recipe}\" listing all the ingredients of Home Kitchen's {recipe} recipe.",
                 "Copy every ingredient of the {recipe} recipe on Home Kitchen into a new note titled \"{recipe}\".")
    difficulty = 3
    objective = "hybrid"
    apps = ("browser", "notes")
    tags = ("cross_app", "memory", "typing", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        items = _recipe(self.params.recipe).ingredients
        return [C.created(notes.NOTES, {"title": C.text_like(self.params.recipe),
                                        "body": _Lists(items)}),
                browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        from .cross_app import _app_home
        yield from self.open_recipe(device)
        items = []
        for i in _recipe(self.params.recipe).ingredients:
            node = yield from O.scroll_to(device, text=i)
            items.append(node["text"])
        yield from _app_home(device, "notes", "fab")
        yield O.tap(device, id="fab")
        yield from O.type_into(device, self.params.recipe, id="title")
        yield from O.type_into(device, "\n".join(items), id="body")
        yield O.tap(device, id="save")


# --------------------------------------------------------------------------- more facts
class ArticleDate(_Away, _ArticleTask, _Query):
    """The date an article was published (the byline under its title)."""

    name = "article_date"
    template = 'On what date did the Daily Ledger publish "{title}"?'
    phrasings = ("When was the Daily Ledger article \"{title}\" published? Give the date.",
                 "What is the publication date of \"{title}\" in the Daily Ledger?")
    difficulty = 2
    away_from = news.HOST
    tags = ("navigation", "scroll")

    def answer(self) -> Expectation:
        art = next(a for a in news.ARTICLES if a.title == self.params.title)
        year, month, day = (int(p) for p in art.date.split("-"))
        return C.answer_date(year, month, day)

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from self.open_article(device)
        line = O.node(device, where=lambda n: n["text"].startswith("By "))
        yield A.answer(line["text"].split(" · ")[1])


class ReopenFromHistory(_BrowserTask):
    """Reopen a page known only by when it was visited (the history page lists the times)."""

    name = "reopen_from_history"
    template = "In the browser, reopen the page you visited on {day} at {time}."
    phrasings = ("Open again the page I visited in the browser on {day} at {time}.",
                 "In the browser, go back to the page from my history visited on {day} at {time}.")
    difficulty = 3
    objective = "hybrid"
    tags = ("menu", "scroll", "memory")

    @dataclass(frozen=True)
    class Params:
        visit_id: int
        day: str
        time: str

    @staticmethod
    def when(device: Device, visit: dict[str, Any]) -> tuple[str, str]:
        """A visit's local day ("February 28") and time ("21:07"), as the history shows."""
        offset = device.kernel.clock.tz_offset_minutes * 60_000
        local = datetime.datetime.fromtimestamp((visit["visited_ms"] + offset) / 1000,
                                                datetime.timezone.utc)
        return f"{local:%B} {local.day}", f"{local:%H:%M}"

    @classmethod
    def candidates(cls, device: Device) -> list[dict[str, Any]]:
        """Visits of pages that are not visited at another time too, off the start page."""
        visits = _store(device)["history"]
        return [h for h in visits if sum(v["url"] == h["url"] for v in visits) == 1]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        h = _pick(rng, cls.candidates(device))
        return cls.Params(h["id"], *cls.when(device, h))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        h = next((h for h in cls.candidates(device) if h["id"] == params.visit_id), None)
        if h is None or cls.when(device, h) != (params.day, params.time):
            raise ValueError(f"no single visit {params.visit_id} on {params.day} at "
                             f"{params.time}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        url = next(h["url"] for h in _browser(initial)["history"]
                   if h["id"] == self.params.visit_id)
        return [shows(url), browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from menu(device, "history")
        day, time = self.params.day, self.params.time
        node = yield from O.scroll_to(device, where=lambda n: n["id"] in visit_rows(
            device, day, time))
        yield O.tap(device, node)


@dataclass(frozen=True)
class _Hours(C.Matcher):
    """A text holding both times of an opening-hours range (any clock format)."""

    opens: tuple[int, int]
    closes: tuple[int, int]

    def __call__(self, value: Any) -> bool:
        if not isinstance(value, str):
            return False
        times = set(C.parse_times(value))
        return {h * 60 + m for h, m in (self.opens, self.closes)} <= times

    def describe(self) -> str:
        (a, b), (c, d) = self.opens, self.closes
        return f"a text with the hours {a:02d}:{b:02d} - {c:02d}:{d:02d}"


class TextDeskHours(_BrowserTask):
    """Look up a desk's weekday hours and text them to a contact."""

    name = "text_desk_hours"
    template = "Text {contact} the weekday opening hours of the Riverside Help Center's " \
               "{desk} (help.local)."
    phrasings = ("Send {contact} a text with the weekday opening hours of the {desk} of the Riverside Help Center (help.local).",
                 "Look up on help.local when the Riverside Help Center's {desk} is open on weekdays and text those hours to {contact}.")
    difficulty = 3
    objective = "hybrid"
    apps = ("browser", "messages")
    tags = ("cross_app", "memory", "typing", "scroll")

    @dataclass(frozen=True)
    class Params:
        desk: str
        contact: str
        phone: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        person = _someone(rng, device)
        desk = _pick(rng, help_site.DESKS)
        return cls.Params(desk.name.lower(), person["name"], person["phone"])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_choice("desk", params.desk, [d.name.lower() for d in help_site.DESKS])
        _check_contact(device, params.contact, params.phone)

    def desk(self) -> help_site.Desk:
        return next(d for d in help_site.DESKS if d.name.lower() == self.params.desk)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        opens, closes = (tuple(int(x) for x in t.split(":"))
                         for t in self.desk().hours.split(" - "))
        return [messages.sent(C.digits_like(self.params.phone),
                              _Hours(opens, closes)),  # type: ignore[arg-type]
                browsing(initial), messages.READING]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from shortcut(device, help_site.HOST)
        yield from follow(device, _url(help_site.HOST, "/hours"))
        blocks = sites.page(_url(help_site.HOST, "/hours")).blocks
        heading = blocks.index(("h2", self.desk().name))  # its weekday hours follow it
        node = yield from O.scroll_to(device, id=f"block:{heading + 1}")
        hours = node["text"].split(": ", 1)[1]
        yield from messages.compose(device, self.params.contact, f"Open {hours} on weekdays")


# --------------------------------------------------------------------------- long press, edit
class ArticleInNewTab(_ArticleTask):
    """Open an article in a second tab from the front page (a link's long-press menu), the
    front page staying open in the first."""

    name = "article_in_new_tab"
    template = 'The Daily Ledger front page is open: open the article "{title}" in a new tab ' \
               "and keep the front page open in its own tab."
    phrasings = ("The browser shows the Daily Ledger front page: open \"{title}\" in a new tab so that the front page stays open in its tab.",
                 "From the Daily Ledger front page that is open, open the article \"{title}\" in another tab, keeping the front page in its own tab.")
    difficulty = 1
    max_steps = 14
    objective = "operate"
    tags = ("long_press", "scroll", "navigation")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _open_tabs(device, [_url(news.HOST, "/")])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        want = sorted([_url(news.HOST, "/"), self.url()])

        def test(j: Judged) -> tuple[bool, str]:
            urls = _tab_urls(j.final)
            return sorted(urls) == want, f"expected tabs on {want}; found {urls}"
        return [C.holds("front page and article in two tabs", test, allows=TABS_MOVE),
                browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        node = yield from O.scroll_to(device, id=link_id(self.url()))
        yield O.long_press(device, node)
        yield O.tap(device, id="link_menu:new_tab")


NEW_NAMES = ("Weekend reading", "Check later", "Saved page", "For Sam", "Useful link",
             "Read tonight")


class RenameBookmark(_BookmarkTask):
    """Rename a bookmark through its Edit dialog."""

    name = "rename_bookmark"
    template = 'Rename the browser bookmark "{title}" to "{new_title}".'
    phrasings = ("Change the name of my browser bookmark \"{title}\" to \"{new_title}\".",
                 "Edit the bookmark \"{title}\" in the browser so that it is called \"{new_title}\".")
    difficulty = 2
    objective = "operate"
    tags = ("menu", "dialog", "typing")

    @dataclass(frozen=True)
    class Params:
        bookmark_id: int
        title: str
        new_title: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        b = _pick(rng, _store(device)["bookmarks"])
        return cls.Params(b["id"], b["title"], _pick(rng, NEW_NAMES))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if not params.new_title.strip() or len(params.new_title) > model.MAX_TITLE:
            raise ValueError(f"bad new title {params.new_title!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.modified(BOOKMARKS, id=self.params.bookmark_id,
                           fields={"title": C.text_like(self.params.new_title)}),
                browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from bookmark_menu(device, self.params.title)
        yield O.tap(device, id="bookmark_menu:edit")
        yield from O.type_into(device, self.params.new_title, id="bookmark_name")
        yield O.tap(device, id="edit_bookmark:save")


class LinkToNote(_ArticleTask):
    """Keep an article's address in a note: the link's long-press Copy, then Paste in Notes."""

    name = "link_to_note"
    template = 'Save the link to the Daily Ledger article "{title}" in a new note titled ' \
               '"Read later".'
    phrasings = ("Create a note titled \"Read later\" holding the link to the Daily Ledger article \"{title}\".",
                 "Copy the link of the Daily Ledger article \"{title}\" into a new note called \"Read later\".")
    difficulty = 3
    objective = "operate"
    apps = ("browser", "notes")
    tags = ("cross_app", "long_press", "typing", "scroll")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.created(notes.NOTES, {"title": C.text_like("Read later"),
                                        "body": _LinksTo(self.url())}),
                browsing(initial), C.may_change("os.clipboard")]

    def oracle(self, device: Device) -> Iterator[Action]:
        from .cross_app import _app_home
        yield from shortcut(device, news.HOST)
        node = yield from O.scroll_to(device, id=link_id(self.url()))
        yield O.long_press(device, node)
        yield O.tap(device, id="link_menu:copy")
        yield from _app_home(device, "notes", "fab")
        yield O.tap(device, id="fab")
        yield from O.type_into(device, "Read later", id="title")
        yield O.tap(device, id="body")
        yield from O.paste_into(device, id="body")
        yield O.tap(device, id="save")


class CloseSiteTabs(_OneOf):
    """Close the tabs of one site among six tabs of four sites, keeping the others."""

    name = "close_site_tabs"
    template = "Close every browser tab that shows a page of {site}, and leave the other tabs " \
               "open."
    phrasings = ("In the browser, close all the tabs on {site} pages and keep the rest open.",
                 "Close the browser tabs showing {site}, leaving every other tab open.")
    difficulty = 1
    max_steps = 14
    objective = "operate"
    tags = ("navigation", "counting", "multi_step")
    start = Start(background=("browser",))  # the Browser was left with those tabs
    SITES = {"news.local": news.NAME, "recipes.local": recipes.NAME, "shop.local": shop.NAME,
             "help.local": help_site.NAME}
    PAGES = ("https://news.local/", "https://news.local/comet-visible",
             "https://recipes.local/banana-pancakes", "https://recipes.local/greek-salad",
             "https://shop.local/", "https://shop.local/product/orbit-fit-band",
             "https://help.local/faq", "https://help.local/hours")

    @dataclass(frozen=True)
    class Params:
        site: str

    @classmethod
    def options(cls) -> list[str]:
        return list(cls.SITES.values())

    def host(self) -> str:
        return next(h for h, n in self.SITES.items() if n == self.params.site)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        """Six tabs: both pages of the site and four of the others, shuffled, the last
        one of another site on screen."""
        ours = [u for u in self.PAGES if sites.host(u) == self.host()]
        others = [u for u in self.PAGES if sites.host(u) != self.host()]
        chosen = ours + [others[i] for i in rng.choice(len(others), size=4, replace=False)]
        order = [chosen[i] for i in rng.permutation(len(chosen))]
        shown = max(i for i, u in enumerate(order) if sites.host(u) != self.host())
        _open_tabs(device, order, current=shown)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        want = [u for u in _tab_urls(initial) if sites.host(u) != self.host()]

        def test(j: Judged) -> tuple[bool, str]:
            urls = _tab_urls(j.final)
            return urls == want, f"expected the tabs {want}; found {urls}"
        return [C.holds(f"only the tabs off {self.host()} left", test, allows=TABS_MOVE),
                browsing(initial)]

    def oracle(self, device: Device) -> Iterator[Action]:
        site = self.params.site  # its pages' titles name it: "FAQ - Riverside Help Center"
        yield from open_browser(device)
        yield from close_tabs(device, lambda shown: site in shown)
