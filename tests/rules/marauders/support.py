"""Shared helpers for the Marauders tests: the example components, a game driver.

The example board, pricing tile and tiles are read straight from the shipped
JSON file (not through the code under test), so the tests state what the
printed data say independently of the catalogue module.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rules.registry import get_game
from rules.session import Session

__all__ = [
    "BOARD",
    "DATA",
    "GAME",
    "PRICING",
    "busy_answers",
    "play",
    "tile",
    "to_step",
    "trays",
]

GAME = get_game("marauders")
DATA_FILE = (
    Path(__file__).resolve().parents[3]
    / "rules"
    / "games"
    / "marauders"
    / "data"
    / "components.json"
)
DATA: dict[str, Any] = json.loads(DATA_FILE.read_text("utf-8"))
BOARD: dict[str, Any] = DATA["control_board"]
PRICING: dict[str, Any] = DATA["pricing_tile"]
TILES: dict[str, dict[str, list[str]]] = {t["id"]: t["faces"] for t in DATA["tiles"]}


def tile(tile_id: str, face: int = 2) -> dict[str, Any]:
    """A drawn tile as the rules use it: its six symbols clockwise from the framed one."""
    return {"id": tile_id, "face": face, "number": face, "actions": list(TILES[tile_id][str(face)])}


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
                values[field.key] = field.choices[0].value if field.kind == "choice" else 0
        session.answer(values)
        steps += 1
        assert steps < limit, "the game does not end"
    return steps


def to_step(session: Session, step: str, **values: Mapping[str, Any]) -> None:
    """Confirm defaults (or the given values per step name) until ``step`` is current."""
    guard = 0
    while session.prompt().step != step:
        session.answer(dict(values.get(session.prompt().step.replace("-", "_"), {})))
        guard += 1
        assert guard < 400, f"{step} never came"


def busy_answers(session: Session) -> dict[str, Any]:
    """A lively, deterministic table: income, payments, pillars, lanes (scripted by step).

    VP go into the news only where the news offers them (the assistant keeps the tribe's
    VP); on the score track the final step asks the tribe's VP (30)."""
    values = _busy(session)
    news = next((f for f in session.prompt().fields if f.key == "news"), None)
    if "news" in values and news is not None:
        offered = {c.value for c in news.choices}
        values["news"] = {k: n for k, n in values["news"].items() if k in offered}
    return values


def _busy(session: Session) -> dict[str, Any]:
    prompt = session.prompt()
    state = session.state
    r = state["round"]
    keys = {f.key for f in prompt.fields}
    if prompt.step == "setup":
        return {"start": trays(red=1, yellow=1, blue=1, brown=1, white=1)}
    if prompt.step == "spring-start":
        return {"income": trays(red=1 + r % 2, yellow=2, blue=r % 3, brown=2, white=1)}
    if prompt.step == "spring-turn":
        return {"news": {"blue": 1, "yellow": 1, "vp": 1}}
    if prompt.step == "summer-pillar":
        order = [c.value for c in next(f for f in prompt.fields if f.key == "pillars").choices]
        return {"pillars": {order[1]: 3, order[3]: 3}, "news": {"brown": 1}}
    if prompt.step in {"summer-action", "autumn-gain", "round-end", "spring-end"}:
        since = state.get("since") or {}
        needed = int(since.get("pillar") or 0) + (since.get("took") == "action-marker")
        return {"news": {"red": max(1, needed), "vp": 1}}
    if prompt.step == "autumn-start":
        return {"news": {"red": 2}}
    if prompt.step == "autumn-member":
        choices = [c.value for c in prompt.fields[0].choices]
        kind = "gathering-tile" if "gathering-tile" in keys else prompt.fields[0].key
        return {kind: choices[1:2]}
    if prompt.step == "final":
        out = {f.key: 70 - 20 * int(f.key[1:]) for f in prompt.fields if f.key != "tribe_vp"}
        tribe = next(f for f in prompt.fields if f.key == "tribe_vp")
        return out if tribe.default is not None else {**out, "tribe_vp": 30}
    return {}
