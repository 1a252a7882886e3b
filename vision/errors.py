"""Errors the vision package raises; each carries a player-facing :class:`rules.text.Msg`."""

from __future__ import annotations

from typing import Any

from rules.text import Msg


class VisionError(Exception):
    """Something the camera cannot do; ``message`` says why and what to do."""

    def __init__(self, message: Msg) -> None:
        self.message = message
        super().__init__(message.english())


class CameraUnavailable(VisionError):
    """No camera, an unplugged camera, or a source with no more frames."""


class CalibrationMismatch(VisionError):
    """The saved calibration does not fit what the camera sees: recalibrate."""


class CalibrationFailed(VisionError):
    """A calibration picture does not show what calibration needs.

    ``picture``: when the board was found, the picture with the tray outlines
    drawn (the trays at fault in red), for the players to see what is wrong."""

    def __init__(self, message: Msg, picture: Any = None) -> None:
        super().__init__(message)
        self.picture = picture
