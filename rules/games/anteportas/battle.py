"""Resolving a Battle and allocating damage, exactly as "Resolving Battle" says.

Both sides add up their Strength. If yours is equal or greater, every Invader
falls and your Units take damage equal to the troop's total Strength; otherwise
all your Units on the hex are removed (Traps and unfired Bombs stay) and the
Invaders take damage equal to your total Strength.

Damage allocation on your side (:func:`allocate_defence`):

1. a Mine detonates first (any damage sets it off; it soaks up to its Strength),
   unless the players choose that the Soldiers take the damage first;
2. wound as many Soldiers as possible; among equally many, the choice that uses
   the most damage (so 3 damage wounds the Citizen, not the Farmer: text example);
3. with Soldiers first, the Mine then takes what is left (Farmers and Mines take
   damage before a Citizen absorbs it);
4. what is left is absorbed by surviving Soldiers (only Citizens can remain with
   damage left: they absorb 2 or lower);
5. only when no Soldier is left does the Building take the rest: it falls when
   the rest is at least its Strength and above 0; a Bunker withstands 2 or lower;
6. Traps and Bombs take no damage.

Invaders (:func:`allocate_troop`) lose as many Units as possible, Basic Units
first; an Elite Unit absorbs damage lower than its Strength.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.games.anteportas.units import Defences, defences
from rules.text import Msg, msg

TILE_NAMES: dict[str, Msg] = {
    "guard_post": msg("Guard Post"),
    "guard_tower": msg("Guard Tower"),
    "trench": msg("Trench"),
    "bunker": msg("Bunker"),
    "catapult": msg("Catapult"),
    "howitzer": msg("Howitzer"),
    "pressure": msg("Pressure Mine"),
    "bounding": msg("Bounding Mine"),
    "dummy": msg("Dummy Mine"),
    "trap": msg("Trap"),
    "bomb": msg("Bomb"),
}
SOLDIER_NAMES: dict[str, Msg] = {"farmer": msg("Farmer"), "citizen": msg("Citizen")}
#: Units an Elite Dragon takes no damage from while flying.
FLIGHT_IMMUNE_TILES = ("trench", "bunker")


def tile_name(tile: dict[str, Any]) -> Msg:
    return TILE_NAMES[tile.get("kind") or tile["type"]]


@dataclass
class DefenceLoss:
    """What damage did to one hex's own Units."""

    wounded: list[int] = field(default_factory=list)  # indices into side["soldiers"]
    tile_falls: bool = False
    absorbed: int = 0
    used: int = 0


def _best_soldiers(strengths: list[tuple[int, int]], damage: int) -> list[int]:
    """Indices to wound: most Soldiers, then most damage used, exhausted ones first."""
    farmers = [i for i, s in strengths if s == 1]
    citizens = [i for i, s in strengths if s == 3]
    best: tuple[int, int, int, int] = (-1, -1, 0, 0)
    for nc in range(len(citizens) + 1):
        if 3 * nc > damage:
            break
        nf = min(len(farmers), damage - 3 * nc)
        key = (nf + nc, nf + 3 * nc, nf, nc)
        if key[:2] > best[:2]:
            best = key
    _, _, nf, nc = best
    return sorted(farmers[:nf] + citizens[:nc])


