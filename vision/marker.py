"""The priority marker's side on one still picture whose control board is registered.

The follower (:class:`vision.follow.TableFollower`) registers the control board at every
still moment but reads no sticker besides the board's own. When a field asks where the
priority marker lies (``PrioritySide``: the Marauders development points), the app's
:class:`ui.app.follow_feed.FollowFeed` and ``tableside bench follow`` read it on that
moment's picture with its registration, so the follower's own work per still moment does
not grow: the app keeps the grey part of each still picture around the board's priority
ring (:meth:`MarkerReader.middle`, under 1 ms) and reads it when asked
(:meth:`MarkerReader.read_middle`; :meth:`MarkerReader.read` does both).

The marker's sticker is small and lies flat in the board's middle, often at a steep
angle to the camera: it is searched with OpenCV's default ArUco detector parameters
(all nine threshold windows, a few ms on one core here), which find it where the board
finder's faster two-window search (:class:`vision.registration.FiducialFinder`, tuned for
the large board stickers) misses it, and when that search misses it too (small, steep,
turned) once more magnified twice. :func:`vision.tokens.locate_tokens` gives its side, as
sure as it lies squarely beside that side (near a corner between two sides: not sure).
Out of focus, the 12 mm sticker is seldom found (``tableside bench marker``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.geometry import Board, TokenCatalogue
from vision.registration import Detections, Registration, dictionary_for
from vision.tokens import locate_tokens


@dataclass(frozen=True)
class MarkerRead:
    """Where the priority marker lies: ``side`` (0-5), or None when it is not seen (a
    hand over it, or not on the board); ``confidence`` 0-1 (1: beside the side's middle;
    at most 0.5 on a registration from too few board stickers)."""

    side: int | None
    confidence: float


NOT_SEEN = MarkerRead(None, 0.0)


@dataclass(frozen=True, eq=False)
class Middle:
    """The grey part of a picture around the board's priority ring, and where its top-left
    pixel lies in the picture (``x, y``)."""

    grey: np.ndarray
    origin: tuple[int, int]


#: The magnification of the second search.
ZOOM = 2.0


class MarkerReader:
    """Reads the priority marker of one control board; build once, reuse per picture."""

    def __init__(self, board: Board, tokens: TokenCatalogue) -> None:
        self.board = board
        self.tokens = tokens
        self.ids = {i for i, t in tokens.tokens.items() if t.kind == "priority-marker"}
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        self.detector = cv2.aruco.ArucoDetector(dictionary_for(board.dictionary), params)

    def read(self, frame: np.ndarray, registration: Registration) -> MarkerRead:
        """The priority marker on ``frame`` (BGR or grey), the board registered there as
        ``registration`` (that picture's own). Several marker stickers: the surest."""
        return self.read_middle(self.middle(frame, registration), registration)

    def middle(self, frame: np.ndarray, registration: Registration) -> Middle:
        """The part of ``frame`` around the board's priority ring, grey: all a read needs
        (the app keeps it from each still moment, about 0.3 MB, not the whole picture)."""
        x0, y0, x1, y1 = self._ring_box(registration, frame.shape)
        part = frame[y0:y1, x0:x1]
        grey = part if part.ndim == 2 else cv2.cvtColor(part, cv2.COLOR_BGR2GRAY)
        return Middle(np.ascontiguousarray(grey), (x0, y0))

    def read_middle(self, middle: Middle, registration: Registration) -> MarkerRead:
        """The priority marker in ``middle`` (:meth:`middle` of the picture registered as
        ``registration``)."""
        if not self.ids or middle.grey.shape[0] < 8 or middle.grey.shape[1] < 8:
            return NOT_SEEN
        origin = np.array(middle.origin, np.float32)
        found = self._detect(middle.grey, origin, 1.0)
        if not found.ids:
            # Small and steep, the sticker may hide from the first search: once more,
            # magnified (about 10 ms more, only when the first missed).
            found = self._detect(middle.grey, origin, ZOOM)
        reads = [
            t
            for t in locate_tokens(
                found, {self.board.name: registration}, {self.board.name: self.board}, self.tokens
            )
            if t.side is not None
        ]
        if not reads:
            return NOT_SEEN
        best = max(reads, key=lambda t: t.confidence)
        sure = min(best.confidence, 0.5) if registration.unsure else best.confidence
        return MarkerRead(best.side, sure)

    def _detect(self, grey: np.ndarray, origin: np.ndarray, zoom: float) -> Detections:
        """The priority-marker stickers found in ``grey`` magnified ``zoom`` times, in the
        whole picture's pixels (``origin``: where ``grey`` lies in it)."""
        if zoom != 1.0:
            grey = cv2.resize(grey, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
        corners, ids, _rejected = self.detector.detectMarkers(grey)
        if ids is None:
            return Detections([], [])
        pairs = [(c.reshape(4, 2), int(i)) for c, i in zip(corners, ids.ravel(), strict=True)]
        mine = [(c / zoom + origin, i) for c, i in pairs if i in self.ids]
        return Detections([c for c, _ in mine], [i for _, i in mine])

    def _ring_box(
        self, registration: Registration, shape: tuple[int, ...]
    ) -> tuple[int, int, int, int]:
        """The picture's pixels around the board's priority ring: ``x0, y0, x1, y1``."""
        ring = self.board.raw.get("priority_ring_mm") or [0.0, min(self.board.size) / 2]
        r = float(ring[1]) + self.tokens.size
        cx, cy = self.board.centre
        square = np.array([[cx - r, cy - r], [cx + r, cy - r], [cx + r, cy + r], [cx - r, cy + r]])
        to_image = np.linalg.inv(registration.image_to_board)
        pts = cv2.perspectiveTransform(square.reshape(-1, 1, 2), to_image).reshape(-1, 2)
        h, w = shape[:2]
        x0, y0 = np.floor(pts.min(axis=0)).astype(int)
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int)
        return max(0, int(x0)), max(0, int(y0)), min(w, int(x1)), min(h, int(y1))
