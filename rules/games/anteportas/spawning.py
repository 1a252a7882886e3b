"""Spawning Invaders from the top of Movement cards, and the order of a Battle Phase.

"Turn over two Movement cards from the pile and place the Units shown at the
top of the card on the indicated hexes within the Spawn Area." The components
are limited on purpose: only what the supply holds is placed. Invaders that
spawn onto your Units fight at once (:func:`rules.games.anteportas.combat.fight`).

The Battle Phase takes "the occupied hex with the smallest number and go[es]
through the hexes in numerical order": :func:`phase_order` at its start, and
:func:`next_troop` skips hexes emptied meanwhile (a troop that merged onto a
later hex moves with that troop).
"""

from __future__ import annotations

from typing import Any

from rules.games.anteportas.asking import Asker
from rules.games.anteportas.battle import BattleContext, battle_needed
from rules.games.anteportas.combat import fight
from rules.games.anteportas.effects import Field, side
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.words import basic_elite_units
from rules.text import msg


def spawn(field: Field, cards: list[dict[str, Any]], twice: bool, kit: Kit, asker: Asker) -> None:
    """Place every card's spawn on ``field`` (changed in place), Battles included."""
    log = asker.log
    for card in cards:
        for place in card["spawn"]:
            wanted = {k: place[k] for k in ("basic", "elite")}
            got = {k: min(wanted[k], field["supply"][k]) for k in wanted}
            if got != wanted:
                log.tracer.add(
                    "limited components",
                    msg(
                        "Only {units} are left in the supply",
                        units=basic_elite_units(field["supply"]["basic"], field["supply"]["elite"]),
                    ),
                )
            if not got["basic"] + got["elite"]:
                continue
            for k in got:
                field["supply"][k] -= got[k]
            troop = field["troops"].setdefault(str(place["hex"]), {"basic": 0, "elite": 0})
            for k in got:
                troop[k] += got[k]
            log.say(
                msg(
                    "Card {card}: place {units} on #{hex}",
                    card=card["id"],
                    units=basic_elite_units(got["basic"], got["elite"]),
                    hex=place["hex"],
                )
            )
            ctx = BattleContext(twice=twice)
            if battle_needed(side(field, place["hex"]), ctx, troop, kit.defences):
                fight(field, place["hex"], troop, ctx, kit, asker, moving=False)


def phase_order(field: Field) -> list[int]:
    """The hexes occupied at the start of a Battle Phase, smallest number first."""
    return sorted(int(h) for h in field["troops"])


def next_troop(queue: list[int], field: Field) -> int | None:
    """The next hex of ``queue`` that still holds a troop (emptied hexes are dropped)."""
    while queue and str(queue[0]) not in field["troops"]:
        queue.pop(0)
    return queue[0] if queue else None
