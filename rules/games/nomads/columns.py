"""Which action column the Nomads take, and where their figure stands.

The marked column of the new card is taken if it is empty, or if every
column is occupied. Otherwise start at the marked column and follow the big
arrow to the first empty column; reaching the side edge of the board, carry
on from the opposite side in the arrow's direction.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rules.decision import Tracer
from rules.games.nomads.arrows import COMPASS
from rules.text import msg


def choose_column(
    order: Sequence[str],
    occupied: Collection[str],
    marked: str,
    big: str,
    tracer: Tracer,
    names: Mapping[str, str] | None = None,
) -> str:
    """The Nomads' action column. ``order`` runs west to east (left to right).

    ``names`` gives the printed column names for the trace (default: the ids).
    """
    if marked not in order:
        raise ValueError(f"marked column {marked} is not on the board")

    def name(column: str) -> object:
        return msg((names or {}).get(column, column))

    if marked not in occupied:
        tracer.decide(
            "column",
            msg("The marked column {c} is empty: they take it.", c=name(marked)),
            marked=marked,
        )
        return marked
    if all(c in occupied for c in order):
        tracer.decide(
            "column",
            msg("Every column holds a figure: they take the marked column {c}.", c=name(marked)),
            marked=marked,
        )
        return marked
    step = 1 if big == "right" else -1
    start = order.index(marked)
    walked = [marked]
    for i in range(1, len(order)):
        index = (start + step * i) % len(order)
        wrapped = (start + step * i) // len(order) != 0
        column = order[index]
        walked.append(column)
        if column not in occupied:
            finding = (
                msg(
                    "The marked column {m} is taken; following the big arrow {compass} round the "
                    "board edge, the first empty column is {c}.",
                    m=name(marked),
                    compass=msg(COMPASS[big]),
                    c=name(column),
                )
                if wrapped
                else msg(
                    "The marked column {m} is taken; following the big arrow {compass}, the first "
                    "empty column is {c}.",
                    m=name(marked),
                    compass=msg(COMPASS[big]),
                    c=name(column),
                )
            )
            tracer.decide("column", finding, walked=walked)
            return column
    raise AssertionError("unreachable: some column is empty")


def placement(column_was_empty: bool, symbol_holder: str | None) -> str:
    """``"symbol"``, ``"large"`` or ``"symbol-if-free"`` for the bottom field.

    The figure goes on the action symbol of the bottom field if it is still
    free, else on the large space. An empty column has a free symbol; if the
    Nomads hold it already it is taken; if only the player's figures are
    there the assistant cannot see which space they used and says the rule.
    """
    if column_was_empty or symbol_holder is None:
        return "symbol" if column_was_empty else "symbol-if-free"
    return "large"
