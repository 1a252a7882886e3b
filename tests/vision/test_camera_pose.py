"""The camera's pose from a board homography, and the lift the tray counter is given.

The cameras here are built by hand (pinhole, square pixels, principal point at the
image centre, looking at the board from a known place), not by the renderer."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision.camera_pose import CameraPose, pose_from_homography
from vision.geometry import Board
from vision.tray_crops import CROP_SIZE, LIFT_SCALE, board_to_crop, lift_field, tray_lifts

SIZE = (1280, 720)


def camera(centre: tuple[float, float, float], target: tuple[float, float], f: float):
    """(K, R, t) of a camera at ``centre`` (z up, mm) looking at board point ``target``."""
    c = np.array(centre, float)
    forward = np.array([*target, 0.0]) - c
    forward /= np.linalg.norm(forward)
    right = np.cross(forward, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    r = np.stack([right, down, forward])
    k = np.array([[f, 0, SIZE[0] / 2], [0, f, SIZE[1] / 2], [0, 0, 1.0]])
    return k, r, -r @ c


def project(k: np.ndarray, r: np.ndarray, t: np.ndarray, pts: np.ndarray) -> np.ndarray:
    cam = (r @ np.asarray(pts, float).T).T + t
    uv = (k @ cam.T).T
    return uv[:, :2] / uv[:, 2:]


def board_to_image(k: np.ndarray, r: np.ndarray, t: np.ndarray) -> np.ndarray:
    return k @ np.column_stack([r[:, 0], r[:, 1], t])


@pytest.mark.parametrize(
    ("centre", "f"),
    [((150.0, -300.0, 420.0), 900.0), ((-200.0, 120.0, 250.0), 1100.0), ((160, 60, 600), 800)],
)
def test_pose_is_recovered_from_the_homography(centre: tuple, f: float) -> None:
    k, r, t = camera(centre, (160.0, 140.0), f)
    pose = pose_from_homography(board_to_image(k, r, t), SIZE)
    assert pose.foot == pytest.approx(centre[:2], abs=0.5)
    assert pose.height == pytest.approx(centre[2], abs=0.5)


def test_a_raised_point_lands_where_the_lift_says() -> None:
    pose = CameraPose((100.0, -250.0), 300.0)
    point = np.array([[160.0, 140.0]])
    # The ray from the camera through the point 8 mm over (160, 140) meets the board
    # 8 / (300 - 8) of the way further from the camera's foot.
    want = point + (point - [100.0, -250.0]) * 8 / 292
    assert pose.lift(point) + point == pytest.approx(want)


def test_lift_fields_match_a_raised_cube_seen_through_the_registration(
    control_board: Board,
) -> None:
    centre = (420.0, 60.0, 280.0)
    k, r, t = camera(centre, (180.0, 170.0), 950.0)
    h = board_to_image(k, r, t)
    pose = pose_from_homography(h, SIZE)
    for side, (s, fu, fv) in tray_lifts(control_board, pose).items():
        tray = next(tr for tr in control_board.trays if tr.side == side)
        x, y = tray.centroid()
        # Where the top of a cube standing at the tray's centre is drawn in the crop.
        top = project(k, r, t, np.array([[x, y, 8.0]]))[0]  # z up: 8 mm over the board
        on_board = np.linalg.solve(h, [*top, 1.0])
        to_crop = board_to_crop(control_board, side)
        drawn = to_crop @ (on_board / on_board[2])
        foot = to_crop @ (x, y, 1.0)
        shift = drawn[:2] / drawn[2] - foot[:2] / foot[2]
        field = lift_field(s, fu, fv) * LIFT_SCALE
        u, v = (int(np.rint(c)) for c in foot[:2] / foot[2])
        assert 0 <= u < CROP_SIZE[0] and 0 <= v < CROP_SIZE[1]
        assert field[:, v, u] == pytest.approx(shift, abs=0.05 * math.hypot(*shift) + 0.2)


def test_the_shipped_counter_takes_the_lift_and_says_so_without_it(control_board: Board) -> None:
    from vision.counter import CounterModel, CubeCounter

    counter = CubeCounter(control_board, CounterModel.shipped())
    assert counter.model.lift
    crop = np.full((CROP_SIZE[1], CROP_SIZE[0], 3), 128, np.uint8)
    with pytest.raises(ValueError, match="lift"):
        counter.logits([crop])
    assert counter.logits([crop], [(0.03, 84.0, -300.0)]).shape == (1, 66)
