"""The session owns the current prompt: one CONFIRM press computes it once (issue 25, item 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.game import Game
from rules.registry import get_game
from ui.app.controller import AppController
from ui.app.settings import Settings
from ui.service import TableService


@pytest.fixture
def controller(tmp_path: Path):
    service = TableService(tmp_path / "j.sqlite3")
    c = AppController(service, Settings(), settings_path=tmp_path / "settings.json")
    yield c
    service.close()


def _count_prompts(monkeypatch: pytest.MonkeyPatch, game: Game) -> list[int]:
    calls = [0]
    real = type(game).prompt

    def counting(self: Game, state: Any) -> Any:
        calls[0] += 1
        return real(self, state)

    monkeypatch.setattr(type(game), "prompt", counting)
    return calls


@pytest.mark.parametrize("name", ["marauders", "targi"])
def test_one_confirm_press_computes_the_prompt_once(
    controller: AppController, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    c = controller
    c.start()
    c.choose_game(name)
    if name == "targi":  # tiles drawn at random: the first step is confirmable
        c.setup_form.choose("selection", "random")
    c.start_game(seed=3)
    if c.screen == "checklist":
        assert c.button("next")
    assert c.screen in ("play", "checklist")
    if c.covered:  # Targi's secret tile choice: CONFIRM first uncovers the screen
        c.reveal()
    calls = _count_prompts(monkeypatch, get_game(name))
    before = c.service.session.step_count
    c.confirm()  # CONFIRM, as the button does
    assert c.error is None and c.service.session.step_count == before + 1
    c.play_view()  # the play screen renders the new step
    _ = c.covered  # the status bar asks whether the screen is covered
    print(f"{name}: game.prompt computed {calls[0]} times for one CONFIRM press")
    assert calls[0] == 1  # the new step only (issue 25 measured 8 before the session kept it)


def test_next_and_plus_minus_presses_compute_no_prompt(
    controller: AppController, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The button table (ui/app/buttons.py) moves the focus and changes the form only:
    the step's prompt is the session's, computed when the step came."""
    c = controller
    c.start()
    c.choose_game("marauders")
    c.start_game(seed=3)
    while c.screen == "checklist" or not any(f.choices for f in c.prompt.fields):
        assert c.confirm() is not None or c.error is None
    calls = _count_prompts(monkeypatch, get_game("marauders"))
    pressed = 0
    for event in ("next", "bot", "bot", "undo", "next", "bot"):
        c.button(event)
        c.play_view()
        pressed += 1
    print(f"marauders: game.prompt computed {calls[0]} times for {pressed} NEXT/BOT/UNDO presses")
    assert calls[0] == 0
