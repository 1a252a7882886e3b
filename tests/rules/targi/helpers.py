"""Shared moves for the Targi tests: play the set-up and a round's positions.

Positions used throughout (example board, docs/targi.md): robber on c1
(column c), blue Targi b1 (column b), a3 (row 3), e2 (row 2); white Targi d1
(column d), e4 and a4 (both ends of row 4). Blue's tribe markers then go on
b3 and b2, white's on d4.
"""

from __future__ import annotations

from typing import Any

from rules.registry import get_game
from rules.session import Session

GAME = get_game("targi")

ALL = ["joker", "targi", "tribe", "renounce"]
BLUE = ("b1", "a3", "e2")
WHITE = ("d1", "e4", "a4")


def keep_all_but(tile: str) -> list[str]:
    return [t for t in ALL if t != tile]


def started(
    blue: str = "renounce", white: str = "joker", seed: int = 1, start: str = "blue"
) -> Session:
    """A session past the secret choice and the reveal (blue drops ``blue``, white ``white``)."""
    session = Session(GAME, {"start": start}, seed=seed)
    drops = {"blue": blue, "white": white}
    session.answer({"keep": keep_all_but(drops[start])})
    session.answer({"keep": keep_all_but(drops["white" if start == "blue" else "blue"])})
    session.answer({})  # reveal
    return session


def to_tile_steps(
    session: Session,
    robber: str = "c1",
    blue: tuple[str, ...] = BLUE,
    white: tuple[str, ...] = WHITE,
    **robber_step: Any,
) -> None:
    """Answer the robber step and both players' Targi (the start player first)."""
    session.answer({"robber": robber, **robber_step})
    cards = {"blue": list(blue), "white": list(white)}
    for _ in range(2):
        session.answer({"targi": cards[session.state["queue"][0]]})


def skip_while(session: Session, step: str) -> None:
    while session.prompt().step == step:
        session.answer({"card": []})


def choices(session: Session, key: str) -> list[str]:
    field = next(f for f in session.prompt().fields if f.key == key)
    return [c.value for c in field.choices]


def to_actions(session: Session, **kwargs: Any) -> None:
    to_tile_steps(session, **kwargs)
    skip_while(session, "targi-tile")
    skip_while(session, "tribe-tile")
