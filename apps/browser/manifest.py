"""Browser's manifest: the viewer of ``http`` and ``https`` links."""

from mobilegym_env.kernel import AppManifest, IntentFilter

from .lifecycle import on_lifecycle

_URL = (("url", "the web address to open, e.g. https://news.local/"),)

MANIFEST = AppManifest(
    id="browser",
    name="Browser",
    icon="language",
    color="#E8710A",
    aliases=('Chrome', 'Web', 'Internet'),
    intent_filters=(
        IntentFilter(action="ACTION_VIEW", scheme="https", route="/", launch_mode="singleTask",
                     description="Open in Browser", params=_URL),
        IntentFilter(action="ACTION_VIEW", scheme="http", route="/", launch_mode="singleTask",
                     description="Open in Browser", params=_URL),
    ),
    on_lifecycle=on_lifecycle,  # Back in the tab's history; VIEW intents open a tab
    lifecycle_events=frozenset({"created", "resumed"}),
)
