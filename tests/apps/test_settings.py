"""Settings app: driven through public gestures only (taps on nodes found in ``ui_tree()``)."""

from __future__ import annotations

import pytest

from mobilegym_env.device import Device
from mobilegym_env.testing import has, node, route, screen_text, tap

APP = "settings"  # what the ``device`` fixture (conftest.py) opens


def test_main_list_has_every_category(device: Device) -> None:
    for key in ("network", "bluetooth", "display", "sound", "apps", "location", "storage",
                "about"):
        assert node(device, id=f"nav_{key}")["clickable"]
    assert "Network & internet" in screen_text(device)
    assert "About phone" in screen_text(device)


def test_wifi_shows_ssid_and_toggles_off(device: Device) -> None:
    tap(device, id="nav_network")
    assert route(device) == "/network"
    assert "Connected to Home-5G" in node(device, id="wifi_switch_row")["text"]
    assert node(device, id="wifi_switch")["checked"] is True
    tap(device, id="wifi_switch")
    os_state = device.state()["os"]
    assert os_state["settings"]["global"]["wifi_on"] is False
    assert os_state["hardware"]["wifi"]["connected"] is False
    assert node(device, id="wifi_switch")["checked"] is False
    assert "Home-5G" not in node(device, id="wifi_switch_row")["text"]
    tap(device, id="wifi_switch_row")  # the whole row toggles too
    assert device.state()["os"]["settings"]["global"]["wifi_on"] is True
    assert "Connected to Home-5G" in node(device, id="wifi_switch_row")["text"]


def test_airplane_mode_cascades(device: Device) -> None:
    device.kernel.set_preference("bluetooth", True)
    device.invalidate()
    tap(device, id="nav_network")
    tap(device, id="airplane_switch")
    g = device.state()["os"]["settings"]["global"]
    assert g == {"airplane_mode": True, "wifi_on": False, "bluetooth_on": False,
                 "mobile_data_on": False, "location_on": True, "language": "en-US",
                 "auto_time": True}
    assert node(device, id="airplane_switch")["checked"] is True
    assert node(device, id="wifi_switch")["checked"] is False
    assert node(device, id="mobile_data_switch")["checked"] is False
    # Leaving airplane mode restores nothing.
    tap(device, id="airplane_switch")
    g = device.state()["os"]["settings"]["global"]
    assert (g["airplane_mode"], g["wifi_on"], g["mobile_data_on"]) == (False, False, False)


def test_mobile_data_switch(device: Device) -> None:
    tap(device, id="nav_network")
    tap(device, id="mobile_data_switch")
    assert device.state()["os"]["settings"]["global"]["mobile_data_on"] is False


def test_bluetooth_page(device: Device) -> None:
    tap(device, id="nav_bluetooth")
    assert route(device) == "/bluetooth"
    assert "Pixel Buds Pro" in screen_text(device)
    assert "Car Audio" in screen_text(device)
    tap(device, id="bluetooth_switch")
    assert device.state()["os"]["settings"]["global"]["bluetooth_on"] is True
    assert node(device, id="bluetooth_switch")["checked"] is True


def test_display_brightness_theme_and_font(device: Device) -> None:
    tap(device, id="nav_display")
    system = lambda: device.state()["os"]["settings"]["system"]  # noqa: E731
    assert node(device, id="brightness_value")["text"] == "60%"
    tap(device, id="brightness_up")
    assert system()["brightness"] == 70
    assert node(device, id="brightness_value")["text"] == "70%"
    tap(device, id="brightness_down")
    tap(device, id="brightness_down")
    assert system()["brightness"] == 50
    tap(device, id="brightness_step:30")
    assert system()["brightness"] == 30
    tap(device, id="brightness_step:100")
    tap(device, id="brightness_up")  # disabled at the top: clamped, no change
    assert system()["brightness"] == 100
    tap(device, id="dark_theme_switch")
    assert system()["dark_mode"] is True
    tap(device, id="font_size:large")
    assert system()["font_scale"] == pytest.approx(1.15)
    assert node(device, id="font_size:large")["checked"] is True
    assert node(device, id="font_size:default")["checked"] is False
    tap(device, id="font_row:small")
    assert system()["font_scale"] == pytest.approx(0.85)


def test_sound_volumes_and_dnd(device: Device) -> None:
    tap(device, id="nav_sound")
    system = lambda: device.state()["os"]["settings"]["system"]  # noqa: E731
    tap(device, id="volume_media_up")
    assert system()["volume_media"] == 8
    assert node(device, id="volume_media_value")["text"] == "8/15"
    for _ in range(5):
        tap(device, id="volume_ring_down")
    assert system()["volume_ring"] == 0
    assert node(device, id="volume_ring_down")["enabled"] is False
    tap(device, id="volume_alarm_up")
    assert system()["volume_alarm"] == 7
    tap(device, id="dnd_switch")
    assert system()["do_not_disturb"] is True


