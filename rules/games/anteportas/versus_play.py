"""The confrontational variants refereed during play: each team's Units, turn by turn.

Team A plays from the bottom (the Spawn Point of the cooperative board), team B
from the top; team B's Basic and Elite Units stand in for Farmers and Citizens
(same Strength), so both teams' Units are written as Soldiers (``farmer`` /
``citizen``). Play alternates between the teams and, with four players, within
a team; every player takes three turns per Half-Year.

The referee keeps both teams' Units (``state["teams"]``) and applies the
general rules as the table tells its actions through the same guided builder
as the cooperative game, seen from the active team (its own Units; the other
team's Units block sight like Invaders and hold their hexes):

- *Maximum troop size*: no player more than 6 Soldiers on a hex (a team of two
  players: 12);
- *Moving is exhausting*: Soldiers moved on the Battleground are exhausted
  (a Catapult's or Howitzer's manning Soldier moved along keeps its state);
- *Exhausted Soldiers*: set upright at the start of each player's first turn in
  a Half-Year;
- *Spawn Points*: Units still on the other team's Spawn Point at the end of
  your third turn go to the Sickbay;
- *Indirect Fire* destroys enemy Traps and Mines on the hex it fires at;
- moving onto the other team's Units starts a Battle (:func:`versus_battle`):
  the team on the hex wins ties; the defeated team decides, where the rules
  leave a choice, how the winners take the damage;
- *Capture the Flag*: a Unit moved over the opposite edge wins at once.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.errors import IllegalInput
from rules.game import State
from rules.games.anteportas.actions import (
    Table,
    apply_action,
    enlisted,
    move_targets,
    too_few_upright,
)
from rules.games.anteportas.asking import Asker
from rules.games.anteportas.battle import allocate_defence, apply_defence_loss, falls, offer_choice
from rules.games.anteportas.combat import fire_sources
from rules.games.anteportas.effects import check_sources, fire_from
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.versus import TEAMS, team_field
from rules.text import msg, msgn

#: "No player may have more than 6 Soldiers on any given hex."
MAX_SOLDIERS = 6
#: Each player's turns per Half-Year.
TURNS_EACH = 3
#: Team B's Buildings face team B: their arrows are turned three positions for sight.
B_TURN = 3
#: The move target meaning "over the opposite edge" (Capture the Flag).
OFF_EDGE = 0


def other(team: str) -> str:
    return TEAMS[1 - TEAMS.index(team)]


def active(state: State) -> str:
    return TEAMS[state["turn"] % 2]


def per_team(state: State) -> int:
    players: int = state["players"]
    return max(1, players // 2)


def player_round(state: State) -> int:
    """Which of its three turns this Half-Year the active player takes (0, 1, 2)."""
    turn: int = state["turn"]
    return turn // (2 * per_team(state))


def new_teams(kit: Kit) -> dict[str, Any]:
    return {team: {"units": {}, "sickbay": {"farmer": 0, "citizen": 0}} for team in TEAMS}


def view(state: State, team: str, kit: Kit) -> dict[str, Any]:
    """The Battleground seen from ``team``: a cooperative field of its Units, the other
    team's hexes as blocking troops, the box's Units as its limit."""
    own = {int(h): s for h, s in state["teams"][team]["units"].items()}
    enemy = {int(h): s for h, s in state["teams"][other(team)]["units"].items()}
    field = team_field(own, enemy, B_TURN if team == "B" else 0, kit)
    field["sickbay"] = dict(state["teams"][team]["sickbay"])
    field["supply"] = {"basic": 0, "elite": 0}
    # "Limit the first team to the same number of Farmers and Citizens as there are Basic and
    # Elite Units": both teams have as many as the box's Invaders.
    field["box"] = {"farmer": kit.defences.box("basic"), "citizen": kit.defences.box("elite")}
    return field


def store(state: State, team: str, field: dict[str, Any]) -> None:
    """Write a team's view back (team B's Buildings turned back to their own facing)."""
    units: dict[str, Any] = {}
    for key, side in field["hexes"].items():
        if not side["soldiers"] and side["tile"] is None:
            continue
        side = copy.deepcopy(side)
        tile = side["tile"]
        if team == "B" and tile is not None and tile["type"] == "building":
            tile["rotation"] = (tile.get("rotation", 0) - B_TURN) % 6
        units[key] = side
    state["teams"][team]["units"] = units
    state["teams"][team]["sickbay"] = dict(field["sickbay"])


def check_troop_size(state: State, team: str) -> None:
    limit = MAX_SOLDIERS * per_team(state)
    for key, side in state["teams"][team]["units"].items():
        if len(side["soldiers"]) > limit:
            raise IllegalInput(
                msg(
                    "no player may have more than {most} Soldiers on any given hex "
                    "(#{hex} would hold {n})",
                    most=MAX_SOLDIERS,
                    hex=int(key),
                    n=len(side["soldiers"]),
                ),
                "units",
            )


def play(state: State, action: dict[str, Any], kit: Kit, asker: Asker) -> None:
    """Carry out the active team's action under the general rules (state changed in place)."""
    team = active(state)
    if action["do"] == "deploy":
        deploy(state, team, action, kit, asker)
    elif action["do"] == "gunfire":
        gunfire(state, team, action, kit, asker)
    elif action["do"] == "enlist":
        enlist(state, team, action, kit, asker)
    else:
        field = view(state, team, kit)
        apply_action(field, action, Table(), kit, asker)
        store(state, team, field)
    check_troop_size(state, team)


