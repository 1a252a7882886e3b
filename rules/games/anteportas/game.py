"""The Ante Portas step machine: spawn, the players' half-year, the Battle Phase, Final Wave.

Stages (``state["stage"]``): ``spawn`` (start of a half-year or Final Wave
round), ``turns`` (the players' half-year), ``battle`` (one Movement card per
occupied hex, lowest first), ``year`` (after Winter: next year, Era II or the
Final Wave), ``final`` (the one action of a Final Wave round), ``won``/``lost``,
and the confrontational variants' stages (:mod:`rules.games.anteportas.referee`).

Which prompt shows now is looked up in a table of steps (:data:`STEPS`) by
:func:`current_step`. Three things can sit on top of a stage: an action the
players are building (``state["builder"]``, :mod:`rules.games.anteportas.forms`),
a question that arose while resolving something (``state["pending"]``,
:mod:`rules.games.anteportas.questions`), and for physical draws the card the
table turned over.

The bot's steps show their outcome *before* the table acts: the spawn and each
troop's movement are resolved on a copy for the prompt, and CONFIRM alone
applies exactly that (the same resolution runs again in ``advance``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules.camera import PieceName
from rules.decision import Decision, TraceStep
from rules.errors import IllegalInput
from rules.game import DecisionKind, Game, State
from rules.games.anteportas import forms, questions, referee
from rules.games.anteportas.actions import Table, apply_action
from rules.games.anteportas.asking import Asker, Log, NeedChoice, mark_decisive
from rules.games.anteportas.battle import PIECE_NAMES, TILE_NAMES
from rules.games.anteportas.cards import deck_ids
from rules.games.anteportas.kit import COMPONENTS_SPEC, Kit, example_components, kit_of
from rules.games.anteportas.movement import MoveOutcome, move_troop
from rules.games.anteportas.pieces import table_change
from rules.games.anteportas.prompts import half_title, places_lines, status_lines, where
from rules.games.anteportas.scene import board_scene
from rules.games.anteportas.schedule import spawn_count, turns_per_player
from rules.games.anteportas.spawning import next_troop, phase_order, spawn
from rules.machine import Machine, Phase, Position, Where, copy_state
from rules.machine import Step as MachineStep
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state, shuffled
from rules.schema import Spec
from rules.text import N_, Msg, msg, msgn

GAME = "anteportas"


def new_field(kit: Kit, players: int) -> dict[str, Any]:
    """The Battleground at set-up: "the third Farmer — as a Soldier — on your Spawn Point"."""
    field: dict[str, Any] = {
        "hexes": {str(h): {"soldiers": [], "tile": None} for h in sorted(kit.board.hexes)},
        "troops": {},
        "sickbay": {"farmer": 0, "citizen": 0},
        "supply": {k: kit.defences.box(k) for k in ("basic", "elite")},
    }
    field["hexes"][str(kit.board.spawn_point)]["soldiers"] = [
        {"kind": "farmer", "exhausted": False} for _ in range(players)
    ]
    return field


def twice(state: State) -> bool:
    return state["variant"] in ("twice", "twice_plus")


def table_of(state: State) -> Table:
    return Table(twice=twice(state), era=state["era"], last_hex=state.get("last_hex"))


# -- resolving (the same functions for the prompt's preview and for advance) -----------------


@dataclass(frozen=True, kw_only=True)
class Resolved:
    """A spawn, a troop's card or a players' action, resolved on a copy of the field."""

    field: dict[str, Any]
    log: Log
    move: MoveOutcome | None = None


def resolve(
    state: State, what: str, data: Mapping[str, Any], answers: Mapping[str, Any]
) -> Resolved:
    """Resolve on a copy; raises :class:`NeedChoice` when the players must answer first."""
    kit = kit_of(state)
    log = Log()
    asker = Asker(answers, log)
    field = copy.deepcopy(state["field"])
    if what == "spawn":
        spawn(field, list(data["cards"]), twice(state), kit, asker)
        return Resolved(field=field, log=log)
    if what == "move":
        outcome = move_troop(
            field,
            data["hex"],
            data["card"],
            kit=kit,
            asker=asker,
            twice=twice(state),
            dragons=state["scenario"] == "dragons",
        )
        return Resolved(field=outcome.field, log=log, move=outcome)
    apply_action(field, dict(data["action"]), table_of(state), kit, asker)
    return Resolved(field=field, log=log)


def commit(state: State, done: Resolved) -> None:
    """Take a resolution's field, costs and lines into the state."""
    if state["final_round"] and state["final_wave"] == "all_dead":
        # All Dead: defeated Invaders leave the game instead of returning to the supply.
        for k in ("basic", "elite"):
            done.field["supply"][k] = min(done.field["supply"][k], state["field"]["supply"][k])
    state["field"] = done.field
    for good, n in done.log.costs.items():
        state["costs"][good] = state["costs"].get(good, 0) + n
    state["log"] = [m.to_json() for m in done.log.steps]


