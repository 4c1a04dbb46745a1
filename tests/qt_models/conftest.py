"""The models' tests: every one runs with the application object made first.

Models start timers (findings announced once rows stop changing); a timer
needs the event dispatcher the application object brings. Without this, a
test that asked only for ``qtmodeltester`` passed or warned depending on
whether an earlier test had made the application.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _application(qapp: object) -> object:
    return qapp
