"""Small builders for Ante Portas tests."""

from __future__ import annotations

from typing import Any

from rules.games.anteportas.game import new_field


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
    """A field with ``h7=side(...)`` entries and no troops."""
    f = new_field()
    for key, value in hexes.items():
        f["hexes"][key.lstrip("h")] = value
    return f


def card(
    arrows: list[Any], powers: list[dict[str, Any]] | None = None, cid: str = "R199"
) -> dict[str, Any]:
    norm = [a if isinstance(a, dict) else {"dir": a, "fire": False} for a in arrows]
    return {
        "id": cid,
        "scenario": "raiders",
        "era": 1,
        "spawn": [],
        "arrows": norm,
        "powers": powers or [],
    }


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
