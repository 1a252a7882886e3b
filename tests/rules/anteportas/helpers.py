"""Small builders for Ante Portas tests (all on the shipped example components)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.games.anteportas.actions import Table, apply_action
from rules.games.anteportas.asking import Asker, Log
from rules.games.anteportas.battle import BattleContext, BattleResult, resolve_battle
from rules.games.anteportas.cards import CARD_SPEC
from rules.games.anteportas.game import new_field
from rules.games.anteportas.kit import example_kit
from rules.games.anteportas.movement import move_troop
from rules.registry import get_game

#: The game and its decision kinds: the one fixture every Ante Portas test shares.
GAME = get_game("anteportas")
DECISIONS = GAME.decisions()
KIT = example_kit()
DEFS = KIT.defences
BOARD = KIT.board


def soldiers(code: str) -> list[dict[str, Any]]:
    """``"CFf"`` -> Citizen, Farmer, exhausted Farmer."""
    kinds = {"F": "farmer", "C": "citizen"}
    return [{"kind": kinds[c.upper()], "exhausted": c.islower()} for c in code]


def side(code: str = "", tile: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"soldiers": soldiers(code), "tile": tile}


def building(kind: str, rotation: int = 0) -> dict[str, Any]:
    return {"type": "building", "kind": kind, "rotation": rotation}


def mine(kind: str) -> dict[str, Any]:
    return {"type": "mine", "kind": kind}


TRAP: dict[str, Any] = {"type": "trap"}
BOMB: dict[str, Any] = {"type": "bomb"}


def field(**hexes: dict[str, Any]) -> dict[str, Any]:
    """A field with ``h7=side(...)`` entries and no troops (full supply)."""
    f = new_field(KIT, 0)
    for key, value in hexes.items():
        f["hexes"][key.lstrip("h")] = value
    return f


def with_troops(f: dict[str, Any], **troops: tuple[int, int]) -> dict[str, Any]:
    """Put troops ``h19=(basic, elite)`` on the field, taken from the supply."""
    for key, (basic, elite) in troops.items():
        f["troops"][key.lstrip("h")] = {"basic": basic, "elite": elite}
        f["supply"]["basic"] -= basic
        f["supply"]["elite"] -= elite
    return f


def card(
    arrows: list[Any], powers: list[dict[str, Any]] | None = None, cid: str = "R199"
) -> dict[str, Any]:
    checked: dict[str, Any] = CARD_SPEC.check(
        {"id": cid, "arrows": arrows, "powers": powers or []}, "card"
    )
    return checked


@dataclass
class Moved:
    field: dict[str, Any]
    path: list[int]
    defeat: bool
    battles: list[dict[str, Any]]
    steps: list[str]
    log: Log


def move(
    f: dict[str, Any],
    start: int,
    c: dict[str, Any],
    *,
    dragons: bool = False,
    twice: bool = False,
    answers: dict[str, Any] | None = None,
    defaults: bool = True,
) -> Moved:
    """One card for the troop on ``start``; unanswered questions take the defaults."""
    log = Log()
    out = move_troop(
        f,
        start,
        c,
        kit=KIT,
        asker=Asker(answers or {}, log, defaults=defaults),
        twice=twice,
        dragons=dragons,
    )
    return Moved(
        out.field, out.path, out.defeat, out.battles, [m.english() for m in log.steps], log
    )


def act(
    f: dict[str, Any],
    action: dict[str, Any],
    *,
    answers: dict[str, Any] | None = None,
    twice: bool = False,
    era: int = 2,
    defaults: bool = True,
) -> list[str]:
    """One players' action on ``f`` (changed in place); the steps in English."""
    log = Log()
    apply_action(
        f, action, Table(twice=twice, era=era), KIT, Asker(answers or {}, log, defaults=defaults)
    )
    return [m.english() for m in log.steps]


def battle(
    defence: dict[str, Any], basic: int, elite: int = 0, hex_id: int = 7, **ctx: Any
) -> BattleResult:
    return resolve_battle(
        hex_id, defence, {"basic": basic, "elite": elite}, BattleContext(**ctx), DEFS
    )


def units_total(f: dict[str, Any]) -> dict[str, int]:
    """Invaders on the board plus in the supply, per kind (conserved)."""
    out = dict(f["supply"])
    for t in f["troops"].values():
        for k in out:
            out[k] += t[k]
    return out


def soldiers_total(f: dict[str, Any]) -> dict[str, int]:
    out = dict(f["sickbay"])
    for s in f["hexes"].values():
        for x in s["soldiers"]:
            out[x["kind"]] += 1
    return out


def tiles_total(f: dict[str, Any]) -> int:
    return sum(1 for s in f["hexes"].values() if s["tile"] is not None)
