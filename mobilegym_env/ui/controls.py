"""Material 3 controls: buttons, icon buttons, switches, checkboxes, radios, sliders and text
fields, built from plain views (boxes, text, icons) in the scheme's roles.

Each returns one node that carries the control's meaning (role, id, checked, on_tap) with
decorative children that stay out of the UI tree, so ids and roles are those agents and
oracles already know. ``ui.view`` re-exports them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, MutableMapping
from typing import Any

from . import theme as T
from .color import mix
from .view import FILL, Handler, View, _pad, col, icon, row, stack, text

# style: (label/icon colour, container, border)
BUTTON_STYLES: dict[str, tuple[str, str | None, tuple[str, int] | None]] = {
    "filled": (T.ON_PRIMARY, T.PRIMARY, None),
    "tonal": (T.ON_SECONDARY_CONTAINER, T.SECONDARY_CONTAINER, None),
    "outlined": (T.PRIMARY, None, (T.OUTLINE, 1)),
    "text": (T.PRIMARY, None, None),
    "danger": (T.ON_ERROR, T.ERROR, None),
}
DISABLED_FG = mix(T.ON_SURFACE, T.SURFACE, 0.38)  # M3: on-surface at 38%
DISABLED_BG = mix(T.ON_SURFACE, T.SURFACE, 0.12)  # and its container at 12%
DISABLED = (DISABLED_FG, DISABLED_BG)
FIELD_BG = T.SURFACE_CONTAINER_HIGHEST
FIELD_RADIUS = 4
FIELD_H = 48
LABEL_ROOM = 8  # above an outlined field's box, where its floating label straddles the edge
FIELD_STYLES = ("outlined", "filled", "plain")


def button(label: str, on_tap: Handler | None, style: str = "filled", **props: Any) -> View:
    """A pill button (M3 common button): ``filled``, ``tonal``, ``outlined``, ``text`` or
    ``danger`` (filled in the error colour); greyed out when ``on_tap`` is None. ``icon=`` puts
    a leading icon. Any view prop (``h``, ``pad``, ``bg``, ``id``...) may be overridden."""
    if style not in BUTTON_STYLES:
        raise ValueError(f"unknown button style {style!r}; use one of {sorted(BUTTON_STYLES)}")
    fg, bg, border = BUTTON_STYLES[style]
    if on_tap is None:
        fg, bg = DISABLED_FG, DISABLED_BG if bg else None
        border = (DISABLED_BG, 1) if border else None
    icon_name = props.pop("icon", None)
    content = [icon(icon_name, 16, fg)] if icon_name else []
    content.append(text(label, 14, "medium", fg, role=None))
    side = 12 if style == "text" else 24
    spec: dict[str, Any] = dict(h=40, bg=bg, border=border, radius=20,
                                pad=(side - 8 if icon_name else side, 0, side, 0), gap=8,
                                justify="center", role="button", text=label,
                                enabled=on_tap is not None)
    spec.update(props)
    return row(*content, on_tap=on_tap, **spec)


ICON_BUTTON_STYLES: dict[str, tuple[str | None, str | None, tuple[str, int] | None]] = {
    "standard": (None, None, None),  # the glyph in ``color``
    "filled": (T.ON_PRIMARY, T.PRIMARY, None),
    "tonal": (T.ON_SECONDARY_CONTAINER, T.SECONDARY_CONTAINER, None),
    "outlined": (None, None, (T.OUTLINE, 1)),
}


def icon_button(name: str, on_tap: Handler | None, label: str,
                color: str = T.ON_SURFACE_VARIANT, size: int = 20, style: str = "standard",
                **props: Any) -> View:
    """A round, icon-only button (40 px, a 20 px glyph); ``label`` is its accessibility text
    in the UI tree. ``style`` is ``standard``, ``filled``, ``tonal`` or ``outlined``."""
    if style not in ICON_BUTTON_STYLES:
        raise ValueError(f"unknown icon button style {style!r}; "
                         f"use one of {sorted(ICON_BUTTON_STYLES)}")
    fg, bg, border = ICON_BUTTON_STYLES[style]
    spec: dict[str, Any] = dict(w=40, h=40, radius=20, role="button", label=label, bg=bg,
                                border=border, enabled=on_tap is not None)
    spec.update(props)
    glyph = fg or color
    if not spec["enabled"]:
        glyph = DISABLED_FG
        spec["bg"] = DISABLED_BG if spec["bg"] else None
    return icon(name, size, glyph, on_tap=on_tap, **spec)


def switch(checked: bool, on_tap: Handler | None, **props: Any) -> View:
    """An M3 switch: a 52x32 track (outlined when off) and a thumb that grows and shows a
    check when on."""
    on = bool(checked)
    enabled = props.get("enabled", on_tap is not None)
    if on:
        track, border = T.PRIMARY, None
        thumb = icon("check", 14, T.ON_PRIMARY_CONTAINER, w=24, h=24, radius=12,
                     bg=T.ON_PRIMARY, gravity="center-right")
    else:
        track, border = T.SURFACE_CONTAINER_HIGHEST, (T.OUTLINE, 2)
        thumb = View("box", w=16, h=16, radius=8, bg=T.OUTLINE, gravity="center-left")
    if not enabled:
        track = mix(T.ON_SURFACE, T.SURFACE, 0.12) if on else T.SURFACE_CONTAINER_HIGHEST
        border = None if on else (DISABLED_BG, 2)
        thumb.bg = T.SURFACE if on else DISABLED_FG
        thumb.color = DISABLED_FG
    spec: dict[str, Any] = dict(w=52, h=32, radius=16, bg=track, border=border, checked=on,
                                on_tap=on_tap, role="switch", pad=(8, 0, 4, 0))
    spec.update(props)
    return stack(thumb, **spec)


def checkbox(checked: bool, on_tap: Handler | None, **props: Any) -> View:
    """An M3 checkbox: an 18 px box with a 2 px outline, filled with a check when on."""
    on = bool(checked)
    mark = icon("check", 14, T.ON_PRIMARY, w=18, h=18, radius=2, bg=T.PRIMARY,
                gravity="center") if on else \
        View("box", w=18, h=18, radius=2, border=(T.ON_SURFACE_VARIANT, 2), gravity="center")
    spec: dict[str, Any] = dict(w=22, h=22, checked=on, on_tap=on_tap, role="checkbox")
    spec.update(props)
    return stack(mark, **spec)


def radio(checked: bool, on_tap: Handler | None, **props: Any) -> View:
    """An M3 radio button: a 20 px ring, with a dot when selected."""
    on = bool(checked)
    color = T.PRIMARY if on else T.ON_SURFACE_VARIANT
    dot = View("box", w=10, h=10, radius=5, bg=color, gravity="center") if on else None
    ring = stack(dot, w=20, h=20, radius=10, border=(color, 2), gravity="center")
    spec: dict[str, Any] = dict(w=22, h=22, checked=on, on_tap=on_tap, role="radio")
    spec.update(props)
    return stack(ring, **spec)


def slider(value: int, maximum: int, on_set: Callable[[int], Any], *, id: str, label: str,
           steps: int | None = None, step_id: str | None = None, style: str = "standard",
           leading: str | None = None, **props: Any) -> View:
    """A slider: an active track up to ``value``, a thumb, the rest of the track.

    Tapping along it sets a level: the track is ``steps`` equal segments (default one per
    unit), segment ``i`` sets ``i * maximum // steps``; each is a ``slider_step`` node whose
    id is ``step_id`` formatted with its value (default ``"<id>_step:{}"``; Settings keeps
    ``brightness_step:5`` ids). ``style`` ``"large"`` is the Pixel quick-settings bar: a
    44-px pill filled up to the level, with an optional ``leading`` icon inside it.
    """
    if not isinstance(maximum, int) or isinstance(maximum, bool) or maximum <= 0:
        raise ValueError(f"slider maximum must be a positive int, got {maximum!r}")
    if style not in ("standard", "large"):
        raise ValueError(f"unknown slider style {style!r}; use 'standard' or 'large'")
    steps = maximum if steps is None else steps
    if not isinstance(steps, int) or isinstance(steps, bool) or not 0 < steps <= maximum:
        raise ValueError(f"slider steps must be an int in 1..{maximum}, got {steps!r}")
    level = min(max(int(value), 0), maximum)
    fmt = f"{id}_step:{{}}" if step_id is None else step_id
    segments = []
    for i in range(1, steps + 1):
        at = i * maximum // steps
        segments.append(View("box", w=FILL, h=FILL, on_tap=functools.partial(on_set, at),
                             role="slider_step", label=f"{label} {at}", id=fmt.format(at),
                             selected=level >= at))
    track = _large_track(level, maximum, leading) if style == "large" \
        else _track(level, maximum)
    spec: dict[str, Any] = dict(w=FILL, h=48 if style == "large" else 44, role="slider",
                                label=f"{label} {level}", id=id)
    spec.update(props)
    return stack(track, row(*segments, w=FILL, h=FILL), **spec)


def _track(level: int, maximum: int) -> View:
    active = View("box", w=FILL, h=4, radius=2, bg=T.PRIMARY, flex=level) if level else None
    rest = View("box", w=FILL, h=4, radius=2, bg=T.SECONDARY_CONTAINER, flex=maximum - level) \
        if level < maximum else None
    thumb = View("box", w=20, h=20, radius=10, bg=T.PRIMARY)
    return row(active, thumb, rest, w=FILL, h=FILL, pad=(4, 0))


def _large_track(level: int, maximum: int, leading: str | None) -> View:
    glyph = icon(leading, 20, T.ON_PRIMARY, w=24, h=24) if leading else None
    # the filled part is never narrower than its round end (and the icon in it)
    filled = row(glyph, w=FILL, h=FILL, radius=22, bg=T.PRIMARY, pad=(12, 0), flex=level) \
        if level else None
    rest = View("box", w=FILL, h=FILL, flex=maximum - level) if level < maximum else None
    head = row(glyph, w=48, h=FILL, radius=22, bg=T.PRIMARY, pad=(12, 0)) if not level \
        else None
    return row(head, filled, rest, w=FILL, h=44, radius=22, bg=T.SURFACE_CONTAINER_HIGHEST,
               gravity="center-left", clip=True)


def text_field(store: MutableMapping[str, Any], key: str, hint: str = "", **props: Any) -> View:
    """The bare field node: its value lives in ``store[key]``; tapping it focuses it and raises
    the keyboard (``ScreenContext.field`` wires ``focused``). A filled box by default;
    ``editable_field`` gives the full M3 field."""
    props.setdefault("h", FIELD_H)
    props.setdefault("radius", FIELD_RADIUS)
    props.setdefault("bg", FIELD_BG)
    props.setdefault("pad", (16, 0))
    props["size"] = T.scaled(props.get("size", 14))  # the painter draws 14 at 15
    return View("field", store=store, key=key, hint=hint, role="text_field",
                id=props.pop("id", key), text=str(store.get(key, "")), **props)


def editable_field(store: MutableMapping[str, Any], key: str, hint: str, focused: bool,
                   on_focus: Handler, underlay: View | None = None, *,
                   style: str | None = None, supporting: str | None = None, error: bool = False,
                   **props: Any) -> View:
    """An M3 text field that raises the keyboard when tapped (``on_focus``).

    Styles: ``outlined`` (the default for one line: a 1-px outline, 2 px in the primary
    colour when focused, the hint floating onto the edge as a label once there is text),
    ``filled`` (a tinted box; the default for multi-line fields) and ``plain`` (no
    decoration). A field given a ``bg`` or ``radius`` (a search pill, a composer) keeps that
    look. Focused and holding text, it
    shows a clear button ``<id>:clear`` at its trailing edge (the precise way to empty a
    field). ``supporting`` is a line of help under it (in the error colour when ``error``).
    ``underlay`` is drawn under the text, inside the field's padding (a selection's highlight).
    ``ScreenContext.field`` and the system surfaces' fields are built with it.
    """
    custom = "bg" in props or "radius" in props or props.get("max_lines", 1) != 1
    style = style or ("filled" if custom else "outlined")
    if style not in FIELD_STYLES:
        raise ValueError(f"unknown field style {style!r}; use one of {list(FIELD_STYLES)}")
    framed = style == "outlined"
    if framed:
        edge = T.ERROR if error else (T.PRIMARY if focused else T.OUTLINE)
        props.update(bg=None, radius=FIELD_RADIUS, border=(edge, 2 if focused else 1))
    elif style == "plain":  # a zero-width border: no edge drawn, a caret in the primary
        props.update(bg=None, radius=0, border=(T.PRIMARY, 0))
        props.setdefault("pad", (0, 0))
    elif focused and "border" not in props:
        props["border"] = (T.ERROR if error else T.PRIMARY, 2)
    size = {k: props.pop(k) for k in ("w", "flex") if k in props}
    box_h = props.pop("h", FIELD_H if props.get("max_lines", 1) == 1 else None)
    clearable = focused and bool(store.get(key))
    field_id = props.pop("id", key)
    left, top, right, bottom = _pad(props.pop("pad", (16, 0)))
    right += 36 if clearable else 0
    inner = FILL if box_h is not None else None
    field = text_field(store, key, hint, focused=focused, w=FILL, h=inner,
                       pad=(left, top, right, bottom), id=field_id, on_tap=on_focus, **props)
    body = field
    if underlay is not None or clearable:
        layers: list[View] = [field]
        if underlay is not None:  # the field's box goes under the underlay, its text above
            box = dict(bg=field.bg, radius=field.radius, border=field.border)
            field.bg = field.border = None
            layers.insert(0, row(underlay, w=FILL, h=FILL, pad=(left, top, right, bottom),
                                 **box))
        if clearable:
            one_line = props.get("max_lines", 1) == 1  # else it sits by the first line
            clear = icon_button("circle-xmark", functools.partial(store.__setitem__, key, ""),
                                "Clear text", T.ON_SURFACE_VARIANT, size=18,
                                gravity="center-right" if one_line else "top-right",
                                id=f"{field_id}:clear")
            layers.append(stack(clear, w=FILL, h=FILL, pad=(0, 0 if one_line else 4, 4, 0)))
        body = stack(*layers, w=FILL, h=box_h)
    else:
        field.h = box_h
    outer_h = FILL if box_h == FILL else None
    if framed:
        body = outlined(body, hint if store.get(key) else None, focused, error, box_h)
    if supporting:
        note = text(supporting, 12, color=T.ERROR if error else T.ON_SURFACE_VARIANT,
                    pad=(16, 4, 16, 0), max_lines=2, id=f"{field_id}:supporting")
        body = col(body, note, w=FILL, h=outer_h)
    body.__dict__.update(size)
    return body


def outlined(box: View, label: str | None, focused: bool = False, error: bool = False,
             box_h: int | None = FIELD_H) -> View:
    """An outlined field's frame: room above ``box`` (which draws the outline) for the floating
    ``label``, which sits on the outline's top edge (None: no label, the hint is inside).

    The label's text is drawn on the colour beneath the field, which cuts the outline under
    it (the M3 notch): it comes after the box in one column, so it is painted over the edge
    with that colour known, and a negative gap pulls it up onto the edge.
    """
    lift = -(box_h + LABEL_ROOM) if label and isinstance(box_h, int) and box_h > 0 else 0
    tag = None
    if lift:
        color = T.ERROR if error else (T.PRIMARY if focused else T.ON_SURFACE_VARIANT)
        tag = row(text(f" {label} ", 12, color=color, role=None), w=FILL, h=2 * LABEL_ROOM,
                  pad=(12, 0, 12, 0))
    fixed = isinstance(box_h, int) and box_h > 0
    return col(box, tag, w=FILL, pad=(0, LABEL_ROOM, 0, 0), gap=lift,
               h=box_h + LABEL_ROOM if fixed else (FILL if box_h == FILL else None))
