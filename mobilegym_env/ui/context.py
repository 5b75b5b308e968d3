"""What a screen function gets: ``ScreenContext`` (state, navigation, OS calls) and routing."""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode

from . import selection
from . import theme as T
from .view import View, editable_field, row, scroll, text

if TYPE_CHECKING:
    from ..kernel import Kernel
    from ..kernel.task_manager import Activity

Screen = Callable[["ScreenContext"], View]


class Router:
    """Maps route patterns such as ``/note/{id}`` to screen functions."""

    def __init__(self, routes: dict[str, Screen]) -> None:
        if "/" not in routes:
            raise ValueError("an app's routes must include '/'")
        self._routes = [(_compile(pattern), fn) for pattern, fn in routes.items()]

    def match(self, path: str) -> tuple[Screen, dict[str, str]] | None:
        for regex, fn in self._routes:
            m = regex.fullmatch(path)
            if m:
                return fn, m.groupdict()
        return None


@functools.cache
def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern))


def split_route(route: str) -> tuple[str, dict[str, str]]:
    path, _, query = route.partition("?")
    return path, dict(parse_qsl(query))


def with_query(route: str, **params: Any) -> str:
    """``route`` with query parameters set (None removes one); dialogs live in the query."""
    path, query = split_route(route)
    for k, v in params.items():
        if v is None:
            query.pop(k, None)
        else:
            query[k] = str(v)
    return f"{path}?{urlencode(query)}" if query else path


