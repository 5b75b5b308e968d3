"""Persistence model (os-overview.md "Persistence model"): reboot keeps persisted data and resets
runtime/UI/session state; snapshot/restore forks the whole kernel exactly."""

from __future__ import annotations

import json

from mobilegym_env.kernel import KernelConfig

results: list[dict] = []


def on_result(kernel, result):
    kernel.app_state("settings")["picked"] = result["data"]


def dirty(k):
    """Touches every persisted and every volatile part of the device."""
    # persisted
    k.set_preference("brightness", 85)
    k.set_preference("wifi", False)
    k.permissions.grant("gallery", "camera")
    k.providers.insert("content://contacts", {"name": "Zoe", "phone": "+1 555-0100"})
    k.clipboard.write("copied text")
    k.files.write_text("/sdcard/Documents/todo.txt", "milk")
    k.app_state("notes")["notes"].append({"id": 2, "title": "call mom"})
    k.launcher.move_to_page("wechat", 1)
    # volatile
    t = k.launch_app("notes")
    t.top.push("/edit/2")
    k.start_activity({"action": "ACTION_SENDTO", "scheme": "sms"}, new_task=True)
    k.launch_app("gallery")
    k.start_activity_for_result({"action": "ACTION_PICK"}, on_result)
    k.notifications.post("sms", "12306", "code 999", route="/thread/12306")
    k.keyboard.show(k.tasks.top_activity.activity_id, "search")
    k.system_ui.shade_open = True
    k.system_ui.drawer_open = True
    k.start_activity({"action": "ACTION_SEND", "type": "text/plain"})  # chooser
    k.permissions.request("gallery", "location")
    k.media_picker.open("gallery")
    k.location.set_preset("london")
    k.toast("saved")
    k.system_ui.recents_open = True
    k.keyboard.show(k.tasks.top_activity.activity_id, "search")
    k.files.write_text("/sdcard/Music/song.mp3", "[audio/mpeg] Song")
    k.media.play("gallery", ["/sdcard/Music/song.mp3"])
    k.broadcasts.register("notes", "ACTION_BATTERY_CHANGED", on_result)


PERSISTED = ("settings", "hardware", "permissions", "preferences", "clipboard", "files",
             "providers", "launcher")  # fmt: skip


def test_reboot_keeps_persisted_and_resets_volatile(k):
    fresh = k.state()
    dirty(k)
    before = k.state()
    k.reboot()
    after = k.state()
    for key in PERSISTED:
        assert after["os"][key] == before["os"][key], key
    assert after["apps"] == before["apps"]
    assert after["os"]["settings"]["system"]["brightness"] == 85
    assert after["os"]["permissions"] == {"gallery": {"camera": "granted"}}
    assert k.clipboard.read() == "copied text"
    assert k.files.read_text("/sdcard/Documents/todo.txt") == "milk"
    assert k.app_state("notes")["notes"][-1] == {"id": 2, "title": "call mom"}
    assert k.launcher.page_of("wechat") == 1
    # runtime/UI/session state is back to boot values
    for key in ("tasks", "notifications", "keyboard", "chooser", "permission_request",
                "media_picker", "location", "media"):  # fmt: skip
        assert after["os"][key] == fresh["os"][key], key
    assert after["os"]["tasks"] == {"active_task_id": None, "recents": [], "tasks": []}
    assert after["os"]["notifications"] == {"items": [], "heads_up_id": None}
    assert after["os"]["chooser"] is None
    assert after["os"]["permission_request"] is None
    assert after["os"]["system_ui"] == {
        "shade_open": False,
        "recents_open": False,
        "drawer_open": False,
        "launcher_page": 0,
        "toast": None,
        "crash_dialog": None,
    }
    assert k.keyboard.visible is False
    assert k.media_picker.is_open is False
    assert k.intents.tasks is k.tasks  # resolver wired to the new task manager
    assert k.broadcasts.receivers("ACTION_BATTERY_CHANGED") == []
    assert k.os_state.listener == k._announce  # managers announce to the new bus
    assert after["os"]["network"] == {"status": "metered", "transport": "cellular",
                                      "metered": True, "vpn": False}  # Wi-Fi stayed off
    assert k.handle_back() is None  # nothing left on screen to back out of


def test_reboot_reseeds_location_from_config(kernel_factory):
    k = kernel_factory(KernelConfig(location_preset="beijing"))
    k.location.set_coords(1.0, 2.0)
    k.reboot()
    assert k.location.state() == {
        "enabled": True,
        "preset": "beijing",
        "lat": 39.9042,
        "lon": 116.4074,
        "accuracy_m": 15.0,
        "city": "Beijing",
    }


def test_reboot_location_follows_persisted_setting(k):
    k.set_preference("location", False)
    assert k.location.current() is None
    k.reboot()
    assert k.os_state.get("settings.global.location_on") is False
    assert k.location.enabled is False
    assert k.location.current() is None


def test_reboot_keeps_time_running(k):
    k.tick(60_000)
    now = k.clock.now_ms()
    k.reboot()
    assert k.clock.now_ms() == now


def test_state_is_json_serializable(k):
    dirty(k)
    state = k.state()
    assert json.loads(json.dumps(state)) == state


def test_snapshot_restore_is_exact_and_independent(k):
    dirty(k)
    snap = k.snapshot()
    clone = type(k).restore(snap)
    assert clone.state() == k.state()
    assert clone.back.chain == k.back.chain
    original = json.dumps(k.state(), sort_keys=True)
    # Mutating the clone leaves the original untouched.
    clone.handle_back()
    clone.app_state("notes")["notes"].clear()
    clone.set_preference("brightness", 10)
    clone.close_app("notes")
    clone.reboot()
    assert json.dumps(k.state(), sort_keys=True) == original
    # And the other way round: a second restore of the same bytes is still the original.
    assert type(k).restore(snap).state() == k.state()


def test_restored_kernel_keeps_working_with_pending_callbacks(k):
    k.launch_app("settings")
    k.start_activity_for_result({"action": "ACTION_PICK"}, on_result)
    clone = type(k).restore(k.snapshot())
    clone.set_result("OK", {"contact_id": 4})
    assert clone.app_state("settings") == {"theme": "light", "picked": {"contact_id": 4}}
    assert k.app_state("settings") == {"theme": "light"}
    assert [a.app_id for a in k.tasks.active_task.stack] == ["settings", "contacts"]
