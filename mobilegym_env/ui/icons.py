"""Icons: Google's Material Symbols (Outlined), the icon font of Android 14, in one place.

The font comes from the ``qtmaterialsymbols`` PyPI package (MIT; the font itself is Google's,
Apache-2.0), read with ``importlib.resources`` and never imported as code: the package's
``__init__`` needs a Qt binding, so its spec is found without executing it. Only the font file
is used, so no GUI toolkit is loaded.

Names. ``ICONS`` maps every icon name the code uses to a Material Symbols name; any other
Material Symbols name (``"home"``, ``"photo_camera"``...) may be used directly. A name ending
in ``":fill"`` is drawn filled (the font's FILL axis at 1, as Android draws a selected tab, a
favourite star or an "on" state); some table entries are filled by default. An unknown name
raises a ``KeyError`` that says where names come from.

Drawing. ``icon_surface(name, size)`` draws the glyph on a Material em square of
``round(size * 6 / 5)`` pixels: Material glyphs keep a 1/12 margin inside their square, so a
``size`` of 20 gives the 24-px square whose glyph is 20 px, the size an icon view was laid out
for. Surfaces are cached by (name, size, colour, background) in an LRU cache bounded by their
pixel bytes. The filled glyphs come from an instance of the variable font made with fontTools
(subset to the glyphs needed, so it takes a fraction of a second once per process).
"""

from __future__ import annotations

import colorsys
import functools
import hashlib
import importlib.resources
import importlib.util
import io
import json
import os
import tempfile
from pathlib import Path

from ._pygame import pygame
from .fonts import Color, SurfaceCache
from .view import View, icon

PACKAGE = "qtmaterialsymbols"
FONT_FILE = "resources/MaterialSymbolsOutlined.ttf"
CODEPOINTS_FILE = "resources/MaterialSymbolsOutlined.json"
FILL = ":fill"
# The default instance of the variable font, except FILL: what Android's icons use at 24 dp.
_AXES = {"wght": 400, "GRAD": 0, "opsz": 24}
ICON_CACHE_BYTES = 16 << 20
ICON_SURFACES = SurfaceCache(ICON_CACHE_BYTES)

