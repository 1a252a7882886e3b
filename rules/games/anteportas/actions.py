"""What the players did on the Battleground, as data: which actions are legal now, and doing them.

The assistant does not see the players' turns; they tell it, one action at a
time, through the guided builder (:mod:`rules.games.anteportas.forms`). Every
action is a dict ``{"do": name, ...its answers}`` and :func:`apply_action`
carries it out on the field with the same functions the Battle Phase uses
(Battles through :func:`~rules.games.anteportas.combat.fight`, Bombs through
:func:`~rules.games.anteportas.effects.explode_bomb`, ...).

Legality lives here so the builder offers only legal options: tiles only on
hexes in sight without Invaders or another tile, and no more tiles of a kind
than the box holds; Soldier actions only from Buildings that are manned by
the right Soldiers, have a Soldier action left and see the hex.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import IllegalInput
from rules.games.anteportas.asking import Asker, Log
from rules.games.anteportas.battle import (
    SOLDIER_NAMES,
    TILE_NAMES,
    BattleContext,
    battle_needed,
    tile_name,
)
from rules.games.anteportas.combat import fight, fire_sources
from rules.games.anteportas.effects import (
    Field,
    check_sources,
    exhaust,
    explode_bomb,
    gunfire,
    side,
)
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.sight import actors, in_sight
from rules.games.anteportas.units import BUILDING_KINDS, MINE_KINDS, tile_kind
from rules.games.anteportas.words import farmers_citizens
from rules.text import Msg, msg, msgn


@dataclass(frozen=True, kw_only=True)
class Table:
    """What besides the field shapes the actions: the variant, the Era, the last hex touched."""

    twice: bool = False
    era: int = 1
    #: The hex the table's last action went to (offered again first: "carry over").
    last_hex: int | None = None


# -- legality ---------------------------------------------------------------------------


def combat_engineer_open(table: Table) -> bool:
    """ "At the Combat Engineer (Era II)": Plant a Bomb and Fire a Bomb only from Era II on."""
    return table.era >= 2


def placeable(field: Field, kit: Kit) -> list[int]:
    """Hexes a tile may be placed on: in sight, no Invaders, no tile yet."""
    seen = in_sight(field, kit)
    return sorted(
        h for h in seen if str(h) not in field["troops"] and side(field, h)["tile"] is None
    )


def tiles_left(field: Field, kind: str, kit: Kit) -> int:
    """How many more tiles of ``kind`` the box holds (double-sided tiles share one count)."""
    on_board = [tile_kind(s["tile"]) for s in field["hexes"].values() if s["tile"] is not None]
    left = 99
    for limit in kit.defences.components["limits"]:
        if kind in limit["kinds"]:
            used = sum(1 for k in on_board if k in limit["kinds"])
            left = min(left, int(limit["tiles"]) - used)
    return max(0, left)


def colonists_left(field: Field, kind: str, kit: Kit) -> int:
    """Farmers or Citizens the box holds beyond those on the Battleground and in the Sickbay."""
    box = field.get("box", {}).get(kind, kit.defences.box(kind))
    return max(0, int(box) - _colonists_used(field, kind))


def movable(field: Field, kit: Kit) -> list[int]:
    """Hexes with Mobile Units that may move: upright Soldiers, a Catapult or Howitzer."""
    out = []
    for key, s in field["hexes"].items():
        upright = any(not x["exhausted"] for x in s["soldiers"])
        tile = s["tile"]
        mobile = tile is not None and tile["type"] == "building" and _mobile(tile, kit)
        if upright or mobile:
            out.append(int(key))
    return sorted(out)


def _mobile(tile: dict[str, Any], kit: Kit) -> bool:
    return bool(kit.defences.buildings[tile["kind"]]["mobile"])


def move_targets(field: Field, start: int, reach: int, kit: Kit) -> list[int]:
    """Hexes a Mobile Unit on ``start`` can reach: one hex, or two with the Supreme Commander.

    A two-hex move goes through a hex without Invaders (moving onto Invaders
    ends the move in a Battle there).
    """
    board = kit.board
    out = set(board.adjacent(start))
    if reach >= 2:
        for middle in board.adjacent(start):
            if str(middle) not in field["troops"]:
                out.update(board.adjacent(middle))
    out.discard(start)
    return sorted(out)


def buildings(field: Field) -> list[int]:
    return sorted(
        int(k) for k, s in field["hexes"].items() if s["tile"] and s["tile"]["type"] == "building"
    )


def soldier_entries(field: Field, exhausted_only: bool = False) -> list[tuple[int, str, bool, int]]:
    """``(hex, kind, exhausted, count)`` for every group of Soldiers on the Battleground."""
    out = []
    for key, s in sorted(field["hexes"].items(), key=lambda kv: int(kv[0])):
        for kind in ("farmer", "citizen"):
            for tired in (False, True):
                n = sum(1 for x in s["soldiers"] if x["kind"] == kind and x["exhausted"] == tired)
                if n and (tired or not exhausted_only):
                    out.append((int(key), kind, tired, n))
    return out


def entry_key(hex_id: int, kind: str, exhausted: bool) -> str:
    return f"{hex_id}-{kind}" + ("-exhausted" if exhausted else "")


def gunfire_targets(field: Field, kit: Kit) -> list[int]:
    """Hexes with resting Invaders some Building can fire on now."""
    return sorted(
        int(h)
        for h, troop in field["troops"].items()
        if fire_sources(field, int(h), troop, False, kit)
    )


def tile_hexes(field: Field, kind: str) -> list[int]:
    return sorted(
        int(k) for k, s in field["hexes"].items() if s["tile"] and tile_kind(s["tile"]) == kind
    )


def trapped(field: Field) -> list[int]:
    """Hexes with Invaders in a Trap."""
    return [h for h in tile_hexes(field, "trap") if str(h) in field["troops"]]


def guard_posts_for(field: Field, target: int, action: str, kit: Kit) -> list[int]:
    """Guard Posts/Towers that can take ``action`` (knockback, fire_bomb) on ``target`` now."""
    return sorted(actors(field, target, action, kit))


def knockback_groups(troop: dict[str, int]) -> list[tuple[int, int]]:
    """The legal ``(basic, elite)`` groups to send back: one to three Invaders of the troop."""
    return [
        (b, e)
        for b in range(min(3, troop["basic"]) + 1)
        for e in range(min(3, troop["elite"]) + 1)
        if 1 <= b + e <= 3
    ]


# -- doing ------------------------------------------------------------------------------


def apply_action(
    field: Field, action: dict[str, Any], table: Table, kit: Kit, asker: Asker
) -> None:
    """Carry out one action on ``field`` (changed in place); Battles and questions included."""
    do = action["do"]
    handler = HANDLERS.get(do)
    if handler is None:
        raise IllegalInput(msg("this is not an action of the game"), "action")
    handler(field, action, table, kit, asker)


def too_few_upright(hex_id: int, n: int, kind: str, key: str) -> IllegalInput:
    """The refusal when more upright Soldiers of ``kind`` are moved than stand on the hex."""
    return IllegalInput(
        msgn(
            "#{hex} has only {n} upright {unit}",
            "#{hex} has only {n} upright {unit}s",
            hex=hex_id,
            n=n,
            unit=SOLDIER_NAMES[kind],
        ),
        key,
    )


def _some(count: int, what: str) -> None:
    if count <= 0:
        raise IllegalInput(msg("nothing was chosen: set at least one"), what)


def enlisted(
    field: Field, a: dict[str, Any], kit: Kit, point: int, log: Log
) -> list[dict[str, Any]]:
    """The Soldiers an Enlist brings onto ``point``, checked against the box (not yet placed)."""
    _some(a["farmer"] + a["citizen"], "units")
    for kind in ("farmer", "citizen"):
        if a[kind] > colonists_left(field, kind, kit):
            raise IllegalInput(
                msg("the box holds no more {unit} figures", unit=SOLDIER_NAMES[kind]), "units"
            )
    log.say(
        msg(
            "Enlisted: {people} on #{hex}",
            people=farmers_citizens(a["farmer"], a["citizen"]),
            hex=point,
        )
    )
    if a["citizen"]:
        log.say(msg("Newly enlisted Citizens must be sustained now by the active player."))
    return [{"kind": k, "exhausted": False} for k in ("farmer", "citizen") for _ in range(a[k])]


def _enlist(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    point = kit.board.spawn_point
    side(field, point)["soldiers"] += enlisted(field, a, kit, point, asker.log)
    _battle_if_invaders(field, point, table, kit, asker)


def _battle_if_invaders(
    field: Field, hex_id: int, table: Table, kit: Kit, asker: Asker, bonus: int = 0
) -> None:
    """Units moved onto Invaders fight at once (the players' Battles ask like any other)."""
    troop = field["troops"].get(str(hex_id))
    if troop is None:
        return
    ctx = BattleContext(twice=table.twice, defence_bonus=bonus)
    if battle_needed(side(field, hex_id), ctx, troop, kit.defences):
        fight(field, hex_id, troop, ctx, kit, asker, moving=False)


def _take(field: Field, picks: dict[str, int], where: str) -> dict[int, list[dict[str, Any]]]:
    """Remove the picked Soldiers (``"7-farmer-exhausted": 1``); returns them by hex."""
    taken: dict[int, list[dict[str, Any]]] = {}
    for key, n in picks.items():
        if not n:
            continue
        parts = key.split("-")
        hex_id, kind, tired = int(parts[0]), parts[1], len(parts) > 2
        s = side(field, hex_id)
        matching = [
            i for i, x in enumerate(s["soldiers"]) if x["kind"] == kind and x["exhausted"] == tired
        ]
        if n > len(matching):
            raise IllegalInput(
                msgn(
                    "#{hex} holds only {n} such Soldier",
                    "#{hex} holds only {n} such Soldiers",
                    hex=hex_id,
                    n=len(matching),
                ),
                where,
            )
        for i in reversed(matching[:n]):
            taken.setdefault(hex_id, []).append(s["soldiers"].pop(i))
    return taken


def _discharge(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    _some(sum(a["soldiers"].values()), "soldiers")
    taken = _take(field, a["soldiers"], "soldiers")
    n = sum(len(v) for v in taken.values())
    asker.log.say(
        msgn(
            "{n} Soldier discharged into free Residences",
            "{n} Soldiers discharged into free Residences",
            n=n,
        )
    )


def _to_sickbay(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    _some(sum(a["soldiers"].values()), "soldiers")
    taken = _take(field, a["soldiers"], "soldiers")
    for soldiers in taken.values():
        for x in soldiers:
            field["sickbay"][x["kind"]] += 1
    n = sum(len(v) for v in taken.values())
    asker.log.say(
        msgn("{n} Soldier moved to the Sickbay", "{n} Soldiers moved to the Sickbay", n=n)
    )


def _deploy(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    start, to = a["from"], a["to"]
    reach = 2 if a["supreme"] else 1
    if to not in move_targets(field, start, reach, kit):
        raise IllegalInput(msg("#{to} is out of reach from #{start}", to=to, start=start), "to")
    here, there = side(field, start), side(field, to)
    moving = []
    for kind in ("farmer", "citizen"):
        upright = [
            i for i, x in enumerate(here["soldiers"]) if x["kind"] == kind and not x["exhausted"]
        ]
        if a[kind] > len(upright):
            raise too_few_upright(start, len(upright), kind, kind)
        moving += upright[: a[kind]]
    soldiers = [here["soldiers"][i] for i in sorted(moving)]
    for i in sorted(moving, reverse=True):
        del here["soldiers"][i]
    if a["building"]:
        tile = here["tile"]
        if tile is None or tile["type"] != "building" or not _mobile(tile, kit):
            raise IllegalInput(
                msg("there is no Catapult or Howitzer on #{hex}", hex=start), "building"
            )
        if there["tile"] is not None:
            raise IllegalInput(
                msg(
                    "#{hex} already holds a tile: no hex may contain more than one Defensive Work",
                    hex=to,
                ),
                "building",
            )
        there["tile"], here["tile"] = tile, None
    if not soldiers and not a["building"]:
        raise IllegalInput(msg("nothing was chosen: set at least one"), "units")
    there["soldiers"] += soldiers
    asker.log.say(msg("Units moved from #{a} to #{b}", a=start, b=to))
    _battle_if_invaders(field, to, table, kit, asker, 1 if a["supreme"] else 0)


def _rotate(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    tile = side(field, a["hex"])["tile"]
    if tile is None or tile["type"] != "building":
        raise IllegalInput(msg("there is no Building on #{hex}", hex=a["hex"]), "hex")
    tile["rotation"] = (tile.get("rotation", 0) + a["turn"]) % 6
    asker.log.say(msg("{tile} on #{hex} rotated", tile=tile_name(tile), hex=a["hex"]))


def in_sickbay(kind: str, n: int) -> Msg:
    """How many Soldiers of ``kind`` the Sickbay holds, in the language's plural form."""
    if kind == "farmer":
        return msgn("the Sickbay holds {n} Farmer", "the Sickbay holds {n} Farmers", n=n)
    return msgn("the Sickbay holds {n} Citizen", "the Sickbay holds {n} Citizens", n=n)


def only_exhausted(kind: str, hex_number: int, n: int) -> Msg:
    """How many exhausted Soldiers of ``kind`` stand on a hex, in the language's plural form."""
    if kind == "farmer":
        return msgn(
            "#{hex} has only {n} exhausted Farmer",
            "#{hex} has only {n} exhausted Farmers",
            hex=hex_number,
            n=n,
        )
    return msgn(
        "#{hex} has only {n} exhausted Citizen",
        "#{hex} has only {n} exhausted Citizens",
        hex=hex_number,
        n=n,
    )


def _heal(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    _some(a["farmer"] + a["citizen"], "units")
    costs = kit.defences.costs["heal"]
    for kind in ("farmer", "citizen"):
        if a[kind] > field["sickbay"][kind]:
            held = in_sickbay(kind, field["sickbay"][kind])  # a msgn: its plural form
            raise IllegalInput(held, kind)
        field["sickbay"][kind] -= a[kind]
        for good, n in costs[kind].items():
            asker.log.pay({good: n * a[kind]})
    asker.log.say(
        msg(
            "Healed and sent home: {people}",
            people=farmers_citizens(a["farmer"], a["citizen"]),
        )
    )


def _upright(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    _some(sum(a["soldiers"].values()), "soldiers")
    costs = kit.defences.costs["upright"]
    count = 0
    for key, n in a["soldiers"].items():
        if not n:
            continue
        hex_text, kind, *_ = key.split("-")
        s = side(field, int(hex_text))
        tired = [x for x in s["soldiers"] if x["kind"] == kind and x["exhausted"]]
        if n > len(tired):
            tired_only = only_exhausted(kind, int(hex_text), len(tired))  # a msgn
            raise IllegalInput(tired_only, "soldiers")
        for x in tired[:n]:
            x["exhausted"] = False
        for good, k in costs[kind].items():
            asker.log.pay({good: k * n})
        count += n
    asker.log.say(msgn("{n} Soldier set upright", "{n} Soldiers set upright", n=count))


def _place_tile(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    hex_id = a["hex"]
    kind = a.get("kind") or a["do"]
    if kind == "bomb" and not combat_engineer_open(table):
        raise IllegalInput(msg("the Combat Engineer opens in Era II"), "action")
    if hex_id not in placeable(field, kit):
        raise IllegalInput(
            msg(
                "tiles go only on hexes in sight without Invaders or another tile (#{hex} is not)",
                hex=hex_id,
            ),
            "hex",
        )
    if tiles_left(field, kind, kit) < 1:
        raise IllegalInput(
            msg(
                "all {tile} tiles are in use (components are limited)",
                tile=TILE_NAMES[kind],
            ),
            "kind",
        )
    if kind in MINE_KINDS:
        tile: dict[str, Any] = {"type": "mine", "kind": kind}
        asker.log.pay(kit.defences.costs["mines"][kind])
    elif kind in BUILDING_KINDS:
        tile = {"type": "building", "kind": kind, "rotation": 0}
    else:
        tile = {"type": kind}
        asker.log.pay(kit.defences.costs[kind])
    side(field, hex_id)["tile"] = tile
    asker.log.say(msg("{tile} placed on #{hex}", tile=tile_name(tile), hex=hex_id))


def _fire_bomb(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    hex_id = a["hex"]
    if hex_id not in tile_hexes(field, "bomb"):
        raise IllegalInput(msg("there is no Bomb on #{hex}", hex=hex_id), "hex")
    if a.get("by") is not None:
        if a["by"] not in guard_posts_for(field, hex_id, "fire_bomb", kit):
            raise IllegalInput(
                msg("the Guard Post on #{hex} cannot fire this Bomb", hex=a["by"]), "by"
            )
        exhaust(field, a["by"], "fire_bomb", kit)
    elif not combat_engineer_open(table):
        raise IllegalInput(msg("the Combat Engineer opens in Era II"), "action")
    explode_bomb(field, hex_id, table.twice, kit, asker)


def _knockback(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    start = a["hex"]
    if start not in trapped(field):
        raise IllegalInput(msg("there are no Invaders in a Trap on #{hex}", hex=start), "hex")
    troop = field["troops"][str(start)]
    sent = {"basic": a["basic"], "elite": a["elite"]}
    if (sent["basic"], sent["elite"]) not in knockback_groups(troop):
        raise IllegalInput(msg("send back one to three of the Invaders in the Trap"), "group")
    if a.get("by") is not None:
        if a["by"] not in guard_posts_for(field, start, "knockback", kit):
            raise IllegalInput(
                msg("the Guard Post on #{hex} cannot see #{target}", hex=a["by"], target=start),
                "by",
            )
        exhaust(field, a["by"], "knockback", kit)
    target = start
    for _ in range(a["distance"]):
        target, _ = kit.board.step(target, "up")
    if target == start:
        asker.log.say(msg("The Invaders on #{hex} cannot be sent further back", hex=start))
        return
    for k in troop:
        troop[k] -= sent[k]
    if troop["basic"] + troop["elite"] == 0:
        del field["troops"][str(start)]
    here = field["troops"].setdefault(str(target), {"basic": 0, "elite": 0})
    for k in sent:
        here[k] += sent[k]
    asker.log.say(msg("Invaders knocked back from #{a} to #{b}", a=start, b=target))
    _battle_if_invaders(field, target, table, kit, asker)


def _gunfire(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    target = a["hex"]
    troop = field["troops"].get(str(target))
    if troop is None:
        raise IllegalInput(msg("there are no Invaders on #{hex}", hex=target), "hex")
    sources = fire_sources(field, target, troop, False, kit)
    chosen = [h for h, n in sorted(a["sources"].items()) for _ in range(n)]
    counts = check_sources([int(h) for h in chosen], sources, target, "sources")
    if not counts:
        raise IllegalInput(msg("choose at least one Building that fires"), "sources")
    gunfire(field, target, counts, table.twice, kit, asker)


def _correct(field: Field, a: dict[str, Any], table: Table, kit: Kit, asker: Asker) -> None:
    """Set hexes to what is on the table (corrections, or a camera's reading confirmed)."""
    for key, value in sorted(a["hexes"].items(), key=lambda kv: int(kv[0])):
        s = side(field, int(key))
        s["soldiers"] = [
            {"kind": kind, "exhausted": tired}
            for kind in ("farmer", "citizen")
            for tired in (False, True)
            for _ in range(value["soldiers"].get(kind + ("_exhausted" if tired else ""), 0))
        ]
        s["tile"] = value["tile"]
        troop = value["invaders"]
        old = field["troops"].pop(key, {"basic": 0, "elite": 0})
        for k in ("basic", "elite"):
            field["supply"][k] += old[k] - troop[k]
            if field["supply"][k] < 0:
                raise IllegalInput(msg("the box holds fewer Invaders"), f"invaders-{key}")
        if troop["basic"] + troop["elite"]:
            field["troops"][key] = dict(troop)
        asker.log.say(msg("Hex #{hex} updated", hex=int(key)))
    for kind in ("farmer", "citizen"):
        if colonists_left(field, kind, kit) == 0 and _colonists_used(
            field, kind
        ) > kit.defences.box(kind):
            raise IllegalInput(
                msg(
                    "the box holds only {n} {unit} figures",
                    n=kit.defences.box(kind),
                    unit=SOLDIER_NAMES[kind],
                ),
                "soldiers",
            )
    for kind in ("trap", "bomb", *MINE_KINDS, *BUILDING_KINDS):
        if _over_limit(field, kind, kit):
            raise IllegalInput(
                msg("more {tile} tiles than the box holds", tile=TILE_NAMES[kind]), "tile"
            )


def _colonists_used(field: Field, kind: str) -> int:
    used: int = field["sickbay"][kind] + sum(
        1 for s in field["hexes"].values() for x in s["soldiers"] if x["kind"] == kind
    )
    return used


def _over_limit(field: Field, kind: str, kit: Kit) -> bool:
    on_board = [tile_kind(s["tile"]) for s in field["hexes"].values() if s["tile"] is not None]
    return any(
        sum(1 for k in on_board if k in limit["kinds"]) > int(limit["tiles"])
        for limit in kit.defences.components["limits"]
        if kind in limit["kinds"]
    )


HANDLERS = {
    "enlist": _enlist,
    "discharge": _discharge,
    "sickbay": _to_sickbay,
    "deploy": _deploy,
    "rotate": _rotate,
    "heal": _heal,
    "upright": _upright,
    "mine": _place_tile,
    "trap": _place_tile,
    "bomb": _place_tile,
    "build": _place_tile,
    "fire_bomb": _fire_bomb,
    "knockback": _knockback,
    "gunfire": _gunfire,
    "correct": _correct,
}


def soldier_name(kind: str) -> Any:
    return SOLDIER_NAMES[kind]
