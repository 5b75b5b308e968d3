"""Messages' data operations over the sms provider, shared by the screens and by task setup.

Every function takes the kernel (``ctx.os`` in a screen, ``device.kernel`` in a task) and
checks its arguments before it changes anything. ``deliver_sms`` is how a task makes a message
arrive: the row lands in the inbox unread and a notification that opens the thread is posted.

A message from a number in the system-wide blocked-numbers provider (``content://blocked``)
never reaches the inbox: as Android's telephony stack drops it before the SMS provider, no sms
row is written and nothing is notified; Messages files it in its own store under ``"blocked"``
(``{"address", "body", "timestamp_ms"}``, oldest first), which its "Spam & blocked" list shows
and a judge can read.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from mobilegym_env.kernel.lifecycle import PAUSED, RESUMED
from mobilegym_env.kernel.providers import OWN_NUMBER

from .common import (
    APP,
    CONTACTS,
    SMS,
    blocked_numbers,
    display_name,
    is_number,
    same_number,
    thread_route,
)


def _check_text(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty str, got {value!r}")
    return value


def _archived_store(kernel: Any) -> list[str]:
    store = kernel.app_state(APP)
    if not isinstance(store.get("archived"), list):
        store["archived"] = []
    return store["archived"]


def _blocked_store(kernel: Any) -> list[dict[str, Any]]:
    store = kernel.app_state(APP)
    if not isinstance(store.get("blocked"), list):
        store["blocked"] = []
    return store["blocked"]


# ----- drafts: a conversation's unsent text, kept in the store when its composer is left
# (Home, Recents, another app: the activity pauses), so that it survives leaving the app and
# Recents' Clear all, as Google Messages keeps it; sending it or deleting the conversation
# discards it. Losing one otherwise is a change of the store, which judges see.
DRAFT_OWNER = "draft_for"  # the ui key naming the conversation the reply field belongs to


def draft(kernel: Any, address: str) -> str:
    """The unsent text kept for a conversation ("" if none)."""
    store = kernel.app_state(APP, read_only=True)
    return str((store.get("drafts") or {}).get(address, ""))


def save_draft(kernel: Any, address: str, text: str) -> None:
    """Keeps ``text`` as the conversation's draft; an empty (or blank) text discards it. The
    store is written only when this changes it."""
    text = text if isinstance(text, str) and text.strip() else ""
    if draft(kernel, address) == text:
        return
    store = kernel.app_state(APP)
    drafts = dict(store.get("drafts") or {})
    if text:
        drafts[address] = text
    else:
        drafts.pop(address, None)
    store["drafts"] = drafts


def keep_draft(kernel: Any, activity: Any) -> None:
    """Keeps what the activity's composer holds: the reply field of the conversation it was
    opened on, or a new message with a recipient on the compose screen."""
    ui = activity.ui
    if activity.route.partition("?")[0] == "/compose":
        address = resolve_recipient(kernel, str(ui.get("to", "")))
        if address is not None and str(ui.get("body", "")).strip():
            save_draft(kernel, address, str(ui["body"]))
        return
    owner = ui.get(DRAFT_OWNER)
    if isinstance(owner, str) and owner:
        save_draft(kernel, owner, str(ui.get("reply", "")))


def block(kernel: Any, address: str) -> bool:
    """Blocks ``address`` system-wide (calls and texts); returns whether it was new.

    Raises:
        ValueError: ``address`` has no digits (an alphanumeric sender cannot be blocked).
    """
    return blocked_numbers(kernel).block(address, kernel.clock.now_ms()) is not None


def unblock(kernel: Any, address: str) -> bool:
    """Unblocks ``address``; returns whether it was blocked."""
    return blocked_numbers(kernel).unblock(address) > 0


def unarchive(kernel: Any, address: str) -> bool:
    """Moves a thread back to the inbox; returns whether it was archived."""
    archived = _archived_store(kernel)
    if address in archived:
        archived.remove(address)
        return True
    return False


def archive(kernel: Any, address: str) -> bool:
    """Moves a thread to Archived; returns whether it was in the inbox."""
    archived = _archived_store(kernel)
    if address in archived:
        return False
    archived.append(address)
    return True


def send_sms(kernel: Any, address: str, body: str) -> int:
    """Sends a message: one new ``sent`` row; the thread leaves Archived and, as replying
    does, counts as read. Returns the new row's id."""
    _check_text("address", address)
    _check_text("body", body)
    row_id = kernel.providers.insert(SMS, {
        "thread_address": address, "address": OWN_NUMBER, "body": body,
        "timestamp_ms": kernel.clock.now_ms(), "type": "sent", "read": True,
    })
    mark_read(kernel, address)
    unarchive(kernel, address)
    save_draft(kernel, address, "")  # what was typed is sent: no draft is left
    return row_id


