"""Building blocks shared by the Settings pages: reads, guarded writes, rows and dialogs.

Settings keeps no data of its own. Every write goes through the kernel's managers
(``ctx.os.set_preference`` or a manager method via :func:`call`), so their clamps and cascades
apply; a write the manager rejects becomes a toast or an inline error, never a crash.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mobilegym_env.kernel.managers import ConnectivityManager
from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    checkbox,
    col,
    dialog,
    icon,
    icon_button,
    large_top_app_bar,
    list_item,
    radio,
    retained,
    row,
    scaffold,
    slider,
    stack,
    switch,
    text,
)
from mobilegym_env.ui import theme as T
from mobilegym_env.ui.icons import adaptive_icon

TRACK = T.SECONDARY_CONTAINER
ERROR = T.ERROR
CHEVRON = "chevron-right"


# ----- reading and writing the OS model
def get(ctx: ScreenContext, path: str, default: Any = None) -> Any:
    """Reads the OS model; a missing key gives ``default`` rather than an exception."""
    try:
        return ctx.os.os_state.get(path)
    except KeyError:
        return default


def set_pref(ctx: ScreenContext, key: str, value: Any) -> bool:
    """Writes a preference through its manager; a rejected value becomes a toast."""
    try:
        ctx.os.set_preference(key, value)
    except (KeyError, ValueError) as err:
        ctx.toast(f"Can't change this setting: {err}")
        return False
    return True


def connectivity(ctx: ScreenContext) -> ConnectivityManager:
    return ConnectivityManager(ctx.os.os_state)


def call(ctx: ScreenContext, fn: Callable[..., Any], *args: Any, then: Callable[[], Any] | None
         = None) -> Any:
    """Runs a manager method; a ValueError becomes a toast. ``then`` runs after a success."""
    try:
        result = fn(*args)
    except ValueError as err:
        ctx.toast(str(err))
        return None
    if then is not None:
        then()
    return result


# ----- rows
@retained
def tile(name: str, color: str, size: int = 40) -> View:
    """A round, tinted icon tile (the leading icon of a top-level settings row)."""
    return stack(icon(name, size * 9 // 20, "#FFFFFF", gravity="center"), w=size, h=size,
                 radius=size // 2, bg=color)


def app_tile(ctx: ScreenContext, app_id: str, size: int = 40) -> View:
    """An app's launcher icon, as the home screen draws it."""
    m = ctx.os.packages.manifest(app_id)
    return adaptive_icon(m.icon, m.color, size)


def page(ctx: ScreenContext, title: str, *rows: View | None, overlay: View | None = None,
         scroll_id: str = "page", actions: tuple[View, ...] = ()) -> View:
    """A subpage: Pixel's large top app bar (the title collapses into the bar once the list
    scrolls) with a back arrow, over a scrolling list of rows."""
    body = ctx.scroll(*rows, id=scroll_id, bg=T.SURFACE, pad=(0, 0, 0, 16))
    bar = large_top_app_bar(title, ctx.ui, scroll_id, Call("back"), actions)
    return scaffold(body, top_bar=bar, overlay=overlay, bg=T.SURFACE)


def nav_row(ctx: ScreenContext, title: str, subtitle: str | None, route: str, id: str,
            leading: View | str | None = None) -> View:
    """A row that opens another page (retained by what it shows, unless ``leading`` is a
    view built for this frame)."""
    build = _retained_list_row if not isinstance(leading, View) or leading.reuse \
        else list_item
    return build(title, subtitle, leading, on_tap=Call("push", route), id=id)


def switch_row(ctx: ScreenContext, key: str, on: bool, title: str, subtitle: str | None,
               id: str, leading: View | str | None = None) -> View:
    """A row whose trailing switch (and the row itself) turns the preference ``key`` on or off.

    ``on`` is its current value; a tap writes the opposite. The switch is ``id`` and the row
    ``<id>_row``.
    """
    return toggle_row(Call(set_pref, key, not on), on, title, subtitle, id, leading)


def toggle_row(on_toggle: Callable[[], Any], on: bool, title: str, subtitle: str | None,
               id: str, leading: View | str | None = None) -> View:
    """A row with a trailing switch; tapping either runs ``on_toggle`` (with a ``Call`` and
    no view built for this frame, the row is retained by what it shows)."""
    if isinstance(on_toggle, Call) and (not isinstance(leading, View) or leading.reuse):
        return _retained_toggle_row(on_toggle, on, title, subtitle, id, leading)
    return _toggle_row(on_toggle, on, title, subtitle, id, leading)


def _toggle_row(on_toggle: Callable[[], Any], on: bool, title: str, subtitle: str | None,
                id: str, leading: View | str | None = None) -> View:
    sw = switch(on, on_toggle, id=id, label=title)
    return list_item(title, subtitle, leading, trailing=sw, on_tap=on_toggle, id=f"{id}_row")


_retained_toggle_row = retained(_toggle_row)
_retained_list_row = retained(list_item)


def info_row(title: str, value: str, id: str, on_tap: Callable[[], Any] | None = None) -> View:
    """A read-only two-line row (title over value); the value carries ``id``."""
    return col(text(title, 16, color=T.TEXT),
               text(value, 14, color=T.TEXT_SECONDARY, id=id, max_lines=2),
               pad=(16, 14), gap=2, w=FILL, on_tap=on_tap, id=f"{id}_row" if on_tap else None,
               role="list_item" if on_tap else None, label=f"{title} {value}")


