"""Shared moves for the Robinson versus tests.

The example island (rules/games/robinson/data/components.json) is a hex
patch; space 10 is the centre. Neighbours of 10: 5, 6, 9, 11, 14, 15. Two
spaces from 10: e.g. 12, 8, 1, 3. Four spaces apart: 8 and 12. Example
island tiles: 1 beach (wood), 2 river (food), 3 plains (food), 4 hills
(wood), 5 mountains (food), 6 plains (wood), 7 river (food, wood), 8 beach
(food, wood), 9 hills (food), 10 mountains (wood), 11 river (food).
"""

from __future__ import annotations

from typing import Any

from rules.decision import Decision
from rules.registry import get_game
from rules.session import Session

GAME = get_game("robinson")
ITEMS = [["axe", "pistol"], ["biscuits", "blanket"], ["compass", "flask"], ["hammock", "tobacco"]]


def set_up(
    camps: list[tuple[str, str]] = [("10", "8"), ("11", "4")],  # noqa: B006
    first: str = "red",
    **options: Any,
) -> Session:
    """A game past set-up: camps as (space, island tile) per player, in seat order."""
    session = Session(GAME, {"players": len(camps), "first": first, **options}, seed=1)
    for (space, tile), items in zip(camps, ITEMS, strict=False):
        session.answer({"camp": space, "tile": tile, "items": items})
    return session


def tracks_now(session: Session, pid: str, **values: int) -> dict[str, int]:
    """A player's whole tracked values with some changed (a counts answer names every entry)."""
    p = next(x for x in session.state["players"] if x["id"] == pid)
    keys = ("hearts", "weapon", "roof", "palisade", "determination", "food", "wood", "hide")
    return {k: values.get(k, p[k]) for k in keys} | {"pawns": values.get("pawns", p["pawns"])}


def answer_with_changes(
    session: Session, answer: dict[str, Any], changes: dict[str, dict[str, Any]]
) -> Decision | None:
    """Answer this step and record "other changes" per player: {"red": {"weapon": 3}}.

    Keys ``use`` (cards), ``card`` (a find/take choice) and ``shelter`` go to the change
    step as they are; every other key is a tracked value.
    """
    players = list(changes)
    decision = session.answer({**answer, "other": players[0]} if players else answer)
    for index, pid in enumerate(players):
        assert session.prompt().step == "change"
        extra = {k: v for k, v in changes[pid].items() if k in ("use", "card", "shelter")}
        tracks = {k: v for k, v in changes[pid].items() if k not in extra}
        nxt = players[index + 1] if index + 1 < len(players) else "done"
        decision = session.answer(
            {"tracks": tracks_now(session, pid, **tracks), **extra, "next": nxt}
        )
    return decision


def to_placement(
    session: Session, icon: str = "adventure-exploring", changes: dict[str, Any] | None = None
) -> None:
    """Event (an icon that asks nothing more), morale, production; changes at the event."""
    answer_with_changes(session, {"icon": icon}, changes or {})
    while session.prompt().step == "book":
        session.answer({})
    session.answer({})  # morale
    session.answer({})  # production


def place(session: Session, *moves: tuple[str, ...]) -> Decision | None:
    """Pawns in turn: ("camp:rest",), ("gather:wood", "10"), ("explore", "5"), ("attack:blue",)."""
    decision = None
    for move in moves:
        decision = session.answer({"action": move[0]})
        if len(move) > 1:
            assert session.prompt().step == "target"
            decision = session.answer({"space": move[1]})
    return decision


def resolve_all(session: Session, **answers: Any) -> list[Decision | None]:
    decisions = []
    while session.prompt().step == "resolve":
        keys = {f.key for f in session.prompt().fields}
        decisions.append(session.answer({k: v for k, v in answers.items() if k in keys}))
    return decisions


def rest_all(session: Session) -> None:
    while session.prompt().step in ("placement", "target"):
        session.answer({"action": "camp:rest"})


def finish_night(session: Session, hearts: int | None = None) -> None:
    """Every night step (eating, then the camp moves) with the defaults, or ``hearts`` lost."""
    while session.prompt().step in ("night", "move-camp"):
        night = session.prompt().step == "night"
        session.answer({"hearts": hearts} if night and hearts is not None else {})


def player(session: Session, pid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(x for x in session.state["players"] if x["id"] == pid)
    return found


def choices(session: Session, key: str) -> list[str]:
    field = next(f for f in session.prompt().fields if f.key == key)
    return [c.value for c in field.choices]