def scratch(state: State) -> State:
    """A copy of the state to resolve on; the (read-only) components are shared, not copied."""
    return copy_state(state)


def _pending(state: State, what: str) -> dict[str, Any]:
    pending = state.get("pending")
    return dict(pending["answers"]) if pending and pending["what"] == what else {}


# -- the table of steps ----------------------------------------------------------------------


Advanced = tuple[State, Decision | None]
APStep = MachineStep[None, Advanced]


def Step(
    prompt: Callable[[State], Prompt],
    advance: Callable[[State, Mapping[str, Any]], Advanced],
) -> APStep:
    """One step (:mod:`rules.machine`): its screen and what an answer does.

    The next step is read from the state (:func:`current_step`), so steps
    declare no transitions.
    """
    return MachineStep(prompt=prompt, advance=lambda state, answer, _: advance(state, answer))


def _title(state: State) -> Msg:
    if state["final_round"]:
        return msg("Final Wave, Battle Round {n}", n=state["final_round"])
    return half_title(state)


def _prompt(state: State, **kwargs: Any) -> Prompt:
    return Prompt(phase=_title(state), round=state["half"], **kwargs)


def _log(state: State) -> tuple[Msg, ...]:
    return tuple(Msg.from_json(m) for m in state["log"])


# over ----------------------------------------------------------------------------------------


def over_prompt(state: State) -> Prompt:
    if state["stage"] == "lost":
        return _prompt(
            state,
            step="lost",
            title=msg("Defeat"),
            lines=(*_log(state), msg("An Invader broke through.")),
            finished=True,
        )
    return _prompt(
        state,
        step="won",
        title=msg("Victory"),
        lines=(*_log(state), msg("All Invaders are defeated.")),
        finished=True,
    )


def over_advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    raise IllegalInput(msg("the game is over"))


# spawn ---------------------------------------------------------------------------------------


def _draw(state: State) -> dict[str, Any]:
    """The top card of the digital deck; the discards are reshuffled as soon as it runs out."""
    cid = state["deck"].pop()
    state["discard"].append(cid)
    if not state["deck"]:
        state["deck"] = shuffled(state, state["discard"])
        state["discard"] = []
    return copy.deepcopy(kit_of(state).cards[cid])


def _physical_choices(state: State) -> list[str]:
    """Card numbers the table can turn over now: the deck minus those drawn since its shuffle."""
    drawn = set(state["drawn"])
    left = [
        c for c in deck_ids(kit_of(state).cards, state["scenario"], state["era"]) if c not in drawn
    ]
    return left or deck_ids(kit_of(state).cards, state["scenario"], state["era"])


def _take_physical(state: State, ids: list[str]) -> list[dict[str, Any]]:
    deck = deck_ids(kit_of(state).cards, state["scenario"], state["era"])
    for cid in ids:
        if set(state["drawn"]) >= set(deck):
            state["drawn"] = []
        state["drawn"].append(cid)
    return [copy.deepcopy(kit_of(state).cards[c]) for c in ids]


