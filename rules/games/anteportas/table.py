"""The players' changes to the Battleground, typed as short commands.

The assistant does not see the players' turns; they tell it what changed on the
Battleground and which Soldier actions they take. Commands, separated by ``;``:

``set 7 C F guard_post``  hex #7 now holds a Citizen, a Farmer and a Guard Post
                          (``f``/``c`` = exhausted Farmer/Citizen; ``set 7 -`` empties it;
                          tiles: a building kind, a mine kind, ``trap``, ``bomb``). Setting
                          Soldiers on a hex with Invaders starts a Battle at once; add ``+1``
                          when the Supreme Commander moved them (+1 Strength)
``rotate 7 1``            turn the Building on #7 one position clockwise (-1: counter-)
``gunfire 12 from 7 9``   Gunfire (Trench/Bunker) or Indirect Fire (Catapult/Howitzer)
                          from the Buildings on #7 and #9 on #12, combined; each named
                          Building exhausts one Soldier (name a hex twice for two)
``bomb 12`` / ``bomb 12 from 4``  fire the Bomb on #12 (Combat Engineer / Guard Post action)
``knockback 12 2`` / ``knockback 12 2 from 4``  send up to 3 Invaders in the Trap on #12
                          back 2 hexes towards the Spawn Area (Trapper / Guard Post action)
``upright``               set every exhausted Soldier upright (Army Doctor)
``heal F 2``              send 2 Farmers from the Sickbay home (``C`` for Citizens)
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput, SituationError
from rules.games.anteportas.battle import BattleContext, battle_needed, resolve_battle
from rules.games.anteportas.board import battleground
from rules.games.anteportas.effects import Field, damage_troop, explode_bomb
from rules.games.anteportas.sight import building_reach, in_sight, manned
from rules.games.anteportas.units import check_tile, defences
from rules.text import Msg, msg

FIELD = "change"
SOLDIER_CODES = {"F": ("farmer", False), "C": ("citizen", False), "f": ("farmer", True)}
SOLDIER_CODES["c"] = ("citizen", True)


def parse_hex(token: str) -> int:
    try:
        return battleground().check_hex(token.lstrip("#"), FIELD)
    except SituationError as exc:
        raise IllegalInput(exc.problem, FIELD) from None


def parse_tile(token: str) -> dict[str, Any]:
    defs = defences()
    if token in defs.buildings:
        raw: dict[str, Any] = {"type": "building", "kind": token}
    elif token in defs.mines:
        raw = {"type": "mine", "kind": token}
    elif token in ("trap", "bomb"):
        raw = {"type": token}
    else:
        known = ", ".join([*defs.buildings, *defs.mines, "trap", "bomb"])
        raise IllegalInput(f"'{token}' is not a Soldier (F C f c) or tile ({known})", FIELD)
    tile = check_tile(raw, FIELD)
    assert tile is not None
    return tile


def exhaust(field: Field, hex_id: int, action: str, where: str = "change") -> None:
    """Exhaust one upright Soldier of the right kind on a Building offering ``action``.

    At most as many Soldiers as the Building shows Workers may be exhausted on it.
    """
    s = field["hexes"][str(hex_id)]
    tile = s["tile"]
    if tile is None or tile["type"] != "building":
        raise IllegalInput(f"there is no Building on #{hex_id}", where)
    spec = defences().buildings[tile["kind"]]
    if action not in spec["actions"]:
        raise IllegalInput(f"the {tile['kind']} on #{hex_id} cannot take this action", where)
    wanted = spec["soldier"]
    tired = sum(1 for x in s["soldiers"] if x["exhausted"])
    if tired >= int(spec["workers"]):
        raise IllegalInput(
            f"the Building on #{hex_id} allows at most {spec['workers']} Soldier actions "
            "until its Soldiers are set upright",
            where,
        )
    for x in s["soldiers"]:
        if x["kind"] == wanted and not x["exhausted"]:
            x["exhausted"] = True
            return
    raise IllegalInput(f"no upright {wanted} mans the Building on #{hex_id}", where)


def apply_commands(field: Field, text: str, twice: bool) -> list[Msg]:
    """Apply the players' commands to ``field`` (changed in place); the step list."""
    steps: list[Msg] = []
    for raw in text.split(";"):
        words = raw.split()
        if not words or words[0].lower() == "done":
            continue
        verb, args = words[0].lower(), words[1:]
        if verb == "set":
            _set(field, args, steps)
        elif verb == "rotate" and len(args) == 2:
            hex_id = parse_hex(args[0])
            tile = field["hexes"][str(hex_id)]["tile"]
            if tile is None or tile["type"] != "building":
                raise IllegalInput(f"there is no Building on #{hex_id} to rotate", FIELD)
            tile["rotation"] = (tile.get("rotation", 0) + int(args[1])) % 6
            steps.append(msg("Building on #{hex} rotated", hex=hex_id))
        elif verb == "gunfire" and len(args) >= 3 and args[1] == "from":
            _gunfire(field, parse_hex(args[0]), [parse_hex(a) for a in args[2:]], twice, steps)
        elif verb == "bomb" and args:
            _bomb(field, args, twice, steps)
        elif verb == "knockback" and len(args) >= 2:
            _knockback(field, args, twice, steps)
        elif verb == "upright" and not args:
            for s in field["hexes"].values():
                for x in s["soldiers"]:
                    x["exhausted"] = False
            steps.append(msg("All Soldiers set upright"))
        elif verb == "heal" and len(args) == 2 and args[0].upper() in ("F", "C"):
            kind = "farmer" if args[0].upper() == "F" else "citizen"
            n = int(args[1]) if args[1].isdigit() else -1
            if not 0 <= n <= field["sickbay"][kind]:
                raise IllegalInput(f"the Sickbay holds {field['sickbay'][kind]} {kind}(s)", FIELD)
            field["sickbay"][kind] -= n
            steps.append(msg("{n} Soldier(s) healed and sent home", n=n))
        else:
            raise IllegalInput(f"'{raw.strip()}' is not a command (see the help)", FIELD)
    return steps


