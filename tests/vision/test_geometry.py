"""Board geometry data: schema checks, grid lookups, control-board sides."""

from __future__ import annotations

import copy

import pytest

from rules.errors import SituationError
from vision.geometry import Board, axial_round, load_board, load_tokens, parse_board


@pytest.mark.parametrize("name", ["control-board", "hex-grid", "square-grid"])
def test_examples_load_and_say_they_are_examples(name: str) -> None:
    board = load_board(name)
    assert board.example
    assert len(board.fiducials) >= 6
    assert load_tokens().example


def test_control_board_has_six_trays_numbered_clockwise_from_the_top(control_board: Board) -> None:
    assert [t.side for t in control_board.trays] == [0, 1, 2, 3, 4, 5]
    cx, cy = control_board.centre
    top = control_board.trays[0].centroid()
    right = control_board.trays[1].centroid()
    assert top[1] < cy and abs(top[0] - cx) < 1  # side 0 straight up
    assert right[0] > cx and right[1] < cy  # side 1 up-right: clockwise
    for tray in control_board.trays:
        assert control_board.side_of(*tray.centroid())[0] == tray.side


def test_every_hex_cell_centre_locates_to_itself() -> None:
    grid = load_board("hex-grid").grids[0]
    for cell_id, key, (x, y) in grid.cell_centres():
        cell, dist = grid.locate(x + 3, y - 2)  # type: ignore[misc]
        assert (cell.id, cell.key) == (cell_id, key)
        assert dist < 0.2
    assert grid.locate(0, 0) is None  # off the grid


def test_axial_round_picks_the_nearest_hex() -> None:
    assert axial_round(0.4, 0.4) == (0, 1) or axial_round(0.4, 0.4) == (1, 0)
    assert axial_round(0.1, -0.1) == (0, 0)
    assert axial_round(1.9, -1.2) == (2, -1)


def test_square_grid_names_cells_by_column_letter_and_row() -> None:
    grid = load_board("square-grid").grids[0]
    cell, _ = grid.locate(54 + 32 * 2 + 16, 60 + 32 * 3 + 16)  # type: ignore[misc]
    assert cell.id == "C4" and cell.key == {"column": 2, "row": 3}


def test_schema_errors_name_the_field(control_board: Board) -> None:
    data = copy.deepcopy(control_board.raw)
    data["trays"][2]["colour"] = "purple"
    with pytest.raises(SituationError) as err:
        parse_board(data)
    assert err.value.field == "trays[2].colour"
    data = copy.deepcopy(control_board.raw)
    del data["fiducials"][1]["centre_mm"]
    with pytest.raises(SituationError) as err:
        parse_board(data)
    assert err.value.field == "fiducials[1].centre_mm"
    data = copy.deepcopy(control_board.raw)
    data["trays"] = data["trays"][:5]
    with pytest.raises(SituationError, match="6 trays"):
        parse_board(data)


def test_missing_board_file_is_a_clear_error() -> None:
    with pytest.raises(SituationError, match=r"cannot read.*control-board"):
        load_board("/nonexistent/board.json")


def test_board_and_token_files_are_checked_by_the_rules_schema(control_board: Board) -> None:
    """Issue 25: the board and token checks are rules.schema specs (unknown fields, repeats,
    bounds and the fields a grid's type needs, each named by its path)."""
    from vision.geometry import load_tokens, parse_tokens

    cases = [
        (lambda d: d.update(colour="red"), "colour"),  # unknown field
        (lambda d: d["fiducials"][2].update(id=d["fiducials"][0]["id"]), "fiducials[2]"),
        (lambda d: d["token_grids"][0].pop("radius_mm"), "token_grids[0].radius_mm"),
        (
            lambda d: d["token_grids"][0].update(rotation_step_deg=45),
            "token_grids[0].rotation_step_deg",
        ),
        (lambda d: d["fiducials"][0].update(size_mm=0), "fiducials[0].size_mm"),
        (lambda d: d["size_mm"].append(3), "size_mm"),
    ]
    for change, field in cases:
        data = copy.deepcopy(control_board.raw)
        change(data)
        with pytest.raises(SituationError) as err:
            parse_board(data)
        assert err.value.field == field
    tokens = copy.deepcopy(load_tokens().raw)
    tokens["tokens"][1]["id"] = tokens["tokens"][0]["id"]
    with pytest.raises(SituationError) as err:
        parse_tokens(tokens)
    assert err.value.field == "tokens[1]"
