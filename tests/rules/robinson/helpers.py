"""Shared moves for the Robinson versus tests.

The example island (rules/games/robinson/data/island.json) is a hex patch;
tile 10 is the centre. Neighbours of 10: 5, 6, 9, 11, 14, 15. Two spaces from
10: e.g. 12, 8, 1, 3. Four spaces apart: 8 and 12.
"""

from __future__ import annotations

from typing import Any

from rules.decision import Decision
from rules.registry import get_game
from rules.session import Session

GAME = get_game("robinson")
ITEMS = [["axe", "pistol"], ["biscuits", "blanket"], ["compass", "flask"], ["hammock", "tobacco"]]


def set_up(
    camps: list[tuple[str, str]] = [("10", "beach"), ("11", "hills")],  # noqa: B006
    first: str = "red",
    **options: Any,
) -> Session:
    """A game past set-up: camps as (tile, terrain) per player, in seat order."""
    session = Session(GAME, {"players": len(camps), "first": first, **options}, seed=1)
    for (tile, terrain), items in zip(camps, ITEMS, strict=False):
        session.answer({"camp": tile, "terrain": terrain, "items": items})
    return session


def to_placement(session: Session, icon: str = "book", changes: str = "") -> None:
    session.answer({"icon": icon, "changes": changes})
    session.answer({})  # morale
    session.answer({})  # production


def place(session: Session, *moves: tuple[str, str]) -> Decision | None:
    decision = None
    for action, target in moves:
        decision = session.answer({"action": action, "target": target})
    return decision


def resolve_all(session: Session, **answers: Any) -> list[Decision | None]:
    decisions = []
    while session.prompt().step == "resolve":
        keys = {f.key for f in session.prompt().fields}
        decisions.append(session.answer({k: v for k, v in answers.items() if k in keys}))
    return decisions
