"""Every UI test sees the scene and toy games registered (another module may unregister toy)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _test_games_registered() -> None:
    from tests.ui.support.scene_game import ensure_registered

    ensure_registered()