# Every icon name the apps, the system UI and the components use, to its Material Symbols name
# (":fill" for a filled glyph). The names are the Font Awesome names the code was written
# with; new code may use Material Symbols names directly.
ICONS: dict[str, str] = {
    # navigation and actions
    "house": "home",
    "arrow-left": "arrow_back",
    "chevron-left": "chevron_left",
    "chevron-right": "chevron_right",
    "chevron-down": "expand_more",
    "chevron-up": "expand_less",
    "caret-down": "arrow_drop_down",
    "ellipsis-vertical": "more_vert",
    "magnifying-glass": "search",
    "plus": "add",
    "minus": "remove",
    "xmark": "close",
    "circle-xmark": "cancel:fill",
    "check": "check",
    "pen": "edit",
    "trash": "delete",
    "trash-can": "delete",
    "copy": "content_copy",
    "clone": "filter_none",
    "share-nodes": "share",
    "arrow-up-right-from-square": "open_in_new",
    "arrow-down-wide-short": "sort",
    "download": "download",
    "link": "link",
    "link-slash": "link_off",
    "lock": "lock",
    "paper-plane": "send:fill",
    "reply": "reply",
    "tag": "label",
    "hashtag": "tag",
    "bookmark": "bookmark",
    "thumbtack": "push_pin",
    "thumbtack-slash": "keep_off",
    "star": "star:fill",
    "heart": "favorite:fill",
    "heart-crack": "heart_broken",
    "circle": "radio_button_unchecked",
    "circle-check": "check_circle:fill",
    # status, alerts and system
    "circle-info": "info",
    "circle-exclamation": "error",
    "triangle-exclamation": "warning",
    "circle-stop": "stop_circle",
    "circle-minus": "do_not_disturb_on:fill",
    "bell": "notifications",
    "bell-slash": "notifications_off",
    "wifi": "wifi",
    "signal": "signal_cellular_4_bar",
    "plane": "flight",
    "bluetooth": "bluetooth",
    "bluetooth-b": "bluetooth",
    "bolt": "bolt:fill",
    "battery-empty": "battery_0_bar",
    "battery-quarter": "battery_2_bar",
    "battery-half": "battery_4_bar",
    "battery-three-quarters": "battery_5_bar",
    "battery-full": "battery_full",
    "sun": "light_mode",
    "moon": "dark_mode",
    "circle-half-stroke": "contrast",
    "location-dot": "location_on",
    "clock": "schedule",
    "calendar": "calendar_month",
    "hourglass-half": "hourglass_empty",
    "keyboard": "keyboard",
    "arrow-turn-down": "keyboard_return",
    "arrow-up": "shift",
    "delete-left": "backspace",
    "backspace": "backspace",
    "key": "vpn_key",
    "gear": "settings",
    "power-off": "power_settings_new",
    "rotate-right": "restart_alt",
    "table-cells-large": "apps",
    "hard-drive": "storage",
    "volume-high": "volume_up",
    "font": "format_size",
    "leaf": "eco",
    "shield-halved": "security",
    "tower-broadcast": "cell_tower",
    "mobile": "smartphone",
    "mobile-screen-button": "smartphone",
    "display": "brightness_medium",
    "android": "android",
    # people and communication
    "user": "person:fill",
    "user-plus": "person_add",
    "address-book": "contacts",
    "phone": "call",
    "envelope": "mail",
    "envelope-open": "drafts",
    "comment": "chat_bubble",
    "comment-sms": "sms",
    "microphone": "mic",
    "briefcase": "work",
    "building": "business",
    "cake-candles": "cake",
    "box-archive": "archive",
    "box-open": "unarchive",
    "inbox": "inbox",
    "camera": "photo_camera",
    "headphones": "headphones",
    "headset": "headset_mic",
    "car": "directions_car",
    # files and media
    "folder": "folder",
    "folder-open": "folder_open",
    "folder-plus": "create_new_folder",
    "folder-minus": "folder_off",
    "file": "draft",
    "file-lines": "description",
    "file-image": "image",
    "file-audio": "audio_file",
    "file-video": "video_file",
    "file-pdf": "picture_as_pdf",
    "file-zipper": "folder_zip",
    "file-circle-exclamation": "unknown_document",
    "image": "image",
    "images": "photo_library",
    "photo-film": "perm_media",
    "film": "movie",
    "music": "music_note",
    "note-sticky": "sticky_note_2",
    "play": "play_arrow:fill",
    "pause": "pause:fill",
    "backward-step": "skip_previous:fill",
    "forward-step": "skip_next:fill",
}


@functools.cache
def _package_files() -> importlib.resources.abc.Traversable:
    # A module object made from the spec without running it: importlib.resources can read the
    # package's files, and the package's Qt-importing __init__ never runs.
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None:
        raise ModuleNotFoundError(f"the icon font package {PACKAGE!r} is not installed")
    return importlib.resources.files(importlib.util.module_from_spec(spec))


@functools.cache
def codepoints() -> dict[str, int]:
    """Every Material Symbols name to its code point in the font."""
    text = (_package_files() / CODEPOINTS_FILE).read_text(encoding="utf-8")
    return {name: int(cp) for name, cp in json.loads(text).items()}


def resolve(name: str) -> tuple[str, bool]:
    """(Material Symbols name, filled) for an icon name; KeyError naming an unknown icon."""
    if not isinstance(name, str):
        raise TypeError(f"an icon name is a str, got {type(name).__name__}")
    base, filled = (name[: -len(FILL)], True) if name.endswith(FILL) else (name, False)
    target = ICONS.get(base, base)
    if base in ICONS and target.endswith(FILL):
        target, filled = target[: -len(FILL)], True
    if target not in codepoints():
        raise KeyError(f"unknown icon {name!r}: use a name of mobilegym_env.ui.icons.ICONS or a "
                       f"Material Symbols name (https://fonts.google.com/icons)")
    return target, filled


def icon_glyph(name: str) -> tuple[str, bool]:
    """(glyph character, filled) for an icon name; KeyError naming an unknown icon."""
    target, filled = resolve(name)
    return chr(codepoints()[target]), filled


def _font_bytes() -> bytes:
    with importlib.resources.as_file(_package_files() / FONT_FILE) as path:
        return path.read_bytes()


