"""Play a game in the open app with the answers shown until the screen is as a test wants."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def play_until(app: Any, game: str, reached: Callable[[], bool], steps: int = 30) -> None:
    """Start ``game`` (seed 1) and CONFIRM the answers shown (empty ones filled) until
    ``reached()``; fails when it is not reached within ``steps`` steps."""
    from ui.app.harness import pump
    from ui.app.look_first import confirm_as_shown
    from ui.commands.screenshots import fill_missing

    c = app.controller
    c.choose_game(game)
    c.start_game(seed=1)
    for _ in range(steps):
        pump(2)
        if reached():
            return
        if c.form is not None:
            fill_missing(c.form)
        confirm_as_shown(c)  # a field out of view is shown first (ui/app/look_first.py)
    raise AssertionError(f"{game}: the screen the test waits for never came")
