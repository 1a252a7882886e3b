"""Switching to a saved game names the game it switches to (issue 23, item 9)."""

from __future__ import annotations

from pathlib import Path

from ui.app.controller import AppController
from ui.app.settings import Settings
from ui.service import TableService


def test_the_switch_question_names_the_other_game(tmp_path: Path) -> None:
    service = TableService(tmp_path / "j.sqlite3")
    c = AppController(service, Settings(language="en"))
    try:
        c.choose_game("targi")
        c.start_game(seed=1)
        targi = service.session_id
        c.menu_new_game()
        c.answer_pending(True)
        c.choose_game("nomads")
        c.start_game(seed=2)
        assert targi is not None and service.session_id != targi
        c.menu_resume(targi)
        assert c.pending is not None
        question = c.text(c.pending.question)
        assert question.startswith("Switch to the game of Targi")
        assert "(0 steps · last step " in question
    finally:
        service.close()


def test_started_for_one_game_the_app_opens_it_not_the_saved_list(tmp_path: Path) -> None:
    service = TableService(tmp_path / "j.sqlite3")
    try:
        first = AppController(service, Settings(language="en"))
        first.choose_game("nomads")
        first.start_game(seed=2)
        first.menu_new_game()
        first.answer_pending(True)
        first.choose_game("marauders")
        first.start_game(seed=1)
        marauders = service.session_id
        service.session = None
        service.session_id = None
        again = AppController(service, Settings(language="en"), game_name="marauders")
        again.start()
        assert again.screen in {"play", "checklist"}  # the game itself, not "resume"
        assert service.session_id == marauders
        assert service.session is not None and service.session.game.name == "marauders"
    finally:
        service.close()
