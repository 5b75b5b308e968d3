"""Product shots (``pictures.products``): a name with ``product`` in it shows one gadget on a
plain backdrop, chosen, sized and coloured by the name's words; deterministic and cheap."""

from __future__ import annotations

import time

import numpy as np
import pytest

from mobilegym_env.ui import pictures
from mobilegym_env.ui.pictures import photo_key, products, scene_of


@pytest.mark.parametrize(("name", "gadget"), [
    ("aurora_headphones_blue_product.jpg", products._headphones),
    ("sport_earbuds_black_product.jpg", products._earbuds),
    ("orbit_smartwatch_silver_product.jpg", products._watch),
    ("fit_band_green_product.jpg", products._band),
    ("mini_speaker_red_product.jpg", products._speaker),
    ("power_bank_large_grey_product.jpg", products._power_bank),
    ("mechanical_keyboard_grey_product.jpg", products._keyboard),
    ("gadget_corner_products.jpg", None),  # a line-up
])
def test_a_product_name_chooses_the_scene_and_its_gadget(name, gadget):
    key = photo_key(name)
    assert scene_of(key)[0] == "product"
    assert products._gadget(pictures.choose.words_of(key)) is gadget


def test_product_wins_over_poster_but_a_poster_stays_a_poster():
    assert scene_of("headphones_product_poster")[0] == "product"
    assert scene_of("concert_poster")[0] == "poster"


def _shot(name: str) -> np.ndarray:
    return pictures.render(photo_key(name), 96, 72, 4 / 3, keep=False).astype(int)


def test_the_backdrop_is_plain_and_the_gadget_sits_in_the_middle():
    shot = _shot("mini_speaker_red_product")
    edge = np.concatenate([shot[:, :8].reshape(-1, 3), shot[:, -8:].reshape(-1, 3)])
    assert edge.std(axis=0).max() < 12 and edge.mean() > 200  # light, nearly uniform sides
    middle = shot[20:52, 40:56]
    assert (middle[..., 0] - middle[..., 2]).mean() > 60  # the red speaker is there


def test_words_choose_the_colour_and_the_size():
    red, black = _shot("mini_speaker_red_product"), _shot("mini_speaker_black_product")
    assert red[36, 48, 0] > black[36, 48, 0] + 80
    small, big = _shot("power_bank_black_product"), _shot("power_bank_large_black_product")
    assert (big.mean(-1) < 120).sum() > 1.2 * (small.mean(-1) < 120).sum()  # more of it


def test_product_shots_are_deterministic_and_cheap():
    first = _shot("sport_earbuds_black_product")
    assert np.array_equal(_shot("sport_earbuds_black_product"), first)
    start = time.perf_counter()
    pictures.render(photo_key("mechanical_keyboard_grey_product"), 656, 340, 656 / 340,
                    keep=False)
    assert time.perf_counter() - start < 0.5  # a 2x page banner: tens of ms
