"""Which action column the Nomads take, and where their figure stands.

The marked column of the new card is taken if it is empty, or if every
column is occupied. Otherwise start at the marked column and follow the big
arrow to the first empty column; reaching the side edge of the board, carry
on from the opposite side in the arrow's direction.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rules.decision import Tracer


def choose_column(
    order: Sequence[str],
    occupied: Collection[str],
    marked: str,
    big: str,
    tracer: Tracer,
) -> str:
    """The Nomads' action column. ``order`` runs west to east (left to right)."""
    if marked not in order:
        raise ValueError(f"marked column {marked} is not on the board")
    if marked not in occupied:
        tracer.add("column", f"the marked column {marked} is empty: take it", marked=marked)
        return marked
    if all(c in occupied for c in order):
        tracer.add(
            "column", f"all columns are occupied: take the marked column {marked}", marked=marked
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
            tracer.add(
                "column",
                f"marked column {marked} is occupied; following the big arrow {big}"
                f"{' (wrapping round the board edge)' if wrapped else ''} the first empty "
                f"column is {column}",
                walked=walked,
            )
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
