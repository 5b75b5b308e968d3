"""The "Move to" / "Copy to" destination picker: one page per folder, starting at the storage
root (Back goes up a level), with "Move here" / "Copy here" at the bottom.

What is being moved lives in the activity's UI state (``transfer``), set by :func:`start`
together with the history depth to return to, so finishing lands where the user started.
"""

from __future__ import annotations

import functools
import posixpath
from typing import Any
from urllib.parse import quote

from mobilegym_env.kernel.filesystem import ROOT
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    button,
    col,
    divider,
    empty_state,
    list_item,
    row,
    scaffold,
    split_route,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import (
    SELECT,
    copy_path,
    count,
    display_path,
    entries,
    entry_tile,
    items_text,
    move_path,
    path_arg,
    title,
)

VERBS = {"move": ("Move", "Moved"), "copy": ("Copy", "Copied")}


def pick_route(op: str, path: str) -> str:
    return f"/pick?op={op}&path={quote(path, safe='/')}"


def start(ctx: ScreenContext, op: str, paths: list[str]) -> None:
    """Closes the menu and opens the picker for moving or copying ``paths``."""
    ctx.close_dialog()
    ctx.ui["transfer"] = {"op": op, "paths": list(paths), "depth": len(ctx.activity.history)}
    ctx.push(pick_route(op, ROOT))


def _transfer(ctx: ScreenContext) -> dict[str, Any] | None:
    t = ctx.ui.get("transfer")
    if not isinstance(t, dict) or t.get("op") not in VERBS or ctx.query.get("op") != t["op"]:
        return None
    return t


def _blocked(src: str, dest: str, op: str) -> bool:
    """Whether ``src`` cannot go into ``dest``: into itself, or a move to where it already is."""
    return dest == src or dest.startswith(src + "/") or (
        op == "move" and posixpath.dirname(src) == dest)


def screen(ctx: ScreenContext) -> View:
    t = _transfer(ctx)
    dest = path_arg(ctx)
    found = entries(ctx, dest) if dest is not None else None
    if t is None or dest is None or found is None:
        return scaffold(empty_state("folder-open", "Nothing to move or copy"),
                        top_bar=top_app_bar("Files", Call("back")), bg=T.SURFACE)
    verb = VERBS[t["op"]][0]
    sources = [p for p in t["paths"] if isinstance(p, str)]
    rows = []
    for e in found:
        if not e.is_dir:
            continue
        name = posixpath.basename(e.path)
        inside = any(e.path == s or e.path.startswith(s + "/") for s in sources)
        rows.append(list_item(name, items_text(count(ctx, e.path)), entry_tile(e),
                              on_tap=None if inside else functools.partial(
                                  ctx.push, pick_route(t["op"], e.path)),
                              id=f"pickdir:{name}"))
    body = ctx.scroll(*rows, id=f"pick:{dest}", bg=T.SURFACE, pad=(0, 0, 0, 16)) if rows \
        else empty_state("folder-open", "No folders here")
    ok = not all(_blocked(s, dest, t["op"]) for s in sources)
    what = posixpath.basename(sources[0]) if len(sources) == 1 else f"{len(sources)} items"
    bottom = col(divider(), row(
        button("Cancel", functools.partial(_finish, ctx, t, False), "text", id="pick_cancel"),
        button(f"{verb} here", functools.partial(_confirm, ctx, t, dest) if ok else None,
               id="pick_confirm"),
        justify="end", gap=8, pad=(16, 10), w=FILL), bg=T.SURFACE)
    bar = top_app_bar(f"{verb} {what} to", Call("back"), subtitle=display_path(dest))
    return scaffold(col(body, w=FILL, h=FILL), top_bar=bar, bottom=bottom, bg=T.SURFACE)


def _confirm(ctx: ScreenContext, t: dict[str, Any], dest: str) -> None:
    op = t["op"]
    done, failed = 0, []
    for src in t["paths"]:
        name = posixpath.basename(src)
        if _blocked(src, dest, op):
            continue
        try:
            if op == "copy":
                is_dir = ctx.os.files.is_dir(src)
                copy_path(ctx, src, posixpath.join(dest, ctx.os.files.free_name(dest, name,
                                                                                 is_dir)))
            else:
                move_path(ctx, src, posixpath.join(dest, name))
        except ValueError:
            failed.append(name)
            continue
        done += 1
    _finish(ctx, t, True)
    past = VERBS[op][1]
    if failed:
        ctx.toast(f"“{failed[0]}” already exists in {title(dest)}" if len(failed) == 1
                  else f"{len(failed)} items weren't {past.lower()}: names already exist")
    elif done:
        what = "1 item" if done == 1 else f"{done} items"
        ctx.toast(f"{past} {what} to {title(dest)}")


def _finish(ctx: ScreenContext, t: dict[str, Any], done: bool) -> None:
    """Returns to where the picker was opened; a finished move or copy also ends the
    selection it was made from (a cancel keeps it)."""
    depth = t.get("depth") if isinstance(t.get("depth"), int) else 1
    while len(ctx.activity.history) > max(depth, 1) and ctx.activity.pop():
        pass
    ctx.ui.pop("transfer", None)
    if done and split_route(ctx.activity.route)[1].get("select") == SELECT:
        ctx.ui.pop(f"select:{SELECT}", None)
        ctx.activity.pop()
