"""The four action tiles in play: timing, places, order, one use each."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from tests.rules.targi.helpers import skip_while, started, to_tile_steps

# Positions used throughout (see helpers.to_tile_steps): robber on c1 (column c),
# blue Targi b1 (column b), a3 (row 3), e2 (row 2); white Targi d1, e4, a4.


def test_targi_tile_start_player_first_then_the_other() -> None:
    session = started(start="white")
    to_tile_steps(session)
    assert session.prompt().step == "targi-tile"
    assert "White" in str(session.prompt().title)
    session.answer({"card": "c5"})
    assert "Blue" in str(session.prompt().title)
    with pytest.raises(IllegalInput, match="white's Targi tile"):
        session.answer({"card": "c5"})  # the start player's tile took it first
    session.answer({"card": "b5"})
    assert session.state["table"]["targi_tiles"] == {"blue": "b5", "white": "c5"}


def test_targi_tile_opposite_the_opponents_targi_is_allowed() -> None:
    session = started()
    to_tile_steps(session)
    decision = session.answer({"card": "d5"})  # d5 faces white's Targi on d1
    assert decision is not None and "d5" in str(decision.summary)
    assert any("opposite" in step.rule for step in decision.trace)


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ("c1", "the robber"),
        ("a4", "white's Targi"),
        ("b1", "blue's Targi"),
        ("a1", "corner"),
    ],
)
def test_targi_tile_needs_a_free_border_card(card: str, reason: str) -> None:
    session = started()
    to_tile_steps(session)
    with pytest.raises(IllegalInput, match=reason) as err:
        session.answer({"card": card})
    assert "free border card" in err.value.reason


def test_tile_used_once_and_not_offered_again() -> None:
    session = started()
    to_tile_steps(session)
    session.answer({"card": "c5"})
    skip_while(session, "targi-tile")
    session.answer({"markers_blue": [], "markers_white": []})
    skip_while(session, "tribe-tile")
    session.answer({"event": "end-round"})
    to_tile_steps(session, robber="d1", white=("c1", "e4", "a4"))
    # Blue used the Targi tile: only white is asked now.
    assert "White" in str(session.prompt().title)
    assert session.state["table"]["tiles"]["blue"]["targi"] == "used"


def test_tribe_tile_on_a_crossing_of_robber_line_and_own_targi_line() -> None:
    session = started()
    to_tile_steps(session)
    skip_while(session, "targi-tile")
    session.answer({"markers_blue": ["b2"], "markers_white": ["d4"]})
    assert session.prompt().step == "tribe-tile"
    free = [str(line) for line in session.prompt().lines][1]
    assert free.endswith("c2, c3")
    with pytest.raises(IllegalInput, match="line of the robber"):
        session.answer({"card": "c4"})  # white's crossing, not blue's
    with pytest.raises(IllegalInput, match="not one of"):
        session.answer({"card": "b5"})  # only inner cards are offered
    decision = session.answer({"card": "c3"})
    assert decision is not None and "c3" in str(decision.summary)
    # White's only crossing is c4 (rows of e4/a4 meet column c).
    session.answer({"card": "c4"})
    assert session.state["table"]["tribe_tiles"] == {"blue": "c3", "white": "c4"}


def test_tribe_tile_not_on_a_card_with_a_marker() -> None:
    session = started()
    to_tile_steps(session)
    skip_while(session, "targi-tile")
    session.answer({"markers_blue": ["c2"], "markers_white": []})
    with pytest.raises(IllegalInput, match="c2 is taken by blue's tribe marker"):
        session.answer({"card": "c2"})


def test_tribe_tile_impossible_while_the_robber_is_on_a_corner() -> None:
    session = started()
    to_tile_steps(session, robber="a1")
    skip_while(session, "targi-tile")
    session.answer({"markers_blue": [], "markers_white": []})
    with pytest.raises(IllegalInput, match="corner a1"):
        session.answer({"card": "c3"})


def test_fata_morgana_restrictions() -> None:
    session = started()
    to_tile_steps(session)
    skip_while(session, "targi-tile")
    session.answer({"markers_blue": ["b2"], "markers_white": ["d4"]})
    session.answer({"card": "c3"})
    skip_while(session, "tribe-tile")
    session.answer({"event": "fata:blue"})
    with pytest.raises(IllegalInput, match="tribe-marker tile itself"):
        session.answer({"from": "c3", "to": "b4"})
    with pytest.raises(IllegalInput, match="card holding a tribe-marker tile"):
        session.answer({"from": "b2", "to": "c3"})
    with pytest.raises(IllegalInput, match="holds white's tribe marker"):
        session.answer({"from": "b2", "to": "d4"})
    session.answer({"from": "b2", "to": "b4"})
    assert session.state["table"]["markers"]["blue"] == ["b4"]
    assert session.prompt().step == "actions"


def lay_card(session, player: str, cards: int, renounce: bool):
    session.answer({"event": f"card:{player}"})
    return session.answer({"cards": cards, "renounce": renounce})


def to_actions(session) -> None:
    to_tile_steps(session)
    skip_while(session, "targi-tile")
    session.answer({"markers_blue": [], "markers_white": []})
    skip_while(session, "tribe-tile")


def test_renounce_allowed_up_to_nine_cards_including_the_new_one() -> None:
    session = started(blue="joker")  # blue keeps the renounce tile
    to_actions(session)
    session.answer({"event": "card:blue"})
    with pytest.raises(IllegalInput, match="at most 9 tribe cards"):
        session.answer({"cards": 10, "renounce": True})
    decision = session.answer({"cards": 9, "renounce": True})
    assert decision is not None and "number 9" in str(decision.summary)
    assert session.state["renounced"]["blue"] == [9]
    # Used once: the next card does not even offer it.
    session.answer({"event": "card:blue"})
    assert [f.key for f in session.prompt().fields] == ["cards"]


def test_renounce_needs_the_tile() -> None:
    session = started(blue="renounce")
    to_actions(session)
    session.answer({"event": "card:blue"})
    assert "renounce" not in [f.key for f in session.prompt().fields]
    with pytest.raises(IllegalInput, match="does not ask for renounce"):
        session.answer({"cards": 1, "renounce": True})


def test_renounce_gives_two_points_at_game_end() -> None:
    session = started(blue="joker", white="joker")
    to_actions(session)
    lay_card(session, "blue", 1, False)
    lay_card(session, "blue", 2, True)
    lay_card(session, "white", 1, True)
    session.answer({"event": "game-end"})
    decision = session.answer({"points_blue": 30, "points_white": 31})
    assert session.state["scores"] == {"blue": 32, "white": 33}
    assert decision is not None and session.prompt().finished


def test_tribe_card_count_only_grows() -> None:
    session = started()
    to_actions(session)
    lay_card(session, "white", 3, False)
    session.answer({"event": "card:white"})
    with pytest.raises(IllegalInput, match="had 3 tribe cards"):
        session.answer({"cards": 3})


def test_joker_at_any_time_as_one_good_then_gone() -> None:
    session = started(blue="renounce", white="renounce")  # both keep the joker
    session.answer({"robber": "c1", "joker": "white:pepper"})
    assert session.state["table"]["tiles"]["white"]["joker"] == "used"
    assert session.state["jokers"] == [{"player": "white", "good": "pepper", "round": 1}]
    joker = next(f for f in session.prompt().fields if f.key == "joker")
    assert [c.value for c in joker.choices] == ["none", "blue:dates", "blue:salt", "blue:pepper"]
    with pytest.raises(IllegalInput, match="not one of"):
        session.answer({"targi_blue": ["b1"], "targi_white": ["d1"], "joker": "white:salt"})
    decision = session.answer({"targi_blue": ["b1"], "targi_white": ["d1"], "joker": "blue:salt"})
    assert decision is not None and "1 salt" in str(decision.summary)
    assert "joker" not in [f.key for f in session.prompt().fields]


def test_targi_positions_are_checked() -> None:
    session = started()
    session.answer({"robber": "c1"})
    with pytest.raises(IllegalInput, match="robber"):
        session.answer({"targi_blue": ["c1"], "targi_white": []})
    with pytest.raises(IllegalInput, match="named twice"):
        session.answer({"targi_blue": ["b1"], "targi_white": ["b1"]})
    with pytest.raises(IllegalInput, match="only 3 Targi"):
        session.answer({"targi_blue": ["b1", "d1", "a2", "a3"], "targi_white": []})
    with pytest.raises(IllegalInput, match="not one of"):
        session.answer({"targi_blue": ["a1"], "targi_white": []})  # corners carry no action


def test_start_player_alternates_by_default_and_can_be_corrected() -> None:
    session = started(start="white")
    fields = {f.key: f for f in session.prompt().fields}
    assert fields["start"].default == "white"  # round 1: the set-up option
    to_actions(session)
    session.answer({"event": "end-round"})
    fields = {f.key: f for f in session.prompt().fields}
    assert fields["start"].default == "blue" and fields["robber"].default == "d1"
    session.answer({"robber": "d1", "start": "white"})
    assert session.state["table"]["start"] == "white"
