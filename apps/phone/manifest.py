"""Phone: the dialer, call log, favourites and voicemail; the ``tel:`` DIAL / CALL handler."""

from mobilegym_env.kernel import AppManifest, IntentFilter
from mobilegym_env.kernel.broadcast import Receiver

from .calls import RING, UNANSWERED, on_ring, on_unanswered, ticking

MANIFEST = AppManifest(
    id="phone",
    name="Phone",
    icon="call",
    color="#1A73E8",
    aliases=('Dialer', 'Call log', 'Calls'),
    intent_filters=(
        IntentFilter(action="ACTION_DIAL", scheme="tel", route="/dial",
                     description="Open the keypad with a number",
                     params=(("number", "the phone number to prefill"),)),
        IntentFilter(action="ACTION_CALL", scheme="tel", route="/call",
                     description="Call a number", params=(("number", "the number to call"),)),
    ),
    receivers=(Receiver(RING, on_ring), Receiver(UNANSWERED, on_unanswered)),
    ticking=ticking,  # the in-call timer shows seconds
)
