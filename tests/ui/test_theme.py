"""The colour scheme (tonal palettes from a seed), the dark mapping and the font scale."""

from __future__ import annotations

import numpy as np
import pytest

from mobilegym_env.device import Device
from mobilegym_env.ui import FILL, col, icon, image, row, text
from mobilegym_env.ui import theme as T
from mobilegym_env.ui.appearance import dark_color, night
from mobilegym_env.ui.color import (
    BG,
    FG,
    LINE,
    contrast_fix,
    hct,
    hex_of,
    mix,
    parse,
    tone_color,
)
from mobilegym_env.ui.layout import layout

APPS = ("contacts", "files", "gallery", "messages", "notes", "settings")


def tone(color: str) -> float:
    return hct(color)[2]


# ----------------------------------------------------------------------------- colour science
@pytest.mark.parametrize("t", [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 98, 100])
def test_a_palette_colour_has_exactly_its_tone(t):
    hue, _, _ = hct(T.SEED)
    assert abs(tone(tone_color(hue, 0.12, t)) - t) < 0.5


def test_a_chroma_beyond_the_gamut_is_reduced_not_clipped():
    hue = hct("#0000FF")[0]
    light = tone_color(hue, 0.3, 95)  # no saturated blue is that light
    assert abs(tone(light) - 95) < 0.5
    assert 0 < hct(light)[1] < 0.1
    assert abs(hct(light)[0] - hue) < 10  # still a blue


def test_malformed_colours_are_named():
    for bad in ("red", "#12345", "#GGGGGG", 0x123456):
        with pytest.raises(ValueError, match="colour must be"):
            parse(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="colour must be"):
        T.scheme(seed="blue")


def test_mix_lays_a_colour_over_another():
    assert mix("#000000", "#FFFFFF", 0.5) == "#808080"
    assert mix("#102030", "#FFFFFF", 1.0) == "#102030"


# ----------------------------------------------------------------------------- the scheme
def test_roles_take_their_material_tones_in_light_and_dark():
    light, dark = T.scheme(False), T.scheme(True)
    for name, (_, light_tone, dark_tone) in T.ROLE_TONES.items():
        assert abs(tone(getattr(light, name)) - light_tone) < 0.6, name
        assert abs(tone(getattr(dark, name)) - dark_tone) < 0.6, name
    assert light.on_primary == "#FFFFFF" and light.surface_container_lowest == "#FFFFFF"
    # the primary keeps the seed's hue; neutrals are barely tinted with it
    assert abs(hct(light.primary)[0] - hct(T.SEED)[0]) < 3
    assert hct(light.surface)[1] < 0.02 < hct(light.primary)[1]


def test_another_seed_gives_another_scheme():
    green = T.scheme(seed="#1E8E3E")
    assert abs(hct(green.primary)[0] - hct("#1E8E3E")[0]) < 3
    assert green.primary != T.PRIMARY and abs(tone(green.primary) - 40) < 0.6


def test_the_older_names_are_aliases_of_roles():
    assert (T.ACCENT, T.ON_ACCENT, T.TEXT, T.TEXT_SECONDARY, T.DANGER, T.DIVIDER) == (
        T.PRIMARY, T.ON_PRIMARY, T.ON_SURFACE, T.ON_SURFACE_VARIANT, T.ERROR, T.OUTLINE_VARIANT)
    assert T.BACKGROUND == T.SURFACE == T.scheme().surface


# ----------------------------------------------------------------------------- dark mapping
def test_scheme_roles_map_to_the_same_role_in_the_dark():
    light, dark = T.scheme(False), T.scheme(True)
    assert dark_color(light.surface, BG) == dark.surface
    assert dark_color(light.surface_container_high, BG) == dark.surface_container_high
    assert dark_color(light.primary, BG) == dark.primary
    assert dark_color(light.secondary_container, BG) == dark.secondary_container
    assert dark_color(light.on_surface, FG) == dark.on_surface
    assert dark_color(light.primary, FG) == dark.primary
    assert dark_color(light.outline_variant, LINE) == dark.outline_variant
    assert dark_color(light.on_surface_variant.lower(), FG) == dark.on_surface_variant


def test_other_colours_are_forced_dark_by_use():
    assert tone(dark_color("#FFFFFF", BG)) < 10  # a white card goes dark
    assert tone(dark_color("#F1F3F4", BG)) < 15
    assert dark_color("#000000", BG) == "#000000"  # a photo viewer's black stays
    assert tone(dark_color("#202124", FG)) > 85  # dark text goes light
    assert dark_color("#FFFFFF", FG) == "#FFFFFF"  # light text stays
    assert tone(dark_color("#E8E8EC", LINE)) < 30  # a light divider goes dim
    orange = dark_color("#FBE3C8", BG)  # a tinted surface keeps its hue
    assert tone(orange) < 20 and abs(hct(orange)[0] - hct("#FBE3C8")[0]) < 15
    assert dark_color("#00000052", BG) == "#00000052"  # a scrim stays a scrim
    tint = dark_color("#1F1F1F1F", BG)  # a dark tint (a disabled container) goes light
    assert tint.endswith("1F") and tone(tint[:7]) > 85


