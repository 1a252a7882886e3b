"""Ante Portas on camera: the grid from the battleground file, units proposed per hex."""

from __future__ import annotations

from rules.games.anteportas.kit import example_kit
from rules.games.anteportas.units import side_spec, troop_spec
from vision.battleground_view import battleground_board, load_units, read_battleground
from vision.calibration import calibrate
from vision.closed_loop import check_step
from vision.geometry import load_board
from vision.reader import TableReader
from vision.table_render import calibration_frame, random_frame, random_setup, render_frame


def test_the_sticker_grid_is_the_battleground_file() -> None:
    bg = example_kit().board
    board = load_board("anteportas-battleground")
    assert board.example and board.kind == "hex-grid"
    (grid,) = board.grids
    assert grid.orientation == "flat" and len(grid.cells) == len(bg.hexes) == 28
    for hex_id, (q, r) in bg.hexes.items():
        x, y = bg.centre(hex_id, grid.size)
        assert grid.hex_centre(q, r) == (grid.origin[0] + x, grid.origin[1] + y)
        cell, dist = grid.locate(grid.origin[0] + x + 3, grid.origin[1] + y - 3)  # type: ignore[misc]
        assert cell.id == str(hex_id) and dist < 0.3
    # Every hex lies on the board, inside the ring of stickers.
    for _, _, (x, y) in grid.cell_centres():
        assert 30 < x < board.size[0] - 30 and 30 < y < board.size[1] - 30
    assert battleground_board(hex_mm=30).grids[0].size == 30


def test_units_are_read_on_their_hexes_and_proposed_in_the_rules_format() -> None:
    board, units = load_board("anteportas-battleground"), load_units()
    setup = random_setup(board, 11, tilt=(30.0, 30.0), light="warm")
    picture = render_frame(board, setup, calibration_frame(board, 1), units).image
    reader = TableReader(calibrate([picture], [board], units))
    spec = random_frame(board, 5, tokens=units, hand="none", blur="sharp", per_cell=2)
    rendered = render_frame(board, setup, spec, units)
    proposal = read_battleground(reader.read([rendered.image]))
    assert proposal["status"] == "ok"
    truth: dict[str, dict[str, int]] = {}
    for t in rendered.truth["tokens"]:
        kinds = truth.setdefault(t["cell"], {})
        kind = units.tokens[t["id"]].kind
        kinds[kind] = kinds.get(kind, 0) + 1
    found = 0
    for hex_id, kinds in proposal["hexes"].items():
        for kind, n in kinds.items():
            assert n <= truth[hex_id].get(kind, 0), (hex_id, kind)  # never on a wrong hex
            found += n
    assert found >= 0.75 * len(rendered.truth["tokens"])
    for place in proposal["state"].values():
        side_spec(10).check(place["side"], "side")
        if place["troop"] is not None:
            troop_spec(30, 30).check(place["troop"], "troop")
    # The closed loop on hexes: the same table again is "no change" (where read surely).
    again = read_battleground(reader.read([rendered.image]))
    check = check_step(proposal, again, {"hexes": {}})
    assert check.differences == []
    assert check.status == ("unsure" if proposal["unsure"] else "ok")
    assert {u["hex"] for u in check.unsure} == set(proposal["unsure"])
