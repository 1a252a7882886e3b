"""Groups of options for the button box: a long choice is picked in a few presses.

With one option per press a list of 12 costs up to 6 presses (as a ring).
Cut into rows of about √n options, the button box reaches any option in
about √n presses: NEXT moves from row to row, BOT and UNDO move within the
row (``ui/app/focus.py``):

>>> rows(["a", "b", "c", "d", "e", "f", "g"])
[('a', 'b', 'c'), ('d', 'e', 'f'), ('g',)]
>>> in_row(("d", "e", "f"), "a", +1), in_row(("d", "e", "f"), "a", -1)
('d', 'f')
>>> in_row(("d", "e", "f"), "f", +1), in_row(("d", "e", "f"), "d", -1)
('d', 'f')

A choice's row is one stop: BOT on it picks the row's first option (the next
one once the pick is in the row), UNDO its last (the previous one). A multi's
or order's row opens like a long list: BOT on its first option, UNDO on its
last; inside, NEXT walks the options, BOT picks, UNDO takes out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: A choice, multi or order field with more options than this is cut into rows.
ROWS_FROM = 8


def width(count: int) -> int:
    """How many options one row holds: about the square root of ``count`` (3 for 7-9)."""
    return max(2, math.ceil(math.sqrt(count)))


def rows(values: Sequence[str]) -> list[tuple[str, ...]]:
    """``values`` in rows of :func:`width` (the last one may be shorter)."""
    size = width(len(values))
    return [tuple(values[i : i + size]) for i in range(0, len(values), size)]


def in_row(row: tuple[str, ...], value: object, delta: int) -> str:
    """BOT (+1) or UNDO (-1) on a choice's row: the option it picks, round the row as a ring;
    from outside the row BOT starts at its first option, UNDO at its last."""
    if value not in row:
        return row[0] if delta > 0 else row[-1]
    return row[(row.index(str(value)) + delta) % len(row)]
