"""Scenarios written from the rule text before running them: edges, ties, empty trays, megaliths.

Each test names the sentence it checks. Expected values were worked out by
hand from the text and the example components (tests/rules/marauders/support.py).
"""

from __future__ import annotations

from rules.decision import Tracer
from rules.games.marauders import logic
from rules.games.marauders.hexmap import hex_at, hex_id
from tests.rules.marauders.support import BOARD, PRICING, tile, trays

MEGALITH_MARKER = 4  # the example board's megalith icon
CAMPSITE_MARKER = 0


# -- issue 13: "If there is a free megalith in the indicated direction, it moves there. If it
# is already occupied, it steps onto an adjacent empty space nearest to it (clockwise)." ------


def test_a_free_megalith_further_along_wins_over_an_occupied_nearer_one() -> None:
    lane = [
        {"priority": "megalith", "distance": 1, "line": "centre", "occupied": True},
        {"priority": "megalith", "distance": 4, "line": "right", "occupied": False},
    ]
    decision = logic.autumn_move(trays(blue=2), BOARD, MEGALITH_MARKER, lane, False, True)
    assert decision.result["outcome"] == "move"
    assert decision.result["item"] == lane[1]
    assert [m.english() for m in decision.instructions][1] == (
        "Move the member onto the free megalith (4 spaces away toward side 4, right line); "
        "lay it down."
    )
    assert decision.reason is not None
    assert decision.reason.english() == "Found in the lane: megalith, 4 spaces away (right line)"


def test_only_occupied_megaliths_send_the_member_beside_the_nearest() -> None:
    lane = [
        {"priority": "megalith", "distance": 3, "line": "left", "occupied": True},
        {"priority": "megalith", "distance": 2, "line": "right", "occupied": True},
    ]
    decision = logic.autumn_move(trays(blue=1), BOARD, MEGALITH_MARKER, lane, False, True)
    assert decision.result["item"] == lane[1]
    assert "is occupied: move the member onto the empty space next to it" in (
        decision.instructions[1].english()
    )


def test_free_megalith_also_wins_when_the_megalith_is_a_later_priority() -> None:
    """Marker at the campsite icon: campsite, animal, fruit, fish come first; none lie in the
    lane, so the megalith priority decides, and the free one counts before the occupied one."""
    lane = [
        {"priority": "megalith", "distance": 1, "line": "left", "occupied": True},
        {"priority": "megalith", "distance": 5, "line": "centre", "occupied": False},
        {"priority": "action-marker", "distance": 1, "line": "centre", "colour": "red"},
    ]
    decision = logic.autumn_move(trays(white=3), BOARD, CAMPSITE_MARKER, lane, False, True)
    assert decision.result["priority"] == "megalith"
    assert decision.result["item"]["distance"] == 5


def test_the_space_beside_an_occupied_megalith_is_the_one_nearest_the_member() -> None:
    """The member on the camp, the megalith two spaces up: the space between them is nearest."""
    megalith, member = hex_at("2@0"), hex_at("0")
    assert hex_id(logic.beside_megalith(megalith, member, 0, set())) == "1@0"
    # That space taken: two spaces at distance 2 remain; the first clockwise from the
    # direction (side 0) around the megalith is its side 2 neighbour.
    taken = {hex_at("1@0")}
    assert hex_id(logic.beside_megalith(megalith, member, 0, taken)) == "2@0+1"
    # Every neighbour taken: nowhere to step.
    around = {hex_at(s) for s in ("3@0", "3@0+1", "2@0+1", "1@0", "2@5+1", "3@5+2")}
    assert logic.beside_megalith(megalith, member, 0, around) is None


# -- majority and the clockwise tie-break -------------------------------------------------------


def test_five_way_tie_from_the_side_without_a_tray() -> None:
    """Marker at side 5 (no tray on the example board): the walk goes 5, 0, 1 ...: white (0)."""
    decision = logic.spring(
        trays(red=2, yellow=2, blue=2, brown=2, white=2), BOARD, 5, tile("M03"), [], True
    )
    assert decision.result["side"] == 0 and decision.result["colour"] == "white"


def test_tie_breaks_start_at_the_marker_side_itself() -> None:
    """Reading 1: the indicator line points at the marker's own side, which comes first."""
    decision = logic.spring(trays(red=3, yellow=3), BOARD, 3, tile("M03"), [], True)
    assert decision.result["colour"] == "yellow"  # side 3 = the marker's side
    decision = logic.spring(trays(red=3, yellow=3), BOARD, 4, tile("M03"), [], True)
    assert decision.result["colour"] == "red"  # 4, 5, 0, 1, 2 (red) before 3 (yellow)


