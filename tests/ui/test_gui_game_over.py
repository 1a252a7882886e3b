"""Nothing ends a game by accident (issue 23, item 4 and "What to build").

The end of a game is a screen of its own with the result; CONFIRM there never
starts a new game (it did on Ante Portas' defeat screen); New game is asked
first; the finished game stays in the menu and its last step can be undone.
Played in the real 800x480 window (Xvfb) on a real Ante Portas defeat: careless
players (the random legal answers of tests/rules/anteportas/test_whole_game.py,
seed 2) let an Invader through at step 9.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

SHOTS = os.environ.get("TABLESIDE_SHOTS")  # a folder: keep the screenshots to look at
OPTIONS = {
    "players": 1,
    "scenario": "raiders",
    "draw": "digital",
    "variant": "none",
    "final_wave": "normal",
}


def _lose(c, seed: int = 2) -> None:
    """Careless players lose Ante Portas (seed 2: an Invader breaks through at step 9)."""
    from tests.rules.anteportas.test_whole_game import careless_step

    c.choose_game("anteportas")
    c.setup_form.values.update(OPTIONS)
    c.start_game(seed=seed)
    rng = random.Random(seed)
    session = c.service.session
    for _ in range(250):
        if session.prompt().finished:
            break
        careless_step(session, rng)
    assert session.prompt().step == "lost"
    c._enter_current()


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_confirm_on_the_defeat_screen_never_starts_a_new_game(kivy_window, tmp_path: Path, lang):
    from tests.ui.support.driving import button_with_text, press, shown
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.app.widgets import clipped_labels, small_labels
    from ui.i18n import translator
    from ui.service import TableService

    tr = translator(lang)
    service = TableService(tmp_path / "j.sqlite3")
    app = open_app(AppController(service, Settings(language=lang)), use_hardware=False)
    try:
        c = app.controller
        _lose(c)
        pump(3)
        lost_id, steps = service.session_id, service.session.step_count
        assert app.manager.current == "over"
        assert shown(app, tr("Game over")) and shown(app, tr("Defeat"))
        assert shown(app, tr("An Invader broke through."))
        screen = app.manager.current_screen
        assert not clipped_labels(screen) and not small_labels(screen)
        if SHOTS:
            app.root_window.screenshot(str(Path(SHOTS) / f"game-over-defeat-{lang}.png"))
        press("enter")  # CONFIRM: the focus ring comes onto the screen's buttons, that is all
        pump(2)
        assert app.manager.current == "over" and service.session_id == lost_id
        for _ in range(5):  # and again: History, its rows... the lost game stays on the table
            press("enter")
            pump(2)
            assert app.manager.current not in ("choose", "setup")
        assert service.session is not None and service.session_id == lost_id
        assert service.session.step_count == steps
        c._enter_current()  # back to the game's end (as BOT and Back would)
        pump(2)
        # New game is asked first, and No keeps the lost game on the table.
        app.current_screen().reset_focus()
        from tests.ui.support.driving import tap

        tap(button_with_text(app, tr("New game")))
        assert app.manager.current == "confirm"
        assert shown(app, tr("Start a new game?"))
        if SHOTS:
            app.root_window.screenshot(str(Path(SHOTS) / f"game-over-new-game-asked-{lang}.png"))
        tap(button_with_text(app, tr("No, go back")))
        assert app.manager.current == "over" and service.session_id == lost_id
        # UNDO takes back the step that lost the game.
        press("u")
        pump(2)
        assert service.session.step_count == steps - 1
        assert app.manager.current in ("play", "checklist")
        assert not service.journal.sessions()[0].finished
    finally:
        close_app(app)
        service.close()


def test_the_finished_game_stays_in_the_menu_and_its_last_step_can_be_undone(
    kivy_window, tmp_path: Path
):
    from tests.ui.support.driving import button_with_text, keyed, press, shown, tap
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    service = TableService(tmp_path / "j.sqlite3")
    app = open_app(AppController(service, Settings(language="en")), use_hardware=False)
    try:
        c = app.controller
        _lose(c)
        lost_id, steps = service.session_id, service.session.step_count
        pump(2)
        tap(button_with_text(app, "New game"))
        assert shown(app, "stays in the menu")  # what happens to the finished game
        tap(button_with_text(app, "New game"))  # the confirmation's Yes
        assert app.manager.current == "choose" and service.session is None
        press("m")  # the menu: the finished game is there, marked
        assert shown(app, "game over")
        if SHOTS:
            app.root_window.screenshot(str(Path(SHOTS) / "game-over-in-the-menu-en.png"))
        tap(keyed(app, f"saved={lost_id}"))
        pump(2)
        assert app.manager.current == "over" and service.session_id == lost_id
        tap(button_with_text(app, "Undo the last step"))
        assert service.session.step_count == steps - 1
        assert app.manager.current in ("play", "checklist")
    finally:
        close_app(app)
        service.close()
