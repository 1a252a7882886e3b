"""Decisions runnable from a situation file: ``tableside decide anteportas FILE``.

Every kind is a :class:`rules.game.DecisionKind`: its situation is checked by
the schema in :mod:`rules.games.anteportas.situations` and its ``run`` calls the
very functions the game's steps call (:func:`resolve_battle`, :func:`move_troop`,
:func:`phase_order`/:func:`next_troop`, :func:`in_sight`, the versus referee).
Questions the players would be asked take the situation's ``choices`` or, when
not given, the default (Mine first, no Soldier action), and the trace says so;
an answer to a question that never arises is refused.
"""

from __future__ import annotations

from typing import Any

from rules.decision import Decision, Tracer, TraceStep
from rules.errors import SituationError
from rules.game import DecisionKind
from rules.games.anteportas import situations as sit
from rules.games.anteportas.asking import Asker, Log, mark_decisive
from rules.games.anteportas.battle import BattleContext, resolve_battle
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.movement import move_troop
from rules.games.anteportas.sight import in_sight
from rules.games.anteportas.spawning import next_troop, phase_order
from rules.games.anteportas.versus import area_control, capture_the_flag
from rules.text import Msg, msg, msgn

GAME = "anteportas"


def run_battle(s: dict[str, Any]) -> Decision:
    """One Battle on one hex: Strengths compared, damage allocated, step list."""
    kit: Kit = s["kit"]
    ctx = BattleContext(
        twice=s["twice"],
        troop_modifier=s["troop_modifier"],
        defence_bonus=s["defence_bonus"],
        gunfire_bonus=s["gunfire_bonus"],
        flying=s["flying"],
        mine_first=s["mine_first"],
    )
    result = resolve_battle(s["hex"], s["defence"], s["troop"], ctx, kit.defences)
    tracer = Tracer()
    for finding in result.trace:
        tracer.add(finding.rule, finding.finding, decisive=finding.decisive, **finding.data)
    if result.mine_choice:
        tracer.add("players' choice", msg("The Mine or the Soldiers may take the damage first"))
    summary = (
        msg("Your Units win on #{hex}", hex=s["hex"])
        if result.defenders_win
        else msg("The Invaders win on #{hex}", hex=s["hex"])
    )
    return Decision(
        game=GAME,
        kind="battle",
        summary=summary,
        instructions=tuple(result.steps),
        trace=tracer.freeze(),
        result=result.to_json(),
        example_data=kit.example,
    )


def _move(
    field: dict[str, Any],
    hex_id: int,
    card: dict[str, Any],
    s: dict[str, Any],
    answers: dict[str, Any],
    path: str,
) -> tuple[dict[str, Any], Decision]:
    kit: Kit = s["kit"]
    log = Log()
    asker = Asker(answers, log, defaults=True)
    outcome = move_troop(
        field,
        hex_id,
        card,
        kit=kit,
        asker=asker,
        twice=s.get("twice", False),
        dragons=s["scenario"] == "dragons",
    )
    unused = [k for k in asker.unused() if k in answers]
    if unused:
        raise SituationError(f"{path}.{unused[0]}", "this question does not arise on this card")
    trace = log.tracer.freeze()
    trace = mark_decisive(
        trace, msg("No Battle: the troop ends on #{hex}", hex=outcome.path[-1]), path=outcome.path
    )
    route = " -> ".join(f"#{h}" for h in outcome.path)
    result = {
        "path": outcome.path,
        "defeat": outcome.defeat,
        "battles": outcome.battles,
        "troops": outcome.field["troops"],
        "battleground": {
            k: v for k, v in outcome.field["hexes"].items() if v["soldiers"] or v["tile"]
        },
        "sickbay": outcome.field["sickbay"],
        "supply": outcome.field["supply"],
    }
    decision = Decision(
        game=GAME,
        kind="move-troop",
        summary=msg("Card {card}: {path}", card=card["id"], path=route),
        instructions=tuple(log.steps),
        trace=trace,
        result=result,
        example_data=kit.example,
    )
    return outcome.field, decision


def run_move(s: dict[str, Any]) -> Decision:
    """One troop carries out one Movement card."""
    kit: Kit = s["kit"]
    field = sit.field_of(s, kit)
    if str(s["hex"]) not in field["troops"]:
        raise SituationError("hex", f"there is no troop on #{s['hex']} in 'troops'")
    _, decision = _move(field, s["hex"], s["card"], s, dict(s.get("choices", {})), "choices")
    return decision


def run_phase(s: dict[str, Any]) -> Decision:
    """A whole Battle Phase: one card per occupied hex, lowest hex first."""
    kit: Kit = s["kit"]
    field = sit.field_of(s, kit)
    queue = phase_order(field)
    order = list(queue)
    for key in s["cards"]:
        if int(key) not in order:
            raise SituationError(f"cards.{key}", "no troop starts the Battle Phase there")
    for key in s.get("choices", {}):
        if key not in s["cards"]:
            raise SituationError(f"choices.{key}", "no card is given for this hex")
    steps: list[Msg] = []
    trace: list[TraceStep] = []
    paths = []
    defeat = False
    while (hex_id := next_troop(queue, field)) is not None:
        card = s["cards"].get(str(hex_id))
        if card is None:
            raise SituationError(f"cards.{hex_id}", "no card given for this occupied hex")
        answers = dict(s.get("choices", {}).get(str(hex_id), {}))
        field, decision = _move(field, hex_id, card, s, answers, f"choices.{hex_id}")
        steps.extend(decision.instructions)
        trace.extend(t for t in decision.trace)
        paths.append(decision.result["path"])
        queue.pop(0)
        if decision.result["defeat"]:
            defeat = True
            break
    summary = (
        msg("Defeat: an Invader broke through")
        if defeat
        else msgn(
            "Battle Phase done: {n} troop on the Battleground",
            "Battle Phase done: {n} troops on the Battleground",
            n=len(field["troops"]),
        )
    )
    battles = [i for i, t in enumerate(trace) if t.rule == "compare Strength"]
    first = next((i for i, t in enumerate(trace) if t.decisive), None)
    if defeat:
        first = next(i for i, t in enumerate(trace) if t.rule == "defeat")
    elif battles:
        first = battles[-1]
    marked = tuple(
        TraceStep(rule=t.rule, finding=t.finding, data=t.data, decisive=i == first)
        for i, t in enumerate(trace)
    )
    return Decision(
        game=GAME,
        kind="battle-phase",
        summary=summary,
        instructions=tuple(steps),
        trace=marked,
        result={
            "order": order,
            "paths": paths,
            "defeat": defeat,
            "troops": field["troops"],
            "sickbay": field["sickbay"],
            "supply": field["supply"],
        },
        example_data=kit.example,
    )


