"""The app-facing feed: prompt fields prefilled from the camera, None when unsure."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from rules.prompt import Choice, Field
from rules.text import msg
from vision.feed import VisionFeed
from vision.geometry import COLOURS, Board
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
    tray = Field(
        key="tray2", label=msg("Tray 2"), kind="counts", choices=colours, camera="tray_counts:2"
    )
    assert feed.read(tray) == truth["counts"]["2"]
    side = Field(key="side", label=msg("Side"), kind="int", camera="priority_side")
    assert feed.read(side) == truth["priority_side"]
    totals = feed.read(Field(key="t", label=msg("Totals"), kind="counts", camera="tray_totals"))
    assert totals == {k: sum(v.values()) for k, v in truth["counts"].items()}
    by_colour = feed.read(
        Field(key="c", label=msg("Colours"), kind="counts", choices=colours, camera="colour_totals")
    )
    assert by_colour == {c: sum(t.get(c, 0) for t in truth["counts"].values()) for c in COLOURS}
    assert feed.read(Field(key="x", label=msg("X"), kind="int")) is None  # no camera reading named
    assert feed.available


def test_feed_without_camera_leaves_fields_to_the_players(reader: TableReader) -> None:
    feed = VisionFeed(reader, UsbCamera(96), frames=2)
    field = Field(key="side", label=msg("Side"), kind="int", camera="priority_side")
    assert feed.read(field) is None
    assert not feed.available
    assert "No camera at usb:96" in feed.describe().english()