def enlist(state: State, team: str, a: dict[str, Any], kit: Kit, asker: Asker) -> None:
    """Enlist onto the team's own Spawn Point; onto the other team's Units it is a Battle."""
    point = state["spawns"][team]
    new = enlisted(view(state, team, kit), a, kit, point, asker.log)
    if str(point) in state["teams"][other(team)]["units"]:
        versus_battle(state, team, point, {"soldiers": new, "tile": None}, kit, asker)
        return
    side = state["teams"][team]["units"].setdefault(str(point), {"soldiers": [], "tile": None})
    side["soldiers"] += new


def over_the_edge(state: State, team: str, start: int, kit: Kit) -> bool:
    """Capture the Flag: a Unit on the far edge (no hex ahead of it) may move over it."""
    ahead = "up" if team == "A" else "down"
    return state["mode"] == "capture_the_flag" and ahead not in kit.board.neighbours[start]


def deploy_targets(state: State, team: str, start: int, reach: int, kit: Kit) -> list[int]:
    """Where ``team``'s Units on ``start`` may move: one hex (Supreme Commander: two, through
    a hex the other team does not hold), or over the opposite edge (:data:`OFF_EDGE`)."""
    targets = move_targets(view(state, team, kit), start, reach, kit)
    return [*targets, OFF_EDGE] if over_the_edge(state, team, start, kit) else targets


