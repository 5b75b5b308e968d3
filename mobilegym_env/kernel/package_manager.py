"""App manifests and app discovery (the PackageManagerService of the spec).

Every sub-package of ``mobilegym_env.apps`` that has a ``manifest`` module exporting ``MANIFEST``
is installed at boot, so adding an app never needs a kernel edit. An app's optional ``state``
module exports ``initial_state() -> dict``: the app's persisted data store at factory reset.
"""

from __future__ import annotations

import copy
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from .broadcast import Receiver
from .callbacks import check_callback
from .lifecycle import EVENTS as LIFECYCLE_EVENTS

LaunchMode = Literal["standard", "singleTask"]


@dataclass(frozen=True)
class IntentFilter:
    """One receiver entry point declared in an app manifest.

    Attributes:
        action: Intent action, e.g. ``"ACTION_VIEW"``.
        route: App route where the receiver lands when the filter matches.
        type: MIME type filter; exact or with wildcards (``"image/*"``).
        scheme: URL scheme filter (``"sms"``).
        launch_mode: ``"standard"`` (default) or ``"singleTask"``.
        description: Label the chooser shows when several apps match.
        params: Documentation of the extras the receiver reads from ``intent.data``, as
            ``(("address", "phone number to text"), ...)``. Not enforced at run time (as in
            the spec): callers may send fewer or more.
    """

    action: str
    route: str = "/"
    type: str | None = None
    scheme: str | None = None
    launch_mode: LaunchMode = "standard"
    description: str | None = None
    params: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.launch_mode not in ("standard", "singleTask"):
            raise ValueError(f"unknown launch_mode {self.launch_mode!r}")
        if not self.route.startswith("/"):
            raise ValueError(f"filter route must start with '/': {self.route!r}")
        if not all(isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, str) for x in p)
                   for p in self.params):
            raise ValueError(f"filter params must be (name, description) str pairs, "
                             f"got {self.params!r}")


@dataclass(frozen=True)
class AppManifest:
    """An app's identity, like AndroidManifest.xml.

    Attributes:
        id: The app id (also the key of its data store).
        name: Display name shown under the launcher icon.
        icon: Icon name from the icon set (see ``mobilegym_env.ui.icons``).
        color: Brand colour of the launcher tile, ``"#RRGGBB"``.
        intent_filters: The app's receivers.
        aliases: Other names users call the app by.
        system: True for apps that ship with the OS image.
        receivers: Broadcast receivers (``broadcast.Receiver(action, handler)``), called as
            ``handler(kernel, broadcast)`` for every broadcast of their action.
        on_lifecycle: ``on_lifecycle(kernel, activity, event)``, called for each lifecycle
            event of the app's activities (``"created"``, ``"resumed"``, ``"paused"``,
            ``"destroyed"``; see ``kernel.lifecycle``) that ``lifecycle_events`` names. A
            module-level function.
        lifecycle_events: The events ``on_lifecycle`` hears (all four by default). Naming
            only those it acts on lets the device know the others change nothing: an app
            whose hook does not hear ``"paused"`` gets its Recents card cut from the frame
            it was left on instead of painted afresh.
        ticking: ``ticking(kernel, activity) -> bool``: whether the activity's screen shows
            time by the second right now (a running stopwatch or timer, a call's duration);
            while it is in front (or in a Recents card), its frame is rebuilt whenever the
            clock moved instead of once a minute. A module-level function; cheap (it runs on
            every step).
        on_boot: ``on_boot(kernel)``, Android's ``BOOT_COMPLETED`` receiver: run once per
            boot (a fresh device or ``reboot()``) when a task's start screen is applied, or
            at the first tick or frame (``Kernel.complete_boot``): after a task's
            ``initialize`` wrote its data, before any alarm can fall due. The app arms its
            alarms for its data at the boot time (Clock its alarms, Calendar its events'
            reminders), so they go off without the app ever being opened. A module-level
            function; cheap (it runs on every reset).
        system_written: Paths in the app's store (judge path patterns relative to it, e.g.
            ``"alarms[id=*].ringing"``) that change by themselves as time passes, whatever the
            agent does: an alarm going off. Every task's judge allows changes there, so an
            alarm that rings during an episode never makes it unclean; a task that asks for
            such a change checks it explicitly.
    """

    id: str
    name: str
    icon: str
    color: str = "#3D7BF7"
    intent_filters: tuple[IntentFilter, ...] = ()
    aliases: tuple[str, ...] = ()
    system: bool = False
    receivers: tuple[Receiver, ...] = ()
    on_lifecycle: Callable[..., Any] | None = None
    lifecycle_events: frozenset[str] = frozenset(LIFECYCLE_EVENTS)
    ticking: Callable[..., bool] | None = None
    on_boot: Callable[..., Any] | None = None
    system_written: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not all(isinstance(r, Receiver) for r in self.receivers):
            raise ValueError(f"{self.id}: receivers must be broadcast.Receiver instances")
        for hook in (self.on_lifecycle, self.ticking, self.on_boot):
            if hook is not None:
                check_callback(hook)
        unknown = set(self.lifecycle_events) - set(LIFECYCLE_EVENTS)
        if isinstance(self.lifecycle_events, str) or unknown:
            raise ValueError(f"{self.id}: lifecycle_events must be a set of "
                             f"{', '.join(LIFECYCLE_EVENTS)}; got {self.lifecycle_events!r}")
        object.__setattr__(self, "lifecycle_events", frozenset(self.lifecycle_events))


