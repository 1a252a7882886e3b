"""What every Targi step shares: the step record, the output of an advance, common fields.

A step is a :class:`rules.machine.Step` made by :func:`step` (its prompt, its
advance and the steps that follow it) in one of the phase tables
(``steps_setup.STEPS``, ``steps_round.STEPS``, ``steps_end.STEPS``);
``game.MACHINE`` runs them, the current step under ``state["stage"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.game import State
from rules.games.step_output import Out as Out
from rules.games.targi.board import Board, board_of
from rules.games.targi.legality import Table
from rules.machine import Edge
from rules.machine import Step as MachineStep
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

Advance = Callable[[State, Mapping[str, Any], Out], Msg | None]
Step = MachineStep[Out, Msg | None]
#: The tag of the steps on which the joker goods tile can be spent ("zu einem
#: beliebigen Zeitpunkt": from the reveal until the final scoring).
JOKER = "joker"


def step(
    prompt: Callable[[State], Prompt],
    advance: Advance,
    *,
    joker: bool = True,
    then: tuple[Edge, ...] = (),
) -> Step:
    """A Targi step; ``then``: the steps that may follow, tried in order (none: it stays)."""
    tags = frozenset({JOKER}) if joker else frozenset()
    return MachineStep(prompt=prompt, advance=advance, next=then, tags=tags)


def queue_empty(state: State, answer: Mapping[str, Any]) -> bool:
    """A transition's condition: every queued player has answered."""
    return not state["queue"]


def table(state: State) -> Table:
    t: Table = state["table"]
    return t


def board(state: State) -> Board:
    return board_of(state)


def round_prompt(state: State, **fields: Any) -> Prompt:
    """A prompt of the running round (phase and history group: the round number)."""
    return Prompt(phase=msg("Round {n}", n=state["round"]), round=state["round"], **fields)


def card_choices(cards: list[str]) -> tuple[Choice, ...]:
    """Cards as choices: the value is the card's id in the scene's ``cells`` layer."""
    return tuple(Choice(card, msg("card {card}", card=card)) for card in cards)


def place_field(key: str, label: Msg, cards: list[str], **kwargs: Any) -> Field:
    """Cards picked by tapping them on the card square (layer ``cells``)."""
    kind = kwargs.pop("kind", "choice")
    return Field(
        key=key, label=label, kind=kind, choices=card_choices(cards), places="cells", **kwargs
    )
