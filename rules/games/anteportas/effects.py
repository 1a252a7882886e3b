"""Damage outside Battle: Shoot, Dragon fire, Bombs and chain explosions.

The *field* is the Battleground part of the state::

    {"hexes": {"7": {"soldiers": [...], "tile": ...}, ...},   # all 28 hexes
     "troops": {"19": {"basic": 2, "elite": 0}},             # one troop per hex at rest
     "sickbay": {"farmer": 0, "citizen": 0},
     "supply": {"basic": 23, "elite": 12}}
"""

from __future__ import annotations

from typing import Any

from rules.games.anteportas.battle import (
    SOLDIER_NAMES,
    allocate_defence,
    allocate_troop,
    tile_name,
)
from rules.games.anteportas.board import battleground
from rules.text import Msg, msg

Field = dict[str, Any]


def side(field: Field, hex_id: int) -> dict[str, Any]:
    return field["hexes"][str(hex_id)]


def has_units(s: dict[str, Any]) -> bool:
    """True when the hex holds any of your Units (Soldiers or a tile)."""
    return bool(s["soldiers"]) or s.get("tile") is not None


def wound(field: Field, hex_id: int, indices: list[int], steps: list[Msg]) -> None:
    """Move the Soldiers at ``indices`` on ``hex_id`` to the Sickbay."""
    s = side(field, hex_id)
    counts = {"farmer": 0, "citizen": 0}
    for i in sorted(indices, reverse=True):
        kind = s["soldiers"].pop(i)["kind"]
        counts[kind] += 1
        field["sickbay"][kind] += 1
    for kind, n in counts.items():
        if n:
            steps.append(
                msg(
                    "{n} {unit} on #{hex} wounded -> Sickbay",
                    n=n,
                    unit=SOLDIER_NAMES[kind],
                    hex=hex_id,
                )
            )


def remove_tile(field: Field, hex_id: int, steps: list[Msg], verb: str = "destroyed") -> None:
    s = side(field, hex_id)
    tile = s["tile"]
    if tile is None:
        return
    s["tile"] = None
    if verb == "explodes":
        steps.append(msg("{tile} on #{hex} explodes", tile=tile_name(tile), hex=hex_id))
    else:
        steps.append(msg("{tile} on #{hex} destroyed", tile=tile_name(tile), hex=hex_id))


def damage_defence(field: Field, hex_id: int, damage: int, steps: list[Msg]) -> bool:
    """Deal ``damage`` to your Units on a hex outside Battle; True if any Unit fell."""
    s = side(field, hex_id)
    if damage <= 0 or not has_units(s):
        return False
    loss = allocate_defence(s, damage)
    if not loss.wounded and not loss.tile_falls:
        return False
    tile = s["tile"]
    wound(field, hex_id, loss.wounded, steps)
    if loss.tile_falls and tile is not None:
        remove_tile(field, hex_id, steps, "explodes" if tile["type"] == "mine" else "destroyed")
    return True


def damage_troop(field: Field, hex_id: int, damage: int, twice: bool, steps: list[Msg]) -> None:
    """Deal ``damage`` to the Invaders resting on a hex (Bombs, Gunfire)."""
    troop = field["troops"].get(str(hex_id))
    if troop is None or damage <= 0:
        return
    lost = allocate_troop(troop, damage, twice)
    for kind in ("basic", "elite"):
        troop[kind] -= lost[kind]
        field["supply"][kind] += lost[kind]
    fallen = lost["basic"] + lost["elite"]
    if fallen:
        steps.append(msg("{n} Invader(s) on #{hex} fall", n=fallen, hex=hex_id))
    if troop["basic"] + troop["elite"] == 0:
        del field["troops"][str(hex_id)]


def explode_bomb(field: Field, hex_id: int, twice: bool, steps: list[Msg]) -> list[int]:
    """Explode the Bomb on ``hex_id`` and every Bomb it sets off; returns the hexes exploded.

    A Bomb deals 3 damage to its hex and 1 to each adjacent hex, explodes adjacent
    Bombs, and destroys adjacent Traps and Mines. It hurts your own Units too.
    """
    board = battleground()
    queue = [hex_id]
    exploded: list[int] = []
    while queue:
        here = queue.pop(0)
        s = side(field, here)
        if here in exploded or s["tile"] is None or s["tile"]["type"] != "bomb":
            continue
        exploded.append(here)
        remove_tile(field, here, steps, "explodes")
        for other in board.adjacent(here):
            tile = side(field, other)["tile"]
            if tile is not None and tile["type"] in ("trap", "mine"):
                remove_tile(field, other, steps)
            if tile is not None and tile["type"] == "bomb":
                queue.append(other)
        damage_defence(field, here, 3, steps)
        damage_troop(field, here, 3, twice, steps)
        for other in board.adjacent(here):
            damage_defence(field, other, 1, steps)
            damage_troop(field, other, 1, twice, steps)
    return exploded


def breathe_fire(field: Field, hex_id: int, damage: int, twice: bool, steps: list[Msg]) -> int:
    """Dragon fire on ``hex_id``: Mines destroyed, Bombs explode, then ``damage``.

    Returns the damage that could not be applied now (it raises the troop's
    Strength in a Battle on that hex).
    """
    s = side(field, hex_id)
    steps.append(msg("The Dragons breathe fire on #{hex}", hex=hex_id))
    tile = s["tile"]
    if tile is not None and tile["type"] == "mine":
        remove_tile(field, hex_id, steps)
    elif tile is not None and tile["type"] == "bomb":
        explode_bomb(field, hex_id, twice, steps)
    if damage_defence(field, hex_id, damage, steps):
        return 0
    return damage
