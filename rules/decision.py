"""A bot decision as data: what it does, what the players do, and why.

Players trust a bot they can audit, so every decision carries a ``trace``:
the rule applied at each step, the numbers compared and the tie-breaks walked.
Each finding is a translatable :class:`~rules.text.Msg` with its numbers as
parameters, so players read it in their language; the raw numbers stay in
``data`` for tools. The step that settled the decision (the comparison or
tie-break that decided) is marked ``decisive``: the screen's "Why" line shows
it, and the full trace is one tap away.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.results import result_json
from rules.text import Msg, verbatim


@dataclass(frozen=True, kw_only=True)
class TraceStep:
    """One step of reasoning: which rule (an id), what it found, the raw numbers.

    ``decisive`` marks the step that settled the decision.
    """

    rule: str
    finding: Msg
    data: dict[str, Any] = field(default_factory=dict)
    decisive: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "finding": self.finding.english()}
        out["finding_msg"] = self.finding.to_json()
        if self.data:
            out["data"] = self.data
        if self.decisive:
            out["decisive"] = True
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> TraceStep:
        finding = Msg.from_json(data.get("finding_msg", data["finding"]))
        return TraceStep(
            rule=data["rule"],
            finding=finding,
            data=dict(data.get("data", {})),
            decisive=bool(data.get("decisive", False)),
        )


@dataclass(frozen=True, kw_only=True)
class Decision:
    """The outcome of one bot decision.

    ``kind`` names the decision (``"spring-tray"``); ``summary`` is the one-line
    headline for the big screen; ``instructions`` are the concrete physical
    steps for the players; ``result`` is machine-readable (a typed
    :class:`rules.results.Result` per kind, or an older plain dict; both
    serialise through :func:`rules.results.result_json`); ``example_data``
    is true when printed-component data from an example catalogue was used;
    ``components`` is the digest of the component set it was decided with
    (:func:`rules.components.digest_of`; the session and ``tableside decide``
    fill it in), so a decision on record says which set it used; ``referee`` is
    true for a ruling on the players' own move by the assistant as referee
    (Targi, Robinson, Ante Portas' team variants), which front ends head
    "The referee says" instead of "The bot did".
    """

    game: str
    kind: str
    summary: Msg
    instructions: tuple[Msg, ...] = ()
    trace: tuple[TraceStep, ...] = ()
    result: Mapping[str, Any] = field(default_factory=dict)
    example_data: bool = False
    components: str | None = None
    referee: bool = False

    @property
    def reason(self) -> Msg | None:
        """Why, in one line: the decisive trace step, else the last one."""
        for step in self.trace:
            if step.decisive:
                return step.finding
        return self.trace[-1].finding if self.trace else None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "summary": self.summary.english(),
            "summary_msg": self.summary.to_json(),
            "reason": self.reason.english() if self.reason is not None else None,
            "instructions": [m.english() for m in self.instructions],
            "instructions_msg": [m.to_json() for m in self.instructions],
            "trace": [t.to_json() for t in self.trace],
            "result": result_json(self.result),
            "example_data": self.example_data,
            **({"components": self.components} if self.components else {}),
            **({"referee": True} if self.referee else {}),
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
            components=data.get("components"),
            referee=bool(data.get("referee", False)),
        )


class Tracer:
    """Collects :class:`TraceStep` objects while a decision function works."""

    def __init__(self) -> None:
        self.steps: list[TraceStep] = []

    def add(self, rule: str, finding: Msg | str, *, decisive: bool = False, **data: Any) -> None:
        """Record one step; ``finding`` should be a ``msg(...)`` with its numbers as parameters.

        A plain ``str`` is accepted from code not yet translated; it is shown
        as it is, in English, in every language.
        """
        text = finding if isinstance(finding, Msg) else verbatim(finding)
        self.steps.append(TraceStep(rule=rule, finding=text, data=data, decisive=decisive))

    def decide(self, rule: str, finding: Msg | str, **data: Any) -> None:
        """Record the step that settles the decision (shown as the "Why" line)."""
        self.add(rule, finding, decisive=True, **data)

    def freeze(self) -> tuple[TraceStep, ...]:
        return tuple(self.steps)
