"""What every Robinson step shares: the step record, the output of an advance, phases, fields.

A step is a :class:`Step` (its prompt and its advance) in one of the phase
tables (``steps_setup``, ``steps_phases``, ``steps_action``, ``changes``);
``game.RobinsonGame`` looks ``state["stage"]`` up in their union. Every
step of a phase where base-game effects change what the assistant tracks
carries :func:`other_field`: choosing a player there opens the guided
"other changes" step (:mod:`rules.games.robinson.changes`) after it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.game import State
from rules.games.robinson.components import Catalogue, catalogue_of
from rules.games.robinson.model import alive, player
from rules.games.robinson.terms import TRACK, who
from rules.games.step_output import Out as Out
from rules.machine import Edge
from rules.machine import Step as MachineStep
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

PHASE_OF = {
    "setup": "setup",
    "event": "event",
    "book": "event",
    "morale": "morale",
    "production": "production",
    "placement": "action",
    "target": "action",
    "resolve": "action",
    "reward": "action",
    "reward-detail": "action",
    "weather": "weather",
    "night": "night",
    "move-camp": "night",
    "over": "over",
}
PHASE_TITLE = {
    "setup": msg("Set-up"),
    "event": msg("1 Event"),
    "morale": msg("2 Morale"),
    "production": msg("3 Production"),
    "action": msg("4 Action"),
    "weather": msg("5 Weather"),
    "night": msg("6 Night"),
    "over": msg("Game end"),
}


Advance = Callable[[State, Mapping[str, Any], Out], Msg | None]
Step = MachineStep[Out, Msg | None]


def step(
    prompt: Callable[[State], Prompt], advance: Advance, *, then: tuple[Edge, ...] = ()
) -> Step:
    """A Robinson step (:mod:`rules.machine`); ``then``: the steps that may follow, in order.

    Without ``then`` (or when no edge holds) the advance names the next step itself.
    """
    return MachineStep(prompt=prompt, advance=advance, next=then)


def cat(state: State) -> Catalogue:
    return catalogue_of(state)


def scenario(state: State) -> dict[str, Any]:
    found: dict[str, Any] = cat(state).scenarios[state["scenario"]]
    return found


def phase_msg(state: State) -> Msg:
    title = PHASE_TITLE[state["phase"]]
    if state["phase"] in ("setup", "over"):
        return title
    return msg("Round {n} · {phase}", n=state["round"], phase=title)


def step_prompt(state: State, **fields: Any) -> Prompt:
    """A prompt of this phase (history group: the round, none at set-up and game end)."""
    in_round = state["phase"] not in ("setup", "over")
    return Prompt(phase=phase_msg(state), round=state["round"] if in_round else None, **fields)


def other_field(state: State) -> Field:
    """ "Other changes": a player whose tracked values or cards the base game changed now."""
    return Field(
        key="other",
        label=msg("Other changes to record (base game effects)"),
        kind="choice",
        default="none",
        choices=(
            Choice("none", msg("none")),
            *(Choice(p, msg("for {p}", p=who(p))) for p in alive(state)),
        ),
        optional=True,
    )


def tracks_field(state: State, pid: str, key: str, label: Msg, tracks: tuple[str, ...],
                 values: Mapping[str, int] | None = None) -> Field:  # fmt: skip
    """The player's tracked values now (steppers); the default is what the assistant knows."""
    limits = dict(cat(state).limits, hearts=player(state, pid)["life"])
    now = {t: (values or {}).get(t, player(state, pid)[t]) for t in tracks}
    return Field(
        key=key,
        label=label,
        kind="counts",
        default=now,
        minimum=0,
        choices=tuple(Choice(t, TRACK[t], limit=limits[t]) for t in tracks),
        tracked=True,
    )
