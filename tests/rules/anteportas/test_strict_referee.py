"""Issue 13: what a strict referee caught, each with the rule text it follows."""

from __future__ import annotations

import copy

import pytest

from rules.errors import SituationError
from rules.games.anteportas.asking import NeedChoice
from rules.registry import get_game
from tests.rules.anteportas.helpers import (
    BOMB,
    TRAP,
    building,
    card,
    field,
    mine,
    move,
    side,
    units_total,
    with_troops,
)

FIRE_DOWN = [{"power": "fire", "targets": [{"dir": "down", "damage": 1}]}]


def test_the_dragons_own_fire_power_sets_off_a_bomb_that_hurts_them() -> None:
    """ "Bombs deal damage to all Units—even to your own ones!" and "Bombs explode
    automatically ... when a Dragon breathes fire on them": the Bomb on #19 deals 1 damage
    to the adjacent #24, where the Dragons stay (Fire: "The troop does not move")."""
    f = with_troops(field(h19=side("", BOMB)), h24=(1, 1))
    total = units_total(f)
    out = move(f, 24, card([], FIRE_DOWN, cid="D106"), dragons=True)
    assert out.field["hexes"]["19"]["tile"] is None
    assert out.field["troops"] == {"24": {"basic": 0, "elite": 1}}  # the Basic Dragon fell
    assert units_total(out.field) == total


def test_a_flying_mixed_troop_passes_farmers_without_harm_to_its_elite() -> None:
    """ "They do not take damage from Farmers, Trenches, and Bunkers while flying": 1 Basic
    and 1 Elite Dragon fly over 3 Farmers on #19 (Strength 3 counts as 1 against them)."""
    f = with_troops(field(h19=side("FFF")), h24=(1, 1))
    out = move(f, 24, card(["down", "down"], cid="D101"), dragons=True)
    assert out.battles[0]["our_strength"] == 1
    assert out.field["sickbay"]["farmer"] == 3
    assert out.field["troops"] == {"14": {"basic": 0, "elite": 1}}


def test_dragons_that_landed_on_a_trap_are_slowed_next_time() -> None:
    """ "During flight, Dragons are not affected by ... Traps" — but they "only land after
    resolving the last arrow": landed on a Trap, the Trap cancels their next arrow."""
    f = with_troops(field(h19=side("", TRAP)), h19=(2, 0))
    out = move(f, 19, card(["down", "down"], cid="D101"), dragons=True)
    assert out.path == [19, 14]
    assert out.field["troops"] == {"14": {"basic": 2, "elite": 0}}


def test_regroup_with_an_empty_supply_exchanges_nothing() -> None:
    """ "Exchange the indicated Units in the troop (from the general supply)"; "If a Special
    Power or part of it is not applicable, simply ignore it"."""
    f = with_troops(field(), h24=(3, 0))
    f["supply"]["elite"] = 0
    regroup = [{"power": "regroup", "remove": {"basic": 2}, "add": {"elite": 1}}]
    out = move(f, 24, card([], regroup))
    assert out.field["troops"]["24"] == {"basic": 3, "elite": 0}
    assert units_total(out.field) == units_total(f)
    f["supply"]["elite"] = 1
    out = move(f, 24, card([], regroup))
    assert out.field["troops"]["24"] == {"basic": 1, "elite": 1}
    assert out.field["supply"] == {"basic": f["supply"]["basic"] + 2, "elite": 0}


def test_a_shot_off_the_side_hits_nothing() -> None:
    """The edge rule says "the troop simply moves down" — a Shoot target is not a move."""
    f = with_troops(field(h23=side("F")), h28=(1, 0))
    out = move(f, 28, card([], [{"power": "shoot", "targets": ["right"]}]))
    assert out.field["sickbay"]["farmer"] == 0  # #23 (below #28) is not hit
    f = with_troops(field(h23=side("F")), h28=(1, 0))
    out = move(f, 28, card([], FIRE_DOWN, cid="D106"), dragons=True)
    assert out.field["sickbay"]["farmer"] == 1  # straight down does reach #23


def test_indirect_fire_in_support_explodes_the_bomb_on_the_battle_hex() -> None:
    """ "If Indirect Fire hits a hex containing a Bomb, the Bomb will explode" — in a Battle
    too: the Catapult's support sets off the Bomb under the Raiders (3 damage)."""
    f = with_troops(field(h11=side("F", BOMB), h6=side("F", building("catapult"))), h16=(3, 0))
    out = move(f, 16, card(["down"]), answers={"support-1": [6]})
    assert out.field["hexes"]["11"]["tile"] is None
    assert out.field["troops"] == {}  # 3 damage: all three Raiders fall
    assert out.field["sickbay"]["farmer"] == 2  # "even to your own ones": #11 and #6 (adjacent)


def test_indirect_fire_at_a_passing_troop_explodes_a_bomb() -> None:
    f = with_troops(field(h16=side("", BOMB), h6=side("F", building("catapult"))), h21=(3, 0))
    out = move(f, 21, card(["down", "down", "down"]), answers={"gunfire-1": [6]})
    assert out.field["hexes"]["16"]["tile"] is None
    assert out.path == [21, 16]
    assert out.field["troops"] == {}


def test_a_mine_destroyed_by_fire_or_shoot_is_offered_for_replacement() -> None:
    f = with_troops(
        field(h17=side("", mine("bounding")), h12=side("F", building("guard_post"))), h22=(1, 0)
    )
    fire = card([], FIRE_DOWN, cid="D106")
    with pytest.raises(NeedChoice) as info:
        move(copy.deepcopy(f), 22, fire, dragons=True, defaults=False)
    assert info.value.question["kind"] == "replace" and info.value.question["hex"] == 17
    out = move(f, 22, fire, dragons=True, answers={"replace-1": [12]})
    assert out.field["hexes"]["17"]["tile"] == mine("bounding")
    shoot = card([], [{"power": "shoot", "targets": ["down"]}])
    with pytest.raises(NeedChoice) as info:
        move(copy.deepcopy(f), 22, shoot, defaults=False)
    assert info.value.question["kind"] == "replace"


@pytest.mark.parametrize(
    "power,path",
    [
        ({"power": "press_ahead", "steps": []}, "card.powers[0].steps"),
        ({"power": "fire", "targets": [{"dir": "down"}]}, "card.powers[0].targets[0].damage"),
        ({"power": "fire", "targets": []}, "card.powers[0].targets"),
        ({"power": "split", "left": ["left"]}, "card.powers[0].right"),
    ],
)
def test_malformed_powers_are_refused_by_name_not_a_traceback(power: dict, path: str) -> None:
    situation = {
        "hex": 24,
        "troops": {"24": {"basic": 1}},
        "card": {"id": "R199", "arrows": ["down"], "powers": [power]},
    }
    with pytest.raises(SituationError) as info:
        get_game("anteportas").decisions()["move-troop"](situation)
    assert info.value.field == path
