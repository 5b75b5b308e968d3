"""Helpers for oracles: find nodes in ``device.ui_tree()`` and turn them into actions.

An oracle is a generator of actions; between two ``yield``s the environment performs the action,
so the oracle reads the screen afresh each time. The helpers here come in two kinds:

- lookups and single actions: :func:`find`, :func:`node` (raises :class:`OracleError` naming
  what is on screen), :func:`tap`, :func:`long_press`, :func:`center`;
- multi-step helpers, used with ``yield from`` (their return value is the node they reached):
  :func:`open_app`, :func:`scroll_to`, :func:`type_into`, :func:`back_to`,
  :func:`pick_date`, :func:`pick_time`, :func:`copy_text`, :func:`paste_into`.

All points are normalized (x, y) in [0, 1] of the screen, as agents give them;
:mod:`mobilegym_env.testing` uses these same helpers and points.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from . import actions as A

if TYPE_CHECKING:
    from .device import Device

Node = dict[str, Any]
Actions = Iterator[dict[str, Any]]


class OracleError(RuntimeError):
    """An oracle could not find what it needed on screen (the message lists what is there)."""


class OracleView:
    """The phone as an oracle may see it: the screen, as an agent does.

    An oracle proves that a task can be solved from what the screen shows, so it should read
    nothing else: the UI tree (:meth:`ui_tree`), the route on screen (:attr:`route`), the
    screen's size and the names the launcher shows (:meth:`app_name`). Anything else read
    through the view (``view.state()``, ``view.kernel``...) is forwarded but recorded as a
    *peek* in :attr:`peeks`; with ``strict=True`` it raises ``AttributeError`` instead. The
    texts of every UI tree it returned are kept in :attr:`seen` (an answer should be among
    them). :class:`~mobilegym_env.agents.OracleAgent` gives oracles this view.

    Args:
        device: The phone.
        strict: Refuse what is not on screen instead of recording it.
    """

    def __init__(self, device: Device, strict: bool = False) -> None:
        self._device, self._strict = device, strict
        self.peeks: list[str] = []
        self.seen: set[str] = set()

    def ui_tree(self) -> list[Node]:
        nodes = self._device.ui_tree()
        self.seen.update(n["text"] for n in nodes if n["text"])
        self.seen.update(n["hint"] for n in nodes if n.get("hint"))
        return nodes

    @property
    def route(self) -> str | None:
        """The route of the activity on screen (None on the launcher)."""
        top = self._device.kernel.tasks.top_activity
        return None if top is None else top.route

    @property
    def width(self) -> int:
        return self._device.width

    @property
    def height(self) -> int:
        return self._device.height

    @property
    def scale(self) -> int:
        return self._device.scale

    def app_name(self, app_id: str) -> str:
        """The name an installed app's icon shows.

        Raises:
            OracleError: The app is not installed.
        """
        packages = self._device.kernel.packages
        if app_id not in packages:
            raise OracleError(f"no app {app_id!r} is installed")
        return packages.manifest(app_id).name

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_device", "_strict"):
            raise AttributeError(name)  # copy and pickle probe these: not a peek
        if self._strict:
            raise AttributeError(f"an oracle looks only at the screen: device.{name} is not "
                                 f"on it (use ui_tree(), route, width, height, app_name())")
        self.peeks.append(f"device.{name}")
        return getattr(self._device, name)


def _app_name(device: Any, app_id: str) -> str:
    if isinstance(device, OracleView):
        return device.app_name(app_id)
    if app_id not in device.kernel.packages:
        raise OracleError(f"no app {app_id!r} is installed")
    return device.kernel.packages.manifest(app_id).name


def matches(node: Node, *, id: str | None = None, text: str | None = None,
            role: str | None = None, where: Callable[[Node], bool] | None = None,
            text_contains: str | None = None) -> bool:
    """Whether a ``ui_tree()`` node meets every given criterion (``text`` matches exactly,
    ``text_contains`` case-insensitively)."""
    return ((id is None or node["id"] == id) and (text is None or node["text"] == text)
            and (role is None or node["role"] == role)
            and (text_contains is None or text_contains.casefold() in node["text"].casefold())
            and (where is None or bool(where(node))))


def find(device: Device, *, id: str | None = None, text: str | None = None,
         role: str | None = None, where: Callable[[Node], bool] | None = None,
         text_contains: str | None = None) -> Node | None:
    """The topmost visible node matching every given criterion, or None."""
    for n in reversed(device.ui_tree()):
        if matches(n, id=id, text=text, role=role, where=where, text_contains=text_contains):
            return n
    return None


def find_all(device: Device, *, id: str | None = None, text: str | None = None,
             role: str | None = None, where: Callable[[Node], bool] | None = None,
             text_contains: str | None = None) -> list[Node]:
    """Every visible node matching every given criterion, in paint order (topmost last)."""
    return [n for n in device.ui_tree()
            if matches(n, id=id, text=text, role=role, where=where, text_contains=text_contains)]


def describe(**criteria: object) -> str:
    return " ".join(f"{k}={v!r}" for k, v in criteria.items() if v is not None) or "(any)"


def screen_summary(device: Device) -> str:
    """What is on screen, for error messages: the ids and texts of the visible nodes."""
    tree = device.ui_tree()
    return (f"visible ids: {[n['id'] for n in tree if n['id']]}, "
            f"texts: {[n['text'] for n in tree if n['text']][:40]}")


def node(device: Device, *, id: str | None = None, text: str | None = None,
         role: str | None = None, where: Callable[[Node], bool] | None = None,
         text_contains: str | None = None) -> Node:
    """Like :func:`find`, but the node must be there.

    Raises:
        OracleError: No node matches; the message names the criteria and what is on screen.
    """
    found = find(device, id=id, text=text, role=role, where=where, text_contains=text_contains)
    if found is None:
        wanted = describe(id=id, text=text, role=role, where=where,
                          text_contains=text_contains)
        raise OracleError(f"no node {wanted} on screen; {screen_summary(device)}")
    return found


def center(device: Device, n: Node) -> tuple[float, float]:
    """The normalized centre of a node's bounds (what ``A.tap`` takes)."""
    x0, y0, x1, y1 = n["bounds"]
    w, h = device.width * device.scale, device.height * device.scale
    return ((x0 + x1) / 2 / w, (y0 + y1) / 2 / h)


