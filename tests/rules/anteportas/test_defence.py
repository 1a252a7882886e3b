"""Defensive Works and the players' actions: Bombs, sight, Soldier actions, limits, costs."""

from __future__ import annotations

import copy

import pytest

from rules.errors import IllegalInput
from rules.games.anteportas.asking import Asker, Log, NeedChoice
from rules.games.anteportas.effects import explode_bomb
from rules.games.anteportas.sight import in_sight
from tests.rules.anteportas.helpers import (
    BOMB,
    KIT,
    TRAP,
    act,
    building,
    field,
    mine,
    side,
    soldiers_total,
    units_total,
    with_troops,
)


def blast(f: dict, hex_id: int, answers: dict | None = None) -> tuple[list[int], list[str], Log]:
    log = Log()
    exploded = explode_bomb(f, hex_id, False, KIT, Asker(answers or {}, log, defaults=True))
    return exploded, [m.english() for m in log.steps], log


def test_bomb_3_damage_to_its_hex_1_to_adjacent_and_chain() -> None:
    f = field(
        h12=side("", BOMB), h17=side("", BOMB), h7=side("F", TRAP), h9=side("", mine("dummy"))
    )
    f["hexes"]["14"] = side("C")
    with_troops(f, h12=(2, 1), h22=(1, 0))
    before = units_total(f)
    exploded, _, _ = blast(f, 12)
    assert exploded == [12, 17]  # #17 is adjacent to #12: chain explosion
    assert f["hexes"]["7"]["tile"] is None  # adjacent Trap destroyed
    assert f["hexes"]["9"]["tile"] is None  # adjacent Mine destroyed
    assert f["sickbay"]["farmer"] == 1  # "Bombs deal damage to all Units—even to your own ones!"
    assert f["hexes"]["14"]["soldiers"]  # the Citizen absorbs 1 and 1 (two blasts)
    assert f["troops"] == {"12": {"basic": 0, "elite": 1}}  # 3 kills 2 Basic; Elite absorbs 1s
    assert units_total(f) == before


def test_bomb_damage_comes_before_the_adjacent_mine_is_destroyed() -> None:
    """ "Bombs deal 3 damage to their hex, and 1 damage to each adjacent hex (see page 5 on
    how to resolve damage). All Bombs on adjacent hexes will also explode from this, and all
    adjacent Traps and Mines will be destroyed." Page 5: "a Mine will detonate first"."""
    f = field(h13=side("", BOMB), h8=side("F", mine("pressure")))
    _, steps, _ = blast(f, 13)
    assert f["hexes"]["8"] == side("F")  # the Mine took the 1 damage and is gone; Farmer safe
    assert f["sickbay"]["farmer"] == 0
    assert "Pressure Mine on #8 explodes" in steps


def test_a_mine_destroyed_by_a_bomb_is_offered_for_replacement() -> None:
    f = field(
        h13=side("", BOMB), h8=side("", mine("bounding")), h3=side("F", building("guard_post"))
    )
    log = Log()
    with pytest.raises(NeedChoice) as info:
        explode_bomb(copy.deepcopy(f), 13, False, KIT, Asker({}, log))
    assert info.value.question["kind"] == "replace"
    assert info.value.question["sources"] == [3] and info.value.question["cost"] == 2
    _, steps, log = blast(f, 13, {"replace-1": [3]})
    assert f["hexes"]["8"]["tile"] == mine("bounding")
    assert log.costs == {"tools": 2}
    assert "Bounding Mine on #8 replaced: pay 2 Tools" in steps


def test_spawn_point_and_unit_hexes_are_in_sight() -> None:
    assert in_sight(field(h15=side("F")), KIT) == {2, 15}


def test_unmanned_or_wrongly_manned_building_sees_only_its_hex() -> None:
    assert in_sight(field(h4=side("", building("guard_post"))), KIT) == {2, 4}
    assert in_sight(field(h4=side("C", building("guard_post"))), KIT) == {2, 4}
    assert in_sight(field(h4=side("f", building("guard_post"))), KIT) == {2, 4, 6, 7, 9, 10, 14}


def test_rotating_a_building_turns_its_arrows() -> None:
    f = field(h6=side("F", building("catapult")))
    act(f, {"do": "rotate", "hex": 6, "turn": 1})
    assert in_sight(f, KIT) == {2, 6, 9, 12}