def run_sight(s: dict[str, Any]) -> Decision:
    """The hexes in sight of your side."""
    kit: Kit = s["kit"]
    seen = sorted(in_sight(sit.field_of(s, kit), kit))
    tracer = Tracer()
    tracer.decide(
        "line of sight",
        msg("The Spawn Point, hexes with your Units and what manned Buildings reach"),
        in_sight=seen,
    )
    return Decision(
        game=GAME,
        kind="line-of-sight",
        summary=msg("In sight: {hexes}", hexes=", ".join(f"#{h}" for h in seen)),
        trace=tracer.freeze(),
        result={"in_sight": seen},
        example_data=kit.example,
    )


def run_area(s: dict[str, Any]) -> Decision:
    """Area Control: the hexes each team controls and the winner."""
    kit: Kit = s["kit"]
    units = {
        name: {int(h): side for h, side in team["battleground"].items()}
        for name, team in s["teams"].items()
    }
    spawns = {name: team["spawn_point"] for name, team in s["teams"].items()}
    result = area_control(units, spawns, kit)
    tracer = Tracer()
    tracer.decide(
        "control",
        msg(
            "Team A controls {a} hexes, team B {b}",
            a=result["counts"]["A"],
            b=result["counts"]["B"],
        ),
        **result["counts"],
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
        trace=tracer.freeze(),
        result=result,
        example_data=True,
    )


def run_flag(s: dict[str, Any]) -> Decision:
    """Capture the Flag at game end: crossing wins; else the furthest advance, row by row."""
    kit: Kit = s["kit"]
    mobile = {name: list(team["mobile_units"]) for name, team in s["teams"].items()}
    result = capture_the_flag(mobile, kit)
    tracer = Tracer()
    if s["crossed"]:
        result["winner"] = s["crossed"]
        tracer.decide(
            "crossing", msg("Team {team} moved a Unit over the opposite edge", team=s["crossed"])
        )
    elif result["winner"]:
        row = result["decided_at_row"]
        tracer.decide(
            "furthest advance",
            msgn(
                "Row {row}: team A has {a}, team B {n} Unit",
                "Row {row}: team A has {a}, team B {n} Units",
                row=row,
                a=result["advance"]["A"].count(row),
                n=result["advance"]["B"].count(row),
            ),
            decided_at_row=row,
        )
    else:
        tracer.decide("furthest advance", msg("Every row is even: no team advanced further"))
    summary = (
        msg("Team {team} wins", team=result["winner"])
        if result["winner"]
        else msg("Tie: no team wins")
    )
    return Decision(
        game=GAME,
        kind="capture-the-flag",
        summary=summary,
        trace=tracer.freeze(),
        result=result,
        example_data=True,
    )


def run_layout(s: dict[str, Any]) -> Decision:
    """The Battleground reading as text and neighbour lists, to check against the board."""
    kit: Kit = s["kit"]
    board = kit.board
    tracer = Tracer()
    tracer.decide(
        "layout",
        msg(
            "{n} hexes; Spawn Area {area}; bottom row {bottom}",
            n=len(board.hexes),
            area=", ".join(f"#{h}" for h in board.spawn_area),
            bottom=", ".join(f"#{h}" for h in board.bottom_row),
        ),
    )
    for hex_id in sorted(board.hexes):
        q, r = board.hexes[hex_id]
        tracer.add(
            "hex",
            msg("#{hex} at column {q}, row {r}", hex=hex_id, q=q, r=r),
            neighbours=dict(board.neighbours[hex_id]),
        )
    lines = tuple(msg("{row}", row=row) for row in board.picture())
    return Decision(
        game=GAME,
        kind="battleground",
        summary=msg(
            "Battleground: {n} hexes, Spawn Point #{p}", n=len(board.hexes), p=board.spawn_point
        ),
        instructions=lines,
        trace=tracer.freeze(),
        result={
            "picture": board.picture(),
            "neighbours": {str(h): n for h, n in board.neighbours.items()},
        },
        example_data=kit.example,
    )


DECISIONS: dict[str, DecisionKind] = {
    "battle": DecisionKind(sit.with_kit(sit.battle_situation), run_battle),
    "move-troop": DecisionKind(sit.with_kit(sit.move_situation), run_move),
    "battle-phase": DecisionKind(sit.with_kit(sit.phase_situation), run_phase),
    "line-of-sight": DecisionKind(sit.with_kit(sit.sight_situation), run_sight),
    "area-control": DecisionKind(sit.with_kit(sit.area_situation), run_area),
    "capture-the-flag": DecisionKind(sit.with_kit(sit.flag_situation), run_flag),
    "battleground": DecisionKind(sit.with_kit(sit.layout_situation), run_layout),
}
