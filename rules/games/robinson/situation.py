"""``tableside decide robinson fight|placement``: settle one fight or judge one pawn.

Situations (docs/robinson.md) are checked by :data:`FIGHT_SCHEMA` and
:data:`PLACEMENT_SCHEMA`: unknown fields, wrong types, values beyond the
components' limits, unknown spaces, tiles and cards, missing fields that
would change the result, all named by path. The rulings come from the very
functions the game's steps use (:func:`actions.fight`,
:func:`actions.check_placement`, :func:`actions.next_placer`).
"""

from __future__ import annotations

from typing import Any

from rules.components import COMPONENTS_OPTION
from rules.decision import Decision, Tracer
from rules.errors import SituationError
from rules.game import DecisionKind
from rules.games.robinson import actions as A
from rules.games.robinson.components import (
    SCHEMA as COMPONENTS,
)
from rules.games.robinson.components import (
    Catalogue,
    catalogue_from_data,
    example_catalogue,
    example_checked,
)
from rules.games.robinson.terms import COLOURS, who
from rules.schema import Bool, Int, List, Map, Obj, Str
from rules.text import Msg, msg, msgn

PLAYER = Str(choices=COLOURS)
ID = Str(max_length=40)
LEVEL = Int(0, 99)


def catalogue_for(s: dict[str, Any]) -> Catalogue:
    data = s.get(COMPONENTS_OPTION)
    return catalogue_from_data(data) if data is not None else example_catalogue()


def _within(value: int, limit: int, path: str) -> None:
    if value > limit:
        raise SituationError(path, f"{value} is above the components' limit {limit}")


# -- fight ---------------------------------------------------------------------------------


def _check_fight(s: dict[str, Any], path: str) -> None:
    cat = catalogue_for(s)
    for side in ("attacker", "defender"):
        for key in ("weapon", "palisade", "hearts"):
            if key in s[side]:
                _within(s[side][key], cat.limits[key], f"{side}.{key}")
    defender = s["defender"]
    if s.get("palisade_bonus") and "palisade" not in defender:
        raise SituationError("defender.palisade", "is needed for the defender's bonus")
    if defender.get("palisade", 0) > 0 and "palisade_bonus" not in s:
        raise SituationError("palisade_bonus", "is needed: does the defender add the palisade?")
    if "distance" in s:
        if "pawns" not in s:
            raise SituationError("pawns", "is needed with the distance")
        if s["distance"] > 2:
            raise SituationError("distance", "an attack reaches a camp at most two spaces away")
        _within(s["pawns"], cat.limits["pawns"], "pawns")
    names = [s[side].get("name") for side in ("attacker", "defender")]
    if names[0] is not None and names[0] == names[1]:
        raise SituationError("defender.name", "a player does not attack their own camp")


FIGHT_SCHEMA = Obj(
    {
        "attacker": Obj(
            {"name": PLAYER, "weapon": LEVEL, "hearts": LEVEL}, required=frozenset({"weapon"})
        ),
        "defender": Obj(
            {"name": PLAYER, "weapon": LEVEL, "palisade": LEVEL, "hearts": LEVEL},
            required=frozenset({"weapon"}),
        ),
        "palisade_bonus": Bool(),
        "distance": Int(1, 60),
        "pawns": Int(0, 99),
        COMPONENTS_OPTION: COMPONENTS,
    },
    required=frozenset({"attacker", "defender"}),
    check_whole=_check_fight,
)


