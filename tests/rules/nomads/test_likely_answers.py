"""Screens start where the answer most likely is (issue 23: fewer presses): the final scoring,
your figure's place.

Reading 29 (docs/nomads.md): no score goes below 0 (the Nomads lose 2 points
only "falls möglich"), so your final score is entered from 0; with no card under
the Nomads' gravestone their buried cards score 0, shown so.
"""

from __future__ import annotations

import copy

import pytest

from rules.errors import IllegalInput
from rules.registry import get_game
from rules.session import Session
from tests.rules.nomads.helpers import new_session, step

GAME = get_game("nomads")


@pytest.fixture(scope="module")
def at_final() -> Session:
    session = new_session(seed=3)
    for _ in range(3000):
        if session.prompt().step == "final":
            return session
        step(session)
    raise AssertionError("the game never reached its final scoring")


def test_your_final_score_is_entered_from_0(at_final: Session) -> None:
    prompt = at_final.prompt()
    assert [f.key for f in prompt.fields] == ["buried_points", "player_score", "animals"]
    score = next(f for f in prompt.fields if f.key == "player_score")
    assert (score.default, score.minimum, score.maximum) == (None, 0, 1000)


def test_a_negative_final_score_is_refused(at_final: Session) -> None:
    prompt = at_final.prompt()
    with pytest.raises(IllegalInput):
        prompt.coerce({"buried_points": 0, "player_score": -1})


def test_buried_cards_must_be_entered_but_none_buried_shows_0() -> None:
    session = new_session(seed=3)
    for _ in range(3000):
        if session.prompt().step == "final":
            break
        step(session)
    state = session.state
    assert state["nomads"]["buried"], "the scripted game buries cards"
    buried = next(f for f in GAME.prompt(state).fields if f.key == "buried_points")
    assert buried.default is None  # cards lie there: only the table knows their points
    lines = [m.english() for m in GAME.prompt(state).lines]
    k = len(state["nomads"]["buried"])
    assert any(f"Turn over the {k} card" in line for line in lines)
    empty = copy.deepcopy(dict(state))
    empty["nomads"]["buried"] = []
    prompt = GAME.prompt(empty)
    assert next(f for f in prompt.fields if f.key == "buried_points").default == 0
    assert [m.english() for m in prompt.lines] == [
        "No card lies under their gravestone: their buried cards score 0."
    ]


def test_the_hunting_area_offers_nothing_first() -> None:
    """An empty space is the commonest answer on the hunting area: "nothing" is its first
    option (one BOT on the button box), the animals follow in the catalogue's order."""
    session = new_session()
    step(session)  # the first animal
    prompt = session.prompt()
    assert prompt.step == "area"
    animal = next(f for f in prompt.fields if f.key == "animal")
    values = [c.value for c in animal.choices]
    assert values[0] == "empty" and "keep" not in values
    assert values[1:] == [
        "sloth", "bison", "mammoth", "horse", "camel",
        "argentavis", "sabretooth", "bear", "dire_wolf", "promo",
    ]  # fmt: skip


def _your_turn(**change: object) -> dict[str, object]:
    """The state of the first "Your turn" step, with ``change`` made to it."""
    session = new_session(seed=3)
    while session.prompt().step != "player":
        step(session)
    state = copy.deepcopy(dict(session.state))
    state.update(change)
    return state


def test_your_figure_choices_put_the_ruhefeld_in_the_middle_of_the_columns() -> None:
    placed = GAME.prompt(_your_turn(blocked=[])).fields[0]
    assert placed.key == "placed" and placed.default == "rest"
    assert [c.value for c in placed.choices] == [
        "initiate",
        "develop",
        "rest",
        "migrate",
        "hunt",
        "done",
    ]


def test_with_three_free_columns_one_comes_before_the_ruhefeld() -> None:
    placed = GAME.prompt(_your_turn(blocked=["develop"])).fields[0]
    assert [c.value for c in placed.choices] == ["initiate", "rest", "migrate", "hunt", "done"]


def test_with_no_figure_left_only_done_is_offered() -> None:
    placed = GAME.prompt(_your_turn(player_placed=3, figures=3)).fields[0]
    assert [c.value for c in placed.choices] == ["done"] and placed.default == "done"
