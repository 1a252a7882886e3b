"""Errors the rules core raises. Each carries a message meant for people."""

from __future__ import annotations


class RulesError(Exception):
    """Base class: something about the game's input is not acceptable."""


class SituationError(RulesError):
    """A situation file or state is malformed or impossible.

    ``field`` is a JSON-pointer-like path (``"trays[2].markers.red"``) naming
    the offending value, so the user knows exactly what to fix.
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}" if field else problem)


class IllegalInput(RulesError):
    """An answer or move the rules do not allow; ``reason`` quotes the rule."""

    def __init__(self, reason: str, field: str = "") -> None:
        self.reason = reason
        self.field = field
        super().__init__(f"{field}: {reason}" if field else reason)
