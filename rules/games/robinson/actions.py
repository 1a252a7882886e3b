"""Action spots, placement legality, resolution order and fights in versus play.

A *spot* is where a pawn goes, named as a string:

========================  ==============================================
``camp:shelter`` ...      the camp actions shelter, roof, palisade, weapon,
                          arrange (organise the camp) and rest: shared
``hunt``                  the hunting deck
``attack:<player>``       a special hunting action on that player's camp
``gather:<space>:<res>``  one resource icon (food or wood) of an explored tile
``explore:<space>``       an unexplored space of the island
``build:<invention>``     an invention card
========================  ==============================================

:func:`check_placement` is the one implementation of the placement rules:
the game offers only the actions and spaces it accepts
(:func:`legal_actions`, :func:`legal_spaces`) and ``tableside decide
robinson placement`` runs it on a situation.
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput
from rules.games.robinson.components import Catalogue, catalogue_of
from rules.games.robinson.model import State, camp_owner, in_order, owner_of, player
from rules.games.robinson.terms import ACTION, RESOURCE, space, terrain, text, who
from rules.text import Msg, msg, msgn

CAMP_ACTIONS = ("shelter", "roof", "palisade", "weapon", "arrange", "rest")
GATHERED = ("food", "wood")
#: Resolution order of the cooperative game (no threat actions in versus: no wreckage card
#: and no event cards on the threat field).
CATEGORIES = ("hunting", "building", "gathering", "exploring", "arranging", "resting")
ADVENTURE_CATEGORIES = ("building", "gathering", "exploring")
Trace = list[tuple[str, Msg]]


class Refused(IllegalInput):
    """A move the versus rules forbid: ``why`` (with its numbers) and the ``rule`` quoted."""

    def __init__(self, rule: Msg, why: Msg, field: str = "action") -> None:
        self.rule = rule
        self.why = why
        super().__init__(msg("{why} (rule: {rule})", why=why, rule=rule), field)


def spaces_away(d: int) -> Msg:
    """``3`` -> "3 spaces away" (the language's plural form)."""
    return msgn("{n} space away", "{n} spaces away", n=d)


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


def spot_label(cat: Catalogue, spot: str) -> Msg:
    """A spot in the players' words: "roof", "attack on Blue's camp", "gather wood on space 5"."""
    kind, _, rest = spot.partition(":")
    if kind == "camp":
        return ACTION[rest]
    if kind == "hunt":
        return ACTION["hunt"]
    if kind == "attack":
        return msg("attack on {p}'s camp", p=who(rest))
    if kind == "gather":
        where, _, resource = rest.partition(":")
        return msg("gather {r} on {s}", r=RESOURCE[resource], s=space(where))
    if kind == "explore":
        return msg("explore {s}", s=space(rest))
    return msg("build {card}", card=text(cat.card_name(rest)))


def terrain_of(state: State, where: str) -> str | None:
    tile = state["island"].get(where)
    return catalogue_of(state).tiles[tile].terrain if tile is not None else None


def attack_pawns(distance: int) -> int:
    """Pawns an attack needs: 1 for a neighbouring camp, 2 for a camp two spaces away.

    Reading 1: the text names only these two cases; farther camps cannot be attacked.
    """
    if distance in (1, 2):
        return distance
    raise Refused(
        msg("a pawn on the other player's camp, two pawns if it is two spaces away"),
        msg("that camp is {n} spaces away: an attack reaches at most two", n=distance),
        "target",
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
    cat = catalogue_of(state)
    invention = cat.inventions[card]
    owner = owner_of(state, card)
    if owner is not None:
        raise Refused(
            msg("once built, an invention belongs to its builder and nobody else can build it"),
            msg("{card} belongs to {p}", card=text(invention.name), p=who(owner)),
        )
    trace: Trace = []
    for needed in invention.requires_terrain:
        usable = [
            where
            for where in state["island"]
            if terrain_of(state, where) == needed and camp_owner(state, where) in (None, pid)
        ]
        if not usable:
            hidden = any(terrain_of(state, w) == needed for w in state["island"])
            why = (
                msg("{t} is explored only under an enemy camp", t=terrain(needed))
                if hidden
                else msg("no {t} tile is explored", t=terrain(needed))
            )
            raise Refused(
                msg(
                    "players use every explored terrain, also explored by others, "
                    "except tiles with an enemy camp"
                ),
                why,
            )
        trace.append(
            ("terrain", msg("{t} on {s}", t=terrain(needed), s=space(sorted(usable, key=int)[0])))
        )
    for item in invention.requires_items:
        holder = owner_of(state, item)
        if holder != pid:
            why = (
                msg("{card} needs {item}: it is {p}'s; steal it first", card=text(invention.name),
                    item=text(cat.card_name(item)), p=who(holder))
                if holder
                else msg("{card} needs {item}, which nobody owns", card=text(invention.name),
                         item=text(cat.card_name(item)))
            )  # fmt: skip
            raise Refused(msg("players cannot use or build items owned by other players"), why)
        trace.append(
            ("own items", msg("{p} owns {item}", p=who(pid), item=text(cat.card_name(item))))
        )
    return trace


def check_placement(state: State, pid: str, spot: str) -> Trace:
    """One pawn placed by ``pid`` on ``spot``: the rules walked, or :class:`Refused`."""
    cat = catalogue_of(state)
    if pawns_left(state, pid) < 1:
        raise Refused(
            msg("each player places their own pawns"), msg("{p} has no pawn left", p=who(pid))
        )
    kind, _, rest = spot.partition(":")
    trace: Trace = []
    others = [p for p in placed_by(state, spot) if p != pid]
    if others and kind != "camp":
        raise Refused(
            msg("no pawn where another player already has one; only the camp actions are shared"),
            msg("{p} already has a pawn on {spot}", p=who(others[0]), spot=spot_label(cat, spot)),
        )
    if kind == "camp":
        trace.append(("camp action", msg("camp actions may hold pawns of several players")))
    else:
        trace.append(
            ("free spot", msg("no other player has a pawn on {spot}", spot=spot_label(cat, spot)))
        )
    if kind == "attack":
        trace += _check_attack(state, pid, rest)
    elif kind == "gather":
        where, _, resource = rest.partition(":")
        tile = state["island"].get(where)
        if tile is None or resource not in cat.tiles[tile].resources:
            raise Refused(
                msg("a resource icon of an explored tile"),
                msg("{s} shows no {r}", s=space(where), r=RESOURCE[resource]),
                "space",
            )
        enemy = camp_owner(state, where)
        if enemy not in (None, pid):
            raise Refused(
                msg("a player cannot gather resources on a tile with an enemy camp"),
                msg("{p}'s camp stands on {s}", p=who(enemy), s=space(where)),
                "space",
            )
        trace.append(
            ("resource icon", msg("{s} shows {r} and holds no enemy camp", s=space(where),
                                  r=RESOURCE[resource]))
        )  # fmt: skip
    elif kind == "explore":
        if rest in state["island"]:
            raise Refused(
                msg("exploring is for an unexplored space of the island"),
                msg("{s} is already explored", s=space(rest)),
                "space",
            )
        if len(state["island"]) >= len(cat.tiles):
            raise Refused(
                msg("exploring reveals an island tile"),
                msg("every island tile is already on the island"),
                "space",
            )
        trace.append(("unexplored", msg("{s} is unexplored", s=space(rest))))
    elif kind == "build":
        trace += check_invention(state, pid, rest)
    return _check_open_attacks(state, pid, spot) + trace


def attack_shortfall(state: State, pid: str) -> dict[str, int]:
    """Pawns still missing on ``pid``'s attacks (a camp two spaces away needs two)."""
    cat = catalogue_of(state)
    missing: dict[str, int] = {}
    for spot in {p["spot"] for p in state["placements"] if p["player"] == pid}:
        target = spot.partition(":")[2]
        if spot.startswith("attack:") and player(state, target)["alive"]:
            distance = cat.distance(player(state, pid)["camp"], player(state, target)["camp"])
            short = min(distance, 2) - placed_by(state, spot).get(pid, 0)
            if short > 0:
                missing[spot] = short
    return missing


def _check_open_attacks(state: State, pid: str, spot: str) -> Trace:
    """This pawn must leave enough pawns to complete every attack begun (this one included).

    Reading 2: pawns go one at a time, so a two-pawn attack is reserved when begun. When
    the attacks begun can no longer be completed anyway (pawns lost meanwhile), nothing is
    reserved: the short attack will not happen.
    """
    left = pawns_left(state, pid)
    before = sum(attack_shortfall(state, pid).values())
    after_state = dict(state, placements=[*state["placements"], {"player": pid, "spot": spot}])
    after = attack_shortfall(after_state, pid)
    if before <= left and sum(after.values()) > left - 1:
        short = sorted(after.items())[0]
        raise Refused(
            msg("two pawns if the camp is two spaces away"),
            msgn(
                "{p}'s attack still needs {n} more pawn",
                "{p}'s attack still needs {n} more pawns",
                p=who(pid),
                n=short[1],
            ),
        )
    return []


def _check_attack(state: State, pid: str, target: str) -> Trace:
    cat = catalogue_of(state)
    rule = msg("a special hunting action: a pawn on another player's camp")
    if target == pid:
        raise Refused(rule, msg("{p} cannot attack their own camp", p=who(pid)), "target")
    defender = player(state, target)
    if not defender["alive"]:
        raise Refused(rule, msg("{p} has been eliminated", p=who(target)), "target")
    distance = cat.distance(player(state, pid)["camp"], defender["camp"])
    need = attack_pawns(distance)
    already = placed_by(state, f"attack:{target}").get(pid, 0)
    if already == 0 and pawns_left(state, pid) < need:
        raise Refused(
            msg("two pawns if the camp is two spaces away"),
            msg(
                "{p}'s camp is {d} spaces away: {need} pawns needed, {n} left",
                p=who(target),
                d=distance,
                need=need,
                n=pawns_left(state, pid),
            ),
            "target",
        )
    return [
        (
            "attack reach",
            msg(
                "{p}'s camp is {away}: {pawns}",
                p=who(target),
                away=spaces_away(distance),
                pawns=msgn("{n} pawn", "{n} pawns", n=need),
            ),
        )
    ]


def _passes(state: State, pid: str, spot: str) -> bool:
    try:
        check_placement(state, pid, spot)
    except Refused:
        return False
    return True


def candidate_spots(state: State, pid: str) -> list[str]:
    """Every spot a pawn could go to, before the rules are applied."""
    cat = catalogue_of(state)
    spots = [f"camp:{a}" for a in CAMP_ACTIONS] + ["hunt"]
    spots += [f"attack:{p}" for p in in_order(state) if p != pid]
    spots += [f"gather:{s}:{r}" for s in sorted(state["island"], key=_order) for r in GATHERED]
    spots += [f"explore:{s}" for s in sorted(cat.spaces, key=_order) if s not in state["island"]]
    spots += [f"build:{card}" for card in cat.inventions]
    return spots


def _order(space_id: str) -> tuple[int, str]:
    return (int(space_id), "") if space_id.isdigit() else (10**6, space_id)


def action_of(spot: str) -> str:
    """The action choice a spot is placed with: gathering and exploring pick their space next."""
    kind, _, rest = spot.partition(":")
    if kind == "gather":
        return f"gather:{rest.partition(':')[2]}"
    if kind == "explore":
        return "explore"
    return spot


def legal_spots(state: State, pid: str) -> list[str]:
    return [s for s in candidate_spots(state, pid) if _passes(state, pid, s)]


def legal_actions(state: State, pid: str) -> list[str]:
    """The actions ``pid`` may place a pawn on now, in the board's order."""
    out: list[str] = []
    for spot in legal_spots(state, pid):
        action = action_of(spot)
        if action not in out:
            out.append(action)
    return out


def legal_spaces(state: State, pid: str, action: str) -> list[str]:
    """The island spaces a gathering (``gather:<res>``) or exploring action may go to."""
    out = []
    for spot in legal_spots(state, pid):
        if action_of(spot) == action:
            out.append(spot.split(":")[1])
    return out


def spot_for(action: str, where: str | None) -> str:
    """The spot of an action choice and, for gathering and exploring, its space."""
    if action == "explore":
        return f"explore:{where}"
    if action.startswith("gather:"):
        return f"gather:{where}:{action.partition(':')[2]}"
    return action


def next_placer(state: State, after: str | None) -> str | None:
    """Who places next: player order, one pawn each, skipping players with none left."""
    order = in_order(state)
    if not order:
        return None
    start = 0 if after is None or after not in order else (order.index(after) + 1) % len(order)
    for step in range(len(order)):
        pid = order[(start + step) % len(order)]
        if pawns_left(state, pid) > 0:
            return pid
    return None


def current_placer(state: State) -> str | None:
    """Who places the next pawn: after the last pawn placed, the next player with pawns left."""
    last = state["placements"][-1]["player"] if state["placements"] else None
    return next_placer(state, last)


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

    "o jogador com o maior nível de arma é o vencedor da luta, o perdedor perde o coração
    igual à diferença. Quando há empate, não há vencedor nem perdedor." Defender's bonus:
    "pode adicionar temporariamente seu nível de paliçada ao seu nível de arma. Se ele o
    fizer, perde 1 paliçada no final da luta." Readings 6: the bonus needs a palisade of at
    least 1, costs 1 palisade whatever the outcome, and counts in the difference.
    """
    trace: Trace = []
    defence = defender_weapon
    if palisade_bonus:
        if defender_palisade < 1:
            raise Refused(
                msg("the defender may add the palisade level and then loses 1 palisade"),
                msg("the defender has no palisade"),
                "palisade_bonus",
            )
        defence += defender_palisade
        trace.append(
            (
                "defender bonus",
                msg("defence: weapon {w} + palisade {p} = {d}", w=defender_weapon,
                    p=defender_palisade, d=defence),
            )
        )  # fmt: skip
    diff = attacker_weapon - defence
    winner: str | None = None
    loser: str | None = None
    if diff > 0:
        winner, loser = "attacker", "defender"
    elif diff < 0:
        winner, loser = "defender", "attacker"
    if winner is None:
        trace.append(
            (
                "tie",
                msg(
                    "weapon {a} against {d}: a tie, no winner, no loser",
                    a=attacker_weapon,
                    d=defence,
                ),
            )
        )
    else:
        side = msg("the attacker") if winner == "attacker" else msg("the defender")
        trace.append(
            (
                "higher weapon",
                msgn(
                    "weapon {a} against {d}: {side} wins; the loser loses {n} heart",
                    "weapon {a} against {d}: {side} wins; the loser loses {n} hearts",
                    a=attacker_weapon,
                    d=defence,
                    side=side,
                    n=abs(diff),
                ),
            )
        )
    result = {
        "attack": attacker_weapon,
        "defence": defence,
        "winner": winner,
        "loser": loser,
        "hearts_lost": abs(diff) if winner else 0,
        "palisade_lost": 1 if palisade_bonus else 0,
    }
    return result, trace
