"""Copy-on-write boots, shared judge views and no-op detection never leak one device's (or one
episode's) changes into another: two kernels in one process, an episode that edits data
followed by a reset, restored snapshots, and edits of the states handed out."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import gymnasium as gym
import pytest

import mobilegym_env  # noqa: F401 - registers MobileGym-v0
from mobilegym_env import actions as A
from mobilegym_env.device import Device
from mobilegym_env.kernel import Kernel, KernelConfig, installed_apps
from mobilegym_env.kernel import shared as sharing
from mobilegym_env.kernel.filesystem import move_scanned
from mobilegym_env.kernel.kernel import DEFAULT_START_MS
from mobilegym_env.kernel.providers import MEDIA_SAMPLES

CONFIG = KernelConfig(start_ms=DEFAULT_START_MS + 7 * 60_000)


def _fresh() -> dict:
    """The factory state of a kernel built from scratch (no shared tables at all)."""
    return Kernel(installed_apps(), CONFIG).state()


def _edit(k: Kernel) -> None:
    """Writes to every copy-on-write table and to an app's data store."""
    k.files.write_text("/sdcard/Download/leak.txt", "secret")
    k.files.touch("/sdcard/Download")
    k.providers.insert("content://contacts", {"name": "Leaky", "phone": "+1 555 0100"})
    k.providers.update("content://sms", {"read": True}, where={})
    photo = MEDIA_SAMPLES[0]["path"]
    move_scanned(k.files, k.providers.provider("media"), photo, photo + ".moved.jpg")
    k.providers.update("content://contacts/1", {"starred": True})
    k.providers.delete("content://media", where={"album": "Camera"})
    k.set_preference("dark_mode", True)
    k.app_state("notes")["notes"].append({"id": 999, "title": "leak"})


def _tables(k: Kernel) -> list:
    return [k.os_state._data, k.files._entries, k.back._chain,
            *(p._rows for p in k.providers._providers.values())]


def test_a_booted_kernel_shares_its_tables_until_it_writes():
    k = Kernel.boot(CONFIG)
    assert all(sharing.token_of(t) is not None for t in _tables(k))
    _edit(k)
    owned = [t for t in _tables(k) if sharing.token_of(t) is None]
    assert len(owned) == 2 + 3  # the OS model, the files and the three providers
    assert k.state() != _fresh()


def test_edits_never_reach_another_kernel_or_the_next_boot():
    a, b = Kernel.boot(CONFIG), Kernel.boot(CONFIG)
    before = b.state(shared=True)
    listed = b.files.list_dir("/sdcard/Download")
    _edit(a)
    assert "leak.txt" in a.files.list_dir("/sdcard/Download")
    assert b.files.list_dir("/sdcard/Download") == listed and "leak.txt" not in listed
    assert b.state() == _fresh()
    assert b.state(shared=True) == before
    assert Kernel.boot(CONFIG).state() == _fresh()


def test_shared_state_equals_the_copied_state_after_edits():
    k = Kernel.boot(CONFIG)
    first = k.state(shared=True)
    _edit(k)
    assert k.state(shared=True) == k.state()
    assert first == _fresh()  # the earlier view was not edited in place
    unchanged = k.state(shared=True)
    assert k.state(shared=True)["os"]["files"] is unchanged["os"]["files"]


def test_a_restored_snapshot_is_independent_of_its_source_and_the_factory():
    k = Kernel.boot(CONFIG)
    snap = k.snapshot()
    restored = Kernel.restore(snap)
    _edit(restored)
    assert k.state() == _fresh()
    assert Kernel.restore(snap).state() == _fresh()
    edited = Kernel.restore(restored.snapshot())
    assert edited.state() == restored.state()
    _edit(k)
    assert restored.state() == edited.state()


def test_a_snapshot_stores_shared_tables_as_references():
    k = Kernel.boot(CONFIG)
    small = len(k.snapshot())
    _edit(k)
    assert len(k.snapshot()) > small + 5_000


