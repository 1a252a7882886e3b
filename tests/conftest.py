"""Shared test set-up: a virtual screen for the real Kivy windows of the GUI tests.

GUI tests use the ``kivy_window`` fixture. Without a ``DISPLAY`` it starts
Xvfb (installed by ./run-tests from scripts/apt-test.txt) on a free display
number for this test process (each xdist worker gets its own) and stops it
at the end of the session.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def kivy_window() -> Iterator[None]:
    """An 800x480 Kivy window on a real (or virtual) X screen, shared by the session."""
    xvfb = None
    if not os.environ.get("DISPLAY"):
        from ui.app.xvfb import start_xvfb

        xvfb = start_xvfb()
    from ui.app.display import prepare_kivy

    prepare_kivy()
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    import tests.ui.support.scene_game  # noqa: F401  (registers the test games)

    try:
        yield
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
