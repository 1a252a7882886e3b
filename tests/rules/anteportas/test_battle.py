"""Resolving Battle: both examples of the text row by row, special cases, properties."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.games.anteportas.battle import (
    BattleContext,
    allocate_defence,
    allocate_troop,
    resolve_battle,
)
from tests.rules.anteportas.helpers import BOMB, DEFS, TRAP, building, mine, side

GUARDED = side("CF", building("guard_post"))  # Citizen + Farmer + Guard Post: 3+1+0
MINED = side("C", mine("bounding"))  # Citizen + Mine: 3+2


def fight(defence: dict, basic: int, elite: int = 0, **ctx: object):
    return resolve_battle(7, defence, {"basic": basic, "elite": elite}, BattleContext(**ctx), DEFS)


def remaining(result) -> str:
    """The hex after Battle as a code: soldiers then tile kind."""
    code = "".join(s["kind"][0].upper() for s in result.side["soldiers"])
    tile = result.side["tile"]
    return code + ("+" + (tile.get("kind") or tile["type"]) if tile else "")


# -- first example: total Strength 4 (=3+1+0) -----------------------------------------


def test_example_one_strength_is_4() -> None:
    assert fight(GUARDED, 1).our_strength == 4


def test_example_one_1_basic_the_farmer_gets_wounded() -> None:
    r = fight(GUARDED, 1)
    assert r.wounded == {"farmer": 1, "citizen": 0}
    assert remaining(r) == "C+guard_post"


def test_example_one_2_basic_farmer_wounded_citizen_absorbs() -> None:
    r = fight(GUARDED, 2)
    assert r.wounded == {"farmer": 1, "citizen": 0}
    assert remaining(r) == "C+guard_post"
    assert any("absorbed" in m.english() for m in r.steps)


def test_example_one_3_basic_the_citizen_not_the_farmer() -> None:
    r = fight(GUARDED, 3)
    assert r.wounded == {"farmer": 0, "citizen": 1}
    assert remaining(r) == "F+guard_post"


def test_example_one_4_basic_both_soldiers_guard_post_prevails() -> None:
    r = fight(GUARDED, 4)
    assert r.defenders_win
    assert r.wounded == {"farmer": 1, "citizen": 1}
    assert remaining(r) == "+guard_post"


def test_example_one_5_basic_all_fall_and_one_raider_moves_on() -> None:
    r = fight(GUARDED, 5)
    assert not r.defenders_win
    assert r.wounded == {"farmer": 1, "citizen": 1}
    assert r.tiles_lost == [building("guard_post")]
    assert r.invaders_lost == {"basic": 4, "elite": 0}
    assert r.survivors == {"basic": 1, "elite": 0}


# -- second example: total Strength 5 (=3+2) ------------------------------------------


def test_example_two_1_or_2_basic_the_mine_explodes() -> None:
    for n in (1, 2):
        r = fight(MINED, n)
        assert r.our_strength == 5
        assert remaining(r) == "C"
        assert r.wounded == {"farmer": 0, "citizen": 0}
        assert r.mine_choice == []


def test_example_two_3_basic_the_players_choose() -> None:
    r = fight(MINED, 3)
    assert r.mine_choice == [
        {"mine_first": True, "falls": ["bounding"]},
        {"mine_first": False, "falls": ["citizen"]},
    ]
    assert remaining(r) == "C"  # default: the Mine explodes, the Citizen absorbs 1
    other = fight(MINED, 3, mine_first=False)
    assert remaining(other) == "+bounding"  # the Citizen is wounded, the Mine prevails
    assert other.wounded == {"farmer": 0, "citizen": 1}


def test_example_two_4_basic_mine_explodes_citizen_absorbs() -> None:
    r = fight(MINED, 4)
    assert remaining(r) == "C"
    assert r.mine_choice == []


def test_example_two_5_basic_mine_explodes_and_citizen_wounded() -> None:
    r = fight(MINED, 5)
    assert r.defenders_win
    assert remaining(r) == ""
    assert r.wounded == {"farmer": 0, "citizen": 1}


# -- the other rules of Resolving Battle ----------------------------------------------


def test_dummy_mine_can_be_spared_for_a_basic_unit() -> None:
    r = fight(side("F", mine("dummy")), 1)
    assert [o["falls"] for o in r.mine_choice] == [["dummy"], ["farmer"]]


def test_exhausted_soldiers_fight() -> None:
    assert fight(side("cf"), 1).our_strength == 4


def test_buildings_take_no_damage_while_soldiers_remain() -> None:
    r = fight(side("CC", building("trench")), 2)
    assert remaining(r) == "CC+trench"


def test_bunker_absorbs_2_or_lower_but_falls_to_3() -> None:
    assert remaining(fight(side("", building("bunker")), 2)) == "+bunker"
    assert remaining(fight(side("", building("bunker")), 3)) == ""


def test_traps_add_1_and_take_no_damage() -> None:
    r = fight(side("F", TRAP), 2)
    assert r.our_strength == 2
    assert remaining(r) == "+trap"


def test_losing_keeps_traps_and_unfired_bombs() -> None:
    assert remaining(fight(side("F", TRAP), 5)) == "+trap"
    assert remaining(fight(side("F", BOMB), 5)) == "+bomb"


def test_elite_units_absorb_damage_lower_than_3() -> None:
    r = fight(side("FF"), 0, elite=1)
    assert r.survivors == {"basic": 0, "elite": 1}
    assert r.invaders_lost == {"basic": 0, "elite": 0}


def test_invaders_lose_basic_units_first() -> None:
    assert allocate_troop({"basic": 2, "elite": 1}, 3, False, DEFS) == {"basic": 2, "elite": 0}
    assert allocate_troop({"basic": 1, "elite": 1}, 4, False, DEFS) == {"basic": 1, "elite": 1}


def test_twice_as_strong_basic_2_elite_6() -> None:
    r = fight(side("C"), 2, twice=True)
    assert r.their_strength == 4
    assert r.invaders_lost == {"basic": 1, "elite": 0}


def test_stronger_raises_the_damage_taken() -> None:
    r = fight(side("C"), 2, troop_modifier=1)
    assert r.their_strength == 3 and r.wounded == {"farmer": 0, "citizen": 1}


def test_flying_elite_dragon_ignores_the_farmer_example() -> None:
    """Hex #14: Bounding Mine + Farmer; the Elite Dragon absorbs the Mine, ignores the Farmer."""
    r = resolve_battle(
        14, side("F", mine("bounding")), {"basic": 0, "elite": 1}, BattleContext(flying=True), DEFS
    )
    assert r.our_strength == 2
    assert remaining(r) == "F"  # the Mine detonated, the Farmer is ignored
    assert r.survivors == {"basic": 0, "elite": 1}


