"""Which megalith site and which sacred stone the Nomads choose, when the table lists them.

At the table the assistant states these rules and the players apply them to
the board they see (the step asks only what happened); ``tableside decide``
applies them to the sites or stones a situation lists. Building and buying
then go through the same action functions either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.decision import Tracer
from rules.games.nomads.arrows import pick
from rules.text import msg, msgn


def choose_site(
    sites: Sequence[dict[str, Any]], big: str, small: str, tracer: Tracer
) -> dict[str, Any] | None:
    """*Megalith bauen*: a site on a higher level if any, else on the lowest level; then the arrows.

    "In erster Linie wollen sie ihre eigenen Megalithen in einer höheren Ebene
    platzieren. Ist das nicht möglich, bauen sie ihren Megalithen auf der
    untersten Ebene. [...] Stehen mehrere Bauplätze zur Auswahl, verwendest du
    die Entscheidungspfeile": every site above the lowest level is "a higher
    level", and the arrows choose among all of them (docs/nomads.md, reading 6).
    ``level`` 0 is the lowest level. ``None`` when no site is possible.
    """
    if not sites:
        tracer.decide("build megalith", msg("No site is possible."))
        return None
    higher = [s for s in sites if s["level"] > 0]
    if higher:
        tracer.add(
            "build megalith",
            msgn(
                "{n} possible site on a higher level: they build on it.",
                "{n} possible sites on a higher level: they build on one of them.",
                n=len(higher),
            ),
            candidates=len(higher),
        )
        return pick(higher, big, small, tracer, msg("sites"))
    tracer.add(
        "build megalith",
        msgn(
            "No higher level is possible: {n} site on the lowest level.",
            "No higher level is possible: {n} sites on the lowest level.",
            n=len(sites),
        ),
        candidates=len(sites),
    )
    return pick(sites, big, small, tracer, msg("sites"))


def choose_stone(
    stones: Sequence[dict[str, Any]], era: int, big: str, tracer: Tracer
) -> dict[str, Any] | None:
    """*Heiligen Stein erhalten*: the leftmost or rightmost available stone by the big arrow.

    ``stones`` lie left to right; in era I only era-I stones are available
    ("Beachte die üblichen Beschränkungen, welche Heiligen Steine im I.
    Zeitalter verfügbar sind"). Whether they can pay for it is the buying
    action's business, not the choice's (docs/nomads.md, reading 11).
    """
    usable = [dict(stone, col=i, row=0) for i, stone in enumerate(stones) if stone["era"] <= era]
    if not usable:
        tracer.decide(
            "sacred stone",
            msg(
                "No sacred stone is available in era {e} ({n} in the reserve).",
                e=era,
                n=len(stones),
            ),
        )
        return None
    chosen = pick(usable, big, "up", tracer, msg("available sacred stones"))
    return {k: v for k, v in chosen.items() if k not in ("col", "row")}
