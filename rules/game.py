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
from typing import Any, ClassVar

from rules.decision import Decision
from rules.prompt import Field, Prompt
from rules.text import Msg

State = dict[str, Any]
DecisionFunction = Callable[[Mapping[str, Any]], Decision]


class Game(ABC):
    """Base class of a game module; subclasses register with :func:`rules.registry.register`."""

    name: ClassVar[str]
    title: ClassVar[str]
    #: One line for the game chooser: what the assistant does in this game.
    role: ClassVar[str] = ""

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

    def decisions(self) -> Mapping[str, DecisionFunction]:
        """Bot decisions runnable from a situation file, by kind."""
        return {}

    def board(self, state: State) -> dict[str, Any]:
        """Data for drawing this game's table picture (front ends draw it)."""
        return {}

    def status(self, state: State) -> tuple[Msg, ...]:
        """Short lines for the status panel (scores, round, what the bot holds)."""
        return ()

    def coerce_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate set-up options against :meth:`setup_fields` (defaults filled)."""
        fields = self.setup_fields()
        known = {f.key for f in fields}
        from rules.errors import IllegalInput

        extra = sorted(set(options) - known)
        if extra:
            raise IllegalInput(f"unknown option '{extra[0]}' (known: {', '.join(sorted(known))})")
        return {f.key: f.coerce(options.get(f.key)) for f in fields}
