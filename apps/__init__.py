"""Installed apps: one folder each, discovered at boot (``mobilegym_env.apps.<folder>``).

An app folder holds ``manifest.py`` (``MANIFEST``: id, name, icon, intent filters), optionally
``state.py`` (``initial_state() -> dict``: the app's persisted data at factory reset) and
``screens.py`` (``ROUTES``: route pattern -> screen function of a ``ScreenContext``).
"""
