"""Action column choice: the three-turn example of the text, and properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.decision import Tracer
from rules.games.nomads.columns import choose_column
from tests.rules.nomads.helpers import decide, new_session, set_up, step

ORDER = ["initiate", "develop", "migrate", "hunt"]  # Einweihen, Entwickeln, Weiterziehen, Jagen


def test_three_turn_example_by_decision() -> None:
    # Turn 1: Jagen marked, all columns empty -> Jagen, on the action symbol.
    first = decide("column", {"occupied": [], "marked": "hunt", "big": "right"})
    assert first.result == {"column": "hunt", "placement": "symbol"}
    # The player goes to Weiterziehen. Turn 2: Weiterziehen marked but taken; big arrow
    # left -> the next free column to the left is Entwickeln.
    second = decide("column", {"occupied": ["hunt", "migrate"], "marked": "migrate", "big": "left"})
    assert second.result["column"] == "develop"
    # The player takes Einweihen. Turn 3: Jagen marked, no empty column -> Jagen.
    third = decide("column", {"occupied": ORDER, "marked": "hunt", "big": "left"})
    assert third.result["column"] == "hunt"


def _enter_card(session, card: str, marked: str, big: str) -> None:
    step(session, card=card)
    step(session, marked=marked, big=big, small="down", workforce=1)


def test_three_turn_example_played(tmp_path) -> None:
    session = new_session(cards="physical")
    set_up(session)
    _enter_card(session, "1", "hunt", "right")
    decision = session.last_decision
    assert decision.result["column"] == "hunt" and decision.result["placement"] == "symbol"
    assert any("action symbol" in str(i) for i in decision.instructions)
    step(session)  # confirm visible actions
    while session.prompt().step == "action":
        step(session)
    step(session, placed="migrate", event="none")  # you: Weiterziehen
    _enter_card(session, "2", "migrate", "left")
    assert session.last_decision.result["column"] == "develop"
    step(session)
    while session.prompt().step == "action":
        step(session)
    step(session, placed="initiate", event="none")  # you: Einweihen
    _enter_card(session, "3", "hunt", "left")
    decision = session.last_decision
    assert decision.result["column"] == "hunt"
    assert decision.result["placement"] == "large"
    assert any("large space" in str(i) for i in decision.instructions)
    assert session.state["cols"]["hunt"]["nomads"] == 2


def test_wraps_round_the_board_edge() -> None:
    tracer = Tracer()
    # Marked Einweihen (leftmost) occupied, arrow left: wrap to the right edge.
    column = choose_column(ORDER, {"initiate", "develop"}, "initiate", "left", tracer)
    assert column == "hunt"
    assert "round the board edge" in tracer.steps[-1].finding.english()
    assert choose_column(ORDER, {"hunt", "initiate"}, "hunt", "right", Tracer()) == "develop"


@given(
    occupied=st.sets(st.sampled_from(ORDER)),
    marked=st.sampled_from(ORDER),
    big=st.sampled_from(["left", "right"]),
)
def test_column_choice_properties(occupied: set[str], marked: str, big: str) -> None:
    column = choose_column(ORDER, occupied, marked, big, Tracer())
    if marked not in occupied or len(occupied) == len(ORDER):
        assert column == marked
        return
    assert column not in occupied
    # Every column passed on the walk (in the arrow's direction, wrapping) is occupied.
    step_ = 1 if big == "right" else -1
    i = ORDER.index(marked)
    while ORDER[i] != column:
        assert ORDER[i] in occupied
        i = (i + step_) % len(ORDER)


@given(occupied=st.sets(st.sampled_from(ORDER)), marked=st.sampled_from(ORDER))
def test_blocked_cave_column_is_never_taken(occupied: set[str], marked: str) -> None:
    order = [*ORDER, "cave"]
    for big in ("left", "right"):
        column = choose_column(order, occupied | {"cave"}, marked, big, Tracer())
        assert column != "cave"
