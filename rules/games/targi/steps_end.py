"""Game end: the base-game points, 2 more per renounced tribe card, the winner.

"Dann erhält er für diese Stammeskarte am Spielende 2 zusätzliche
Siegpunkte." The action-tile text says nothing about a tie, and the base
game's rules are not part of it: on equal totals the assistant says so and
lets the table name the winner by the base game's tie-break, a shared
victory being the default (docs/targi.md, reading 15).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.game import State
from rules.games.targi.steps import Out, Step, step
from rules.games.targi.terms import PLAYERS, who
from rules.machine import Edge
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

GAME_END = msg("Game end")
#: 2 extra victory points per renounced tribe card.
RENOUNCE_BONUS = 2


def totals(base: Mapping[str, int], renounced: Mapping[str, list[int]]) -> dict[str, int]:
    """Final scores: the base-game points plus 2 per renounced tribe card."""
    return {p: base[p] + RENOUNCE_BONUS * len(renounced[p]) for p in PLAYERS}


def winner_of(scores: Mapping[str, int]) -> str | None:
    """The player with more points, or None on a tie."""
    a, b = PLAYERS
    if scores[a] == scores[b]:
        return None
    return a if scores[a] > scores[b] else b


def prompt_scoring(state: State) -> Prompt:
    return Prompt(
        step="scoring",
        title=msg("Final scoring"),
        phase=GAME_END,
        lines=(msg("Count the base game points; the assistant adds 2 per renounced tribe card."),),
        fields=(
            Field(
                key="points",
                label=msg("Base game points, without the renounce bonus"),
                kind="counts",
                minimum=0,
                maximum=300,
                choices=tuple(Choice(p, who(p)) for p in PLAYERS),
            ),
        ),
    )


def advance_scoring(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    base = answer["points"]
    scores = totals(base, state["renounced"])
    for p in PLAYERS:
        renounced = len(state["renounced"][p])
        out.tracer.add(
            "renounce bonus",
            msg(
                "{p}: {base} + 2 x {k} renounced tribe cards = {total}",
                p=who(p),
                base=base[p],
                k=renounced,
                total=scores[p],
            ),
            base=base[p],
            renounced=renounced,
            total=scores[p],
        )
        out.notes.append(
            msg(
                "{p}: {n} points ({b} from renounced tribe cards)",
                p=who(p),
                n=scores[p],
                b=RENOUNCE_BONUS * renounced,
            )
        )
    state["scores"] = scores
    a, b = PLAYERS
    winner = winner_of(scores)
    if winner is None:
        out.tracer.decide(
            "tie",
            msg(
                "{a} {na} = {b} {nb}: a tie; the action-tile rules give no tie-break",
                a=who(a),
                na=scores[a],
                b=who(b),
                nb=scores[b],
            ),
        )
        return msg("A tie at {n} points", n=scores[a])
    out.tracer.decide(
        "most points",
        msg(
            "{a} {na} against {b} {nb}: {w} has more points",
            a=who(a),
            na=scores[a],
            b=who(b),
            nb=scores[b],
            w=who(winner),
        ),
    )
    state["winner"] = winner
    return msg("{p} wins with {n} points", p=who(winner), n=scores[winner])


def prompt_tie(state: State) -> Prompt:
    points = state["scores"][PLAYERS[0]]
    return Prompt(
        step="tie",
        title=msg("A tie at {n} points", n=points),
        phase=GAME_END,
        lines=(
            msg("The action-tile rules give no tie-break."),
            msg("If your base-game rules break the tie, choose the winner; else both win."),
        ),
        fields=(
            Field(
                key="winner",
                label=msg("Winner"),
                kind="choice",
                default="shared",
                choices=(
                    Choice("shared", msg("both: a shared victory")),
                    *(Choice(p, who(p)) for p in PLAYERS),
                ),
            ),
        ),
    )


def advance_tie(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    state["winner"] = answer["winner"]
    if answer["winner"] == "shared":
        out.tracer.decide("tie", msg("equal points and no tie-break: a shared victory"))
        return msg("A shared victory")
    out.tracer.decide(
        "base-game tie-break",
        msg("the table names {p} by the base game's tie-break", p=who(answer["winner"])),
    )
    return msg("{p} wins the tie-break", p=who(answer["winner"]))


def prompt_over(state: State) -> Prompt:
    scores = state["scores"]
    lines: list[Msg] = [msg("{p}: {n} points", p=who(p), n=scores[p]) for p in PLAYERS]
    winner = state["winner"]
    lines.append(
        msg("A shared victory.") if winner == "shared" else msg("{p} wins.", p=who(winner))
    )
    return Prompt(
        step="over", title=msg("Game over"), phase=GAME_END, lines=tuple(lines), finished=True
    )


def advance_over(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    return None


STEPS: dict[str, Step] = {
    "scoring": step(
        prompt_scoring,
        advance_scoring,
        joker=False,
        then=(Edge("tie", when=lambda state, answer: state["winner"] is None), Edge("over")),
    ),
    "tie": step(prompt_tie, advance_tie, joker=False, then=(Edge("over"),)),
    "over": step(prompt_over, advance_over, joker=False),
}
