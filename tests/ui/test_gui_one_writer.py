"""The real app when a terminal plays the game it would resume: told who, the game untouched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

SHOTS = os.environ.get("TABLESIDE_SHOTS")  # a folder: keep the screenshot to look at


def test_the_app_names_the_terminal_that_plays_the_game(kivy_window, tmp_path: Path):
    from tests.ui.support.driving import keyed, shown, tap
    from tests.ui.test_one_writer import Holder, new_game
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    terminal = Holder(path, "play", number)
    try:
        service = TableService(path, holder="app")
        controller = AppController(
            service, Settings(language="de"), settings_path=tmp_path / "settings.json"
        )
        app = open_app(controller, use_hardware=False)
        try:
            assert app.manager.current == "resume"
            tap(keyed(app, f"resume={number}"))
            pump(3)
            assert shown(app, f"Spiel {number} wird gerade in einem Terminal mit")
            assert shown(app, f"(Prozess {terminal.proc.pid})")
            assert service.session is None  # nothing resumed, nothing written
            if SHOTS:
                app.root_window.screenshot(str(Path(SHOTS) / "one-writer-de.png"))
            assert terminal.ask("step") == "ok"  # the terminal plays on
        finally:
            close_app(app)
            service.close()
    finally:
        terminal.kill()
