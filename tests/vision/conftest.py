"""Shared fixtures: example boards, a calibration made from a rendered calibration picture."""

from __future__ import annotations

import numpy as np
import pytest

from vision.calibration import Calibration, calibrate
from vision.geometry import Board, TokenCatalogue, load_board, load_tokens
from vision.reader import TableReader
from vision.render import Scene, calibration_scene, render


@pytest.fixture(scope="session")
def control_board() -> Board:
    return load_board("control-board")


@pytest.fixture(scope="session")
def tokens() -> TokenCatalogue:
    return load_tokens()


@pytest.fixture(scope="session")
def calibration(control_board: Board, tokens: TokenCatalogue) -> Calibration:
    frame = render(calibration_scene(control_board, "neutral", seed=3)).image
    return calibrate([frame], [control_board], tokens)


@pytest.fixture(scope="session")
def reader(calibration: Calibration) -> TableReader:
    return TableReader(calibration)


def scene(board: Board, counts: dict[int, dict[str, int]], **kw: object) -> Scene:
    """A scene with explicit counts (other colours 0)."""
    return Scene(board=board, counts=counts, **kw)  # type: ignore[arg-type]


def read_counts(reader: TableReader, image: np.ndarray) -> dict[int, dict[str, int] | None]:
    return reader.read([image]).counts()
