"""Action spots, placement legality, resolution order and fights in versus play.

A *spot* is where a pawn goes, named as a string:

========================  ==============================================
``camp:shelter`` ...      the camp actions shelter, roof, palisade, weapon,
                          arrange (organise the camp) and rest: shared
``hunt``                  the hunting deck
``attack:<player>``       a special hunting action on that player's camp
``gather:<tile>:<res>``   one resource icon (food or wood) of a tile
``explore:<tile>``        an unexplored island spot
``build:<invention>``     an invention card
========================  ==============================================

Every check raises :class:`~rules.errors.IllegalInput` quoting the versus
rule it applies, or returns the trace of rules walked.
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput
from rules.games.robinson.catalogue import CATALOGUE
from rules.games.robinson.model import State, camp_owner, in_order, owner_of, player

CAMP_ACTIONS = ("shelter", "roof", "palisade", "weapon", "arrange", "rest")
ACTIONS = (*CAMP_ACTIONS, "hunt", "attack", "gather", "explore", "build")
RESOURCES = ("food", "wood")
#: Resolution order of the cooperative game (threat actions do not exist in
#: versus: no wreckage card and no event cards on the threat field).
CATEGORIES = ("hunting", "building", "gathering", "exploring", "arranging", "resting")
ADVENTURE_CATEGORIES = ("building", "gathering", "exploring")
Trace = list[tuple[str, str]]


def category(spot: str) -> str:
    kind, _, rest = spot.partition(":")
    if kind in ("hunt", "attack"):
        return "hunting"
    if kind == "build" or (kind == "camp" and rest in ("shelter", "roof", "palisade", "weapon")):
        return "building"
    if kind == "gather":
        return "gathering"
    if kind == "explore":
        return "exploring"
    return "arranging" if rest == "arrange" else "resting"


def rule(text: str, why: str, field: str = "target") -> IllegalInput:
    return IllegalInput(f"{why} (rule: {text})", field)


def spot_for(action: str, target: str) -> str:
    """Turn the players' (action, target) answer into a spot name."""
    target = target.strip()
    if action in CAMP_ACTIONS:
        return f"camp:{action}"
    if action == "hunt":
        return "hunt"
    if not target:
        raise IllegalInput(f"say which {_target_word(action)}", "target")
    if action == "gather":
        parts = target.replace(":", " ").split()
        if len(parts) != 2 or parts[1] not in RESOURCES:
            raise IllegalInput("write the tile and the resource, e.g. '5 wood'", "target")
        return f"gather:{parts[0]}:{parts[1]}"
    return f"{action}:{target}"


def _target_word(action: str) -> str:
    return {
        "attack": "player to attack",
        "gather": "tile and resource (e.g. '5 wood')",
        "explore": "island spot",
        "build": "invention",
    }[action]


def attack_pawns(distance: int) -> int:
    """Pawns an attack needs: 1 for a neighbouring camp, 2 for a camp two spaces away.

    Reading: the text names only these two cases; farther camps cannot be attacked.
    """
    if distance == 1:
        return 1
    if distance == 2:
        return 2
    raise rule(
        "place a pawn on another player's camp, two pawns if it is two spaces away",
        f"that camp is {distance} spaces away; attacks reach at most two spaces",
    )


def placed_by(state: State, spot: str) -> dict[str, int]:
    """Pawns on ``spot`` by player."""
    counts: dict[str, int] = {}
    for placement in state["placements"]:
        if placement["spot"] == spot:
            counts[placement["player"]] = counts.get(placement["player"], 0) + 1
    return counts


def pawns_left(state: State, pid: str) -> int:
    used = sum(1 for p in state["placements"] if p["player"] == pid)
    return int(player(state, pid)["pawns"]) - used


