"""Moving one troop by one Movement card, Battles and Special Powers included.

:func:`move_troop` is pure and deterministic: given the field, the troop's hex,
the card and the players' answers so far (an :class:`~rules.games.anteportas.asking.Asker`),
it returns the new field, the path and what happened. When the players must
answer something first it raises :class:`~rules.games.anteportas.asking.NeedChoice`;
the game asks and runs the card again from the same field with the answer.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from rules.games.anteportas.asking import Asker, Log
from rules.games.anteportas.battle import SOLDIER_NAMES, BattleContext, battle_needed
from rules.games.anteportas.board import OFF_BOARD
from rules.games.anteportas.cards import power
from rules.games.anteportas.combat import fight, fire_sources
from rules.games.anteportas.effects import (
    Field,
    breathe_fire,
    check_sources,
    gunfire,
    has_units,
    remove_tile,
    shoot,
    side,
)
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.words import unit_count, units_msg
from rules.text import msg, msgn


@dataclass(kw_only=True)
class MoveOutcome:
    """The field after the card, the hexes the troop entered, and whether it broke through."""

    field: Field
    path: list[int]
    defeat: bool = False
    battles: list[dict[str, Any]] = dc_field(default_factory=list)


@dataclass(kw_only=True)
class _Group:
    """Invaders moving together along a list of arrows (a troop, or its slowed part)."""

    units: dict[str, int]
    hex: int
    arrows: list[dict[str, Any]]
    next: int = 0
    skip: bool = False
    shoot_pending: int = 0


def size(units: dict[str, int]) -> int:
    return units["basic"] + units["elite"]


def _has_stealth_unit(s: dict[str, Any], unit: str) -> bool:
    if unit in ("farmer", "citizen"):
        return any(x["kind"] == unit for x in s["soldiers"])
    tile = s.get("tile")
    return tile is not None and tile["type"] == unit


def slowed(units: dict[str, int]) -> dict[str, int]:
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
        *,
        twice: bool,
        dragons: bool,
        kit: Kit,
        asker: Asker,
    ) -> None:
        self.field = copy.deepcopy(fld)
        self.start = start
        self.card = card
        self.twice = twice
        self.dragons = dragons
        self.kit = kit
        self.board = kit.board
        self.asker = asker
        self.log: Log = asker.log
        self.path: list[int] = [start]
        self.battles: list[dict[str, Any]] = []
        self.defeat = False
        self.modifier = sum(p["value"] for p in card["powers"] if p["power"] == "stronger") - sum(
            p["value"] for p in card["powers"] if p["power"] == "weaker"
        )

    def note(self, rule: str, finding: Any, **data: Any) -> None:
        self.log.tracer.add(rule, finding, **data)

    def to_supply(self, units: dict[str, int]) -> None:
        for k in ("basic", "elite"):
            self.field["supply"][k] += units[k]

    # -- the card -----------------------------------------------------------------

    def run(self) -> MoveOutcome:
        troop = self.field["troops"].pop(str(self.start))
        card = self.card
        self.log.say(
            msg(
                "Card {card} for the troop on #{hex} ({units})",
                card=card["id"],
                hex=self.start,
                units=units_msg(troop),
            )
        )
        here = side(self.field, self.start)
        if power(card, "destroy_trap") and here["tile"] and here["tile"]["type"] == "trap":
            remove_tile(self.field, self.start, self.log)
        self.regroup(troop)
        increase = power(card, "increase")
        if increase:
            added = {k: min(increase["add"][k], self.field["supply"][k]) for k in troop}
            for k in troop:
                troop[k] += added[k]
                self.field["supply"][k] -= added[k]
            if size(added):
                self.log.say(
                    msg("The troop grows by {units} from the supply", units=units_msg(added))
                )
        if power(card, "merge") and self.merge(troop):
            return self.outcome()
        shoot_pending = self.shoot(troop)
        if power(card, "fire"):
            self.fire_power(troop)
            return self.outcome()
        groups = self.groups(troop, shoot_pending)
        here = side(self.field, self.start)
        if here["tile"] and here["tile"]["type"] == "trap" and groups:
            # The troop starts its movement on a Trap (landed Dragons included).
            self.trap(groups, groups[0], -1)
        queue = list(groups)
        while queue and not self.defeat:
            self.walk(queue.pop(0), queue)
        return self.outcome()

    def outcome(self) -> MoveOutcome:
        return MoveOutcome(
            field=self.field, path=self.path, defeat=self.defeat, battles=self.battles
        )

    def regroup(self, troop: dict[str, int]) -> None:
        """Exchange the indicated Units, all or nothing ("if not applicable, ignore it")."""
        regroup = power(self.card, "regroup")
        if not regroup:
            return
        remove, add = regroup["remove"], regroup["add"]
        holds = all(troop[k] >= remove[k] for k in troop)
        # The removed Units go back to the supply first, so they may come back as the added ones.
        supply = {k: self.field["supply"][k] + remove[k] for k in troop}
        if not holds or any(supply[k] < add[k] for k in troop):
            self.note(
                "Regroup",
                msg("Regroup does not apply: the troop or the supply lacks the Units to exchange"),
            )
            return
        for k in troop:
            troop[k] += add[k] - remove[k]
            self.field["supply"][k] += remove[k] - add[k]
        self.log.say(msg("Regroup: the troop is now {units}", units=units_msg(troop)))

    def merge(self, troop: dict[str, int]) -> bool:
        others = sorted(int(h) for h in self.field["troops"])
        if not others:
            return False
        target = others[0]
        self.path.append(target)
        self.note(
            "Merge Troops",
            msg("The troop moves to #{hex}, the smallest hex with another troop", hex=target),
            decisive=True,
        )
        self.log.say(msg("The troop joins the troop on #{hex}", hex=target))
        self.place(_Group(units=troop, hex=target, arrows=[]))
        return True

    def shoot(self, troop: dict[str, int]) -> int:
        """Shoot before moving: 1 damage per target hex; what cannot be applied waits for Battle."""
        spec = power(self.card, "shoot")
        pending = 0
        for arrow in spec["targets"] if spec else []:
            target = self.board.aim(self.start, arrow)
            if target is None:
                self.note("Shoot", msg("The shot off the Battleground hits nothing"))
                continue
            if not shoot(self.field, target, self.kit, self.asker, {self.start: troop}):
                pending += 1
                self.note(
                    "Shoot",
                    msg("1 damage on #{hex} cannot be applied now: +1 in Battle", hex=target),
                )
        return pending

    def fire_power(self, troop: dict[str, int]) -> None:
        """Fire: the troop stays and breathes fire on the indicated hexes (a Bomb set off next
        to it hurts it too)."""
        spec = power(self.card, "fire")
        assert spec is not None
        for t in spec["targets"]:
            target = self.board.aim(self.start, t["dir"])
            if target is None:
                self.note("Fire", msg("The fire off the Battleground hits nothing"))
                continue
            breathe_fire(
                self.field,
                target,
                int(t["damage"]),
                self.twice,
                self.kit,
                self.asker,
                {self.start: troop},
            )
        self.log.say(msg("The troop does not move."))
        self.place(_Group(units=troop, hex=self.start, arrows=[]))

    def groups(self, troop: dict[str, int], shoot_pending: int) -> list[_Group]:
        split = power(self.card, "split")
        if split:
            left_n = math.ceil(size(troop) / 2)
            left_elite = min(troop["elite"], left_n)
            left = {"basic": left_n - left_elite, "elite": left_elite}
            right = {k: troop[k] - left[k] for k in troop}
            self.log.say(
                msg(
                    "The troop splits: {left} to the left, {right} to the right",
                    left=units_msg(left) if size(left) else msg("nobody"),
                    right=units_msg(right) if size(right) else msg("nobody"),
                )
            )
            return [
                _Group(units=units, hex=self.start, arrows=list(arrows))
                for units, arrows in ((left, split["left"]), (right, split["right"]))
                if size(units)
            ]
        arrows = list(self.card["arrows"])
        press = power(self.card, "press_ahead")
        if press and arrows and size(troop):
            n = press["steps"][min(size(troop), len(press["steps"])) - 1]
            arrows = [arrows[0]] * n
            self.note(
                "Press Ahead",
                msgn(
                    "{n} Invader moves {k} hexes", "{n} Invaders move {k} hexes", n=size(troop), k=n
                ),
            )
        if not size(troop):
            return []
        return [_Group(units=troop, hex=self.start, arrows=arrows, shoot_pending=shoot_pending)]

    def trap(self, queue: list[_Group], group: _Group, index: int) -> None:
        """A Trap cancels the next arrow for up to three Invaders (Basic first)."""
        if index + 1 >= len(group.arrows):
            return
        held = slowed(group.units)
        self.log.say(msg("Trap on #{hex} slows down {units}", hex=group.hex, units=units_msg(held)))
        if held == group.units:
            group.skip = True
            return
        for k in held:
            group.units[k] -= held[k]
        queue.append(
            _Group(units=held, hex=group.hex, arrows=group.arrows, next=index + 1, skip=True)
        )

    def dodge(self, group: _Group, options: list[str]) -> str | None:
        """The first arrow from the left that does not lead onto a hex with your Units."""
        for option in options:
            target, _ = self.board.step(group.hex, option)
            if target == OFF_BOARD or not has_units(side(self.field, target)):
                self.note("Dodge", msg("The first arrow without your Units is taken"))
                return option
        return None

    def walk(self, group: _Group, queue: list[_Group]) -> None:
        i = group.next
        while i < len(group.arrows):
            if group.skip:
                group.skip = False
                self.log.say(
                    msgn(
                        "{units} on #{hex} skips an arrow",
                        "{units} on #{hex} skip an arrow",
                        n=unit_count(group.units),
                        units=units_msg(group.units),
                        hex=group.hex,
                    )
                )
                i += 1
                continue
            arrow = group.arrows[i]
            flying = self.dragons and i < len(group.arrows) - 1
            direction = self.dodge(group, arrow["dodge"]) if "dodge" in arrow else arrow["dir"]
            if direction is None:
                self.log.say(msg("Dodge: the troop does not move"))
                i += 1
                continue
            target, edge = self.board.step(group.hex, direction)
            if edge:
                self.note(
                    "edge rule", msg("#{hex} is at the edge: the troop moves down", hex=group.hex)
                )
            if target == group.hex:
                i += 1
                continue
            fire_pending = 0
            if arrow.get("fire") and target != OFF_BOARD:
                fire_pending = breathe_fire(
                    self.field,
                    target,
                    1,
                    self.twice,
                    self.kit,
                    self.asker,
                    {group.hex: group.units},
                )
                if size(group.units) == 0:
                    return
            if target == OFF_BOARD:
                self.leave(group)
                return
            through = self.stealth(group, target, direction, flying)
            if through is None:
                return
            target = through
            group.hex = target
            self.path.append(target)
            self.log.say(
                msgn(
                    "{units} moves to #{hex}",
                    "{units} move to #{hex}",
                    n=unit_count(group.units),
                    units=units_msg(group.units),
                    hex=target,
                )
            )
            if not self.enter(group, target, i, flying, fire_pending):
                return
            here = side(self.field, target)
            if not flying and here["tile"] and here["tile"]["type"] == "trap":
                self.trap(queue, group, i)
            i += 1
        self.place(group)

    def stealth(self, group: _Group, target: int, direction: str, flying: bool) -> int | None:
        """Stealth: through every hex with the indicated Unit, without Battle, further on."""
        spec = power(self.card, "stealth")
        while spec and _has_stealth_unit(side(self.field, target), spec["unit"]):
            self.log.say(msg("The troop slips through #{hex} unseen", hex=target))
            self.path.append(target)
            group.hex = target
            if not self.passing_fire(group, target, flying):
                return None
            target, _ = self.board.step(target, direction)
            if target == OFF_BOARD:
                self.leave(group)
                return None
        return target

    def leave(self, group: _Group) -> None:
        self.defeat = True
        self.log.say(
            msgn(
                "{units} leaves the Battleground from #{hex}: you lose the game",
                "{units} leave the Battleground from #{hex}: you lose the game",
                n=unit_count(group.units),
                units=units_msg(group.units),
                hex=group.hex,
            )
        )
        self.note(
            "defeat",
            msg("An Invader left the Battleground from #{hex}", hex=group.hex),
            decisive=True,
        )

    def enter(self, group: _Group, target: int, index: int, flying: bool, fire: int) -> bool:
        """Powers on entering, then Battle; False when the group is gone."""
        card = self.card
        here = side(self.field, target)
        tile = here["tile"]
        if power(card, "destroy_trap") and tile and tile["type"] == "trap":
            remove_tile(self.field, target, self.log)
        destroy = power(card, "destroy_building")
        tile = here["tile"]
        if destroy and tile and tile["type"] == "building" and tile["kind"] in destroy["kinds"]:
            remove_tile(self.field, target, self.log)
        if power(card, "killed_by_citizens") and any(
            s["kind"] == "citizen" for s in here["soldiers"]
        ):
            self.to_supply(group.units)
            group.units = {"basic": 0, "elite": 0}
            self.log.say(
                msg("The Citizen on #{hex} drives the troop off: it is removed", hex=target)
            )
            return False
        tile = here["tile"]
        in_trap = tile is not None and tile["type"] == "trap" and not flying
        if power(card, "decrease_in_trap") and in_trap and group.units["basic"]:
            group.units["basic"] -= 1
            self.field["supply"]["basic"] += 1
            self.log.say(msg("The Trap on #{hex} kills 1 Basic Unit", hex=target))
            if size(group.units) == 0:
                return False
        if power(card, "remove_citizens"):
            kept = [s for s in here["soldiers"] if s["kind"] != "citizen"]
            n = len(here["soldiers"]) - len(kept)
            if n:
                here["soldiers"] = kept
                self.field["sickbay"]["citizen"] += n
                self.log.say(
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
        ctx = BattleContext(twice=self.twice, troop_modifier=modifier, flying=flying)
        if not battle_needed(here, ctx, group.units, self.kit.defences):
            return self.passing_fire(group, target, flying)
        result = fight(self.field, target, group.units, ctx, self.kit, self.asker, moving=True)
        group.shoot_pending = 0
        if result is not None:
            self.battles.append(result.to_json())
        if size(group.units) == 0:
            return False
        if index < len(group.arrows) - 1:
            self.log.say(
                msgn(
                    "{units} moves on from #{hex}",
                    "{units} move on from #{hex}",
                    n=unit_count(group.units),
                    units=units_msg(group.units),
                    hex=target,
                )
            )
        return True

    def passing_fire(self, group: _Group, target: int, flying: bool) -> bool:
        """Gunfire at a troop entering a hex without Battle ("even if it is just passing").

        Asked only when some manned Building can fire on the hex now. False when
        the whole group falls.
        """
        sources = fire_sources(self.field, target, group.units, flying, self.kit)
        if not sources:
            return True
        n = self.asker.number("gunfire")
        chosen = self.asker.ask(
            "gunfire",
            n,
            {
                "hex": target,
                "units": dict(group.units),
                "sources": {str(h): k for h, k in sources.items()},
            },
        )
        counts = check_sources(list(chosen), sources, target, f"gunfire-{n}")
        if counts:
            gunfire(
                self.field,
                target,
                counts,
                self.twice,
                self.kit,
                self.asker,
                {target: group.units},
                flying,
            )
        return size(group.units) > 0

    def place(self, group: _Group) -> None:
        """End of movement: merge with a troop already there, else stay."""
        if size(group.units) == 0:
            return
        key = str(group.hex)
        if key in self.field["troops"]:
            for k in ("basic", "elite"):
                self.field["troops"][key][k] += group.units[k]
            self.log.say(msg("The troops on #{hex} merge", hex=group.hex))
        else:
            self.field["troops"][key] = dict(group.units)


def move_troop(
    fld: Field,
    start: int,
    card: dict[str, Any],
    *,
    kit: Kit,
    asker: Asker,
    twice: bool = False,
    dragons: bool = False,
) -> MoveOutcome:
    """Carry out ``card`` for the troop on ``start``; raises ``NeedChoice`` for a missing answer."""
    return _Mover(fld, start, card, twice=twice, dragons=dragons, kit=kit, asker=asker).run()
