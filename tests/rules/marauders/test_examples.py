"""Every worked example and rule sentence of the Marauders text, as a test (example components)."""

from __future__ import annotations

from rules.decision import Tracer
from rules.games.marauders import logic
from rules.games.marauders.hexmap import hex_at
from rules.games.marauders.model import half_rounded_up
from tests.rules.marauders.support import BOARD, PRICING, tile, trays


def test_spring_rock_painting_example() -> None:
    """ "The player executes a rock painting action. He pays the expenses, 1 blue and 1 yellow
    resource onto the control board. ... The most markers are in the trays next to the marauder
    tile's gathering and fishing symbols (both have 3). It chooses the fishing action, because
    that symbol is closest to the priority marker clockwise. So, it pays 1 yellow marker into the
    general supply and 1 other yellow marker onto an empty pillar ... Then it takes the largest
    fish from the fishing action slot.\""""
    before = trays(yellow=2, blue=2, red=1)
    paid = {"blue": 1, "yellow": 1}
    now = {c: before[c] + paid.get(c, 0) for c in before}
    spring_tile = tile("M01")  # fishing next to yellow (side 3), gathering next to blue (side 4)
    assert spring_tile["actions"][3] == "fishing" and spring_tile["actions"][4] == "gathering"
    decision = logic.spring(now, BOARD, 0, spring_tile, [], True)
    assert decision.result["action"] == "fishing"
    assert decision.result["colour"] == "yellow"
    assert decision.result["pay"] == {"yellow": 2}
    tie = [t for t in decision.trace if t.rule == "clockwise tie-break"]
    assert tie and tie[0].data["tied"] == ["yellow", "blue"]
    assert tie[0].data["walk"][:4] == [0, 1, 2, 3]
    # The "Why" line is the tie-break, with its numbers.
    assert decision.reason is not None
    assert decision.reason.english() == (
        "yellow, blue tie at 3; turning clockwise from the priority marker (side 0) the yellow "
        "tray (side 3) comes first"
    )
    texts = [m.english() for m in decision.instructions]
    assert texts == [
        "Move 1 yellow marker from the tray to the general supply.",
        "Move 1 yellow marker onto an empty column next to the fishing symbol.",
    ]
    assert decision.example_data
    fish = logic.action_choice(
        "fishing", [{"id": "small", "steps": 1}, {"id": "largest", "steps": 3}], 2, True
    )
    assert fish.result == {"action": "fishing", "chosen": "largest", "tied": ["largest"]}


def test_summer_pillar_example() -> None:
    """ "There are 2 pillars with 3 markers. On the marauder tile the rock painting symbol is
    framed. It chooses the pillar with the brown, red and blue marker, as that is the closest
    clockwise to the rock painting symbol on the central pricing tile. After it takes the
    markers, it will have 4 red, 2 yellow, 2 blue, 3 brown and 1 white marker on its control
    board. ... it will be able to execute 1 gathering and 1 migration action during the summer
    (there are at least 3 markers in these trays).\""""
    summer_tile = tile("M02")
    assert summer_tile["actions"][0] == "rock-painting"
    pillars = {
        "gathering": [{"brown": 1, "red": 1, "blue": 1}],
        "ceremony": [{"yellow": 2, "white": 1}],
        "fishing": [{"red": 1}],
    }
    counts = {a: [sum(p.values()) for p in ps] for a, ps in pillars.items()}
    decision = logic.summer_pillar(counts, PRICING, "rock-painting", True, pillars, BOARD)
    assert decision.result == {
        "outcome": "pillar",
        "action": "gathering",
        "pillar": 1,
        "markers": 3,
        "colours": {"brown": 1, "red": 1, "blue": 1},
        "sides": {"brown": 1, "red": 2, "blue": 4},
    }
    held = trays(red=3, yellow=2, blue=1, brown=2, white=1)
    for colour in ("brown", "red", "blue"):
        held[colour] += 1
    assert held == trays(red=4, yellow=2, blue=2, brown=3, white=1)
    overview = logic.summer_overview(held, BOARD, summer_tile, True)
    assert sorted(overview.result["actions"]) == ["gathering", "migration"]
    # "But, there are chances for further actions, depending on the paying player's
    # actions": one yellow paid lifts the yellow tray (fishing on this tile) to 3.
    held["yellow"] += 1
    more = logic.summer_overview(held, BOARD, summer_tile, True)
    assert sorted(more.result["actions"]) == ["fishing", "gathering", "migration"]


