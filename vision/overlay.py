"""Draw what the reader understood over the camera picture (for players to confirm).

Tray outlines, fiducials and the chosen tray are projected from board
millimetres into the image with the inverse of the board's homography.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.geometry import Board
from vision.registration import Registration

OUTLINE_BGR = (255, 255, 0)
HIGHLIGHT_BGR = (0, 220, 255)
FIDUCIAL_BGR = (0, 200, 0)
PROBLEM_BGR = (0, 0, 255)


def project(reg: Registration, pts_mm: object) -> np.ndarray:
    """Board millimetres to image pixels."""
    inv = np.linalg.inv(reg.image_to_board)
    pts = np.asarray(pts_mm, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, inv).reshape(-1, 2)


def draw_board(
    image: np.ndarray,
    reg: Registration,
    board: Board,
    highlight_side: int | None = None,
    problem_sides: list[int] | None = None,
) -> np.ndarray:
    """A copy of ``image`` with the board's trays (side numbers) and fiducials drawn on it;
    ``highlight_side`` thick, ``problem_sides`` in red."""
    out = image.copy()
    for tray in board.trays:
        pts = np.round(project(reg, tray.polygon)).astype(np.int32)
        chosen = tray.side == highlight_side
        colour = HIGHLIGHT_BGR if chosen else OUTLINE_BGR
        if problem_sides and tray.side in problem_sides:
            colour = PROBLEM_BGR
        cv2.polylines(out, [pts], True, colour, 5 if chosen else 2, cv2.LINE_AA)
        c = project(reg, [tray.centroid()])[0]
        cv2.putText(
            out,
            str(tray.side),
            (int(c[0]) - 8, int(c[1]) + 8),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.9,
            OUTLINE_BGR,
            2,
            cv2.LINE_AA,
        )
    for f in board.fiducials:
        pts = np.round(project(reg, f.corners())).astype(np.int32)
        colour = FIDUCIAL_BGR if f.id in reg.seen else (0, 0, 255)
        cv2.polylines(out, [pts], True, colour, 2, cv2.LINE_AA)
    return out
