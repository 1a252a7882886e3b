"""Shared by every decision: the Decision builder, text helpers and the majority rule.

The majority rule ("the tray that contains the most markers ... When there is
no clear majority, the first tray clockwise from the priority marker is
chosen") is used by spring (at least 2 markers) and autumn (at least 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, tray_colour
from rules.games.marauders.model import clockwise_from, label
from rules.text import Msg, msg, msgn

GAME = "marauders"


def make_decision(
    kind: str,
    summary: Msg,
    instructions: Sequence[Msg],
    tracer: Tracer,
    result: Mapping[str, Any],
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


def settle(tracer: Tracer, index: int = -1) -> None:
    """Mark one recorded step (default: the last) as the one that decided, and only that one."""
    chosen = index % len(tracer.steps)
    tracer.steps[:] = [replace(step, decisive=(i == chosen)) for i, step in enumerate(tracer.steps)]


def join(items: Sequence[Msg]) -> Msg:
    """Translated items as one comma-separated list (the same separator in every language)."""
    if not items:
        return msg("none")
    template = ", ".join("{i" + str(i) + "}" for i in range(len(items)))
    return Msg(template, {f"i{i}": item for i, item in enumerate(items)})


def tray_listing(board: Board, counts: Mapping[int, int]) -> Msg:
    """``red 2, yellow 3, ...``: the trays by side with their counts."""
    return join(
        [
            msg("{colour} {n}", colour=label(tray_colour(board, side) or ""), n=n)
            for side, n in sorted(counts.items())
        ]
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
    (the marker's own side first). ``excluded`` sides are not considered. The
    caller marks the deciding step (:func:`settle`).
    """
    counts = {
        s["side"]: trays.get(s["tray"], 0)
        for s in board["sides"]
        if s["tray"] is not None and s["side"] not in excluded
    }
    numbers = {tray_colour(board, s): n for s, n in counts.items()}
    listing = tray_listing(board, counts)
    eligible = {side: n for side, n in counts.items() if n >= minimum}
    if not eligible:
        tracer.add(
            "majority",
            msgn(
                "No tray holds at least {n} marker ({listing})",
                "No tray holds at least {n} markers ({listing})",
                n=minimum,
                listing=listing,
            ),
            counts=numbers,
            minimum=minimum,
        )
        return None
    best = max(eligible.values())
    tied = sorted(side for side, n in eligible.items() if n == best)
    if len(tied) == 1:
        side: int = tied[0]
        colour = tray_colour(board, side) or ""
        tracer.add(
            "majority",
            msg(
                "The {colour} tray holds the most markers: {n} ({listing})",
                colour=label(colour),
                n=best,
                listing=listing,
            ),
            counts=numbers,
            chosen=colour,
            side=side,
        )
        return side
    walk = clockwise_from(marker)
    side = next(s for s in walk if s in tied)
    colour = tray_colour(board, side) or ""
    tracer.add(
        "clockwise tie-break",
        msg(
            "{tied} tie at {n}; turning clockwise from the priority marker (side {marker}) "
            "the {colour} tray (side {side}) comes first",
            tied=join([label(tray_colour(board, s) or "") for s in tied]),
            n=best,
            marker=marker,
            colour=label(colour),
            side=side,
        ),
        counts=numbers,
        tied=[tray_colour(board, s) for s in tied],
        walk=walk,
        chosen=colour,
        side=side,
    )
    return side
