"""Helpers for oracles: find nodes in ``device.ui_tree()`` and turn them into actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import actions as A

if TYPE_CHECKING:
    from .device import Device

Node = dict[str, Any]


def matches(node: Node, *, id: str | None = None, text: str | None = None,
            role: str | None = None, where: Callable[[Node], bool] | None = None) -> bool:
    """Whether a ``ui_tree()`` node meets every given criterion (text matches exactly)."""
    return ((id is None or node["id"] == id) and (text is None or node["text"] == text)
            and (role is None or node["role"] == role) and (where is None or bool(where(node))))


def find(device: Device, *, id: str | None = None, text: str | None = None,
         role: str | None = None, where: Callable[[Node], bool] | None = None) -> Node | None:
    """The topmost visible node matching every given criterion (text matches exactly)."""
    for node in reversed(device.ui_tree()):
        if matches(node, id=id, text=text, role=role, where=where):
            return node
    return None


def find_all(device: Device, *, id: str | None = None, text: str | None = None,
             role: str | None = None, where: Callable[[Node], bool] | None = None) -> list[Node]:
    """Every visible node matching every given criterion, in paint order (topmost last)."""
    return [node for node in device.ui_tree()
            if matches(node, id=id, text=text, role=role, where=where)]


def center(device: Device, node: Node) -> tuple[float, float]:
    """Normalized centre of a node's bounds."""
    x0, y0, x1, y1 = node["bounds"]
    w, h = device.width * device.scale, device.height * device.scale
    return ((x0 + x1) / 2 / w, (y0 + y1) / 2 / h)


def tap(device: Device, node: Node) -> dict[str, Any]:
    return A.tap(*center(device, node))


def long_press(device: Device, node: Node) -> dict[str, Any]:
    return A.long_press(*center(device, node))


def swipe_left() -> dict[str, Any]:
    """Next launcher page / horizontal content."""
    return A.swipe(0.85, 0.45, 0.15, 0.45)


def swipe_right() -> dict[str, Any]:
    return A.swipe(0.15, 0.45, 0.85, 0.45)


def scroll_down() -> dict[str, Any]:
    return A.swipe(0.5, 0.7, 0.5, 0.3)
