"""The app-facing feed: prompt fields prefilled from the camera, None when unsure."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from rules.prompt import Choice, Field
from rules.text import msg
from vision.feed import VisionFeed
from vision.geometry import COLOURS, Board, load_board
from vision.reader import TableReader
from vision.render import random_scene, render
from vision.sources import ImageFiles, UsbCamera


def test_feed_prefills_tray_counts_and_priority_side(
    reader: TableReader, control_board: Board, tmp_path: Path
) -> None:
    scene = random_scene(control_board, np.random.default_rng(71), "warm")
    truth = render(scene).truth
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), render(scene, frame=i).image)
    feed = VisionFeed(reader, ImageFiles(tmp_path), frames=3)
    colours = tuple(Choice(c, msg(c)) for c in COLOURS)
    tray = Field("tray2", msg("Tray 2"), "counts", choices=colours, camera="tray_counts:2")
    assert feed.read(tray) == truth["counts"]["2"]
    side = Field("side", msg("Side"), "int", camera="priority_side")
    assert feed.read(side) == truth["priority_side"]
    totals = feed.read(Field("t", msg("Totals"), "counts", camera="tray_totals"))
    assert totals == {k: sum(v.values()) for k, v in truth["counts"].items()}
    by_colour = feed.read(
        Field("c", msg("Colours"), "counts", choices=colours, camera="colour_totals")
    )
    assert by_colour == {c: sum(t.get(c, 0) for t in truth["counts"].values()) for c in COLOURS}
    assert feed.read(Field("x", msg("X"), "int")) is None  # no camera reading named
    assert feed.available


def test_feed_without_camera_leaves_fields_to_the_players(reader: TableReader) -> None:
    feed = VisionFeed(reader, UsbCamera(96), frames=2)
    field = Field("side", msg("Side"), "int", camera="priority_side")
    assert feed.read(field) is None
    assert not feed.available
    assert "No camera at usb:96" in feed.describe().english()


class _Frames:
    """A stand-in camera handing out given frames (the physical edge)."""

    name = "frames"

    def __init__(self, frames: list[np.ndarray]) -> None:
        self.frames = frames

    def read(self) -> np.ndarray:
        return self.frames.pop(0) if len(self.frames) > 1 else self.frames[0]

    def close(self) -> None:
        pass


def test_a_picture_unlike_the_calibration_asks_the_players_instead_of_raising(
    reader: TableReader,
) -> None:
    hexes = load_board("hex-grid")  # stickers of another board: CalibrationMismatch inside
    image = render(random_scene(hexes, np.random.default_rng(3), "cool")).image
    feed = VisionFeed(reader, _Frames([image]), frames=2)
    field = Field("side", msg("Side"), "int", camera="priority_side")
    assert feed.read(field) is None
    reading = feed.reading()
    assert reading.status == "mismatch" and reading.needs_confirmation
    assert "calibrate again" in feed.describe().english()
    small = VisionFeed(reader, _Frames([cv2.resize(image, (640, 360))]), frames=2)
    assert small.reading().status == "mismatch"
    assert "1280x720" in small.describe().english()


def test_any_failure_inside_the_reader_becomes_a_plain_reason(reader: TableReader) -> None:
    broken = np.zeros((720, 1280), np.uint8)  # one channel: OpenCV itself raises inside
    feed = VisionFeed(reader, _Frames([broken]), frames=1)
    tray = Field("t", msg("Tray"), "counts", camera="tray_counts:0")
    assert feed.read(tray) is None
    assert feed.reading().status == "error"
    assert "by hand" in feed.describe().english()
    assert feed.available
