"""One step machine for the games: steps in phases, declared as data.

A game lists its steps, grouped in phases (as boardgame.io's phase and stage
configuration): each :class:`Step` says what it asks (``prompt``), what an
answer does to the game's private state (``advance``) and which step follows
(``next``: :class:`Edge` values tried in order after the advance; the first
whose condition holds wins; when none does, the step stays, e.g. while a queue
of players is asked). The :class:`Machine` runs them behind the
:class:`rules.game.Game` interface:

- ``advance`` is pure: the machine advances a private copy (:func:`copy_state`,
  the one state-copy helper) and never changes the state it is given;
- the position (the step, the round, the notes for the next screen) lives
  under keys the game declares once (:class:`Where`); :meth:`Machine.position`
  reads them for the session and the front ends;
- the notes an advance leaves (``state[notes]``, ``Msg`` JSON) open the next
  prompt and are cleared by the next advance.

A step whose follower depends on a procedure (a queue of holders skipped with
notes) may still set ``state[where.step]`` itself with :meth:`Machine.goto`;
:meth:`Machine.edges` lists the declared transitions, :meth:`Machine.check`
that every one names a known step.

>>> from rules.prompt import Prompt
>>> from rules.text import msg
>>> def ask(name: str) -> Step[None, None]:
...     return Step(prompt=lambda s: Prompt(step=name, title=msg(name), phase=msg("P")),
...                 advance=lambda s, a, o: None,
...                 next=(Edge("b", when=lambda s, a: a.get("go") is True), Edge("a")))
>>> game = Machine([Phase("play", {"a": ask("a"), "b": ask("b")})], where=Where(round=None))
>>> start = {"step": "a", "notes": []}
>>> after, _ = game.advance(start, {"go": True}, None)
>>> after["step"], start["step"], game.position(after).phase
('b', 'a', 'play')
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from rules.components import COMPONENTS_OPTION
from rules.prompt import Prompt
from rules.text import Msg

State = dict[str, Any]
Answer = Mapping[str, Any]
#: A transition's condition: the state after the advance and the answer that led there.
Condition = Callable[[State, Answer], bool]
Rec = TypeVar("Rec")  # what an advance records besides the state (a trace, instructions)
R = TypeVar("R")  # what an advance returns (a summary, a decision)


def copy_state(state: Mapping[str, Any]) -> State:
    """A private deep copy of a game state; the component record (read-only) is shared."""
    shared = state.get(COMPONENTS_OPTION)
    out: State = copy.deepcopy({k: v for k, v in state.items() if k != COMPONENTS_OPTION})
    if COMPONENTS_OPTION in state:
        out[COMPONENTS_OPTION] = shared
    return out


@dataclass(frozen=True)
class Edge:
    """``to`` follows when ``when`` holds (``None``: always)."""

    to: str
    when: Condition | None = None

    def holds(self, state: State, answer: Answer) -> bool:
        return self.when is None or self.when(state, answer)


def answered(key: str, *values: Any) -> Condition:
    """A condition: the answer's ``key`` is one of ``values``."""
    return lambda state, answer: answer.get(key) in values


@dataclass(frozen=True, kw_only=True)
class Step(Generic[Rec, R]):
    """One kind of step: what it asks, what its answer does, which step follows.

    ``tags`` carry the game's own flags (Targi: ``"joker"``, the joker tile may
    be spent on this step).
    """

    prompt: Callable[[State], Prompt]
    advance: Callable[[State, Answer, Rec], R]
    next: tuple[Edge, ...] = ()
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Phase(Generic[Rec, R]):
    """A named group of steps (set-up, a round, the end)."""

    name: str
    steps: Mapping[str, Step[Rec, R]]


