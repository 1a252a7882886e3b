"""Camera sources: files, folders, videos; a missing camera degrades with a clear message."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from rules.text import msg
from vision.errors import CameraUnavailable
from vision.sources import (
    AnyCamera,
    ImageFiles,
    PiCamera,
    UsbCamera,
    VideoFile,
    grab,
    open_source,
)


def frames(n: int) -> list[np.ndarray]:
    return [np.full((48, 64, 3), 40 * i, np.uint8) for i in range(n)]


def test_folder_of_pictures_in_name_order(tmp_path: Path) -> None:
    for i, f in enumerate(frames(3)):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), f)
    source = open_source(str(tmp_path))
    assert isinstance(source, ImageFiles)
    got = grab(source, 5)  # asks for 5, the folder has 3
    assert [int(g[0, 0, 0]) for g in got] == [0, 40, 80]
    with pytest.raises(CameraUnavailable, match="No more pictures"):
        source.read()


def test_video_file(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 5, (64, 48))
    for f in frames(4):
        writer.write(f)
    writer.release()
    source = open_source(str(path))
    assert isinstance(source, VideoFile)
    assert len(grab(source, 10)) == 4


def test_missing_usb_camera_says_so() -> None:
    camera = UsbCamera(97)
    with pytest.raises(CameraUnavailable) as err:
        camera.read()
    text = err.value.message.english()
    assert "No camera at usb:97" in text and "by hand" in text


def test_usb_camera_reconnects_when_plugged_back(tmp_path: Path) -> None:
    # The physical edge: the first open finds no device, the second one a working
    # capture (a real cv2.VideoCapture reading a file stands in for the camera).
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 5, (64, 48))
    for f in frames(6):
        writer.write(f)
    writer.release()
    plugged = [False]

    def open_capture(index: int) -> cv2.VideoCapture:
        return cv2.VideoCapture(str(path) if plugged[0] else "/nonexistent.avi")

    camera = UsbCamera(0, retry_s=0.0, open_capture=open_capture)
    with pytest.raises(CameraUnavailable):
        camera.read()
    plugged[0] = True
    frame = camera.read()
    assert frame.shape == (48, 64, 3)
    assert camera.reconnects == 1


def test_pi_camera_without_picamera2_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)  # not installed off the Pi
    with pytest.raises(CameraUnavailable, match="python3-picamera2"):
        PiCamera().read()


def test_unknown_source_is_a_clear_error() -> None:
    with pytest.raises(CameraUnavailable, match="auto, usb:0, pi"):
        open_source("/nonexistent/camera")


def test_reading_from_a_missing_camera_degrades_to_asking(reader) -> None:
    from vision.reader import read_camera

    reading = read_camera(reader, UsbCamera(98), frames=2, interval_s=0.0)
    assert reading.status == "no-camera"
    assert reading.needs_confirmation
    assert "No camera at usb:98" in reading.reasons[0].english()
    assert reading.trays == []


class FakeCamera:
    """The physical edge: a camera that answers with one grey picture, or is not there."""

    def __init__(self, name: str, there: bool) -> None:
        self.name, self.there, self.closed = name, there, 0

    def read(self) -> np.ndarray:
        if not self.there:
            raise CameraUnavailable(msg("No camera at {name}", name=self.name))
        return np.full((48, 64, 3), 7, np.uint8)

    def close(self) -> None:
        self.closed += 1


def test_auto_takes_the_first_camera_that_answers() -> None:
    pi, usb = FakeCamera("pi", there=False), FakeCamera("usb:0", there=True)
    camera = AnyCamera(retry_s=0.0, candidates=lambda: [pi, usb])
    assert int(camera.read()[0, 0, 0]) == 7
    assert camera.name == "usb:0" and pi.closed == 1
    assert isinstance(open_source("auto"), AnyCamera)


def test_auto_without_any_camera_says_so_and_finds_one_plugged_in_later() -> None:
    plugged: list[FakeCamera] = []
    camera = AnyCamera(retry_s=0.0, candidates=lambda: list(plugged))
    with pytest.raises(CameraUnavailable) as err:
        camera.read()
    text = err.value.message.english()
    assert "neither the Raspberry Pi camera nor a USB camera" in text and "by hand" in text
    plugged.append(FakeCamera("pi", there=True))
    camera.read()
    assert camera.name == "pi"
    plugged[0].there = False  # unplugged: closed, and the search starts again
    with pytest.raises(CameraUnavailable, match="No camera at pi"):
        camera.read()
    assert camera.name == "auto" and plugged[0].closed == 1


def test_auto_waits_between_searches() -> None:
    tries: list[int] = []

    def candidates() -> list[FakeCamera]:
        tries.append(1)
        return []

    camera = AnyCamera(retry_s=60.0, candidates=candidates)
    for _ in range(3):
        with pytest.raises(CameraUnavailable):
            camera.read()
    assert len(tries) == 1  # a missing camera is looked for at most every retry_s
