"""`tableside app --camera`: a calibrated camera prefills fields; problems fall back to manual."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from rules.prompt import Choice, Field
from rules.text import msg
from ui.app.follow_feed import FollowFeed
from ui.commands.app import camera_feed
from vision.calibration import Calibration
from vision.feed import VisionFeed
from vision.geometry import COLOURS, Board, TokenCatalogue
from vision.table_render import Setup

from .conftest import frame


def test_camera_with_calibration_gives_a_feed_that_reads(
    calibration: Calibration,
    control_board: Board,
    setup: Setup,
    tokens: TokenCatalogue,
    tmp_path: Path,
) -> None:
    cal_path = calibration.save(tmp_path / "cal.json")
    frames = tmp_path / "frames"
    frames.mkdir()
    rendered = frame(control_board, setup, tokens, 5, hand="none", blur="sharp")
    for i in range(3):
        cv2.imwrite(str(frames / f"f{i}.png"), rendered.image)
    feed = camera_feed(str(frames), cal_path)
    assert isinstance(feed, FollowFeed) and isinstance(feed.feed, VisionFeed)
    assert not feed.following  # no game yet: every reading is the wrapped feed's
    colours = tuple(Choice(c, msg(c)) for c in COLOURS)
    field = Field(
        key="tray0", label=msg("Tray 0"), kind="counts", choices=colours, camera="tray_counts:0"
    )
    got = feed.read(field)
    assert got is None or got == rendered.truth["counts"]["0"]
    side = Field(key="side", label=msg("Side"), kind="int", camera="priority_side")
    assert feed.read(side) == rendered.truth["priority_side"]


def test_missing_calibration_falls_back_to_manual_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert camera_feed("usb:0", tmp_path / "none.json") is None
    err = capsys.readouterr().err
    assert "camera not used" in err and "tableside vision calibrate" in err


def test_no_camera_option_means_manual_entry() -> None:
    assert camera_feed(None, None) is None
