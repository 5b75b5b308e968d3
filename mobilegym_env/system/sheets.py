"""System overlays: the share sheet and the chooser, media picker, toast and heads-up."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..ui import theme as T
from ..ui.components import avatar, bottom_sheet, list_item
from ..ui.pictures import media_photo
from ..ui.view import FILL, View, col, icon, image, row, scroll, stack, text
from . import shade
from . import style as S
from .launcher import app_icon
from .shade import notification_card

if TYPE_CHECKING:
    from ..kernel import Kernel

SHARE_ACTIONS = ("ACTION_SEND", "ACTION_SEND_MULTIPLE")
DIRECT_SHARE = 4  # conversations offered at the top of the share sheet
SHARE_APP = "messages"  # the app whose recent conversations are direct-share targets
GRID_COLUMNS = 4


def chooser(k: Kernel) -> View:
    """What a start with several receivers shows: the share sheet for a share, else the
    "Open with" list."""
    c = k.intents.chooser
    assert c is not None
    if c.intent.action in SHARE_ACTIONS:
        return share_sheet(k)
    rows = []
    for app_id, f in c.candidates:
        m = k.packages.manifest(app_id)
        rows.append(list_item(m.name, f.description, app_icon(m, 40),
                              on_tap=functools.partial(k.choose, app_id), id=f"choose:{app_id}"))
    return bottom_sheet("Open with", rows, k.cancel_chooser, id="chooser")


def _copy(k: Kernel, value: str) -> None:
    """The share sheet's Copy: the text goes to the clipboard and the sheet closes."""
    k.clipboard.write(value)
    k.cancel_chooser()
    k.toast("Copied")


def _preview(k: Kernel, data: dict, mime: str) -> View:
    """What is shared: the text (with Copy) or the picture and its file name."""
    if mime.startswith("image/"):
        path = str(data.get("path") or "")
        name = path.rsplit("/", 1)[-1] or "Image"
        return row(image(name, 56, 56, radius=12, id="share_preview_image"),
                   col(text("Sharing image", 16, "medium", T.TEXT, role="heading"),
                       text(name, 13, color=T.TEXT_SECONDARY), w=FILL, gap=2),
                   w=FILL, gap=14, pad=(24, 4), id="share_preview")
    value = str(data.get("text") or "")
    title = str(data.get("subject") or "Sharing text")
    return col(
        text(title, 16, "medium", T.TEXT, role="heading", pad=(8, 0)),
        row(text(value, 14, color=T.TEXT_SECONDARY, max_lines=2, w=FILL),
            col(icon("content_copy", 18, T.TEXT, w=40, h=40, radius=20, bg=S.CHIP_BG),
                text("Copy", 12, color=T.TEXT, role=None), align="center", gap=4,
                on_tap=functools.partial(_copy, k, value), role="button", text="Copy",
                id="share_copy"),
            w=FILL, gap=16, pad=(16, 12, 12, 12), bg=S.CARD_BG, radius=20),
        w=FILL, gap=12, pad=(16, 0), id="share_preview")


def direct_share_targets(k: Kernel) -> list[tuple[str, str]]:
    """(address, name) of the most recent SMS conversations, newest first, as Messages
    publishes them for direct share."""
    seen: list[str] = []
    for m in k.providers.query("content://sms", order_by="timestamp_ms", desc=True):
        if m["thread_address"] not in seen:
            seen.append(m["thread_address"])
        if len(seen) == DIRECT_SHARE:
            break
    return [(a, _contact_name(k, a)) for a in seen]


def _contact_name(k: Kernel, address: str) -> str:
    digits = "".join(ch for ch in address if ch.isdigit())[-10:]
    for c in k.providers.query("content://contacts"):
        for key in ("phone", "phone2"):
            number = "".join(ch for ch in str(c.get(key) or "") if ch.isdigit())
            if digits and number.endswith(digits):
                return str(c.get("name") or address)
    return address


def _cell(picture: View, name: str, on_tap: functools.partial, node_id: str,
          label: str, sub: str | None = None) -> View:
    """A share-sheet grid cell: a round picture over a (two-line) name."""
    return col(picture, text(name, 12, color=T.TEXT, text_align="center", w=FILL, max_lines=2,
                             role=None),
               text(sub, 11, color=T.TEXT_SECONDARY, text_align="center", w=FILL, max_lines=2,
                    role=None) if sub else None,
               w=FILL, align="center", gap=6, pad=(2, 8), on_tap=on_tap, role="button",
               label=label, id=node_id)


def _grid(cells: list[View]) -> list[View]:
    return [row(*cells[i : i + GRID_COLUMNS],
                *[View("box", w=FILL, h=1) for _ in range(GRID_COLUMNS - len(cells[i:]))],
                w=FILL, align="start") for i in range(0, len(cells), GRID_COLUMNS)]


