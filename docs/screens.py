"""Renders docs/screens.png, the README's picture: the home screen, Contacts, a Messages
conversation, Notes, Files and the notification shade; under them Phone's call log, Clock's
alarms, Calendar's schedule, Calculator, a Browser page and Weather (``Device(scale=2)``,
shown at half size). Run: ``python docs/screens.py``."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from mobilegym_env.device import Device
from mobilegym_env.testing import tap


def shots() -> list[list[Image.Image]]:
    return [_first_row(), _second_row()]


def _second_row() -> list[Image.Image]:
    frames = []
    for app, route, taps in (("phone", "/recents", ()), ("clock", None, ()),
                             ("calendar", None, ()),
                             ("calculator", None, ("digit_1", "digit_2", "op_mul", "digit_7")),
                             ("browser", None, ("shortcut:news.local",)),
                             ("weather", None, ())):
        d = Device(scale=2)
        d.open_app(app, route) if route else d.launch_app(app)
        for node_id in taps:
            tap(d, id=node_id)
        frames.append(d.render().copy())
    return [Image.fromarray(f) for f in frames]


def _first_row() -> list[Image.Image]:
    frames = []
    d = Device(scale=2)
    frames.append(d.render().copy())
    for app, step in (("contacts", None), ("messages", "thread:+1 415-555-0132"),
                      ("notes", None), ("files", None)):
        d = Device(scale=2)
        d.launch_app(app)
        if step:
            tap(d, id=step)
        frames.append(d.render().copy())
    d = Device(scale=2)
    d.launch_app("settings")
    d.kernel.notifications.post("messages", "Alice Johnson", "Are we still on for lunch?",
                                route="/thread/+1 415-555-0132")
    d.swipe(180, 5, 180, 500)
    frames.append(d.render().copy())
    return [Image.fromarray(f) for f in frames]


OUT = Path(__file__).with_name("screens.png")


def main(out: Path = OUT) -> None:
    rows = shots()
    w, h = rows[0][0].size
    cols = max(len(r) for r in rows)
    sheet = Image.new("RGB", (cols * (w + 24) - 24, len(rows) * (h + 24) - 24), "white")
    for y, images in enumerate(rows):
        for x, im in enumerate(images):
            sheet.paste(im, (x * (w + 24), y * (h + 24)))
    sheet.resize((sheet.width // 2, sheet.height // 2), Image.LANCZOS).save(out, optimize=True)
    print(out)


if __name__ == "__main__":
    main()
