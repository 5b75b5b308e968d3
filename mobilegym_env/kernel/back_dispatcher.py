"""The Back key: a priority chain whose first handler returning True consumes the event.

The built-in chain is the spec's (cross-app-launch.md, "BackDispatcher Chain"); three handlers
are ours because the original's browser UI had them outside the chain: the "has stopped" dialog
of a crashed app (1100, above every other surface, as Android's system dialog is), the Recents
overlay (750, closing it returns to the app underneath) and the launcher's app drawer (90, the
home screen's own back). Handlers are module-level functions of the kernel so the dispatcher stays picklable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import shared

if TYPE_CHECKING:
    from .kernel import Kernel

BackHandler = Callable[["Kernel"], bool]


@dataclass(frozen=True)
class Registration:
    handler_id: str
    priority: int
    handler: BackHandler


class BackDispatcher(shared.CopyOnWrite):
    """Holds the handlers, highest priority first (ties: first registered first)."""

    _shared_attrs = ("_chain",)

    def __init__(self) -> None:
        self._chain: list[Registration] = []

    def register(self, handler_id: str, handler: BackHandler, priority: int) -> None:
        if any(r.handler_id == handler_id for r in self._chain):
            raise ValueError(f"back handler {handler_id!r} is already registered")
        # a new list, never an edit: booted kernels share the factory's (kernel.shared)
        self._chain = sorted([*self._chain, Registration(handler_id, priority, handler)],
                             key=lambda r: -r.priority)

    def unregister(self, handler_id: str) -> None:
        self._chain = [r for r in self._chain if r.handler_id != handler_id]

    @property
    def chain(self) -> list[tuple[str, int]]:
        return [(r.handler_id, r.priority) for r in self._chain]

    def handle_back(self, kernel: Kernel) -> str | None:
        """Runs the chain; returns the id of the handler that consumed Back, or None."""
        for reg in self._chain:
            if reg.handler(kernel):
                return reg.handler_id
        return None


# ----- the built-in handlers, in priority order
def crash_dialog(k: Kernel) -> bool:
    if k.system_ui.crashed_app is None:
        return False
    k.system_ui.crashed_app = None
    return True


def permission_dialog(k: Kernel) -> bool:
    if k.permissions.pending is None:
        return False
    k.permissions.dismiss()
    return True


def intent_chooser(k: Kernel) -> bool:
    if k.intents.chooser is None:
        return False
    k.cancel_chooser()
    return True


def shade_dismiss(k: Kernel) -> bool:
    if not k.system_ui.shade_open:
        return False
    k.system_ui.shade_open = False
    return True


def recents_dismiss(k: Kernel) -> bool:
    if not k.system_ui.recents_open:
        return False
    k.system_ui.recents_open = False
    return True


def keyboard_dismiss(k: Kernel) -> bool:
    if not k.keyboard.visible:
        return False
    k.keyboard.hide()
    return True


def media_picker(k: Kernel) -> bool:
    if not k.media_picker.is_open:
        return False
    k.media_picker.cancel()
    return True


def app_back(k: Kernel) -> bool:
    """The visible app routes back first, only in its own Task (foreign-task gate)."""
    task = k.tasks.active_task
    if task is None or task.top.app_id != task.root_app_id:
        return False
    return task.top.pop()


def launcher_back(k: Kernel) -> bool:
    return k.tasks.active_task is None and k.system_ui.launcher_back(k.launcher)


def activity_back(k: Kernel) -> bool:
    """A borrowed Activity in a foreign Task backs out of its own route history."""
    task = k.tasks.active_task
    return task is not None and task.top.pop()


def finish_top_activity(k: Kernel) -> bool:
    task = k.tasks.active_task
    if task is None or len(task.stack) <= 1:
        return False
    k.finish_activity()
    return True


def return_to_launcher_task(k: Kernel) -> bool:
    task = k.tasks.active_task
    if task is None or task.launched_by_task_id not in k.tasks.tasks:
        return False
    k.finish_activity()
    return True


def go_home_fallback(k: Kernel) -> bool:
    if k.tasks.active_task is None:
        return False
    k.finish_activity()
    return True


BUILTIN_CHAIN: tuple[tuple[str, BackHandler, int], ...] = (
    ("crash.dialog", crash_dialog, 1100),
    ("permission.dialog", permission_dialog, 1000),
    ("os.intentChooser", intent_chooser, 900),
    ("shade.dismiss", shade_dismiss, 800),
    ("recents.dismiss", recents_dismiss, 750),
    ("keyboard.dismiss", keyboard_dismiss, 700),
    ("os.mediaPicker", media_picker, 600),
    ("os.appBack", app_back, 100),
    ("launcher.drawer", launcher_back, 90),
    ("os.activityBack", activity_back, 50),
    ("os.finishTopActivity", finish_top_activity, 25),
    ("os.returnToLauncherTask", return_to_launcher_task, 12),
    ("os.goHomeFallback", go_home_fallback, 0),
)


def default_dispatcher() -> BackDispatcher:
    dispatcher = BackDispatcher()
    for handler_id, handler, priority in BUILTIN_CHAIN:
        dispatcher.register(handler_id, handler, priority)
    return dispatcher
