"""Each tray cut out of the frame, turned to one common pose, light-corrected: the counter's input.

Tray ``k`` of the control board is the tray of side 0 turned ``60 k`` degrees
about the hexagon's centre, so every tray is cut out in side 0's pose: the
board is warped (with the board homography) through a rotation of
``-60 k`` degrees into a window of :data:`WINDOW_MM` around side 0's tray at
:data:`PX_PER_MM`. The window reaches :data:`REACH_MM` beyond the tray on
every side, because at a steep camera tilt a cube's sides and top fall well
outside its footprint in a board-plane warp (a cube of 8 mm at 60 degrees
reaches 14 mm further, a stack of two 28 mm).

The white paper margins of the visible stickers give the local colour of the
light (:func:`vision.colour.interpolate_gains`); the crop is multiplied by the
gains at the tray's centre, so the counter sees the colours in neutral light.

With each crop goes its *lift* (:func:`tray_lifts`): how far, in crop pixels and
which way, the top of a cube standing at each pixel is drawn from its footprint
(:mod:`vision.camera_pose`). It is ``s (p - foot)`` for crop pixel ``p``, so three
numbers per crop give it: ``s`` and the camera's foot in crop pixels.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.camera_pose import CUBE_MM, CameraPose, pose_from_homography
from vision.colour import apply_gains, interpolate_gains, sticker_white
from vision.geometry import Board
from vision.registration import Detections, Registration

PX_PER_MM = 1.5
REACH_MM = 10.0
CROP_SIZE = (168, 84)
"""(width, height) in pixels of every crop."""
LIFT_SCALE = 16.0
"""Lift fields are given to the counter in units of this many crop pixels."""


def _side0_window(board: Board) -> tuple[float, float]:
    """Top-left corner (board mm) of the window around side 0's tray."""
    tray = next(t for t in board.trays if t.side == 0)
    xs = [p[0] for p in tray.polygon]
    ys = [p[1] for p in tray.polygon]
    cx = (min(xs) + max(xs)) / 2
    cy = (min(ys) + max(ys)) / 2
    return cx - CROP_SIZE[0] / PX_PER_MM / 2, cy - CROP_SIZE[1] / PX_PER_MM / 2


def board_to_crop(board: Board, side: int) -> np.ndarray:
    """3x3 matrix: board mm -> crop pixels of the tray on ``side``."""
    cx, cy = board.centre
    a = math.radians(-60 * side)  # turn side k onto side 0 (board y is down: clockwise +)
    c, s = math.cos(a), math.sin(a)
    rot = np.array([[c, -s, cx - c * cx + s * cy], [s, c, cy - s * cx - c * cy], [0, 0, 1]])
    x0, y0 = _side0_window(board)
    to_px = np.array([[PX_PER_MM, 0, -x0 * PX_PER_MM], [0, PX_PER_MM, -y0 * PX_PER_MM], [0, 0, 1]])
    return to_px @ rot


def light_gains(
    image: np.ndarray, found: Detections, reg: Registration, board: Board
) -> list[tuple[tuple[float, float], np.ndarray]]:
    """Light colour measured at each visible fiducial of ``board``."""
    by_id = found.by_id()
    return [
        (f.centre, sticker_white(image, by_id[f.id], f.size, f.margin))
        for f in board.fiducials
        if f.id in reg.seen and f.id in by_id
    ]


def tray_crops(
    image: np.ndarray, found: Detections, reg: Registration, board: Board
) -> dict[int, np.ndarray]:
    """``{side: BGR crop}`` of every tray, light-corrected."""
    whites = light_gains(image, found, reg, board)
    out = {}
    for tray in board.trays:
        m = board_to_crop(board, tray.side) @ reg.image_to_board
        crop = cv2.warpPerspective(image, m, CROP_SIZE, flags=cv2.INTER_LINEAR)
        out[tray.side] = apply_gains(crop, interpolate_gains(whites, tray.centroid()))
    return out


def tray_mask(board: Board) -> np.ndarray:
    """The tray's own area in a crop (uint8, 255 inside), the same for every side."""
    tray = next(t for t in board.trays if t.side == 0)
    pts = cv2.perspectiveTransform(np.array([tray.polygon], np.float64), board_to_crop(board, 0))[0]
    mask = np.zeros((CROP_SIZE[1], CROP_SIZE[0]), np.uint8)
    cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255)
    return mask


def camera_pose(reg: Registration, image_size: tuple[int, int]) -> CameraPose:
    """The camera's pose from a registration of a frame of ``image_size`` (width, height)."""
    return pose_from_homography(np.linalg.inv(reg.image_to_board), image_size)


def tray_lifts(board: Board, pose: CameraPose) -> dict[int, tuple[float, float, float]]:
    """``{side: (s, foot u, foot v)}``: the lift of one cube's height at crop pixel ``p`` is
    ``s (p - foot)`` crop pixels (the camera's foot mapped into that side's crop)."""
    s = CUBE_MM / max(pose.height - CUBE_MM, 1.0)
    out = {}
    for tray in board.trays:
        u, v, w = board_to_crop(board, tray.side) @ (*pose.foot, 1.0)
        out[tray.side] = (s, u / w, v / w)
    return out


def lift_field(s: float, foot_u: float, foot_v: float) -> np.ndarray:
    """2 x H x W float32: the lift (u, v) at every crop pixel, in :data:`LIFT_SCALE` units."""
    v, u = np.mgrid[0 : CROP_SIZE[1], 0 : CROP_SIZE[0]].astype(np.float32)
    return np.stack([s * (u - foot_u), s * (v - foot_v)]) / LIFT_SCALE