def _spawn_cards(state: State) -> list[dict[str, Any]] | None:
    """The cards of this spawn: drawn digitally (on the given state), or as the table entered."""
    n = spawn_count(state)
    if state["draw"] == "digital":
        return [_draw(state) for _ in range(n)]
    if n and state["spawn_cards"] is None:
        return None
    return [copy.deepcopy(kit_of(state).cards[c]) for c in state["spawn_cards"] or []]


def spawn_prompt(state: State) -> Prompt:
    n = spawn_count(state)
    prep: list[Msg] = []
    if state["final_round"] == 1 and not state.get("final_started"):
        prep = [
            msg("Final Wave: move your Stewards to the Market in the Command Center."),
            msg("Place the new Market card for the Eras you played."),
            msg("During the Final Wave you do not sustain Citizens."),
        ]
    if state["draw"] == "physical" and n and state["spawn_cards"] is None:
        choices = _physical_choices(state)
        return _prompt(
            state,
            step="spawn-cards",
            title=msg("Spawn Invaders"),
            lines=(
                *prep,
                msgn(
                    "Turn over {n} Movement card and tap its number.",
                    "Turn over {n} Movement cards and tap their numbers.",
                    n=n,
                ),
            ),
            fields=(
                Field(
                    key="cards",
                    label=msg("Cards turned over"),
                    kind="order",
                    minimum=n,
                    maximum=n,
                    choices=tuple(Choice(c, msg("{card}", card=c)) for c in choices),
                ),
            ),
        )
    if not n:
        return _prompt(
            state,
            step="spawn",
            title=msg("Spawn Invaders"),
            lines=(*prep, msg("No Invaders spawn now.")),
        )
    preview = scratch(state)
    cards = _spawn_cards(preview) or []
    try:
        done = resolve(preview, "spawn", {"cards": cards}, _pending(state, "spawn"))
    except NeedChoice as need:
        return _question_prompt(state, need.question, prep)
    decision = _spawn_decision(state, cards, done)
    return _prompt(
        state,
        step="spawn",
        title=msg("Spawn Invaders"),
        lines=tuple(prep),
        decision=decision,
        confirm_label=msg("Done"),
    )


def _spawn_decision(state: State, cards: list[dict[str, Any]], done: Resolved) -> Decision:
    ids = ", ".join(c["id"] for c in cards)
    tracer_steps = done.log.tracer.freeze()
    trace = (
        TraceStep(
            rule="spawn",
            finding=msgn(
                "{n} Movement card drawn: {ids}",
                "{n} Movement cards drawn: {ids}",
                n=len(cards),
                ids=ids,
            ),
            data={"cards": [c["id"] for c in cards]},
            decisive=True,
        ),
        *tracer_steps,
    )
    return Decision(
        game=GAME,
        kind="spawn",
        summary=msgn("{n} card drawn: {ids}", "{n} cards drawn: {ids}", n=len(cards), ids=ids),
        instructions=tuple(done.log.steps),
        trace=trace,
        result={
            "cards": [c["id"] for c in cards],
            "troops": done.field["troops"],
            "table": table_change(state["field"], done.field),
        },
        example_data=kit_of(state).example,
    )


def spawn_advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    if "cards" in answer:
        state["spawn_cards"] = list(answer["cards"])
        _take_physical(state, list(answer["cards"]))
        return state, None
    if questions.KEY in answer:
        return _answer_question(state, "spawn", answer)
    n = spawn_count(state)
    decision = None
    if n:
        cards = _spawn_cards(state) or []
        done = resolve(state, "spawn", {"cards": cards}, _pending(state, "spawn"))
        decision = _spawn_decision(state, cards, done)
        commit(state, done)
    else:
        state["log"] = []
    state["pending"] = None
    state["spawn_cards"] = None
    state["costs"] = {}
    if state["final_round"]:
        state["final_started"] = True
        if state["final_wave"] == "crescendo" and state["field"]["supply"]["basic"] == 0:
            state["all_basic_out"] = True
        _start_battle_phase(state)
    else:
        state["stage"] = "turns"
    return state, decision