def test_summer_executes_with_three_and_returns_three() -> None:
    """ "If it has at least 3 markers next to the current action's symbol ... it executes the
    current action, then it returns 3 markers to the common supply from that tray.\""""
    summer_tile = tile("M02")
    go = logic.summer_action(trays(red=4, brown=3), BOARD, summer_tile, "gathering", True)
    assert go.result["outcome"] == "execute" and go.result["pay"] == {"red": 3}
    stay = logic.summer_action(trays(red=2), BOARD, summer_tile, "gathering", True)
    assert stay.result["outcome"] == "pass"
    assert stay.reason is not None and "fewer than 3" in stay.reason.english()


def test_autumn_movement_example_three_members() -> None:
    """ "The most markers are in the red tray ... The priority marker is next to the animal
    icon, so it will search for animals. There is none in that direction, meaning it searches
    for its next priority, which is the gathering tiles. It finds a fruit; it moves there and
    takes it. Then the tribe member lays down, and 2 markers go back ... from the red tray.
    Although 2 brown and 2 yellow markers are now left, the brown tray is closer to the priority
    marker clockwise. ... It finds an animal ... 1 brown marker goes back ... The last tribe
    member would move in the direction granted by the yellow tray, but it doesn't find any of
    its priorities ... It lies down and 1 yellow marker goes back.\""""
    marker = 1  # the hunting-tile (animal) icon on the example board
    held = trays(red=3, brown=2, yellow=2)
    fruit = [{"priority": "gathering-tile", "distance": 2, "line": "centre"}]
    first = logic.autumn_move(held, BOARD, marker, fruit, False, True)
    assert first.result["colour"] == "red" and first.result["returned"] == 2
    assert first.result["outcome"] == "move" and first.result["priority"] == "gathering-tile"
    searched = [t.data["priority"] for t in first.trace if t.rule == "lane search"]
    assert searched == ["hunting-tile", "gathering-tile"]
    held["red"] -= 2
    animal = [{"priority": "hunting-tile", "distance": 1, "line": "left"}]
    second = logic.autumn_move(held, BOARD, marker, animal, False, True)
    assert second.result["colour"] == "brown" and second.result["returned"] == 1
    assert second.result["priority"] == "hunting-tile"
    held["brown"] -= 1
    assert held == trays(red=1, brown=1, yellow=2)
    third = logic.autumn_move(held, BOARD, marker, [], False, True)
    assert third.result["colour"] == "yellow" and third.result["outcome"] == "lie-down"
    assert third.result["returned"] == 1


def test_autumn_starting_camp_members_activate_first() -> None:
    """ "At first the tribe members closest to the starting camp are activated ... In the case
    of tie, it chooses the first in clockwise order from those that are at the same distance.\""""
    members = [
        {"id": "far", "at": hex_at("3@1")},
        {"id": "camp", "at": hex_at("0")},
        {"id": "near-ccw", "at": hex_at("1@0")},
        {"id": "near-cw", "at": hex_at("1@2")},
    ]
    decision = logic.autumn_order(members, 2, False)
    # At distance 1 the member toward side 2 comes first from the marker (side 2), side 0 after.
    assert decision.result["order"] == ["camp", "near-cw", "near-ccw", "far"]


def test_autumn_same_space_keeps_given_order() -> None:
    """ "If they are on the same place, it doesn't matter which one is activated first.\""""
    members = [{"id": "x", "at": hex_at("2@4")}, {"id": "y", "at": hex_at("2@4")}]
    assert logic.autumn_order(members, 0, False).result["order"] == ["x", "y"]


