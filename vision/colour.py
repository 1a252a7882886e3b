"""Colour: undo the light's colour with the stickers' white paper, and Lab helpers.

Every fiducial sticker has a white paper margin: the median of that margin,
measured in each frame, is the local colour of the light. Gains that make it a
fixed grey are interpolated (inverse distance squared) from the visible
stickers to each tray, so warm, cool and mixed light (warm lamp on one side,
window on the other) are undone locally before the tray counter sees a tray.
"""

from __future__ import annotations

import cv2
import numpy as np

WHITE_TARGET = 220.0
"""Grey level the sticker margin is corrected to (leaves headroom for white cubes)."""

L_WEIGHT = 0.6
AB_WEIGHT = 1.3
"""Lightness counts less than hue in colour distances (shade changes lightness most)."""


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


_RAMP = np.arange(256, dtype=np.float64)[:, None]


def apply_gains(bgr: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """Multiply each channel by its gain (saturating), through a per-channel lookup table."""
    lut = np.clip(_RAMP * np.asarray(gains)[None, :] + 0.5, 0, 255).astype(np.uint8)
    return cv2.LUT(bgr, lut.reshape(1, 256, 3))
