"""Where the camera stands over the board, from the board's registration alone.

A raised thing (a cube's top, the upper cube of a stack) does not lie in the board
plane, so in a board-plane warp (:mod:`vision.tray_crops`) it is drawn shifted
away from the camera: a point ``h`` mm high over board point ``X`` lands at
``X + h (X - F) / (H - h)``, ``F`` being the camera's foot on the board plane and
``H`` its height. A stack of two at a shallow angle and one cube at a steep angle
can look alike in a crop; knowing ``F`` and ``H`` tells them apart, so the tray
counter is given this *lift* for every pixel of its crop.

``F`` and ``H`` come from the registration's homography ``board -> image``
(``H_b = K [r1 r2 t]``, pinhole camera with square pixels and its principal point
at the image centre): the focal length is the one that makes ``r1`` and ``r2``
orthogonal and of equal length (least squares over both conditions), then the pose
follows. Lens distortion and a principal point a few pixels off make it approximate;
the counter is trained with the same estimate from the same kind of registration.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

CUBE_MM = 8.0
"""The height the lift is given for: one cube."""


@dataclass(frozen=True)
class CameraPose:
    """The camera's foot on the board plane (board mm) and its height over it (mm)."""

    foot: tuple[float, float]
    height: float

    def lift(self, points: np.ndarray, height_mm: float = CUBE_MM) -> np.ndarray:
        """Board-plane shift (N x 2, mm) of a point ``height_mm`` over each board point."""
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        return (pts - np.asarray(self.foot)) * (height_mm / max(self.height - height_mm, 1.0))


def pose_from_homography(board_to_image: np.ndarray, image_size: tuple[int, int]) -> CameraPose:
    """The camera's pose from a board -> image homography; ``image_size`` is (width, height)."""
    w, h = image_size
    centre = np.array([[1.0, 0.0, -w / 2], [0.0, 1.0, -h / 2], [0.0, 0.0, 1.0]])
    m = centre @ np.asarray(board_to_image, np.float64)
    (a1, a2), (b1, b2), (c1, c2) = m[0, :2], m[1, :2], m[2, :2]
    # With s = 1 / f^2:  r1 . r2 = 0  and  |r1|^2 = |r2|^2, both linear in s.
    p = np.array([a1 * a2 + b1 * b2, a1 * a1 + b1 * b1 - a2 * a2 - b2 * b2])
    q = np.array([c1 * c2, c1 * c1 - c2 * c2])
    s = -float(p @ q) / max(float(p @ p), 1e-30)
    f = 1.0 / math.sqrt(s) if s > 0 else float(w)  # degenerate (looking straight down): any f
    f = min(max(f, 0.3 * w), 3.0 * w)
    k_inv = np.diag([1 / f, 1 / f, 1.0])
    r12t = k_inv @ m
    scale = 2.0 / (np.linalg.norm(r12t[:, 0]) + np.linalg.norm(r12t[:, 1]))
    r12t = r12t * scale
    if r12t[2, 2] < 0:  # the board lies in front of the camera
        r12t = -r12t
    r1, r2, t = r12t[:, 0], r12t[:, 1], r12t[:, 2]
    r3 = np.cross(r1, r2)
    rot = np.column_stack([r1, r2, r3])
    u, _, vt = np.linalg.svd(rot)  # the nearest rotation
    rot = u @ vt
    centre_world = -rot.T @ t
    return CameraPose((float(centre_world[0]), float(centre_world[1])), abs(float(centre_world[2])))
