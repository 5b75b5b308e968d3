"""Clock: alarms, timers, the stopwatch, world clock and bedtime."""

from typing import Any

from mobilegym_env.kernel import AppManifest, IntentFilter
from mobilegym_env.kernel.broadcast import Receiver

from . import model


def _lifecycle(kernel: Any, activity: Any, event: str) -> None:
    """Opening Clock re-arms the alarm service for its alarms (boot armed them already:
    ``on_boot``); an AlarmClock intent is handled then."""
    if event == "created":
        model.sync(kernel)
        model.handle_intent(kernel, activity)


def _ticking(kernel: Any, activity: Any) -> bool:
    """The stopwatch and timer pages show seconds while something runs; so does the alert."""
    path = activity.route.split("?", 1)[0]
    st = kernel.app_state("clock")
    if path == "/stopwatch":
        return st["stopwatch"]["state"] == "running"
    if path == "/timer":
        return any(t["state"] == "running" for t in st["timers"])
    return False


MANIFEST = AppManifest(
    id="clock",
    name="Clock",
    icon="alarm",
    color="#4285F4",
    aliases=('Alarm', 'Timer', 'Stopwatch', 'World clock'),
    # Android's AlarmClock intents (handled when the activity is created: model.handle_intent)
    intent_filters=(
        IntentFilter(action="ACTION_SET_ALARM", route="/", description="Set an alarm",
                     params=(("hour", "hour, 0-23"), ("minutes", "minutes, 0-59"),
                             ("message", "the alarm's label"),
                             ("days", "repeat days, e.g. ['Mon', 'Fri']"))),
        IntentFilter(action="ACTION_SET_TIMER", route="/timer", description="Set a timer",
                     params=(("length", "seconds"),)),
        IntentFilter(action="ACTION_SHOW_ALARMS", route="/", description="Show alarms"),
    ),
    receivers=(Receiver(model.ACTION_ALARM, model.on_alarm),
               Receiver(model.ACTION_TIMER, model.on_timer),
               Receiver(model.ACTION_SNOOZE, model.on_snooze),
               Receiver(model.ACTION_DISMISS, model.on_dismiss),
               Receiver(model.ACTION_TIMER_STOP, model.on_timer_stop),
               Receiver(model.ACTION_TIMER_ADD, model.on_timer_add),
               Receiver(model.ACTION_SILENCE, model.on_silence)),
    on_lifecycle=_lifecycle,
    lifecycle_events=frozenset({"created"}),
    ticking=_ticking,
    on_boot=model.sync,  # the factory (or a task's) alarms ring without Clock being opened
    # ringing and snoozing happen as time passes, in any episode: never collateral damage
    system_written=("alarms[id=*].ringing", "alarms[id=*].snoozed_until_ms"),
)
