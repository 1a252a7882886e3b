"""Whole games on the example catalogue: every card, every power, invariants after each step."""

from __future__ import annotations

import pytest

from rules.registry import get_game
from rules.session import Session
from tests.rules.anteportas.helpers import soldiers_total, units_total

DEFENCE = (
    "set 7 C F guard_post; set 12 F C trench; set 9 F catapult; set 14 F; set 10 F trap; "
    "set 1 C C C; set 2 C C C; set 3 C C C; set 4 C C C; set 5 C C C"
)


@pytest.mark.parametrize("scenario", ["raiders", "dragons"])
@pytest.mark.parametrize("seed", range(12))
def test_default_play_keeps_every_unit_accounted_for(scenario: str, seed: int) -> None:
    """Era I, Era II and the Final Wave with default answers; replay gives the same state."""
    game = get_game("anteportas")
    options = {
        "players": 2,
        "scenario": scenario,
        "variant": "twice" if seed % 4 == 0 else "none",
        "final_wave": ("normal", "all_dead", "crescendo")[seed % 3],
    }
    session = Session(game, options, seed)
    session.answer({})
    session.answer({"change": DEFENCE})
    start_units = units_total(session.state["field"])
    start_soldiers = soldiers_total(session.state["field"])
    for _ in range(150):
        prompt = session.prompt()
        if prompt.finished:
            break
        if prompt.step == "year":
            session.answer({"next": "era2" if session.state["era"] == 1 else "final"})
        else:
            session.answer({})
        fld = session.state["field"]
        if session.state["stage"] == "lost":
            break  # the Invaders that broke through are off the board
        if session.state["final_round"] and options["final_wave"] == "all_dead":
            now = units_total(fld)  # defeated Invaders leave the game: totals only shrink
            assert all(now[k] <= start_units[k] for k in now)
            start_units = now
        assert units_total(fld) == start_units
        assert soldiers_total(fld) == start_soldiers
        for troop in fld["troops"].values():
            assert troop["basic"] + troop["elite"] > 0
    replayed = Session(game, session.options, seed, events=session.events)
    assert replayed.state == session.state
