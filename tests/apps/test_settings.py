"""Settings app: driven through public gestures only (taps on nodes found in ``ui_tree()``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mobilegym_env.device import Device

Node = dict[str, Any]


def find_node(device: Device, pred: Callable[[Node], bool], scrolls: int = 8) -> Node:
    """The last (topmost) visible node matching ``pred``; scrolls the page down to find it."""
    for _ in range(scrolls + 1):
        hits = [n for n in device.ui_tree() if pred(n)]
        if hits:
            return hits[-1]
        if device.swipe(180, 600, 180, 300) != "scroll":
            break
    raise AssertionError("no matching node on screen")


def tap_node(device: Device, pred: Callable[[Node], bool], long_press: bool = False) -> Node:
    node = find_node(device, pred)
    x0, y0, x1, y1 = (c / device.scale for c in node["bounds"])
    assert device.tap((x0 + x1) / 2, (y0 + y1) / 2, long_press=long_press)
    return node


def by_id(node_id: str) -> Callable[[Node], bool]:
    return lambda n: n["id"] == node_id


def node(device: Device, node_id: str) -> Node:
    return find_node(device, by_id(node_id), scrolls=0)


def texts(device: Device) -> str:
    return " | ".join(n["text"] for n in device.ui_tree())


def route(device: Device) -> str:
    return device.kernel.tasks.top_activity.route


@pytest.fixture
def device() -> Device:
    d = Device()
    d.launch_app("settings")
    return d


def test_main_list_has_every_category(device: Device) -> None:
    for key in ("network", "bluetooth", "display", "sound", "apps", "location", "storage",
                "about"):
        assert find_node(device, by_id(f"nav_{key}"))["clickable"]
    assert "Network & internet" in texts(device)
    assert "About phone" in texts(device)


def test_wifi_shows_ssid_and_toggles_off(device: Device) -> None:
    tap_node(device, by_id("nav_network"))
    assert route(device) == "/network"
    assert "Connected to Home-5G" in node(device, "wifi_switch_row")["text"]
    assert node(device, "wifi_switch")["checked"] is True
    tap_node(device, by_id("wifi_switch"))
    os_state = device.state()["os"]
    assert os_state["settings"]["global"]["wifi_on"] is False
    assert os_state["hardware"]["wifi"]["connected"] is False
    assert node(device, "wifi_switch")["checked"] is False
    assert "Home-5G" not in node(device, "wifi_switch_row")["text"]
    tap_node(device, by_id("wifi_switch_row"))  # the whole row toggles too
    assert device.state()["os"]["settings"]["global"]["wifi_on"] is True
    assert "Connected to Home-5G" in node(device, "wifi_switch_row")["text"]


def test_airplane_mode_cascades(device: Device) -> None:
    device.kernel.set_preference("bluetooth", True)
    device.invalidate()
    tap_node(device, by_id("nav_network"))
    tap_node(device, by_id("airplane_switch"))
    g = device.state()["os"]["settings"]["global"]
    assert g == {"airplane_mode": True, "wifi_on": False, "bluetooth_on": False,
                 "mobile_data_on": False, "location_on": True, "language": "en-US",
                 "auto_time": True}
    assert node(device, "airplane_switch")["checked"] is True
    assert node(device, "wifi_switch")["checked"] is False
    assert node(device, "mobile_data_switch")["checked"] is False
    # Leaving airplane mode restores nothing.
    tap_node(device, by_id("airplane_switch"))
    g = device.state()["os"]["settings"]["global"]
    assert (g["airplane_mode"], g["wifi_on"], g["mobile_data_on"]) == (False, False, False)


def test_mobile_data_switch(device: Device) -> None:
    tap_node(device, by_id("nav_network"))
    tap_node(device, by_id("mobile_data_switch"))
    assert device.state()["os"]["settings"]["global"]["mobile_data_on"] is False


def test_bluetooth_page(device: Device) -> None:
    tap_node(device, by_id("nav_bluetooth"))
    assert route(device) == "/bluetooth"
    assert "Pixel Buds Pro" in texts(device)
    assert "Car Audio" in texts(device)
    tap_node(device, by_id("bluetooth_switch"))
    assert device.state()["os"]["settings"]["global"]["bluetooth_on"] is True
    assert node(device, "bluetooth_switch")["checked"] is True


def test_display_brightness_theme_and_font(device: Device) -> None:
    tap_node(device, by_id("nav_display"))
    system = lambda: device.state()["os"]["settings"]["system"]  # noqa: E731
    assert node(device, "brightness_value")["text"] == "60%"
    tap_node(device, by_id("brightness_up"))
    assert system()["brightness"] == 70
    assert node(device, "brightness_value")["text"] == "70%"
    tap_node(device, by_id("brightness_down"))
    tap_node(device, by_id("brightness_down"))
    assert system()["brightness"] == 50
    tap_node(device, by_id("brightness_step:30"))
    assert system()["brightness"] == 30
    tap_node(device, by_id("brightness_step:100"))
    tap_node(device, by_id("brightness_up"))  # disabled at the top: clamped, no change
    assert system()["brightness"] == 100
    tap_node(device, by_id("dark_theme_switch"))
    assert system()["dark_mode"] is True
    tap_node(device, by_id("font_size:large"))
    assert system()["font_scale"] == pytest.approx(1.15)
    assert find_node(device, by_id("font_size:large"))["checked"] is True
    assert find_node(device, by_id("font_size:default"))["checked"] is False
    tap_node(device, by_id("font_row:small"))
    assert system()["font_scale"] == pytest.approx(0.85)


def test_sound_volumes_and_dnd(device: Device) -> None:
    tap_node(device, by_id("nav_sound"))
    system = lambda: device.state()["os"]["settings"]["system"]  # noqa: E731
    tap_node(device, by_id("volume_media_up"))
    assert system()["volume_media"] == 8
    assert node(device, "volume_media_value")["text"] == "8/15"
    for _ in range(5):
        tap_node(device, by_id("volume_ring_down"))
    assert system()["volume_ring"] == 0
    assert node(device, "volume_ring_down")["enabled"] is False
    tap_node(device, by_id("volume_alarm_up"))
    assert system()["volume_alarm"] == 7
    tap_node(device, by_id("dnd_switch"))
    assert system()["do_not_disturb"] is True


def test_location_switch(device: Device) -> None:
    tap_node(device, by_id("nav_location"))
    tap_node(device, by_id("location_switch"))
    state = device.state()["os"]
    assert state["settings"]["global"]["location_on"] is False
    assert state["location"]["enabled"] is False


def test_storage_and_about_pages(device: Device) -> None:
    tap_node(device, by_id("nav_storage"))
    assert node(device, "storage_used")["text"] == "46.3"
    assert "128 GB" in node(device, "storage_total")["text"]
    device.handle_back()
    tap_node(device, by_id("nav_about"))
    assert node(device, "android_version")["text"] == "14"
    assert node(device, "build_number")["text"] == "MG1A.260302.001"


def test_browse_files_is_a_same_task_viewer_push(device: Device) -> None:
    settings_task = device.active_task_id
    tap_node(device, by_id("nav_storage"))
    tap_node(device, by_id("browse_files"))
    task = device.kernel.tasks.tasks[settings_task]
    assert device.active_task_id == settings_task
    assert [a.app_id for a in task.stack] == ["settings", "files"]
    assert [t.root_app_id for t in device.tasks] == ["settings"]
    assert task.top.route.startswith("/dir?path=/sdcard/Download")
    assert find_node(device, by_id("file:report.pdf"))
    # in-app navigation inside the borrowed Files activity backs out route by route
    tap_node(device, by_id("file:report.pdf"))
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
    tap_node(device, by_id("nav_storage"))
    tap_node(device, by_id("browse_files"))
    tap_node(device, lambda n: n["text"] == "Back" and n["role"] == "button")
    assert [a.app_id for a in device.kernel.tasks.active_task.stack] == ["settings"]
    assert route(device) == "/storage"


def _open_notes_info(device: Device) -> None:
    tap_node(device, by_id("nav_apps"))
    tap_node(device, by_id("app:notes"))
    assert route(device) == "/apps/notes"


def test_apps_list_shows_installed_apps(device: Device) -> None:
    tap_node(device, by_id("nav_apps"))
    for app_id in ("files", "notes", "settings"):
        assert find_node(device, by_id(f"app:{app_id}"))


def test_permission_revoke_flow(device: Device) -> None:
    device.kernel.permissions.grant("notes", "camera")
    device.invalidate()
    _open_notes_info(device)
    assert "Allowed" in find_node(device, by_id("perm:camera"))["text"]
    tap_node(device, by_id("perm:camera"))
    assert "Camera permission" in texts(device)
    assert node(device, "perm_allow")["checked"] is True
    tap_node(device, by_id("perm_deny"))
    assert device.state()["os"]["permissions"]["notes"]["camera"] == "denied"
    assert route(device) == "/apps/notes"  # the choice closes the dialog
    assert not [n for n in device.ui_tree() if n["id"] == "perm_allow"]
    assert "Not allowed" in find_node(device, by_id("perm:camera"))["text"]


def test_permission_grant_flow_and_no_op_deny(device: Device) -> None:
    _open_notes_info(device)
    tap_node(device, by_id("perm:location"))
    tap_node(device, by_id("perm_deny_row"))  # already not allowed: nothing is written
    assert "notes" not in device.state()["os"]["permissions"]
    tap_node(device, by_id("perm:location"))
    tap_node(device, by_id("perm_allow_row"))
    assert device.state()["os"]["permissions"] == {"notes": {"location": "granted"}}
    # the Location page now lists Notes among the apps with access
    device.handle_back()
    device.handle_back()
    tap_node(device, by_id("nav_location"))
    assert find_node(device, by_id("location_app:notes"))


def test_back_closes_the_permission_dialog(device: Device) -> None:
    _open_notes_info(device)
    tap_node(device, by_id("perm:camera"))
    assert "dialog=permission" in route(device)
    before = device.state()["os"]["permissions"]
    device.handle_back()
    assert route(device) == "/apps/notes"
    assert not [n for n in device.ui_tree() if n["id"] == "perm_allow"]
    assert device.state()["os"]["permissions"] == before
    tap_node(device, by_id("perm:camera"))
    tap_node(device, by_id("perm_cancel"))
    assert route(device) == "/apps/notes"


def test_unknown_app_and_bad_permission_query_do_not_crash(device: Device) -> None:
    device.open_app("settings", "/apps/nope")
    assert "App not found" in texts(device)
    device.open_app("settings", "/apps/notes?dialog=permission&perm=bogus")
    assert not [n for n in device.ui_tree() if n["id"] == "perm_allow"]


def test_every_screen_renders() -> None:
    d = Device()
    d.launch_app("settings")
    for r in ("/network", "/bluetooth", "/display", "/sound", "/apps", "/apps/files",
              "/location", "/storage", "/about", "/apps/notes?dialog=permission&perm=sms"):
        d.open_app("settings", r)
        frame = d.render()
        assert frame.shape == (800, 360, 3)
        assert frame.std() > 5
