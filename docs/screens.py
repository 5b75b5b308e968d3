"""Renders docs/screens.png, the README's picture: the home screen, Contacts, a Messages
conversation, Notes, Files and the notification shade, side by side (``Device(scale=2)``,
shown at half size). Run: ``python docs/screens.py``."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from mobilegym_env.device import Device
from mobilegym_env.testing import tap


def shots() -> list[Image.Image]:
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
    images = shots()
    w, h = images[0].size
    sheet = Image.new("RGB", (len(images) * (w + 24) - 24, h), "white")
    for i, im in enumerate(images):
        sheet.paste(im, (i * (w + 24), 0))
    sheet.resize((sheet.width // 2, sheet.height // 2), Image.LANCZOS).save(out, optimize=True)
    print(out)


if __name__ == "__main__":
    main()
