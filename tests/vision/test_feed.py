"""The app-facing feed: fields prefilled from the camera when sure, else "please check"."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from rules.prompt import Choice, Field
from rules.text import msg
from vision.feed import VisionFeed
from vision.geometry import COLOURS, Board, TokenCatalogue, load_board
from vision.reader import TableReader
from vision.sources import ImageFiles, UsbCamera
from vision.table_render import Setup, random_frame, render_frame

from .conftest import frame

COLOUR_CHOICES = tuple(Choice(c, msg(c)) for c in COLOURS)


def test_feed_fills_sure_trays_and_asks_about_the_others(
    reader: TableReader,
    control_board: Board,
    setup: Setup,
    tokens: TokenCatalogue,
    tmp_path: Path,
) -> None:
    rendered = frame(control_board, setup, tokens, 71, hand="none", blur="sharp")
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), rendered.image)
    feed = VisionFeed(reader, ImageFiles(tmp_path), frames=3, max_age_s=1e9)  # one reading
    reading = feed.reading()
    truth = rendered.truth["counts"]
    filled = 0
    for tray in reading.trays:
        field = Field(
            key=f"t{tray.side}",
            label=msg("Tray"),
            kind="counts",
            choices=COLOUR_CHOICES,
            camera=f"tray_counts:{tray.side}",
        )
        value = feed.read(field)
        if tray.sure:
            assert value == truth[str(tray.side)]
            assert feed.please_check(field) is None
            filled += 1
        else:
            assert value is None
            assert "please check" in feed.please_check(field).english()  # type: ignore[union-attr]
    side = Field(key="side", label=msg("Side"), kind="int", camera="priority_side")
    assert feed.read(side) == rendered.truth["priority_side"]
    totals = feed.read(Field(key="t", label=msg("Totals"), kind="counts", camera="tray_totals"))
    if all(t.sure for t in reading.trays):
        assert totals == {k: sum(v.values()) for k, v in truth.items()}
    else:
        assert totals is None
    assert feed.read(Field(key="x", label=msg("X"), kind="int")) is None  # no camera reading named
    # A camera over the control board alone cannot tell what stands on a hex: it says so.
    hex_field = Field(key="soldiers-7", label=msg("Soldiers"), kind="counts", camera="battleground")
    assert feed.read(hex_field) is None
    assert feed.please_check(hex_field) == msg(
        "The camera cannot see the battleground's stickers: please check"
    )
    assert feed.available


def test_feed_without_camera_leaves_fields_to_the_players(reader: TableReader) -> None:
    feed = VisionFeed(reader, UsbCamera(96), frames=2)
    field = Field(key="side", label=msg("Side"), kind="int", camera="priority_side")
    assert feed.read(field) is None
    assert not feed.available
    assert feed.describe().english() == "Camera: not connected"  # one short status line
    assert "No camera at usb:96" in feed.please_check(field).english()  # type: ignore[union-attr]


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
    reader: TableReader, setup: Setup, tokens: TokenCatalogue
) -> None:
    hexes = load_board("hex-grid")  # stickers of another board: CalibrationMismatch inside
    image = render_frame(hexes, setup, random_frame(hexes, 3, tokens=tokens), tokens).image
    feed = VisionFeed(reader, _Frames([image]), frames=2)
    field = Field(key="side", label=msg("Side"), kind="int", camera="priority_side")
    assert feed.read(field) is None
    reading = feed.reading()
    assert reading.status == "mismatch" and reading.needs_confirmation
    assert feed.describe().english() == "Camera: calibrate again"
    assert "calibrate again" in feed.please_check(field).english()  # type: ignore[union-attr]
    small = VisionFeed(reader, _Frames([cv2.resize(image, (640, 360))]), frames=2)
    assert small.reading().status == "mismatch"
    assert "1280x720" in small.please_check(field).english()  # type: ignore[union-attr]


def test_any_failure_inside_the_reader_becomes_a_plain_reason(reader: TableReader) -> None:
    broken = np.zeros((720, 1280), np.uint8)  # one channel: OpenCV itself raises inside
    feed = VisionFeed(reader, _Frames([broken]), frames=1)
    tray = Field(key="t", label=msg("Tray"), kind="counts", camera="tray_counts:0")
    assert feed.read(tray) is None
    assert feed.reading().status == "error"
    assert feed.describe().english() == "Camera: unreadable, enter by hand"
    assert "by hand" in feed.please_check(tray).english()  # type: ignore[union-attr]
    assert feed.available
