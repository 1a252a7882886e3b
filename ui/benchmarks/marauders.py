"""Marauders speed: one bot decision of each kind, and replaying a 5-round journal."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic
from rules.registry import get_game
from rules.session import Session
from ui.commands.bench import Figure
from ui.service import TableService

NAME = "marauders"
DESCRIPTION = "Prehistory marauders: CPU time per bot decision, replay of a 5-round journal"

DECISION_TARGET_MS = 1.0
REPLAY_TARGET_MS = 50.0


def _per_call_ms(fn: Callable[[], Any], repeat: int) -> float:
    """Best of 5 batches, in milliseconds of this process's CPU time per call.

    CPU time, not wall-clock time: on a machine shared with other jobs the wall
    clock measures the neighbours too; the CPU time is this code's own work.
    """
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(repeat):
            fn()
        best = min(best, (time.process_time() - start) / repeat)
    return best * 1000


def _decisions() -> dict[str, Callable[[], Any]]:
    data = cat.example_data()
    board, pricing = data["control_board"], data["pricing_tile"]
    tile = cat.make_tile("M01", 3, cat.tile_faces(data)["M01"]["3"])
    trays = {"red": 2, "yellow": 3, "blue": 3, "brown": 1, "white": 2}
    lane = [
        {"priority": "fishing-tile", "distance": 2, "line": "left"},
        {"priority": "megalith", "distance": 1, "line": "centre", "occupied": True},
    ]
    offers = [
        {"id": "a", "income": {"vp": 1, "resources": 2}, "row": 2},
        {"id": "b", "income": {"vp": 1, "resources": 2}, "row": 1},
    ]
    members = [{"id": str(i), "at": (i % 3, -(i % 2))} for i in range(6)]
    pillars = {a: [i % 4, (i + 1) % 4] for i, a in enumerate(pricing["actions"])}
    return {
        "spring": lambda: logic.spring(trays, board, 1, tile, ["fishing"], True),
        "summer-pillar": lambda: logic.summer_pillar(pillars, pricing, "hunting", True),
        "summer-action": lambda: logic.summer_action(trays, board, tile, "gathering", True),
        "autumn-order": lambda: logic.autumn_order(members, 2, False),
        "autumn-move": lambda: logic.autumn_move(trays, board, 0, lane, False, True),
        "action-choice": lambda: logic.action_choice("ceremony", offers, 3, True, any_vp_now=True),
    }


def _record_game(journal: Path) -> tuple[int, int]:
    """Record the scripted 5-round 2-player table of ``tableside bench answers``."""
    from ui.benchmarks.tables import marauders as scripted

    service = TableService(journal, recover=False)
    session = service.start("marauders", scripted.OPTIONS, seed=scripted.SEED)
    table = scripted.Table()
    while not session.prompt().finished:
        prompt = session.prompt()
        values = table.answer(prompt, session.state)
        decision = service.answer(values)
        table.observe(prompt, values, decision)
    steps, session_id = session.step_count, service.session_id
    service.close()
    assert session_id is not None
    return session_id, steps


def run(quick: bool) -> list[Figure]:
    repeat = 200 if quick else 2000
    figures = []
    for kind, fn in _decisions().items():
        ms = _per_call_ms(fn, repeat)
        figures.append(
            Figure(
                f"decision {kind}", ms, "ms", f"< {DECISION_TARGET_MS} ms", ms < DECISION_TARGET_MS
            )
        )
    game = get_game("marauders")
    with tempfile.TemporaryDirectory() as folder:
        journal = Path(folder) / "journal.sqlite3"
        session_id, steps = _record_game(journal)
        service = TableService(journal, recover=False)
        events = service.journal.events(session_id)
        record = service.journal.session(session_id)

        def replay_events() -> None:
            Session(game, record.options, record.seed, events=events)

        def resume_from_journal() -> None:
            service.resume(session_id)

        rounds = 3 if quick else 10
        replay_ms = _per_call_ms(replay_events, rounds)
        resume_ms = _per_call_ms(resume_from_journal, rounds)
        service.close()
    figures.append(
        Figure(
            f"replay 5-round game ({steps} steps, in memory)",
            replay_ms,
            "ms",
            f"< {REPLAY_TARGET_MS:g} ms",
            replay_ms < REPLAY_TARGET_MS,
        )
    )
    figures.append(
        Figure(
            "resume 5-round game from SQLite journal",
            resume_ms,
            "ms",
            f"< {REPLAY_TARGET_MS:g} ms",
            resume_ms < REPLAY_TARGET_MS,
        )
    )
    return figures
