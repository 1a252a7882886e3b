"""The Targi card square as component data: border cards, corners, crossing points, lines.

The action-tile rules do not print the base game's square of cards, so its
geometry is component data (schema :data:`BOARD_SCHEMA`, shipped example in
``data/board.json``), copied into each game's state at set-up
(:mod:`rules.components`) and read only from there (:func:`board_of`).

A *line* is a whole row or column of the square ("durchgehende Linie"). A
figure on a border card stands at the end of exactly one line that crosses
the inner cards: a card on the top or bottom edge at the end of its column, a
card on the left or right edge at the end of its row. A row line and a column
line meet at one inner card: a *crossing point*.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from rules.components import components_of
from rules.errors import SituationError
from rules.schema import Bool, Int, List, Obj, Str
from rules.text import msg

CellKind = Literal["corner", "border", "inner"]
Line = tuple[Literal["row", "col"], int]
KINDS: tuple[CellKind, ...] = ("corner", "border", "inner")


@dataclass(frozen=True)
class Cell:
    """One card position of the square."""

    label: str
    row: int
    col: int
    kind: CellKind


@dataclass(frozen=True, kw_only=True)
class Board:
    """The square of cards and the base-game counts the referee needs."""

    cells: dict[str, Cell]
    size: int
    clockwise: tuple[str, ...]
    targi_per_player: int
    markers_per_player: int
    tribe_cards_max: int
    robber_start: str
    example: bool

    # -- sets of positions ---------------------------------------------------------

    @property
    def labels(self) -> list[str]:
        """Every card, row by row."""
        return [c.label for c in sorted(self.cells.values(), key=lambda c: (c.row, c.col))]

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
        return [label for label in self.labels if self.cells[label].kind == "inner"]

    # -- geometry ------------------------------------------------------------------

    def line_of(self, label: str) -> Line | None:
        """The line through the inner cards that a border card ends, or None for a corner."""
        cell = self.cells[label]
        if cell.kind != "border":
            return None
        if cell.row in (0, self.size - 1):
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
        raise SituationError("cells", f"no card at row {row}, column {col}")

    def next_clockwise(self, label: str) -> str:
        index = self.clockwise.index(label)
        return self.clockwise[(index + 1) % len(self.clockwise)]


#: What a card's position makes it, said when the entered kind does not fit.
POSITION_KINDS = {
    "corner": msg("this position is a corner card"),
    "border": msg("this position is a border card"),
    "inner": msg("this position is an inner card"),
}


def _check_square(data: dict[str, Any], path: str) -> None:
    """The cells form a full square whose ring is listed once, clockwise, with the right kinds."""
    cells = data["cells"]
    where = f"{path}.cells" if path else "cells"
    size = math.isqrt(len(cells))
    if size * size != len(cells) or size < 3:
        raise SituationError(where, msg("the cards must form a square of at least 3 x 3"))
    at: dict[tuple[int, int], int] = {}
    for index, cell in enumerate(cells):
        place = (cell["row"], cell["col"])
        if max(place) >= size:
            raise SituationError(
                f"{where}[{index}]", msg("rows and columns go from 1 to {n}", n=size)
            )
        if place in at:
            other = cells[at[place]]["label"]
            raise SituationError(
                f"{where}[{index}]",
                msg("card {other} has the same row and column", other=other),
            )
        at[place] = index
    last = size - 1
    for index, cell in enumerate(cells):
        if cell["label"] != coordinate(cell["row"], cell["col"]):
            name = coordinate(cell["row"], cell["col"])
            raise SituationError(
                f"{where}[{index}].label", msg("the card at this position is {name}", name=name)
            )
        edges = (cell["row"] in (0, last)) + (cell["col"] in (0, last))
        kind = ("inner", "border", "corner")[edges]
        if cell["kind"] != kind:
            raise SituationError(f"{where}[{index}].kind", POSITION_KINDS[kind])
    ring = {c["label"] for c in cells if c["kind"] != "inner"}
    clockwise = data["border_clockwise"]
    key = f"{path}.border_clockwise" if path else "border_clockwise"
    if set(clockwise) != ring or len(clockwise) != len(ring):
        raise SituationError(key, msg("the ring must list every border and corner card once"))
    spot = {c["label"]: (c["row"], c["col"]) for c in cells}
    ring_at = [spot[label] for label in clockwise]
    for index, (a, b) in enumerate(zip(ring_at, ring_at[1:] + ring_at[:1], strict=True)):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise SituationError(
                f"{key}[{index}]", msg("the next card of the ring must be beside it")
            )
    # Shoelace area with rows growing downwards: positive for a clockwise ring.
    area = sum(
        a[1] * b[0] - b[1] * a[0] for a, b in zip(ring_at, ring_at[1:] + ring_at[:1], strict=True)
    )
    if area < 0:
        raise SituationError(key, msg("the ring must go round clockwise"))
    start = f"{path}.robber_start" if path else "robber_start"
    if data["robber_start"] not in ring:
        raise SituationError(start, msg("the robber must start on a border or corner card"))
    _check_room_for_targi(data["targi_per_player"], size, path)


def _check_room_for_targi(targi: int, size: int, path: str) -> None:
    """Both players can always place all their Targi (base game), whatever the first places.

    The start player's ``targi`` figures take as many border cards and close the
    cards opposite them to the other player; the robber may take one more. The
    other player still needs ``targi`` free ones: ``3 x targi + 1`` border cards
    with an action, of the ``4 x (size - 2)`` a square has. Without this a step
    would ask for more Targi than there are cards to tap.
    """
    have, need = 4 * (size - 2), 3 * targi + 1
    if need > have:
        raise SituationError(
            f"{path}.targi_per_player" if path else "targi_per_player",
            msg(
                "{n} Targi per player need {need} border cards with an action; "
                "a {size} x {size} square has {have}",
                n=targi,
                need=need,
                size=size,
                have=have,
            ),
        )


#: Column letters of the card labels (``a1`` is the top left card).
COLUMNS = "abcdefg"
#: Every label a square of up to 7x7 cards can have.
ALL_LABELS = tuple(f"{c}{r}" for r in range(1, len(COLUMNS) + 1) for c in COLUMNS)


def coordinate(row: int, col: int) -> str:
    """The label of a card: its column letter and row number, ``a1`` at the top left."""
    return f"{COLUMNS[col]}{row + 1}" if col < len(COLUMNS) else f"?{row + 1}"


CELL_SCHEMA = Obj(
    {
        "label": Str(choices=ALL_LABELS),
        "row": Int(0, len(COLUMNS) - 1),
        "col": Int(0, len(COLUMNS) - 1),
        "kind": Str(choices=KINDS),
    }
)

#: The component data of Targi: the card square (docs/targi.md, "Components").
BOARD_SCHEMA = Obj(
    {
        "example": Bool(),
        "targi_per_player": Int(1, 3),
        "markers_per_player": Int(1, 4),
        "tribe_cards_max": Int(1, 20),
        "robber_start": Str(choices=ALL_LABELS),
        "border_clockwise": List(Str(choices=ALL_LABELS), min_length=8, max_length=24, unique=True),
        "cells": List(CELL_SCHEMA, min_length=9, max_length=49, key=lambda c: c["label"]),
    },
    required=frozenset(
        {
            "targi_per_player",
            "markers_per_player",
            "tribe_cards_max",
            "robber_start",
            "border_clockwise",
            "cells",
        }
    ),
    check_whole=_check_square,
)


def board_from_data(data: Mapping[str, Any]) -> Board:
    """A :class:`Board` from component data already checked by :data:`BOARD_SCHEMA`."""
    cells = {
        c["label"]: Cell(label=c["label"], row=c["row"], col=c["col"], kind=c["kind"])
        for c in data["cells"]
    }
    return Board(
        cells=cells,
        size=max(c.row for c in cells.values()) + 1,
        clockwise=tuple(data["border_clockwise"]),
        targi_per_player=data["targi_per_player"],
        markers_per_player=data["markers_per_player"],
        tribe_cards_max=data["tribe_cards_max"],
        robber_start=data["robber_start"],
        example=bool(data.get("example", False)),
    )


def board_of(state: Mapping[str, Any]) -> Board:
    """The board of the component set this game was set up with."""
    return board_from_data(components_of(state))


def example_data() -> dict[str, Any]:
    """The shipped EXAMPLE board (``data/board.json``), unchecked."""
    text = resources.files(__package__).joinpath("data/board.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def example_board() -> Board:
    """The shipped example board, checked (package data: read once)."""
    return board_from_data(BOARD_SCHEMA.check(example_data()))
