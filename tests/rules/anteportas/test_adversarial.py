"""Adversarial scenarios written from the rule text before running them: edges and corners,
empty supplies and decks, ties, and what must never appear or vanish."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.games.anteportas.board import OFF_BOARD
from rules.session import Session
from tests.rules.anteportas.helpers import (
    BOARD,
    BOMB,
    GAME,
    KIT,
    TRAP,
    act,
    building,
    card,
    field,
    mine,
    move,
    side,
    soldiers_total,
    tiles_total,
    units_total,
    with_troops,
)


@pytest.mark.parametrize("hex_id", [1, 2, 3, 4, 5])
def test_every_bottom_hex_leads_off_the_board(hex_id: int) -> None:
    """ "You lose the game immediately if an Invader manages to leave the Battleground from
    any of the bottom five hexes (#1-5)"."""
    out = move(with_troops(field(), **{f"h{hex_id}": (1, 0)}), hex_id, card(["down"]))
    assert out.defeat and out.field["troops"] == {}


@pytest.mark.parametrize("hex_id", sorted(BOARD.hexes))
def test_left_and_right_never_lead_sideways_off_the_board(hex_id: int) -> None:
    """ "If an arrow points left or right while the troop is at the far left or right of the
    Battleground, respectively, the troop simply moves down."""
    for arrow in ("left", "right"):
        target, edge = BOARD.step(hex_id, arrow)
        if target == OFF_BOARD:  # only down (left or right) from a bottom hex leaves the board
            assert hex_id in BOARD.bottom_row
        elif edge:
            assert target in (BOARD.neighbours[hex_id].get("down"), OFF_BOARD)
        else:
            assert target == BOARD.neighbours[hex_id][BOARD.direction(arrow)]


def test_knockback_at_the_top_edge_goes_as_far_as_the_board() -> None:
    f = with_troops(field(h24=side("", TRAP), h19=side("F", building("guard_post"))), h24=(1, 0))
    steps = act(
        f, {"do": "knockback", "hex": 24, "basic": 1, "elite": 0, "distance": 2, "by": None}
    )
    assert f["troops"] == {"24": {"basic": 1, "elite": 0}}
    assert steps == ["The Invaders on #24 cannot be sent further back"]


def test_spawning_with_an_empty_supply_places_nothing_and_says_so() -> None:
    """ "If you run out of a tile type, you cannot place any more ... The same applies to the
    Invaders"."""
    session = Session(GAME, {"players": 2}, seed=4)
    state = session.state
    state["field"]["supply"] = {"basic": 0, "elite": 0}
    from rules.games.anteportas.game import resolve

    cards = [c for c in KIT.cards.values() if c["spawn"]][:2]
    done = resolve(state, "spawn", {"cards": cards}, {})
    assert done.field["troops"] == {}
    assert any(t.rule == "limited components" for t in done.log.tracer.freeze())


def test_increase_takes_only_what_the_supply_holds() -> None:
    f = with_troops(field(), h24=(1, 0))
    f["supply"] = {"basic": 1, "elite": 0}
    out = move(f, 24, card(["down"], [{"power": "increase", "add": {"basic": 3}}]))
    assert out.field["troops"]["19"] == {"basic": 2, "elite": 0}
    assert out.field["supply"] == {"basic": 0, "elite": 0}


def test_the_digital_deck_reshuffles_when_it_runs_out() -> None:
    session = Session(GAME, {"players": 2}, seed=9)
    state = copy.deepcopy(dict(session.state))
    deck_size = len(state["deck"])
    from rules.games.anteportas.game import _draw

    drawn = [_draw(state)["id"] for _ in range(deck_size + 3)]
    assert sorted(set(drawn[:deck_size])) == sorted(drawn[:deck_size])  # every card once
    assert len(state["deck"]) + len(state["discard"]) == deck_size


def test_a_tie_in_battle_goes_to_your_units() -> None:
    """ "If your total Strength is equal to or greater than the Invaders"."""
    f = with_troops(field(h19=side("FF")), h24=(2, 0))
    out = move(f, 24, card(["down"]))
    assert out.battles[0]["our_strength"] == out.battles[0]["their_strength"] == 2
    assert out.battles[0]["defenders_win"] and out.field["troops"] == {}


def test_a_bomb_chain_across_the_board_keeps_every_unit_accounted_for() -> None:
    bombs = {f"h{h}": side("F", None) for h in (6, 11, 16)}
    f = field(**bombs)
    for h in (7, 12, 17, 22):
        f["hexes"][str(h)] = side("", BOMB)
    with_troops(f, h21=(2, 1), h8=(1, 0))
    total, soldiers = units_total(f), soldiers_total(f)
    act(f, {"do": "fire_bomb", "hex": 7, "by": None})
    assert all(f["hexes"][str(h)]["tile"] is None for h in (7, 12, 17, 22))
    assert units_total(f) == total and soldiers_total(f) == soldiers


TERRAIN = st.sampled_from(
    [
        None,
        TRAP,
        BOMB,
        mine("pressure"),
        mine("bounding"),
        mine("dummy"),
        building("guard_post"),
        building("guard_tower"),
        building("trench"),
        building("bunker"),
        building("catapult"),
        building("howitzer"),
    ]
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    terrain=st.dictionaries(
        st.integers(1, 23), st.tuples(st.text(alphabet="FCfc", max_size=3), TERRAIN), max_size=10
    ),
    troops=st.dictionaries(
        st.integers(6, 28), st.tuples(st.integers(0, 3), st.integers(0, 2)), min_size=1, max_size=4
    ),
    cid=st.sampled_from(sorted(KIT.cards)),
    answers=st.dictionaries(
        st.sampled_from(["battle-1", "battle-2", "damage-1"]), st.sampled_from(["mine", "soldiers"])
    ),
)
def test_every_power_on_any_terrain_conserves_units_soldiers_and_tiles(
    terrain, troops, cid, answers
) -> None:
    """Whatever card meets whatever terrain: no Invader, Soldier or tile appears from nowhere."""
    f = field()
    for h, (code, tile) in terrain.items():
        f["hexes"][str(h)] = side(code, tile)
    placed = {f"h{h}": (b, e) for h, (b, e) in troops.items() if b + e}
    if not placed:
        return
    with_troops(f, **placed)
    start = min(int(k.lstrip("h")) for k in placed)
    card_ = copy.deepcopy(KIT.cards[cid])
    before_units, before_soldiers, before_tiles = units_total(f), soldiers_total(f), tiles_total(f)
    out = move(f, start, card_, dragons=card_["scenario"] == "dragons", answers=answers)
    if not out.defeat:
        assert units_total(out.field) == before_units
    assert soldiers_total(out.field) == before_soldiers
    assert tiles_total(out.field) <= before_tiles  # tiles are destroyed or stay, never appear
    for troop in out.field["troops"].values():
        assert troop["basic"] + troop["elite"] > 0
