"""Errors the rules core raises. Each carries a message meant for people."""

from __future__ import annotations

from rules.text import Msg, verbatim


class RulesError(Exception):
    """Base class: something about the game's input is not acceptable."""

    @property
    def message(self) -> Msg:
        """What to show the players (translated where the raiser gave a ``msg``)."""
        return verbatim(str(self))


class SituationError(RulesError):
    """A situation file or state is malformed or impossible.

    ``field`` is a JSON-pointer-like path (``"trays[2].markers.red"``) naming
    the offending value, so the user knows exactly what to fix.

    Give ``problem`` as a ``msg(...)`` where players can meet it (a component
    set entered by touch whose parts do not fit together): ``problem_message``
    keeps it for the screen, in their language; ``problem`` is its English text.
    """

    def __init__(self, field: str, problem: str | Msg) -> None:
        self.field = field
        self.problem_message: Msg | None = problem if isinstance(problem, Msg) else None
        self.problem = problem.english() if isinstance(problem, Msg) else problem
        super().__init__(f"{field}: {self.problem}" if field else self.problem)


class IllegalInput(RulesError):
    """An answer or move the rules do not allow; ``reason`` quotes the rule.

    Give the reason as a ``msg(...)`` so the screen shows it in the players'
    language (``message``); ``reason`` is its English text for logs and the
    terminal. A plain ``str`` is shown as it is in every language.
    """

    def __init__(self, reason: str | Msg, field: str = "") -> None:
        self._message = reason if isinstance(reason, Msg) else verbatim(reason)
        self.reason = self._message.english()
        self.field = field
        super().__init__(f"{field}: {self.reason}" if field else self.reason)

    @property
    def message(self) -> Msg:
        return self._message
