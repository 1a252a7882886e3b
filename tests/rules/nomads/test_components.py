"""The Nomads' printed components: one schema, the example set, and the state that carries them."""

from __future__ import annotations

import copy

import pytest

from rules.components import component_record
from rules.errors import SituationError
from rules.games.nomads.catalogue import SCHEMA, catalogue_of, example_data
from rules.registry import get_game
from rules.session import Session
from tests.rules.nomads.helpers import options, set_up

GAME = get_game("nomads")


def test_the_example_set_passes_its_own_schema_and_is_flagged() -> None:
    record = component_record("nomads", SCHEMA, None, example_data())
    assert record["example"] is True and len(record["data"]["cards"]) == 16


def test_a_game_plays_with_the_components_it_was_set_up_with() -> None:
    mine = copy.deepcopy(example_data())
    mine["example"] = False
    mine["board"]["limits"]["food"] = 12
    session = Session(GAME, {**options(), "components": mine}, seed=2)
    state = session.state
    assert state["components"]["example"] is False
    assert catalogue_of(state).limits["food"] == 12
    set_up(session)
    decision = session.last_decision
    assert decision is not None and decision.example_data is False
    # Replaying the journal's events uses the record in the options, not today's files.
    again = Session(GAME, session.options, seed=2, events=session.events)
    assert again.state == session.state


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["cards"].append(d["cards"][0]), "components.cards"),
        (lambda d: d["cards"][1].update(id=1), "components.cards[1]"),
        (lambda d: d["cards"][0].update(marked="fish"), "components.cards[0].marked"),
        (lambda d: d["cards"][0]["actions"].pop("hunt"), "components.cards[0].actions.hunt"),
        (
            lambda d: d["cards"][0]["actions"]["hunt"].append("food"),
            "components.cards[0].actions.hunt",
        ),
        (lambda d: d["animals"][0].update(set=3), "components.animals[0].set"),
        (lambda d: d["board"]["limits"].update(fod=3), "components.board.limits.fod"),
        (lambda d: d["idols"]["fame"]["rate"].pop("0"), "components.idols.fame.rate"),
    ],
)
def test_bad_component_data_names_the_field(change, field: str) -> None:
    data = copy.deepcopy(example_data())
    change(data)
    with pytest.raises(SituationError) as err:
        GAME.coerce_options({**options(), "components": data})
    assert err.value.field == field


def test_a_printed_card_corrected_in_play_is_offered_to_the_component_editor() -> None:
    """Physical cards: the face the players confirm differs from the set -> an entry (issue 14)."""
    from rules.registry import get_game
    from rules.session import Session

    session = Session(get_game("nomads"), {"cards": "physical"}, 3)
    while session.prompt().step != "face":
        prompt = session.prompt()
        values = {
            f.key: f.choices[0].value if f.choices else (f.minimum or 0)
            for f in prompt.fields
            if f.default is None
        }
        session.answer(values)
        assert session.entered == ()  # nothing corrected yet
    face = session.prompt()
    assert face.title.params["id"] == 1
    session.answer({})  # the card as the set has it: nothing to learn
    assert session.entered == ()
    session.undo()
    session.answer({"workforce": 4, "big": "right"})
    assert session.entered == (
        {"part": "card", "id": 1, "marked": "initiate", "big": "right", "small": "up",
         "workforce": 4},
    )  # fmt: skip
