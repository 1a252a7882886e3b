"""The typed results of Marauders' decisions (:mod:`rules.results`), one class per kind.

Every key a tool, a later step or the camera check reads is declared here; the
JSON form (``tableside decide``, the journal, the history) comes from
:func:`rules.results.result_json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.decision import Decision
from rules.results import OPTIONAL, Result, optional_as

AutumnOutcome = Literal["move", "stay", "lie-down", "search"]


@dataclass(frozen=True, kw_only=True, eq=False)
class SkippedTray(Result):
    """A tray passed over because every column next to its action is occupied."""

    side: int
    colour: str
    action: str


@dataclass(frozen=True, kw_only=True, eq=False)
class Spring(Result):
    """``spring``: the tribe's spring action, or the tile's VP when no tray fits.

    ``outcome``: ``action`` (the tray at ``side``, of ``colour``, next to
    ``action``; ``pay`` markers per colour leave the tray) or ``vp`` (``vp``
    points, the number in the middle of the tile). ``skipped``: the trays passed
    over because every column next to their action is occupied.
    """

    outcome: Literal["action", "vp"]
    side: int | None = field(default=None, metadata=OPTIONAL)
    colour: str | None = field(default=None, metadata=OPTIONAL)
    action: str | None = field(default=None, metadata=OPTIONAL)
    vp: int | None = field(default=None, metadata=OPTIONAL)
    skipped: tuple[SkippedTray, ...] = ()
    pay: Mapping[str, int] | None = field(default=None, metadata=OPTIONAL)
    #: In play: what carrying the action out did (steps_actions.with_action).
    carry_out: Mapping[str, Any] | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True, kw_only=True, eq=False)
class TrayMarker(Result):
    """One action marker the member took, going onto the control board's tray of its colour."""

    colour: str
    side: int


@dataclass(frozen=True, kw_only=True, eq=False)
class AutumnMove(Result):
    """``autumn-move``: where one activated member goes and the markers that go back.

    ``outcome``: ``move`` (to ``item`` of kind ``priority``), ``stay`` (at the
    megalith it stands by), ``lie-down`` (nothing in the lane, or no tray
    showed a direction) or ``search`` (the lane is not known yet: ``priorities``
    is the order to look in). ``direction`` is the side of the tray that showed
    the way (``None``: every tray empty), ``colour`` that tray's colour,
    ``returned`` the markers it gives back (half, rounded up). ``marker``: the
    action marker taken onto the control board. In play, ``from`` and ``to``
    are the member's space before and after (the map's space ids).
    """

    outcome: AutumnOutcome
    priorities: tuple[str, ...] | None = field(default=None, metadata=OPTIONAL)
    priority: str | None = field(default=None, metadata=OPTIONAL)
    item: Mapping[str, Any] | None = field(default=None, metadata=OPTIONAL)
    direction: int | None
    colour: str | None
    returned: int
    marker: TrayMarker | None = field(default=None, metadata=OPTIONAL)
    from_: str | None = field(default=None, metadata=optional_as("from"))
    to: str | None = field(default=None, metadata=OPTIONAL)


def spring_of(decision: Decision) -> Spring:
    """The typed result of a ``spring`` decision made by this game's code."""
    result = decision.result
    if not isinstance(result, Spring):
        raise TypeError(f"not a spring result: {decision.kind}")
    return result


def autumn_move_of(decision: Decision) -> AutumnMove:
    """The typed result of an ``autumn-move`` decision made by this game's code."""
    result = decision.result
    if not isinstance(result, AutumnMove):
        raise TypeError(f"not an autumn-move result: {decision.kind}")
    return result
