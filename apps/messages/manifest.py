"""Messages: SMS conversations; the SMS handler and a text/image share target."""

from mobilegym_env.kernel import AppManifest, IntentFilter

MANIFEST = AppManifest(
    id="messages",
    name="Messages",
    icon="comment-sms",
    color="#1A73E8",
    aliases=("SMS", "Texts", "Text messages"),
    intent_filters=(
        IntentFilter(action="ACTION_SENDTO", scheme="sms", route="/compose"),
        IntentFilter(action="ACTION_SEND", type="text/plain", route="/compose",
                     description="Send as SMS"),
        IntentFilter(action="ACTION_SEND", type="image/*", route="/compose",
                     launch_mode="singleTask", description="Send in a message"),
    ),
)
