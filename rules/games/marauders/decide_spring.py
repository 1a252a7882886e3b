"""Spring: the tray with the most markers (at least 2), skips, the VP fallback.

"The marauder tribe executes the action on the marauder tile which is next to
the tray that contains the most markers on the control board (and at least
2). ... If the actual action's columns are already occupied on the game
board, then the next tray is chosen on the control board using the previous
majority rules. From the chosen tray it places 1 marker into the general
supply and 1 onto an empty column on the game board next to the chosen
action's symbol." No tray fits: "the marauder tribe get as many VPs as the
number shown in the middle of the marauder tile."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, Tile, tray_colour
from rules.games.marauders.decide_common import majority_tray, make_decision, settle
from rules.games.marauders.model import label
from rules.games.marauders.results import SkippedTray, Spring
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
        msg(
            "Action {k} of {n} on the marauder tile; priority marker on side {marker}",
            k=action_number,
            n=tile["number"],
            marker=marker,
        ),
        trays=dict(trays),
        full_actions=list(full_actions),
    )
    skipped: list[SkippedTray] = []
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
                msg(
                    "Every column next to {action} is occupied: the next tray is chosen by the "
                    "same majority rule",
                    action=label(action),
                ),
                side=side,
                action=action,
            )
            skipped.append(SkippedTray(side=side, colour=colour, action=action))
            excluded.append(side)
            continue
        settle(tracer)
        tracer.add(
            "spring action",
            msg(
                "The {colour} tray is next to the {action} symbol: 1 {colour} marker to the "
                "supply and 1 onto an empty column next to {action}",
                colour=label(colour),
                action=label(action),
            ),
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
            ],
            tracer,
            Spring(
                outcome="action",
                side=side,
                colour=colour,
                action=action,
                skipped=tuple(skipped),
                pay={colour: 2},
            ),
            example,
        )
    vp = tile["number"]
    tracer.add(
        "spring fallback",
        msg(
            "No tray fits (fewer than 2 markers or every column taken): the tribe scores {vp} "
            "VP, the number in the middle of the tile",
            vp=vp,
        ),
        vp=vp,
    )
    settle(tracer)
    return make_decision(
        "spring",
        msg("The tribe cannot act: it scores {vp} VP", vp=vp),
        [msg("Move the marauder tribe's score marker {vp} VP forward.", vp=vp)],
        tracer,
        Spring(outcome="vp", vp=vp, skipped=tuple(skipped)),
        example,
    )
