"""benchmarks/throughput.py's ``--ceiling``: it switches the painter off and times layout for
its runs only, and leaves the process as it found it."""

from __future__ import annotations

import numpy as np

import mobilegym_env  # noqa: F401  (registers MobileGym-v0)
from mobilegym_env import device as device_mod
from mobilegym_env.device import Device
from mobilegym_env.ui import layout as layout_mod
from mobilegym_env.ui import painter


def test_no_paint_leaves_frames_unpainted_and_times_layout_then_undoes_it(bench_script):
    bench = bench_script("throughput")
    paint, lay = painter.paint, device_mod.layout
    device = Device()
    layout_ns = [0]
    with bench._no_paint(layout_ns):
        device.open_app("contacts")
        frame = device.render()
        assert not frame.any()  # a fresh frame buffer, never painted
        assert layout_ns[0] > 0  # the frame's layout was timed
    assert painter.paint is paint and device_mod.layout is lay
    assert layout_mod.layout is lay
    device.invalidate()
    assert device.render().any()  # painted again


def test_ceiling_reports_each_bound(bench_script):
    bench = bench_script("throughput")
    out = bench.bench_ceiling(40, 1, "launcher.*", 0, {}, warmup=0)
    assert set(out) == {f"ceiling_{name}" for name in (
        "normal_steps_per_cpu_s", "normal_step_only_steps_per_cpu_s",
        "no_paint_steps_per_cpu_s", "no_paint_step_only_steps_per_cpu_s",
        "no_paint_no_layout_steps_per_cpu_s", "no_paint_no_layout_step_only_steps_per_cpu_s",
        "reset_ms_median_no_frame")}
    assert all(np.isfinite(v) and v > 0 for v in out.values())
    # layout is timed within steps too, and taken out
    assert out["ceiling_no_paint_no_layout_step_only_steps_per_cpu_s"] \
        > out["ceiling_no_paint_step_only_steps_per_cpu_s"]
    assert painter.paint.__module__ == painter.__name__  # the painter is back
