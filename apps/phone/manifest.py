"""Phone: the dialer, call log, favourites and voicemail."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="phone",
    name="Phone",
    icon="call",
    color="#1A73E8",
    aliases=('Dialer', 'Call log', 'Calls'),
)
