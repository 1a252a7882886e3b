"""Damage outside Battle: Shoot, Dragon fire, Gunfire, Bombs, and replacing destroyed Mines.

The *field* is the Battleground part of the state::

    {"hexes": {"7": {"soldiers": [...], "tile": ...}, ...},   # every hex
     "troops": {"19": {"basic": 2, "elite": 0}},             # one troop per hex at rest
     "sickbay": {"farmer": 0, "citizen": 0},
     "supply": {"basic": 23, "elite": 12}}

A troop that is moving (or hovering while its Dragons breathe fire) is not in
``troops``; functions that can hurt it take it as ``moving`` (hex -> units,
changed in place).
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput
from rules.games.anteportas.asking import Asker, Log
from rules.games.anteportas.battle import (
    allocate_defence,
    allocate_troop,
    falls,
    offer_choice,
    soldier_name,
    tile_name,
)
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.sight import actors, capacity, fires_indirectly
from rules.games.anteportas.words import tools
from rules.text import msg, msgn

Field = dict[str, Any]
Moving = dict[int, dict[str, int]]
#: Damage a Bomb deals to its own hex and to each adjacent hex.
BOMB_DAMAGE, BOMB_SPLASH = 3, 1


def side(field: Field, hex_id: int) -> dict[str, Any]:
    found: dict[str, Any] = field["hexes"][str(hex_id)]
    return found


def has_units(s: dict[str, Any]) -> bool:
    """True when the hex holds any of your Units (Soldiers or a tile)."""
    return bool(s["soldiers"]) or s.get("tile") is not None


def invaders_on(field: Field, hex_id: int, moving: Moving | None = None) -> bool:
    here = field["troops"].get(str(hex_id))
    there = (moving or {}).get(hex_id)
    return any(t is not None and t["basic"] + t["elite"] > 0 for t in (here, there))


def remove_tile(field: Field, hex_id: int, log: Log, verb: str = "destroyed") -> None:
    s = side(field, hex_id)
    tile = s["tile"]
    if tile is None:
        return
    s["tile"] = None
    if verb == "explodes":
        log.say(msg("{tile} on #{hex} explodes", tile=tile_name(tile), hex=hex_id))
    else:
        log.say(msg("{tile} on #{hex} destroyed", tile=tile_name(tile), hex=hex_id))


def wound(field: Field, hex_id: int, indices: list[int], log: Log) -> None:
    """Move the Soldiers at ``indices`` on ``hex_id`` to the Sickbay."""
    s = side(field, hex_id)
    counts = {"farmer": 0, "citizen": 0}
    for i in sorted(indices, reverse=True):
        kind = s["soldiers"].pop(i)["kind"]
        counts[kind] += 1
        field["sickbay"][kind] += 1
    for kind, n in counts.items():
        if n:
            log.say(
                msg(
                    "{n} {unit} on #{hex} wounded -> Sickbay",
                    n=n,
                    unit=soldier_name(kind, n),
                    hex=hex_id,
                )
            )


def damage_defence(
    field: Field, hex_id: int, damage: int, kit: Kit, asker: Asker, *, choose: bool = True
) -> tuple[bool, list[dict[str, Any]]]:
    """Deal ``damage`` to your Units on a hex outside Battle.

    Returns (whether any Unit fell, the Mines destroyed). As in Battle a Mine
    detonates first unless the players let the Soldiers take the damage; the
    question (``damage-N``) is asked only when the two orders lose different
    Units and neither loses more than the other, and not when the Mine is doomed
    anyway (``choose=False``: next to an exploding Bomb).
    """
    s = side(field, hex_id)
    if damage <= 0 or not has_units(s):
        return False, []
    defs = kit.defences
    first, second = (allocate_defence(s, damage, defs, mine_first=f) for f in (True, False))
    loss = first
    if choose and offer_choice(s, first, second):
        n = asker.number("damage")
        options = [
            {"mine_first": True, "falls": falls(s, first)},
            {"mine_first": False, "falls": falls(s, second)},
        ]
        answer = asker.ask("damage", n, {"hex": hex_id, "damage": damage, "options": options})
        loss = second if answer == "soldiers" else first
    if not loss.wounded and not loss.tile_falls:
        return False, []
    tile = s["tile"]
    wound(field, hex_id, loss.wounded, asker.log)
    mines: list[dict[str, Any]] = []
    if loss.tile_falls and tile is not None:
        if tile["type"] == "mine":
            mines.append(dict(tile))
        remove_tile(field, hex_id, asker.log, "explodes" if tile["type"] == "mine" else "destroyed")
    return True, mines


def damage_troop(
    field: Field, hex_id: int, damage: int, twice: bool, kit: Kit, log: Log, moving: Moving | None
) -> None:
    """Deal ``damage`` to the Invaders on a hex: the troop resting there and one moving there."""
    if damage <= 0:
        return
    for troop, resting in (
        (field["troops"].get(str(hex_id)), True),
        ((moving or {}).get(hex_id), False),
    ):
        if troop is None or troop["basic"] + troop["elite"] == 0:
            continue
        lost = allocate_troop(troop, damage, twice, kit.defences)
        for kind in ("basic", "elite"):
            troop[kind] -= lost[kind]
            field["supply"][kind] += lost[kind]
        fallen = lost["basic"] + lost["elite"]
        if fallen:
            log.say(
                msgn(
                    "{n} Invader on #{hex} falls",
                    "{n} Invaders on #{hex} fall",
                    n=fallen,
                    hex=hex_id,
                )
            )
        if resting and troop["basic"] + troop["elite"] == 0:
            del field["troops"][str(hex_id)]


def explode_bomb(
    field: Field, hex_id: int, twice: bool, kit: Kit, asker: Asker, moving: Moving | None = None
) -> list[int]:
    """Explode the Bomb on ``hex_id`` and every Bomb it sets off; returns the hexes exploded.

    "Bombs deal 3 damage to their hex, and 1 damage to each adjacent hex (see
    page 5 on how to resolve damage). All Bombs on adjacent hexes will also
    explode from this, and all adjacent Traps and Mines will be destroyed."
    In that order: the damage first (a Mine next door detonates first, as in
    Battle, sparing its Soldiers), then the Traps and Mines still standing
    next to it are destroyed and the adjacent Bombs explode in turn. Bombs hurt
    your own Units and every Invader, moving ones included. Destroyed Mines
    may be replaced afterwards (Guard Post "Replace").
    """
    board = kit.board
    queue = [hex_id]
    exploded: list[int] = []
    lost: list[tuple[int, dict[str, Any]]] = []
    log = asker.log
    while queue:
        here = queue.pop(0)
        tile = side(field, here)["tile"]
        if here in exploded or tile is None or tile["type"] != "bomb":
            continue
        exploded.append(here)
        remove_tile(field, here, log, "explodes")
        for target, damage in (
            (here, BOMB_DAMAGE),
            *((o, BOMB_SPLASH) for o in board.adjacent(here)),
        ):
            _, mines = damage_defence(field, target, damage, kit, asker, choose=False)
            lost += [(target, m) for m in mines]
            damage_troop(field, target, damage, twice, kit, log, moving)
        for other in board.adjacent(here):
            tile = side(field, other)["tile"]
            if tile is not None and tile["type"] in ("trap", "mine"):
                if tile["type"] == "mine":
                    lost.append((other, dict(tile)))
                remove_tile(field, other, log)
            elif tile is not None and tile["type"] == "bomb":
                queue.append(other)
    for target, mine in lost:
        offer_replacement(field, target, mine, kit, asker, moving)
    return exploded


def breathe_fire(
    field: Field,
    hex_id: int,
    damage: int,
    twice: bool,
    kit: Kit,
    asker: Asker,
    moving: Moving | None,
) -> int:
    """Dragon fire on ``hex_id``: its Mine destroyed, its Bomb explodes, then ``damage``.

    Returns the damage that could not be applied now (it raises the troop's
    Strength in a Battle on that hex). The Dragons breathing fire are in
    ``moving``, so a Bomb exploding next to them hurts them too.
    """
    log = asker.log
    s = side(field, hex_id)
    log.say(msg("The Dragons breathe fire on #{hex}", hex=hex_id))
    tile = s["tile"]
    lost: list[dict[str, Any]] = []
    if tile is not None and tile["type"] == "mine":
        remove_tile(field, hex_id, log)
        lost.append(dict(tile))
    elif tile is not None and tile["type"] == "bomb":
        explode_bomb(field, hex_id, twice, kit, asker, moving)
    applied, mines = damage_defence(field, hex_id, damage, kit, asker)
    for mine in [*lost, *mines]:
        offer_replacement(field, hex_id, mine, kit, asker, moving)
    return 0 if applied else damage


def shoot(field: Field, hex_id: int, kit: Kit, asker: Asker, moving: Moving | None) -> bool:
    """Shoot: 1 damage to the hex; True if it could be applied now."""
    asker.log.say(msg("The Raiders shoot at #{hex}", hex=hex_id))
    applied, mines = damage_defence(field, hex_id, 1, kit, asker)
    for mine in mines:
        offer_replacement(field, hex_id, mine, kit, asker, moving)
    return applied


def exhaust(field: Field, hex_id: int, action: str, kit: Kit, n: int = 1) -> None:
    """Exhaust ``n`` upright Soldiers of the right kind on a Building offering ``action``.

    At most as many Soldiers as the Building shows Workers may be exhausted on it.
    """
    s = field["hexes"][str(hex_id)]
    tile = s["tile"]
    if tile is None or tile["type"] != "building":
        raise IllegalInput(msg("there is no Building on #{hex}", hex=hex_id), action)
    spec = kit.defences.buildings[tile["kind"]]
    able = action in spec["actions"] or (action == "gunfire" and "indirect_fire" in spec["actions"])
    if not able:
        raise IllegalInput(
            msg("the Building on #{hex} cannot take this action", hex=hex_id), action
        )
    if n > capacity(s, kit.defences):
        raise IllegalInput(
            msgn(
                "the Building on #{hex} allows {n} more Soldier action until its Soldiers "
                "are set upright",
                "the Building on #{hex} allows {n} more Soldier actions until its Soldiers "
                "are set upright",
                hex=hex_id,
                n=capacity(s, kit.defences),
            ),
            action,
        )
    for x in s["soldiers"]:
        if n and x["kind"] == spec["soldier"] and not x["exhausted"]:
            x["exhausted"] = True
            n -= 1


def check_sources(
    chosen: list[int], available: dict[int, int], target: int, key: str
) -> dict[int, int]:
    """``[7, 7, 9]`` -> ``{7: 2, 9: 1}``, each Building able to fire that often on ``target``."""
    counts: dict[int, int] = {}
    for hex_id in chosen:
        counts[hex_id] = counts.get(hex_id, 0) + 1
    for hex_id, n in counts.items():
        if hex_id not in available:
            raise IllegalInput(
                msg(
                    "the Building on #{hex} cannot fire on #{target} now", hex=hex_id, target=target
                ),
                key,
            )
        if n > available[hex_id]:
            raise IllegalInput(
                msgn(
                    "the Building on #{hex} can exhaust only {n} Soldier now",
                    "the Building on #{hex} can exhaust only {n} Soldiers now",
                    hex=hex_id,
                    n=available[hex_id],
                ),
                key,
            )
    return counts


def fire_from(field: Field, chosen: dict[int, int], kit: Kit) -> tuple[int, int, bool]:
    """Exhaust the chosen Soldiers; (damage any Invader takes, damage from Trenches/Bunkers,
    whether Indirect Fire hit the hex)."""
    general = trench = 0
    indirect = False
    for hex_id, n in chosen.items():
        tile = side(field, hex_id)["tile"]
        exhaust(field, hex_id, "gunfire", kit, n)
        damage = n * int(kit.defences.buildings[tile["kind"]].get("damage", 0))
        if fires_indirectly(tile, kit.defences):
            general += damage
            indirect = True
        elif tile["kind"] in ("trench", "bunker"):
            trench += damage
        else:
            general += damage
    return general, trench, indirect


def gunfire(
    field: Field,
    target: int,
    chosen: dict[int, int],
    twice: bool,
    kit: Kit,
    asker: Asker,
    moving: Moving | None = None,
    flying: bool = False,
) -> None:
    """Gunfire / Indirect Fire on a troop (combined fire, dealt at once).

    Indirect Fire on a hex with a Bomb explodes it. Elite Dragons in flight
    take no damage from Trenches and Bunkers.
    """
    general, trench, indirect = fire_from(field, chosen, kit)
    log = asker.log
    log.say(msg("Combined fire deals {n} damage to #{hex}", n=general + trench, hex=target))
    for troop, resting in (
        (field["troops"].get(str(target)), True),
        ((moving or {}).get(target), False),
    ):
        if troop is None or troop["basic"] + troop["elite"] == 0:
            continue
        basic_only = trench if flying and troop["elite"] else 0
        lost = allocate_troop(
            troop, general + (0 if basic_only else trench), twice, kit.defences, basic_only
        )
        for kind in ("basic", "elite"):
            troop[kind] -= lost[kind]
            field["supply"][kind] += lost[kind]
        if lost["basic"] + lost["elite"]:
            log.say(
                msgn(
                    "{n} Invader on #{hex} falls",
                    "{n} Invaders on #{hex} fall",
                    n=lost["basic"] + lost["elite"],
                    hex=target,
                )
            )
        if resting and troop["basic"] + troop["elite"] == 0:
            del field["troops"][str(target)]
    tile = side(field, target)["tile"]
    if indirect and tile is not None and tile["type"] == "bomb":
        explode_bomb(field, target, twice, kit, asker, moving)


def offer_replacement(
    field: Field, hex_id: int, mine: dict[str, Any], kit: Kit, asker: Asker, moving: Moving | None
) -> None:
    """Guard Post/Tower "Replace": a destroyed Mine in sight comes back for Tools = its Strength.

    Asked (``replace-N``) only when a Guard Post or Guard Tower in sight of the
    hex has a Soldier action left, no Invader stands on the hex ("provided no
    Invaders survive the Battle on that hex") and the hex has no tile again.
    """
    if invaders_on(field, hex_id, moving) or side(field, hex_id)["tile"] is not None:
        return
    sources = actors(field, hex_id, "replace", kit)
    if not sources:
        return
    cost = kit.defences.tile_strength(mine)
    n = asker.number("replace")
    chosen = asker.ask(
        "replace",
        n,
        {"hex": hex_id, "mine": mine["kind"], "cost": cost, "sources": sorted(sources)},
    )
    if not chosen:
        return
    key = f"replace-{n}"
    if len(chosen) != 1 or chosen[0] not in sources:
        raise IllegalInput(
            msg("no Guard Post can replace the Mine on #{hex} from there", hex=hex_id), key
        )
    exhaust(field, chosen[0], "replace", kit)
    side(field, hex_id)["tile"] = dict(mine)
    asker.log.pay({"tools": cost})
    asker.log.say(
        msg(
            "{tile} on #{hex} replaced: pay {tools}",
            tile=tile_name(mine),
            hex=hex_id,
            tools=tools(cost),
        )
    )
