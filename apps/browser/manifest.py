"""Browser: offline web pages: tabs, bookmarks, history, downloads."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="browser",
    name="Browser",
    icon="language",
    color="#E8710A",
    aliases=('Chrome', 'Web', 'Internet'),
)
