"""Ante Portas speed: one Battle, one troop's card, a whole digital half-year with replay."""

from __future__ import annotations

import time
from collections.abc import Callable

from rules.games.anteportas.asking import Asker, Log
from rules.games.anteportas.battle import BattleContext, resolve_battle
from rules.games.anteportas.game import new_field
from rules.games.anteportas.kit import example_kit
from rules.games.anteportas.movement import move_troop
from rules.registry import get_game
from rules.session import Session
from ui.commands.bench import Figure

NAME = "anteportas"
DESCRIPTION = "Ante Portas: Battle, troop move, half-year and its journal replay"


def _per_call_ms(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000 / repeat


def _half_year(seed: int) -> Session:
    session = Session(get_game("anteportas"), {"players": 2, "scenario": "dragons"}, seed=seed)
    session.answer({})
    session.answer({"action": "enlist"})
    session.answer({"units": {"farmer": 0, "citizen": 1}})
    session.answer({"action": "deploy"})
    session.answer({"units": {"farmer": 1, "citizen": 1}})
    session.answer({"to": "7"})
    session.answer({"action": "build"})
    session.answer({"hex": "7", "kind": "guard_post"})
    session.answer({})
    while session.prompt().step in ("battle", "choice", "support", "gunfire", "replace", "damage"):
        session.answer({})
    return session


def run(quick: bool) -> list[Figure]:
    kit = example_kit()
    repeat = 50 if quick else 500
    side = {
        "soldiers": [
            {"kind": "citizen", "exhausted": False},
            {"kind": "farmer", "exhausted": False},
        ],
        "tile": {"type": "building", "kind": "guard_post", "rotation": 0},
    }
    battle = _per_call_ms(
        lambda: resolve_battle(7, side, {"basic": 3, "elite": 0}, BattleContext(), kit.defences),
        repeat,
    )
    field = new_field(kit, 0)
    field["hexes"]["12"] = {"soldiers": [{"kind": "farmer", "exhausted": False}], "tile": None}
    field["troops"]["19"] = {"basic": 2, "elite": 0}
    card = {
        "id": "D1xx",
        "scenario": "dragons",
        "era": 1,
        "spawn": [],
        "arrows": [{"dir": "right"}, {"dir": "down", "fire": True}, {"dir": "left"}],
        "powers": [],
    }
    move = _per_call_ms(
        lambda: move_troop(
            field, 19, card, kit=kit, asker=Asker({}, Log(), defaults=True), dragons=True
        ),
        repeat,
    )
    rounds = 3 if quick else 20
    half = _per_call_ms(lambda: _half_year(1), rounds)
    played = _half_year(1)
    replay = _per_call_ms(
        lambda: Session(get_game("anteportas"), played.options, 1, events=played.events), rounds
    )
    return [
        Figure("resolve one Battle", battle, "ms", "< 5 ms", battle < 5),
        Figure("move one troop by one card", move, "ms", "< 20 ms", move < 20),
        Figure("play a half-year (digital draws)", half, "ms", "< 500 ms", half < 500),
        Figure("replay that half-year from its events", replay, "ms", "< 500 ms", replay < 500),
    ]
