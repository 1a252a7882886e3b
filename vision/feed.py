"""A camera feed for the app: readings that prefill prompt fields (``Field.camera``).

:class:`VisionFeed` is a :class:`vision.camera_feed.CameraFeed` reading the table from
scratch. It takes a few frames, reads them with a :class:`~vision.reader.TableReader`
(reusing one reading for ``max_age_s``) and answers these requests (:mod:`rules.camera`):

======================  =================================================================
``TrayCounts(side)``    ``{colour: n}`` of the tray on ``side`` (a ``counts`` field)
``TrayTotals()``        ``{"0": n, ..., "5": n}``: markers per side, all colours together
``ColourTotals()``      ``{colour: n}``: markers of each colour on the whole control board
``PrioritySide()``      the priority marker's side, 0-5 (``please_check``: :data:`MARKER_WHY`)
``TokenCell(id)``       cell id of the component with sticker ``id``
``TokenRotation(id)``   its rotation in degrees
``HexPieces(board)``    the field's value from the pieces on the board's hexes, by the view
                        registered for that board (:mod:`vision.board_views`)
======================  =================================================================

Anything read with too little confidence, or not seen, gives ``None``: the
players enter it by hand ("low confidence asks the players").

:meth:`VisionFeed.reading` never raises: a picture that does not fit the
calibration (:class:`~vision.errors.CalibrationMismatch`), any other vision
error, and even an unexpected failure inside OpenCV become a :class:`Reading`
with ``status`` ``"mismatch"`` or ``"error"``, ``needs_confirmation`` and a plain
reason, so callers need no guard and every field goes to the players.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from rules.camera import (
    ColourGains,
    ColourTotals,
    HexPieces,
    PrioritySide,
    TokenCell,
    TokenRotation,
    TrayCounts,
    TrayTotals,
    Unread,
    camera_request,
)
from rules.prompt import Field
from rules.text import Msg, msg
from vision.board_views import board_view
from vision.camera_feed import CameraFeed
from vision.errors import CalibrationMismatch, VisionError
from vision.geometry import COLOURS
from vision.reader import Reading, TableReader, read_camera
from vision.sources import FrameSource

log = logging.getLogger(__name__)


#: Why the priority marker's side was left to the players (``please_check`` of a
#: :class:`~rules.camera.PrioritySide` field; the app shows it in brackets after the field's
#: entry: "development points: please check (...)").
MARKER_WHY = {
    "unseen": msg("the camera cannot see the control board"),
    "hidden": msg("the priority marker is hidden or not on the board"),
    "unsure": msg("the camera is not sure which side the priority marker is at"),
}


def marker_why(side: int | None) -> Msg:
    """Why a marker read of ``side`` (None: not seen) was not used: hidden, or not sure."""
    return MARKER_WHY["hidden"] if side is None else MARKER_WHY["unsure"]


#: The status bar's line for a reading that failed, by :attr:`Reading.status`.
STATUS_LINES = {
    "no-camera": msg("Camera: not connected"),
    "mismatch": msg("Camera: calibrate again"),
    "error": msg("Camera: unreadable, enter by hand"),
}


#: Trays per forward pass of the reader's counters while the app runs (their networks live
#: as long as the app, and OpenCV keeps each network's buffers at its largest batch: one
#: tray at a time keeps about 5 MB less than six; :class:`vision.counter.CubeCounter`).
COUNTER_BATCH = 1


class VisionFeed(CameraFeed):
    """Camera readings for prompt fields; ``None`` whenever the players must say."""

    def __init__(
        self, reader: TableReader, source: FrameSource, frames: int = 4, max_age_s: float = 1.0
    ) -> None:
        for counter in reader.counters.values():
            counter.batch = COUNTER_BATCH
        self.reader = reader
        self.source = source
        self.frames = frames
        self.max_age_s = max_age_s
        self.last: Reading | None = None
        self._at = -1e9
        #: One reading at a time: the app also reads from a worker thread (the closed loop).
        self.lock = threading.Lock()

    @property
    def available(self) -> bool:
        return self.last is None or self.last.status != "no-camera"

    def describe(self) -> Msg:
        """One short line for the status bar; the whole reason goes with each field
        (:meth:`please_check`) and to the Camera screen."""
        if self.last is None:
            return msg("Camera: ready")
        if self.last.status == "ok" and not self.last.needs_confirmation:
            return msg("Camera: read")
        return STATUS_LINES.get(self.last.status) or msg("Camera: please check the values")

    def reading(self) -> Reading:
        """The current reading (a fresh one when the last is older than ``max_age_s``).

        Never raises: every failure is a reading that leaves the fields to the players.
        Safe to call from any thread (one reading at a time)."""
        with self.lock:
            now = time.monotonic()
            if self.last is None or now - self._at > self.max_age_s:
                self.last = self._fresh()
                self._at = now
            return self.last

    def _fresh(self) -> Reading:
        example = self.reader.calibration.example_data
        try:
            return read_camera(self.reader, self.source, self.frames, interval_s=0.05)
        except CalibrationMismatch as exc:
            return Reading("mismatch", True, [exc.message], example_data=example)
        except VisionError as exc:
            return Reading("error", True, [exc.message], example_data=example)
        except Exception:  # OpenCV or a bug: the players still get words, never a traceback
            log.exception("camera reading failed")
            reason = msg("The camera reading failed: please enter the values by hand")
            return Reading("error", True, [reason], example_data=example)

    def read(self, field: Field) -> Any | None:
        request = camera_request(field.camera)
        if request is None or isinstance(request, (ColourGains, Unread)):
            return None
        reading = self.reading()
        if reading.status != "ok":
            return None
        sure = self.reader.confirm_below
        if isinstance(request, TrayCounts):
            tray = next((t for t in reading.trays if t.side == request.side), None)
            if tray is None or tray.counts is None or not tray.sure:
                return None
            wanted = [c.value for c in field.choices] or list(COLOURS)
            return {c: tray.counts.get(c, 0) for c in wanted}
        if isinstance(request, TrayTotals):
            if not reading.trays or any(t.counts is None or not t.sure for t in reading.trays):
                return None
            return {str(t.side): sum(t.counts.values()) for t in reading.trays if t.counts}
        if isinstance(request, ColourTotals):
            if not reading.trays or any(t.counts is None or not t.sure for t in reading.trays):
                return None
            wanted = [c.value for c in field.choices] or list(COLOURS)
            return {c: sum(t.counts.get(c, 0) for t in reading.trays if t.counts) for c in wanted}
        if isinstance(request, PrioritySide):
            if reading.priority_side is None or reading.priority_confidence < sure:
                return None
            return _as(field, reading.priority_side)
        if isinstance(request, HexPieces):
            view = board_view(request.board)
            return None if view is None else view.answer(reading, sure, field.key, field.default)
        if isinstance(request, (TokenCell, TokenRotation)):
            token = next((t for t in reading.tokens if t.id == request.token), None)
            if token is None or token.confidence < sure:
                return None
            return token.cell if isinstance(request, TokenCell) else _as(field, token.rotation_deg)
        return None

    def please_check(self, field: Field) -> Msg | None:
        """Why the camera left ``field`` to the players (show it beside the field as
        "please check"), or None when the camera filled it or the field reads no camera."""
        request = camera_request(field.camera)
        if request is None or isinstance(request, Unread) or self.read(field) is not None:
            return None
        reading = self.reading()
        if reading.status != "ok":
            return reading.reasons[0] if reading.reasons else msg("Camera: please check")
        if isinstance(request, TrayCounts):
            return msg("Not sure about tray {side}: please check its count", side=request.side)
        if isinstance(request, (TrayTotals, ColourTotals)):
            sides = [t.side for t in reading.trays if not t.sure]
            return msg("Not sure about trays {sides}: please check", sides=sides)
        if isinstance(request, PrioritySide):
            return marker_why(reading.priority_side)
        if isinstance(request, HexPieces):
            view = board_view(request.board)
            if view is not None:
                return view.please_check(reading, self.reader.confirm_below, field.key)
        return msg("Camera not sure: please check")


def _as(field: Field, value: int | None) -> Any:
    """An int for ``int`` fields, the choice value (a string) for ``choice`` fields."""
    return str(value) if field.kind == "choice" and value is not None else value
