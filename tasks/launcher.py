"""Launcher suite: finding and switching apps from the home screen and Recents."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation, Judged
from mobilegym_env.kernel import installed_apps
from mobilegym_env.task import Start, Task


def foreground_task(state: dict[str, Any]) -> dict[str, Any] | None:
    """The Task the user sees (None on the home screen or in Recents)."""
    tasks = state["os"]["tasks"]
    active = tasks["active_task_id"]
    if active is None or state["os"]["system_ui"]["recents_open"]:
        return None
    return next(t for t in tasks["tasks"] if t["task_id"] == active)


def task_of(state: dict[str, Any], app_id: str) -> dict[str, Any] | None:
    return next((t for t in state["os"]["tasks"]["tasks"] if t["root_app_id"] == app_id), None)


def app_in_foreground(app_id: str) -> Expectation:
    """The app is what the user sees: its Task is active with its own screen on top."""
    def test(j: Judged) -> tuple[bool, str]:
        fg = foreground_task(j.final)
        shown = fg["stack"][-1]["app_id"] if fg else None
        return fg is not None and fg["root_app_id"] == app_id and shown == app_id, \
            f"expected {app_id} in the foreground; found {shown or 'the home screen'}"
    return C.holds(f"{app_id} in the foreground", test)


def app_name(app_id: str) -> str:
    """An installed app's display name (what instructions call it)."""
    return installed_apps().manifest(app_id).name


def _pick_apps(rng: np.random.Generator, device: Device, n: int) -> list[str]:
    ids = sorted(device.kernel.packages.app_ids)
    if len(ids) < n:
        raise ValueError(f"this task needs {n} installed apps, found {len(ids)}")
    return [ids[i] for i in rng.choice(len(ids), size=n, replace=False)]


def _check_installed(device: Device, *app_ids: str | None) -> None:
    for app_id in app_ids:
        if app_id is not None and app_id not in device.kernel.packages:
            raise ValueError(f"no app {app_id!r} is installed; installed: "
                             f"{sorted(device.kernel.packages.app_ids)}")


class OpenApp(Task):
    """Open an app from the home screen; it may sit on another page, or another app may be
    in the foreground."""

    suite = "launcher"
    name = "open_app"
    template = "Open the {app_name} app."
    difficulty = 1
    objective = "operate"
    apps = ("launcher",)
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        app_id: str
        page: int = 0
        start_in: str | None = None

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        app_id, other = _pick_apps(rng, device, 2)
        return cls.Params(app_id, int(rng.integers(0, 2)),
                          other if rng.random() < 0.5 else None)

    def template_values(self) -> dict[str, Any]:
        return {"app_name": app_name(self.params.app_id)}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_installed(device, params.app_id, params.start_in)
        if params.start_in == params.app_id:
            raise ValueError("start_in must be another app than the one to open")
        if params.page not in (0, 1):
            raise ValueError(f"page must be 0 or 1, got {params.page}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        launcher = device.kernel.launcher
        if self.params.page > 0 and launcher.page_of(self.params.app_id) is not None:
            launcher.move_to_page(self.params.app_id, self.params.page)

    def start_screen(self) -> Start:
        return Start(app=self.params.start_in)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [app_in_foreground(self.params.app_id)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, self.params.app_id)


class _RecentsTask(Task):
    """Shared setup: several apps were used, then the user went home (or stayed in one)."""

    suite = "launcher"
    apps = ("launcher",)
    tags = ("recents",)
    max_steps = 10

    @dataclass(frozen=True)
    class Params:
        app_id: str
        others: tuple[str, ...]
        end_home: bool

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        apps = _pick_apps(rng, device, 3)
        return cls.Params(apps[0], tuple(apps[1:]), bool(rng.random() < 0.5))

    def template_values(self) -> dict[str, Any]:
        return {"app_name": app_name(self.params.app_id)}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_installed(device, params.app_id, *params.others)
        if params.app_id in params.others or len(set(params.others)) != len(params.others):
            raise ValueError("app_id and others must be distinct apps")

    def start_screen(self) -> Start:
        used = (self.params.app_id, *self.params.others)
        if self.params.end_home:
            return Start(background=used)
        return Start(app=used[-1], background=used[:-1])


class SwitchToRecentApp(_RecentsTask):
    """Return to an app used a moment ago, keeping its session (any way is right: Recents,
    its icon, or the drawer; reopening it from scratch is not)."""

    name = "switch_to_recent_app"
    template = "Go back to the {app_name} app you were using."
    difficulty = 1
    objective = "operate"

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        before = task_of(initial, self.params.app_id)

        def same_session(j: Judged) -> tuple[bool, str]:
            fg = foreground_task(j.final)
            return (before is not None and fg is not None and fg["task_id"] == before["task_id"],
                    f"expected task {before and before['task_id']} in the foreground; found "
                    f"{fg and fg['task_id']}")
        return [C.holds("same session in the foreground", same_session)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield A.recents()
        card = yield from _find_card(device, app_name(self.params.app_id))
        yield O.tap(device, card)


class CloseFromRecents(_RecentsTask):
    """Fling an app's card away in Recents: its Task is destroyed, the others stay."""

    name = "close_from_recents"
    template = "Close {app_name} from the recent apps screen."
    difficulty = 2
    objective = "operate"

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        app = self.params.app_id
        others_before = {t["task_id"] for t in initial["os"]["tasks"]["tasks"]
                         if t["root_app_id"] != app}

        def others_kept(j: Judged) -> tuple[bool, str]:
            after = {t["task_id"] for t in j.final["os"]["tasks"]["tasks"]
                     if t["root_app_id"] != app}
            return after == others_before, f"expected tasks {sorted(others_before)} kept; " \
                                           f"found {sorted(after)}"
        return [C.holds(f"{app} closed", lambda j: (task_of(j.final, app) is None,
                                                    f"{app} task: {task_of(j.final, app)}")),
                C.holds("other apps kept", others_kept)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield A.recents()
        card = yield from _find_card(device, app_name(self.params.app_id))
        x, y = O.center(device, card)
        yield A.swipe(x, y, x, y - 0.4)  # fling the card up, as on Android


def _find_card(device: Device, app_name: str) -> Iterator[dict[str, Any]]:
    """Scrolls the Recents carousel until the app's card is fully in view; returns it."""
    for _ in range(len(device.kernel.tasks.tasks) + 1):
        card = O.find(device, role="recents_card", text=app_name)
        if card is not None and card["bounds"][2] <= device.width * device.scale:
            return card
        yield A.swipe(0.8, 0.5, 0.2, 0.5)
    raise O.OracleError(f"no Recents card for {app_name}; {O.screen_summary(device)}")
