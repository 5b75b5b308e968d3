"""Gallery: browse, favorite, delete and share the device's photos."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="gallery",
    name="Gallery",
    icon="images",
    color="#C5221F",
    aliases=("Photos", "Pictures", "Album"),
)
