"""Settings: the system settings app (radios, display, sound, apps and permissions, storage)."""
