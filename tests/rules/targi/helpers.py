"""Shared moves for the Targi tests: play the set-up and a round's positions."""

from __future__ import annotations

from rules.registry import get_game
from rules.session import Session

GAME = get_game("targi")

ALL = ["joker", "targi", "tribe", "renounce"]


def keep_all_but(tile: str) -> list[str]:
    return [t for t in ALL if t != tile]


def started(
    blue: str = "renounce", white: str = "joker", seed: int = 1, start: str = "blue"
) -> Session:
    """A session past the secret choice and the reveal (blue drops ``blue``, white ``white``)."""
    session = Session(GAME, {"start": start}, seed=seed)
    start = session.state["table"]["start"]
    drops = {"blue": blue, "white": white}
    session.answer({"keep": keep_all_but(drops[start])})
    session.answer({"keep": keep_all_but(drops["white" if start == "blue" else "blue"])})
    session.answer({})  # reveal
    return session


def to_tile_steps(
    session: Session,
    robber: str = "c1",
    blue: tuple[str, ...] = ("b1", "a3", "e2"),
    white: tuple[str, ...] = ("d1", "e4", "a4"),
) -> None:
    session.answer({"robber": robber})
    session.answer({"targi_blue": list(blue), "targi_white": list(white)})


def skip_while(session: Session, step: str) -> None:
    while session.prompt().step == step:
        session.answer({"card": "none"})
