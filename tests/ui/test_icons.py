"""Icons: the Material Symbols font, the one name table, filled glyphs, the em square, and the
launcher's adaptive app icons."""

from __future__ import annotations

import ast
import colorsys
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mobilegym_env.device import Device
from mobilegym_env.kernel.kernel import installed_apps
from mobilegym_env.system.launcher import app_icon
from mobilegym_env.testing import node, tap
from mobilegym_env.ui import icons
from mobilegym_env.ui._pygame import pygame

INK = (0, 0, 0)
PAPER = (255, 255, 255)


def ink(name: str, size: int = 20) -> np.ndarray:
    """The glyph's coverage (0..1) on white: rows are y, columns x."""
    surface = icons.icon_surface(name, size, INK, PAPER)
    return 1 - pygame.surfarray.array3d(surface)[:, :, 0].T / 255


def bbox(cover: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(cover > 0.5)
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


def test_every_table_entry_is_a_glyph_of_the_font():
    for name, target in icons.ICONS.items():
        resolved, _ = icons.resolve(name)
        assert resolved == target.removesuffix(icons.FILL)
        assert resolved in icons.codepoints(), name


def test_names_resolve_through_the_table_then_the_font():
    assert icons.resolve("trash") == ("delete", False)
    assert icons.resolve("star") == ("star", True)  # the table draws favourites filled
    assert icons.resolve("photo_camera") == ("photo_camera", False)  # a Material name as is
    assert icons.resolve("home:fill") == ("home", True)
    assert icons.resolve("trash:fill") == ("delete", True)
    assert icons.icon_glyph("check") == (chr(icons.codepoints()["check"]), False)


@pytest.mark.parametrize("name", ["no-such-icon", "", "star:fill:fill", "Home", "fa-trash"])
def test_an_unknown_name_fails_naming_it(name):
    with pytest.raises(KeyError, match="unknown icon") as err:
        icons.icon_surface(name, 20, INK)
    assert repr(name) in str(err.value)


def test_a_name_that_is_not_a_string_is_refused():
    with pytest.raises(TypeError, match="icon name is a str"):
        icons.resolve(None)  # type: ignore[arg-type]


def test_the_glyph_is_drawn_on_its_em_square():
    # Material glyphs keep a 1/12 margin: size 20 means a 24-px square with a 20-px glyph.
    assert icons.em_size(20) == 24 and icons.em_size(10) == 12 and icons.em_size(40) == 48
    surface = icons.icon_surface("check_box_outline_blank", 20, INK, PAPER)
    assert surface.get_size() == (24, 24)
    x0, y0, x1, y1 = bbox(ink("check_box_outline_blank"))
    assert (x0, y0, 23 - x1, 23 - y1) == (3, 3, 3, 3)  # a centred square: the crop is right
    assert icons.icon_surface("check", 40, INK).get_size() == (48, 48)


def test_filled_glyphs_fill_what_outlined_ones_only_trace():
    outline, filled = ink("star_outline", 40), ink("star", 40)
    assert bbox(outline) == bbox(filled)  # the same star
    assert filled.sum() > 1.25 * outline.sum()
    # The centre of a filled star is ink; an outlined star's is paper.
    assert filled[24, 24] > 0.9 and outline[24, 24] < 0.1


def test_a_filled_glyph_outside_the_table_gets_its_own_instance():
    name = "rocket_launch"
    assert all(n != name for n in icons.ICONS.values())
    outline, filled = ink(name, 40), ink(f"{name}:fill", 40)
    assert filled.sum() > 1.05 * outline.sum()


def test_the_filled_instance_is_made_once_and_then_read_from_the_disk_cache(tmp_path,
                                                                           monkeypatch):
    monkeypatch.setenv("MOBILEGYM_CACHE", str(tmp_path / "cache"))
    glyphs = frozenset({icons.codepoints()["star"]})
    icons._filled_font.cache_clear()
    made = icons._filled_font(glyphs)
    (kept,) = (tmp_path / "cache").iterdir()
    assert kept.read_bytes() == made and kept.name.startswith("symbols-filled-")
    icons._filled_font.cache_clear()
    monkeypatch.setattr(icons, "_make_filled_font", lambda *a: pytest.fail("made again"))
    assert icons._filled_font(glyphs) == made
    icons._filled_font.cache_clear()


def test_an_unwritable_cache_only_costs_time(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("MOBILEGYM_CACHE", str(tmp_path / "file" / "cache"))
    glyphs = frozenset({icons.codepoints()["home"]})
    icons._filled_font.cache_clear()
    assert icons._filled_font(glyphs)[:4] in (b"\x00\x01\x00\x00", b"true")  # a TrueType file
    icons._filled_font.cache_clear()


def test_colour_and_background_are_applied_and_cached():
    red = icons.icon_surface("favorite:fill", 20, (200, 0, 0))
    assert red.get_flags() & pygame.SRCALPHA  # no background: per-pixel alpha
    rgba = pygame.surfarray.pixels_alpha(red)
    assert rgba.max() == 255 and rgba.min() == 0
    del rgba
    assert red.get_at((12, 12))[:3] == (200, 0, 0)
    assert icons.icon_surface("favorite:fill", 20, (200, 0, 0)) is red
    on_blue = icons.icon_surface("favorite:fill", 20, (200, 0, 0), (0, 0, 255))
    assert on_blue.get_at((0, 0))[:3] == (0, 0, 255)


def test_the_font_is_read_without_importing_the_qt_package():
    code = ("import sys; from mobilegym_env.ui import icons; "
            "icons.icon_surface('star', 20, (0, 0, 0)); icons.icon_surface('wifi', 20, (0, 0, 0));"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('qtmaterialsymbols', 'qtpy', 'PySide6', 'PyQt5', 'PyQt6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": ""})
    assert out.stdout.strip() == "[]"


ICON_CALLS = {"icon", "icon_button", "fab", "empty_state", "adaptive_icon", "icon_surface"}
ICON_KEYWORDS = {"icon", "icon_name", "leading"}


def _literal_icon_names(tree: ast.AST) -> set[str]:
    """String literals (or either branch of ``a if c else b``) passed as an icon to the UI's
    icon builders."""
    names: set[str] = set()
    for n in ast.walk(tree):
        if not isinstance(n, ast.Call):
            continue
        fn = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
        args = [n.args[0]] if fn in ICON_CALLS and n.args else []
        args += [k.value for k in n.keywords if k.arg in ICON_KEYWORDS]
        for a in args:
            for v in (a.body, a.orelse) if isinstance(a, ast.IfExp) else (a,):
                if isinstance(v, ast.Constant) and isinstance(v.value, str):
                    names.add(v.value)
    return names


def test_every_icon_named_in_the_code_is_known():
    root = Path(__file__).resolve().parents[2]
    used: dict[str, str] = {}
    for folder in ("mobilegym_env", "apps"):
        for path in sorted((root / folder).rglob("*.py")):
            for name in _literal_icon_names(ast.parse(path.read_text(encoding="utf-8"))):
                used.setdefault(name, str(path.relative_to(root)))
    assert len(used) > 60  # the scan sees the apps' icons
    unknown = {}
    for name, where in used.items():
        try:
            icons.resolve(name)
        except KeyError:
            unknown[name] = where
    assert unknown == {}


def test_every_app_icon_resolves():
    for m in installed_apps().manifests():
        icons.resolve(m.icon)
        icons.resolve(m.icon + icons.FILL)


@pytest.mark.parametrize("color", ["#1A73E8", "#F2A30F", "#5F6368", "#0B8043"])
def test_adaptive_colours_are_a_pale_tint_and_a_deep_tone_of_the_brand(color):
    def hls(c: str) -> tuple[float, float, float]:
        return colorsys.rgb_to_hls(*(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)))

    bg, fg = icons.adaptive_colors(color)
    h, _, s = hls(color)
    (bh, bl, _), (fh, fl, _) = hls(bg), hls(fg)
    assert bl > 0.95 and fl <= 0.46  # the glyph stands out on its background
    if s > 0.2:
        assert abs(bh - h) < 0.02 and abs(fh - h) < 0.02


def test_app_icon_is_a_tinted_circle_with_a_filled_glyph():
    files = installed_apps().manifest("files")
    v = app_icon(files, 56)
    assert (v.w, v.h, v.radius) == (56, 56, 28)
    assert (v.bg, v.color) == icons.adaptive_colors(files.color)
    assert v.icon == files.icon + icons.FILL and v.size == 28


def test_home_screen_draws_the_app_icon_circle_and_glyph():
    d = Device()
    n = node(d, id="grid:files")
    frame = d.render()
    bg, fg = (np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)])
              for c in icons.adaptive_colors(installed_apps().manifest("files").color))
    x0, y0, x1, y1 = n["bounds"]
    tile = frame[y0:y1, x0:x1].reshape(-1, 3).astype(int)
    near = lambda c: (np.abs(tile - c).sum(axis=1) < 24).sum()  # noqa: E731
    assert near(bg) > 600 and near(fg) > 150  # the circle's tint and the folder glyph


def test_settings_lists_apps_with_their_launcher_icons():
    d = Device()
    d.launch_app("settings")
    tap(d, text="Apps")
    row = node(d, text="Files", role="list_item")
    bg, fg = (np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)])
              for c in icons.adaptive_colors(installed_apps().manifest("files").color))
    x0, y0, x1, y1 = row["bounds"]
    lead = d.render()[y0:y1, x0:x0 + 72].reshape(-1, 3).astype(int)
    near = lambda c: (np.abs(lead - c).sum(axis=1) < 24).sum()  # noqa: E731
    assert near(bg) > 400 and near(fg) > 80