def test_a_foreground_keeps_its_contrast_when_its_background_turns_light():
    light, dark = T.scheme(False), T.scheme(True)
    on = contrast_fix("#FFFFFF", "#FFFFFF", dark.primary, light.primary)
    assert abs(tone(on) - 20) < 1  # white on a primary button: M3's on-primary, tone 20
    assert abs(hct(on)[0] - hct(dark.primary)[0]) < 5
    kept = contrast_fix("#FFFFFF", "#FFFFFF", "#000000", "#000000")
    assert kept == "#FFFFFF"


def test_night_copies_the_nodes_and_leaves_the_built_views_alone():
    tree = col(text("Hi", color=T.TEXT), icon("wifi", 20, T.PRIMARY),
               image("cat.jpg", 40, 40), row(h=1, bg=T.DIVIDER), w=FILL, h=FILL, bg=T.SURFACE)
    placed, _ = layout(tree, 0, 0, 360, 200, under=T.SURFACE)
    before = [(p.view.bg, p.view.color, p.under) for p in placed]
    dark = night(placed)
    assert [(p.view.bg, p.view.color, p.under) for p in placed] == before
    by_kind = {p.view.kind: p for p in dark}
    s = T.scheme(True)
    assert by_kind["col"].view.bg == s.surface and by_kind["col"].under == s.surface
    assert by_kind["text"].view.color == s.on_surface
    assert by_kind["icon"].view.color == s.primary
    assert by_kind["image"].view is placed[3].view  # pictures keep their pixels
    assert by_kind["row"].view.bg == s.outline_variant  # a 1-px box is a line
    assert [p.view.id for p in dark] == [p.view.id for p in placed]


def test_night_keeps_a_clipping_nodes_subtree_size():
    tree = col(col(text("a"), text("b"), radius=12, clip=True, bg=T.SURFACE_CONTAINER),
               w=FILL, h=FILL, bg=T.SURFACE)
    placed, _ = layout(tree, 0, 0, 360, 200)
    assert [p.nodes for p in night(placed)] == [p.nodes for p in placed] == [1, 3, 1, 1]


def _device(dark: bool = False, font_scale: float = 1.0) -> Device:
    d = Device()
    d.kernel.set_preference("dark_mode", dark)
    d.kernel.set_preference("font_scale", font_scale)
    d.invalidate()
    return d


def _frames(app: str | None, **settings) -> tuple[np.ndarray, list]:
    d = _device(**settings)
    if app:
        d.launch_app(app)
    frame = d.render().copy()
    assert d.crashes == []
    return frame, d.ui_tree()


@pytest.mark.parametrize("app", [None, *APPS])
def test_dark_theme_changes_every_apps_home_and_nothing_else(app):
    light, light_tree = _frames(app)
    dark, dark_tree = _frames(app, dark=True)
    assert dark_tree == light_tree  # ids, texts and bounds: only pixels change
    luma = lambda f: float((f @ np.array([0.299, 0.587, 0.114])).mean())  # noqa: E731
    assert luma(dark) < luma(light) - 60
    if app in ("settings", "contacts", "notes", "messages", "files"):
        assert luma(dark) < 60  # a dark page, not a dimmed one


def test_recents_cards_follow_the_theme():
    shots = []
    for dark in (False, True):
        d = _device(dark=dark)
        d.launch_app("settings")
        d.show_recents()
        picture = d.thumbnail(d.kernel.tasks.active_task_id)
        shots.append(picture.get_at((5, 5))[:3])
    assert tone(hex_of(shots[0])) > 90 and tone(hex_of(shots[1])) < 15


# ----------------------------------------------------------------------------- font scale
def test_font_scale_scales_app_text_and_only_app_text():
    def heights(scale: float) -> tuple[int, int]:
        d = _device(font_scale=scale)
        d.launch_app("settings")
        tree = d.ui_tree()
        title = next(n for n in tree if n["role"] == "heading")
        clock = next(n for n in tree if n["id"] == "sb_clock")
        return title["bounds"][3] - title["bounds"][1], clock["bounds"][3] - clock["bounds"][1]
    (small, clock_small), (normal, clock), (large, clock_large) = (
        heights(0.85), heights(1.0), heights(1.3))
    assert small < normal < large
    assert clock_small == clock == clock_large  # the status bar is the system's


def test_a_scaled_size_is_rounded_and_bad_scales_are_refused():
    with T.font_scale(1.15):
        assert T.scaled(14) == 16 and text("x", 20).size == 23
    assert T.scaled(14) == 14  # only inside
    for bad in (0, 5, "1.2", True):
        with pytest.raises(ValueError, match="font scale"), T.font_scale(bad):  # type: ignore
            pass