def deploy(state: State, team: str, a: dict[str, Any], kit: Kit, asker: Asker) -> None:
    """Move Units one (Supreme Commander: up to two) hexes; moving is exhausting."""
    units = state["teams"][team]["units"]
    start = str(a["from"])
    here = units.get(start)
    if here is None:
        raise IllegalInput(
            msg("Team {team} has no Units on #{hex}", team=team, hex=int(start)), "from"
        )
    if a["to"] not in deploy_targets(state, team, int(start), 2 if a["supreme"] else 1, kit):
        raise IllegalInput(
            msg("#{to} is out of reach from #{start}", to=a["to"], start=int(start)), "to"
        )
    moving: dict[str, Any] = {"soldiers": [], "tile": None}
    for kind in ("farmer", "citizen"):
        upright = [x for x in here["soldiers"] if x["kind"] == kind and not x["exhausted"]]
        if a[kind] > len(upright):
            raise too_few_upright(int(start), len(upright), kind, "units")
        for x in upright[: a[kind]]:
            here["soldiers"].remove(x)
            moving["soldiers"].append({"kind": kind, "exhausted": True})
    if a.get("building"):
        tile = here["tile"]
        if (
            tile is None
            or tile["type"] != "building"
            or not kit.defences.buildings[tile["kind"]]["mobile"]
        ):
            raise IllegalInput(
                msg("there is no Catapult or Howitzer on #{hex}", hex=int(start)), "building"
            )
        moving["tile"], here["tile"] = tile, None
        crew = kit.defences.buildings[tile["kind"]]["soldier"]
        if a.get("crew"):
            rider = next((x for x in here["soldiers"] if x["kind"] == crew), None)
            if rider is not None:  # moved along, exhausted or not, and not exhausted by it
                here["soldiers"].remove(rider)
                moving["soldiers"].append(rider)
    if not moving["soldiers"] and moving["tile"] is None:
        raise IllegalInput(msg("nothing was chosen: set at least one"), "units")
    if not here["soldiers"] and here["tile"] is None:
        del units[start]
    if a["to"] == OFF_EDGE:
        state["winner"] = team
        asker.log.say(msg("Team {team} moved a Unit over the opposite edge", team=team))
        return
    target = str(a["to"])
    asker.log.say(msg("Units moved from #{a} to #{b}", a=int(start), b=int(target)))
    if target in state["teams"][other(team)]["units"]:
        versus_battle(state, team, int(target), moving, kit, asker, 1 if a["supreme"] else 0)
        return
    there = units.setdefault(target, {"soldiers": [], "tile": None})
    if moving["tile"] is not None and there["tile"] is not None:
        raise IllegalInput(msg("no hex may contain more than one Defensive Work"), "to")
    there["soldiers"] += moving["soldiers"]
    there["tile"] = there["tile"] or moving["tile"]


def strength(side: dict[str, Any], kit: Kit) -> int:
    defs = kit.defences
    return sum(defs.soldier_strength(x["kind"]) for x in side["soldiers"]) + defs.tile_strength(
        side["tile"]
    )


def versus_battle(
    state: State,
    attacker: str,
    hex_id: int,
    moving: dict[str, Any],
    kit: Kit,
    asker: Asker,
    bonus: int = 0,
) -> None:
    """Units moved onto the other team's Units: compare Strength, the team on the hex wins ties.

    The losers' Units leave the hex (Soldiers to their Sickbay, tiles but Traps and
    Bombs to the supply); the winners take damage equal to the losers' Strength,
    allocated as in the cooperative game; where the rules leave a choice (a Mine
    or the Soldiers first) the defeated team decides (``battle-N``).
    """
    defender = other(attacker)
    key = str(hex_id)
    held = state["teams"][defender]["units"][key]
    ours, theirs = strength(moving, kit) + bonus, strength(held, kit)
    n = asker.number("battle")
    asker.log.say(
        msg(
            "Battle on #{hex}: team {a} {ours} against team {d} {theirs}",
            hex=hex_id,
            a=attacker,
            ours=ours,
            d=defender,
            theirs=theirs,
        )
    )
    asker.log.tracer.decide(
        "compare Strength",
        msg(
            "Team {a} {ours} against team {d} {theirs}: the team on the hex wins ties",
            a=attacker,
            ours=ours,
            d=defender,
            theirs=theirs,
        ),
        attacker=ours,
        defender=theirs,
    )
    if theirs >= ours:
        winner, win_side, loser, lose_side, damage = defender, held, attacker, moving, ours
    else:
        winner, win_side, loser, lose_side, damage = attacker, moving, defender, held, theirs
    _remove_all(state, loser, lose_side, hex_id, asker)
    first, second = (
        allocate_defence(win_side, damage, kit.defences, mine_first=f) for f in (True, False)
    )
    loss = first
    if offer_choice(win_side, first, second):
        options = [
            {"mine_first": True, "falls": falls(win_side, first)},
            {"mine_first": False, "falls": falls(win_side, second)},
        ]
        question = {"hex": hex_id, "options": options, "ours": max(ours, theirs), "theirs": damage}
        answer = asker.ask("battle", n, {**question, "decides": loser})
        loss = second if answer == "soldiers" else first
    wounded = {"farmer": 0, "citizen": 0}
    apply_defence_loss(win_side, loss, wounded, [], asker.log.steps, hex_id)
    for kind, k in wounded.items():
        state["teams"][winner]["sickbay"][kind] += k
    asker.log.say(msg("Team {team} holds #{hex}", team=winner, hex=hex_id))
    units = state["teams"][winner]["units"]
    if winner == attacker:
        state["teams"][loser]["units"].pop(key, None)
        if lose_side["tile"] is not None and lose_side["tile"]["type"] in ("trap", "bomb"):
            state["teams"][loser]["units"][key] = {"soldiers": [], "tile": lose_side["tile"]}
        units[key] = win_side
    elif not win_side["soldiers"] and win_side["tile"] is None:
        units.pop(key, None)


