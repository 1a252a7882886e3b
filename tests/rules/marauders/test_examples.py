"""Every worked example of the Marauders rule text, as a test (example component data)."""

from __future__ import annotations

from rules.decision import Tracer
from rules.games.marauders import logic
from rules.games.marauders.model import half_rounded_up
from tests.rules.marauders.support import BOARD, PRICING, tile, trays


def test_spring_rock_painting_example() -> None:
    """The player pays 1 blue and 1 yellow onto the control board; gathering and fishing trays
    both hold 3; the tribe picks fishing (closest clockwise from the priority marker), pays 1
    yellow to the supply and 1 yellow onto an empty pillar, then takes the largest fish."""
    before = trays(yellow=2, blue=2, red=1)
    paid = {"blue": 1, "yellow": 1}
    now = {c: before[c] + paid.get(c, 0) for c in before}
    spring_tile = tile("M01")  # gathering next to blue (side 4), fishing next to yellow (side 3)
    assert spring_tile["actions"][3] == "fishing" and spring_tile["actions"][4] == "gathering"
    decision = logic.spring(now, BOARD, 0, spring_tile, [], True)
    assert decision.result["action"] == "fishing"
    assert decision.result["colour"] == "yellow"
    assert decision.result["pay"] == {"yellow": 2}
    tie = [t for t in decision.trace if t.rule == "clockwise tie-break"]
    assert tie and tie[0].data["tied"] == ["yellow", "blue"] and tie[0].data["passed"] == [0, 1, 2]
    texts = [m.english() for m in decision.instructions]
    assert "Move 1 yellow marker from the tray to the general supply." in texts
    assert decision.example_data
    fish = logic.action_choice(
        "fishing", [{"id": "small", "steps": 1}, {"id": "largest", "steps": 3}], 2, True
    )
    assert fish.result["chosen"] == "largest"


def test_summer_pillar_example() -> None:
    """Two pillars hold 3 markers; rock painting is framed; the tribe takes the pillar with
    brown, red and blue (the closer one clockwise from rock painting on the pricing tile);
    afterwards 4 red, 2 yellow, 2 blue, 3 brown, 1 white; it can do 1 gathering and 1 migration."""
    summer_tile = tile("M02")
    assert summer_tile["actions"][0] == "rock-painting"
    pillars = {"gathering": [3, 0], "ceremony": [3], "fishing": [1], "hunting": [2]}
    decision = logic.summer_pillar(pillars, PRICING, "rock-painting", True)
    assert decision.result == {
        "outcome": "pillar",
        "action": "gathering",
        "pillar": 1,
        "markers": 3,
    }
    held = trays(red=3, yellow=2, blue=1, brown=2, white=1)
    for colour in ("brown", "red", "blue"):
        held[colour] += 1
    assert held == trays(red=4, yellow=2, blue=2, brown=3, white=1)
    overview = logic.summer_overview(held, BOARD, summer_tile, True)
    assert sorted(overview.result["actions"]) == ["gathering", "migration"]
    # "There are chances for further actions, depending on the paying player's actions":
    # one yellow paid onto the board lifts the yellow tray (fishing on this tile) to 3.
    held["yellow"] += 1
    more = logic.summer_overview(held, BOARD, summer_tile, True)
    assert sorted(more.result["actions"]) == ["fishing", "gathering", "migration"]


def test_summer_executes_with_three_and_returns_three() -> None:
    summer_tile = tile("M02")
    held = trays(red=4, brown=3)
    go = logic.summer_action(held, BOARD, summer_tile, "gathering", True)
    assert go.result["outcome"] == "execute" and go.result["pay"] == {"red": 3}
    stay = logic.summer_action(trays(red=2), BOARD, summer_tile, "gathering", True)
    assert stay.result["outcome"] == "pass"


