"""Count markers per tray and colour in the top-down view of a control board.

The frame is warped (with the board's homography) into a top-down image of the
tray ring at ``px_per_mm``; tray masks there are fixed, since trays are fixed in
board millimetres. Each tray is light-corrected (:mod:`vision.colour`), its
pixels are classified, and each colour's connected blobs are counted by the
*area of their top faces* (pixels near the brightest nearby; dark side faces of
leaning markers and seams are left out): a blob of 2.1 marker areas is two
touching (or leaning) markers, and how sure that is gives the confidence. A
tray with a solid patch of no known class in it (a hand, a sleeve, a card), or
something foreign on the board right around it, is reported as covered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision.colour import (
    OUTSIDE,
    UNKNOWN,
    Classifier,
    apply_gains,
    bgr_to_lab,
    interpolate_gains,
    sticker_white,
    weighted_distance,
)
from vision.geometry import COLOURS, Board, Tray
from vision.registration import Detections, Registration

RIM_MM = 1.6
"""Tray mask is shrunk by this much so the printed/moulded rim is not counted."""
MIN_BLOB = 0.4
"""Blobs under this share of a cube's area are edge noise, not markers."""
FACE_SHARE = 0.75
"""Share of the brightest grey nearby (within about half a marker) above which a pixel of a
marker colour belongs to a top face."""
FACE_REACH = 0.6
"""Width of that neighbourhood, in marker sides."""
BAND_MM = 5.0
"""Outer edge of the strip of board around each tray watched for hands and sleeves
(it starts past the rim, at 1.5 mm); a hand reaching into a tray must cross it."""
FOREIGN_DISTANCE = 22.0
"""Weighted Lab distance from the calibrated board colour that marks a band pixel as foreign."""
BIG_BLOB = 10.0
"""One blob of more marker areas than this is more likely a hand than a heap: ask."""
FOREIGN_CUBES = 0.4
"""Foreign area on the strip (in marker areas) that marks the tray as reached into."""
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
    covered_by: str | None = None
    """Why the tray is taken as covered: ``unknown`` (unclassifiable patch in the tray),
    ``strip`` (something foreign on the board right around it) or ``heap`` (a huge blob)."""


AREA_SHRINK = 0.97
"""A blob of n markers measures about n x 0.97 calibrated marker areas (edge pixels lost
where markers touch, and to coloured light)."""


def blob_count(area: float) -> tuple[int, float]:
    """Most likely number of markers in a blob of ``area`` marker areas, and how sure.

    Each hypothesis n >= 1 (smaller specks were dropped before) predicts a Gaussian area
    of mean ``n * AREA_SHRINK`` and spread ``0.07 * sqrt(n) + 0.03`` (errors add up with
    size). The confidence is the best hypothesis' share of the likelihood, lowered when
    even the best one fits badly (more than two spreads off: a marker half in shadow,
    half hidden, or something that is no marker at all).
    """
    ns = np.arange(1, int(area / AREA_SHRINK) + 3)
    spread = 0.07 * np.sqrt(ns) + 0.03
    z = (area - ns * AREA_SHRINK) / spread
    log_l = -0.5 * z**2 - np.log(spread)
    p = np.exp(log_l - log_l.max())
    p /= p.sum()
    best = int(p.argmax())
    fit = float(np.exp(-0.5 * max(0.0, z[best] ** 2 - 4.0)))
    return int(ns[best]), float(p[best]) * fit


def _crop(full: np.ndarray) -> tuple[tuple[slice, slice], np.ndarray]:
    ys, xs = np.nonzero(full)
    sl = (slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1))
    return sl, full[sl] > 0


