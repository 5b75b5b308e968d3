"""Voicemail: the list (unheard ones bold) and one voicemail (play, transcript, call back,
delete). Opening a voicemail marks it heard."""

from __future__ import annotations

from typing import Any

from mobilegym_env.ui import (
    FILL,
    Call,
    ScreenContext,
    View,
    bar_action,
    button,
    card,
    col,
    empty_state,
    progress_bar,
    retained,
    row,
    scaffold,
    text,
    top_app_bar,
)
from mobilegym_env.ui import theme as T

from .common import (
    caller_name,
    contact_for,
    duration_text,
    face,
    full_time,
    start_call,
    timer_text,
    when_text,
)
from .nav import tab_page


def _get(ctx: ScreenContext, raw_id: str) -> dict[str, Any] | None:
    return next((v for v in ctx.state["voicemails"] if str(v["id"]) == raw_id), None)


def voicemails(ctx: ScreenContext) -> View:
    """The Voicemail tab: newest first, unheard ones bold with a dot."""
    shown = sorted(ctx.state["voicemails"], key=lambda v: -v["date_ms"])
    rows = []
    for v in shown:
        person = contact_for(ctx.os, v["number"])
        name = (person.get("name") if person else None) or v["number"]
        rows.append(_row(v["id"], name, person["id"] if person else -1,
                         when_text(ctx.os, v["date_ms"]), duration_text(v["duration_s"]),
                         v["read"]))
    body = ctx.scroll(*rows, View("box", h=88), id="voicemails") if rows else \
        empty_state("voicemail", "No voicemail")
    return tab_page(ctx, "/voicemail", body)


@retained(maxsize=64)
def _row(vm_id: int, name: str, contact_id: int, when: str, length: str, read: bool) -> View:
    weight = "regular" if read else "bold"
    return row(face(name, contact_id),
               col(text(name, 16, weight, T.ON_SURFACE, role=None),
                   text(f"{when} · {length}", 14, weight, T.ON_SURFACE_VARIANT, role=None),
                   w=FILL, gap=2),
               None if read else col(w=8, h=8, radius=4, bg=T.PRIMARY),
               w=FILL, h=72, pad=(16, 0), gap=16, on_tap=Call(_open, vm_id),
               role="button", label=f"{name}, {when}, {'heard' if read else 'new'}",
               id=f"voicemail:{vm_id}")


def _open(ctx: ScreenContext, vm_id: int) -> None:
    """Opening a voicemail is hearing it (Google's visual voicemail marks it heard)."""
    ctx.state["voicemails"] = [{**v, "read": True} if v["id"] == vm_id else v
                               for v in ctx.state["voicemails"]]
    ctx.push(f"/voicemail/{vm_id}")


def voicemail(ctx: ScreenContext) -> View:
    """One voicemail: who and when, Play, the transcript, Call back, Delete."""
    v = _get(ctx, ctx.params.get("id", ""))
    if v is None:
        return scaffold(empty_state("voicemail", "Voicemail not found"),
                        top_bar=top_app_bar("Voicemail", Call("back")))
    name = caller_name(ctx.os, v["number"])
    person = contact_for(ctx.os, v["number"])
    playing = ctx.ui.get("vm_playing") == v["id"]
    body = ctx.scroll(
        col(face(name, person["id"] if person else -1, 72),
            text(name, 22, color=T.ON_SURFACE, id="vm_name"),
            text(f"{full_time(ctx.os, v['date_ms'])} · {duration_text(v['duration_s'])}", 14,
                 color=T.ON_SURFACE_VARIANT, id="vm_time"),
            align="center", gap=8, pad=(24, 8, 24, 16), w=FILL),
        col(card(row(button("Pause" if playing else "Play", Call(_play, v["id"]), "tonal",
                            icon="pause" if playing else "play_arrow", id="play"),
                     col(progress_bar(100 if playing else 0), w=FILL),
                     text(timer_text(v["duration_s"]), 13, color=T.ON_SURFACE_VARIANT),
                     gap=12, w=FILL),
                 text("Transcript", 14, "medium", T.ON_SURFACE),
                 text(v["transcript"], 16, color=T.ON_SURFACE, max_lines=None, w=FILL,
                      id="transcript"),
                 pad=16, gap=12, bg=T.SURFACE_VARIANT), pad=(16, 0)),
        row(button("Call back", Call(start_call, v["number"]), icon="call", id="vm_call"),
            justify="center", w=FILL, pad=(0, 24)),
        id="voicemail")
    actions = [bar_action("delete", Call(_delete, v["id"]), "Delete", id="vm_delete")]
    return scaffold(body, top_bar=top_app_bar("Voicemail", Call("back"), actions),
                    bg=T.SURFACE)


def _play(ctx: ScreenContext, vm_id: int) -> None:
    ctx.ui["vm_playing"] = None if ctx.ui.get("vm_playing") == vm_id else vm_id


def _delete(ctx: ScreenContext, vm_id: int) -> None:
    ctx.state["voicemails"] = [v for v in ctx.state["voicemails"] if v["id"] != vm_id]
    ctx.toast("Voicemail deleted")
    ctx.pop()

