"""Bombs and chain explosions, line of sight, Soldier actions with their limits."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from rules.games.anteportas.effects import explode_bomb
from rules.games.anteportas.sight import in_sight
from rules.games.anteportas.table import apply_commands
from tests.rules.anteportas.helpers import BOMB, TRAP, building, field, mine, side


def test_bomb_3_damage_to_its_hex_1_to_adjacent_and_chain() -> None:
    f = field(
        h12=side("", BOMB), h17=side("", BOMB), h7=side("F", TRAP), h9=side("", mine("dummy"))
    )
    f["hexes"]["14"] = side("C")
    f["troops"] = {"12": {"basic": 2, "elite": 1}, "22": {"basic": 1, "elite": 0}}
    steps: list = []
    exploded = explode_bomb(f, 12, False, steps)
    assert exploded == [12, 17]  # #17 is adjacent to #12: chain explosion
    assert f["hexes"]["7"]["tile"] is None  # adjacent Trap destroyed
    assert f["hexes"]["9"]["tile"] is None  # adjacent Mine destroyed
    assert f["sickbay"]["farmer"] == 1  # your own Farmer on #7 takes 1 damage
    assert f["hexes"]["14"]["soldiers"]  # the Citizen absorbs 1+1 (two blasts)... each below 3
    assert f["troops"] == {"12": {"basic": 0, "elite": 1}}  # 3 kills 2 Basic; Elite absorbs 1s
    assert "22" not in f["troops"]  # #22 is adjacent to #17


def test_spawn_point_and_unit_hexes_are_in_sight() -> None:
    f = field(h15=side("F"))
    assert in_sight(f) == {2, 15}


def test_unmanned_or_wrongly_manned_building_sees_only_its_hex() -> None:
    assert in_sight(field(h4=side("", building("guard_post")))) == {2, 4}
    assert in_sight(field(h4=side("C", building("guard_post")))) == {2, 4}
    assert in_sight(field(h4=side("f", building("guard_post")))) == {2, 4, 6, 7, 9, 10, 14}


def test_rotating_a_building_turns_its_arrows() -> None:
    f = field(h6=side("F", building("catapult")))
    apply_commands(f, "rotate 6 1", False)
    assert in_sight(f) == {2, 6, 9, 12}


def test_trench_example_combined_fire_kills_an_elite_unit() -> None:
    """Two Trenches in sight of #12; three Farmers on the left one, but it exhausts two at most."""
    f = field(h9=side("FFF", building("trench")), h10=side("F", building("trench")))
    f["troops"]["12"] = {"basic": 0, "elite": 1}
    with pytest.raises(IllegalInput, match="at most 2"):
        apply_commands(field(h9=side("FFF", building("trench"))), "gunfire 12 from 9 9 9", False)
    apply_commands(f, "gunfire 12 from 9 9 10", False)
    assert "12" not in f["troops"]
    assert [s["exhausted"] for s in f["hexes"]["9"]["soldiers"]] == [True, True, False]


def test_a_trench_cannot_fire_on_its_own_hex_or_out_of_sight() -> None:
    f = field(h9=side("F", building("trench")))
    f["troops"]["9"] = {"basic": 1, "elite": 0}
    with pytest.raises(IllegalInput, match="hex it is built on"):
        apply_commands(f, "gunfire 9 from 9", False)
    with pytest.raises(IllegalInput, match="not in sight"):
        apply_commands(f, "gunfire 24 from 9", False)


def test_indirect_fire_over_the_invaders_heads() -> None:
    f = field(h6=side("F", building("catapult")))
    f["troops"] = {"11": {"basic": 1, "elite": 0}, "16": {"basic": 1, "elite": 0}}
    assert 16 not in in_sight(f)  # blocked by the troop on #11
    apply_commands(f, "gunfire 16 from 6", False)
    assert f["troops"] == {"11": {"basic": 1, "elite": 0}}


