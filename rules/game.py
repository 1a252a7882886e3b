"""The contract every game module fulfils.

A game is a pure step machine over plain JSON-able state (dicts, lists,
strings, numbers). ``advance`` must not mutate its input; the session hands it
a private copy anyway. Bot decisions that tools run directly from a situation
file (``tableside decide GAME KIND situation.json``) are listed in
``decisions``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.camera import PieceName
from rules.components import COMPONENTS_OPTION, component_record
from rules.decision import Decision
from rules.errors import IllegalInput, SituationError
from rules.machine import Position
from rules.prompt import Field, Prompt
from rules.schema import Spec
from rules.text import Msg

State = dict[str, Any]
DecisionFunction = Callable[[Mapping[str, Any]], Decision]


@dataclass(frozen=True)
class DecisionKind:
    """A bot decision runnable from a situation file: its schema and its function.

    Calling it checks the situation against ``schema`` (strictly: unknown
    fields, duplicates, bounds, all named by path) and runs ``run`` on the
    checked value. ``run`` must call the very functions the game's steps use
    (one function per rule), so ``decide`` and play cannot drift apart.
    """

    schema: Spec
    run: Callable[[dict[str, Any]], Decision]

    def __call__(self, situation: Mapping[str, Any]) -> Decision:
        if not isinstance(situation, Mapping):
            raise SituationError("", "the situation must be a JSON object")
        body = {k: v for k, v in situation.items() if k != "decision"}
        return self.run(self.schema.check(body))


class Game(ABC):
    """Base class of a game module; subclasses register with :func:`rules.registry.register`."""

    name: ClassVar[str]
    title: ClassVar[str]
    #: One line for the game chooser: what the assistant does in this game.
    role: ClassVar[str] = ""
    #: The ``Prompt.step`` values whose answer is private to one player (Targi's
    #: secret tile choice). Only these steps may set ``Prompt.secret``; a test
    #: walks every game and checks it.
    secret_steps: ClassVar[frozenset[str]] = frozenset()

    @abstractmethod
    def setup_fields(self) -> tuple[Field, ...]:
        """The options asked before a game starts (players, difficulty, ...)."""

    @abstractmethod
    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        """The initial state for validated ``options``."""

    @abstractmethod
    def prompt(self, state: State) -> Prompt:
        """What the table must do or answer now."""

    @abstractmethod
    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        """Apply a validated answer to the current prompt; return the next state."""

    def saved_answer(self, state: State, answer: Mapping[str, Any]) -> Mapping[str, Any]:
        """``answer`` in the form the step at ``state`` asks today: a game that changed a
        question converts the answers an earlier version saved (the journal replays them),
        so no saved game stops there. Pure; the default returns ``answer`` as it is."""
        return answer

    def position(self, state: State) -> Position | None:
        """Where the game stands: step, phase, round, notes, the player to act.

        Games run by :class:`rules.machine.Machine` answer with its position;
        ``None`` (the default) for a game not moved onto it yet.
        """
        return None

    def decisions(self) -> Mapping[str, DecisionKind | DecisionFunction]:
        """Bot decisions runnable from a situation file, by kind.

        New kinds are :class:`DecisionKind` (checked by their schema); a plain
        function is the older form that checks its situation by hand.
        """
        return {}

    # -- printed components (docs/components.md) ------------------------------------------

    def component_schema(self) -> Spec | None:
        """The schema of this game's printed-component data, or ``None`` if it needs none."""
        return None

    def example_components(self) -> Mapping[str, Any] | None:
        """The shipped EXAMPLE component data (package data), or ``None``."""
        return None

    def component_entries(
        self, state: State, answer: Mapping[str, Any]
    ) -> tuple[dict[str, Any], ...]:
        """Printed components the table entered while playing, learned from one answer.

        Called with the state *before* ``answer`` (already checked) was applied.
        When a step asked for a tile or card the players' set does not know
        (Marauders' "which tile did you draw: another one"), or corrected what
        the set says (a nomad card's face), return plain entries that the
        game's component editor (:meth:`rules.editor.ComponentEditor.learn`)
        understands, e.g. ``{"part": "tiles", "face": 2, "actions": [...]}``. The
        front end offers them for saving into the players' set, so the next
        game needs no entry. Pure; the default learns nothing.
        """
        return ()

    def board(self, state: State) -> dict[str, Any]:
        """Data for drawing this game's table picture (front ends draw it)."""
        return {}

    def expected_change(self, decision: Decision) -> dict[str, Any] | None:
        """What ``decision``'s instructions do to the table, for the camera to check.

        Plain data as :func:`vision.closed_loop.check_step` compares it:
        ``{"trays": {side: {colour: delta}}}`` for the control-board trays or
        ``{"hexes": {hex: {unit: delta}}}``. ``None`` (the default): the camera
        does not check this game's steps. Pure.
        """
        return None

    def piece_name(self, piece: str) -> PieceName | None:
        """The name of a kind of piece that :meth:`expected_change` counts on a hex
        (``"basic"`` -> "Basic Invaders"), for the camera's words when the table differs;
        ``None``: the game names none (the default). Pure."""
        return None

    def status(self, state: State) -> tuple[Msg, ...]:
        """Short lines for the status panel (scores, round, what the bot holds)."""
        return ()

    def coerce_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate set-up options against :meth:`setup_fields` (defaults filled).

        The option ``"components"`` (not a field: the front end fills it from
        the players' catalogue) carries the printed-component data the game is
        played with; it is checked by :meth:`component_schema` and kept as a
        record with its digest, so the journal replays with exactly this set.
        Without it a game that needs components gets its example set.
        """
        fields = self.setup_fields()
        known = {f.key for f in fields}
        extra = sorted(set(options) - known - {COMPONENTS_OPTION})
        if extra:
            raise IllegalInput(f"unknown option '{extra[0]}' (known: {', '.join(sorted(known))})")
        checked = {f.key: f.coerce(options.get(f.key)) for f in fields}
        schema = self.component_schema()
        if schema is not None:
            checked[COMPONENTS_OPTION] = component_record(
                self.name, schema, options.get(COMPONENTS_OPTION), self.example_components()
            )
        return checked