def hint(message: str, id: str | None = None) -> View:
    """Secondary explanatory text under a group of rows."""
    return text(message, 13, color=T.TEXT_SECONDARY, pad=(16, 8, 16, 8), max_lines=None, id=id)


def step_button(name: str, on_tap: Callable[[], Any], label: str, id: str,
                enabled: bool) -> View:
    """A round -/+ button, greyed out (and inert) at the end of its range."""
    return icon_button(name, on_tap, label, T.ON_SURFACE_VARIANT, 18, id=id, enabled=enabled)


def level_slider(ctx: ScreenContext, key: str, level: int, maximum: int, steps: int,
                 label: str) -> View:
    """A stepped slider for the preference ``key``: -, the slider, +.

    Tapping the track's segment ``i`` sets ``i * maximum / steps`` (ids ``<key>_step:<value>``);
    - and + move by one unit (``<key>_down``, ``<key>_up``), so every level is reachable.
    """
    return row(
        step_button("minus", functools.partial(set_pref, ctx, key, level - 1),
                    f"Decrease {label.lower()}", f"{key}_down", level > 0),
        slider(level, maximum, functools.partial(set_pref, ctx, key), id=f"{key}_slider",
               label=label, steps=steps, step_id=f"{key}_step:{{}}"),
        step_button("plus", functools.partial(set_pref, ctx, key, level + 1),
                    f"Increase {label.lower()}", f"{key}_up", level < maximum),
        gap=4, w=FILL)


# ----- dialogs
def close(ctx: ScreenContext) -> None:
    """Closes a dialog (and the keyboard a text field in it raised)."""
    ctx.os.keyboard.hide()
    ctx.set_value("error", "")
    ctx.close_dialog()


def open_text_dialog(ctx: ScreenContext, name: str, field_key: str, value: str,
                     **params: Any) -> None:
    """Opens the dialog ``name`` with its text field pre-filled with ``value``."""
    ctx.set_value(field_key, value)
    ctx.set_value("error", "")
    ctx.open_dialog(name, **params)


def text_dialog(ctx: ScreenContext, title: str, field_key: str, hint_text: str, confirm: str,
                on_confirm: Callable[[], Any], id: str, secret: bool = False,
                message: str | None = None) -> View:
    """A dialog with one text field (id ``field_key``), an inline error line, and
    Cancel / ``confirm`` (``<id>:cancel``, ``<id>:confirm``).

    A ``secret`` field hides its text unless "Show password" (``<id>:show``) is ticked.
    """
    shown = ctx.value(f"{id}:show") == "1"
    field = ctx.field(field_key, hint_text, id=field_key, on_submit=on_confirm, w=FILL,
                      secret=secret and not shown)
    error = ctx.value("error")
    show = None
    if secret:
        flip = functools.partial(ctx.set_value, f"{id}:show", "" if shown else "1")
        show = row(checkbox(shown, flip, id=f"{id}:show", label="Show password"),
                   text("Show password", 14, color=T.TEXT, role=None), gap=12, on_tap=flip)
    body = col(text(message, 14, color=T.TEXT_SECONDARY, max_lines=None) if message else None,
               field, text(error, 13, color=ERROR, id=f"{id}:error", max_lines=2)
               if error else None, show, gap=12, w=FILL)
    cancel = functools.partial(close, ctx)
    return dialog(title, body, [("Cancel", cancel, f"{id}:cancel"),
                                (confirm, on_confirm, f"{id}:confirm")],
                  on_dismiss=cancel, id=id)


def fail(ctx: ScreenContext, message: str) -> None:
    """Shows ``message`` as the open dialog's inline error."""
    ctx.set_value("error", message)


def save_text_pref(ctx: ScreenContext, key: str, field_key: str) -> None:
    """Saves a text dialog's field as the preference ``key`` and closes the dialog; a value
    the manager rejects stays in the dialog as its error."""
    try:
        ctx.os.set_preference(key, ctx.value(field_key))
    except ValueError as err:
        # the manager names the key ("hotspot_name must be ..."); the user reads "Must ..."
        fail(ctx, "Must " + str(err).partition(" must ")[2] if " must " in str(err)
             else str(err))
        return
    close(ctx)


def choice_dialog(ctx: ScreenContext, title: str, choices: list[tuple[str, str, bool]],
                  on_pick: Callable[[str], Any], id: str) -> View:
    """A dialog of radio rows ``(key, label, chosen)``; picking one runs ``on_pick(key)`` and
    closes it. Rows are ``<id>:<key>``."""
    rows = []
    for key, label, chosen in choices:
        pick = functools.partial(_pick, ctx, on_pick, key)
        rows.append(row(radio(chosen, pick, id=f"{id}:{key}:radio", label=label),
                        text(label, 16, color=T.TEXT, w=FILL, role=None), h=48, gap=16,
                        on_tap=pick, id=f"{id}:{key}", role="list_item", selected=chosen,
                        label=label))
    return dialog(title, col(*rows, w=FILL), [("Cancel", ctx.close_dialog, f"{id}:cancel")],
                  on_dismiss=ctx.close_dialog, id=id)


def _pick(ctx: ScreenContext, on_pick: Callable[[str], Any], key: str) -> None:
    ctx.close_dialog()
    on_pick(key)


def gb(value: float) -> str:
    """``12.0`` -> ``"12"``, ``46.25`` -> ``"46.3"``."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