def allocate_defence(
    side: dict[str, Any],
    damage: int,
    *,
    mine_first: bool = True,
    immune_farmers: bool = False,
    ignore_pressure_mine: bool = False,
    ignore_tile: bool = False,
) -> DefenceLoss:
    """Which of one hex's Units fall to ``damage`` (see the module docstring).

    Soldiers are tried exhausted ones first when it makes no difference which.
    ``immune_farmers``: Farmers take no part (an Elite Dragon in flight ignores them).
    """
    defs = defences()
    loss = DefenceLoss()
    left = max(0, damage)
    order = sorted(range(len(side["soldiers"])), key=lambda i: not side["soldiers"][i]["exhausted"])
    strengths = [
        (i, int(defs.soldier[side["soldiers"][i]["kind"]]["strength"]))
        for i in order
        if not (immune_farmers and side["soldiers"][i]["kind"] == "farmer")
    ]
    tile = None if ignore_tile else side.get("tile")
    mine = tile if tile and tile["type"] == "mine" else None
    if mine and ignore_pressure_mine and mine["kind"] == "pressure":
        mine = None

    def detonate() -> None:
        nonlocal left
        if mine is not None and left > 0 and not loss.tile_falls:
            loss.tile_falls = True
            taken = min(left, defs.tile_strength(mine))
            loss.used += taken
            left -= taken

    if mine_first:
        detonate()
    loss.wounded = _best_soldiers(strengths, left)
    taken = sum(s for i, s in strengths if i in loss.wounded)
    loss.used += taken
    left -= taken
    if not mine_first:
        detonate()
    survivors = [i for i, _ in strengths if i not in loss.wounded]
    if left > 0 and survivors:
        loss.absorbed = left
        return loss
    building = tile if tile and tile["type"] == "building" else None
    if building is not None and left > 0:
        spec = defs.buildings[building["kind"]]
        absorbs = int(spec.get("absorbs_up_to", -1))
        if left <= absorbs:
            loss.absorbed = left
        elif left >= int(spec["strength"]):
            loss.tile_falls = True
            loss.used += left
        else:
            loss.absorbed = left
        return loss
    loss.absorbed = left
    return loss


def allocate_troop(troop: dict[str, int], damage: int, twice: bool) -> dict[str, int]:
    """How many Basic and Elite Units fall to ``damage``: most Units, Basic first."""
    defs = defences()
    sb, se = defs.invader_strength("basic", twice), defs.invader_strength("elite", twice)
    best = (-1, -1, 0, 0)
    for ne in range(troop["elite"] + 1):
        if ne * se > damage:
            break
        nb = min(troop["basic"], (damage - ne * se) // sb)
        key = (nb + ne, nb * sb + ne * se, nb, ne)
        if key[:2] > best[:2]:
            best = key
    return {"basic": best[2], "elite": best[3]}


def troop_strength(troop: dict[str, int], twice: bool, modifier: int = 0) -> int:
    defs = defences()
    base = troop["basic"] * defs.invader_strength("basic", twice)
    base += troop["elite"] * defs.invader_strength("elite", twice)
    return max(0, base + modifier)


@dataclass(frozen=True)
class BattleContext:
    """Everything besides the two sides that changes a Battle's arithmetic."""

    twice: bool = False
    troop_modifier: int = 0  # Stronger/Weaker powers, Shoot/fire damage not yet applied
    defence_bonus: int = 0  # Gunfire/Indirect Fire in support, Supreme Commander +1
    flying: bool = False  # Dragons in flight: Pressure Mines and Traps do not count
    mine_first: bool = True


@dataclass
class BattleResult:
    """The outcome of one Battle: new hex side and troop, losses, and the step list."""

    hex_id: int
    our_strength: int
    their_strength: int
    defenders_win: bool
    side: dict[str, Any]
    survivors: dict[str, int]
    wounded: dict[str, int]
    tiles_lost: list[dict[str, Any]]
    invaders_lost: dict[str, int]
    steps: list[Msg]
    trace: list[tuple[str, str, dict[str, Any]]]
    mine_choice: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "hex": self.hex_id,
            "our_strength": self.our_strength,
            "their_strength": self.their_strength,
            "defenders_win": self.defenders_win,
            "side": self.side,
            "survivors": self.survivors,
            "wounded": self.wounded,
            "tiles_lost": self.tiles_lost,
            "invaders_lost": self.invaders_lost,
            "steps": [m.english() for m in self.steps],
            "mine_choice": self.mine_choice,
        }


def _participation(
    side: dict[str, Any], troop: dict[str, int], ctx: BattleContext, defs: Defences
) -> tuple[bool, bool, bool]:
    """(farmers immune, tile ignored, pressure mine ignored) for this Battle."""
    elite_only_in_flight = ctx.flying and troop["elite"] > 0 and troop["basic"] == 0
    tile = side.get("tile")
    tile_ignored = False
    if tile is not None:
        if elite_only_in_flight and tile.get("kind") in FLIGHT_IMMUNE_TILES:
            tile_ignored = True
        if ctx.flying and tile["type"] == "trap":
            tile_ignored = True
        if ctx.flying and tile["type"] == "mine" and tile["kind"] == "pressure":
            tile_ignored = True
    return elite_only_in_flight, tile_ignored, ctx.flying


