"""Shared helpers for the Marauders tests: the example board and tiles, a game driver."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.games.marauders import catalogue as cat
from rules.registry import get_game
from rules.session import Session

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


def busy_answers(session: Session) -> dict[str, Any]:
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