def _set(field: Field, args: list[str], steps: list[Msg]) -> None:
    if not args:
        raise IllegalInput("'set' needs a hex number", FIELD)
    hex_id = parse_hex(args[0])
    soldiers: list[dict[str, Any]] = []
    tile = None
    bonus = 0
    for token in args[1:]:
        if token == "-":
            continue
        if token == "+1":  # moved in by the Supreme Commander: +1 in the Battle this starts
            bonus = 1
            continue
        if token in SOLDIER_CODES:
            kind, tired = SOLDIER_CODES[token]
            soldiers.append({"kind": kind, "exhausted": tired})
            continue
        if tile is not None:
            raise IllegalInput("no hex can have more than one tile on it", FIELD)
        tile = parse_tile(token)
    s = field["hexes"][str(hex_id)]
    new_tile = tile is not None and tile != s["tile"]
    if new_tile and str(hex_id) in field["troops"]:
        raise IllegalInput("you cannot place tiles on hexes containing Invaders", FIELD)
    # Soldiers standing on the hex put it in sight (hexes with your Units are in sight).
    if new_tile and not soldiers and hex_id not in in_sight(field):
        raise IllegalInput(f"you may only place tiles on hexes in sight (#{hex_id} is not)", FIELD)
    if new_tile:
        check_components(field, hex_id, tile)
    s["soldiers"], s["tile"] = soldiers, tile
    steps.append(msg("Hex #{hex} updated", hex=hex_id))
    if str(hex_id) in field["troops"] and soldiers:
        ctx = BattleContext(twice=False)
        troop = field["troops"][str(hex_id)]
        if battle_needed(s, ctx, troop):
            battle_now(field, hex_id, steps, bonus)


def check_components(field: Field, hex_id: int, tile: dict[str, Any] | None) -> None:
    """The components are limited on purpose: no more tiles of a type than the box holds."""
    if tile is None:
        return
    kind = tile.get("kind") or tile["type"]
    on_board = [
        s["tile"].get("kind") or s["tile"]["type"]
        for key, s in field["hexes"].items()
        if s["tile"] is not None and key != str(hex_id)
    ]
    for limit in defences().components["limits"]:
        if kind in limit["kinds"]:
            used = sum(1 for k in on_board if k in limit["kinds"])
            if used + 1 > int(limit["tiles"]):
                raise IllegalInput(
                    f"all {limit['tiles']} {'/'.join(limit['kinds'])} tiles are in use "
                    "(components are limited on purpose)",
                    FIELD,
                )