def check_invention(state: State, pid: str, card: str) -> Trace:
    """Building an invention: unowned, terrain revealed away from enemy camps, own items only."""
    invention = CATALOGUE.inventions.get(card)
    if invention is None:
        known = ", ".join(CATALOGUE.inventions)
        raise IllegalInput(f"'{card}' is not an invention card (known: {known})", "target")
    owner = owner_of(state, card)
    if owner is not None:
        raise rule(
            "once built, an invention belongs to its builder and nobody else can build it",
            f"{card} belongs to {owner}",
        )
    trace: Trace = []
    for terrain in invention.requires_terrain:
        usable = [
            tile
            for tile, kind in state["revealed"].items()
            if kind == terrain and camp_owner(state, tile) in (None, pid)
        ]
        if not usable:
            hidden = [t for t, k in state["revealed"].items() if k == terrain]
            why = (
                f"{terrain} is revealed only on tiles with an enemy camp ({', '.join(hidden)})"
                if hidden
                else f"no {terrain} tile is revealed"
            )
            raise rule(
                "players use every revealed terrain, also revealed by others, "
                "except tiles with an enemy camp",
                why,
            )
        trace.append(("terrain", f"{terrain} available on tile {usable[0]}"))
    for item in invention.requires_items:
        holder = owner_of(state, item)
        if holder != pid:
            where = f"it belongs to {holder}; steal it first" if holder else "nobody has built it"
            raise rule(
                "players cannot use or build items owned by other players",
                f"{card} needs {item}: {where}",
            )
        trace.append(("own items", f"{pid} owns {item}"))
    return trace


def check_placement(state: State, pid: str, action: str, target: str) -> tuple[str, Trace]:
    """One pawn placed by ``pid``: returns the spot and the rules walked."""
    if action not in ACTIONS:
        raise IllegalInput(f"'{action}' is not an action ({', '.join(ACTIONS)})", "action")
    if pawns_left(state, pid) < 1:
        raise IllegalInput(f"{pid} has no pawn left to place", "action")
    spot = spot_for(action, target)
    trace: Trace = []
    others = {p: n for p, n in placed_by(state, spot).items() if p != pid}
    if others and action not in CAMP_ACTIONS:
        raise rule(
            "a player cannot place a pawn where another player already has one; only the "
            "camp actions are shared",
            f"{', '.join(others)} already placed on {spot}",
        )
    if action in CAMP_ACTIONS:
        trace.append(("camp action", f"{spot} may hold pawns of several players"))
    kind, _, rest = spot.partition(":")
    if kind == "attack":
        trace += _check_attack(state, pid, rest)
    elif kind == "gather":
        tile = rest.split(":")[0]
        if tile not in state["revealed"]:
            raise IllegalInput(f"tile {tile} is not revealed", "target")
        enemy = camp_owner(state, tile)
        if enemy not in (None, pid):
            raise rule(
                "a player cannot gather resources on a tile with an enemy camp",
                f"{enemy}'s camp stands on tile {tile}",
            )
    elif kind == "explore":
        if rest not in CATALOGUE.spots:
            raise IllegalInput(f"'{rest}' is not an island spot", "target")
        if rest in state["revealed"]:
            raise IllegalInput(f"tile {rest} is already explored", "target")
    elif kind == "build":
        trace += check_invention(state, pid, rest)
    trace += _check_open_attacks(state, pid, spot)
    trace.append(("placed", f"{pid} places a pawn on {spot}"))
    return spot, trace


def attack_shortfall(state: State, pid: str) -> dict[str, int]:
    """Pawns still missing on ``pid``'s attacks (a camp two spaces away needs two)."""
    missing: dict[str, int] = {}
    for spot in {p["spot"] for p in state["placements"] if p["player"] == pid}:
        if spot.startswith("attack:"):
            target = spot.partition(":")[2]
            distance = CATALOGUE.distance(player(state, pid)["camp"], player(state, target)["camp"])
            short = attack_pawns(distance) - placed_by(state, spot).get(pid, 0)
            if short > 0:
                missing[spot] = short
    return missing