@dataclass
class InstalledApp:
    """A discovered app: its manifest and its factory data."""

    manifest: AppManifest
    module: str
    initial_state: Callable[[], dict] = field(default=dict)


def discover_apps(package: str = "mobilegym_env.apps") -> dict[str, InstalledApp]:
    """Imports every app package under ``package`` that has a manifest.

    Returns:
        App id to installed app, in folder-name order (deterministic).
    """
    root = importlib.import_module(package)
    apps: dict[str, InstalledApp] = {}
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        name = f"{package}.{info.name}"
        try:
            manifest_mod = importlib.import_module(f"{name}.manifest")
        except ModuleNotFoundError as err:
            if err.name == f"{name}.manifest":
                continue
            raise
        manifest: AppManifest = manifest_mod.MANIFEST
        if manifest.id in apps:
            raise ValueError(f"duplicate app id {manifest.id!r} in {name}")
        initial: Callable[[], dict] = dict
        try:
            state_mod = importlib.import_module(f"{name}.state")
            initial = state_mod.initial_state
        except ModuleNotFoundError as err:
            if err.name != f"{name}.state":
                raise
        apps[manifest.id] = InstalledApp(manifest=manifest, module=name, initial_state=initial)
    return apps


class PackageManager:
    """Installed apps, looked up by id."""

    def __init__(self, apps: dict[str, InstalledApp]) -> None:
        self._apps = apps

    def __reduce__(self) -> tuple[Any, ...]:
        # the process-wide discovered apps pickle as a reference (snapshots stay small)
        from .kernel import installed_apps

        if installed_apps.cache_info().currsize and self is installed_apps():
            return installed_apps, ()
        return PackageManager, (self._apps,)

    def __contains__(self, app_id: object) -> bool:
        return app_id in self._apps

    def get(self, app_id: str) -> InstalledApp:
        """Returns the installed app, or raises KeyError naming the unknown id."""
        try:
            return self._apps[app_id]
        except KeyError:
            raise KeyError(f"unknown app {app_id!r}; installed: {sorted(self._apps)}") from None

    def manifest(self, app_id: str) -> AppManifest:
        return self.get(app_id).manifest

    @property
    def app_ids(self) -> list[str]:
        return list(self._apps)

    def manifests(self) -> list[AppManifest]:
        return [a.manifest for a in self._apps.values()]

    def factory_data(self) -> dict[str, dict]:
        """Fresh copies of every app's initial data store."""
        return {app_id: copy.deepcopy(a.initial_state()) for app_id, a in self._apps.items()}
