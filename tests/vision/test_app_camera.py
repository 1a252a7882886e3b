"""`tableside app --camera`: a calibrated camera prefills fields; problems fall back to manual."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from rules.prompt import Choice, Field
from rules.text import msg
from ui.commands.app import camera_feed
from vision.calibration import Calibration
from vision.feed import VisionFeed
from vision.geometry import COLOURS, Board
from vision.render import random_scene, render


def test_camera_with_calibration_gives_a_feed_that_reads(
    calibration: Calibration, control_board: Board, tmp_path: Path
) -> None:
    cal_path = calibration.save(tmp_path / "cal.json")
    frames = tmp_path / "frames"
    frames.mkdir()
    scene = random_scene(control_board, np.random.default_rng(5), "cool")
    for i in range(3):
        cv2.imwrite(str(frames / f"f{i}.png"), render(scene, frame=i).image)
    feed = camera_feed(str(frames), cal_path)
    assert isinstance(feed, VisionFeed)
    colours = tuple(Choice(c, msg(c)) for c in COLOURS)
    field = Field(
        key="trays_now", label=msg("Trays"), kind="counts", choices=colours, camera="colour_totals"
    )
    truth = render(scene).truth["counts"]
    assert feed.read(field) == {c: sum(t.get(c, 0) for t in truth.values()) for c in COLOURS}


def test_missing_calibration_falls_back_to_manual_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert camera_feed("usb:0", tmp_path / "none.json") is None
    err = capsys.readouterr().err
    assert "camera not used" in err and "tableside vision calibrate" in err


def test_no_camera_option_means_manual_entry() -> None:
    assert camera_feed(None, None) is None
