"""Calibration: measured from a picture, saved, reloaded, and refused when it does not fit."""

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
from vision.reader import TableReader
from vision.render import Scene, random_scene, render


def test_calibration_measures_every_colour_and_the_marker_size(calibration: Calibration) -> None:
    assert set(calibration.classes) == {"floor", *COLOURS}
    assert 50 < calibration.cube_area_mm2 < 100  # 8 mm markers seen from above
    assert calibration.classes["white"][0] > calibration.classes["brown"][0] + 30  # lighter
    assert calibration.classes["blue"][2] < -20 < 20 < calibration.classes["yellow"][2]


def test_saved_calibration_reloads_and_reads_the_same(
    calibration: Calibration, control_board: Board, tmp_path: Path
) -> None:
    path = calibration.save(tmp_path / "data" / "vision-calibration.json")
    again = cal_mod.load(path)
    assert again.to_json() == calibration.to_json()
    rendered = render(random_scene(control_board, np.random.default_rng(7), "warm"))
    assert (
        TableReader(again).read([rendered.image]).counts()
        == TableReader(calibration).read([rendered.image]).counts()
    )


def test_missing_and_broken_calibration_files_name_the_problem(
    calibration: Calibration, tmp_path: Path
) -> None:
    with pytest.raises(SituationError, match="tableside vision calibrate"):
        cal_mod.load(tmp_path / "none.json")
    data = calibration.to_json()
    del data["classes_lab"]["red"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SituationError) as err:
        cal_mod.load(path)
    assert err.value.field == "classes_lab"


def test_a_different_board_in_view_is_a_mismatch(reader: TableReader) -> None:
    hexes = load_board("hex-grid")
    rendered = render(random_scene(hexes, np.random.default_rng(3), "cool"))
    with pytest.raises(CalibrationMismatch, match="calibrate again"):
        reader.read([rendered.image])


def test_a_different_frame_size_is_a_mismatch(reader: TableReader, control_board: Board) -> None:
    rendered = render(random_scene(control_board, np.random.default_rng(4), "cool"))
    small = cv2.resize(rendered.image, (640, 360))
    with pytest.raises(CalibrationMismatch, match="1280x720"):
        reader.read([small])


def test_calibration_picture_must_hold_one_marker_per_tray(
    control_board: Board, tokens: TokenCatalogue
) -> None:
    empty = render(Scene(board=control_board, counts={}, seed=2)).image
    with pytest.raises(CalibrationFailed, match="exactly one red marker"):
        calibrate([empty], [control_board], tokens)


def test_calibration_needs_the_board_in_view(control_board: Board, tokens: TokenCatalogue) -> None:
    blank = np.full((720, 1280, 3), 90, np.uint8)
    with pytest.raises(CalibrationFailed, match="Cannot find the marauders-control-board"):
        calibrate([blank], [control_board], tokens)
