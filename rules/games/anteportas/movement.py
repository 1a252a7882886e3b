"""Moving one troop by one Movement card, Battles and Special Powers included.

:func:`move_troop` is pure and deterministic: given the field, the troop's hex,
the card and the players' choices so far, it returns the new field and the step
list. When a Battle offers the players a choice (a Mine or the Soldiers first)
and ``choices`` does not hold it yet, it raises :class:`NeedChoice`; the game
asks the players and runs the card again from the same field with the answer.
Choice keys are ``"battle-N"`` for the N-th Battle of this card.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import Any

from rules.errors import IllegalInput
from rules.games.anteportas.battle import (
    FLIGHT_IMMUNE_TILES,
    SOLDIER_NAMES,
    BattleContext,
    allocate_troop,
    battle_needed,
    resolve_battle,
    tile_name,
)
from rules.games.anteportas.board import OFF_BOARD, battleground
from rules.games.anteportas.cards import power
from rules.games.anteportas.effects import (
    Field,
    breathe_fire,
    damage_defence,
    has_units,
    remove_tile,
    side,
)
from rules.games.anteportas.sight import building_reach, manned
from rules.games.anteportas.table import exhaust
from rules.games.anteportas.units import defences
from rules.text import Msg, msg


class NeedChoice(Exception):
    """A Battle needs the players' choice before the card can be carried out."""

    def __init__(self, pending: dict[str, Any]) -> None:
        super().__init__(pending["key"])
        self.pending = pending


@dataclass
class MoveOutcome:
    field: Field
    steps: list[Msg]
    path: list[int]
    defeat: bool = False
    battles: list[dict[str, Any]] = dc_field(default_factory=list)
    trace: list[tuple[str, str, dict[str, Any]]] = dc_field(default_factory=list)


@dataclass
class _Group:
    units: dict[str, int]
    hex: int
    arrows: list[dict[str, Any]]
    next: int = 0
    skip: bool = False
    shoot_pending: int = 0


def _size(units: dict[str, int]) -> int:
    return units["basic"] + units["elite"]


def _units_text(units: dict[str, int]) -> str:
    parts = []
    if units["basic"]:
        parts.append(f"{units['basic']} Basic")
    if units["elite"]:
        parts.append(f"{units['elite']} Elite")
    return " + ".join(parts) or "none"


def _has_stealth_unit(s: dict[str, Any], unit: str) -> bool:
    if unit in ("farmer", "citizen"):
        return any(x["kind"] == unit for x in s["soldiers"])
    tile = s.get("tile")
    return tile is not None and tile["type"] == unit


def _slow(units: dict[str, int]) -> dict[str, int]:
    """Up to three Invaders a Trap slows down, Basic Units first."""
    basic = min(3, units["basic"])
    elite = min(3 - basic, units["elite"])
    return {"basic": basic, "elite": elite}


