"""A fresh rules audit: situations written from the rule text alone, each with its words."""

from __future__ import annotations

import copy

import pytest

from rules.errors import IllegalInput
from rules.games.anteportas.asking import Asker, Log
from rules.games.anteportas.versus_play import play
from tests.rules.anteportas.helpers import (
    BOMB,
    KIT,
    TRAP,
    act,
    battle,
    building,
    card,
    field,
    mine,
    move,
    side,
    with_troops,
)
from tests.rules.anteportas.test_versus import MOVE, units, versus_state


def test_a_pressure_mine_stays_when_flying_dragons_win_the_battle_over_it() -> None:
    """ "During flight, Dragons are not affected by Pressure Mines or Traps. (They can and
    will engage in Battle.)" Two Basic Dragons fly over #17 (Farmer 1 against 2): the Farmer
    is wounded, the Farmer's 1 damage fells one Dragon, the other flies on to #12; the
    Pressure Mine took no part, so it is not removed with "all of your Units"."""
    f = with_troops(field(h17=side("F", mine("pressure"))), h22=(2, 0))
    out = move(f, 22, card(["down", "down"], cid="D101"), dragons=True)
    assert out.path == [22, 17, 12]
    assert out.field["hexes"]["17"] == side("", mine("pressure"))
    assert out.field["sickbay"] == {"farmer": 1, "citizen": 0}
    assert out.field["troops"] == {"12": {"basic": 1, "elite": 0}}


def test_the_survivor_of_a_battle_on_a_trap_is_slowed_there() -> None:
    """ "If there is a Battle on the hex with the Trap, your total Strength is increased by 1"
    and, when yours is lower, your Units but Traps are removed; "Traps slow down up to three
    Invaders ... by canceling the next arrow": 3 Basic onto Farmer + Trap (2 against 3), the
    Farmer is wounded, 2 Basic fall, the third stays on #12 instead of going on to #7."""
    f = with_troops(field(h12=side("F", TRAP)), h17=(3, 0))
    out = move(f, 17, card(["down", "down"]))
    assert out.battles[0]["our_strength"] == 2 and out.battles[0]["their_strength"] == 3
    assert out.field["troops"] == {"12": {"basic": 1, "elite": 0}}
    assert out.field["hexes"]["12"] == side("", TRAP)
    assert out.field["sickbay"] == {"farmer": 1, "citizen": 0}


def test_a_lone_building_or_mine_is_attacked_but_a_lone_trap_or_bomb_is_not() -> None:
    """ "A Battle takes place immediately when the Invaders move onto a hex containing your
    Units (except on hexes only containing a Trap or Bomb but no Soldiers)"."""
    r = battle(side("", building("guard_post")), 1)  # Strength 0 against 1
    assert not r.defenders_win and r.survivors == {"basic": 1, "elite": 0}
    assert r.tiles_lost == [building("guard_post")]
    r = battle(side("", mine("bounding")), 3)  # 2 against 3: the Invaders take 2 damage
    assert r.survivors == {"basic": 1, "elite": 0} and r.tiles_lost == [mine("bounding")]
    for tile in (TRAP, BOMB):
        f = with_troops(field(h12=side("", tile)), h17=(1, 0))
        out = move(f, 17, card(["down", "down"]))
        assert out.battles == []


def test_a_lost_battle_leaves_an_unfired_bomb() -> None:
    """ "If your total Strength is lower, remove all of your Units—except Traps, and Bombs
    that you did not fire": Farmer + Bomb against 2 Basic (1 against 2)."""
    r = battle(side("F", BOMB), 2)
    assert not r.defenders_win
    assert r.tiles_lost == [] and r.wounded == {"farmer": 1, "citizen": 0}
    assert r.survivors == {"basic": 1, "elite": 0}


def test_the_combat_engineer_is_an_era_ii_place() -> None:
    """ "At the Combat Engineer (Era II), you must choose one of two actions: Plant a Bomb
    ... Fire a Bomb": neither in Era I; a Guard Post's Soldier action may fire a Bomb in
    sight in any Era."""
    f = field()
    with pytest.raises(IllegalInput, match="Era II") as info:
        act(f, {"do": "bomb", "hex": 2}, era=1)
    assert info.value.field == "action" and f["hexes"]["2"]["tile"] is None
    act(f, {"do": "bomb", "hex": 2}, era=2)
    assert f["hexes"]["2"]["tile"] == BOMB
    with pytest.raises(IllegalInput, match="Era II"):
        act(copy.deepcopy(f), {"do": "fire_bomb", "hex": 2, "by": None}, era=1)
    f["hexes"]["4"] = side("F", building("guard_post", rotation=1))  # sees #2 down-right
    steps = act(f, {"do": "fire_bomb", "hex": 2, "by": 4}, era=1)
    assert f["hexes"]["2"]["tile"] is None and steps[0] == "Bomb on #2 explodes"


def test_versus_units_move_one_hex_or_two_with_the_supreme_commander() -> None:
    """ "Move any number of Mobile Units ... one hex each"; the Supreme Commander "up to two
    hexes". A move from #2 straight to #12 is refused and changes nothing."""
    state = versus_state()
    units(state, "A", 2, "FF")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalInput, match="out of reach") as info:
        play(state, {**MOVE, "from": 2, "to": 12, "farmer": 1}, KIT, Asker({}, Log()))
    assert info.value.field == "to" and state == before
    play(state, {**MOVE, "from": 2, "to": 12, "farmer": 1, "supreme": True}, KIT, Asker({}, Log()))
    assert state["teams"]["A"]["units"]["12"] == side("f")