# questions -----------------------------------------------------------------------------------


def _question_prompt(
    state: State, question: dict[str, Any], before: list[Msg] | None = None
) -> Prompt:
    kind = question["kind"]
    return _prompt(
        state,
        step={"battle": "choice"}.get(kind, kind),
        title=questions.title(question),
        lines=(*(before or []), *questions.lines(question)),
        fields=(questions.question_field(question, state["field"]),),
        confirm_label=msg("Confirm"),
    )


def _answer_question(
    state: State, what: str, answer: Mapping[str, Any]
) -> tuple[State, Decision | None]:
    """Record the answer to the question now open for ``what``; the step is shown again."""
    answers = _pending(state, what)
    question = _open_question(state, what, answers)
    answers[question["key"]] = questions.answer_of(question, answer[questions.KEY])
    state["pending"] = {**(state.get("pending") or {}), "what": what, "answers": answers}
    return state, None


def _open_question(state: State, what: str, answers: Mapping[str, Any]) -> dict[str, Any]:
    preview = scratch(state)
    try:
        if what == "spawn":
            resolve(preview, "spawn", {"cards": _spawn_cards(preview) or []}, answers)
        elif what == "move":
            resolve(preview, "move", _move_data(preview), answers)
        else:
            resolve(preview, "action", state["pending"]["data"], answers)
    except NeedChoice as need:
        return need.question
    raise IllegalInput(msg("no question is open"))


def question_prompt(state: State) -> Prompt:
    return _question_prompt(state, _open_question(state, "action", _pending(state, "action")))


def question_advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    state, _ = _answer_question(state, "action", answer)
    return _finish_action(state)


# the players' turns: the action menu and the builder ------------------------------------------


def _menu_kind(state: State) -> tuple[str, Msg, bool]:
    if state["stage"] == "battle":
        return "move", msg("Move the troop (the card above)"), True
    if state["stage"] == "final":
        return "done", msg("Done: next Battle Round"), False
    return "done", msg("Done: start the Battle Phase"), False


def _menu(state: State) -> Field:
    done, label, soldier_only = _menu_kind(state)
    names = forms.offered(state["field"], table_of(state), kit_of(state), soldier_only)
    return forms.menu_field(done, label, names)


def menu_prompt(state: State) -> Prompt:
    if state["stage"] == "final":
        lines = [
            msg("Decide together which Steward takes exactly one turn; then tell me what changed.")
        ]
        title = msg("Take one action")
    else:
        lines = [
            msgn(
                "Take your turns: {n} turn each.",
                "Take your turns: {n} turns each.",
                n=turns_per_player(state["players"], state["variant"]),
            ),
            msg("Tell me each change on the Battleground; Done starts the Battle Phase."),
            *places_lines(state),
        ]
        title = msg("Your half-year")
    return _prompt(
        state,
        step=state["stage"],
        title=title,
        lines=(*where(state), *lines),
        fields=(_menu(state),),
    )


def menu_advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    choice = answer["action"]
    if choice in ("done", "move"):
        return _menu_done(state, answer)
    state["builder"] = {"do": choice, "page": 0, "chosen": {}}
    return _skip_self_answered(state)


