"""The Nomads as a step machine: set-up, turns, eclipse, preparation, final scoring.

Each step is a row of :data:`STEPS` (:mod:`rules.machine`): the screen it shows,
what its answer does and the steps that follow. A non-empty ``state["queue"]``
of Nomad actions always comes first (:mod:`rules.games.nomads.flow`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules.decision import Decision
from rules.game import DecisionKind, Game, State
from rules.games.nomads import board as scene
from rules.games.nomads import decisions as situations
from rules.games.nomads import steps_cards as cards
from rules.games.nomads import steps_eclipse as eclipse
from rules.games.nomads import steps_setup as setup
from rules.games.nomads.actions import Out
from rules.games.nomads.catalogue import SCHEMA, example_data
from rules.games.nomads.flow import action_prompt, advance_queue
from rules.machine import Edge, Machine, Phase, Position, Where, copy_state
from rules.machine import Step as MachineStep
from rules.prompt import Choice, Field, Prompt
from rules.schema import Spec
from rules.text import N_, Msg, msg

GAME = "nomads"

MODULES: tuple[tuple[str, str], ...] = (
    ("rest_tiles", N_("Ruheplättchen")),
    ("ice_find", N_("Eisfundplättchen")),
    ("ancestors", N_("Ahnen")),
    ("rivers", N_("Flüsse & Flöße")),
    ("cave_painting", N_("Höhlenmalerei")),
    ("four_legged", N_("Vierbeinige Freunde")),
    ("ritual_sites", N_("Ritualstätten")),
    ("mammoth", N_("Mammut")),
)


NomadStep = MachineStep[Out, Decision | None]
#: The tag of a step whose screen previews the bot's decision on the defaults.
PREVIEW = "preview"


def Step(
    prompt: Callable[[State], Prompt],
    advance: Callable[[State, Mapping[str, Any], Out], Decision | None],
    preview: bool = False,
    then: tuple[Edge, ...] = (),
) -> NomadStep:
    """One step: its screen, what its answer does, the steps that follow, whether it previews."""
    tags = frozenset({PREVIEW}) if preview else frozenset()
    return MachineStep(prompt=prompt, advance=advance, next=then, tags=tags)


STEPS: dict[str, NomadStep] = {
    "setup": Step(setup.prompt_setup, setup.advance_setup, then=(Edge("area"),)),
    "area": Step(setup.prompt_area, setup.advance_area),
    "player": Step(setup.prompt_player, setup.advance_player),
    "event_income": Step(setup.prompt_event_income, setup.advance_event_income),
    "card": Step(cards.prompt_card, cards.advance_card, then=(Edge("face"),)),
    "face": Step(cards.prompt_face, cards.advance_face, preview=True),
    "reveal": Step(cards.prompt_reveal, cards.advance_reveal, preview=True),
    "visible": Step(cards.prompt_visible, cards.advance_visible),
    "ecl_order": Step(
        eclipse.prompt_ecl_order, eclipse.advance_ecl_order, True, (Edge("ecl_income1"),)
    ),
    "ecl_income1": Step(eclipse.prompt_ecl_income1, eclipse.advance_ecl_income1),
    "ecl_terrain": Step(eclipse.prompt_ecl_terrain, eclipse.advance_ecl_terrain),
    "ecl_board": Step(eclipse.prompt_ecl_board, eclipse.advance_ecl_board),
    "ecl_modules": Step(eclipse.prompt_ecl_modules, eclipse.advance_ecl_modules, preview=True),
    "final": Step(eclipse.prompt_final, eclipse.advance_final, then=(Edge("over"),)),
    "over": Step(eclipse.prompt_over, lambda st, ans, out: None),
}


class NomadsGame(Game):
    """Endless Winter: Paleoamericans, solo against the Nomads."""

    name = GAME
    title = "Endless Winter: Nomads (solo)"
    role = N_(
        "plays the Nomads: nomad deck, action column, arrows, substitutions, eclipse, scoring"
    )

    # -- set-up -------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                key="cards",
                label=msg("Nomad cards"),
                kind="choice",
                default="digital",
                choices=(
                    Choice("digital", msg("the assistant draws them")),
                    Choice("physical", msg("I draw the printed cards and enter them")),
                ),
            ),
            Field(
                key="hard_reveal",
                label=msg("Harder: one nomad card revealed in advance"),
                kind="bool",
                default=False,
            ),
            Field(
                key="hard_settlement",
                label=msg("Harder: nomad tile on its settlement side"),
                kind="bool",
                default=False,
            ),
            Field(
                key="modules",
                label=msg("Modules and expansions in play"),
                kind="multi",
                default=[],
                choices=tuple(Choice(k, msg(de)) for k, de in MODULES),
            ),
        )

    def component_schema(self) -> Spec:
        return SCHEMA

    def example_components(self) -> Mapping[str, Any]:
        return example_data()

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        return setup.initial_state(options, seed)

    # -- steps --------------------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        if state["queue"]:
            return action_prompt(state)
        step = MACHINE.step(state)
        shown = MACHINE.prompt(state)
        if PREVIEW in step.tags and shown.decision is None and shown.confirmable:
            defaults = {f.key: f.default for f in shown.fields}
            _, decision = self.advance(state, defaults)
            shown = replace(shown, decision=decision)
        return shown

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        if state["queue"]:
            return advance_queue(copy_state(state), answer)  # pure: on a private copy
        return MACHINE.advance(state, answer, Out())

    def position(self, state: State) -> Position | None:
        return None if state["queue"] else MACHINE.position(state)

    def component_entries(
        self, state: State, answer: Mapping[str, Any]
    ) -> tuple[dict[str, Any], ...]:
        """A printed nomad card corrected in play (docs/components.md, "Learned while playing")."""
        if state["queue"]:
            return ()
        return cards.card_entries(state, answer)

    # -- other faces --------------------------------------------------------------------

    def decisions(self) -> Mapping[str, DecisionKind]:
        return situations.DECISIONS

    def board(self, state: State) -> dict[str, Any]:
        return scene.board(state)

    def status(self, state: State) -> tuple[Msg, ...]:
        return scene.status(state)


#: The step machine: set-up, the turns, the eclipse, the end (rules/machine.py). The
#: queue of Nomad actions (step "action", :mod:`rules.games.nomads.flow`) comes first.
MACHINE: Machine[Out, Decision | None] = Machine(
    [
        Phase("set-up", {k: STEPS[k] for k in ("setup", "area", "player", "event_income")}),
        Phase("turns", {k: STEPS[k] for k in ("card", "face", "reveal", "visible")}),
        Phase("eclipse", {k: v for k, v in STEPS.items() if k.startswith("ecl_")}),
        Phase("end", {k: STEPS[k] for k in ("final", "over")}),
    ],
    where=Where(step="step", round="round", notes=None),
)
MACHINE.check()
