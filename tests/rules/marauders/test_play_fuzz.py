"""Random answers at every step: refused only with a RulesError, never stuck, invariants hold.

The walker (tests/support/walker.py) answers like careless players on the
touchscreen: defaults first, then random legal values drawn from the fields.
After every accepted answer the state must still describe a possible table.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.games.marauders import hexmap
from rules.games.marauders.catalogue import board_of
from rules.games.marauders.model import COLOURS, MAX_MARKERS, SIDES
from tests.rules.marauders.support import GAME
from tests.support.walker import random_answer, walk

OPTIONS = [
    {"players": 1},
    {"players": 2, "hard_tiles": 6},
    {"players": 3, "hard_tiles": 12, "ceremony_choice": True},
    {"players": 2, "draw": "physical"},
]


def check_state(state: dict) -> None:
    json.dumps(dict(state), allow_nan=False)
    assert set(state["trays"]) == set(COLOURS)
    assert all(0 <= n <= MAX_MARKERS for n in state["trays"].values())
    assert 0 <= state["marker"] < SIDES
    assert state["vp"] >= 0 and 1 <= state["round"] <= 5
    assert sorted(state["order"]) == sorted(["tribe", *map(str, range(1, state["players"] + 1))])
    for space in state["members"]:
        assert space is None or hexmap.is_hex_id(space)
    assert board_of(state)["sides"][state["marker"]]["priority"]


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items())
)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_finish_and_keep_a_possible_table(options: dict, seed: int) -> None:
    visits = list(walk(GAME, seed, steps=900, options=options))
    last = visits[-1]
    assert last.prompt.finished, f"stuck at {last.prompt.step}"
    from rules.session import Session

    # The rule text: "The game ends after the fifth round"; each round runs spring, summer,
    # autumn, then its end, in that order.
    assert seasons([(v.prompt.round, v.prompt.phase) for v in visits]) == EXPECTED_SEASONS
    # Replay the accepted answers and check the state after each one.
    session = Session(GAME, options, seed=seed)
    drawn: dict[int, list[str]] = {}
    for visit in visits[:-1]:
        assert visit.answer is not None
        session.answer(visit.answer)
        check_state(session.state)
        GAME.board(session.state)
        GAME.status(session.state)
        tile = session.state["tile"]
        if tile and tile["id"] and all(tile["id"] not in ids for ids in drawn.values()):
            drawn.setdefault(session.state["round"], []).append(tile["id"])
    if options.get("draw") != "physical":
        # "At the beginning of spring, draw a new marauder tile" and in summer "Draw a new
        # marauder tile ... Discard the previous one": two new tiles a round, from a pile of
        # 12, so none is drawn twice in five rounds.
        assert {r: len(ids) for r, ids in drawn.items()} == {r: 2 for r in range(1, 6)}


#: (round, season) of the steps of a whole game, in order, each once.
EXPECTED_SEASONS = [
    (None, "Set-up"),
    *((r, s) for r in range(1, 6) for s in ("Spring", "Summer", "Autumn", "End of round")),
    (None, "End of the game"),
]


def seasons(steps: list) -> list[tuple[int | None, str]]:
    """The (round, season) runs of a walk: "Round 2 of 5 · Summer" -> (2, "Summer"). With
    physical draws the players may enter a drawn tile their set lacks ("Marauder tile"):
    that step interrupts a season and is left out."""
    out: list[tuple[int | None, str]] = []
    for round_number, phase_msg in steps:
        phase = phase_msg.english().split(" · ")[-1]
        if phase == "Marauder tile":
            continue
        if not out or out[-1] != (round_number, phase):
            out.append((round_number, phase))
    return out


def lively_walk(options: dict, seed: int, limit: int = 1500) -> tuple[bool, int, Any]:
    """Like the walker, but it changes values first (careless players who touch everything)."""
    import random

    from rules.errors import RulesError
    from rules.session import Session

    rng = random.Random(seed)
    session = Session(GAME, options, seed=seed)
    refused = 0
    for _ in range(limit):
        prompt = session.prompt()
        if prompt.finished:
            return True, refused, session
        tries = [random_answer(prompt, rng, keep_defaults=0.5) for _ in range(20)]
        for answer in [tries[0], {}, *tries[1:]]:
            try:
                session.answer(answer)
            except RulesError:
                refused += 1
                continue
            check_state(session.state)
            break
        else:
            return False, refused, session
    return False, refused, session


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items())
)
@pytest.mark.parametrize("seed", range(4))
def test_lively_random_games_finish(options: dict, seed: int) -> None:
    finished, _, session = lively_walk(options, seed)
    assert finished
    steps = [(e.round, e.phase) for e in session.history] + [(None, session.prompt().phase)]
    assert seasons(steps) == EXPECTED_SEASONS


def test_the_walker_draws_only_offered_values() -> None:
    """A sanity check of the fuzz itself: random answers are legal field values."""
    import random

    from rules.session import Session

    session = Session(GAME, {"players": 2}, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        prompt = session.prompt()
        answer = random_answer(prompt, rng, keep_defaults=0.0)
        prompt.coerce(answer)  # never raises for drawn values
        session.answer({})
