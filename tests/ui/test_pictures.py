"""Generated pictures: keyed by the file, deterministic, never stretched, cached in a budget."""

from __future__ import annotations

import numpy as np
import pytest

from mobilegym_env import testing as t
from mobilegym_env.apps.files.common import dir_route, file_route
from mobilegym_env.apps.messages.common import thread_route
from mobilegym_env.device import Device
from mobilegym_env.kernel.filesystem import move_scanned
from mobilegym_env.ui import View, image, pictures
from mobilegym_env.ui._pygame import pygame
from mobilegym_env.ui.pictures import Photo, choose, file_photo, media_photo, photo_key, scene_of

PLACEHOLDER = "[image/jpeg 3024x4032] /sdcard/DCIM/Camera/IMG_20260110_184540.jpg"


def luminance(a: np.ndarray) -> float:
    return float((a[..., :3].astype(float) * (0.3, 0.59, 0.11)).sum(-1).mean())


def test_a_file_is_keyed_by_its_name_wherever_it_lives():
    assert photo_key("/sdcard/Pictures/golden_gate_sunset.jpg") == "golden_gate_sunset"
    assert photo_key("golden_gate_sunset.jpg") == photo_key("Golden_Gate_Sunset")
    assert photo_key("/sdcard/Download/.hidden") == ".hidden"


def test_a_renamed_camera_file_keeps_its_picture_and_size():
    photo = file_photo("/sdcard/Download/renamed.jpg", PLACEHOLDER)
    assert photo == Photo("img_20260110_184540", 3024 / 4032, "cover")
    assert file_photo("/sdcard/notes.jpg", "not a picture") == Photo("notes", None, "cover")


class Files:
    def __init__(self, content: dict[str, str]) -> None:
        self.content = content

    def read_text(self, path: str) -> str:
        if path not in self.content:
            raise ValueError(f"no such file: {path}")
        return self.content[path]


def test_a_media_row_uses_its_size_and_follows_its_file():
    row = {"path": "/sdcard/Pictures/moved.jpg", "width": 4032, "height": 3024}
    assert media_photo(row) == Photo("moved", 4032 / 3024)
    files = Files({"/sdcard/Pictures/moved.jpg": PLACEHOLDER})
    assert media_photo(row, files, "fit") == Photo("img_20260110_184540", 4032 / 3024, "fit")
    assert media_photo({"path": "/sdcard/gone.jpg"}, files) == Photo("gone", None)


@pytest.mark.parametrize(("name", "scene"), [
    ("golden_gate_sunset", "sunset"), ("Screenshot_20260227_211433", "screenshot"),
    ("floor_plan", "document"), ("concert_poster", "poster"), ("yosemite_falls", "waterfall"),
    ("mirror_lake", "lake"), ("half_dome", "mountains"), ("cake", "cake"),
    ("balloons", "balloons"), ("group_photo", "group"),
])
def test_the_words_of_a_name_choose_its_scene(name, scene):
    assert scene_of(photo_key(name))[0] == scene


def test_a_camera_shot_shows_what_the_light_allowed():
    # 20:01 in February is after dark; 09:30 in December is morning
    assert scene_of("img_20260214_200115")[0] in choose.NIGHT
    assert scene_of("img_20251218_093015")[0] in choose.MORNING
    assert scene_of("img_20251018_171204")[0] in choose.GOLDEN  # sunset is ~18:00


def test_shots_of_one_burst_are_the_same_scene_reframed():
    a, b = "img_20251218_093015", "img_20251218_093102"  # 47 seconds apart
    assert scene_of(a)[:2] == scene_of(b)[:2]
    pa, pb = pictures.render(a, 120, 90, 4 / 3), pictures.render(b, 120, 90, 4 / 3)
    other = pictures.render("img_20260124_121908", 120, 90, 4 / 3)
    assert not np.array_equal(pa, pb)
    near = np.abs(pa.astype(int) - pb).mean()
    assert near < np.abs(pa.astype(int) - other).mean()
    assert near < 40


def test_a_picture_is_deterministic_and_survives_a_cleared_cache():
    first = pictures.render("half_dome", 96, 72).copy()
    pictures.clear_cache()
    assert np.array_equal(pictures.render("half_dome", 96, 72), first)


def test_pictures_look_like_photos_not_tiles():
    keys = [photo_key(n) for n in ("half_dome", "cake", "IMG_20260214_200115",
                                   "Screenshot_20251207_141522", "group_photo")]
    shots = [pictures.render(k, 80, 60) for k in keys]
    for shot in shots:
        assert shot.std() > 12  # detail, not a flat tint
        assert len(np.unique(shot.reshape(-1, 3), axis=0)) > 200
    for i, a in enumerate(shots):
        for b in shots[i + 1:]:
            assert np.abs(a.astype(int) - b).mean() > 15


