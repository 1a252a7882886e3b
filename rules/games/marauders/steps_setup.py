"""Set-up, entering an unlisted tile, the end of each round and the end of the game."""

from __future__ import annotations

from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic
from rules.games.marauders.model import (
    COLOURS,
    MAX_MARKERS,
    MAX_VP,
    PRIORITIES,
    ROUNDS,
    SIDES,
    label,
    tile_symbols_field,
)
from rules.games.marauders.steps_common import (
    COLOUR_CHOICES,
    Answer,
    Step,
    apply_news,
    by_score,
    colour_choices,
    news_fields,
    news_lines,
    next_tile,
    order_field,
    round_phase,
    score_line,
    shuffle_pile,
    vp_on_board,
    zero,
)
from rules.machine import Edge
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg, msgn

NO_TRAY = "none"


def setup_prompt(state: State) -> Prompt:
    board = cat.board_of(state)
    n = state["players"]
    hard = state["hard_tiles"]
    lines = [
        msgn(
            "Set up the base game for {n} player plus the marauder tribe.",
            "Set up the base game for {n} players plus the marauder tribe.",
            n=n,
        ),
        msg("Give the tribe a colour, a player board, all its tribe members and markers."),
        msg("Place the control board near the tribe's player board, in line with the map."),
        msg("Put the priority marker next to the priority track's campsite symbol."),
        msg(
            "Marauder tiles: {hard} on their 3 side, {easy} on their 2 side; shuffle them into "
            "one draw pile.",
            hard=hard,
            easy=cat.TILE_COUNT - hard,
        ),
        msg(
            "Sides are numbered 0-5 clockwise from the top of the control board. Check the "
            "trays and icons below against your board."
        ),
    ]
    if cat.board_is_example(state):
        lines.append(msg("The control board below is EXAMPLE data: correct it to yours."))
    # The one thing the table must enter comes first; the order and the board's trays
    # and icons below start as the game knows them (to check, rarely to change).
    fields = (
        Field(
            key="start",
            label=msg("Starting resources the tribe gets in the base set-up (onto its trays)"),
            kind="counts",
            default=zero(),
            maximum=MAX_MARKERS,
            choices=colour_choices(state),
        ),
        order_field(state),
        Field(
            key="trays",
            label=msg("Tray colours on sides 0 to 5, clockwise from the top"),
            kind="order",
            default=[s["tray"] or NO_TRAY for s in board["sides"]],
            choices=(*COLOUR_CHOICES, Choice(NO_TRAY, label(NO_TRAY))),
        ),
        Field(
            key="priorities",
            label=msg("Priority icons on sides 0 to 5, clockwise from the top"),
            kind="order",
            default=[s["priority"] for s in board["sides"]],
            choices=tuple(Choice(p, label(p)) for p in PRIORITIES),
        ),
    )
    return Prompt(
        step="setup",
        title=msg("Set-up checklist"),
        phase=msg("Set-up"),
        lines=tuple(lines),
        fields=fields,
    )


def setup_advance(state: State, answer: Answer) -> Decision:
    state["order"] = list(answer["order"])
    trays, icons = answer["trays"], answer["priorities"]
    board = cat.CONTROL_BOARD.check(
        {
            "sides": [
                {
                    "side": s,
                    "tray": None if trays[s] == NO_TRAY else trays[s],
                    "priority": icons[s],
                }
                for s in range(SIDES)
            ]
        }
    )
    if board != cat.data_of(state)["control_board"]:
        state["board"] = board  # corrected at the table: kept in the state
    state["marker"] = cat.priority_side(cat.board_of(state), "campsite")
    for colour in COLOURS:
        state["trays"][colour] += answer["start"][colour]
    if state["draw"] == "digital":
        shuffle_pile(state)
    enter_spring(state)
    return logic.payer(state["order"])


def enter_spring(state: State) -> None:
    state["step"] = "spring-start"
    state["spring_done"] = 0
    state["full"] = []
    next_tile(state)