@dataclass(frozen=True, kw_only=True)
class Where:
    """The state keys of the position (``None``: the game has none)."""

    step: str = "step"
    round: str | None = "round"
    notes: str | None = "notes"
    #: A phase the game keeps itself (Robinson: a change of values interrupts a phase
    #: without leaving it); ``None``: the phase that declares the step.
    phase: str | None = None
    #: The step read from the state instead of stored (Ante Portas: it follows from
    #: the stage, an open question and the action being built); such a game
    #: declares no transitions: its advances change what the step is read from.
    step_of: Callable[[Mapping[str, Any]], str] | None = None


@dataclass(frozen=True, kw_only=True)
class Position:
    """Where a game stands: its step, phase, round, notes and the player to act."""

    step: str
    phase: str
    round: int | None = None
    notes: tuple[Msg, ...] = ()
    player: str | None = None


@dataclass(frozen=True)
class Machine(Generic[Rec, R]):
    """Runs the declared steps: prompt with the notes first, pure advance, transitions."""

    phases: Sequence[Phase[Rec, R]]
    where: Where = field(default_factory=Where)
    #: The player to act now (``None``: the table, or nobody in particular).
    player: Callable[[State], str | None] | None = None
    #: Runs on the private copy before every step's advance (Targi: the joker
    #: goods tile, spent together with any step's answer).
    before: Callable[[State, Answer, Rec], None] | None = None

    def steps(self) -> dict[str, Step[Rec, R]]:
        return {name: s for phase in self.phases for name, s in phase.steps.items()}

    def step_name(self, state: Mapping[str, Any]) -> str:
        if self.where.step_of is not None:
            return self.where.step_of(state)
        name: str = state[self.where.step]
        return name

    def step(self, state: Mapping[str, Any]) -> Step[Rec, R]:
        return self.steps()[self.step_name(state)]

    def phase_of(self, step: str) -> str:
        return next(p.name for p in self.phases if step in p.steps)

    def notes(self, state: Mapping[str, Any]) -> tuple[Msg, ...]:
        key = self.where.notes
        return tuple(Msg.from_json(n) for n in state[key]) if key is not None else ()

    def position(self, state: State) -> Position:
        step = self.step_name(state)
        return Position(
            step=step,
            phase=state[self.where.phase] if self.where.phase else self.phase_of(step),
            round=state[self.where.round] if self.where.round is not None else None,
            notes=self.notes(state),
            player=self.player(state) if self.player is not None else None,
        )

    def prompt(self, state: State) -> Prompt:
        """The step's prompt, the notes the last advance left first."""
        prompt = self.step(state).prompt(state)
        notes = self.notes(state)
        return replace(prompt, lines=(*notes, *prompt.lines)) if notes else prompt

    def advance(self, state: Mapping[str, Any], answer: Answer, out: Rec) -> tuple[State, R]:
        """Apply ``answer`` to a private copy; follow the first edge that holds."""
        new = copy_state(state)
        if self.where.notes is not None:
            new[self.where.notes] = []
        step = self.step(new)
        if self.before is not None:
            self.before(new, answer, out)
        result = step.advance(new, answer, out)
        for edge in step.next:
            if edge.holds(new, answer):
                self.goto(new, edge.to)
                break
        return new, result

    def goto(self, state: State, step: str) -> None:
        """Make ``step`` the current one (a transition decided inside an advance)."""
        if step not in self.steps():
            raise KeyError(f"no step {step!r}")
        if self.where.step_of is not None:
            raise TypeError("this game reads its step from the state; it cannot be set")
        state[self.where.step] = step

    def edges(self) -> list[tuple[str, str]]:
        """The declared transitions, ``(from, to)``, in declaration order."""
        return [(name, e.to) for name, s in self.steps().items() for e in s.next]

    def check(self) -> None:
        """Every declared transition names a known step, and no step is in two phases."""
        names = [name for phase in self.phases for name in phase.steps]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"steps in two phases: {twice}")
        unknown = sorted({to for _, to in self.edges()} - set(names))
        if unknown:
            raise ValueError(f"transitions to unknown steps: {unknown}")
        if self.where.step_of is not None and self.edges():
            raise ValueError("a game that reads its step from the state declares no transitions")
