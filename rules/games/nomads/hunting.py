"""Card grids on the table (hunting area, progress display) and which animal the Nomads get.

A grid is a list of rows (north to south) of cells (west to east); a cell is
a card (an animal id, or a progress card's name or ``"card"``), ``""`` for an
empty space or ``"?"`` for a space the assistant has not been told yet. The
players pick a space by tapping it on the board picture: its id is
``"r{row}c{col}"`` (``"r0c2"``: top row, third space).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.decision import Tracer
from rules.games.nomads.arrows import pick
from rules.text import msg, msgn

Grid = list[list[str]]
UNKNOWN = "?"


def empty_grid(rows: int, cols: int, fill: str = "") -> Grid:
    return [[fill] * cols for _ in range(rows)]


def cell_id(row: int, col: int) -> str:
    return f"r{row}c{col}"


def cell_of(cid: str) -> tuple[int, int]:
    """``"r1c3"`` -> ``(1, 3)``."""
    row, col = cid[1:].split("c")
    return int(row), int(col)


def cells(grid: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """Every space in reading order: top row first, each row left to right."""
    return [(r, c) for r, row in enumerate(grid) for c in range(len(row))]


def first_with(grid: Sequence[Sequence[str]], content: str) -> tuple[int, int] | None:
    """The first space (reading order) holding ``content``."""
    for r, c in cells(grid):
        if grid[r][c] == content:
            return r, c
    return None


def first_free(grid: Sequence[Sequence[str]]) -> tuple[int, int] | None:
    """Where a revealed card goes: the top row with room, its leftmost free space."""
    return first_with(grid, "")


#: The three conditions of *Tiere erhalten*, first one met decides.
CONDITIONS: tuple[tuple[int, Callable[[int], bool]], ...] = (
    (1, lambda n: 1 <= n <= 3),
    (2, lambda n: n == 0),
    (3, lambda n: n >= 4),
)
CONDITION_TEXT = {
    1: msg("a kind they own 1 to 3 of"),
    2: msg("a kind they own none of"),
    3: msg("a kind they own 4 or more of"),
}


def choose_animal(
    grid: Sequence[Sequence[str]],
    owned: Mapping[str, int],
    big: str,
    small: str,
    tracer: Tracer,
) -> dict[str, Any] | None:
    """The animal the Nomads get, or ``None`` when the hunting area is empty.

    The first condition that some animal meets decides the candidates:
    1. a kind they own 1 to 3 of; 2. a kind they own none of; 3. a kind they
    own 4 or more of. Several candidates: the big arrow picks the left or
    right column, the small arrow the upper or lower animal.
    """
    found_cells: list[dict[str, Any]] = [
        {"row": r, "col": c, "animal": grid[r][c]} for r, c in cells(grid) if grid[r][c]
    ]
    if any(cell["animal"] == UNKNOWN for cell in found_cells):
        raise ValueError("the hunting area has spaces nobody named")
    if not found_cells:
        tracer.decide("get animal", msg("The hunting area is empty: no animal to get."))
        return None
    for number, test in CONDITIONS:
        found = [cell for cell in found_cells if test(owned.get(cell["animal"], 0))]
        if found:
            note = tracer.decide if len(found) == 1 else tracer.add
            note(
                "get animal",
                msgn(
                    "Condition {k}: {n} card is {what}.",
                    "Condition {k}: {n} cards are {what}.",
                    k=number,
                    n=len(found),
                    what=CONDITION_TEXT[number],
                ),
                condition=number,
                candidates=len(found),
            )
            return pick(found, big, small, tracer, msg("animal cards"))
        tracer.add(
            "get animal",
            msg("Condition {k}: no card is {what}.", k=number, what=CONDITION_TEXT[number]),
            condition=number,
        )
    raise AssertionError("every count meets one condition")
