"""A Battle at the table: fire support, the players' Mine-or-Soldiers choice, the result applied.

Every Battle goes through :func:`fight`, whoever started it (a troop moving
onto your Units, Invaders spawning on them, Soldiers deployed or enlisted onto
Invaders, a Knockback into your Units), so every Battle asks the same
questions in the same order:

1. ``support-N``: Trenches, Bunkers, Catapults and Howitzers that can fire on
   the hex may add their damage to your Strength ("During Battle, you can use
   Trenches and Bunkers to increase your total Strength by firing on the hex");
   Indirect Fire on a hex with a Bomb explodes it;
2. ``battle-N``: Mine or Soldiers first, when the two orders lose different Units;
3. ``replace-N``: a Mine destroyed in a Battle no Invader survived may be replaced.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.games.anteportas.asking import Asker
from rules.games.anteportas.battle import (
    FLIGHT_IMMUNE_TILES,
    BattleContext,
    BattleResult,
    battle_needed,
    resolve_battle,
)
from rules.games.anteportas.effects import (
    Field,
    check_sources,
    explode_bomb,
    fire_from,
    offer_replacement,
    side,
)
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.sight import actors
from rules.text import msg


def fire_sources(
    field: Field, target: int, troop: dict[str, int], flying: bool, kit: Kit
) -> dict[int, int]:
    """Buildings that can fire on ``target`` now, with the Soldiers each can exhaust.

    Trenches and Bunkers are left out against a flying troop of Elite Dragons
    only: they could not harm it.
    """
    sources = actors(field, target, "gunfire", kit)
    if flying and troop["elite"] and not troop["basic"]:
        sources = {
            h: n
            for h, n in sources.items()
            if side(field, h)["tile"]["kind"] not in FLIGHT_IMMUNE_TILES
        }
    return sources


def fight(
    field: Field,
    hex_id: int,
    troop: dict[str, int],
    ctx: BattleContext,
    kit: Kit,
    asker: Asker,
    *,
    moving: bool,
) -> BattleResult | None:
    """The Battle on ``hex_id`` against ``troop`` (changed in place to the survivors).

    ``moving``: the troop is not resting in ``field["troops"]`` (it is moving
    onto the hex). Returns the result, or ``None`` when support fire (a Bomb
    set off by Indirect Fire) left nobody to fight.
    """
    log = asker.log
    defs = kit.defences
    n = asker.number("battle")
    moving_map = {hex_id: troop} if moving else None
    sources = fire_sources(field, hex_id, troop, ctx.flying, kit)
    if sources:
        chosen = asker.ask(
            "support",
            n,
            {
                "hex": hex_id,
                "units": dict(troop),
                "sources": {str(h): k for h, k in sources.items()},
            },
        )
        counts = check_sources(list(chosen), sources, hex_id, f"support-{n}")
        general, trench, indirect = fire_from(field, counts, kit)
        if general + trench:
            log.say(
                msg(
                    "Fire support adds {n} to your Strength on #{hex}",
                    n=general + trench,
                    hex=hex_id,
                )
            )
        ctx = replace(
            ctx,
            defence_bonus=ctx.defence_bonus + general,
            gunfire_bonus=ctx.gunfire_bonus + trench,
        )
        tile = side(field, hex_id)["tile"]
        if indirect and tile is not None and tile["type"] == "bomb":
            explode_bomb(field, hex_id, ctx.twice, kit, asker, moving_map)
            if not moving and str(hex_id) not in field["troops"]:
                troop.update({"basic": 0, "elite": 0})
            if troop["basic"] + troop["elite"] == 0 or not battle_needed(
                side(field, hex_id), ctx, troop, defs
            ):
                return None
    result = resolve_battle(hex_id, side(field, hex_id), troop, ctx, defs)
    if result.mine_choice:
        answer = asker.ask(
            "battle",
            n,
            {
                "hex": hex_id,
                "units": dict(troop),
                "options": result.mine_choice,
                "ours": result.our_strength,
                "theirs": result.their_strength,
            },
        )
        if (answer == "mine") != ctx.mine_first:
            result = resolve_battle(
                hex_id, side(field, hex_id), troop, replace(ctx, mine_first=answer == "mine"), defs
            )
    field["hexes"][str(hex_id)] = result.side
    for kind, k in result.wounded.items():
        field["sickbay"][kind] += k
    for kind, k in result.invaders_lost.items():
        field["supply"][kind] += k
    troop.update(result.survivors)
    if not moving and troop["basic"] + troop["elite"] == 0:
        field["troops"].pop(str(hex_id), None)
    for step in result.steps:
        log.say(step)
    for finding in result.trace:
        log.tracer.add(finding.rule, finding.finding, **finding.data)
    for tile in result.tiles_lost:
        if tile["type"] == "mine":
            offer_replacement(field, hex_id, tile, kit, asker, moving_map)
    return result


def battle_record(result: BattleResult | None) -> dict[str, Any] | None:
    return None if result is None else result.to_json()
