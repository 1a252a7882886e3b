"""The app's camera seam: :class:`CameraFeed`, the base of every camera the app is given.

It declares every member the app uses, with the answers of a table without a
camera, so the app calls them directly (it never asks whether a camera has a
member)::

    camera.read(field)          # a value for the field's camera request, or None
    camera.please_check(field)  # why the players must check that field, or None
    camera.reading()            # the whole table now (the closed loop), or None
    camera.can_follow           # it follows the trays through the game (FollowFeed)

The readings are :mod:`rules.camera` requests (``Field.camera``): typed, knowing
no game. :class:`vision.feed.VisionFeed` (a calibrated camera reading from
scratch) and ``ui.app.follow_feed.FollowFeed`` (a camera following the table)
answer them; ``ui.app.camera`` has the cameras without readings (none, not
calibrated) and a scripted one for tests. No OpenCV here: the app without a
camera loads none.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rules.camera import CameraRequest, camera_request
from rules.prompt import Field
from rules.text import Msg, msg

if TYPE_CHECKING:
    from vision.follow import TrayFollow
    from vision.reader import Reading, TableReader


class CameraFeed:
    """What the app needs from a camera; every member answers as "no camera" here."""

    #: The calibrated reader (its calibration, boards, confidence bar); None: not calibrated.
    reader: TableReader | None = None
    #: Where frames come from (the Camera screen's live picture); None: no camera.
    source: Any = None
    #: A picture taken at start-up to check the camera (shown first, once).
    first_frame: Any = None
    #: Hands moved over the table since the last still moment (a following camera).
    moving: bool = False
    #: The newest frame a following camera fed its follower (None: it feeds none).
    latest: Any = None

    @property
    def available(self) -> bool:
        """True when frames can be read now."""
        return False

    def describe(self) -> Msg:
        """One short line for the status bar ("Camera: ready", "No camera")."""
        return msg("No camera: manual entry")

    def read(self, field: Field) -> Any | None:
        """A value for ``field`` from its camera request, or None (the players enter it)."""
        return None

    def please_check(self, field: Field) -> Msg | None:
        """Why the camera left ``field`` to the players (shown beside it), or None."""
        return None

    def reading(self) -> Reading | None:
        """The whole table now, for the closed loop (never raises); None: this camera
        reads no whole table (no camera, not calibrated)."""
        return None

    def picture_came(self) -> None:
        """The Camera screen took a picture from :attr:`source` (a camera that started
        without one, ``--camera auto`` with nothing plugged in, now says it found one)."""

    # -- following the table (ui.app.follow_feed.FollowFeed) ------------------------------

    @property
    def can_follow(self) -> bool:
        """This camera follows the trays through a game (:meth:`start`, :meth:`expect`...)."""
        return False

    @property
    def following(self) -> bool:
        """It follows a game's trays now."""
        return False

    def start(
        self,
        counts: Mapping[str, Mapping[str, int]],
        *,
        sure: bool = True,
        colours: Mapping[str, str | None] | None = None,
    ) -> None:
        """Follow the trays from these counts (``{side: {colour: n}}``)."""

    def side_counts(
        self, colour_counts: Mapping[str, int], colours: Mapping[str, str | None] | None = None
    ) -> dict[str, dict[str, int]]:
        """Colour totals as tray counts (each colour's markers in its own tray; ``colours``:
        each side's colour as the game's components say, default the board file's)."""
        return {}

    def expect(self, change: Mapping[str, Mapping[str, int]]) -> None:
        """A bot step's expected change (``{side: {colour: delta}}``)."""

    def confirm(self, counts: Mapping[str, Mapping[str, int]]) -> None:
        """The players confirmed these trays' counts."""

    def snapshot(self) -> dict[str, TrayFollow]:
        """The followed trays now (``{side: TrayFollow}``)."""
        return {}

    def colour(self, side: str) -> str | None:
        """The marker colour of the tray on ``side``."""
        return None

    def follow(self, on_change: Callable[[], None] | None = None) -> threading.Thread | None:
        """Feed frames to the follower on a worker thread (None: nothing to follow)."""
        return None

    def close(self) -> None:
        """Stop any worker thread."""


def request_of(field: Field) -> CameraRequest | None:
    """``field``'s camera request (string names of older fields parsed)."""
    return camera_request(field.camera)
