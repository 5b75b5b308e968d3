"""Text measuring and drawing: any stored string draws, fitting is logarithmic, caches are
bounded by bytes."""

from __future__ import annotations

import numpy as np
import pytest

from mobilegym_env.device import Device
from mobilegym_env.ui import fonts


@pytest.mark.parametrize("text", ["a\x00b", "\ud800x", "\x1b[31m", "🙂 漢字 שלום", "\ufffe",
                                  "tab\there", ""])
def test_any_string_can_be_measured_and_drawn(text):
    assert fonts.text_size(text, 14)[1] > 0
    surface = fonts.text_surface(text, 14, "regular", (0, 0, 0))
    assert surface.get_height() > 0
    assert fonts.drawable(text) == text.replace("\x00", "\ufffd").replace("\ud800", "\ufffd") \
        .replace("\x1b", "\ufffd")


def test_a_stored_string_no_keyboard_types_still_renders_everywhere():
    d = Device()
    d.kernel.app_state("notes")["notes"][0]["title"] = "bad\x00title\ud800"
    d.launch_app("notes")
    frame = d.render().copy()
    d.show_recents()  # the thumbnail draws it too
    assert d.render().shape == frame.shape and d.crashes == []
    clone = Device.restore(d.snapshot())
    assert np.array_equal(clone.render(), d.render())


def _linear_ellipsize(text: str, size: int, width: int) -> str:
    if fonts.text_size(text, size)[0] <= width:
        return text
    while text and fonts.text_size(text + "…", size)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


@pytest.mark.parametrize("text", ["short", "a fairly long line that will not fit in the box",
                                  "x" * 700, "漢字" * 90, "word " * 60])
@pytest.mark.parametrize("width", [1, 40, 200])
def test_bisection_fits_exactly_like_the_character_by_character_loop(text, width):
    assert fonts.ellipsize(text, 14, "regular", width) == _linear_ellipsize(text, 14, width)


def test_fitting_long_text_takes_logarithmically_many_measurements(monkeypatch):
    calls = []
    real = fonts.text_size.__wrapped__

    def counting(text, size, weight="regular"):
        calls.append(len(text))
        return real(text, size, weight)
    monkeypatch.setattr(fonts, "text_size", counting)
    fonts.ellipsize("y" * 2048, 14, "regular", 200)
    fonts.fitting_tail("z" * 2048, 14, "regular", 200)
    assert len(calls) <= 2 * 13


def test_surface_caches_are_bounded_by_bytes():
    cache = fonts.SurfaceCache(max_bytes=200_000)
    for i in range(400):
        cache.put(("line", i), fonts.font(28).render(f"distinct string {i} " * 3, True, (0, 0, 0)))
        assert cache.bytes <= 200_000
    assert 0 < len(cache) < 400
    assert cache.get(("line", 399)) is not None and cache.get(("line", 0)) is None
    huge = fonts.font(28).render("w" * 3000, True, (0, 0, 0))
    assert cache.put(("huge",), huge) is huge and cache.get(("huge",)) is None
