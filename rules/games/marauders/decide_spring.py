"""Spring: the tray with the most markers (at least 2), skips, the VP fallback."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, Tile, tray_colour
from rules.games.marauders.decide_common import majority_tray, make_decision
from rules.games.marauders.model import (
    label,
)
from rules.text import msg


def spring(
    trays: Mapping[str, int],
    board: Board,
    marker: int,
    tile: Tile,
    full_actions: Sequence[str],
    example: bool,
    action_number: int = 1,
) -> Decision:
    """Spring: the action next to the fullest tray (>= 2), skipping actions with no empty column."""
    tracer = Tracer()
    tracer.add(
        "spring",
        f"action {action_number} of {tile['number']} on tile {tile.get('id') or 'entered'}; "
        f"priority marker on side {marker}",
        trays=dict(trays),
        full_actions=list(full_actions),
    )
    skipped: list[dict[str, Any]] = []
    excluded: list[int] = []
    while True:
        side = majority_tray(trays, board, marker, 2, tracer, excluded)
        if side is None:
            break
        action = tile["actions"][side]
        colour = tray_colour(board, side)
        assert colour is not None  # majority_tray only offers sides with a tray
        if action in full_actions:
            tracer.add(
                "skip",
                f"every column next to {action} is occupied; the next tray is chosen by the "
                "same majority rule",
                side=side,
                action=action,
            )
            skipped.append({"side": side, "colour": colour, "action": action})
            excluded.append(side)
            continue
        tracer.add(
            "spring action",
            f"the {colour} tray is next to the {action} symbol: pay 1 {colour} marker to the "
            f"supply and 1 onto an empty column next to {action}",
            side=side,
            action=action,
            colour=colour,
        )
        return make_decision(
            "spring",
            msg("The tribe takes the {action} action", action=label(action)),
            [
                msg(
                    "Move 1 {colour} marker from the tray to the general supply.",
                    colour=label(colour),
                ),
                msg(
                    "Move 1 {colour} marker onto an empty column next to the {action} symbol.",
                    colour=label(colour),
                    action=label(action),
                ),
                msg("Then the tribe carries out {action}.", action=label(action)),
            ],
            tracer,
            {
                "outcome": "action",
                "side": side,
                "colour": colour,
                "action": action,
                "skipped": skipped,
                "pay": {colour: 2},
            },
            example,
        )
    vp = tile["number"]
    tracer.add(
        "spring fallback",
        f"no tray fits (fewer than 2 markers or every column taken): the tribe scores {vp} VP, "
        "the number in the middle of the tile",
        vp=vp,
    )
    return make_decision(
        "spring",
        msg("The tribe cannot act: it scores {vp} VP", vp=vp),
        [msg("Move the marauder tribe's score marker {vp} VP forward.", vp=vp)],
        tracer,
        {"outcome": "vp", "vp": vp, "skipped": skipped},
        example,
    )