def test_trench_example_combined_fire_kills_an_elite_unit() -> None:
    """Two Trenches in sight of #12; three Farmers on the left one, but it exhausts two at most."""
    f = with_troops(
        field(h9=side("FFF", building("trench")), h10=side("F", building("trench"))), h12=(0, 1)
    )
    with pytest.raises(IllegalInput, match="only 2 Soldier"):
        act(f, {"do": "gunfire", "hex": 12, "sources": {"9": 3}})
    act(f, {"do": "gunfire", "hex": 12, "sources": {"9": 2, "10": 1}})
    assert "12" not in f["troops"]
    assert [s["exhausted"] for s in f["hexes"]["9"]["soldiers"]] == [True, True, False]


def test_a_trench_cannot_fire_on_its_own_hex_or_out_of_sight() -> None:
    f = with_troops(field(h9=side("F", building("trench"))), h9=(1, 0), h24=(1, 0))
    with pytest.raises(IllegalInput, match="cannot fire on #9"):
        act(f, {"do": "gunfire", "hex": 9, "sources": {"9": 1}})
    with pytest.raises(IllegalInput, match="cannot fire on #24"):
        act(f, {"do": "gunfire", "hex": 24, "sources": {"9": 1}})


def test_indirect_fire_over_the_invaders_heads() -> None:
    f = with_troops(field(h6=side("F", building("catapult"))), h11=(1, 0), h16=(1, 0))
    assert 16 not in in_sight(f, KIT)  # blocked by the troop on #11
    act(f, {"do": "gunfire", "hex": 16, "sources": {"6": 1}})
    assert f["troops"] == {"11": {"basic": 1, "elite": 0}}


def test_indirect_fire_on_a_bomb_explodes_it() -> None:
    f = with_troops(
        field(h6=side("F", building("catapult")), h16=side("", BOMB)), h11=(1, 0), h16=(1, 0)
    )
    act(f, {"do": "gunfire", "hex": 16, "sources": {"6": 1}})
    assert f["hexes"]["16"]["tile"] is None
    assert f["troops"] == {}  # #16's Raider falls to the fire, #11's to the Bomb's 1 damage


def test_exhausted_soldiers_cannot_act_again_until_upright() -> None:
    f = field(h4=side("F", building("guard_post")), h14=side("", BOMB))
    act(f, {"do": "fire_bomb", "hex": 14, "by": 4})
    assert f["hexes"]["4"]["soldiers"][0]["exhausted"]
    f["hexes"]["14"]["tile"] = BOMB
    with pytest.raises(IllegalInput, match="cannot fire this Bomb"):
        act(f, {"do": "fire_bomb", "hex": 14, "by": 4})
    steps = act(f, {"do": "upright", "soldiers": {"4-farmer-exhausted": 1}})
    assert not f["hexes"]["4"]["soldiers"][0]["exhausted"]
    assert steps == ["1 Soldier set upright"]


def test_tiles_only_in_sight_and_not_on_invaders() -> None:
    f = field()
    with pytest.raises(IllegalInput, match="in sight"):
        act(f, {"do": "trap", "hex": 20})
    with_troops(f, h2=(1, 0))
    with pytest.raises(IllegalInput, match="without Invaders"):
        act(f, {"do": "trap", "hex": 2})


def test_enlisting_onto_invaders_starts_a_battle() -> None:
    f = with_troops(field(), h2=(1, 0))
    steps = act(f, {"do": "enlist", "farmer": 0, "citizen": 1})
    assert "2" not in f["troops"]
    assert any("Battle on #2" in m for m in steps)


def test_players_battles_ask_mine_or_soldiers_first() -> None:
    """A Battle the players start asks like any other ("unless you want your Soldiers to
    take the damage instead")."""
    f = with_troops(field(h12=side("", mine("bounding"))), h12=(3, 0))
    f["hexes"]["7"] = side("C")
    with pytest.raises(NeedChoice) as info:
        act(
            copy.deepcopy(f),
            {
                "do": "deploy",
                "from": 7,
                "to": 12,
                "farmer": 0,
                "citizen": 1,
                "building": False,
                "supreme": False,
            },
            defaults=False,
        )
    assert info.value.question["kind"] == "battle"
    act(
        f,
        {
            "do": "deploy",
            "from": 7,
            "to": 12,
            "farmer": 0,
            "citizen": 1,
            "building": False,
            "supreme": False,
        },
        answers={"battle-1": "soldiers"},
    )
    assert f["hexes"]["12"] == side("", mine("bounding"))
    assert f["sickbay"]["citizen"] == 1


