"""``tableside decide robinson fight|placement``: settle one fight or one pawn.

Situations are validated strictly (schemas in docs/robinson.md): unknown
keys, wrong types and impossible values raise
:class:`~rules.errors.SituationError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import IllegalInput, SituationError
from rules.games.robinson import actions as A
from rules.games.robinson.catalogue import CATALOGUE
from rules.games.robinson.model import COLOURS
from rules.text import msg


def _only(s: Mapping[str, Any], keys: set[str], where: str) -> None:
    if not isinstance(s, Mapping):
        raise SituationError(where, "must be an object")
    extra = sorted(set(s) - keys)
    if extra:
        path = f"{where}.{extra[0]}" if where else extra[0]
        raise SituationError(path, f"unknown key (known: {', '.join(sorted(keys))})")


def _int(s: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    path = f"{where}.{key}" if where else key
    value = s.get(key, default)
    if value is None:
        raise SituationError(path, "is missing")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SituationError(path, "must be a whole number, 0 or more")
    return value


def _bool(s: Mapping[str, Any], key: str, default: bool) -> bool:
    value = s.get(key, default)
    if not isinstance(value, bool):
        raise SituationError(key, "must be true or false")
    return value


def decide_fight(s: Mapping[str, Any]) -> Decision:
    """Who wins a fight, who loses how many hearts, what the palisade bonus costs."""
    _only(s, {"decision", "attacker", "defender", "palisade_bonus", "distance", "pawns"}, "")
    for side in ("attacker", "defender"):
        if side not in s:
            raise SituationError(side, "is missing")
    _only(s["attacker"], {"name", "weapon", "hearts"}, "attacker")
    _only(s["defender"], {"name", "weapon", "palisade", "hearts"}, "defender")
    att, dfd = s["attacker"], s["defender"]
    tracer = Tracer()
    if "distance" in s:
        distance = _int(s, "distance", "")
        try:
            need = A.attack_pawns(distance)
        except IllegalInput as exc:
            raise SituationError("distance", exc.reason) from None
        pawns = _int(s, "pawns", "", need)
        tracer.add("attack reach", f"camp {distance} space(s) away needs {need} pawn(s)")
        if pawns < need:
            tracer.add("refused", f"{pawns} pawn(s) placed: the attack does not happen")
            return Decision(
                game="robinson",
                kind="fight",
                summary=msg("No fight: {n} pawns are needed", n=need),
                trace=tracer.freeze(),
                result={"fight": False, "pawns_needed": need},
            )
    try:
        result, trace = A.fight(
            _int(att, "weapon", "attacker"),
            _int(dfd, "weapon", "defender"),
            _int(dfd, "palisade", "defender", 0),
            _bool(s, "palisade_bonus", False),
        )
    except IllegalInput as exc:
        raise SituationError("palisade_bonus", exc.reason) from None
    for rule, finding in trace:
        tracer.add(rule, finding)
    names = {"attacker": att.get("name", "attacker"), "defender": dfd.get("name", "defender")}
    result = dict(result, fight=True)
    if result["loser"] is not None:
        side = s[result["loser"]]
        if "hearts" in side:
            left = max(0, _int(side, "hearts", result["loser"]) - result["hearts_lost"])
            result["loser_hearts"] = left
            result["fatal"] = left == 0
            if left == 0:
                tracer.add(
                    "death",
                    f"{names[result['loser']]} dies and is eliminated; "
                    f"{names[result['winner']]} may take all resources and cards",
                )
        summary = msg(
            "{w} wins; {l} loses {n} heart(s)",
            w=names[result["winner"]],
            l=names[result["loser"]],
            n=result["hearts_lost"],
        )
    else:
        summary = msg("A tie: no winner, no loser")
    return Decision(
        game="robinson", kind="fight", summary=summary, trace=tracer.freeze(), result=result
    )


PLACEMENT_KEYS = {
    "decision",
    "first_player",
    "players",
    "revealed",
    "placed",
    "player",
    "action",
    "target",
}


def state_from_situation(s: Mapping[str, Any]) -> dict[str, Any]:
    """A minimal game state for the placement checks."""
    _only(s, PLACEMENT_KEYS, "")
    players_raw = s.get("players")
    if not isinstance(players_raw, Mapping) or len(players_raw) < 2:
        raise SituationError("players", "must map at least 2 player colours to their camp")
    players = []
    for pid, raw in players_raw.items():
        where = f"players.{pid}"
        if pid not in COLOURS:
            raise SituationError(where, f"player colours are {', '.join(COLOURS)}")
        _only(raw, {"camp", "pawns", "cards", "alive"}, where)
        if raw.get("camp") not in CATALOGUE.spots:
            raise SituationError(f"{where}.camp", "must be an island spot id")
        cards = raw.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise SituationError(f"{where}.cards", "must be a list of card ids")
        players.append(
            {
                "id": pid,
                "camp": raw["camp"],
                "pawns": _int(raw, "pawns", where, 2),
                "alive": raw.get("alive", True) is not False,
                "cards": {c: {"kind": "invention", "markers": None} for c in cards},
            }
        )
    revealed = s.get("revealed", {})
    if not isinstance(revealed, Mapping):
        raise SituationError("revealed", "must map tile ids to terrains")
    for tile, terrain in revealed.items():
        if tile not in CATALOGUE.spots:
            raise SituationError(f"revealed.{tile}", "is not an island spot id")
        if terrain not in CATALOGUE.terrains:
            raise SituationError(f"revealed.{tile}", f"terrain must be one of {CATALOGUE.terrains}")
    placed = s.get("placed", [])
    if not isinstance(placed, list):
        raise SituationError("placed", "must be a list of {player, spot}")
    ids = [p["id"] for p in players]
    for i, entry in enumerate(placed):
        _only(entry, {"player", "spot"}, f"placed[{i}]")
        if entry.get("player") not in ids or not isinstance(entry.get("spot"), str):
            raise SituationError(f"placed[{i}]", "needs a known player and a spot string")
    first = s.get("first_player", ids[0])
    if first not in ids:
        raise SituationError("first_player", f"must be one of {', '.join(ids)}")
    state = {
        "players": players,
        "first": first,
        "revealed": dict(revealed),
        "placements": [dict(e) for e in placed],
    }
    for pid in ids:
        if A.pawns_left(state, pid) < 0:
            raise SituationError("placed", f"{pid} placed more pawns than they have")
    return state


def decide_placement(s: Mapping[str, Any]) -> Decision:
    """May this player place their next pawn here? Explains the versus rule if not."""
    state = state_from_situation(s)
    pid = s.get("player")
    if not isinstance(pid, str) or pid not in [p["id"] for p in state["players"]]:
        raise SituationError("player", "must be one of the players")
    target = s.get("target", "")
    action = s.get("action")
    if not isinstance(action, str) or action not in A.ACTIONS:
        raise SituationError("action", f"must be one of {', '.join(A.ACTIONS)}")
    if not isinstance(target, str):
        raise SituationError("target", "must be a string")
    tracer = Tracer()
    try:
        last = state["placements"][-1]["player"] if state["placements"] else None
        expected = A.next_placer(state, last)
        if expected != pid:
            raise IllegalInput(
                f"it is {expected}'s turn (rule: pawns are placed one at a time in player order)",
                "player",
            )
        spot, trace = A.check_placement(state, pid, action, target)
    except IllegalInput as exc:
        tracer.add("refused", exc.reason)
        return Decision(
            game="robinson",
            kind="placement",
            summary=msg("Not allowed: {reason}", reason=exc.reason),
            trace=tracer.freeze(),
            example_data=CATALOGUE.example,
            result={"legal": False, "reason": exc.reason, "field": exc.field},
        )
    for rule, finding in trace:
        tracer.add(rule, finding)
    return Decision(
        game="robinson",
        kind="placement",
        summary=msg("Allowed: {p} places a pawn on {spot}", p=pid, spot=spot),
        trace=tracer.freeze(),
        result={"legal": True, "spot": spot},
        example_data=CATALOGUE.example,
    )
