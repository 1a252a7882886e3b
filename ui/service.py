"""The one place front ends start, resume and drive journalled game sessions.

The terminal, the Kivy app and the GPIO buttons all go through
:class:`TableService`, so every confirmed step reaches the journal the same
way, whatever pressed CONFIRM.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules.decision import Decision
from rules.journal import Journal, JournalError, SessionRecord, open_journal
from rules.registry import get_game
from rules.session import Session
from ui.components import with_user_components

SNAPSHOT_EVERY = 25  # effective steps between state snapshots


class TableService:
    """Owns the journal and the active session."""

    def __init__(self, journal_file: Path, recover: bool = True) -> None:
        self.journal: Journal
        self.journal, self.notice = open_journal(journal_file, recover=recover)
        self.session: Session | None = None
        self.session_id: int | None = None

    def close(self) -> None:
        self.journal.close()

    # -- starting ---------------------------------------------------------------------

    def start(self, game_name: str, options: Mapping[str, Any], seed: int | None = None) -> Session:
        game = get_game(game_name)
        # The players' component file (if one is named) goes in with the options.
        checked = game.coerce_options(with_user_components(game.name, options))
        seed = secrets.randbelow(2**31) if seed is None else int(seed)
        session_id = self.journal.create_session(game.name, checked, seed)
        self.session_id = session_id
        self.session = Session(game, checked, seed, sink=self.journal.sink(session_id))
        return self.session

    def resume(self, session_id: int) -> Session:
        record = self.journal.session(session_id)
        game = get_game(record.game)
        self.session_id = record.id
        self.session = Session(
            game,
            record.options,
            record.seed,
            events=self.journal.events(record.id),
            sink=self.journal.sink(record.id),
            snapshots=self.journal.snapshot_lookup(record.id),
        )
        return self.session

    def resumable(self, game_name: str | None = None) -> SessionRecord | None:
        return self.journal.latest_unfinished(game_name)

    # -- driving ----------------------------------------------------------------------

    def _require(self) -> tuple[Session, int]:
        if self.session is None or self.session_id is None:
            raise JournalError("no game is running")
        return self.session, self.session_id

    def answer(self, values: Mapping[str, Any] | None = None) -> Decision | None:
        session, session_id = self._require()
        decision = session.answer(values)
        if session.step_count % SNAPSHOT_EVERY == 0:
            steps, digest, state = session.snapshot()
            self.journal.put_snapshot(session_id, steps, digest, state)
        if session.prompt().finished:
            self.journal.set_finished(session_id)
        return decision

    def undo(self, to_step: int | None = None) -> None:
        session, session_id = self._require()
        was_finished = session.prompt().finished
        session.undo(to_step)
        if was_finished:
            self.journal.set_finished(session_id, False)

    def redo(self) -> Decision | None:
        session, _ = self._require()
        return session.redo()
