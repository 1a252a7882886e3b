"""``tableside screenshots`` answers every step of every game, to the game's end.

Fields that pick several options with no default (Targi's secret tile choice,
Robinson's starting items) used to stop the walk at its first refusal. The walk
now fills them as a player would (the fewest picks the field needs) and, where
a game still refuses the values shown, draws legal answers until one is taken.
The first test walks every real game to its end without Kivy; the second walks
the two games that used to stop in a real window, screen by screen.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.prompt import Choice, Field
from rules.registry import all_games
from rules.text import msg
from ui.app.controller import AppController
from ui.app.form import FormModel
from ui.app.settings import Settings
from ui.commands.screenshots import WHOLE_GAME, answer_step, fill_missing
from ui.service import TableService

REAL_GAMES = sorted(set(all_games()) & {"anteportas", "marauders", "nomads", "robinson", "targi"})


def test_a_field_that_picks_several_gets_the_fewest_picks_it_needs() -> None:
    options = tuple(Choice(v, msg(v)) for v in ("a", "b", "c", "d"))
    two = Field(key="two", label=msg("Two"), kind="multi", minimum=2, maximum=3, choices=options)
    order = Field(key="order", label=msg("Order"), kind="order", choices=options[:3])
    some = Field(key="some", label=msg("Any"), kind="multi", choices=options)
    form = FormModel([two, order, some])
    fill_missing(form)
    assert form.values == {"two": ["a", "b"], "order": ["a", "b", "c"], "some": []}


@pytest.mark.parametrize("game", REAL_GAMES)
def test_the_walk_reaches_the_end_of_every_game(tmp_path: Path, game: str) -> None:
    service = TableService(tmp_path / "journal.sqlite3")
    c = AppController(service, Settings(language="en"))
    met: set[str] = set()
    several: set[str] = set()
    try:
        c.choose_game(game)
        c.start_game(seed=1)
        rng = random.Random(f"{game}-1")
        for _ in range(WHOLE_GAME):
            prompt = c.prompt
            if prompt.finished:
                break
            if c.covered:
                c.confirm()  # uncover a secret step first
            met.add(prompt.step)
            if any(f.kind in ("multi", "order") and f.minimum for f in prompt.fields):
                several.add(prompt.step)
            answer_step(c, rng)
            assert c.error is None, f"{prompt.step}: {c.text(c.error)}"
        assert c.prompt.finished, f"{game} did not end within {WHOLE_GAME} steps"
    finally:
        service.close()
    if game == "targi":
        assert "targi" in several  # each player's 3 Targi were answered
    if game == "robinson":
        assert any(step.startswith("setup") for step in several)  # the starting items


@pytest.mark.gui
def test_the_screenshot_walk_goes_past_the_fields_that_pick_several(kivy_window, tmp_path):
    from ui.commands.screenshots import Shooter

    shooter = Shooter(tmp_path / "en", tmp_path / "journal.sqlite3", "en")
    try:
        shooter.walk(["targi", "robinson"], steps=14)
    finally:
        shooter.close()
    shots = sorted(p.name for p in (tmp_path / "en").glob("*.png"))
    assert not [name for name in shots if "-error-" in name]  # never stopped by a refusal
    assert len([n for n in shots if "-targi-" in n and ("play" in n or "checklist" in n)]) >= 14
    assert len([n for n in shots if "-robinson-" in n and ("play" in n or "checklist" in n)]) >= 14
    assert [f.problem for f in shooter.findings] == []