def test_player_order_payment_example() -> None:
    """ "If the player order is marauder tribe, player no. 1, player no. 2; then player no. 1
    must do it.\""""
    assert logic.payer(["tribe", "1", "2"]).result["payer"] == "1"
    assert logic.payer(["2", "tribe", "1"]).result["payer"] == "2"


def test_half_rounded_up() -> None:
    """ "half of the markers from the tray that showed direction go back ... (rounded up)\""""
    assert [half_rounded_up(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]


def test_spring_skips_tray_whose_columns_are_occupied() -> None:
    """ "If the actual action's columns are already occupied on the game board, then the next
    tray is chosen on the control board using the previous majority rules.\""""
    spring_tile = tile("M01")
    decision = logic.spring(trays(yellow=3, blue=3), BOARD, 0, spring_tile, ["fishing"], True)
    assert decision.result["action"] == "gathering"
    assert decision.result["skipped"] == [{"side": 3, "colour": "yellow", "action": "fishing"}]


def test_spring_vp_fallback_when_no_tray_has_two() -> None:
    """ "... there is no tray that fits the prerequisites (there are less than 2 markers or all
    columns are occupied ...), the marauder tribe get as many VPs as the number shown in the
    middle of the marauder tile.\""""
    spring_tile = tile("M01", 3)
    decision = logic.spring(trays(red=1, blue=1), BOARD, 0, spring_tile, [], True)
    assert decision.result == {"outcome": "vp", "vp": 3, "skipped": []}
    blocked = logic.spring(trays(red=2), BOARD, 0, spring_tile, [spring_tile["actions"][2]], True)
    assert blocked.result["outcome"] == "vp" and blocked.result["vp"] == 3


def test_spring_needs_at_least_two_markers() -> None:
    """ "the tray that contains the most markers on the control board (and at least 2)\""""
    decision = logic.spring(trays(white=2, red=1), BOARD, 3, tile("M01"), [], True)
    assert decision.result["colour"] == "white"


def test_gathering_tie_goes_clockwise_from_framed_symbol() -> None:
    """ "If this is not clearly decided, it takes away the 1st tile clockwise from the framed
    symbol on the pricing tile (from amongst ones with identical value).\""""
    offers = [
        {"id": "far", "income": {"resources": 2}, "clockwise": 4},
        {"id": "near", "income": {"resources": 2}, "clockwise": 1},
        {"id": "poor", "income": {"resources": 1}, "clockwise": 0},
    ]
    assert logic.action_choice("gathering", offers, 2, False).result["chosen"] == "near"


def test_income_order_vp_before_markers_resources_development() -> None:
    """ "VP > action marker > resource > development point\""""
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
    """ "If it the decision is not clear, it takes the one which is closer to the bottom of the
    game board\""""
    offers = [
        {"id": "top", "income": {"vp": 2}, "row": 3},
        {"id": "low", "income": {"vp": 2}, "row": 1},
    ]
    assert logic.action_choice("hunting", offers, 2, False).result["chosen"] == "low"


def test_ceremony_vp_fallback_and_players_choice() -> None:
    """ "If there isn't any card that gives VP in that moment ..., the marauder tribe
    additionally gets as many VP as the number shown in the middle of the current marauder
    tile." And the note: "the players can make a choice in the questionable situations".\""""
    offers = [
        {"id": "a", "income": {"resources": 1}, "row": 2},
        {"id": "b", "income": {"resources": 1}, "row": 1},
    ]
    plain = logic.action_choice("ceremony", offers, 3, False, any_vp_now=False)
    assert plain.result["chosen"] == "b" and plain.result["bonus_vp"] == 3
    variant = logic.action_choice(
        "ceremony", offers, 3, False, any_vp_now=True, players_choose_ties=True
    )
    assert variant.result["players_choose"] == ["a", "b"]
    assert variant.result["bonus_vp"] == 0


def test_rock_painting_order_left_to_right_rows_from_top() -> None:
    """ "The marauder tribe paints the picture left to right, row by row, started by the upper
    row.\""""
    first = logic.action_choice("rock-painting", None, 2, False, painted=0, row_length=4)
    assert first.result == {"action": "rock-painting", "row": 1, "section": 1}
    sixth = logic.action_choice("rock-painting", None, 2, False, painted=5, row_length=4)
    assert sixth.result == {"action": "rock-painting", "row": 2, "section": 2}


def test_migration_moves_two_if_possible() -> None:
    """ "2 of the marauder tribe's tribe members move onto the starting camp (if it's
    possible).\""""
    assert logic.action_choice("migration", None, 2, False).result["moved"] == 2
    one = logic.action_choice("migration", None, 2, False, members_on_board=1)
    assert one.result["moved"] == 1


def test_standing_at_a_megalith_that_is_the_main_priority_stays() -> None:
    """ "If the activated tribe member is standing on a megalith or on and adjacent field, and
    the megalith is its main priority, it stays there. It lies down\""""
    marker = 4  # megalith icon on the example board
    lane = [{"priority": "megalith", "distance": 2, "line": "centre", "occupied": False}]
    near = logic.autumn_move(trays(blue=2), BOARD, marker, lane, True, True)
    assert near.result["outcome"] == "stay" and near.result["returned"] == 1
    # Not the main priority: standing next to a megalith does not stop the search.
    camp = [{"priority": "campsite", "distance": 1, "line": "centre"}]
    other = logic.autumn_move(trays(blue=2), BOARD, 0, camp, True, True)
    assert other.result["priority"] == "campsite"


def test_campsite_and_action_marker_instructions() -> None:
    """ "The marauder tribe moves to the space, builds its next campsite ... every time when it
    builds a campsite, the tribe member goes back onto its player board." and "It takes 1 action
    marker in the shown colour onto the control board.\""""
    camp = [{"priority": "campsite", "distance": 3, "line": "centre"}]
    built = logic.autumn_move(trays(white=1), BOARD, 0, camp, False, True)
    text = [m.english() for m in built.instructions]
    assert "The tribe builds its next campsite in the building order (no member cost)." in text
    assert "The member goes back onto the tribe's player board." in text
    marker = [{"priority": "action-marker", "distance": 1, "line": "right", "colour": "red"}]
    found = logic.autumn_move(trays(white=1), BOARD, 5, marker, False, True)
    assert "Put 1 red action marker onto the control board's red tray." in [
        m.english() for m in found.instructions
    ]
    assert found.result["marker"] == {"colour": "red", "side": 2}


def test_lane_same_distance_takes_first_clockwise_line() -> None:
    """ "If there are more in the same distance, it chooses the first in clockwise order.\""""
    tracer = Tracer()
    lane = [
        {"priority": "fishing-tile", "distance": 2, "line": "right"},
        {"priority": "fishing-tile", "distance": 2, "line": "left"},
        {"priority": "fishing-tile", "distance": 3, "line": "centre"},
    ]
    target = logic.autumn_target(BOARD, 3, lane, False, tracer)
    assert target["item"]["line"] == "left"


def test_autumn_no_markers_no_direction() -> None:
    """ "which tray contains the most markers (at least 1)": all trays empty, no direction."""
    decision = logic.autumn_move(trays(), BOARD, 0, [], False, True)
    assert decision.result["outcome"] == "lie-down" and decision.result["direction"] is None


def test_victory_and_failure() -> None:
    """ "If one or more players earned more VP than the marauder tribe, the task is
    accomplished ... All players, who finished behind the marauder tribe, lost the game.\""""
    win = logic.final_result(30, {"1": 35, "2": 31, "3": 20})
    assert win.result["victory"] and win.result["winners"] == ["1", "2"]
    assert win.result["outright"] == ["1"] and win.result["lost"] == ["3"]
    lose = logic.final_result(30, {"1": 30})
    assert not lose.result["victory"] and lose.result["tied"] == ["1"]
