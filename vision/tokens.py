"""Locate components carrying a fiducial sticker: grid cell, rotation, control-board side.

A sticker's centre, mapped into board millimetres with the board's homography,
gives the cell (hex in axial ``q, r``; square as column/row; or a single spot).
Its "up" edge (ArUco corners 0-1) gives the rotation, measured clockwise from
the board's north and snapped to the grid's step (60 or 90 degrees). The
priority marker instead reports the control-board side it lies beside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.geometry import Board, TokenCatalogue, compass_angle
from vision.registration import Detections, Registration


@dataclass
class TokenRead:
    id: int
    name: str
    kind: str
    board: str
    position_mm: tuple[float, float]
    grid: str | None
    cell: str | None
    key: dict[str, int]
    rotation_deg: int | None
    side: int | None
    confidence: float

    def vote_key(self) -> tuple[Any, ...]:
        return (self.board, self.cell, self.rotation_deg, self.side)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "board": self.board,
            "position_mm": [round(v, 1) for v in self.position_mm],
            "grid": self.grid,
            "cell": self.cell,
            **self.key,
            "rotation_deg": self.rotation_deg,
            "side": self.side,
            "confidence": round(self.confidence, 3),
        }


def locate_tokens(
    found: Detections,
    registrations: dict[str, Registration],
    boards: dict[str, Board],
    catalogue: TokenCatalogue,
) -> list[TokenRead]:
    out = []
    for tid, corners in found.by_id().items():
        kind = catalogue.tokens.get(tid)
        if kind is None:
            continue
        for name, reg in registrations.items():
            board = boards[name]
            pts = reg.to_board(corners)
            cx, cy = pts.mean(axis=0)
            if not (0 <= cx <= board.size[0] and 0 <= cy <= board.size[1]):
                continue
            up = (pts[0] + pts[1]) / 2 - (pts[2] + pts[3]) / 2
            angle = compass_angle(float(up[0]), float(up[1]))
            if kind.kind == "priority-marker" and board.kind == "control-board":
                side, squareness = board.side_of(cx, cy)
                out.append(
                    TokenRead(
                        tid,
                        kind.name,
                        kind.kind,
                        name,
                        (cx, cy),
                        None,
                        None,
                        {},
                        None,
                        side,
                        float(np.clip(squareness / 0.5, 0, 1)),
                    )
                )
                break
            for grid in board.grids:
                hit = grid.locate(cx, cy)
                if hit is None:
                    continue
                cell, dist = hit
                step = grid.rotation_step
                k = round(angle / step) % (360 // step)
                off = abs(((angle - k * step + 180) % 360) - 180) / (step / 2)
                conf_rot = float(np.clip((1 - off) / 0.7, 0, 1))
                conf_pos = float(np.clip((0.8 - dist) / 0.45, 0, 1))
                out.append(
                    TokenRead(
                        tid,
                        kind.name,
                        kind.kind,
                        name,
                        (cx, cy),
                        grid.name,
                        cell.id,
                        cell.key,
                        k * step,
                        None,
                        min(conf_rot, conf_pos),
                    )
                )
                break
            else:
                out.append(
                    TokenRead(
                        tid, kind.name, kind.kind, name, (cx, cy), None, None, {}, None, None, 0.0
                    )
                )
            break
    return sorted(out, key=lambda t: t.id)
