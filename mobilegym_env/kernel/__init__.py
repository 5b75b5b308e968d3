"""The OS kernel: pure-Python device state and logic (no pygame).

One module per spec concept: ``task_manager``, ``lifecycle``, ``back_dispatcher``,
``intent_resolver``, ``package_manager``, ``broadcast`` (the bus), the services (``clock``,
``notifications``, ``keyboard``, ``clipboard``, ``permissions``, ``location``, ``network``,
``filesystem``, ``media`` (playback), ``media_picker``), ``os_state`` + ``managers``,
``providers``, ``config`` (the simulator's own settings), and ``kernel`` which composes them.
"""

from .intent_resolver import RESULT_CANCELED, RESULT_OK, Intent
from .kernel import Kernel, KernelConfig, installed_apps
from .package_manager import AppManifest, IntentFilter
from .task_manager import Activity, Task

__all__ = [
    "RESULT_CANCELED",
    "RESULT_OK",
    "Activity",
    "AppManifest",
    "Intent",
    "IntentFilter",
    "Kernel",
    "KernelConfig",
    "Task",
    "installed_apps",
]