def test_flying_dragons_ignore_pressure_mines_and_traps() -> None:
    r = fight(side("C", mine("pressure")), 2, flying=True)
    assert r.our_strength == 3
    assert remaining(r) == "C+pressure"


# -- properties ------------------------------------------------------------------------

TILES = st.one_of(
    st.none(),
    st.sampled_from(
        [building(k) for k in DEFS.buildings] + [mine(k) for k in DEFS.mines] + [TRAP, BOMB]
    ),
)


@settings(max_examples=150, deadline=None)
@given(
    code=st.text(alphabet="FCfc", max_size=5),
    tile=TILES,
    basic=st.integers(0, 8),
    elite=st.integers(0, 3),
    twice=st.booleans(),
    mine_first=st.booleans(),
    flying=st.booleans(),
)
def test_units_and_strength_are_conserved(
    code: str, tile, basic: int, elite: int, twice: bool, mine_first: bool, flying: bool
) -> None:
    if basic + elite == 0:
        basic = 1
    before = side(code, tile)
    troop = {"basic": basic, "elite": elite}
    r = resolve_battle(
        7, before, troop, BattleContext(twice=twice, mine_first=mine_first, flying=flying), DEFS
    )
    # Invaders: every Unit either fell or survives.
    assert {k: r.invaders_lost[k] + r.survivors[k] for k in troop} == troop
    # Soldiers: every Soldier is either still on the hex or wounded.
    for kind in ("farmer", "citizen"):
        still = sum(1 for s in r.side["soldiers"] if s["kind"] == kind)
        assert still + r.wounded[kind] == sum(1 for s in before["soldiers"] if s["kind"] == kind)
    # The tile is either still there or lost.
    assert (r.side["tile"] is not None) + len(r.tiles_lost) == (tile is not None)
    if r.defenders_win:
        assert r.survivors == {"basic": 0, "elite": 0}
    else:
        # The Invaders lose no more Strength than yours.
        defs = DEFS
        lost = sum(r.invaders_lost[k] * defs.invader_strength(k, twice) for k in troop)
        assert lost <= r.our_strength
        assert r.side["soldiers"] == [
            s
            for s in before["soldiers"]
            if flying and elite and not basic and s["kind"] == "farmer"
        ]
        # What a flying mixed troop's Farmers/Trenches/Bunkers deal hits Basic Dragons only.
        if flying and elite and basic:
            assert r.invaders_lost["elite"] * DEFS.invader_strength("elite", twice) <= (
                r.our_strength
            )


