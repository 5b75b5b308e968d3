"""Weather: current conditions and forecasts for saved cities."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="weather",
    name="Weather",
    icon="partly_cloudy_day",
    color="#F9AB00",
    aliases=('Forecast',),
)
