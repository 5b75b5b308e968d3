"""Browser's store operations: navigation in tabs, tabs, bookmarks, history and downloads.

Functions take the app's store (``ctx.state`` or ``kernel.app_state("browser")``) and change
it in place; screens, the Back handler and the intent hook all go through them.
"""

from __future__ import annotations

import posixpath
from typing import Any

from . import sites

DOWNLOADS = "/sdcard/Download"
MAX_TABS = 50
MAX_TITLE = 120
Store = dict[str, Any]


# ----- tabs and navigation
def tab(store: Store, tab_id: int) -> dict[str, Any] | None:
    return next((t for t in store["tabs"] if t["id"] == tab_id), None)


def current(store: Store) -> dict[str, Any]:
    """The tab on screen (the first one if the id is stale)."""
    return tab(store, store["current_tab"]) or store["tabs"][0]


def url_of(t: dict[str, Any]) -> str:
    return t["history"][t["index"]]


def current_url(store: Store) -> str:
    return url_of(current(store))


def _visit(store: Store, url: str, now_ms: int) -> None:
    if url.startswith("about:"):
        return
    store["history"].append({"id": store["next_history_id"], "title": sites.page(url).title,
                             "url": url, "visited_ms": now_ms})
    store["next_history_id"] += 1


def navigate(store: Store, url: str, now_ms: int) -> None:
    """Opens a URL in the current tab (forward entries are dropped; the same URL again is a
    reload and adds no entry)."""
    url = sites.canonical(url)
    t = current(store)
    if url_of(t) == url:
        return
    t["history"] = t["history"][:t["index"] + 1] + [url]
    t["index"] = len(t["history"]) - 1
    _visit(store, url, now_ms)


def go_back(store: Store) -> bool:
    t = current(store)
    if t["index"] == 0:
        return False
    t["index"] -= 1
    return True


def go_forward(store: Store) -> bool:
    t = current(store)
    if t["index"] >= len(t["history"]) - 1:
        return False
    t["index"] += 1
    return True


def new_tab(store: Store, url: str, now_ms: int) -> int:
    """Opens a tab on ``url`` and shows it; returns its id."""
    if len(store["tabs"]) >= MAX_TABS:
        raise ValueError(f"Can't open more than {MAX_TABS} tabs")
    url = sites.canonical(url)
    tab_id = store["next_tab_id"]
    store["next_tab_id"] += 1
    store["tabs"].append({"id": tab_id, "history": [url], "index": 0})
    store["current_tab"] = tab_id
    _visit(store, url, now_ms)
    return tab_id


def close_tab(store: Store, tab_id: int) -> None:
    """Closes a tab; the one before it (or after) becomes current; closing the last tab
    leaves one new tab."""
    ids = [t["id"] for t in store["tabs"]]
    if tab_id not in ids:
        return
    at = ids.index(tab_id)
    store["tabs"] = [t for t in store["tabs"] if t["id"] != tab_id]
    if not store["tabs"]:
        new_tab(store, sites.NEWTAB, 0)
    elif store["current_tab"] == tab_id:
        store["current_tab"] = store["tabs"][max(0, at - 1)]["id"]


def close_all_tabs(store: Store) -> None:
    for t in list(store["tabs"]):
        close_tab(store, t["id"])


# ----- bookmarks
def bookmark_of(store: Store, url: str) -> dict[str, Any] | None:
    return next((b for b in store["bookmarks"] if b["url"] == url), None)


def add_bookmark(store: Store, url: str, now_ms: int) -> dict[str, Any]:
    found = bookmark_of(store, url)
    if found is not None:
        return found
    rec = {"id": store["next_bookmark_id"], "title": sites.page(url).title, "url": url,
           "created_ms": now_ms}
    store["next_bookmark_id"] += 1
    store["bookmarks"].append(rec)
    return rec


def rename_bookmark(store: Store, bookmark_id: int, title: str) -> None:
    """Renames a bookmark; a blank or over-long name is refused with a ValueError."""
    title = title.strip()
    if not title:
        raise ValueError("Name can't be empty")
    if len(title) > MAX_TITLE:
        raise ValueError(f"Name is too long (at most {MAX_TITLE} characters)")
    for b in store["bookmarks"]:
        if b["id"] == bookmark_id:
            b["title"] = title


def delete_bookmark(store: Store, bookmark_id: int) -> None:
    store["bookmarks"] = [b for b in store["bookmarks"] if b["id"] != bookmark_id]


# ----- history
def delete_visit(store: Store, visit_id: int) -> None:
    store["history"] = [h for h in store["history"] if h["id"] != visit_id]


def clear_history(store: Store) -> None:
    store["history"] = []


# ----- downloads
def free_name(files: Any, name: str) -> str:
    """``menu.pdf``, else ``menu (1).pdf``, ``menu (2).pdf``... as Chrome names repeats."""
    stem, ext = posixpath.splitext(name)
    n = 0
    while files.exists(f"{DOWNLOADS}/{name}"):
        n += 1
        name = f"{stem} ({n}){ext}"
    return name


def download(store: Store, files: Any, name: str, content: str, url: str,
             now_ms: int) -> dict[str, Any]:
    """Saves ``content`` as a new file in Download and records it; returns the record."""
    if not files.exists(DOWNLOADS):
        files.mkdir(DOWNLOADS, parents=True)
    name = free_name(files, name)
    path = f"{DOWNLOADS}/{name}"
    files.write_text(path, content, mtime_ms=now_ms)
    rec = {"id": store["next_download_id"], "name": name, "path": path, "url": url,
           "created_ms": now_ms}
    store["next_download_id"] += 1
    store["downloads"].append(rec)
    return rec


def page_file(url: str) -> tuple[str, str]:
    """The file name and content "Download page" saves for a URL."""
    p = sites.page(url)
    base = sites.slug(p.title.split(" - ")[0]) or "page"
    return f"{base}.html", f"<title>{p.title}</title>\n{p.text()}"
