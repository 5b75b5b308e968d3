"""Clock: alarms, timers, the stopwatch, world clock and bedtime."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="clock",
    name="Clock",
    icon="alarm",
    color="#4285F4",
    aliases=('Alarm', 'Timer', 'Stopwatch', 'World clock'),
)