def decide_fight(s: dict[str, Any]) -> Decision:
    """Who wins a fight, who loses how many hearts, what the palisade bonus costs."""
    cat = catalogue_for(s)
    att, dfd = s["attacker"], s["defender"]
    names: dict[str, Msg] = {
        "attacker": who(att["name"]) if "name" in att else msg("the attacker"),
        "defender": who(dfd["name"]) if "name" in dfd else msg("the defender"),
    }
    tracer = Tracer()
    if "distance" in s:
        need = A.attack_pawns(s["distance"])
        if s["pawns"] < need:
            tracer.decide(
                "attack reach",
                msg("a camp {away} needs {pawns}; {n} placed", away=A.spaces_away(s["distance"]),
                    pawns=msgn("{n} pawn", "{n} pawns", n=need), n=s["pawns"]),
            )  # fmt: skip
            return Decision(
                game="robinson",
                kind="fight",
                summary=msg("No fight: {n} pawns are needed", n=need),
                trace=tracer.freeze(),
                result={"fight": False, "pawns_needed": need},
                example_data=cat.example,
            )
        tracer.add(
            "attack reach",
            msg(
                "a camp {away} needs {pawns}",
                away=A.spaces_away(s["distance"]),
                pawns=msgn("{n} pawn", "{n} pawns", n=need),
            ),
        )
    result, trace = A.fight(
        att["weapon"], dfd["weapon"], dfd.get("palisade", 0), s.get("palisade_bonus", False)
    )
    for index, (rule, finding) in enumerate(trace):
        tracer.add(rule, finding, decisive=rule in ("higher weapon", "tie"))
        del index
    result = dict(result, fight=True)
    if result["loser"] is not None:
        side = s[result["loser"]]
        if "hearts" in side:
            left = max(0, side["hearts"] - result["hearts_lost"])
            result["loser_hearts"] = left
            result["fatal"] = left == 0
            if left == 0:
                tracer.add(
                    "death",
                    msg("{l} dies and is eliminated; {w} may take all resources and cards",
                        l=names[result["loser"]], w=names[result["winner"]]),
                )  # fmt: skip
        summary = msgn(
            "{w} wins; {l} loses {n} heart",
            "{w} wins; {l} loses {n} hearts",
            w=names[result["winner"]],
            l=names[result["loser"]],
            n=result["hearts_lost"],
        )
    else:
        summary = msg("A tie: no winner, no loser")
    return Decision(
        game="robinson",
        kind="fight",
        summary=summary,
        trace=tracer.freeze(),
        result=result,
        example_data=cat.example,
    )


# -- placement -----------------------------------------------------------------------------

ACTIONS = (*A.CAMP_ACTIONS, "hunt", "attack", "gather", "explore", "build")
NEEDS = {"attack": ("target",), "build": ("target",), "gather": ("space", "resource")}
NEEDS["explore"] = ("space",)


def spot_of(s: dict[str, Any]) -> str:
    """The spot of the situation's proposed pawn."""
    action = s["action"]
    if action in A.CAMP_ACTIONS:
        return f"camp:{action}"
    if action == "hunt":
        return "hunt"
    if action in ("attack", "build"):
        return f"{action}:{s['target']}"
    if action == "gather":
        return f"gather:{s['space']}:{s['resource']}"
    return f"explore:{s['space']}"


def _spot_known(spot: str, cat: Catalogue, ids: list[str], path: str) -> None:
    kind, _, rest = spot.partition(":")
    ok = {
        "camp": lambda: rest in A.CAMP_ACTIONS,
        "hunt": lambda: rest == "",
        "attack": lambda: rest in ids,
        "explore": lambda: rest in cat.spaces,
        "build": lambda: rest in cat.inventions,
        "gather": lambda: (
            rest.partition(":")[0] in cat.spaces and rest.partition(":")[2] in A.GATHERED
        ),
    }.get(kind)
    if ok is None or not ok():
        raise SituationError(path, f"'{spot}' is not a spot (camp:roof, hunt, attack:blue, "
                                   "gather:10:wood, explore:5, build:knife)")  # fmt: skip


def _check_placement(s: dict[str, Any], path: str) -> None:
    cat = catalogue_for(s)
    ids = [p["id"] for p in s["players"]]
    for key in NEEDS.get(s["action"], ()):
        if key not in s:
            raise SituationError(key, f"is needed for {s['action']}")
    explored = s["explored"]
    for where, tile in explored.items():
        if where not in cat.spaces:
            raise SituationError(f"explored.{where}", "is not a space of the island")
        if tile not in cat.tiles:
            raise SituationError(f"explored.{where}", f"'{tile}' is not an island tile")
    tiles = list(explored.values())
    if len(set(tiles)) != len(tiles):
        raise SituationError("explored", "an island tile lies on two spaces")
    owned: dict[str, str] = {}
    camps: dict[str, str] = {}
    for i, p in enumerate(s["players"]):
        where = f"players[{i}]"
        _within(p["pawns"], cat.limits["pawns"], f"{where}.pawns")
        if p["camp"] not in explored:
            raise SituationError(f"{where}.camp", "a camp stands on an explored space")
        if p.get("alive", True):
            if p["camp"] in camps:
                raise SituationError(f"{where}.camp", f"{camps[p['camp']]}'s camp is there")
            camps[p["camp"]] = p["id"]
        for j, card in enumerate(p.get("cards", [])):
            if card not in cat.inventions and card not in cat.starting_items:
                raise SituationError(f"{where}.cards[{j}]", f"'{card}' is not a card of the set")
            if card in owned:
                raise SituationError(f"{where}.cards[{j}]", f"{card} is {owned[card]}'s")
            owned[card] = p["id"]
    for key in ("first_player", "player"):
        if s[key] not in ids:
            raise SituationError(key, f"must be one of the players ({', '.join(ids)})")
    for i, placed in enumerate(s["placed"]):
        if placed["player"] not in ids:
            raise SituationError(f"placed[{i}].player", "is not one of the players")
        _spot_known(placed["spot"], cat, ids, f"placed[{i}].spot")
    _spot_known(spot_of(s), cat, ids, "action")
    state = state_from(s)
    for pid in ids:
        if A.pawns_left(state, pid) < 0:
            raise SituationError("placed", f"{pid} placed more pawns than they have")