def test_an_episode_that_edits_data_leaves_the_next_episode_factory_fresh():
    env = gym.make("MobileGym-v0", task="notes.create_note")
    env.reset(seed=0)
    initial = env.unwrapped.initial_state
    _edit(env.unwrapped.device.kernel)
    env.unwrapped.device.invalidate()
    env.reset(seed=0)
    assert env.unwrapped.initial_state == initial
    assert env.unwrapped.device.state() == initial
    env.close()


def test_two_envs_in_one_process_do_not_share_edits():
    one, two = (gym.make("MobileGym-v0", task="notes.create_note") for _ in range(2))
    one.reset(seed=3)
    two.reset(seed=3)
    _edit(one.unwrapped.device.kernel)
    assert two.unwrapped.device.state() == two.unwrapped.initial_state
    assert one.unwrapped.device.state() != two.unwrapped.device.state()
    one.close()
    two.close()


def test_editing_the_initial_state_handed_out_changes_no_verdict():
    env = gym.make("MobileGym-v0", task="notes.create_note")
    _, info = env.reset(seed=0)
    env.unwrapped.initial_state["apps"]["notes"]["notes"].clear()
    env.unwrapped.initial_state["os"]["files"].clear()
    _, _, _, _, after = env.step(A.wait())
    assert after["unexpected_changes"] == info["unexpected_changes"] == []
    env.reset(seed=0)
    assert env.unwrapped.initial_state["os"]["files"]
    env.close()


def test_a_deep_copy_of_a_shared_state_is_the_callers_own():
    k = Kernel.boot(CONFIG)
    mine = copy.deepcopy(k.state(shared=True))
    mine["os"]["files"].clear()
    mine["apps"]["notes"]["notes"].clear()
    assert k.state() == _fresh()


@pytest.mark.parametrize("action", [A.back(), A.home()])
def test_a_system_key_that_changes_nothing_keeps_the_version(action):
    d = Device(Kernel.boot(CONFIG))
    d.go_home()
    d.render()
    version = d._version
    d.act(action)
    assert d._version == version
    d.open_app("notes")
    d.act(action)
    assert d._version != version


def test_versions_are_never_reused_after_a_no_op():
    d = Device(Kernel.boot(CONFIG))
    d.go_home()
    seen = {d._version}
    d.act(A.back())
    d.invalidate()
    assert d._version not in seen


def test_home_that_closes_a_system_surface_is_a_change():
    d = Device(Kernel.boot(CONFIG))
    d.go_home()
    d.kernel.app_crashed("notes", "RuntimeError: boom")
    d.invalidate()
    version = d._version
    d.act(A.home())
    assert d._version != version and d.kernel.system_ui.crashed_app is None


def test_recents_when_recents_is_open_keeps_the_version():
    d = Device(Kernel.boot(CONFIG))
    d.open_app("notes")
    d.act(A.recents())
    version = d._version
    d.act(A.recents())
    assert d._version == version
    d.act(A.home())
    assert d._version != version


def test_a_system_key_that_delivers_pending_broadcasts_is_a_change():
    d = Device(Kernel.boot(CONFIG))
    d.go_home()
    d.kernel.broadcasts.send("test.PING", {}, d.kernel.clock.now_ms())  # queued, not settled
    version = d._version
    d.act(A.back())
    assert d._version != version and d.kernel.broadcasts.pending == 0


def test_a_snapshot_restores_in_a_fresh_process(tmp_path):
    k = Kernel.boot(CONFIG)
    _edit(k)
    (tmp_path / "snap").write_bytes(k.snapshot())
    (tmp_path / "state.json").write_text(json.dumps(k.state(), sort_keys=True))
    script = ("import json, pathlib, sys\n"
              "from mobilegym_env.kernel import Kernel\n"
              "d = pathlib.Path(sys.argv[1])\n"
              "k = Kernel.restore((d / 'snap').read_bytes())\n"
              "assert json.dumps(k.state(), sort_keys=True) == (d / 'state.json').read_text()\n")
    subprocess.run([sys.executable, "-c", script, str(tmp_path)], check=True)
