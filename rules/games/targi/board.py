"""The Targi card square as data: border cards, corners, crossing points, lines.

The geometry comes from ``data/board.json`` (schema in docs/targi.md); the
action-tile rules do not print it, so the file is marked ``"example": true``.

A *line* is a whole row or column of the square ("durchgehende Linie"). A
figure on a border card stands at the end of exactly one line that crosses
the inner cards: a card on the top or bottom edge at the end of its column, a
card on the left or right edge at the end of its row. Two crossing lines, one
a row and one a column, meet at one inner card: a *crossing point*.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from rules.errors import SituationError

CellKind = Literal["corner", "border", "inner"]
Line = tuple[Literal["row", "col"], int]


@dataclass(frozen=True)
class Cell:
    """One card position of the square."""

    label: str
    row: int
    col: int
    kind: CellKind


@dataclass(frozen=True)
class Board:
    """The square of cards, loaded from a board data file."""

    cells: dict[str, Cell]
    size: int
    clockwise: tuple[str, ...]
    targi_per_player: int
    robber_start: str
    example: bool

    # -- sets of positions ---------------------------------------------------------

    def labels(self, *kinds: CellKind) -> list[str]:
        return [c.label for c in self.cells.values() if c.kind in kinds]

    @property
    def border(self) -> list[str]:
        """Every card of the ring (corners included), clockwise from the robber's start."""
        return list(self.clockwise)

    @property
    def action_border(self) -> list[str]:
        """Border cards a Targi figure or the Targi tile may stand on (no corners)."""
        return [label for label in self.clockwise if self.cells[label].kind == "border"]

    @property
    def inner(self) -> list[str]:
        return self.labels("inner")

    # -- geometry ------------------------------------------------------------------

    def line_of(self, label: str) -> Line | None:
        """The line through the inner cards that a border card ends, or None for a corner."""
        cell = self.cells[label]
        last = self.size - 1
        if cell.kind != "border":
            return None
        if cell.row in (0, last):
            return ("col", cell.col)
        return ("row", cell.row)

    def opposite(self, label: str) -> str | None:
        """The border card at the other end of the same line (None for corners and inner cards)."""
        cell = self.cells[label]
        last = self.size - 1
        if cell.kind != "border":
            return None
        if cell.row in (0, last):
            return self.at(last - cell.row, cell.col)
        return self.at(cell.row, last - cell.col)

    def crossing(self, a: Line, b: Line) -> str | None:
        """The inner card where a row line and a column line meet (None if parallel)."""
        if a[0] == b[0]:
            return None
        row = a[1] if a[0] == "row" else b[1]
        col = a[1] if a[0] == "col" else b[1]
        return self.at(row, col)

    def at(self, row: int, col: int) -> str:
        for cell in self.cells.values():
            if cell.row == row and cell.col == col:
                return cell.label
        raise KeyError((row, col))

    def next_clockwise(self, label: str) -> str:
        index = self.clockwise.index(label)
        return self.clockwise[(index + 1) % len(self.clockwise)]


def board_from_data(data: dict[str, Any], where: str = "board") -> Board:
    """Build a :class:`Board` from parsed board data, checking its shape."""
    try:
        cells = {
            c["label"]: Cell(str(c["label"]), int(c["row"]), int(c["col"]), c["kind"])
            for c in data["cells"]
        }
        size = max(c.row for c in cells.values()) + 1
        clockwise = tuple(str(x) for x in data["border_clockwise"])
        board = Board(
            cells=cells,
            size=size,
            clockwise=clockwise,
            targi_per_player=int(data["targi_per_player"]),
            robber_start=str(data["robber_start"]),
            example=bool(data.get("example", False)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SituationError(where, f"board data is malformed ({exc})") from None
    if len(cells) != size * size:
        raise SituationError(
            f"{where}.cells", f"needs {size * size} cells for a {size}x{size} square"
        )
    for label, cell in cells.items():
        if cell.kind not in ("corner", "border", "inner"):
            raise SituationError(f"{where}.cells.{label}.kind", "must be corner, border or inner")
    ring = {c.label for c in cells.values() if c.kind != "inner"}
    if set(clockwise) != ring or len(clockwise) != len(ring):
        raise SituationError(
            f"{where}.border_clockwise", "must list every border and corner card once"
        )
    if board.robber_start not in ring:
        raise SituationError(f"{where}.robber_start", "must be a border or corner card")
    return board


def load_board() -> Board:
    """The board shipped with the package (``data/board.json``, example data)."""
    text = resources.files(__package__).joinpath("data/board.json").read_text("utf-8")
    return board_from_data(json.loads(text), "data/board.json")


BOARD = load_board()