def test_autumn_movement_example_three_members() -> None:
    """Priority marker at the animal icon. Member 1 follows the red tray (most markers), finds no
    animal but a fruit, takes it, 2 red go back. Member 2: brown and yellow tie at 2, brown is
    closer clockwise; it finds an animal; 1 brown back. Member 3 follows yellow, finds nothing
    (edge of the map), lies down; 1 yellow back."""
    marker = 1  # the hunting-tile (animal) icon on the example board
    held = trays(red=3, brown=2, yellow=2)
    first = logic.autumn_move(
        held,
        BOARD,
        marker,
        [{"priority": "gathering-tile", "distance": 2, "line": "centre"}],
        False,
        True,
        "A",
    )
    assert first.result["colour"] == "red" and first.result["returned"] == 2
    assert first.result["outcome"] == "move" and first.result["priority"] == "gathering-tile"
    searched = [t.data["priority"] for t in first.trace if t.rule == "lane search"]
    assert searched == ["hunting-tile", "gathering-tile"]
    held["red"] -= 2
    second = logic.autumn_move(
        held,
        BOARD,
        marker,
        [{"priority": "hunting-tile", "distance": 1, "line": "left"}],
        False,
        True,
        "B",
    )
    assert second.result["colour"] == "brown" and second.result["returned"] == 1
    assert second.result["priority"] == "hunting-tile"
    held["brown"] -= 1
    assert held == trays(red=1, brown=1, yellow=2)
    third = logic.autumn_move(held, BOARD, marker, [], False, True, "C")
    assert third.result["colour"] == "yellow" and third.result["outcome"] == "lie-down"
    assert third.result["returned"] == 1


def test_autumn_starting_camp_members_activate_first() -> None:
    members = [
        {"id": "far", "distance": 3, "side": 1},
        {"id": "camp", "distance": 0, "side": 0},
        {"id": "near-ccw", "distance": 1, "side": 0},
        {"id": "near-cw", "distance": 1, "side": 2},
    ]
    decision = logic.autumn_order(members, 2, False)
    # At distance 1 the member toward side 2 comes first from the marker (side 2), side 0 after.
    assert decision.result["order"] == ["camp", "near-cw", "near-ccw", "far"]


def test_autumn_same_space_keeps_given_order() -> None:
    members = [{"id": "x", "distance": 2, "side": 4}, {"id": "y", "distance": 2, "side": 4}]
    assert logic.autumn_order(members, 0, False).result["order"] == ["x", "y"]


def test_player_order_payment_example() -> None:
    """Order: marauder tribe, player 1, player 2 -> player 1 pays onto the control board."""
    assert logic.payer(["tribe", "1", "2"]).result["payer"] == "1"
    assert logic.payer(["2", "tribe", "1"]).result["payer"] == "2"


