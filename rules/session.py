"""A game session: an append-only event log whose replay is the game.

Events are plain dicts: ``{"kind": "answer", "values": {...}}``,
``{"kind": "undo", "to": k}`` (back to effective step ``k``) and
``{"kind": "redo"}``. Undo and redo are events themselves, so the log only
grows and every earlier step, undone ones included, stays on record.

The *effective* answers are what replaying the events leaves standing; the
state after ``k`` effective answers is ``states[k]``. Snapshots, keyed by
the digest of the effective answers they follow, let a long journal resume
without replaying the game logic from the start.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from rules.components import COMPONENTS_OPTION
from rules.decision import Decision
from rules.errors import IllegalInput, RulesError
from rules.game import Game, State
from rules.machine import Position
from rules.prompt import Prompt
from rules.text import Msg, msg

Event = dict[str, Any]
EventSink = Callable[[Event], None]


@runtime_checkable
class StepSink(Protocol):
    """A sink that also stores whether the game is over after each event, in the same write.

    :class:`Session` prefers ``record`` when the sink has it (the journal's
    does), so a "finished" mark can never disagree with the steps.
    """

    def __call__(self, event: Event) -> None: ...

    def record(self, event: Event, *, finished: bool) -> None: ...


SnapshotLookup = Callable[[int, str], State | None]


def answers_digest(answers: Sequence[Mapping[str, Any]]) -> str:
    """A stable digest of a prefix of effective answers (keys snapshots)."""
    blob = json.dumps(list(answers), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def _plain(state: State) -> State:
    """A deep, JSON-checked copy: proves the state is plain data.

    The component record (``state["components"]``, often the largest part)
    is read-only by contract: it is checked once and then shared, not copied
    at every step.
    """
    shared = state.get(COMPONENTS_OPTION)
    if isinstance(shared, dict) and "digest" in shared:
        rest = {k: v for k, v in state.items() if k != COMPONENTS_OPTION}
        copied: State = json.loads(json.dumps(rest))
        copied[COMPONENTS_OPTION] = shared
        return copied
    whole: State = json.loads(json.dumps(state))
    return whole


@dataclass(frozen=True, kw_only=True)
class HistoryEntry:
    """One effective step: what was asked, what was answered, what the bot did."""

    index: int
    step: str
    title: Msg
    values: dict[str, Any]
    decision: Decision | None
    #: The prompt's round and phase (the history groups by them) and whether it was secret.
    round: int | None = None
    phase: Msg | None = None
    secret: bool = False


class Session:
    """Replays events through a :class:`Game`; appends new ones through ``sink``."""

    def __init__(
        self,
        game: Game,
        options: Mapping[str, Any],
        seed: int,
        events: Sequence[Event] = (),
        sink: EventSink | StepSink | None = None,
        snapshots: SnapshotLookup | None = None,
    ) -> None:
        self.game = game
        self.options = game.coerce_options(options)
        self.seed = int(seed)
        self.events: list[Event] = []
        self._sink = sink
        self._answers: list[dict[str, Any]] = []
        self._redo: list[dict[str, Any]] = []
        #: What the last answer entered of the printed components (``Game.component_entries``).
        self.entered: tuple[dict[str, Any], ...] = ()
        self._states_initial: State = _plain(game.new_state(self.options, self.seed))
        self._states: list[State] = [self._states_initial]
        self._prefix: list[dict[str, Any]] = []
        self._entries: list[HistoryEntry] = []
        self._snapshots = snapshots
        #: The prompt of one state, kept while that state is current: every reader
        #: of a step (confirm, record, the screen, the table watch) shares it.
        self._prompted: tuple[State, Prompt] | None = None
        #: Set when a recorded answer no longer applies (e.g. a changed game
        #: module); replay stops there and the message says so. Nothing is lost:
        #: the events stay in the journal.
        self.replay_problem: Msg | None = None
        self._replay(events)

    # -- replay ---------------------------------------------------------------------

    def _replay(self, events: Sequence[Event]) -> None:
        answers: list[dict[str, Any]] = []
        redo: list[dict[str, Any]] = []
        for event in events:
            kind = event.get("kind")
            if kind == "answer":
                answers.append(dict(event["values"]))
                redo.clear()
            elif kind == "undo":
                target = max(0, min(int(event["to"]), len(answers)))
                redo.extend(reversed(answers[target:]))
                del answers[target:]
            elif kind == "redo" and redo:
                answers.append(redo.pop())
            self.events.append(dict(event))
        self._redo = redo
        self._rebuild(answers)

    def _rebuild(self, answers: list[dict[str, Any]]) -> None:
        start = 0
        if self._snapshots is not None:
            for n in range(len(answers), 0, -1):
                snap = self._snapshots(n, answers_digest(answers[:n]))
                if snap is not None:
                    # Start from the snapshot; the steps before it are replayed
                    # only if undo or the history needs them (see _materialise).
                    self._prefix = answers[:n]
                    self._states = [_plain(snap)]
                    self._answers = list(answers[:n])
                    start = n
                    break
        for values in answers[start:]:
            try:
                self._apply(values)
            except RulesError as exc:
                self.replay_problem = msg(
                    "step {n} of the saved game no longer applies ({why}); "
                    "the game continues from the step before it",
                    n=len(self._answers) + 1,
                    why=exc.message,
                )
                break

    def _materialise(self) -> None:
        """Replay the steps a snapshot skipped, so every earlier step is reachable."""
        if not self._prefix:
            return
        prefix, self._prefix = self._prefix, []
        later_answers = self._answers[len(prefix) :]
        self._states = [self._states_initial]
        self._answers = []
        self._entries = []
        for values in [*prefix, *later_answers]:
            self._apply(values)

    def _stamped(self, decision: Decision | None) -> Decision | None:
        """The decision with the digest of the component set this game uses."""
        record = self.options.get(COMPONENTS_OPTION)
        if decision is None or decision.components or not isinstance(record, Mapping):
            return decision
        return replace(decision, components=record.get("digest"))

    def _apply(self, values: dict[str, Any]) -> Decision | None:
        prompt, checked, new_state, decision = self._advance(values, msg("the game is over"))
        self._push(prompt, checked, new_state, decision)
        return decision

    def _advance(
        self, values: Mapping[str, Any], over: Msg | None
    ) -> tuple[Prompt, dict[str, Any], State, Decision | None]:
        """The step now, the answer checked, the state after it and the bot's decision.

        Nothing changes (an illegal answer raises :class:`IllegalInput`); ``over`` is the
        refusal when the game is finished (``None``: not checked)."""
        state = self._states[-1]
        prompt = self._prompt_of(state)
        if over is not None and prompt.finished:
            raise IllegalInput(over)
        checked = prompt.coerce(self.game.saved_answer(state, values))
        # The session owns the copy it hands over: the five games' ``advance`` is pure
        # (tests/rules/test_pure_advance.py), a game written elsewhere may not be.
        new_state, decision = self.game.advance(_plain(state), checked)
        return prompt, checked, _plain(new_state), self._stamped(decision)

    def _push(
        self, prompt: Prompt, values: dict[str, Any], new_state: State, decision: Decision | None
    ) -> None:
        """Make ``new_state`` the current state: one more effective step in the history."""
        self._states.append(new_state)
        self._answers.append(values)
        self._entries.append(
            HistoryEntry(
                index=len(self._entries),
                step=prompt.step,
                title=prompt.title,
                values=values,
                decision=decision,
                round=prompt.round,
                phase=prompt.phase,
                secret=prompt.secret,
            )
        )

    # -- reading ----------------------------------------------------------------------

    @property
    def state(self) -> Mapping[str, Any]:
        """The current state, read-only (a view, not a copy: reading costs nothing).

        States are never changed in place (``advance`` gets a private copy), so
        the view stays the state of this step. Nested values are the session's
        own: read them, never change them.
        """
        return MappingProxyType(self._states[-1])

    def _prompt_of(self, state: State) -> Prompt:
        """``game.prompt(state)``, computed once while ``state`` is the one asked about.

        The decision (a preview of the bot's) is stamped with the component set.
        """
        if self._prompted is not None and self._prompted[0] is state:
            return self._prompted[1]
        prompt = self.game.prompt(state)
        stamped = self._stamped(prompt.decision)
        if stamped is not prompt.decision:
            prompt = replace(prompt, decision=stamped)
        self._prompted = (state, prompt)
        return prompt

    def prompt(self) -> Prompt:
        """The current step (computed once per step); its decision names the component set too."""
        return self._prompt_of(self._states[-1])

    @property
    def position(self) -> Position | None:
        """Where the game stands now (:meth:`rules.game.Game.position`)."""
        return self.game.position(self._states[-1])

    def status(self) -> tuple[Msg, ...]:
        """What the assistant tracks now (:meth:`rules.game.Game.status` of the current state)."""
        return self.game.status(self._states[-1])

    @property
    def step_count(self) -> int:
        return len(self._answers)

    @property
    def history(self) -> list[HistoryEntry]:
        self._materialise()
        return list(self._entries)

    @property
    def last_decision(self) -> Decision | None:
        self._materialise()
        return self._entries[-1].decision if self._entries else None

    @property
    def can_undo(self) -> bool:
        return bool(self._answers)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def state_at(self, step: int) -> Mapping[str, Any]:
        """The state after ``step`` effective answers, read-only like :attr:`state`."""
        self._materialise()
        return MappingProxyType(self._states[step])

    def snapshot(self) -> tuple[int, str, State]:
        """``(effective steps, digest, state)`` for the journal's snapshot table (not to change)."""
        return len(self._answers), answers_digest(self._answers), self._states[-1]

    # -- changing ---------------------------------------------------------------------

    def _record(self, event: Event, after: State) -> None:
        """Journal ``event`` (durable first: a step counts once it is journalled)."""
        if isinstance(self._sink, StepSink):
            self._sink.record(event, finished=self._prompt_of(after).finished)
        elif self._sink is not None:
            self._sink(event)
        self.events.append(event)

    def answer(self, values: Mapping[str, Any] | None = None) -> Decision | None:
        """Confirm the current step with ``values``; returns the bot's decision, if any.

        Raises :class:`IllegalInput` (nothing recorded) when the answer is not valid.
        """
        state = self._states[-1]
        # Computed before recording so an illegal answer leaves no trace in the log.
        prompt, checked, new_state, decision = self._advance(
            values or {}, msg("the game is over; start a new one or undo")
        )
        self._record({"kind": "answer", "values": checked}, new_state)
        self.entered = self.game.component_entries(state, checked)
        self._push(prompt, checked, new_state, decision)
        self._redo.clear()
        return decision

    def undo(self, to_step: int | None = None) -> None:
        """Go back to effective step ``to_step`` (default: one step back)."""
        self._materialise()
        target = len(self._answers) - 1 if to_step is None else to_step
        if not 0 <= target < len(self._answers):
            raise IllegalInput(msg("there is no step {n} to go back to", n=target))
        self._record({"kind": "undo", "to": target}, self._states[target])
        self._redo.extend(reversed(self._answers[target:]))
        del self._answers[target:]
        del self._states[target + 1 :]
        del self._entries[target:]

    @property
    def redo_values(self) -> dict[str, Any] | None:
        """The answer :meth:`redo` would re-apply, or ``None``."""
        return dict(self._redo[-1]) if self._redo else None

    def redo(self) -> Decision | None:
        """Re-apply the most recently undone step."""
        if not self._redo:
            raise IllegalInput(msg("there is nothing to redo"))
        values = self._redo[-1]
        prompt, _checked, new_state, decision = self._advance(values, None)
        self._record({"kind": "redo"}, new_state)
        self._redo.pop()
        self._push(prompt, values, new_state, decision)
        return decision
