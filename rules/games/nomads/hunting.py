"""The hunting area (Jagdgebiet) as a grid, and which animal the Nomads get.

A grid is a list of rows (north to south) of cells (west to east); a cell is
an animal id, ``""`` for an empty space or ``"?"`` for a card the assistant
has not been told. Players type a grid on one line, rows separated by ``/``,
cells by spaces, ``.`` for empty, e.g. ``sloth bison . horse / mammoth . . .``;
an animal may be given by id, German name or its number in the list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.decision import Tracer
from rules.errors import IllegalInput
from rules.games.nomads.arrows import pick

Grid = list[list[str]]


def empty_grid(rows: int, cols: int, fill: str = "") -> Grid:
    return [[fill] * cols for _ in range(rows)]


def format_grid(grid: Grid) -> str:
    return " / ".join(" ".join(cell or "." for cell in row) for row in grid)


def parse_animal(text: str, animals: Mapping[str, Mapping[str, Any]], where: str) -> str:
    ids = list(animals)
    if text.isdigit() and 1 <= int(text) <= len(ids):
        return ids[int(text) - 1]
    for aid, animal in animals.items():
        if text.lower() in (aid.lower(), str(animal["de"]).lower()):
            return aid
    raise IllegalInput(f"'{text}' is not an animal (known: {', '.join(ids)})", where)


def parse_grid(
    text: str, rows: int, cols: int, animals: Mapping[str, Mapping[str, Any]], where: str
) -> Grid:
    """Read a typed grid; errors name the field and the row."""
    lines = [line.split() for line in text.split("/")]
    if len(lines) != rows:
        raise IllegalInput(f"needs {rows} rows separated by '/', got {len(lines)}", where)
    grid: Grid = []
    for r, cells in enumerate(lines):
        if len(cells) != cols:
            raise IllegalInput(f"row {r + 1} needs {cols} spaces, got {len(cells)}", where)
        row = []
        for cell in cells:
            if cell in (".", "-", "_"):
                row.append("")
            elif cell == "?":
                row.append("?")
            else:
                row.append(parse_animal(cell, animals, where))
        grid.append(row)
    return grid


def choose_animal(
    grid: Sequence[Sequence[str]],
    owned: Mapping[str, int],
    big: str,
    small: str,
    tracer: Tracer,
) -> dict[str, Any] | None:
    """The animal the Nomads get, or ``None`` when the hunting area is empty.

    The first condition that some animal meets decides the candidates:
    1. a type they own 1 to 3 of; 2. a type they own none of; 3. a type they
    own 4 or more of. Several candidates: the big arrow picks the left or
    right column, the small arrow the upper or lower animal.
    """
    cells: list[dict[str, Any]] = [
        {"row": r, "col": c, "animal": a}
        for r, row in enumerate(grid)
        for c, a in enumerate(row)
        if a
    ]
    if any(cell["animal"] == "?" for cell in cells):
        raise ValueError("the hunting area has unknown cards")
    if not cells:
        tracer.add("get animal", "the hunting area is empty: no animal to get")
        return None
    conditions: tuple[tuple[str, str, Callable[[int], bool]], ...] = (
        ("1", "an animal they already own 1 to 3 of", lambda n: 1 <= n <= 3),
        ("2", "an animal they own none of yet", lambda n: n == 0),
        ("3", "an animal they own 4 or more of", lambda n: n >= 4),
    )
    for number, text, test in conditions:
        found = [cell for cell in cells if test(owned.get(cell["animal"], 0))]
        if found:
            names = sorted({cell["animal"] for cell in found})
            tracer.add(
                f"get animal, condition {number}",
                f"{len(found)} card(s) qualify as {text}: {', '.join(names)}",
                candidates=len(found),
            )
            return pick(found, big, small, tracer, "animal")
        tracer.add(f"get animal, condition {number}", f"no card is {text}")
    raise AssertionError("every count meets one condition")
