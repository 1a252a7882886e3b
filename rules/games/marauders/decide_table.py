"""Table-wide decisions: who pays, development points as marker steps, victory or failure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, priority_at
from rules.games.marauders.decide_common import make_decision
from rules.games.marauders.model import (
    SIDES,
    TRIBE,
    label,
    order_text,
)
from rules.text import msg


def payer(order: Sequence[str], example: bool = False) -> Decision:
    """Who pays expenses onto the control board: the best-placed human in player order."""
    tracer = Tracer()
    humans = [who for who in order if who != TRIBE]
    first = humans[0]
    tracer.add(
        "payer",
        f"player order is {order_text(order)}; the first human in it is P{first}, "
        f"so P{first} pays expenses onto the control board",
        order=list(order),
        payer=first,
    )
    return make_decision(
        "payer",
        msg("Player {p} pays expenses onto the control board", p=first),
        [
            msg(
                "Player {p} pays action expenses onto the control board trays by colour "
                "(the extra resource still goes onto the game board).",
                p=first,
            ),
            msg("Everyone else pays into the common supply as usual."),
        ],
        tracer,
        {"payer": first, "order": list(order)},
        example,
    )


def priority_steps(board: Board, marker: int, points: int, example: bool) -> Decision:
    """Development points: the priority marker moves that many steps clockwise."""
    tracer = Tracer()
    walk = [(marker + k) % SIDES for k in range(points + 1)]
    after = walk[-1]
    icon = priority_at(board, after)
    tracer.add(
        "development points",
        f"the tribe collects no development points; {points} point(s) move the priority marker "
        f"{points} step(s) clockwise: side {marker} -> side {after} ({icon})",
        walk=walk,
        before=marker,
        after=after,
        priority=icon,
    )
    return make_decision(
        "priority-steps",
        msg("Priority marker to side {s} ({icon})", s=after, icon=label(icon)),
        [
            msg(
                "Move the priority marker {n} step(s) clockwise, to the {icon} icon.",
                n=points,
                icon=label(icon),
            )
        ],
        tracer,
        {"before": marker, "after": after, "priority": icon},
        example,
    )


def final_result(tribe_vp: int, players: Mapping[str, int], example: bool = False) -> Decision:
    """Victory for every player above the tribe; failure for everyone behind it."""
    tracer = Tracer()
    beat = {p: vp for p, vp in players.items() if vp > tribe_vp}
    for p, vp in players.items():
        verdict = (
            "more than" if vp > tribe_vp else ("as many as" if vp == tribe_vp else "fewer than")
        )
        tracer.add(
            "victory check",
            f"P{p} has {vp} VP, {verdict} the tribe's {tribe_vp} VP",
            player=p,
            vp=vp,
            tribe=tribe_vp,
        )
    result: dict[str, Any] = {
        "tribe_vp": tribe_vp,
        "players": dict(players),
        "victory": bool(beat),
        "winners": sorted(beat),
        "lost": sorted(p for p, vp in players.items() if vp < tribe_vp),
        "tied": sorted(p for p, vp in players.items() if vp == tribe_vp),
    }
    if not beat:
        summary = msg("Failure: no player beat the marauder tribe's {vp} VP", vp=tribe_vp)
        instructions = [msg("The task needs more VP than the tribe; nobody managed it.")]
    else:
        top = max(beat.values())
        leaders = sorted(p for p, vp in beat.items() if vp == top)
        result["outright"] = leaders
        if len(beat) > 1:
            tracer.add(
                "outright winner",
                f"more than one player succeeded; most VP: "
                f"{', '.join('P' + p for p in leaders)} with {top}",
                leaders=leaders,
            )
        summary = msg(
            "Victory! {who} beat the marauder tribe", who=", ".join(f"P{p}" for p in sorted(beat))
        )
        instructions = [
            msg(
                "Outright winner (most VP): {who}; break ties as usual.",
                who=", ".join(f"P{p}" for p in leaders),
            )
        ]
        if result["lost"]:
            instructions.append(
                msg(
                    "Lost (behind the tribe): {who}", who=", ".join(f"P{p}" for p in result["lost"])
                )
            )
    return make_decision("final", summary, instructions, tracer, result, example)
