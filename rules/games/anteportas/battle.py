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

Flying Dragons: Pressure Mines and Traps take no part. Elite Dragons "do not
take damage from Farmers, Trenches, and Bunkers while flying": against a
flying troop of Elite Dragons only, those take no part at all (the #14
example); in a flying troop of Basic and Elite Dragons they fight, but their
Strength counts only up to the Basic Dragons' Strength (it can harm nothing
else) and, when the Invaders win, it is dealt to Basic Dragons only
(:func:`participation`).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.games.anteportas.units import Defences, tile_kind
from rules.text import Msg, msg, msgn

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
SOLDIER_PLURALS: dict[str, Msg] = {"farmer": msg("Farmers"), "citizen": msg("Citizens")}
PIECE_NAMES: dict[str, Msg] = {
    **SOLDIER_PLURALS,
    "basic": msg("Basic Invaders"),
    "elite": msg("Elite Invaders"),
}
"""Pieces counted on a hex, by their sticker kind (the camera's words when a hex differs)."""


def soldier_name(kind: str, n: int) -> Msg:
    """ "Farmer" for one, "Farmers" for any other count ("2 Farmers on #12 wounded")."""
    return SOLDIER_NAMES[kind] if n == 1 else SOLDIER_PLURALS[kind]


#: Defensive Works an Elite Dragon takes no damage from while flying (with Farmers).
FLIGHT_IMMUNE_TILES = ("trench", "bunker")


def tile_name(tile: dict[str, Any]) -> Msg:
    return TILE_NAMES[tile_kind(tile)]


@dataclass(kw_only=True)
class DefenceLoss:
    """What damage did to one hex's own Units."""

    wounded: list[int] = field(default_factory=list)  # indices into side["soldiers"]
    tile_falls: bool = False
    absorbed: int = 0
    used: int = 0


