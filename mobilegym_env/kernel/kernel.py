"""The Kernel: every piece of device state as plain Python data, and the OS operations on it.

The kernel never imports pygame, so state logic is testable and picklable on its own. Method and
field names follow the spec in snake_case (``start_activity``, ``open_app``, ``handle_back``...).

Every public operation ends by *settling* the device: lifecycle events for the activities that
moved (``lifecycle``), ``ACTION_CONNECTIVITY_CHANGE`` if connectivity changed (``network``),
then the queued broadcasts (``broadcast``), until nothing is left. Nested operations settle once,
at the end of the outermost one; ``tick`` settles too, so a manager called directly by an app
is announced within the same step.

System overlays (the chooser, the permission dialog, the media picker) belong to the Task in
the foreground when they opened. Leaving it (Home, Recents, another app or Task, a notification)
cancels them: the chooser and the picker answer CANCELED, the permission request is interrupted
with its status unchanged. So they never float over the launcher or another app.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import pickle
from collections.abc import Callable
from typing import Any, TypeVar

from . import broadcast as B
from . import callbacks
from . import shared as sharing
from .alarms import AlarmService
from .app_stores import AppStores
from .back_dispatcher import BackDispatcher, default_dispatcher
from .broadcast import BroadcastBus
from .clipboard import ClipboardService
from .clock import VirtualClock
from .config import DEFAULT_START_MS, KernelConfig
from .data import plain_copy
from .filesystem import FileSystem
from .intent_resolver import RESULT_CANCELED, RESULT_OK, Chooser, Intent, IntentResolver
from .keyboard import KeyboardService
from .lifecycle import Lifecycle
from .location import LocationService
from .managers import NotificationManager, set_preference
from .media import MediaService
from .media_picker import MediaPickerService
from .network import NetworkService
from .notifications import NotificationService
from .os_state import OsState
from .package_manager import PackageManager, discover_apps
from .permissions import PermissionService
from .providers import ContentResolver, default_providers
from .system_ui import TOAST_MS, LauncherLayout, SystemUi, Toast
from .task_manager import HOME_ROUTE, Activity, Task, TaskManager
from .task_manager import _check_route as check_route

DOCK_PREFERENCE = ("phone", "messages", "browser", "camera")
SETTLE_ROUNDS = 20  # lifecycle/broadcast rounds per operation before a loop is cut off
F = TypeVar("F", bound=Callable[..., Any])


def settles(method: F) -> F:
    """Marks a public kernel operation: when the outermost one returns, the device settles
    (lifecycle events, connectivity, broadcasts)."""

    @functools.wraps(method)
    def wrapper(self: Kernel, *args: Any, **kwargs: Any) -> Any:
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._depth -= 1
            if self._depth == 0:
                self.settle()

    return wrapper  # type: ignore[return-value]


class Kernel:
    """The phone's OS: tasks, intents, Back, services, providers and app data stores."""

    def __init__(self, packages: PackageManager, config: KernelConfig | None = None) -> None:
        (config or KernelConfig()).check()
        self.packages = packages
        # persisted: survives reboot()
        self.os_state = OsState()
        self.clipboard = ClipboardService()
        self.files = FileSystem()
        self.providers = ContentResolver(default_providers())
        self.app_data = AppStores(packages.factory_data())
        self.launcher = LauncherLayout.default(packages.app_ids, DOCK_PREFERENCE)
        self.back = default_dispatcher()
        self.alarms = AlarmService()
        self._power_on(config or KernelConfig())

    def _power_on(self, config: KernelConfig) -> None:
        """Powers on with ``config``: its clock, its settings written into the data model,
        fresh runtime services (the persisted parts are already in place)."""
        config.check()
        self.config = config
        self.clock = VirtualClock(config.start_ms, config.tz_offset_minutes)
        self.files.clock = self.clock
        self._depth = 0
        config.apply(self.os_state)
        self.permissions = PermissionService(self.os_state)
        # the judge view of each app's data: app id -> (its pickle, or _FACTORY while the
        # store is the factory's, and the view), see state()
        self._app_views: dict[str, tuple[Any, dict[str, Any]]] = {}
        self._init_volatile()

    def _init_volatile(self) -> None:
        self.tasks = TaskManager()
        self.intents = IntentResolver(self.tasks, self.packages)
        self.notifications = NotificationService(
            self.clock, NotificationManager(self.os_state).app_notifications)
        self.keyboard = KeyboardService()
        self.media_picker = MediaPickerService(self.providers.provider("media"))
        self.location = LocationService(self.config.location_preset)
        self.location.set_enabled(bool(self.os_state.get("settings.global.location_on")))
        self.system_ui = SystemUi()
        self.permissions.clear_pending()
        self.lifecycle = Lifecycle()
        self.broadcasts = BroadcastBus(self.packages)
        self.os_state.listener = self._announce
        self.broadcasts.register(B.SYSTEM, B.ACTION_AUDIO_BECOMING_NOISY, _pause_media)
        self.network = NetworkService(self.os_state)
        self.media = MediaService(self.files, self.clock, self.os_state.announce)
        # app code the kernel ran that raised (receivers, lifecycle hooks), "app: error"
        self.crashes: list[str] = []
        # the apps' on_boot hooks run once, after a task's initialize (complete_boot)
        self.boot_pending = True

    # ----- boot, reboot, snapshots
    @classmethod
    def boot(cls, config: KernelConfig | None = None) -> Kernel:
        """A factory-fresh device booted with ``config``. Cheap: unpickles the persisted parts
        of a cached factory image, whose big tables (files, provider rows, the OS data model)
        stay shared with it until the first write (``kernel.shared``), then powers on with the
        config (see ``kernel.config``).

        Raises:
            ValueError: A config value the device refuses (nothing is booted).
        """
        image = factory_image()
        kernel = cls.__new__(cls)
        # the persisted parts, their big tables still shared with the factory (copy-on-write)
        kernel.__dict__.update(pickle.loads(image))
        kernel._power_on(config or KernelConfig())
        return kernel

    def reboot(self) -> None:
        """Device reboot: persisted data survives, runtime/UI/session state resets (and the
        apps' ``on_boot`` hooks run again)."""
        self._init_volatile()

    def complete_boot(self) -> None:
        """Runs each app's ``on_boot`` hook (Android's ``BOOT_COMPLETED``) once per boot: when
        a task's start screen is applied, else at the first tick or frame (a no-op afterwards),
        so after a task's ``initialize``, even one that ran kernel operations.

        Not in the factory image: alarms depend on the boot time (each reset starts at its
        own date) and on the data a task's ``initialize`` wrote, so they are armed here."""
        if not self.boot_pending:
            return
        self.boot_pending = False
        for manifest in self.packages.manifests():
            if manifest.on_boot is not None:
                self.run_app_code(manifest.id, manifest.on_boot, self)

    def _announce(self, action: str, extras: dict[str, Any]) -> None:
        self.broadcasts.send(action, extras, self.clock.now_ms())

    def run_app_code(self, app_id: str, fn: Callable[..., Any], *args: Any) -> Any:
        """Runs an app's receiver or hook; an exception is that app's crash (recorded in
        ``crashes``, its Task closed, the "has stopped" dialog), never the device's."""
        try:
            return fn(*args)
        except Exception as err:  # noqa: BLE001 - app code must not break the device
            self.app_crashed(app_id, f"{type(err).__name__}: {err}")
            return None

    def app_crashed(self, app_id: str, error: str) -> None:
        """An app's code raised: the error is recorded in ``crashes``, its Task is closed and
        Android's "<App> has stopped" dialog shows (Open app again / App info)."""
        self.crashes.append(f"{app_id}: {error}")
        task = self.tasks.task_for_app(app_id)
        if task is not None:
            self.close_task(task.task_id)
        self.keyboard.hide()
        self.system_ui.crashed_app = app_id

    def settle(self) -> None:
        """Delivers what the last operation caused: lifecycle events to the apps' hooks,
        ``ACTION_CONNECTIVITY_CHANGE`` when connectivity changed, then queued broadcasts,
        round after round until nothing is left (at most ``SETTLE_ROUNDS``)."""
        self._depth += 1  # hooks and receivers may call kernel operations: no nested settle
        crashed = len(self.crashes)
        try:
            for _ in range(SETTLE_ROUNDS):
                events = self.lifecycle.sync(self.tasks, not self.system_ui.recents_open)
                for act, event in events:
                    manifest = self.packages.manifest(act.app_id) \
                        if act.app_id in self.packages else None
                    hook = manifest.on_lifecycle if manifest is not None \
                        and event in manifest.lifecycle_events else None
                    # an app whose hook crashed is gone: it hears nothing more
                    gone = any(c.startswith(f"{act.app_id}: ") for c in self.crashes[crashed:])
                    if hook is not None and not gone:
                        self.run_app_code(act.app_id, hook, self, act, event)
                net = self.network.changed()
                if net is not None:
                    self._announce(B.ACTION_CONNECTIVITY_CHANGE, net)
                if not self.broadcasts.deliver(self) and not events:
                    return
        finally:
            self._depth -= 1

    def snapshot(self) -> bytes:
        """An exact copy of the whole kernel. Tables still shared with the factory image are
        written as references (``kernel.shared``): a snapshot restores in any process that
        runs the same code."""
        return pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_app_views"] = {}  # a cache (the views are rebuilt on demand)
        return state

    @staticmethod
    def restore(snap: bytes) -> Kernel:
        return pickle.loads(snap)

    def app_state(self, app_id: str, read_only: bool = False) -> dict[str, Any]:
        """The app's persisted data store (mutable; apps write to it directly).

        Args:
            app_id: The app.
            read_only: The caller only reads it (an ``on_boot`` hook arming alarms): a store
                still shared with the factory image is not copied, so a snapshot keeps
                writing it as a reference. Never write to it then.
        """
        self.packages.get(app_id)
        return self.app_data.view(app_id) if read_only else self.app_data[app_id]

    # ----- launcher / task operations
    @settles
    def launch_app(self, app_id: str) -> Task:
        """A launcher tap on the app: reactivate its Task or create one."""
        self.packages.get(app_id)
        self._leave_overlays()
        return self.tasks.launch_app(app_id)

    @settles
    def switch_to_task(self, task_id: str) -> Task:
        """A Recents card tap: bring that Task back as it was. Unlike a launcher tap, the
        Task keeps its one-shot caller pointer (only a Back-return or a launcher icon tap
        clears it), so Back still returns to the app that started it.

        Raises:
            KeyError: No such Task (nothing changes).
        """
        if task_id not in self.tasks.tasks:
            raise KeyError(f"unknown task {task_id!r}")
        self._leave_overlays()
        self.tasks.activate(task_id)
        return self.tasks.tasks[task_id]

    @settles
    def open_app(self, app_id: str, route: str | None = None) -> Task:
        """Explicit launch, as from a notification or deep link; skips intent matching.

        Cold: the Task is created at ``/`` and ``route`` pushed (``['/', route]``), marked
        externally routed. Warm: ``route`` is pushed on top of the current page.
        """
        self.packages.get(app_id)
        if route is not None:
            check_route(route)  # bad input fails before any state change
        caller = self.tasks.active_task_id
        self._leave_overlays()
        task = self.tasks.task_for_app(app_id)
        if task is None:
            task = self.tasks.create_task(
                app_id, [HOME_ROUTE], caller, externally_routed=route is not None
            )
        else:
            # LAUNCH_APP on an existing Task: a caller never overwrites its launched-by pointer
            # (that is only set at creation); with no caller (from home) it is cleared unless
            # the Task was externally routed (cross-app-launch.md, Task Lifetime).
            if caller is None and not task.was_externally_routed:
                task.launched_by_task_id = None
            self.tasks.activate(task.task_id)
        if route is not None:
            # Push onto the app's own navigator, not onto another app borrowed on top of it.
            own = [a for a in task.stack if a.app_id == app_id]
            target = own[-1] if own else task.top
            target.push(route)
            self.lifecycle.renew(target.activity_id)
        return task

    @settles
    def close_app(self, app_id: str) -> None:
        """Destroys the app's Task (the Recents swipe-away)."""
        task = self.tasks.task_for_app(app_id)
        if task is None:
            raise KeyError(f"app {app_id!r} has no task to close")
        self.close_task(task.task_id)

    @settles
    def close_task(self, task_id: str) -> None:
        """Destroys a Task; activities waiting on a result tell their callers CANCELED, and
        overlays it showed are cancelled."""
        if task_id == self.tasks.active_task_id:
            self._cancel_overlays()
        task = self.tasks.close_task(task_id)
        for act in reversed(task.stack):
            self._deliver_result(act, cancel=True)
        if self.keyboard.visible and self.find_focus_activity() is None:
            self.keyboard.hide()

    @settles
    def go_home(self) -> None:
        self._leave_overlays()
        self.tasks.go_home()
        self.system_ui.launcher_page = 0
        self.system_ui.close_launcher(self.launcher)

    @settles
    def show_recents(self) -> None:
        self._leave_overlays()
        self.system_ui.recents_open = True

    def _leave_overlays(self) -> None:
        """The foreground changes: system surfaces close and the foreground Task's overlays
        are cancelled."""
        self.system_ui.shade_open = False
        self.system_ui.recents_open = False
        self.system_ui.launcher_menu = None
        self.system_ui.crashed_app = None
        self.keyboard.hide()
        self._cancel_overlays()

    def _cancel_overlays(self) -> None:
        if self.intents.chooser is not None:
            self.cancel_chooser()
        self.media_picker.cancel()
        self.permissions.cancel()

    @settles
    def handle_back(self) -> str | None:
        """Runs the Back chain; returns the consuming handler's id (None: nothing to do)."""
        return self.back.handle_back(self)

    @settles
    def finish_activity(self) -> None:
        """Closes the current Activity, never the Task (cross-app-launch.md, finishActivity)."""
        task = self.tasks.active_task
        if task is None:
            return
        self.keyboard.hide()
        finished = task.top
        if len(task.stack) > 1:
            task.stack.pop()
            if finished.launched_by_task_id in self.tasks.tasks:
                self.tasks.activate(finished.launched_by_task_id)
        else:
            finished.pop_to_root(HOME_ROUTE)
            caller = task.launched_by_task_id
            if caller in self.tasks.tasks:
                task.launched_by_task_id = None
                self.tasks.activate(caller)
            else:
                self.tasks.go_home()
        self._deliver_result(finished)

    # ----- intents
    @settles
    def start_activity(self, intent: Intent | dict, new_task: bool = False) -> bool:
        """Posts an intent. Returns False when no app can handle it.

        One match dispatches directly; several open the chooser sheet.
        """
        return self._start(Intent.coerce(intent), new_task, None, None)

    @settles
    def start_activity_for_result(self, intent: Intent | dict | str, callback: Any) -> bool:
        """Like ``start_activity``; ``callback(kernel, result)`` gets the callee's result.

        ``intent`` may be an app id. ``callback`` must be a module-level function (picklable);
        it receives ``{"result_code": "OK"|"CANCELED", "data": ..., "caller_app_id": ...}``.
        """
        callbacks.check_callback(callback)
        if isinstance(intent, str):
            intent = Intent(app_id=intent)
        top = self.tasks.top_activity
        return self._start(Intent.coerce(intent), False, callback, top.app_id if top else None)

    def _start(self, intent: Intent, new_task: bool, callback: Any, caller_app: str | None) -> bool:
        """Starts an intent. An open chooser (and any other overlay) is cancelled first, so a
        second start never swallows the first one's callback: every for-result callback is
        answered exactly once."""
        matches = self.intents.resolve(intent)
        if not matches:
            return False
        caller_task = self.tasks.active_task_id
        self._leave_overlays()
        if self.config.intent.chooser == "first_match":
            matches = matches[:1]
        if len(matches) > 1:
            self.intents.chooser = Chooser(
                intent, matches, new_task, caller_task, callback, caller_app
            )
            return True
        app_id, f = matches[0]
        self._dispatch(app_id, f, intent, new_task, caller_task, callback, caller_app)
        return True

    def _dispatch(self, app_id, f, intent, new_task, caller_task, callback, caller_app) -> None:
        target = self.tasks.task_for_app(app_id)
        before = list(target.stack) if target is not None else []
        act = self.intents.dispatch(app_id, f, intent, new_task, caller_task,
                                    for_result=callback is not None)
        for popped in before:  # a singleTask re-entry pops activities above the root
            if target is not None and popped not in target.stack:
                self._deliver_result(popped, cancel=True)
        if any(a is act for a in before):
            self.lifecycle.renew(act.activity_id)  # a singleTask root gets a new intent
        if callback is not None:
            act.result_callback = callback
            act.caller_app_id = caller_app
            act.result = None

    @settles
    def choose(self, app_id: str, extras: dict | None = None) -> None:
        """Picks an app in the open chooser; ``extras`` are added to the intent's data (a
        share sheet's direct-share target names the conversation, as a shortcut does)."""
        chooser = self.intents.chooser
        if chooser is None:
            raise ValueError("no chooser is open")
        if extras is not None and not isinstance(extras, dict):
            raise ValueError(f"extras must be a dict, got {type(extras).__name__}")
        for candidate, f in chooser.candidates:
            if candidate == app_id:
                self.intents.chooser = None
                intent = chooser.intent
                if extras:
                    intent = dataclasses.replace(intent, data={**intent.data, **extras})
                self._dispatch(
                    app_id,
                    f,
                    intent,
                    chooser.new_task,
                    chooser.caller_task_id,
                    chooser.callback,
                    chooser.caller_app_id,
                )
                return
        raise KeyError(f"{app_id!r} is not offered by the chooser")

    @settles
    def cancel_chooser(self) -> None:
        chooser = self.intents.chooser
        self.intents.chooser = None
        if chooser is not None and chooser.callback is not None:
            callbacks.invoke(
                chooser.callback, self, _result(RESULT_CANCELED, None, chooser.caller_app_id)
            )

    @settles
    def set_result(self, result_code: str = RESULT_OK, data: dict | None = None) -> None:
        """Stores the top Activity's result and finishes it; the caller's callback runs.

        On an activity not started for a result the result is ignored (nobody waits for it;
        an activity further down that does wait is not answered) and the activity just
        finishes, as ``setResult`` + ``finish`` do on Android.
        """
        if result_code not in (RESULT_OK, RESULT_CANCELED):
            raise ValueError(f"result_code must be 'OK' or 'CANCELED', got {result_code!r}")
        top = self.tasks.top_activity
        if top is None:
            raise ValueError("set_result needs a foreground activity")
        if top.result_callback is not None:
            top.result = {"result_code": result_code, "data": copy.deepcopy(data)}
        self.finish_activity()

    def _deliver_result(self, act: Activity, cancel: bool = False) -> None:
        if act.result_callback is None:
            return
        cb, act.result_callback = act.result_callback, None
        res = act.result if act.result and not cancel else {"result_code": RESULT_CANCELED,
                                                             "data": None}
        callbacks.invoke(cb, self, _result(res["result_code"], res["data"], act.caller_app_id))

    # ----- media picker
    @settles
    def open_media_picker(self, mime_filter: str = "image/*", callback: Any = None) -> None:
        """Shows the system photo picker for the foreground app.

        ``callback(kernel, result)`` gets ``{"result_code", "data": {"media_id", "path"} | None,
        "caller_app_id"}`` like an activity result; Back cancels (priority 600).
        """
        top = self.tasks.top_activity
        if top is None:
            raise ValueError("the media picker needs a foreground app")
        if callback is not None:
            callbacks.check_callback(callback)
            callback = functools.partial(_media_result, self, callback)
        self.media_picker.open(top.app_id, mime_filter, callback)

    # ----- settings
    @settles
    def set_preference(self, key: str, value: Any) -> Any:
        """Writes a setting through its manager (clamps, cascades); returns the stored value."""
        stored = set_preference(self.os_state, key, value)
        self.location.set_enabled(bool(self.os_state.get("settings.global.location_on")))
        return stored

    # ----- notifications, toasts, focus
    @settles
    def open_notification(self, notification_id: int) -> None:
        """Tapping a notification: routes via open_app and auto-cancels it."""
        n = self.notifications.get(notification_id)
        self.open_app(n.app_id, n.route)  # validates first: a bad route leaves the shade as is
        self.notifications.dismiss(notification_id)

    @settles
    def run_notification_action(self, notification_id: int, index: int) -> None:
        """Tapping one of a notification's action buttons: its route opens (as a tap on the
        notification does) or its broadcast is sent; the notification is dismissed."""
        n = self.notifications.get(notification_id)
        if not isinstance(index, int) or not 0 <= index < len(n.actions):
            raise ValueError(f"notification {notification_id} has no action {index!r}")
        action = n.actions[index]
        if "route" in action:
            self.open_app(n.app_id, action["route"])
        else:
            self.broadcasts.send(action["broadcast"], dict(action.get("extras", {})),
                                 self.clock.now_ms())
        self.notifications.dismiss(notification_id)

    def toast(self, text: str) -> None:
        self.system_ui.toast = Toast(str(text), self.clock.now_ms() + TOAST_MS)

    @settles
    def tick(self, ms: int) -> None:
        """Advances the virtual clock, fires the alarms that fell due (their broadcasts are
        delivered when the tick settles), plays media on, and expires timed surfaces."""
        self.complete_boot()  # the apps arm their alarms for the boot time before any is due
        self.clock.advance(ms)
        now = self.clock.now_ms()
        for alarm in self.alarms.pop_due(now):
            self.broadcasts.send(alarm.action, {**alarm.extras, "app_id": alarm.app_id,
                                                "key": alarm.key, "at_ms": alarm.at_ms}, now)
        self.media.update()
        toast = self.system_ui.toast
        if toast is not None and toast.expires_ms <= self.clock.now_ms():
            self.system_ui.toast = None

    def find_focus_activity(self) -> Activity | None:
        """The activity owning the keyboard's target field, if it is still alive."""
        if self.keyboard.target is None:
            return None
        found = self.tasks.find_activity(self.keyboard.target[0])
        return found[1] if found else None

    # ----- state
    def state(self, shared: bool = False) -> dict[str, Any]:
        """The JSON-serializable snapshot judges read: ``{"os": ..., "apps": ...}``.

        Args:
            shared: Return parts shared with the kernel's cache, with earlier results and
                (while unchanged since boot) with other kernels: each service's part is
                rebuilt only after it changed, and an unchanged part is the same object as
                before, so comparing two states skips it. Read-only: never mutate it (or a
                ``copy.deepcopy`` of it). By default the result is an independent copy.
        """
        if not shared:
            return plain_copy(self.state(shared=True))
        chooser = self.intents.chooser
        pending = self.permissions.pending
        os_state = dict(self.os_state.state(shared_view=True))
        os_state.update(
            time=self.clock.state(),
            tasks=self.tasks.state(),
            notifications=self.notifications.state(),
            keyboard=self.keyboard.state(),
            clipboard=self.clipboard.state(),
            location=self.location.state(),
            files=self.files.state(shared_view=True),
            providers=self.providers.state(shared_view=True),
            launcher=self.launcher.state(),
            system_ui=self.system_ui.state(),
            chooser=chooser.to_state(self.packages) if chooser else None,
            permission_request=(
                {"app_id": pending.app_id, "permission": pending.perm} if pending else None
            ),
            media_picker=self.media_picker.state(),
            network=self.network.state(),
            media=self.media.state(),
            alarms=self.alarms.state(),
        )
        return {"os": os_state, "apps": self._apps_state()}

    def _apps_state(self) -> dict[str, Any]:
        """Each app's data as a judge view. A store still shared with the factory has the
        factory's view. Apps write their own stores directly, so a store's pickle (one C
        call) is what tells whether it changed: an unchanged one keeps its previous view."""
        views = self._app_views
        out = {}
        for app_id, data, factory in self.app_data.peek():
            if factory:
                known = views.get(app_id)
                if known is None or known[0] is not _FACTORY:
                    known = views[app_id] = (_FACTORY, _factory_view(app_id))
                out[app_id] = known[1]
                continue
            blob = pickle.dumps(data, pickle.HIGHEST_PROTOCOL)
            known = views.get(app_id)
            if known is None or known[0] != blob:
                known = views[app_id] = (blob, pickle.loads(blob))
            out[app_id] = known[1]
        return out