PLACEMENT_SCHEMA = Obj(
    {
        "first_player": PLAYER,
        "players": List(
            Obj(
                {
                    "id": PLAYER,
                    "camp": ID,
                    "pawns": Int(0, 99),
                    "cards": List(ID, max_length=40, unique=True),
                    "alive": Bool(),
                },
                required=frozenset({"id", "camp", "pawns", "cards"}),
            ),
            min_length=2,
            max_length=4,
            key=lambda p: p["id"],
        ),
        "explored": Map(ID, max_length=60),
        "placed": List(Obj({"player": PLAYER, "spot": Str(max_length=60)}), max_length=40),
        "player": PLAYER,
        "action": Str(choices=ACTIONS),
        "target": ID,
        "space": ID,
        "resource": Str(choices=A.GATHERED),
        COMPONENTS_OPTION: COMPONENTS,
    },
    required=frozenset({"first_player", "players", "explored", "placed", "player", "action"}),
    check_whole=_check_placement,
)


def state_from(s: dict[str, Any]) -> dict[str, Any]:
    """A game state holding just what the placement rules read (seat order: the list's)."""
    cat = catalogue_for(s)
    data = s.get(COMPONENTS_OPTION)
    record = {"data": data if data is not None else example_checked(), "example": cat.example}
    players = []
    for p in s["players"]:
        cards = {}
        for card in p.get("cards", []):
            kind = "invention" if card in cat.inventions else "starting"
            markers = None if kind == "invention" else cat.starting_items[card]["markers"]
            cards[card] = {"kind": kind, "markers": markers}
        players.append(
            {"id": p["id"], "camp": p["camp"], "pawns": p["pawns"], "alive": p.get("alive", True),
             "cards": cards}
        )  # fmt: skip
    return {
        COMPONENTS_OPTION: record,
        "players": players,
        "first": s["first_player"],
        "island": dict(s["explored"]),
        "placements": [dict(x) for x in s["placed"]],
    }


def decide_placement(s: dict[str, Any]) -> Decision:
    """May this player place their next pawn here? Explains the versus rule if not."""
    cat = catalogue_for(s)
    state = state_from(s)
    pid, spot = s["player"], spot_of(s)
    tracer = Tracer()
    last = state["placements"][-1]["player"] if state["placements"] else None
    expected = A.next_placer(state, last)
    try:
        if expected != pid:
            raise A.Refused(
                msg("pawns are placed one at a time in player order"),
                msg("it is {p}'s turn", p=who(expected))
                if expected
                else msg("every pawn is placed"),
                "player",
            )
        trace = A.check_placement(state, pid, spot)
    except A.Refused as refusal:
        tracer.decide("refused", msg("{why} (rule: {rule})", why=refusal.why, rule=refusal.rule))
        return Decision(
            game="robinson",
            kind="placement",
            summary=msg("Not allowed: {why}", why=refusal.why),
            trace=tracer.freeze(),
            example_data=cat.example,
            result={"legal": False, "reason": refusal.reason, "field": refusal.field},
        )
    for index, (rule, finding) in enumerate(trace):
        tracer.add(rule, finding, decisive=index == len(trace) - 1)
    return Decision(
        game="robinson",
        kind="placement",
        summary=msg("Allowed: {p} places a pawn: {spot}", p=who(pid), spot=A.spot_label(cat, spot)),
        trace=tracer.freeze(),
        result={"legal": True, "spot": spot},
        example_data=cat.example,
    )


FIGHT = DecisionKind(FIGHT_SCHEMA, decide_fight)
PLACEMENT = DecisionKind(PLACEMENT_SCHEMA, decide_placement)
