"""The screen for a model: numbered elements as prompt lines and as set-of-marks boxes."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np


class PlanError(RuntimeError):
    """A command cannot be carried out on the current screen (no such element, app...)."""


@dataclass(frozen=True)
class Element:
    """One numbered element of a :class:`Screen` (a node of the UI tree)."""

    index: int
    role: str
    text: str
    id: str | None
    bounds: tuple[int, int, int, int]
    clickable: bool = False
    long_clickable: bool = False
    double_clickable: bool = False
    scrollable: bool = False
    focused: bool = False
    checked: bool | None = None
    selected: bool = False
    enabled: bool = True
    hint: str | None = None

    @property
    def interactive(self) -> bool:
        """Tappable, long-pressable, double-tappable or scrollable."""
        return self.clickable or self.long_clickable or self.double_clickable or self.scrollable

    def describe(self, ids: bool = False) -> str:
        """One prompt line: ``[4] app_icon "Settings" clickable long-clickable`` (the view id
        is shown when ``ids`` is set or the element has no text)."""
        parts = [f"[{self.index}]", self.role]
        if self.text:
            parts.append(json.dumps(self.text, ensure_ascii=False))
        if self.id and (ids or not self.text):
            parts.append(f"id={self.id}")
        if self.hint:
            parts.append(f"hint={json.dumps(self.hint, ensure_ascii=False)}")
        flags = [("checked" if self.checked else "unchecked") if self.checked is not None
                 else "", "focused" if self.focused else "", "selected" if self.selected else "",
                 "disabled" if not self.enabled else "", "clickable" if self.clickable else "",
                 "long-clickable" if self.long_clickable else "",
                 "double-clickable" if self.double_clickable else "",
                 "scrollable" if self.scrollable else ""]
        return " ".join(parts + [f for f in flags if f])


class Screen:
    """The elements of one screen, numbered in paint order (later ones are on top).

    Containers with neither text nor an interaction are left out, so are the keyboard's keys
    (unless asked for), and so is a plain text that
    a control around it already says (a list row's title); everything else, visible text
    included, gets an index, so the numbers a model reads are the numbers it acts on.

    Args:
        ui_tree: ``device.ui_tree()`` or ``info["ui_tree"]`` (bounds in frame pixels).
        size: The frame's ``(width, height)`` in pixels, or the frame (an ``(H, W, 3)``
            array), to normalize positions for the action space.
        keyboard: List the on-screen keyboard's keys (by default one line says it is shown:
            ``input_text`` types without them).

    Example:
        >>> from mobilegym_env.device import Device
        >>> device = Device()                   # the home screen
        >>> screen = Screen(device.ui_tree(), device.render())
        >>> [e.describe() for e in screen.elements if e.text == "Settings"]
        ['[...] app_icon "Settings" clickable long-clickable']
    """

    def __init__(self, ui_tree: Iterable[dict[str, Any]], size: Any,
                 keyboard: bool = False) -> None:
        if isinstance(size, np.ndarray):
            size = (size.shape[1], size.shape[0])
        self.width, self.height = (int(v) for v in size)
        if self.width < 1 or self.height < 1:
            raise ValueError(f"size must be a positive (width, height), got {size!r}")
        kept: list[Element] = []
        self.keyboard_shown = False
        for node in ui_tree:
            if node.get("role") == "key" and not keyboard:
                self.keyboard_shown = True
                continue
            interactive = node.get("clickable") or node.get("long_clickable") \
                or node.get("double_clickable") or node.get("scrollable")
            if not (node.get("text") or interactive or node.get("hint")):
                continue
            kept.append(Element(
                index=len(kept), role=node.get("role") or "view",
                text=node.get("text") or "", id=node.get("id"),
                bounds=tuple(int(b) for b in node["bounds"]),
                clickable=bool(node.get("clickable")),
                long_clickable=bool(node.get("long_clickable")),
                double_clickable=bool(node.get("double_clickable")),
                scrollable=bool(node.get("scrollable")), focused=bool(node.get("focused")),
                checked=node.get("checked"), selected=bool(node.get("selected")),
                enabled=node.get("enabled", True), hint=node.get("hint")))
        # a plain text inside a control whose label already says it (a list row's title)
        # adds nothing but length
        kept = [e for e in kept if e.interactive or not any(
            o.interactive and e.text in o.text and _inside(e.bounds, o.bounds) for o in kept)]
        self.elements = self.subset(kept).elements if kept else []

    @classmethod
    def of(cls, device: Any, keyboard: bool = False) -> Screen:
        """The screen a ``Device`` shows now."""
        return cls(device.ui_tree(), (device.width * device.scale, device.height * device.scale),
                   keyboard)

    def subset(self, elements: Iterable[Element]) -> Screen:
        """A screen of only ``elements``, renumbered from 0 in the order given."""
        out = Screen([], (self.width, self.height))
        out.elements = [Element(**{**e.__dict__, "index": i}) for i, e in enumerate(elements)]
        return out

    def __len__(self) -> int:
        return len(self.elements)

    def __getitem__(self, index: int) -> Element:
        return self.element(index)

    def element(self, index: Any) -> Element:
        """The element numbered ``index``.

        Raises:
            PlanError: No such index on this screen.
        """
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) \
                or not 0 <= index < len(self.elements):
            raise PlanError(f"there is no element {index!r} on this screen "
                            f"(indices are 0..{len(self.elements) - 1})")
        return self.elements[int(index)]

    def describe(self, ids: bool = False) -> str:
        """The screen as prompt text, one element per line (``ids`` adds the view ids)."""
        lines = [e.describe(ids) for e in self.elements]
        if self.keyboard_shown:
            lines.append("(the keyboard is shown: input_text types into the focused field)")
        return "\n".join(lines)

    def center(self, element: Element) -> tuple[float, float]:
        """An element's centre, normalized (what ``A.tap`` takes)."""
        x0, y0, x1, y1 = element.bounds
        return _clip((x0 + x1) / 2 / self.width), _clip((y0 + y1) / 2 / self.height)

    def find_app(self, name: str) -> Element | None:
        """The app icon labelled ``name`` (case and spacing ignored), if one is shown."""
        key = " ".join(name.split()).casefold()
        return next((e for e in reversed(self.elements) if e.role == "app_icon"
                     and " ".join(e.text.split()).casefold() == key), None)

    def set_of_marks(self, frame: np.ndarray, interactive_only: bool = True) -> np.ndarray:
        """A copy of ``frame`` with a numbered box on each (interactive) element.

        The numbers are the elements' indices, as in :meth:`describe`.
        """
        from PIL import Image, ImageDraw, ImageFont

        image = Image.fromarray(np.ascontiguousarray(frame[..., :3]))
        draw = ImageDraw.Draw(image)
        scale = max(1.0, self.width / 360)
        font = ImageFont.load_default(size=int(10 * scale))
        for e in self.elements:
            if interactive_only and not e.interactive:
                continue
            color = _PALETTE[e.index % len(_PALETTE)]
            x0, y0, x1, y1 = e.bounds
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=color, width=max(1, int(scale)))
            label = str(e.index)
            left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
            pad = int(2 * scale)
            draw.rectangle((x0, y0, x0 + right - left + 2 * pad, y0 + bottom - top + 2 * pad),
                           fill=color)
            draw.text((x0 + pad - left, y0 + pad - top), label, fill=(255, 255, 255), font=font)
        return np.asarray(image)


# Dark, saturated colours: white numbers stay legible on each, and neighbours differ.
_PALETTE = [(214, 39, 40), (31, 119, 180), (44, 160, 44), (148, 103, 189), (140, 86, 75),
            (227, 119, 194), (23, 137, 150), (188, 129, 14), (90, 90, 90), (255, 97, 3)]


def _inside(inner: tuple[int, ...], outer: tuple[int, ...]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] \
        and inner[3] <= outer[3]


def _clip(v: float) -> float:
    return min(max(v, 0.0), 1.0)

