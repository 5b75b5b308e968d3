"""The screen gallery renders app screens, dialogs and system surfaces for review."""

from __future__ import annotations

from PIL import Image

from mobilegym_env.cli import main
from mobilegym_env.gallery import SCENES, _kind, build


def test_route_kinds_group_rows_but_keep_dialog_names():
    assert _kind("/contact/7") == _kind("/contact/9")
    assert _kind("/dir?path=/a") == _kind("/dir?path=/b")
    assert _kind("/note/1?dialog=menu") != _kind("/note/1?dialog=delete")


def test_gallery_renders_system_scenes_and_an_apps_screens(tmp_path):
    files = build(tmp_path, scales=(1,), themes=("light",), apps=["notes"])
    names = {f.stem for f in files}
    assert set(SCENES) <= names
    assert {"notes_home", "notes_new", "notes_dialog_menu"} <= names
    with Image.open(tmp_path / "light" / "1x" / "system_shade.png") as im:
        assert im.size == (360, 800)


def test_gallery_command(tmp_path, capsys):
    assert main(["gallery", "--out", str(tmp_path), "--scale", "2", "--theme", "dark",
                 "--apps", "settings", "--quiet"]) == 0
    assert "screens in" in capsys.readouterr().out
    with Image.open(tmp_path / "dark" / "2x" / "settings_home.png") as im:
        assert im.size == (720, 1600)