def _check_open_attacks(state: State, pid: str, spot: str) -> Trace:
    """A pawn elsewhere must leave enough pawns to complete an attack already begun.

    Reading: pawns go one at a time, so a two-pawn attack is reserved when begun.
    """
    missing = {s: n for s, n in attack_shortfall(state, pid).items() if s != spot}
    if missing and pawns_left(state, pid) - 1 < sum(missing.values()):
        attack, short = next(iter(sorted(missing.items())))
        raise rule(
            "two pawns if the camp is two spaces away",
            f"{pid}'s {attack} still needs {short} more pawn(s)",
        )
    return []


def _check_attack(state: State, pid: str, target: str) -> Trace:
    if target == pid:
        raise IllegalInput("a player cannot attack their own camp", "target")
    defender = player(state, target)
    if not defender["alive"]:
        raise IllegalInput(f"{target} has been eliminated", "target")
    distance = CATALOGUE.distance(player(state, pid)["camp"], defender["camp"])
    need = attack_pawns(distance)
    already = placed_by(state, f"attack:{target}").get(pid, 0)
    if already == 0 and pawns_left(state, pid) < need:
        raise rule(
            "two pawns if the camp is two spaces away",
            f"{target}'s camp is {distance} spaces away: {need} pawns needed, "
            f"{pid} has {pawns_left(state, pid)} left",
        )
    return [("attack reach", f"{target}'s camp is {distance} space(s) away: {need} pawn(s)")]


def next_placer(state: State, after: str | None) -> str | None:
    """Who places next: player order, one pawn each, skipping players with none left."""
    order = in_order(state)
    if not order:
        return None
    start = 0 if after is None else (order.index(after) + 1) % len(order)
    for step in range(len(order)):
        pid = order[(start + step) % len(order)]
        if pawns_left(state, pid) > 0:
            return pid
    return None


def resolution_queue(state: State) -> list[dict[str, Any]]:
    """Placed actions in the cooperative order; the first player first on the same action."""
    order = in_order(state)
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for seq, placement in enumerate(state["placements"]):
        key = (placement["player"], placement["spot"])
        if key not in groups:
            groups[key] = {"player": key[0], "spot": key[1], "pawns": 0, "seq": seq}
        groups[key]["pawns"] += 1
    return sorted(
        groups.values(),
        key=lambda g: (CATEGORIES.index(category(g["spot"])), order.index(g["player"]), g["seq"]),
    )


def fight(
    attacker_weapon: int, defender_weapon: int, defender_palisade: int, palisade_bonus: bool
) -> tuple[dict[str, Any], Trace]:
    """Settle a fight: the higher weapon wins, the loser loses hearts equal to the difference.

    Readings: the bonus needs a palisade of at least 1, costs 1 palisade whatever
    the outcome, and counts in the difference.
    """
    trace: Trace = []
    defence = defender_weapon
    if palisade_bonus:
        if defender_palisade < 1:
            raise rule(
                "the defender may add the palisade level and then loses 1 palisade",
                "the defender has no palisade",
                "palisade_bonus",
            )
        defence += defender_palisade
        trace.append(("defender bonus", f"weapon {defender_weapon} + palisade {defender_palisade}"))
    trace.append(("compare", f"attacker weapon {attacker_weapon} vs defender {defence}"))
    diff = attacker_weapon - defence
    winner: str | None
    loser: str | None
    if diff > 0:
        winner, loser = "attacker", "defender"
    elif diff < 0:
        winner, loser = "defender", "attacker"
    else:
        winner = loser = None  # a tie
    result = {
        "attack": attacker_weapon,
        "defence": defence,
        "winner": winner,
        "loser": loser,
        "hearts_lost": abs(diff),
        "palisade_lost": 1 if palisade_bonus else 0,
    }
    if winner is None:
        trace.append(("tie", "equal levels: no winner, no loser"))
    else:
        trace.append(("result", f"{winner} wins; {loser} loses {abs(diff)} heart(s)"))
    if palisade_bonus:
        trace.append(("palisade cost", "the defender loses 1 palisade at the end of the fight"))
    return result, trace
