"""Helpers for tests of apps, system UI and tasks: find nodes on screen and gesture on them.

Everything goes through the device's public surface (``Device.ui_tree()``, ``Device.tap``,
``Device.swipe``), so a test drives the phone the way an agent would::

    from mobilegym_env.device import Device
    from mobilegym_env.testing import node, route, tap

    d = Device()
    d.launch_app("notes")
    tap(d, id="fab")
    assert route(d) == "/new"
    assert node(d, id="title")["focused"] is False

Nodes are the dicts of ``Device.ui_tree()``; criteria match exactly and are combined (a node
must meet all that are given). Lookups return the topmost match. Points are normalized (x, y)
in [0, 1] of the screen, as in agents' actions and :mod:`mobilegym_env.oracle` (whose lookup
and :func:`center` these helpers share), so ``device.act(A.tap(*center(device, n)))`` taps a
node on a device of any scale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .oracle import Node, center, find_all
from .oracle import find as _find_visible

if TYPE_CHECKING:
    from .device import Device

__all__ = ["Node", "center", "find", "find_all", "has", "ids", "long_press", "node", "route",
           "screen_text", "tap"]


def find(device: Device, *, id: str | None = None, text: str | None = None,
         role: str | None = None, where: Callable[[Node], bool] | None = None,
         scroll: int = 0) -> Node | None:
    """Finds the topmost node matching every given criterion, scrolling down if asked.

    Args:
        device: The device whose screen is searched.
        id: The node's ``id``.
        text: The node's ``text``, matched exactly.
        role: The node's ``role`` (``"button"``, ``"list_item"``, ...).
        where: Any further test on the node dict.
        scroll: How many times at most to scroll the page down (an upward drag in the middle
            of the screen) while the node is not on screen; stops early when nothing scrolls.

    Returns:
        The node, or None if it is not on screen (after any scrolling).
    """
    found = _find_visible(device, id=id, text=text, role=role, where=where)
    x = device.width / 2
    for _ in range(scroll):
        if found is not None or device.swipe(x, device.height * 0.75, x,
                                             device.height * 0.375) != "scroll":
            break
        found = _find_visible(device, id=id, text=text, role=role, where=where)
    return found


def node(device: Device, *, id: str | None = None, text: str | None = None,
         role: str | None = None, where: Callable[[Node], bool] | None = None,
         scroll: int = 0) -> Node:
    """Like :func:`find`, but the node must be there.

    Args:
        device: The device whose screen is searched.
        id, text, role, where: What the node must match, as for :func:`find`.
        scroll: How many times at most to scroll down to find it (see :func:`find`).

    Returns:
        The topmost matching node.

    Raises:
        AssertionError: No node matches; the message names the criteria and lists the ids and
            texts that are on screen.
    """
    found = find(device, id=id, text=text, role=role, where=where, scroll=scroll)
    if found is None:
        raise AssertionError(
            f"no node {_describe(id=id, text=text, role=role, where=where)} on screen; "
            f"visible ids: {[n['id'] for n in device.ui_tree() if n['id']]}, "
            f"texts: {[n['text'] for n in device.ui_tree() if n['text']]}")
    return found


def has(device: Device, *, id: str | None = None, text: str | None = None,
        role: str | None = None, where: Callable[[Node], bool] | None = None) -> bool:
    """Whether a node matching every given criterion is on screen (no scrolling).

    Args:
        device: The device whose screen is searched.
        id, text, role, where: What the node must match, as for :func:`find`.

    Returns:
        True if at least one visible node matches.
    """
    return _find_visible(device, id=id, text=text, role=role, where=where) is not None


def ids(device: Device, prefix: str = "") -> list[str]:
    """The ids of the visible nodes that start with ``prefix``, in paint order.

    Args:
        device: The device whose screen is read.
        prefix: Keeps only ids starting with it (``"contact:"``); empty keeps every id.

    Returns:
        The ids, bottom-most node first.
    """
    return [n["id"] for n in find_all(device, where=lambda n: (n["id"] or "").startswith(prefix))]


def screen_text(device: Device) -> str:
    """Every visible node's text joined with ``" | "``, for substring assertions.

    Args:
        device: The device whose screen is read.

    Returns:
        The texts in paint order, e.g. ``"Files | Images 4 items | ..."``.
    """
    return " | ".join(n["text"] for n in device.ui_tree())


def tap(device: Device, *, id: str | None = None, text: str | None = None,
        role: str | None = None, where: Callable[[Node], bool] | None = None,
        scroll: int = 0) -> Node:
    """Taps the centre of the topmost node matching every given criterion.

    Args:
        device: The device to tap.
        id, text, role, where: What the node must match, as for :func:`find`.
        scroll: How many times at most to scroll down to find it (see :func:`find`).

    Returns:
        The node that was tapped (as it was before the tap).

    Raises:
        AssertionError: No node matches (see :func:`node`), or nothing on screen took the tap.
    """
    return _press(device, False, id=id, text=text, role=role, where=where, scroll=scroll)


def long_press(device: Device, *, id: str | None = None, text: str | None = None,
               role: str | None = None, where: Callable[[Node], bool] | None = None,
               scroll: int = 0) -> Node:
    """Long-presses the centre of the topmost node matching every given criterion.

    Takes the same arguments as :func:`tap`, returns the node pressed and raises
    AssertionError when no node matches or nothing on screen took the press.
    """
    return _press(device, True, id=id, text=text, role=role, where=where, scroll=scroll)


def route(device: Device) -> str:
    """The route of the foreground activity, e.g. ``"/dir?path=/sdcard/Documents"``.

    Args:
        device: The device to read.

    Returns:
        The top activity's current route, query included.

    Raises:
        AssertionError: No app is in the foreground (the home screen is showing).
    """
    top = device.kernel.tasks.top_activity
    assert top is not None, "no activity is in the foreground"
    return top.route


def _press(device: Device, long: bool, *, id: str | None, text: str | None, role: str | None,
           where: Callable[[Node], bool] | None, scroll: int) -> Node:
    target = node(device, id=id, text=text, role=role, where=where, scroll=scroll)
    gesture = "long press" if long else "tap"
    x, y = center(device, target)
    assert device.tap(x * device.width, y * device.height, long_press=long), \
        f"nothing took the {gesture} on {_describe(id=id, text=text, role=role, where=where)}"
    return target


def _describe(**criteria: object) -> str:
    return " ".join(f"{key}={value!r}" for key, value in criteria.items()
                    if value is not None) or "(any)"
