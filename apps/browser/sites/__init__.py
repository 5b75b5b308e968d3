"""The built-in offline web: five local sites, URL parsing, page lookup and the search engine.

URLs are kept canonical (``https://host/path``, lower-case host, no trailing slash but the
root's) so that history, bookmarks and tasks compare them as strings. ``about:newtab`` is the
start page. An unknown host gets Chrome's "This site can't be reached" page (the phone is
offline for the rest of the web), an unknown path on a known host a "404" page.
"""

from __future__ import annotations

import functools
import re
from urllib.parse import parse_qs, quote_plus, urlsplit

from . import help, news, recipes, shop
from .page import Block, Page, slug, visible_text

__all__ = ["NEWTAB", "SEARCH_HOST", "SITES", "Block", "Page", "canonical", "from_input", "host",
           "page", "search", "search_url", "short", "slug", "visible_text"]

NEWTAB = "about:newtab"
SEARCH_HOST = "search.local"
# host -> (site name, the module building its pages)
SITES = {m.HOST: (m.NAME, m) for m in (news, recipes, shop, help)}
SHORTCUTS = (("The Daily Ledger", "https://news.local/", "newspaper"),
             ("Home Kitchen", "https://recipes.local/", "restaurant"),
             ("Gadget Corner", "https://shop.local/", "shopping_bag"),
             ("Help Center", "https://help.local/", "help"),
             ("Search", "https://search.local/", "search"))
_HOST_LIKE = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(/.*)?$", re.I)


def canonical(url: str) -> str:
    """``HTTP://News.local/a/`` -> ``http://news.local/a``; other strings unchanged."""
    if url.startswith("about:"):
        return url
    parts = urlsplit(url)
    path = parts.path.rstrip("/") or "/"
    out = f"{parts.scheme.lower()}://{parts.netloc.lower()}{path}"
    return f"{out}?{parts.query}" if parts.query else out


def from_input(typed: str) -> str | None:
    """What the omnibox goes to for a typed text: a URL (with or without scheme) or a search
    of the text; None for blank input."""
    typed = typed.strip()
    if not typed:
        return None
    if typed.startswith("about:"):
        return typed.lower()
    if re.match(r"^https?://\S+$", typed, re.I):
        return canonical(typed)
    if " " not in typed and _HOST_LIKE.match(typed):
        return canonical(f"https://{typed}")
    return search_url(typed)


def search_url(query: str) -> str:
    return f"https://{SEARCH_HOST}/?q={quote_plus(query.strip())}"


def host(url: str) -> str:
    """The host a URL names ("" for the start page)."""
    return "" if url.startswith("about:") else urlsplit(url).netloc


def short(url: str) -> str:
    """A URL without its scheme (link ids, the omnibox while not editing)."""
    return url.split("://", 1)[-1]


def query_of(url: str) -> str:
    """The ``q`` of a search URL ("" when none)."""
    return parse_qs(urlsplit(url).query).get("q", [""])[0]


@functools.cache
def _site_pages(site: str) -> dict[str, Page]:
    return SITES[site][1].pages()


@functools.cache
def all_pages() -> dict[str, Page]:
    """Every page of the local sites by canonical URL."""
    return {f"https://{site}{path}" if path != "/" else f"https://{site}/": p
            for site in SITES for path, p in _site_pages(site).items()}


def page(url: str) -> Page:
    """The page a URL shows (the search page is computed from its query)."""
    if url == NEWTAB:
        return Page("New tab", ())
    name = host(url)
    if name == SEARCH_HOST:
        return _search_page(query_of(url))
    if name in SITES:
        path = urlsplit(url).path.rstrip("/") or "/"
        found = _site_pages(name).get(path)
        if found is not None:
            return found
        return Page(f"404 Not Found - {SITES[name][0]}", (
            ("h1", "404"), ("p", f"The page {path} was not found on {name}."),
            ("link", f"Go to the {SITES[name][0]} home page", f"https://{name}/")))
    return Page(name or url, (
        ("h1", "This site can’t be reached"),
        ("p", f"Check if there is a typo in {name or url}."),
        ("p", "You are offline: only the built-in sites (news.local, recipes.local, "
              "shop.local, help.local, search.local) can be opened."),
        ("meta", "DNS_PROBE_FINISHED_NXDOMAIN"),
    ))


def search(query: str) -> list[tuple[str, Page]]:
    """Pages matching a query, best first: each word found in the title counts 3, in the text
    1; pages without every word are left out."""
    words = re.findall(r"[\w$.]+", query.lower())
    if not words:
        return []
    scored = []
    for url, p in all_pages().items():
        title, body = p.title.lower(), p.text().lower()
        if all(w in body or w in title for w in words):
            score = sum(3 * title.count(w) + body.count(w) for w in words)
            scored.append((-score, url, p))
    return [(url, p) for _, url, p in sorted(scored, key=lambda s: (s[0], s[1]))]


def _snippet(p: Page, query: str) -> str:
    words = query.lower().split()
    for b in p.blocks:
        line = visible_text(b)
        if b[0] in ("p", "li", "kv") and any(w in line.lower() for w in words):
            return line
    return next((visible_text(b) for b in p.blocks if b[0] == "p"), "")


@functools.lru_cache(maxsize=64)
def _search_page(query: str) -> Page:
    if not query.strip():
        return Page("Local Search", (("h1", "Local Search"),
                                     ("p", "Search news, recipes, products and help pages.")))
    found = search(query)
    results: list[Block] = [("card", p.title, f"{short(url)}\n{_snippet(p, query)}", url, "")
                            for url, p in found[:10]]
    count = f"{len(found)} result{'s' if len(found) != 1 else ''}"
    return Page(f"{query} - Local Search", (
        ("meta", count), *results) if found else (
        ("meta", count), ("p", f"Your search - {query} - did not match any pages.")))
