"""Moving troops: arrows, edge rule, merging, Traps, Battles mid-move, defeat, Special Powers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalInput
from rules.games.anteportas.asking import NeedChoice
from tests.rules.anteportas.helpers import (
    BOMB,
    KIT,
    TRAP,
    building,
    card,
    field,
    mine,
    move,
    side,
    soldiers_total,
    units_total,
    with_troops,
)


def english(outcome) -> list[str]:
    return outcome.steps


def test_dragon_example_19_17_fire_on_12_then_9() -> None:
    f = with_troops(field(h12=side("F")), h19=(2, 0))
    c = card(["right", {"dir": "down", "fire": True}, "left"], cid="D101")
    out = move(f, 19, c, dragons=True)
    assert out.path == [19, 17, 12, 9]
    assert out.field["sickbay"]["farmer"] == 1
    assert out.field["troops"] == {"9": {"basic": 2, "elite": 0}}
    assert "1 Farmer on #12 wounded -> Sickbay" in english(out)
    assert out.battles == []  # entered #12 unopposed


def test_dragon_fire_example_two_basic_dragons_against_a_citizen() -> None:
    f = with_troops(field(h12=side("C")), h17=(2, 0))
    out = move(f, 17, card([{"dir": "down", "fire": True}]), dragons=True)
    assert out.battles[0]["their_strength"] == 3  # 2 Dragons + the fire not applied
    assert out.field["sickbay"]["citizen"] == 1
    assert out.field["troops"] == {}


def test_fire_destroys_mines_and_explodes_bombs_before_entering() -> None:
    f = with_troops(field(h12=side("", mine("dummy")), h7=side("", BOMB)), h17=(1, 0))
    out = move(
        f, 17, card([{"dir": "down", "fire": True}, {"dir": "down", "fire": True}]), dragons=True
    )
    assert out.field["hexes"]["12"]["tile"] is None
    assert out.field["hexes"]["7"]["tile"] is None
    # The Bomb on #7 deals 1 damage to the adjacent #12, where the Dragon hovers.
    assert out.path == [17, 12]
    assert out.field["troops"] == {}


def test_merging_example_26_then_27_through_24() -> None:
    f = with_troops(field(), h26=(1, 0), h27=(2, 0))
    out = move(f, 26, card(["right"]))
    out = move(out.field, 27, card(["left", "down"]))
    assert out.path == [27, 24, 19]
    assert out.field["troops"] == {"24": {"basic": 1, "elite": 0}, "19": {"basic": 2, "elite": 0}}


def test_ending_on_a_troop_merges() -> None:
    f = with_troops(field(), h26=(1, 0), h27=(2, 0))
    out = move(f, 27, card(["left"]))
    assert out.field["troops"] == {"26": {"basic": 1, "elite": 0}, "24": {"basic": 2, "elite": 0}}
    out = move(out.field, 26, card(["right"]))
    assert out.field["troops"] == {"24": {"basic": 3, "elite": 0}}


def test_edge_rule_28_right_moves_down() -> None:
    out = move(with_troops(field(), h28=(1, 0)), 28, card(["right"]))
    assert out.path == [28, 23]


def test_battle_mid_move_and_survivors_move_on() -> None:
    f = with_troops(field(h7=side("CF", building("guard_post"))), h12=(5, 0))
    out = move(f, 12, card(["down", "down"]))
    assert "1 Basic moves on from #7" in english(out)
    assert out.field["troops"] == {"2": {"basic": 1, "elite": 0}}
    f = with_troops(field(h7=side("CF", building("guard_post")), h2=side("F")), h12=(5, 0))
    out = move(f, 12, card(["down", "down"]))
    assert not out.defeat
    assert out.path == [12, 7, 2]
    assert out.field["troops"] == {}
    assert out.field["sickbay"] == {"farmer": 2, "citizen": 1}


def test_defeat_when_leaving_by_a_bottom_hex() -> None:
    out = move(with_troops(field(), h7=(1, 0)), 7, card(["down", "down"]))
    assert out.defeat
    assert english(out)[-1] == "1 Basic leaves the Battleground from #2: you lose the game"


def test_sentences_agree_with_how_many_units_move() -> None:
    """Issue 23: "1 Elite leave the Battleground" read wrong; the verb follows the count."""
    one = english(move(with_troops(field(), h12=(0, 1)), 12, card(["down", "down", "down"])))
    assert one[1:] == [
        "1 Elite moves to #7",
        "1 Elite moves to #2",
        "1 Elite leaves the Battleground from #2: you lose the game",
    ]
    two = english(move(with_troops(field(), h12=(1, 1)), 12, card(["down", "down", "down"])))
    assert two[1:] == [
        "1 Basic + 1 Elite move to #7",
        "1 Basic + 1 Elite move to #2",
        "1 Basic + 1 Elite leave the Battleground from #2: you lose the game",
    ]


def test_trap_slows_up_to_three_basic_first() -> None:
    f = with_troops(field(h19=side("", TRAP)), h24=(3, 1))
    out = move(f, 24, card(["down", "down", "down"]))
    # 3 Basic Units stay behind one arrow; the Elite Unit moves on.
    assert out.field["troops"] == {"9": {"basic": 0, "elite": 1}, "14": {"basic": 3, "elite": 0}}


def test_troop_starting_in_a_trap_is_slowed() -> None:
    f = with_troops(field(h19=side("", TRAP)), h19=(2, 0))
    out = move(f, 19, card(["down", "down"]))
    assert out.field["troops"] == {"14": {"basic": 2, "elite": 0}}


def test_trap_on_a_battle_hex_adds_one() -> None:
    f = with_troops(field(h19=side("F", TRAP)), h24=(2, 0))
    out = move(f, 24, card(["down"]))
    assert out.battles[0]["our_strength"] == 2
    assert out.field["troops"] == {}


def test_mine_choice_is_asked_then_applied() -> None:
    f = with_troops(field(h7=side("C", mine("bounding"))), h12=(3, 0))
    with pytest.raises(NeedChoice) as info:
        move(f, 12, card(["down"]), defaults=False)
    assert info.value.question["key"] == "battle-1"
    out = move(f, 12, card(["down"]), answers={"battle-1": "soldiers"})
    assert out.field["hexes"]["7"] == side("", mine("bounding"))
    out = move(f, 12, card(["down"]), answers={"battle-1": "mine"})
    assert out.field["hexes"]["7"] == side("C")


# -- Special Powers -------------------------------------------------------------------

POWER_CARDS = {
    "regroup": {"R202", "R209"},
    "increase": {"R109", "R113", "R213", "D109", "D209"},
    "merge": {"R106", "R206"},
    "remove_citizens": {"R121", "R222"},
    "weaker": {"R116", "R216"},
    "stronger": {"R117", "R217", "R221"},
    "destroy_trap": {"R111", "R211", "D114", "D214"},
    "decrease_in_trap": {"R120", "R220"},
    "press_ahead": {"R116", "R216"},
    "shoot": {"R107", "R207"},
    "killed_by_citizens": {"R122", "R222"},
    "split": {"D105", "D205"},
    "fire": {"D106", "D206"},
    "temporarily_weaker": {"D115", "D215"},
    "destroy_building": {"D117", "D118", "D217", "D218"},
    "dodge": {"D110", "D111", "D122", "D210", "D211", "D222"},
    "stealth": {"D108", "D112", "D116", "D120", "D208", "D212", "D216", "D220"},
}


def test_catalogue_has_22_cards_per_deck_and_the_texts_power_cards() -> None:
    cards = KIT.cards
    assert KIT.example is True
    for prefix in ("R1", "R2", "D1", "D2"):
        assert len([c for c in cards if c.startswith(prefix)]) == 22
    for name, ids in POWER_CARDS.items():
        have = {c["id"] for c in cards.values() if any(p["power"] == name for p in c["powers"])}
        assert have == ids, name


def test_regroup_exchanges_units_once() -> None:
    f = with_troops(field(), h24=(3, 0))
    out = move(f, 24, card([], [{"power": "regroup", "remove": {"basic": 2}, "add": {"elite": 1}}]))
    assert out.field["troops"]["24"] == {"basic": 1, "elite": 1}


def test_increase_troop_size_from_the_supply() -> None:
    f = with_troops(field(), h24=(1, 0))
    out = move(f, 24, card(["down"], [{"power": "increase", "add": {"basic": 2}}]))
    assert out.field["troops"]["19"] == {"basic": 3, "elite": 0}


def test_merge_troops_moves_to_the_smallest_hex_with_a_troop_even_backwards() -> None:
    f = with_troops(field(), h24=(1, 0), h9=(1, 0), h25=(1, 0))
    out = move(f, 25, card(["down"], [{"power": "merge"}]))
    assert out.field["troops"]["9"] == {"basic": 2, "elite": 0}
    f = with_troops(field(), h9=(1, 0), h24=(1, 0))
    out = move(f, 9, card(["down"], [{"power": "merge"}]))
    assert out.field["troops"]["24"] == {"basic": 2, "elite": 0}


def test_remove_citizens_before_battle() -> None:
    f = with_troops(field(h19=side("CF")), h24=(1, 0))
    out = move(f, 24, card(["down"], [{"power": "remove_citizens"}]))
    assert out.field["sickbay"] == {"farmer": 1, "citizen": 1}
    assert out.field["troops"] == {}


def test_weaker_and_stronger_change_battle_strength() -> None:
    f = with_troops(field(h19=side("F")), h24=(2, 0))
    out = move(f, 24, card(["down"], [{"power": "weaker", "value": 1}]))
    assert out.battles[0]["their_strength"] == 1
    out = move(f, 24, card(["down"], [{"power": "stronger", "value": 1}]))
    assert out.battles[0]["their_strength"] == 3


def test_destroy_trap_where_it_moves_to_or_starts_from() -> None:
    f = with_troops(field(h24=side("", TRAP), h19=side("", TRAP)), h24=(1, 0))
    out = move(f, 24, card(["down", "down"], [{"power": "destroy_trap"}]))
    assert out.field["hexes"]["24"]["tile"] is None and out.field["hexes"]["19"]["tile"] is None
    assert out.field["troops"] == {"14": {"basic": 1, "elite": 0}}


def test_decrease_in_trap_removes_one_basic_unit() -> None:
    f = with_troops(field(h19=side("", TRAP)), h24=(2, 0))
    out = move(f, 24, card(["down"], [{"power": "decrease_in_trap"}]))
    assert out.field["troops"]["19"] == {"basic": 1, "elite": 0}


@pytest.mark.parametrize("size,hexes", [(1, 4), (2, 3), (3, 2), (4, 1), (5, 0), (6, 0)])
def test_press_ahead_by_troop_size(size: int, hexes: int) -> None:
    f = with_troops(field(), h24=(size, 0))
    c = card(["down"], [{"power": "press_ahead", "steps": [4, 3, 2, 1, 0]}])
    out = move(f, 24, c)
    assert len(out.path) - 1 == hexes


def test_shoot_damages_before_moving_or_adds_one_in_battle() -> None:
    f = with_troops(field(h19=side("F")), h24=(1, 0))
    out = move(f, 24, card(["left"], [{"power": "shoot", "targets": ["down"]}]))
    assert out.field["sickbay"]["farmer"] == 1
    f = with_troops(field(h19=side("C")), h24=(2, 0))
    out = move(f, 24, card(["down"], [{"power": "shoot", "targets": ["down"]}]))
    assert out.battles[0]["their_strength"] == 3


def test_killed_by_citizens() -> None:
    f = with_troops(field(h19=side("C")), h24=(5, 0))
    out = move(f, 24, card(["down"], [{"power": "killed_by_citizens"}]))
    assert out.field["troops"] == {} and out.field["sickbay"]["citizen"] == 0
    assert out.battles == []


def test_split_half_rounded_up_left_elite_prefer_left() -> None:
    f = with_troops(field(), h24=(2, 1))
    c = card([], [{"power": "split", "left": ["left"], "right": ["right"]}], cid="D105")
    out = move(f, 24, c, dragons=True)
    assert out.field["troops"] == {"21": {"basic": 1, "elite": 1}, "22": {"basic": 1, "elite": 0}}


def test_fire_power_does_not_move() -> None:
    f = with_troops(field(h19=side("FF")), h24=(1, 0))
    c = card([], [{"power": "fire", "targets": [{"dir": "down", "damage": 2}]}], cid="D106")
    out = move(f, 24, c, dragons=True)
    assert out.field["troops"] == {"24": {"basic": 1, "elite": 0}}
    assert out.field["sickbay"]["farmer"] == 2


def test_temporarily_weaker_only_in_a_battle_from_the_first_arrow() -> None:
    f = with_troops(field(h19=side("F")), h24=(2, 0))
    c = card(["down"], [{"power": "temporarily_weaker", "value": 1}])
    assert move(f, 24, c, dragons=True).battles[0]["their_strength"] == 1
    f = with_troops(field(h14=side("F")), h24=(2, 0))
    c = card(["down", "down"], [{"power": "temporarily_weaker", "value": 1}])
    assert move(f, 24, c, dragons=True).battles[0]["their_strength"] == 2


def test_destroy_building_on_entering() -> None:
    f = with_troops(field(h19=side("", building("guard_post"))), h24=(1, 0))
    c = card(["down"], [{"power": "destroy_building", "kinds": ["guard_post"]}])
    out = move(f, 24, c, dragons=True)
    assert out.field["hexes"]["19"]["tile"] is None and out.battles == []


def test_dodge_takes_the_first_arrow_without_your_units() -> None:
    f = with_troops(field(h21=side("F")), h24=(1, 0))
    c = card([{"dodge": ["left", "down", "right"]}], [{"power": "dodge"}])
    assert move(f, 24, c, dragons=True).path == [24, 19]
    f = with_troops(field(h21=side("F"), h19=side("F"), h22=side("F")), h24=(1, 0))
    assert move(f, 24, c, dragons=True).path == [24]


def test_stealth_moves_through_the_indicated_unit_without_battle() -> None:
    f = with_troops(field(h19=side("F"), h14=side("F")), h24=(1, 0))
    c = card(["down"], [{"power": "stealth", "unit": "farmer"}])
    out = move(f, 24, c, dragons=True)
    assert out.path == [24, 19, 14, 9]
    assert out.battles == []


def test_flying_dragons_pass_pressure_mines_and_traps() -> None:
    f = with_troops(field(h19=side("", mine("pressure")), h14=side("", TRAP)), h24=(1, 0))
    out = move(f, 24, card(["down", "down", "down"]), dragons=True)
    assert out.path == [24, 19, 14, 9] and out.battles == []
    assert out.field["hexes"]["19"]["tile"] == mine("pressure")


# -- conservation ------------------------------------------------------------------------

CODES = st.text(alphabet="FC", max_size=3)
ARROWS = st.lists(st.sampled_from(["left", "right", "down"]), min_size=1, max_size=3)


@settings(max_examples=80, deadline=None)
@given(
    defence=st.dictionaries(st.integers(6, 23), CODES, max_size=5),
    tiles=st.dictionaries(
        st.integers(6, 23),
        st.sampled_from([TRAP, mine("bounding"), building("guard_post")]),
        max_size=3,
    ),
    basic=st.integers(1, 6),
    elite=st.integers(0, 2),
    start=st.sampled_from([24, 25, 26, 27, 28]),
    arrows=ARROWS,
    dragons=st.booleans(),
)
def test_units_are_conserved_through_any_move(
    defence, tiles, basic, elite, start, arrows, dragons
) -> None:
    f = field()
    for h, code in defence.items():
        f["hexes"][str(h)] = side(code, tiles.get(h))
    f["troops"][str(start)] = {"basic": basic, "elite": elite}
    before_units, before_soldiers = units_total(f), soldiers_total(f)
    out = move(
        f,
        start,
        card(arrows),
        dragons=dragons,
        answers={f"battle-{i}": "mine" for i in range(1, 9)},
    )
    after = out.field
    if out.defeat:
        return
    assert units_total(after) == before_units
    assert soldiers_total(after) == before_soldiers


# -- Soldier actions during Battle -------------------------------------------------------


def test_fire_support_is_offered_when_a_battle_starts() -> None:
    f = with_troops(field(h12=side("F"), h7=side("F", building("trench"))), h17=(2, 0))
    with pytest.raises(NeedChoice) as info:
        move(f, 17, card(["down"]), defaults=False)
    assert info.value.question["kind"] == "support"
    assert info.value.question["sources"] == {"7": 1}
    lost = move(f, 17, card(["down"]), answers={"support-1": []})
    assert lost.battles[0]["our_strength"] == 1 and lost.field["troops"] == {
        "12": {"basic": 1, "elite": 0}
    }
    won = move(f, 17, card(["down"]), answers={"support-1": [7]})
    assert won.battles[0]["our_strength"] == 2 and won.field["troops"] == {}
    assert won.field["hexes"]["7"]["soldiers"] == [{"kind": "farmer", "exhausted": True}]


def test_support_from_a_building_out_of_reach_is_refused() -> None:
    f = with_troops(field(h12=side("F"), h7=side("F", building("trench"))), h17=(2, 0))
    with pytest.raises(IllegalInput):
        move(f, 17, card(["down"]), answers={"support-1": [9]})


def test_trenches_cannot_support_against_flying_elite_dragons() -> None:
    f = with_troops(field(h12=side("C"), h7=side("F", building("trench"))), h22=(0, 1))
    out = move(f, 22, card(["down", "down", "down"]), dragons=True)
    assert out.battles[0]["our_strength"] == 3  # no support question was raised


def test_guard_post_replaces_a_destroyed_mine_when_no_invader_survives() -> None:
    f = with_troops(
        field(h9=side("", mine("bounding")), h4=side("F", building("guard_post"))), h14=(2, 0)
    )
    with pytest.raises(NeedChoice) as info:
        move(f, 14, card(["down"]), defaults=False)
    assert info.value.question["kind"] == "replace"
    assert info.value.question["sources"] == [4] and info.value.question["cost"] == 2
    out = move(f, 14, card(["down"]), answers={"replace-1": [4]})
    assert out.field["hexes"]["9"]["tile"] == mine("bounding")
    assert out.field["hexes"]["4"]["soldiers"][0]["exhausted"]
    assert "Bounding Mine on #9 replaced: pay 2 Tools" in english(out)
    out = move(f, 14, card(["down"]), answers={"replace-1": []})
    assert out.field["hexes"]["9"]["tile"] is None


def test_elite_dragon_example_over_14_lands_on_9() -> None:
    """Text: the Bounding Mine on #14 detonates, absorbed; the Farmer is ignored; on #9
    the Dragon lands and wounds the two Farmers there."""
    f = with_troops(field(h14=side("F", mine("bounding")), h9=side("FF")), h19=(0, 1))
    out = move(f, 19, card(["down", "down"]), dragons=True)
    assert out.path == [19, 14, 9]
    assert out.field["hexes"]["14"] == side("F")  # Mine gone, Farmer untouched
    assert out.field["hexes"]["9"] == side("")
    assert out.field["sickbay"]["farmer"] == 2
    assert out.field["troops"] == {"9": {"basic": 0, "elite": 1}}


def test_trench_example_kills_the_elite_unit_just_passing_through_12() -> None:
    f = with_troops(
        field(h9=side("FFF", building("trench")), h10=side("F", building("trench"))), h17=(0, 1)
    )
    with pytest.raises(NeedChoice) as info:
        move(f, 17, card(["down", "down"]), defaults=False)
    assert info.value.question["kind"] == "gunfire"
    assert info.value.question["sources"] == {"9": 2, "10": 1}
    out = move(f, 17, card(["down", "down"]), answers={"gunfire-1": [9, 9, 10]})
    assert out.path == [17, 12] and out.field["troops"] == {}
    assert "Combined fire deals 3 damage to #12" in english(out)
    assert "1 Invader on #12 falls" in english(out)
    with pytest.raises(IllegalInput, match="only 2 Soldier"):
        move(f, 17, card(["down", "down"]), answers={"gunfire-1": [9, 9, 9]})
    passed = move(f, 17, card(["down", "down"]), answers={"gunfire-1": []})
    assert passed.field["troops"] == {"7": {"basic": 0, "elite": 1}}
