"""Contacts: the address book; also the ACTION_PICK contact picker."""

from mobilegym_env.kernel import AppManifest, IntentFilter

PICK_TYPE = "vnd.android.cursor.dir/contact"

MANIFEST = AppManifest(
    id="contacts",
    name="Contacts",
    icon="person",
    color="#0B8043",
    aliases=("People", "Address book", "Phonebook"),
    intent_filters=(
        IntentFilter(action="ACTION_PICK", type=PICK_TYPE, route="/pick",
                     description="Choose a contact"),
    ),
)
