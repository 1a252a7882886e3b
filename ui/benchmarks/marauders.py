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
DESCRIPTION = "Prehistory marauders: time per bot decision, replay of a 5-round journal"

DECISION_TARGET_MS = 1.0
REPLAY_TARGET_MS = 50.0


def _per_call_ms(fn: Callable[[], Any], repeat: int) -> float:
    """Best of 5 batches, in milliseconds per call (the least disturbed measurement)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1000


def _decisions() -> dict[str, Callable[[], Any]]:
    data = cat.builtin()
    board, pricing = data["control_board"], data["pricing_tile"]
    tile = cat.make_tile("M01", 3, data["tiles"]["M01"]["3"])
    trays = {"red": 2, "yellow": 3, "blue": 3, "brown": 1, "white": 2}
    lane = [
        {"priority": "fishing-tile", "distance": 2, "line": "left"},
        {"priority": "megalith", "distance": 1, "line": "centre", "occupied": True},
    ]
    offers = [
        {"id": "a", "income": {"vp": 1, "resources": 2}, "row": 2},
        {"id": "b", "income": {"vp": 1, "resources": 2}, "row": 1},
    ]
    members = [{"id": str(i), "distance": i % 3, "side": i % 6} for i in range(6)]
    pillars = {a: [i % 4, (i + 1) % 4] for i, a in enumerate(pricing["actions"])}
    return {
        "spring": lambda: logic.spring(trays, board, 1, tile, ["fishing"], True),
        "summer-pillar": lambda: logic.summer_pillar(pillars, pricing, "hunting", True),
        "summer-action": lambda: logic.summer_action(trays, board, tile, "gathering", True),
        "autumn-order": lambda: logic.autumn_order(members, 2, False),
        "autumn-move": lambda: logic.autumn_move(trays, board, 0, lane, False, True),
        "action-choice": lambda: logic.action_choice("ceremony", offers, 3, True),
    }


def scripted_answers(session: Session) -> dict[str, Any]:
    """A lively, deterministic table: income, payments, pillars and lane contents."""
    prompt = session.prompt()
    state = session.state
    r = state["round"]
    if prompt.step == "setup":
        return {"start": {"red": 1, "yellow": 1, "blue": 1, "brown": 1, "white": 1}}
    if prompt.step == "spring-start":
        return {"income": {"red": 1 + r % 2, "yellow": 2, "blue": r % 3, "brown": 2, "white": 1}}
    if prompt.step == "spring-turn":
        return {"paid": {"blue": 1, "yellow": 1}, "full": ["hunting"] if r == 3 else []}
    if prompt.step == "action":
        action = state["pending"]["action"]
        values: dict[str, Any] = {"gained": {"red": 1}, "vp": 1, "dev": 1 if r % 2 else 0}
        if action == "ceremony":
            values["any_vp"] = r % 2 == 0
        return values
    if prompt.step == "summer-pillar":
        keys = [f.key for f in prompt.fields if f.key.startswith("p_")]
        return {keys[1]: 3, keys[3]: 3, "paid": {"brown": 1}}
    if prompt.step == "summer-take":
        return {"taken": {"brown": 1, "red": 1, "blue": 1}}
    if prompt.step == "summer-action":
        return {"paid": {"white": 1}}
    if prompt.step == "autumn-start":
        return {"members": 3, "paid": {"red": 2}}
    if prompt.step == "autumn-member":
        keys = {f.key for f in prompt.fields}
        return {"lane": ["gathering-tile", "action-marker"]} if "lane" in keys else {}
    if prompt.step == "autumn-result":
        return (
            {"vp": 1, "marker_colour": "blue"}
            if any(f.key == "marker_colour" for f in prompt.fields)
            else {"vp": 1}
        )
    if prompt.step == "round-end":
        return {"vp": 2}
    if prompt.step == "final":
        return {f.key: 60 - 20 * i for i, f in enumerate(prompt.fields) if f.key != "tribe_vp"}
    return {}


def _record_game(journal: Path) -> tuple[int, int]:
    service = TableService(journal, recover=False)
    session = service.start("marauders", {"players": 2, "hard_tiles": 6}, seed=2026)
    while not session.prompt().finished:
        service.answer(scripted_answers(session))
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
