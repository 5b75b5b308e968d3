"""Calendar: events in month, week, day and schedule views, with reminders."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="calendar",
    name="Calendar",
    icon="calendar_month",
    color="#1967D2",
    aliases=('Agenda', 'Events', 'Schedule'),
)
