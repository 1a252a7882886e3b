"""The Nomads' holdings as plain state, and the small moves that change them.

Everything here mutates the ``nomads`` dict of the game state in place (the
game hands ``advance`` a private copy) and returns the player-facing
instruction for the physical move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.text import N_, Msg, msg, msgn


def new_nomads(cave_painting: bool) -> dict[str, Any]:
    return {
        "food": 0,
        "tools": 0,
        "score": 25 if cave_painting else 0,
        "fame": 0,
        "offerings": 0,
        # bottom -> top: 5 era-II cards under 5 era-I cards
        "sacrifice": ["II"] * 5 + ["I"] * 5,
        "buried": [],
        "stones": [],
        "megaliths": 0,
        "settlements": 0,
        "tile": "supply",
        "camps": 5,
        "animals": {},
    }


def gain_food(n: dict[str, Any]) -> Msg:
    n["food"] += 1
    return msg("Move the Nomads' food marker up 1 (now {n}).", n=n["food"])


def gain_tool(n: dict[str, Any]) -> Msg:
    n["tools"] += 1
    return msg("Move the Nomads' tool marker up 1 (now {n}).", n=n["tools"])


def gain_points(n: dict[str, Any], points: int) -> Msg:
    n["score"] += points
    return msgn(
        "The Nomads score {n} point (now {total}).",
        "The Nomads score {n} points (now {total}).",
        n=points,
        total=n["score"],
    )


def bury(n: dict[str, Any]) -> Msg:
    card = n["sacrifice"].pop()
    n["buried"].append(card)
    return msg(
        "Put the top card of the Nomads' sacrifice pile under their gravestone "
        "({b} buried, {s} left on the pile).",
        b=len(n["buried"]),
        s=len(n["sacrifice"]),
    )


def idol(n: dict[str, Any], idols: Mapping[str, Any]) -> tuple[Msg, dict[str, int]]:
    """One idol: fame track first, then offerings track, then 1 point each.

    Returns the instruction and the immediate benefit reached (may be empty).
    """
    for track, name in (("fame", N_("Ruhmesleiste")), ("offerings", N_("Opfergabenleiste"))):
        if n[track] < idols[track]["top"]:
            n[track] += 1
            benefit = dict(idols[track]["benefits"].get(str(n[track]), {}))
            return (
                msg(
                    "Move the Nomads' idol marker on the {track} up 1 to space {k}.",
                    track=msg(name),
                    k=n[track],
                ),
                benefit,
            )
    n["score"] += 1
    return (
        msg("Both idol markers are at the top: the Nomads score 1 point (now {n}).", n=n["score"]),
        {},
    )