def _menu_done(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    state["log"] = []
    if state["stage"] == "final":
        state["final_round"] += 1
        state["stage"] = "spawn"
        state["half"] += 1
        if spawn_count(state) == 0 and not state["field"]["troops"]:
            state["stage"] = "won"
        return state, None
    _start_battle_phase(state)
    return state, None


def _skip_self_answered(state: State) -> tuple[State, Decision | None]:
    """Fill pages with one legal answer by themselves; carry out the action after the last."""
    builder = state["builder"]
    while True:
        fields = _page(state)
        if fields is None:
            return _start_action(state)
        auto = forms.self_answered(fields)
        if auto is None:
            return state, None
        builder["chosen"].update(auto)
        builder["page"] += 1


def _page(state: State) -> tuple[Field, ...] | None:
    """The fields of the builder's current page (``None`` after the last)."""
    builder = state["builder"]
    return forms.page_fields(
        builder["do"],
        builder["page"],
        state["field"],
        table_of(state),
        kit_of(state),
        builder["chosen"],
    )


def builder_prompt(state: State) -> Prompt:
    builder = state["builder"]
    fields = _page(state)
    assert fields is not None
    return _prompt(
        state,
        step="action",
        title=forms.ACTION_LABELS[builder["do"]],
        lines=(*where(state),),
        fields=fields,
    )


def builder_advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    builder = state["builder"]
    builder["chosen"].update(answer)
    builder["page"] += 1
    return _skip_self_answered(state)


def _start_action(state: State) -> tuple[State, Decision | None]:
    builder = state["builder"]
    action = forms.action_from(builder["do"], builder["chosen"], state["field"])
    state["builder"] = None
    state["pending"] = {"what": "action", "data": {"action": action}, "answers": {}}
    return _finish_action(state)


def _finish_action(state: State) -> tuple[State, Decision | None]:
    pending = state["pending"]
    try:
        done = resolve(state, "action", pending["data"], pending["answers"])
    except NeedChoice:
        return state, None
    commit(state, done)
    action = pending["data"]["action"]
    touched = action.get("to", action.get("hex"))
    if isinstance(touched, int):
        state["last_hex"] = touched
    state["pending"] = None
    if state["stage"] == "battle":
        state["battle_answers"] = {}
        _next_troop(state)
    return state, Decision(
        game=GAME,
        kind="table",
        summary=msg("Battleground updated"),
        instructions=tuple(done.log.steps),
        trace=done.log.tracer.freeze(),
        example_data=kit_of(state).example,
    )


# the Battle Phase ----------------------------------------------------------------------------


def _start_battle_phase(state: State) -> None:
    state["queue"] = phase_order(state["field"])
    state["stage"] = "battle"
    _next_troop(state)


def _next_troop(state: State) -> None:
    if next_troop(state["queue"], state["field"]) is not None:
        return
    _end_battle_phase(state)


def _end_battle_phase(state: State) -> None:
    fld = state["field"]
    state["battle_card"] = None
    if state["final_round"]:
        more = spawn_count({**state, "stage": "spawn", "final_round": state["final_round"] + 1})
        state["stage"] = "won" if not fld["troops"] and more == 0 else "final"
        return
    for s in fld["hexes"].values():
        for x in s["soldiers"]:
            x["exhausted"] = False
    state["half"] += 1
    if state["season"] == "summer":
        state["season"] = "winter"
        state["stage"] = "spawn"
    else:
        state["stage"] = "year"


def _move_data(state: State) -> dict[str, Any]:
    hex_id = state["queue"][0]
    if state["draw"] == "digital":
        card = copy.deepcopy(kit_of(state).cards[state["deck"][-1]])
    else:
        card = copy.deepcopy(kit_of(state).cards[state["battle_card"]])
    return {"hex": hex_id, "card": card}


def _move_decision(state: State, data: dict[str, Any], done: Resolved) -> Decision:
    outcome = done.move
    assert outcome is not None
    path = " -> ".join(f"#{h}" for h in outcome.path)
    trace = mark_decisive(
        done.log.tracer.freeze(),
        msg("No Battle: the troop ends on #{hex}", hex=outcome.path[-1]),
        path=outcome.path,
    )
    return Decision(
        game=GAME,
        kind="move-troop",
        summary=msg("Card {card}: {path}", card=data["card"]["id"], path=path),
        instructions=tuple(done.log.steps),
        trace=trace,
        result={
            "card": data["card"]["id"],
            "path": outcome.path,
            "battles": outcome.battles,
            "defeat": outcome.defeat,
            "table": table_change(state["field"], done.field),
        },
        example_data=kit_of(state).example,
    )


def _coming_path(state: State) -> list[int] | None:
    """The path of the move the bot is about to show in the Battle Phase (the prompt's
    preview, by the same :func:`resolve`), or ``None`` when no move is pending or it still
    needs an answer from the table."""
    if state["stage"] != "battle" or not state["queue"]:
        return None
    if state["draw"] == "physical" and state["battle_card"] is None:
        return None
    preview = scratch(state)
    try:
        done = resolve(preview, "move", _move_data(preview), state["battle_answers"])
    except NeedChoice:
        return None
    return list(done.move.path) if done.move is not None else None


def battle_prompt(state: State) -> Prompt:
    hex_id = state["queue"][0]
    troop = state["field"]["troops"][str(hex_id)]
    title = msg("Battle Phase: troop on #{hex}", hex=hex_id)
    if state["draw"] == "physical" and state["battle_card"] is None:
        return _prompt(
            state,
            step="card",
            title=title,
            lines=(
                *_log(state),
                msg("Turn over a Movement card for the troop on #{hex}.", hex=hex_id),
            ),
            fields=(
                Field(
                    key="card",
                    label=msg("Card turned over"),
                    kind="choice",
                    choices=tuple(
                        Choice(c, msg("{card}", card=c)) for c in _physical_choices(state)
                    ),
                ),
            ),
        )
    data = _move_data(state)
    head = msg(
        "Troop on #{hex}: {b} Basic, {e} Elite.", hex=hex_id, b=troop["basic"], e=troop["elite"]
    )
    try:
        done = resolve(state, "move", data, state["battle_answers"])
    except NeedChoice as need:
        prompt = _question_prompt(state, need.question, [head])
        return replace(prompt, fields=(_menu(state), *prompt.fields))
    decision = _move_decision(state, data, done)
    return _prompt(
        state,
        step="battle",
        title=title,
        lines=(head,),
        fields=(_menu(state),),
        decision=decision,
    )


def battle_advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    if "card" in answer:
        state["battle_card"] = answer["card"]
        _take_physical(state, [answer["card"]])
        return state, None
    if answer.get("action", "move") != "move":
        state["battle_answers"] = {}
        return menu_advance(state, answer)
    data = _move_data(state)
    if questions.KEY in answer:
        preview = scratch(state)
        try:
            resolve(preview, "move", data, state["battle_answers"])
        except NeedChoice as need:
            state["battle_answers"][need.question["key"]] = questions.answer_of(
                need.question, answer[questions.KEY]
            )
            return state, None
    done = resolve(state, "move", data, state["battle_answers"])
    decision = _move_decision(state, data, done)
    commit(state, done)
    if state["draw"] == "digital":
        _draw(state)
    state["battle_card"] = None
    state["battle_answers"] = {}
    state["last_path"] = done.move.path if done.move else []
    if done.move is not None and done.move.defeat:
        state["stage"] = "lost"
        return state, decision
    state["queue"].pop(0)
    _next_troop(state)
    return state, decision


# the end of a year ---------------------------------------------------------------------------


def year_prompt(state: State) -> Prompt:
    return _prompt(
        state,
        step="year",
        title=msg("End of the year"),
        lines=(
            *where(state),
            msg("Continue with the next year, start Era II, or play the Final Wave?"),
        ),
        fields=(
            Field(
                key="next",
                label=msg("Next"),
                kind="choice",
                default="year",
                choices=(
                    Choice("year", msg("next year")),
                    *((Choice("era2", msg("start Era II")),) if state["era"] == 1 else ()),
                    Choice("final", msg("Final Wave")),
                ),
            ),
        ),
    )


def year_advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    choice = answer["next"]
    state["log"] = []
    if choice == "final":
        state["final_round"] = 1
        state["stage"] = "spawn"
        return state, None
    state["season"] = "summer"
    if choice == "era2":
        state["era"], state["year"] = 2, 1
        _new_deck(state)
    else:
        state["year"] += 1
    state["stage"] = "spawn"
    return state, None


def _new_deck(state: State) -> None:
    ids = deck_ids(kit_of(state).cards, state["scenario"], state["era"])
    state["deck"] = shuffled(state, ids) if state["draw"] == "digital" else []
    state["discard"] = []
    state["drawn"] = []


STEPS: dict[str, APStep] = {
    "over": Step(over_prompt, over_advance),
    "builder": Step(builder_prompt, builder_advance),
    "question": Step(question_prompt, question_advance),
    "spawn": Step(spawn_prompt, spawn_advance),
    "menu": Step(menu_prompt, menu_advance),
    "battle": Step(battle_prompt, battle_advance),
    "year": Step(year_prompt, year_advance),
}


def current_step(state: Mapping[str, Any]) -> str:
    """Which entry of :data:`STEPS` shows now."""
    if state["stage"] in ("won", "lost"):
        return "over"
    if state.get("builder"):
        return "builder"
    pending = state.get("pending")
    if pending and pending["what"] == "action":
        return "question"
    return {"spawn": "spawn", "turns": "menu", "final": "menu", "battle": "battle", "year": "year"}[
        state["stage"]
    ]


class AntePortas(Game):
    name = GAME
    title = "The Colonists: Ante Portas"
    role = N_("runs the Raiders or Dragons and resolves every Battle")

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                key="mode",
                label=msg("Game"),
                kind="choice",
                default="cooperative",
                choices=(
                    Choice("cooperative", msg("cooperative (1-3 players)")),
                    Choice("capture_the_flag", msg("versus: Capture the Flag (2 or 4)")),
                    Choice("area_control", msg("versus: Area Control (2 or 4)")),
                ),
            ),
            Field(key="players", label=msg("Players"), kind="int", default=2, minimum=1, maximum=4),
            Field(
                key="scenario",
                label=msg("Scenario"),
                kind="choice",
                default="raiders",
                choices=(Choice("raiders", msg("Raiders")), Choice("dragons", msg("Dragons"))),
            ),
            Field(
                key="draw",
                label=msg("Movement cards"),
                kind="choice",
                default="digital",
                choices=(
                    Choice("digital", msg("the assistant draws (seeded)")),
                    Choice("physical", msg("we draw the printed cards and tap their numbers")),
                ),
            ),
            Field(
                key="variant",
                label=msg("Variant"),
                kind="choice",
                default="none",
                choices=(
                    Choice("none", msg("none")),
                    Choice("twice", msg("Twice as Strong (2-3 players)")),
                    Choice("twice_plus", msg("Twice as Strong, 3 players, three turns")),
                ),
            ),
            Field(
                key="final_wave",
                label=msg("Final Wave"),
                kind="choice",
                default="normal",
                choices=(
                    Choice("normal", msg("normal")),
                    Choice("all_dead", msg("All Dead")),
                    Choice("crescendo", msg("Crescendo")),
                ),
            ),
        )

    def coerce_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        checked = super().coerce_options(options)
        players, mode = checked["players"], checked["mode"]
        if mode == "cooperative" and players > 3:
            raise IllegalInput(msg("the cooperative game is for 1-3 players"), "players")
        if mode != "cooperative" and players not in (2, 4):
            raise IllegalInput(
                msg("the confrontational variants are for 2 or 4 players"), "players"
            )
        if checked["variant"] == "twice" and players == 1:
            raise IllegalInput(
                msg("Twice as Strong is a variant for two or three players"), "variant"
            )
        if checked["variant"] == "twice_plus" and players != 3:
            raise IllegalInput(
                msg("the three-turn Twice as Strong is for three players"), "variant"
            )
        return checked

    def component_schema(self) -> Spec:
        return COMPONENTS_SPEC

    def example_components(self) -> Mapping[str, Any]:
        return example_components()

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        state: State = {
            "rng": rng_state(seed),
            "components": options["components"],
            "mode": options["mode"],
            "players": options["players"],
            "scenario": options["scenario"],
            "draw": options["draw"],
            "variant": options["variant"],
            "final_wave": options["final_wave"],
            "era": 1,
            "year": 1,
            "season": "summer",
            "half": 1,
            "stage": "spawn",
            "queue": [],
            "pending": None,
            "builder": None,
            "battle_answers": {},
            "battle_card": None,
            "spawn_cards": None,
            "final_round": 0,
            "last_path": [],
            "log": [],
            "costs": {},
        }
        kit = kit_of(state)
        state["field"] = new_field(
            kit, options["players"] if options["mode"] == "cooperative" else 0
        )
        _new_deck(state)
        if options["mode"] != "cooperative":
            referee.setup(state, kit)
        return state

    def prompt(self, state: State) -> Prompt:
        if state["mode"] != "cooperative":
            return referee.prompt(state)
        return MACHINE.prompt(state)

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        if state["mode"] != "cooperative":
            return referee.advance(copy_state(state), answer)  # pure: on a private copy
        _, (after, decision) = MACHINE.advance(state, answer, None)
        return after, decision

    def position(self, state: State) -> Position | None:
        """The cooperative game's position; the team variants' referee keeps its own."""
        return MACHINE.position(state) if state["mode"] == "cooperative" else None

    def board(self, state: State) -> dict[str, Any]:
        if state["mode"] != "cooperative":
            return referee.board(state)
        highlight = state["queue"][0] if state["stage"] == "battle" and state["queue"] else None
        coming = _coming_path(state)
        path = state["last_path"] if coming is None else coming
        kit, scenario = kit_of(state), state["scenario"]
        return board_scene(state["field"], path, highlight, kit, scenario, coming is not None)

    def piece_name(self, piece: str) -> PieceName | None:
        """Pieces by their sticker kind ("basic" -> "Basic Invaders"); tiles (one per hex)
        by their kind (``"building:trench"`` or ``"trap"`` -> "Trench", "Trap")."""
        if piece in PIECE_NAMES:
            return PieceName(PIECE_NAMES[piece])
        tile = TILE_NAMES.get(piece.partition(":")[2] or piece)
        return None if tile is None else PieceName(tile, single=True)

    def expected_change(self, decision: Decision) -> dict[str, Any] | None:
        """The pieces a bot step (a spawn, a troop's move) adds to or takes from each hex,
        ``{"hexes": {hex: {kind: delta}}}`` (:mod:`rules.games.anteportas.pieces`); None for
        other decisions and for a step that changes nothing on the table."""
        change = decision.result.get("table") if decision.kind in ("spawn", "move-troop") else None
        return {"hexes": dict(change)} if change else None

    def status(self, state: State) -> tuple[Msg, ...]:
        if state["mode"] != "cooperative":
            return referee.status(state)
        return (half_title(state), *status_lines(state), *where(state))

    def decisions(self) -> Mapping[str, DecisionKind]:
        from rules.games.anteportas.decisions import DECISIONS

        return DECISIONS


#: The cooperative game's step machine (rules/machine.py); the step follows from the
#: state (:func:`current_step`). The team variants run on :mod:`.referee`.
MACHINE: Machine[None, Advanced] = Machine(
    [
        Phase("half-year", {k: STEPS[k] for k in ("spawn", "menu", "builder", "question")}),
        Phase("battle", {"battle": STEPS["battle"]}),
        Phase("year", {"year": STEPS["year"]}),
        Phase("end", {"over": STEPS["over"]}),
    ],
    where=Where(step="stage", round="half", notes=None, step_of=current_step),
)
MACHINE.check()
