"""Blocking from inside Messages: the Block / Unblock confirmations (a conversation's menu and
banner, the compose screen's refusal) and the one rule every send path follows: a blocked
number can't be texted (Android refuses with "Unblock <number> to send a message").
"""

from __future__ import annotations

import functools
from typing import Any

from mobilegym_env.ui import ScreenContext, View, dialog

from . import inbox
from .common import blocked_numbers, display_name


def refusal(address: str) -> str:
    """What a send to the blocked ``address`` says instead of sending."""
    return f"Unblock {address} to send a message"


def is_blocked(kernel: Any, address: str | None) -> bool:
    """Whether ``address`` is in the system-wide blocked list (None is not)."""
    return bool(address) and blocked_numbers(kernel).is_blocked(str(address))


def block_dialog(ctx: ScreenContext, address: str, block: bool) -> View:
    """Android's confirmation before blocking (or unblocking) ``address``."""
    name = display_name(ctx.os, address)
    if block:
        return dialog(f"Block {name}?", "You will no longer receive calls or texts from this "
                      "number.", [("Cancel", ctx.close_dialog, "block_cancel"),
                                  ("Block", functools.partial(set_blocked, ctx, address, True),
                                   "block_confirm")],
                      on_dismiss=ctx.close_dialog, id="block_dialog", icon_name="block")
    return dialog(f"Unblock {name}?", "This number will be able to call and text you.",
                  [("Cancel", ctx.close_dialog, "unblock_cancel"),
                   ("Unblock", functools.partial(set_blocked, ctx, address, False),
                    "unblock_confirm")],
                  on_dismiss=ctx.close_dialog, id="unblock_dialog")


def set_blocked(ctx: ScreenContext, address: str, block: bool) -> None:
    """The confirmation's action: blocks or unblocks, closes the dialog and says so."""
    if block:
        inbox.block(ctx.os, address)
        ctx.os.keyboard.hide()
    else:
        inbox.unblock(ctx.os, address)
    ctx.close_dialog()
    ctx.toast(f"{address} {'blocked' if block else 'unblocked'}")