def test_indirect_fire_on_a_bomb_explodes_it() -> None:
    f = field(h6=side("F", building("catapult")), h16=side("", BOMB))
    f["troops"]["11"] = {"basic": 1, "elite": 0}
    apply_commands(f, "gunfire 16 from 6", False)
    assert f["hexes"]["16"]["tile"] is None
    assert "11" not in f["troops"]  # the Bomb's 1 damage reaches the adjacent #11


def test_exhausted_soldiers_cannot_act_again_until_upright() -> None:
    f = field(h4=side("F", building("guard_post")), h14=side("", BOMB))
    apply_commands(f, "bomb 14 from 4", False)
    assert f["hexes"]["4"]["soldiers"][0]["exhausted"]
    f["hexes"]["14"]["tile"] = BOMB
    with pytest.raises(IllegalInput, match="no upright farmer"):
        apply_commands(f, "bomb 14 from 4", False)
    apply_commands(f, "upright", False)
    assert not f["hexes"]["4"]["soldiers"][0]["exhausted"]


def test_tiles_only_in_sight_and_not_on_invaders() -> None:
    f = field()
    with pytest.raises(IllegalInput, match="in sight"):
        apply_commands(f, "set 20 trap", False)
    f["troops"]["2"] = {"basic": 1, "elite": 0}
    with pytest.raises(IllegalInput, match="containing Invaders"):
        apply_commands(f, "set 2 trap", False)
    with pytest.raises(IllegalInput, match="more than one tile"):
        apply_commands(field(), "set 2 trap bomb", False)


def test_enlisting_onto_invaders_starts_a_battle() -> None:
    f = field()
    f["troops"]["2"] = {"basic": 1, "elite": 0}
    steps = apply_commands(f, "set 2 C", False)
    assert "2" not in f["troops"]
    assert any("Battle on #2" in m.english() for m in steps)


def test_knockback_sends_up_to_three_back_towards_the_spawn_area() -> None:
    f = field(h9=side("", TRAP), h4=side("F", building("guard_post")))
    f["troops"]["9"] = {"basic": 4, "elite": 0}
    apply_commands(f, "knockback 9 2 from 4", False)
    assert f["troops"] == {"9": {"basic": 1, "elite": 0}, "19": {"basic": 3, "elite": 0}}


def test_unknown_command_names_the_field() -> None:
    with pytest.raises(IllegalInput) as info:
        apply_commands(field(), "jump 3", False)
    assert info.value.field == "change"


def test_supreme_commander_adds_one_to_the_battle_it_starts() -> None:
    f = field()
    f["troops"]["12"] = {"basic": 2, "elite": 0}
    apply_commands(f, "set 12 F", False)
    assert f["troops"] == {"12": {"basic": 1, "elite": 0}}  # 1 < 2: the Farmer falls, 1 Raider too
    f = field()
    f["troops"]["12"] = {"basic": 2, "elite": 0}
    apply_commands(f, "set 12 F +1", False)
    assert f["troops"] == {}


def test_guard_post_example_two_farmers_at_most() -> None:
    f = field(
        h4=side("FFF", building("guard_post")),
        h9=side("", BOMB),
        h14=side("", BOMB),
        h10=side("", BOMB),
    )
    apply_commands(f, "bomb 10 from 4", False)
    f["hexes"]["10"]["tile"] = BOMB
    apply_commands(f, "bomb 10 from 4", False)
    f["hexes"]["10"]["tile"] = BOMB
    with pytest.raises(IllegalInput, match="at most 2"):
        apply_commands(f, "bomb 10 from 4", False)


def test_components_are_limited_on_purpose() -> None:
    f = field()
    for h in range(1, 8):
        apply_commands(f, f"set {h} F catapult", False)
    with pytest.raises(IllegalInput, match="7 catapult/howitzer"):
        apply_commands(f, "set 8 F howitzer", False)
    apply_commands(f, "set 7 F trap", False)  # replacing a tile frees its component
    apply_commands(f, "set 8 F howitzer", False)
