"""Count markers per tray and colour in the top-down view of a control board.

The frame is warped (with the board's homography) into a top-down image of the
tray ring at ``px_per_mm``; tray masks there are fixed, since trays are fixed in
board millimetres. Each tray is light-corrected (:mod:`vision.colour`), its
pixels are classified, and each colour's connected blobs are counted by *area*:
a blob of 2.1 cube areas is two touching (or leaning) cubes. The distance of
that ratio from a whole number gives the confidence. A tray with many pixels
of no known class (a hand, a sleeve, a card) is reported as occluded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.colour import OUTSIDE, UNKNOWN, Classifier, apply_gains, interpolate_gains, sticker_white
from vision.geometry import COLOURS, Board, Tray
from vision.registration import Detections, Registration

RIM_MM = 1.6
"""Tray mask is shrunk by this much so the printed/moulded rim is not counted."""
MIN_BLOB = 0.4
"""Blobs under this share of a cube's area are edge noise, not markers."""
OCCLUDED_CUBES = 0.6
"""A tray whose solid unknown area (thin edge fringes removed) exceeds this many cube areas
is treated as covered by something (a hand, a card): ask the players."""


@dataclass
class TrayRead:
    """One tray in one frame."""

    side: int
    counts: dict[str, int]
    confidence: dict[str, float]
    occluded: bool
    unknown_share: float
    floor_share: float
    blobs: dict[str, list[float]] = field(default_factory=dict)


class TopDown:
    """Warps the tray ring of one board to a top-down image and holds the tray masks."""

    def __init__(self, board: Board, px_per_mm: float) -> None:
        self.board = board
        self.scale = px_per_mm
        pts = np.array([p for t in board.trays for p in t.polygon])
        self.x0, self.y0 = pts.min(axis=0) - 2
        x1, y1 = pts.max(axis=0) + 2
        self.size = (int(np.ceil((x1 - self.x0) * px_per_mm)), int(np.ceil((y1 - self.y0) * px_per_mm)))
        self.offset = np.array(
            [[px_per_mm, 0, -self.x0 * px_per_mm], [0, px_per_mm, -self.y0 * px_per_mm], [0, 0, 1]]
        )
        rim = max(1, round(RIM_MM * px_per_mm))
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rim + 1, 2 * rim + 1))
        self.masks: dict[int, tuple[tuple[slice, slice], np.ndarray]] = {}
        for tray in board.trays:
            full = np.zeros((self.size[1], self.size[0]), np.uint8)
            cv2.fillPoly(full, [self.to_px(tray.polygon)], 255)
            full = cv2.erode(full, kernel)
            ys, xs = np.nonzero(full)
            sl = (slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1))
            self.masks[tray.side] = (sl, full[sl] > 0)

    def to_px(self, pts_mm: object) -> np.ndarray:
        p = (np.asarray(pts_mm, np.float64) - [self.x0, self.y0]) * self.scale
        return np.round(p).astype(np.int32)

    def warp(self, image: np.ndarray, reg: Registration) -> np.ndarray:
        m = self.offset @ reg.image_to_board
        return cv2.warpPerspective(image, m, self.size, flags=cv2.INTER_LINEAR)

    def whites(
        self, image: np.ndarray, found: Detections, reg: Registration
    ) -> list[tuple[tuple[float, float], np.ndarray]]:
        """Light colour measured at each visible fiducial of this board."""
        by_id = found.by_id()
        out = []
        for f in self.board.fiducials:
            if f.id in reg.seen:
                out.append((f.centre, sticker_white(image, by_id[f.id], f.size, f.margin)))
        return out

    def tray_pixels(
        self, top: np.ndarray, tray: Tray, whites: list[tuple[tuple[float, float], np.ndarray]]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(light-corrected BGR crop, mask, gains) of one tray."""
        sl, mask = self.masks[tray.side]
        gains = interpolate_gains(whites, tray.centroid())
        return apply_gains(top[sl], gains), mask, gains


class TrayCounter:
    """Counts markers in the six trays of one calibrated control board."""

    def __init__(
        self,
        board: Board,
        classifier: Classifier,
        px_per_mm: float,
        cube_area_mm2: float,
        floor_bgr: np.ndarray,
    ) -> None:
        self.top = TopDown(board, px_per_mm)
        self.classifier = classifier
        self.cube_px = cube_area_mm2 * px_per_mm**2
        self.floor_bgr = np.asarray(floor_bgr, np.float64)
        self.colour_class = {c: classifier.names.index(c) for c in COLOURS}
        self.floor_class = classifier.names.index("floor")
        self.kernel = np.ones((3, 3), np.uint8)
        self.big_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))

    def count(self, image: np.ndarray, found: Detections, reg: Registration) -> list[TrayRead]:
        top = self.top.warp(image, reg)
        whites = self.top.whites(image, found, reg)
        return [self._tray(top, tray, whites) for tray in self.top.board.trays]

    def _tray(
        self, top: np.ndarray, tray: Tray, whites: list[tuple[tuple[float, float], np.ndarray]]
    ) -> TrayRead:
        sl, mask = self.top.masks[tray.side]
        corrected, _, gains = self.top.tray_pixels(top, tray, whites)
        classes = self.classifier.classify(corrected)
        classes[~mask] = OUTSIDE
        floor = (classes == self.floor_class).view(np.uint8)
        total = float(np.count_nonzero(mask))
        if cv2.countNonZero(floor) > 0.15 * total:
            # Second step: make this tray's floor its calibrated colour (local shadow, mixed light).
            seen = np.array(cv2.mean(corrected, mask=floor)[:3])
            nudge = np.clip(self.floor_bgr / np.maximum(seen, 1), 0.7, 1.45)
            corrected = apply_gains(top[sl], gains * nudge)
            classes = self.classifier.classify(corrected)
            classes[~mask] = OUTSIDE
            floor = (classes == self.floor_class).view(np.uint8)
        unknown = (classes == UNKNOWN).view(np.uint8)
        unknown_share = cv2.countNonZero(unknown) / total
        solid_unknown = cv2.countNonZero(cv2.morphologyEx(unknown, cv2.MORPH_OPEN, self.big_kernel))
        counts: dict[str, int] = {}
        confidence: dict[str, float] = {}
        blobs: dict[str, list[float]] = {}
        present = np.bincount(classes.ravel(), minlength=256)
        for colour, k in self.colour_class.items():
            if present[k] < MIN_BLOB * self.cube_px:
                counts[colour], confidence[colour], blobs[colour] = 0, 1.0, []
                continue
            m = (classes == k).view(np.uint8)
            m = cv2.morphologyEx(m, cv2.MORPH_OPEN, self.kernel)
            n, _, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=4)
            areas = stats[1:, cv2.CC_STAT_AREA] / self.cube_px
            areas = areas[areas >= MIN_BLOB]
            cubes = np.maximum(1, np.round(areas))
            counts[colour] = int(cubes.sum())
            # 1 when each blob is a whole number of cubes, 0 when halfway between two counts.
            residual = np.abs(areas - cubes) if len(areas) else np.zeros(1)
            confidence[colour] = float(np.clip(1 - 2 * residual.max(), 0, 1))
            blobs[colour] = [round(float(a), 3) for a in areas]
        occluded = solid_unknown > OCCLUDED_CUBES * self.cube_px
        if occluded:
            confidence = {c: 0.0 for c in confidence}
        return TrayRead(
            tray.side,
            counts,
            confidence,
            occluded,
            unknown_share,
            cv2.countNonZero(floor) / total,
            blobs,
        )
