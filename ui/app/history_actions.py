"""The game's history: undo, redo, the confirmed steps and the bot's reasoning.

A mixin of :class:`ui.app.controller.AppController`. UNDO and redo are
journal events (``rules.session``); the history screen lists the confirmed
steps grouped by round (each row computed once per step and language), a row
opens its step on the trace screen, and "Go back to before it" undoes to it
after the confirmation screen. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules.decision import Decision
from rules.errors import RulesError
from rules.journal import JournalError
from rules.text import Msg, Translator
from ui.app import presenters
from ui.i18n import _

if TYPE_CHECKING:
    from ui.service import TableService


class HistoryActions:
    """Undo, redo, the history rows and the trace (see the module docs)."""

    service: TableService
    screen: str
    error: Msg | None
    trace_index: int | None
    _rows: dict[tuple[Any, ...], presenters.HistoryRow]
    on_change: Callable[[], None]

    if TYPE_CHECKING:

        @property
        def lang(self) -> str: ...
        @property
        def tr(self) -> Translator: ...
        def text(self, message: Msg) -> str: ...
        def ask(self, question: Msg, detail: Msg, yes: Msg, action: Callable[[], None]) -> None: ...
        def _refused(self, exc: Exception | Msg, prefix: Msg | None = None) -> None: ...
        def _enter_current(self) -> None: ...

    def undo(self, to_step: int | None = None) -> None:
        try:
            self.service.undo(to_step)
        except (RulesError, JournalError) as exc:
            self._refused(exc, _("Cannot undo"))
            return
        self.error = None
        self._enter_current()

    def redo(self) -> None:
        try:
            self.service.redo()
        except (RulesError, JournalError) as exc:
            self._refused(exc, _("Cannot redo"))
            return
        self.error = None
        self._enter_current()

    def current_decision(self) -> Decision | None:
        """The decision the trace screen explains: the chosen history entry's, else the current."""
        session = self.service.session
        if session is None:
            return None
        if self.trace_index is not None:
            history = session.history
            if 0 <= self.trace_index < len(history):
                return history[self.trace_index].decision
        prompt = session.prompt()
        return prompt.decision or session.last_decision

    def open_entry(self, index: int) -> None:
        """Show history entry ``index``: what was answered, the bot's decision and its trace."""
        self.trace_index = index
        self.screen = "trace"
        self.on_change()

    def trace_view(self) -> presenters.TraceView:
        session = self.service.session
        if session is None:
            return presenters.trace_view(None, self.tr)
        if self.trace_index is not None and 0 <= self.trace_index < session.step_count:
            entry = session.history[self.trace_index]
            row = self._history_row(entry)
            return presenters.trace_view(
                entry.decision,
                self.tr,
                title=f"{row.number_text}. {row.title}",
                answers=row.detail.split(" » ")[0] if entry.values else "",
                index=entry.index,
            )
        prompt = session.prompt()
        return presenters.trace_view(
            self.current_decision(), self.tr, title=self.text(prompt.title)
        )

    def go_back_to(self, index: int) -> None:
        """Ask, then undo to just before history entry ``index`` (it is asked again)."""
        self.ask(
            _("Go back to before step {n}?", n=index + 1),
            _(
                "Steps {n} and later are undone; Redo on the history screen brings them back.",
                n=index + 1,
            ),
            _("Go back"),
            lambda: self.undo(index),
        )

    def _history_row(self, entry: Any) -> presenters.HistoryRow:
        """One history row, computed once per step and language (the history opens fast)."""
        session = self.service.session
        assert session is not None
        key = (self.service.session_id, entry.index, self.lang, entry.step, repr(entry.values))
        row = self._rows.get(key)
        if row is None:
            needs_prompt = bool(entry.values) and not entry.secret
            prompt = session.game.prompt(session.state_at(entry.index)) if needs_prompt else None
            row = presenters.history_row(entry, self.tr, prompt)
            self._rows[key] = row
        return row

    def history_rows(self) -> list[presenters.HistoryRow]:
        session = self.service.session
        if session is None:
            return []
        return [self._history_row(entry) for entry in session.history]

    def history_groups(self) -> list[presenters.HistoryGroup]:
        return presenters.history_groups(self.history_rows(), self.tr)

    def trace_lines(self) -> list[str]:
        decision = self.current_decision()
        return presenters.trace_lines(decision, self.tr) if decision else []