def tile_entry_prompt(state: State) -> Prompt:
    return Prompt(
        step="tile-entry",
        title=msg("Enter the marauder tile you drew"),
        phase=round_phase(state, msg("Marauder tile")),
        lines=(
            msg("Look at the tile with its framed symbol pointing up."),
            msg("Tap its six symbols in order: the framed one, then clockwise."),
        ),
        fields=(
            tile_symbols_field(),
            Field(
                key="number",
                label=msg("The number in its middle"),
                kind="choice",
                default=str(
                    cat.FACES[-1] if state["hard_tiles"] >= cat.TILE_COUNT else cat.FACES[0]
                ),
                choices=tuple(Choice(str(f), Msg(str(f))) for f in cat.FACES),
            ),
        ),
        round=state["round"],
    )


def tile_entry_advance(state: State, answer: Answer) -> None:
    tile = cat.make_tile(None, int(answer["number"]), list(answer["symbols"]))
    tile["example"] = False
    state["tile"] = tile
    state["step"] = state.pop("after_tile")


def round_end_prompt(state: State) -> Prompt:
    last = state["round"] >= ROUNDS
    news = news_lines(state)
    # On the score track the round's usual scoring moves the tribe's marker too.
    score = [score_line()] if vp_on_board(state) and score_line() not in news else []
    return Prompt(
        step="round-end",
        title=msg("End of round {r}", r=state["round"]),
        phase=round_phase(state, msg("End of round")),
        lines=(
            *news,
            msg("Finish the round as usual; the text gives the tribe no further rule."),
            *score,
            msg("This was the fifth round: the game ends.")
            if last
            else msg("Next: round {r}.", r=state["round"] + 1),
        ),
        fields=news_fields(state),
        round=state["round"],
    )


def round_end_advance(state: State, answer: Answer) -> None:
    apply_news(state, answer)
    if state["round"] >= ROUNDS:
        state["step"] = "final"
        return
    state["round"] += 1
    enter_spring(state)


def final_prompt(state: State) -> Prompt:
    """The final VP of every side: the players' first (no default); the tribe's defaults to
    the assistant's count, or has none when the score track keeps it (reading 40)."""
    on_board = vp_on_board(state)
    fields = [
        Field(
            key=f"p{p}",
            label=msg("Player {n}'s final VP", n=p),
            kind="int",
            minimum=0,
            maximum=MAX_VP,
        )
        for p in range(1, state["players"] + 1)
    ]
    fields.append(
        Field(
            key="tribe_vp",
            label=by_score(
                state,
                msg("The tribe's final VP"),
                msg("The tribe's final VP (where its score marker stands)"),
            ),
            kind="int",
            default=None if on_board else state["vp"],
            minimum=0,
            maximum=MAX_VP,
        )
    )
    if on_board:
        tracked = msg(
            "Read the tribe's final VP off its score marker on the score track, after the "
            "usual final scoring."
        )
    else:
        tracked = msg(
            "The assistant tracked {vp} VP for the tribe from its own rules; add the usual "
            "scoring.",
            vp=state["vp"],
        )
    return Prompt(
        step="final",
        title=msg("Final scoring"),
        phase=msg("End of the game"),
        lines=(msg("Score as usual. The tribe gets no VP for development points."), tracked),
        fields=tuple(fields),
    )


def final_advance(state: State, answer: Answer) -> Decision:
    players = {str(p): answer[f"p{p}"] for p in range(1, state["players"] + 1)}
    decision = logic.final_result(answer["tribe_vp"], players)
    state["final"] = decision.to_json()
    return decision


def end_prompt(state: State) -> Prompt:
    decision = Decision.from_json(state["final"])
    tribe: Any = decision.result.get("tribe_vp", 0)
    return Prompt(
        step="end",
        title=msg("Game over"),
        phase=msg("End of the game"),
        lines=(msg("The tribe finished with {vp} VP.", vp=tribe),),
        decision=decision,
        finished=True,
    )


def end_advance(state: State, answer: Answer) -> None:
    return None


STEPS = {
    "setup": Step(setup_prompt, setup_advance),
    "tile-entry": Step(tile_entry_prompt, tile_entry_advance),
    "round-end": Step(round_end_prompt, round_end_advance),
    "final": Step(final_prompt, final_advance, then=(Edge("end"),)),
    "end": Step(end_prompt, end_advance),
}