@settings(max_examples=200, deadline=None)
@given(code=st.text(alphabet="FC", max_size=6), damage=st.integers(0, 20), mine_first=st.booleans())
def test_damage_wounds_as_many_soldiers_as_possible(
    code: str, damage: int, mine_first: bool
) -> None:
    s = side(code)
    loss = allocate_defence(s, damage, DEFS, mine_first=mine_first)
    strength = {"farmer": 1, "citizen": 3}
    wounded = [s["soldiers"][i]["kind"] for i in loss.wounded]
    assert sum(strength[k] for k in wounded) <= damage
    left = damage - sum(strength[k] for k in wounded)
    remaining = [x["kind"] for i, x in enumerate(s["soldiers"]) if i not in loss.wounded]
    # Nobody left could still have been wounded with the damage left over.
    assert all(strength[k] > left for k in remaining)
    assert len(wounded) == max(
        nf + nc
        for nc in range(code.count("C") + 1)
        for nf in range(code.count("F") + 1)
        if nf + 3 * nc <= damage
    )


# -- Elite Dragons in flight (issue 13: reading 10 was wrong for mixed troops) -----------------


def test_flying_elite_in_a_mixed_troop_take_no_damage_from_farmers() -> None:
    """ "Elite Dragons ... do not take damage from Farmers, Trenches, and Bunkers while flying."

    1 Basic + 1 Elite Dragon (4) flying onto 4 Farmers: the Farmers' Strength counts
    only against the Basic Dragon (1), so yours is 1: the Farmers are removed and
    only the Basic Dragon falls.
    """
    r = fight(side("FFFF"), 1, elite=1, flying=True)
    assert r.our_strength == 1
    assert not r.defenders_win
    assert r.invaders_lost == {"basic": 1, "elite": 0}
    assert r.survivors == {"basic": 0, "elite": 1}
    assert r.wounded == {"farmer": 4, "citizen": 0}


def test_flying_mixed_troop_citizens_harm_elite_dragons() -> None:
    """A Citizen's 3 can hit the Elite Dragon; the Farmer's 1 only the Basic one: 4 >= 4."""
    r = fight(side("CF"), 1, elite=1, flying=True)
    assert r.our_strength == 4 and r.defenders_win
    assert r.invaders_lost == {"basic": 1, "elite": 1}


def test_flying_mixed_troop_trench_counts_only_against_basic() -> None:
    r = fight(side("", building("trench")), 1, elite=1, flying=True, defence_bonus=3)
    # Trench 1 (Basic only, capped at the Basic Dragon's 1) + Catapult support 3.
    assert r.our_strength == 4 and r.defenders_win
    r = fight(side("", building("trench")), 1, elite=1, flying=True, gunfire_bonus=2)
    # Trench 1 + its Gunfire 2 hurt Basic Dragons only: capped at 1.
    assert r.our_strength == 1 and not r.defenders_win
    assert r.invaders_lost == {"basic": 1, "elite": 0}


def test_landing_mixed_troop_fights_everything() -> None:
    r = fight(side("FFFF"), 1, elite=1, flying=False)
    assert r.our_strength == 4 and r.defenders_win


def test_allocate_troop_basic_only_damage() -> None:
    assert allocate_troop({"basic": 1, "elite": 1}, 0, False, DEFS, basic_only=5) == {
        "basic": 1,
        "elite": 0,
    }
    assert allocate_troop({"basic": 1, "elite": 1}, 3, False, DEFS, basic_only=1) == {
        "basic": 1,
        "elite": 1,
    }
