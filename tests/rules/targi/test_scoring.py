"""Game end: the renounce bonus, the winner, and a tie (the text gives no tie-break)."""

from __future__ import annotations

from tests.rules.targi.helpers import choices, started, to_actions


def to_scoring(renounce: tuple[str, ...] = ()) -> object:
    session = started(blue="joker", white="joker")
    to_actions(session)
    for player in renounce:
        session.answer({"event": f"renounce:{player}"})
    session.answer({"event": "game-end"})
    assert session.prompt().step == "scoring"
    return session


def test_two_extra_points_per_renounced_card_and_the_winner_named() -> None:
    """ "Dann erhält er für diese Stammeskarte am Spielende 2 zusätzliche Siegpunkte.\""""
    session = to_scoring(renounce=("white",))
    decision = session.answer({"points": {"blue": 30, "white": 29}})
    assert session.state["scores"] == {"blue": 30, "white": 31}
    assert session.state["winner"] == "white"
    assert decision is not None and str(decision.summary) == "White wins with 31 points"
    assert str(decision.reason) == "Blue 30 against White 31: White has more points"
    prompt = session.prompt()
    assert prompt.finished and [str(x) for x in prompt.lines] == [
        "Blue: 30 points",
        "White: 31 points",
        "White wins.",
    ]


def test_a_tie_is_said_with_no_tie_break_and_shared_by_default() -> None:
    """The action-tile text gives no tie-break (reading 15): the assistant says so; the table
    names the winner by its base game's tie-break, or both win."""
    session = to_scoring(renounce=("white",))
    decision = session.answer({"points": {"blue": 20, "white": 18}})
    assert session.state["scores"] == {"blue": 20, "white": 20}
    assert decision is not None and str(decision.summary) == "A tie at 20 points"
    assert "no tie-break" in str(decision.reason)
    prompt = session.prompt()
    assert prompt.step == "tie" and prompt.confirmable
    assert choices(session, "winner") == ["shared", "blue", "white"]
    session.answer({})
    assert session.state["winner"] == "shared"
    assert str(session.prompt().lines[-1]) == "A shared victory."


def test_a_tie_broken_by_the_table() -> None:
    session = to_scoring()
    session.answer({"points": {"blue": 25, "white": 25}})
    decision = session.answer({"winner": "blue"})
    assert decision is not None and str(decision.summary) == "Blue wins the tie-break"
    assert str(session.prompt().lines[-1]) == "Blue wins."


def test_no_joker_at_the_final_scoring() -> None:
    session = to_scoring()
    assert [f.key for f in session.prompt().fields] == ["points"]


def test_game_end_is_the_default_once_a_display_is_full() -> None:
    """Base game: the game ends when a player has laid his 12th tribe card (reading 16)."""
    session = started()
    to_actions(session)
    session.answer({"event": "count:white"})
    session.answer({"cards": 11})
    assert session.prompt().fields[0].default == "end-round"
    session.answer({"event": "card:white"})
    field = session.prompt().fields[0]
    assert field.default == "game-end" and "card:white" not in [c.value for c in field.choices]
