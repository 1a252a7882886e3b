"""What a referee game's step produces besides its new state: the trace and the instructions.

Shared by the step tables of Targi and Robinson: an advance records the rules
it walked on ``tracer`` and the physical steps for the table in ``notes``;
``walked`` takes a legality check's trace and marks its last finding as the
decisive one (the screen's "Why" line).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.decision import Tracer
from rules.text import Msg

Trace = list[tuple[str, Msg]]


@dataclass
class Out:
    """The trace and the table's instructions of one advance."""

    tracer: Tracer = field(default_factory=Tracer)
    notes: list[Msg] = field(default_factory=list)

    def walked(self, trace: Trace) -> None:
        """Record the rules a check walked; the last one decided."""
        for index, (rule, finding) in enumerate(trace):
            self.tracer.add(rule, finding, decisive=index == len(trace) - 1)