def test_a_scene_is_the_same_at_any_size():
    small = pictures.render("golden_gate_sunset", 64, 36, 16 / 9).astype(float)
    big = pictures.render("golden_gate_sunset", 256, 144, 16 / 9).astype(float)
    shrunk = big.reshape(36, 4, 64, 4, 3).mean(axis=(1, 3))
    assert np.abs(shrunk - small).mean() < 8


def test_cover_fills_the_box_and_fit_keeps_the_whole_photo_unstretched():
    tall = Photo("screenshot_20260227_211433", 1080 / 2400, "fit")
    arr, dx, dy = pictures.pixels(tall, 300, 200)
    assert arr.shape == (200, 90, 3) and (dx, dy) == (105, 0)
    wide = Photo("tunnel_view_panorama", 8064 / 2268, "fit")
    arr, dx, dy = pictures.pixels(wide, 300, 200)
    assert arr.shape == (84, 300, 3) and (dx, dy) == (0, 58)
    arr, dx, dy = pictures.pixels(Photo(tall.key, tall.aspect, "cover"), 300, 200)
    assert arr.shape == (200, 300, 3) and (dx, dy) == (0, 0)
    # a cover crop is the middle of the whole picture at the same scale
    whole = pictures.render(tall.key, 300, 667, tall.aspect)
    assert np.array_equal(arr, whole[234:434])  # (667 - 200) / 2, rounded up


def test_rounded_corners_blend_into_the_colour_beneath_or_into_alpha():
    photo = Photo("cake", 3 / 4)
    arr, _, _ = pictures.pixels(photo, 60, 80, radius=12, under=(1, 2, 3))
    assert tuple(arr[0, 0]) == (1, 2, 3) and tuple(arr[79, 59]) == (1, 2, 3)
    plain, _, _ = pictures.pixels(photo, 60, 80)
    assert np.array_equal(arr[30:50, 20:40], plain[30:50, 20:40])
    rgba, _, _ = pictures.pixels(photo, 60, 80, radius=12)
    assert rgba.shape == (80, 60, 4)
    assert rgba[0, 0, 3] == 0 and rgba[40, 30, 3] == 255 and 0 < rgba[1, 5, 3] < 255


def test_the_cache_stays_within_its_byte_budget():
    cache = pictures._Cache(10_000)
    for i in range(20):
        cache.get(("k", i), lambda: np.zeros(3000, np.uint8), lambda a: a.nbytes)
    assert cache.used <= 10_000 and len(cache.items) == 3
    assert ("k", 19) in cache.items and ("k", 0) not in cache.items
    assert pictures.cache_info()["bytes"] <= pictures.BUDGET


def test_a_drawn_photo_is_cached_once_in_the_frames_own_format():
    pictures.clear_cache()
    frame = pygame.image.frombuffer(np.zeros((100, 100, 3), np.uint8), (100, 100), "RGB")
    pictures.draw(frame, pygame.Rect(0, 0, 60, 40), Photo("cake"))
    ((key, (surface, _, _)),) = [(k, v[0]) for k, v in pictures._cache.items.items()]
    assert key[0] == "surface"  # the painted pixels are not kept a second time
    assert surface.get_bitsize() == 24 and surface.get_masks() == frame.get_masks()
    assert pictures.cache_info()["bytes"] == 60 * 40 * 3
    arr, dx, dy = pictures.pixels(Photo("cake"), 60, 40)
    shown = pygame.surfarray.array3d(frame).transpose(1, 0, 2)
    assert (shown[dy : dy + arr.shape[0], dx : dx + arr.shape[1]] == arr).all()


def test_bad_pictures_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="fit"):
        Photo("cake", None, "stretch")
    with pytest.raises(ValueError, match="aspect"):
        Photo("cake", 0.0)
    with pytest.raises(ValueError, match="at least 1x1"):
        pictures.render("cake", 0, 10)
    assert pictures.aspect_of("4032", 3024) == 4032 / 3024
    assert pictures.aspect_of(None, 3) is None and pictures.aspect_of(0, 3) is None


def test_the_dark_wallpaper_is_the_same_waves_dimmed():
    light, _, _ = pictures.pixels(pictures.wallpaper_photo(), 90, 200)
    dark, _, _ = pictures.pixels(pictures.wallpaper_photo(dark=True), 90, 200)
    assert luminance(dark) < 0.6 * luminance(light)
    ratio = dark.astype(float).sum(-1) / np.maximum(light.astype(float).sum(-1), 1)
    assert ratio.std() < 0.1  # one picture at one dimming, not another picture


def test_the_image_builder_names_the_file_and_its_photo():
    v = image("Sunset", 100, 80, source="/sdcard/Pictures/golden_gate_sunset.jpg",
              aspect=16 / 9, fit="fit")
    assert isinstance(v, View) and v.kind == "image"
    assert (v.label, v.role, v.radius) == ("Sunset", "image", 8)
    assert v.picture == Photo("golden_gate_sunset", 16 / 9, "fit")
    assert image("cake.jpg").picture == Photo("cake")
    made = Photo("x", 1.0)
    assert image("Cake", source=made, role=None).picture is made
    assert image("Cake", role=None).role is None