def defence_strength(
    side: dict[str, Any], troop: dict[str, int], ctx: BattleContext
) -> tuple[int, list[str]]:
    """Your total Strength on the hex against this troop, with its parts for the trace."""
    defs = defences()
    immune_farmers, tile_ignored, _ = _participation(side, troop, ctx, defs)
    parts: list[str] = []
    total = 0
    for s in side["soldiers"]:
        if immune_farmers and s["kind"] == "farmer":
            continue
        value = int(defs.soldier[s["kind"]]["strength"])
        total += value
        parts.append(f"{s['kind']} {value}")
    tile = side.get("tile")
    if tile is not None and not tile_ignored:
        value = defs.tile_strength(tile)
        total += value
        parts.append(f"{tile.get('kind') or tile['type']} {value}")
    if ctx.defence_bonus:
        total += ctx.defence_bonus
        parts.append(f"support {ctx.defence_bonus}")
    return total, parts


def battle_needed(side: dict[str, Any], ctx: BattleContext, troop: dict[str, int]) -> bool:
    """A Battle starts on a hex with your Units, not on one with only a Trap or Bomb."""
    defs = defences()
    immune_farmers, tile_ignored, _ = _participation(side, troop, ctx, defs)
    soldiers = [s for s in side["soldiers"] if not (immune_farmers and s["kind"] == "farmer")]
    tile = side.get("tile")
    if soldiers:
        return True
    if tile is None or tile_ignored:
        return False
    return tile["type"] in ("building", "mine")


def resolve_battle(
    hex_id: int, side: dict[str, Any], troop: dict[str, int], ctx: BattleContext
) -> BattleResult:
    """Resolve one Battle on ``hex_id``; inputs are not changed."""
    defs = defences()
    side = copy.deepcopy(side)
    immune_farmers, tile_ignored, _ = _participation(side, troop, ctx, defs)
    ours, parts = defence_strength(side, troop, ctx)
    theirs = troop_strength(troop, ctx.twice, ctx.troop_modifier)
    trace: list[tuple[str, str, dict[str, Any]]] = [
        (
            "compare Strength",
            f"yours {ours} ({', '.join(parts) or 'nothing'}) vs Invaders {theirs}",
            {"ours": ours, "theirs": theirs, "modifier": ctx.troop_modifier},
        )
    ]
    steps: list[Msg] = [
        msg(
            "Battle on #{hex}: your Strength {ours} against the Invaders' {theirs}",
            hex=hex_id,
            ours=ours,
            theirs=theirs,
        )
    ]
    wounded = {"farmer": 0, "citizen": 0}
    tiles_lost: list[dict[str, Any]] = []
    mine_choice: list[dict[str, Any]] = []
    if ours >= theirs:
        loss = allocate_defence(
            side,
            theirs,
            mine_first=ctx.mine_first,
            immune_farmers=immune_farmers,
            ignore_pressure_mine=ctx.flying,
            ignore_tile=tile_ignored,
        )
        other = allocate_defence(
            side,
            theirs,
            mine_first=not ctx.mine_first,
            immune_farmers=immune_farmers,
            ignore_pressure_mine=ctx.flying,
            ignore_tile=tile_ignored,
        )
        if _offer_choice(side, loss, other):
            first, second = (loss, other) if ctx.mine_first else (other, loss)
            mine_choice = [
                {"mine_first": True, "falls": _falls(side, first)},
                {"mine_first": False, "falls": _falls(side, second)},
            ]
        trace.append(
            (
                "defenders win",
                f"all Invaders fall; your Units take {theirs} damage "
                f"({'Mine first' if ctx.mine_first else 'Soldiers first'})",
                {"damage": theirs, "absorbed": loss.absorbed},
            )
        )
        steps.append(msg("All {n} Invader(s) fall.", n=troop["basic"] + troop["elite"]))
        invaders_lost = dict(troop)
        survivors = {"basic": 0, "elite": 0}
        _apply_defence_loss(side, loss, wounded, tiles_lost, steps, hex_id)
        if loss.absorbed:
            steps.append(msg("The remaining {n} damage is absorbed.", n=loss.absorbed))
    else:
        trace.append(
            (
                "Invaders win",
                f"all your Units on #{hex_id} are removed (Traps and unfired Bombs stay); "
                f"the Invaders take {ours} damage",
                {"damage": ours},
            )
        )
        keep_tile = (
            side.get("tile")
            if side.get("tile") and (side["tile"]["type"] in ("trap", "bomb") or tile_ignored)
            else None
        )
        removed = [
            i
            for i, s in enumerate(side["soldiers"])
            if not (immune_farmers and s["kind"] == "farmer")
        ]
        loss = DefenceLoss(
            wounded=removed, tile_falls=side.get("tile") is not None and not keep_tile
        )
        _apply_defence_loss(side, loss, wounded, tiles_lost, steps, hex_id)
        invaders_lost = allocate_troop(troop, ours, ctx.twice)
        survivors = {k: troop[k] - invaders_lost[k] for k in troop}
        trace.append(
            ("Invader damage", "as many Units as possible fall, Basic Units first", invaders_lost)
        )
        fallen = invaders_lost["basic"] + invaders_lost["elite"]
        left = survivors["basic"] + survivors["elite"]
        steps.append(
            msg(
                "{n} Invader(s) fall; {m} Invader(s) remain on #{hex}.",
                n=fallen,
                m=left,
                hex=hex_id,
            )
        )
    return BattleResult(
        hex_id=hex_id,
        our_strength=ours,
        their_strength=theirs,
        defenders_win=ours >= theirs,
        side=side,
        survivors=survivors,
        wounded=wounded,
        tiles_lost=tiles_lost,
        invaders_lost=invaders_lost,
        steps=steps,
        trace=trace,
        mine_choice=mine_choice,
    )


