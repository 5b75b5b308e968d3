"""Camera: photos and videos into the gallery."""

from mobilegym_env.kernel import AppManifest

MANIFEST = AppManifest(
    id="camera",
    name="Camera",
    icon="photo_camera",
    color="#34A853",
    aliases=('Photo', 'Video'),
)
