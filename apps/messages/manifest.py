"""Messages: SMS conversations; the SMS handler and a text/image share target."""

from mobilegym_env.kernel import AppManifest, IntentFilter
from mobilegym_env.kernel.broadcast import Receiver
from mobilegym_env.kernel.lifecycle import PAUSED, RESUMED

from .inbox import MARK_READ, on_lifecycle, on_mark_read

MANIFEST = AppManifest(
    id="messages",
    name="Messages",
    icon="comment-sms",
    color="#1A73E8",
    aliases=("SMS", "Texts", "Text messages"),
    intent_filters=(
        IntentFilter(action="ACTION_SENDTO", scheme="sms", route="/compose",
                     params=(("address", "the recipient's phone number"),
                             ("body", "text to prefill"))),
        IntentFilter(action="ACTION_SEND", type="text/plain", route="/compose",
                     description="Send as SMS", params=(("text", "the message to prefill"),)),
        IntentFilter(action="ACTION_SEND", type="image/*", route="/compose",
                     launch_mode="singleTask", description="Send in a message",
                     params=(("path", "the picture's file path"),
                             ("media_id", "its media provider row"))),
    ),
    receivers=(Receiver(MARK_READ, on_mark_read),),
    # a conversation brought to the front is read; a composer left keeps its draft
    on_lifecycle=on_lifecycle,
    lifecycle_events=frozenset({RESUMED, PAUSED}),
)
