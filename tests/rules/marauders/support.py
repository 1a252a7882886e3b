"""Shared helpers for the Marauders tests: the example board and tiles, a game driver."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.games.marauders import catalogue as cat
from rules.registry import get_game
from rules.session import Session
from ui.benchmarks.marauders import scripted_answers as busy_answers

__all__ = ["BOARD", "GAME", "PRICING", "busy_answers", "play", "tile", "trays"]

GAME = get_game("marauders")
CATALOGUE = cat.builtin()
BOARD = CATALOGUE["control_board"]
PRICING = CATALOGUE["pricing_tile"]


def tile(tile_id: str, face: int = 2) -> dict[str, Any]:
    return cat.make_tile(tile_id, face, CATALOGUE["tiles"][tile_id][str(face)])


def trays(**counts: int) -> dict[str, int]:
    out = {c: 0 for c in ("red", "yellow", "blue", "brown", "white")}
    out.update(counts)
    return out


Answerer = Callable[[Session], Mapping[str, Any] | None]


def play(session: Session, answer: Answerer, limit: int = 2000) -> int:
    """Answer prompts until the game ends; ``answer`` may return None for the defaults."""
    steps = 0
    while not session.prompt().finished:
        values = dict(answer(session) or {})
        prompt = session.prompt()
        for field in prompt.fields:
            if field.default is None and field.key not in values:
                values[field.key] = 0
        session.answer(values)
        steps += 1
        assert steps < limit, "the game does not end"
    return steps