def _falls(side: dict[str, Any], loss: DefenceLoss) -> list[str]:
    names = [side["soldiers"][i]["kind"] for i in loss.wounded]
    if loss.tile_falls and side.get("tile"):
        names.append(side["tile"].get("kind") or side["tile"]["type"])
    return sorted(names)


def _offer_choice(side: dict[str, Any], loss: DefenceLoss, other: DefenceLoss) -> bool:
    """Offer "Soldiers instead of the Mine" only when it saves something.

    The two orders are offered when their losses differ and neither loses a
    superset of the other's losses (the text lists the choice only for 3 Basic
    Units against Citizen + Mine).
    """
    tile = side.get("tile")
    if not tile or tile["type"] != "mine":
        return False
    a, b = Counter(_falls(side, loss)), Counter(_falls(side, other))
    return not (a <= b or b <= a)


def _apply_defence_loss(
    side: dict[str, Any],
    loss: DefenceLoss,
    wounded: dict[str, int],
    tiles_lost: list[dict[str, Any]],
    steps: list[Msg],
    hex_id: int,
) -> None:
    """Move wounded Soldiers out (to the Sickbay) and fallen tiles to the supply."""
    for i in sorted(loss.wounded, reverse=True):
        kind = side["soldiers"][i]["kind"]
        wounded[kind] += 1
        del side["soldiers"][i]
    for kind in ("farmer", "citizen"):
        if wounded[kind]:
            steps.append(
                msg(
                    "{n} {unit} on #{hex} wounded -> Sickbay",
                    n=wounded[kind],
                    unit=SOLDIER_NAMES[kind],
                    hex=hex_id,
                )
            )
    tile = side.get("tile")
    if loss.tile_falls and tile is not None:
        tiles_lost.append(tile)
        side["tile"] = None
        if tile["type"] == "mine":
            steps.append(msg("{tile} on #{hex} explodes", tile=tile_name(tile), hex=hex_id))
        else:
            steps.append(msg("{tile} on #{hex} destroyed", tile=tile_name(tile), hex=hex_id))
    elif tile is not None and tile["type"] in ("building", "mine"):
        steps.append(msg("{tile} on #{hex} prevails", tile=tile_name(tile), hex=hex_id))
