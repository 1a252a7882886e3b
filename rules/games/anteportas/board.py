"""The cooperative Battleground: 28 numbered hexes read from ``data/battleground.json``.

The printed layout is not in the rule text, so it is data (see docs/anteportas.md,
"Battleground layout"). The shipped file is the reading that satisfies every
worked example of the text: five flat-top columns (6, 5, 6, 5, 6 hexes), the short
columns sitting half a hex higher, numbered from the bottom upwards and, at the
same height, from left to right.

Movement-card arrows are ``left``, ``right`` and ``down``; on this board they
mean down-left, down-right and straight down (``card_arrows`` in the file).
Knockback and retreats use the upward directions.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from rules.errors import SituationError

DIRECTIONS: dict[str, tuple[int, int]] = {
    "up": (0, -1),
    "down": (0, 1),
    "up-right": (1, -1),
    "down-right": (1, 0),
    "up-left": (-1, 0),
    "down-left": (-1, 1),
}
DOWNWARD = ("down", "down-left", "down-right")
OPPOSITE = {
    "up": "down",
    "down": "up",
    "up-right": "down-left",
    "down-left": "up-right",
    "up-left": "down-right",
    "down-right": "up-left",
}
#: The sentinel :meth:`Battleground.step` returns when a troop leaves by the bottom.
OFF_BOARD = 0


@dataclass(frozen=True)
class Battleground:
    """Hex ids, axial coordinates and neighbours, with the movement rules of the board."""

    hexes: dict[int, tuple[int, int]]
    neighbours: dict[int, dict[str, int]]
    card_arrows: dict[str, str]
    spawn_point: int
    spawn_area: tuple[int, ...]
    bottom_row: tuple[int, ...]
    example: bool

    def direction(self, arrow: str) -> str:
        """A card arrow (``left``/``right``/``down``) or a hex direction, as a hex direction."""
        if arrow in self.card_arrows:
            return self.card_arrows[arrow]
        if arrow in DIRECTIONS:
            return arrow
        raise SituationError("arrow", f"'{arrow}' is not an arrow ({', '.join(self.arrows())})")

    def arrows(self) -> list[str]:
        return [*self.card_arrows, *DIRECTIONS]

    def step(self, hex_id: int, arrow: str) -> tuple[int, bool]:
        """Where one arrow takes a troop from ``hex_id``: ``(hex, edge_rule_used)``.

        The edge rule: an arrow pointing left or right at the far left or right
        of the Battleground moves the troop down instead. A downward move from a
        bottom hex (#1-5) leaves the Battleground and returns :data:`OFF_BOARD`.
        An upward move off the top (knockback) leaves the troop where it is.
        """
        direction = self.direction(arrow)
        target = self.neighbours[hex_id].get(direction)
        if target is not None:
            return target, False
        if direction in DOWNWARD:
            if hex_id in self.bottom_row:
                return OFF_BOARD, False
            down = self.neighbours[hex_id].get("down")
            return (down if down is not None else OFF_BOARD), True
        return hex_id, False

    def ray(self, hex_id: int, direction: str, reach: int) -> list[int]:
        """Up to ``reach`` hexes in a straight line from ``hex_id`` (stops at the edge)."""
        out: list[int] = []
        current = hex_id
        for _ in range(reach):
            nxt = self.neighbours[current].get(self.direction(direction))
            if nxt is None:
                break
            out.append(nxt)
            current = nxt
        return out

    def centre(self, hex_id: int, size: float = 1.0) -> tuple[float, float]:
        """The hex centre for drawing or a camera grid: flat-top, ``size`` = corner radius.

        ``x`` grows to the right and ``y`` downwards, in the unit of ``size`` (e.g.
        board millimetres); hex #26's centre is the origin of the top-left column.
        """
        q, r = self.hexes[hex_id]
        return 1.5 * size * q, math.sqrt(3) * size * (r + q / 2)

    def picture(self) -> list[str]:
        """The layout as text, top row first, to check against the printed board."""
        rows: dict[int, dict[int, int]] = {}
        for hex_id, (q, r) in self.hexes.items():
            rows.setdefault(2 * r + q, {})[q] = hex_id
        width = max(q for q, _ in self.hexes.values()) + 1
        lines = []
        for y in sorted(rows):
            cells = [" " * 3] * width
            for q, hex_id in rows[y].items():
                cells[q] = f"{hex_id:>3}"
            lines.append("".join(cells).rstrip())
        return lines

    def adjacent(self, hex_id: int) -> list[int]:
        return sorted(self.neighbours[hex_id].values())

    def check_hex(self, value: Any, field: str) -> int:
        """A hex id from a situation or answer, or a :class:`SituationError` naming ``field``."""
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise SituationError(field, f"a hex number 1-{len(self.hexes)} is needed")
        try:
            number = int(value)
        except ValueError:
            raise SituationError(field, f"'{value}' is not a hex number") from None
        if number not in self.hexes:
            raise SituationError(field, f"there is no hex #{number} (1-{len(self.hexes)})")
        return number


def parse_battleground(data: Any) -> Battleground:
    """Validate the battleground data file (schema in docs/anteportas.md)."""
    if not isinstance(data, dict):
        raise SituationError("battleground", "must be a JSON object")
    rows = data.get("hexes")
    if not isinstance(rows, list) or not rows:
        raise SituationError("battleground.hexes", "must be a non-empty list")
    hexes: dict[int, tuple[int, int]] = {}
    neighbours: dict[int, dict[str, int]] = {}
    for i, row in enumerate(rows):
        where = f"battleground.hexes[{i}]"
        if not isinstance(row, dict) or not {"id", "q", "r", "neighbours"} <= set(row):
            raise SituationError(where, "needs id, q, r and neighbours")
        hid = row["id"]
        if not isinstance(hid, int) or hid in hexes:
            raise SituationError(f"{where}.id", "must be a new whole number")
        hexes[hid] = (int(row["q"]), int(row["r"]))
        nbs = row["neighbours"]
        if not isinstance(nbs, dict) or set(nbs) - set(DIRECTIONS):
            raise SituationError(f"{where}.neighbours", f"keys must be among {list(DIRECTIONS)}")
        neighbours[hid] = {str(k): int(v) for k, v in nbs.items()}
    for hid, nbs in neighbours.items():
        for direction, other in nbs.items():
            if other not in hexes:
                raise SituationError(f"battleground.hexes #{hid}.{direction}", "unknown hex")
            if neighbours[other].get(OPPOSITE[direction]) != hid:
                raise SituationError(
                    f"battleground.hexes #{hid}.{direction}",
                    f"#{other} does not name #{hid} as its {OPPOSITE[direction]} neighbour",
                )
    arrows = data.get("card_arrows", {})
    if not isinstance(arrows, dict) or any(v not in DIRECTIONS for v in arrows.values()):
        raise SituationError("battleground.card_arrows", "must map arrows to hex directions")
    board = Battleground(
        hexes=hexes,
        neighbours=neighbours,
        card_arrows=dict(arrows),
        spawn_point=int(data["spawn_point"]),
        spawn_area=tuple(int(h) for h in data["spawn_area"]),
        bottom_row=tuple(int(h) for h in data["bottom_row"]),
        example=bool(data.get("example", False)),
    )
    for name in ("spawn_area", "bottom_row"):
        for h in getattr(board, name):
            if h not in hexes:
                raise SituationError(f"battleground.{name}", f"unknown hex #{h}")
    return board


def load_json(name: str) -> Any:
    """Read one of this package's data files (packaged read-only data, not game I/O)."""
    text = (
        resources.files("rules.games.anteportas").joinpath("data").joinpath(name).read_text("utf-8")
    )
    return json.loads(text)


@lru_cache(maxsize=1)
def battleground() -> Battleground:
    """The shipped battleground (parsed once)."""
    return parse_battleground(load_json("battleground.json"))
