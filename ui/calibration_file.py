"""Loading the camera's calibration files: the calibration, board and token files.

The file may come from anywhere (``tableside vision read --calibration``),
so it is read through :func:`ui.outside.read_json` (at most 1 MiB, a plain
file, bounded JSON); :func:`vision.calibration.from_json` checks the content.
Board and token files named on the command line (``--board``, ``--tokens``)
are read the same way; the shipped examples come from ``vision/`` itself.
``vision/`` reads no files from outside itself: it may import only ``rules``.
"""

from __future__ import annotations

import os
from pathlib import Path

import vision.battleground_view  # noqa: F401  (registers the Ante Portas battleground board)
from rules.errors import SituationError
from ui.outside import OutsideFileError, read_json
from vision.calibration import Calibration, from_json
from vision.geometry import (
    Board,
    TokenCatalogue,
    board_names,
    load_board,
    load_tokens,
    parse_board,
    parse_tokens,
)


def load(path: str | Path) -> Calibration:
    """The calibration in ``path``; missing, too large or broken -> :class:`SituationError`."""
    path = Path(path)
    if not os.path.lexists(path):
        raise SituationError(
            str(path), "no calibration here yet: run 'tableside vision calibrate' first"
        )
    try:
        data = read_json(path)
    except OutsideFileError as exc:
        raise SituationError(str(path), str(exc)) from None
    return from_json(data, str(path))


def board(name_or_path: str | Path) -> Board:
    """A shipped example board by short name (``control-board``), else a board file."""
    if str(name_or_path) in board_names():
        return load_board(name_or_path)
    path = Path(name_or_path)
    if not os.path.lexists(path):
        examples = ", ".join(board_names())
        raise SituationError(str(path), f"no such file (or one of the examples: {examples})")
    return parse_board(_data(path), str(name_or_path))


def tokens(path: str | Path | None = None) -> TokenCatalogue:
    """The token catalogue in ``path``, or the shipped example."""
    if path is None:
        return load_tokens(None)
    return parse_tokens(_data(Path(path)))


def _data(path: Path) -> object:
    try:
        return read_json(path)
    except OutsideFileError as exc:
        raise SituationError(str(path), str(exc)) from None
