"""Drawing a page: each block is a retained view (a page looks the same every time it shows,
so its rows are blitted from the cache), the start page, and find-in-page matching."""

from __future__ import annotations

import re

from mobilegym_env.ui import FILL, Call, ScreenContext, View, col, icon, image, retained, row, text
from mobilegym_env.ui import theme as T

from . import model, sites

LINK = "#1A0DAB"  # the web's visited-not link blue, as Chrome draws unstyled links
MATCH = "#FFF176"  # find-in-page: a paragraph with matches, and the active one
ACTIVE = "#FF9632"
PAGE_PAD = 16


def link_id(url: str) -> str:
    return f"link:{sites.short(url)}"


@retained(maxsize=512)
def block_view(kind: str, a: str, b: str, c: str, d: str, on_tap: Call | None,
               on_long_press: Call | None, node_id: str, mark: str) -> View:
    """One block (see ``sites.page``) with its strings ``a``-``d``; ``mark`` is a
    find-in-page highlight colour or ""; a link's long press opens its context menu."""
    bg = mark or None
    if kind == "h1":
        return text(a, 22, "medium", T.TEXT, max_lines=None, w=FILL, pad=(0, 6), bg=bg,
                    role="heading", id=node_id)
    if kind == "h2":
        return text(a, 18, "medium", T.TEXT, max_lines=None, w=FILL, pad=(0, 10, 0, 2),
                    bg=bg, role="heading", id=node_id)
    if kind == "meta":
        return text(a, 12, color=T.TEXT_SECONDARY, max_lines=None, w=FILL, bg=bg, id=node_id)
    if kind == "li":
        return row(text("•", 15, color=T.TEXT, role=None),
                   text(a, 15, color=T.TEXT, max_lines=None, w=FILL, role=None),
                   gap=8, w=FILL, align="start", bg=bg, text=a, role="text", id=node_id)
    if kind == "kv":
        return row(text(a, 14, color=T.TEXT_SECONDARY, w=130, max_lines=None, role=None),
                   text(b, 15, "medium", T.TEXT, max_lines=None, w=FILL, role=None),
                   w=FILL, pad=(0, 4), gap=8, align="start", bg=bg, text=f"{a}: {b}",
                   role="text", id=node_id)
    if kind == "img":
        return image(a, w=FILL, h=170, radius=12, id=node_id)
    if kind == "link":
        return text(a, 15, "medium", LINK, max_lines=None, w=FILL, pad=(0, 8), bg=bg,
                    on_tap=on_tap, on_long_press=on_long_press, role="link", id=node_id)
    if kind == "download":
        return row(icon("download", 18, LINK), text(a, 15, "medium", LINK, role=None), gap=8,
                   w=FILL, h=40, bg=bg, on_tap=on_tap, role="link", text=a, id=node_id)
    if kind == "card":
        pic = image(d, w=72, h=72, radius=8) if d else None
        return row(pic, col(text(a, 15, "medium", LINK if not d else T.TEXT, max_lines=2,
                                 role=None),
                            text(b, 13, color=T.TEXT_SECONDARY, max_lines=3, role=None),
                            w=FILL, gap=4),
                   w=FILL, pad=(0, 8), gap=12, align="start", bg=bg, on_tap=on_tap,
                   on_long_press=on_long_press, role="link", text=f"{a}. {b}", id=node_id)
    return text(a, 15, color=T.TEXT, max_lines=None, w=FILL, bg=bg, id=node_id)  # "p"


def block_views(blocks: tuple[sites.Block, ...], marks: dict[int, str]) -> list[View]:
    out = []
    for i, b in enumerate(blocks):
        kind = b[0]
        strings = (list(b[1:]) + ["", "", "", ""])[:4]
        on_tap: Call | None = None
        on_long_press: Call | None = None
        node_id = f"block:{i}"
        if kind in ("link", "card"):
            url = b[2] if kind == "link" else b[3]
            on_tap, node_id = Call(follow, url), link_id(url)
            on_long_press = Call(open_link_menu, url)
            if kind == "card":
                strings[2] = ""  # the URL is the handler, not a picture
                strings[3] = b[4]
        elif kind == "download":
            on_tap, node_id = Call(save_download, b[2], b[3]), f"download:{b[2]}"
            strings[2] = strings[3] = ""
        out.append(block_view(kind, *strings, on_tap, on_long_press, node_id,
                              marks.get(i, "")))
    return out


def follow(ctx: ScreenContext, url: str) -> None:
    """A link: opens its URL in the current tab."""
    model.navigate(ctx.state, url, ctx.os.clock.now_ms())
    ctx.ui["scroll:page"] = 0
    ctx.ui["search_q"] = sites.query_of(url) if sites.host(url) == sites.SEARCH_HOST else ""


def open_link_menu(ctx: ScreenContext, url: str) -> None:
    """A link's long press: its context menu (in the route, so Back closes it)."""
    ctx.open_dialog("link", url=url)


def save_download(ctx: ScreenContext, name: str, content: str) -> None:
    """A download link: saves its file under Download and says so."""
    rec = model.download(ctx.state, ctx.os.files, name, content,
                         model.current_url(ctx.state), ctx.os.clock.now_ms())
    ctx.toast(f"Downloaded {rec['name']}")


# ----- find in page
def matches(blocks: tuple[sites.Block, ...], query: str) -> list[int]:
    """The block index of each match of ``query`` (case-insensitive), in page order."""
    q = query.strip().lower()
    if not q:
        return []
    out = []
    for i, b in enumerate(blocks):
        out += [i] * len(re.findall(re.escape(q), sites.visible_text(b).lower()))
    return out


def offset_of(blocks: tuple[sites.Block, ...], index: int) -> int:
    """A rough y offset of block ``index`` in the page (to scroll a find match into view)."""
    y = 0
    for b in blocks[:index]:
        kind = b[0]
        if kind == "img":
            y += 178
        elif kind == "card":
            y += 96
        else:
            y += 24 * (1 + len(sites.visible_text(b)) // 38) + 8
    return max(0, y - 120)
