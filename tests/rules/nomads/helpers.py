"""Drive a Nomads session in tests: answer prompts, filling only what has no default."""

from __future__ import annotations

from typing import Any

from rules.games.nomads.catalogue import Catalogue, example_data
from rules.registry import get_game
from rules.session import Session

#: The hunting area the tests' table lays out at set-up ("" = empty space).
HUNTING = [["sloth", "bison", "horse", ""], ["mammoth", "", "camel", ""]]

#: Answers for fields that have no default (random cards, table facts).
FILL: dict[str, Any] = {
    "first_animal": "bison",
    "revealed": "camel",
    "drawn": "horse",
    "pile_workforce": 3,
    "buried_points": 4,
    "player_score": 80,
}


def options(**over: Any) -> dict[str, Any]:
    base = {"cards": "digital", "hard_reveal": False, "hard_settlement": False, "modules": []}
    base.update(over)
    return base


def new_session(seed: int = 1, **over: Any) -> Session:
    return Session(get_game("nomads"), options(**over), seed=seed)


def fill(prompt: Any, **over: Any) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    for field in prompt.fields:
        if field.key in over:
            answer[field.key] = over[field.key]
        elif field.default is None:
            if field.key == "animal":  # the set-up builder: what lies on the preset space
                cell = next(f.default for f in prompt.fields if f.key == "cell")
                row, col = int(cell[1]), int(cell[3])
                answer["animal"] = HUNTING[row][col] or "empty"
            elif field.key == "card":
                answer["card"] = field.choices[0].value
            else:
                answer[field.key] = FILL[field.key]
    return answer


def step(session: Session, **over: Any) -> Any:
    return session.answer(fill(session.prompt(), **over))


def run_queue(session: Session) -> None:
    while session.state["queue"]:
        step(session)


def play_out(session: Session, limit: int = 3000) -> None:
    for _ in range(limit):
        if session.prompt().finished:
            return
        step(session)
    raise AssertionError("the game did not end")


def decide(kind: str, situation: dict[str, Any]) -> Any:
    """Run a ``tableside decide`` kind on a situation (checked by its schema)."""
    return get_game("nomads").decisions()[kind](situation)


#: The EXAMPLE component set, indexed.
EXAMPLE = Catalogue.of(example_data(), True)
#: What the Nomads hold at the start of a game, as a situation's ``nomads`` object.
NOMADS = {"food": 0, "tools": 0, "sacrifice_pile": 10, "megaliths_built": 0, "sacred_stones": 0}


def set_up(session: Session) -> None:
    """Answer the set-up screens: the first animal and the hunting area (:data:`HUNTING`)."""
    while session.prompt().step in ("setup", "area"):
        step(session)


def after_one_physical_card(card: str = "6") -> Session:
    """A physical-deck game whose first round played nomad card ``card``; the next is asked."""
    session = new_session(cards="physical")
    set_up(session)
    step(session, card=card)
    step(session, marked="hunt", big="right", small="down", workforce=1)
    step(session)
    while session.prompt().step == "action":
        step(session)
    step(session, placed="rest", event="none")
    return session