def test_location_switch(device: Device) -> None:
    tap(device, id="nav_location")
    tap(device, id="location_switch")
    state = device.state()["os"]
    assert state["settings"]["global"]["location_on"] is False
    assert state["location"]["enabled"] is False


def test_storage_and_about_pages(device: Device) -> None:
    tap(device, id="nav_storage")
    assert node(device, id="storage_used")["text"] == "46.3"
    assert "128 GB" in node(device, id="storage_total")["text"]
    device.handle_back()
    tap(device, id="nav_about")
    assert node(device, id="android_version")["text"] == "14"
    assert node(device, id="build_number")["text"] == "MG1A.260302.001"


def test_browse_files_is_a_same_task_viewer_push(device: Device) -> None:
    settings_task = device.active_task_id
    tap(device, id="nav_storage")
    tap(device, id="browse_files")
    task = device.kernel.tasks.tasks[settings_task]
    assert device.active_task_id == settings_task
    assert [a.app_id for a in task.stack] == ["settings", "files"]
    assert [t.root_app_id for t in device.tasks] == ["settings"]
    assert task.top.route.startswith("/dir?path=/sdcard/Download")
    assert node(device, id="file:report.pdf")
    # in-app navigation inside the borrowed Files activity backs out route by route
    tap(device, id="file:report.pdf")
    assert task.top.route.startswith("/file?")
    device.handle_back()
    assert [a.app_id for a in task.stack] == ["settings", "files"]
    assert task.top.route.startswith("/dir?")
    # Back at the Files root pops Files and reveals Settings; no Files task is left behind
    assert device.handle_back() == "os.finishTopActivity"
    assert [a.app_id for a in task.stack] == ["settings"]
    assert route(device) == "/storage"
    assert [t.root_app_id for t in device.tasks] == ["settings"]
    assert device.kernel.tasks.task_for_app("files") is None


def test_files_app_bar_back_arrow_returns_to_settings(device: Device) -> None:
    tap(device, id="nav_storage")
    tap(device, id="browse_files")
    tap(device, text="Back", role="button")
    assert [a.app_id for a in device.kernel.tasks.active_task.stack] == ["settings"]
    assert route(device) == "/storage"


def _open_notes_info(device: Device) -> None:
    tap(device, id="nav_apps")
    tap(device, id="app:notes")
    assert route(device) == "/apps/notes"


def test_apps_list_shows_installed_apps(device: Device) -> None:
    tap(device, id="nav_apps")
    for app_id in ("files", "notes", "settings"):
        assert node(device, id=f"app:{app_id}")


def test_permission_revoke_flow(device: Device) -> None:
    device.kernel.permissions.grant("notes", "camera")
    device.invalidate()
    _open_notes_info(device)
    assert "Allowed" in node(device, id="perm:camera")["text"]
    tap(device, id="perm:camera")
    assert "Camera permission" in screen_text(device)
    assert node(device, id="perm_allow")["checked"] is True
    tap(device, id="perm_deny")
    assert device.state()["os"]["permissions"]["notes"]["camera"] == "denied"
    assert route(device) == "/apps/notes"  # the choice closes the dialog
    assert not has(device, id="perm_allow")
    assert "Not allowed" in node(device, id="perm:camera")["text"]


def test_permission_grant_flow_and_no_op_deny(device: Device) -> None:
    _open_notes_info(device)
    tap(device, id="perm:location")
    tap(device, id="perm_deny_row")  # already not allowed: nothing is written
    assert "notes" not in device.state()["os"]["permissions"]
    tap(device, id="perm:location")
    tap(device, id="perm_allow_row")
    assert device.state()["os"]["permissions"] == {"notes": {"location": "granted"}}
    # the Location page now lists Notes among the apps with access
    device.handle_back()
    device.handle_back()
    tap(device, id="nav_location")
    assert node(device, id="location_app:notes")


def test_back_closes_the_permission_dialog(device: Device) -> None:
    _open_notes_info(device)
    tap(device, id="perm:camera")
    assert "dialog=permission" in route(device)
    before = device.state()["os"]["permissions"]
    device.handle_back()
    assert route(device) == "/apps/notes"
    assert not has(device, id="perm_allow")
    assert device.state()["os"]["permissions"] == before
    tap(device, id="perm:camera")
    tap(device, id="perm_cancel")
    assert route(device) == "/apps/notes"


def test_unknown_app_and_bad_permission_query_do_not_crash(device: Device) -> None:
    device.open_app("settings", "/apps/nope")
    assert "App not found" in screen_text(device)
    device.open_app("settings", "/apps/notes?dialog=permission&perm=bogus")
    assert not has(device, id="perm_allow")


def test_every_screen_renders() -> None:
    d = Device()
    d.launch_app("settings")
    for r in ("/network", "/bluetooth", "/display", "/sound", "/apps", "/apps/files",
              "/location", "/storage", "/about", "/apps/notes?dialog=permission&perm=sms"):
        d.open_app("settings", r)
        frame = d.render()
        assert frame.shape == (800, 360, 3)
        assert frame.std() > 5