def _remove_all(state: State, team: str, side: dict[str, Any], hex_id: int, asker: Asker) -> None:
    """The defeated team's Units leave the hex: Soldiers wounded, tiles but Traps/Bombs lost."""
    for x in side["soldiers"]:
        state["teams"][team]["sickbay"][x["kind"]] += 1
    if side["soldiers"]:
        asker.log.say(
            msgn(
                "{n} Soldier of team {team} wounded -> Sickbay",
                "{n} Soldiers of team {team} wounded -> Sickbay",
                n=len(side["soldiers"]),
                team=team,
            )
        )
    side["soldiers"] = []
    if side["tile"] is not None and side["tile"]["type"] not in ("trap", "bomb"):
        side["tile"] = None


def gunfire(state: State, team: str, a: dict[str, Any], kit: Kit, asker: Asker) -> None:
    """Gunfire / Indirect Fire at the other team's hex; Indirect Fire destroys its Traps, Mines."""
    field = view(state, team, kit)
    target = a["hex"]
    enemy = state["teams"][other(team)]["units"].get(str(target))
    if enemy is None:
        raise IllegalInput(
            msg("Team {team} has no Units on #{hex}", team=other(team), hex=target), "hex"
        )
    sources = fire_sources(field, target, {"basic": 1, "elite": 0}, False, kit)
    chosen = [int(h) for h, n in sorted(a["sources"].items()) for _ in range(n)]
    counts = check_sources(chosen, sources, target, "sources")
    if not counts:
        raise IllegalInput(msg("choose at least one Building that fires"), "sources")
    general, trench, indirect = fire_from(field, counts, kit)
    store(state, team, field)
    damage = general + trench
    asker.log.say(msg("Combined fire deals {n} damage to #{hex}", n=damage, hex=target))
    tile = enemy["tile"]
    if indirect and tile is not None and tile["type"] in ("trap", "mine"):
        enemy["tile"] = None
        asker.log.say(msg("Indirect Fire destroys the enemy tile on #{hex}", hex=target))
    loss = allocate_defence(enemy, damage, kit.defences)
    wounded = {"farmer": 0, "citizen": 0}
    apply_defence_loss(enemy, loss, wounded, [], asker.log.steps, target)
    for kind, k in wounded.items():
        state["teams"][other(team)]["sickbay"][kind] += k
    if not enemy["soldiers"] and enemy["tile"] is None:
        del state["teams"][other(team)]["units"][str(target)]


def end_turn(state: State, kit: Kit) -> list[Any]:
    """The active player's turn ends: Spawn Point clearing after the third turn, then the next
    player's turn (a new Half-Year after everyone's three); upright at first turns."""
    said = []
    team = active(state)
    if player_round(state) == TURNS_EACH - 1:
        key = str(state["spawns"][other(team)])
        side = state["teams"][team]["units"].pop(key, None)
        if side is not None:
            for x in side["soldiers"]:
                state["teams"][team]["sickbay"][x["kind"]] += 1
            said.append(
                msg(
                    "Team {team}'s Units left on the other Spawn Point go to the Sickbay", team=team
                )
            )
    state["turn"] += 1
    if state["turn"] >= TURNS_EACH * 2 * per_team(state):
        state["turn"] = 0
        state["half"] += 1
        said.append(msg("A new Half-Year begins"))
    if player_round(state) == 0:
        for side in state["teams"][active(state)]["units"].values():
            for x in side["soldiers"]:
                x["exhausted"] = False
        said.append(
            msg("Team {team}: exhausted Soldiers set upright at no cost", team=active(state))
        )
    return said