def cache_dir() -> Path:
    """Where derived files (the filled icon font) are kept between processes:
    ``$MOBILEGYM_CACHE``, else ``$XDG_CACHE_HOME/mobilegym``, else ``~/.cache/mobilegym``."""
    if os.environ.get("MOBILEGYM_CACHE"):
        return Path(os.environ["MOBILEGYM_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mobilegym"


@functools.cache
def _filled_font(glyphs: frozenset[int]) -> bytes:
    """A static instance of the font at FILL 1 holding ``glyphs`` (a TTF file's bytes).

    Making it takes about 0.35 s, once per process and glyph set; the result depends only on
    the font, the glyphs and fontTools, so it is kept on disk under that key and every later
    process (each eval worker, each test) loads it instead. An unwritable cache only costs time.
    """
    import fontTools

    font = _font_bytes()
    key = hashlib.sha256(repr((fontTools.version, sorted(glyphs), sorted(_AXES.items()))).encode()
                         + hashlib.sha256(font).digest()).hexdigest()[:24]
    path = cache_dir() / f"symbols-filled-{key}.ttf"
    try:
        return path.read_bytes()
    except OSError:
        pass
    data = _make_filled_font(font, glyphs)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as tmp:
            tmp.write(data)
        os.replace(tmp.name, path)  # atomic: a concurrent reader sees all of it or nothing
    except OSError:
        pass
    return data


def _make_filled_font(font_bytes: bytes, glyphs: frozenset[int]) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    font = TTFont(io.BytesIO(font_bytes))
    for tag in ("GSUB", "STAT"):  # glyphs are drawn by code point: ligatures are not needed
        del font[tag]
    options = subset.Options()
    options.layout_features = []
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(glyphs))
    subsetter.subset(font)
    instancer.instantiateVariableFont(font, {"FILL": 1, **_AXES}, inplace=True)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@functools.cache
def _default_filled() -> frozenset[int]:
    # Every glyph of the table, so that ":fill" on any table name needs no second instance.
    return frozenset(codepoints()[resolve(n)[0]] for n in ICONS)


@functools.cache
def _font(filled: bool, size: int, extra: int | None = None) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    if not filled:
        with importlib.resources.as_file(_package_files() / FONT_FILE) as path:
            return pygame.font.Font(str(path), size)
    glyphs = _default_filled() if extra is None else _default_filled() | {extra}
    return pygame.font.Font(io.BytesIO(_filled_font(glyphs)), size)


def em_size(size: int) -> int:
    """The side of the square a Material glyph of visual ``size`` is drawn in."""
    return max(1, (size * 6 + 2) // 5)


def icon_surface(name: str, size: int, color: Color, bg: Color | None = None) -> pygame.Surface:
    """Icon ``name`` drawn in ``color`` on its em square (see the module docstring), on ``bg``
    when given (an opaque surface blits faster) else with per-pixel alpha."""
    key = (name, size, color, bg)
    cached = ICON_SURFACES.get(key)
    if cached is not None:
        return cached
    glyph, filled = icon_glyph(name)
    em = em_size(size)
    cp = ord(glyph)
    font = _font(filled, em, None if not filled or cp in _default_filled() else cp)
    run = font.render(glyph, True, color[:3], bg[:3] if bg else None)
    # The em square sits on the baseline; the run's extra line height is cut away.
    top = max(0, min(font.get_ascent() - em, run.get_height() - em))
    surface = run.subsurface(pygame.Rect(0, top, min(em, run.get_width()), em)).copy()
    return ICON_SURFACES.put(key, surface)


def adaptive_icon(name: str, color: str, size: int = 56, **props: object) -> View:
    """An app's launcher icon, as an adaptive icon looks on a Pixel: its glyph ``name``
    filled, on a circle ``size`` across tinted with its brand colour (see
    :func:`adaptive_colors`); ``props`` go to the view (``id``, ``role``...)."""
    bg, fg = adaptive_colors(color)
    glyph = name if name.endswith(FILL) else name + FILL
    return icon(glyph, size // 2, fg, w=size, h=size, radius=size // 2, bg=bg, **props)


@functools.lru_cache(maxsize=64)
def adaptive_colors(color: str) -> tuple[str, str]:
    """(background, glyph) colours of an adaptive launcher icon from an app's brand colour
    ``"#RRGGBB"``: the glyph in the colour (deepened if light) on a near-white tint of it, as
    Google's own apps look on a Pixel home screen."""
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, light, s = colorsys.rgb_to_hls(r, g, b)
    bg = colorsys.hls_to_rgb(h, 0.97, min(s, 0.6))
    fg = colorsys.hls_to_rgb(h, min(light, 0.45), s)
    return _hex(bg), _hex(fg)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(c * 255):02X}" for c in rgb)