def battle_now(field: Field, hex_id: int, steps: list[Msg], bonus: int = 0) -> None:
    """Moving Units onto Invaders results in Battle immediately."""
    troop = field["troops"][str(hex_id)]
    twice = bool(field.get("twice", False))
    result = resolve_battle(
        hex_id, field["hexes"][str(hex_id)], troop, BattleContext(twice=twice, defence_bonus=bonus)
    )
    field["hexes"][str(hex_id)] = result.side
    for k, n in result.wounded.items():
        field["sickbay"][k] += n
    for k, n in result.invaders_lost.items():
        field["supply"][k] += n
    if result.survivors["basic"] + result.survivors["elite"]:
        field["troops"][str(hex_id)] = result.survivors
    else:
        del field["troops"][str(hex_id)]
    steps.extend(result.steps)


def _gunfire(field: Field, target: int, sources: list[int], twice: bool, steps: list[Msg]) -> None:
    defs = defences()
    damage = 0
    explode = False
    for source in sources:
        if source == target:
            raise IllegalInput("a Building cannot fire on the hex it is built on", FIELD)
        s = field["hexes"][str(source)]
        tile = s["tile"]
        if tile is None or tile["type"] != "building" or not manned(s):
            raise IllegalInput(f"there is no manned Building on #{source}", FIELD)
        spec = defs.buildings[tile["kind"]]
        indirect = "indirect_fire" in spec["actions"]
        action = "indirect_fire" if indirect else "gunfire"
        if target not in building_reach(field, source, over_invaders=indirect):
            raise IllegalInput(f"#{target} is not in sight of the Building on #{source}", FIELD)
        exhaust(field, source, action)
        damage += int(spec.get("damage", 0))
        explode = explode or indirect
    steps.append(msg("Combined fire deals {n} damage to #{hex}", n=damage, hex=target))
    tile = field["hexes"][str(target)]["tile"]
    if explode and tile is not None and tile["type"] == "bomb":
        explode_bomb(field, target, twice, steps)
    damage_troop(field, target, damage, twice, steps)


def _bomb(field: Field, args: list[str], twice: bool, steps: list[Msg]) -> None:
    target = parse_hex(args[0])
    tile = field["hexes"][str(target)]["tile"]
    if tile is None or tile["type"] != "bomb":
        raise IllegalInput(f"there is no Bomb on #{target}", FIELD)
    if len(args) == 3 and args[1] == "from":
        source = parse_hex(args[2])
        if target not in building_reach(field, source):
            raise IllegalInput(f"#{target} is not in sight of the Guard Post on #{source}", FIELD)
        exhaust(field, source, "fire_bomb")
    explode_bomb(field, target, twice, steps)


def _knockback(field: Field, args: list[str], twice: bool, steps: list[Msg]) -> None:
    board = battleground()
    start = parse_hex(args[0])
    distance = int(args[1]) if args[1] in ("1", "2") else 0
    if not distance:
        raise IllegalInput("Knockback sends Invaders back one or two hexes", FIELD)
    s = field["hexes"][str(start)]
    if s["tile"] is None or s["tile"]["type"] != "trap" or str(start) not in field["troops"]:
        raise IllegalInput(f"there are no Invaders in a Trap on #{start}", FIELD)
    if len(args) == 4 and args[2] == "from":
        source = parse_hex(args[3])
        if start not in building_reach(field, source):
            raise IllegalInput(f"#{start} is not in sight of the Guard Post on #{source}", FIELD)
        exhaust(field, source, "knockback")
    troop = field["troops"][str(start)]
    sent = {"basic": min(3, troop["basic"])}
    sent["elite"] = min(3 - sent["basic"], troop["elite"])
    target = start
    for _ in range(distance):
        target, _ = board.step(target, "up")
    if target == start:
        return
    for k in troop:
        troop[k] -= sent[k]
    if troop["basic"] + troop["elite"] == 0:
        del field["troops"][str(start)]
    here = field["troops"].setdefault(str(target), {"basic": 0, "elite": 0})
    for k in sent:
        here[k] += sent[k]
    steps.append(msg("Invaders knocked back from #{a} to #{b}", a=start, b=target))
    other = field["hexes"][str(target)]
    if battle_needed(other, BattleContext(twice=twice), here):
        battle_now(field, target, steps)
