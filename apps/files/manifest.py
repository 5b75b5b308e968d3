"""Files' manifest: the system viewer for directories (``ACTION_VIEW`` of ``inode/directory``)."""

from mobilegym_env.kernel import AppManifest, IntentFilter

MANIFEST = AppManifest(
    id="files",
    name="Files",
    icon="folder",
    color="#1A73E8",
    aliases=("File manager", "My Files", "FileManager"),
    intent_filters=(
        IntentFilter(action="ACTION_VIEW", type="inode/directory", route="/",
                     description="Browse in Files"),
    ),
)