def _pause_media(kernel: Kernel, broadcast: B.Broadcast) -> None:
    """The system's receiver of "audio becoming noisy": unplugged headphones pause playback."""
    kernel.media.pause_all()


def _media_result(kernel: Kernel, callback: Any, requester: str, code: str, data: Any) -> None:
    callbacks.invoke(callback, kernel, _result(code, data, requester))


def _result(code: str, data: Any, caller_app_id: str | None) -> dict[str, Any]:
    return {"result_code": code, "data": data, "caller_app_id": caller_app_id}


@functools.cache
def installed_apps() -> PackageManager:
    """The apps found under ``mobilegym_env.apps`` (discovered once per process)."""
    return PackageManager(discover_apps())


# What a reboot keeps, and what boot() takes from the factory image (the rest is started fresh)
PERSISTED = ("packages", "os_state", "clipboard", "files", "providers", "app_data", "launcher",
             "back", "alarms")


@functools.cache
def factory_image() -> bytes:
    """The factory-fresh kernel's persisted parts, pickled with its big tables and app stores
    registered as shared (``kernel.shared``)."""
    kernel = Kernel(installed_apps())
    sharing.share("os_state", kernel.os_state._data)
    sharing.share("files", kernel.files._entries)
    sharing.share("back", kernel.back._chain)
    for name, provider in kernel.providers._providers.items():
        sharing.share(f"provider:{name}", provider._rows)
        sharing.share(f"provider:{name}:columns", provider._columns)
        sharing.share(f"provider:{name}:choices", provider._choices)
    kernel.app_data.share_all()
    kernel.os_state.listener = None  # the factory kernel itself is not part of the image
    parts = {name: getattr(kernel, name) for name in PERSISTED}
    image = pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL)
    kernel.state(shared=True)  # builds the shared views once
    return image


_FACTORY = object()  # marks a judge view taken from the factory's store


def _factory_view(app_id: str) -> dict[str, Any]:
    """The judge view of the app's factory store: a copy of it, made once per process."""
    from .app_stores import token

    store = sharing.resolve(token(app_id))
    return sharing.view(store, lambda: pickle.loads(pickle.dumps(store, pickle.HIGHEST_PROTOCOL)))


__all__ = ["DEFAULT_START_MS", "BackDispatcher", "Kernel", "KernelConfig", "installed_apps"]