def _target(device: Device, n: Node | None, criteria: dict[str, Any]) -> Node:
    return n if n is not None else node(device, **criteria)


def tap(device: Device, n: Node | None = None, **criteria: Any) -> dict[str, Any]:
    """A tap on a node, given or found by criteria (``tap(device, id="save")``)."""
    return A.tap(*center(device, _target(device, n, criteria)))


def long_press(device: Device, n: Node | None = None, **criteria: Any) -> dict[str, Any]:
    """A long press on a node, given or found by criteria."""
    return A.long_press(*center(device, _target(device, n, criteria)))


def swipe_left() -> dict[str, Any]:
    """Next launcher page / horizontal content."""
    return A.swipe(0.85, 0.45, 0.15, 0.45)


def swipe_right() -> dict[str, Any]:
    return A.swipe(0.15, 0.45, 0.85, 0.45)


def scroll_down() -> dict[str, Any]:
    return A.swipe(0.5, 0.7, 0.5, 0.3)


# --------------------------------------------------------------------------- multi-step
def open_app(device: Device, app_id: str) -> Iterator[dict[str, Any]]:
    """Opens an app from wherever the phone is: Home, then its icon on the current page or the
    dock, then on the other pages, else through the app drawer's search. Returns nothing.

    Raises:
        OracleError: The app is not installed.
    """
    name = _app_name(device, app_id)
    dots = find(device, id="page_dots")
    if dots is None or not dots["text"].startswith("Page 1 "):
        yield A.home()  # Home shows page 1 (and closes the drawer, Recents, the shade)
        dots = find(device, id="page_dots")
    pages = int(dots["text"].rsplit(" ", 1)[-1]) if dots else 1
    for page in range(pages):
        icon = find(device, id=f"grid:{app_id}") or find(device, id=f"dock:{app_id}")
        if icon is not None:
            yield tap(device, icon)
            return
        if page < pages - 1:
            yield swipe_left()
    if pages > 1:
        yield A.home()
    yield tap(device, id="launcher_search")  # not on any page (in a folder): search for it
    yield A.type_text(name)
    yield tap(device, id=f"drawer:{app_id}")


