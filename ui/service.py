"""The one place front ends start, resume and drive journalled game sessions.

The terminal, the Kivy app and the GPIO buttons all go through
:class:`TableService`, so every confirmed step reaches the journal the same
way, whatever pressed CONFIRM.

Errors: besides the rules' own :class:`~rules.errors.RulesError` (an answer
the rules refuse), every failure of the storage, whatever SQLite or the OS
said, reaches the caller as one family, :class:`~rules.journal.JournalError`,
whose ``message`` is a translatable :class:`~rules.text.Msg` to show as it
is. Nothing is half-done when it is raised: a step either is in the journal
and on screen, or in neither.

When the storage refuses writes (full, read-only, permission, I/O) the
service keeps the game: :attr:`TableService.problem` says why,
:attr:`TableService.can_save` is ``False``, the game can still be viewed
(resume, history, trace), and every step tried meanwhile first checks again,
so play continues by itself once the condition clears
(:meth:`TableService.recheck` does the same for a timer).
"""

from __future__ import annotations

import logging
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from rules.decision import Decision
from rules.journal import Journal, JournalError, SessionRecord, open_journal
from rules.journal.errors import detail_of, reason_of, unavailable
from rules.registry import get_game
from rules.session import Event, Session
from rules.text import Msg

SNAPSHOT_EVERY = 25  # effective steps between state snapshots

log = logging.getLogger("tableside.service")
T = TypeVar("T")


class _ServiceSink:
    """Journals a session's events into whichever journal the service holds now."""

    def __init__(self, service: TableService, session_id: int) -> None:
        self.service = service
        self.session_id = session_id

    def __call__(self, event: Event) -> None:
        self.service.journal.append(self.session_id, event)

    def record(self, event: Event, *, finished: bool) -> None:
        self.service.journal.append(self.session_id, event, finished=finished)


class TableService:
    """Owns the journal and the active session."""

    def __init__(self, journal_file: Path, recover: bool = True) -> None:
        self.path = Path(journal_file)
        self.recover = recover
        self.journal: Journal
        self.notice: Msg | None
        with self._storage():
            self.journal, self.notice = open_journal(self.path, recover=recover)
        self.session: Session | None = None
        self.session_id: int | None = None

    def close(self) -> None:
        self.journal.close()

    # -- storage state ----------------------------------------------------------------

    @property
    def problem(self) -> Msg | None:
        """Why steps cannot be saved now (show it with the game), or ``None``."""
        problem = self.journal.problem
        return problem.message if problem is not None else None

    @property
    def can_save(self) -> bool:
        """``False`` while the storage refuses writes; the game stays viewable meanwhile."""
        return self.journal.writable and self.journal.problem is None

    @property
    def read_only(self) -> bool:
        """The journal is a read-only copy held in memory (see :meth:`recheck`)."""
        return not self.journal.writable

    def recheck(self) -> bool:
        """Check the storage again; ``True`` when steps can be saved (play continues).

        One small durable write is tried on the open journal; if that fails,
        the journal is opened again from the file (a card remounted read-only
        needs a fresh connection once it is writable again). Cheap enough for
        a timer every few seconds while :attr:`problem` is set.
        """
        if self.journal.writable and (self.journal.problem is None or self.journal.probe()):
            return True
        try:
            journal, notice = open_journal(self.path, recover=self.recover)
        except JournalError as exc:
            log.warning("journal still unavailable: %s", exc)
            return False
        if not journal.writable or journal.problem is not None:
            journal.close()
            return False
        old, self.journal = self.journal, journal
        old.close()
        if notice is not None:
            self.notice = notice
        self._reload_session()
        return True

    def _reload_session(self) -> None:
        """After reopening: keep the session if the file agrees, else replay it from the file."""
        if self.session is None or self.session_id is None:
            return
        try:
            events = self.journal.events(self.session_id)
        except JournalError:
            self.session, self.session_id = None, None
            return
        if events != self.session.events:
            self.resume(self.session_id)

    def _ready(self) -> None:
        """Before a write: after a storage problem, check again; still refused -> its problem."""
        if not self.can_save and not self.recheck():
            assert self.journal.problem is not None
            raise self.journal.problem

    @contextmanager
    def _storage(self) -> Iterator[None]:
        """The last net: any SQLite or OS error becomes a :class:`JournalError`."""
        try:
            yield
        except (sqlite3.Error, OSError) as exc:
            log.warning("journal %s: %s", self.path, exc)
            raise unavailable(reason_of(exc), self.path, detail_of(exc)) from exc

    def _guarded(self, action: Callable[[], T]) -> T:
        with self._storage():
            return action()

    # -- starting ---------------------------------------------------------------------

    def start(self, game_name: str, options: Mapping[str, Any], seed: int | None = None) -> Session:
        game = get_game(game_name)
        checked = game.coerce_options(options)
        seed = secrets.randbelow(2**31) if seed is None else int(seed)
        self._ready()
        session_id = self._guarded(lambda: self.journal.create_session(game.name, checked, seed))
        self.session_id = session_id
        self.session = Session(game, checked, seed, sink=_ServiceSink(self, session_id))
        return self.session

    def resume(self, session_id: int) -> Session:
        def load() -> Session:
            record = self.journal.session(session_id)
            return Session(
                get_game(record.game),
                record.options,
                record.seed,
                events=self.journal.events(record.id),
                sink=_ServiceSink(self, record.id),
                snapshots=self.journal.snapshot_lookup(record.id),
            )

        self.session = self._guarded(load)
        self.session_id = session_id
        return self.session

    def resumable(self, game_name: str | None = None) -> SessionRecord | None:
        return self._guarded(lambda: self.journal.latest_unfinished(game_name))

    # -- driving ----------------------------------------------------------------------

    def _require(self) -> tuple[Session, int]:
        if self.session is None or self.session_id is None:
            raise JournalError("no game is running")
        return self.session, self.session_id

    def answer(self, values: Mapping[str, Any] | None = None) -> Decision | None:
        session, session_id = self._require()
        self._ready()
        decision = self._guarded(lambda: session.answer(values))
        if session.step_count % SNAPSHOT_EVERY == 0:
            steps, digest, state = session.snapshot()
            self._guarded(lambda: self.journal.put_snapshot(session_id, steps, digest, state))
        return decision

    def undo(self, to_step: int | None = None) -> None:
        session, _ = self._require()
        self._ready()
        self._guarded(lambda: session.undo(to_step))

    def redo(self) -> Decision | None:
        session, _ = self._require()
        self._ready()
        return self._guarded(session.redo)
