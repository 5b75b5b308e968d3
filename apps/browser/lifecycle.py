"""Browser's hooks into the system: Back walks the tab's history, and VIEW intents of
``http(s)`` URLs open in a new tab.

Android delivers Back to Chrome, which goes back in the tab before leaving; here the kernel's
Back chain pops an app's routes (``os.appBack``), so the Browser adds a handler just above it
(registered when its first activity is created; a module-level function, as the kernel is
pickled with its chain) that steps the current tab back when the tab page is on top.
"""

from __future__ import annotations

from typing import Any

from . import model, sites

APP = "browser"
BACK_HANDLER = "browser.tabBack"
BACK_PRIORITY = 110  # above os.appBack (100), below the keyboard and system overlays


def tab_back(kernel: Any) -> bool:
    """Back on the tab page (no dialog, no find bar) goes back in the tab's history."""
    top = kernel.tasks.top_activity
    if top is None or top.app_id != APP or top.route != "/":
        return False
    if not model.go_back(kernel.app_state(APP)):
        return False
    top.ui["scroll:page"] = 0
    return True


def on_lifecycle(kernel: Any, activity: Any, event: str) -> None:
    """Registers the Back handler once, and opens a delivered VIEW intent's URL (once per
    payload: a re-render or a resume of the same intent opens nothing)."""
    if BACK_HANDLER not in dict(kernel.back.chain):
        kernel.back.register(BACK_HANDLER, tab_back, BACK_PRIORITY)
    intent = activity.intent
    if event not in ("created", "resumed") or not isinstance(intent, dict):
        return
    if activity.ui.get("_intent") is intent:
        return
    activity.ui["_intent"] = intent
    data = intent.get("data") if isinstance(intent.get("data"), dict) else {}
    url = str(data.get("url") or data.get("uri") or "")
    if intent.get("action") != "ACTION_VIEW" or not url:
        return
    store = kernel.app_state(APP)
    try:
        model.new_tab(store, sites.canonical(url), kernel.clock.now_ms())
    except ValueError:  # too many tabs: show it in the current one
        model.navigate(store, url, kernel.clock.now_ms())