def deliver_sms(kernel: Any, address: str, body: str, notify: bool = True) -> int | None:
    """Makes a message arrive from ``address`` now: an unread ``inbox`` row, the thread back
    from Archived, and (if ``notify``) a heads-up notification titled with the sender's name
    that opens the conversation. Returns the new row's id, or None when ``address`` is
    blocked (the message is only filed in the store's ``"blocked"`` list, see the module doc).

    Raises:
        ValueError: ``address`` or ``body`` is empty or not a str (nothing is changed).
    """
    _check_text("address", address)
    _check_text("body", body)
    if not isinstance(notify, bool):
        raise ValueError(f"notify must be a bool, got {notify!r}")
    if blocked_numbers(kernel).is_blocked(address):
        _blocked_store(kernel).append({"address": address, "body": body,
                                       "timestamp_ms": kernel.clock.now_ms()})
        return None
    row_id = kernel.providers.insert(SMS, {
        "thread_address": address, "address": address, "body": body,
        "timestamp_ms": kernel.clock.now_ms(), "type": "inbox", "read": False,
    })
    unarchive(kernel, address)
    if notify:
        kernel.notifications.post(APP, display_name(kernel, address), body,
                                  route=thread_route(address), actions=[
                                      {"label": "Reply", "route": thread_route(address)},
                                      {"label": "Mark as read", "broadcast": MARK_READ,
                                       "extras": {"address": address}}])
    return row_id


MARK_READ = "messages.MARK_READ"  # the notification's "Mark as read" button (extras: address)


def on_mark_read(kernel: Any, broadcast: Any) -> None:
    """The receiver of the notification's "Mark as read": the thread is read."""
    address = broadcast.extras.get("address")
    if isinstance(address, str) and address:
        mark_read(kernel, address)


def mark_read(kernel: Any, address: str) -> int:
    """Marks a thread's received messages read; returns how many were unread."""
    return kernel.providers.update(SMS, {"read": True},
                                   {"thread_address": address, "type": "inbox", "read": False})


def on_lifecycle(kernel: Any, activity: Any, event: str) -> None:
    """The app's lifecycle hook: a conversation that comes to the front (opened from a
    notification, back from Recents) is read, as it is when opened from the thread list; an
    activity that leaves the front keeps its composer's text as a draft."""
    path = activity.route.partition("?")[0]
    if event == RESUMED and path.startswith("/thread/") and len(path) > len("/thread/"):
        mark_read(kernel, unquote(path[len("/thread/"):]))
    elif event == PAUSED:
        keep_draft(kernel, activity)


def mark_unread(kernel: Any, address: str) -> bool:
    """Marks a thread unread: its newest received message becomes unread. Returns False if
    the thread has no received message (there is nothing to mark)."""
    got = kernel.providers.query(SMS, {"thread_address": address, "type": "inbox"},
                                 order_by="timestamp_ms", desc=True, limit=1)
    if not got:
        return False
    kernel.providers.update(f"{SMS}/{got[0]['id']}", {"read": False})
    return True


def delete_thread(kernel: Any, address: str) -> int:
    """Deletes every message of a thread (and its archived mark and draft); returns how
    many."""
    unarchive(kernel, address)
    save_draft(kernel, address, "")
    return kernel.providers.delete(SMS, {"thread_address": address})


def delete_message(kernel: Any, sms_id: int) -> bool:
    """Deletes one message; returns whether it existed."""
    return bool(kernel.providers.delete(f"{SMS}/{int(sms_id)}"))


def resolve_recipient(kernel: Any, typed: str) -> str | None:
    """The thread address for what was typed in "To".

    A contact's name becomes their phone; a number takes the spelling a contact or an existing
    thread gives it (so ``4155550132`` joins ``+1 415-555-0132``); any other number is kept as
    typed. None if the text is neither a contact's name nor a number."""
    typed = typed.strip()
    if not typed:
        return None
    for c in kernel.providers.query(CONTACTS):
        if (c.get("name") or "").casefold() == typed.casefold() and c.get("phone"):
            return str(c["phone"])
    if not is_number(typed):
        return None
    for c in kernel.providers.query(CONTACTS):
        for key in ("phone", "phone2"):
            if same_number(c.get(key) or "", typed):
                return str(c[key])
    for m in kernel.providers.query(SMS):
        if same_number(m["thread_address"], typed):
            return str(m["thread_address"])
    return typed