def _best_soldiers(strengths: list[tuple[int, int]], damage: int, defs: Defences) -> list[int]:
    """Indices to wound: most Soldiers, then most damage used, exhausted ones first."""
    farmer, citizen = defs.soldier_strength("farmer"), defs.soldier_strength("citizen")
    farmers = [i for i, s in strengths if s == farmer]
    citizens = [i for i, s in strengths if s == citizen]
    best: tuple[int, int, int, int] = (-1, -1, 0, 0)
    for nc in range(len(citizens) + 1):
        if citizen * nc > damage:
            break
        nf = min(len(farmers), (damage - citizen * nc) // max(1, farmer))
        key = (nf + nc, farmer * nf + citizen * nc, nf, nc)
        if key[:2] > best[:2]:
            best = key
    _, _, nf, nc = best
    return sorted(farmers[:nf] + citizens[:nc])


def allocate_defence(
    side: dict[str, Any],
    damage: int,
    defs: Defences,
    *,
    mine_first: bool = True,
    ignore_farmers: bool = False,
    ignore_pressure_mine: bool = False,
    ignore_tile: bool = False,
) -> DefenceLoss:
    """Which of one hex's Units fall to ``damage`` (see the module docstring).

    Soldiers are tried exhausted ones first when it makes no difference which.
    ``ignore_farmers``: Farmers take no part (Elite Dragons in flight ignore them).
    """
    loss = DefenceLoss()
    left = max(0, damage)
    order = sorted(range(len(side["soldiers"])), key=lambda i: not side["soldiers"][i]["exhausted"])
    strengths = [
        (i, defs.soldier_strength(side["soldiers"][i]["kind"]))
        for i in order
        if not (ignore_farmers and side["soldiers"][i]["kind"] == "farmer")
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
    loss.wounded = _best_soldiers(strengths, left, defs)
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


def allocate_troop(
    troop: dict[str, int], damage: int, twice: bool, defs: Defences, basic_only: int = 0
) -> dict[str, int]:
    """How many Basic and Elite Units fall: most Units, Basic first.

    ``damage`` may hit any Unit; ``basic_only`` damage only Basic Units (what
    Farmers, Trenches and Bunkers deal to a flying troop with Elite Dragons).
    """
    sb, se = defs.invader_strength("basic", twice), defs.invader_strength("elite", twice)
    best = (-1, -1, 0, 0)
    for ne in range(troop["elite"] + 1):
        if ne * se > damage:
            break
        nb = min(troop["basic"], (damage + basic_only - ne * se) // max(1, sb))
        key = (nb + ne, nb * sb + ne * se, nb, ne)
        if key[:2] > best[:2]:
            best = key
    return {"basic": best[2], "elite": best[3]}


def troop_strength(troop: dict[str, int], twice: bool, defs: Defences, modifier: int = 0) -> int:
    base = troop["basic"] * defs.invader_strength("basic", twice)
    base += troop["elite"] * defs.invader_strength("elite", twice)
    return max(0, base + modifier)


@dataclass(frozen=True, kw_only=True)
class BattleContext:
    """Everything besides the two sides that changes a Battle's arithmetic."""

    twice: bool = False
    #: Stronger/Weaker powers, Shoot/fire damage not yet applied.
    troop_modifier: int = 0
    #: Catapult/Howitzer fire in support, the Supreme Commander's +1.
    defence_bonus: int = 0
    #: Trench/Bunker Gunfire in support (Elite Dragons in flight take no damage from it).
    gunfire_bonus: int = 0
    #: Dragons in flight: Pressure Mines and Traps take no part.
    flying: bool = False
    mine_first: bool = True


@dataclass(frozen=True, kw_only=True)
class Participation:
    """Who takes part in a Battle (flying Dragons ignore some of your Units)."""

    ignore_farmers: bool
    ignore_tile: bool
    #: Your Strength that can harm Basic Dragons only (mixed flying troop), else 0.
    basic_only: int
    #: Your Strength that can harm any Invader.
    general: int
    parts: dict[str, int]

    @property
    def strength(self) -> int:
        return self.general + self.basic_only


def participation(
    side: dict[str, Any], troop: dict[str, int], ctx: BattleContext, defs: Defences
) -> Participation:
    """Your Strength on the hex against this troop, split by what it can harm."""
    elite_in_flight = ctx.flying and troop["elite"] > 0
    elite_only = elite_in_flight and troop["basic"] == 0
    tile = side.get("tile")
    ignore_tile = False
    immune_tile = tile is not None and tile.get("kind") in FLIGHT_IMMUNE_TILES
    if tile is not None:
        if elite_only and immune_tile:
            ignore_tile = True
        if ctx.flying and tile["type"] == "trap":
            ignore_tile = True
        if ctx.flying and tile["type"] == "mine" and tile["kind"] == "pressure":
            ignore_tile = True
    soldiers = {
        kind: sum(defs.soldier_strength(kind) for s in side["soldiers"] if s["kind"] == kind)
        for kind in ("farmer", "citizen")
    }
    tile_value = 0 if tile is None or ignore_tile else defs.tile_strength(tile)
    parts = {
        "farmers": 0 if elite_only else soldiers["farmer"],
        "citizens": soldiers["citizen"],
        "tile": tile_value,
        "support": ctx.defence_bonus + (0 if elite_only else ctx.gunfire_bonus),
    }
    immune = 0
    if elite_in_flight and not elite_only:
        immune = parts["farmers"] + ctx.gunfire_bonus + (tile_value if immune_tile else 0)
    general = sum(parts.values()) - immune
    cap = troop["basic"] * defs.invader_strength("basic", ctx.twice)
    return Participation(
        ignore_farmers=elite_only,
        ignore_tile=ignore_tile,
        basic_only=min(immune, cap),
        general=general,
        parts=parts,
    )


def battle_needed(
    side: dict[str, Any], ctx: BattleContext, troop: dict[str, int], defs: Defences
) -> bool:
    """A Battle starts on a hex with your Units, not on one with only a Trap or Bomb."""
    part = participation(side, troop, ctx, defs)
    if any(not (part.ignore_farmers and s["kind"] == "farmer") for s in side["soldiers"]):
        return True
    tile = side.get("tile")
    if tile is None or part.ignore_tile:
        return False
    return tile["type"] in ("building", "mine")


@dataclass(frozen=True, kw_only=True)
class Finding:
    """One trace step of a Battle: rule id, translatable finding, numbers, decisive or not."""

    rule: str
    finding: Msg
    data: dict[str, Any]
    decisive: bool = False


@dataclass(kw_only=True)
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
    trace: list[Finding]
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


def resolve_battle(
    hex_id: int,
    side: dict[str, Any],
    troop: dict[str, int],
    ctx: BattleContext,
    defs: Defences,
) -> BattleResult:
    """Resolve one Battle on ``hex_id``; inputs are not changed."""
    side = copy.deepcopy(side)
    part = participation(side, troop, ctx, defs)
    ours = part.strength
    theirs = troop_strength(troop, ctx.twice, defs, ctx.troop_modifier)
    win = ours >= theirs
    trace = [
        Finding(
            rule="compare Strength",
            finding=msg(
                "Your Strength {ours} (Soldiers {soldiers}, tile {tile}, support {support}) "
                "{verdict} the Invaders' {theirs}",
                ours=ours,
                soldiers=part.parts["farmers"] + part.parts["citizens"],
                tile=part.parts["tile"],
                support=part.parts["support"],
                verdict=msg("is at least") if win else msg("is lower than"),
                theirs=theirs,
            ),
            data={"ours": ours, "theirs": theirs, "modifier": ctx.troop_modifier, **part.parts},
            decisive=True,
        )
    ]
    if part.basic_only or (ctx.flying and troop["elite"] and not troop["basic"]):
        trace.append(
            Finding(
                rule="Elite Dragons in flight",
                finding=msg(
                    "Elite Dragons in flight take no damage from Farmers, Trenches and Bunkers"
                ),
                data={"basic_only": part.basic_only},
            )
        )
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
    if win:
        options = {
            first: allocate_defence(
                side,
                theirs,
                defs,
                mine_first=first,
                ignore_farmers=part.ignore_farmers,
                ignore_pressure_mine=ctx.flying,
                ignore_tile=part.ignore_tile,
            )
            for first in (True, False)
        }
        loss = options[ctx.mine_first]
        if offer_choice(side, options[True], options[False]):
            mine_choice = [
                {"mine_first": first, "falls": falls(side, options[first])}
                for first in (True, False)
            ]
        trace.append(
            Finding(
                rule="defenders win",
                finding=msg(
                    "All Invaders fall; your Units take {n} damage ({order})",
                    n=theirs,
                    order=msg("Mine first") if ctx.mine_first else msg("Soldiers first"),
                ),
                data={"damage": theirs, "absorbed": loss.absorbed},
            )
        )
        steps.append(
            msgn(
                "The {n} Invader falls.",
                "All {n} Invaders fall.",
                n=troop["basic"] + troop["elite"],
            )
        )
        invaders_lost = dict(troop)
        survivors = {"basic": 0, "elite": 0}
        apply_defence_loss(side, loss, wounded, tiles_lost, steps, hex_id)
        if loss.absorbed and (side["soldiers"] or side.get("tile")):
            steps.append(msg("The remaining {n} damage is absorbed.", n=loss.absorbed))
    else:
        trace.append(
            Finding(
                rule="Invaders win",
                finding=msg(
                    "All your Units on #{hex} are removed (Traps and unfired Bombs stay); "
                    "the Invaders take {n} damage",
                    hex=hex_id,
                    n=ours,
                ),
                data={"damage": ours},
            )
        )
        tile = side.get("tile")
        keep_tile = tile is not None and (tile["type"] in ("trap", "bomb") or part.ignore_tile)
        removed = [
            i
            for i, s in enumerate(side["soldiers"])
            if not (part.ignore_farmers and s["kind"] == "farmer")
        ]
        loss = DefenceLoss(wounded=removed, tile_falls=tile is not None and not keep_tile)
        apply_defence_loss(side, loss, wounded, tiles_lost, steps, hex_id)
        invaders_lost = allocate_troop(troop, part.general, ctx.twice, defs, part.basic_only)
        survivors = {k: troop[k] - invaders_lost[k] for k in troop}
        trace.append(
            Finding(
                rule="Invader damage",
                finding=msg(
                    "As many Units as possible fall, Basic Units first: "
                    "{basic} Basic and {elite} Elite",
                    basic=invaders_lost["basic"],
                    elite=invaders_lost["elite"],
                ),
                data=dict(invaders_lost),
            )
        )
        steps.append(
            msg(
                "{fall}; {remain} on #{hex}.",
                fall=msgn(
                    "{n} Invader falls",
                    "{n} Invaders fall",
                    n=invaders_lost["basic"] + invaders_lost["elite"],
                ),
                remain=msgn(
                    "{n} Invader remains",
                    "{n} Invaders remain",
                    n=survivors["basic"] + survivors["elite"],
                ),
                hex=hex_id,
            )
        )
    return BattleResult(
        hex_id=hex_id,
        our_strength=ours,
        their_strength=theirs,
        defenders_win=win,
        side=side,
        survivors=survivors,
        wounded=wounded,
        tiles_lost=tiles_lost,
        invaders_lost=invaders_lost,
        steps=steps,
        trace=trace,
        mine_choice=mine_choice,
    )


def falls(side: dict[str, Any], loss: DefenceLoss) -> list[str]:
    """What a loss removes, as sorted kinds (``["bounding", "citizen"]``)."""
    names = [side["soldiers"][i]["kind"] for i in loss.wounded]
    if loss.tile_falls and side.get("tile"):
        names.append(tile_kind(side["tile"]))
    return sorted(names)


def offer_choice(side: dict[str, Any], loss: DefenceLoss, other: DefenceLoss) -> bool:
    """Offer "Soldiers instead of the Mine" only when it saves something.

    The two orders are offered when their losses differ and neither loses a
    superset of the other's losses (the text lists the choice only for 3 Basic
    Units against Citizen + Mine).
    """
    tile = side.get("tile")
    if not tile or tile["type"] != "mine":
        return False
    a, b = Counter(falls(side, loss)), Counter(falls(side, other))
    return not (a <= b or b <= a)


def apply_defence_loss(
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
                    unit=soldier_name(kind, wounded[kind]),
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
