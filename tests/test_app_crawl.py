"""Every screen reachable in two taps from each app's home renders without an app crash."""

from __future__ import annotations

import pytest

from mobilegym_env.device import Device
from mobilegym_env.kernel import installed_apps
from mobilegym_env.testing import center


def _clickable_centers(device: Device) -> list[tuple[str, float, float]]:
    out = []
    for n in device.ui_tree():
        if n["clickable"] and n["enabled"]:
            x, y = center(device, n)
            out.append((f"{n['role']}:{n['id']}:{n['text'][:20]}", x * device.width,
                        y * device.height))
    return out


@pytest.mark.parametrize("app_id", installed_apps().app_ids)
def test_two_taps_deep_no_app_crashes(app_id):
    root = Device()
    root.launch_app(app_id)
    root.render()
    visited = 0
    for name, x, y in _clickable_centers(root):
        first = root.clone()
        first.tap(x, y)
        first.render()
        assert first.crashes == [], f"after {name}: {first.crashes}"
        for name2, x2, y2 in _clickable_centers(first)[:25]:
            second = first.clone()
            second.tap(x2, y2)
            second.render()
            second.ui_tree()
            assert second.crashes == [], f"after {name} -> {name2}: {second.crashes}"
            visited += 1
    assert visited > 10
