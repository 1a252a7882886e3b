"""Decision arrows: the big arrow (left/right) first, then the small one (up/down).

The arrows stand for compass directions: left = west, right = east, up =
north, down = south. Positions are given as ``col`` (grows eastwards, 0 is
the westernmost) and ``row`` (grows southwards, 0 is the northernmost), so a
grid on the table (hunting area, progress display) and free positions
(megalith sites, connection points) use the same picker.

Always the arrows of the *top* card of the Nomads' discard pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.decision import Tracer

Position = dict[str, Any]


def extreme(values: Sequence[float], arrow: str) -> float:
    """The value an arrow points to: right/down -> greatest, left/up -> smallest."""
    return max(values) if arrow in ("right", "down") else min(values)


def pick(
    candidates: Sequence[Position],
    big: str,
    small: str,
    tracer: Tracer,
    what: str,
) -> Position:
    """Choose among ``candidates`` (each with ``col`` and ``row``) by the arrows.

    The big arrow keeps the candidates furthest west or east; only if more
    than one is left does the small arrow pick the northernmost or
    southernmost. A tie the arrows cannot split is an error of the situation
    (two candidates on one spot).
    """
    if not candidates:
        raise ValueError("no candidates")
    if len(candidates) == 1:
        tracer.add("arrows", f"only one {what} qualifies; the arrows are not needed")
        return candidates[0]
    col = extreme([c["col"] for c in candidates], big)
    left = [c for c in candidates if c["col"] == col]
    side = "easternmost (right)" if big == "right" else "westernmost (left)"
    tracer.add(
        "big arrow",
        f"big arrow {big} = {'east' if big == 'right' else 'west'}: keep the {side} {what}",
        col=col,
        remaining=len(left),
    )
    if len(left) == 1:
        return left[0]
    row = extreme([c["row"] for c in left], small)
    final = [c for c in left if c["row"] == row]
    side = "southernmost (bottom)" if small == "down" else "northernmost (top)"
    tracer.add(
        "small arrow",
        f"small arrow {small} = {'south' if small == 'down' else 'north'}: take the {side} one",
        row=row,
        remaining=len(final),
    )
    if len(final) > 1:
        raise ValueError(f"two {what}s share column {col} and row {row}")
    return final[0]
