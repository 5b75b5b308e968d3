from mobilegym_env.kernel import AppManifest, IntentFilter

MANIFEST = AppManifest(
    id="notes",
    name="Notes",
    icon="note-sticky",
    color="#F2A30F",
    aliases=("Notepad", "Memo"),
    intent_filters=(
        IntentFilter(action="ACTION_SEND", type="text/plain", route="/new",
                     description="Save as a note"),
        IntentFilter(action="ACTION_CREATE_NOTE", route="/new"),
    ),
)