class ScreenContext:
    """The app-facing API handed to every screen function.

    Attributes:
        os: The kernel (services: ``os.clock``, ``os.notifications``, ``os.providers``...).
        app_id: The app being drawn.
        activity: The activity being drawn.
        path, params, query: The current route, its pattern parameters and query parameters.
    """

    def __init__(self, kernel: Kernel, activity: Activity, params: dict[str, str]) -> None:
        self.os = kernel
        self.activity = activity
        self.app_id = activity.app_id
        self.path, self.query = split_route(activity.route)
        self.params = params

    # ----- data
    @property
    def state(self) -> dict[str, Any]:
        """The app's persisted data store; handlers mutate it directly."""
        return self.os.app_data[self.app_id]

    @property
    def ui(self) -> MutableMapping[str, Any]:
        """Volatile per-activity UI state (field values, scroll offsets)."""
        return self.activity.ui

    @property
    def intent(self) -> dict[str, Any] | None:
        """The payload of the intent that started (or was redelivered to) this activity."""
        return self.activity.intent

    def now(self) -> datetime.datetime:
        return self.os.clock.local_datetime()

    # ----- navigation (routes are this activity's history)
    def push(self, route: str) -> None:
        self.activity.push(route)

    def replace(self, route: str) -> None:
        self.activity.replace(route)

    def back(self) -> None:
        """The system Back, as a toolbar's back arrow does."""
        self.os.handle_back()

    def pop(self) -> None:
        """Leaves the current page after an action (save, send): hides this activity's
        keyboard, pops one route, or finishes the activity at its root page."""
        kb = self.os.keyboard
        if kb.visible and kb.target and kb.target[0] == self.activity.activity_id:
            kb.hide()
        if not self.activity.pop():
            self.os.finish_activity()

    def open_dialog(self, name: str, /, **params: Any) -> None:
        """Pushes ``?dialog=name`` so Back closes the dialog."""
        self.push(with_query(self.activity.route, dialog=name, **params))

    def close_dialog(self) -> None:
        """Pops the dialog's route; a no-op when none is open (the route is read now, not
        when the frame was built, so closing twice never pops the page under it)."""
        if "dialog" in split_route(self.activity.route)[1]:
            self.activity.pop()

    def toast(self, message: str) -> None:
        self.os.toast(message)

    # ----- selection mode (long-press a row, tap others, act on them from the bar)
    def selecting(self, key: str = "items") -> bool:
        """Whether the screen is in selection mode for ``key`` (it lives in the route, so Back
        leaves it)."""
        return self.query.get("select") == key

    def selection(self, key: str = "items") -> list[Any]:
        """The selected item ids, in the order they were selected ([] outside selection mode)."""
        return list(self.activity.ui.get(f"select:{key}", ())) if self.selecting(key) else []

    def toggle_selected(self, key: str, item_id: Any) -> None:
        """Selects or deselects an item; the first one enters selection mode and deselecting
        the last one leaves it."""
        if not self.selecting(key):
            self.activity.ui[f"select:{key}"] = [item_id]
            self.push(with_query(self.activity.route, select=key))
            return
        chosen = self.activity.ui.setdefault(f"select:{key}", [])
        if item_id in chosen:
            chosen.remove(item_id)
        else:
            chosen.append(item_id)
        if not chosen:
            self.end_selection(key)

    def end_selection(self, key: str = "items") -> None:
        """Leaves selection mode (after acting on the selection, or from the bar's ✕)."""
        self.activity.ui.pop(f"select:{key}", None)
        if self.selecting(key):
            self.activity.pop()

    # ----- intents
    def start_activity(self, intent: Any, new_task: bool = False) -> bool:
        return self.os.start_activity(intent, new_task=new_task)

    def start_activity_for_result(self, intent: Any, callback: Any) -> bool:
        return self.os.start_activity_for_result(intent, callback)

    def set_result(self, result_code: str = "OK", data: dict | None = None) -> None:
        self.os.set_result(result_code, data)

    def finish(self) -> None:
        self.os.finish_activity()

    # ----- widgets bound to this activity
    def value(self, key: str, default: str = "") -> str:
        return str(self.activity.ui.get(key, default))

    def set_value(self, key: str, value: str) -> None:
        self.activity.ui[key] = value

    def field(self, key: str, hint: str = "", **props: Any) -> View:
        """A text field whose value is ``ctx.value(key)``; tapping it raises the keyboard;
        focused with text, it shows a clear button ``<id>:clear``. A long press (or a double
        tap) selects its text and shows the text-action toolbar (``ui/selection.py``)."""
        act = self.activity
        act.field_keys.add(key)  # its value is a draft in the activity's state
        target = (act.activity_id, key)
        kb = self.os.keyboard
        field_id = props.get("id", key)
        select = functools.partial(selection.select_field, self.os, act, key, field_id,
                                   bool(props.get("secret")))
        props.setdefault("on_long_press", select)
        props.setdefault("on_double_tap", select)  # as a double tap selects a word on Android
        sel = selection.field_selection(act, key)
        underlay = None
        if sel is not None:
            if props.get("max_lines", 1) == 1:  # the painter marks a multi-line field's
                underlay = selection.highlight(sel["text"], sel["start"], sel["end"],
                                               T.scaled(props.get("size", 14)), sel["secret"])
            props["on_submit"] = functools.partial(selection.on_submit, act,
                                                   props.get("on_submit"))
            props["selected"] = sel["end"] > sel["start"]
        return editable_field(act.ui, key, hint, kb.visible and kb.target == target,
                              functools.partial(kb.show, *target), underlay=underlay, **props)

    def select_field(self, key: str, anchor: str) -> None:
        """Selects the text of field ``key`` (shown as the node ``anchor``), as a long press
        on it does; for a field drawn as plain text while unfocused (a note's body)."""
        selection.select_field(self.os, self.activity, key, anchor)

    def selectable_text(self, value: str, size: int = 14, weight: str = "regular",
                        color: str = "#1F1F1F", *, id: str, **props: Any) -> View:
        """A text the user can select (a file's content): a long press (or a double tap)
        selects it and offers Copy / Select all. ``id`` names it in the UI tree."""
        act = self.activity
        sel = selection.current(act)
        chosen = sel is not None and sel["kind"] == "text" and sel["anchor"] == id
        if chosen and sel is not None and sel["text"] != value:
            selection.end(act)  # the text changed under the selection
            chosen = False
        if chosen:
            props.update(bg=selection.HIGHLIGHT, selected=True)
        select = functools.partial(selection.select_text, self.os, act, id, value)
        node = text(value, size, weight, color, id=id, on_long_press=select,
                    on_double_tap=select, **props)
        return row(node, align="start")  # in a row the text, and its highlight, wrap its lines

    def scroll(self, *children: View | None, id: str, **props: Any) -> View:
        return scroll(*children, store=self.activity.ui, id=id, **props)