# ----- on the phone
def region(d: Device, node_id: str) -> np.ndarray:
    x0, y0, x1, y1 = t.node(d, id=node_id)["bounds"]
    return d.render()[y0:y1, x0:x1]


def shown_photos(d: Device) -> dict[str, Photo]:
    """Each image view on screen: its UI-tree name -> the photo it draws."""
    return {p.view.label: p.view.picture for p in d.placed() if p.view.kind == "image"}


def test_gallery_tiles_are_distinct_photos():
    d = Device()
    d.launch_app("gallery")
    tiles = [region(d, f"photo:{i}")[:100, :100] for i in (13, 6, 26)]
    for tile in tiles:
        assert tile.std() > 20
    assert np.abs(tiles[0].astype(int) - tiles[1]).mean() > 20
    assert np.abs(tiles[1].astype(int) - tiles[2]).mean() > 20
    assert d.crashes == []


def test_the_viewer_fits_a_tall_screenshot_without_stretching_it():
    d = Device(scale=2)
    d.launch_app("gallery")
    t.tap(d, id="photo:6")  # Screenshot_20260227_211433.png, 1080 x 2400
    box = region(d, "photo_view")
    lit = np.nonzero(box.max(axis=(0, 2)) > 0)[0]  # columns with picture, not black bars
    width, height = lit[-1] - lit[0] + 1, box.shape[0]
    assert abs(width / height - 1080 / 2400) < 0.01
    assert (box[:, : lit[0]] == 0).all() and (box[:, lit[-1] + 1 :] == 0).all()
    assert shown_photos(d)["Screenshot_20260227_211433"].fit == "fit"


def test_a_renamed_photo_keeps_its_picture_everywhere():
    d = Device()
    d.open_app("files", file_route("/sdcard/Pictures/golden_gate_sunset.jpg"))
    before = region(d, "file_preview").copy()
    d._mutate(move_scanned, d.kernel.files, d.kernel.providers.provider("media"),
              "/sdcard/Pictures/golden_gate_sunset.jpg", "/sdcard/Pictures/bridge.jpg")
    d.open_app("files", file_route("/sdcard/Pictures/bridge.jpg"))
    assert np.array_equal(region(d, "file_preview"), before)
    d.open_app("gallery", "/photo/5")
    assert shown_photos(d)["bridge"] == Photo("golden_gate_sunset", 1920 / 1080, "fit")
    # the picture message sent from it before the rename still shows the same picture
    d.open_app("messages", thread_route("+1 628-555-0147"))
    assert shown_photos(d)["golden_gate_sunset.jpg"].key == "golden_gate_sunset"
    assert d.crashes == []


def test_file_rows_show_thumbnails_that_stay_out_of_the_ui_tree():
    d = Device()
    d.open_app("files", dir_route("/sdcard/Pictures/Yosemite"))
    assert shown_photos(d)["half_dome.jpg"] == Photo("half_dome", 4032 / 3024)
    assert not [n for n in d.ui_tree() if n["role"] == "image"]
    t.tap(d, id="file:half_dome.jpg")
    assert t.node(d, id="file_preview")["role"] == "image"
    assert d.crashes == []


def test_winter_mountains_lie_under_snow():
    def mountain_shot(month: str) -> str:
        return next(k for d in range(1, 29) for h in ("09", "13")
                    if scene_of(k := f"img_2025{month}{d:02d}_{h}0000")[0] == "mountains")

    winter = pictures.render(mountain_shot("01"), 80, 60, 4 / 3)
    summer = pictures.render(mountain_shot("07"), 80, 60, 4 / 3)
    assert luminance(winter[45:]) > luminance(summer[45:]) + 80  # a snowfield, not grass


def test_a_huge_picture_is_painted_smaller_and_enlarged(monkeypatch):
    monkeypatch.setattr(pictures, "MAX_PAINTED", 64 * 48)
    pictures.clear_cache()
    big = pictures.render("golden_gate_sunset", 256, 192, 4 / 3)
    assert big.shape == (192, 256, 3)
    small = pictures.render("golden_gate_sunset", 64, 48, 4 / 3).astype(float)
    assert np.abs(big.reshape(48, 4, 64, 4, 3).mean(axis=(1, 3)) - small).mean() < 8


def test_the_favorites_album_shows_a_favorite_as_its_cover():
    d = Device()
    d.open_app("gallery", "/albums")
    assert "IMG_20260214_200115" not in shown_photos(d)  # a heart while there is none
    d.open_app("gallery", "/photo/12")
    t.tap(d, id="favorite")
    d.open_app("gallery", "/albums")
    assert shown_photos(d)["IMG_20260214_200115"].key == "img_20260214_200115"
    assert t.node(d, id="favorites")["text"] == "Favorites 1 item"
    assert d.crashes == []