def test_half_rounded_up() -> None:
    assert [half_rounded_up(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]


def test_spring_skips_tray_whose_columns_are_occupied() -> None:
    spring_tile = tile("M01")
    decision = logic.spring(trays(yellow=3, blue=3), BOARD, 0, spring_tile, ["fishing"], True)
    assert decision.result["action"] == "gathering"
    assert decision.result["skipped"] == [{"side": 3, "colour": "yellow", "action": "fishing"}]


def test_spring_vp_fallback_when_no_tray_has_two() -> None:
    spring_tile = tile("M01", 3)
    decision = logic.spring(trays(red=1, blue=1), BOARD, 0, spring_tile, [], True)
    assert decision.result == {"outcome": "vp", "vp": 3, "skipped": []}
    blocked = logic.spring(trays(red=2), BOARD, 0, spring_tile, [spring_tile["actions"][2]], True)
    assert blocked.result["outcome"] == "vp" and blocked.result["vp"] == 3


def test_spring_needs_at_least_two_markers() -> None:
    decision = logic.spring(trays(white=2, red=1), BOARD, 3, tile("M01"), [], True)
    assert decision.result["colour"] == "white"


def test_gathering_tie_goes_clockwise_from_framed_symbol() -> None:
    offers = [
        {"id": "far", "income": {"resources": 2}, "clockwise": 4},
        {"id": "near", "income": {"resources": 2}, "clockwise": 1},
        {"id": "poor", "income": {"resources": 1}, "clockwise": 0},
    ]
    assert logic.action_choice("gathering", offers, 2, False).result["chosen"] == "near"


def test_income_order_vp_before_markers_resources_development() -> None:
    offers = [
        {"id": "dev", "income": {"development": 5}, "row": 1},
        {"id": "res", "income": {"resources": 3}, "row": 2},
        {"id": "marker", "income": {"action_markers": 1}, "row": 3},
        {"id": "vp", "income": {"vp": 1}, "row": 4},
    ]
    assert logic.action_choice("hunting", offers, 2, False).result["chosen"] == "vp"
    assert logic.action_choice("hunting", offers[:3], 2, False).result["chosen"] == "marker"
    assert logic.action_choice("hunting", offers[:2], 2, False).result["chosen"] == "res"


def test_hunting_tie_takes_card_closer_to_bottom() -> None:
    offers = [
        {"id": "top", "income": {"vp": 2}, "row": 3},
        {"id": "low", "income": {"vp": 2}, "row": 1},
    ]
    assert logic.action_choice("hunting", offers, 2, False).result["chosen"] == "low"


def test_ceremony_vp_fallback_and_players_choice() -> None:
    offers = [
        {"id": "a", "income": {"resources": 1}, "row": 2},
        {"id": "b", "income": {"resources": 1}, "row": 1},
    ]
    plain = logic.action_choice("ceremony", offers, 3, False)
    assert plain.result["chosen"] == "b" and plain.result["bonus_vp"] == 3
    variant = logic.action_choice("ceremony", offers, 3, False, players_choose_ties=True)
    assert variant.result["players_choose"] == ["a", "b"]
    with_vp = logic.action_choice("ceremony", offers, 3, False, any_vp_now=True)
    assert with_vp.result["bonus_vp"] == 0


def test_rock_painting_order_left_to_right_rows_from_top() -> None:
    assert logic.action_choice("rock-painting", [], 2, False, painted=0, row_length=4).result == {
        "action": "rock-painting",
        "row": 1,
        "section": 1,
    }
    assert (
        logic.action_choice("rock-painting", [], 2, False, painted=5, row_length=4).result["row"]
        == 2
    )
    assert (
        logic.action_choice("rock-painting", [], 2, False, painted=5, row_length=4).result[
            "section"
        ]
        == 2
    )


def test_migration_moves_two_if_possible() -> None:
    assert logic.action_choice("migration", [], 2, False).result["moved"] == 2
    assert logic.action_choice("migration", [], 2, False, members_on_board=1).result["moved"] == 1


def test_megalith_rules() -> None:
    marker = 4  # megalith icon on the example board
    held = trays(blue=2)
    near = logic.autumn_move(
        held, BOARD, marker, [{"priority": "megalith", "distance": 2}], True, True
    )
    assert near.result["outcome"] == "stay" and near.result["returned"] == 1
    occupied = logic.autumn_move(
        held,
        BOARD,
        marker,
        [{"priority": "megalith", "distance": 2, "occupied": True, "line": "centre"}],
        False,
        True,
    )
    assert occupied.result["priority"] == "megalith"
    assert "occupied" in " ".join(m.english() for m in occupied.instructions)
    # Not the main priority: standing next to a megalith does not stop the search.
    other = logic.autumn_move(held, BOARD, 0, [{"priority": "campsite", "distance": 1}], True, True)
    assert other.result["priority"] == "campsite"


def test_campsite_and_action_marker_instructions() -> None:
    camp = logic.autumn_move(
        trays(white=1), BOARD, 0, [{"priority": "campsite", "distance": 3}], False, True
    )
    text = " ".join(m.english() for m in camp.instructions)
    assert "next campsite" in text and "goes back onto the tribe's player board" in text
    marker = logic.autumn_move(
        trays(white=1),
        BOARD,
        5,
        [{"priority": "action-marker", "distance": 1, "colour": "red"}],
        False,
        True,
    )
    assert "1 red action marker" in " ".join(m.english() for m in marker.instructions)


def test_lane_same_distance_takes_first_clockwise_line() -> None:
    tracer = Tracer()
    lane = [
        {"priority": "fishing-tile", "distance": 2, "line": "right"},
        {"priority": "fishing-tile", "distance": 2, "line": "left"},
        {"priority": "fishing-tile", "distance": 3, "line": "centre"},
    ]
    target = logic.autumn_target(BOARD, 3, lane, False, tracer)
    assert target["item"]["line"] == "left"


def test_autumn_no_markers_no_direction() -> None:
    decision = logic.autumn_move(trays(), BOARD, 0, [], False, True)
    assert decision.result["outcome"] == "lie-down" and decision.result["direction"] is None


def test_victory_and_failure() -> None:
    win = logic.final_result(30, {"1": 35, "2": 31, "3": 20})
    assert win.result["victory"] and win.result["winners"] == ["1", "2"]
    assert win.result["outright"] == ["1"] and win.result["lost"] == ["3"]
    lose = logic.final_result(30, {"1": 30})
    assert not lose.result["victory"] and lose.result["tied"] == ["1"]