def test_knockback_sends_up_to_three_back_towards_the_spawn_area() -> None:
    f = with_troops(field(h9=side("", TRAP), h4=side("F", building("guard_post"))), h9=(4, 0))
    act(f, {"do": "knockback", "hex": 9, "basic": 3, "elite": 0, "distance": 2, "by": 4})
    assert f["troops"] == {"9": {"basic": 1, "elite": 0}, "19": {"basic": 3, "elite": 0}}
    with pytest.raises(IllegalInput, match="one to three"):
        act(
            field(h9=side("", TRAP)) | {"troops": {"9": {"basic": 4, "elite": 0}}},
            {"do": "knockback", "hex": 9, "basic": 4, "elite": 0, "distance": 1, "by": None},
        )


def test_unknown_action_names_the_field() -> None:
    with pytest.raises(IllegalInput) as info:
        act(field(), {"do": "jump"})
    assert info.value.field == "action"


def test_supreme_commander_adds_one_to_the_battle_it_starts() -> None:
    f = with_troops(field(h7=side("F")), h12=(2, 0))
    move = {"do": "deploy", "from": 7, "to": 12, "farmer": 1, "citizen": 0, "building": False}
    act(f, {**move, "supreme": False})
    assert f["troops"] == {"12": {"basic": 1, "elite": 0}}  # 1 < 2: the Farmer falls, 1 Raider too
    f = with_troops(field(h7=side("F")), h12=(2, 0))
    act(f, {**move, "supreme": True})
    assert f["troops"] == {}


def test_guard_post_example_two_farmers_at_most() -> None:
    f = field(h4=side("FFF", building("guard_post")), h10=side("", BOMB))
    act(f, {"do": "fire_bomb", "hex": 10, "by": 4})
    f["hexes"]["10"]["tile"] = BOMB
    act(f, {"do": "fire_bomb", "hex": 10, "by": 4})
    f["hexes"]["10"]["tile"] = BOMB
    with pytest.raises(IllegalInput, match="cannot fire this Bomb"):
        act(f, {"do": "fire_bomb", "hex": 10, "by": 4})


def test_components_are_limited_on_purpose() -> None:
    f = field(**{f"h{h}": side("F") for h in range(1, 10)})
    for h in range(1, 8):
        act(f, {"do": "build", "hex": h, "kind": "catapult"})
    with pytest.raises(IllegalInput, match="limited"):
        act(f, {"do": "build", "hex": 8, "kind": "howitzer"})
    act(f, {"do": "build", "hex": 8, "kind": "guard_post"})


def test_place_costs_are_tracked() -> None:
    f = field(h7=side("F"))
    log = Log()
    from rules.games.anteportas.actions import Table, apply_action

    apply_action(f, {"do": "trap", "hex": 7}, Table(), KIT, Asker({}, log))
    f["hexes"]["2"] = side("")
    f["sickbay"] = {"farmer": 2, "citizen": 1}
    apply_action(f, {"do": "heal", "farmer": 2, "citizen": 1}, Table(), KIT, Asker({}, log))
    apply_action(f, {"do": "bomb", "hex": 2}, Table(era=2), KIT, Asker({}, log))
    assert dict(log.costs) == {"tools": 2, "food": 2, "dollars": 2, "wood": 3, "ore": 1}


def test_correcting_hexes_keeps_units_accounted_for() -> None:
    f = with_troops(field(h7=side("F")), h12=(2, 0))
    total = units_total(f)
    act(
        f,
        {
            "do": "correct",
            "hexes": {
                "12": {"soldiers": {}, "invaders": {"basic": 1, "elite": 1}, "tile": None},
                "7": {
                    "soldiers": {"citizen": 1},
                    "invaders": {"basic": 0, "elite": 0},
                    "tile": TRAP,
                },
            },
        },
    )
    assert f["troops"] == {"12": {"basic": 1, "elite": 1}}
    assert units_total(f) == total
    assert f["hexes"]["7"] == side("C", TRAP)
    assert soldiers_total(f) == {"farmer": 0, "citizen": 1}
