"""Launcher suite: finding and switching apps from the home screen and Recents."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.judge import Check, get
from mobilegym_env.task import Task


def _foreground(state: dict[str, Any]) -> dict[str, Any] | None:
    tasks = get(state, "os.tasks")
    active = tasks["active_task_id"]
    if active is None or state["os"]["system_ui"]["recents_open"]:
        return None
    return next(t for t in tasks["tasks"] if t["task_id"] == active)


def _app_name(device: Device, app_id: str) -> str:
    return device.kernel.packages.manifest(app_id).name


def _pick_apps(rng: np.random.Generator, device: Device, n: int) -> list[str]:
    ids = sorted(device.kernel.packages.app_ids)
    if len(ids) < n:
        raise ValueError(f"this task needs {n} installed apps, found {len(ids)}")
    return [ids[i] for i in rng.choice(len(ids), size=n, replace=False)]


def _go_home_if_needed(device: Device) -> Iterator[dict[str, Any]]:
    if O.find(device, id="launcher") is None and O.find(device, id="app_drawer") is None:
        yield A.home()


def _find_card(device: Device, app_name: str) -> Iterator[dict[str, Any]]:
    """Scrolls the Recents carousel until the app's card is fully in view; returns it."""
    for _ in range(len(device.kernel.tasks.tasks) + 1):
        card = O.find(device, role="recents_card", text=app_name)
        if card is not None and card["bounds"][2] <= device.width * device.scale:
            return card
        yield A.swipe(0.8, 0.5, 0.2, 0.5)
    raise RuntimeError(f"oracle: no Recents card for {app_name}")


class OpenApp(Task):
    """Open an app from the home screen; it may sit on another page, or another app may be
    in the foreground."""

    suite = "launcher"
    name = "open_app"
    template = "Open the {app_name} app."
    max_steps = 10

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> dict[str, Any]:
        app_id, other = _pick_apps(rng, device, 2)
        return {"app_id": app_id, "app_name": _app_name(device, app_id),
                "page": int(rng.integers(0, 2)), "start_in": other if rng.random() < 0.5 else None}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        k = device.kernel
        if self.params["page"] > 0 and k.launcher.page_of(self.params["app_id"]) is not None:
            k.launcher.move_to_page(self.params["app_id"], self.params["page"])
        if self.params["start_in"]:
            k.launch_app(self.params["start_in"])

    def checks(self, initial, final, answer) -> list[Check]:
        fg = _foreground(final)
        app = self.params["app_id"]
        return [Check("app_in_foreground", fg is not None and fg["root_app_id"] == app
                      and fg["stack"][-1]["app_id"] == app)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from _go_home_if_needed(device)
        app = self.params["app_id"]
        for _ in range(len(device.kernel.launcher.pages) + 1):
            node = O.find(device, id=f"grid:{app}") or O.find(device, id=f"dock:{app}")
            if node is not None:
                yield O.tap(device, node)
                return
            yield O.swipe_left()
        raise RuntimeError(f"oracle could not find {app} on the launcher")


class _RecentsTask(Task):
    """Shared setup: several apps were used, then the user went home (or stayed in one)."""

    suite = "launcher"
    max_steps = 10

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> dict[str, Any]:
        apps = _pick_apps(rng, device, 3)
        return {"app_id": apps[0], "app_name": _app_name(device, apps[0]), "others": apps[1:],
                "end_home": bool(rng.random() < 0.5)}

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        k = device.kernel
        k.launch_app(self.params["app_id"])
        for other in self.params["others"]:
            k.launch_app(other)
        if self.params["end_home"]:
            k.go_home()

    @staticmethod
    def _task_of(state: dict[str, Any], app_id: str) -> dict[str, Any] | None:
        return next((t for t in state["os"]["tasks"]["tasks"] if t["root_app_id"] == app_id), None)


class OpenFromRecents(_RecentsTask):
    """Bring a backgrounded app's existing Task back from Recents."""

    name = "open_from_recents"
    template = "Open {app_name} from the recent apps screen."

    def checks(self, initial, final, answer) -> list[Check]:
        before = self._task_of(initial, self.params["app_id"])
        fg = _foreground(final)
        return [Check("same_task_in_foreground", before is not None and fg is not None
                      and fg["task_id"] == before["task_id"])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield A.recents()
        card = yield from _find_card(device, self.params["app_name"])
        yield O.tap(device, card)


class CloseFromRecents(_RecentsTask):
    """Fling an app's card away in Recents: its Task is destroyed, the others stay."""

    name = "close_from_recents"
    template = "Close {app_name} from the recent apps screen."

    def checks(self, initial, final, answer) -> list[Check]:
        others_before = {t["task_id"] for t in initial["os"]["tasks"]["tasks"]
                         if t["root_app_id"] != self.params["app_id"]}
        others_after = {t["task_id"] for t in final["os"]["tasks"]["tasks"]
                        if t["root_app_id"] != self.params["app_id"]}
        return [
            Check("task_closed", self._task_of(final, self.params["app_id"]) is None),
            Check("other_tasks_kept", others_before == others_after),
        ]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield A.recents()
        card = yield from _find_card(device, self.params["app_name"])
        x, y = O.center(device, card)
        yield A.swipe(x, y, x, y - 0.4)  # fling the card up, as on Android
