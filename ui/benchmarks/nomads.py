"""Nomads: decision speed and whole-game replay time (figures, never asserted)."""

from __future__ import annotations

import time
from collections.abc import Callable

from rules.games.nomads.decisions import DECISIONS
from rules.registry import get_game
from rules.session import Session
from ui.commands.bench import Figure

NAME = "nomads"
DESCRIPTION = "Endless Winter Nomads: decisions and a whole game replayed from its events"

FILL = {
    "first_animal": "bison",
    "animal": "horse",  # every space of the hunting area at set-up
    "revealed": "camel",
    "drawn": "horse",
    "pile_workforce": 3,
    "buried_points": 4,
    "player_score": 80,
}
OPTIONS = {"cards": "digital", "hard_reveal": True, "hard_settlement": False, "modules": []}


def _per_call_ms(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000 / repeat


def _whole_game() -> Session:
    session = Session(get_game("nomads"), OPTIONS, seed=1)
    while not session.prompt().finished:
        prompt = session.prompt()
        session.answer({f.key: FILL[f.key] for f in prompt.fields if f.default is None})
    return session


def run(quick: bool) -> list[Figure]:
    repeat = 200 if quick else 2000
    column = {"occupied": ["hunt", "migrate"], "marked": "migrate", "big": "left"}
    animal = {
        "hunting_area": [["bison", "horse", "mammoth", "camel"], ["horse", None, "bison", None]],
        "owned": {"sloth": 1},
        "arrows": {"big": "right", "small": "down"},
    }
    figures = [
        Figure(
            "column decision",
            _per_call_ms(lambda: DECISIONS["column"](column), repeat),
            "ms",
            "< 5 ms",
            None,
        ),
        Figure(
            "get-animal decision",
            _per_call_ms(lambda: DECISIONS["get-animal"](animal), repeat),
            "ms",
            "< 5 ms",
            None,
        ),
    ]
    for f in list(figures):
        figures[figures.index(f)] = Figure(f.name, f.value, f.unit, f.target, f.value < 5)
    start = time.perf_counter()
    session = _whole_game()
    played = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    Session(get_game("nomads"), OPTIONS, seed=1, events=session.events)
    replay = (time.perf_counter() - start) * 1000
    figures.append(Figure("whole game: steps", session.step_count, "steps"))
    figures.append(Figure("whole game played", played, "ms"))
    figures.append(
        Figure("whole game replayed (resume)", replay, "ms", "< 2000 ms on a Pi", replay < 2000)
    )
    return figures
