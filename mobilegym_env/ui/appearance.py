"""The dark theme at paint time: a frame's placed nodes with their colours mapped.

Screens are built with light colours (the scheme's roles, and some colours of their own); when
the dark theme is on, :func:`night` gives the painter copies of the placed nodes whose
backgrounds, borders and foregrounds are their dark counterparts (``ui/color.py`` says how).
The UI tree, hit-testing and the built views are untouched: only pixels change, and a light
frame costs nothing extra. Pictures (photos, thumbnails) keep their pixels.
"""

from __future__ import annotations

import functools

from . import theme as T
from .color import BG, FG, LINE, contrast_fix, force_dark, hct, parse
from .layout import Placed
from .retain import pixel_key, scale_ratio
from .view import View

# which roles a colour may stand for, by use; where two roles share a light colour (white is
# both the lowest container and on-primary), the first listed wins
_ROLE_USES = {
    BG: ("surface", "surface_container_lowest", "surface_container_low", "surface_container",
         "surface_container_high", "surface_container_highest", "surface_dim", "surface_variant",
         "primary", "primary_container", "secondary", "secondary_container", "tertiary",
         "tertiary_container", "error", "error_container", "inverse_surface", "inverse_primary",
         "outline_variant", "outline", "on_surface", "on_surface_variant"),
    FG: ("on_surface", "on_surface_variant", "primary", "secondary", "tertiary", "error",
         "on_primary_container", "on_secondary_container", "on_tertiary_container",
         "on_error_container", "outline", "outline_variant", "inverse_on_surface",
         "inverse_primary"),
    LINE: ("outline", "outline_variant", "primary", "error", "on_surface", "on_surface_variant",
           "surface_variant"),
}
_PAINTED_AS_IS = frozenset({"image", "picture"})
_FOREGROUND = frozenset({"text", "icon", "field"})


@functools.cache
def _role_map(usage: str) -> dict[str, str]:
    light, dark = T.scheme(False).roles(), T.scheme(True).roles()
    out: dict[str, str] = {}
    for name in _ROLE_USES[usage]:
        out.setdefault(light[name], dark[name])
    return out


@functools.lru_cache(maxsize=4096)
def dark_color(color: str, usage: str) -> str:
    """The dark-theme counterpart of a light-theme colour drawn as ``usage`` (bg, fg, line).

    A translucent background is a tint (a disabled button's, a selection's): a dark tint of
    the foreground kind goes light; a black scrim stays.
    """
    c = parse(color)
    alpha = "" if len(c) == 3 else color[7:]
    opaque = color[:7]
    if alpha and usage == BG and alpha.upper() != "FF":
        tone = hct(opaque)[2]
        if tone <= 5:
            return color  # a scrim or a shadow
        usage = BG if tone >= 50 else FG
    mapped = _role_map(usage).get(opaque.upper())
    if mapped is None:
        mapped = force_dark(opaque, usage)
    return mapped + alpha


@functools.lru_cache(maxsize=4096)
def _foreground(color: str, under: str | None) -> str:
    mapped = dark_color(color, FG)
    if under is None:
        return mapped
    return contrast_fix(mapped, color, dark_color(under, BG), under)


def _opaque(color: str | None) -> bool:
    return color is not None and (len(color) == 7 or color[7:].upper() == "FF")


def night(placed: list[Placed], slot: tuple | None = None) -> list[Placed]:
    """``placed`` as the dark theme paints it: copies of the nodes with mapped colours.

    The dark copy of a retained node (``reuse``) is kept on it, so its cached pixels are
    kept across frames; a retained subtree whose pixels the painter keeps in ``slot``
    (``painter.pixel_slot``) for its size is passed on as it is but its root (the painter
    blits it and skips the rest).
    """
    out: list[Placed] = []
    i, n = 0, len(placed)
    while i < n:
        p = placed[i]
        v = p.view
        under = dark_color(p.under, BG) if p.under else None
        if not v.reuse:
            out.append(_mapped(p, under))
            i += 1
            continue
        thin = 0 < p.w <= 2 or 0 < p.h <= 2
        memo = v.__dict__.get("_night")
        if memo is None or memo[0] != (p.under, thin):
            memo = (p.under, thin, _mapped(p, under).view)
            v.__dict__["_night"] = memo
        dark = p._replace(view=memo[2], under=under)
        out.append(dark)
        cached = v.__dict__.get("_pixels", {}).get(slot) if slot is not None else None
        d = scale_ratio(slot[1])[1] if slot is not None else 1
        if cached is not None and cached[0] == pixel_key(p, under, d) and _in_view(p):
            out.extend(placed[i + 1 : i + p.nodes])  # blitted from the cache, never painted
            i += p.nodes
        else:
            i += 1
    return out


def _in_view(p: Placed) -> bool:
    cx0, cy0, cx1, cy1 = p.clip
    return cx0 <= p.x and cy0 <= p.y and p.x + p.w <= cx1 and p.y + p.h <= cy1


def _mapped(p: Placed, under: str | None) -> Placed:
    """One placed node with its colours mapped (``under``: the dark colour beneath)."""
    v = p.view
    if v.kind in _PAINTED_AS_IS:
        return p._replace(under=under) if under != p.under else p
    changes: dict[str, object] = {}
    bg = v.bg
    if bg:
        thin = 0 < p.w <= 2 or 0 < p.h <= 2  # a 1-px box is a divider: a line
        changes["bg"] = dark_color(bg, LINE if thin else BG)
    if v.border:
        changes["border"] = (dark_color(v.border[0], LINE), v.border[1])
    if v.kind in _FOREGROUND:
        changes["color"] = _foreground(v.color, bg if _opaque(bg) else p.under)
    if changes or v.reuse:
        copy = View.__new__(View)
        fields = dict(v.__dict__)
        for cached in ("_pixels", "_night"):  # the light node keeps its caches
            fields.pop(cached, None)
        fields.update(changes)
        if v.reuse:
            fields["_origin"] = v  # where the painter keeps the dark pixels
        copy.__dict__ = fields
        v = copy
    return p._replace(view=v, under=under)  # keeps a clip's subtree size


def page_color(color: str, dark: bool) -> str:
    """An opaque page colour in the theme shown (what a blank picture is filled with)."""
    return dark_color(color, BG) if dark else color