def test_every_action_full_gives_the_vp_and_lists_each_skip() -> None:
    spring_tile = tile("M03", 3)
    decision = logic.spring(
        trays(red=4, yellow=3, blue=2, brown=1),
        BOARD,
        0,
        spring_tile,
        list(PRICING["actions"]),
        True,
    )
    assert decision.result["outcome"] == "vp" and decision.result["vp"] == 3
    assert [s["colour"] for s in decision.result["skipped"]] == ["red", "yellow", "blue"]


def test_autumn_direction_needs_one_marker_spring_needs_two() -> None:
    only_one = trays(brown=1)
    assert logic.autumn_direction(only_one, BOARD, 0, Tracer()) == 1
    assert logic.spring(only_one, BOARD, 0, tile("M01"), [], True).result["outcome"] == "vp"


# -- summer pillars ----------------------------------------------------------------------------


def test_summer_walk_starts_at_the_framed_action_and_wraps() -> None:
    """Framed migration (last on the pricing tile): the walk is migration, rock painting, ..."""
    pillars = {"rock-painting": [2], "ceremony": [2], "migration": [1, 1]}
    decision = logic.summer_pillar(pillars, PRICING, "migration", True)
    assert decision.result["action"] == "rock-painting"
    assert logic.summer_walk(PRICING, "migration")[:2] == ["migration", "rock-painting"]


def test_summer_two_pillars_of_one_action_take_the_first_clockwise() -> None:
    decision = logic.summer_pillar({"hunting": [1, 4, 4]}, PRICING, "fishing", True)
    assert decision.result["pillar"] == 2 and decision.result["markers"] == 4


def test_no_markers_on_any_pillar() -> None:
    decision = logic.summer_pillar({"hunting": [0, 0]}, PRICING, "fishing", True)
    assert decision.result == {"outcome": "none"}


def test_summer_location_next_to_the_side_without_a_tray_is_never_taken() -> None:
    """The example board's side 5 has no tray: whatever lies there is never executed."""
    summer_tile = tile("M01")
    action = summer_tile["actions"][5]
    decision = logic.summer_action(trays(red=9, yellow=9), BOARD, summer_tile, action, True)
    assert decision.result["outcome"] == "pass" and decision.result["colour"] is None


# -- development points, the end ---------------------------------------------------------------


def test_development_points_go_round_the_hexagon() -> None:
    assert logic.priority_steps(BOARD, 5, 2, True).result["after"] == 1
    assert logic.priority_steps(BOARD, 2, 12, True).result["after"] == 2
    assert logic.priority_steps(BOARD, 2, 0, True).result["after"] == 2


def test_everyone_level_with_the_tribe_neither_wins_nor_loses() -> None:
    decision = logic.final_result(40, {"1": 40, "2": 40})
    assert decision.result["victory"] is False
    assert decision.result["lost"] == [] and decision.result["tied"] == ["1", "2"]


def test_two_players_beat_the_tribe_with_equal_vp() -> None:
    decision = logic.final_result(10, {"1": 20, "2": 20, "3": 5})
    assert decision.result["outright"] == ["1", "2"] and decision.result["lost"] == ["3"]


# -- choosing what to take ---------------------------------------------------------------------


def test_fish_of_equal_value_take_the_first_listed() -> None:
    """ "There is no significance which one is taken in the case of fish with identical values.\""""
    offers = [{"id": "a", "steps": 2}, {"id": "b", "steps": 2}]
    assert logic.action_choice("fishing", offers, 2, False).result["chosen"] == "a"


def test_ceremony_variant_applies_only_to_ties() -> None:
    offers = [
        {"id": "best", "income": {"vp": 2}, "row": 2},
        {"id": "other", "income": {"vp": 1}, "row": 1},
    ]
    decision = logic.action_choice(
        "ceremony", offers, 2, False, any_vp_now=True, players_choose_ties=True
    )
    assert decision.result["chosen"] == "best" and "players_choose" not in decision.result


def test_ceremony_bonus_in_play_is_stated_as_a_condition() -> None:
    """In play the cards are not listed: the decision states the fallback as a condition."""
    decision = logic.action_choice("ceremony", None, 3, False)
    texts = [m.english() for m in decision.instructions]
    assert "If no card gives VP at this moment, the tribe also scores 3 VP." in texts
    assert "bonus_vp" not in decision.result
