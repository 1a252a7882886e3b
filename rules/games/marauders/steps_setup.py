"""Set-up, the end of each round and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic, parsing
from rules.games.marauders.model import ROUNDS, TRIBE
from rules.games.marauders.steps_common import TableHelpers, colour_choices, zero
from rules.prompt import Field, Prompt
from rules.rng import shuffled
from rules.text import msg


class SetupSteps(TableHelpers):
    """Set-up, the end of each round and the end of the game."""

    def _prompt_setup(self, state: State) -> Prompt:
        trays, icons = parsing.board_words(cat.board_of(state))
        n = state["players"]
        hard = state["hard_tiles"]
        lines = [
            msg("Set up the base game for {n} player(s) plus the marauder tribe.", n=n),
            msg("Give the tribe a colour, a player board, all its tribe members and markers."),
            msg("Place the control board near the tribe's player board, in line with the map."),
            msg("Put the priority marker next to the priority track's campsite symbol."),
            msg(
                "Marauder tiles: {hard} on their 3 side, {easy} on their 2 side; shuffle them "
                "into one draw pile.",
                hard=hard,
                easy=12 - hard,
            ),
            msg(
                "Sides are numbered 0-5 clockwise from the top of the control board. Check the "
                "trays and icons below against your board (shipped values are EXAMPLE data)."
            ),
        ]
        fields = (
            Field(
                key="order",
                label=msg("Player order (e.g. tribe 1 2)"),
                kind="text",
                default=" ".join("tribe" if w == TRIBE else w for w in state["order"]),
            ),
            Field(
                key="trays",
                label=msg("Tray colours on sides 0-5 (- = none)"),
                kind="text",
                default=trays,
            ),
            Field(
                key="priorities",
                label=msg("Priority icons on sides 0-5"),
                kind="text",
                default=icons,
            ),
            Field(
                key="start",
                label=msg("Starting resources the tribe gets in the base set-up (onto its trays)"),
                kind="counts",
                default=zero(),
                choices=colour_choices(),
            ),
        )
        return Prompt(
            step="setup",
            title=msg("Set-up checklist"),
            phase=msg("Set-up"),
            lines=tuple(lines),
            fields=fields,
        )

    def _advance_setup(self, state: State, answer: Mapping[str, Any]) -> Decision:
        state["order"] = parsing.order(answer["order"], state["players"])
        board = parsing.board(answer["trays"], answer["priorities"])
        if board != cat.default()["control_board"]:
            state["board"] = board  # typed in: kept in the state
            state["board_example"] = False
        state["marker"] = cat.priority_side(cat.board_of(state), "campsite")
        self._add(state, answer["start"])
        if state["draw"] == "digital":
            ids = shuffled(state, sorted(cat.default()["tiles"]))
            hard = set(shuffled(state, ids)[: state["hard_tiles"]])
            state["pile"] = ids
            state["hard"] = sorted(hard)
        self._enter_spring(state)
        return logic.payer(state["order"])

    def _enter_spring(self, state: State) -> None:
        state["step"] = "spring-start"
        state["spring_done"] = 0
        self._next_tile_from_pile(state)

    def _prompt_round_end(self, state: State) -> Prompt:
        last = state["round"] >= ROUNDS
        return Prompt(
            step="round-end",
            title=msg("End of round {r}", r=state["round"]),
            phase=self._round_phase(state, msg("End of round")),
            lines=(
                msg("Finish the round as usual; the text gives the tribe no further rule."),
                msg("This was the fifth round: the game ends.")
                if last
                else msg("Next: round {r}.", r=state["round"] + 1),
            ),
            fields=(
                Field(
                    key="vp",
                    label=msg("Other VP the tribe scored this round"),
                    kind="int",
                    default=0,
                    minimum=0,
                    maximum=99,
                ),
            ),
        )

    def _advance_round_end(self, state: State, answer: Mapping[str, Any]) -> None:
        state["vp"] += answer["vp"]
        if state["round"] >= ROUNDS:
            state["step"] = "final"
            return
        state["round"] += 1
        self._enter_spring(state)

    def _prompt_final(self, state: State) -> Prompt:
        fields = [
            Field(
                key="tribe_vp",
                label=msg("The tribe's final VP"),
                kind="int",
                default=state["vp"],
                minimum=0,
                maximum=999,
            )
        ]
        for p in range(1, state["players"] + 1):
            fields.append(
                Field(
                    key=f"p{p}",
                    label=msg("Player {p}'s final VP", p=p),
                    kind="int",
                    minimum=0,
                    maximum=999,
                )
            )
        return Prompt(
            step="final",
            title=msg("Final scoring"),
            phase=msg("End of the game"),
            lines=(
                msg("Score as usual. The tribe gets no VP for development points."),
                msg(
                    "The assistant tracked {vp} VP for the tribe from its own rules; add the "
                    "usual scoring.",
                    vp=state["vp"],
                ),
            ),
            fields=tuple(fields),
        )

    def _advance_final(self, state: State, answer: Mapping[str, Any]) -> Decision:
        players = {str(p): answer[f"p{p}"] for p in range(1, state["players"] + 1)}
        decision = logic.final_result(answer["tribe_vp"], players)
        state["final"] = decision.to_json()
        state["step"] = "end"
        return decision

    def _prompt_end(self, state: State) -> Prompt:
        decision = Decision.from_json(state["final"])
        return Prompt(
            step="end",
            title=msg("Game over"),
            phase=msg("End of the game"),
            lines=(
                msg("The tribe finished with {vp} VP.", vp=decision.result.get("tribe_vp", "?")),
            ),
            decision=decision,
            finished=True,
        )