class TopDown:
    """Warps the tray ring of one board to a top-down image and holds the tray masks."""

    def __init__(self, board: Board, px_per_mm: float) -> None:
        self.board = board
        self.scale = px_per_mm
        pts = np.array([p for t in board.trays for p in t.polygon])
        self.x0, self.y0 = pts.min(axis=0) - BAND_MM - 2
        x1, y1 = pts.max(axis=0) + BAND_MM + 2
        self.size = (
            int(np.ceil((x1 - self.x0) * px_per_mm)),
            int(np.ceil((y1 - self.y0) * px_per_mm)),
        )
        self.offset = np.array(
            [[px_per_mm, 0, -self.x0 * px_per_mm], [0, px_per_mm, -self.y0 * px_per_mm], [0, 0, 1]]
        )
        rim = max(1, round(RIM_MM * px_per_mm))
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rim + 1, 2 * rim + 1))
        self.masks: dict[int, tuple[tuple[slice, slice], np.ndarray]] = {}
        self.bands: dict[int, tuple[tuple[slice, slice], np.ndarray]] = {}
        shape = (self.size[1], self.size[0])
        printed = np.zeros(shape, np.uint8)  # trays with their rims
        raw_trays = {}
        for tray in board.trays:
            full = np.zeros(shape, np.uint8)
            cv2.fillPoly(full, [self.to_px(tray.polygon)], 255)
            raw_trays[tray.side] = full
            printed |= cv2.dilate(full, kernel)
            full = cv2.erode(full, kernel)
            self.masks[tray.side] = _crop(full)
        band = round(BAND_MM * px_per_mm)
        wide = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * band + 1, 2 * band + 1))
        for side, full in raw_trays.items():
            ring = cv2.dilate(full, wide) & ~printed
            self.bands[side] = _crop(ring)

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

    def band_lab(
        self,
        top: np.ndarray,
        side: int,
        gains: np.ndarray,
        exclude: list[tuple[float, float, float]] = (),  # type: ignore[assignment]
        with_mask: bool = False,
    ) -> Any:
        """Light-corrected Lab of the board strip around a tray (minus ``(x, y, r)`` mm discs);
        with ``with_mask`` also the strip mask (crop-sized) the pixels come from."""
        sl, mask = self.bands[side]
        if exclude:
            mask = mask.copy()
            hole = np.zeros(mask.shape, np.uint8)
            for x, y, r in exclude:
                c = self.to_px([(x, y)])[0] - [sl[1].start, sl[0].start]
                cv2.circle(hole, (int(c[0]), int(c[1])), int(r * self.scale), 255, -1)
            mask &= hole == 0
        pixels = top[sl][mask].reshape(-1, 1, 3)
        lab = bgr_to_lab(apply_gains(pixels, gains))
        return (lab, mask) if with_mask else lab

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
        band_lab: dict[int, np.ndarray] | None = None,
        colour_areas_mm2: dict[str, float] | None = None,
        # ``band_lab[side]`` holds the Lab colours the board shows around that tray (k x 3).
    ) -> None:
        self.top = TopDown(board, px_per_mm)
        self.band_lab = band_lab or {}
        self.classifier = classifier
        self.cube_px = cube_area_mm2 * px_per_mm**2
        areas = colour_areas_mm2 or {}
        self.colour_px = {c: areas.get(c, cube_area_mm2) * px_per_mm**2 for c in COLOURS}
        self.floor_bgr = np.asarray(floor_bgr, np.float64)
        self.colour_class = {c: classifier.names.index(c) for c in COLOURS}
        self.floor_class = classifier.names.index("floor")
        self.kernel = np.ones((3, 3), np.uint8)
        self.big_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        side = round(FACE_REACH * np.sqrt(self.cube_px)) | 1
        self.face_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))

    def count(
        self,
        image: np.ndarray,
        found: Detections,
        reg: Registration,
        exclude: list[tuple[float, float, float]] | None = None,
    ) -> list[TrayRead]:
        """Every tray of the board; ``exclude`` are ``(x, y, r)`` mm discs of known tokens."""
        top = self.top.warp(image, reg)
        whites = self.top.whites(image, found, reg)
        return [self._tray(top, tray, whites, exclude or []) for tray in self.top.board.trays]

    def _foreign(self, top: np.ndarray, side: int, gains: np.ndarray, exclude: list) -> float:
        """Marker areas of foreign things (hand, sleeve) on the board strip around a tray."""
        refs = self.band_lab.get(side)
        if refs is None or not len(refs):
            return 0.0
        lab, mask = self.top.band_lab(top, side, gains, exclude, with_mask=True)
        dist = np.min([weighted_distance(lab, ref) for ref in refs], axis=0)
        foreign = np.zeros(mask.shape, np.uint8)
        foreign[mask] = dist > FOREIGN_DISTANCE
        # Thin lines (the tray rim when registration is off by a millimetre) are not hands.
        foreign = cv2.morphologyEx(foreign, cv2.MORPH_OPEN, self.big_kernel)
        return cv2.countNonZero(foreign) / self.cube_px

    def _tray(
        self,
        top: np.ndarray,
        tray: Tray,
        whites: list[tuple[tuple[float, float], np.ndarray]],
        exclude: list[tuple[float, float, float]],
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
            nudge = np.clip(self.floor_bgr / np.maximum(seen, 1), 0.5, 2.0)
            gains = gains * nudge
            corrected = apply_gains(top[sl], gains)
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
        grey = cv2.cvtColor(corrected, cv2.COLOR_BGR2GRAY)
        for colour, k in self.colour_class.items():
            cube_px = self.colour_px[colour]
            if present[k] < MIN_BLOB * cube_px:
                counts[colour], confidence[colour], blobs[colour] = 0, 1.0, []
                continue
            m = (classes == k).view(np.uint8)
            m = cv2.morphologyEx(m, cv2.MORPH_OPEN, self.kernel)
            n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=4)
            # Top faces: pixels near the brightest of their neighbourhood (about half a
            # marker across), so a shadow across a row of markers does not matter but the
            # dark side face of a leaning marker and the seams between markers drop out.
            local = cv2.dilate(grey * m, self.face_kernel)
            face = (m > 0) & (grey >= FACE_SHARE * local)
            face_area = np.bincount(labels[face], minlength=n)
            big = stats[1:, cv2.CC_STAT_AREA] >= MIN_BLOB * cube_px
            areas = face_area[1:][big] / cube_px
            counted = [blob_count(float(a)) for a in areas]
            counts[colour] = sum(n for n, _ in counted)
            confidence[colour] = float(np.prod([p for _, p in counted])) if counted else 1.0
            blobs[colour] = [round(float(a), 3) for a in areas]
        foreign = self._foreign(top, tray.side, gains, exclude)
        biggest = max((max(b) for b in blobs.values() if b), default=0.0)
        covered_by = None
        if solid_unknown > OCCLUDED_CUBES * self.cube_px:
            covered_by = "unknown"
        elif foreign > FOREIGN_CUBES:
            covered_by = "strip"
        elif biggest > BIG_BLOB:
            covered_by = "heap"
        occluded = covered_by is not None
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
            covered_by,
        )
