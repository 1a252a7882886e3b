"""Colour: undo the light's colour, then classify pixels in CIE Lab.

Light correction. Every fiducial sticker has a white paper margin: the median
of that margin, measured in each frame, is the local colour of the light. Gains
that make it a fixed grey are interpolated (inverse distance squared) from the
visible stickers to each tray, so warm, cool and mixed light (warm lamp on one
side, window on the other) are undone locally. A second, per-tray step then
nudges the gains so the tray floor (the most common class in a tray) matches
its calibrated colour, which also lifts soft shadows lying on a tray.

Classification. Calibration stores one Lab centre per class (tray floor and the
five marker colours), measured after the same correction. A 64x64x64 lookup
table maps each corrected BGR value to its nearest class under a weighted Lab
distance (lightness counts less than hue, so shadows matter less), or to
:data:`UNKNOWN` when nothing is near (hands, sleeves, cards, dirt).
"""

from __future__ import annotations

import cv2
import numpy as np

UNKNOWN = 255
OUTSIDE = 254
"""Class given to pixels outside a tray mask (never counted)."""
WHITE_TARGET = 220.0
"""Grey level the sticker margin is corrected to (leaves headroom for white cubes)."""

L_WEIGHT = 0.6
AB_WEIGHT = 1.3
MAX_DISTANCE = 28.0
"""Weighted Lab distance beyond which a pixel is of no known class."""

MAX_BRIGHTER = 16.0
"""Lightness (L) a pixel may exceed its class's calibrated lightness by."""

SKIN_LAB = np.array([[74.0, 12.0, 18.0], [62.0, 16.0, 23.0]], np.float32)
"""Light and medium skin under corrected light: pixels nearest these are UNKNOWN (a hand).
Dark skin is too close to the brown markers to tell by colour; the strip check around
each tray and the motion gate catch hands instead."""

QUANT_SHIFT = 2  # 256 / 4 = 64 levels per channel


def sticker_white(image: np.ndarray, corners: np.ndarray, size: float, margin: float) -> np.ndarray:
    """Median BGR of the white margin ring around one detected marker (4x2 image corners)."""
    centre = corners.mean(axis=0)
    outer = centre + (corners - centre) * (1 + 1.7 * margin / size)
    inner = centre + (corners - centre) * (1 + 0.5 * margin / size)
    x0, y0 = np.floor(outer.min(axis=0)).astype(int)
    x1, y1 = np.ceil(outer.max(axis=0)).astype(int) + 1
    h, w = image.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return np.full(3, np.nan)
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    off = np.array([x0, y0])
    cv2.fillConvexPoly(mask, np.round(outer - off).astype(np.int32), 255)
    cv2.fillConvexPoly(mask, np.round(inner - off).astype(np.int32), 0)
    pixels = image[y0:y1, x0:x1][mask > 0]
    if len(pixels) < 10:
        return np.full(3, np.nan)
    # The brighter half: robust to a finger or the marker's own black edge bleeding in.
    lum = pixels.sum(axis=1)
    bright = pixels[lum >= np.median(lum)]
    return np.median(bright, axis=0).astype(np.float64)


def interpolate_gains(
    whites: list[tuple[tuple[float, float], np.ndarray]], at: tuple[float, float]
) -> np.ndarray:
    """Per-channel gains at board point ``at`` from ``(position_mm, white_bgr)`` samples."""
    good = [(p, w) for p, w in whites if np.all(np.isfinite(w)) and w.min() > 8]
    if not good:
        return np.ones(3)
    weights = np.array([1.0 / (1.0 + (p[0] - at[0]) ** 2 + (p[1] - at[1]) ** 2) for p, _ in good])
    gains = np.array([WHITE_TARGET / w for _, w in good])
    return (weights[:, None] * gains).sum(axis=0) / weights.sum()


def bgr_to_lab(bgr: np.ndarray) -> np.ndarray:
    """BGR uint8 pixels (N x 3) to Lab floats (L 0-100)."""
    px = np.asarray(bgr, np.float32).reshape(-1, 1, 3) / 255.0
    return cv2.cvtColor(px, cv2.COLOR_BGR2Lab).reshape(-1, 3)


def weighted_distance(lab: np.ndarray, centre: np.ndarray) -> np.ndarray:
    d = lab - centre
    return np.sqrt(
        (L_WEIGHT * d[..., 0]) ** 2 + (AB_WEIGHT * d[..., 1]) ** 2 + (AB_WEIGHT * d[..., 2]) ** 2
    )


class Classifier:
    """Maps corrected BGR pixels to class indices ``0..len(centres)-1`` or :data:`UNKNOWN`."""

    def __init__(
        self, names: list[str], centres: np.ndarray, unknown: np.ndarray = SKIN_LAB
    ) -> None:
        self.names = names
        self.centres = np.asarray(centres, np.float32)
        # ``unknown`` centres win pixels for UNKNOWN (light and medium skin: hands).
        every = np.concatenate([self.centres, np.asarray(unknown, np.float32).reshape(-1, 3)])
        levels = 256 >> QUANT_SHIFT
        step = 1 << QUANT_SHIFT
        grid = (np.arange(levels) * step + step / 2).astype(np.float32)
        b, g, r = np.meshgrid(grid, grid, grid, indexing="ij")
        bgr = np.stack([b.ravel(), g.ravel(), r.ravel()], axis=1)
        lab = bgr_to_lab(bgr)
        dist = np.stack([weighted_distance(lab, c) for c in every], axis=1)
        # Light is corrected and shade only darkens: nothing is much brighter than its
        # calibrated colour (this keeps a lit hand from passing for a brown marker).
        too_bright = lab[:, 0:1] > every[None, :, 0] + MAX_BRIGHTER
        too_bright[:, int(self.centres[:, 0].argmax())] = False  # nothing outshines white
        dist[too_bright] = np.inf
        best = dist.argmin(axis=1).astype(np.uint8)
        best[(dist.min(axis=1) > MAX_DISTANCE) | (best >= len(self.centres))] = UNKNOWN
        self.lut = best

    def classify(self, bgr: np.ndarray) -> np.ndarray:
        """Class image (H x W uint8) of a corrected BGR image."""
        q = (bgr >> QUANT_SHIFT).astype(np.int32)
        levels = 256 >> QUANT_SHIFT
        return self.lut[(q[..., 0] * levels + q[..., 1]) * levels + q[..., 2]]


_RAMP = np.arange(256, dtype=np.float64)[:, None]


def apply_gains(bgr: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """Multiply each channel by its gain (saturating), through a per-channel lookup table."""
    lut = np.clip(_RAMP * np.asarray(gains)[None, :] + 0.5, 0, 255).astype(np.uint8)
    return cv2.LUT(bgr, lut.reshape(1, 256, 3))
