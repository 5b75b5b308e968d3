"""Camera: photos and videos into the gallery."""

from mobilegym_env.kernel import AppManifest
from mobilegym_env.kernel.broadcast import Receiver

from .capture import TIMER_SHOT, on_lifecycle, on_timer, ticking

MANIFEST = AppManifest(
    id="camera",
    name="Camera",
    icon="photo_camera",
    color="#34A853",
    aliases=('Photo', 'Video'),
    receivers=(Receiver(TIMER_SHOT, on_timer),),
    on_lifecycle=on_lifecycle,  # asks for the camera permission; stops a recording on leave
    ticking=ticking,  # a recording's counter and the self-timer's countdown
)
