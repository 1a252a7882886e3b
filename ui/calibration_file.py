"""Loading the camera's calibration file (``vision-calibration.json``, ``--calibration``).

The file may come from anywhere (``tableside vision read --calibration``),
so it is read through :func:`ui.outside.read_json` (at most 1 MiB, a plain
file, bounded JSON); :func:`vision.calibration.from_json` checks the content.
``vision/`` reads no files from outside itself: it may import only ``rules``.
"""

from __future__ import annotations

import os
from pathlib import Path

from rules.errors import SituationError
from ui.outside import OutsideFileError, read_json
from vision.calibration import Calibration, from_json


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
