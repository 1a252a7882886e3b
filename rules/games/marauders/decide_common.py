"""Shared by every decision: the Decision builder and the majority rule (clockwise tie-break)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, tray_colour
from rules.games.marauders.model import (
    clockwise_from,
)
from rules.text import Msg, join_english

GAME = "marauders"
LINES = ("left", "centre", "right")  # clockwise order across a lane, seen from the member


def make_decision(
    kind: str,
    summary: Msg,
    instructions: Sequence[Msg],
    tracer: Tracer,
    result: dict[str, Any],
    example: bool,
) -> Decision:
    return Decision(
        game=GAME,
        kind=kind,
        summary=summary,
        instructions=tuple(instructions),
        trace=tracer.freeze(),
        result=result,
        example_data=example,
    )


def majority_tray(
    trays: Mapping[str, int],
    board: Board,
    marker: int,
    minimum: int,
    tracer: Tracer,
    excluded: Sequence[int] = (),
) -> int | None:
    """The side whose tray holds the most markers (at least ``minimum``).

    Ties go to the first tray met turning clockwise from the priority marker
    (the marker's own side first). ``excluded`` sides are not considered.
    """
    counts = {
        s["side"]: trays.get(s["tray"], 0)
        for s in board["sides"]
        if s["tray"] is not None and s["side"] not in excluded
    }
    listing = ", ".join(f"{tray_colour(board, side)} {n}" for side, n in sorted(counts.items()))
    eligible = {side: n for side, n in counts.items() if n >= minimum}
    if not eligible:
        tracer.add(
            "majority",
            f"no tray holds at least {minimum} marker(s) ({listing or 'no trays left'})",
            counts={tray_colour(board, s): n for s, n in counts.items()},
            minimum=minimum,
        )
        return None
    best = max(eligible.values())
    tied = sorted(side for side, n in eligible.items() if n == best)
    if len(tied) == 1:
        side = tied[0]
        tracer.add(
            "majority",
            f"the {tray_colour(board, side)} tray holds the most markers ({best}; {listing})",
            counts={tray_colour(board, s): n for s, n in counts.items()},
            chosen=tray_colour(board, side),
            side=side,
        )
        return side
    walk = clockwise_from(marker)
    side = next(s for s in walk if s in tied)
    passed = walk[: walk.index(side)]
    tracer.add(
        "clockwise tie-break",
        f"{join_english([tray_colour(board, s) or '' for s in tied])} tie at {best} "
        f"({listing}); turning "
        f"clockwise from the priority marker (side {marker}) the {tray_colour(board, side)} "
        f"tray (side {side}) comes first",
        counts={tray_colour(board, s): n for s, n in counts.items()},
        tied=[tray_colour(board, s) for s in tied],
        walk=walk,
        passed=passed,
        chosen=tray_colour(board, side),
        side=side,
    )
    return side
