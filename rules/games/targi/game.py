"""Targi with the action tiles: the assistant referees the 8 extra tiles.

It collects both secret tile choices (one player at a time), tracks which
tile each player still holds, asks each round where the robber and the
Targi stand, places the tribe markers by the base game's rule, and offers
each tile only where :mod:`rules.games.targi.legality` allows it. The base
game itself is played on the table.

Steps live in three phase tables (``steps_setup``, ``steps_round``,
``steps_end``); a ``joker`` field on every step from the reveal to the final
scoring lets a player spend the joker goods tile "zu einem beliebigen
Zeitpunkt". Every ambiguity of the rule text and the reading chosen is listed
in docs/targi.md ("Ambiguities and readings chosen") and tested.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.components import COMPONENTS_OPTION
from rules.decision import Decision
from rules.game import DecisionKind, Game, State
from rules.games.targi import legality as L
from rules.games.targi import steps_end, steps_round, steps_setup
from rules.games.targi.board import BOARD_SCHEMA, board_of, example_data
from rules.games.targi.scene import HIDDEN_STAGES, scene
from rules.games.targi.situation import LEGALITY
from rules.games.targi.steps import JOKER, Out, Step
from rules.games.targi.terms import GOOD, GOODS, PLAYERS, TILES, other, tile_list, who
from rules.machine import Machine, Phase, Position, Where
from rules.prompt import Choice, Field, Prompt
from rules.rng import randbelow, rng_state
from rules.schema import Spec
from rules.text import N_, Msg, msg

GAME = "targi"
#: Every step of the game, by phase (set-up, a round, the end).
STEPS: dict[str, Step] = {**steps_setup.STEPS, **steps_round.STEPS, **steps_end.STEPS}


class TargiGame(Game):
    """Referee for the Targi action tiles (2 players, blue and white)."""

    name = GAME
    title = "Targi — action tiles"
    role = N_("referee: secret tile choice, one-use tracking, legal placements, end scoring")
    secret_steps = frozenset({"secret"})

    # -- set-up ------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                key="selection",
                label=msg("How are the 3 tiles chosen?"),
                kind="choice",
                default="secret",
                choices=(
                    Choice("secret", msg("each player chooses in secret")),
                    Choice("random", msg("at random: one tile goes back unseen")),
                ),
            ),
            Field(
                key="same_tiles",
                label=msg("Both players use the same tiles?"),
                kind="bool",
                default=False,
            ),
            Field(
                key="start",
                label=msg("Start player"),
                kind="choice",
                default="blue",
                choices=tuple(Choice(p, who(p)) for p in PLAYERS),
            ),
        )

    def component_schema(self) -> Spec:
        return BOARD_SCHEMA

    def example_components(self) -> Mapping[str, Any]:
        return example_data()

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        start = options["start"]
        state: State = {
            "rng": rng_state(seed),
            COMPONENTS_OPTION: dict(options[COMPONENTS_OPTION]),
            "options": {k: v for k, v in options.items() if k != COMPONENTS_OPTION},
            "table": L.empty_table(start),
            "chosen": {p: None for p in PLAYERS},
            "stage": "secret",
            "queue": [start, other(start)],
            "round": 1,
            "pending": None,
            "renounced": {p: [] for p in PLAYERS},
            "jokers": [],
            "scores": None,
            "winner": None,
            "notes": [],
        }
        if options["selection"] == "random":
            # "mischt jeder seine Plättchen verdeckt, legt eins ungesehen in die Schachtel"
            shared = list(TILES)
            shared.pop(randbelow(state, 4))
            for player in (start, other(start)):
                kept = list(shared)
                if not options["same_tiles"]:
                    kept = list(TILES)
                    kept.pop(randbelow(state, 4))
                state["chosen"][player] = kept
            steps_setup.hand_out(state)
            state["stage"] = "reveal"
        elif options["same_tiles"]:
            state["stage"] = "agree"
            state["queue"] = []
        return state

    # -- the step machine ----------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        prompt = MACHINE.prompt(state)
        if JOKER in MACHINE.step(state).tags and self._joker_choices(state):
            prompt = replace(prompt, fields=(*prompt.fields, self._joker_field(state)))
        return prompt

    def saved_answer(self, state: State, answer: Mapping[str, Any]) -> Mapping[str, Any]:
        """The secret and agreed choices saved as the 3 tiles kept: the tile put back."""
        if state["stage"] in ("secret", "agree"):
            return steps_setup.saved_answer(answer)
        return answer

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        stage = state["stage"]
        out = Out()
        state, summary = MACHINE.advance(state, answer, out)
        if summary is None and not out.notes:
            return state, None
        example = board_of(state).example and stage in ("targi", "targi-tile", "tribe-tile", "fata")
        decision = Decision(
            game=GAME,
            kind=stage,
            summary=summary or out.notes[0],
            instructions=tuple(out.notes),
            trace=out.tracer.freeze(),
            result={},
            example_data=example,
            referee=True,
        )
        return state, decision

    # -- the joker, "zu einem beliebigen Zeitpunkt" ---------------------------------

    @staticmethod
    def _joker_choices(state: State) -> list[str]:
        tiles = state["table"]["tiles"]
        return [f"{p}:{g}" for p in PLAYERS if tiles[p]["joker"] == "unused" for g in GOODS]

    def _joker_field(self, state: State) -> Field:
        choices = [Choice("none", msg("nobody"))]
        for value in self._joker_choices(state):
            player, good = value.split(":")
            choices.append(
                Choice(value, msg("{p}: joker as 1 {good}", p=who(player), good=GOOD[good]))
            )
        return Field(
            key="joker",
            label=msg("Joker goods tile used now?"),
            kind="choice",
            default="none",
            choices=tuple(choices),
            optional=True,  # an extra on every step, not its question (docs/targi.md, 19)
        )

    @staticmethod
    def _spend_joker(state: State, answer: Mapping[str, Any], out: Out) -> None:
        joker = answer.get("joker", "none")
        if joker == "none":
            return
        player, good = joker.split(":")
        for rule, finding in L.check_joker(state["table"], player, good):
            out.tracer.add(rule, finding)
        state["table"]["tiles"][player]["joker"] = "used"
        state["jokers"].append({"player": player, "good": good, "round": state["round"]})
        out.notes.append(
            msg(
                "{p} uses the joker goods tile as 1 {good}; it goes back in the box.",
                p=who(player),
                good=GOOD[good],
            )
        )

    # -- what the front ends show ----------------------------------------------------

    def position(self, state: State) -> Position:
        return MACHINE.position(state)

    def active_player(self, state: State) -> str | None:
        if state["stage"] in ("secret", "targi", "targi-tile", "tribe-tile"):
            player: str = state["queue"][0]
            return player
        if state["stage"] in ("fata", "count"):
            pending: str = state["pending"]
            return pending
        return None

    def board(self, state: State) -> dict[str, Any]:
        return scene(state, self.active_player(state))

    def status(self, state: State) -> tuple[Msg, ...]:
        if state["stage"] in HIDDEN_STAGES:
            return (msg("Tile choices are secret until both are made."),)
        table = state["table"]
        lines = [msg("Round {n}", n=state["round"])]
        if table["robber"]:
            lines.append(msg("Robber on {card}", card=table["robber"]))
        for p in PLAYERS:
            held = [t for t in TILES if table["tiles"][p][t] == "unused"]
            lines.append(
                msg("{p} still holds: {tiles}", p=who(p), tiles=tile_list(held))
                if held
                else msg("{p} holds no unused tile", p=who(p))
            )
        return tuple(lines)

    def decisions(self) -> Mapping[str, DecisionKind]:
        return {"legality": LEGALITY}


#: The step machine: set-up, the rounds, the end (rules/machine.py).
MACHINE: Machine[Out, Msg | None] = Machine(
    [
        Phase("set-up", steps_setup.STEPS),
        Phase("round", steps_round.STEPS),
        Phase("end", steps_end.STEPS),
    ],
    where=Where(step="stage", round="round", notes="notes"),
    player=lambda state: TargiGame().active_player(state),
    before=TargiGame._spend_joker,
)
MACHINE.check()
