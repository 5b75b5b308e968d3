"""Calendar: events in month, week, day and schedule views, with reminders."""

from mobilegym_env.kernel import AppManifest, IntentFilter
from mobilegym_env.kernel.broadcast import Receiver

from .model import REMIND_ACTION, arm, on_lifecycle, on_reminder

MANIFEST = AppManifest(
    id="calendar",
    name="Calendar",
    icon="calendar_month",
    color="#1967D2",
    aliases=('Agenda', 'Events', 'Schedule'),
    intent_filters=(
        IntentFilter(action="ACTION_VIEW", type="text/calendar", route="/import",
                     description="Add to Calendar",
                     params=(("path", "the .ics file's path"),)),
    ),
    receivers=(Receiver(REMIND_ACTION, on_reminder),),
    on_lifecycle=on_lifecycle,  # opening the app (re)arms the reminders
    lifecycle_events=frozenset({"created"}),
    on_boot=arm,  # boot arms them too: reminders fire without Calendar being opened
)
