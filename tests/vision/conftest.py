"""Shared fixtures: example boards, a photo-like table (vision.table_render) and its calibration.

The table is one fixed set-up (seed 4240: 30 degrees tilt, neutral light), outside every
seeded set of vision.table_sets, so the tests read frames the counter was never trained on.
(Calibration does not accept every table: its refusal rate is a benchmark figure.)
"""

from __future__ import annotations

import numpy as np
import pytest

import vision.battleground_view  # noqa: F401  (registers its board and view, as the app does)
from vision.calibration import Calibration, calibrate
from vision.geometry import Board, TokenCatalogue, load_board, load_tokens
from vision.reader import TableReader
from vision.table_render import (
    FrameSpec,
    Rendered,
    Setup,
    calibration_frame,
    random_frame,
    random_setup,
    render_frame,
)


@pytest.fixture(scope="session")
def control_board() -> Board:
    return load_board("control-board")


@pytest.fixture(scope="session")
def tokens() -> TokenCatalogue:
    return load_tokens()


@pytest.fixture(scope="session")
def setup(control_board: Board) -> Setup:
    return random_setup(control_board, 4240, tilt=(30.0, 30.0), light="neutral")


@pytest.fixture(scope="session")
def calibration_picture(control_board: Board, setup: Setup, tokens: TokenCatalogue) -> np.ndarray:
    return render_frame(control_board, setup, calibration_frame(control_board, 1), tokens).image


@pytest.fixture(scope="session")
def calibration(
    control_board: Board, tokens: TokenCatalogue, calibration_picture: np.ndarray
) -> Calibration:
    return calibrate([calibration_picture], [control_board], tokens)


@pytest.fixture(scope="session")
def reader(calibration: Calibration) -> TableReader:
    return TableReader(calibration)


def frame(
    board: Board, setup: Setup, tokens: TokenCatalogue, seed: int, **fixed: object
) -> Rendered:
    """One rendered moment of play on ``setup`` (``hand``, ``blur``, ``arrangement`` fixable)."""
    spec: FrameSpec = random_frame(board, seed, tokens=tokens, **fixed)  # type: ignore[arg-type]
    return render_frame(board, setup, spec, tokens)


def truth_counts(truth: dict) -> dict[int, dict[str, int]]:
    return {int(side): counts for side, counts in truth["counts"].items()}
