"""Layout: turns a view tree into a flat, paint-ordered list of placed nodes.

One pass measures (wrap-content sizes, memoized per node) and places; scroll containers clip and
cull children outside their viewport so long lists cost only what is visible.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import fonts
from .view import FILL, View

Clip = tuple[int, int, int, int]  # x0, y0, x1, y1
INF = 1 << 20
FIELD_H = 48  # a field's default height (a multi-line field's first line sits as in one)


class Placed(NamedTuple):
    view: View
    x: int
    y: int
    w: int
    h: int
    clip: Clip
    under: str | None = None  # opaque colour known to be beneath the node (None: unknown)
    nodes: int = 1  # placed nodes in its subtree, itself included (kept for ``clip`` and
    # ``reuse`` nodes)

    def visible_rect(self) -> Clip | None:
        x0, y0 = max(self.x, self.clip[0]), max(self.y, self.clip[1])
        x1, y1 = min(self.x + self.w, self.clip[2]), min(self.y + self.h, self.clip[3])
        return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None

    def shows(self, x: float, y: float) -> bool:
        """Whether the point lies in the node's visible part (``visible_rect``, without
        building it: hit-testing asks this of every node under a gesture)."""
        c = self.clip
        return self.x <= x < self.x + self.w and c[0] <= x < c[2] \
            and self.y <= y < self.y + self.h and c[1] <= y < c[3]


class ScrollInfo(NamedTuple):
    view: View
    rect: Clip
    content: int  # content length along the scroll axis
    viewport: int


def text_lines(v: View, width: int) -> list[str] | tuple[str, ...]:
    text = v.text
    if "\n" not in text and fonts.text_size(text, v.size, v.weight)[0] <= width:
        return (text,)  # the common case: it fits on one line
    return fonts.wrap_text(text, v.size, v.weight, max(width, 1), v.max_lines)


def field_font(v: View) -> int:
    """The text size of a field: 15 unless the field was given a size other than 14."""
    return v.size if v.size != 14 else 15


def field_lines(v: View, width: int) -> tuple[str, ...]:
    """What a field shows in ``width`` pixels: its text (dots if secret) or else its hint.

    A one-line field (``max_lines=1``, the default) shows newlines as spaces and the end of
    text too long for it (where the caret is), or an ellipsized hint. A multi-line field
    (``max_lines`` None or above 1) wraps: a newline starts a line, long words break.
    """
    size = field_font(v)
    shown = "\u2022" * len(v.text) if v.secret else v.text
    label = shown or v.hint
    if v.max_lines != 1:
        return fonts.break_lines(label, size, "regular", width)
    label = label.replace("\n", " ")
    if shown:
        return (fonts.fitting_tail(label, size, "regular", max(width - 4, 1)),)
    return (fonts.ellipsize(label, size, "regular", max(width, 1)),)


def field_top(v: View) -> int:
    """Top inset of a multi-line field's first line: its top padding, else where the line
    sits in a one-line field of the default height."""
    pt = v.pad[1]
    return pt if pt else (FIELD_H - fonts.text_size("Ag", field_font(v))[1]) // 2


def measure(v: View, max_w: int) -> tuple[int, int]:
    """Wrap-content size of ``v`` when at most ``max_w`` wide (memoized on the node)."""
    memo = v.__dict__.get("_measured")
    if memo is not None:  # the last two widths asked (a row asks at INF, then at its share)
        if memo[0] == max_w:
            return memo[1]
        if memo[2] == max_w:
            return memo[3]
    size = _measure(v, max_w)
    v.__dict__["_measured"] = (max_w, size, *(memo[:2] if memo else (None, None)))
    return size


def _measure(v: View, max_w: int) -> tuple[int, int]:
    pl, pt, pr, pb = v.pad
    kind = v.kind
    if kind == "text":
        if v.w is not None and v.w != FILL:
            max_w = v.w
        avail = max_w - pl - pr
        avail = avail if avail > 1 else 1
        lines = text_lines(v, avail)
        size, weight = v.size, v.weight
        width = 0
        for ln in lines:
            lw = fonts.text_size(ln, size, weight)[0]
            width = lw if lw > width else width
        line_h = fonts.text_size("Ag", size, weight)[1]
        width = width if width < avail else avail
        return _fixed(v.w, width + pl + pr), _fixed(v.h, line_h * len(lines) + pt + pb)
    if kind == "field":
        if v.max_lines == 1 or (v.h is not None and v.h != FILL):
            return _fixed(v.w, max_w), _fixed(v.h, FIELD_H)
        w = _fixed(v.w, max_w)
        lines = len(field_lines(v, w - pl - pr))
        if v.max_lines is not None:  # grows to max_lines, then shows the end
            lines = min(lines, v.max_lines)
        line_h = fonts.text_size("Ag", field_font(v))[1]
        inset = field_top(v)
        return w, max(FIELD_H, lines * line_h + inset + (pb or inset))
    w, h = v.w, v.h
    if h is not None and h != FILL and w is not None and (w != FILL or max_w < INF):
        return (max_w if w == FILL else w), h  # sized by its spec: children cannot change it
    inner_w = (max_w if w is None or w == FILL else w) - pl - pr
    if kind == "row":
        return _measure_row(v, max_w, inner_w)
    along_x = kind == "scroll" and v.horizontal
    stacked = kind in ("col", "scroll") and not along_x
    cw = ch = 0
    for c in v.children:
        sw, sh = measure(c, inner_w)
        if along_x:
            cw += sw
            ch = sh if sh > ch else ch
        elif stacked:
            ch += sh
            cw = sw if sw > cw else cw
        else:  # stack and leaves
            cw = sw if sw > cw else cw
            ch = sh if sh > ch else ch
    gaps = v.gap * (len(v.children) - 1) if len(v.children) > 1 else 0
    if along_x:
        cw += gaps
    elif stacked:
        ch += gaps
    # FILL takes the width offered, unless none is (measured inside a row): then it wraps
    w = max_w if v.w == FILL and max_w < INF else _fixed(v.w, cw + pl + pr)
    return w, _fixed(v.h, ch + pt + pb)


def _measure_row(v: View, max_w: int, inner_w: int) -> tuple[int, int]:
    """A row's size, from the widths its children will be placed at (``_main_sizes``):
    a child's height is measured at its own width, so text that wraps beside its
    neighbours makes the row as tall as it will be."""
    pl, pt, pr, pb = v.pad
    kids = v.children
    bounded = max_w < INF or (v.w is not None and v.w != FILL)
    sizes, _ = _main_sizes(v, kids, inner_w if bounded else INF, True, 0)
    ch = 0
    for c, size in zip(kids, sizes, strict=True):
        h = c.h if c.h is not None and c.h != FILL else measure(c, size)[1]
        ch = h if h > ch else ch
    gaps = v.gap * (len(kids) - 1) if len(kids) > 1 else 0
    cw = sum(sizes) + gaps
    w = max_w if v.w == FILL and max_w < INF else _fixed(v.w, cw + pl + pr)
    return w, _fixed(v.h, ch + pt + pb)


def _fixed(spec: int | None, content: int) -> int:
    return content if spec is None or spec == FILL else spec


def layout(root: View, x: int, y: int, w: int, h: int,
           under: str | None = None) -> tuple[list[Placed], list[ScrollInfo]]:
    """Places ``root`` in the given box; returns nodes in paint order and the scroll areas.

    ``under`` is the opaque colour already painted beneath the box, if known: text and
    rounded corners over a known colour are drawn without per-pixel alpha (much faster).
    """
    out: list[Placed] = []
    scrolls: list[ScrollInfo] = []
    _place(root, x, y, w, h, (x, y, x + w, y + h), out, scrolls, under)
    return out, scrolls


def _opaque(color: str | None) -> bool:
    return color is not None and (len(color) == 7 or color.endswith("FF"))


def _place(v: View, x: int, y: int, w: int, h: int, clip: Clip, out: list[Placed],
           scrolls: list[ScrollInfo], under: str | None = None) -> None:
    if x >= clip[2] or y >= clip[3] or x + w <= clip[0] or y + h <= clip[1]:
        return  # culled: wholly outside the visible region
    if not v.reuse:
        _place_node(v, x, y, w, h, clip, out, scrolls, under)
        return
    # a retained subtree: its placed nodes are replayed while its box is the same (the
    # nodes are immutable, so a subtree shared by several devices shares them too)
    key = (x, y, w, h, clip, under)
    memo = v.__dict__.get("_layout")
    if memo is not None:
        if memo[0] == key:
            out.extend(memo[1])
            scrolls.extend(memo[2])
            return
        if not memo[2] and _moved(memo[0], key):  # the same box elsewhere (a scrolled row)
            dx, dy = x - memo[0][0], y - memo[0][1]
            moved = [_shift(p, dx, dy, clip) for p in memo[1]]
            v.__dict__["_layout"] = (key, moved, [])
            out.extend(moved)
            return
    start, scroll_start = len(out), len(scrolls)
    _place_node(v, x, y, w, h, clip, out, scrolls, under)
    out[start] = out[start]._replace(nodes=len(out) - start)  # the painter skips them
    v.__dict__["_layout"] = (key, out[start:], scrolls[scroll_start:])


def _moved(old: tuple, new: tuple) -> bool:
    """Whether a subtree placed at ``old`` can be moved to ``new`` as it is: the same size,
    colour beneath and clip, wholly inside that clip both times (nothing of it culled)."""
    if old[2:] != new[2:]:
        return False
    x0, y0, w, h, (cx0, cy0, cx1, cy1) = *old[:4], old[4]
    x1, y1 = new[:2]
    return cx0 <= min(x0, x1) and cy0 <= min(y0, y1) and max(x0, x1) + w <= cx1 \
        and max(y0, y1) + h <= cy1


def _shift(p: Placed, dx: int, dy: int, clip: Clip) -> Placed:
    """A placed node moved by (dx, dy); a clip of its own (a clipping node's) moves with it."""
    c = p.clip
    if c != clip:
        c = (c[0] + dx, c[1] + dy, c[2] + dx, c[3] + dy)
    return p._replace(x=p.x + dx, y=p.y + dy, clip=c)


def _place_node(v: View, x: int, y: int, w: int, h: int, clip: Clip, out: list[Placed],
                scrolls: list[ScrollInfo], under: str | None) -> None:
    out.append(Placed(v, x, y, w, h, clip, under))
    if not v.children:
        return
    index = len(out) - 1
    if v.clip:  # the children are culled to, and painted within, this box
        clip = (max(clip[0], x), max(clip[1], y), min(clip[2], x + w), min(clip[3], y + h))
    if v.bg is not None:
        under = v.bg if _opaque(v.bg) else None
    pl, pt, pr, pb = v.pad
    ix, iy, iw, ih = x + pl, y + pt, w - pl - pr, h - pt - pb
    iw = iw if iw > 0 else 0
    ih = ih if ih > 0 else 0
    if v.kind == "stack":
        for i, c in enumerate(v.children):
            cw, ch = _cross(c.w, iw, c, iw), _cross_h(c, iw, ih)
            cx, cy = _gravity(c.gravity, ix, iy, iw, ih, cw, ch)
            # later children paint over earlier siblings: what is beneath them is unknown
            _place(c, cx, cy, cw, ch, clip, out, scrolls, under if i == 0 else None)
    elif v.kind == "scroll":
        # the padding scrolls with the content: the viewport is the whole box
        inner = (max(clip[0], x), max(clip[1], y), min(clip[2], x + w), min(clip[3], y + h))
        horizontal = v.horizontal
        content = _content_length(v, iw, horizontal)
        viewport = w if horizontal else h
        offset = _clamp_offset(v, content, viewport)
        scrolls.append(ScrollInfo(v, inner, content, viewport))
        if horizontal:
            _linear(v, ix - offset, iy, INF, ih, True, inner, out, scrolls, under)
        else:
            _linear(v, ix, iy - offset, iw, INF, False, inner, out, scrolls, under)
    else:
        _linear(v, ix, iy, iw, ih, v.kind == "row", clip, out, scrolls, under)
    if v.clip:
        out[index] = out[index]._replace(nodes=len(out) - index)


def _content_length(v: View, iw: int, horizontal: bool) -> int:
    pl, pt, pr, pb = v.pad
    if horizontal:  # children are placed with unbounded width, so measure them that way
        sizes = [measure(c, INF)[0] if c.w in (None, FILL) else c.w for c in v.children]
        return sum(sizes) + v.gap * max(len(sizes) - 1, 0) + pl + pr
    sizes = [_main_size(c, iw, False) for c in v.children]
    return sum(sizes) + v.gap * max(len(sizes) - 1, 0) + pt + pb


def _main_size(c: View, cross: int, horizontal: bool) -> int:
    spec = c.w if horizontal else c.h
    if spec is not None and spec != FILL:
        return spec
    mw, mh = measure(c, cross if not horizontal else INF)
    return mw if horizontal else mh


def _clamp_offset(v: View, content: int, viewport: int) -> int:
    """The offset the area shows: the stored one, within its range. Layout never writes it
    back: a screen may read the stored offset while it is built (a large app bar collapses
    once its page has scrolled), so the frame stays a function of the state."""
    assert v.store is not None and v.key is not None
    return scroll_offset(v.store.get(v.key, 0), content, viewport)


def scroll_offset(stored: Any, content: int, viewport: int) -> int:
    """A stored scroll offset clamped to what the content allows."""
    return min(max(int(stored or 0), 0), max(content - viewport, 0))


def _linear(v: View, ix: int, iy: int, iw: int, ih: int, horizontal: bool, clip: Clip,
            out: list[Placed], scrolls: list[ScrollInfo], under: str | None) -> None:
    kids = v.children
    n = len(kids)
    main_avail = iw if horizontal else ih
    cross_avail = ih if horizontal else iw
    sizes, free = _main_sizes(v, kids, main_avail, horizontal, cross_avail)
    gap = v.gap
    pos, step = 0, gap
    justify = v.justify
    if justify == "center":
        pos = free // 2
    elif justify == "end":
        pos = free
    elif justify == "between" and n > 1:
        step = gap + free // (n - 1)
    align = v.align
    stretch = align == "stretch"
    for i, c in enumerate(kids):
        size = sizes[i]
        if horizontal:
            ch = c.h
            if ch == FILL or (ch is None and stretch):
                ch = cross_avail
            elif ch is None:
                ch = measure(c, size)[1]
                ch = ch if ch < cross_avail else cross_avail
            cy = iy if align in ("start", "stretch") else _align(align, iy, cross_avail, ch)
            _place(c, ix + pos, cy, size, ch, clip, out, scrolls, under)
        else:
            cw = c.w
            if cw == FILL or (cw is None and stretch):
                cw = cross_avail
            elif cw is None:
                cw = measure(c, cross_avail)[0]
                cw = cw if cw < cross_avail else cross_avail
            cx = ix if align in ("start", "stretch") else _align(align, ix, cross_avail, cw)
            _place(c, cx, iy + pos, cw, size, clip, out, scrolls, under)
        pos += size + step


def _main_sizes(v: View, kids: tuple[View, ...], main_avail: int, horizontal: bool,
                cross_avail: int) -> tuple[list[int], int]:
    """The sizes of a row's or column's children along its axis, and the space left over:
    fixed sizes as given, wrap-content ones as measured, FILL ones sharing what is left by
    flex; in a row too narrow for its content, wrap-content children give way."""
    bounded = main_avail < INF
    sizes: list[int] = []
    flex_total = fills = used_main = 0
    for c in kids:
        spec = c.w if horizontal else c.h
        if spec == FILL and bounded:
            sizes.append(-1)
            flex_total += c.flex
            fills += 1
            continue
        if spec is None or spec == FILL:
            mw, mh = measure(c, INF if horizontal else cross_avail)
            spec = mw if horizontal else mh
        sizes.append(spec)
        used_main += spec
    n = len(kids)
    free = main_avail - v.gap * (n - 1 if n > 1 else 0) - used_main if bounded else 0
    if horizontal and free < 0 and bounded:  # too wide: wrap-content children give way
        _shrink(kids, sizes, -free)
        free = 0
    if fills:
        share = free if free > 0 else 0
        used = flex_seen = 0
        for i, c in enumerate(kids):
            if sizes[i] == -1:
                if not flex_total:  # FILL children of flex 0 get no space
                    sizes[i] = 0
                    continue
                flex_seen += c.flex
                end = share * flex_seen // flex_total
                sizes[i], used = end - used, end
        free = 0 if flex_total else free
    return sizes, free if free > 0 else 0


def _shrink(kids: tuple[View, ...], sizes: list[int], excess: int) -> None:
    """Takes ``excess`` pixels from the wrap-content children of a row that does not fit
    (in ``sizes``, in place): the widest give way first, down to a common width, so a long
    text wraps or ellipsizes beside its icons and buttons instead of running off the row."""
    wide = [i for i, c in enumerate(kids) if c.w is None and sizes[i] > 0]
    total = sum(sizes[i] for i in wide) - excess
    if total <= 0:
        for i in wide:
            sizes[i] = 0
        return
    order = sorted(sizes[i] for i in wide)
    left, level, extra = total, order[-1], 0
    for k, size in enumerate(order):
        if size * (len(order) - k) > left:
            level, extra = divmod(left, len(order) - k)
            break
        left -= size
    for i in wide:
        if sizes[i] > level:
            sizes[i] = level + (1 if extra > 0 else 0)
            extra -= 1


def _cross(spec: int | None, avail: int, c: View, max_w: int) -> int:
    if spec == FILL:
        return avail
    if spec is not None:
        return spec
    return min(measure(c, max_w)[0], avail)


def _cross_h(c: View, w: int, avail: int) -> int:
    if c.h == FILL:
        return avail
    if c.h is not None:
        return c.h
    return min(measure(c, w)[1], avail)


def _align(align: str, start: int, avail: int, size: int) -> int:
    if align == "center":
        return start + (avail - size) // 2
    if align == "end":
        return start + avail - size
    return start


def _gravity(g: str, x: int, y: int, w: int, h: int, cw: int, ch: int) -> tuple[int, int]:
    vert, _, horiz = g.partition("-") if "-" in g else (g, "", g)
    cx = x + (w - cw) // 2 if horiz == "center" else (x + w - cw if horiz == "right" else x)
    cy = y + (h - ch) // 2 if vert == "center" else (y + h - ch if vert == "bottom" else y)
    return cx, cy
