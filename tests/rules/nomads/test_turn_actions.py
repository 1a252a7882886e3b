"""Which actions a turn carries out: the develop-column example and higher difficulty."""

from __future__ import annotations

from tests.rules.nomads.helpers import EXAMPLE, after_one_physical_card, new_session, set_up, step


def _queue(session) -> list[tuple[str, str]]:
    return [(i["a"], i["src"]["p"]["id"]) for i in session.state["queue"]]


def test_develop_column_example_three_actions_top_to_bottom() -> None:
    session = new_session(cards="physical")
    set_up(session)
    step(session, card="1")
    step(session, marked="hunt", big="right", small="down", workforce=1)
    step(session)
    while session.prompt().step == "action":
        step(session)
    step(session, placed="migrate", event="none")
    step(session, card="2")
    step(session, marked="migrate", big="left", small="down", workforce=1)
    assert session.state["column"] == "develop"
    new, old = EXAMPLE.cards[2]["actions"]["develop"], EXAMPLE.cards[1]["actions"]["develop"]
    step(session)  # confirm the visible actions as catalogued
    # Top card: upper then lower; then the visible bottom row of the earlier card.
    assert _queue(session) == [(new[0], 2), (new[1], 2), (old[1], 1)]


def test_player_can_correct_the_visible_actions() -> None:
    session = new_session(cards="physical")
    set_up(session)
    step(session, card="5")
    step(session, marked="initiate", big="left", small="up", workforce=2)
    step(session, a0="food", a1="tool")
    assert [i["a"] for i in session.state["queue"]] == ["food", "tool"]


def test_advance_card_is_an_earlier_card_from_the_first_turn() -> None:
    session = new_session(hard_reveal=True, seed=4)
    set_up(session)  # set-up: one card is revealed in advance, not carried out
    state = session.state
    assert len(state["discard"]) == 1 and state["deck_count"] == 15
    assert state["queue"] == []
    advance = state["discard"][0]
    step(session)  # first turn
    state = session.state
    column = state["column"]
    assert len(state["queue"]) == 3
    assert state["queue"][-1]["a"] == advance["actions"][column][1]


def test_normal_game_has_no_advance_card() -> None:
    session = new_session(seed=4)
    set_up(session)
    assert session.state["discard"] == []
    step(session)
    assert len(session.state["queue"]) == 2


def test_a_card_already_on_the_discard_pile_is_refused() -> None:
    import pytest

    from rules.errors import IllegalInput

    session = after_one_physical_card("6")
    with pytest.raises(IllegalInput) as err:
        session.answer({"card": "6"})
    assert err.value.field == "card"
    step(session, card="7")
    assert session.state["pending"]["id"] == 7
