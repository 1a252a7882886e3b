"""Find fiducials in a frame and register each board: a homography from image to board mm.

One :class:`FiducialFinder` is built per reader (building an ``ArucoDetector`` is
not free) and reused for every frame. Each board carries several fiducials so
that up to half of them may be hidden: the missing ones are first *recovered*
with ``refineDetectedMarkers`` (the board layout predicts where they should be,
and rejected candidates there are re-examined), then the homography is fitted
to the corners of every marker found, with RANSAC against outliers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.geometry import Board

MIN_FIDUCIALS = 2
"""Markers needed to register a board at all (8 corners; one marker alone is too unstable)."""
SURE_FIDUCIALS = 3
SURE_SPREAD_MM = 25.0
"""A registration is *sure* only from at least three markers whose centres do not lie near
one line: the smaller spread of the centres (standard deviation across their main line)
must reach this. From two markers, or markers along one edge, a small corner error tilts
the whole board (a frame registered from two stickers on one edge was 24 mm off)."""


@dataclass
class Detections:
    """All markers found in one frame: ``corners[i]`` is a 4x2 array for ``ids[i]``."""

    corners: list[np.ndarray]
    ids: list[int]
    rejected: tuple[np.ndarray, ...] = ()

    def by_id(self) -> dict[int, np.ndarray]:
        return dict(zip(self.ids, self.corners, strict=True))


@dataclass
class Registration:
    """Where one board lies in one frame."""

    board: str
    image_to_board: np.ndarray
    seen: list[int]
    recovered: list[int]
    error_mm: float
    missing: list[int] = field(default_factory=list)
    unsure: bool = False
    """Too few markers, or markers in one line: counts and places from it are unsure."""

    def to_board(self, points: np.ndarray) -> np.ndarray:
        """Image pixel points (N x 2) to board millimetres."""
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.image_to_board).reshape(-1, 2)


def dictionary_for(name: str) -> cv2.aruco.Dictionary:
    code = getattr(cv2.aruco, name, None)
    if not isinstance(code, int):
        raise ValueError(f"unknown ArUco dictionary {name}")
    return cv2.aruco.getPredefinedDictionary(code)


class FiducialFinder:
    """Detects ArUco markers and registers boards; build once, reuse for every frame."""

    def __init__(self, boards: list[Board]) -> None:
        names = {b.dictionary for b in boards} or {"DICT_4X4_100"}
        if len(names) != 1:
            raise ValueError("all boards must use one ArUco dictionary")
        self.dictionary = dictionary_for(names.pop())
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        # Two threshold passes (7 and 21 px windows) instead of the default nine: the
        # stickers are large and high-contrast, and this halves the detection time.
        params.adaptiveThreshWinSizeMin = 7
        params.adaptiveThreshWinSizeMax = 21
        params.adaptiveThreshWinSizeStep = 14
        # Read bits from the cell centres only: small token stickers blur at their edges.
        params.perspectiveRemoveIgnoredMarginPerCell = 0.3
        refine = cv2.aruco.RefineParameters(minRepDistance=12.0, errorCorrectionRate=3.0)
        self.detector = cv2.aruco.ArucoDetector(self.dictionary, params, refine)
        self.boards = boards
        self._layouts = {b.name: self._layout(b) for b in boards}

    def _layout(self, board: Board) -> cv2.aruco.Board:
        obj = [np.array([[x, y, 0.0] for x, y in f.corners()], np.float32) for f in board.fiducials]
        ids = np.array([f.id for f in board.fiducials], np.int32)
        return cv2.aruco.Board(obj, self.dictionary, ids)

    def detect(self, gray: np.ndarray) -> Detections:
        corners, ids, rejected = self.detector.detectMarkers(gray)
        if ids is None:
            return Detections([], [], tuple(rejected))
        return Detections(
            [c.reshape(4, 2) for c in corners], [int(i) for i in ids.ravel()], tuple(rejected)
        )

    def register(self, gray: np.ndarray, found: Detections, board: Board) -> Registration | None:
        """Register ``board`` in the frame; ``None`` when fewer than two of its markers show."""
        mine = [i for i in found.ids if i in board.fiducial_ids]
        recovered: list[int] = []
        if mine and len(mine) < len(board.fiducials) and found.rejected:
            before = set(found.ids)
            corners, ids, rejected, _ = self.detector.refineDetectedMarkers(
                gray,
                self._layouts[board.name],
                [c.reshape(1, 4, 2).astype(np.float32) for c in found.corners],
                np.array(found.ids, np.int32).reshape(-1, 1),
                found.rejected,
            )
            if ids is not None:
                found.corners = [c.reshape(4, 2) for c in corners]
                found.ids = [int(i) for i in np.asarray(ids).ravel()]
                found.rejected = tuple(rejected)
            recovered = [i for i in found.ids if i not in before and i in board.fiducial_ids]
            mine = [i for i in found.ids if i in board.fiducial_ids]
        if len(mine) < MIN_FIDUCIALS:
            return None
        by_id = found.by_id()
        layout = {f.id: f for f in board.fiducials}
        img = np.concatenate([by_id[i] for i in mine]).astype(np.float64)
        obj = np.array([p for i in mine for p in layout[i].corners()], np.float64)
        h, inliers = cv2.findHomography(img, obj, cv2.RANSAC, 3.0)
        if h is None:
            return None
        back = cv2.perspectiveTransform(img.reshape(-1, 1, 2), h).reshape(-1, 2)
        err = np.linalg.norm(back - obj, axis=1)
        good = inliers.ravel().astype(bool)
        # A marker whose corners disagree with the others is a misread: drop it.
        seen = [i for k, i in enumerate(mine) if good[4 * k : 4 * k + 4].all()]
        if len(seen) < MIN_FIDUCIALS:
            return None
        return Registration(
            board=board.name,
            image_to_board=h,
            seen=sorted(seen),
            recovered=sorted(recovered),
            error_mm=float(np.median(err[good])) if good.any() else float("inf"),
            missing=sorted(board.fiducial_ids - set(seen)),
            unsure=not well_spread([layout[i].centre for i in seen]),
        )


def well_spread(centres: list[tuple[float, float]]) -> bool:
    """At least :data:`SURE_FIDUCIALS` marker centres, not near one line."""
    if len(centres) < SURE_FIDUCIALS:
        return False
    pts = np.asarray(centres, np.float64)
    spread = np.linalg.svd(pts - pts.mean(axis=0), compute_uv=False) / np.sqrt(len(pts))
    return bool(spread[-1] >= SURE_SPREAD_MM)
