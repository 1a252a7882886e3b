"""The priority marker's side on one still picture whose control board is registered.

The follower (:class:`vision.follow.TableFollower`) registers the control board at every
still moment but reads no sticker besides the board's own. When a field asks where the
priority marker lies (``PrioritySide``: the Marauders development points), the app's
:class:`ui.app.follow_feed.FollowFeed` and ``tableside bench follow`` call
:meth:`MarkerReader.read` on that moment's picture with its registration, so the
follower's own work per still moment does not grow.

The marker's sticker is small and lies flat in the board's middle, often at a steep
angle to the camera: it is searched with OpenCV's default ArUco detector parameters
(all nine threshold windows, about 5 ms for 1280x720 on one core here), which find it
where the board finder's faster two-window search (:class:`vision.registration.
FiducialFinder`, tuned for the large board stickers) misses it.
:func:`vision.tokens.locate_tokens` gives its side, as sure as it lies squarely beside
that side (near a corner between two sides: not sure). A sticker missed by that search
(small, steep, turned) is searched once more on the board's middle magnified twice.
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

#: The magnification of the second search, on the board's middle only.
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
        if not self.ids:
            return NOT_SEEN
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        found = self._detect(grey)
        if not found.ids:
            # Small and steep, the sticker may hide from the first search: once more on
            # the board's middle, magnified (about 10 ms more, only when the first missed).
            x0, y0, x1, y1 = self._ring_box(registration, grey.shape)
            if x1 - x0 >= 8 and y1 - y0 >= 8:
                crop = cv2.resize(
                    grey[y0:y1, x0:x1], None, fx=ZOOM, fy=ZOOM, interpolation=cv2.INTER_CUBIC
                )
                near = self._detect(crop)
                origin = np.array([x0, y0], np.float32)
                found = Detections([c / ZOOM + origin for c in near.corners], near.ids)
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

    def _detect(self, grey: np.ndarray) -> Detections:
        """The priority-marker stickers found in ``grey``."""
        corners, ids, _rejected = self.detector.detectMarkers(grey)
        if ids is None:
            return Detections([], [])
        pairs = [(c.reshape(4, 2), int(i)) for c, i in zip(corners, ids.ravel(), strict=True)]
        mine = [(c, i) for c, i in pairs if i in self.ids]
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
