"""The cooperative Battleground: 28 numbered hexes, their neighbours and the movement rules.

The printed layout is not in the rule text, so it is component data (see
docs/anteportas.md, "Battleground layout"), checked by :data:`BATTLEGROUND_SPEC`.
The shipped example is the reading that satisfies every worked example of the
text: five flat-top columns (6, 5, 6, 5, 6 hexes), the short columns sitting
half a hex higher, numbered from the bottom upwards and, at the same height,
from left to right.

Movement-card arrows are ``left``, ``right`` and ``down``; on this board they
mean down-left, down-right and straight down (``card_arrows`` in the data).
Knockback and retreats use the upward directions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rules.errors import SituationError
from rules.schema import Bool, Int, List, Map, Obj, Str

DIRECTIONS: dict[str, tuple[int, int]] = {
    "up": (0, -1),
    "down": (0, 1),
    "up-right": (1, -1),
    "down-right": (1, 0),
    "up-left": (-1, 0),
    "down-left": (-1, 1),
}
CARD_ARROWS = ("left", "right", "down")
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
#: Highest hex number a battleground file may use.
MAX_HEX = 99


def _mutual(data: dict[str, Any], path: str) -> None:
    """Every neighbour is a hex of the board and names this hex back."""
    rows = {row["id"]: row for row in data["hexes"]}
    for i, row in enumerate(data["hexes"]):
        for direction, other in row["neighbours"].items():
            where = f"{path}.hexes[{i}].neighbours.{direction}"
            if other not in rows:
                raise SituationError(where, f"there is no hex #{other}")
            if rows[other]["neighbours"].get(OPPOSITE[direction]) != row["id"]:
                raise SituationError(
                    where,
                    f"#{other} does not name #{row['id']} as its {OPPOSITE[direction]} neighbour",
                )
    for name in ("spawn_area", "bottom_row"):
        for i, hex_id in enumerate(data[name]):
            if hex_id not in rows:
                raise SituationError(f"{path}.{name}[{i}]", f"there is no hex #{hex_id}")
    if data["spawn_point"] not in rows:
        raise SituationError(f"{path}.spawn_point", f"there is no hex #{data['spawn_point']}")


_HEX_ID = Int(1, MAX_HEX)
BATTLEGROUND_SPEC = Obj(
    {
        "schema": Str(choices=("anteportas-battleground/1",)),
        "example": Bool(),
        "source": Str(),
        "coordinates": Str(),
        "orientation": Str(choices=("flat-top",)),
        "card_arrows": Map(Str(choices=tuple(DIRECTIONS)), keys=Str(choices=CARD_ARROWS)),
        "spawn_point": _HEX_ID,
        "spawn_area": List(_HEX_ID, min_length=1, unique=True),
        "bottom_row": List(_HEX_ID, min_length=1, unique=True),
        "hexes": List(
            Obj(
                {
                    "id": _HEX_ID,
                    "q": Int(-50, 50),
                    "r": Int(-50, 50),
                    "neighbours": Map(_HEX_ID, keys=Str(choices=tuple(DIRECTIONS))),
                }
            ),
            min_length=1,
            max_length=MAX_HEX,
            key=lambda row: row["id"],
        ),
    },
    required=frozenset(
        {"orientation", "card_arrows", "spawn_point", "spawn_area", "bottom_row", "hexes"}
    ),
    defaults={"example": False},
    check_whole=_mutual,
)


@dataclass(frozen=True, kw_only=True)
class Battleground:
    """Hex ids, axial coordinates and neighbours, with the movement rules of the board."""

    hexes: dict[int, tuple[int, int]]
    neighbours: dict[int, dict[str, int]]
    card_arrows: dict[str, str]
    spawn_point: int
    spawn_area: tuple[int, ...]
    bottom_row: tuple[int, ...]

    @staticmethod
    def from_data(data: dict[str, Any]) -> Battleground:
        """The board from data already checked by :data:`BATTLEGROUND_SPEC`."""
        return Battleground(
            hexes={row["id"]: (row["q"], row["r"]) for row in data["hexes"]},
            neighbours={row["id"]: dict(row["neighbours"]) for row in data["hexes"]},
            card_arrows=dict(data["card_arrows"]),
            spawn_point=data["spawn_point"],
            spawn_area=tuple(data["spawn_area"]),
            bottom_row=tuple(data["bottom_row"]),
        )

    def direction(self, arrow: str) -> str:
        """A card arrow (``left``/``right``/``down``) or a hex direction, as a hex direction."""
        return self.card_arrows.get(arrow, arrow)

    def step(self, hex_id: int, arrow: str) -> tuple[int, bool]:
        """Where one *movement* arrow takes a troop from ``hex_id``: ``(hex, edge_rule_used)``.

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

    def aim(self, hex_id: int, arrow: str) -> int | None:
        """The hex a *shot* along ``arrow`` hits (Shoot, the Fire power), or ``None``.

        Shots are not moves: the edge rule ("the troop simply moves down") is
        about movement, so a shot off the side or the bottom hits nothing.
        """
        return self.neighbours[hex_id].get(self.direction(arrow))

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
        low = min(q for q, _ in self.hexes.values())
        width = max(q for q, _ in self.hexes.values()) - low + 1
        lines = []
        for y in sorted(rows):
            cells = [" " * 3] * width
            for q, hex_id in rows[y].items():
                cells[q - low] = f"{hex_id:>3}"
            lines.append("".join(cells).rstrip())
        return lines

    def adjacent(self, hex_id: int) -> list[int]:
        return sorted(self.neighbours[hex_id].values())

    def distance(self, a: int, b: int) -> int:
        """Hex steps between two hexes (axial distance)."""
        (qa, ra), (qb, rb) = self.hexes[a], self.hexes[b]
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def level(self, hex_id: int) -> int:
        """Height in half hexes above the bottom edge (flat-top columns)."""
        q, r = self.hexes[hex_id]
        return -(2 * r + q)
