"""Calculator: standard and scientific arithmetic, with history."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="calculator",
    name="Calculator",
    icon="calculate",
    color="#5F6368",
    aliases=('Calc',),
)
