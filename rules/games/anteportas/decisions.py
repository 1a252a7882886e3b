"""Decisions runnable from a situation file: ``tableside decide anteportas FILE``.

Kinds: ``battle``, ``move-troop``, ``battle-phase``, ``line-of-sight``. Situation
schemas are in docs/anteportas.md ("Situations"); every field is checked and a
bad one is named in a :class:`SituationError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import SituationError
from rules.games.anteportas.battle import BattleContext, resolve_battle
from rules.games.anteportas.board import battleground
from rules.games.anteportas.cards import catalogue, parse_card
from rules.games.anteportas.movement import NeedChoice, move_troop
from rules.games.anteportas.sight import in_sight
from rules.games.anteportas.units import check_side, check_troop, defences
from rules.games.anteportas.versus import area_control, capture_the_flag
from rules.text import Msg, msg

GAME = "anteportas"
Situation = Mapping[str, Any]


def _keys(situation: Situation, allowed: set[str]) -> None:
    extra = sorted(set(situation) - allowed - {"decision", "comment"})
    if extra:
        raise SituationError(extra[0], f"unknown field (known: {', '.join(sorted(allowed))})")


def _bool(situation: Situation, key: str, default: bool = False) -> bool:
    value = situation.get(key, default)
    if not isinstance(value, bool):
        raise SituationError(key, "must be true or false")
    return value


def _int(situation: Situation, key: str, default: int = 0) -> int:
    value = situation.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SituationError(key, "must be a whole number")
    return value


def _field(situation: Situation) -> dict[str, Any]:
    """The Battleground part of a situation: battleground, troops, sickbay, supply."""
    board = battleground()
    hexes: dict[str, dict[str, Any]] = {str(h): {"soldiers": [], "tile": None} for h in board.hexes}
    raw = situation.get("battleground", {})
    if not isinstance(raw, dict):
        raise SituationError("battleground", "must map hex numbers to their Units")
    for key, value in raw.items():
        hex_id = board.check_hex(key, f"battleground.{key}")
        hexes[str(hex_id)] = check_side(value, f"battleground.{key}")
    troops_raw = situation.get("troops", {})
    if not isinstance(troops_raw, dict) or not troops_raw:
        raise SituationError("troops", 'must map hex numbers to troops, e.g. {"19": {"basic": 2}}')
    troops = {}
    for key, value in troops_raw.items():
        hex_id = board.check_hex(key, f"troops.{key}")
        troops[str(hex_id)] = check_troop(value, f"troops.{key}")
    counts: dict[str, dict[str, int]] = {}
    for name, keys, default in (
        ("sickbay", ("farmer", "citizen"), 0),
        ("supply", ("basic", "elite"), 99),
    ):
        value = situation.get(name, {})
        if not isinstance(value, dict) or set(value) - set(keys):
            raise SituationError(name, f"must be an object with {', '.join(keys)}")
        counts[name] = {}
        for k in keys:
            n = value.get(k, default)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise SituationError(f"{name}.{k}", "must be a whole number >= 0")
            counts[name][k] = n
    return {"hexes": hexes, "troops": troops, **counts}


def _card(value: Any, field: str) -> tuple[dict[str, Any], bool]:
    if isinstance(value, str):
        example, cards = catalogue()
        if value not in cards:
            raise SituationError(field, f"'{value}' is not in the card catalogue")
        return cards[value], example
    return parse_card(value, field), False


def _scenario(situation: Situation) -> str:
    scenario = situation.get("scenario", "raiders")
    if scenario not in ("raiders", "dragons"):
        raise SituationError("scenario", "must be 'raiders' or 'dragons'")
    return scenario


def decide_battle(situation: Situation) -> Decision:
    """One Battle on one hex: Strengths compared, damage allocated, step list."""
    _keys(
        situation,
        {
            "hex",
            "defence",
            "troop",
            "twice",
            "troop_modifier",
            "defence_bonus",
            "flying",
            "mine_first",
        },
    )
    board = battleground()
    hex_id = board.check_hex(situation.get("hex"), "hex")
    side = check_side(situation.get("defence"), "defence")
    troop = check_troop(situation.get("troop"), "troop")
    ctx = BattleContext(
        twice=_bool(situation, "twice"),
        troop_modifier=_int(situation, "troop_modifier"),
        defence_bonus=_int(situation, "defence_bonus"),
        flying=_bool(situation, "flying"),
        mine_first=_bool(situation, "mine_first", True),
    )
    result = resolve_battle(hex_id, side, troop, ctx)
    tracer = Tracer()
    for rule, finding, data in result.trace:
        tracer.add(rule, finding, **data)
    if result.mine_choice:
        tracer.add("players' choice", "the Mine or the Soldiers may take the damage first")
    summary = (
        msg("Your Units win on #{hex}", hex=hex_id)
        if result.defenders_win
        else msg("The Invaders win on #{hex}", hex=hex_id)
    )
    return Decision(
        game=GAME,
        kind="battle",
        summary=summary,
        instructions=tuple(result.steps),
        trace=tracer.freeze(),
        result=result.to_json(),
        example_data=defences().example,
    )


def decide_move(situation: Situation) -> Decision:
    """One troop carries out one Movement card."""
    _keys(
        situation,
        {
            "hex",
            "card",
            "scenario",
            "twice",
            "battleground",
            "troops",
            "sickbay",
            "supply",
            "choices",
        },
    )
    field = _field(situation)
    hex_id = battleground().check_hex(situation.get("hex"), "hex")
    if str(hex_id) not in field["troops"]:
        raise SituationError("hex", f"there is no troop on #{hex_id} in 'troops'")
    card, example = _card(situation.get("card"), "card")
    choices = situation.get("choices", {})
    if not isinstance(choices, dict) or any(
        v not in ("mine", "soldiers") for v in choices.values()
    ):
        raise SituationError("choices", 'maps "battle-N" to "mine" or "soldiers"')
    return _move(field, hex_id, card, example, situation, dict(choices))


def _move(
    field: dict[str, Any],
    hex_id: int,
    card: dict[str, Any],
    example: bool,
    situation: Situation,
    choices: dict[str, Any],
) -> Decision:
    tracer = Tracer()
    while True:
        try:
            outcome = move_troop(
                field,
                hex_id,
                card,
                twice=_bool(situation, "twice"),
                dragons=_scenario(situation) == "dragons",
                choices=choices,
            )
            break
        except NeedChoice as need:
            key = need.pending["key"]
            if need.pending.get("kind") in ("support", "replace", "gunfire"):
                choices[key] = []
                tracer.add("players' choice", f"{key} on #{need.pending['hex']}: no Soldier action")
            else:
                choices[key] = "mine"
                tracer.add(
                    "players' choice", f"{key} on #{need.pending['hex']}: Mine first (default)"
                )
    for rule, finding, data in outcome.trace:
        tracer.add(rule, finding, **data)
    path = " -> ".join(f"#{h}" for h in outcome.path)
    return Decision(
        game=GAME,
        kind="move-troop",
        summary=msg("Card {card}: {path}", card=card["id"], path=path),
        instructions=tuple(outcome.steps),
        trace=tracer.freeze(),
        result={
            "path": outcome.path,
            "defeat": outcome.defeat,
            "battles": outcome.battles,
            "troops": outcome.field["troops"],
            "battleground": {
                k: v for k, v in outcome.field["hexes"].items() if v["soldiers"] or v["tile"]
            },
            "sickbay": outcome.field["sickbay"],
            "supply": outcome.field["supply"],
        },
        example_data=example or battleground().example,
    )


def decide_battle_phase(situation: Situation) -> Decision:
    """A whole Battle Phase: one card per occupied hex, lowest hex first."""
    _keys(situation, {"cards", "scenario", "twice", "battleground", "troops", "sickbay", "supply"})
    field = _field(situation)
    cards = situation.get("cards")
    if not isinstance(cards, dict):
        raise SituationError("cards", 'maps each occupied hex to a card, e.g. {"19": "D105"}')
    order = sorted(int(h) for h in field["troops"])
    steps: list[Msg] = []
    tracer = Tracer()
    example = battleground().example
    paths = []
    defeat = False
    for hex_id in order:
        if str(hex_id) not in field["troops"]:
            continue
        if str(hex_id) not in cards:
            raise SituationError(f"cards.{hex_id}", "no card given for this occupied hex")
        card, ex = _card(cards[str(hex_id)], f"cards.{hex_id}")
        example = example or ex
        decision = _move(field, hex_id, card, ex, situation, {})
        result = decision.result
        field["troops"] = result["troops"]
        field["hexes"] = {str(h): {"soldiers": [], "tile": None} for h in battleground().hexes}
        field["hexes"].update(result["battleground"])
        field["sickbay"], field["supply"] = result["sickbay"], result["supply"]
        steps.extend(decision.instructions)
        for step in decision.trace:
            tracer.add(step.rule, step.finding, **step.data)
        paths.append(result["path"])
        if result["defeat"]:
            defeat = True
            break
    summary = (
        msg("Defeat: an Invader broke through")
        if defeat
        else msg("Battle Phase done: {n} troop(s) on the Battleground", n=len(field["troops"]))
    )
    return Decision(
        game=GAME,
        kind="battle-phase",
        summary=summary,
        instructions=tuple(steps),
        trace=tracer.freeze(),
        result={"order": order, "paths": paths, "defeat": defeat, "troops": field["troops"]},
        example_data=example,
    )


def decide_sight(situation: Situation) -> Decision:
    """The hexes in sight of your side."""
    _keys(situation, {"battleground", "troops"})
    fld = _field({**situation, "troops": situation.get("troops") or {"28": {"basic": 1}}})
    if not situation.get("troops"):
        fld["troops"] = {}
    seen = sorted(in_sight(fld))
    return Decision(
        game=GAME,
        kind="line-of-sight",
        summary=msg("In sight: {hexes}", hexes=", ".join(f"#{h}" for h in seen)),
        instructions=(),
        trace=(),
        result={"in_sight": seen},
        example_data=battleground().example or defences().example,
    )


def _teams(situation: Situation, allowed: set[str]) -> dict[str, Any]:
    teams = situation.get("teams")
    if not isinstance(teams, dict) or sorted(teams) != ["A", "B"]:
        raise SituationError("teams", 'needs exactly the teams "A" (bottom) and "B" (top)')
    for name, team in teams.items():
        if not isinstance(team, dict):
            raise SituationError(f"teams.{name}", "must be an object")
        extra = sorted(set(team) - allowed)
        if extra:
            raise SituationError(
                f"teams.{name}.{extra[0]}", f"unknown field ({', '.join(allowed)})"
            )
    return dict(teams)


def decide_area_control(situation: Situation) -> Decision:
    """Area Control: the hexes each team controls and the winner."""
    _keys(situation, {"teams"})
    board = battleground()
    teams = _teams(situation, {"spawn_point", "battleground"})
    units: dict[str, dict[int, dict[str, Any]]] = {}
    spawns: dict[str, int] = {}
    for name, team in teams.items():
        spawns[name] = board.check_hex(team.get("spawn_point"), f"teams.{name}.spawn_point")
        raw = team.get("battleground", {})
        if not isinstance(raw, dict):
            raise SituationError(f"teams.{name}.battleground", "must map hexes to Units")
        units[name] = {}
        for key, value in raw.items():
            where = f"teams.{name}.battleground.{key}"
            units[name][board.check_hex(key, where)] = check_side(value, where)
    both = sorted(set(units["A"]) & set(units["B"]))
    if both:
        raise SituationError(f"teams.B.battleground.{both[0]}", "both teams hold Units there")
    result = area_control(units, spawns)
    tracer = Tracer()
    for name in ("A", "B"):
        tracer.add(
            "control",
            f"team {name} controls {result['counts'][name]} hexes",
            hexes=result["control"][name],
        )
    summary = (
        msg("Team {team} controls the most hexes", team=result["winner"])
        if result["winner"]
        else msg("Tie: no team wins")
    )
    return Decision(
        game=GAME,
        kind="area-control",
        summary=summary,
        instructions=(),
        trace=tracer.freeze(),
        result=result,
        example_data=True,
    )


def decide_capture_the_flag(situation: Situation) -> Decision:
    """Capture the Flag at game end: crossing wins; else the furthest advance, row by row."""
    _keys(situation, {"teams", "crossed"})
    board = battleground()
    teams = _teams(situation, {"mobile_units"})
    crossed = situation.get("crossed")
    if crossed not in (None, "A", "B"):
        raise SituationError(
            "crossed", "the team that moved a Unit over the opposite edge, or null"
        )
    mobile: dict[str, list[int]] = {}
    for name, team in teams.items():
        hexes = team.get("mobile_units", [])
        if not isinstance(hexes, list):
            raise SituationError(
                f"teams.{name}.mobile_units", "a list of hex numbers, one per Unit"
            )
        mobile[name] = [
            board.check_hex(h, f"teams.{name}.mobile_units[{i}]") for i, h in enumerate(hexes)
        ]
    result = capture_the_flag(mobile)
    tracer = Tracer()
    if crossed:
        result["winner"] = crossed
        tracer.add("crossing", f"team {crossed} moved a Unit over the opposite edge")
    else:
        tracer.add(
            "furthest advance",
            f"rows advanced A {result['advance']['A']} vs B {result['advance']['B']}",
            decided_at_row=result["decided_at_row"],
        )
    summary = (
        msg("Team {team} wins", team=result["winner"])
        if result["winner"]
        else msg("Tie: no team wins")
    )
    return Decision(
        game=GAME,
        kind="capture-the-flag",
        summary=summary,
        instructions=(),
        trace=tracer.freeze(),
        result=result,
        example_data=True,
    )


def decide_layout(situation: Situation) -> Decision:
    """The Battleground reading as text and neighbour lists, to check against the board."""
    _keys(situation, set())
    board = battleground()
    tracer = Tracer()
    for hex_id in sorted(board.hexes):
        tracer.add(
            "hex",
            f"#{hex_id} at {board.hexes[hex_id]}",
            neighbours=dict(board.neighbours[hex_id]),
        )
    lines = tuple(msg("{row}", row=row) for row in board.picture())
    return Decision(
        game=GAME,
        kind="battleground",
        summary=msg("Battleground: 28 hexes, Spawn Point #{p}", p=board.spawn_point),
        instructions=lines,
        trace=tracer.freeze(),
        result={
            "picture": board.picture(),
            "neighbours": {str(h): n for h, n in board.neighbours.items()},
        },
        example_data=board.example,
    )


DECISIONS: dict[str, Callable[[Situation], Decision]] = {
    "battle": decide_battle,
    "move-troop": decide_move,
    "battle-phase": decide_battle_phase,
    "line-of-sight": decide_sight,
    "area-control": decide_area_control,
    "capture-the-flag": decide_capture_the_flag,
    "battleground": decide_layout,
}