def _scroll_areas(device: Device) -> list[Node]:
    return [n for n in device.ui_tree() if n["scrollable"]]


def scroll_to(device: Device, *, id: str | None = None, text: str | None = None,
              role: str | None = None, where: Callable[[Node], bool] | None = None,
              text_contains: str | None = None, max_swipes: int = 12,
              up: bool = False) -> Iterator[dict[str, Any]]:
    """Scrolls the largest scrolling list on screen until a matching node is fully visible
    and nothing (a floating button) covers its centre; returns the node
    (``n = yield from scroll_to(device, text="Groceries", role="list_item")``). When the list
    ends without it, the search turns and scrolls the other way (the list may have been
    scrolled past it).

    Args:
        id, text, role, where, text_contains: What the node must match, as for :func:`find`.
        max_swipes: Give up after this many swipes.
        up: Scroll towards the top first.

    Raises:
        OracleError: The node never appeared (the list stopped moving both ways, or
            max_swipes ran out).
    """
    criteria = dict(id=id, text=text, role=role, where=where, text_contains=text_contains)
    turned = False
    for _ in range(max_swipes + 1):
        found = find(device, **criteria)
        areas = _scroll_areas(device)
        area = max(areas, key=lambda n: (n["bounds"][2] - n["bounds"][0])
                   * (n["bounds"][3] - n["bounds"][1]), default=None)
        reachable = found is not None and not _covered(device, found)
        if reachable and (area is None or _inside(found, area, device.scale)):
            return found
        if area is None:
            break
        x0, y0, x1, y1 = area["bounds"]
        w, h = device.width * device.scale, device.height * device.scale
        cx = (x0 + x1) / 2 / w
        top, bottom = (y0 + (y1 - y0) * 0.25) / h, (y0 + (y1 - y0) * 0.75) / h
        before = [(n["id"], n["text"], n["bounds"]) for n in device.ui_tree()]
        yield A.swipe(cx, top, cx, bottom) if up else A.swipe(cx, bottom, cx, top)
        if [(n["id"], n["text"], n["bounds"]) for n in device.ui_tree()] == before:
            if found is not None or turned:
                break  # the list did not move: the node is as reachable as it gets
            up, turned = not up, True  # the end of the list: look the other way
    found = find(device, **criteria)
    if found is not None:
        return found
    raise OracleError(f"scrolled but found no node {describe(**criteria)}; "
                      f"{screen_summary(device)}")


