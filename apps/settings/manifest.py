"""Settings' manifest: a system app with no intent filters of its own."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="settings",
    name="Settings",
    icon="gear",
    color="#5F6368",
    aliases=("System settings", "Preferences"),
    system=True,
)
