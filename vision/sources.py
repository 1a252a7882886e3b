"""Camera sources behind one interface: ``read() -> BGR frame``, ``close()``.

* :class:`PiCamera` - picamera2 on a Raspberry Pi (imported only when used);
  after a settling time, exposure and white balance are frozen so that colours
  do not drift between frames (the reader corrects the light itself).
* :class:`UsbCamera` - ``cv2.VideoCapture`` (V4L2, MJPG); buffered frames are
  dropped so ``read`` returns the newest picture, not one from a second ago.
* :class:`AnyCamera` - ``auto``: the first of those two that gives a picture
  (the kiosk's default: a café box works with whichever camera is plugged in).
* :class:`ImageFiles`, :class:`VideoFile` - still pictures, folders and videos
  for tests and replay.

A camera that is missing or unplugged raises :class:`~vision.errors.CameraUnavailable`
with a message saying what to do; the app falls back to manual entry. Live
cameras try to reopen on the next ``read`` (at most every ``retry_s``
seconds), so plugging the camera back in is enough.

``open_source("auto" | "usb:0" | "pi" | PATH)`` picks the right class.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from rules.text import msg
from vision.errors import CameraUnavailable

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


class FrameSource(Protocol):
    name: str

    def read(self) -> np.ndarray:
        """The newest frame (BGR uint8); raises :class:`CameraUnavailable`."""
        ...

    def close(self) -> None: ...


def read_image(path: str | Path) -> np.ndarray:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise CameraUnavailable(msg("Cannot read the picture {path}", path=str(path)))
    return image


class ImageFiles:
    """Pictures from a list of files or a folder, in name order; ends with an error."""

    def __init__(self, paths: list[Path] | Path) -> None:
        if isinstance(paths, Path) and paths.is_dir():
            self.name = str(paths)
            paths = sorted(p for p in paths.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not paths:
                raise CameraUnavailable(msg("No pictures in the folder {path}", path=self.name))
        elif isinstance(paths, Path):
            self.name = str(paths)
            paths = [paths]
        else:
            self.name = ", ".join(str(p) for p in paths)
        self.paths = list(paths)
        self._next = 0

    def read(self) -> np.ndarray:
        if self._next >= len(self.paths):
            raise CameraUnavailable(msg("No more pictures in {name}", name=self.name))
        path = self.paths[self._next]
        self._next += 1
        return read_image(path)

    def close(self) -> None:
        self._next = len(self.paths)


class VideoFile:
    """Frames of a video file, in order."""

    def __init__(self, path: Path) -> None:
        self.name = str(path)
        self.capture = cv2.VideoCapture(str(path))
        if not self.capture.isOpened():
            raise CameraUnavailable(msg("Cannot open the video {path}", path=self.name))

    def read(self) -> np.ndarray:
        ok, frame = self.capture.read()
        if not ok:
            raise CameraUnavailable(msg("The video {name} has no more frames", name=self.name))
        return frame

    def close(self) -> None:
        self.capture.release()


CaptureFactory = Callable[[int], Any]


def _v4l2_capture(index: int) -> cv2.VideoCapture:
    return cv2.VideoCapture(index, cv2.CAP_V4L2)


class UsbCamera:
    """A USB camera through ``cv2.VideoCapture``, MJPG, newest frame only, reconnecting.

    ``open_capture`` makes the capture object (tests pass one that fails first).
    """

    def __init__(
        self,
        index: int = 0,
        size: tuple[int, int] = (1280, 720),
        fps: int = 30,
        retry_s: float = 2.0,
        open_capture: CaptureFactory = _v4l2_capture,
    ) -> None:
        self.index = index
        self.name = f"usb:{index}"
        self.size = size
        self.fps = fps
        self.retry_s = retry_s
        self.open_capture = open_capture
        self.capture: Any = None
        self._last_try = -1e9
        self.reconnects = 0

    def _open(self) -> None:
        now = time.monotonic()
        if now - self._last_try < self.retry_s:
            raise self._missing()
        self._last_try = now
        cap = self.open_capture(self.index)
        if cap is None or not cap.isOpened():
            raise self._missing()
        cap.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        cap.set(cv2.CAP_PROP_FPS, self.fps)
        cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        self.capture = cap
        self.reconnects += 1

    def _missing(self) -> CameraUnavailable:
        return CameraUnavailable(
            msg(
                "No camera at {name} (/dev/video{index}): check the USB cable; "
                "enter the counts by hand meanwhile",
                name=self.name,
                index=self.index,
            )
        )

    def read(self) -> np.ndarray:
        if self.capture is None:
            self._open()
        # Drop frames the driver buffered: grabs that return at once were waiting in the queue.
        for _ in range(4):
            start = time.monotonic()
            if not self.capture.grab():
                self._lost()
            if time.monotonic() - start > 0.008:
                break
        ok, frame = self.capture.retrieve()
        if not ok or frame is None:
            self._lost()
        return frame

    def _lost(self) -> None:
        self.close()
        raise CameraUnavailable(
            msg(
                "The camera {name} stopped sending pictures (unplugged?); "
                "it will be used again as soon as it is back",
                name=self.name,
            )
        )

    def close(self) -> None:
        if self.capture is not None:
            self.capture.release()
        self.capture = None


class PiCamera:
    """The Raspberry Pi camera via picamera2; exposure and white balance frozen after settling."""

    def __init__(self, size: tuple[int, int] = (1280, 720), settle_s: float = 2.0) -> None:
        self.name = "pi"
        self.size = size
        self.settle_s = settle_s
        self.camera: Any = None

    def _open(self) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]
        except ImportError as exc:
            raise CameraUnavailable(
                msg(
                    "The Raspberry Pi camera library is missing: sudo apt install python3-picamera2"
                )
            ) from exc
        try:
            cam = Picamera2()
            cam.configure(
                cam.create_video_configuration(main={"size": self.size, "format": "RGB888"})
            )
            cam.start()
            time.sleep(self.settle_s)  # let auto exposure and white balance settle once
            meta = cam.capture_metadata()
            cam.set_controls(
                {
                    "AeEnable": False,
                    "AwbEnable": False,
                    "ExposureTime": meta["ExposureTime"],
                    "AnalogueGain": meta["AnalogueGain"],
                    "ColourGains": meta["ColourGains"],
                }
            )
        except (RuntimeError, IndexError, KeyError, OSError) as exc:
            raise CameraUnavailable(
                msg(
                    "The Raspberry Pi camera does not answer ({problem}): check its ribbon cable",
                    problem=str(exc),
                )
            ) from exc
        self.camera = cam

    def read(self) -> np.ndarray:
        if self.camera is None:
            self._open()
        try:
            # picamera2's "RGB888" is laid out B, G, R in memory: OpenCV's BGR already.
            return np.ascontiguousarray(self.camera.capture_array("main"))
        except (RuntimeError, OSError) as exc:
            self.close()
            raise CameraUnavailable(
                msg("The Raspberry Pi camera stopped ({problem})", problem=str(exc))
            ) from exc

    def close(self) -> None:
        if self.camera is not None:
            try:
                self.camera.stop()
                self.camera.close()
            except (RuntimeError, OSError):
                pass
        self.camera = None


class AnyCamera:
    """``auto``: the Raspberry Pi camera if it answers, else the USB camera ``usb:0``.

    Each ``read`` while none is open tries the candidates in order (at most
    every ``retry_s`` seconds), so a camera plugged in later is found without a
    restart; one that stops is closed and the search starts again.
    ``candidates`` makes the sources to try (tests pass their own).
    """

    def __init__(
        self,
        retry_s: float = 2.0,
        candidates: Callable[[], list[FrameSource]] | None = None,
    ) -> None:
        self.name = "auto"
        self.retry_s = retry_s
        self.candidates = candidates or (lambda: [PiCamera(), UsbCamera(0, retry_s=0.0)])
        self.current: FrameSource | None = None
        self._last_try = -1e9

    def read(self) -> np.ndarray:
        if self.current is not None:
            try:
                return self.current.read()
            except CameraUnavailable:
                self.close()
                raise
        now = time.monotonic()
        if now - self._last_try < self.retry_s:
            raise self._missing()
        self._last_try = now
        for source in self.candidates():
            try:
                frame = source.read()
            except CameraUnavailable:
                source.close()
                continue
            self.current = source
            self.name = getattr(source, "name", "auto")
            return frame
        raise self._missing()

    def _missing(self) -> CameraUnavailable:
        return CameraUnavailable(
            msg(
                "No camera found (neither the Raspberry Pi camera nor a USB camera): "
                "connect one; enter the counts by hand meanwhile"
            )
        )

    def close(self) -> None:
        if self.current is not None:
            self.current.close()
        self.current = None
        self.name = "auto"


def open_source(spec: str) -> FrameSource:
    """``auto``, ``usb:N``, ``pi``, or a path to a picture, a folder of pictures or a video."""
    if spec == "auto":
        return AnyCamera()
    if spec == "pi":
        return PiCamera()
    if spec.startswith("usb:"):
        try:
            return UsbCamera(int(spec[4:]))
        except ValueError as exc:
            raise CameraUnavailable(msg("Camera {spec}: expected usb:NUMBER", spec=spec)) from exc
    path = Path(spec)
    if path.is_dir() or path.suffix.lower() in IMAGE_SUFFIXES:
        if not path.exists():
            raise CameraUnavailable(msg("No such picture or folder: {path}", path=spec))
        return ImageFiles(path)
    if not path.exists():
        raise CameraUnavailable(
            msg(
                "No such camera or file: {spec} "
                "(use auto, usb:0, pi, a picture, a folder or a video)",
                spec=spec,
            )
        )
    return VideoFile(path)


def grab(source: FrameSource, n: int, interval_s: float = 0.0) -> list[np.ndarray]:
    """Up to ``n`` frames; a file source that runs out returns what it had."""
    frames: list[np.ndarray] = []
    for _ in range(n):
        try:
            frames.append(source.read())
        except CameraUnavailable:
            if frames and not isinstance(source, UsbCamera | PiCamera):
                break
            raise
        if interval_s:
            time.sleep(interval_s)
    return frames
