"""The ``device`` fixture of the app tests: a fresh phone with the module's ``APP`` open."""

from __future__ import annotations

import pytest

from mobilegym_env.device import Device


@pytest.fixture
def device(request: pytest.FixtureRequest) -> Device:
    d = Device()
    d.launch_app(request.module.APP)
    return d
