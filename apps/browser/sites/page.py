"""What a built-in page is: a title and a sequence of blocks the browser renders in order.

A block is a tuple whose first item says its kind:

- ``("h1", text)``, ``("h2", text)``: headings; ``("p", text)``: a paragraph;
  ``("meta", text)``: a small grey line (a byline, a date); ``("li", text)``: a bullet item;
- ``("kv", label, value)``: a labelled fact on one row (``Price``, ``$49.99``);
- ``("img", picture)``: a picture generated from its name (``ui.pictures``);
- ``("link", label, url)``: a tappable link; ``("card", title, subtitle, url, picture)``: a
  tappable teaser (an article or a product in a list);
- ``("download", label, file_name, content)``: a link that saves ``content`` as
  ``/sdcard/Download/<file_name>``.

Pages are plain data, so the search page indexes them and tasks read facts from the same
records the pages are built from.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

Block = tuple[str, ...]


@dataclass(frozen=True)
class Page:
    """A page: its title (tab, history, bookmarks) and its blocks."""

    title: str
    blocks: tuple[Block, ...]

    @functools.cached_property
    def _text(self) -> str:
        return "\n".join(visible_text(b) for b in self.blocks)

    def text(self) -> str:
        """Every visible word of the page, for search and find-in-page (computed once)."""
        return self._text


def visible_text(block: Block) -> str:
    """The text a block shows (a picture shows none, a download shows its label)."""
    kind = block[0]
    if kind == "img":
        return ""
    if kind == "kv":
        return f"{block[1]}: {block[2]}"
    if kind == "card":
        return f"{block[1]}\n{block[2]}"
    return block[1]


def slug(title: str) -> str:
    """``"Lemon Garlic Pasta"`` -> ``"lemon-garlic-pasta"`` (a page path)."""
    kept = "".join(ch.lower() if ch.isalnum() else " " for ch in title)
    return "-".join(kept.split())
