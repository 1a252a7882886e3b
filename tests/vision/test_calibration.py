"""Calibration from one picture at any tilt up to 60 degrees; refused in words when wrong."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from rules.errors import SituationError
from vision import calibration as cal_mod
from vision.calibration import Calibration, calibrate
from vision.errors import CalibrationFailed, CalibrationMismatch
from vision.geometry import COLOURS, Board, TokenCatalogue, load_board
from vision.overlay import PROBLEM_BGR
from vision.reader import TableReader
from vision.table_render import (
    FrameSpec,
    Setup,
    calibration_frame,
    random_frame,
    random_setup,
    render_frame,
)


@pytest.mark.parametrize(
    ("seed", "tilt", "light"), [(4300, 22.0, "warm"), (4300, 45.0, "mixed"), (4301, 58.0, "cool")]
)
def test_one_picture_calibrates_at_a_steep_tilt(
    control_board: Board, tokens: TokenCatalogue, seed: int, tilt: float, light: str
) -> None:
    # Examples that calibrate (cube sides and shadows no longer refused as "too big");
    # how many tables calibration still refuses is a benchmark figure.
    setup = random_setup(control_board, seed, tilt=(tilt, tilt), light=light)
    picture = render_frame(control_board, setup, calibration_frame(control_board, 2), tokens)
    cal = calibrate([picture.image], [control_board], tokens)
    assert set(cal.cubes_lab) == set(COLOURS)
    assert set(cal.floors_lab) == {str(s) for s in range(6)}


def test_the_calibration_picture_is_never_read_wrong(
    calibration: Calibration, calibration_picture: np.ndarray
) -> None:
    # Calibration stores no cube size for the reader (the old blob counter measured one
    # cube with one kernel and read with another: brown and blue counted double).
    reading = TableReader(calibration).read([calibration_picture])
    for tray in reading.trays:
        if tray.sure:
            assert tray.counts == {c: int(c == tray.colour) for c in COLOURS}


def test_saved_calibration_reloads_and_reads_the_same(
    calibration: Calibration,
    control_board: Board,
    setup: Setup,
    tokens: TokenCatalogue,
    tmp_path: Path,
) -> None:
    path = calibration.save(tmp_path / "data" / "vision-calibration.json")
    again = cal_mod.load(path)
    assert again.to_json() == calibration.to_json()
    image = render_frame(control_board, setup, random_frame(control_board, 7), tokens).image
    assert (
        TableReader(again).read([image]).counts() == TableReader(calibration).read([image]).counts()
    )


def test_missing_old_and_broken_calibration_files_name_the_problem(
    calibration: Calibration, tmp_path: Path
) -> None:
    with pytest.raises(SituationError, match="tableside vision calibrate"):
        cal_mod.load(tmp_path / "none.json")
    data = calibration.to_json()
    path = tmp_path / "old.json"
    path.write_text(json.dumps({**data, "version": 1}))
    with pytest.raises(SituationError, match="calibrate' again"):
        cal_mod.load(path)
    data["floors_lab"]["0"] = [1.0, 2.0]
    path.write_text(json.dumps(data))
    with pytest.raises(SituationError) as err:
        cal_mod.load(path)
    assert err.value.field == "0"


def test_a_different_board_in_view_is_a_mismatch(
    reader: TableReader, setup: Setup, tokens: TokenCatalogue
) -> None:
    hexes = load_board("hex-grid")
    image = render_frame(hexes, setup, random_frame(hexes, 3, tokens=tokens), tokens).image
    with pytest.raises(CalibrationMismatch, match="calibrate again"):
        reader.read([image])


def test_a_different_frame_size_is_a_mismatch(
    reader: TableReader, calibration_picture: np.ndarray
) -> None:
    with pytest.raises(CalibrationMismatch, match="1280x720"):
        reader.read([cv2.resize(calibration_picture, (640, 360))])


def test_a_wrong_calibration_picture_is_refused_in_words_with_the_outlines(
    control_board: Board, setup: Setup, tokens: TokenCatalogue
) -> None:
    counts = {t.side: {t.colour: 1} for t in control_board.trays if t.colour}
    counts[5] = counts.pop(0)  # the red cube in the tray without a colour, none in tray 0
    spec = FrameSpec(
        seed=5, counts=counts, arrangement={t.side: "scattered" for t in control_board.trays}
    )
    image = render_frame(control_board, setup, spec, tokens).image
    with pytest.raises(CalibrationFailed) as err:
        calibrate([image], [control_board], tokens)
    text = err.value.message.english()
    assert "Tray 0 must hold exactly one red cube and nothing else; it holds nothing" in text
    assert "(and 1 more trays)" in text  # tray 5 must be empty
    assert err.value.picture is not None  # the outlines, tray 0 in red, for the players
    assert np.any(np.all(err.value.picture == PROBLEM_BGR, axis=2))


def test_calibration_needs_the_board_in_view(control_board: Board, tokens: TokenCatalogue) -> None:
    blank = np.full((720, 1280, 3), 90, np.uint8)
    with pytest.raises(CalibrationFailed, match="Cannot find the marauders-control-board") as err:
        calibrate([blank], [control_board], tokens)
    assert err.value.picture is None