class _Mover:
    def __init__(
        self,
        fld: Field,
        start: int,
        card: dict[str, Any],
        twice: bool,
        dragons: bool,
        choices: dict[str, Any],
    ) -> None:
        self.field = copy.deepcopy(fld)
        self.start = start
        self.card = card
        self.twice = twice
        self.dragons = dragons
        self.choices = choices
        self.board = battleground()
        self.steps: list[Msg] = []
        self.path: list[int] = [start]
        self.trace: list[tuple[str, str, dict[str, Any]]] = []
        self.battles: list[dict[str, Any]] = []
        self.defeat = False
        self.battle_no = 0
        self.pass_no = 0
        self.modifier = sum(p["value"] for p in card["powers"] if p["power"] == "stronger") - sum(
            p["value"] for p in card["powers"] if p["power"] == "weaker"
        )

    # -- helpers ------------------------------------------------------------------

    def note(self, rule: str, finding: str, **data: Any) -> None:
        self.trace.append((rule, finding, data))

    def to_supply(self, units: dict[str, int]) -> None:
        for k in ("basic", "elite"):
            self.field["supply"][k] += units[k]

    def from_supply(self, wanted: dict[str, int]) -> dict[str, int]:
        got = {k: min(wanted.get(k, 0), self.field["supply"][k]) for k in ("basic", "elite")}
        for k in got:
            self.field["supply"][k] -= got[k]
        return got

    # -- the card -----------------------------------------------------------------

    def run(self) -> MoveOutcome:
        troop = self.field["troops"].pop(str(self.start))
        card = self.card
        self.steps.append(
            msg(
                "Card {card} for the troop on #{hex} ({units})",
                card=card["id"],
                hex=self.start,
                units=_units_text(troop),
            )
        )
        here = side(self.field, self.start)
        if power(card, "destroy_trap") and here["tile"] and here["tile"]["type"] == "trap":
            remove_tile(self.field, self.start, self.steps)
        regroup = power(card, "regroup")
        if regroup and all(troop[k] >= regroup["remove"].get(k, 0) for k in troop):
            removed = {k: regroup["remove"].get(k, 0) for k in troop}
            added = self.from_supply(regroup["add"])
            for k in troop:
                troop[k] += added[k] - removed[k]
            self.to_supply(removed)
            self.steps.append(msg("Regroup: the troop is now {units}", units=_units_text(troop)))
        increase = power(card, "increase")
        if increase:
            added = self.from_supply(increase["add"])
            for k in troop:
                troop[k] += added[k]
            self.steps.append(
                msg("The troop grows by {units} from the supply", units=_units_text(added))
            )
        if power(card, "merge"):
            others = sorted(int(h) for h in self.field["troops"])
            if others:
                target = others[0]
                self.path.append(target)
                self.note("Merge Troops", f"moves to #{target}, the smallest hex with a troop")
                self.steps.append(msg("The troop joins the troop on #{hex}", hex=target))
                self.place(_Group(troop, target, []))
                return self.outcome()
        shoot_pending = 0
        shoot = power(card, "shoot")
        if shoot:
            for arrow in shoot["targets"]:
                target, _ = self.board.step(self.start, arrow)
                if target in (OFF_BOARD, self.start):
                    continue
                self.steps.append(msg("The Raiders shoot at #{hex}", hex=target))
                if not damage_defence(self.field, target, 1, self.steps):
                    shoot_pending += 1
                    self.note("Shoot", f"1 damage on #{target} cannot be applied now: +1 in Battle")
        fire = power(card, "fire")
        if fire:
            for t in fire["targets"]:
                target, _ = self.board.step(self.start, t["dir"])
                if target in (OFF_BOARD, self.start):
                    continue
                breathe_fire(self.field, target, int(t["damage"]), self.twice, self.steps)
            self.steps.append(msg("The troop does not move."))
            self.place(_Group(troop, self.start, []))
            return self.outcome()
        groups: list[_Group] = []
        split = power(card, "split")
        if split:
            left_n = math.ceil(_size(troop) / 2)
            left_elite = min(troop["elite"], left_n)
            left = {"basic": left_n - left_elite, "elite": left_elite}
            right = {k: troop[k] - left[k] for k in troop}
            for units, arrows in ((left, split["left"]), (right, split["right"])):
                if _size(units):
                    norm = [a if isinstance(a, dict) else {"dir": a} for a in arrows]
                    groups.append(_Group(units, self.start, norm))
            self.steps.append(
                msg(
                    "The troop splits: {left} to the left, {right} to the right",
                    left=_units_text(left),
                    right=_units_text(right),
                )
            )
        else:
            arrows = list(card["arrows"])
            press = power(card, "press_ahead")
            if press and arrows:
                n = press["steps"][min(_size(troop), len(press["steps"])) - 1]
                arrows = [arrows[0]] * n
                self.note("Press Ahead", f"{_size(troop)} Units move {n} hexes")
            groups.append(_Group(troop, self.start, arrows, shoot_pending=shoot_pending))
        if not self.dragons and here["tile"] and here["tile"]["type"] == "trap":
            self.trap(groups, groups[0], -1)
        queue = list(groups)
        while queue and not self.defeat:
            group = queue.pop(0)
            self.walk(group, queue)
        return self.outcome()

    def outcome(self) -> MoveOutcome:
        return MoveOutcome(self.field, self.steps, self.path, self.defeat, self.battles, self.trace)

    def trap(self, queue: list[_Group], group: _Group, index: int) -> None:
        """A Trap cancels the next arrow for up to three Invaders (Basic first)."""
        if index + 1 >= len(group.arrows):
            return
        slowed = _slow(group.units)
        self.steps.append(
            msg(
                "Trap on #{hex} slows down {units}",
                hex=group.hex,
                units=_units_text(slowed),
            )
        )
        if slowed == group.units:
            group.skip = True
            return
        for k in slowed:
            group.units[k] -= slowed[k]
        queue.append(_Group(slowed, group.hex, group.arrows, next=index + 1, skip=True))

    def walk(self, group: _Group, queue: list[_Group]) -> None:
        card = self.card
        i = group.next
        while i < len(group.arrows):
            if group.skip:
                group.skip = False
                self.steps.append(
                    msg(
                        "{units} on #{hex} skip an arrow",
                        units=_units_text(group.units),
                        hex=group.hex,
                    )
                )
                i += 1
                continue
            arrow = group.arrows[i]
            flying = self.dragons and i < len(group.arrows) - 1
            if "dodge" in arrow:
                direction = None
                for option in arrow["dodge"]:
                    target, _ = self.board.step(group.hex, option)
                    if target == OFF_BOARD or not has_units(side(self.field, target)):
                        direction = option
                        break
                if direction is None:
                    self.steps.append(msg("Dodge: the troop does not move"))
                    i += 1
                    continue
                self.note("Dodge", f"first arrow without your Units: {direction}")
            else:
                direction = arrow["dir"]
            target, edge = self.board.step(group.hex, direction)
            if edge:
                self.note("edge rule", f"#{group.hex} is at the edge: moves down instead")
            if target == group.hex:
                i += 1
                continue
            fire_pending = 0
            if arrow.get("fire") and target != OFF_BOARD:
                fire_pending = self.fire(group, target)
                if _size(group.units) == 0:
                    return
            if target == OFF_BOARD:
                self.leave(group)
                return
            stealth = power(card, "stealth")
            while stealth and _has_stealth_unit(side(self.field, target), stealth["unit"]):
                self.steps.append(msg("The troop slips through #{hex} unseen", hex=target))
                self.path.append(target)
                group.hex = target
                target, _ = self.board.step(target, direction)
                if target == OFF_BOARD:
                    self.leave(group)
                    return
            group.hex = target
            self.path.append(target)
            self.steps.append(
                msg("{units} move to #{hex}", units=_units_text(group.units), hex=target)
            )
            if not self.enter(group, target, i, flying, fire_pending):
                return
            here = side(self.field, target)
            if not flying and here["tile"] and here["tile"]["type"] == "trap":
                self.trap(queue, group, i)
            i += 1
        self.place(group)

    def fire(self, group: _Group, target: int) -> int:
        """Breathe fire on ``target``; a Bomb set off there also hurts the Dragons.

        While they breathe fire the Dragons hover on their current hex, so an
        exploding Bomb next to it deals them 1 damage like any Unit there.
        """
        key = str(group.hex)
        hovering = key not in self.field["troops"]
        if hovering:
            self.field["troops"][key] = dict(group.units)
        unapplied = breathe_fire(self.field, target, 1, self.twice, self.steps)
        if hovering:
            group.units = self.field["troops"].pop(key, {"basic": 0, "elite": 0})
        return unapplied

    def leave(self, group: _Group) -> None:
        self.defeat = True
        self.steps.append(
            msg(
                "{units} leave the Battleground from #{hex}: you lose the game",
                units=_units_text(group.units),
                hex=group.hex,
            )
        )
        self.note("defeat", f"an Invader left the Battleground from #{group.hex}")

    def enter(self, group: _Group, target: int, index: int, flying: bool, fire: int) -> bool:
        """Powers on entering, then Battle; False when the group is gone."""
        card = self.card
        here = side(self.field, target)
        tile = here["tile"]
        if power(card, "destroy_trap") and tile and tile["type"] == "trap":
            remove_tile(self.field, target, self.steps)
        destroy = power(card, "destroy_building")
        tile = here["tile"]
        if destroy and tile and tile["type"] == "building" and tile["kind"] in destroy["kinds"]:
            remove_tile(self.field, target, self.steps)
        if power(card, "killed_by_citizens") and any(
            s["kind"] == "citizen" for s in here["soldiers"]
        ):
            self.to_supply(group.units)
            self.steps.append(
                msg("The Citizen on #{hex} drives the troop off: it is removed", hex=target)
            )
            return False
        tile = here["tile"]
        in_trap = tile is not None and tile["type"] == "trap" and not flying
        if power(card, "decrease_in_trap") and in_trap and group.units["basic"]:
            group.units["basic"] -= 1
            self.field["supply"]["basic"] += 1
            self.steps.append(msg("The Trap on #{hex} kills 1 Basic Unit", hex=target))
            if _size(group.units) == 0:
                return False
        if power(card, "remove_citizens"):
            kept = [s for s in here["soldiers"] if s["kind"] != "citizen"]
            n = len(here["soldiers"]) - len(kept)
            if n:
                here["soldiers"] = kept
                self.field["sickbay"]["citizen"] += n
                self.steps.append(
                    msg(
                        "{n} {unit} on #{hex} sent to the Sickbay",
                        n=n,
                        unit=SOLDIER_NAMES["citizen"],
                        hex=target,
                    )
                )
        temporarily = power(card, "temporarily_weaker")
        modifier = self.modifier + fire + group.shoot_pending
        if temporarily and index == 0:
            modifier -= temporarily["value"]
        key = f"battle-{self.battle_no + 1}"
        ctx = BattleContext(
            twice=self.twice,
            troop_modifier=modifier,
            flying=flying,
            mine_first=self.choices.get(key, "mine") != "soldiers",
        )
        if not battle_needed(here, ctx, group.units):
            return self.passing_fire(group, target, flying)
        self.battle_no += 1
        support_key = f"support-{self.battle_no}"
        sources = self.support_sources(target, group.units, flying)
        if sources and support_key not in self.choices:
            raise NeedChoice(
                {
                    "key": support_key,
                    "kind": "support",
                    "hex": target,
                    "units": dict(group.units),
                    "sources": sources,
                    "steps": [m.to_json() for m in self.steps],
                }
            )
        bonus = self.fire_support(target, self.choices.get(support_key, []), sources)
        ctx = replace(ctx, defence_bonus=ctx.defence_bonus + bonus)
        result = resolve_battle(target, here, group.units, ctx)
        if result.mine_choice and key not in self.choices:
            raise NeedChoice(
                {
                    "kind": "mine",
                    "key": key,
                    "hex": target,
                    "units": dict(group.units),
                    "options": result.mine_choice,
                    "ours": result.our_strength,
                    "theirs": result.their_strength,
                    "steps": [m.to_json() for m in self.steps],
                }
            )
        self.field["hexes"][str(target)] = result.side
        for k, n in result.wounded.items():
            self.field["sickbay"][k] += n
        self.to_supply(result.invaders_lost)
        group.units = dict(result.survivors)
        group.shoot_pending = 0
        self.steps.extend(result.steps)
        for rule, finding, data in result.trace:
            self.note(rule, f"#{target}: {finding}", **data)
        self.battles.append(result.to_json())
        mines = [t for t in result.tiles_lost if t["type"] == "mine"]
        if mines and _size(group.units) == 0:
            self.replace_mine(target, mines[0])
        if _size(group.units) == 0:
            return False
        if index < len(group.arrows) - 1:
            self.steps.append(
                msg("{units} move on from #{hex}", units=_units_text(group.units), hex=target)
            )
        return True

    def passing_fire(self, group: _Group, target: int, flying: bool) -> bool:
        """Gunfire at a troop entering a hex without Battle ("even if it is just passing").

        Asked only when some manned Building can fire on the hex now. False when
        the whole group falls.
        """
        sources = self.support_sources(target, group.units, flying)
        if not sources:
            return True
        self.pass_no += 1
        key = f"gunfire-{self.pass_no}"
        if key not in self.choices:
            raise NeedChoice(
                {
                    "key": key,
                    "kind": "gunfire",
                    "hex": target,
                    "units": dict(group.units),
                    "sources": sources,
                    "steps": [m.to_json() for m in self.steps],
                }
            )
        damage = self.fire_support(target, self.choices[key], sources, bonus=False)
        if not damage:
            return True
        lost = allocate_troop(group.units, damage, self.twice)
        for k in lost:
            group.units[k] -= lost[k]
        self.to_supply(lost)
        self.steps.append(
            msg(
                "Gunfire deals {n} damage on #{hex}: {units} fall",
                n=damage,
                hex=target,
                units=_units_text(lost),
            )
        )
        return _size(group.units) > 0

    def replace_mine(self, target: int, lost: dict[str, Any]) -> None:
        """Guard Post/Tower "Replace": a destroyed Mine in sight, no Invader survived.

        The players answer with the hex of the Guard Post whose Soldier acts (or
        nothing); the Mine of the same type returns for Tools equal to its Strength.
        """
        key = f"replace-{self.battle_no}"
        sources = []
        for k, s in sorted(self.field["hexes"].items(), key=lambda kv: int(kv[0])):
            tile = s["tile"]
            if tile is None or tile["type"] != "building" or not manned(s):
                continue
            spec = defences().buildings[tile["kind"]]
            tired = sum(1 for x in s["soldiers"] if x["exhausted"])
            upright = any(
                x["kind"] == spec["soldier"] and not x["exhausted"] for x in s["soldiers"]
            )
            if "replace" not in spec["actions"] or not upright or tired >= int(spec["workers"]):
                continue
            if target in building_reach(self.field, int(k)):
                sources.append(int(k))
        if not sources:
            return
        cost = defences().tile_strength(lost)
        if key not in self.choices:
            raise NeedChoice(
                {
                    "key": key,
                    "kind": "replace",
                    "hex": target,
                    "sources": sources,
                    "mine": lost["kind"],
                    "cost": cost,
                    "steps": [m.to_json() for m in self.steps],
                }
            )
        chosen = self.choices[key]
        if not chosen:
            return
        if len(chosen) != 1 or chosen[0] not in sources:
            raise IllegalInput(f"no Guard Post can replace the Mine on #{target} from there", key)
        exhaust(self.field, chosen[0], "replace", key)
        self.field["hexes"][str(target)]["tile"] = dict(lost)
        self.steps.append(
            msg(
                "{tile} on #{hex} replaced: pay {n} Tool(s)",
                tile=tile_name(lost),
                hex=target,
                n=cost,
            )
        )

    def support_sources(self, target: int, units: dict[str, int], flying: bool) -> list[int]:
        """Hexes whose manned Trench/Bunker/Catapult/Howitzer can fire on ``target`` now.

        Elite Dragons in flight take no damage from Trenches and Bunkers, so
        those do not count against a troop of flying Elite Dragons only.
        """
        defs = defences()
        elite_only = flying and units["elite"] > 0 and units["basic"] == 0
        out = []
        for key, s in sorted(self.field["hexes"].items(), key=lambda kv: int(kv[0])):
            hex_id = int(key)
            tile = s["tile"]
            if hex_id == target or tile is None or tile["type"] != "building" or not manned(s):
                continue
            spec = defs.buildings[tile["kind"]]
            indirect = "indirect_fire" in spec["actions"]
            if not indirect and "gunfire" not in spec["actions"]:
                continue
            if elite_only and tile["kind"] in FLIGHT_IMMUNE_TILES:
                continue
            tired = sum(1 for x in s["soldiers"] if x["exhausted"])
            upright = any(
                x["kind"] == spec["soldier"] and not x["exhausted"] for x in s["soldiers"]
            )
            if not upright or tired >= int(spec["workers"]):
                continue
            if target in building_reach(self.field, hex_id, over_invaders=indirect):
                out.append(hex_id)
        return out

    def fire_support(
        self, target: int, chosen: list[int], sources: list[int], bonus: bool = True
    ) -> int:
        """Exhaust one Soldier per chosen Building (a hex twice: two); the damage added."""
        defs = defences()
        total = 0
        for hex_id in chosen:
            if hex_id not in sources:
                raise IllegalInput(
                    f"the Building on #{hex_id} cannot fire on #{target} now", "support"
                )
            tile = self.field["hexes"][str(hex_id)]["tile"]
            spec = defs.buildings[tile["kind"]]
            action = "indirect_fire" if "indirect_fire" in spec["actions"] else "gunfire"
            exhaust(self.field, hex_id, action, "support")
            total += int(spec.get("damage", 0))
        if total and bonus:
            self.steps.append(
                msg("Fire support adds {n} to your Strength on #{hex}", n=total, hex=target)
            )
        return total

    def place(self, group: _Group) -> None:
        """End of movement: merge with a troop already there, else stay."""
        if _size(group.units) == 0:
            return
        key = str(group.hex)
        if key in self.field["troops"]:
            for k in ("basic", "elite"):
                self.field["troops"][key][k] += group.units[k]
            self.steps.append(msg("The troops on #{hex} merge", hex=group.hex))
        else:
            self.field["troops"][key] = dict(group.units)


def move_troop(
    fld: Field,
    start: int,
    card: dict[str, Any],
    *,
    twice: bool = False,
    dragons: bool = False,
    choices: dict[str, Any] | None = None,
) -> MoveOutcome:
    """Carry out ``card`` for the troop on ``start``; raises :class:`NeedChoice`."""
    if str(start) not in fld["troops"]:
        raise KeyError(start)
    return _Mover(fld, start, card, twice, dragons, dict(choices or {})).run()


def tile_label(tile: dict[str, Any]) -> Msg:
    return tile_name(tile)
