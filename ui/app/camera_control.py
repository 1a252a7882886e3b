"""What the Camera screen does: live picture with the trays outlined, and calibration. No Kivy.

:class:`CameraControl` works on the app's camera (``AppController.camera``):

* :meth:`picture` grabs one frame from the camera's ``source`` and draws the
  trays over it with ``vision.reader.outline`` (the chosen tray thick); before
  a calibration exists the picture is shown as it is.
* Calibration is three steps so the slow middle one can run on a worker
  thread: :meth:`start_calibration` (main thread), :meth:`calibrate_now`
  (any thread; grabs frames and runs ``vision.calibration.calibrate`` exactly
  as ``tableside vision calibrate`` does), :meth:`finish_calibration` (main
  thread). The players then see the found outlines and choose :meth:`save`
  (writes to ``ui.paths.default_calibration()`` and gives the app a
  new ``VisionFeed``) or :meth:`retry`. A refused calibration picture
  (``vision.errors.CalibrationFailed``) comes back with the outlines the
  calibration found, the trays at fault in red: the screen shows that picture
  (phase ``failed``) beside the reason until the players calibrate again or
  go back to the live picture (:meth:`retry`).

Every problem becomes a ``Msg`` in :attr:`error`; nothing raises to the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from rules.errors import RulesError
from rules.text import Msg
from ui.i18n import _
from vision.errors import CalibrationFailed, CameraUnavailable, VisionError

if TYPE_CHECKING:
    from ui.app.controller import AppController
    from vision.calibration import Calibration

CALIBRATION_FRAMES = 3
"""Frames grabbed for one calibration (as ``tableside vision calibrate --frames``)."""
KEEP_FRAMES = 3
"""Recent frames kept: a replay source (folder, video) that has ended still calibrates."""


@dataclass
class Calibrated:
    """A calibration found but not yet saved, and the picture it was made from."""

    calibration: Calibration
    picture: np.ndarray


@dataclass
class Refused:
    """A calibration that failed: why, and the picture with the trays at fault in red."""

    reason: Msg
    picture: np.ndarray | None = None


class CameraControl:
    """State and actions of the Camera screen (``phase``: live, calibrating, confirm, failed)."""

    def __init__(self, controller: AppController) -> None:
        self.controller = controller
        self.phase = "live"
        self.error: Msg | None = None
        self.notice: Msg | None = None
        #: Why the last grab gave no new picture (the last picture stays shown).
        self.problem: Msg | None = None
        self.pending: Calibrated | None = None
        #: The refused calibration picture with its outlines (phase ``failed``).
        self.refused_picture: np.ndarray | None = None
        self.recent: list[np.ndarray] = []
        #: The found calibration's outlined picture, for that calibration and chosen tray.
        self._outline: tuple[Calibrated, int | None, np.ndarray] | None = None

    # -- the camera -------------------------------------------------------------------

    @property
    def source(self) -> Any | None:
        """The frame source of the app's camera; None without a camera."""
        return self.controller.camera.source

    @property
    def has_camera(self) -> bool:
        """A camera was given (an unplugged one too: its grabs say what is wrong)."""
        return self.source is not None

    @property
    def never_seen(self) -> bool:
        """A camera was given but no picture has come from it (none plugged in yet)."""
        return self.has_camera and not self.recent and self.problem is not None

    @property
    def can_calibrate(self) -> bool:
        return self.has_camera and not self.never_seen

    @property
    def calibrated(self) -> bool:
        return self.controller.camera.reader is not None

    def _grab(self) -> np.ndarray:
        camera = self.controller.camera
        first = camera.first_frame
        latest = camera.latest  # a following camera's own newest frame
        if first is not None:  # the picture taken at start-up to check the camera
            camera.first_frame = None
            frame: np.ndarray = first
        elif latest is not None and camera.following:
            frame = latest  # its worker thread has the camera: never two readers at once
        else:
            from vision.sources import grab

            frame = grab(self.source, 1)[0]
        self.recent = [*self.recent[-(KEEP_FRAMES - 1) :], frame]
        camera.picture_came()
        return frame

    def picture(self, highlight_side: int | None = None) -> np.ndarray | None:
        """The picture to show now (BGR), trays outlined; None when there is none yet."""
        if self.phase == "confirm" and self.pending is not None:
            return self._outlined(self.pending, highlight_side)
        if self.phase == "failed" and self.refused_picture is not None:
            return self.refused_picture
        if not self.has_camera:
            return None
        if self.phase == "live":
            try:
                self._grab()
                self.problem = None
            except CameraUnavailable as exc:
                self.problem = exc.message
        if not self.recent:
            return None
        frame = self.recent[-1]
        reader = self.controller.camera.reader
        if reader is None:
            return frame
        from vision.reader import outline

        try:
            return outline(reader, frame, highlight_side)
        except VisionError as exc:
            self.problem = exc.message
            return frame

    def hidden(self) -> None:
        """The screen was left: of the recent frames only the newest stays (the camera
        gave a picture; a replay that has ended calibrates from it)."""
        self.recent = self.recent[-1:]
        self._outline = None

    def _outlined(self, found: Calibrated, highlight_side: int | None) -> np.ndarray:
        """The found calibration's picture with its outlines, drawn once per calibration and
        chosen tray (the screen asks twice a second; each drawing built a reader, with its
        counter's network, and searched the stickers again)."""
        from vision.reader import TableReader, outline

        outlined = self._outline
        if outlined is None or outlined[0] is not found or outlined[1] != highlight_side:
            picture = outline(TableReader(found.calibration), found.picture, highlight_side)
            self._outline = (found, highlight_side, picture)
        return self._outline[2]

    # -- calibration ------------------------------------------------------------------

    def start_calibration(self) -> bool:
        """Enter the "Calibrating…" phase; False (with an error) when it cannot start."""
        if not self.has_camera:
            self.error = _("No camera: start tableside with --camera auto (or usb:0, pi)")
            return False
        if self.phase == "calibrating":
            return False
        self.phase = "calibrating"
        self.error = None
        self.notice = None
        self.pending = None
        self._outline = None
        self.refused_picture = None
        return True

    def calibrate_now(self) -> Calibrated | Refused:
        """Grab frames and calibrate (runs on a worker thread); :class:`Refused` says why not."""
        from vision.calibration import calibrate
        from vision.geometry import load_board, load_tokens

        try:
            frames = self._calibration_frames()
            # As ``tableside vision calibrate`` with no --board/--tokens: the control
            # board and the shipped token catalogue.
            boards, tokens = [load_board("control-board")], load_tokens(None)
            return Calibrated(calibrate(frames, boards, tokens), frames[0])
        except CalibrationFailed as exc:
            return Refused(exc.message, exc.picture)
        except VisionError as exc:
            return Refused(exc.message)
        except RulesError as exc:
            return Refused(_("Calibration data problem: {reason}", reason=str(exc)))
        except Exception as exc:  # the players get words, never a traceback
            return Refused(_("Calibration failed unexpectedly: {reason}", reason=repr(exc)))

    def _calibration_frames(self) -> list[np.ndarray]:
        from vision.sources import grab

        try:
            frames = grab(self.source, CALIBRATION_FRAMES)
        except CameraUnavailable:
            if not self.recent:
                raise
            return list(self.recent)  # a replay that has ended: its last pictures
        self.recent = frames[-KEEP_FRAMES:]
        return frames

    def finish_calibration(self, result: Calibrated | Refused) -> None:
        """Back on the main thread: show the outlines to confirm, or why not (and where)."""
        if isinstance(result, Calibrated):
            self.pending = result
            self.phase = "confirm"
            return
        self.error = _("Calibration failed: {reason}", reason=result.reason)
        self.refused_picture = result.picture
        self.phase = "failed" if result.picture is not None else "live"

    def save(self) -> Path | None:
        """Write the confirmed calibration and read the table with it from now on."""
        from ui.paths import default_calibration
        from vision.feed import VisionFeed
        from vision.reader import TableReader

        if self.pending is None:
            return None
        path = default_calibration()
        try:
            self.pending.calibration.save(path)
        except OSError as exc:
            self.error = _(
                "Cannot save the calibration to {path}: {reason}",
                path=str(path),
                reason=exc.strerror or str(exc),
            )
            return None
        from ui.app.follow_feed import FollowFeed

        feed = VisionFeed(TableReader(self.pending.calibration), self.source)
        self.controller.camera = FollowFeed(feed)
        self.controller.follow_from = "resume"  # the game's counts, until the players confirm
        self.recent = [self.pending.picture]
        self.pending = None
        self._outline = None
        self.phase = "live"
        self.error = None
        self.notice = _("Calibration saved: {path}", path=str(path))
        return path

    def retry(self) -> None:
        """Forget the found (or refused) calibration; back to the live picture."""
        self.pending = None
        self._outline = None
        self.refused_picture = None
        self.phase = "live"
        self.error = None

    # -- words for the screen ---------------------------------------------------------

    def message(self) -> Msg:
        """The main text beside the picture for the current phase."""
        if not self.has_camera and self.phase != "confirm":
            return _(
                "No camera: start tableside with --camera auto (or usb:0, pi, a folder of "
                "pictures) to see the table here and calibrate"
            )
        if self.never_seen and self.phase == "live" and self.problem is not None:
            return self.problem  # what is wrong leads: the steps to calibrate come later
        if self.phase == "calibrating":
            return _("Calibrating…")
        if self.phase == "confirm":
            return _(
                "Do the outlines lie on the trays? Save keeps this calibration; "
                "Retry measures again."
            )
        if self.phase == "failed":
            return _(
                "The trays outlined in red are at fault: one marker of the tray's colour "
                "in each, nothing else; then tap Calibrate again."
            )
        return _(
            "To calibrate: put exactly one marker of each tray's colour in that tray, "
            "nothing else, then tap Calibrate."
        )

    def seen(self) -> list[Msg]:
        """What the camera sees now, tray by tray (a following camera in a game): "The red
        tray: 1", "The yellow tray: 2, please check (a hand was over it)"; else nothing."""
        camera = self.controller.camera
        if not camera.following:
            return []
        from ui.app.follow_feed import STACK_HINT_LINE, stack_suspected, why_words
        from ui.app.table_check import tray_name

        lines = [
            _("Hands over the table: the camera waits for them to leave")
            if camera.moving
            else _("The camera sees now:")
        ]
        trays = camera.snapshot()
        for side, tray in sorted(trays.items()):
            colour = camera.colour(side)
            n = sum(tray.counts.values())
            if colour is None and not n and tray.sure:
                continue  # a side without a tray
            name = tray_name(side, colour)
            if tray.sure:
                lines.append(_("{tray}: {n}", tray=name, n=n))
            else:
                lines.append(
                    _(
                        "{tray}: {n}, please check ({why})",
                        tray=name,
                        n=n,
                        why=why_words(tray.why),
                    )
                )
        if stack_suspected(trays):
            lines.append(STACK_HINT_LINE)
        return lines

    def status(self) -> Msg | None:
        """A second line: error, notice, picture problem or "not calibrated"."""
        if self.error is not None:
            return self.error
        if self.notice is not None:
            return self.notice
        if self.never_seen:
            return None  # the problem is the main text already
        if self.problem is not None and self.has_camera:
            return _("No new picture: {reason}", reason=self.problem)
        if self.has_camera and not self.calibrated and self.phase == "live":
            return _("Not calibrated yet: the trays are not outlined.")
        return None