def _covered(device: Device, n: Node) -> bool:
    """Whether a tappable node drawn above ``n`` (a floating button, a bar), other than its
    own children, covers its centre: a tap there would land on that instead. The tree is in
    drawing order, depth first, so ``n``'s children are the run of nodes inside it right
    after it."""
    nodes = device.ui_tree()
    try:
        at = nodes.index(n)
    except ValueError:
        return False
    x0, y0, x1, y1 = n["bounds"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    children = True
    for other in nodes[at + 1:]:
        a0, b0, a1, b1 = other["bounds"]
        children = children and x0 <= a0 and y0 <= b0 and a1 <= x1 and b1 <= y1
        if not children and other["clickable"] and a0 <= cx < a1 and b0 <= cy < b1:
            return True
    return False


def _inside(n: Node, area: Node, scale: int) -> bool:
    """Whether enough of a node shows to tap it: not clipped by the scroll area's edges, or
    at least 24 logical pixels of it visible."""
    _, y0, _, y1 = n["bounds"]
    _, b0, _, b1 = area["bounds"]
    return (y0 > b0 and y1 < b1) or y1 - y0 >= 24 * scale or not (y0 < b1 and b0 < y1)


def type_into(device: Device, text: str, *, id: str | None = None,
              role: str | None = "text_field", where: Callable[[Node], bool] | None = None,
              clear: bool = True, submit: bool = False) -> Iterator[dict[str, Any]]:
    """Focuses a text field (tapping it), clears what it holds (its clear button) and types.

    Args:
        text: What to type.
        id, role, where: Which field (default: the topmost text field).
        clear: Empty the field first.
        submit: Press Enter afterwards (search fields, single-line forms).
    """
    field = node(device, id=id, role=role, where=where)
    if not field["focused"]:
        yield tap(device, field)
        field = node(device, id=id, role=role, where=where)
    if clear and field["text"] and field["text"] != field.get("hint"):
        clear_button = find(device, id=f"{field['id']}:clear")
        if clear_button is None:
            raise OracleError(f"the field {field['id']!r} holds text but shows no clear button")
        yield tap(device, clear_button)
    if text:
        yield A.type_text(text)
    if submit:
        yield A.enter()


def copy_text(device: Device, *, id: str | None = None, text: str | None = None,
              role: str | None = None, where: Callable[[Node], bool] | None = None
              ) -> Iterator[dict[str, Any]]:
    """Copies the whole text of a field or a selectable text to the clipboard: a long press
    selects it, then the text-action toolbar's Copy."""
    yield long_press(device, id=id, text=text, role=role, where=where)
    yield tap(device, id="text_action:copy")


def paste_into(device: Device, *, id: str | None = None, role: str | None = "text_field",
               where: Callable[[Node], bool] | None = None) -> Iterator[dict[str, Any]]:
    """Replaces what a field holds with the clipboard's text: a long press selects it (and
    focuses it), then the toolbar's Paste. The keyboard stays up on the field."""
    yield long_press(device, id=id, role=role, where=where)
    yield tap(device, id="text_action:paste")


def back_to(device: Device, *, id: str | None = None, text: str | None = None,
            role: str | None = None, where: Callable[[Node], bool] | None = None,
            max_backs: int = 8) -> Iterator[dict[str, Any]]:
    """Presses Back until a matching node is on screen; returns it.

    Raises:
        OracleError: It never appeared.
    """
    for _ in range(max_backs):
        found = find(device, id=id, text=text, role=role, where=where)
        if found is not None:
            return found
        yield A.back()
    return node(device, id=id, text=text, role=role, where=where)


def pick_date(device: Device, date: datetime.date) -> Iterator[dict[str, Any]]:
    """Sets the open date picker (``mobilegym_env.ui.pickers``) to ``date`` and confirms it,
    through its keyboard-entry mode."""
    if find(device, id="date_picker:input") is None:
        yield tap(device, id="date_picker:mode")
    yield from type_into(device, date.strftime("%m/%d/%Y"), id="date_picker:input")
    yield tap(device, id="date_picker:ok")


def pick_time(device: Device, hour: int, minute: int) -> Iterator[dict[str, Any]]:
    """Sets the open time picker to ``hour:minute`` (24-hour values) and confirms it, through
    its keyboard-entry mode."""
    if find(device, id="time_picker:hour") is None:
        yield tap(device, id="time_picker:mode")
    yield from type_into(device, str(hour % 12 or 12), id="time_picker:hour")
    yield from type_into(device, f"{minute:02d}", id="time_picker:minute")
    want = "PM" if hour >= 12 else "AM"
    period = node(device, id=f"time_picker:{want.lower()}")
    if not period["selected"]:
        yield tap(device, period)
    yield tap(device, id="time_picker:ok")
