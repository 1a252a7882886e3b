"""Edges of the island, every fight pattern, empty supplies and limits, written from the text.

Expected values were worked out by hand on the example components (helpers'
docstring: space 10 in the centre; 1, 3, 17, 19 on the island's rim).
"""

from __future__ import annotations

import copy

import pytest

from rules.games.robinson.components import example_catalogue
from rules.session import Session
from tests.rules.robinson.helpers import (
    GAME,
    answer_with_changes,
    choices,
    finish_night,
    place,
    player,
    resolve_all,
    rest_all,
    set_up,
    to_placement,
)

CAT = example_catalogue()
fight = GAME.decisions()["fight"]


@pytest.mark.parametrize(
    ("a", "b", "reach"),
    [("10", "11", 1), ("10", "12", 2), ("10", "3", 2), ("10", "17", 2), ("10", "1", 2),
     ("1", "19", None), ("8", "12", None), ("3", "17", None)],
)  # fmt: skip
def test_attack_reach_on_every_side_of_the_island(a: str, b: str, reach: int | None) -> None:
    """One pawn for a neighbouring camp, two for a camp two spaces away, none farther."""
    session = set_up([(a, "8"), (b, "1")])
    to_placement(session)
    offered = "attack:blue" in choices(session, "action")
    assert offered is (reach is not None)
    assert CAT.distance(a, b) == (reach if reach else CAT.distance(a, b))


@pytest.mark.parametrize(
    ("attack", "defence", "palisade", "bonus", "winner", "lost"),
    [
        (0, 0, 0, False, None, 0),
        (3, 3, 0, False, None, 0),
        (3, 1, 2, True, None, 0),  # the bonus makes a tie
        (3, 1, 3, True, "defender", 1),  # the bonus turns the fight
        (5, 1, 2, True, "attacker", 2),
        (1, 4, 0, False, "defender", 3),
        (10, 0, 0, False, "attacker", 10),
    ],
)
def test_every_fight_pattern(
    attack: int, defence: int, palisade: int, bonus: bool, winner: str | None, lost: int
) -> None:
    """ "o jogador com o maior nível de arma é o vencedor ... Quando há empate, não há vencedor
    nem perdedor." With the bonus, the palisade counts and 1 palisade is lost anyway."""
    situation = {
        "attacker": {"weapon": attack},
        "defender": {"weapon": defence, "palisade": palisade},
    }
    if palisade:
        situation["palisade_bonus"] = bonus
    result = fight(situation).result
    assert (result["winner"], result["hearts_lost"]) == (winner, lost)
    assert result["palisade_lost"] == (1 if bonus else 0)


def test_four_players_use_up_the_eight_starting_items() -> None:
    session = Session(GAME, {"players": 4}, seed=1)
    for items in (["axe", "pistol"], ["biscuits", "blanket"], ["compass", "flask"]):
        session.answer({"items": items})
    assert choices(session, "items") == ["hammock", "tobacco"]
    session.answer({"items": ["hammock", "tobacco"]})
    assert session.prompt().step == "event"


def test_no_exploring_once_every_island_tile_lies_on_the_island() -> None:
    """An empty stack of island tiles: nothing left to reveal, exploring is not offered."""
    session = set_up([("10", "8"), ("11", "4")])
    to_placement(session)
    state = copy.deepcopy(
        dict(session.state)
    )  # a table where every other tile was explored earlier
    spaces = [s for s in CAT.spaces if s not in ("10", "11")]
    for space, tile in zip(spaces, [t for t in CAT.tiles if t not in ("8", "4")], strict=False):
        state["island"][space] = tile
    assert "explore" in choices(session, "action")
    offered = [c.value for c in GAME.prompt(state).fields[0].choices]
    assert "explore" not in offered and "camp:rest" in offered


def test_a_level_never_passes_its_limit() -> None:
    """Weapon 10 is the example limit: a +1 bonus stops there and the notes say so."""
    session = set_up([("10", "8"), ("11", "5")])
    to_placement(session, changes={"blue": {"weapon": 10}})
    place(session, ("camp:rest",), ("build:knife",), ("camp:rest",), ("camp:rest",))
    last = resolve_all(session)[-1]
    assert last is not None
    assert player(session, "blue")["weapon"] == 10
    assert "Blue: weapon stops at its limit 10" in " ".join(str(i) for i in last.instructions)


