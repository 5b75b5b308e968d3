"""Shared fixtures: a phone whose Notes app is replaced by screens a test defines; the
scripts of ``benchmarks/`` as modules."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import mobilegym_env.device as device_module
from mobilegym_env.device import Device
from mobilegym_env.ui import Router, ScreenContext, View


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Device]:
    """``screen(home)`` or ``screen({"/": home, "/x": other})``: a device showing test screens
    (in place of the Notes app's), for toolkit and oracle tests independent of app data."""
    def make(routes: Callable[[ScreenContext], View] | dict, scale: int = 1) -> Device:
        table = routes if isinstance(routes, dict) else {"/": routes}
        real = device_module.app_router
        monkeypatch.setattr(device_module, "app_router",
                            lambda module: Router(table) if module.endswith(".notes")
                            else real(module))
        d = Device(scale=scale)
        d.launch_app("notes")
        return d
    return make


@pytest.fixture
def as_if_displayed(monkeypatch):
    """As under a display or a video driver chosen on purpose: gymnasium's check_env makes an
    env in every render mode, and "human" warns where there is no display."""
    from mobilegym_env.ui import _pygame

    monkeypatch.setattr(_pygame, "NO_DISPLAY", False)


@pytest.fixture
def bench_script() -> Callable[[str], ModuleType]:
    """``bench_script("train_ppo")``: ``benchmarks/train_ppo.py`` imported as a module (a fresh
    one each call: the scripts are not a package)."""
    folder = Path(__file__).resolve().parents[1] / "benchmarks"

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load
