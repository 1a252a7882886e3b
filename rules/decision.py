"""A bot decision as data: what it does, what the players do, and why.

Players trust a bot they can audit, so every decision carries a ``trace``:
the rule applied at each step, the numbers compared and the tie-breaks walked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.text import Msg


@dataclass(frozen=True)
class TraceStep:
    """One step of reasoning: which rule, what it found, with the raw numbers."""

    rule: str
    finding: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "finding": self.finding}
        if self.data:
            out["data"] = self.data
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> TraceStep:
        return TraceStep(data["rule"], data["finding"], dict(data.get("data", {})))


@dataclass(frozen=True, kw_only=True)
class Decision:
    """The outcome of one bot decision.

    ``kind`` names the decision (``"spring-tray"``); ``summary`` is the one-line
    headline for the big screen; ``instructions`` are the concrete physical
    steps for the players; ``result`` is machine-readable; ``example_data``
    is true when printed-component data from an example catalogue was used.
    """

    game: str
    kind: str
    summary: Msg
    instructions: tuple[Msg, ...] = ()
    trace: tuple[TraceStep, ...] = ()
    result: dict[str, Any] = field(default_factory=dict)
    example_data: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "summary": self.summary.english(),
            "summary_msg": self.summary.to_json(),
            "instructions": [m.english() for m in self.instructions],
            "instructions_msg": [m.to_json() for m in self.instructions],
            "trace": [t.to_json() for t in self.trace],
            "result": self.result,
            "example_data": self.example_data,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Decision:
        return Decision(
            game=data["game"],
            kind=data["kind"],
            summary=Msg.from_json(data["summary_msg"]),
            instructions=tuple(Msg.from_json(m) for m in data.get("instructions_msg", [])),
            trace=tuple(TraceStep.from_json(t) for t in data.get("trace", [])),
            result=dict(data.get("result", {})),
            example_data=bool(data.get("example_data", False)),
        )


class Tracer:
    """Collects :class:`TraceStep` objects while a decision function works."""

    def __init__(self) -> None:
        self.steps: list[TraceStep] = []

    def add(self, rule: str, finding: str, **data: Any) -> None:
        self.steps.append(TraceStep(rule, finding, data))

    def freeze(self) -> tuple[TraceStep, ...]:
        return tuple(self.steps)
