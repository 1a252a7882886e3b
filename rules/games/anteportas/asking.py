"""Questions that arise while the assistant resolves something, and the record it keeps.

Resolving a Movement card, a spawn or one of the players' actions can need the
players in the middle: Mine or Soldiers first, fire support in a Battle,
Gunfire at a passing troop, replacing a destroyed Mine. Resolution is a pure
function of the state and the answers given so far (an :class:`Asker`): when an
answer is missing it raises :class:`NeedChoice`; the game asks the players and
runs the same resolution again from the same state with one answer more.
Answer keys are ``<kind>-<n>``: the n-th question of that kind in this
resolution (``battle-1``, ``support-1``, ``gunfire-2``, ``replace-1``,
``damage-1``), so the same answers always mean the same thing.

``tableside decide`` uses an asker with ``defaults``: a missing answer takes the
default (Mine first, no Soldier action) and says so in the trace.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.decision import Tracer, TraceStep
from rules.text import Msg, msg

#: The kinds of question and their answer when nobody answers.
DEFAULTS: dict[str, Any] = {
    "battle": "mine",
    "damage": "mine",
    "support": [],
    "gunfire": [],
    "replace": [],
}


class NeedChoice(Exception):
    """The players must answer ``question["key"]`` before resolution can go on."""

    def __init__(self, question: dict[str, Any]) -> None:
        super().__init__(question["key"])
        self.question = question


@dataclass(kw_only=True)
class Log:
    """What resolution tells the players (``steps``), why (``tracer``) and what they pay."""

    steps: list[Msg] = field(default_factory=list)
    tracer: Tracer = field(default_factory=Tracer)
    costs: Counter[str] = field(default_factory=Counter)

    def say(self, message: Msg) -> None:
        self.steps.append(message)

    def pay(self, goods: Mapping[str, int]) -> None:
        for good, n in goods.items():
            self.costs[good] += n


class Asker:
    """The answers given so far in one resolution; a missing one raises :class:`NeedChoice`."""

    def __init__(self, answers: Mapping[str, Any], log: Log, *, defaults: bool = False) -> None:
        self.answers = dict(answers)
        self.log = log
        self.defaults = defaults
        self.counts: Counter[str] = Counter()
        self.used: list[str] = []

    def number(self, kind: str) -> int:
        """The next number of a question kind (``battle`` counts every Battle)."""
        self.counts[kind] += 1
        return self.counts[kind]

    def ask(self, kind: str, n: int, question: Mapping[str, Any]) -> Any:
        """The answer to ``<kind>-<n>``; raises :class:`NeedChoice` when there is none yet."""
        key = f"{kind}-{n}"
        self.used.append(key)
        if key in self.answers:
            return self.answers[key]
        if self.defaults:
            self.answers[key] = DEFAULTS[kind]
            self.log.tracer.add(
                "players' choice",
                msg("Nobody answered {key}: the default is taken", key=key),
                key=key,
            )
            return DEFAULTS[kind]
        raise NeedChoice(
            {
                "key": key,
                "kind": kind,
                **question,
                "steps": [m.to_json() for m in self.log.steps],
            }
        )

    def unused(self) -> list[str]:
        """Answers given for questions that never arose (a situation naming a wrong key)."""
        return sorted(set(self.answers) - set(self.used))


def mark_decisive(
    trace: tuple[TraceStep, ...], fallback: Msg, **data: Any
) -> tuple[TraceStep, ...]:
    """Keep one decisive step: the first already marked (a defeat, a merge), else the last
    Battle's comparison, else ``fallback`` appended."""
    if any(t.decisive for t in trace):
        first = next(i for i, t in enumerate(trace) if t.decisive)
        return tuple(replace(t, decisive=i == first) for i, t in enumerate(trace))
    battles = [i for i, t in enumerate(trace) if t.rule == "compare Strength"]
    if battles:
        last = battles[-1]
        return tuple(replace(t, decisive=i == last) for i, t in enumerate(trace))
    return (*trace, TraceStep(rule="movement", finding=fallback, data=data, decisive=True))
