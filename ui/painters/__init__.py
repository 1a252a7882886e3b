"""Painters: one per board-scene kind (docs/board-scenes.md), drawn with Kivy canvas instructions.

A painter is ``paint(canvas, box, scene, tr)``: it draws ``scene`` (plain data
from ``Game.board``) inside ``box = (x, y, width, height)`` of ``canvas``,
translating texts with ``tr``. Games never draw; the same data drives the
rules. :func:`painter_for` picks the painter of a scene's ``kind``; unknown
kinds fall back to the facts painter (which draws nothing: the facts list
beside the picture is the whole picture).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.text import Translator

Box = tuple[float, float, float, float]
Painter = Callable[[Any, Box, dict[str, Any], Translator], None]


def painter_for(kind: str | None) -> Painter:
    from ui.painters import columns, control_board, facts, hex_grid, tracks

    painters: dict[str, Painter] = {
        "control-board": control_board.paint,
        "hex-grid": hex_grid.paint,
        "columns": columns.paint,
        "tracks": tracks.paint,
        "facts": facts.paint,
    }
    return painters.get(str(kind), facts.paint)


KINDS = ("control-board", "hex-grid", "columns", "tracks", "facts")
