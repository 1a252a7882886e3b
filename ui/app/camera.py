"""The app's cameras without readings, and a scripted one for tests.

A prompt field names the reading that can fill it (``Field.camera``, a typed
request of :mod:`rules.camera`). The app asks its camera, a
:class:`vision.camera_feed.CameraFeed`, for it; the players still check and
confirm every value. The base class declares every member the app uses, with
the answers of a table without a camera, so the app calls them directly:

* :class:`NoCamera`: every fact is entered by hand;
* :class:`UncalibratedCamera`: pictures but no calibration yet (the Camera screen);
* :class:`ScriptedCamera`: readings given by request, for tests;
* :class:`vision.feed.VisionFeed` (reads from scratch) and
  :class:`ui.app.follow_feed.FollowFeed` (follows the trays) are the real ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.camera import CameraRequest, camera_request
from rules.prompt import Field
from rules.text import Msg
from ui.i18n import _
from vision.camera_feed import CameraFeed

__all__ = ["CameraFeed", "LoopingPictures", "NoCamera", "ScriptedCamera", "UncalibratedCamera"]


def please_check(camera: CameraFeed, field: Field) -> Msg | None:
    """Why ``camera`` left ``field`` to the players (None: it filled it, or cannot say)."""
    return camera.please_check(field)


class NoCamera(CameraFeed):
    """No camera: every fact is entered by hand."""

    def describe(self) -> Msg:
        return _("No camera: manual entry")


class ScriptedCamera(CameraFeed):
    """A camera whose readings are given by request (a test double, as gpiozero's mock
    pins): ``ScriptedCamera({ColourTotals(): {"red": 2}})``; string names of requests
    (``"tray_counts:3"``) are accepted as keys too. ``notes`` give "please check"."""

    def __init__(
        self,
        readings: Mapping[CameraRequest | str, Any] | None = None,
        notes: Mapping[CameraRequest | str, Msg] | None = None,
        *,
        line: Msg | None = None,
    ) -> None:
        self.readings = {camera_request(k): v for k, v in (readings or {}).items()}
        self.notes = {camera_request(k): v for k, v in (notes or {}).items()}
        self.line = line
        #: The requests read so far, in order.
        self.asked: list[CameraRequest] = []

    @property
    def available(self) -> bool:
        return True

    def describe(self) -> Msg:
        return self.line or _("Camera: ready")

    def read(self, field: Field) -> Any | None:
        request = camera_request(field.camera)
        if request is None:
            return None
        self.asked.append(request)
        return self.readings.get(request)

    def please_check(self, field: Field) -> Msg | None:
        return self.notes.get(camera_request(field.camera))


class UncalibratedCamera(CameraFeed):
    """A camera that delivers pictures but has no calibration yet.

    ``tableside app --camera SOURCE`` without a calibration gives this: facts
    are entered by hand, and the Camera screen shows the picture and can
    calibrate (then the app switches to a ``vision.feed.VisionFeed``).
    ``first_frame`` is the picture taken to check the camera works (a folder
    source does not give it again).
    """

    def __init__(self, source: Any, first_frame: Any = None) -> None:
        self.source = source
        self.first_frame = first_frame
        #: A picture came (at start or since): ``--camera auto`` starts without one
        #: when no camera is plugged in, and the Camera screen sets it on the first.
        self.found = first_frame is not None

    @property
    def available(self) -> bool:
        return True

    def picture_came(self) -> None:
        self.found = True

    def describe(self) -> Msg:
        if not self.found:
            return _("Camera: none found yet")
        return _("Camera: not calibrated yet")


class LoopingPictures:
    """A picture or folder source that starts again at its first picture when it ends.

    In the app a folder stands in for a camera (replay, demos, tests); the
    camera reading and the Camera screen's live picture both take frames from
    it, so without looping a short folder would run dry within seconds.
    """

    def __init__(self, pictures: Any) -> None:
        self.pictures = pictures
        self.name = pictures.name

    def read(self) -> Any:
        from vision.errors import CameraUnavailable
        from vision.sources import ImageFiles

        try:
            return self.pictures.read()
        except CameraUnavailable:
            self.pictures = ImageFiles(list(self.pictures.paths))
            return self.pictures.read()

    def close(self) -> None:
        self.pictures.close()
