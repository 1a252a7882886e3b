"""Table-wide decisions: who pays, development points as marker steps, victory or failure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders import counted as C
from rules.games.marauders.catalogue import Board, priority_at
from rules.games.marauders.decide_common import join, make_decision
from rules.games.marauders.model import SIDES, TRIBE, label, order_msg, player_msg
from rules.text import msg, msgn


def payer_of(order: Sequence[str]) -> str:
    """ "The player who occupies the first position in the player order (not necessarily
    the 1st player) pays the expenses of his/her actions onto the control board"."""
    return next(who for who in order if who != TRIBE)


def payer(order: Sequence[str], example: bool = False) -> Decision:
    """Who pays expenses onto the control board: the best-placed human in player order."""
    tracer = Tracer()
    first = payer_of(order)
    tracer.decide(
        "payer",
        msg(
            "Player order: {order}; the first player in it is {p}, so {p} pays expenses onto "
            "the control board",
            order=order_msg(order),
            p=player_msg(first),
        ),
        order=list(order),
        payer=first,
    )
    return make_decision(
        "payer",
        msg("{p} pays expenses onto the control board", p=player_msg(first)),
        [
            msg(
                "{p} pays action expenses onto the control board trays by colour "
                "(the extra resource still goes onto the game board).",
                p=player_msg(first),
            ),
            msg("Everyone else pays into the common supply as usual."),
        ],
        tracer,
        {"payer": first, "order": list(order)},
        example,
    )


def marker_after(marker: int, points: int) -> int:
    """ "Its priority marker moves forward in clockwise direction as many steps as the
    received development points" (round the hexagon)."""
    return (marker + points) % SIDES


def priority_steps(board: Board, marker: int, points: int, example: bool) -> Decision:
    """Development points: the priority marker moves that many steps clockwise."""
    tracer = Tracer()
    after = marker_after(marker, points)
    icon = priority_at(board, after)
    tracer.decide(
        "development points",
        msgn(
            "The tribe collects no development points; {n} point moves the priority marker "
            "{steps} clockwise: side {a} to side {b} ({icon})",
            "The tribe collects no development points; {n} points move the priority marker "
            "{steps} clockwise: side {a} to side {b} ({icon})",
            n=points,
            steps=C.steps(points),
            a=marker,
            b=after,
            icon=label(icon),
        ),
        walk=[(marker + k) % SIDES for k in range(points + 1)],
        before=marker,
        after=after,
        priority=icon,
    )
    return make_decision(
        "priority-steps",
        msg("Priority marker to side {s} ({icon})", s=after, icon=label(icon)),
        [
            msg(
                "Move the priority marker {steps} clockwise, to the {icon} icon.",
                steps=C.steps(points),
                icon=label(icon),
            )
        ],
        tracer,
        {"before": marker, "after": after, "priority": icon},
        example,
    )


def final_result(tribe_vp: int, players: Mapping[str, int], example: bool = False) -> Decision:
    """Victory for every player above the tribe; failure for everyone behind it.

    "If one or more players earned more VP than the marauder tribe, the task is
    accomplished, that is a victory. ... All players, who finished behind the
    marauder tribe, lost the game."
    """
    tracer = Tracer()
    beat = {p: vp for p, vp in players.items() if vp > tribe_vp}
    for p, vp in players.items():
        if vp > tribe_vp:
            finding = msg(
                "{p} has {vp} VP, more than the tribe's {t}", p=player_msg(p), vp=vp, t=tribe_vp
            )
        elif vp == tribe_vp:
            finding = msg("{p} has {vp} VP, as many as the tribe", p=player_msg(p), vp=vp)
        else:
            finding = msg(
                "{p} has {vp} VP, fewer than the tribe's {t}", p=player_msg(p), vp=vp, t=tribe_vp
            )
        tracer.add("victory check", finding, player=p, vp=vp, tribe=tribe_vp)
    result: dict[str, Any] = {
        "tribe_vp": tribe_vp,
        "players": dict(players),
        "victory": bool(beat),
        "winners": sorted(beat),
        "lost": sorted(p for p, vp in players.items() if vp < tribe_vp),
        "tied": sorted(p for p, vp in players.items() if vp == tribe_vp),
    }
    if not beat:
        tracer.decide(
            "victory check",
            msg("Nobody has more VP than the tribe's {vp}", vp=tribe_vp),
        )
        summary = msg("Failure: no player beat the marauder tribe's {vp} VP", vp=tribe_vp)
        instructions = [msg("The task needs more VP than the tribe; nobody managed it.")]
    else:
        top = max(beat.values())
        leaders = sorted(p for p, vp in beat.items() if vp == top)
        result["outright"] = leaders
        names = join([player_msg(p) for p in sorted(beat)])
        tracer.decide(
            "outright winner",
            msg(
                "More VP than the tribe's {vp}: {who}; most VP: {top}",
                vp=tribe_vp,
                who=names,
                top=top,
            ),
            leaders=leaders,
        )
        summary = msg("Victory! {who} beat the marauder tribe", who=names)
        instructions = [
            msg(
                "Outright winner (most VP): {who}; break ties as usual.",
                who=join([player_msg(p) for p in leaders]),
            )
        ]
        if result["lost"]:
            instructions.append(
                msg(
                    "Lost (behind the tribe): {who}",
                    who=join([player_msg(p) for p in result["lost"]]),
                )
            )
    return make_decision("final", summary, instructions, tracer, result, example)
