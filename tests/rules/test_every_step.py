"""Properties of every step of every game, met by random walks (tests/support/walker.py)."""

from __future__ import annotations

import pytest

from rules.registry import all_games
from tests.support.walker import walk

GAMES = sorted(name for name in all_games() if name not in {"toy", "scenes", "tiles"})
SEEDS = range(4)

#: Steps that still ask for typed text, per game (issue 10: no step of any game may
#: need a keyboard). This list only shrinks; it must end empty.
STILL_TYPED: dict[str, set[str]] = {
    "anteportas": set(),
    "marauders": set(),
    "nomads": set(),
    "robinson": set(),
    "targi": set(),
}


def visits(name: str) -> list:
    game = all_games()[name]
    return [visit for seed in SEEDS for visit in walk(game, seed, steps=400)]


@pytest.mark.parametrize("name", GAMES)
def test_only_the_steps_a_game_declares_secret_are_secret(name: str) -> None:
    game = all_games()[name]
    met = visits(name)
    wrong = sorted(
        {v.prompt.step for v in met if v.prompt.secret != (v.prompt.step in game.secret_steps)}
    )
    assert wrong == []
    ordinary = [v for v in met if v.prompt.step not in game.secret_steps]
    assert ordinary and not any(v.prompt.secret for v in ordinary)


def test_targis_secret_tile_choice_is_met_and_secret() -> None:
    met = visits("targi")
    secret = [v for v in met if v.prompt.step == "secret"]
    assert secret and all(v.prompt.secret for v in secret)


@pytest.mark.parametrize("name", GAMES)
def test_no_step_asks_for_typed_text(name: str) -> None:
    typed = {v.prompt.step for v in visits(name) for f in v.prompt.fields if f.kind == "text"}
    assert typed <= STILL_TYPED[name]
