"""Shared fixtures: a kernel built from a SYNTHETIC set of apps (never the real apps/).

The manifests mirror the examples of spec/cross-app-launch.md: plain callers, an SMS compose
receiver, a singleTask share target, a directory viewer, a payment receiver, a contact picker,
and two apps that both accept ``ACTION_SEND text/plain`` (so that intent opens the chooser).
"""

from __future__ import annotations

import functools

import pytest

from mobilegym_env.kernel import Kernel, KernelConfig
from mobilegym_env.kernel.package_manager import (
    AppManifest,
    InstalledApp,
    IntentFilter,
    PackageManager,
)

F = IntentFilter

# app id -> intent filters; dict order is resolution (and chooser) order.
SYNTHETIC_FILTERS: dict[str, tuple[IntentFilter, ...]] = {
    "settings": (),
    "gallery": (),
    "railway": (),
    "contacts": (F("ACTION_PICK", route="/pick", description="Pick a contact"),),
    "sms": (F("ACTION_SENDTO", route="/compose", scheme="sms"),),
    "wechat": (F("ACTION_SEND", route="/share", type="image/*", launch_mode="singleTask"),),
    "files": (F("ACTION_VIEW", route="/", type="inode/directory"),),
    "alipay": (F("ACTION_PAY", route="/pay", scheme="alipays"),),
    "notes": (F("ACTION_SEND", route="/new", type="text/plain", description="Save to Notes"),),
    "mail": (F("ACTION_SEND", route="/compose", type="text/plain"),),
}

# Persisted per-app data (picklable factories: no lambdas).
SYNTHETIC_DATA = {
    "settings": functools.partial(dict, theme="light"),
    "notes": functools.partial(dict, notes=[{"id": 1, "title": "groceries"}]),
}


def synthetic_packages() -> PackageManager:
    return PackageManager(
        {
            app_id: InstalledApp(
                manifest=AppManifest(
                    id=app_id, name=app_id.capitalize(), icon="app", intent_filters=filters
                ),
                module=f"synthetic.{app_id}",
                initial_state=SYNTHETIC_DATA.get(app_id, dict),
            )
            for app_id, filters in SYNTHETIC_FILTERS.items()
        }
    )


def make_kernel(config: KernelConfig | None = None) -> Kernel:
    return Kernel(synthetic_packages(), config)


def stacks(k: Kernel) -> dict[str, list[tuple[str, list[str]]]]:
    """Every Task as ``{root_app_id: [(activity app_id, route history), ...]}``."""
    return {
        t.root_app_id: [(a.app_id, list(a.history)) for a in t.stack]
        for t in k.tasks.tasks.values()
    }


def active_app(k: Kernel) -> str | None:
    """Root app of the active Task (None: the launcher is showing)."""
    task = k.tasks.active_task
    return task.root_app_id if task else None


def task_id(k: Kernel, app_id: str) -> str:
    task = k.tasks.task_for_app(app_id)
    assert task is not None, f"{app_id} has no task"
    return task.task_id


@pytest.fixture
def k() -> Kernel:
    """A fresh kernel over the synthetic apps, at the launcher."""
    return make_kernel()


@pytest.fixture
def kernel_factory():
    return make_kernel


@pytest.fixture
def view():
    """``view(k)``: the task/activity stacks as plain data (see :func:`stacks`)."""
    return stacks


@pytest.fixture
def active():
    """``active(k)``: root app id of the active Task."""
    return active_app


@pytest.fixture
def tid():
    """``tid(k, app_id)``: the task id of the app's own Task."""
    return task_id
