"""Errors the vision package raises; each carries a player-facing :class:`rules.text.Msg`."""

from __future__ import annotations

from typing import Any

from rules.text import Msg, msg


class VisionError(Exception):
    """Something the camera cannot do; ``message`` says why and what to do."""

    def __init__(self, message: Msg) -> None:
        self.message = message
        super().__init__(message.english())

    @classmethod
    def of(cls, template: str, **params: Any) -> VisionError:
        return cls(msg(template, **params))


class CameraUnavailable(VisionError):
    """No camera, an unplugged camera, or a source with no more frames."""


class CalibrationMismatch(VisionError):
    """The saved calibration does not fit what the camera sees: recalibrate."""


class CalibrationFailed(VisionError):
    """A calibration picture does not show what calibration needs."""
