"""Robinson Crusoe versus rules: the assistant runs the phases and referees.

Each round steps through the six phases with their versus changes: event
(only the icon), morale (always 1; a determination token for everyone),
production (each at their own camp), action (placement alternating one pawn
at a time, then resolution in the cooperative order with fights), weather
(the first player rolls once for everyone) and night (each eats alone; camps
move in player order). The assistant tracks each player's hearts, levels,
determination tokens, resources, pawns, camp and cards; the rest of the base
game stays on the table.

The steps live in phase tables (``steps_setup``, ``steps_phases``,
``steps_action``, ``changes``). Every ambiguity of the rule text and the
reading chosen is in docs/robinson.md ("Ambiguities and readings chosen").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.components import COMPONENTS_OPTION
from rules.decision import Decision
from rules.errors import IllegalInput
from rules.game import DecisionKind, Game, State
from rules.games.robinson import actions as A
from rules.games.robinson import changes, steps_action, steps_phases, steps_setup
from rules.games.robinson.components import SCHEMA, example_catalogue, example_data
from rules.games.robinson.model import alive, apply_pending_bonuses, player
from rules.games.robinson.scene import scene, status_lines
from rules.games.robinson.situation import FIGHT, PLACEMENT
from rules.games.robinson.steps import PHASE_OF, Out, Step, step, step_prompt
from rules.games.robinson.terms import COLOURS, who
from rules.machine import Machine, Phase, Position, Where
from rules.prompt import Choice, Field, Prompt
from rules.schema import Spec
from rules.text import N_, Msg, msg

GAME = "robinson"
#: Every step of the game, by phase.
STEPS: dict[str, Step] = {
    **steps_setup.STEPS,
    **steps_phases.STEPS,
    **steps_action.STEPS,
    **changes.STEPS,
}
#: Steps whose decisions used printed component data (scenario texts, distances, cards).
USES_COMPONENTS = {"setup", "event", "book", "production", "placement", "target", "resolve"}
USES_COMPONENTS |= {"reward", "reward-detail", "spoils", "night", "move-camp"}


def prompt_over(state: State) -> Prompt:
    winner = state["winner"]
    if winner:
        line = msg("{p} is the last player standing and wins.", p=who(winner))
    elif not alive(state):
        line = msg("Every character has died: nobody wins.")
    else:
        line = msg("The scenario's rounds are over: check its victory condition.")
    return step_prompt(state, step="over", title=msg("Game over"), lines=(line,), finished=True)


class RobinsonGame(Game):
    """Referee for Robinson Crusoe in versus scenarios (2-4 players)."""

    name = GAME
    title = "Robinson Crusoe — versus"
    role = N_("referee: phase stepper, placement order, fights, stealing, elimination")

    # -- set-up ------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        example = example_catalogue()
        return (
            Field(key="players", label=msg("Players"), kind="int", default=2, minimum=2, maximum=4),
            Field(
                key="first",
                label=msg("First player"),
                kind="choice",
                default="red",
                choices=tuple(Choice(c, who(c)) for c in COLOURS),
            ),
            Field(
                key="scenario",
                label=msg("Versus scenario"),
                kind="choice",
                default=next(iter(example.scenarios)),
                choices=tuple(Choice(s["id"], Msg(s["title"])) for s in example.scenarios.values()),
            ),
        )

    def coerce_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The scenario is one of the component set's (the players' own set may have others)."""
        known = {k: v for k, v in options.items() if k != "scenario"}
        checked = super().coerce_options(known)
        scenarios = checked[COMPONENTS_OPTION]["data"]["scenarios"]
        ids = [s["id"] for s in scenarios]
        scenario = options.get("scenario", ids[0])
        if scenario not in ids:
            raise IllegalInput(msg("this is not a scenario of the component set"), "scenario")
        colours = COLOURS[: checked["players"]]
        if checked["first"] not in colours:
            named: Msg = who(colours[0])
            for colour in colours[1:]:
                named = msg("{a}, {b}", a=named, b=who(colour))
            raise IllegalInput(
                msg(
                    "with {n} players the colours are {colours}",
                    n=checked["players"],
                    colours=named,
                ),
                "first",
            )
        return checked | {"scenario": scenario}

    def component_schema(self) -> Spec:
        return SCHEMA

    def example_components(self) -> Mapping[str, Any]:
        return example_data()

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        record = dict(options[COMPONENTS_OPTION])
        scen = next(s for s in record["data"]["scenarios"] if s["id"] == options["scenario"])
        colours = COLOURS[: options["players"]]
        levels = scen["start_levels"]
        players: list[dict[str, Any]] = [
            {
                "id": c,
                "hearts": scen["hearts"],
                "life": scen["hearts"],
                "weapon": levels.get("weapon", 0),
                "roof": levels.get("roof", 0),
                "palisade": levels.get("palisade", 0),
                "shelter": False,
                "determination": 0,
                "food": 0,
                "wood": 0,
                "hide": 0,
                "pawns": scen["pawns"],
                "camp": None,
                "alive": True,
                "cards": {},
            }
            for c in colours
        ]
        return {
            COMPONENTS_OPTION: record,
            "scenario": scen["id"],
            "players": players,
            "first": options["first"],
            "round": 1,
            "phase": "setup",
            "stage": "setup",
            "queue": list(colours),
            "island": {},
            "discovered_by": {},
            "adventure_tokens": [],
            "placements": [],
            "last_spots": {},
            "placer": None,
            "pending_action": None,
            "pending_bonus": [],
            "spoils": None,
            "after_spoils": None,
            "fight": None,
            "change": None,
            "mystery_count": 0,
            "winner": None,
        }

    # -- the step machine ----------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        return MACHINE.prompt(state)

    def position(self, state: State) -> Position:
        return MACHINE.position(state)

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        out = Out()
        origin = state["stage"]
        state, summary = MACHINE.advance(state, answer, out)
        other = answer.get("other", "none")
        if other != "none" and player(state, other)["alive"] and state["stage"] != "over":
            changes.open_changes(state, other)
        self._settle(state, out)
        if summary is None and not out.notes:
            return state, None
        decision = Decision(
            game=GAME,
            kind=origin,
            summary=summary or out.notes[0],
            instructions=tuple(out.notes),
            trace=out.tracer.freeze(),
            result={},
            example_data=bool(state[COMPONENTS_OPTION]["example"]) and origin in USES_COMPONENTS,
            referee=True,
        )
        return state, decision

    @staticmethod
    def _settle(state: State, out: Out) -> None:
        """After a step: game over, a fatal fight's spoils (after the attacker's reward),
        queues a death emptied, and the one-time bonuses at the end of a phase."""
        if state["winner"] is not None or not alive(state):
            state["stage"] = "over"
            state["phase"] = "over"
            return
        if state["spoils"] is not None and state["stage"] not in (
            "spoils",
            "reward",
            "reward-detail",
        ):
            state["after_spoils"] = state["stage"]
            state["stage"] = "spoils"
        if state["stage"] == "night" and not state["queue"]:
            steps_phases.start_camp_moves(state, out)
        elif state["stage"] == "move-camp":
            # Other changes may have ended a player; the next mover follows.
            steps_phases.next_camp_mover(state, out)
        if state["stage"] in ("placement", "target"):
            # Other changes may have given or taken pawns: who places next follows from them.
            state["placer"] = A.current_placer(state)
            if state["placer"] is None:
                steps_action.end_placement(state, out)
        if state["stage"] == "resolve" and not state["queue"]:
            state["stage"] = "weather"
        phase = PHASE_OF.get(state["stage"], state["phase"])
        if phase != state["phase"]:
            if state["pending_bonus"]:
                apply_pending_bonuses(state, out.notes)
            state["phase"] = phase

    # -- what the front ends show ----------------------------------------------------

    def active_player(self, state: State) -> str | None:
        stage = state["stage"]
        if stage in ("placement", "target"):
            placer: str = state["placer"]
            return placer
        if stage in ("setup", "night", "move-camp"):
            first: str = state["queue"][0]
            return first
        if stage == "resolve":
            resolving: str = state["queue"][0]["player"]
            return resolving
        if stage in ("reward", "reward-detail"):
            winner: str = state["fight"]["winner"]
            return winner
        if stage == "spoils":
            taker: str = state["spoils"]["winner"]
            return taker
        if stage == "change":
            changing: str = state["change"]["player"]
            return changing
        if stage in ("event", "weather"):
            starter: str = state["first"]
            return starter
        return None

    def board(self, state: State) -> dict[str, Any]:
        return scene(state, self.active_player(state))

    def status(self, state: State) -> tuple[Msg, ...]:
        return status_lines(state)

    def decisions(self) -> Mapping[str, DecisionKind]:
        return {"fight": FIGHT, "placement": PLACEMENT}


def _advance_over(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    return None


#: The step machine: the phases of a round as the rule book orders them
#: (steps.PHASE_OF); "change" (other changes to tracked values) interrupts any of them.
MACHINE: Machine[Out, Msg | None] = Machine(
    [
        Phase("setup", steps_setup.STEPS),
        Phase("event", {k: STEPS[k] for k in ("event", "book")}),
        Phase("morale", {"morale": STEPS["morale"]}),
        Phase("production", {"production": STEPS["production"]}),
        Phase("action", steps_action.STEPS),
        Phase("weather", {"weather": STEPS["weather"]}),
        Phase("night", {k: STEPS[k] for k in ("night", "move-camp")}),
        Phase("change", changes.STEPS),
        Phase("over", {"over": step(prompt_over, _advance_over)}),
    ],
    where=Where(step="stage", round="round", notes=None, phase="phase"),
    player=lambda state: RobinsonGame().active_player(state),
)
MACHINE.check()