def test_rest_heals_no_heart_above_the_characters_life() -> None:
    session = set_up()
    to_placement(session, changes={"red": {"hearts": 8}})
    rest_all(session)
    resolve_all(session)
    assert player(session, "red")["hearts"] == 9 and player(session, "blue")["hearts"] == 9


def test_a_loser_with_only_inventions_can_lose_one_to_a_steal() -> None:
    session = set_up([("10", "8"), ("11", "5")])
    answer_with_changes(
        session,
        {"icon": "adventure-gathering"},
        {"red": {"weapon": 3}, "blue": {"card": "take:red:axe"}},
    )
    assert player(session, "blue")["cards"].keys() == {"biscuits", "blanket", "axe"}
    session.answer({})
    session.answer({})
    place(session, ("camp:rest",), ("build:knife",), ("camp:rest",), ("camp:rest",))
    resolve_all(session)
    session.answer({})
    session.answer({"hearts": 0})
    session.answer({"hearts": 0})
    to_placement(session)
    place(session, ("camp:rest",), ("attack:blue",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    session.answer({"reward": "steal-invention"})
    assert choices(session, "card") == ["knife"]  # the axe (a starting item) is no invention


def test_everybody_dying_at_once_ends_the_game_with_no_winner() -> None:
    session = set_up()
    to_placement(session)
    rest_all(session)
    resolve_all(session)
    session.answer({"hearts": {"red": 9, "blue": 9}})
    prompt = session.prompt()
    assert prompt.finished and str(prompt.lines[0]) == "Every character has died: nobody wins."


def test_the_first_player_dying_mid_round_passes_the_token_to_the_next_living_seat() -> None:
    session = set_up([("10", "8"), ("11", "4"), ("9", "2")])
    to_placement(session)
    rest_all(session)
    resolve_all(session)
    session.answer({"hearts": {"red": 9, "blue": 0, "green": 0}})
    finish_night(session)
    assert session.state["first"] == "blue" and session.state["round"] == 2


def test_gathering_on_the_own_camp_tile_and_on_a_free_explored_tile() -> None:
    """Reading 15: a player may gather on the own camp's tile; never on an enemy camp's."""
    session = set_up([("10", "8"), ("11", "7")])
    to_placement(session)
    place(session, ("explore", "5"), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    resolve_all(session, tile="2")
    session.answer({})
    finish_night(session, hearts=0)
    to_placement(session)  # blue first
    session.answer({"action": "gather:food"})
    assert choices(session, "space") == ["5", "11"]  # not red's camp on 10


def test_two_far_attacks_never_leave_a_player_without_a_legal_pawn() -> None:
    """Reading 2: a begun two-pawn attack keeps its second pawn; a second far attack that
    would leave both short is not offered (no dead end with pawns in hand)."""
    session = set_up([("10", "8"), ("12", "1"), ("8", "2")])
    to_placement(session, changes={"red": {"pawns": 3}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",))
    offered = choices(session, "action")
    assert "attack:green" not in offered and "attack:blue" in offered and "camp:rest" in offered
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    assert choices(session, "action") == ["attack:blue"]  # the last pawn completes it


def test_a_build_whose_invention_changed_hands_before_it_resolves_fails_and_says_why() -> None:
    """Reading 23: ownership is checked again when the build resolves, not only at placement."""
    session = set_up([("10", "8"), ("11", "5")])
    answer_with_changes(session, {"icon": "adventure-gathering"}, {})
    session.answer({})
    session.answer({})
    place(session, ("camp:rest",), ("build:knife",), ("camp:rest",), ("camp:rest",))
    while session.state["queue"][0]["spot"] != "build:knife":
        session.answer({})
    state = session.state
    assert [f.key for f in GAME.prompt(state).fields] == ["success", "adventure", "other"]
    # Meanwhile Red built the Knife (or took it): Blue's build cannot succeed any more.
    red = next(p for p in state["players"] if p["id"] == "red")
    red["cards"]["knife"] = {"kind": "invention", "markers": None}
    prompt = GAME.prompt(state)
    assert [f.key for f in prompt.fields] == ["adventure", "other"]
    assert "This build fails now: Knife belongs to Red" in [line.render() for line in prompt.lines]
    after, _ = GAME.advance(state, prompt.coerce({}))
    blue = next(p for p in after["players"] if p["id"] == "blue")
    assert "knife" not in blue["cards"]
