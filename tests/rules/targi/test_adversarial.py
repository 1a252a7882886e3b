"""Edges and corners of the card square, written from the rule text before running them.

Each case states what the text (or the base game it refers to) requires; the
expected values were worked out by hand on the example board (docs/targi.md:
columns a-e, rows 1-5, corners a1 e1 e5 a5).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.games.targi.board import example_board
from tests.rules.targi.helpers import GAME, choices, started, to_actions, to_tile_steps

decide = GAME.decisions()["legality"]
BOARD = example_board()
CORNERS = ["a1", "e1", "e5", "a5"]
TARGI = {"blue": ["b1", "a3", "e2"], "white": ["d1", "e4", "a4"]}
#: Another legal layout on none of TARGI's cards (for a robber on one of them).
ALT = {"blue": ["c1", "c5", "a2"], "white": ["e3", "d5", "b5"]}


def situation(**extra: Any) -> dict[str, Any]:
    s: dict[str, Any] = {
        "player": "blue",
        "start_player": "blue",
        "robber": "c1",
        "targi": copy.deepcopy(TARGI),
        "markers": {"blue": ["b2", "b3"], "white": ["d4"]},
        "targi_tiles": {},
        "tribe_tiles": {},
        "tiles": {"blue": {"joker": "unused", "targi": "unused", "tribe": "unused",
                           "renounce": "unused"},
                  "white": {"joker": "unused", "targi": "unused", "tribe": "unused",
                            "renounce": "unused"}},
    }  # fmt: skip
    s.update(extra)
    return s


def legal(**extra: Any) -> bool:
    return bool(decide(situation(**extra)).result["legal"])


@pytest.mark.parametrize("corner", CORNERS)
def test_a_robber_on_any_corner_leaves_no_crossing_for_the_tribe_tile(corner: str) -> None:
    """A corner ends no line through the inner cards: no crossing with the robber's line."""
    for card in BOARD.inner:
        assert not legal(use="tribe-tile", robber=corner, card=card)


@pytest.mark.parametrize("card", BOARD.action_border)
def test_the_robbers_card_takes_neither_a_targi_nor_the_targi_tile(card: str) -> None:
    session = started()
    session.answer({"robber": card})
    assert card not in choices(session, "targi")
    taken = {c for cards in TARGI.values() for c in cards}
    targi = ALT if card in taken else TARGI
    ruling = decide(situation(use="targi-tile", robber=card, card=card, targi=targi, markers={}))
    assert not ruling.result["legal"] and "taken by the robber" in ruling.result["reason"]


@pytest.mark.parametrize("corner", CORNERS)
def test_corners_never_take_a_figure_or_a_targi_tile(corner: str) -> None:
    session = started()
    session.answer({"robber": "c1"})
    assert corner not in choices(session, "targi")
    assert not legal(use="targi-tile", card=corner)


def test_the_targi_tile_may_face_the_players_own_targi_and_the_other_players() -> None:
    """Any free border card: b5 faces blue's own b1, d5 faces white's d1, e3 faces blue's a3."""
    assert legal(use="targi-tile", card="b5")
    assert legal(use="targi-tile", card="d5")
    assert legal(use="targi-tile", card="e3")


def test_the_second_targi_tile_cannot_take_the_first_ones_card() -> None:
    assert not legal(use="targi-tile", player="white", card="c5", targi_tiles={"blue": "c5"})
    assert legal(use="targi-tile", player="white", card="b5", targi_tiles={"blue": "c5"})


def test_the_non_start_player_must_wait_while_the_start_player_may_still_place() -> None:
    """ "setzt zuerst der Startspieler sein Targi-Plättchen ein, danach sein Mitspieler"."""
    assert not legal(use="targi-tile", player="white", card="b5", start_player_pending=True)
    assert legal(use="targi-tile", player="white", card="b5", start_player_pending=False)
    # The start player may always go: pending concerns only the other player.
    assert legal(use="targi-tile", player="blue", card="b5", start_player_pending=True)


@pytest.mark.parametrize(("cards", "allowed"), [(1, True), (9, True), (10, False), (12, False)])
def test_renounce_limit_counts_the_new_card(cards: int, allowed: bool) -> None:
    """ "höchstens 9 Stammeskarten ..., inklusive der soeben gelegten Karte"."""
    assert legal(use="renounce", tribe_cards=cards, just_laid=True) is allowed


@pytest.mark.parametrize(("good", "allowed"), [("dates", True), ("salt", True),
                                               ("pepper", True), ("gold", False)])  # fmt: skip
def test_the_joker_is_one_date_salt_or_pepper(good: str, allowed: bool) -> None:
    assert legal(use="joker", good=good) is allowed


def test_the_fata_morgana_moves_only_an_own_marker() -> None:
    assert not legal(use="fata-morgana", **{"from": "d4", "to": "c2"})  # white's marker
    assert legal(use="fata-morgana", **{"from": "b2", "to": "c2"})


def test_the_fata_morgana_never_onto_either_players_tribe_marker_tile() -> None:
    """Reading 7: "die mit einem Stammesmarker-Plättchen besetzte Karte", whose tile it is."""
    for owner in ("blue", "white"):
        tiles = {owner: "c3"}
        assert not legal(use="fata-morgana", tribe_tiles=tiles, **{"from": "b2", "to": "c3"})


def test_targi_on_both_ends_of_a_line_give_no_crossing_with_each_other() -> None:
    """b1 and b5 end the same column: parallel lines, one column; a3 adds row 3: one crossing."""
    session = started()
    to_tile_steps(session, blue=("b1", "b5", "a3"), white=("d1", "e4", "a4"))
    table = session.state["table"]
    assert table["targi"]["blue"] == ["a3", "b1", "b5"]
    while session.prompt().step == "targi-tile":
        session.answer({"card": []})
    assert session.state["table"]["markers"]["blue"] == ["b3"]


def test_three_targi_on_parallel_lines_give_no_tribe_marker() -> None:
    session = started()
    to_tile_steps(session, blue=("b1", "c5", "d1"), white=("e2", "a3", "e4"))
    while session.prompt().step == "targi-tile":
        session.answer({"card": []})
    # Blue holds columns b, c, d only: no crossing; white rows 2, 3, 4 only: none either.
    assert session.state["table"]["markers"] == {"blue": [], "white": []}


def test_the_game_end_is_the_default_when_the_robber_has_gone_round() -> None:
    """Base game: the game ends when the robber has gone round the board (reading 16)."""
    session = started()
    to_actions(session, robber="a2")  # the last card of the ring, clockwise from a1
    assert session.prompt().fields[0].default == "game-end"


@pytest.mark.parametrize(
    ("points", "renounced", "expect"),
    [
        ({"blue": 0, "white": 0}, (), None),
        ({"blue": 31, "white": 29}, ("white",), None),
        ({"blue": 30, "white": 29}, ("white", "blue"), "blue"),
        ({"blue": 28, "white": 30}, ("blue",), None),
    ],
)
def test_tie_patterns(points: dict[str, int], renounced: tuple[str, ...], expect: Any) -> None:
    session = started(blue="joker", white="joker")
    to_actions(session)
    for player in renounced:
        session.answer({"event": f"renounce:{player}"})
    session.answer({"event": "game-end"})
    session.answer({"points": points})
    if expect is None:
        assert session.prompt().step == "tie"
    else:
        assert session.state["winner"] == expect and session.prompt().finished