def share_sheet(k: Kernel) -> View:
    """Android 14's share sheet: the preview (with Copy), direct-share conversations, then
    the apps that take the share in a grid."""
    c = k.intents.chooser
    assert c is not None
    apps = {app_id for app_id, _ in c.candidates}
    people = []
    if SHARE_APP in apps:
        for address, name in direct_share_targets(k):
            badge = app_icon(k.packages.manifest(SHARE_APP), 22)
            badge.gravity = "bottom-right"
            people.append(_cell(
                stack(_avatar(name, name != address), badge, w=56, h=56), name,
                functools.partial(k.choose, SHARE_APP, {"address": address}),
                f"share_contact:{address}", f"{name} (Messages)"))
    targets = []
    for app_id, f in c.candidates:
        m = k.packages.manifest(app_id)
        targets.append(_cell(app_icon(m, 48), m.name, functools.partial(k.choose, app_id),
                             f"choose:{app_id}", " ".join(t for t in (m.name, f.description)
                                                          if t), f.description or None))
    body = col(
        _preview(k, c.intent.data, str(c.intent.type or "")),
        col(*_grid(people), w=FILL, pad=(12, 0), id="direct_share") if people else None,
        row(View("box", w=FILL, h=1, bg=T.OUTLINE_VARIANT), pad=(24, 0)) if people else None,
        col(*_grid(targets), w=FILL, pad=(12, 0), id="share_apps"),
        w=FILL, gap=12)
    return bottom_sheet(None, [body], k.cancel_chooser, id="chooser")


def _avatar(name: str, known: bool) -> View:
    """A contact's coloured initial, or a grey silhouette for a number."""
    if not known:
        return icon("person", 26, "#FFFFFF", w=56, h=56, radius=28, bg=S.UNKNOWN_AVATAR)
    return avatar(name, 56, S.AVATAR_COLORS[sum(map(ord, name)) % len(S.AVATAR_COLORS)])


PICKER_ROWS = 4  # rows of photos the media picker shows before its grid scrolls
PICKER_GRID = "media_picker_grid"


def media_picker(k: Kernel) -> View:
    tiles = [
        image(m["title"], 100, 100, source=media_photo(m, k.files),
              on_tap=functools.partial(k.media_picker.pick, m["id"]), id=f"media:{m['id']}")
        for m in k.media_picker.candidates()
    ]
    grid = [row(*tiles[i : i + 3], gap=6, justify="start") for i in range(0, len(tiles), 3)]
    if not grid:
        body = text("No photos", 14, color=T.TEXT_SECONDARY, pad=(24, 16))
    elif len(grid) <= PICKER_ROWS:
        body = col(*grid, pad=(16, 0), gap=6)
    else:  # more than fit: the grid scrolls, its next row peeking out to say so
        body = scroll(*grid, store=k.system_ui.ui, id=PICKER_GRID, pad=(16, 0), gap=6,
                      h=PICKER_ROWS * 106 + 40)
    return bottom_sheet("Choose a photo", [body], k.media_picker.cancel, id="media_picker")


def forget_media_picker(k: Kernel) -> None:
    """A closed picker forgets how far its grid was scrolled: the next one opens at the top."""
    k.system_ui.ui.pop(f"scroll:{PICKER_GRID}", None)


def toast(k: Kernel) -> View | None:
    t = k.system_ui.toast
    if t is None:
        return None
    pill = row(text(t.text, 14, color=T.INVERSE_ON_SURFACE, max_lines=2),
               bg=T.INVERSE_SURFACE, radius=20, pad=(18, 10), gravity="bottom-center",
               id="toast", role="toast", label=t.text)
    # on the home screen it sits above the dock and the search pill instead of over them
    lift = 64 if k.tasks.active_task is not None or k.system_ui.recents_open else 190
    return stack(pill, w=FILL, h=FILL, pad=(24, 0, 24, T.GESTURE_BAR_H + lift))


def heads_up(k: Kernel) -> View | None:
    """The heads-up: the notification's card (with its actions) under the status bar."""
    n = k.notifications.heads_up
    if n is None:
        return None
    card = notification_card(k, n, "heads_up", shade.is_expanded(k, n.id),
                             show_actions=True)
    card.border = (S.CARD_BORDER, 1)
    return stack(card, w=FILL, h=FILL, pad=(8, T.STATUS_BAR_H + 4, 8, 0))


def swipe_heads_up(k: Kernel, placed: list, x0: float, y0: float, x1: float,
                   y1: float) -> str | None:
    """A swipe that starts on the heads-up: sideways dismisses the notification, upwards
    tucks the banner away (the notification stays in the shade), as on a Pixel."""
    n = k.notifications.heads_up
    if n is None:
        return None
    for p in placed:
        if p.view.id == f"heads_up:{n.id}":
            r = p.visible_rect()
            if not (r and r[0] <= x0 < r[2] and r[1] <= y0 < r[3]):
                return None
            dx, dy = x1 - x0, y1 - y0
            if abs(dx) > abs(dy) and abs(dx) >= 60:
                k.notifications.dismiss(n.id)
                return "dismiss_notification"
            if dy <= -24:
                k.notifications.dismiss_heads_up()
                return "hide_heads_up"
            return "none"
    return None
