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
from rules.text import N_, Msg, msg

Position = dict[str, Any]

#: The compass direction of each arrow, as the table reads it.
COMPASS = {"left": N_("west"), "right": N_("east"), "up": N_("north"), "down": N_("south")}
#: "the ... one": which end of the row or column an arrow keeps.
EXTREME = {
    "right": N_("easternmost (right)"),
    "left": N_("westernmost (left)"),
    "down": N_("southernmost (bottom)"),
    "up": N_("northernmost (top)"),
}


def extreme_word(arrow: str) -> Msg:
    """``"right"`` -> ``Msg("easternmost (right)")``: the arrow as a compass direction."""
    return msg(EXTREME[arrow])


def extreme(values: Sequence[float], arrow: str) -> float:
    """The value an arrow points to: right/down -> greatest, left/up -> smallest."""
    return max(values) if arrow in ("right", "down") else min(values)


def pick(
    candidates: Sequence[Position],
    big: str,
    small: str,
    tracer: Tracer,
    what: Msg,
) -> Position:
    """Choose among ``candidates`` (each with ``col`` and ``row``) by the arrows.

    The big arrow keeps the candidates furthest west or east; only if more
    than one is left does the small arrow pick the northernmost or
    southernmost. The step that settles the choice is the decisive one of
    the trace. A tie the arrows cannot split is an error of the situation
    (two candidates on one spot).
    """
    if not candidates:
        raise ValueError("no candidates")
    if len(candidates) == 1:
        tracer.add("arrows", msg("Only one of the {what} qualifies: no arrow needed.", what=what))
        return candidates[0]
    col = extreme([c["col"] for c in candidates], big)
    left = [c for c in candidates if c["col"] == col]
    finding = msg(
        "{n} {what} qualify; the big arrow points {compass}: keep the {side} ({k} left).",
        n=len(candidates),
        what=what,
        compass=msg(COMPASS[big]),
        side=extreme_word(big),
        k=len(left),
    )
    if len(left) == 1:
        tracer.decide("big arrow", finding, col=col, remaining=1)
        return left[0]
    tracer.add("big arrow", finding, col=col, remaining=len(left))
    row = extreme([c["row"] for c in left], small)
    final = [c for c in left if c["row"] == row]
    tracer.decide(
        "small arrow",
        msg(
            "{k} left in that column; the small arrow points {compass}: take the {side}.",
            k=len(left),
            compass=msg(COMPASS[small]),
            side=extreme_word(small),
        ),
        row=row,
        remaining=len(final),
    )
    if len(final) > 1:
        raise ValueError("two candidates share one position")
    return final[0]
