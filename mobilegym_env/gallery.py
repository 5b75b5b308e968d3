"""The screen gallery: every app's screens one tap deep, the system UI and its overlays, at
several scales and in light and dark, saved as PNGs (``mobilegym gallery --out DIR``).

It is how the look is reviewed: open the folder and look at every picture. App screens are
found by crawling (each app's first screen and what one tap on each control opens, one
picture per distinct route), system surfaces by scripted scenes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from PIL import Image

from . import actions as A
from . import oracle as O
from .device import Device
from .kernel import installed_apps
from .kernel.intent_resolver import Intent

Scene = Callable[[Device], None]


def _home(d: Device) -> None:
    pass


def _drawer(d: Device) -> None:
    d.act(O.tap(d, id="launcher_search"))
    d.act(A.type_text("s"))


def _recents(d: Device) -> None:
    for app in ("notes", "messages", "gallery"):
        d.launch_app(app)
    d.show_recents()


def _notification(d: Device) -> None:
    d.launch_app("notes")
    d.kernel.notifications.post("messages", "Alice Johnson",
                                "Are we still on for lunch tomorrow at 12:30?")


def _shade(d: Device) -> None:
    _notification(d)
    d.kernel.notifications.post("files", "Download complete", "report_q1.pdf", heads_up=False)
    d.act(A.swipe(0.5, 0.005, 0.5, 0.8))


def _keyboard(d: Device) -> None:
    d.launch_app("messages")
    d.act(O.tap(d, id="fab"))
    d.act(O.tap(d, id="body"))
    d.act(A.type_text("See you at 7"))


def _toast(d: Device) -> None:
    d.launch_app("notes")
    d.kernel.toast("Note saved")


def _permission(d: Device) -> None:
    d.launch_app("gallery")
    d.kernel.permissions.request("gallery", "storage")


def _share(d: Device) -> None:
    d.launch_app("notes")
    d.kernel.start_activity(Intent(action="ACTION_SEND", type="text/plain",
                                   data={"text": "Lunch at Luigi's at 12:30"}))


def _crash(d: Device) -> None:
    d.launch_app("notes")
    d._run_handler(_raise)


def _raise() -> None:
    raise RuntimeError("a crash shown in the gallery")


SCENES: dict[str, Scene] = {
    "system_home": _home, "system_drawer": _drawer, "system_recents": _recents,
    "system_heads_up": _notification, "system_shade": _shade, "system_keyboard": _keyboard,
    "system_toast": _toast, "system_permission": _permission, "system_share": _share,
    "system_crash": _crash,
}


def app_screens(app_id: str, limit: int = 60) -> Iterator[tuple[str, Device]]:
    """An app's first screen, every kind of screen one tap away, and every kind of dialog,
    menu, sheet or picker two taps away: one picture per route pattern (``/contact/7`` and
    ``/contact/9`` are one kind; query keys count, not their values, but for the dialog's
    name)."""
    root = Device()
    root.launch_app(app_id)
    seen = {_kind(_route(root))}
    yield "home", root
    level = [root]
    for depth in (1, 2):
        found = []
        for parent in level:
            for d in _one_tap_away(parent, app_id):
                kind = _kind(_route(d))
                if kind in seen or len(seen) >= limit or (depth == 2 and "dialog" not in kind):
                    continue
                seen.add(kind)
                found.append(d)
                yield _slug(_route(d)), d
        level = found


def _one_tap_away(d: Device, app_id: str) -> Iterator[Device]:
    for node in d.ui_tree():
        if not (node["clickable"] and node["enabled"]):
            continue
        after = d.clone()
        after.act(O.tap(after, node))
        top = after.kernel.tasks.top_activity
        if not after.crashes and top is not None and top.app_id == app_id:
            yield after


def _route(d: Device) -> str:
    top = d.kernel.tasks.top_activity
    return top.route if top is not None else "(home)"


def _kind(route: str) -> str:
    path, _, query = route.partition("?")
    segments = ["#" if re.search(r"\d", seg) else seg for seg in path.split("/")]
    keys = sorted(part if part.startswith("dialog=") else part.partition("=")[0]
                  for part in query.split("&") if part)  # which dialog matters, not which row
    return "/".join(segments) + "?" + "&".join(keys)


def _slug(route: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", route).strip("_")[:60] or "home"


def _render(d: Device, scale: int, dark: bool) -> Image.Image:
    copy = Device.restore(d.snapshot(), scale)
    if dark:
        copy.kernel.set_preference("dark_mode", True)
        copy.invalidate()
    return Image.fromarray(copy.render())


def build(out: Path, scales: tuple[int, ...] = (1, 2), themes: tuple[str, ...] = ("light",
          "dark"), apps: list[str] | None = None,
          progress: Callable[[str], None] | None = None) -> list[Path]:
    """Renders the gallery into ``out``: ``<theme>/<scale>x/<name>.png``; returns the files."""
    devices: list[tuple[str, Device]] = []
    for name, scene in SCENES.items():
        d = Device()
        scene(d)
        devices.append((name, d))
    for app_id in apps or installed_apps().app_ids:
        devices += [(f"{app_id}_{name}", d) for name, d in app_screens(app_id)]
    written = []
    for theme in themes:
        for scale in scales:
            folder = out / theme / f"{scale}x"
            folder.mkdir(parents=True, exist_ok=True)
            for name, d in devices:
                path = folder / f"{name}.png"
                _render(d, scale, theme == "dark").save(path, optimize=True)
                written.append(path)
                if progress is not None:
                    progress(str(path))
    return written
