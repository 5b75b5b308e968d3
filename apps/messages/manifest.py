"""Messages: SMS conversations; the SMS handler and a text/image share target."""

from mobilegym_env.kernel import AppManifest, IntentFilter
from mobilegym_env.kernel.broadcast import Receiver

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
    on_lifecycle=on_lifecycle,  # a conversation brought to the front is read
    lifecycle_events=frozenset({"resumed"}),
)
