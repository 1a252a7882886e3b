"""``Game.advance`` is pure in every game: it never changes the state it is given (issue 25).

The session owns the copy it hands to ``advance`` (so a game written
elsewhere that changes its input cannot change the history); the five games
are pure all the same, because ``tableside decide``, the benchmarks and tests
call ``advance`` directly. Walks the scripted games of ``tableside bench answers`` and, at every
step, advances a copy of the state and compares it with its twin afterwards.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules.registry import get_game
from rules.session import Session
from ui.benchmarks.answers import tables

TABLES = tables()


@pytest.mark.parametrize("name", sorted(TABLES))
def test_advance_never_changes_the_state_it_is_given(name: str) -> None:
    module = TABLES[name]
    game = get_game(module.GAME)
    session = Session(game, module.OPTIONS, seed=module.SEED)
    table = module.Table()
    steps = 0
    for _ in range(module.STEPS):
        prompt = session.prompt()
        if prompt.finished:
            break
        values: dict[str, Any] = table.answer(prompt, session.state)
        given = copy.deepcopy(dict(session.state))
        twin = copy.deepcopy(given)
        game.advance(given, prompt.coerce(values))
        assert given == twin, f"{name}: advance changed its input at step {prompt.step}"
        decision = session.answer(values)
        observe = getattr(table, "observe", None)
        if observe is not None:
            observe(prompt, values, decision)
        steps += 1
    assert steps >= 10


def test_the_test_games_are_pure_too() -> None:
    """The toy, tile, scene and kinds games are what a new game's author copies first."""
    from tests.support.tile_game import ensure_registered as tile_game
    from tests.support.toy_game import ToyGame
    from tests.ui.support.kinds_game import ensure_kinds
    from tests.ui.support.scene_game import ensure_registered as scene_game

    scene_game()
    for game in (ToyGame(), tile_game(), ensure_kinds(), get_game("scenes")):
        session = Session(game, {}, seed=2)
        for _ in range(4):
            prompt = session.prompt()
            if prompt.finished:
                break
            values = {f.key: f.spec.sample(f, random.Random(1)) for f in prompt.fields}
            given = copy.deepcopy(dict(session.state))
            twin = copy.deepcopy(given)
            game.advance(given, prompt.coerce(values))
            assert given == twin, f"{game.name}: advance changed its input at {prompt.step}"
            session.answer(values)
