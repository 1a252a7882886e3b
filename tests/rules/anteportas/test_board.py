"""The Battleground reading satisfies every layout example of the rule text."""

from __future__ import annotations

import copy

import pytest

from rules.errors import SituationError
from rules.games.anteportas.board import BATTLEGROUND_SPEC, DIRECTIONS, OFF_BOARD
from rules.games.anteportas.kit import example_components
from rules.games.anteportas.sight import building_reach, in_sight
from tests.rules.anteportas.helpers import BOARD, KIT, building, field, side


def battleground():  # type: ignore[no-untyped-def]
    return BOARD


def test_28_hexes_with_spawn_point_spawn_area_and_bottom_row() -> None:
    board = battleground()
    assert sorted(board.hexes) == list(range(1, 29))
    assert board.spawn_point == 2
    assert board.spawn_area == (24, 25, 26, 27, 28)
    assert board.bottom_row == (1, 2, 3, 4, 5)


def test_neighbours_agree_with_axial_coordinates() -> None:
    board = battleground()
    at = {qr: h for h, qr in board.hexes.items()}
    for h, (q, r) in board.hexes.items():
        expected = {
            d: at[(q + dq, r + dr)] for d, (dq, dr) in DIRECTIONS.items() if (q + dq, r + dr) in at
        }
        assert board.neighbours[h] == expected


def test_dragons_19_right_to_17_down_to_12_left_to_9() -> None:
    board = battleground()
    assert board.step(19, "right") == (17, False)
    assert board.step(17, "down") == (12, False)
    assert board.step(12, "left") == (9, False)


def test_12_to_7_as_in_the_battle_examples() -> None:
    assert battleground().step(12, "down") == (7, False)


def test_26_to_24_and_27_through_24_to_19() -> None:
    board = battleground()
    assert board.step(26, "right") == (24, False)
    assert board.step(27, "left") == (24, False)
    assert board.step(24, "down") == (19, False)


def test_28_cannot_move_right_so_it_moves_down() -> None:
    assert battleground().step(28, "right") == (23, True)


def test_leaving_by_a_bottom_hex_is_off_the_board() -> None:
    board = battleground()
    for h in board.bottom_row:
        assert board.step(h, "down")[0] == OFF_BOARD
    assert board.step(1, "left")[0] == OFF_BOARD


def test_catapult_on_6_reaches_11_and_16() -> None:
    f = field(h6=side("F", building("catapult")))
    assert building_reach(f, 6, KIT) == [11, 16]


def test_guard_post_sees_6_7_9_10_and_the_troop_on_9_blocks_14() -> None:
    f = field(h4=side("F", building("guard_post")))
    f["troops"]["9"] = {"basic": 1, "elite": 0}
    assert set(building_reach(f, 4, KIT)) == {6, 7, 9, 10}
    assert in_sight(f, KIT) == {2, 4, 6, 7, 9, 10}
    del f["troops"]["9"]
    assert 14 in building_reach(f, 4, KIT)


def test_a_broken_data_file_names_the_bad_entry() -> None:
    data = copy.deepcopy(example_components()["battleground"])
    data["hexes"][6]["neighbours"]["up"] = 13
    with pytest.raises(SituationError, match=r"hexes\[6\]\.neighbours\.up"):
        BATTLEGROUND_SPEC.check(data, "battleground")
    data = copy.deepcopy(example_components()["battleground"])
    data["hexes"][3]["id"] = 1
    with pytest.raises(SituationError, match=r"hexes\[3\]: repeats entry 0"):
        BATTLEGROUND_SPEC.check(data, "battleground")


def test_centres_for_a_drawing_or_camera_grid() -> None:
    board = battleground()
    for h in board.hexes:
        x, y = board.centre(h, 10.0)
        for other in board.adjacent(h):
            ox, oy = board.centre(other, 10.0)
            assert abs(((x - ox) ** 2 + (y - oy) ** 2) ** 0.5 - 10.0 * 3**0.5) < 1e-9
    assert board.centre(2, 1.0)[1] > board.centre(7, 1.0)[1]  # #2 is below #7
    assert board.centre(1, 1.0)[0] < board.centre(4, 1.0)[0] < board.centre(2, 1.0)[0]


def test_picture_for_checking_against_the_printed_board() -> None:
    from rules.registry import get_game

    picture = battleground().picture()
    assert picture[0].split() == ["26", "27", "28"]
    assert picture[-1].split() == ["1", "2", "3"]
    assert picture[-2].split() == ["4", "5"]
    out = get_game("anteportas").decisions()["battleground"]({"decision": "battleground"})
    assert out.result["picture"] == picture and out.example_data


def test_shots_are_not_redirected_at_the_edge() -> None:
    """The edge rule is about movement ("the troop simply moves down"), not shots."""
    assert BOARD.step(28, "right") == (23, True)
    assert BOARD.aim(28, "right") is None
    assert BOARD.aim(26, "left") is None
    assert BOARD.aim(1, "down") is None
    assert BOARD.aim(19, "right") == 17


def test_distance_counts_hex_steps() -> None:
    assert BOARD.distance(2, 7) == 1
    assert BOARD.distance(2, 12) == 2
    assert BOARD.distance(1, 28) == max(
        BOARD.distance(a, b) for a in BOARD.hexes for b in BOARD.hexes
    )
