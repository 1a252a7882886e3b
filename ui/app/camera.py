"""The seam for the camera: readings that prefill the facts the bot needs.

A prompt field names the reading that can fill it (``Field.camera``, e.g.
``"tray_counts"``). The app asks a :class:`CameraFeed` for that reading; the
players still check and confirm it. Until the vision package is wired in,
:class:`NoCamera` is used and every fact is entered by hand. To wire vision,
write a class with these three members around ``vision.reader.TableReader``
and pass it to :class:`ui.app.controller.AppController`.

Two members are optional (:class:`vision.feed.VisionFeed` has both):
``please_check(field)`` says why the camera left a camera field to the players
(shown beside it), and ``reading()`` gives the whole reading of the table (the
closed loop, :mod:`ui.app.table_check`, compares two of them).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from rules.prompt import Field
from rules.text import Msg
from ui.i18n import _


@runtime_checkable
class CameraFeed(Protocol):
    """What the app needs from a camera."""

    @property
    def available(self) -> bool:
        """True when frames can be read now."""
        ...

    def describe(self) -> Msg:
        """One short line for the status bar ("camera: ready", "no camera")."""
        ...

    def read(self, field: Field) -> Any | None:
        """A value for ``field`` from the reading ``field.camera``, or None if unknown."""
        ...


def please_check(camera: CameraFeed, field: Field) -> Msg | None:
    """Why ``camera`` left ``field`` to the players (None: it filled it, or cannot say)."""
    ask = getattr(camera, "please_check", None)
    if ask is None:
        return None
    note = ask(field)
    return note if isinstance(note, Msg) else None


class NoCamera:
    """No camera: every fact is entered by hand."""

    available = False

    def describe(self) -> Msg:
        return _("No camera: manual entry")

    def read(self, field: Field) -> Any | None:
        return None


class UncalibratedCamera:
    """A camera that delivers pictures but has no calibration yet.

    ``tableside app --camera SOURCE`` without a calibration gives this: facts
    are entered by hand, and the Camera screen shows the picture and can
    calibrate (then the app switches to a ``vision.feed.VisionFeed``).
    ``first_frame`` is the picture taken to check the camera works (a folder
    source does not give it again).
    """

    available = True
    reader = None

    def __init__(self, source: Any, first_frame: Any = None) -> None:
        self.source = source
        self.first_frame = first_frame

    def describe(self) -> Msg:
        return _("Camera: not calibrated yet (Camera screen, key C)")

    def read(self, field: Field) -> Any | None:
        return None


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
